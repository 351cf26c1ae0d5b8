package server

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/bridgetd/bridgetd/event"
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
