package bridge

import (
	"errors"
	"fmt"
)

// Errors for plays the legal play refuses.
var (
	// ErrNotHeld: the card is not in the hand of the player in turn.
	ErrNotHeld = errors.New("card not held by the player in turn")
	// ErrMustFollow: a player able to follow suit must do so (Law 44C);
	// playing otherwise is a revoke (Law 61).
	ErrMustFollow = errors.New("must follow suit (Law 44C)")
	// ErrPlayEnded: all thirteen tricks have been played.
	ErrPlayEnded = errors.New("play has ended")
	// ErrOutOfTurn: the card was played by a seat not in turn (Law 44B, 53–57).
	ErrOutOfTurn = errors.New("play out of turn (Law 44B)")
)

// Trick is a trick of up to four cards, played clockwise from Leader.
type Trick struct {
	Leader Seat
	Cards  [NumSeats]Card // in the order played
	N      int            // number of cards played so far
}

// Complete reports whether all four cards have been played.
func (t *Trick) Complete() bool { return t.N == NumSeats }

// Player returns the seat that plays (or played) the i-th card of the trick.
func (t *Trick) Player(i int) Seat { return (t.Leader + Seat(i)) & 3 }

// Led returns the suit led; valid once a card is played.
func (t *Trick) Led() Suit { return t.Cards[0].Suit() }

// Winner returns the seat winning the trick so far: the highest trump if
// any was played, otherwise the highest card of the suit led (Law 44E–F).
func (t *Trick) Winner(trump Strain) Seat {
	best := 0
	for i := 1; i < t.N; i++ {
		if Beats(t.Cards[i], t.Cards[best], trump) {
			best = i
		}
	}
	return t.Player(best)
}

// Beats reports whether card a, played to a trick after b, beats b: a
// higher card of b's suit, or a trump over a card of another suit (Law 44E–F).
func Beats(a, b Card, trump Strain) bool {
	if a.Suit() == b.Suit() {
		return a.Rank() > b.Rank()
	}
	return trump.IsSuit() && a.Suit() == Suit(trump)
}

// String returns the cards of the trick, e.g. "N: ♠A ♠3 ♠K ♠2".
func (t *Trick) String() string {
	s := t.Leader.String() + ":"
	for i := 0; i < t.N; i++ {
		s += " " + t.Cards[i].String()
	}
	return s
}

// Play is the legal play of a deal (Laws 41–44): the opening lead by
// declarer's LHO, following suit, each trick won by the highest trump or the
// highest card of the suit led, the winner leading next.
type Play struct {
	Contract Contract
	Declarer Seat
	hands    Deal // cards not yet played
	tricks   []Trick
	won      [2]int // tricks won by NS and EW
}

// NewPlay starts the play of deal d in contract c by declarer. The deal must
// be complete; the opening lead is made by declarer's LHO (Law 41C).
func NewPlay(d Deal, c Contract, declarer Seat) (*Play, error) {
	if err := d.Validate(); err != nil {
		return nil, err
	}
	if c.IsPassedOut() || !c.Valid() {
		return nil, fmt.Errorf("bridge: play: contract %v cannot be played", c)
	}
	p := &Play{Contract: c, Declarer: declarer, hands: d}
	p.tricks = append(p.tricks, Trick{Leader: declarer.LHO()})
	return p, nil
}

// Dummy returns declarer's partner.
func (p *Play) Dummy() Seat { return p.Declarer.Partner() }

// Hand returns the unplayed cards of a seat.
func (p *Play) Hand(s Seat) Hand { return p.hands[s] }

// Remaining returns the unplayed cards of all four seats.
func (p *Play) Remaining() Deal { return p.hands }

// Ended reports whether all thirteen tricks have been played.
func (p *Play) Ended() bool { return len(p.tricks) == 13 && p.tricks[12].Complete() }

// Current returns the trick in progress (or the last, once play has ended).
func (p *Play) Current() Trick { return p.tricks[len(p.tricks)-1] }

// Tricks returns the tricks played so far, the last possibly incomplete.
func (p *Play) Tricks() []Trick { return append([]Trick(nil), p.tricks...) }

// Turn returns the seat to play next (declarer plays dummy's cards, but the
// turn is dummy's seat).
func (p *Play) Turn() Seat {
	t := p.Current()
	return t.Player(t.N)
}

// Won returns the number of completed tricks won by the side.
func (p *Play) Won(s Side) int { return p.won[s] }

// DeclarerTricks returns the tricks won so far by declarer's side.
func (p *Play) DeclarerTricks() int { return p.won[p.Declarer.Side()] }

// Check reports whether seat may legally play c now, without playing it.
func (p *Play) Check(seat Seat, c Card) error {
	fail := func(err error) error { return fmt.Errorf("bridge: %s plays %s: %w", seat, c, err) }
	switch {
	case p.Ended():
		return fail(ErrPlayEnded)
	case seat != p.Turn():
		return fail(ErrOutOfTurn)
	case !p.hands[seat].Has(c):
		return fail(ErrNotHeld)
	}
	t := p.Current()
	if t.N > 0 && c.Suit() != t.Led() && p.hands[seat].InSuit(t.Led()) != 0 {
		return fail(ErrMustFollow)
	}
	return nil
}

// LegalCards returns the cards the player in turn may play.
func (p *Play) LegalCards() Hand {
	if p.Ended() {
		return 0
	}
	h := p.hands[p.Turn()]
	if t := p.Current(); t.N > 0 {
		if f := h.InSuit(t.Led()); f != 0 {
			return f
		}
	}
	return h
}

// Play plays card c for the seat in turn. It returns an error (and changes
// nothing) if the play is not legal.
func (p *Play) Play(c Card) error {
	seat := p.Turn()
	if err := p.Check(seat, c); err != nil {
		return err
	}
	p.hands[seat] = p.hands[seat].Without(c)
	t := &p.tricks[len(p.tricks)-1]
	t.Cards[t.N] = c
	t.N++
	if t.Complete() {
		w := t.Winner(p.Contract.Strain)
		p.won[w.Side()]++
		if len(p.tricks) < 13 {
			p.tricks = append(p.tricks, Trick{Leader: w})
		}
	}
	return nil
}
