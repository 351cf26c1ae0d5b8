package bridge

import (
	"errors"
	"fmt"
	"strings"
)

// Deal is the four hands of a board, indexed by Seat. A deal read from a
// record may be partial (a hand unknown, or cards already played); Validate
// checks that it is a complete deal of the pack.
type Deal [NumSeats]Hand

// ErrInvalidDeal is wrapped by every error Validate returns.
var ErrInvalidDeal = errors.New("invalid deal")

// Validate checks Law 6: each hand holds exactly 13 cards and the four hands
// are 52 distinct cards. The error names the first fault found.
func (d Deal) Validate() error {
	var seen Hand
	for s := North; s <= West; s++ {
		h := d[s]
		if !h.Valid() {
			return fmt.Errorf("%w: %s holds bits that are not cards", ErrInvalidDeal, s.Name())
		}
		if both := seen & h; both != 0 {
			c := both.Cards()[0]
			for o := North; o < s; o++ {
				if d[o].Has(c) {
					return fmt.Errorf("%w: %s held by both %s and %s", ErrInvalidDeal, c, o.Name(), s.Name())
				}
			}
		}
		seen |= h
	}
	for s := North; s <= West; s++ {
		if n := d[s].Len(); n != 13 {
			return fmt.Errorf("%w: %s has %d cards, want 13", ErrInvalidDeal, s.Name(), n)
		}
	}
	return nil
}

// Holder returns the seat holding c, and false if no hand holds it.
func (d Deal) Holder(c Card) (Seat, bool) {
	for s := North; s <= West; s++ {
		if d[s].Has(c) {
			return s, true
		}
	}
	return 0, false
}

// String returns the deal in PBN notation starting with North:
// "N:AKQ2.JT9.876.543 …". An empty hand is written "-" unless the whole
// deal has no cards left, in which case each hand is "..." (all voids).
func (d Deal) String() string { return d.Format(North) }

// Format returns the deal in PBN notation starting with the given seat.
func (d Deal) Format(first Seat) string {
	var b strings.Builder
	b.WriteString(first.String())
	b.WriteByte(':')
	for i := 0; i < NumSeats; i++ {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(d[(first+Seat(i))&3].String())
	}
	return b.String()
}

// ParseDeal reads a deal in PBN notation: a seat letter, a colon, then the
// four hands clockwise from that seat separated by spaces, each as in
// ParseHand; a hand may be "-" for unknown (left empty). The letter case of
// ranks and the seat is not significant. It checks that no card is given
// twice but not that the deal is complete (see Validate).
func ParseDeal(s string) (Deal, error) {
	var d Deal
	t := strings.TrimSpace(s)
	if len(t) < 2 || t[1] != ':' {
		return d, fmt.Errorf("bridge: deal %q: want a seat and a colon first, e.g. N:", s)
	}
	first, err := ParseSeat(t[:1])
	if err != nil {
		return d, fmt.Errorf("bridge: deal %q: %w", s, err)
	}
	hands := strings.Fields(t[2:])
	if len(hands) != NumSeats {
		return d, fmt.Errorf("bridge: deal %q: want 4 hands, got %d", s, len(hands))
	}
	var seen Hand
	for i, hs := range hands {
		seat := (first + Seat(i)) & 3
		if hs == "-" {
			continue
		}
		h, err := ParseHand(hs)
		if err != nil {
			return d, fmt.Errorf("bridge: deal: %s's hand: %w", seat.Name(), err)
		}
		if both := seen & h; both != 0 {
			return d, fmt.Errorf("bridge: deal %q: %s is given to %s and another hand", s, both.Cards()[0], seat.Name())
		}
		seen |= h
		d[seat] = h
	}
	return d, nil
}
