package bridge

import (
	"errors"
	"fmt"
	"strings"
)

// Sentinel errors for calls the legal auction refuses. Each names the law it
// breaks; the laws engine rectifies them under the law given in brackets.
var (
	// ErrInsufficientBid: a bid must name more tricks, or the same number in
	// a higher strain, than the last bid (Law 18B–D; rectified by Law 27).
	ErrInsufficientBid = errors.New("insufficient bid (Law 18D)")
	// ErrInadmissibleDouble: a player may double only the last bid, made by
	// an opponent, with no calls but passes since (Law 19A; rectified by Law 36).
	ErrInadmissibleDouble = errors.New("inadmissible double (Law 19A)")
	// ErrInadmissibleRedouble: a player may redouble only the last double,
	// made by an opponent, with no calls but passes since (Law 19B; Law 36).
	ErrInadmissibleRedouble = errors.New("inadmissible redouble (Law 19B)")
	// ErrBidAboveSeven: no bid may name more than seven odd tricks (Law 38).
	ErrBidAboveSeven = errors.New("bid above seven (Law 38)")
	// ErrAuctionEnded: no call may be made after the final pass (Law 17E, 22;
	// rectified by Law 39).
	ErrAuctionEnded = errors.New("call after the final pass (Law 17E)")
	// ErrInvalidCall: the value is not one of the 38 calls.
	ErrInvalidCall = errors.New("not a valid call")
)

// CallError reports a call the auction refused: who made it, which call,
// at which position, and the rule broken (one of the sentinel errors).
type CallError struct {
	Seat  Seat   // the player who made the call
	Call  Call   // the call refused (Pass when the text was a bid above seven)
	Index int    // position the call would have taken in the auction; -1 if unknown
	Text  string // the call as written, when it could not be represented
	Err   error  // the rule broken
}

// Error says who made which call and the rule it breaks.
func (e *CallError) Error() string {
	what := e.Call.String()
	if e.Text != "" {
		what = e.Text
	}
	if e.Index < 0 {
		return fmt.Sprintf("bridge: %s: %v", what, e.Err)
	}
	return fmt.Sprintf("bridge: %s's %s (call %d): %v", e.Seat, what, e.Index+1, e.Err)
}

// Unwrap returns the rule broken.
func (e *CallError) Unwrap() error { return e.Err }

// Auction is the sequence of calls made legally, in rotation, starting with
// the dealer (Law 17). Its zero value is an auction dealt by North.
type Auction struct {
	Dealer Seat
	Calls  []Call
}

// NewAuction returns an empty auction with the given dealer.
func NewAuction(dealer Seat) *Auction { return &Auction{Dealer: dealer} }

// Turn returns the seat whose turn it is to call (Law 17C).
func (a *Auction) Turn() Seat { return a.SeatOf(len(a.Calls)) }

// SeatOf returns the seat that makes (or made) the i-th call, counting from 0.
func (a *Auction) SeatOf(i int) Seat { return (a.Dealer + Seat(i&3)) & 3 }

// Ended reports whether the auction is over: four passes, or three passes
// in rotation after any call (Law 17E).
func (a *Auction) Ended() bool {
	n := len(a.Calls)
	return n >= 4 && a.Calls[n-1] == Pass && a.Calls[n-2] == Pass && a.Calls[n-3] == Pass
}

// PassedOut reports whether all four players passed; the deal is not redealt
// and scores zero (Law 22A).
func (a *Auction) PassedOut() bool {
	return len(a.Calls) == 4 && a.Ended() && a.Calls[0] == Pass
}

// LastBid returns the last bid and its index, or false if there is none.
func (a *Auction) LastBid() (Call, int, bool) {
	for i := len(a.Calls) - 1; i >= 0; i-- {
		if a.Calls[i].IsBid() {
			return a.Calls[i], i, true
		}
	}
	return Pass, -1, false
}

// lastNonPass returns the index of the last call that is not a pass, or -1.
func (a *Auction) lastNonPass() int {
	for i := len(a.Calls) - 1; i >= 0; i-- {
		if a.Calls[i] != Pass {
			return i
		}
	}
	return -1
}

// Check returns nil if c would be a legal call by the player in turn, or a
// *CallError wrapping the rule it breaks.
func (a *Auction) Check(c Call) error {
	return a.checkAt(c, len(a.Calls))
}

func (a *Auction) checkAt(c Call, i int) error {
	fail := func(err error) error { return &CallError{Seat: a.SeatOf(i), Call: c, Index: i, Err: err} }
	switch {
	case !c.Valid():
		return fail(ErrInvalidCall)
	case a.Ended():
		return fail(ErrAuctionEnded)
	case c.IsBid():
		if last, _, ok := a.LastBid(); ok && c <= last {
			return fail(ErrInsufficientBid)
		}
	case c == Double:
		j := a.lastNonPass()
		// Law 19A1: the last call other than pass must be a bid by an opponent.
		if j < 0 || !a.Calls[j].IsBid() || a.SeatOf(j).Side() == a.SeatOf(i).Side() {
			return fail(ErrInadmissibleDouble)
		}
	case c == Redouble:
		j := a.lastNonPass()
		// Law 19B1: the last call other than pass must be a double by an opponent.
		if j < 0 || a.Calls[j] != Double || a.SeatOf(j).Side() == a.SeatOf(i).Side() {
			return fail(ErrInadmissibleRedouble)
		}
	}
	return nil
}

// Append makes call c for the player in turn if it is legal, and returns the
// *CallError otherwise (the auction is then unchanged).
func (a *Auction) Append(c Call) error {
	if err := a.Check(c); err != nil {
		return err
	}
	a.Calls = append(a.Calls, c)
	return nil
}

// LegalCalls returns the calls the player in turn may make, ascending.
func (a *Auction) LegalCalls() []Call {
	var out []Call
	for c := Pass; c <= lastBid; c++ {
		if a.Check(c) == nil {
			out = append(out, c)
		}
	}
	return out
}

// Contract returns the final contract and its declarer once the auction has
// ended: the last bid, doubled or redoubled if so, played by the first player
// of the declaring side to name its strain (Law 22). A passed-out auction
// returns the zero Contract (Level 0). ok is false while the auction goes on.
func (a *Auction) Contract() (c Contract, declarer Seat, ok bool) {
	if !a.Ended() {
		return Contract{}, 0, false
	}
	bid, at, found := a.LastBid()
	if !found {
		return Contract{}, 0, true
	}
	c = Contract{Level: uint8(bid.Level()), Strain: bid.Strain()}
	for _, x := range a.Calls[at+1:] {
		switch x {
		case Double:
			c.Risk = Doubled
		case Redouble:
			c.Risk = Redoubled
		}
	}
	side := a.SeatOf(at).Side()
	for i, x := range a.Calls {
		if x.IsBid() && x.Strain() == c.Strain && a.SeatOf(i).Side() == side {
			return c, a.SeatOf(i), true
		}
	}
	return c, a.SeatOf(at), true // unreachable: the last bid itself qualifies
}

// String returns the calls separated by spaces, e.g. "1NT Pass 3NT Pass Pass Pass".
func (a *Auction) String() string {
	parts := make([]string, len(a.Calls))
	for i, c := range a.Calls {
		parts[i] = c.String()
	}
	return strings.Join(parts, " ")
}
