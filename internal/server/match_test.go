package server

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/internal/store"
	"github.com/bridgetd/bridgetd/internal/store/storetest"
)

// TestTeamsTableShowsMatchSoFar: a room of a teams match sees a board's
// IMPs only once both rooms have played it (never the other room's result
// before its own), the running total, and the VPs when the match is
// complete, as the console's match line (package event) scores them.
// teamsStarted creates a teams round robin of four teams, two boards a
// match, through the console and starts its round 1: tables 1 and 2 are
// the open and closed rooms of match 1.
func (e *env) teamsStarted() int64 {
	e.t.Helper()
	id := e.createEvent(url.Values{"name": {"Teams"}, "movement": {"round-robin"}, "entrants": {"4"}, "per_round": {"2"}})
	if code, body := e.postForm(fmt.Sprintf("/console/%d/rounds/1/start", id), nil); code != http.StatusSeeOther {
		e.t.Fatalf("start round 1: %d %s", code, body)
	}
	e.refreshCodes()
	return id
}

func TestTeamsTableShowsMatchSoFar(t *testing.T) { storetest.Run(t, testTeamsTableShowsMatchSoFar) }

func testTeamsTableShowsMatchSoFar(t *testing.T, bk storetest.Backend) {
	e := newEnv(t, bk)
	id := e.teamsStarted()
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

// TestMatchSoFarSharedUntilChange: the rooms of a teams match reloading
// their pages do not rebuild the event file to score the match: it is
// built once per change of the event and the match scored once per change
// for both rooms (live.go); a change (a director call here) builds it once
// more, and the match the rooms see is the same after it.
func TestMatchSoFarSharedUntilChange(t *testing.T) {
	storetest.Run(t, testMatchSoFarSharedUntilChange)
}

func testMatchSoFarSharedUntilChange(t *testing.T, bk storetest.Backend) {
	e := newEnv(t, bk)
	e.teamsStarted()
	b := e.state(1).Boards[0].Number
	e.play(1, b, "open")
	e.play(2, b, "closed")
	computed := func() (files, matches int) {
		e.srv.live.mu.Lock()
		defer e.srv.live.mu.Unlock()
		for name, n := range e.srv.live.computed {
			if strings.HasPrefix(name, "match ") {
				matches += n
			}
		}
		return e.srv.live.computed["eventfile"], matches
	}
	first := e.state(1).Match
	if first == nil || len(first.Boards) != 1 {
		t.Fatalf("match after both rooms played board %d: %+v", b, first)
	}
	files, matches := computed()
	for range 10 {
		for _, table := range []int{1, 2} {
			if m := e.state(table).Match; m == nil || m.HomeIMPs != first.HomeIMPs {
				t.Fatalf("table %d: match %+v, want %+v", table, m, first)
			}
		}
	}
	if f, m := computed(); f != files || m != matches {
		t.Errorf("20 page loads without a change built the event file %d times and scored the match %d times, want 0 and 0", f-files, m-matches)
	}
	if code, m := e.postJSON(nil, "/t/"+e.codes[1]+"/call", `{"key":"call1","note":"hesitation"}`); code != 200 {
		t.Fatalf("call: %d %v", code, m)
	}
	for _, table := range []int{1, 2, 1} {
		if m := e.state(table).Match; m == nil || m.HomeIMPs != first.HomeIMPs {
			t.Fatalf("after the change, table %d: match %+v, want %+v", table, m, first)
		}
	}
	if f, m := computed(); f != files+1 || m != matches+1 {
		t.Errorf("after one change three page loads built the event file %d times and scored the match %d times, want 1 and 1", f-files, m-matches)
	}
}

// BenchmarkTeamsTableState is a room of a teams match loading its state
// with the match so far while nothing changes: the figure to watch is
// eventfiles/op, the event files built from the store per request (0 once
// shared; before, 1 a request), beside the time and allocations.
//
//	go test ./internal/server -run '^$' -bench TeamsTableState -benchmem -count 6
func BenchmarkTeamsTableState(b *testing.B) {
	ctx := b.Context()
	st := storetest.Open(b, storetest.SQLite)
	srv, err := New(ctx, st, Options{})
	if err != nil {
		b.Fatal(err)
	}
	su, err := NewSetup(EventForm{Name: "Teams", Movement: "round-robin", Entrants: 8, PerRound: 4, Seed: 3})
	if err != nil {
		b.Fatal(err)
	}
	id, err := st.CreateEvent(ctx, su)
	if err != nil {
		b.Fatal(err)
	}
	if err := st.StartRound(ctx, id, 1); err != nil {
		b.Fatal(err)
	}
	codes, err := st.Codes(ctx, id)
	if err != nil {
		b.Fatal(err)
	}
	byTable := map[int]store.TableCode{}
	for _, c := range codes {
		byTable[c.Table] = c
	}
	for _, table := range []int{1, 2} {
		ts, err := st.Table(ctx, byTable[table])
		if err != nil {
			b.Fatal(err)
		}
		for _, n := range ts.Assignment.Boards {
			e := store.Entry{Board: n, Contract: bridge.Contract{Level: 4, Strain: bridge.SpadesStrain}, Declarer: bridge.North, Tricks: 9 + table%2}
			if _, err := st.Enter(ctx, fmt.Sprintf("e%d-%d", table, n), byTable[table], e); err != nil {
				b.Fatal(err)
			}
			if _, err := st.Confirm(ctx, fmt.Sprintf("c%d-%d", table, n), byTable[table], n, true); err != nil {
				b.Fatal(err)
			}
		}
	}
	srv.broker.Publish(id)
	req := httptest.NewRequest("GET", "/t/x/state", nil)
	files := func() int {
		srv.live.mu.Lock()
		defer srv.live.mu.Unlock()
		return srv.live.computed["eventfile"]
	}
	before := files()
	for b.Loop() {
		v, err := srv.tableView(req, byTable[1])
		if err != nil || v.Match == nil {
			b.Fatalf("table view: %v, match %v", err, v.Match)
		}
	}
	b.ReportMetric(float64(files()-before)/float64(b.N), "eventfiles/op")
}
