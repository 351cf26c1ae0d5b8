package laws

import (
	"fmt"

	"github.com/bridgetd/bridgetd/bridge"
)

// Laws 42 and 43 in the play: dummy's rights and limitations, and Law 45F
// (dummy indicating a card). Clauses as numbered in each code: the 1997
// code has the three consequences of 43B2 as (a), (b), (c); the 2017 code
// keeps (a) and (b) in 43B2 and makes (c) its own 43B3.
//
//	42B1: dummy may ask declarer (not a defender) who has failed to follow
//	      suit whether he has a card of the suit led (AskRevoke).
//	42B2: dummy may try to prevent an irregularity by declarer, such as a
//	      lead from the wrong hand (Warn). Neither is ruled: they are his
//	      rights.
//	43A1: dummy may not call the Director on his own or draw attention to
//	      an irregularity during the play (43A1(a), (b)), nor take part in
//	      the play (43A1(c)); 43B1: he is liable to a procedural penalty
//	      (Law 90) for it.
//	43A2: dummy may not exchange hands with declarer (a), leave his seat
//	      to watch declarer's play (b), or look at a defender's cards (c)
//	      (DummyLooks); 43B1 again.
//	43B2: after such a violation of 43A2, (a) if he warns declarer not to
//	      lead from the wrong hand, either defender chooses the hand
//	      declarer leads from; (b) if he is the first to ask declarer
//	      about a possible revoke, declarer must correct it and Law 64
//	      applies as if the revoke had been established (the corrected
//	      revoke counts at the end of play, revokeTransfers).
//	43B3 (1997 43B2(c)): after such a violation, if he is the first to
//	      draw attention to a defender's irregularity, it is not rectified:
//	      play goes on as if it had not happened, and at the end of play
//	      the defenders' score alone is adjusted if they gained by it (a
//	      damage check) (DummyAttention).
//	45F:  dummy touching or pointing at a card without declarer's
//	      instruction: play goes on, and the Director adjusts at the end
//	      if dummy suggested a play and the defenders were damaged (a
//	      damage check) (Suggest).

// dummyOnly refuses an event of dummy's by another seat.
func (p *Play) dummyOnly(seat bridge.Seat, what string) error {
	if seat != p.Dummy() {
		return fmt.Errorf("laws: %w: %s is not dummy (%s is dummy's act)", ErrBadEvent, seat, what)
	}
	return nil
}

func (p *Play) breachLaw() string { return p.law("43B2(c)", "43B3") }

// DummyLooks records dummy's violation of 43A2: "exchanges" (with
// declarer, 43A2(a)), "looks-at SEAT" (declarer's hand from his seat,
// 43A2(b); a defender's cards, 43A2(c)).
func (p *Play) DummyLooks(seat bridge.Seat, what string) error {
	seat &= 3
	if err := p.dummyOnly(seat, what); err != nil {
		return err
	}
	law, desc := "43A2(a)", fmt.Sprintf("dummy %s exchanged hands with declarer", seat)
	if w, s, ok := cutWord(what); ok && w == "looks-at" {
		at, err := bridge.ParseSeat(s)
		if err != nil || at == seat {
			return fmt.Errorf("laws: %w: dummy looks at %q", ErrBadEvent, s)
		}
		law, desc = "43A2(c)", fmt.Sprintf("dummy %s looked at %s's cards", seat, at)
		if at == p.declarer {
			law, desc = "43A2(b)", fmt.Sprintf("dummy %s left his seat to watch declarer's play", seat)
		}
	}
	p.dummyBreach = law
	r := p.newRuling(law, seat, desc)
	r.summary(fmt.Sprintf("dummy is liable to a procedural penalty (43B1; Law 90); from now on a warning, a revoke question or an attention drawn by him has the consequences of %s", p.law("43B2(a)–(c)", "43B2 and 43B3")))
	return nil
}

// Warn records that dummy warned declarer about the hand he was about to
// lead from (42B2); after a violation of 43A2 either defender then
// chooses the hand (43B2(a)).
func (p *Play) Warn(seat bridge.Seat) error {
	seat &= 3
	if err := p.dummyOnly(seat, "a warning"); err != nil {
		return err
	}
	if err := p.open(); err != nil {
		return err
	}
	t := p.current()
	if t.N != 0 || p.defender(t.Leader) {
		r := p.newRuling("43A1(c)", seat, fmt.Sprintf("dummy %s spoke about the play when declarer was not about to lead", seat))
		r.summary("dummy may not take part in the play; he is liable to a procedural penalty (43B1; Law 90)")
		return nil
	}
	if p.dummyBreach == "" {
		return nil // 42B2: his right
	}
	r := p.newRuling("43B2(a)", seat, fmt.Sprintf("dummy %s, after violating %s, warned declarer about the hand on lead", seat, p.dummyBreach))
	hs := p.declarer.LHO().String() + "/" + p.declarer.RHO().String()
	r.Options = []Option{{Name: "chooses SEAT", Holder: hs, Effect: "declarer leads from that hand, his or dummy's (43B2(a))"}}
	r.Status = NeedsOption
	r.waitingFor(fmt.Sprintf("either defender (%s) chooses the hand declarer leads from (43B2(a))", hs))
	p.pending = &playDecision{ruling: r, holders: []bridge.Seat{p.declarer.LHO(), p.declarer.RHO()}, answers: []string{"chooses"},
		resolve: func(by bridge.Seat, ans string) error {
			_, w, _ := cutWord(ans)
			h, err := bridge.ParseSeat(w)
			if err != nil || p.defender(h) {
				return fmt.Errorf("laws: %w: %q: name declarer's or dummy's seat", ErrBadAnswer, ans)
			}
			p.pending = nil
			r.Chosen, r.Status = "chooses "+h.String(), Settled
			p.current().Leader = h
			r.summary(fmt.Sprintf("%s chooses: declarer leads from %s's hand (43B2(a))", by, h))
			return nil
		}}
	return nil
}

// AskRevoke records that dummy asked whether a player who failed to
// follow suit has a card of the suit led: declarer (asked nil or
// declarer's seat; 42B1, 43B2(b)) or a defender (43A1(b)).
func (p *Play) AskRevoke(seat bridge.Seat, asked *bridge.Seat) error {
	seat &= 3
	if err := p.dummyOnly(seat, "a revoke question"); err != nil {
		return err
	}
	if p.claim != nil || p.ended {
		return fmt.Errorf("laws: %w", ErrPlayOver)
	}
	if asked != nil && p.defender(*asked) {
		r := p.newRuling("43A1(b)", seat, fmt.Sprintf("dummy %s asked %s whether he had a card of the suit led", seat, *asked))
		r.summary("dummy may ask declarer only, never a defender (42B1): he drew attention to an irregularity during the play and is liable to a procedural penalty (43B1; Law 90); the Director rules on any revoke as usual")
		return nil
	}
	// declarer's last card, on the current or the previous trick
	k, pos := -1, -1
	for j := len(p.tricks) - 1; j >= 0 && j >= len(p.tricks)-2 && k < 0; j-- {
		t := p.tricks[j]
		for i := t.N - 1; i >= 0; i-- {
			if t.Player(i) == p.declarer {
				k, pos = j, i
				break
			}
		}
	}
	if k < 0 || pos == 0 || p.tricks[k].Cards[pos].Suit() == p.tricks[k].Led() {
		r := p.newRuling("43A1(c)", seat, fmt.Sprintf("dummy %s asked declarer about a revoke though declarer had followed suit", seat))
		r.summary("dummy may ask only when declarer has failed to follow suit (42B1); otherwise he takes part in the play and is liable to a procedural penalty (43B1; Law 90)")
		return nil
	}
	if p.dummyBreach == "" {
		return nil // 42B1: his right
	}
	if p.asked == nil {
		p.asked = map[int]bool{}
	}
	p.asked[k+1] = true
	r := p.newRuling("43B2(b)", seat, fmt.Sprintf("dummy %s, after violating %s, was the first to ask declarer about a revoke on trick %d", seat, p.dummyBreach, k+1))
	revoked := false
	for _, rv := range p.revokes {
		revoked = revoked || (rv.Seat == p.declarer && rv.Trick == k+1)
	}
	if revoked {
		r.summary("declarer must correct his revoke, and Law 64 applies at the end of play as if it had been established (43B2(b))")
	} else {
		r.summary("declarer had no card of the suit led: no revoke, nothing to correct (43B2(b))")
	}
	return nil
}

// DummyAttention records that dummy drew attention to an irregularity
// during the play (43A1(b)); after a violation of 43A2 a defender's
// irregularity is then not rectified (43B3; 1997 43B2(c)).
func (p *Play) DummyAttention(seat bridge.Seat) error {
	seat &= 3
	if err := p.dummyOnly(seat, "attention"); err != nil {
		return err
	}
	if p.Ended() {
		return nil // 2017 42B3: after the play dummy may draw attention
	}
	if p.dummyBreach == "" {
		r := p.newRuling("43A1(b)", seat, fmt.Sprintf("dummy %s drew attention to an irregularity during the play", seat))
		r.summary("dummy may not draw attention to an irregularity until the play ends (42B3): he is liable to a procedural penalty (43B1; Law 90); the Director rules on the irregularity as usual")
		return nil
	}
	law := p.breachLaw()
	// the defenders' irregularity attention was drawn to: the open option
	// after a lead out of turn, else the latest ruling on a defender
	if d := p.pending; d != nil && d.loot && p.defender(d.offender) {
		r := p.newRuling(law, seat, fmt.Sprintf("dummy %s, after violating %s, drew attention to %s's lead out of turn", seat, p.dummyBreach, d.offender))
		p.check(r, law)
		d.ruling.note(fmt.Sprintf("not rectified: dummy drew attention to it after violating %s (%s)", p.dummyBreach, law))
		if err := p.settleLOOT(d.ruling, d.offender, d.card, "accept"); err != nil {
			return err
		}
		r.summary(fmt.Sprintf("no rectification: the lead stands as if regular and play goes on; at the end of play the defenders' score alone is adjusted if they gained by the irregularity (%s)", law))
		return p.runEarly()
	}
	for i := len(p.rulings) - 1; i >= 0; i-- {
		x := p.rulings[i]
		if !p.defender(x.Offender) || x.Status != Settled {
			continue
		}
		r := p.newRuling(law, seat, fmt.Sprintf("dummy %s, after violating %s, drew attention to %s's irregularity (Law %s)", seat, p.dummyBreach, x.Offender, x.Law))
		p.check(r, law)
		var undone []string
		for _, c := range x.Rect.PenaltyCards {
			before := len(p.penalty)
			p.dropPenalty(x.Offender, c)
			if len(p.penalty) < before {
				undone = append(undone, c.String()+" is no penalty card")
			}
		}
		for j := len(p.revokes) - 1; j >= 0; j-- {
			if rv := p.revokes[j]; rv.Seat == x.Offender && rv.Line == x.Line {
				p.revokes = append(p.revokes[:j], p.revokes[j+1:]...)
				undone = append(undone, fmt.Sprintf("the revoke on trick %d stands as played, with no correction and no transfer", rv.Trick))
			}
		}
		out := fmt.Sprintf("no rectification: play goes on as if the irregularity had not happened; at the end of play the defenders' score alone is adjusted if they gained by it (%s)", law)
		for _, u := range undone {
			out += "; " + u
		}
		r.summary(out)
		x.note(fmt.Sprintf("not rectified: dummy drew attention to it after violating %s (%s)", p.dummyBreach, law))
		return nil
	}
	r := p.newRuling("43A1(b)", seat, fmt.Sprintf("dummy %s drew attention to an irregularity during the play", seat))
	r.summary("no irregularity of the defenders' to rule; dummy is liable to a procedural penalty (43B1; Law 90)")
	return nil
}

// Suggest records that dummy touched or pointed at a card (c, if known)
// without declarer's instruction (45F).
func (p *Play) Suggest(seat bridge.Seat, c *bridge.Card) error {
	seat &= 3
	if err := p.dummyOnly(seat, "a suggestion"); err != nil {
		return err
	}
	if p.Ended() {
		return fmt.Errorf("laws: %w", ErrPlayOver)
	}
	what := fmt.Sprintf("dummy %s indicated a card without declarer's instruction", seat)
	if c != nil {
		what = fmt.Sprintf("dummy %s touched %s without declarer's instruction", seat, *c)
	}
	r := p.newRuling("45F", seat, what)
	p.check(r, "45F")
	r.summary("play goes on; at the end of play the Director awards an adjusted score if dummy suggested a play and the defenders were damaged by it (45F); dummy is liable to a procedural penalty (43B1; Law 90)")
	return nil
}
