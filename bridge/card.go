package bridge

import (
	"fmt"
	"strings"
)

// Suit is one of the four suits, numbered in ascending rank: Clubs lowest,
// Spades highest (Law 1A).
type Suit uint8

// The suits, in ascending order.
const (
	Clubs Suit = iota
	Diamonds
	Hearts
	Spades
)

// NumSuits is the number of suits in the pack.
const NumSuits = 4

var suitSymbols = [NumSuits]string{"♣", "♦", "♥", "♠"}
var suitLetters = [NumSuits]byte{'C', 'D', 'H', 'S'}

// String returns the suit symbol, e.g. ♠.
func (s Suit) String() string {
	if s >= NumSuits {
		return fmt.Sprintf("Suit(%d)", uint8(s))
	}
	return suitSymbols[s]
}

// Letter returns the suit's ASCII letter: C, D, H or S.
func (s Suit) Letter() byte {
	if s >= NumSuits {
		return '?'
	}
	return suitLetters[s]
}

// Strain returns the strain (denomination) named by the suit.
func (s Suit) Strain() Strain { return Strain(s) }

// ParseSuit reads a suit written as a letter (C, D, H, S, either case) or a
// symbol (♣ ♦ ♥ ♠, also the outline forms ♧ ♢ ♡ ♤).
func ParseSuit(s string) (Suit, error) {
	switch strings.TrimSpace(s) {
	case "C", "c", "♣", "♧":
		return Clubs, nil
	case "D", "d", "♦", "♢":
		return Diamonds, nil
	case "H", "h", "♥", "♡":
		return Hearts, nil
	case "S", "s", "♠", "♤":
		return Spades, nil
	}
	return 0, fmt.Errorf("bridge: %q is not a suit (want C, D, H, S or ♣ ♦ ♥ ♠)", s)
}

// Rank is the rank of a card, Two (2) to Ace (14) (Law 1A).
type Rank uint8

// The ranks. A rank's value is its pip count, with Jack 11 to Ace 14.
const (
	Two   Rank = 2
	Three Rank = 3
	Four  Rank = 4
	Five  Rank = 5
	Six   Rank = 6
	Seven Rank = 7
	Eight Rank = 8
	Nine  Rank = 9
	Ten   Rank = 10
	Jack  Rank = 11
	Queen Rank = 12
	King  Rank = 13
	Ace   Rank = 14
)

const rankChars = "23456789TJQKA"

// Valid reports whether r is a rank from Two to Ace.
func (r Rank) Valid() bool { return r >= Two && r <= Ace }

// String returns the rank as one character: 2–9, T, J, Q, K, A.
func (r Rank) String() string {
	if !r.Valid() {
		return fmt.Sprintf("Rank(%d)", uint8(r))
	}
	return rankChars[r-2 : r-1]
}

// HCP returns the Milton Work high-card points of the rank (A=4 … J=1).
func (r Rank) HCP() int {
	if r >= Jack && r <= Ace {
		return int(r - Ten)
	}
	return 0
}

// ParseRank reads a rank: 2–9, T or 10, J, Q, K, A (either case).
func ParseRank(s string) (Rank, error) {
	s = strings.TrimSpace(s)
	if s == "10" {
		return Ten, nil
	}
	if len(s) == 1 {
		if i := strings.IndexByte(rankChars, upper(s[0])); i >= 0 {
			return Rank(i + 2), nil
		}
	}
	return 0, fmt.Errorf("bridge: %q is not a rank (want 2-9, T, J, Q, K, A)", s)
}

func rankFromByte(b byte) (Rank, bool) {
	if i := strings.IndexByte(rankChars, upper(b)); i >= 0 {
		return Rank(i + 2), true
	}
	return 0, false
}

func upper(b byte) byte {
	if b >= 'a' && b <= 'z' {
		return b - 'a' + 'A'
	}
	return b
}

// Card is one of the 52 cards, encoded as suit*16 + rank so that it is also
// the index of its bit in a Hand.
type Card uint8

// NewCard returns the card of the given suit and rank.
func NewCard(s Suit, r Rank) Card { return Card(uint8(s)<<4 | uint8(r)) }

// Suit returns the card's suit.
func (c Card) Suit() Suit { return Suit(c >> 4) }

// Rank returns the card's rank.
func (c Card) Rank() Rank { return Rank(c & 15) }

// Valid reports whether c encodes one of the 52 cards.
func (c Card) Valid() bool { return c.Suit() < NumSuits && c.Rank().Valid() }

// String returns the card as players write it, suit symbol first: ♠K, ♦T.
func (c Card) String() string {
	if !c.Valid() {
		return fmt.Sprintf("Card(%d)", uint8(c))
	}
	return c.Suit().String() + c.Rank().String()
}

// ASCII returns the card in PBN notation, suit letter first: SK, DT.
func (c Card) ASCII() string {
	if !c.Valid() {
		return "??"
	}
	return string([]byte{c.Suit().Letter(), rankChars[c.Rank()-2]})
}

// ParseCard reads a card written suit first (SK, ♠K, S10) or rank first
// (KS, K♠, 10S).
func ParseCard(s string) (Card, error) {
	t := strings.TrimSpace(s)
	if t == "" {
		return 0, fmt.Errorf("bridge: empty card")
	}
	// Suit first: the suit is the first rune.
	for i := range t {
		if i == 0 {
			continue
		}
		if su, err := ParseSuit(t[:i]); err == nil {
			if r, err := ParseRank(t[i:]); err == nil {
				return NewCard(su, r), nil
			}
		}
		break
	}
	// Rank first: the suit is the last rune.
	for i := len(t) - 1; i > 0; i-- {
		if t[i]&0xC0 == 0x80 { // inside a multi-byte rune
			continue
		}
		su, err := ParseSuit(t[i:])
		if err != nil {
			break
		}
		r, err := ParseRank(t[:i])
		if err != nil {
			break
		}
		return NewCard(su, r), nil
	}
	return 0, fmt.Errorf("bridge: %q is not a card (want suit and rank, e.g. SK or ♠K)", s)
}

// Pack returns the 52 cards in a fixed order: clubs 2 to ace, then diamonds,
// hearts and spades (Law 1).
func Pack() [52]Card {
	var p [52]Card
	i := 0
	for s := Clubs; s <= Spades; s++ {
		for r := Two; r <= Ace; r++ {
			p[i] = NewCard(s, r)
			i++
		}
	}
	return p
}
