package laws

import (
	"fmt"

	"github.com/bridgetd/bridgetd/bridge"
)

// Law 20: review and explanation of calls (1997; 2017 the same in these
// clauses).
//
//   20A: a player who did not hear a call may have it repeated at once:
//        always proper.
//   20B: during the auction a player may have all previous calls restated
//        at his own turn to call, unless he is required to pass.
//   20C1: after the final pass either defender may ask whether it is his
//        opening lead. 20C2: declarer or either defender may, at his first
//        turn to play, have the calls restated (dummy is not named).
//   20D: only an opponent answers a request for a review.
//   20F1: during the auction, at his own turn to call, any player may ask
//        for an explanation of the opponents' auction. 20F2: after the
//        final pass, a defender at his own turn to play, and declarer at
//        his or dummy's turn, may ask for explanations.
//
// Every request is recorded (Table.Requests, "requests" in the result) so
// that a log can carry the proper ones; an improper one also gets a ruling
// (no rectification; the request may convey unauthorised information to
// partner, Law 16).

// RequestRecord is one request under Law 20, proper or not.
type RequestRecord struct {
	Seat   string `json:"seat"`
	What   string `json:"what"` // repeat, review, explain
	Law    string `json:"law"`
	Proper bool   `json:"proper"`
	Line   int    `json:"line,omitempty"`
	Note   string `json:"note,omitempty"`
}

// Requests returns every Law 20 request so far, in order.
func (t *Table) Requests() []RequestRecord { return append([]RequestRecord(nil), t.requests...) }

// Request records a request: "repeat" (20A), "review" (20B, 20C2) or
// "explain" (20F1, 20F2), and rules on it when the player was not entitled
// to make it at that time.
func (t *Table) Request(seat bridge.Seat, what string) error {
	rec := RequestRecord{Seat: seat.String(), What: what, Line: t.line, Proper: true}
	turn, inAuction := t.Turn()
	switch {
	case what == "repeat":
		rec.Law = "20A"
		rec.Note = "a call not clearly heard may be repeated at once"
	case what != "review" && what != "explain":
		return fmt.Errorf("laws: %w: unknown request %q", ErrBadEvent, what)
	case inAuction && what == "review":
		rec.Law = "20B"
		switch {
		case turn != seat:
			rec.Proper, rec.Note = false, "a review may be had only at one's own turn to call"
		case t.requiredToPass(seat):
			rec.Proper, rec.Note = false, "a player required to pass is not entitled to a review"
		default:
			rec.Note = "at his own turn to call; an opponent answers (20D)"
		}
	case inAuction:
		rec.Law = "20F1"
		if turn != seat {
			rec.Proper, rec.Note = false, "explanations may be asked for only at one's own turn to call"
		} else {
			rec.Note = "explanation of the opponents' auction, at his own turn to call"
		}
	default:
		rec.Law = map[string]string{"review": "20C2", "explain": "20F2"}[what]
		rec.Note = "after the final pass, at his own (first) turn to play"
		if c, decl, _ := t.contract(); what == "review" && c.Level > 0 && seat == decl.Partner() {
			rec.Proper, rec.Note = false, "dummy is not among the players who may have the auction restated after the final pass"
		}
	}
	t.requests = append(t.requests, rec)
	if !rec.Proper {
		r := t.newRuling(rec.Law, seat, fmt.Sprintf("%s asked for a %s: %s", seat, what, rec.Note))
		r.summary("not entitled at this time; no rectification, but the request may convey unauthorised information to partner (Law 16)")
	}
	return nil
}

// Law 21: call based on misinformation.
//
//   21A: no recourse for a player's own misunderstanding.
//   21B1: until the end of the auction period a player may change a call
//        he probably made because of misinformation from an opponent
//        (failure to alert included), if his partner has not called since.
//   21B2: his LHO may then change any later call of his (his option:
//        "keep" or "change"; a new call by him changes); the withdrawn
//        call's information may bring an adjusted score (damage check
//        "21B2"); Law 16C.
//   21B3: when it is too late to change, the Director may adjust.
// The 2017 text is the same in effect (it adds the presumption of a
// mistaken explanation rather than a mistaken call, 21B1(b)).

func (t *Table) misinformedChange(ev CallEvent) error {
	o := ev.Seat
	pos := -1
	for k := len(t.st.legal) - 1; k >= 0; k-- {
		if e := t.legalEntry(k); e.Seat == o && !e.Deemed {
			pos = k
			break
		}
	}
	i := t.record(ev, stPending)
	r := t.newRuling("21B1", o, fmt.Sprintf("%s asks to change his call to %s because of misinformation", o, ev.Call))
	if pos < 0 {
		r.cite("21A")
		t.cancel(i, "21A", r)
		r.summary("there is no call of his to change")
		return nil
	}
	for k := pos + 1; k < len(t.st.legal); k++ {
		if t.legalEntry(k).Seat == o.Partner() || t.leadFaced {
			r.cite("21B3")
			t.cancel(i, "21B3", r)
			t.damageCheck(r, "21B3")
			r.summary("too late to change the call: the Director may award an adjusted score at the end")
			return nil
		}
	}
	t.wait(&decision{kind: NeedsFinding, ruling: r, answers: []string{"misinformed", "not-misinformed"},
		question: fmt.Sprintf("did %s probably make his call because of misinformation from an opponent (Law 21B1)?", o),
		resolve: func(ans string) error {
			if ans != "misinformed" {
				r.cite("21A")
				t.cancel(i, "21A", r)
				t.withdrawnInfo(r, o, t.entries[i].String())
				r.summary("no misinformation: the call stands; the attempted change is cancelled")
				t.settle(r)
				return nil
			}
			var lhoCall *Entry
			if pos+1 < len(t.st.legal) {
				e := t.legalEntry(pos + 1)
				lhoCall = &e
			}
			t.rollBack(pos, "21B1", r)
			t.entries[i].Status = stCancelled
			t.entries[i].Law = "21B1 (made again at his turn)"
			r.summary("the call is changed without rectification")
			t.settle(r)
			if err := t.call(CallEvent{Seat: o, Call: ev.Call, Meaning: ev.Meaning}); err != nil {
				return err
			}
			if lhoCall == nil || lhoCall.Deemed {
				return nil
			}
			lc := *lhoCall
			withdrawn := func() {
				r.Rect.Information = append(r.Rect.Information, Information{What: "withdrawn " + lc.String(),
					Authorised: o.Side().String(), Unauthorised: lc.Seat.Side().String(), Law: "21B2"})
				t.damageCheck(r, "21B2")
			}
			if t.pending != nil {
				r.note(fmt.Sprintf("Law 21B2: %s's call %s is withdrawn; the new call is ruled under its own law", lc.Seat, lc.Call))
				withdrawn()
				return nil
			}
			r.Options = append(r.Options,
				Option{Name: "keep", Holder: lc.Seat.String(), Effect: fmt.Sprintf("%s stands over the changed call", lc)},
				Option{Name: "change", Holder: lc.Seat.String(), Effect: fmt.Sprintf("%s changes %s without rectification; its information is unauthorised for his side, and an adjusted score is possible if it damaged %s (21B2, 16C)", lc.Seat, lc.Call, o.Side())})
			t.wait(&decision{kind: NeedsOption, ruling: r, holder: lc.Seat, answers: []string{"keep", "change"}, byCall: "change",
				question: fmt.Sprintf("%s: keep %s or change it (Law 21B2)?", lc.Seat, lc.Call),
				resolve: func(ans string) error {
					r.Chosen = ans
					t.settle(r)
					if ans == "keep" {
						r.summary(fmt.Sprintf("%s keeps his call", lc.Seat))
						return t.remake(lc, "21B2 (kept over the changed call)")
					}
					r.cite("21B2")
					withdrawn()
					r.summary(fmt.Sprintf("%s changes his call (21B2)", lc.Seat))
					return nil
				}})
			return nil
		}})
	return nil
}
