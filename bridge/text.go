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

func (e *TextError) Error() string {
	return fmt.Sprintf("bridge: %s %q: %s", e.Kind, e.Text, strings.TrimPrefix(e.Err.Error(), "bridge: "))
}

func (e *TextError) Unwrap() error { return e.Err }

// ErrBadValue is wrapped by a TextError whose text is not a value at all
// and whose parser gave no sentinel of its own.
var ErrBadValue = errors.New("not a valid value")

func textErr(kind string, b []byte, err error) error {
	if err == nil {
		err = ErrBadValue
	}
	return &TextError{Kind: kind, Text: string(b), Err: err}
}

// validText refuses a value that has no text form: marshalling it would
// write something no parser reads back.
func validText(kind string, ok bool, v any) error {
	if !ok {
		return fmt.Errorf("bridge: cannot marshal %s %v: %w", kind, v, ErrBadValue)
	}
	return nil
}

// MarshalText writes the seat's initial: N, E, S or W.
func (s Seat) MarshalText() ([]byte, error) {
	if err := validText("seat", s < NumSeats, uint8(s)); err != nil {
		return nil, err
	}
	return []byte(s.String()), nil
}

// UnmarshalText reads a seat as ParseSeat does (N or North, either case).
func (s *Seat) UnmarshalText(b []byte) error {
	v, err := ParseSeat(string(b))
	if err != nil {
		return textErr("seat", b, err)
	}
	*s = v
	return nil
}

// MarshalText writes NS or EW.
func (s Side) MarshalText() ([]byte, error) {
	if err := validText("side", s <= EW, uint8(s)); err != nil {
		return nil, err
	}
	return []byte(s.String()), nil
}

// UnmarshalText reads a side as ParseSide does (NS, N-S, EW, E-W).
func (s *Side) UnmarshalText(b []byte) error {
	v, err := ParseSide(string(b))
	if err != nil {
		return textErr("side", b, err)
	}
	*s = v
	return nil
}

// MarshalText writes the suit symbol: ♣ ♦ ♥ ♠.
func (s Suit) MarshalText() ([]byte, error) {
	if err := validText("suit", s < NumSuits, uint8(s)); err != nil {
		return nil, err
	}
	return []byte(s.String()), nil
}

// UnmarshalText reads a suit as ParseSuit does (S or ♠, either case).
func (s *Suit) UnmarshalText(b []byte) error {
	v, err := ParseSuit(string(b))
	if err != nil {
		return textErr("suit", b, err)
	}
	*s = v
	return nil
}

// MarshalText writes the rank as one character: 2–9, T, J, Q, K, A.
func (r Rank) MarshalText() ([]byte, error) {
	if err := validText("rank", r.Valid(), uint8(r)); err != nil {
		return nil, err
	}
	return []byte(r.String()), nil
}

// UnmarshalText reads a rank as ParseRank does (10 or T).
func (r *Rank) UnmarshalText(b []byte) error {
	v, err := ParseRank(string(b))
	if err != nil {
		return textErr("rank", b, err)
	}
	*r = v
	return nil
}

// MarshalText writes the strain: ♣ ♦ ♥ ♠ or NT.
func (t Strain) MarshalText() ([]byte, error) {
	if err := validText("strain", t < NumStrains, uint8(t)); err != nil {
		return nil, err
	}
	return []byte(t.String()), nil
}

// UnmarshalText reads a strain as ParseStrain does (S, ♠, NT, N).
func (t *Strain) UnmarshalText(b []byte) error {
	v, err := ParseStrain(string(b))
	if err != nil {
		return textErr("strain", b, err)
	}
	*t = v
	return nil
}

// MarshalText writes the card suit first: ♠K, ♦T.
func (c Card) MarshalText() ([]byte, error) {
	if err := validText("card", c.Valid(), uint8(c)); err != nil {
		return nil, err
	}
	return []byte(c.String()), nil
}

// UnmarshalText reads a card as ParseCard does (SK, ♠K, S10, KS).
func (c *Card) UnmarshalText(b []byte) error {
	v, err := ParseCard(string(b))
	if err != nil {
		return textErr("card", b, err)
	}
	*c = v
	return nil
}

// MarshalText writes the call: Pass, X, XX, 1♣, 3NT.
func (c Call) MarshalText() ([]byte, error) {
	if err := validText("call", c.Valid(), uint8(c)); err != nil {
		return nil, err
	}
	return []byte(c.String()), nil
}

// UnmarshalText reads one call as ParseCall does (P, X, XX, 1S, 1♠, 3N); a
// bid above seven is refused wrapping ErrBidAboveSeven.
func (c *Call) UnmarshalText(b []byte) error {
	v, err := ParseCall(string(b))
	if err != nil {
		return textErr("call", b, err)
	}
	*c = v
	return nil
}

// MarshalText writes the contract: 4♠X, 3NT, Pass.
func (c Contract) MarshalText() ([]byte, error) {
	if err := validText("contract", c.Valid(), fmt.Sprintf("%+v", c)); err != nil {
		return nil, err
	}
	return []byte(c.String()), nil
}

// UnmarshalText reads a contract as ParseContract does (4SX, 4♠X, 3N, Pass).
func (c *Contract) UnmarshalText(b []byte) error {
	v, err := ParseContract(string(b))
	if err != nil {
		return textErr("contract", b, err)
	}
	*c = v
	return nil
}

// MarshalText writes None, NS, EW or All.
func (v Vulnerability) MarshalText() ([]byte, error) {
	if err := validText("vulnerability", v <= AllVul, uint8(v)); err != nil {
		return nil, err
	}
	return []byte(v.String()), nil
}

// UnmarshalText reads a vulnerability as ParseVulnerability does (None,
// Love, NS, EW, All, Both).
func (v *Vulnerability) UnmarshalText(b []byte) error {
	x, err := ParseVulnerability(string(b))
	if err != nil {
		return textErr("vulnerability", b, err)
	}
	*v = x
	return nil
}

// MarshalText writes the hand in PBN notation, e.g. AKQ2.JT9.876.543.
func (h Hand) MarshalText() ([]byte, error) {
	if err := validText("hand", h.Valid(), uint64(h)); err != nil {
		return nil, err
	}
	return []byte(h.String()), nil
}

// UnmarshalText reads a hand as ParseHand does (10 accepted for T).
func (h *Hand) UnmarshalText(b []byte) error {
	v, err := ParseHand(string(b))
	if err != nil {
		return textErr("hand", b, err)
	}
	*h = v
	return nil
}

// MarshalText writes the deal in PBN notation from North: "N:AKQ2.… …".
func (d Deal) MarshalText() ([]byte, error) {
	for _, h := range d {
		if err := validText("deal", h.Valid(), d); err != nil {
			return nil, err
		}
	}
	return []byte(d.String()), nil
}

// UnmarshalText reads a deal as ParseDeal does (any first seat, "-" for an
// unknown hand). It does not require a complete deal: see Validate.
func (d *Deal) UnmarshalText(b []byte) error {
	v, err := ParseDeal(string(b))
	if err != nil {
		return textErr("deal", b, err)
	}
	*d = v
	return nil
}
