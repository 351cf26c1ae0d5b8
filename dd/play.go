package dd

import (
	"context"
	"fmt"

	"github.com/bridgetd/bridgetd/bridge"
)

// PlayRecord is the play of a deal (complete, or any ending whose four hands
// hold as many cards): the trump strain, declarer, and the cards played
// from the opening lead by declarer's left-hand opponent, in order; it may
// stop before the end (a claim, or a record cut short).
type PlayRecord struct {
	Deal     bridge.Deal
	Strain   bridge.Strain
	Declarer bridge.Seat
	Cards    []bridge.Card
}

// PlayedCard is one card of a play record with its double-dummy value.
type PlayedCard struct {
	Seat bridge.Seat
	Card bridge.Card
	// Tricks is declarer's in all after the card: the tricks declarer's
	// side has won, plus those it takes from then on with best play by
	// both sides.
	Tricks int
	// Cost is the number of tricks the card cost the side that played it
	// against its best card: the fall in Tricks for a card of declarer's
	// side, the rise for a defender's. Zero for a card as good as any.
	Cost int
}

// PlayAnalysis is the double-dummy record of a play: declarer's tricks
// with best play before the opening lead (the double-dummy table's figure
// for a whole deal) and after every card.
type PlayAnalysis struct {
	Start int
	Cards []PlayedCard
}

// Costly returns the cards that cost their side a trick or more.
func (a PlayAnalysis) Costly() []PlayedCard {
	var out []PlayedCard
	for _, c := range a.Cards {
		if c.Cost > 0 {
			out = append(out, c)
		}
	}
	return out
}

// AnalysePlay returns declarer's double-dummy tricks before the opening
// lead and after every card of the record, marking the cards that cost a
// trick (as DDS's AnalysePlay does). A card that is not the player's, or
// that revokes, stops the analysis with an error naming it and its place
// in the record (ErrInvalidPosition). Cancelling ctx stops it too.
func (s *Solver) AnalysePlay(ctx context.Context, r PlayRecord) (PlayAnalysis, error) {
	p := Position{Hands: r.Deal, Trump: r.Strain, Leader: r.Declarer.LHO()}
	if err := p.Validate(); err != nil {
		return PlayAnalysis{}, err
	}
	decl := r.Declarer.Side()
	// declTricks returns declarer's tricks in all from the position: won so
	// far and the double-dummy value of the rest.
	declTricks := func(p Position, won int) (int, error) {
		if p.Tricks() == 0 {
			return won, nil
		}
		v, err := s.TricksContext(ctx, p)
		if err != nil {
			return 0, err
		}
		if p.Turn().Side() != decl {
			v = p.Tricks() - v
		}
		return won + v, nil
	}
	start, err := declTricks(p, 0)
	if err != nil {
		return PlayAnalysis{}, err
	}
	a := PlayAnalysis{Start: start, Cards: make([]PlayedCard, 0, len(r.Cards))}
	var trick [4]bridge.Card
	var won [2]int
	prev := start
	for i, c := range r.Cards {
		seat := p.Turn()
		h := p.Hands[seat]
		switch {
		case !h.Has(c):
			return PlayAnalysis{}, fmt.Errorf("%w: card %d, %s: %s does not hold it", ErrInvalidPosition, i+1, c, seat.Name())
		case len(p.Trick) > 0 && c.Suit() != p.Trick[0].Suit() && h.InSuit(p.Trick[0].Suit()) != 0:
			return PlayAnalysis{}, fmt.Errorf("%w: card %d, %s: %s must follow to %s", ErrInvalidPosition, i+1, c, seat.Name(), p.Trick[0])
		}
		p.Hands[seat] = h.Without(c)
		n := len(p.Trick)
		trick[n] = c
		p.Trick = trick[:n+1]
		if n == 3 {
			t := bridge.Trick{Leader: p.Leader, Cards: trick, N: 4}
			w := t.Winner(r.Strain)
			won[w.Side()]++
			p.Leader, p.Trick = w, trick[:0]
		}
		v, err := declTricks(p, won[decl])
		if err != nil {
			return PlayAnalysis{}, fmt.Errorf("card %d, %s: %w", i+1, c, err)
		}
		cost := prev - v
		if seat.Side() != decl {
			cost = v - prev
		}
		a.Cards = append(a.Cards, PlayedCard{Seat: seat, Card: c, Tricks: v, Cost: cost})
		prev = v
	}
	return a, nil
}
