package laws

import (
	"fmt"
	"strings"

	"github.com/bridgetd/bridgetd/bridge"
)

// Law 20: review and explanation of calls. The 1997 and 2017 codes agree
// on 20A–20F2; the duty to correct partner's explanation moved from 1997
// Law 75D2 to 2017 Law 20F5, and 2017 adds 20G (incorrect procedure).
//
//   20A: a player who did not hear a call clearly may have it repeated
//        forthwith: always proper ("repeat").
//   20B: during the auction a player may have all previous calls restated
//        at his own turn to call, unless he is required to pass.
//   20C1: after the final pass either defender may ask whether it is his
//        opening lead ("my-lead"); declarer and dummy have no such question,
//        and once the lead is faced it is moot.
//   20C2: declarer or either defender may, at his first turn to play, have
//        the calls restated (dummy is not named).
//   20D: only an opponent answers a request for a review.
//   20F1: during the auction, at his own turn to call, any player may ask
//        for an explanation of the opponents' auction. 20F2: after the
//        final pass, a defender at his own turn to play, and declarer at
//        his or dummy's turn, may ask for explanations.
//   Partner's mistaken explanation ("corrects"; 1997 75D2, 2017 20F5): the
//        explainer's partner may not correct it during the auction (2017
//        20F5(a)); he calls the Director and tells the opponents after the
//        final pass, before the opening lead, when his side declares (2017
//        20F5(b)(ii)), and at the end of the play when it defends (2017
//        20F5(b)(i)). A correction in time lets the opponent whose call
//        could have been affected change it (21B1); one too early gives his
//        partner unauthorised information (16B; 1997 16A); one too late
//        leaves only an adjusted score (21B3; 1997 40C and 75; 2017 40B4).
//   2017 20G1: a question asked solely for partner's benefit is improper
//        ("explain for-partner"): unauthorised information for partner,
//        16B, and a possible adjusted score (12C1(b)). The 1997 code has no
//        20G: it is communication between partners by a question asked,
//        1997 73B1, with 16A.
//
// Every request is recorded (Table.Requests, "requests" in the result) so
// that a log can carry the proper ones; an improper one also gets a ruling
// (no rectification; the request may convey unauthorised information to
// partner, Law 16).

// RequestRecord is one request under Law 20, proper or not.
type RequestRecord struct {
	Seat   bridge.Seat `json:"seat"`
	What   string      `json:"what"` // repeat, review, explain, my-lead
	Law    string      `json:"law"`
	Proper bool        `json:"proper"`
	Line   int         `json:"line,omitempty"`
	Note   string      `json:"note,omitempty"`
	// Purpose is "for-partner" for a question asked for partner's sake
	// (2017 20G1; 1997 73B1).
	Purpose string `json:"purpose,omitempty"`
}

// ForPartner is the request qualifier for a question asked for partner's
// benefit (2017 Law 20G1; 1997 Law 73B1).
const ForPartner = "for-partner"

// Requests returns every Law 20 request so far, in order.
func (t *Table) Requests() []RequestRecord { return append([]RequestRecord(nil), t.requests...) }

// Request records a request: "repeat" (20A), "my-lead" (20C1), "review"
// (20B, 20C2) or "explain" (20F1, 20F2), optionally followed by
// " for-partner" (2017 20G1; 1997 73B1), and rules on it when the player
// was not entitled to make it at that time or in that way.
func (t *Table) Request(seat bridge.Seat, what string) error {
	if seat > bridge.West {
		return fmt.Errorf("laws: %w: no seat %d", ErrBadEvent, seat)
	}
	f := strings.Fields(what)
	if len(f) == 0 || len(f) > 2 || len(f) == 2 && f[1] != ForPartner {
		return fmt.Errorf("laws: %w: unknown request %q", ErrBadEvent, what)
	}
	what = f[0]
	rec := RequestRecord{Seat: seat, What: what, Line: t.line, Proper: true}
	if len(f) == 2 {
		rec.Purpose = ForPartner
	}
	turn, inAuction := t.Turn()
	switch {
	case what == "repeat":
		rec.Law = "20A"
		rec.Note = "a call not clearly heard may be repeated forthwith"
	case what == "my-lead":
		rec.Law = "20C1"
		c, decl, _ := t.contract()
		switch {
		case inAuction:
			rec.Proper, rec.Note = false, "the opening-lead inquiry is for after the final pass"
		case c.Level == 0:
			rec.Proper, rec.Note = false, "the board was passed out: there is no opening lead"
		case seat.Side() == decl.Side():
			rec.Proper, rec.Note = false, "only a defender may ask whether it is his opening lead"
		case t.leadFaced:
			rec.Proper, rec.Note = false, "the opening lead has already been faced"
		default:
			rec.Note = "a defender asks whether it is his opening lead, after the final pass"
		}
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
	if rec.Purpose == ForPartner && rec.Proper { // improper in its purpose though in time
		// 2017 20G1; 1997 73B1 (questions asked as a means of communication).
		rec.Law = t.law("73B1", "20G1")
		rec.Proper = false
		rec.Note = t.law("a question asked to pass information to partner is communication between partners by a question (73B1)",
			"a question asked solely for partner's benefit is improper (20G1)")
	}
	t.requests = append(t.requests, rec)
	if rec.Proper {
		return nil
	}
	asked := map[string]string{"repeat": "asked for a call to be repeated", "review": "asked for a review of the auction",
		"explain": "asked for an explanation", "my-lead": "asked whether it was his opening lead"}[what]
	r := t.newRuling(rec.Law, seat, fmt.Sprintf("%s %s: %s", seat, asked, rec.Note))
	if rec.Purpose == ForPartner {
		ui := t.law("16A", "16B")
		r.Rect.Information = append(r.Rect.Information, Information{What: fmt.Sprintf("%s's question (%s)", seat, what),
			Authorised: seat.Side().Opponents(), Unauthorised: seat.Side(), Law: ui})
		t.damageCheck(r, ui)
		r.note(t.law("Law 73B1: partners may not communicate by the questions they ask", "Law 20G1: a question asked solely for partner's benefit is improper"))
		r.summary(fmt.Sprintf("improper question: its information is unauthorised for %s (Law %s); an adjusted score is possible if %s gained from it (Law %s)",
			seat.Partner(), ui, seat.Side(), t.law("12C2", "12C1(b)")))
		return nil
	}
	r.summary("not entitled at this time; no rectification, but the request may convey unauthorised information to partner (Law 16)")
	return nil
}

// Correct records that seat tells the opponents his partner's explanation
// was mistaken (1997 Law 75D2; 2017 Law 20F5) and rules on its timing: too
// early (during the auction, or by a defender before the end of the play)
// it is unauthorised information for partner; in time for the declaring
// side (after the final pass, before the opening lead) the opponent whose
// last call could have been affected may change it (21B1: his option,
// "keep" or "change"; a call by him changes); in time for a defender (at
// the end of the play, EndOfPlay) or too late for declarer's side it
// leaves an adjusted score (21B3; 1997 40C and 75; 2017 40B4).
func (t *Table) Correct(seat bridge.Seat) error {
	if seat > bridge.West {
		return fmt.Errorf("laws: %w: no seat %d", ErrBadEvent, seat)
	}
	partner := seat.Partner()
	_, inAuction := t.Turn()
	c, decl, _ := t.contract()
	declaring := !inAuction && c.Level > 0 && seat.Side() == decl.Side()
	var law string
	switch {
	case inAuction:
		law = t.law("75D2", "20F5(a)")
	case declaring:
		law = t.law("75D2", "20F5(b)(ii)")
	default:
		law = t.law("75D2", "20F5(b)(i)")
	}
	// The offender is the explainer, except for a correction too early,
	// which is the corrector's own irregularity.
	offender := partner
	if inAuction || !declaring && !t.playEnded {
		offender = seat
	}
	r := t.newRuling(law, offender, fmt.Sprintf("%s corrects his partner %s's mistaken explanation", seat, partner))
	adjust := t.law("40C", "40B4")
	early := func(when string) error {
		ui := t.law("16A", "16B")
		r.Rect.Information = append(r.Rect.Information, Information{What: fmt.Sprintf("%s's correction of %s's explanation", seat, partner),
			Authorised: seat.Side().Opponents(), Unauthorised: seat.Side(), Law: ui})
		t.damageCheck(r, ui)
		r.summary(fmt.Sprintf("the correction comes too early (%s): it is unauthorised information for %s (Law %s); the opponents, now correctly informed, may change a call under 21B1 while they can", when, partner, ui))
		return nil
	}
	switch {
	case inAuction:
		return early("a player may not correct his partner's explanation during the auction")
	case !declaring && !t.playEnded:
		return early("a defender corrects at the end of the play")
	case !declaring || t.leadFaced:
		if declaring {
			r.note("the declaring side should have corrected after the final pass, before the opening lead was faced")
		}
		r.cite(law)
		t.damageCheck(r, "21B3")
		t.damageCheck(r, adjust)
		r.summary(fmt.Sprintf("the opponents are told the correct explanation; it is too late to change a call (21B3): the Director adjusts if they were damaged by the misinformation (Law %s%s)",
			adjust, t.law(", 75", "")))
		return nil
	}
	// Declaring side, after the final pass, before the opening lead: the
	// opponent with the last call of his side (his partner has not called
	// since) may change it under 21B1.
	var last *Entry
	for k := len(t.st.legal) - 1; k >= 0; k-- {
		if e := t.legalEntry(k); e.Seat.Side() != seat.Side() && !e.Deemed {
			last = &e
			break
		}
	}
	if last == nil || t.pending != nil {
		t.damageCheck(r, adjust)
		r.summary(fmt.Sprintf("the opponents are told the correct explanation; the Director adjusts if they were damaged (Law %s)", adjust))
		return nil
	}
	h := last.Seat
	r.Options = append(r.Options,
		Option{Name: "keep", Holder: h.String(), Effect: fmt.Sprintf("%s stands; the Director adjusts if the misinformation damaged %s (Law %s)", *last, h.Side(), adjust)},
		Option{Name: "change", Holder: h.String(), Effect: fmt.Sprintf("%s changes %s, if the Director finds it was probably made because of the misinformation (21B1); the auction goes on from there", h, last.Call)})
	d := &decision{kind: NeedsOption, ruling: r, holder: h, answers: []string{"keep", "change"},
		question: fmt.Sprintf("%s: keep %s or change it now that the explanation is corrected (Law 21B1)?", h, last.Call)}
	changeBy := func(ev CallEvent) error {
		t.pending = nil
		r.Chosen = "change"
		t.settle(r)
		r.summary(fmt.Sprintf("correction in time: %s changes his call under Law 21B1", h))
		ev.Misinformed = true
		return t.call(ev)
	}
	d.holderCall = changeBy
	d.resolve = func(ans string) error {
		if ans == "keep" {
			t.settle(r)
			t.damageCheck(r, adjust)
			r.summary(fmt.Sprintf("correction in time: %s keeps his call; the Director adjusts if %s was damaged by the misinformation (Law %s)", h, h.Side(), adjust))
			return nil
		}
		t.wait(&decision{kind: NeedsCall, ruling: r, holder: h, question: fmt.Sprintf("%s makes the call that replaces %s (Law 21B1)", h, last.Call),
			onCall: changeBy})
		return nil
	}
	r.waitingFor(fmt.Sprintf("correction in time: %s may change his last call (Law 21B1)", h))
	t.wait(d)
	return nil
}

// EndOfPlay records that the play of the board has ended: a defender may
// now correct his partner's mistaken explanation (1997 75D2; 2017
// 20F5(b)(i)).
func (t *Table) EndOfPlay() error {
	if !t.ended() {
		return fmt.Errorf("laws: %w: the play ends only after the auction has ended", ErrBadEvent)
	}
	if c, _, _ := t.contract(); c.Level > 0 && !t.leadFaced {
		t.leadFaced = true
	}
	t.playEnded = true
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
			t.entries[i].Law = "21B1"
			t.supersede(i, nil)
			r.summary(fmt.Sprintf("%s changes his call without rectification (21B1)", o))
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
					Authorised: o.Side(), Unauthorised: lc.Seat.Side(), Law: "21B2"})
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
						return t.remake(lc, "21B2 (kept over the changed call)", r)
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
