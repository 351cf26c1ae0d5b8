package bridge

import (
	"errors"
	"fmt"
	"strings"
)

// Strain is a denomination: the four suits and no trump, in ascending order
// (Law 18E: clubs, diamonds, hearts, spades, no trump).
type Strain uint8

// The strains, in ascending order. The suit strains equal their Suit values.
const (
	ClubsStrain Strain = iota
	DiamondsStrain
	HeartsStrain
	SpadesStrain
	NoTrump
)

// NumStrains is the number of denominations.
const NumStrains = 5

// IsSuit reports whether the strain is a suit (not no trump).
func (t Strain) IsSuit() bool { return t < NoTrump }

// Suit returns the suit of a suit strain; for NoTrump it returns false.
func (t Strain) Suit() (Suit, bool) { return Suit(t), t < NoTrump }

// String returns the symbol: ♣ ♦ ♥ ♠ or NT.
func (t Strain) String() string {
	switch {
	case t < NoTrump:
		return Suit(t).String()
	case t == NoTrump:
		return "NT"
	}
	return fmt.Sprintf("Strain(%d)", uint8(t))
}

// ASCII returns the strain as PBN writes it: C, D, H, S or NT.
func (t Strain) ASCII() string {
	switch {
	case t < NoTrump:
		return string(Suit(t).Letter())
	case t == NoTrump:
		return "NT"
	}
	return "?"
}

// ParseStrain reads a strain: a suit letter or symbol, or NT, N, SA (sans
// atout), in either case.
func ParseStrain(s string) (Strain, error) {
	switch strings.ToUpper(strings.TrimSpace(s)) {
	case "NT", "N", "SA", "NOTRUMP", "NO TRUMP":
		return NoTrump, nil
	}
	su, err := ParseSuit(s)
	if err != nil {
		return 0, fmt.Errorf("bridge: %q is not a strain (want C, D, H, S or NT)", s)
	}
	return su.Strain(), nil
}

// Call is a call in the auction (Law 18–19): Pass, Double, Redouble or a bid.
// Bids are ordered so that a higher Call value is a higher bid (Law 18B).
// The zero Call is Pass.
type Call uint8

// The calls that are not bids.
const (
	Pass     Call = 0
	Double   Call = 1
	Redouble Call = 2
	firstBid Call = 3
	lastBid  Call = firstBid + 7*NumStrains - 1
)

// Bid returns the bid of the given level (1–7) and strain. It panics on a
// level outside 1–7, a programming error; parse user input with ParseCall.
func Bid(level int, t Strain) Call {
	if level < 1 || level > 7 || t >= NumStrains {
		panic(fmt.Sprintf("bridge.Bid(%d, %d): no such bid", level, t))
	}
	return firstBid + Call((level-1)*NumStrains) + Call(t)
}

// IsBid reports whether c is a bid.
func (c Call) IsBid() bool { return c >= firstBid && c <= lastBid }

// Valid reports whether c is one of the 38 calls.
func (c Call) Valid() bool { return c <= lastBid }

// Level returns the level of a bid (1–7), or 0 for Pass, Double, Redouble.
func (c Call) Level() int {
	if !c.IsBid() {
		return 0
	}
	return int(c-firstBid)/NumStrains + 1
}

// Strain returns the strain of a bid (meaningless for other calls).
func (c Call) Strain() Strain {
	if !c.IsBid() {
		return 0
	}
	return Strain((c - firstBid) % NumStrains)
}

// String returns the call as players write it: Pass, X, XX, 1♣, 3NT.
func (c Call) String() string {
	switch {
	case c == Pass:
		return "Pass"
	case c == Double:
		return "X"
	case c == Redouble:
		return "XX"
	case c.IsBid():
		return fmt.Sprintf("%d%s", c.Level(), c.Strain())
	}
	return fmt.Sprintf("Call(%d)", uint8(c))
}

// ASCII returns the call in PBN notation: Pass, X, XX, 1C, 3NT.
func (c Call) ASCII() string {
	if c.IsBid() {
		return fmt.Sprintf("%d%s", c.Level(), c.Strain().ASCII())
	}
	return c.String()
}

// Calls returns all 38 calls in ascending order: Pass, X, XX, 1♣ … 7NT.
func Calls() []Call {
	out := make([]Call, 0, lastBid+1)
	for c := Pass; c <= lastBid; c++ {
		out = append(out, c)
	}
	return out
}

// ErrNotACall is wrapped when text is not a call at all.
var ErrNotACall = errors.New("not a call")

// ParseCall reads a call written the way players and programs do: P, Pass,
// X, D, Dbl, XX, R, Rdbl, and bids such as 1NT, 1N, 1♠, 1S, 3sa (either case).
// A bid at level 8 or higher returns an error wrapping ErrBidAboveSeven
// (Law 38), so a laws engine can rule on it; "AP" (all pass) is not a single
// call and is refused here.
func ParseCall(s string) (Call, error) {
	t := strings.TrimSpace(s)
	switch strings.ToUpper(t) {
	case "P", "PASS", "PA", "NB", "-":
		return Pass, nil
	case "X", "D", "DBL", "DOUBLE":
		return Double, nil
	case "XX", "R", "RDBL", "REDOUBLE":
		return Redouble, nil
	case "AP":
		return 0, fmt.Errorf("bridge: %q means all pass, not a single call: %w", s, ErrNotACall)
	}
	if t == "" {
		return 0, fmt.Errorf("bridge: empty call: %w", ErrNotACall)
	}
	i := 0
	for i < len(t) && t[i] >= '0' && t[i] <= '9' {
		i++
	}
	if i == 0 || i > 2 {
		return 0, fmt.Errorf("bridge: %q: %w (want Pass, X, XX or a bid such as 1NT)", s, ErrNotACall)
	}
	level := int(t[0] - '0')
	if i == 2 {
		level = level*10 + int(t[1]-'0')
	}
	strain, err := ParseStrain(t[i:])
	if err != nil {
		return 0, fmt.Errorf("bridge: %q: %w (want a strain after the level)", s, ErrNotACall)
	}
	if level < 1 {
		return 0, fmt.Errorf("bridge: %q: level %d: %w", s, level, ErrNotACall)
	}
	if level > 7 {
		return 0, &CallError{Call: Pass, Index: -1, Text: t, Err: ErrBidAboveSeven}
	}
	return Bid(level, strain), nil
}
