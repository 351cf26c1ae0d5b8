package server

import (
	"bytes"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/event"
	"github.com/bridgetd/bridgetd/internal/store"
	"github.com/bridgetd/bridgetd/internal/store/storetest"
)

// importEdited uploads package event's real file name (event/testdata/v1)
// after edit changed it, and returns the new event's id.
func (e *env) importEdited(name string, edit func(ev *event.Event)) int64 {
	e.t.Helper()
	file, err := os.ReadFile(filepath.Join(eventFiles, name+".json"))
	if err != nil {
		e.t.Fatal(err)
	}
	ev, err := event.Read(bytes.NewReader(file), name)
	if err != nil {
		e.t.Fatal(err)
	}
	edit(ev)
	var buf bytes.Buffer
	if err := ev.Write(&buf); err != nil {
		e.t.Fatal(err)
	}
	code, loc := e.upload(map[string][]byte{"event": buf.Bytes()})
	if code != http.StatusSeeOther {
		e.t.Fatalf("import %s: %d %s", name, code, loc)
	}
	id, _ := strconv.ParseInt(strings.TrimPrefix(loc, "/console/"), 10, 64)
	return id
}

// editResult applies f to the result of board at round's table.
func editResult(ev *event.Event, round, table, board int, f func(r *event.Result)) {
	for _, rd := range ev.Rounds() {
		if rd.Number != round {
			continue
		}
		for i := range rd.Matches {
			if rd.Matches[i].Table != table {
				continue
			}
			for j := range rd.Matches[i].Results {
				if rd.Matches[i].Results[j].Board == board {
					f(&rd.Matches[i].Results[j])
				}
			}
		}
	}
}

// TestFouledTraveller: on a fouled board (Law 87) the traveller shows the
// rows of each form apart and scores each form only against the tables
// that played it, as the ranking does (score.Result.Group), and a board
// not played through no fault of the players (NSWBA 13.10) shows as
// such, with the IMPs the regulation gives both sides, not an average.
func TestFouledTraveller(t *testing.T) { storetest.Run(t, testFouledTraveller) }

func testFouledTraveller(t *testing.T, bk storetest.Backend) {
	e := newEnv(t, bk)
	// mppairs board 2: -430 at round 2 table 3, -430 at round 3 table 1,
	// -400 at round 4 table 3. Rounds 2 and 4 played a fouled form.
	id := e.importEdited("mppairs", func(ev *event.Event) {
		for _, rt := range [][2]int{{2, 3}, {4, 3}} {
			editResult(ev, rt[0], rt[1], 2, func(r *event.Result) { r.Form = 1 })
		}
	})
	req := httptest.NewRequestWithContext(t.Context(), "GET", "/", nil)
	rows, _, err := e.srv.travellerRows(req, id, 2)
	if err != nil {
		t.Fatal(err)
	}
	type fig struct {
		form   int
		ns, ew float64
	}
	// Law 87 with Neuberg's formula (Law 78A) over the 3 tables that play
	// the board: form 1's two rows beat each other once (raw 2 and 0 on a
	// top of 2), factored (m+1)·3/2−1 to 3.5 and 0.5 on a top of 4; form
	// 0's lone row has raw 0 on a top of 0, factored to 2 each way. Scored
	// as one group the -400 would have 4 and the -430s 1 each.
	want := map[[2]int]fig{
		{2, 3}: {1, 0.5, 3.5}, // -430 in form 1
		{4, 3}: {1, 3.5, 0.5}, // -400 in form 1
		{3, 1}: {0, 2, 2},     // -430 as dealt
	}
	if len(rows) != len(want) {
		t.Fatalf("%d rows, want %d: %+v", len(rows), len(want), rows)
	}
	for _, r := range rows {
		w, ok := want[[2]int{r.Round, r.Table}]
		if !ok || !r.HasMP || r.Form != w.form || r.NSMP != w.ns || r.EWMP != w.ew {
			t.Errorf("round %d table %d (%d): form %d, MP %g/%g (%v), want %+v", r.Round, r.Table, r.Score, r.Form, r.NSMP, r.EWMP, r.HasMP, w)
		}
	}
	// The page shows the forms apart, the board as dealt first.
	page := e.get("/results/" + strconv.FormatInt(id, 10) + "/board/2")
	dealt, fouled := strings.Index(page, `id="form-0"`), strings.Index(page, `id="form-1"`)
	if dealt < 0 || fouled < dealt || !strings.Contains(page, "Fouled form 1 (Law 87)") {
		t.Errorf("board page does not show form 0 then form 1 apart:\n%s", page)
	}
	// An unfouled board's page has no form headings.
	if page := e.get("/results/" + strconv.FormatInt(id, 10) + "/board/3"); strings.Contains(page, `id="form-`) {
		t.Errorf("board 3 shows forms:\n%s", page)
	}

	// NSWBA 13.10 in a Butler event (swisspairs): one board left unplayed
	// at a table is 2 IMPs to each side (1–3 boards: 2 a board).
	sp := e.importEdited("swisspairs", func(ev *event.Event) {
		editResult(ev, 1, 1, 1, func(r *event.Result) { *r = event.Result{Board: 1, Unplayed: true} })
	})
	rows, _, err = e.srv.travellerRows(req, sp, 1)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, r := range rows {
		if r.Round == 1 && r.Table == 1 {
			found = true
			if !r.Unplayed || !r.HasMP || r.NSMP != 2 || r.EWMP != 2 || !strings.Contains(r.Adjusted, "NSWBA 13.10") {
				t.Errorf("unplayed row: %+v, want NSWBA 13.10 with 2 IMPs to each side", r)
			}
		}
	}
	if !found {
		t.Errorf("no row for the unplayed board: %+v", rows)
	}
	if page := e.get("/results/" + strconv.FormatInt(sp, 10) + "/board/1"); !strings.Contains(page, "not played through no fault of the players (NSWBA 13.10)") {
		t.Errorf("board page does not say the board was not played:\n%s", page)
	}
}

// fouledLog is revokeLog's auction and first tricks, played on deskDeal,
// found fouled: the board's own deal has the ♣2 and ♣7 of North and South
// the other way round (Law 87A; laws' play2_test 87B case).
const fouledLog = deskAuction + `E leads DJ
S plays D6
W plays D3
N plays DA
fouled N:AKQ2.AKQ.AK2.732 JT9.JT9.JT9.JT98 876.876.876.AKQ4 543.5432.Q543.65
`

// TestDeskAppliesFouledForm: the desk's "apply" of a fouled board (Law 87)
// keeps the table's result and records it as played in a fouled form,
// the number proposed from the deals the tables played (event.FouledForm)
// and confirmed (or changed) by the director, through the console's
// correction: recorded with who, why, the source and its window, exported
// with the form and the deal played, and scored only against its form.
func TestDeskAppliesFouledForm(t *testing.T) { storetest.Run(t, testDeskAppliesFouledForm) }

func testDeskAppliesFouledForm(t *testing.T, bk storetest.Backend) {
	e := newEnv(t, bk)
	b := e.state(1).Boards[0].Number
	if code, m := e.postJSON(nil, "/t/"+e.codes[1]+"/enter", entryBody("f1", b, "")); code != 200 {
		t.Fatalf("enter: %d %v", code, m)
	}
	if code, m := e.postJSON(nil, "/t/"+e.codes[1]+"/confirm", fmt.Sprintf(`{"key":"f2","board":%d,"accept":true}`, b)); code != 200 {
		t.Fatalf("confirm: %d %v", code, m)
	}
	code, page := e.deskPost("rule", b, url.Values{"log": {fouledLog}, "edition": {"2017"}})
	if code != 200 {
		t.Fatalf("rule: %d\n%s", code, page)
	}
	var apply url.Values
	for _, f := range forms(page) {
		if strings.HasSuffix(f.action, "/desk/apply") && f.v.Get("apply") == "form" {
			apply = f.v
		}
	}
	// No other table has a fouled form of the board: form 1 is proposed,
	// numbered from the deal the table played, which goes with it.
	if apply == nil || apply.Get("form") != "1" || apply.Get("law") != "87B" || apply.Get("played") != deskDeal ||
		!strings.Contains(apply.Get("why"), "numbered from the deals the tables played") {
		t.Fatalf("no fouled-form proposal (Law 87B, form 1, the deal played) among %v\n%s", forms(page), page)
	}
	before := e.snapshot()
	code, confirm := e.send(e.dir, fmt.Sprintf("/console/%d/desk/apply", e.id), apply)
	if code != 200 || !strings.Contains(confirm, "fouled form") {
		t.Fatalf("apply: %d\n%s", code, confirm)
	}
	if after := e.snapshot(); after != before {
		t.Fatalf("the confirmation page changed the store:\n%s\n%s", before, after)
	}
	fs := forms(confirm)
	if len(fs) == 0 || fs[0].action != fmt.Sprintf("/console/%d/results", e.id) || fs[0].v.Get("form") != "1" || fs[0].v.Get("contract") != "" ||
		fs[0].v.Get("played") != deskDeal {
		t.Fatalf("the confirmation's form %+v, want the console's correction with form 1, the deal played and no new contract", fs)
	}
	v := fs[0].v
	v.Set("by", "Dana")
	v.Set("form", "2") // the director picks another number
	if code, body := e.send(e.dir, fs[0].action, v); code != http.StatusSeeOther {
		t.Fatalf("confirm the form: %d\n%s", code, body)
	}
	var got *store.Result
	for _, x := range e.results() {
		if x.Round == 1 && x.Table == 1 && x.Board == b {
			got = &x
		}
	}
	if got == nil || got.Contract != "4♠" || got.Tricks != 10 {
		t.Fatalf("the result after the form: %+v, want the table's 4♠ by N, 10 tricks, kept", got)
	}
	corr, _ := e.st.Corrections(t.Context(), e.id)
	if len(corr) != 1 || corr[0].By != "Dana" || !strings.Contains(corr[0].Why, "Law 87") || corr[0].Detail == nil ||
		corr[0].Detail.New == nil || corr[0].Detail.New.Form != 2 || corr[0].Detail.Source != event.PlayerError {
		t.Fatalf("the correction record: %+v, want Dana's, citing Law 87, to form 2", corr)
	}
	ev := e.exported()
	_, _, m, err := ev.Match(1, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range m.Results {
		if r.Board == b && (r.Form != 2 || r.Played == nil || r.Played.String() != deskDeal) {
			t.Errorf("exported board %d at table 1: form %d played %v, want 2 with the deal played (Law 87)", b, r.Form, r.Played)
		}
	}
	// Law 87B: another table that played the same deal gets the same form,
	// a table that played another deal the next free number, numbered from
	// the event file as the desk reads it (table 1's other room stands for
	// another table: its open room's result is then counted).
	other, _ := bridge.ParseDeal(deskDeal)
	other[bridge.North], other[bridge.West] = other[bridge.West], other[bridge.North]
	for _, c := range []struct {
		played bridge.Deal
		want   int
	}{{*r0Played(t, m, b), 2}, {other, 3}} {
		if got, err := ev.FouledForm(1, 99, false, b, c.played, 0); err == nil {
			t.Errorf("a table not in the event numbered %d", got)
		}
		if got, err := ev.FouledForm(1, 1, true, b, c.played, 0); err != nil || got != c.want {
			t.Errorf("another room, deal %s: form %d %v, want %d", c.played, got, err, c.want)
		}
	}
	// The same confirmation again: stale (409), nothing changes, and the
	// page keeps the form asked for (sent again, it must not remove the
	// result for want of a contract).
	if code, body := e.send(e.dir, fs[0].action, v); code != http.StatusConflict {
		t.Errorf("the same confirmation again: %d, want 409 (stale revision)", code)
	} else if sf := forms(body); len(sf) == 0 || sf[0].v.Get("form") != "2" {
		t.Errorf("the stale page's form %+v, want form 2 kept", sf)
	}
	// The traveller shows the row in its form.
	req := httptest.NewRequestWithContext(t.Context(), "GET", "/", nil)
	rows, _, err := e.srv.travellerRows(req, e.id, b)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 1 || rows[0].Form != 2 {
		t.Errorf("traveller rows %+v, want table 1's in form 2", rows)
	}
}

// r0Played is the deal table m recorded as played on board b.
func r0Played(t *testing.T, m *event.Match, b int) *bridge.Deal {
	t.Helper()
	for _, r := range m.Results {
		if r.Board == b && r.Played != nil {
			return r.Played
		}
	}
	t.Fatalf("board %d: no deal played recorded", b)
	return nil
}
