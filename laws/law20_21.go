package laws

import (
	"fmt"

	"github.com/bridgetd/bridgetd/bridge"
)

// Law 20: review and explanation of calls (1997; 2017 in substance).
//
//   20A: a player who did not hear a call may have it repeated at once.
//   20B: during the auction a player may have all previous calls restated
//        at his turn, unless he is required to pass.
//   20C: after the final pass: review at the first turn to play.
//   20F1: during the auction, at his own turn, a player may ask for an
//        explanation of the opponents' auction.
// Requests made when the player is not entitled get a ruling (no
// rectification; the information a request conveys may be unauthorised to
// partner, Law 16).

// Request records a request: "repeat" (20A), "review" (20B/20C) or
// "explain" (20F).
func (t *Table) Request(seat bridge.Seat, what string) error {
	turn, inAuction := t.Turn()
	switch what {
	case "repeat":
		return nil
	case "review", "explain":
	default:
		return fmt.Errorf("laws: %w: unknown request %q", ErrBadEvent, what)
	}
	law := map[string]string{"review": "20B", "explain": "20F1"}[what]
	if !inAuction {
		law = map[string]string{"review": "20C", "explain": "20F2"}[what]
		return nil
	}
	switch {
	case turn != seat:
		r := t.newRuling(law, seat, fmt.Sprintf("%s asked for a %s when it was not his turn to call", seat, what))
		r.summary("not entitled at this time; no rectification, but the request may convey unauthorised information to partner (Law 16)")
	case what == "review" && t.requiredToPass(seat):
		r := t.newRuling(law, seat, fmt.Sprintf("%s, who is required to pass, asked for a review", seat))
		r.summary("a player required to pass is not entitled to a review; no rectification")
	}
	return nil
}

// Law 21: call based on misinformation.
//
//   21A: no recourse for a player's own misunderstanding.
//   21B1: until the end of the auction period a player may change a call
//        he probably made because of misinformation from an opponent
//        (failure to alert included), if his partner has not called since.
//   21B2: his LHO may then change any later call of his; the withdrawn
//        call's information may bring an adjusted score; Law 16C.
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
			if lhoCall != nil && t.pending == nil {
				r.note(fmt.Sprintf("Law 21B2: %s may now change his call %s without rectification; its information is unauthorised for his side (16C)", lhoCall.Seat, lhoCall.Call))
				r.Rect.Information = append(r.Rect.Information, Information{What: "withdrawn " + lhoCall.String(),
					Authorised: o.Side().String(), Unauthorised: lhoCall.Seat.Side().String(), Law: "21B2"})
			}
			return nil
		}})
	return nil
}
