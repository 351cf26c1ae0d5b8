package bridge

import (
	"errors"
	"fmt"
	"strings"
)

// Text forms of the core values (encoding.TextMarshaler and
// encoding.TextUnmarshaler), so that JSON, the event file and any other
// text format carry them as values, not as strings parsed again at every
// edge. Marshalling writes players' notation, as String does (N, NS, ♠,
// NT, ♠K, 4♠X, None, a PBN deal); unmarshalling accepts everything the
// matching Parse function accepts, the ASCII forms users type included
// (S, 4SX, 10 or T), and refuses anything else, trailing text included,
// with a *TextError naming the kind of value and the text.

// TextError is the error of every UnmarshalText in this package: Kind names
// the value ("seat", "card", "contract", …), Text is the text refused and
// Err the parser's reason. Decoders that know the field (a JSON key, a
// file line) wrap it with that context.
type TextError struct {
	Kind string
	Text string
	Err  error
}

// Error names the kind of value, the text and the reason.
func (e *TextError) Error() string {
	return fmt.Sprintf("bridge: %s %q: %s", e.Kind, e.Text, strings.TrimPrefix(e.Err.Error(), "bridge: "))
}

// Unwrap returns the parser's error (ErrBidAboveSeven for a bid above
// seven, for example).
func (e *TextError) Unwrap() error { return e.Err }

// ErrBadValue is wrapped by MarshalText's error for a value outside its
// range (Seat(7), Card(0)), which has no text form.
var ErrBadValue = errors.New("not a valid value")

func textErr(kind string, b []byte, err error) error {
	return &TextError{Kind: kind, Text: string(b), Err: err}
}

// marshalText writes v's String form, refusing a value that has none
// (ok false): marshalling it would write text no parser reads back.
func marshalText(kind string, ok bool, v fmt.Stringer) ([]byte, error) {
	if !ok {
		return nil, fmt.Errorf("bridge: cannot marshal %s %v: %w", kind, v, ErrBadValue)
	}
	return []byte(v.String()), nil
}

// unmarshalText reads b with parse into *dst, or returns a TextError.
func unmarshalText[T any](dst *T, kind string, b []byte, parse func(string) (T, error)) error {
	v, err := parse(string(b))
	if err != nil {
		return textErr(kind, b, err)
	}
	*dst = v
	return nil
}

// MarshalText writes the seat's initial: N, E, S or W.
func (s Seat) MarshalText() ([]byte, error) { return marshalText("seat", s < NumSeats, s) }

// UnmarshalText reads a seat as ParseSeat does (N or North, either case).
func (s *Seat) UnmarshalText(b []byte) error { return unmarshalText(s, "seat", b, ParseSeat) }

// MarshalText writes NS or EW.
func (s Side) MarshalText() ([]byte, error) { return marshalText("side", s <= EW, s) }

// UnmarshalText reads a side as ParseSide does (NS, N-S, EW, E-W).
func (s *Side) UnmarshalText(b []byte) error { return unmarshalText(s, "side", b, ParseSide) }

// MarshalText writes the suit symbol: ♣ ♦ ♥ ♠.
func (s Suit) MarshalText() ([]byte, error) { return marshalText("suit", s < NumSuits, s) }

// UnmarshalText reads a suit as ParseSuit does (S or ♠, either case).
func (s *Suit) UnmarshalText(b []byte) error { return unmarshalText(s, "suit", b, ParseSuit) }

// MarshalText writes the rank as one character: 2–9, T, J, Q, K, A.
func (r Rank) MarshalText() ([]byte, error) { return marshalText("rank", r.Valid(), r) }

// UnmarshalText reads a rank as ParseRank does (10 or T).
func (r *Rank) UnmarshalText(b []byte) error { return unmarshalText(r, "rank", b, ParseRank) }

// MarshalText writes the strain: ♣ ♦ ♥ ♠ or NT.
func (t Strain) MarshalText() ([]byte, error) { return marshalText("strain", t < NumStrains, t) }

// UnmarshalText reads a strain as ParseStrain does (S, ♠, NT, N).
func (t *Strain) UnmarshalText(b []byte) error { return unmarshalText(t, "strain", b, ParseStrain) }

// MarshalText writes the card suit first: ♠K, ♦T.
func (c Card) MarshalText() ([]byte, error) { return marshalText("card", c.Valid(), c) }

// UnmarshalText reads a card as ParseCard does (SK, ♠K, S10, KS).
func (c *Card) UnmarshalText(b []byte) error { return unmarshalText(c, "card", b, ParseCard) }

// MarshalText writes the call: Pass, X, XX, 1♣, 3NT.
func (c Call) MarshalText() ([]byte, error) { return marshalText("call", c.Valid(), c) }

// UnmarshalText reads one call as ParseCall does (P, X, XX, 1S, 1♠, 3N); a
// bid above seven is refused wrapping ErrBidAboveSeven.
func (c *Call) UnmarshalText(b []byte) error { return unmarshalText(c, "call", b, ParseCall) }

// MarshalText writes the contract: 4♠X, 3NT, Pass.
func (c Contract) MarshalText() ([]byte, error) { return marshalText("contract", c.Valid(), c) }

// UnmarshalText reads a contract as ParseContract does (4SX, 4♠X, 3N, Pass).
func (c *Contract) UnmarshalText(b []byte) error {
	return unmarshalText(c, "contract", b, ParseContract)
}

// MarshalText writes None, NS, EW or All.
func (v Vulnerability) MarshalText() ([]byte, error) {
	return marshalText("vulnerability", v <= AllVul, v)
}

// UnmarshalText reads a vulnerability as ParseVulnerability does (None,
// Love, NS, EW, All, Both).
func (v *Vulnerability) UnmarshalText(b []byte) error {
	return unmarshalText(v, "vulnerability", b, ParseVulnerability)
}

// MarshalText writes the hand in PBN notation, e.g. AKQ2.JT9.876.543.
func (h Hand) MarshalText() ([]byte, error) { return marshalText("hand", h.Valid(), h) }

// UnmarshalText reads a hand as ParseHand does (10 accepted for T).
func (h *Hand) UnmarshalText(b []byte) error { return unmarshalText(h, "hand", b, ParseHand) }

// MarshalText writes the deal in PBN notation from North: "N:AKQ2.… …".
func (d Deal) MarshalText() ([]byte, error) {
	ok := true
	for _, h := range d {
		ok = ok && h.Valid()
	}
	return marshalText("deal", ok, d)
}

// UnmarshalText reads a deal as ParseDeal does (any first seat, "-" for an
// unknown hand). It does not require a complete deal: see Validate.
func (d *Deal) UnmarshalText(b []byte) error { return unmarshalText(d, "deal", b, ParseDeal) }
