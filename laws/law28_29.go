package laws

import (
	"fmt"

	"github.com/bridgetd/bridgetd/bridge"
)

// Laws 28–29: calls out of rotation (same in substance in 1997 and 2017).
//
//   28A: a call at RHO's turn when RHO is required to pass is in rotation
//        (handled in Table.call: RHO's pass is deemed made).
//   28B: the player whose turn it was calls before the call out of rotation
//        by an opponent is rectified: that call is cancelled, the correct
//        player's call stands, the right to rectify is forfeited (16C2).
//   29A: the offender's LHO may accept the call by calling over it.
//   29B: otherwise it is cancelled, the auction reverts to the player whose
//        turn it was, and Laws 30–32 apply.
//   29C: for a conventional call out of rotation, Laws 30–32 apply to the
//        denominations it specified, not to the one named (1997 31A2).

// position of a caller relative to the player whose turn it is.
const (
	atRHO     = "RHO's"
	atPartner = "partner's"
	atLHO     = "LHO's"
)

func position(offender, turn bridge.Seat) string {
	switch turn {
	case offender.RHO():
		return atRHO
	case offender.Partner():
		return atPartner
	}
	return atLHO
}

// family returns the law for the kind of call out of rotation: 30 pass,
// 31 bid (and an artificial pass, 30C), 32 double or redouble.
func family(e Entry) string {
	switch {
	case e.Call == bridge.Pass && !e.Meaning.Artificial:
		return "30"
	case e.Call == bridge.Double || e.Call == bridge.Redouble:
		return "32"
	}
	return "31"
}

func (t *Table) outOfRotation(ev CallEvent) error {
	turn := t.turn()
	o := ev.Seat
	pos := position(o, turn)
	i := t.record(ev, stPending)
	e := t.entries[i]
	what := fmt.Sprintf("%s out of rotation at %s turn (%s's turn)", e, pos, turn)
	if ev.Call == bridge.Double || ev.Call == bridge.Redouble {
		if err := t.check(o, ev.Call); err != nil {
			return t.inadmissibleOutOfTurn(i, turn, what)
		}
	}
	fam := family(e)
	r := t.newRuling("29", o, what)
	if fam == "31" && ev.Call == bridge.Pass {
		r.note("Law 30C: an artificial pass is ruled as a bid out of rotation (Law 31)")
	}
	lho := o.LHO()
	r.Options = []Option{
		{Name: "accept", Holder: lho.String(), Effect: fmt.Sprintf("the call stands; the auction continues with %s and a player skipped loses his turn (Law 29A)", lho)},
		{Name: "decline", Holder: lho.String(), Effect: "the call is cancelled and the auction reverts to " + turn.String() + "; " + t.coorEffect(fam, pos)},
	}
	d := &decision{kind: NeedsOption, ruling: r, holder: lho, answers: []string{"accept", "decline"}, byCall: "accept",
		correct: turn, hasCorrect: turn != o.Partner(),
		question: fmt.Sprintf("%s: accept the call out of rotation or not (Law 29)?", lho)}
	d.resolve = func(ans string) error {
		if ans == "accept" {
			return t.acceptOutOfRotation(i, r)
		}
		r.cite("29B")
		t.cancel(i, "29B", r)
		t.settle(r)
		t.rectifyOutOfRotation(i, r, turn, pos, fam)
		return nil
	}
	t.wait(d)
	return nil
}

// acceptOutOfRotation applies Law 29A, and Law 34 when an accepted pass
// would end the auction while a player lost his turn.
func (t *Table) acceptOutOfRotation(i int, r *Ruling) error {
	r.cite("29A")
	r.Chosen = "accept"
	t.admit(i, "29A")
	t.settle(r)
	r.summary("the call stands as if in rotation; no rectification")
	return t.afterLegalCall(i)
}

// correctPlayerCalls applies Law 28B.
func (t *Table) correctPlayerCalls(d *decision, ev CallEvent) error {
	r := d.ruling
	r.cite("28B")
	for i := len(t.entries) - 1; i >= 0; i-- {
		if t.entries[i].Status == stPending {
			t.cancel(i, "28B", r)
			t.partnerUI(r, t.entries[i].Seat, t.entries[i].String())
			break
		}
	}
	t.settle(r)
	r.summary(fmt.Sprintf("%s, whose turn it was, called: the call out of rotation is cancelled and the right to rectify it is forfeited", ev.Seat))
	return t.call(ev)
}
