package bridge

import (
	"fmt"
	"math/bits"
	"strings"
)

// Hand is a set of cards held by one player: bit suit*16+rank is set when the
// card is held. The zero Hand is empty. Hands are values: copy and compare
// them with = and ==.
type Hand uint64

// FullPack is the Hand holding all 52 cards.
const FullPack Hand = 0x7ffc_7ffc_7ffc_7ffc

// Has reports whether h holds c.
func (h Hand) Has(c Card) bool { return h&(1<<c) != 0 }

// With returns h with c added.
func (h Hand) With(c Card) Hand { return h | 1<<c }

// Without returns h with c removed.
func (h Hand) Without(c Card) Hand { return h &^ (1 << c) }

// Len returns the number of cards in h.
func (h Hand) Len() int { return bits.OnesCount64(uint64(h)) }

// SuitBits returns the ranks held in suit s as a bit set (bit r for rank r).
func (h Hand) SuitBits(s Suit) uint16 { return uint16(h >> (16 * s)) }

// SuitLen returns the number of cards held in suit s.
func (h Hand) SuitLen(s Suit) int { return bits.OnesCount16(h.SuitBits(s)) }

// InSuit returns the cards of h in suit s.
func (h Hand) InSuit(s Suit) Hand { return h & (0x7ffc << (16 * s)) }

// HCP returns the high-card points of the hand (A=4, K=3, Q=2, J=1).
func (h Hand) HCP() int {
	n := 0
	for s := Clubs; s <= Spades; s++ {
		b := h.SuitBits(s)
		n += 4*int(b>>Ace&1) + 3*int(b>>King&1) + 2*int(b>>Queen&1) + int(b>>Jack&1)
	}
	return n
}

// Shape returns the suit lengths, indexed by Suit.
func (h Hand) Shape() [NumSuits]int {
	var s [NumSuits]int
	for su := Clubs; su <= Spades; su++ {
		s[su] = h.SuitLen(su)
	}
	return s
}

// Cards returns the cards of h, spades first and high cards first within a
// suit, the order in which a hand is written.
func (h Hand) Cards() []Card {
	out := make([]Card, 0, h.Len())
	for s := Spades; s <= Spades; s-- {
		b := h.SuitBits(s)
		for b != 0 {
			r := 15 - bits.LeadingZeros16(b)
			out = append(out, NewCard(s, Rank(r)))
			b &^= 1 << r
		}
	}
	return out
}

// Valid reports whether h holds only real cards (no bits outside the 52).
func (h Hand) Valid() bool { return h&^FullPack == 0 }

// String returns the hand in PBN notation: spades, hearts, diamonds, clubs
// separated by dots, high cards first, e.g. AKQ2.JT9.876.543; a void is empty.
func (h Hand) String() string {
	var b strings.Builder
	for s := Spades; s <= Spades; s-- {
		bitsS := h.SuitBits(s)
		for r := Ace; r >= Two; r-- {
			if bitsS&(1<<r) != 0 {
				b.WriteByte(rankChars[r-2])
			}
		}
		if s != Clubs {
			b.WriteByte('.')
		}
	}
	return b.String()
}

// ParseHand reads a hand in PBN notation (spades.hearts.diamonds.clubs, ranks
// in any order, 10 accepted for T). It does not require 13 cards.
func ParseHand(s string) (Hand, error) {
	parts := strings.Split(strings.TrimSpace(s), ".")
	if len(parts) != 4 {
		return 0, fmt.Errorf("bridge: hand %q: want four suits separated by dots, got %d", s, len(parts))
	}
	var h Hand
	for i, p := range parts {
		suit := Spades - Suit(i)
		for j := 0; j < len(p); j++ {
			ch := p[j]
			if ch == '1' && j+1 < len(p) && p[j+1] == '0' {
				ch = 'T'
				j++
			}
			r, ok := rankFromByte(ch)
			if !ok {
				return 0, fmt.Errorf("bridge: hand %q: %q is not a rank in %s", s, p[j:j+1], suit)
			}
			c := NewCard(suit, r)
			if h.Has(c) {
				return 0, fmt.Errorf("bridge: hand %q: %s given twice", s, c)
			}
			h = h.With(c)
		}
	}
	return h, nil
}
