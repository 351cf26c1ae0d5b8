package laws

import (
	"fmt"
	"strings"

	"github.com/bridgetd/bridgetd/bridge"
)

// The parts of Laws 12–16 that meet the play. Law 12 itself is the
// adjusted score that follows a damage check of a play ruling: the table
// answers "TD damaged" with an assigned adjusted score (2017 12C1(b);
// 1997 12C2), as for the auction (law23.go).
//
//	13 (incorrect number of cards) found during the play: 2017 13B1:
//	   the Director corrects the deal and play goes on, with an adjusted
//	   score at the end if the error affected the result (damage check);
//	   2017 13B2: the deal cannot be corrected: adjusted score. Found
//	   after the play (one hand had more than thirteen cards, another
//	   fewer): 2017 13D, 1997 13C: the result is cancelled, an artificial
//	   adjusted score, a procedural penalty for the offender (the 1997
//	   clause is not verified: see below). WrongCount. Found during the
//	   auction before a call has been made on the hand, 2017 13A: the
//	   Director corrects it and the board is played normally when no one
//	   saw another's card (13A1), else played and scored with a damage
//	   check (13A2) (Table.wrongCount). The 1997 text of Law 13 is not in
//	   the sources here (the stored pages hold the 1997 code one law a page
//	   at jfr.pzbs.pl/laws/, e.g. node7/law15.htm and node9/law50.htm, but
//	   no Law 13 page came up for "Law 13 incorrect number of cards 1997"
//	   or its wording); the 1997 rulings follow the account of it in the
//	   seed (shared/seeds/003): after a call, a deal that can be corrected
//	   is played if all four players concur (13A), else cancelled with an
//	   artificial adjusted score (13B); before a call, corrected and
//	   played, or, a card having been seen, played (all four agreeing)
//	   unless the information would interfere with normal bidding and
//	   play, when an artificial adjusted score is awarded (cited "13").
//	   A card foreign to the deal (Surplus): 2017 13C; 1997, which has no
//	   clause for it, Law 13 with the Director's finding. The log may
//	   record the card's play before it is found (PlaySurplus, "W plays
//	   HJ surplus"): it goes on the trick as the player's card, his own
//	   thirteen cards untouched. Found on a completed trick, 2017 13C
//	   removes it without further rectification: the trick keeps the
//	   winner it had, and as the card was played to a quitted trick the
//	   Director may adjust the score (a 13C damage check, 12C1(b)); the
//	   ruling names the trick, who won it and whether the foreign card
//	   won it, which is what the adjustment weighs. Found on the trick
//	   still in progress, it is no quitted trick: the card is taken off
//	   the trick with any played after it, the player plays one of his
//	   own, and no adjusted score may be awarded (13C). 1997: Law 13 with
//	   the Director's finding (13A: corrected and played on, the trick
//	   standing, all four concurring; 13B: an artificial adjusted score),
//	   the trick named the same way. Played on, the player who played the
//	   foreign card holds a card of his own more than the others to the
//	   end: he and the others may still claim or concede (law68_71.go,
//	   surplusHolder, keptBack).
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
// a player with the incorrect hand has called.
//
// 2017: with a call the finding is correctable (13B1, played on, adjusted
// at the end if need be) or not-correctable (13B2, adjusted score). Before
// any call: unseen (13A1, the board is corrected and played normally) or
// seen (13A2, a player saw another's card: played and scored, with a
// damage check).
//
// 1997: the text of the 1997 Law 13 is not among the sources here; this
// follows the seed's account of it (shared/seeds/003). With a call:
// correctable, the deal is corrected and played if all four players
// concur (13A), "correctable not-concurred" or not-correctable, the deal
// is cancelled and an artificial adjusted score awarded (13B). Before any
// call (cited "13", the seed giving no letter): unseen, the Director
// corrects the discrepancy and the board is played; "seen playable", the
// information would not interfere with normal bidding and play and all
// four agree to play it; "seen not-playable", it would: an artificial
// adjusted score.
func wrongCount(ed Edition, rule func(law string) *Ruling, check func(*Ruling, string), finding string, called bool) error {
	if ed == Edition1997 {
		return wrongCount97(rule, finding, called)
	}
	if !called {
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
		r := rule("13B1")
		check(r, "13B1")
		r.summary("the Director corrects the deal and play goes on; at the end he may award an adjusted score (13B1)")
	case "not-correctable":
		r := rule("13B2")
		r.Rect.AdjustedScore = "adjusted score (Law 13B2; 12C1(b))"
		r.summary("the deal cannot be corrected and played normally: adjusted score; the offender may be penalised (13B2)")
	default:
		return fmt.Errorf("laws: %w: once a call has been made on the hand the Director finds the deal correctable or not-correctable (2017 Law 13B)", ErrBadEvent)
	}
	return nil
}

// wrongCount97 is the 1997 Law 13 as the seed gives it (see wrongCount).
func wrongCount97(rule func(law string) *Ruling, finding string, called bool) error {
	artificial := func(law, why string) {
		r := rule(law)
		r.Rect.AdjustedScore = fmt.Sprintf("the deal is cancelled: artificial adjusted score (Law %s; 12C1)", law)
		r.summary(why + fmt.Sprintf(": the deal is cancelled and an artificial adjusted score awarded; the offender may be penalised (%s)", law))
	}
	if !called {
		switch finding {
		case "unseen":
			r := rule("13")
			r.summary("no call has been made on the hand and no player has seen another's card: the Director corrects the discrepancy, asking the players who played the board before, and the board is played (13)")
		case "seen playable":
			r := rule("13")
			r.summary("no call has been made on the hand; a player saw another's card, but the information would not interfere with normal bidding and play: the board is played, all four players agreeing (13)")
		case "seen not-playable":
			artificial("13", "no call has been made on the hand, but a player saw another's card and the information would interfere with normal bidding and play")
		default:
			return fmt.Errorf("laws: %w: before any call on the hand the Director finds unseen, \"seen playable\" or \"seen not-playable\" (1997 Law 13)", ErrBadEvent)
		}
		return nil
	}
	switch finding {
	case "correctable":
		r := rule("13A")
		r.summary("the deal can be corrected and played normally with no change of call: it is played, all four players concurring (13A)")
	case "correctable not-concurred":
		artificial("13B", "the deal could be corrected, but not all four players concur in playing it")
	case "not-correctable":
		artificial("13B", "the deal cannot be corrected and played normally with no change of call")
	default:
		return fmt.Errorf("laws: %w: once a call has been made on the hand the Director finds the deal correctable, \"correctable not-concurred\" or not-correctable (1997 Law 13)", ErrBadEvent)
	}
	return nil
}

// wrongCount rules Law 13 for seat's hand found with an incorrect number
// of cards during the auction: 2017 13A when no call has yet been made on
// it, else as in the play.
func (t *Table) wrongCount(seat bridge.Seat, finding string) error {
	seat &= 3
	what := fmt.Sprintf("%s's hand held an incorrect number of cards (found during the auction)", seat)
	return wrongCount(t.ed, func(law string) *Ruling { return t.newRuling(law, seat, what) }, t.damageCheck, finding, t.hasCalled(seat))
}

// hasCalled reports whether seat has made a call on the hand.
func (t *Table) hasCalled(seat bridge.Seat) bool {
	for _, e := range t.entries {
		if e.Seat == seat {
			return true
		}
	}
	return false
}

// Surplus records that c, a card not part of the deal (a second copy,
// from another pack), was found in seat's hand and removed; played says
// it had been played to a quitted trick. 2017 13C: the auction and play
// go on without rectification, and only a surplus card played to a
// quitted trick allows an adjusted score (a damage check); finding is
// ignored. 1997: the code has no surplus-card clause; the hand held an
// incorrect number of cards and Law 13 rules it with the Director's
// finding, as for wrong-count (correctable [not-concurred] or
// not-correctable once a call has been made on it).
//
// When the log recorded the card's play (PlaySurplus), the ruling is on
// that play (see the comment at the top of this file).
func (p *Play) Surplus(seat bridge.Seat, c bridge.Card, played bool, finding string) error {
	seat &= 3
	for i, sp := range p.surplusPlays {
		if sp.seat == seat && sp.card == c {
			return p.surplusFound(i, finding)
		}
	}
	return surplus(p.ed, func(law, what string) *Ruling { return p.newRuling(law, seat, what) }, p.check, seat, c, played, finding, true)
}

// surplusPlay is a card foreign to the deal that seat played to trick
// (1-based), recorded on the log's line.
type surplusPlay struct {
	seat  bridge.Seat
	card  bridge.Card
	trick int
	line  int
}

// PlaySurplus records that seat, in turn, played c, a card foreign to the
// deal (a second copy of a card the deal gives to another hand, or to
// none left), not yet known to be one: it goes on the trick as his card
// and is checked as a play (following suit, Law 61A), his own cards
// untouched. Surplus rules it when it is found.
func (p *Play) PlaySurplus(seat bridge.Seat, c bridge.Card) error {
	seat &= 3
	if p.Ended() {
		return fmt.Errorf("laws: %w: %s plays %s", ErrPlayOver, seat, c)
	}
	if p.pending != nil {
		return fmt.Errorf("laws: %w (Law %s): %s plays %s", ErrPlayPending, p.pending.ruling.Law, seat, c)
	}
	if !c.Valid() {
		return fmt.Errorf("laws: %w: %s plays an invalid card", ErrBadEvent, seat)
	}
	if p.hands[seat].Has(c) {
		return fmt.Errorf("laws: %w: %s holds the deal's %s: a surplus card is a second copy of a card he does not hold", ErrBadEvent, seat, c)
	}
	t := p.current()
	if turn := t.Player(t.N); seat != turn {
		return fmt.Errorf("laws: %w: %s plays a surplus %s at %s's turn: only a surplus card played in turn is recorded", ErrBadEvent, seat, c, turn)
	}
	for i := 0; i < t.N; i++ {
		if t.Cards[i] == c {
			return fmt.Errorf("laws: %w: %s is already on the trick", ErrBadEvent, c)
		}
	}
	for _, sp := range p.surplusPlays {
		if sp.seat == seat {
			return fmt.Errorf("laws: %w: %s has already played a surplus card (%s)", ErrBadEvent, seat, sp.card)
		}
	}
	p.surplusPlays = append(p.surplusPlays, surplusPlay{seat: seat, card: c, trick: len(p.tricks), line: p.line})
	p.inTurn(seat, c) // his hand does not hold c: only the trick takes it
	return p.runEarly()
}

// surplusFound rules the surplus card played as p.surplusPlays[i], now
// found (2017 13C; 1997 13 with the Director's finding).
func (p *Play) surplusFound(i int, finding string) error {
	sp := p.surplusPlays[i]
	k := sp.trick - 1
	t := &p.tricks[k]
	pos := -1
	for j := 0; j < t.N; j++ {
		if t.Player(j) == sp.seat && t.Cards[j] == sp.card {
			pos = j
		}
	}
	if pos < 0 {
		return fmt.Errorf("laws: %w: %s's surplus %s is no longer on trick %d", ErrBadEvent, sp.seat, sp.card, sp.trick)
	}
	what := fmt.Sprintf("%s, not part of the deal, was found to be the card %s played to trick %d (line %d)", sp.card, sp.seat, sp.trick, sp.line)
	quitted := t.Complete()
	if p.ed == Edition1997 && finding == "" {
		return fmt.Errorf("laws: %w: the 1997 code has no surplus-card clause: the hand held an incorrect number of cards, and Law 13 needs the Director's finding (surplus %s correctable, correctable not-concurred or not-correctable)", ErrBadEvent, sp.card)
	}
	if !quitted {
		back := p.takeBack(k, pos) // the foreign card leaves the table (dropSurplus)
		var again []string
		for _, x := range back {
			again = append(again, x.seat.String()+" "+x.card.String())
		}
		if p.ed == Edition1997 {
			return wrongCount97(func(law string) *Ruling {
				r := p.newRuling(law, sp.seat, what+", before the trick was complete")
				r.note(fmt.Sprintf("the surplus card is taken off the trick and %s plays one of his own cards to it (the 1997 code has no clause of its own for it: Law 13)", sp.seat))
				if len(again) > 0 {
					r.note("the cards played after it go back to be played again: " + strings.Join(again, ", "))
				}
				return r
			}, finding, true)
		}
		r := p.newRuling("13C", sp.seat, what+", before the trick was complete")
		if len(again) > 0 {
			r.note("the cards played after it go back to their hands to be played again: " + strings.Join(again, ", "))
		}
		r.summary(fmt.Sprintf("the card is removed and %s plays one of his own cards to trick %d; play goes on without rectification, and as the card was not played to a quitted trick no adjusted score may be awarded (13C)", sp.seat, sp.trick))
		return nil
	}
	w := t.Winner(p.contract.Strain)
	won := fmt.Sprintf("trick %d stands as won by %s", sp.trick, w)
	if w == sp.seat && winningCard(*t, p.contract.Strain) == sp.card {
		won += " with the surplus card itself"
	}
	if p.ed == Edition1997 {
		return wrongCount97(func(law string) *Ruling {
			r := p.newRuling(law, sp.seat, what)
			r.note(fmt.Sprintf("the surplus card is removed (the 1997 code has no clause of its own for it: Law 13); %s, and %s keeps one card of his own more than the others", won, sp.seat))
			return r
		}, finding, true)
	}
	r := p.newRuling("13C", sp.seat, what)
	p.check(r, "13C")
	r.summary(fmt.Sprintf("the card is removed and play goes on without further rectification: %s (%s keeps one card of his own more than the others); as it was played to a quitted trick the Director may award an adjusted score (13C; 12C1(b))", won, sp.seat))
	return nil
}

// dropSurplus reports whether c, seat's card on trick (1-based), is a
// surplus card played, and forgets that play: taken off the trick it
// leaves the table (13C).
func (p *Play) dropSurplus(seat bridge.Seat, c bridge.Card, trick int) bool {
	for i, sp := range p.surplusPlays {
		if sp.seat == seat && sp.card == c && sp.trick == trick {
			p.surplusPlays = append(p.surplusPlays[:i], p.surplusPlays[i+1:]...)
			return true
		}
	}
	return false
}

// isSurplusPlay reports whether c, seat's card on trick (1-based), is a
// surplus card played (PlaySurplus).
func (p *Play) isSurplusPlay(seat bridge.Seat, c bridge.Card, trick int) bool {
	for _, sp := range p.surplusPlays {
		if sp.seat == seat && sp.card == c && sp.trick == trick {
			return true
		}
	}
	return false
}

// giveBack returns seat's card c, taken off trick (1-based), to his hand,
// unless it is a surplus card played, which leaves the table (13C).
func (p *Play) giveBack(seat bridge.Seat, c bridge.Card, trick int) {
	if !p.dropSurplus(seat, c, trick) {
		p.hands[seat] = p.hands[seat].With(c)
	}
}

// surplusHolder returns the seat a surplus card played left holding one
// card of his own more than the others in pos, and whether there is one.
// 2017 13C removes the card when it is found and play goes on without
// further rectification (1997: Law 13A, played on with the deal corrected),
// so he reaches the end of the play with a card left over: nothing in Laws
// 68–71 stops a claim or concession meanwhile, and the Director rules it on
// the tricks left (claimPosition). Hands uneven in any other way are left
// to ClaimPosition.Validate.
func (p *Play) surplusHolder(pos ClaimPosition) (bridge.Seat, bool) {
	if len(p.surplusPlays) == 0 {
		return 0, false
	}
	var n [bridge.NumSeats]int // cards held, with a card on the current trick counted back
	for s := range bridge.NumSeats {
		n[s] = pos.Hands[s].Len()
	}
	for i := range pos.Trick {
		n[(pos.Leader+bridge.Seat(i))&3]++
	}
	for s := range bridge.NumSeats {
		h := bridge.Seat(s)
		even := true
		for o := range bridge.NumSeats {
			if o != s && n[o] != n[s]-1 {
				even = false
			}
		}
		if even {
			return h, true
		}
	}
	return 0, false
}

// claimPosition is the position a claim or concession is made in: the
// table's (Position), except that a holder of a card more than the
// others (surplusHolder, 13C) is taken to keep back kept, the first of
// keptBack's cards, until the Director rules which (Play.decide); kept is
// 0 when every hand is even.
func (p *Play) claimPosition(claimer bridge.Seat) (pos ClaimPosition, holder bridge.Seat, kept bridge.Card) {
	pos = p.Position()
	holder, ok := p.surplusHolder(pos)
	if !ok {
		return pos, 0, 0
	}
	kept = keptBack(pos, holder, claimer)[0]
	pos.Hands[holder] = pos.Hands[holder].Without(kept)
	return pos, holder, kept
}

// keptBack lists the cards the holder of a card more than the others may
// be left with at the end of the play (13C), one of each run of
// equivalent cards (touching in rank once the played cards are out). For
// the claimer's side keeping back a card is a discard, and the model of a
// normal line (claim.go) makes throwing an established winner
// irrational: its cards that cannot lose (sureWinners) are left out,
// unless it holds nothing else.
func keptBack(pos ClaimPosition, holder, claimer bridge.Seat) []bridge.Card {
	held := pos.Hands[holder]
	var others bridge.Hand
	for s, h := range pos.Hands {
		if bridge.Seat(s) != holder {
			others |= h
		}
	}
	for _, c := range pos.Trick {
		others = others.With(c)
	}
	sure := sureWinners(pos, holder)
	var all, normal []bridge.Card
	for _, c := range distinctIn(held, others).Cards() {
		all = append(all, c)
		if !sure.Has(c) {
			normal = append(normal, c)
		}
	}
	if holder.Side() == claimer.Side() && len(normal) > 0 {
		return normal
	}
	return all
}

// sureWinners returns the cards of holder's that cannot lose a trick
// whenever they are played: no other hand holds a higher card of the
// suit, and in a trump contract a card of a plain suit only while no
// opponent of the holder holds a trump. An opponent with a trump is void
// in the suit or may become void in it (following to its other rounds,
// discarding it on other suits) before the card is played, and ruff it:
// the top card of a plain suit is then no established winner (as Law 70C
// treats a trump left in an opponent's hand). Partner's trumps do not
// count: ruffing partner's winner is irrational (claim.go).
func sureWinners(pos ClaimPosition, holder bridge.Seat) bridge.Hand {
	ts, trumps := pos.Trump.Suit()
	var others, opTrumps bridge.Hand
	for s, h := range pos.Hands {
		seat := bridge.Seat(s)
		if seat == holder {
			continue
		}
		others |= h
		if trumps && seat.Side() != holder.Side() {
			opTrumps |= h.InSuit(ts)
		}
	}
	sure := pos.Hands[holder] &^ smearDown(others)
	if opTrumps != 0 {
		sure = sure.InSuit(ts)
	}
	return sure
}

// winningCard is the card that wins the complete trick t (Law 44).
func winningCard(t bridge.Trick, trump bridge.Strain) bridge.Card {
	w := t.Winner(trump)
	for i := 0; i < t.N; i++ {
		if t.Player(i) == w {
			return t.Cards[i]
		}
	}
	return 0
}

// surplus rules a card foreign to the deal: 2017 Law 13C; 1997 Law 13
// (see Surplus). called says whether seat has called on the hand.
func surplus(ed Edition, rule func(law, what string) *Ruling, check func(*Ruling, string), seat bridge.Seat, c bridge.Card, played bool, finding string, called bool) error {
	what := fmt.Sprintf("a %s not part of the deal was found in %s's hand", c, seat)
	if played {
		what += " after it had been played to a quitted trick"
	}
	if ed == Edition1997 {
		if finding == "" {
			return fmt.Errorf("laws: %w: the 1997 code has no surplus-card clause: the hand held an incorrect number of cards, and Law 13 needs the Director's finding (surplus %s correctable, correctable not-concurred or not-correctable)", ErrBadEvent, c)
		}
		return wrongCount97(func(law string) *Ruling {
			r := rule(law, what)
			r.note("the surplus card is removed; the 1997 code has no clause of its own for it, so the hand is ruled as holding an incorrect number of cards (Law 13)")
			return r
		}, finding, called)
	}
	if played {
		r := rule("13C", what)
		check(r, "13C")
		r.summary("the card is removed and play goes on without rectification; as it was played to a quitted trick, the Director may award an adjusted score (13C)")
		return nil
	}
	r := rule("13C", what)
	r.summary("the card is removed; the auction and play go on without rectification and no adjusted score may be awarded (13C)")
	return nil
}

// surplus rules a card foreign to the deal found during the auction
// (2017 13C; 1997 13).
func (t *Table) surplus(seat bridge.Seat, c bridge.Card, played bool, finding string) error {
	seat &= 3
	return surplus(t.ed, func(law, what string) *Ruling { return t.newRuling(law, seat, what) }, t.damageCheck, seat, c, played, finding, t.hasCalled(seat))
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
