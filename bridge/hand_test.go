package bridge

import "testing"

func TestHandRoundTrip(t *testing.T) {
	tests := []struct {
		in, out string
		len     int
		hcp     int
	}{
		{"AKQ2.JT9.876.543", "AKQ2.JT9.876.543", 13, 10},
		{"2QKA.9TJ.678.345", "AKQ2.JT9.876.543", 13, 10},
		{"akq.10.x.", "", 0, 0}, // x is not a rank
		{"...", "...", 0, 0},
		{".Q853.AJ962.KT74", ".Q853.AJ962.KT74", 13, 10},
		{"AKQJT98765432...", "AKQJT98765432...", 13, 10},
	}
	for _, tt := range tests {
		h, err := ParseHand(tt.in)
		if tt.out == "" {
			if err == nil {
				t.Errorf("ParseHand(%q) succeeded, want error", tt.in)
			}
			continue
		}
		if err != nil {
			t.Errorf("ParseHand(%q): %v", tt.in, err)
			continue
		}
		if h.String() != tt.out || h.Len() != tt.len || h.HCP() != tt.hcp {
			t.Errorf("ParseHand(%q) = %q len %d hcp %d; want %q %d %d", tt.in, h, h.Len(), h.HCP(), tt.out, tt.len, tt.hcp)
		}
	}
	for _, bad := range []string{"AKQ.JT9.876", "AA.2.3.4", "A.2.3.4.5", "A.B.C.D"} {
		if _, err := ParseHand(bad); err == nil {
			t.Errorf("ParseHand(%q) succeeded", bad)
		}
	}
}

func TestHandSetOps(t *testing.T) {
	var h Hand
	sa, h2 := NewCard(Spades, Ace), NewCard(Hearts, Two)
	h = h.With(sa).With(h2)
	if !h.Has(sa) || !h.Has(h2) || h.Len() != 2 {
		t.Fatalf("hand %v", h)
	}
	if h.SuitLen(Spades) != 1 || h.SuitLen(Clubs) != 0 || h.InSuit(Hearts) != Hand(0).With(h2) {
		t.Errorf("suit queries wrong on %v", h)
	}
	cards := h.Cards()
	if len(cards) != 2 || cards[0] != sa || cards[1] != h2 {
		t.Errorf("Cards() = %v", cards)
	}
	if h.Without(sa).Has(sa) {
		t.Error("Without did not remove")
	}
	if s := h.Shape(); s != [4]int{0, 0, 1, 1} {
		t.Errorf("Shape = %v", s)
	}
}
