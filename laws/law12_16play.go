package laws

import (
	"fmt"

	"github.com/bridgetd/bridgetd/bridge"
)

// The parts of Laws 12–16 that meet the play. Law 12 itself is the
// adjusted score that follows a damage check of a play ruling: the table
// answers "TD damaged" with an assigned adjusted score (2017 12C1(b);
// 1997 12C2), as for the auction (law23.go).
//
//	13 (incorrect number of cards) found during the play: 2017 13B1, 1997
//	   13A: the Director corrects the deal and play goes on, with an
//	   adjusted score at the end if the error affected the result (damage
//	   check); 2017 13B2, 1997 13B: the deal cannot be corrected: adjusted
//	   score. Found after the play (one hand had more than thirteen cards,
//	   another fewer): 2017 13D, 1997 13C: the result is cancelled, an
//	   artificial adjusted score, a procedural penalty for the offender.
//	   WrongCount. Found during the auction before a call has been made
//	   on the hand, 2017 13A: the Director corrects it and the board is
//	   played normally when no one saw another's card (13A1), else played
//	   and scored with a damage check (13A2) (Table.wrongCount).
//	14 (missing card) found during the play elsewhere than in the played
//	   cards: it is restored to the hand (14B2) and deemed to have been in
//	   it throughout (14B4): a failure to have played it can be a revoke.
//	   2017 14C: the information is unauthorised for the offender's
//	   partner. Found. A card found face up where partner could see it
//	   is a defender's penalty card (14B4 "may become a penalty card",
//	   with Law 49; FoundExposed). A card never found: the Director
//	   rebuilds the deal from another pack (14B3) and the card is restored
//	   as under 14B2, 14B4 (Replaced). A card found among the played cards
//	   is Law 67 (14B1): Extra in law65_67.go.
//	15 (wrong board) found during the play: 2017 15B (pairs and
//	   individuals): if a player had played the board before, it is
//	   cancelled for both sides (15B1) with artificial adjusted scores for
//	   those left without a result (15B3); otherwise play is completed
//	   and the score stands (15B2). 1997 15B and 15A1. WrongBoard.
//	16 (unauthorised information from partner in the play: a hesitation,
//	   a remark, a gesture): 2017 16B1, 1997 16A: partner may not choose
//	   a logical alternative it suggests; a damage check decides the
//	   adjusted score. Extraneous.

// Found records that a card missing from seat's hand was found (not among
// the played cards) and restored to it (14B2).
func (p *Play) Found(seat bridge.Seat, c bridge.Card) error { return p.restore(seat, c, "14B2", false) }

// FoundExposed records that a card missing from seat's hand was found face
// up where his partner could see it, and restored to it (14B2): a
// defender's becomes a penalty card (14B4; Law 49; 50B), declarer's and
// dummy's are not (48A).
func (p *Play) FoundExposed(seat bridge.Seat, c bridge.Card) error {
	return p.restore(seat, c, "14B2", true)
}

// Replaced records that a card missing from seat's hand could not be
// found: the Director rebuilds the deal with that card from another pack
// (14B3), and it is restored to the hand.
func (p *Play) Replaced(seat bridge.Seat, c bridge.Card) error {
	return p.restore(seat, c, "14B3", false)
}

// restore rules a card restored to a deficient hand under law (14B2 found
// elsewhere than among the played cards, 14B3 not found and replaced); a
// card found among the played cards is Law 67 (Extra). The engine's hand
// already holds it, as the deal gives it to him.
func (p *Play) restore(seat bridge.Seat, c bridge.Card, law string, exposed bool) error {
	seat &= 3
	if p.Ended() {
		return fmt.Errorf("laws: %w: a missing card found after the play is Law 13", ErrPlayOver)
	}
	if !p.hands[seat].Has(c) {
		return fmt.Errorf("laws: %w: the deal gives %s to another hand, or it was played", ErrNotHeldPlay, c)
	}
	what := fmt.Sprintf("%s's hand was a card short; %s was found and restored to it", seat, c)
	if law == "14B3" {
		what = fmt.Sprintf("%s's hand was a card short and %s could not be found: the Director rebuilt the deal with %s from another pack", seat, c, c)
	}
	r := p.newRuling(law, seat, what)
	var revs []string
	for _, rv := range p.revokes {
		if rv.Seat == seat && p.tricks[rv.Trick-1].Led() == c.Suit() {
			revs = append(revs, fmt.Sprintf("trick %d", rv.Trick))
		}
	}
	r.summary(fmt.Sprintf("%s goes back to %s's hand and is deemed to have been there all along (14B4)", c, seat))
	switch {
	case len(revs) > 0 && seat == p.Dummy():
		r.summary(fmt.Sprintf("dummy's failure to play it is a revoke (%v) with no trick transfer (64B3); the Director adjusts if the defenders were damaged (64C)", revs))
		p.check(r, "64C")
	case len(revs) > 0:
		r.summary(fmt.Sprintf("his failure to play it when he had to follow %s is a revoke (%v), ruled under Laws 62–64 (14B4)", c.Suit(), revs))
	default:
		r.summary("he had never had to play it: no revoke")
	}
	if exposed {
		if p.defender(seat) {
			// 14B4: a restored card may become a penalty card; a
			// defender's seen face up by his partner is one (Law 49).
			p.addPenalty(r, seat, c, c.Rank() >= bridge.Ten, "14B4")
			r.summary(fmt.Sprintf("it was found face up where his partner could see it: a penalty card (14B4; Law 49; 50B): %s", penaltyList(p.penalty, seat)))
		} else {
			r.summary("it was found face up, but a card of declarer's or dummy's is never a penalty card (48A)")
		}
	}
	if !p.is97() {
		r.inform(Information{What: fmt.Sprintf("%s restored to %s's hand", c, seat), Authorised: seat.Side().Opponents(),
			Unauthorised: seat.Side(), Law: "14C"})
	}
	return nil
}

// WrongCount records that seat's hand was found to hold an incorrect
// number of cards (Law 13): during the play with the Director's finding
// "correctable" or "not-correctable", or after it (finding ignored).
func (p *Play) WrongCount(seat bridge.Seat, finding string) error {
	seat &= 3
	what := fmt.Sprintf("%s's hand held an incorrect number of cards", seat)
	if p.Ended() {
		law := p.law("13C", "13D")
		r := p.newRuling(law, seat, what+" (found after the play)")
		r.Rect.AdjustedScore = fmt.Sprintf("the result is cancelled: artificial adjusted score (Law %s; %s)", law, p.law("12C1", "12C2(a); 86B in teams"))
		r.summary(fmt.Sprintf("the result is cancelled and an artificial adjusted score awarded; the offender is liable to a procedural penalty (%s; Law 90)", law))
		return nil
	}
	return wrongCount(p.ed, func(law string) *Ruling { return p.newRuling(law, seat, what) }, p.check, finding, true)
}

// wrongCount rules Law 13 before the end of the play: called says whether
// a player with the incorrect hand has called. With a call (2017 13B,
// 1997 13A and 13B) the finding is correctable or not-correctable. Before
// any call, 2017 13A: unseen (13A1, the board is corrected and played
// normally) or seen (13A2, a player saw another's card: played and
// scored, with a damage check). The 1997 code is ruled as with a call.
func wrongCount(ed Edition, rule func(law string) *Ruling, check func(*Ruling, string), finding string, called bool) error {
	pick := ed.pick
	if !called && ed != Edition1997 {
		switch finding {
		case "unseen":
			r := rule("13A1")
			r.summary("no call has been made on the hand: the Director corrects it and, no player having seen another's card, the board is played normally (13A1)")
			return nil
		case "seen":
			r := rule("13A2")
			check(r, "13A2")
			r.summary("no call has been made on the hand but a player saw another's card: the board is played and scored; if the information affected the result the Director adjusts (12C1(b)) and may penalise the offender (13A2)")
			return nil
		}
		return fmt.Errorf("laws: %w: before any call on the hand the Director finds whether a player saw another's card: seen or unseen (2017 Law 13A)", ErrBadEvent)
	}
	switch finding {
	case "correctable":
		law := pick("13A", "13B1")
		r := rule(law)
		check(r, law)
		r.summary(fmt.Sprintf("the Director corrects the deal and play goes on; at the end he may award an adjusted score (%s)", law))
	case "not-correctable":
		law := pick("13B", "13B2")
		r := rule(law)
		r.Rect.AdjustedScore = fmt.Sprintf("adjusted score (Law %s; %s)", law, pick("12C1", "12C1(b)"))
		r.summary(fmt.Sprintf("the deal cannot be corrected and played normally: adjusted score; the offender may be penalised (%s)", law))
	default:
		return fmt.Errorf("laws: %w: once a call has been made on the hand the Director finds the deal correctable or not-correctable (Law 13)", ErrBadEvent)
	}
	return nil
}

// wrongCount rules Law 13 for seat's hand found with an incorrect number
// of cards during the auction: 2017 13A when no call has yet been made on
// it, else as in the play.
func (t *Table) wrongCount(seat bridge.Seat, finding string) error {
	seat &= 3
	called := false
	for _, e := range t.entries {
		called = called || e.Seat == seat
	}
	what := fmt.Sprintf("%s's hand held an incorrect number of cards (found during the auction)", seat)
	return wrongCount(t.ed, func(law string) *Ruling { return t.newRuling(law, seat, what) }, t.damageCheck, finding, called)
}

// Surplus records that c, a card not part of the deal (a second copy,
// from another pack), was found in seat's hand and removed; played says
// it had been played to a quitted trick. 2017 13C: the auction and play
// go on without rectification, and only a surplus card played to a
// quitted trick allows an adjusted score (a damage check).
func (p *Play) Surplus(seat bridge.Seat, c bridge.Card, played bool) error {
	seat &= 3
	return surplus(p.ed, func(law, what string) *Ruling { return p.newRuling(law, seat, what) }, p.check, seat, c, played)
}

// surplus rules 2017 Law 13C; the 1997 code has no clause for a card
// foreign to the deal and the event is refused there.
func surplus(ed Edition, rule func(law, what string) *Ruling, check func(*Ruling, string), seat bridge.Seat, c bridge.Card, played bool) error {
	if ed == Edition1997 {
		return fmt.Errorf("laws: %w: the 1997 code has no surplus-card clause (2017 13C); rule the hand under Law 13 (wrong-count)", ErrBadEvent)
	}
	what := fmt.Sprintf("a %s not part of the deal was found in %s's hand", c, seat)
	if played {
		r := rule("13C", what+" after it had been played to a quitted trick")
		check(r, "13C")
		r.summary("the card is removed and play goes on without rectification; as it was played to a quitted trick, the Director may award an adjusted score (13C)")
		return nil
	}
	r := rule("13C", what)
	r.summary("the card is removed; the auction and play go on without rectification and no adjusted score may be awarded (13C)")
	return nil
}

// surplus rules a card foreign to the deal found during the auction
// (2017 13C).
func (t *Table) surplus(seat bridge.Seat, c bridge.Card, played bool) error {
	return surplus(t.ed, func(law, what string) *Ruling { return t.newRuling(law, seat&3, what) }, t.damageCheck, seat&3, c, played)
}

// WrongBoard records that the table was found to be playing a board not
// meant for it in the round; previously says whether a player at the
// table had played it before (Law 15).
func (p *Play) WrongBoard(previously bool) error {
	what := "a board not meant for this table in the round was played"
	if previously {
		law := p.law("15B", "15B1")
		r := p.newRuling(law, bridge.North, what+", by a player who had played it before")
		r.Rect.AdjustedScore = fmt.Sprintf("the result is cancelled for both sides: artificial adjusted score for each contestant left without a valid result (Law %s)", p.law("15B; 12C1", "15B3; 12C2(a)"))
		r.summary(fmt.Sprintf("the board is cancelled for both sides (%s); artificial adjusted scores for those deprived of a result (%s)", law, p.law("15B", "15B3")))
		return nil
	}
	law := p.law("15A1", "15B2")
	r := p.newRuling(law, bridge.North, what+", by players who had not played it before")
	r.summary(fmt.Sprintf("the play is completed and the score stands; the Director may have both pairs play the correct board later (%s)", p.law("15A1; 15A2", "15B2")))
	return nil
}

// Extraneous records that seat gave his partner extraneous information
// during the play: word is hesitation, remark or gesture (2017 16B1; 1997
// 16A). A damage check is opened.
func (p *Play) Extraneous(seat bridge.Seat, word string) error {
	seat &= 3
	if word == "" {
		word = "hesitation"
	}
	law := p.law("16A", "16B1")
	r := p.newRuling(law, seat, fmt.Sprintf("%s's %s during the play", seat, word))
	r.inform(Information{What: fmt.Sprintf("%s's %s", seat, word), Authorised: seat.Side().Opponents(), Unauthorised: seat.Side(), Law: law})
	p.check(r, law)
	r.summary(fmt.Sprintf("%s may not choose from logical alternatives one the %s could demonstrably have suggested; at the end of play the Director adjusts if the opponents were damaged (%s)", seat.Partner(), word, law))
	return nil
}
