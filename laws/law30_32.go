package laws

import (
	"fmt"

	"github.com/bridgetd/bridgetd/bridge"
)

// Laws 30–32: pass, bid, double or redouble out of rotation, once the call
// has been cancelled (Law 29B). The two codes side by side:
//
//   Pass (Law 30)                1997                          2017
//   before any bid               30A: O passes next turn       (no split)
//   at RHO's turn                30B1: O passes next turn      30A: O passes next turn
//   at partner's turn            30B2(a): O passes throughout; 30B1: P any legal call (16C2);
//                                30B2(b): P may not X/XX then  O's call comparable: nothing;
//                                                              else P passes next turn
//   at LHO's turn, O had called  30B3: change of call, Law 25  30B2: Law 25
//   artificial pass              30C: Law 31                   30C: Law 31
//
//   Bid (Law 31)
//   at RHO's turn, RHO passes    31A1: O repeats, no penalty   31A1: same
//   at RHO's turn, RHO acts      31A2(a) same denomination:    31A2(a) comparable: nothing;
//                                P passes next turn;           31A2(b) otherwise P passes
//                                31A2(b) otherwise P passes    next turn (16C, 26B, 72C)
//                                throughout, Law 26
//   partner's turn, or LHO's     31B: P passes throughout,     31B: P any legal call (16C2);
//   turn before O has called     Law 26                        O's call ruled as A2
//
//   Double/redouble (Law 32)
//   at partner's turn            32A: P passes throughout      32B: P any legal call; O as A2
//   at RHO's turn, RHO passes    32B1: O repeats               32A1: O repeats
//   at RHO's turn, RHO acts      32B2: P passes throughout     32A2(a)/(b): comparable or P
//                                                              passes next turn
//   inadmissible X/XX            never accepted; Law 36 (see 35A if LHO calls; 2017 36)
//
// O is the offender, P his partner.

// coorEffect describes the rectification if a call out of rotation is not accepted.
func (t *Table) coorEffect(fam, pos string) string {
	if t.is97() {
		switch fam {
		case "30":
			switch {
			case !t.anyBid():
				return "the offender must pass at his next turn; Law 23 may apply (Law 30A)"
			case pos == atRHO:
				return "the offender must pass at his next turn (Law 30B1)"
			case pos == atPartner:
				return "the offender must pass for the rest of the auction and his partner may not double or redouble at this turn; Law 23 may apply (Law 30B2)"
			}
			return "treated as a change of call (Law 30B3, Law 25)"
		case "31":
			if pos == atRHO {
				return "if RHO passes the offender must repeat the bid (31A1); if RHO acts, the offender's partner passes next turn if the offender repeats the denomination (31A2(a)) or throughout otherwise (31A2(b)); Law 26 may apply"
			}
			return "the offender's partner must pass for the rest of the auction; Law 26 may apply (Law 31B)"
		default:
			if pos == atPartner {
				return "the offender's partner must pass for the rest of the auction; Law 26B may apply (Law 32A)"
			}
			return "if RHO passes the offender must repeat it (32B1); if RHO bids, the offender's partner must pass for the rest of the auction (32B2)"
		}
	}
	switch {
	case fam == "30" && pos == atRHO:
		return "the offender must pass at his next turn (Law 30A)"
	case pos == atRHO && fam == "31":
		return "if RHO passes the offender must repeat the call (31A1); if RHO acts, a comparable call by the offender brings no further rectification (31A2(a)), any other call bars his partner at his next turn (31A2(b))"
	case pos == atRHO:
		return "if RHO passes the offender must repeat it (32A1); if RHO acts, a comparable call brings no further rectification (32A2(a)), any other call bars the offender's partner at his next turn (32A2(b))"
	}
	return fmt.Sprintf("the offender's partner may make any legal call (16C2); a comparable call by the offender brings no further rectification, any other call bars his partner at his next turn (Law %s)",
		map[string]string{"30": "30B1", "31": "31B", "32": "32B"}[fam])
}

// rectifyOutOfRotation applies Laws 30–32 after Law 29B.
func (t *Table) rectifyOutOfRotation(i int, r *Ruling, turn bridge.Seat, pos, fam string) {
	e := t.entries[i]
	o, p := e.Seat, e.Seat.Partner()
	waitRHO := func(clause string) {
		t.st.follows = append(t.st.follows, follow{kind: fAfterRHO, seat: turn, offender: o, withdrawn: i, ruling: r, call: e.Call, clause: clause})
	}
	nextCall := func(clause string) {
		t.st.follows = append(t.st.follows, follow{kind: fNextCall, seat: o, offender: o, withdrawn: i, ruling: r, call: e.Call, clause: clause})
	}
	if t.is97() {
		t.withdrawnInfo(r, o, e.String())
		switch fam {
		case "30":
			switch {
			case !t.anyBid():
				// 1997 30A: the offender passes at his next turn, and Law
				// 23 may apply: the later damage check (see 72B1) whether
				// he could have known the enforced pass would likely
				// damage the non-offending side.
				r.cite("30A")
				t.bar(r, o, NextTurn, "30A")
				t.enforcedPassCheck(r)
				r.summary("the offender must pass at his next turn; Law 23 may apply")
			case pos == atRHO:
				r.cite("30B1")
				t.bar(r, o, NextTurn, "30B1")
				r.summary("the offender must pass at his next turn")
			case pos == atPartner:
				// 1997 30B2(a) and (b) each end with "Law 23 may apply":
				// the offender's enforced pass and his partner's turn
				// without double or redouble bring the later damage check.
				r.cite("30B2")
				t.bar(r, o, RestOfAuction, "30B2(a)")
				b := Bar{Seat: p, Scope: NextTurn, DoublesOnly: true, Law: "30B2(b)"}
				t.st.bars = append(t.st.bars, b)
				r.Rect.Bars = append(r.Rect.Bars, b)
				t.enforcedPassCheck(r)
				r.summary("the offender must pass throughout; his partner may bid or pass but not double or redouble at this turn; Law 23 may apply")
			default:
				r.cite("30B3")
				r.summary("a pass at LHO's turn is a change of call: Law 25")
			}
		case "31":
			if pos == atRHO {
				r.cite("31A")
				waitRHO("31")
				r.waitingFor("the ruling waits for RHO's call (Law 31A1 or 31A2)")
				return
			}
			r.cite("31B")
			t.bar(r, p, RestOfAuction, "31B")
			t.leadPenalty(r, o, i)
			r.summary("the offender's partner must pass whenever it is his turn; lead penalties of Law 26 may apply")
		default:
			if pos == atPartner {
				r.cite("32A")
				t.bar(r, p, RestOfAuction, "32A")
				t.leadPenalty(r, o, i)
				r.summary("the offender's partner must pass whenever it is his turn; Law 26B may apply")
				return
			}
			r.cite("32B")
			waitRHO("32")
			r.waitingFor("the ruling waits for RHO's call (Law 32B1 or 32B2)")
		}
		return
	}
	// 2017
	switch {
	case fam == "30" && pos == atRHO:
		r.cite("30A")
		t.withdrawnInfo(r, o, e.String())
		t.bar(r, o, NextTurn, "30A")
		r.summary("the offender must pass at his next turn")
	case pos == atRHO:
		r.cite(fam + "A")
		waitRHO(fam)
		r.waitingFor(fmt.Sprintf("the ruling waits for RHO's call (Law %sA1 or %sA2)", fam, fam))
	default:
		clause := map[string]string{"30": "30B1", "31": "31B", "32": "32B"}[fam]
		r.cite(clause)
		t.partnerUI(r, o, e.String())
		nextCall(clause)
		r.waitingFor("the offender's partner may make any legal call; the ruling waits for the offender's next call")
	}
}

// runFollows applies the follow-ups triggered by the legal call at entry i.
func (t *Table) runFollows(i int) error {
	e := t.entries[i]
	fs := append([]follow(nil), t.st.follows...)
	for _, f := range fs {
		if f.seat != e.Seat {
			continue
		}
		t.dropFollow(f)
		r := f.ruling
		switch f.kind {
		case fAfterRHO:
			if e.Call == bridge.Pass {
				clause := map[string]string{"31": "31A1", "32": t.law("32B1", "32A1")}[f.clause]
				r.cite(clause)
				r.waitingFor(fmt.Sprintf("RHO passed: %s must repeat %s; no rectification if it is legal", f.offender, f.call))
				t.st.follows = append(t.st.follows, follow{kind: fRepeat, seat: f.offender, offender: f.offender, withdrawn: f.withdrawn, ruling: r, call: f.call, clause: clause})
				continue
			}
			if t.is97() && f.clause == "32" {
				r.cite("32B2")
				t.bar(r, f.offender.Partner(), RestOfAuction, "32B2")
				t.leadPenalty(r, f.offender, f.withdrawn)
				r.summary("RHO bid: the offender may make any legal call; his partner must pass whenever it is his turn")
				continue
			}
			t.st.follows = append(t.st.follows, follow{kind: fNextCall, seat: f.offender, offender: f.offender, withdrawn: f.withdrawn, ruling: r, call: f.call, clause: f.clause, rhoActed: true})
			r.waitingFor("RHO acted: the offender may make any legal call; the ruling waits for it")
		case fRepeat:
			r.summary(fmt.Sprintf("RHO passed and %s repeated %s: no rectification (Law %s)", f.offender, f.call, r.Law))
			t.settle(r)
		case fNextCall:
			if err := t.ruleNextCall(f, i); err != nil {
				return err
			}
		}
	}
	return nil
}

// ruleNextCall rules on the offender's first legal call after his call
// out of rotation was cancelled.
func (t *Table) ruleNextCall(f follow, i int) error {
	r := f.ruling
	w, e := t.entries[f.withdrawn], t.entries[i]
	p := f.offender.Partner()
	if t.is97() {
		// 1997 31A2: did the offender repeat the denomination (29C: the
		// denominations specified, for a conventional call)?
		apply := func(same bool) error {
			if same {
				r.cite("31A2(a)")
				t.bar(r, p, NextTurn, "31A2(a)")
				r.summary("the offender repeated the denomination: his partner must pass at his next turn")
			} else {
				r.cite("31A2(b)")
				t.bar(r, p, RestOfAuction, "31A2(b)")
				t.leadPenalty(r, f.offender, f.withdrawn)
				r.summary("the offender did not repeat the denomination: his partner must pass whenever it is his turn; Law 26 may apply")
			}
			return nil
		}
		if !e.Call.IsBid() {
			return apply(false)
		}
		if w.Meaning.Artificial && w.Meaning.Shows == 0 {
			t.wait(&decision{kind: NeedsFinding, ruling: r, answers: []string{"repeats", "not-repeats"},
				question: fmt.Sprintf("does %s repeat the denominations specified by the conventional %s (Law 29C, 31A2)?", e, w),
				resolve:  func(a string) error { return apply(a == "repeats") }})
			return nil
		}
		if !w.Meaning.Known() {
			r.note("Law 29C: the call out of rotation had no stated meaning; its named denomination is used")
		}
		ws, es := specified(w), specified(e)
		if !w.Meaning.Artificial {
			ws = 0
			if s, ok := w.Call.Strain().Suit(); ok {
				ws = 1 << s
			}
		}
		same := w.Call.IsBid() && (ws != 0 && ws&es == ws || ws == 0 && !w.Meaning.Artificial && e.Call.Strain() == w.Call.Strain())
		return apply(same)
	}
	clause := f.clause
	switch clause {
	case "31", "32":
		clause += "A2"
	}
	return t.comparable(r, w, e, nil, func(ans string) error {
		if ans == "comparable" {
			if clause == "31A2" || clause == "32A2" {
				r.cite(clause + "(a)")
			} else {
				r.cite(clause)
			}
			r.summary("the offender's call is comparable (Law 23A, 23B): no further rectification; 16C2 and 26B do not apply")
			t.damageCheck(r, "23C")
			t.settle(r)
			return nil
		}
		if clause == "31A2" || clause == "32A2" {
			r.cite(clause + "(b)")
		} else {
			r.cite(clause)
		}
		t.bar(r, p, NextTurn, r.Law)
		t.withdrawnInfo(r, f.offender, w.String())
		t.leadPenalty(r, f.offender, f.withdrawn)
		r.summary("the offender's call is not comparable: his partner must pass at his next turn; Laws 16C, 26B and 72C may apply")
		t.settle(r)
		return nil
	})
}

// notRepeated rules on an offender who does not repeat the call he must
// repeat (31A1, 32B1/32A1): the call is cancelled and he must repeat it.
func (t *Table) notRepeated(ev CallEvent, f follow) error {
	i := t.record(ev, stPending)
	r := t.newRuling(f.ruling.Law, ev.Seat, fmt.Sprintf("%s instead of repeating %s", t.entries[i], f.call))
	t.cancel(i, r.Law, r)
	t.withdrawnInfo(r, ev.Seat, t.entries[i].String())
	r.summary(fmt.Sprintf("the offender must repeat %s at this turn", f.call))
	return nil
}
