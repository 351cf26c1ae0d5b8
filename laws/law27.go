package laws

import (
	"fmt"

	"github.com/bridgetd/bridgetd/bridge"
)

// Law 27: insufficient bid.
//
//   27A (1997) / 27A1 (2017): the offender's LHO may accept it; calling
//        accepts it. An insufficient bid out of rotation: Law 31 (1997 27C;
//        2017 27A2).
//   1997 27B1(a): corrected by the lowest sufficient bid in the same
//        denomination, both bids incontrovertibly not conventional: no
//        penalty; 27B1(b): adjusted score if the information damaged.
//   1997 27B2: either bid may have been conventional, or any other
//        sufficient bid or a pass: partner passes throughout (23, 26).
//   1997 27B3: attempt to substitute a double or redouble: cancelled,
//        partner passes throughout (23, 26); a legal correction follows.
//   2017 27B1(a): the lowest sufficient bid specifying the same
//        denomination(s), natural or artificial: no further rectification,
//        26B and 16C do not apply; 27B1(b): a comparable call (23A), same.
//        Both see 27D (damage check at the end of play).
//   2017 27B2: any other sufficient bid or pass: partner passes throughout;
//        26B and 72C. 27B3: a double or redouble that is not comparable:
//        cancelled, partner passes throughout. 27B4: another insufficient
//        bid: as B3 unless LHO accepts it. 27C: a replacement made before
//        the Director rules stands unless LHO accepts the insufficient bid.
//
// Whether a bid is conventional (1997) or specifies the same denomination
// or is comparable (2017) is read from the stated meanings when both calls
// are stated natural; otherwise the Director is asked.

func (t *Table) insufficient(ev CallEvent) error {
	i := t.record(ev, stPending)
	o, lho := ev.Seat, ev.Seat.LHO()
	lb, _ := t.lastBid()
	r := t.newRuling("27", o, fmt.Sprintf("insufficient bid %s over %s", t.entries[i], lb.Call))
	r.Options = []Option{
		{Name: "accept", Holder: lho.String(), Effect: fmt.Sprintf("the bid is treated as legal and %s calls next (Law %s)", lho, t.law("27A", "27A1"))},
		{Name: "decline", Holder: lho.String(), Effect: t.law(
			"the offender substitutes a sufficient bid or a pass: the lowest sufficient bid in the same denomination, both bids incontrovertibly not conventional, carries no penalty (27B1(a)); otherwise his partner must pass throughout (27B2); a double or redouble is cancelled and bars his partner throughout (27B3)",
			"the offender substitutes a legal call: the lowest sufficient bid specifying the same denomination(s) (27B1(a)) or a comparable call (27B1(b)) carries no further rectification; otherwise his partner must pass throughout (27B2, 27B3)")},
	}
	var early *CallEvent
	d := &decision{kind: NeedsOption, ruling: r, holder: lho, answers: []string{"accept", "decline"}, byCall: "accept",
		question: fmt.Sprintf("%s: accept the insufficient bid or not (Law 27)?", lho)}
	d.early = func(e2 CallEvent) bool {
		if e2.Seat != o || early != nil {
			return false
		}
		early = &e2
		r.note(t.law("Law 25B2(a): the offender replaced his illegal call before the Director ruled; Law 27 applies to it",
			"Law 27C: the offender replaced the insufficient bid before the Director ruled; the replacement stands unless the insufficient bid is accepted"))
		return true
	}
	d.resolve = func(ans string) error {
		if ans == "accept" {
			r.cite(t.law("27A", "27A1"))
			r.Chosen = "accept"
			t.admit(i, r.Law)
			if early != nil {
				j := t.record(*early, stPending)
				t.cancel(j, r.Law, r)
				t.withdrawnInfo(r, o, t.entries[j].String())
			}
			r.summary("the insufficient bid is accepted and treated as legal")
			t.settle(r)
			return t.afterLegalCall(i)
		}
		r.cite("27B")
		r.Chosen = "decline"
		t.cancel(i, "27B", r)
		barred := false
		corr := &decision{kind: NeedsCall, ruling: r, holder: o,
			question: fmt.Sprintf("%s must substitute a sufficient bid or a pass (Law 27B)", o)}
		corr.onCall = func(e2 CallEvent) error {
			t.pending = nil
			return t.correctInsufficient(i, r, e2, &barred, corr)
		}
		if early != nil {
			return corr.onCall(*early)
		}
		t.wait(corr)
		return nil
	}
	t.wait(d)
	return nil
}

// correctInsufficient rules on the offender's replacement for a
// non-accepted insufficient bid.
func (t *Table) correctInsufficient(ib int, r *Ruling, ev CallEvent, barred *bool, corr *decision) error {
	o, p := ev.Seat, ev.Seat.Partner()
	w := t.entries[ib]
	again := func() error { t.wait(corr); return nil }
	j := t.record(ev, stPending)
	e := t.entries[j]
	if ev.AboveSeven != "" {
		t.cancel(j, "27B", r)
		r.note(fmt.Sprintf("%s is not a permitted replacement (Law 27B; Law 38)", e))
		return again()
	}
	err := t.check(o, ev.Call)
	b3 := func() error {
		r.cite(t.law("27B3", "27B3"))
		t.cancel(j, r.Law, r)
		if !*barred {
			*barred = true
			t.bar(r, p, RestOfAuction, r.Law)
			t.leadPenalty(r, o, ib)
			t.withdrawnInfo(r, o, w.String())
		}
		r.summary(fmt.Sprintf("the attempted %s is cancelled; the offender's partner must pass whenever it is his turn; the offender must still substitute a sufficient bid or a pass", ev.Call))
		return again()
	}
	admit := func() error {
		t.admit(j, r.Law)
		t.settle(r)
		return t.afterLegalCall(j)
	}
	b2 := func() error {
		r.cite("27B2")
		if !*barred {
			*barred = true
			t.bar(r, p, RestOfAuction, "27B2")
			t.leadPenalty(r, o, ib)
			t.withdrawnInfo(r, o, w.String())
		}
		r.summary("the offender's partner must pass whenever it is his turn")
		return admit()
	}
	if ev.Call == bridge.Double || ev.Call == bridge.Redouble {
		if t.is97() || err != nil || *barred {
			return b3()
		}
		return t.comparable(r, w, e, nil, func(ans string) error {
			if ans == "comparable" {
				r.cite("27B1(b)")
				r.summary("the double or redouble is comparable: no further rectification; 16C and 26B do not apply")
				t.damageCheck(r, "27D")
				return admit()
			}
			return b3()
		})
	}
	if err != nil { // another insufficient bid
		if t.is97() {
			t.cancel(j, "27B", r)
			r.note(fmt.Sprintf("%s is insufficient: the replacement must be a sufficient bid or a pass (Law 27B)", e))
			return again()
		}
		r.cite("27B4")
		lho := o.LHO()
		t.wait(&decision{kind: NeedsOption, ruling: r, holder: lho, answers: []string{"accept", "decline"}, byCall: "accept",
			question: fmt.Sprintf("%s: accept the second insufficient bid or not (Law 27B4)?", lho),
			resolve: func(ans string) error {
				if ans == "accept" {
					r.summary("the second insufficient bid is accepted")
					return admit()
				}
				return b3()
			}})
		return nil
	}
	if *barred {
		r.summary("the replacement stands")
		return admit()
	}
	lowest := lowestIn(w.Call.Strain(), t)
	natural := w.Meaning.Natural && e.Meaning.Natural
	if t.is97() {
		if ev.Call != lowest {
			return b2()
		}
		b1a := func() error {
			r.cite("27B1(a)")
			r.summary("corrected by the lowest sufficient bid in the same denomination, neither bid conventional: no penalty")
			t.damageCheck(r, "27B1(b)")
			return admit()
		}
		switch {
		case w.Meaning.Artificial || e.Meaning.Artificial:
			return b2()
		case natural:
			return b1a()
		}
		t.wait(&decision{kind: NeedsFinding, ruling: r, answers: []string{"natural", "conventional"},
			question: fmt.Sprintf("are %s and %s both incontrovertibly not conventional (Law 27B1(a))?", w, e),
			resolve: func(ans string) error {
				if ans == "natural" {
					return b1a()
				}
				return b2()
			}})
		return nil
	}
	b1 := func(clause string) error {
		r.cite(clause)
		r.summary("no further rectification; Laws 16C and 26B do not apply")
		t.damageCheck(r, "27D")
		return admit()
	}
	if natural && ev.Call == lowest {
		r.note("Law 27B1(a): both bids stated natural, and the replacement is the lowest sufficient bid in the same denomination")
		return b1("27B1(a)")
	}
	answers := []string{"same-denomination", "comparable", "not-comparable"}
	if natural || ev.Call == bridge.Pass {
		answers = answers[1:]
	}
	return t.comparable(r, w, e, answers, func(ans string) error {
		switch ans {
		case "same-denomination":
			return b1("27B1(a)")
		case "comparable":
			return b1("27B1(b)")
		}
		return b2()
	})
}

// lowestIn returns the lowest sufficient bid in the strain, or Pass if none.
func lowestIn(s bridge.Strain, t *Table) bridge.Call {
	lb, ok := t.lastBid()
	for level := 1; level <= 7; level++ {
		c := bridge.Bid(level, s)
		if !ok || c > lb.Call {
			return c
		}
	}
	return bridge.Pass
}
