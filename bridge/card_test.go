package bridge

import "testing"

func TestParseCard(t *testing.T) {
	// Law 1A: 52 cards, four suits of thirteen ranks.
	tests := []struct {
		in   string
		want Card
		err  bool
	}{
		{"SK", NewCard(Spades, King), false},
		{"♠K", NewCard(Spades, King), false},
		{"KS", NewCard(Spades, King), false},
		{"K♠", NewCard(Spades, King), false},
		{"d10", NewCard(Diamonds, Ten), false},
		{"10D", NewCard(Diamonds, Ten), false},
		{"HT", NewCard(Hearts, Ten), false},
		{"c2", NewCard(Clubs, Two), false},
		{"♥A", NewCard(Hearts, Ace), false},
		{"", 0, true},
		{"S1", 0, true},
		{"XK", 0, true},
		{"SKK", 0, true},
		{"♠", 0, true},
	}
	for _, tt := range tests {
		got, err := ParseCard(tt.in)
		if (err != nil) != tt.err {
			t.Errorf("ParseCard(%q) error = %v, want error %v", tt.in, err, tt.err)
			continue
		}
		if err == nil && got != tt.want {
			t.Errorf("ParseCard(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestCardStrings(t *testing.T) {
	c := NewCard(Diamonds, King)
	if c.String() != "♦K" || c.ASCII() != "DK" {
		t.Errorf("♦K prints as %q / %q", c.String(), c.ASCII())
	}
	if c.Suit() != Diamonds || c.Rank() != King {
		t.Errorf("♦K decodes as %v %v", c.Suit(), c.Rank())
	}
	if Card(255).Valid() || NewCard(Spades, 1).Valid() {
		t.Error("invalid cards reported valid")
	}
}

func TestPack(t *testing.T) {
	// Law 1A: the pack is 52 distinct cards, 13 in each suit.
	var h Hand
	for _, c := range Pack() {
		if !c.Valid() || h.Has(c) {
			t.Fatalf("pack card %v invalid or repeated", c)
		}
		h = h.With(c)
		back, err := ParseCard(c.ASCII())
		if err != nil || back != c {
			t.Errorf("ParseCard(%q) = %v, %v; want %v", c.ASCII(), back, err, c)
		}
		back, err = ParseCard(c.String())
		if err != nil || back != c {
			t.Errorf("ParseCard(%q) = %v, %v; want %v", c.String(), back, err, c)
		}
	}
	if h != FullPack {
		t.Errorf("pack as a hand = %x, want FullPack %x", uint64(h), uint64(FullPack))
	}
	for s := Clubs; s <= Spades; s++ {
		if n := FullPack.SuitLen(s); n != 13 {
			t.Errorf("%v has %d cards in the pack", s, n)
		}
	}
}

func TestRankHCP(t *testing.T) {
	want := map[Rank]int{Ace: 4, King: 3, Queen: 2, Jack: 1, Ten: 0, Two: 0}
	for r, n := range want {
		if r.HCP() != n {
			t.Errorf("%v.HCP() = %d, want %d", r, r.HCP(), n)
		}
	}
	if FullPack.HCP() != 40 {
		t.Errorf("pack HCP = %d, want 40", FullPack.HCP())
	}
}

func TestParseSuitAndStrain(t *testing.T) {
	// Law 1A: suits rank downward spades, hearts, diamonds, clubs.
	if !(Spades > Hearts && Hearts > Diamonds && Diamonds > Clubs) {
		t.Error("suit order wrong")
	}
	for _, s := range []string{"S", "s", "♠", "♤"} {
		if su, err := ParseSuit(s); err != nil || su != Spades {
			t.Errorf("ParseSuit(%q) = %v, %v", s, su, err)
		}
	}
	// Law 18E: no trump ranks above spades.
	for _, s := range []string{"NT", "nt", "N", "SA"} {
		if st, err := ParseStrain(s); err != nil || st != NoTrump {
			t.Errorf("ParseStrain(%q) = %v, %v", s, st, err)
		}
	}
	if _, err := ParseStrain("Z"); err == nil {
		t.Error("ParseStrain(Z) succeeded")
	}
}
