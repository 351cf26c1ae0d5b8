package publish

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	bt "github.com/bridgetd/bridgetd/internal/browsertest"
	"github.com/bridgetd/bridgetd/movement"
)

// TestDirectorPDF prints the paper for a 4-table relay-and-bye-stand
// Mitchell (Law 8A1: the director fixes how boards and players move) and
// reads it back: table 1's card says where East–West and the boards go
// after each round (a table, the bye stand, a relay), the guide cards say
// where each pair goes next, each traveller lists the pairs that play the
// board in order, and there is a pick-up slip for every board played.
func TestDirectorPDF(t *testing.T) {
	m, err := movement.NewMitchell(movement.MitchellOptions{Tables: 4, PerSet: 2, Even: movement.RelayBye})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := DirectorPDF(&b, m, DirectorOptions{Title: "Tuesday pairs", Date: "2024.03.05"}); err != nil {
		t.Fatal(err)
	}
	dir := bt.ArtefactDir(t, "director-pdf")
	pdf := filepath.Join(dir, "director.pdf")
	if err := os.WriteFile(pdf, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	bt.RenderPages(t, pdf, filepath.Join(dir, "page"), 50)
	words := bt.PDFWords(t, pdf)

	plays := 0
	for _, n := range m.Plays() {
		plays += n
	}
	boards := m.Sets * m.PerSet
	// 2 table-card pages, 3 guide-card pages (8 pairs), boards/2
	// traveller pages, one slip a board played, ten a page.
	want := 2 + 3 + (boards+1)/2 + (plays*m.PerSet+9)/10
	if len(words) != want {
		t.Fatalf("%d pages, want %d", len(words), want)
	}
	// Table 1's card, from the movement itself.
	cs := bt.Chunks(words[0], 9)
	if len(bt.Find(cs, "Table 1")) != 1 || len(bt.Find(cs, "Table 2")) != 1 {
		t.Fatalf("page 1 is not the cards of tables 1 and 2:\n%s", bt.PageText(cs))
	}
	text := bt.PageText(cs)
	for r := range len(m.Rounds) - 1 {
		s := m.Rounds[r].Tables[0]
		var ewNext string
		for _, n := range m.Rounds[r+1].Tables {
			if n.EW == s.EW {
				ewNext = "table " + itoa(n.Table)
			}
		}
		line := lineStarting(cs, itoa(r+1), itoa(s.NS))
		if !slices.Contains(line, ewNext) {
			t.Errorf("table 1, round %d: %q lacks EW's next %q", r+1, line, ewNext)
		}
	}
	// Somewhere the boards go to the bye stand, and to the two relay
	// tables.
	cards := text + bt.PageText(bt.Chunks(words[1], 9))
	if !strings.Contains(cards, `"bye stand"`) || !strings.Contains(cards, "(relay)\"") {
		t.Errorf("no table card sends boards to the bye stand and to a relay:\n%s", cards)
	}
	// Board 1's traveller lists its pairs in the order they play it.
	var first int
	for i, p := range words {
		if len(bt.Find(bt.Chunks(p, 6), "Traveller — Board 1")) == 1 {
			first = i
		}
	}
	if first == 0 {
		t.Fatalf("no traveller for board 1")
	}
	cs = bt.Chunks(words[first], 6)
	if len(bt.Find(cs, "Dealer North")) != 1 || len(bt.Find(cs, "Vul None")) != 1 {
		t.Errorf("board 1's traveller lacks its dealer and vulnerability (Law 2)")
	}
	for _, rd := range m.Rounds {
		for _, s := range rd.Tables {
			if slices.Contains(s.Sets, 1) && s.NS != 0 && s.EW != 0 {
				if line := lineStarting(cs, itoa(rd.Number), itoa(s.NS)); len(line) < 3 || line[2] != itoa(s.EW) {
					t.Errorf("board 1's traveller, round %d: %q, want pairs %d v %d", rd.Number, line, s.NS, s.EW)
				}
			}
		}
	}
	// The last page holds pick-up slips.
	if cs := bt.Chunks(words[len(words)-1], 6); !strings.Contains(bt.PageText(cs), "EW initials") {
		t.Errorf("the last page is not pick-up slips:\n%s", bt.PageText(cs))
	}

	ind, err := movement.NewIndividual(movement.IndividualOptions{Tables: 2})
	if err == nil {
		if err := DirectorPDF(&bytes.Buffer{}, ind, DirectorOptions{}); !errors.Is(err, ErrMovement) {
			t.Errorf("individual movement: %v, want ErrMovement", err)
		}
	}
}

// lineStarting returns the printed row whose first two cells are a and b.
func lineStarting(cs []bt.Chunk, a, b string) []string {
	for _, c := range bt.Find(cs, a) {
		if l := bt.Line(cs, c); len(l) >= 2 && l[0] == a && l[1] == b {
			return l
		}
	}
	return nil
}
