package publish

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/dd"
	bt "github.com/bridgetd/bridgetd/internal/browsertest"
	"github.com/bridgetd/bridgetd/pbn"
)

var (
	jfrOnce   sync.Once
	jfrBoards []Board
	jfrErr    error
)

// jfr returns the boards of the JFR barometer (27 boards), solved.
func jfr(t testing.TB) []Board {
	t.Helper()
	jfrOnce.Do(func() {
		f, err := pbn.ReadFile("testdata/jfr-barometer-2013-mp.pbn")
		if err != nil {
			jfrErr = err
			return
		}
		var deals []bridge.Deal
		for _, g := range f.Games {
			d, err := g.Deal()
			if err != nil {
				jfrErr = err
				return
			}
			n, _ := g.Board()
			dealer, _ := g.Dealer()
			vul, _ := g.Vulnerability()
			jfrBoards = append(jfrBoards, Board{Number: int(n), Dealer: dealer, Vul: vul, Deal: d})
			deals = append(deals, d)
		}
		tables, err := dd.Tables(context.Background(), deals, dd.BatchOptions{})
		if err != nil {
			jfrErr = err
			return
		}
		for i := range tables {
			jfrBoards[i].Tricks = &tables[i]
		}
	})
	if jfrErr != nil {
		t.Fatal(jfrErr)
	}
	return jfrBoards
}

// TestParText: the par in words says who scores what, the contract, who
// declares it and the tricks, and a sacrifice's undertricks (issue 14 item
// 22: "EW 1♠+2" was unclear).
func TestParText(t *testing.T) {
	tests := []struct {
		board int
		want  string
	}{
		{1, "Par: N–S +420 — 4♠ by North or South, 10 tricks"},
		{2, "Par: E–W +460 — 3NT by East, 11 tricks"},
		{4, "Par: E–W +600 — 3NT by East or West, 9 tricks"},
	}
	bs := jfr(t)
	for _, tc := range tests {
		p, ok := bs[tc.board-1].Par()
		if !ok {
			t.Fatalf("board %d: not solved", tc.board)
		}
		if got := ParText(p); got != tc.want {
			t.Errorf("board %d: %q, want %q", tc.board, got, tc.want)
		}
	}
	// A sacrifice: 4♥ by N–S made, 4♠ doubled by E–W two down is cheaper.
	sac := dd.Par{Score: 300, Contracts: []dd.ParContract{{
		Contract:  bridge.Contract{Level: 4, Strain: bridge.SpadesStrain, Risk: bridge.Doubled},
		Declarers: []bridge.Seat{bridge.East, bridge.West}, Over: -2}}}
	if got, want := ParText(sac), "Par: N–S +300 — 4♠X by East or West, 8 tricks (2 down)"; got != want {
		t.Errorf("sacrifice: %q, want %q", got, want)
	}
	if got, want := ParText(dd.Par{}), "Par: 0 — passed out"; got != want {
		t.Errorf("passed out: %q, want %q", got, want)
	}
}

// TestHolding: tens are written 10 as in the text output, a void as a dash.
func TestHolding(t *testing.T) {
	h, err := bridge.ParseHand("AKT4..QJT98765.2")
	if err != nil {
		t.Fatal(err)
	}
	for su, want := range map[bridge.Suit]string{
		bridge.Spades: "A K 10 4", bridge.Hearts: "—", bridge.Diamonds: "Q J 10 9 8 7 6 5", bridge.Clubs: "2",
	} {
		if got := Holding(h, su); got != want {
			t.Errorf("%v: %q, want %q", su, got, want)
		}
	}
}

func TestHandRecordsPerPage(t *testing.T) {
	for _, n := range []int{-1, MaxPerPage + 1} {
		err := HandRecords(&bytes.Buffer{}, jfr(t)[:2], HandRecordOptions{PerPage: n})
		if !errors.Is(err, ErrPerPage) {
			t.Errorf("PerPage %d: %v, want ErrPerPage", n, err)
		}
	}
}

// TestHandRecordsSelfContained: nothing external, no script.
func TestHandRecordsSelfContained(t *testing.T) {
	var b bytes.Buffer
	if err := HandRecords(&b, jfr(t)[:5], HandRecordOptions{Title: "JFR barometer", Date: "2013.08.08"}); err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(b.Bytes(), []byte("http")) || bytes.Contains(b.Bytes(), []byte("<script")) {
		t.Errorf("the hand record refers to an external asset or runs a script")
	}
	if n := bytes.Count(b.Bytes(), []byte(`<div class="page"`)); n != 2 {
		t.Errorf("%d pages, want 2 (5 boards, 4 a page)", n)
	}
}

// TestHandRecordsPrintA4 prints 24 boards in headless Chromium and reads the
// PDF back (issue 14 item 22): four boards a page make six A4 pages; each
// page has its four boards, the event and the date; tens are "10"; every
// hand's high-card points are around the compass; the par is in words; the
// East hand is clear of the compass box.
func TestHandRecordsPrintA4(t *testing.T) {
	boards := jfr(t)[:24]
	pdfPath := printHandRecords(t, "handrecord-a4", boards, HandRecordOptions{Title: "JFR barometer", Date: "2013.08.08"})
	words := checkA4Pages(t, pdfPath, boards)
	// Board 1 (page 1): North's hearts with the ten, South's spades, the par.
	cs := bt.Chunks(words[0], 8)
	for _, s := range []string{"♥ 10 7 5 2", "♠ 10 9 4 2", "♦ A J 10 9", "Dealer North", "Vul None"} {
		if len(bt.Find(cs, s)) == 0 {
			t.Errorf("page 1: no %q in\n%s", s, bt.PageText(cs))
		}
	}
	for _, c := range cs {
		if strings.Contains(" "+c.Text+" ", " T ") {
			t.Errorf("page 1: a ten written T: %v", c)
		}
	}
	if txt := pageWords(words[0]); !strings.Contains(txt, "Par: N–S +420 — 4♠ by North or South, 10 tricks") {
		t.Errorf("page 1: board 1's par not in words: %s", txt)
	}
}

// printHandRecords writes the boards' hand records as HTML into the
// test's artefacts, prints them in Chromium and renders the pages; it
// returns the PDF's path.
func printHandRecords(t *testing.T, name string, boards []Board, o HandRecordOptions) string {
	t.Helper()
	dir := bt.ArtefactDir(t, name)
	htmlPath := filepath.Join(dir, "handrecord.html")
	var b bytes.Buffer
	if err := HandRecords(&b, boards, o); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(htmlPath, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	pdfPath := filepath.Join(dir, "handrecord.pdf")
	bt.PrintPDF(t, htmlPath, pdfPath)
	bt.RenderPages(t, pdfPath, filepath.Join(dir, "page"), 60)
	return pdfPath
}

// checkA4Pages checks hand records of 24 boards printed four to an A4
// page: six pages, each headed with the event, the date and its number,
// with its own four boards and their points around the compass. It
// returns the words of each page.
func checkA4Pages(t *testing.T, pdfPath string, boards []Board) [][]bt.Word {
	t.Helper()
	pages, w, h := bt.PDFPages(t, pdfPath)
	if pages != 6 {
		t.Fatalf("%d pages, want 6 (24 boards, 4 a page)", pages)
	}
	if w < 594 || w > 596 || h < 841 || h > 843 {
		t.Errorf("page size %.1f x %.1f pt, want A4 (595 x 842)", w, h)
	}
	words := bt.PDFWords(t, pdfPath)
	for p := range pages {
		cs := bt.Chunks(words[p], 8)
		for _, s := range []string{"JFR barometer", "8 August 2013", "Page " + itoa(p+1) + " of 6"} {
			if len(bt.Find(cs, s)) != 1 {
				t.Errorf("page %d: no %q in\n%s", p+1, s, bt.PageText(cs))
			}
		}
		for i := range 4 {
			n := 4*p + i + 1
			if len(bt.Find(cs, "Board "+itoa(n))) != 1 {
				t.Errorf("page %d: no Board %d", p+1, n)
			}
		}
		if n := 4*p + 5; len(bt.Find(cs, "Board "+itoa(n))) != 0 {
			t.Errorf("page %d: Board %d is on it too", p+1, n)
		}
		checkCompass(t, p+1, cs, boards[4*p:4*p+4])
	}
	return words
}

// checkCompass finds each board's "HCP" label, the four points around it
// (North above, West left, East right, South below) and the East hand,
// which must start clear of the compass box.
func checkCompass(t *testing.T, page int, cs []bt.Chunk, boards []Board) {
	t.Helper()
	labels := bt.Find(cs, "HCP")
	if len(labels) != len(boards) {
		t.Errorf("page %d: %d HCP labels, want %d", page, len(labels), len(boards))
		return
	}
	// The labels in reading order match the boards: two a row.
	for i, l := range labels {
		d := boards[i].Deal
		west, east := nearest(cs, l, -1, 0), nearest(cs, l, 1, 0)
		north, south := nearest(cs, l, 0, -1), nearest(cs, l, 0, 1)
		for _, x := range []struct {
			seat bridge.Seat
			c    *bt.Chunk
		}{{bridge.North, north}, {bridge.West, west}, {bridge.East, east}, {bridge.South, south}} {
			if x.c == nil || x.c.Text != itoa(d[x.seat].HCP()) {
				t.Errorf("page %d, board %d: %s's points %v, want %d", page, boards[i].Number, x.seat, x.c, d[x.seat].HCP())
			}
		}
		if east == nil {
			continue
		}
		// The East label is the "East" above the hand, to the right.
		var label *bt.Chunk
		for j, c := range cs {
			if c.Text == "East" && c.XMin > l.XMax && c.YMax < l.YMin && (label == nil || c.XMin-l.XMax < label.XMin-l.XMax) {
				label = &cs[j]
			}
		}
		if label == nil {
			t.Errorf("page %d, board %d: no East label right of the compass", page, boards[i].Number)
			continue
		}
		// The box reaches about an em (the label's height) right of East's
		// points; the hand must start beyond it.
		em := label.YMax - label.YMin
		if gap := label.XMin - east.XMax; gap < em {
			t.Errorf("page %d, board %d: the East hand starts %.1f pt right of the compass's East points, want at least %.1f (clear of the box)", page, boards[i].Number, gap, em)
		}
	}
}

// nearest returns the chunk closest to c in direction (dx, dy): on the same
// line for dx, in the same column for dy.
func nearest(cs []bt.Chunk, c bt.Chunk, dx, dy int) *bt.Chunk {
	var best *bt.Chunk
	bestD := 1e9
	cx, cy := (c.XMin+c.XMax)/2, (c.YMin+c.YMax)/2
	for i, o := range cs {
		ox, oy := (o.XMin+o.XMax)/2, (o.YMin+o.YMax)/2
		var d float64
		switch {
		case dx != 0 && abs(oy-cy) < 3 && float64(dx)*(ox-cx) > 1:
			d = abs(ox - cx)
		case dy != 0 && abs(ox-cx) < 4 && float64(dy)*(oy-cy) > 1:
			d = abs(oy - cy)
		default:
			continue
		}
		if d < bestD && d < 60 {
			best, bestD = &cs[i], d
		}
	}
	return best
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// pageWords joins a page's words with single spaces, in the order the
// browser wrote them.
func pageWords(ws []bt.Word) string {
	parts := make([]string, len(ws))
	for i, w := range ws {
		parts[i] = w.Text
	}
	return strings.Join(parts, " ")
}

// TestHandRecordsFullSize: one board a page gives a full-size diagram
// (issue 14 item 22: it printed small in a corner): the hands span most of
// the page's width and the type is large.
func TestHandRecordsFullSize(t *testing.T) {
	boards := jfr(t)[:2]
	pdfPath := printHandRecords(t, "handrecord-1", boards, HandRecordOptions{Title: "JFR barometer", PerPage: 1})
	pages, w, _ := bt.PDFPages(t, pdfPath)
	if pages != 2 {
		t.Fatalf("%d pages, want 2", pages)
	}
	cs := bt.Chunks(bt.PDFWords(t, pdfPath)[0], 12)
	west, east := bt.Find(cs, "West"), bt.Find(cs, "East")
	if len(west) != 1 || len(east) != 1 {
		t.Fatalf("West %v, East %v", west, east)
	}
	// East's clubs (♣ A K 6 5 4 3) end the widest line.
	clubs := bt.Find(cs, "♣ A K 6 5 4 3")
	if len(clubs) != 1 {
		t.Fatalf("no East clubs in\n%s", bt.PageText(cs))
	}
	if span := clubs[0].XMax - west[0].XMin; span < 0.6*w {
		t.Errorf("the diagram spans %.0f pt of the page's %.0f", span, w)
	}
	if h := west[0].YMax - west[0].YMin; h < 14 {
		t.Errorf("type %.1f pt high, want a full-size diagram", h)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
