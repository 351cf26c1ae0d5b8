package server

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/event"
	"github.com/bridgetd/bridgetd/internal/browsertest"
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

// TestCorrectionChecksFouledForm: the console's plain correction numbers
// a fouled form (Law 87) by the rule the ruling desk and "bridgetd rule
// --event" follow (event.FouledForm, Law 87B: the tables that played the
// same deal share a form, a new deal takes the next free number). A form
// typed that contradicts the deals recorded for the board is refused with
// the board and the tables named, nothing stored changes and the page
// keeps what the director typed; a form that agrees is made, and with no
// form the deal played decides it. A form typed on the plain page, which
// does not carry the deal, is checked against the deal recorded with the
// result, which it keeps.
func TestCorrectionChecksFouledForm(t *testing.T) {
	storetest.Run(t, testCorrectionChecksFouledForm)
}

// fouledTwoTables confirms table 1's result of its first board b and
// records another table's result of b (a later round of the movement: one
// pool of results, Law 87B) as played in form 1 as deal d1 (deskDeal),
// through the console's correction; d2 is another deal of the board.
func (e *env) fouledTwoTables() (b int, other store.Key, d1, d2 string) {
	t := e.t
	t.Helper()
	b = e.state(1).Boards[0].Number
	if code, m := e.postJSON(nil, "/t/"+e.codes[1]+"/enter", entryBody("c1", b, "")); code != 200 {
		t.Fatalf("enter: %d %v", code, m)
	}
	if code, m := e.postJSON(nil, "/t/"+e.codes[1]+"/confirm", fmt.Sprintf(`{"key":"c2","board":%d,"accept":true}`, b)); code != 200 {
		t.Fatalf("confirm: %d %v", code, m)
	}
	as, err := e.st.Assignments(t.Context(), e.id)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range as {
		if a.Round > 1 && a.Plays(b) {
			other = store.Key{Round: a.Round, Table: a.Table, Board: b}
			break
		}
	}
	if other.Round == 0 {
		t.Fatalf("no later table plays board %d: %+v", b, as)
	}
	d1 = deskDeal
	deal, _ := bridge.ParseDeal(deskDeal)
	deal[bridge.North], deal[bridge.West] = deal[bridge.West], deal[bridge.North]
	d2 = deal.String()
	if code, body := e.correctForm(other, "contract", "3NT", "declarer", "S", "tricks", "9", "form", "1", "played", d1); code != http.StatusSeeOther {
		t.Fatalf("the other table's result in form 1: %d\n%s", code, body)
	}
	return b, other, d1, d2
}

// formOf is the fouled form of the result at k and the deal played with
// it, as the event file exports them (Law 87; at teams the table is a
// room of its match, store.MatchOf).
func (e *env) formOf(k store.Key) (int, string) {
	e.t.Helper()
	ev := e.exported()
	match, closed := store.MatchOf(store.TwoRooms(ev), k.Table)
	_, _, m, err := ev.Match(k.Round, match)
	if err != nil {
		e.t.Fatal(err)
	}
	rs := m.Results
	if closed {
		rs = m.Closed
	}
	for _, r := range rs {
		if r.Board == k.Board {
			played := ""
			if r.Played != nil {
				played = r.Played.String()
			}
			return r.Form, played
		}
	}
	e.t.Fatalf("board %d at table %d round %d: no result", k.Board, k.Table, k.Round)
	return 0, ""
}

// correctForm posts the console's correction of the result at k as the
// director Dana, with the fields given as name, value pairs.
func (e *env) correctForm(k store.Key, fields ...string) (int, string) {
	e.t.Helper()
	v := url.Values{"round": {strconv.Itoa(k.Round)}, "table": {strconv.Itoa(k.Table)}, "board": {strconv.Itoa(k.Board)},
		"source": {"player"}, "by": {"Dana"}, "why": {"fouled board (Law 87)"}}
	for i := 0; i+1 < len(fields); i += 2 {
		v.Set(fields[i], fields[i+1])
	}
	return e.send(e.dir, fmt.Sprintf("/console/%d/results", e.id), v)
}

func testCorrectionChecksFouledForm(t *testing.T, bk storetest.Backend) {
	e := newEnv(t, bk)
	b, other, d1, d2 := e.fouledTwoTables()
	path := fmt.Sprintf("/console/%d/results", e.id)
	post := e.correctForm
	k := store.Key{Round: 1, Table: 1, Board: b}
	mark := func() (int, string) { return e.formOf(k) }
	atOther := fmt.Sprintf("round %d table %d", other.Round, other.Table)
	refusals := []struct {
		name   string
		fields []string
		// why: what the refusal must say, beyond the board and table
		// corrected.
		why []string
	}{
		// Law 87B: a form is one deal.
		{"another deal under form 1", []string{"form", "1", "played", d2}, []string{"form 1 was played with another deal at " + atOther, "Law 87B"}},
		// Law 87B: tables that played the same deal are one form.
		{"the same deal under form 2", []string{"form", "2", "played", d1}, []string{"the same deal was played as form 1 at " + atOther, "not form 2"}},
		{"the same deal under form 2 with a new contract", []string{"contract", "2S", "declarer", "N", "tricks", "8", "form", "2", "played", d1},
			[]string{"as form 1 at " + atOther}},
	}
	check := func(name string, fields, why []string) {
		t.Helper()
		before := e.snapshot()
		code, body := post(k, fields...)
		if code != http.StatusBadRequest {
			t.Fatalf("%s: %d, want 400\n%s", name, code, body)
		}
		for _, want := range append([]string{`id="refused"`, fmt.Sprintf("board %d at table 1 round 1", b), `value="Dana"`}, why...) {
			if !strings.Contains(body, want) {
				t.Errorf("%s: the page lacks %q:\n%s", name, want, body)
			}
		}
		// What was typed is kept in the form, to correct and send again.
		fs := forms(body)
		if len(fs) == 0 || fs[0].action != path {
			t.Fatalf("%s: no correction form on the page:\n%s", name, body)
		}
		for i := 0; i+1 < len(fields); i += 2 {
			if got := fs[0].v.Get(fields[i]); got != fields[i+1] {
				t.Errorf("%s: the form's %s is %q, want %q as typed", name, fields[i], got, fields[i+1])
			}
		}
		if after := e.snapshot(); after != before {
			t.Errorf("%s: the refused correction changed the store:\n%s\n%s", name, before, after)
		}
	}
	for _, c := range refusals {
		check(c.name, c.fields, c.why)
	}
	// No form: the deal decides it, the next free number (Law 87B).
	if code, body := post(k, "played", d2); code != http.StatusSeeOther {
		t.Fatalf("deal d2 with no form: %d\n%s", code, body)
	}
	if f, p := mark(); f != 2 || p != d2 {
		t.Fatalf("after deal d2 with no form: form %d played %q, want form 2 with d2", f, p)
	}
	// The plain page carries no deal: a form typed there is checked
	// against the deal recorded with the result (d2, not form 1's).
	check("form 1 typed on the plain page", []string{"form", "1"}, []string{"form 1 was played with another deal at " + atOther})
	// A form that agrees, with a new contract: made, the deal kept.
	if code, body := post(k, "contract", "4S", "declarer", "N", "tricks", "9", "form", "2"); code != http.StatusSeeOther {
		t.Fatalf("form 2 typed, agreeing: %d\n%s", code, body)
	}
	if f, p := mark(); f != 2 || p != d2 {
		t.Errorf("after form 2 typed: form %d played %q, want form 2 with d2 kept", f, p)
	}
	// The deal as recorded, sent again with no form, keeps its form (it
	// is not numbered again as a new deal).
	if code, body := post(k, "played", d2); code != http.StatusSeeOther {
		t.Fatalf("deal d2 again: %d\n%s", code, body)
	}
	if f, p := mark(); f != 2 || p != d2 {
		t.Errorf("after deal d2 again: form %d played %q, want form 2", f, p)
	}
	// The same deal as the other table's, with no form: form 1.
	if code, body := post(k, "played", d1); code != http.StatusSeeOther {
		t.Fatalf("deal d1 with no form: %d\n%s", code, body)
	}
	if f, p := mark(); f != 1 || p != d1 {
		t.Errorf("after deal d1 with no form: form %d played %q, want form 1 with d1", f, p)
	}
	// Form 0 is the board as dealt: no deal goes with it.
	if code, body := post(k, "form", "0"); code != http.StatusSeeOther {
		t.Fatalf("form 0: %d\n%s", code, body)
	}
	if f, p := mark(); f != 0 || p != "" {
		t.Errorf("after form 0: form %d played %q, want the board as dealt", f, p)
	}
	check("a deal with form 0", []string{"form", "0", "played", d1}, []string{"not with form 0"})
}

// TestCorrectionChecksFouledFormTeams: at teams each room of a match is a
// table of the server (store.MatchOf); the correction of the closed room's
// result numbers its fouled form from the deal the open room recorded
// (Law 87B, event.FouledForm), as the desk does.
func TestCorrectionChecksFouledFormTeams(t *testing.T) {
	storetest.Run(t, testCorrectionChecksFouledFormTeams)
}

func testCorrectionChecksFouledFormTeams(t *testing.T, bk storetest.Backend) {
	e := newEnv(t, bk)
	d1 := deskDeal
	deal, _ := bridge.ParseDeal(deskDeal)
	deal[bridge.North], deal[bridge.West] = deal[bridge.West], deal[bridge.North]
	d2 := deal.String()
	// teams round 1, match 1: the open room played board 1 as d2, in form 1.
	e.id = e.importEdited("teams", func(ev *event.Event) {
		editResult(ev, 1, 1, 1, func(r *event.Result) { r.Form, r.Played = 1, &deal })
	})
	open, closed := store.Key{Round: 1, Table: 1, Board: 1}, store.Key{Round: 1, Table: 2, Board: 1}
	if f, p := e.formOf(open); f != 1 || p != d2 {
		t.Fatalf("the open room's board 1: form %d played %q, want form 1 with d2", f, p)
	}
	late := []string{"override", "Dana"} // the event was posted long ago (NSWBA 13)
	for _, c := range []struct {
		name   string
		fields []string
		code   int
		why    string
		form   int
	}{
		// Law 87B: form 1 is the open room's deal, not d1.
		{"another deal under form 1", []string{"form", "1", "played", d1}, http.StatusBadRequest, "form 1 was played with another deal at round 1 table 1", 0},
		// Law 87B: the open room's deal is form 1, not 2.
		{"the same deal under form 2", []string{"form", "2", "played", d2}, http.StatusBadRequest, "the same deal was played as form 1 at round 1 table 1", 0},
		// the deal decides: the open room's, form 1
		{"the open room's deal, no form", []string{"played", d2}, http.StatusSeeOther, "", 1},
	} {
		before := e.snapshot()
		code, body := e.correctForm(closed, append(c.fields, late...)...)
		if code != c.code || !strings.Contains(body, c.why) {
			t.Errorf("%s: %d, want %d saying %q\n%s", c.name, code, c.code, c.why, body)
		}
		if c.code != http.StatusSeeOther {
			if after := e.snapshot(); after != before {
				t.Errorf("%s: the refused correction changed the store", c.name)
			}
			continue
		}
		if f, p := e.formOf(closed); f != c.form || p != d2 {
			t.Errorf("%s: the closed room's form %d played %q, want %d with d2", c.name, f, p, c.form)
		}
	}
}

// TestCorrectionRefusedInBrowser runs the plain correction page in
// headless Chromium, phone- and desktop-sized: a fouled form typed that
// contradicts the deals recorded for the board (Law 87B) is refused on the
// page itself, which keeps what was typed, shows the deal played when one
// was sent, raises no browser error beyond its 400 and has no axe-core
// violation; screenshots are written as artefacts.
func TestCorrectionRefusedInBrowser(t *testing.T) {
	src := browsertest.Axe(t)
	alloc := browser(t)
	shots := browsertest.ArtefactDir(t, "correct")
	e := newEnv(t, storetest.SQLite)
	b, _, d1, d2 := e.fouledTwoTables()
	k := store.Key{Round: 1, Table: 1, Board: b}
	if code, body := e.correctForm(k, "played", d2); code != http.StatusSeeOther { // table 1 in form 2
		t.Fatalf("deal d2: %d\n%s", code, body)
	}
	at := fmt.Sprintf("/console/%d/correct?round=1&table=1&board=%d", e.id, b)
	for _, p := range e.directorTabs(alloc, "correct", at, "correct-form") {
		sz := p.size
		p.expect("status of 400") // the refusal's own answer
		p.axeCheck(src, sz.name+" correction")
		// Form 1 on the plain page: the deal recorded with the result
		// (d2) is not form 1's.
		p.refused(`document.getElementById('c-form').value = '1'; document.getElementById('c-by').value = 'Dana';
			document.getElementById('c-why').value = 'renumbered'; document.getElementById('correct-form').requestSubmit()`)
		p.axeCheck(src, sz.name+" correction refused")
		p.shot(shots, sz.name+"-refused")
		if msg := p.text("#refused"); !strings.Contains(msg, fmt.Sprintf("board %d at table 1 round 1", b)) || !strings.Contains(msg, "form 1 was played with another deal") ||
			strings.Contains(msg, "invalid") || strings.Contains(msg, "bad result") { // the reason in the director's words, no error kinds
			t.Errorf("%s: the refusal says %q", sz.name, msg)
		}
		p.wait(`document.getElementById('c-form').value === '1' && document.getElementById('c-by').value === 'Dana' && document.getElementById('c-why').value === 'renumbered'`)
		// The deal d1 sent with form 2 (as the desk's confirmation sends
		// it): d1 is form 1's, and the page shows the deal.
		p.refused(`const f = document.getElementById('correct-form'), i = document.createElement('input');
			i.type = 'hidden'; i.name = 'played'; i.value = ` + strconv.Quote(d1) + `; f.appendChild(i);
			document.getElementById('c-form').value = '2'; f.requestSubmit()`)
		p.wait(`document.getElementById('played') !== null && document.getElementById('refused').textContent.includes('as form 1')`)
		p.axeCheck(src, sz.name+" correction refused with the deal")
		p.shot(shots, sz.name+"-refused-deal")
	}
	if f, p := e.formOf(k); f != 2 || p != d2 {
		t.Errorf("after the refusals: form %d played %q, want form 2 with d2 as before", f, p)
	}
}

// refused runs script, which submits a form, and waits for the page the
// server answers with, which must be a refusal (400).
func (p *page) refused(script string) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 60*time.Second)
	defer cancel()
	resp, err := chromedp.RunResponse(ctx, jsDo(script))
	if err != nil {
		p.t.Fatalf("%s: %v\n%s", p.name, err, p.dump())
	}
	if resp.Status != http.StatusBadRequest {
		p.t.Fatalf("%s: HTTP %d, want 400\n%s", p.name, resp.Status, p.dump())
	}
}
