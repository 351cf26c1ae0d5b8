package laws

import (
	"fmt"
	"strings"

	"github.com/bridgetd/bridgetd/bridge"
)

// Laws 59 and 60, the same in both codes (58 is in playcards.go).
//
//	59:  a player who cannot lead or play as a rectification requires
//	     (he holds none of the suit required, holds only the suit he may
//	     not lead, or must follow suit) plays any otherwise legal card.
//	     Ruled when a 50D2 or 57A restriction meets a hand that cannot
//	     comply (checkRestriction).
//	60A: a play by the non-offending player next after a lead or play
//	     out of turn, before rectification, forfeits it (60A1): the card
//	     is treated as played in turn (60A2) and the offenders' earlier
//	     obligations (a penalty card to play, a lead or play restriction)
//	     stay for their later turns (60A3). In the engine this is the
//	     acceptance of Law 53A by the next hand's play (play.go), which
//	     forfeited notes on the ruling. A play by the other non-offender,
//	     who is not next after the offender, does not come after his RHO's
//	     irregularity, so 60A1 does not take the right away; the laws rule
//	     it by what it is (otherNonOffender):
//	     - he was the player whose turn it was to lead (2017 53B, 1997
//	       53C): his proper lead stands, the cards played in error to the
//	       trick go back to their hands, and the information from them is
//	       Law 16C's;
//	     - declarer led out of turn and the defender to the right of the
//	       irregular lead played (2017 53C, 1997 53B): the lead stands and
//	       his card is ruled under Law 57 (played before his partner);
//	     - a defender led out of turn and declarer's other hand played: a
//	       premature play of declarer's (2017 57C3; 1997 45C2), played at
//	       its turn; the option stays open;
//	     - an opening lead out of turn (54) and dummy-to-be faced a card:
//	       declarer has seen one of dummy's cards and must accept the lead
//	       (54C), dummy is spread and declarer plays second (54B); a play
//	       by declarer himself, next in rotation, accepts it (53A, 54B).
//	     While declarer's 57A option is open (a defender played before his
//	     partner), a card from declarer's side is its own premature play
//	     (2017 57C3, 1997 45C2) and the option stays open (play.go).
//	     The offender's partner who plays (57A) or leads (50D2: he may not
//	     lead until declarer has stated his choice) before declarer chooses
//	     is of the offending side: 60C keeps declarer's option whole, and
//	     the card is rectified by what declarer then chooses (boundPlays):
//	     if it complies it is his play or lead; if not, it is a defender's
//	     card exposed, a major penalty card (Laws 49, 50), and he plays as
//	     declarer required, the penalty card waiting for a legal
//	     opportunity (50D1; 59). A second card before the choice is
//	     refused (ErrPlayPending): one card waits at a time.
//	     Declarer or dummy leading while declarer's own 50D2 choice is open
//	     leads out of turn (Law 55, the defenders' option); only one option
//	     is pending at a time, so the 50D2 choice waits (leadOverOption).
//	     The lead accepted (53A) takes the lead away from the defender the
//	     50D2 option would bind: the option lapses unexercised, the penalty
//	     cards stay on the table (50D1; the 50D2(b) effect), as a
//	     non-offender's action forfeits (11A, 60A1). Declined (55B), the
//	     card goes back and the 50D2 choice is open again. The defender
//	     with the penalty card leading instead of his partner is ruled the
//	     same way under Law 56 (declarer's option): accepted (53A), the
//	     50D2 option lapses and his lead is checked against his penalty
//	     cards (50D1; 52); declined, his card is one more major penalty
//	     card (56) and declarer's 50D2 choice opens anew over all of them.
//	60B: a defender who plays after declarer was made to retract his lead
//	     from the wrong hand (55B), before declarer leads from the right
//	     one: his card is a major penalty card (Law 50).
//	60C: a play by the offending side before the rectification is
//	     settled does not take away the opponents' rights and may be
//	     rectified itself: a defender's card so played is a major penalty
//	     card (Law 50); declarer's side's goes back (48A).

// unable rules Law 59 when seat cannot comply with the restriction rs.
func (p *Play) unable(seat bridge.Seat, rs *restriction, h bridge.Hand, lead bool) {
	var why string
	t := p.current()
	switch rs.kind {
	case "highest", "lowest":
		if h.InSuit(t.Led()) == 0 {
			why = fmt.Sprintf("he has no %s", t.Led())
		}
	case "require":
		switch {
		case h.InSuit(rs.suit) == 0:
			why = fmt.Sprintf("he has no %s", rs.suit)
		case !lead && t.Led() != rs.suit && h.InSuit(t.Led()) != 0:
			why = fmt.Sprintf("he must follow %s", t.Led())
		}
	case "prohibit":
		switch {
		case lead && h&^h.InSuit(rs.suit) == 0:
			why = fmt.Sprintf("he has only %s", rs.suit)
		case !lead && t.Led() == rs.suit && h.InSuit(rs.suit) != 0:
			why = fmt.Sprintf("he must follow %s", rs.suit)
		}
	}
	if why == "" {
		return
	}
	r := p.newRuling("59", seat, fmt.Sprintf("%s cannot comply with the rectification of Law %s (%s %s)", seat, rs.law, rs.kind, rs.suit))
	r.summary(fmt.Sprintf("%s: he may play any otherwise legal card (59)", why))
}

// beforeDeclarersLead rules a defender's card played after declarer's
// lead from the wrong hand was retracted and before he led from the
// right one (60B).
func (p *Play) beforeDeclarersLead(seat bridge.Seat, c bridge.Card) error {
	r := p.newRuling("60B", seat, fmt.Sprintf("%s played %s before declarer led from the correct hand (55B)", seat, c))
	p.addPenalty(r, seat, c, true, "60B")
	r.summary(fmt.Sprintf("%s is a major penalty card (60B; Law 50); declarer leads from the correct hand", c))
	r.inform(Information{What: fmt.Sprintf("%s's %s", seat, c), Authorised: seat.Side().Opponents(), Unauthorised: seat.Side(), Law: p.law("50", "50E")})
	return nil
}

// offendersPlay rules a card played by the offending side while the
// option after its lead out of turn is open (60C): the option stays.
func (p *Play) offendersPlay(d *playDecision, seat bridge.Seat, c bridge.Card) error {
	r := p.newRuling("60C", seat, fmt.Sprintf("%s played %s before the rectification of %s's lead out of turn was settled", seat, c, d.offender))
	if !p.defender(seat) {
		r.summary(fmt.Sprintf("the opponents' rights are unchanged; %s goes back to the hand (60C; 48A)", c))
		return nil
	}
	p.addPenalty(r, seat, c, true, "60C")
	r.summary(fmt.Sprintf("the opponents' rights are unchanged; %s is a major penalty card (60C; Law 50)", c))
	r.inform(Information{What: fmt.Sprintf("%s's %s", seat, c), Authorised: seat.Side().Opponents(), Unauthorised: seat.Side(), Law: p.law("50", "50E")})
	return nil
}

// check adds a later damage check under law to a play ruling; the table
// takes it over (Table.Find answers it with TD damaged / not-damaged).
func (p *Play) check(r *Ruling, law string) { addDamageCheck(r, law, &p.checks) }

// forfeited notes on r, the ruling of offender's lead out of turn accepted
// by the next hand's play, that the right to rectification is forfeited
// (60A1, 60A2) and which of the offending side's earlier obligations
// remain (60A3).
func (p *Play) forfeited(r *Ruling, offender bridge.Seat) {
	r.note("the play from the next hand forfeits the right to rectify the lead, which is treated as made in turn (60A1, 60A2)")
	var left []string
	for _, pc := range p.penalty {
		if pc.Seat.Side() == offender.Side() {
			left = append(left, fmt.Sprintf("%s's penalty card %s", pc.Seat, pc.Card))
		}
	}
	if rs := p.restrict; rs != nil && rs.seat.Side() == offender.Side() {
		left = append(left, fmt.Sprintf("%s's restriction of Law %s (%s %s)", rs.seat, rs.law, rs.kind, rs.suit))
	}
	if len(left) > 0 {
		r.note(fmt.Sprintf("the offending side's earlier obligations remain at its later turns (60A3): %s", strings.Join(left, ", ")))
	}
}

// otherNonOffender rules a card c played by seat, a member of the
// non-offending side, while the option d after a lead out of turn is open
// and his play did not accept the lead under 53A (see the comment at the
// top of this file).
func (p *Play) otherNonOffender(d *playDecision, seat bridge.Seat, c bridge.Card) error {
	r, off := d.ruling, d.offender
	t := p.current()
	proper := t.Leader
	switch {
	case r.Law == "54" && seat == off.LHO():
		// declarer plays to the opening lead out of turn: he accepts it
		// and plays second from his own hand (53A; 54B)
		r.note(fmt.Sprintf("declarer (%s) played to it from his hand, which accepts it (53A; 54B)", seat))
		if err := p.settleLOOT(r, off, d.card, "accept"); err != nil {
			return err
		}
		p.forfeited(r, off)
		if p.Turn() != seat {
			return fmt.Errorf("laws: %w: %s is not next after the lead", ErrBadEvent, seat)
		}
		p.inTurn(seat, c)
		return nil
	case r.Law == "54":
		// dummy-to-be faced a card: declarer could have seen it (54C)
		r.note(fmt.Sprintf("%s, dummy-to-be, faced %s before declarer chose: declarer could have seen a card of dummy's and must accept the lead (54C)", seat, c))
		if err := p.settleLOOT(r, off, d.card, "accept"); err != nil {
			return err
		}
		r.summary(fmt.Sprintf("%s goes back among dummy's cards, which are spread; declarer plays the second card from his hand (54B)", c))
		return nil
	case seat == proper:
		// the proper leader makes his lead to the trick (2017 53B; 1997 53C)
		law := p.law("53C", "53B")
		p.pending = nil
		r.Chosen, r.Status = "", Settled
		r.cite(law)
		r.summary(fmt.Sprintf("%s, whose turn it was to lead, led %s: his lead stands and %s's %s goes back to the hand as a card played in error (%s); the information from it is Law 16C's", seat, c, off, d.card, law))
		r.inform(Information{What: fmt.Sprintf("%s's withdrawn %s", off, d.card), Authorised: off.Side().Opponents(), Unauthorised: off.Side(), Law: "16C"})
		p.inTurn(seat, c)
		return nil
	case p.defender(seat):
		// declarer led out of turn; the defender to the right of the
		// irregular lead played (2017 53C; 1997 53B)
		law := p.law("53B", "53C")
		r.note(fmt.Sprintf("%s, the defender to the right of the irregular lead, played %s to it: the lead stands and Law 57 applies to his card (%s)", seat, c, law))
		if err := p.settleLOOT(r, off, d.card, "accept"); err != nil {
			return err
		}
		r.cite(law)
		return p.playOutOfTurn(seat, c)
	}
	// a defender led out of turn and declarer's other hand played: not
	// the next hand, so no acceptance (53A) and no forfeiture (60A1)
	r.note(fmt.Sprintf("%s's %s, not from the hand next after the irregular lead, neither accepts it (53A) nor forfeits the option (60A1)", seat, c))
	return p.playOutOfTurn(seat, c)
}

// heldCard is the card the player bound by a 57A or 50D2 option put on
// the table before declarer chose, with the 60C ruling on it.
type heldCard struct {
	seat   bridge.Seat
	card   bridge.Card
	ruling *Ruling
}

// boundPlays rules a card c that seat, bound by the open option d (57A:
// he is the offender's partner to play; 50D2: to lead), puts on the table
// before declarer has chosen: 60C, the card is held until the choice.
func (p *Play) boundPlays(d *playDecision, seat bridge.Seat, c bridge.Card) error {
	if d.held != nil {
		return fmt.Errorf("laws: %w (Law %s): %s plays %s while his %s waits for declarer's choice", ErrPlayPending, d.ruling.Law, seat, c, d.held.card)
	}
	verb := "played"
	if d.ruling.Law == "50D2" {
		verb = "led"
	}
	r := p.newRuling("60C", seat, fmt.Sprintf("%s %s %s before declarer chose his option of Law %s", seat, verb, c, d.ruling.Law))
	r.waitingFor(fmt.Sprintf("declarer's option of Law %s is unchanged (60C): %s stands as %s's card if it complies with declarer's choice, else it becomes a major penalty card (Laws 49, 50)", d.ruling.Law, c, seat))
	d.held = &heldCard{seat: seat, card: c, ruling: r}
	return nil
}

// settleHeld rectifies the card held by boundPlays once declarer has
// chosen: rs is the restriction he chose (nil: none, 50D2(b)).
func (p *Play) settleHeld(d *playDecision, rs *restriction) {
	h := d.held
	if h == nil {
		return
	}
	d.held = nil
	lead := d.ruling.Law == "50D2"
	if rs == nil || p.complies(rs, p.hands[h.seat], h.card, lead) {
		h.ruling.summary(fmt.Sprintf("%s complies with declarer's choice (Law %s): it stands as %s's card (60C)", h.card, d.ruling.Law, h.seat))
		p.early[h.seat], p.hasEarly[h.seat] = h.card, true
		return
	}
	p.addPenalty(h.ruling, h.seat, h.card, true, "60C")
	h.ruling.summary(fmt.Sprintf("%s does not comply with declarer's choice (Law %s): it is a major penalty card (60C; Laws 49, 50) and %s plays as declarer required", h.card, d.ruling.Law, h.seat))
	h.ruling.inform(Information{What: fmt.Sprintf("%s's %s", h.seat, h.card), Authorised: h.seat.Side().Opponents(), Unauthorised: h.seat.Side(), Law: p.law("50", "50E")})
}

// leadOverOption rules a lead by declarer or dummy, or by the defender
// with the penalty card, while declarer's own 50D2 option d is open (the
// defender on lead has not led): a lead out of turn (Law 55; 56), ruled
// first; the 50D2 option lapses if the lead is accepted and is open again
// (or anew, 56) if it is declined.
func (p *Play) leadOverOption(d *playDecision, seat bridge.Seat, c bridge.Card) error {
	t := p.current()
	if t.N != 0 || d.held != nil {
		return fmt.Errorf("laws: %w (Law %s): %s plays %s", ErrPlayPending, d.ruling.Law, seat, c)
	}
	p.pending = nil
	if err := p.leadOutOfTurn(seat, c); err != nil {
		p.pending = d
		return err
	}
	loot := p.pending
	if loot == nil {
		p.pending = d
		return nil
	}
	o := d.ruling
	o.note(fmt.Sprintf("%s led %s before declarer stated his choice: the lead out of turn is ruled first (Law %s)", seat, c, loot.ruling.Law))
	lapse := func() {
		o.Chosen, o.Status = "", Settled
		o.summary(fmt.Sprintf("the lead out of turn was accepted, so %s no longer has the lead: declarer's option of 50D2 lapses unexercised (11A; 60A1) and the penalty cards stay on the table (50D1)", d.bound))
	}
	resolve, byPlay := loot.resolve, loot.byPlay
	loot.resolve = func(s bridge.Seat, ans string) error {
		if err := resolve(s, ans); err != nil {
			return err
		}
		if ans == "decline" {
			if p.pending != nil && p.pending.ruling.Law == "50D2" {
				// 56: one more penalty card, a new 50D2 choice over all of them
				o.Chosen, o.Status = "", Settled
				o.summary(fmt.Sprintf("%s's lead out of turn was declined and is one more major penalty card: declarer's 50D2 choice is made anew over all of them", seat))
				return nil
			}
			p.pending = d // 55B: the proper defender leads, declarer chooses first
			return nil
		}
		lapse()
		return nil
	}
	if byPlay != nil {
		loot.byPlay = func(s bridge.Seat) (bool, error) {
			done, err := byPlay(s)
			if done && err == nil {
				lapse()
			}
			return done, err
		}
	}
	return nil
}
