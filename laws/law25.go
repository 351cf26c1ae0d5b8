package laws

import (
	"fmt"

	"github.com/bridgetd/bridgetd/bridge"
)

// Law 25: legal and illegal changes of call.
//
//   1997 25A: until partner calls, a player may replace an inadvertent call
//        by the one he intended, if he does so without pause for thought;
//        the replacement stands without penalty (if illegal, its own law).
//   1997 25B: any other change, until LHO calls:
//        25B1: LHO may accept it (by calling); no penalty. If LHO called
//                    before attention was drawn, the Director finds whether
//                    he meant his call over the original call: then the
//                    substituted call stands and LHO may withdraw his call
//                    (16C2) — "TD over-original", then "keep"/"withdraw".
//        25B2(a): if the first call was illegal, its own law applies.
//        25B2(b)(1): the offender lets his first call stand: partner
//                    passes at his next turn (Law 23);
//        25B2(b)(2): or makes any other legal call: the offending side
//                    scores no more than average minus (12C1).
//        25B2(c): in either case Law 26 lead penalties may apply.
//   2017 25A1–A2: until partner calls, an unintended call (a mechanical
//        error or slip of the tongue, not a loss of concentration) may be
//        replaced, however the player became aware of it (25A3); Law 26
//        does not apply; 25A6: LHO may withdraw a call made over it (his
//        option: "keep" or "withdraw"; a new call by him withdraws).
//   2017 25B1: LHO may accept any other change, but only by calling over
//        it intentionally (in 1997 any call over it accepts): when he calls
//        the Director finds "intentional" or "not-intentional"; the first
//        call is withdrawn on acceptance, Law 26 may apply. 25B2: otherwise the
//        change is cancelled and the first call stands (Law 26 may apply);
//        25B3: Law 16C applies to any call withdrawn or cancelled.
//   The "pause for thought" test and the average-minus route are 1997 only.

// isChangeOfCall reports whether a call by a player who is not in turn is
// a change of his own last call: made at his LHO's turn (1997 30B3 and
// 2017 30B2, 31C, 32C say so), or marked as a change before partner calls.
func (t *Table) isChangeOfCall(ev CallEvent) bool {
	n := len(t.st.legal)
	if n >= 1 && t.legalEntry(n-1).Seat == ev.Seat && !t.legalEntry(n-1).Deemed {
		return true
	}
	return ev.Change && n >= 2 && t.legalEntry(n-2).Seat == ev.Seat && !t.legalEntry(n-2).Deemed &&
		t.legalEntry(n-1).Seat == ev.Seat.LHO()
}

func (t *Table) changeOfCall(ev CallEvent) error {
	o := ev.Seat
	n := len(t.st.legal)
	firstPos := n - 1
	lhoCalled := t.legalEntry(n-1).Seat != o
	if lhoCalled {
		firstPos = n - 2
	}
	first := t.st.legal[firstPos]
	i := t.record(ev, stPending)
	r := t.newRuling("25", o, fmt.Sprintf("%s tried to change his call %s to %s", o, t.entries[first].Call, t.entries[i].Call))
	answers := []string{t.law("inadvertent", "unintended"), t.law("purposeful", "intended")}
	t.wait(&decision{kind: NeedsFinding, ruling: r, answers: answers,
		question: t.law("was the first call inadvertent and corrected without pause for thought (Law 25A)?",
			"was the first call unintended: a mechanical error or slip of the tongue, not a loss of concentration (Law 25A1, 25A2)?"),
		resolve: func(ans string) error {
			if ans == answers[0] {
				return t.changeAllowed(first, i, lhoCalled, r)
			}
			return t.changePurposeful(first, i, lhoCalled, r)
		}})
	return nil
}

// rollBack removes the legal calls from position pos on, restoring the
// state before them; the entries are cancelled under law.
func (t *Table) rollBack(pos int, law string, r *Ruling) {
	if pos < 0 || pos >= len(t.st.legal) {
		return
	}
	idx := append([]int(nil), t.st.legal[pos:]...)
	if snap, ok := t.snaps[idx[0]]; ok {
		t.st = snap.clone()
	}
	for _, j := range idx {
		t.entries[j].Status = stLegal // so cancel records it
		t.cancel(j, law, r)
	}
}

// legalPos returns the position of entry i in the legal auction, or -1.
func (t *Table) legalPos(i int) int {
	for k, j := range t.st.legal {
		if j == i {
			return k
		}
	}
	return -1
}

// rollBackEntry rolls back from the legal call at entry index i, if it is
// still in the legal auction.
func (t *Table) rollBackEntry(i int, law string, r *Ruling) {
	for k, j := range t.st.legal {
		if j == i {
			t.rollBack(k, law, r)
			return
		}
	}
}

// changeAllowed applies 1997 25A / 2017 25A1. When LHO had called over
// the first call: 2017 25A6 lets him withdraw that call (his option); the
// 1997 text gives him no such right, so his call stands over the
// replacement and is ruled under its own law if it has become insufficient
// or inadmissible.
func (t *Table) changeAllowed(first, i int, lhoCalled bool, r *Ruling) error {
	o := t.entries[i].Seat
	law := t.law("25A", "25A1")
	r.cite(law)
	pos := t.legalPos(first)
	if pos < 0 {
		// The first call left the auction meanwhile (e.g. 17D/15A).
		t.cancel(i, law, r)
		r.summary("moot: the first call is no longer in the auction")
		t.settle(r)
		return nil
	}
	lhoCalled = pos+1 < len(t.st.legal)
	var lho Entry
	if lhoCalled {
		lho = t.legalEntry(pos + 1)
	}
	t.rollBack(pos, law, r)
	r.summary("the intended call replaces the unintended one without rectification" + t.law("", "; Law 26 does not apply"))
	t.settle(r)
	ev := CallEvent{Seat: o, Call: t.entries[i].Call, Meaning: t.entries[i].Meaning}
	t.entries[i].Status = stCancelled
	t.entries[i].Law = law
	t.supersede(i, nil)
	if err := t.call(ev); err != nil || !lhoCalled {
		return err
	}
	remade := func(why string) error { return t.remake(lho, why, r) }
	if t.is97() {
		r.note(fmt.Sprintf("1997 Law 25A gives %s no right to withdraw his call: %s stands over the replacement (its own law applies if it is now illegal)", lho.Seat, lho))
		return remade("25A (stands over the replacement)")
	}
	if t.pending != nil {
		// The replacement is itself irregular: LHO's options are those of
		// its own law; his call over the first call is withdrawn.
		r.note(fmt.Sprintf("Law 25A6: %s's call %s is withdrawn; the replacement is ruled under its own law", lho.Seat, lho.Call))
		t.withdrawn25A6(r, lho)
		return nil
	}
	r.Options = append(r.Options,
		Option{Name: "keep", Holder: lho.Seat.String(), Effect: fmt.Sprintf("%s stands over the replacement (25A6 is an option, not a duty)", lho)},
		Option{Name: "withdraw", Holder: lho.Seat.String(), Effect: fmt.Sprintf("%s is withdrawn and %s calls again; its information is authorised for his side and unauthorised for the opponents (25A6)", lho, lho.Seat)})
	t.wait(&decision{kind: NeedsOption, ruling: r, holder: lho.Seat, answers: []string{"keep", "withdraw"}, byCall: "withdraw",
		question: fmt.Sprintf("%s: keep %s over the replacement or withdraw it (Law 25A6)?", lho.Seat, lho.Call),
		resolve: func(ans string) error {
			r.Chosen = ans
			t.settle(r)
			if ans == "keep" {
				r.summary(fmt.Sprintf("%s keeps his call", lho.Seat))
				return remade("25A6 (kept over the replacement)")
			}
			r.cite("25A6")
			t.withdrawn25A6(r, lho)
			r.summary(fmt.Sprintf("%s withdraws his call and calls again (25A6)", lho.Seat))
			return nil
		}})
	return nil
}

// remake makes again a call that a rollback cancelled but that its player
// keeps (1997 25A, 2017 25A6, 21B2): the cancelled entry is marked with why.
func (t *Table) remake(e Entry, why string, r *Ruling) error {
	for k := len(t.entries) - 1; k >= 0; k-- {
		if t.entries[k].Line == e.Line && t.entries[k].Seat == e.Seat && t.entries[k].Status == stCancelled {
			t.entries[k].Law = why
			t.supersede(k, r)
			break
		}
	}
	return t.Call(CallEvent{Seat: e.Seat, Call: e.Call, AboveSeven: e.Text, Meaning: e.Meaning})
}

// supersede marks entry k as made again as a new entry: the result shows
// the call once, where it stands now, and the ruling that cancelled it no
// longer lists it;
// r, if not nil, is the ruling that cancelled it.
func (t *Table) supersede(k int, r *Ruling) {
	t.entries[k].superseded = true
	if r == nil {
		return
	}
	what := cancelledCall(t.entries[k])
	c := r.Rect.Cancelled
	for n := len(c) - 1; n >= 0; n-- {
		if c[n].same(what) {
			r.Rect.Cancelled = append(c[:n:n], c[n+1:]...)
			return
		}
	}
}

// withdrawn25A6 records the information from LHO's withdrawn call (2017
// 25A6): authorised for his side, unauthorised for the opponents.
func (t *Table) withdrawn25A6(r *Ruling, lho Entry) {
	r.Rect.Information = append(r.Rect.Information, Information{What: "withdrawn " + lho.String(),
		Authorised: lho.Seat.Side(), Unauthorised: lho.Seat.Side().Opponents(), Law: "25A6"})
}

// changePurposeful applies 1997 25B / 2017 25B.
func (t *Table) changePurposeful(first, i int, lhoCalled bool, r *Ruling) error {
	o, p, lho := t.entries[i].Seat, t.entries[i].Seat.Partner(), t.entries[i].Seat.LHO()
	if lhoCalled {
		r.cite(t.law("25B", "25B2"))
		t.cancel(i, r.Law, r)
		t.withdrawnInfo(r, o, t.entries[i].String())
		r.summary("LHO had already called: the change is not allowed; the first call stands")
		t.settle(r)
		return nil
	}
	r.Options = []Option{
		{Name: "accept", Holder: lho.String(), Effect: "the substituted call stands" + t.law(" without penalty (25B1)", "; Law 26 may apply to the withdrawn call (25B1)")},
		{Name: "decline", Holder: lho.String(), Effect: t.law(
			"the offender chooses: let the first call stand, his partner passing at his next turn (25B2(b)(1)), or make any other legal call, his side scoring no more than average minus (25B2(b)(2)); Law 26 may apply",
			"the substituted call is cancelled and the first call stands; Law 26 may apply (25B2)")},
	}
	d := &decision{kind: NeedsOption, ruling: r, holder: lho, answers: []string{"accept", "decline"}, byCall: "accept",
		question: fmt.Sprintf("%s: accept the changed call or not (Law 25B)?", lho)}
	if t.is97() {
		d.holderCall = func(e2 CallEvent) error { return t.lhoCalledOverChange(first, i, r, d, e2) }
	} else {
		d.holderCall = func(e2 CallEvent) error { return t.lhoCalledOverChange17(r, d, e2) }
	}
	d.resolve = func(ans string) error {
		if ans == "accept" {
			r.cite("25B1")
			r.Chosen = "accept"
			t.rollBackEntry(first, "25B1", r)
			t.admit(i, "25B1")
			if !t.is97() {
				t.leadPenalty(r, o, first)
				t.withdrawnInfo(r, o, t.entries[first].String())
			}
			r.summary("the substituted call stands")
			t.settle(r)
			return t.afterLegalCall(i)
		}
		r.Chosen = "decline"
		if !t.is97() {
			r.cite("25B2")
			t.cancel(i, "25B2", r)
			t.leadPenalty(r, o, i)
			t.withdrawnInfo(r, o, t.entries[i].String())
			r.summary("the substituted call is cancelled and the first call stands")
			t.settle(r)
			return nil
		}
		r.cite("25B2(b)")
		r.Options = append(r.Options,
			Option{Name: "stand", Holder: o.String(), Effect: "the first call stands; the offender's partner must pass at his next turn; Law 26 may apply (25B2(b)(1), 25B2(c))"},
			Option{Name: "substitute", Holder: o.String(), Effect: "any other legal call; the offending side may score no more than average minus; Law 26 may apply (25B2(b)(2), 25B2(c))"})
		t.wait(&decision{kind: NeedsOption, ruling: r, holder: o, answers: []string{"stand", "substitute"},
			question: fmt.Sprintf("%s: let the first call stand or substitute another legal call (Law 25B2(b))?", o),
			resolve: func(ans string) error {
				if ans == "stand" {
					r.cite("25B2(b)(1)")
					t.cancel(i, "25B2(b)(1)", r)
					t.bar(r, p, NextTurn, "25B2(b)(1)")
					t.leadPenalty(r, o, i)
					t.withdrawnInfo(r, o, t.entries[i].String())
					r.summary("the first call stands; the offender's partner must pass at his next turn")
					t.settle(r)
					return nil
				}
				r.cite("25B2(b)(2)")
				t.cancel(i, "25B2(b)(2)", r)
				t.rollBackEntry(first, "25B2(b)(2)", r)
				r.Rect.ScoreCap = "the offending side scores no more than average minus (Law 25B2(b)(2); 12C1)"
				t.leadPenalty(r, o, first)
				t.withdrawnInfo(r, o, t.entries[first].String()+" and "+t.entries[i].String())
				r.summary("the offender makes any other legal call; his side's score is capped at average minus")
				t.wait(&decision{kind: NeedsCall, ruling: r, holder: o, question: o.String() + " makes any legal call (Law 25B2(b)(2))",
					onCall: func(e2 CallEvent) error { t.pending = nil; t.settle(r); return t.call(e2) }})
				return nil
			}})
		return nil
	}
	t.wait(d)
	return nil
}

// lhoCalledOverChange applies 1997 Law 25B1 when LHO calls over a
// purposeful change before attention is drawn: the Director finds whether
// LHO meant his call over the substituted call (acceptance) or over the
// original call; then the substituted call stands without penalty and LHO
// may withdraw his call (Law 16C2).
func (t *Table) lhoCalledOverChange(first, i int, r *Ruling, d *decision, e2 CallEvent) error {
	lho := e2.Seat
	t.wait(&decision{kind: NeedsFinding, ruling: r, answers: []string{"over-substitute", "over-original"},
		question: fmt.Sprintf("did %s mean his call to apply over the substituted call (acceptance) or over the original call (Law 25B1)?", lho),
		resolve: func(ans string) error {
			if ans == "over-substitute" {
				r.note(fmt.Sprintf("%s called over the substituted call, which accepts it", lho))
				if err := d.resolve("accept"); err != nil {
					return err
				}
				return t.Call(e2)
			}
			r.cite("25B1")
			t.rollBackEntry(first, "25B1", r)
			t.admit(i, "25B1")
			t.settle(r)
			r.summary(fmt.Sprintf("%s meant his call over the original call: the substituted call stands without penalty, and %s may withdraw his call (Law 16C2)", lho, lho))
			if err := t.afterLegalCall(i); err != nil {
				return err
			}
			if err := t.Call(e2); err != nil || t.pending != nil {
				return err
			}
			j := len(t.entries) - 1
			if t.entries[j].Seat != lho || t.entries[j].Status != stLegal {
				return nil
			}
			r.Options = append(r.Options,
				Option{Name: "keep", Holder: lho.String(), Effect: fmt.Sprintf("%s stands over the substituted call", t.entries[j])},
				Option{Name: "withdraw", Holder: lho.String(), Effect: fmt.Sprintf("%s is withdrawn without penalty and %s calls again; Law 16C2", t.entries[j], lho)})
			t.wait(&decision{kind: NeedsOption, ruling: r, holder: lho, answers: []string{"keep", "withdraw"}, byCall: "withdraw",
				question: fmt.Sprintf("%s: keep %s or withdraw it (Law 25B1)?", lho, t.entries[j].Call),
				resolve: func(a string) error {
					r.Chosen = a
					t.settle(r)
					if a == "withdraw" {
						t.rollBackEntry(j, "25B1", r)
						r.Rect.Information = append(r.Rect.Information, Information{What: "withdrawn " + t.entries[j].String(),
							Authorised: lho.Side(), Unauthorised: lho.Side().Opponents(), Law: "16C2"})
					}
					return nil
				}})
			return nil
		}})
	return nil
}

// lhoCalledOverChange17 applies 2017 Law 25B1 when LHO calls over a
// purposeful change: only an intentional call over the changed call
// accepts it (in 1997 any call over it does, subject to the finding of
// lhoCalledOverChange). The Director finds whether LHO called
// intentionally over it: if so the change is accepted and LHO's call
// stands over it; if not there is no acceptance, 25B2 cancels the changed
// call (the first call stands, Laws 26 and 16C), and LHO's call is ruled
// as made over the first call.
func (t *Table) lhoCalledOverChange17(r *Ruling, d *decision, e2 CallEvent) error {
	lho := e2.Seat
	t.wait(&decision{kind: NeedsFinding, ruling: r, answers: []string{"intentional", "not-intentional"},
		question: fmt.Sprintf("did %s call intentionally over the changed call (Law 25B1: only an intentional call over it accepts it)?", lho),
		resolve: func(ans string) error {
			if ans == "intentional" {
				r.note(fmt.Sprintf("%s called intentionally over the changed call, which accepts it (25B1)", lho))
				if err := d.resolve("accept"); err != nil {
					return err
				}
				return t.Call(e2)
			}
			r.note(fmt.Sprintf("%s's call was not an intentional call over the changed call: it does not accept it (25B1)", lho))
			if err := d.resolve("decline"); err != nil {
				return err
			}
			r.Chosen = ""
			r.summary(fmt.Sprintf("%s's call is ruled as made over the first call", lho))
			return t.Call(e2)
		}})
	return nil
}

var _ = bridge.Pass
