package publish

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	bt "github.com/bridgetd/bridgetd/internal/browsertest"
)

// TestHandRecordsPDF: 24 boards, four a page, make six A4 pages with the
// font embedded; pdftotext reads each board's number, the tens as 10, the
// points around the compass and the par in words, and pdftoppm renders
// every page.
func TestHandRecordsPDF(t *testing.T) {
	boards := jfr(t)[:24]
	var b bytes.Buffer
	if err := HandRecordsPDF(&b, boards, HandRecordOptions{Title: "JFR barometer", Date: "2013.08.08"}); err != nil {
		t.Fatal(err)
	}
	dir := bt.ArtefactDir(t, "handrecord-pdf")
	pdf := filepath.Join(dir, "handrecord.pdf")
	if err := os.WriteFile(pdf, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(b.Bytes(), []byte("/FontFile2")) {
		t.Errorf("no embedded TrueType font")
	}
	if n := len(bt.RenderPages(t, pdf, filepath.Join(dir, "page"), 60)); n != 6 {
		t.Errorf("pdftoppm rendered %d pages, want 6", n)
	}
	words := checkA4Pages(t, pdf, boards)
	cs := bt.Chunks(words[0], 8)
	for _, s := range []string{"♥ 10 7 5 2", "♠ 10 9 4 2", "Dealer North", "Vul None"} {
		if len(bt.Find(cs, s)) == 0 {
			t.Errorf("page 1: no %q", s)
		}
	}
	if txt := pageWords(words[0]); !strings.Contains(txt, "Par: N–S +420 — 4♠ by North or South, 10 tricks") {
		t.Errorf("page 1: board 1's par not in words: %s", txt)
	}
	// The same boards give the same bytes (no clock in the file).
	var again bytes.Buffer
	if err := HandRecordsPDF(&again, boards, HandRecordOptions{Title: "JFR barometer", Date: "2013.08.08"}); err != nil || !bytes.Equal(again.Bytes(), b.Bytes()) {
		t.Errorf("a second run gave a different PDF (%v)", err)
	}
}

// TestResultsPDF: the rankings and travellers of a small two-winner event.
func TestResultsPDF(t *testing.T) {
	var b bytes.Buffer
	if err := ResultsPDF(&b, twoWinner(t)); err != nil {
		t.Fatal(err)
	}
	dir := bt.ArtefactDir(t, "results-pdf")
	pdf := filepath.Join(dir, "results.pdf")
	if err := os.WriteFile(pdf, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	bt.RenderPages(t, pdf, filepath.Join(dir, "page"), 60)
	cs := bt.Chunks(bt.PDFWords(t, pdf)[0], 6)
	for first, want := range map[string]string{
		"1= Q": "1= Q|1NS|Ann & Bob|50.00|2|2",
		"2":    "2|1EW|25.00|1|2",
	} {
		found := false
		for _, c := range bt.Find(cs, first) {
			if strings.Join(bt.Line(cs, c), "|") == want {
				found = true
			}
		}
		if !found {
			t.Errorf("no ranking line %q in\n%s", want, bt.PageText(cs))
		}
	}
	found := false
	for _, c := range bt.Find(cs, "2NS") {
		if got := strings.Join(bt.Line(cs, c), "|"); got == "2NS|2EW|4♠|N|♣A|9|50|0 (0.00%)|2 (100.00%)" {
			found = true
		}
	}
	if !found {
		t.Errorf("no traveller row 2NS v 2EW in\n%s", bt.PageText(cs))
	}
}
