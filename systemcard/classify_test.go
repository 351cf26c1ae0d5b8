package systemcard

import (
	"testing"

	"github.com/bridgetd/bridgetd/bridge"
)

// The example cards classify as a director would expect (issue 6).
func TestExampleCards(t *testing.T) {
	tests := []struct {
		file   string
		colour Colour
		brown  bool
		clause string // a finding that must be present
		kind   Kind
		bid    string
	}{
		{"sayc.json", Green, false, "", 0, ""},                                     // Part B 2.1
		{"acol.json", Green, false, "", 0, ""},                                     // Part B 2.1; 1NT range by vulnerability is not structure, 2.3(b)
		{"precision.json", Blue, false, "Part B 2.2(a)", ColourFinding, "1♣"},      // strong club
		{"polish.json", Red, false, "Part B 2.3(a)", ColourFinding, "1♣"},          // multi-way 1♣ that is not always strong
		{"strongpass.json", Yellow, false, "Part B 2.4(a)", ColourFinding, "Pass"}, // pass shows opening values
		{"multi.json", Green, false, "Part B 2.5(a)(ii)", Exempt, "2♦"},            // multi 2♦ is exempt
		{"anytwo.json", Green, true, "Part B 2.5(a)", BrownSticker, "2♥"},          // weak 2♥, any two-suiter
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			r := Classify(load(t, tt.file))
			if r.Colour != tt.colour || r.BrownSticker != tt.brown {
				t.Errorf("got %s brown=%v, want %s brown=%v; findings %v", r.Colour, r.BrownSticker, tt.colour, tt.brown, r.Findings)
			}
			if tt.clause != "" && !has(r, tt.kind, tt.clause, tt.bid) {
				t.Errorf("no %s finding %s on %s; findings %v", tt.kind, tt.clause, tt.bid, r.Findings)
			}
		})
	}
}

// Each row puts a card just inside or just outside one criterion of Part B 2.1
// to 2.4, starting from a natural card (sayc.json) or a strong club
// (precision.json).
func TestColourCriteria(t *testing.T) {
	short := func(s bridge.Suit, n int) map[bridge.Suit]int { return map[bridge.Suit]int{s: n} }
	tests := []struct {
		name   string
		base   string
		edit   func(t *testing.T, c *Card)
		colour Colour
		clause string // a colour finding that must be present; "" for none
		bid    string
	}{
		// Part B 2.1(a): one-level openings natural.
		{"2.1(a) inside: natural 1♦", "sayc.json", func(t *testing.T, c *Card) {}, Green, "", ""},
		{"2.1(a) outside: artificial 1♦", "sayc.json", func(t *testing.T, c *Card) {
			setOpening(t, c, "1D", true, false, m(12, 21, "D3"))
		}, Red, "Part B 2.1(a)", "1♦"},
		// Part B 2.1(b): one of a suit promises three cards.
		{"2.1(b) inside: 1♦ three cards", "sayc.json", func(t *testing.T, c *Card) {
			setOpening(t, c, "1D", false, false, m(12, 21, "D3"))
		}, Green, "", ""},
		{"2.1(b) outside: 1♦ two cards", "sayc.json", func(t *testing.T, c *Card) {
			setOpening(t, c, "1D", false, false, m(12, 21, "D2"))
		}, Red, "Part B 2.1(b)", "1♦"},
		{"2.1(b) exception inside: 1♣ two cards only with 4=4=3=2", "sayc.json", func(t *testing.T, c *Card) {
			mm := m(12, 21, "C2")
			mm.Club4432 = true
			setOpening(t, c, "1C", false, false, mm, m(12, 21, "C3"))
		}, Green, "", ""},
		{"2.1(b) exception outside: 1♣ two cards on any shape", "sayc.json", func(t *testing.T, c *Card) {
			setOpening(t, c, "1C", false, false, m(12, 21, "C2"))
		}, Red, "Part B 2.1(b)", "1♣"},
		// Part B 2.1(c): 1NT balanced.
		{"2.1(c) inside: 1NT up to 5-3-3-2", "sayc.json", func(t *testing.T, c *Card) {
			mm := m(15, 17, "")
			mm.Shapes = []Shape{{4, 3, 3, 3}, {4, 4, 3, 2}, {5, 3, 3, 2}}
			setOpening(t, c, "1NT", false, false, mm)
		}, Green, "", ""},
		{"2.1(c) outside: 1NT may be 5-4-2-2", "sayc.json", func(t *testing.T, c *Card) {
			mm := m(15, 17, "")
			mm.Shapes = []Shape{{4, 3, 3, 3}, {5, 4, 2, 2}}
			setOpening(t, c, "1NT", false, false, mm)
		}, Red, "Part B 2.1(c)", "1NT"},
		// Part B 2.1(d): one-level openings promise 8 HCP.
		{"2.1(d) inside: 1♥ on 8 HCP", "sayc.json", func(t *testing.T, c *Card) {
			setOpening(t, c, "1H", false, false, m(8, 21, "H5"))
		}, Green, "", ""},
		{"2.1(d) outside: 1♥ on 7 HCP with shape", "sayc.json", func(t *testing.T, c *Card) {
			mm := m(7, 21, "H5")
			mm.ShapeCompensates = true
			setOpening(t, c, "1H", false, false, mm)
		}, Red, "Part B 2.1(d)", "1♥"},

		// Part B 2.2(a): 1♣ or 1♦ artificial, forcing and always strong.
		{"2.2(a) inside: 1♣ 16+", "precision.json", func(t *testing.T, c *Card) {}, Blue, "Part B 2.2(a)", "1♣"},
		{"2.2(a) inside: 1♣ 13+ is strong", "precision.json", func(t *testing.T, c *Card) {
			setOpening(t, c, "1C", true, true, m(13, 37, ""))
		}, Blue, "Part B 2.2(a)", "1♣"},
		{"2.2(a) outside: 1♣ 12+ is not always strong", "precision.json", func(t *testing.T, c *Card) {
			setOpening(t, c, "1C", true, true, m(12, 37, ""))
		}, Red, "Part B 2.2(a)", "1♣/1♦"},
		{"2.2(a) outside: 1♣ not forcing", "precision.json", func(t *testing.T, c *Card) {
			setOpening(t, c, "1C", true, false, m(16, 37, ""))
		}, Red, "Part B 2.2(a)", "1♣/1♦"},
		{"2.2(a) inside: strong 1♦, artificial 1♣", "precision.json", func(t *testing.T, c *Card) {
			setOpening(t, c, "1D", true, true, m(16, 37, ""))
			setOpening(t, c, "1C", true, false, m(11, 15, "C2"))
		}, Blue, "Part B 2.2(a)", "1♦"},
		// Part B 2.2(b): one of a major natural.
		{"2.2(b) outside: 1♥ transfer to spades", "precision.json", func(t *testing.T, c *Card) {
			setOpening(t, c, "1H", true, false, m(11, 15, "S5"))
		}, Red, "Part B 2.2(b)", "1♥"},
		// Part B 2.2(c): 1NT not conventional.
		{"2.2(c) outside: conventional 1NT", "precision.json", func(t *testing.T, c *Card) {
			setOpening(t, c, "1NT", true, false, m(13, 15, "C5 D5"))
		}, Red, "Part B 2.2(c)", "1NT"},
		// Part B 2.2(d): the other minor may be artificial (precision's 1♦ holds two).
		{"2.2(d) inside: 1♦ may be short", "precision.json", func(t *testing.T, c *Card) {
			setOpening(t, c, "1D", true, false, m(11, 15, "D0"))
		}, Blue, "Part B 2.2(a)", "1♣"},
		// Part B 2.2(e): 8 HCP.
		{"2.2(e) inside: 1♠ on 8 HCP", "precision.json", func(t *testing.T, c *Card) {
			setOpening(t, c, "1S", false, false, m(8, 15, "S5"))
		}, Blue, "", ""},
		{"2.2(e) outside: 1♠ on 7 HCP with shape", "precision.json", func(t *testing.T, c *Card) {
			mm := m(7, 15, "S5")
			mm.ShapeCompensates = true
			setOpening(t, c, "1S", false, false, mm)
		}, Red, "Part B 2.2(e)", "1♠"},

		// Part B 2.3(a): other artificial one-level openings.
		{"2.3(a) outside Green: artificial 1♣ not strong", "sayc.json", func(t *testing.T, c *Card) {
			setOpening(t, c, "1C", true, false, m(11, 14, ""), m(18, 37, ""))
		}, Red, "Part B 2.3(a)", "1♣"},
		// Part B 2.3(b): structure varying by seat or vulnerability.
		{"2.3(b) inside Green: range varies by vulnerability", "sayc.json", func(t *testing.T, c *Card) {
			c.Openings[call(t, "1NT")].Varies = []Variation{{By: "vulnerability", Change: ChangeHCP}}
		}, Green, "", ""},
		{"2.3(b) inside Green: suit length varies by seat", "sayc.json", func(t *testing.T, c *Card) {
			c.Openings[call(t, "1H")].Varies = []Variation{{By: "seat", Change: ChangeLength}}
		}, Green, "", ""},
		{"2.3(b) outside: meaning varies by seat", "sayc.json", func(t *testing.T, c *Card) {
			c.Openings[call(t, "2D")].Varies = []Variation{{By: "seat", Change: ChangeStructure}}
		}, Red, "Part B 2.3(b)", "2♦"},
		{"2.3(b) outside Blue: meaning varies by vulnerability", "precision.json", func(t *testing.T, c *Card) {
			c.Openings[call(t, "2D")].Varies = []Variation{{By: "vulnerability", Change: ChangeStructure}}
		}, Red, "Part B 2.3(b)", "2♦"},

		// Part B 2.4(a): opening pass with opening values.
		{"2.4(a) outside: pass promises 10 at most", "sayc.json", func(t *testing.T, c *Card) {
			setOpening(t, c, "Pass", false, false, m(10, 37, ""))
		}, Green, "", ""},
		{"2.4(a) inside: pass may show 11+", "sayc.json", func(t *testing.T, c *Card) {
			setOpening(t, c, "Pass", false, false, m(0, 7, ""), m(11, 37, ""))
		}, Yellow, "Part B 2.4(a)", "Pass"},
		// Part B 2.4(b): one-level opening on 0-7 HCP.
		{"2.4(b) inside: 1♦ on 7 HCP", "sayc.json", func(t *testing.T, c *Card) {
			setOpening(t, c, "1D", false, false, m(7, 21, "D3"))
		}, Yellow, "Part B 2.4(b)", "1♦"},
		{"2.4(b) outside: 1♦ on 8 HCP", "sayc.json", func(t *testing.T, c *Card) {
			setOpening(t, c, "1D", false, false, m(8, 21, "D3"))
		}, Green, "", ""},
		{"2.4(b) outside: 7 HCP only with distributional values", "sayc.json", func(t *testing.T, c *Card) {
			mm := m(7, 21, "D3")
			mm.ShapeCompensates = true
			setOpening(t, c, "1D", false, false, mm)
		}, Red, "Part B 2.1(d)", "1♦"},
		// Part B 2.4(c): one of a major long or short in a suit.
		{"2.4(c) inside: 1♠ with four hearts or short hearts", "sayc.json", func(t *testing.T, c *Card) {
			a, b := m(12, 21, "S4 H4"), m(12, 21, "S4")
			b.Short = short(bridge.Hearts, 2)
			setOpening(t, c, "1S", false, false, a, b)
		}, Yellow, "Part B 2.4(c)", "1♠"},
		{"2.4(c) outside: the other meaning holds up to three hearts", "sayc.json", func(t *testing.T, c *Card) {
			a, b := m(12, 21, "S4 H4"), m(12, 21, "S4")
			b.Short = short(bridge.Hearts, 3)
			setOpening(t, c, "1S", false, false, a, b)
		}, Green, "", ""},
		// Part B 2.4(d): one of a major with length in one suit or another.
		{"2.4(d) inside: 1♥ hearts or spades", "sayc.json", func(t *testing.T, c *Card) {
			setOpening(t, c, "1H", false, false, m(12, 21, "H5"), m(12, 21, "S5"))
		}, Yellow, "Part B 2.4(d)", "1♥"},
		{"2.4(d) inside: 1♠ four cards in either major", "sayc.json", func(t *testing.T, c *Card) {
			mm := m(12, 21, "")
			mm.Either = []Either{{Suits: []bridge.Suit{bridge.Hearts, bridge.Spades}, Min: 4}}
			setOpening(t, c, "1S", true, false, mm)
		}, Yellow, "Part B 2.4(d)", "1♠"},
		{"2.4(d) outside: both meanings hold hearts", "sayc.json", func(t *testing.T, c *Card) {
			setOpening(t, c, "1H", false, false, m(12, 21, "H5"), m(12, 21, "H4 S5"))
		}, Green, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := load(t, tt.base)
			tt.edit(t, c)
			r := Classify(c)
			if r.Colour != tt.colour {
				t.Errorf("colour %s, want %s; findings %v", r.Colour, tt.colour, r.Findings)
			}
			if tt.clause != "" && !has(r, ColourFinding, tt.clause, tt.bid) {
				t.Errorf("no finding %s %s; findings %v", tt.clause, tt.bid, r.Findings)
			}
		})
	}
}

// Balanced, for no-trump openings: at most one shortage, of two cards
// (Part B 1.2).
func TestBalanced(t *testing.T) {
	tests := []struct {
		shape string
		want  bool
	}{
		{"4333", true}, {"4432", true}, {"5332", true}, // one doubleton at most
		{"5422", false}, {"6322", false}, {"7222", false}, // two or more shortages
		{"4441", false}, {"5431", false}, {"5440", false}, // a singleton or void
		{"6331", false},
	}
	for _, tt := range tests {
		s, err := ParseShape(tt.shape)
		if err != nil {
			t.Fatal(err)
		}
		if got := s.Balanced(); got != tt.want {
			t.Errorf("%s balanced = %v, want %v", s, got, tt.want)
		}
	}
}
