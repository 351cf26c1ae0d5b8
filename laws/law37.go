package laws

import "fmt"

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
// ruled here as well.

func (t *Table) barredCall(ev CallEvent, b Bar) error {
	i := t.record(ev, stPending)
	o, lho := ev.Seat, ev.Seat.LHO()
	r := t.newRuling("37", o, fmt.Sprintf("%s by a player required to pass (Law %s)", t.entries[i], b.Law))
	d := &decision{kind: needsAttention, ruling: r, holder: lho}
	d.condone = func(e2 CallEvent) error {
		r.cite(t.law("35B", "37A"))
		t.admit(i, r.Law)
		r.summary(fmt.Sprintf("%s called before rectification: the call stands; a player barred for the rest of the auction still passes", lho))
		t.settle(r)
		if err := t.afterLegalCall(i); err != nil {
			return err
		}
		return t.Call(e2)
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
