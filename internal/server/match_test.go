package server

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/internal/store/storetest"
)

// TestTeamsTableShowsMatchSoFar: a room of a teams match sees a board's
// IMPs only once both rooms have played it (never the other room's result
// before its own), the running total, and the VPs when the match is
// complete, as the console's match line (package event) scores them.
func TestTeamsTableShowsMatchSoFar(t *testing.T) { storetest.Run(t, testTeamsTableShowsMatchSoFar) }

func testTeamsTableShowsMatchSoFar(t *testing.T, bk storetest.Backend) {
	e := newEnv(t, bk)
	id := e.createEvent(url.Values{"name": {"Teams"}, "movement": {"round-robin"}, "entrants": {"4"}, "per_round": {"2"}})
	if code, body := e.postForm(fmt.Sprintf("/console/%d/rounds/1/start", id), nil); code != http.StatusSeeOther {
		t.Fatalf("start round 1: %d %s", code, body)
	}
	e.refreshCodes()
	// Tables 1 and 2 are the open and closed rooms of match 1.
	boards := e.state(1).Boards
	if len(boards) != 2 {
		t.Fatalf("open room plays %d boards, want 2", len(boards))
	}
	play := func(table, board, tricks int) {
		t.Helper()
		key := fmt.Sprintf("t%db%d", table, board)
		if code, m := e.postJSON(nil, "/t/"+e.codes[table]+"/enter", fmt.Sprintf(`{"key":%q,"board":%d,"level":4,"strain":"S","declarer":"N","tricks":%d}`, key+"e", board, tricks)); code != 200 {
			t.Fatalf("table %d board %d: enter: %d %v", table, board, code, m)
		}
		if code, m := e.postJSON(nil, "/t/"+e.codes[table]+"/confirm", fmt.Sprintf(`{"key":%q,"board":%d,"accept":true}`, key+"c", board)); code != 200 {
			t.Fatalf("table %d board %d: confirm: %d %v", table, board, code, m)
		}
	}
	b1, b2 := boards[0].Number, boards[1].Number
	play(1, b1, 10) // the open room makes 4♠
	for _, table := range []int{1, 2} {
		if m := e.state(table).Match; m != nil {
			t.Errorf("table %d sees the match %+v before the closed room has played board %d", table, m, b1)
		}
		if page := e.get("/t/" + e.codes[table]); strings.Contains(page, "<td>") {
			t.Errorf("table %d's page shows IMPs before both rooms played", table)
		}
	}
	play(2, b1, 9) // the closed room goes one down in 4♠
	// Law 78B: 420 against −50 is 470, 10 IMPs; vulnerable 620 against
	// −100 is 720, 12 IMPs (WBF scale), to the home team.
	want := 10.0
	if bridge.Board(b1).Vulnerability().Vulnerable(bridge.NS) {
		want = 12
	}
	for _, table := range []int{1, 2} {
		m := e.state(table).Match
		if m == nil || len(m.Boards) != 1 || m.Boards[0].Number != b1 || m.Boards[0].HomeIMPs != want || m.Boards[0].AwayIMPs != -want ||
			m.HomeIMPs != want || m.VP != nil {
			t.Fatalf("table %d: match %+v, want board %d at %g IMPs to the home team, no VPs yet", table, m, b1, want)
		}
	}
	if room := e.state(2).Match.Room; room != "closed" {
		t.Errorf("table 2 is the %s room, want closed", room)
	}
	page := strings.ReplaceAll(e.get("/t/"+e.codes[2]), "&#43;", "+")
	if !strings.Contains(page, fmt.Sprintf("<td>%+g</td>", want)) {
		t.Errorf("table 2's page does not show %+g IMPs:\n%s", want, page)
	}
	play(1, b2, 10)
	play(2, b2, 10) // the same result: 0 IMPs
	m := e.state(1).Match
	if m == nil || len(m.Boards) != 2 || m.Boards[1].HomeIMPs != 0 || m.HomeIMPs != want || m.VP == nil {
		t.Fatalf("complete match: %+v, want two boards, %g IMPs in all and VPs", m, want)
	}
	lines, err := e.srv.matchLines(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range lines {
		if l.Round == 1 && l.Table == 1 {
			if l.VP == nil || *l.VP != *m.VP || *m.VP == [2]float64{10, 10} {
				t.Errorf("table's VPs %v, console's %v: want the same, not a draw", *m.VP, l.VP)
			}
		}
	}
}
