package laws

import (
	"fmt"
	"strings"

	"github.com/bridgetd/bridgetd/bridge"
)

// Law 62: correction of a revoke before it is established.
//
//	62A: a revoke must be corrected when attention is drawn to it before
//	     it is established.
//	62B: the offender withdraws the card and plays a legal one; a card so
//	     withdrawn by a defender becomes a major penalty card (62B1); one of
//	     declarer's or dummy's goes back without rectification (62B2).
//	62C1: the non-offending side may withdraw the cards it played after
//	     the revoke; 62C2: then the offender's partner may withdraw his, a
//	     defender's withdrawn card becoming a major penalty card.
// The engine takes the non-offenders to withdraw every card played after
// the revoke (62C1) and the offender's partner to withdraw his (62C2): all
// go back to their hands, to be played again.

// CorrectRevoke records that seat corrects his revoke, playing c instead
// of the card that did not follow suit (or did not comply).
func (p *Play) CorrectRevoke(seat bridge.Seat, c bridge.Card) error {
	seat &= 3
	idx := -1
	for i := len(p.revokes) - 1; i >= 0; i-- {
		// 62D1: a revoke on trick twelve is corrected even once
		// established, until the hands go back into the board
		if rv := p.revokes[i]; rv.Seat == seat && (!rv.Established || rv.Trick == 12 && !p.ended) {
			idx = i
			break
		}
	}
	if idx < 0 {
		return fmt.Errorf("laws: %w: %s has no revoke to correct (an established revoke stands, Law 63B)", ErrBadEvent, seat)
	}
	if p.claim != nil {
		return fmt.Errorf("laws: %w: the play has stopped for a claim", ErrPlayOver)
	}
	twelfth := p.revokes[idx].Established // only a twelfth-trick revoke gets here established
	if p.pending != nil {
		return fmt.Errorf("laws: %w (Law %s): the revoke is corrected once it is settled", ErrPlayPending, p.pending.ruling.Law)
	}
	rv := p.revokes[idx]
	k := rv.Trick - 1
	if k < 0 || k >= len(p.tricks) {
		return fmt.Errorf("laws: %w: revoke trick %d not found", ErrBadEvent, rv.Trick)
	}
	t := &p.tricks[k]
	pos := -1
	for i := 0; i < t.N; i++ {
		if t.Player(i) == seat && t.Cards[i] == rv.Card {
			pos = i
		}
	}
	if pos < 0 {
		return fmt.Errorf("laws: %w: %s's revoke card is not on trick %d", ErrBadEvent, seat, rv.Trick)
	}
	if twelfth && k+1 < len(p.tricks) {
		p.takeBack(k+1, 0) // the last trick is played again after the correction
	}
	h := p.hands[seat]
	surplus := p.isSurplusPlay(seat, rv.Card, rv.Trick) // leaves the table (13C)
	if !surplus {
		h = h.With(rv.Card)
	}
	if !h.Has(c) || c == rv.Card {
		return fmt.Errorf("laws: %w: %s corrects with %s", ErrNotHeldPlay, seat, c)
	}
	led := t.Led()
	if pos > 0 && c.Suit() != led && h.InSuit(led) != 0 {
		return fmt.Errorf("laws: %w: the correction %s does not follow %s either", ErrBadEvent, c, led)
	}
	r := p.newRuling("62B", seat, fmt.Sprintf("%s corrects his revoke on trick %d: %s for %s", seat, rv.Trick, c, rv.Card))
	// undo the trick's result and the cards played after the revoke (62C)
	if t.Complete() {
		p.won[t.Winner(p.contract.Strain).Side()]--
		if k+1 < len(p.tricks) {
			nx := p.tricks[k+1]
			if nx.Complete() { // 62D: the last trick, played after the twelfth
				p.won[nx.Winner(p.contract.Strain).Side()]--
			}
			for i := 0; i < nx.N; i++ {
				if s := nx.Player(i); nx.Cards[i].Valid() {
					p.giveBack(s, nx.Cards[i], k+2)
				} else {
					p.dropDefect(s, k+2)
				}
			}
			p.tricks = p.tricks[:k+1]
			t = &p.tricks[k]
		}
	}
	var withdrawn, penalised []string
	for i := t.N - 1; i > pos; i-- {
		s := t.Player(i)
		if !t.Cards[i].Valid() {
			p.dropDefect(s, k+1)
			continue
		}
		p.giveBack(s, t.Cards[i], k+1)
		withdrawn = append(withdrawn, s.String()+" "+t.Cards[i].String())
		if s == seat.Partner() && p.defender(s) {
			p.addPenalty(r, s, t.Cards[i], true, "62C2")
			penalised = append(penalised, t.Cards[i].String())
		}
	}
	t.N = pos
	p.hands[seat] = h
	if surplus {
		p.dropSurplus(seat, rv.Card, rv.Trick)
	}
	p.revokes = append(p.revokes[:idx], p.revokes[idx+1:]...)
	if p.defender(seat) {
		p.addPenalty(r, seat, rv.Card, true, "62B1")
		r.cite("62B1")
		r.summary(fmt.Sprintf("%s is replaced by %s and becomes a major penalty card (62B1)", rv.Card, c))
	} else {
		r.cite("62B2")
		r.summary(fmt.Sprintf("%s is replaced by %s and goes back to the hand without rectification (62B2)", rv.Card, c))
	}
	if len(withdrawn) > 0 {
		r.note(fmt.Sprintf("the cards played to the trick after the revoke go back to their hands (62C1): %s", strings.Join(withdrawn, ", ")))
	}
	if len(penalised) > 0 {
		r.summary(fmt.Sprintf("%s, withdrawn by %s, the offender's partner, becomes a major penalty card (62C2)", strings.Join(penalised, ", "), seat.Partner()))
	}
	if twelfth {
		r.cite("62D1")
		r.summary("the revoke was on the twelfth trick: it is corrected though established, and no trick is transferred (62D1; 64B6)")
		if p.defender(seat) && !partnerBefore(t, pos, seat.Partner()) {
			// the offender revoked before his partner played to the trick
			r.inform(Information{What: fmt.Sprintf("%s's revoke card %s on trick 12", seat, rv.Card), Authorised: seat.Side().Opponents(),
				Unauthorised: seat.Side(), Law: p.law("62D2", "16C")})
			r.note(p.law("62D2: with cards of two suits, his partner may not choose the play the revoke card could have suggested",
				"62D2: his partner had not yet played to the trick: Law 16C applies to the revoke card"))
		}
	}
	if p.asked[rv.Trick] && seat == p.declarer {
		// 43B2(b): dummy, after violating 43A2, asked first: Law 64
		// applies as if the revoke had been established
		d := rv
		d.Established = true
		p.deemed = append(p.deemed, d)
		r.note("dummy asked about the revoke after violating 43A2: Law 64 applies at the end of play as if it had been established (43B2(b))")
	}
	p.hasEarly = [bridge.NumSeats]bool{}
	p.inTurn(seat, c)
	return p.runEarly()
}

// partnerBefore reports whether partner played to trick t before position pos.
func partnerBefore(t *bridge.Trick, pos int, partner bridge.Seat) bool {
	for i := 0; i < pos; i++ {
		if t.Player(i) == partner {
			return true
		}
	}
	return false
}
