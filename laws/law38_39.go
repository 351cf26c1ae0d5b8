package laws

import (
	"fmt"

	"github.com/bridgetd/bridgetd/bridge"
)

// Law 38: bid of more than seven.
//
//   1997 38: no contract above seven is ever played or scored; the bid is
//        cancelled and both members of the offending side pass whenever it
//        is their turn (23, 26). If LHO calls first, 1997 35C: that call and
//        all later calls are cancelled, the offender substitutes a pass and
//        the auction goes on with no penalty.
//   2017 38A: no contract above seven is ever played. 38B: the bid is
//        cancelled together with any later call. 38C: a pass is
//        substituted and each member of the offending side passes whenever
//        it is his turn. 38D: Law 72C and the lead restrictions of 26B may
//        apply, unless the offender's LHO called after the bid and before
//        rectification: then there is no recourse to either (the bars of
//        38C still apply).
//
// Law 39: call after the final pass.
//
//   1997 39: cancelled. 39A: a pass by a defender or any call by the
//        declaring side: no penalty. 39B: a bid, double or redouble by a
//        defender: Law 26 may apply. If LHO calls first, 1997 35D: all such
//        calls are cancelled without penalty.
//   2017 39A: cancelled. 39B: no further rectification if LHO called
//        first, or for a pass by a defender or any call by the declaring
//        side. 39C: a bid, double or redouble by a defender: 26B may apply.

func (t *Table) aboveSeven(ev CallEvent) error {
	i := t.record(ev, stPending)
	o, lho := ev.Seat, ev.Seat.LHO()
	inTurn := o == t.turn()
	r := t.newRuling("38", o, fmt.Sprintf("bid of more than seven: %s", t.entries[i]))
	d := &decision{kind: needsAttention, ruling: r, holder: lho}
	d.condone = func(e2 CallEvent) error {
		j := t.record(e2, stPending)
		if t.is97() {
			r.cite("35C")
			t.cancel(i, "35C", r)
			t.cancel(j, "35C", r)
			if inTurn {
				t.deemPass(o, "35C")
			}
			r.summary(fmt.Sprintf("%s called over it: the bid and the calls after it are cancelled, the offender's pass is substituted, no penalty", lho))
			t.settle(r)
			return nil
		}
		// 2017 38B–38D: cancelled with the later call, pass substituted,
		// both members barred, but no 72C and no 26B.
		r.cite("38D")
		t.cancel(i, "38B", r)
		t.cancel(j, "38B", r)
		if inTurn {
			t.deemPass(o, "38C")
		}
		t.barOnly(r, o, RestOfAuction, "38C")
		t.barOnly(r, o.Partner(), RestOfAuction, "38C")
		r.summary("the bid and the call after it are cancelled and a pass substituted; both members of the offending side pass whenever it is their turn (38C); LHO called before rectification, so Laws 72C and 26B do not apply (38D)")
		t.settle(r)
		return nil
	}
	d.rectify = func() error {
		law, bars := "38", "38"
		if !t.is97() {
			law, bars = "38C", "38C"
			r.cite("38C")
			r.note("Law 38A: no contract above seven is played; 38B: the bid is cancelled; 38D: Laws 72C and 26B may apply")
		}
		t.cancel(i, law, r)
		if inTurn {
			t.deemPass(o, law)
		}
		t.bar(r, o, RestOfAuction, bars)
		t.bar(r, o.Partner(), RestOfAuction, bars)
		t.leadPenalty(r, o, i)
		t.withdrawnInfo(r, o, t.entries[i].String())
		r.summary("the bid is cancelled and a pass substituted; both members of the offending side must pass whenever it is their turn")
		t.settle(r)
		return nil
	}
	t.wait(d)
	return nil
}

func (t *Table) afterFinalPass(ev CallEvent) error {
	i := t.record(ev, stPending)
	o, lho := ev.Seat, ev.Seat.LHO()
	r := t.newRuling(t.law("39", "39A"), o, fmt.Sprintf("%s after the final pass", t.entries[i]))
	t.cancel(i, r.Law, r)
	c, decl, _ := t.contract()
	declaring := c.Level > 0 && decl.Side() == o.Side()
	// ev.Call is Pass for a bid above seven (AboveSeven holds it): a bid.
	pass := ev.Call == bridge.Pass && ev.AboveSeven == ""
	if pass || declaring || c.Level == 0 {
		r.cite(t.law("39A", "39B"))
		r.summary("the call is cancelled; no rectification")
		return nil
	}
	r.cite(t.law("39B", "39C"))
	t.leadPenalty(r, o, i)
	t.withdrawnInfo(r, o, t.entries[i].String())
	r.waitingFor("the call is cancelled; lead restrictions may apply (Law " + t.law("26", "26B") + ")")
	d := &decision{kind: needsAttention, ruling: r, holder: lho}
	d.condone = func(e2 CallEvent) error {
		r.cite(t.law("35D", "39B"))
		j := t.record(e2, stPending)
		t.cancel(j, r.Law, r)
		// no lead restriction after all
		var out []leadPenalty // a new slice: snapshots share the old one
		for _, lp := range t.st.leads {
			if lp.ruling != r {
				out = append(out, lp)
			}
		}
		t.st.leads = out
		r.Rect.LeadRestrictions = []LeadRestriction{}
		r.summary(fmt.Sprintf("%s called over it: both calls are cancelled without rectification", lho))
		t.settle(r)
		return nil
	}
	d.rectify = func() error {
		r.summary("the call is cancelled; lead restrictions may apply (Law " + t.law("26", "26B") + ")")
		t.settle(r)
		return nil
	}
	t.wait(d)
	return nil
}
