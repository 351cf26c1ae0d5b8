package systemcard

import (
	"testing"

	"github.com/bridgetd/bridgetd/bridge"
)

func either(min int, suits ...bridge.Suit) Meaning {
	return Meaning{HCP: Range{5, 10}, Either: []Either{{Suits: suits, Min: min}}}
}

func twoSuited(lo, hi, a, b int, suits ...bridge.Suit) Meaning {
	return Meaning{HCP: Range{lo, hi}, TwoSuited: &TwoSuits{Suits: suits, Min: [2]int{a, b}}}
}

func withHCP(mm Meaning, lo, hi int) Meaning { mm.HCP = Range{lo, hi}; return mm }

func overcall(t *testing.T, over []string, bid string, artificial bool, ms ...Meaning) *Overcall {
	t.Helper()
	o := &Overcall{Call: call(t, bid), Artificial: artificial, Meanings: ms}
	for _, s := range over {
		o.Over = append(o.Over, call(t, s))
	}
	return o
}

// Each row puts a bid just inside or just outside a clause, exception or note
// of Part B 2.5, on an otherwise natural card (sayc.json, which has no Brown
// Sticker conventions). kind is the finding expected for bid; a row with
// clause "" expects no finding on bid at all.
func TestBrownSticker(t *testing.T) {
	H, S, C, D := bridge.Hearts, bridge.Spades, bridge.Clubs, bridge.Diamonds
	strongBal := m(20, 22, "")
	tests := []struct {
		name   string
		edit   func(t *testing.T, c *Card)
		clause string
		kind   Kind
		bid    string
	}{
		// 2.5(a): an opening of 2♣ to 3♠ that may be weak without a known four-card suit.
		{"(a) outside: weak 2♥ with six hearts", func(t *testing.T, c *Card) {}, "", 0, "2♥"},
		{"(a) inside: weak 2♥ with any two-suiter", func(t *testing.T, c *Card) {
			setOpening(t, c, "2H", true, false, twoSuited(4, 10, 5, 4))
		}, "Part B 2.5(a)", BrownSticker, "2♥"},
		{"(a) outside: known suit of four", func(t *testing.T, c *Card) {
			setOpening(t, c, "2H", true, false, m(4, 10, "S4"), m(4, 10, "S4 C5"))
		}, "", 0, "2♥"},
		{"(a) inside: known suit of only three", func(t *testing.T, c *Card) {
			setOpening(t, c, "2H", true, false, m(4, 10, "S3"))
		}, "Part B 2.5(a)", BrownSticker, "2♥"},
		{"(a) outside: never weak (10+ HCP)", func(t *testing.T, c *Card) {
			setOpening(t, c, "2H", true, false, twoSuited(10, 15, 5, 4))
		}, "", 0, "2♥"},
		{"(a) inside: may be weak (9+ HCP)", func(t *testing.T, c *Card) {
			setOpening(t, c, "2H", true, false, twoSuited(9, 15, 5, 4))
		}, "Part B 2.5(a)", BrownSticker, "2♥"},
		{"(a) inside: 3♠ is the top of the range", func(t *testing.T, c *Card) {
			setOpening(t, c, "3S", true, false, twoSuited(4, 10, 5, 5))
		}, "Part B 2.5(a)", BrownSticker, "3♠"},
		{"(a) outside: 3NT is above the range", func(t *testing.T, c *Card) {
			setOpening(t, c, "3NT", true, false, either(7, C, D))
		}, "", 0, "3NT"},
		{"(a) inside: 2♣ is the bottom of the range", func(t *testing.T, c *Card) {
			setOpening(t, c, "2C", true, false, either(6, C, D), strongBal)
		}, "Part B 2.5(a)", BrownSticker, "2♣"},
		{"(a) outside: 1NT is below the range", func(t *testing.T, c *Card) {
			setOpening(t, c, "1NT", true, false, withHCP(either(6, C, D), 10, 12))
		}, "", 0, "1NT"},
		// Exception (i): weak meanings share a known four-card suit, only strong ones lack it.
		{"(a)(i) inside: weak with six diamonds, or strong", func(t *testing.T, c *Card) {
			setOpening(t, c, "2C", true, false, m(5, 10, "D6"), m(22, 37, ""))
		}, "Part B 2.5(a)(i)", Exempt, "2♣"},
		{"(a)(i) outside: the other meaning is 12+, not strong", func(t *testing.T, c *Card) {
			setOpening(t, c, "2C", true, false, m(5, 10, "D6"), m(12, 37, ""))
		}, "Part B 2.5(a)", BrownSticker, "2♣"},
		{"(a)(i) outside: weak meanings in different suits", func(t *testing.T, c *Card) {
			setOpening(t, c, "2C", true, false, m(5, 10, "D6"), m(5, 10, "H6"), m(22, 37, ""))
		}, "Part B 2.5(a)", BrownSticker, "2♣"},
		// Exception (ii): a two-level minor, weak only with 5+ in either major.
		{"(ii) inside: multi 2♦", func(t *testing.T, c *Card) {
			setOpening(t, c, "2D", true, false, either(6, H, S), strongBal)
		}, "Part B 2.5(a)(ii)", Exempt, "2♦"},
		{"(ii) inside: 2♣, five cards in either major, no strong option", func(t *testing.T, c *Card) {
			setOpening(t, c, "2C", true, false, either(5, H, S))
		}, "Part B 2.5(a)(ii)", Exempt, "2♣"},
		{"(ii) outside: four cards in either major", func(t *testing.T, c *Card) {
			setOpening(t, c, "2D", true, false, either(4, H, S), strongBal)
		}, "Part B 2.5(a)", BrownSticker, "2♦"},
		{"(ii) outside: the same multi on 2♥, not a minor", func(t *testing.T, c *Card) {
			setOpening(t, c, "2H", true, false, either(6, H, S), strongBal)
		}, "Part B 2.5(a)", BrownSticker, "2♥"},
		{"(ii) outside: either red suit, not either major", func(t *testing.T, c *Card) {
			setOpening(t, c, "2D", true, false, either(6, D, H), strongBal)
		}, "Part B 2.5(a)", BrownSticker, "2♦"},
		{"(ii) outside: a 12+ option is not strong", func(t *testing.T, c *Card) {
			setOpening(t, c, "2D", true, false, either(6, H, S), m(12, 15, "C5"))
		}, "Part B 2.5(a)", BrownSticker, "2♦"},

		// 2.5(b): an overcall of a natural one of a suit without a known four-card suit.
		{"(b) outside: (1♥) 2♣ with five clubs", func(t *testing.T, c *Card) {
			c.Overcalls = []*Overcall{overcall(t, []string{"1H"}, "2C", false, m(8, 16, "C5"))}
		}, "", 0, "(1♥) 2♣"},
		{"(b) outside: (1♥) 2♣ with four clubs", func(t *testing.T, c *Card) {
			c.Overcalls = []*Overcall{overcall(t, []string{"1H"}, "2C", false, m(8, 16, "C4"))}
		}, "", 0, "(1♥) 2♣"},
		{"(b) inside: (1♥) 2♣ with three clubs", func(t *testing.T, c *Card) {
			c.Overcalls = []*Overcall{overcall(t, []string{"1H"}, "2C", false, m(8, 16, "C3"))}
		}, "Part B 2.5(b)", BrownSticker, "(1♥) 2♣"},
		{"(b) inside: (1♣) 1♦ in either red suit", func(t *testing.T, c *Card) {
			c.Overcalls = []*Overcall{overcall(t, []string{"1C"}, "1D", true, withHCP(either(5, D, H), 8, 16))}
		}, "Part B 2.5(b)", BrownSticker, "(1♣) 1♦"},
		{"(b) outside: over a 1NT opening (note I, defences to 1NT)", func(t *testing.T, c *Card) {
			c.Overcalls = []*Overcall{overcall(t, []string{"1NT"}, "2D", true, withHCP(either(5, H, S), 8, 16))}
		}, "", 0, "(1NT) 2♦"},
		// Exception (i): a natural no-trump overcall.
		{"(b)(i) inside: natural 1NT overcall", func(t *testing.T, c *Card) {
			c.Overcalls = []*Overcall{overcall(t, []string{"1H"}, "1NT", false, m(15, 18, ""))}
		}, "Part B 2.5(b)(i)", Exempt, "(1♥) 1NT"},
		{"(b)(i) outside: artificial 2NT overcall", func(t *testing.T, c *Card) {
			c.Overcalls = []*Overcall{overcall(t, []string{"1H"}, "2NT", true, twoSuited(8, 12, 5, 5))}
		}, "Part B 2.5(b)", BrownSticker, "(1♥) 2NT"},
		// Exception (ii): a cue bid showing a strong hand.
		{"(b)(ii) inside: (1♥) 2♥ with 13+", func(t *testing.T, c *Card) {
			c.Overcalls = []*Overcall{overcall(t, []string{"1H"}, "2H", true, m(13, 37, ""))}
		}, "Part B 2.5(b)(ii)", Exempt, "(1♥) 2♥"},
		{"(b)(ii) outside: (1♥) 2♥ with 12+", func(t *testing.T, c *Card) {
			c.Overcalls = []*Overcall{overcall(t, []string{"1H"}, "2H", true, m(12, 37, ""))}
		}, "Part B 2.5(b)", BrownSticker, "(1♥) 2♥"},
		{"(b)(ii) outside: strong but not a cue bid", func(t *testing.T, c *Card) {
			c.Overcalls = []*Overcall{overcall(t, []string{"1H"}, "2D", true, m(13, 37, ""))}
		}, "Part B 2.5(b)", BrownSticker, "(1♥) 2♦"},
		// Exception (iii): a cue bid asking for a stopper.
		{"(b)(iii) inside: (1♦) 3♦ asks for a diamond stopper", func(t *testing.T, c *Card) {
			o := overcall(t, []string{"1D"}, "3D", true, m(10, 37, ""))
			o.AsksStopper = true
			c.Overcalls = []*Overcall{o}
		}, "Part B 2.5(b)(iii)", Exempt, "(1♦) 3♦"},
		{"(b)(iii) outside: (1♦) 3♦ not asking", func(t *testing.T, c *Card) {
			c.Overcalls = []*Overcall{overcall(t, []string{"1D"}, "3D", true, m(10, 37, ""))}
		}, "Part B 2.5(b)", BrownSticker, "(1♦) 3♦"},
		// Note I: defences to strong, Brown Sticker and HUM methods.
		{"note I inside: defence to a strong club", func(t *testing.T, c *Card) {
			o := overcall(t, []string{"1C"}, "1D", true, withHCP(either(5, D, H), 8, 16))
			o.DefenceTo = DefenceToStrong
			c.Overcalls = []*Overcall{o}
		}, "Part B 2.5 note I", Exempt, "(1♣) 1♦"},
		{"note I inside: defence to a HUM opening", func(t *testing.T, c *Card) {
			o := overcall(t, nil, "2C", true, twoSuited(5, 10, 5, 3))
			o.DefenceTo = DefenceToHUM
			c.Overcalls = []*Overcall{o}
		}, "Part B 2.5 note I", Exempt, "(hum) 2♣"},

		// 2.5(c): weak two-suiters at the two or three level with three cards or fewer in a suit.
		{"(c) inside: weak 2♥, hearts and spades, 5-3", func(t *testing.T, c *Card) {
			setOpening(t, c, "2H", true, false, twoSuited(5, 10, 5, 3, H, S))
		}, "Part B 2.5(c)", BrownSticker, "2♥"},
		{"(c) outside: 5-4", func(t *testing.T, c *Card) {
			setOpening(t, c, "2H", true, false, twoSuited(5, 10, 5, 4, H, S))
		}, "", 0, "2♥"},
		{"(c) outside: not weak (10+ HCP)", func(t *testing.T, c *Card) {
			setOpening(t, c, "2H", true, false, twoSuited(10, 15, 5, 3, H, S))
		}, "", 0, "2♥"},
		{"(c) inside: three level", func(t *testing.T, c *Card) {
			setOpening(t, c, "3H", true, false, twoSuited(5, 10, 5, 3, H, S))
		}, "Part B 2.5(c)", BrownSticker, "3♥"},
		{"(c) outside: four level", func(t *testing.T, c *Card) {
			setOpening(t, c, "4H", true, false, twoSuited(5, 10, 5, 3, H, S))
		}, "", 0, "4♥"},
		{"(c) inside: two suits named through length", func(t *testing.T, c *Card) {
			setOpening(t, c, "2S", true, false, m(5, 10, "S5 C3"))
		}, "Part B 2.5(c)", BrownSticker, "2♠"},
		{"(c) inside: an overcall, (1♥) 2♥ spades and a minor 5-3", func(t *testing.T, c *Card) {
			o := overcall(t, []string{"1H"}, "2H", true, Meaning{HCP: Range{6, 11}, Length: map[bridge.Suit]int{S: 5},
				Either: []Either{{Suits: []bridge.Suit{C, D}, Min: 3}}})
			c.Overcalls = []*Overcall{o}
		}, "Part B 2.5(c)", BrownSticker, "(1♥) 2♥"},
		{"(c) inside: a response, 1♣–2♦ weak majors 5-3", func(t *testing.T, c *Card) {
			c.Responses = []*Response{{After: call(t, "1C"), Call: call(t, "2D"), Artificial: true,
				Meanings: []Meaning{twoSuited(3, 8, 5, 3, H, S)}}}
		}, "Part B 2.5(c)", BrownSticker, "1♣–2♦"},
		{"(c) outside: a response 1♣–2♦ weak majors 4-4", func(t *testing.T, c *Card) {
			c.Responses = []*Response{{After: call(t, "1C"), Call: call(t, "2D"), Artificial: true,
				Meanings: []Meaning{twoSuited(3, 8, 4, 4, H, S)}}}
		}, "", 0, "1♣–2♦"},
		{"(c) note I inside: (1NT) 2♣ clubs and another, 4-3", func(t *testing.T, c *Card) {
			c.Overcalls = []*Overcall{overcall(t, []string{"1NT"}, "2C", true, twoSuited(6, 14, 4, 3))}
		}, "Part B 2.5 note I", Exempt, "(1NT) 2♣"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := load(t, "sayc.json")
			tt.edit(t, c)
			r := Classify(c)
			var got []Finding
			for _, f := range r.Findings {
				if f.Bid == tt.bid && f.Kind != ColourFinding {
					got = append(got, f)
				}
			}
			if tt.clause == "" {
				if len(got) > 0 {
					t.Errorf("want no Brown Sticker finding on %s, got %v", tt.bid, got)
				}
				if r.BrownSticker {
					t.Errorf("card is Brown Sticker: %v", r.Brown())
				}
				return
			}
			if !has(r, tt.kind, tt.clause, tt.bid) {
				t.Errorf("want %s %s on %s, got %v", tt.kind, tt.clause, tt.bid, got)
			}
			if r.BrownSticker != (tt.kind == BrownSticker) {
				t.Errorf("BrownSticker = %v; findings %v", r.BrownSticker, r.Findings)
			}
		})
	}
}
