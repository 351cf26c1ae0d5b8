package dd

import "testing"

// TestTrickPins: the rank winners a completed trick adds. The trick is won
// by the highest trump, or without one by the highest card of the suit led
// (Law 44); the winner's rank matters only against another card of its own
// suit, and only against an opponent's when the search after the trick
// depended on nothing but which side won it (sideOnly).
func TestTrickPins(t *testing.T) {
	const (
		c, di, h, s = 0, 1, 2, 3
	)
	card := func(su, rank int) int8 { return int8(16*su + rank) }
	cases := []struct {
		name  string
		trump int
		cards [4]int8 // from North, the leader, round to West
		side  bool    // the search after the trick had sideOnly
		want  uint64
	}{
		{"partner's card beaten, any leader", noTrump,
			[4]int8{card(s, 5), card(c, 2), card(s, 13), card(di, 3)}, false, 1 << (16*s + 13)},
		{"partner's card beaten, side only", noTrump,
			[4]int8{card(s, 5), card(c, 2), card(s, 13), card(di, 3)}, true, 0},
		{"opponent's card beaten, side only", noTrump,
			[4]int8{card(s, 5), card(s, 2), card(s, 13), card(di, 3)}, true, 1 << (16*s + 13)},
		{"winner alone in its suit", noTrump,
			[4]int8{card(s, 5), card(c, 2), card(h, 3), card(di, 3)}, false, 0},
		{"ruff, side only", h,
			[4]int8{card(s, 5), card(h, 2), card(s, 13), card(s, 3)}, true, 0},
		{"partner's ruff overruffed, any leader", h,
			[4]int8{card(s, 5), card(h, 2), card(s, 7), card(h, 4)}, false, 1 << (16*h + 4)},
		{"partner's ruff overruffed, side only", h,
			[4]int8{card(s, 5), card(h, 2), card(s, 7), card(h, 4)}, true, 0},
		{"opponent's ruff overruffed, side only", h,
			[4]int8{card(s, 5), card(h, 2), card(h, 4), card(c, 3)}, true, 1 << (16*h + 4)},
	}
	for _, tc := range cases {
		e := newEngine(1<<20, nil)
		e.trump = tc.trump
		for i, cd := range tc.cards {
			e.plays[i].seat = int8(i)
			e.playCard(i, cd)
		}
		rw := uint64(1) << (16*c + 9) // a rank winner of the search after
		if tc.side {
			rw |= sideOnly
		}
		got := e.trickPins(3, rw)
		if want := tc.want | 1<<(16*c+9); got != want {
			t.Errorf("%s: pins %#x, want %#x", tc.name, got, want)
		}
	}
}
