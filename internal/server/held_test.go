package server

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/bridgetd/bridgetd/internal/store"
	"github.com/bridgetd/bridgetd/internal/store/storetest"
)

// TestWrongBoardHeld: a table may write only its own boards of its
// current round. A board not in it is warned of before it is sent (the
// page's check); sent without saying so it is refused and nothing
// changes; sent after the warning (a board played by mistake, Law 15:
// 2017 15B, 1997 15A), or arriving from a phone that was offline while
// the round moved on, it is not counted but held as a director call with
// the result as entered and the warning, shown on the grid and in the
// call queue, where the director lets the score stand (Law 15B2, 1997
// 15A1: the result of the board where it is played, a recorded
// correction) or does not count it.
func TestWrongBoardHeld(t *testing.T) { storetest.Run(t, testWrongBoardHeld) }

func testWrongBoardHeld(t *testing.T, bk storetest.Backend) {
	e := newEnv(t, bk)
	ctx := t.Context()
	own := e.state(1).Boards
	wrong := e.state(2).Boards[0].Number // table 2's board in round 1
	calls := func() []store.Call {
		t.Helper()
		cs, err := e.st.Calls(ctx, e.id)
		if err != nil {
			t.Fatal(err)
		}
		return cs
	}
	counted := func(round, table, board int) *store.Result {
		for _, r := range e.results() {
			if r.Round == round && r.Table == table && r.Board == board {
				return &r
			}
		}
		return nil
	}

	// The page's check warns before anything is sent, with the score.
	code, m := e.postJSON(nil, "/t/"+e.codes[1]+"/check", entryBody("chk", wrong, `"round":1`))
	if code != 200 || !strings.Contains(fmt.Sprint(m["warnings"]), fmt.Sprintf("board %d is not played at table 1 in round 1", wrong)) ||
		!strings.Contains(fmt.Sprint(m["warnings"]), "Law 15") || m["contract"] != "4♠" {
		t.Fatalf("check of a wrong board: %d %v, want the score with the Law 15 warning", code, m)
	}
	// Sent without the table saying it was warned: refused, nothing kept.
	before := e.snapshot()
	if code, m := e.postJSON(nil, "/t/"+e.codes[1]+"/enter", entryBody("w0", wrong, `"round":1`)); code != 400 || !strings.Contains(fmt.Sprint(m["error"]), "wrong board") {
		t.Errorf("a wrong board sent unwarned: %d %v, want 400 saying to send it as a wrong board", code, m)
	}
	if after := e.snapshot(); after != before {
		t.Errorf("a refused wrong board changed the store:\n%s\n%s", before, after)
	}
	// Sent after the warning: held, not counted; a resend holds it once.
	for range 2 {
		code, m := e.postJSON(nil, "/t/"+e.codes[1]+"/enter", entryBody("w1", wrong, `"round":1,"wrong_board":true`))
		if code != 200 || m["Status"] != store.Held {
			t.Fatalf("wrong board sent after the warning: %d %v, want 200 held", code, m)
		}
	}
	if r := counted(1, 1, wrong); r != nil {
		t.Errorf("the wrong board counts at table 1: %+v", r)
	}
	if r := counted(1, 2, wrong); r != nil {
		t.Errorf("the wrong board counts at table 2: %+v", r)
	}
	cs := calls()
	if len(cs) != 1 || cs[0].Entry == nil || cs[0].Board != wrong || cs[0].Entry.Contract != "4♠" || cs[0].Entry.Score == 0 ||
		!strings.Contains(cs[0].Entry.Warnings[0], "Law 15") || cs[0].Round != 1 || cs[0].Table != 1 || cs[0].Answered != nil {
		t.Fatalf("calls %+v, want one from table 1 round 1 holding 4♠ on board %d with the warning", cs, wrong)
	}
	held := cs[0]
	g, err := e.srv.gridView(httptest.NewRequestWithContext(ctx, "GET", "/", nil), e.id)
	if err != nil {
		t.Fatal(err)
	}
	if c := g.Rows[0][0]; c.Held != 1 {
		t.Errorf("grid's table 1 round 1 shows %d held, want 1", c.Held)
	}
	page := e.get(fmt.Sprintf("/console/%d", e.id))
	for _, want := range []string{"1 held for you", fmt.Sprintf("/calls/%d/accept", held.ID), fmt.Sprintf("/calls/%d/dismiss", held.ID), "Law 15"} {
		if !strings.Contains(page, want) {
			t.Errorf("console page lacks %q", want)
		}
	}
	// The director lets it stand where the board is played: not at table
	// 1, which does not play it; at table 2, as a recorded correction.
	accept := func(call int64, v url.Values) (int, string) {
		return e.postForm(fmt.Sprintf("/console/%d/calls/%d/accept", e.id, call), v)
	}
	if code, body := accept(held.ID, url.Values{"round": {"1"}, "table": {"1"}, "director": {"TD Lee"}}); code != 400 || !strings.Contains(body, "not played at table 1") {
		t.Errorf("accept at a table that does not play the board: %d %s", code, body)
	}
	if code, body := accept(held.ID, url.Values{"round": {"1"}, "table": {"2"}, "director": {"TD Lee"}, "why": {"boards swapped at tables 1 and 2"}}); code != http.StatusSeeOther {
		t.Fatalf("accept at table 2: %d %s", code, body)
	}
	if r := counted(1, 2, wrong); r == nil || r.Status != store.Confirmed || r.Contract != "4♠" || r.Score != held.Entry.Score || r.By != "TD Lee" {
		t.Errorf("after the director let it stand: %+v, want table 2's confirmed 4♠ by TD Lee", r)
	}
	corr, err := e.st.Corrections(ctx, e.id)
	if err != nil {
		t.Fatal(err)
	}
	if len(corr) != 1 || !strings.Contains(corr[0].Why, fmt.Sprintf("held call %d", held.ID)) || corr[0].By != "TD Lee" {
		t.Errorf("corrections %+v, want the acceptance recorded with who and why", corr)
	}
	if c := calls()[0]; c.Answered == nil || c.Outcome != store.HeldAccepted {
		t.Errorf("accepted call %+v, want answered and accepted", c)
	}
	if code, body := accept(held.ID, url.Values{"round": {"1"}, "table": {"2"}, "director": {"TD Lee"}}); code != http.StatusConflict {
		t.Errorf("accepting twice: %d %s, want 409", code, body)
	}

	// A phone offline while the round moved on: its entry of round 1
	// arrives when the table is at round 2. Held in round 1, not counted.
	for i, b := range own {
		e.play(1, b.Number, fmt.Sprintf("own%d", i))
	}
	if code, body := e.postForm(fmt.Sprintf("/console/%d/rounds/2/start", e.id), nil); code != http.StatusSeeOther {
		t.Fatalf("start round 2: %d %s", code, body)
	}
	if r := e.state(1).Round; r != 2 {
		t.Fatalf("table 1 at round %d, want 2", r)
	}
	late := own[0].Number
	was := counted(1, 1, late)
	code, m = e.postJSON(nil, "/t/"+e.codes[1]+"/enter", fmt.Sprintf(`{"key":"late","board":%d,"level":3,"strain":"NT","declarer":"S","tricks":8,"round":1}`, late))
	if code != 200 || m["Status"] != store.Held || !strings.Contains(fmt.Sprint(m["Warnings"]), "entered for round 1, but the table is at round 2 now") {
		t.Fatalf("an offline entry of round 1 in round 2: %d %v, want held saying the round moved on", code, m)
	}
	if now := counted(1, 1, late); now == nil || now.Contract != was.Contract || now.Revision != was.Revision {
		t.Errorf("the late entry changed the counted result: %+v, was %+v", now, was)
	}
	var lateCall store.Call
	for _, c := range calls() {
		if c.Entry != nil && c.Board == late {
			lateCall = c
		}
	}
	if lateCall.Round != 1 || lateCall.Entry.Contract != "3NT" {
		t.Fatalf("late entry's call %+v, want round 1 holding 3NT", lateCall)
	}
	dismiss := func(v url.Values) (int, string) {
		return e.postForm(fmt.Sprintf("/console/%d/calls/%d/dismiss", e.id, lateCall.ID), v)
	}
	if code, body := dismiss(url.Values{"director": {"TD Lee"}}); code != 400 {
		t.Errorf("dismiss without a reason: %d %s, want 400", code, body)
	}
	if code, body := dismiss(url.Values{"director": {"TD Lee"}, "why": {"the table entered it again in time"}}); code != http.StatusSeeOther {
		t.Fatalf("dismiss: %d %s", code, body)
	}
	for _, c := range calls() {
		if c.ID == lateCall.ID && (c.Answered == nil || !strings.Contains(c.Outcome, "dismissed by TD Lee: the table entered it again in time")) {
			t.Errorf("dismissed call %+v", c)
		}
	}
	if now := counted(1, 1, late); now.Revision != was.Revision {
		t.Errorf("dismissing changed the result: %+v", now)
	}
	// Made in round 1 for a board the table plays in round 2: not counted
	// in round 2 either.
	r2b := e.state(1).Boards[0].Number
	code, m = e.postJSON(nil, "/t/"+e.codes[1]+"/enter", entryBody("r1for2", r2b, `"round":1`))
	if code != 200 || m["Status"] != store.Held || !strings.Contains(fmt.Sprint(m["Warnings"]), "entered for round 1, but the table is at round 2 now") {
		t.Errorf("an entry made in round 1 of a board of round 2: %d %v, want held", code, m)
	}
	if r := counted(2, 1, r2b); r != nil {
		t.Errorf("an entry made in round 1 counts in round 2: %+v", r)
	}
	// Every round closed: an entry of round 2 arriving late is held too.
	r2 := e.state(1).Boards[0].Number
	for _, n := range []int{1, 2} {
		if code, body := e.postForm(fmt.Sprintf("/console/%d/rounds/%d/close", e.id, n), nil); code != http.StatusSeeOther {
			t.Fatalf("close round %d: %d %s", n, code, body)
		}
	}
	code, m = e.postJSON(nil, "/t/"+e.codes[1]+"/enter", entryBody("closed", r2, `"round":2`))
	if code != 200 || m["Status"] != store.Held || !strings.Contains(fmt.Sprint(m["Warnings"]), "entered for round 2, but no round is open for the table now") {
		t.Errorf("an entry of round 2 after every round closed: %d %v, want held", code, m)
	}
	if r := counted(2, 1, r2); r != nil {
		t.Errorf("the entry after the rounds closed counts: %+v", r)
	}
}
