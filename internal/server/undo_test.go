package server

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/bridgetd/bridgetd/internal/store/storetest"
)

// TestUndoSwissDraw: the director undoes the last drawn Swiss round before
// any result of it is entered, with a reason that is kept, and draws it
// again; once a table has entered a result of the round the draw stands
// (NSWBA 14: a draw once made is not altered by what follows) and the undo
// is refused with what is there; a round that is not the last drawn, a
// movement's round and an undo without a reason are refused too, and a
// refused undo changes nothing.
func TestUndoSwissDraw(t *testing.T) { storetest.Run(t, testUndoSwissDraw) }

func testUndoSwissDraw(t *testing.T, bk storetest.Backend) {
	e := newEnv(t, bk)
	mitchell := e.id
	ctx := t.Context()
	id := e.createEvent(url.Values{"name": {"Swiss"}, "movement": {"swiss-pairs"}, "entrants": {"8"}, "per_round": {"2"}, "rounds": {"3"}})
	draw := func(n int) {
		t.Helper()
		if code, body := e.postForm(fmt.Sprintf("/console/%d/draw", id), nil); code != http.StatusSeeOther {
			t.Fatalf("draw round %d: %d %s", n, code, body)
		}
	}
	rounds := func() int {
		t.Helper()
		rs, err := e.st.Rounds(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		return len(rs)
	}
	undo := func(ev int64, n int, why string) (int, string) {
		t.Helper()
		return e.postForm(fmt.Sprintf("/console/%d/rounds/%d/undo", ev, n), url.Values{"director": {"TD Ross"}, "why": {why}})
	}
	draw(1)
	e.playRound(1)
	draw(2)
	for _, c := range []struct {
		why    string
		ev     int64
		round  int
		reason string
		code   int
		says   string
	}{
		{"no reason given", id, 2, " ", 400, "why"},
		{"round 1 is not the last drawn", id, 1, "wrong draw", 400, "last drawn"},
		{"round 3 is not drawn", id, 3, "wrong draw", 400, "last drawn"},
		{"a movement's rounds are not drawn", mitchell, 1, "wrong draw", 400, "Swiss"},
		{"no such event", 999, 1, "wrong draw", 404, "event 999"},
	} {
		if code, body := undo(c.ev, c.round, c.reason); code != c.code || !strings.Contains(body, c.says) {
			t.Errorf("%s: %d %q, want %d saying %q", c.why, code, body, c.code, c.says)
		}
	}
	if n := rounds(); n != 2 {
		t.Fatalf("refused undos left %d rounds, want 2", n)
	}
	// Before any result: undone, the reason kept, drawn again.
	if code, body := undo(id, 2, "pair 5 withdrew before play"); code != http.StatusSeeOther {
		t.Fatalf("undo round 2: %d %s", code, body)
	}
	if n := rounds(); n != 1 {
		t.Fatalf("after the undo %d rounds, want 1", n)
	}
	as, err := e.st.Assignments(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range as {
		if a.Round == 2 {
			t.Errorf("round 2's table %d is still assigned after the undo", a.Table)
		}
	}
	us, err := e.st.Undos(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if len(us) != 1 || us[0].Round != 2 || us[0].By != "TD Ross" || us[0].Why != "pair 5 withdrew before play" || len(us[0].Drawn.Matches) != 4 {
		t.Fatalf("undone draws %+v, want round 2's four matches undone by TD Ross with the reason", us)
	}
	if page := e.get(fmt.Sprintf("/console/%d", id)); !strings.Contains(page, "pair 5 withdrew before play") {
		t.Error("the console does not show the undone draw's reason")
	}
	draw(2)
	// After a result: the draw stands.
	if code, body := e.postForm(fmt.Sprintf("/console/%d/rounds/2/start", id), nil); code != http.StatusSeeOther {
		t.Fatalf("start round 2: %d %s", code, body)
	}
	e.refreshCodes()
	b := e.state(1).Boards[0].Number
	if code, m := e.postJSON(nil, "/t/"+e.codes[1]+"/enter", fmt.Sprintf(`{"key":"u1","board":%d,"level":2,"strain":"H","declarer":"S","tricks":8}`, b)); code != 200 {
		t.Fatalf("enter: %d %v", code, m)
	}
	before := e.snapshot()
	code, body := undo(id, 2, "changed my mind")
	if code != http.StatusConflict || !strings.Contains(body, "round 2 stands: a result is entered") || !strings.Contains(body, fmt.Sprintf("board %d at table 1", b)) {
		t.Errorf("undo after a result: %d %q, want 409 saying the round stands with the result named", code, body)
	}
	if after := e.snapshot(); after != before {
		t.Errorf("a refused undo changed the store:\n%s\n%s", before, after)
	}
}
