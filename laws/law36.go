package laws

import (
	"fmt"

	"github.com/bridgetd/bridgetd/bridge"
)

// Law 36: inadmissible double or redouble (one that Law 19 does not allow).
//
//   1997 36: cancelled; the offender substitutes a legal call; his partner
//        passes throughout (23); Law 26 may apply. If out of turn, Law 32
//        (never acceptable); if LHO calls first, Law 35A.
//   2017 36A: LHO calls before rectification: the inadmissible call and all
//        later calls are cancelled, the auction reverts to the player whose
//        turn it was, no rectification, 26B does not apply.
//   2017 36B: otherwise as 1997 (72C, 26B); if it was also out of rotation
//        the auction reverts to the correct player.
//   2017 36C: attention drawn only after the opening lead was faced: the
//        contract is scored as if the inadmissible call had not been made.
//
// When LHO calls over it the call is kept provisionally (the players do
// not know it was inadmissible) until attention is drawn: then 35A/36A
// cancels it and every later call, or 36C applies after the opening lead.

func (t *Table) inadmissible(ev CallEvent, why error) error {
	i := t.record(ev, stPending)
	o, lho := ev.Seat, ev.Seat.LHO()
	r := t.newRuling("36", o, fmt.Sprintf("inadmissible %s (%v)", t.entries[i], why))
	r.Options = []Option{}
	before := t.st.clone()
	d := &decision{kind: needsAttention, ruling: r, holder: lho}
	d.condone = func(e2 CallEvent) error {
		r.cite(t.law("35A", "36A"))
		r.Status = "condoned"
		t.admit(i, "")
		t.entries[i].Status = stProvisional
		t.latent = &latent{ruling: r, entry: i, before: before}
		r.waitingFor(fmt.Sprintf("%s called over it before rectification: when attention is drawn it and all later calls are cancelled and the auction reverts to %s", lho, o))
		return t.Call(e2)
	}
	d.rectify = func() error {
		r.cite(t.law("36", "36B"))
		t.cancel(i, r.Law, r)
		t.bar(r, o.Partner(), RestOfAuction, r.Law)
		t.leadPenalty(r, o, i)
		t.withdrawnInfo(r, o, t.entries[i].String())
		r.summary("the call is cancelled; the offender must substitute a legal call; his partner must pass whenever it is his turn")
		t.wait(&decision{kind: NeedsCall, ruling: r, holder: o, question: o.String() + " must substitute a legal call (Law 36)",
			onCall: func(e2 CallEvent) error { t.pending = nil; t.settle(r); return t.call(e2) }})
		return nil
	}
	t.wait(d)
	return nil
}

// inadmissibleOutOfTurn rules on an inadmissible double or redouble made
// out of rotation (1997 32 preamble and 36; 2017 36B).
func (t *Table) inadmissibleOutOfTurn(i int, turn bridge.Seat, what string) error {
	o := t.entries[i].Seat
	r := t.newRuling("36", o, "inadmissible "+what)
	r.note(t.law("Law 32: an inadmissible double or redouble may never be accepted", "Law 32: an inadmissible double or redouble may never be accepted"))
	d := &decision{kind: needsAttention, ruling: r, holder: o.LHO()}
	d.condone = func(e2 CallEvent) error {
		r.cite(t.law("35A", "36A"))
		t.cancel(i, r.Law, r)
		j := t.record(e2, stPending)
		t.cancel(j, r.Law, r)
		r.summary("the next opponent called over it: it and the calls after it are cancelled and the auction reverts to " + turn.String() + " without rectification")
		t.settle(r)
		return nil
	}
	d.rectify = func() error {
		r.cite(t.law("36", "36B"))
		t.cancel(i, r.Law, r)
		t.bar(r, o.Partner(), RestOfAuction, r.Law)
		t.leadPenalty(r, o, i)
		t.withdrawnInfo(r, o, t.entries[i].String())
		r.summary("the call is cancelled; the auction reverts to " + turn.String() + "; the offender's partner must pass whenever it is his turn")
		t.settle(r)
		return nil
	}
	t.wait(d)
	return nil
}

// wakeLatent applies 1997 35A / 2017 36A or 36C when attention is drawn
// to an inadmissible call that LHO had called over.
func (t *Table) wakeLatent() error {
	l := t.latent
	t.latent = nil
	r := l.ruling
	o := t.entries[l.entry].Seat
	if !t.is97() && t.leadFaced {
		r.cite("36C")
		t.cancel(l.entry, "36C", r)
		r.summary("attention was drawn after the opening lead: the contract is scored as if the inadmissible call had not been made")
		t.settle(r)
		return nil
	}
	t.st = l.before.clone()
	t.pending = nil
	for j := l.entry; j < len(t.entries); j++ {
		if t.entries[j].Status != stCancelled {
			t.entries[j].Status = stLegal
			t.cancel(j, r.Law, r)
		}
	}
	for _, q := range t.rulings {
		if q != r && q.Line > r.Line && q.Status != Settled {
			q.Status = Settled
			q.note("moot: its calls were cancelled under Law " + r.Law)
		}
	}
	cancelled := fmt.Sprintf("the inadmissible call and all later calls are cancelled; the auction reverts to %s without rectification", o)
	r.summary(cancelled)
	t.settle(r)
	if t.leadFaced {
		r.waitingFor(cancelled + "; as the opening lead was faced, no auction can be completed: the Director finds who is at fault for an artificial adjusted score (Law 12C1)")
		// 1997: the auction can no longer be completed: no result can be obtained.
		r.Rect.AdjustedScore = "artificial adjusted score (Law 12C1): no completed auction"
		r.Options = append(r.Options,
			Option{Name: "offenders-at-fault", Holder: "TD", Effect: "average minus to the offending side, average plus to the other (12C1)"},
			Option{Name: "both-at-fault", Holder: "TD", Effect: "average minus to both sides (12C1)"},
			Option{Name: "both-partly-at-fault", Holder: "TD", Effect: "average to both sides (12C1)"})
		t.wait(&decision{kind: NeedsFinding, ruling: r, answers: []string{"offenders-at-fault", "both-at-fault", "both-partly-at-fault"},
			question: "the opening lead was faced, so the auction cannot be completed: who is at fault (Law 12C1)?",
			resolve: func(ans string) error {
				side := o.Side().String()
				other := o.Side().Opponents().String()
				switch ans {
				case "offenders-at-fault":
					r.Rect.AdjustedScore = fmt.Sprintf("artificial adjusted score (Law 12C1): average minus to %s, average plus to %s", side, other)
				case "both-at-fault":
					r.Rect.AdjustedScore = "artificial adjusted score (Law 12C1): average minus to both sides"
				default:
					r.Rect.AdjustedScore = "artificial adjusted score (Law 12C1): average to both sides"
				}
				r.summary(cancelled + "; as the opening lead was faced, no auction can be completed: " + r.Rect.AdjustedScore)
				t.settle(r)
				return nil
			}})
	}
	return nil
}
