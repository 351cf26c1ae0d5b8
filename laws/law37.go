package laws

import (
	"errors"
	"fmt"

	"github.com/bridgetd/bridgetd/bridge"
)

// Law 37: action by a player required to pass.
//
//   1997 37: the bid, double or redouble is cancelled and (penalty) both
//        members of the offending side pass whenever it is their turn (23,
//        26). If LHO calls first, 1997 Law 35B: that call and all later
//        legal calls stand, but a player barred for the rest of the auction
//        still passes.
//   2017 37A: LHO calls before rectification: the same as 1997 35B.
//   2017 37B: otherwise as 1997 37: cancelled, a pass substituted, both
//        members pass throughout; 72C and 26B may apply.
//
// A double or redouble by a player barred from them by 1997 30B2(b) is
// not ruled under Law 37: see doubleBarred.

func (t *Table) barredCall(ev CallEvent, b Bar) error {
	i := t.record(ev, stPending)
	o, lho := ev.Seat, ev.Seat.LHO()
	r := t.newRuling("37", o, fmt.Sprintf("%s by a player required to pass (Law %s)", t.entries[i], b.Law))
	d := &decision{kind: needsAttention, ruling: r, holder: lho}
	d.condone = func(e2 CallEvent) error {
		r.cite(t.law("35B", "37A"))
		r.summary(fmt.Sprintf("%s called before rectification: the call stands; a player barred for the rest of the auction still passes", lho))
		return t.standsThenCall(i, r, e2)
	}
	d.rectify = func() error {
		r.cite(t.law("37", "37B"))
		t.cancel(i, r.Law, r)
		t.deemPass(o, r.Law)
		t.bar(r, o, RestOfAuction, r.Law)
		t.bar(r, o.Partner(), RestOfAuction, r.Law)
		t.leadPenalty(r, o, i)
		t.withdrawnInfo(r, o, t.entries[i].String())
		r.summary("the call is cancelled and a pass substituted; both members of the offending side must pass whenever it is their turn")
		t.settle(r)
		return nil
	}
	t.wait(d)
	return nil
}

// doubleBarred rules on a double or redouble by the partner of a player
// who passed out of rotation at partner's turn, at the turn where 1997 Law
// 30B2(b) lets him make any sufficient bid or pass but not double or
// redouble. Law 37 does not apply: it concerns a player required to pass,
// and he is not (he may bid); nor is the call inadmissible under Laws 35
// and 36 when Law 19 allows it (if Law 19 does not, Law 36 rules it). No
// law of the 1997 code rectifies this breach, so the Director enforces
// 30B2(b) itself: the call is cancelled, its information is unauthorised
// for the offending side (16C), and the player makes a call 30B2(b) allows
// at that turn, a sufficient bid or a pass; no further bar follows. As the
// Laws give the non-offending side no indemnity for this kind of
// violation, the Director may award an adjusted score under Law 12A1
// (damage check, answered after play). If LHO calls over it before
// attention is drawn, no law cancels it: it stands, and the same check
// remains.
func (t *Table) doubleBarred(ev CallEvent, b Bar) error {
	if err := t.check(ev.Seat, ev.Call); errors.Is(err, bridge.ErrInadmissibleDouble) || errors.Is(err, bridge.ErrInadmissibleRedouble) {
		return t.inadmissible(ev, err)
	}
	i := t.record(ev, stPending)
	o, lho := ev.Seat, ev.Seat.LHO()
	r := t.newRuling("30B2(b)", o, fmt.Sprintf("%s at a turn where he may only bid or pass (Law %s)", t.entries[i], b.Law))
	r.note("Law 37 does not apply: it concerns a player required to pass, and Law 30B2(b) lets this player bid")
	d := &decision{kind: needsAttention, ruling: r, holder: lho}
	d.condone = func(e2 CallEvent) error {
		t.damageCheck(r, "12A1")
		r.summary(fmt.Sprintf("%s called over it before attention was drawn: no law cancels it, so it stands; the Director may adjust at the end of play if the non-offending side was damaged (Law 12A1)", lho))
		return t.standsThenCall(i, r, e2)
	}
	d.rectify = func() error {
		t.cancel(i, "30B2(b)", r)
		t.withdrawnInfo(r, o, t.entries[i].String())
		t.damageCheck(r, "12A1")
		r.summary(fmt.Sprintf("the %s is cancelled: %s must make a sufficient bid or pass at this turn (30B2(b)); no further bar; the Director may adjust at the end of play if the non-offending side was damaged (Law 12A1)", ev.Call, o))
		t.wait(&decision{kind: NeedsCall, ruling: r, holder: o, question: o.String() + " makes a sufficient bid or passes (Law 30B2(b))",
			onCall: func(e2 CallEvent) error { t.pending = nil; t.settle(r); return t.call(e2) }})
		return nil
	}
	t.wait(d)
	return nil
}

// standsThenCall admits the call at entry i, condoned by LHO's call e2
// before rectification, settles ruling r and then takes e2.
func (t *Table) standsThenCall(i int, r *Ruling, e2 CallEvent) error {
	t.admit(i, r.Law)
	t.settle(r)
	if err := t.afterLegalCall(i); err != nil {
		return err
	}
	return t.Call(e2)
}
