package laws

import (
	"fmt"
	"strings"

	"github.com/bridgetd/bridgetd/bridge"
)

// Law 24: card exposed or led during the auction (same structure in 1997
// and 2017). Every card that partner could have seen stays face up until
// the auction ends; then:
//
//   24A: a single card below honour rank, not led prematurely: no further
//        rectification.
//   24B: a single honour, or any card led prematurely: partner passes at
//        his next turn (1997 Law 23; 2017 Law 72C).
//   24C: two or more cards: partner passes at his next turn.
//   If the offender becomes a defender the cards become penalty cards
//   (1997: declarer may treat them so, Law 50; 2017 24E); if he becomes
//   declarer or dummy they go back to his hand (2017 24D). 2017 adds that
//   the information is authorised for the non-offenders only.

// Expose records that cards of seat could have been seen by his partner
// during the auction; led says a card was led prematurely.
func (t *Table) Expose(seat bridge.Seat, cards []bridge.Card, led bool) error {
	if len(cards) == 0 {
		return fmt.Errorf("laws: %w: no card exposed", ErrBadEvent)
	}
	for _, c := range cards {
		if !c.Valid() {
			return fmt.Errorf("laws: %w: %v is not a card", ErrBadEvent, c)
		}
	}
	if seat > bridge.West {
		return fmt.Errorf("laws: %w: no seat %d", ErrBadEvent, seat)
	}
	if t.leadFaced {
		return fmt.Errorf("laws: %w: the opening lead was faced; cards exposed now fall under the play laws", ErrBadEvent)
	}
	names := make([]string, len(cards))
	for k, c := range cards {
		names[k] = c.String()
	}
	what := "exposed " + strings.Join(names, " ")
	if led {
		what = "led " + strings.Join(names, " ") + " during the auction"
	}
	law := "24A"
	switch {
	case len(cards) >= 2:
		law = "24C"
	case led || cards[0].Rank() >= bridge.Ten:
		law = "24B"
	}
	r := t.newRuling(law, seat, what)
	r.summary("the card(s) stay face up on the table until the auction ends")
	if law != "24A" {
		t.bar(r, seat.Partner(), NextTurn, law)
		r.summary("the offender's partner must pass at his next turn")
	} else {
		r.summary("no further rectification")
	}
	r.Rect.PenaltyCards = append([]bridge.Card(nil), cards...)
	r.note(t.law("if the offender becomes a defender, declarer may treat every such card as a penalty card (Law 50)",
		"if the offender becomes a defender every such card becomes a penalty card (24E, Law 50); if declarer or dummy, they return to his hand (24D)"))
	if !t.is97() {
		r.Rect.Information = append(r.Rect.Information, Information{What: what, Authorised: seat.Side().Opponents(),
			Unauthorised: seat.Side(), Law: "24"})
	}
	t.st.exposed = append(t.st.exposed, exposure{seat: seat, cards: cards, ruling: r})
	return nil
}

// penaltyCards resolves Law 24 exposures once the declarer is known.
func (t *Table) penaltyCards() []PenaltyCard {
	c, decl, ok := t.contract()
	if !ok {
		return nil
	}
	var out []PenaltyCard
	for _, x := range t.st.exposed {
		if c.Level == 0 || decl.Side() == x.seat.Side() {
			continue
		}
		for _, card := range x.cards {
			out = append(out, PenaltyCard{Seat: x.seat, Card: card})
		}
	}
	return out
}
