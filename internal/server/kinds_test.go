package server

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"mime/multipart"
	"net/http"
	"net/url"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bridgetd/bridgetd/event"
	"github.com/bridgetd/bridgetd/internal/store"
)

// postForm posts a form as the director and returns the status and the
// redirect's target (or the body of an error).
func (e *env) postForm(path string, v url.Values) (int, string) {
	e.t.Helper()
	r, err := e.dir.PostForm(e.ts.URL+path, v)
	if err != nil {
		e.t.Fatal(err)
	}
	defer r.Body.Close()
	body, _ := io.ReadAll(r.Body)
	if loc := r.Header.Get("Location"); loc != "" {
		return r.StatusCode, loc
	}
	return r.StatusCode, string(body)
}

// get fetches a page as the director; anything but 200 fails the test.
func (e *env) get(path string) string {
	e.t.Helper()
	r, err := e.dir.Get(e.ts.URL + path)
	if err != nil {
		e.t.Fatal(err)
	}
	defer r.Body.Close()
	body, _ := io.ReadAll(r.Body)
	if r.StatusCode != 200 {
		e.t.Fatalf("GET %s: %s %s", path, r.Status, body)
	}
	return string(body)
}

// createEvent creates an event through the console's form and returns its id.
func (e *env) createEvent(v url.Values) int64 {
	e.t.Helper()
	code, loc := e.postForm("/console/events", v)
	if code != http.StatusSeeOther {
		e.t.Fatalf("create %v: %d %s", v, code, loc)
	}
	id, err := strconv.ParseInt(strings.TrimPrefix(loc, "/console/"), 10, 64)
	if err != nil {
		e.t.Fatalf("create: redirected to %q", loc)
	}
	e.id, e.codes = id, map[int]string{}
	return id
}

// refreshCodes reads the table codes (a Swiss draw adds tables).
func (e *env) refreshCodes() {
	e.t.Helper()
	cs, err := e.st.Codes(e.t.Context(), e.id)
	if err != nil {
		e.t.Fatal(err)
	}
	for _, c := range cs {
		e.codes[c.Table] = c.Code
	}
}

// playRound starts round n from the console, has every table enter and
// confirm its boards through the table endpoints, and closes the round.
// The results vary with the table, the board and the round, so that
// entrants differ and matches have margins.
func (e *env) playRound(n int) int {
	e.t.Helper()
	if code, body := e.postForm(fmt.Sprintf("/console/%d/rounds/%d/start", e.id, n), nil); code != http.StatusSeeOther {
		e.t.Fatalf("start round %d: %d %s", n, code, body)
	}
	e.refreshCodes()
	entered := 0
	for table := 1; table <= len(e.codes); table++ {
		v := e.state(table)
		if v.Round != n {
			continue // a bye or sit-out this round
		}
		for _, b := range v.Boards {
			tricks := 6 + (table*table+2*b.Number+n)%8
			key := fmt.Sprintf("r%dt%db%d", n, table, b.Number)
			body := fmt.Sprintf(`{"key":%q,"board":%d,"level":3,"strain":"NT","declarer":"%s","tricks":%d}`, key+"e", b.Number, []string{"N", "E"}[(table+b.Number)%2], tricks)
			if code, m := e.postJSON(nil, "/t/"+e.codes[table]+"/enter", body); code != 200 {
				e.t.Fatalf("round %d table %d board %d: enter: %d %v", n, table, b.Number, code, m)
			}
			if code, m := e.postJSON(nil, "/t/"+e.codes[table]+"/confirm", fmt.Sprintf(`{"key":%q,"board":%d,"accept":true}`, key+"c", b.Number)); code != 200 {
				e.t.Fatalf("round %d table %d board %d: confirm: %d %v", n, table, b.Number, code, m)
			}
			entered++
		}
	}
	if code, body := e.postForm(fmt.Sprintf("/console/%d/rounds/%d/close", e.id, n), nil); code != http.StatusSeeOther {
		e.t.Fatalf("close round %d: %d %s", n, code, body)
	}
	return entered
}

// exported downloads the event file from the console and reads it with
// package event, as bridgetd rank would.
func (e *env) exported() *event.Event {
	e.t.Helper()
	r, err := e.dir.Get(fmt.Sprintf("%s/console/%d/export.json", e.ts.URL, e.id))
	if err != nil {
		e.t.Fatal(err)
	}
	defer r.Body.Close()
	if r.StatusCode != 200 {
		b, _ := io.ReadAll(r.Body)
		e.t.Fatalf("export: %s %s", r.Status, b)
	}
	ev, err := event.Read(r.Body, "export.json")
	if err != nil {
		e.t.Fatal(err)
	}
	return ev
}

// sameRanking fails unless the server's standings are package event's
// Report of the file, line by line: entrant, place, total, field, the
// NSWBA 12 step and the fines.
func sameRanking(t *testing.T, what string, got []Standing, ev *event.Event) {
	t.Helper()
	rep, err := ev.Report()
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(rep.Standings) || len(got) == 0 {
		t.Fatalf("%s: server ranks %d, event.Report %d", what, len(got), len(rep.Standings))
	}
	field := map[string]string{event.FieldNS: "NS", event.FieldEW: "EW"}
	totals := map[float64]bool{}
	for _, g := range got {
		totals[g.MP] = true
	}
	if len(totals) < 2 {
		t.Errorf("%s: every entrant has the same total %v: the results entered did not score", what, got[0].MP)
	}
	for i, w := range rep.Standings {
		g := got[i]
		by := string(w.By)
		if w.By == event.ByScore {
			by = ""
		}
		if g.Pair != w.Entrant || g.Rank != w.Place || g.Field != field[w.Field] || g.By != by ||
			math.Abs(g.MP-w.Total) > 1e-9 || math.Abs(g.Fines-w.Fines) > 1e-9 || math.Abs(g.Percent-w.Percent) > 1e-9 {
			t.Errorf("%s line %d: server %+v, event.Report %+v", what, i+1, g, w)
		}
	}
}

// TestEveryKindOfEvent creates each kind of event in the console, plays
// it through the table endpoints (a Swiss drawn round by round from the
// console) and checks that the ranking, of the field and of each section,
// is package event's Report of the exported event file.
func TestEveryKindOfEvent(t *testing.T) {
	cases := []struct {
		name     string
		form     url.Values
		swiss    int // rounds to draw from the console
		entrants int
		sections int
		entries  int // board results entered at the tables
		// correct is a table whose result the director corrects after
		// play (NSWBA 13): at teams the closed room of match 3, table 6.
		correct int
		// board: check the traveller of board 1 (it solves the board's
		// double-dummy table, which takes a while).
		board bool
		check func(t *testing.T, ev *event.Event)
	}{
		{name: "two Mitchell sections, own boards", sections: 2, entrants: 12, entries: 2 * 3 * 3 * 2,
			form: url.Values{"movement": {"mitchell"}, "tables": {"3"}, "per_round": {"2"}, "sections": {"2"}},
			check: func(t *testing.T, ev *event.Event) {
				// Law 78A: each section plays its own boards, 1–6 and 7–12.
				for _, m := range ev.Rounds()[0].Matches {
					en, _ := ev.Entrant(m.NS)
					if own := m.Boards[0] <= 6; own != (en.Section == "A") {
						t.Errorf("section %s table %d plays boards %v", en.Section, m.Table, m.Boards)
					}
				}
			}},
		{name: "two Mitchell sections, shared boards", sections: 2, entrants: 12, entries: 2 * 3 * 3 * 2,
			form: url.Values{"movement": {"mitchell"}, "tables": {"3"}, "per_round": {"2"}, "sections": {"2"}, "shared": {"1"}},
			check: func(t *testing.T, ev *event.Event) {
				// Law 78A: a shared board is compared across both sections:
				// played at 3 tables a section, the top is 2×(6−1).
				if ev.Top != 10 {
					t.Errorf("top %g, want 10 across both sections", ev.Top)
				}
			}},
		{name: "individual", entrants: 8, entries: 2 * 7,
			form: url.Values{"movement": {"individual"}, "tables": {"2"}, "per_round": {"1"}},
			check: func(t *testing.T, ev *event.Event) {
				for _, m := range ev.Rounds()[0].Matches {
					if len(m.Players) != 4 { // Law 5A: four players a table
						t.Errorf("individual table %d seats %v", m.Table, m.Players)
					}
				}
			}},
		{name: "Swiss pairs", swiss: 3, entrants: 8, entries: 3 * 4 * 2, board: true,
			form:  url.Values{"movement": {"swiss-pairs"}, "entrants": {"8"}, "per_round": {"2"}, "rounds": {"3"}},
			check: noRematch},
		{name: "Swiss pairs, odd field", swiss: 2, entrants: 7, entries: 2 * 3 * 3,
			form: url.Values{"movement": {"swiss-pairs"}, "entrants": {"7"}, "per_round": {"3"}, "rounds": {"2"}},
			check: func(t *testing.T, ev *event.Event) {
				// NSWBA 2011 profile: an odd field's bye sits out (OddBye),
				// a different pair each round.
				var byes []int
				for _, rd := range ev.Rounds() {
					for _, m := range rd.Matches {
						if m.Bye() {
							byes = append(byes, m.NS)
						}
					}
				}
				if len(byes) != 2 || byes[0] == byes[1] {
					t.Errorf("byes %v, want one a round, not the same pair twice", byes)
				}
			}},
		{name: "two Howell sections", sections: 2, entrants: 8, entries: 2 * 2 * 3 * 2,
			form: url.Values{"movement": {"howell"}, "tables": {"2"}, "per_round": {"2"}, "sections": {"2"}},
			check: func(t *testing.T, ev *event.Event) {
				if ev.TwoWinner {
					t.Error("a Howell is one-winner")
				}
			}},
		{name: "Swiss teams", swiss: 3, entrants: 6, entries: 3 * 3 * 2 * 2, correct: 6, board: true,
			form: url.Values{"movement": {"swiss-teams"}, "entrants": {"6"}, "per_round": {"2"}, "rounds": {"3"}},
			check: func(t *testing.T, ev *event.Event) {
				noRematch(t, ev)
				// Both rooms of every match entered: scored board by
				// board (Law 78B) into VPs that share the match's 20.
				for _, rd := range ev.Rounds() {
					for _, m := range rd.Matches {
						if len(m.Results) != 2 || len(m.Closed) != 2 {
							t.Errorf("round %d match %d: open %d closed %d results", rd.Number, m.Table, len(m.Results), len(m.Closed))
						}
					}
				}
			}},
		{name: "teams round robin", entrants: 4, entries: 3 * 2 * 2 * 2,
			form: url.Values{"movement": {"round-robin"}, "entrants": {"4"}, "per_round": {"2"}},
			check: func(t *testing.T, ev *event.Event) {
				met := map[[2]int]int{}
				for _, rd := range ev.Rounds() {
					for _, m := range rd.Matches {
						met[[2]int{min(m.NS, m.EW), max(m.NS, m.EW)}]++
					}
				}
				if len(met) != 6 { // every team meets every other once
					t.Errorf("round robin meetings %v, want the 6 pairings once each", met)
				}
			}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := newEnv(t)
			c.form.Set("name", c.name)
			c.form.Set("seed", "7")
			id := e.createEvent(c.form)
			ctx := t.Context()
			entered := 0
			if c.swiss > 0 {
				for n := 1; n <= c.swiss; n++ {
					if code, body := e.postForm(fmt.Sprintf("/console/%d/draw", id), nil); code != http.StatusSeeOther {
						t.Fatalf("draw round %d: %d %s", n, code, body)
					}
					if n == 1 {
						// NSWBA 14: the next round is drawn only once this one is scored.
						if code, _ := e.postForm(fmt.Sprintf("/console/%d/draw", id), nil); code != http.StatusConflict {
							t.Errorf("draw before round 1 was scored: %d, want 409", code)
						}
					}
					entered += e.playRound(n)
				}
			} else {
				rounds, err := e.st.Rounds(ctx, id)
				if err != nil {
					t.Fatal(err)
				}
				for _, rd := range rounds {
					entered += e.playRound(rd.Number)
				}
			}
			if entered != c.entries {
				t.Errorf("%d results entered at the tables, want %d", entered, c.entries)
			}
			if c.correct != 0 {
				v := url.Values{"round": {"1"}, "table": {strconv.Itoa(c.correct)}, "contract": {"4S"}, "declarer": {"N"}, "tricks": {"10"},
					"by": {"TD"}, "why": {"board misentered"}}
				as, _ := e.st.Assignments(ctx, id)
				for _, a := range as {
					if a.Round == 1 && a.Table == c.correct {
						v.Set("board", strconv.Itoa(a.Boards[0]))
					}
				}
				if code, body := e.postForm(fmt.Sprintf("/console/%d/results", id), v); code != http.StatusSeeOther {
					t.Fatalf("correction at table %d: %d %s", c.correct, code, body)
				}
			}
			if _, err := e.st.AddFine(ctx, id, store.Fine{Entrant: 2, Amount: 10, Kind: string(event.SlowPlay), Director: "TD"}); err != nil {
				t.Fatal(err)
			}
			ev := e.exported()
			if len(ev.Entrants) != c.entrants {
				t.Errorf("%d entrants, want %d", len(ev.Entrants), c.entrants)
			}
			c.check(t, ev)
			got, err := e.srv.Ranking(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			sameRanking(t, "field", got, ev)
			secs, err := e.srv.SectionRankings(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			if len(secs) != max(c.sections, 1) && !(c.sections == 0 && secs == nil) {
				t.Fatalf("%d section rankings, want %d", len(secs), c.sections)
			}
			for _, sr := range secs {
				sub, err := store.Section(ev, sr.Section)
				if err != nil {
					t.Fatal(err)
				}
				sameRanking(t, "section "+sr.Section, sr.Standings, sub)
				if len(sr.Standings) != c.entrants/c.sections {
					t.Errorf("section %s ranks %d", sr.Section, len(sr.Standings))
				}
			}
			// The console renders the event: at teams each table is a room
			// of its match.
			if cpage := e.get(fmt.Sprintf("/console/%d", id)); store.TwoRooms(ev) && !strings.Contains(cpage, "match 1 closed") {
				t.Error("console page: the teams tables' rooms not shown")
			}
			// The public page shows the ranking of each section.
			e.postForm(fmt.Sprintf("/console/%d/publish", id), url.Values{"on": {"1"}})
			r, err := http.Get(fmt.Sprintf("%s/results/%d", e.ts.URL, id))
			if err != nil {
				t.Fatal(err)
			}
			page, _ := io.ReadAll(r.Body)
			r.Body.Close()
			if r.StatusCode != 200 || (c.sections > 1 && !bytes.Contains(page, []byte("Section B"))) {
				t.Errorf("public ranking: %s, sections shown: %v", r.Status, bytes.Contains(page, []byte("Section B")))
			}
			paths := []string{"/pair/1"}
			if c.board {
				paths = append(paths, "/board/1")
			}
			for _, path := range paths {
				r, err := http.Get(fmt.Sprintf("%s/results/%d%s", e.ts.URL, id, path))
				if err != nil {
					t.Fatal(err)
				}
				body, _ := io.ReadAll(r.Body)
				r.Body.Close()
				unit := "MP"
				if ev.Scoring != event.Matchpoints {
					unit = "IMPs"
				}
				if r.StatusCode != 200 || !bytes.Contains(body, []byte(unit)) {
					t.Errorf("public %s: %s, %s shown %v", path, r.Status, unit, bytes.Contains(body, []byte(unit)))
				}
			}
			if ev.Kind == event.Individual {
				// Every player's score card has the board of each of the 7
				// rounds, South and West too (their table's NS and EW are
				// North and East).
				for p := 1; p <= c.entrants; p++ {
					card := e.get(fmt.Sprintf("/results/%d/pair/%d", id, p))
					if n := strings.Count(card, `<tr><td><a href="/results/`); n != 7 {
						t.Errorf("player %d's score card has %d boards, want 7", p, n)
					}
				}
			}
			// A VP event shows its matches' IMPs and VPs, as package event
			// scored them.
			if ev.Scoring != event.Matchpoints {
				sc, _ := ev.NewScorer()
				if err := ev.Score(sc); err != nil {
					t.Fatal(err)
				}
				m := ev.Rounds()[0].Matches[0]
				if m.VP == nil || !bytes.Contains(page, []byte(fmt.Sprintf("%s–%s", fmtMP(m.VP[0]), fmtMP(m.VP[1])))) {
					t.Errorf("public page lacks round 1 match %d's VPs %v", m.Table, m.VP)
				}
			}
		})
	}
}

// noRematch fails when two entrants of a Swiss met twice (package swiss
// avoids rematches where the field allows it).
func noRematch(t *testing.T, ev *event.Event) {
	t.Helper()
	met := map[[2]int]int{}
	for _, rd := range ev.Rounds() {
		for _, m := range rd.Matches {
			if m.EW != 0 {
				k := [2]int{min(m.NS, m.EW), max(m.NS, m.EW)}
				met[k]++
				if met[k] > 1 {
					t.Errorf("round %d: %d and %d meet again", rd.Number, m.NS, m.EW)
				}
			}
		}
	}
}

// upload posts files to the console's import as a multipart form and
// returns the status and the redirect's target (or the error's body).
func (e *env) upload(files map[string][]byte) (int, string) {
	e.t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	for name, data := range files {
		fw, err := mw.CreateFormFile(name, name)
		if err != nil {
			e.t.Fatal(err)
		}
		fw.Write(data)
	}
	mw.Close()
	req, _ := http.NewRequest("POST", e.ts.URL+"/console/import", &buf)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	r, err := e.dir.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer r.Body.Close()
	if loc := r.Header.Get("Location"); loc != "" {
		return r.StatusCode, loc
	}
	body, _ := io.ReadAll(r.Body)
	return r.StatusCode, string(body)
}

// TestImportContinues: a Swiss teams event run with the command line
// (package event's workflows: create, enter, draw round 1, record both
// rooms) is uploaded to the console, goes on there (round 2 drawn from the
// console and entered at the tables) and ranks as package event's Report
// of the exported file.
func TestImportContinues(t *testing.T) {
	ctx := t.Context()
	desk := event.Desk{Events: event.NewMemoryStore()}
	if _, err := desk.Create(ctx, event.Settings{Name: "Teams from the CLI", Kind: event.SwissTeams, VPScale: "wbf2013", VPTotal: 20, BoardsPerRound: 2, PlannedRounds: 2, Seed: 3}); err != nil {
		t.Fatal(err)
	}
	for i := 1; i <= 4; i++ {
		if _, err := desk.AddEntrant(ctx, event.Entrant{Name: fmt.Sprintf("Team %c", 'A'+i-1), Players: []event.Player{{Name: fmt.Sprintf("P%d", i)}}}); err != nil {
			t.Fatal(err)
		}
	}
	start := time.Now().UTC().Truncate(time.Second)
	if _, err := desk.AddSession(ctx, start, 1); err != nil {
		t.Fatal(err)
	}
	_, dr, err := desk.DrawSwiss(ctx, event.DrawOptions{At: start})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range dr.Round.Matches {
		for room, tricks := range []int{9, 10} {
			var rs []event.Result
			for _, b := range dr.Round.Boards {
				r, err := event.ParseResult(fmt.Sprintf("%d 3NT N %d", b, tricks+m.Table%2))
				if err != nil {
					t.Fatal(err)
				}
				rs = append(rs, r)
			}
			if _, err := desk.Record(ctx, event.Entry{Round: 1, Table: m.Table, Closed: room == 1, Results: rs}); err != nil {
				t.Fatal(err)
			}
		}
	}
	ev, _, err := desk.Event(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var file bytes.Buffer
	if err := ev.Write(&file); err != nil {
		t.Fatal(err)
	}

	e := newEnv(t)
	code, loc := e.upload(map[string][]byte{"event": file.Bytes()})
	if code != http.StatusSeeOther || !strings.HasPrefix(loc, "/console/") {
		t.Fatalf("import: %d → %q", code, loc)
	}
	e.id, _ = strconv.ParseInt(strings.TrimPrefix(loc, "/console/"), 10, 64)
	e.codes = map[int]string{}
	// The imported round ranks as the command line ranks it.
	got, err := e.srv.Ranking(ctx, e.id)
	if err != nil {
		t.Fatal(err)
	}
	sameRanking(t, "imported", got, ev)
	// Round 2: drawn in the console, entered at the tables, both rooms.
	if code, body := e.postForm(fmt.Sprintf("/console/%d/draw", e.id), nil); code != http.StatusSeeOther {
		t.Fatalf("draw round 2: %d %s", code, body)
	}
	if n := e.playRound(2); n != 2*2*2 {
		t.Errorf("round 2: %d results entered, want 8 (2 matches × 2 rooms × 2 boards)", n)
	}
	out := e.exported()
	if len(out.Rounds()) != 2 || out.Entrants[0].Name != "Team A" {
		t.Fatalf("exported %d rounds, first entrant %q", len(out.Rounds()), out.Entrants[0].Name)
	}
	noRematch(t, out)
	got, err = e.srv.Ranking(ctx, e.id)
	if err != nil {
		t.Fatal(err)
	}
	sameRanking(t, "after round 2", got, out)
	// Bad uploads: no file, not an event file.
	for _, bad := range []map[string][]byte{{}, {"event": []byte("{\"format\": \"other\"}")}} {
		if code, body := e.upload(bad); code != http.StatusBadRequest {
			t.Errorf("import of %v: %d %s, want 400", bad, code, body)
		}
	}
}

// TestSwissSeededByRating: the players' masterpoint ranks entered in the
// console seed a Swiss's first round drawn by rating (package swiss:
// highest first, the top half against the bottom half), and the tables
// are assigned with the draw.
func TestSwissSeededByRating(t *testing.T) {
	e := newEnv(t)
	id := e.createEvent(url.Values{"name": {"Seeded Swiss"}, "movement": {"swiss-pairs"}, "entrants": {"4"}, "per_round": {"2"}, "rounds": {"2"}})
	ranks := map[int]string{3: "Gold Life Master", 4: "Grand Master"}
	for n := 1; n <= 4; n++ {
		v := url.Values{"player1": {fmt.Sprintf("North %d", n)}, "rank1": {ranks[n]}, "player2": {fmt.Sprintf("South %d", n)}}
		if code, body := e.postForm(fmt.Sprintf("/console/%d/pairs/%d", id, n), v); code != http.StatusSeeOther {
			t.Fatalf("pair %d: %d %s", n, code, body)
		}
	}
	// Before the first draw the console offers it, seeded by rating.
	if page := e.get(fmt.Sprintf("/console/%d", id)); !strings.Contains(page, "Draw round 1") || !strings.Contains(page, "by_rating") {
		t.Errorf("console before the first draw offers no seeded draw:\n%s", page)
	}
	if code, body := e.postForm(fmt.Sprintf("/console/%d/draw", id), url.Values{"by_rating": {"1"}}); code != http.StatusSeeOther {
		t.Fatalf("draw: %d %s", code, body)
	}
	as, err := e.st.Assignments(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	got := map[[2]int]bool{}
	for _, a := range as {
		got[[2]int{min(a.NS, a.EW), max(a.NS, a.EW)}] = true
	}
	// Seeded 4, 3, then 1, 2 (no rank, entry order): 4 v 1 and 3 v 2.
	want := map[[2]int]bool{{1, 4}: true, {2, 3}: true}
	if len(as) != 2 || !reflect.DeepEqual(got, want) {
		t.Errorf("round 1 tables %+v, want 4 v 1 and 3 v 2", as)
	}
	page := e.get(fmt.Sprintf("/console/%d", id))
	if !strings.Contains(page, `value="Grand Master"`) || !strings.Contains(page, "Draw round 2") {
		t.Errorf("console page: rank shown %v, next draw offered %v", strings.Contains(page, `value="Grand Master"`), strings.Contains(page, "Draw round 2"))
	}
}

// TestNewEventRefused: a form that does not make an event gets a 400 that
// says which field, and creates nothing; a draw for an event that is not
// a Swiss is refused too.
func TestNewEventRefused(t *testing.T) {
	e := newEnv(t)
	cases := []struct {
		form url.Values
		want string
	}{
		{url.Values{"movement": {"swiss-pairs"}, "entrants": {"8"}, "per_round": {"2"}}, "planned number of rounds"}, // NSWBA 13.9
		{url.Values{"movement": {"swiss-teams"}, "entrants": {"1"}, "per_round": {"2"}, "rounds": {"3"}}, "entrants"},
		{url.Values{"movement": {"individual"}, "tables": {"5"}, "per_round": {"2"}}, "movement"},
		{url.Values{"movement": {"individual"}, "tables": {"2"}, "per_round": {"2"}, "sections": {"2"}}, "sections"},
		{url.Values{"movement": {"mitchell"}, "tables": {"3"}, "per_round": {"2"}, "sections": {"99"}}, "sections"},
		{url.Values{"movement": {"knockout"}, "tables": {"3"}, "per_round": {"2"}}, "movement"},
		{url.Values{"movement": {"round-robin"}, "entrants": {"x"}, "per_round": {"2"}}, "entrants"},
	}
	for _, c := range cases {
		c.form.Set("name", "Bad")
		code, body := e.postForm("/console/events", c.form)
		if code != http.StatusBadRequest || !strings.Contains(body, c.want) {
			t.Errorf("%v: %d %q, want 400 naming %q", c.form, code, body, c.want)
		}
	}
	if evs, _ := e.st.Events(t.Context()); len(evs) != 1 {
		t.Errorf("%d events beside the demo after refused forms, want none", len(evs)-1)
	}
	id := e.createEvent(url.Values{"name": {"Pairs"}, "movement": {"mitchell"}, "tables": {"3"}, "per_round": {"2"}, "sections": {"2"}})
	if code, body := e.postForm(fmt.Sprintf("/console/%d/draw", id), nil); code != http.StatusBadRequest {
		t.Errorf("Swiss draw for a Mitchell: %d %s, want 400", code, body)
	}
}

// fmtMP is the page's "mp" template function.
func fmtMP(f float64) string { return funcs["mp"].(func(float64) string)(f) }

// TestTeamsIMPs: a teams traveller row scores the IMPs of the difference
// with the other room of its match (Law 78B, the WBF IMP scale), each
// room from its North–South's view; a row without its other room, or
// adjusted, scores none.
func TestTeamsIMPs(t *testing.T) {
	row := func(round, table, score int, adjusted string) travRow {
		return travRow{Result: store.Result{Round: round, Table: table, Score: score}, Adjusted: adjusted}
	}
	cases := []struct {
		name string
		rows []travRow
		want []float64 // NS IMPs by row; NaN: none
	}{
		{"open +420, closed −50: 470 is 10 IMPs", []travRow{row(1, 1, 420, ""), row(1, 2, -50, "")}, []float64{10, -10}},
		{"the same score in both rooms", []travRow{row(1, 3, 420, ""), row(1, 4, 420, "")}, []float64{0, 0}},
		{"closed room not in yet", []travRow{row(1, 1, 620, "")}, []float64{math.NaN()}},
		{"another round's match 1", []travRow{row(1, 1, 620, ""), row(2, 2, 100, "")}, []float64{math.NaN(), math.NaN()}},
		{"adjusted closed room", []travRow{row(1, 1, 620, ""), row(1, 2, 0, "assigned")}, []float64{math.NaN(), math.NaN()}},
		{"two matches apart", []travRow{row(1, 1, 100, ""), row(1, 2, 140, ""), row(1, 3, -100, ""), row(1, 4, 100, "")}, []float64{-1, 1, -5, 5}},
	}
	for _, c := range cases {
		teamsIMPs(c.rows)
		for i, r := range c.rows {
			if math.IsNaN(c.want[i]) {
				if r.HasMP {
					t.Errorf("%s: row %d scored %g IMPs, want none", c.name, i, r.NSMP)
				}
				continue
			}
			if !r.HasMP || r.NSMP != c.want[i] || r.EWMP != -c.want[i] {
				t.Errorf("%s: row %d: %v %g/%g IMPs, want %g", c.name, i, r.HasMP, r.NSMP, r.EWMP, c.want[i])
			}
		}
	}
}
