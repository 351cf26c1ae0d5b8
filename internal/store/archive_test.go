package store_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/dd"
	"github.com/bridgetd/bridgetd/internal/store"
	"github.com/bridgetd/bridgetd/internal/store/storetest"
)

// fullEvent makes an event with a row in every table: players, a
// double-dummy table, three rounds played, rulings (Law 12C1(b), 12C1(c)),
// a fine (NSWBA 7), corrections (NSWBA 13) that change and remove a
// result, a director call answered and one not, a posting, publication.
func fullEvent(t *testing.T, b storetest.Backend) (*store.Store, int64) {
	t.Helper()
	s, id, c := newEvent(t, b)
	ctx := t.Context()
	if err := s.SetEntrant(ctx, id, store.Entrant{Number: 1, Name: "Lee–Chan", Players: []store.Player{{Name: "Ann Lee", Member: "101"}, {Name: "Bo Chan"}}}); err != nil {
		t.Fatal(err)
	}
	var tab dd.Table
	for seat := range tab {
		for strain := range tab[seat] {
			tab[seat][strain] = 6 + (seat+strain)%4
		}
	}
	if err := s.SetDD(ctx, id, 1, tab); err != nil {
		t.Fatal(err)
	}
	for r := 1; r <= 3; r++ {
		playRound(t, s, id, r, 8+r)
	}
	tc := code(t, s, id, 2)
	call, err := s.CallDirector(ctx, "call-1", tc, "revoke at board 4")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.CallDirector(ctx, "call-2", tc, "slow play"); err != nil {
		t.Fatal(err)
	}
	if err := s.AnswerCall(ctx, id, call.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := s.AddRuling(ctx, id, store.Ruling{Key: store.Key{Round: 1, Table: 2, Board: 4}, Kind: store.RulingSplit, NSScore: -100, EWScore: -140, Director: "TD", Why: "Law 12C1(b)"}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.AddRuling(ctx, id, store.Ruling{Key: store.Key{Round: 1, Table: 2, Board: 4}, Kind: store.RulingWeighted,
		Outcomes: []store.Outcome{{Score: 420, Weight: 0.6}, {Score: -50, Weight: 0.4}}, Director: "TD", Why: "Law 12C1(c)"}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.AddFine(ctx, id, store.Fine{Entrant: 3, Amount: 12.5, Kind: "late", Director: "TD", Note: "20 minutes"}); err != nil {
		t.Fatal(err)
	}
	if err := s.PostSession(ctx, id, 1); err != nil {
		t.Fatal(err)
	}
	c.t = c.t.Add(10 * time.Minute)
	e := entry(1, "4S", bridge.South, 10)
	if _, err := s.Correct(ctx, id, store.Correction{Key: store.Key{Round: 1, Table: 1, Board: 1}, Entry: &e, By: "TD", Why: "wrong declarer"}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Correct(ctx, id, store.Correction{Key: store.Key{Round: 1, Table: 1, Board: 2}, By: "TD", Why: "not played"}); err != nil {
		t.Fatal(err)
	}
	if err := s.SetPublished(ctx, id, true); err != nil {
		t.Fatal(err)
	}
	return s, id
}

func dumpJSON(t *testing.T, s *store.Store, id int64) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := s.ExportArchive(t.Context(), id, &buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestArchiveRoundTrip: an event moved from SQLite to the backend and back
// to SQLite dumps the same, row for row, each time.
func TestArchiveRoundTrip(t *testing.T) { storetest.Run(t, testArchiveRoundTrip) }

func testArchiveRoundTrip(t *testing.T, bk storetest.Backend) {
	ctx := t.Context()
	src, id := fullEvent(t, storetest.SQLite)
	first := dumpJSON(t, src, id)
	for _, table := range []string{"players", "rulings", "fines", "corrections", "director_calls", "postings", "table_codes", "boards", "results"} {
		if !bytes.Contains(first, []byte(`"name": "`+table+`"`)) {
			t.Errorf("the archive has no table %s", table)
		}
	}
	mid := storetest.Open(t, bk)
	midID, err := mid.ImportArchive(ctx, bytes.NewReader(first), "first.json")
	if err != nil {
		t.Fatal(err)
	}
	second := dumpJSON(t, mid, midID)
	back := storetest.Open(t, storetest.SQLite)
	backID, err := back.ImportArchive(ctx, bytes.NewReader(second), "second.json")
	if err != nil {
		t.Fatal(err)
	}
	third := dumpJSON(t, back, backID)
	if !bytes.Equal(first, second) || !bytes.Equal(first, third) {
		t.Errorf("dumps differ:\nsqlite:\n%s\n%s:\n%s\nsqlite again:\n%s", first, bk, second, third)
	}
	// What the server reads back is the same.
	for _, s := range []*store.Store{mid, back} {
		r1, _ := src.Results(ctx, id)
		r2, _ := s.Results(ctx, 1)
		c1, _ := src.Corrections(ctx, id)
		c2, _ := s.Corrections(ctx, 1)
		u1, _ := src.Rulings(ctx, id)
		u2, _ := s.Rulings(ctx, 1)
		if !reflect.DeepEqual(r1, r2) || !reflect.DeepEqual(c1, c2) || !reflect.DeepEqual(u1, u2) {
			t.Errorf("results, corrections or rulings differ after the move")
		}
	}

	// Loaded into a database that has events already: a new event id, new
	// row ids (the rulings' too), new table codes, the same results.
	again, err := mid.ImportArchive(ctx, bytes.NewReader(first), "first.json")
	if err != nil {
		t.Fatal(err)
	}
	if again == midID {
		t.Fatalf("second load got event id %d again", again)
	}
	r1, _ := mid.Results(ctx, midID)
	r2, _ := mid.Results(ctx, again)
	if !reflect.DeepEqual(r1, r2) || len(r1) == 0 {
		t.Errorf("results of the second load differ from the first's")
	}
	u1, _ := mid.Rulings(ctx, midID)
	u2, _ := mid.Rulings(ctx, again)
	if len(u1) != 1 || len(u2) != 1 || u1[0].ID == u2[0].ID {
		t.Errorf("rulings %+v and %+v: want one each, with ids of their own", u1, u2)
	}
	c1, _ := mid.Codes(ctx, midID)
	c2, _ := mid.Codes(ctx, again)
	if len(c1) != len(c2) || len(c1) == 0 || c1[0].Code == c2[0].Code {
		t.Errorf("table codes %v and %v: want new codes for the second load", c1, c2)
	}
}

// TestArchiveRefusesBadInput: a bad archive is refused with the file and
// the field, and writes nothing.
func TestArchiveRefusesBadInput(t *testing.T) { storetest.Run(t, testArchiveRefusesBadInput) }

func testArchiveRefusesBadInput(t *testing.T, bk storetest.Backend) {
	ctx := t.Context()
	src, id := fullEvent(t, storetest.SQLite)
	good := dumpJSON(t, src, id)
	edit := func(f func(a map[string]any)) string {
		var a map[string]any
		if err := json.Unmarshal(good, &a); err != nil {
			t.Fatal(err)
		}
		f(a)
		b, _ := json.Marshal(a)
		return string(b)
	}
	table := func(a map[string]any, name string) map[string]any {
		for _, x := range a["tables"].([]any) {
			if m := x.(map[string]any); m["name"] == name {
				return m
			}
		}
		t.Fatalf("no table %s", name)
		return nil
	}
	col := func(m map[string]any, c string) int {
		for i, x := range m["columns"].([]any) {
			if x == c {
				return i
			}
		}
		t.Fatalf("no column %s", c)
		return -1
	}
	cases := []struct {
		name, text, want string
	}{
		{"not JSON", `{"format": "bridgetd-archive/1",` + "\n" + `"tables": [}`, "bad.json: line 2"},
		{"another format", edit(func(a map[string]any) { a["format"] = "bridgetd-event/1" }), "bad.json: format"},
		{"a newer schema", edit(func(a map[string]any) { a["schema"] = 99 }), "bad.json: schema"},
		{"an unknown field", strings.Replace(string(good), `"format"`, `"colour": 1, "format"`, 1), "colour"},
		{"no events table", edit(func(a map[string]any) {
			var keep []any
			for _, x := range a["tables"].([]any) {
				if x.(map[string]any)["name"] != "events" {
					keep = append(keep, x)
				}
			}
			a["tables"] = keep
		}), "bad.json: tables: "},
		{"a table this database lacks", edit(func(a map[string]any) { table(a, "fines")["name"] = "penalties" }), `no event table "penalties"`},
		{"a column this database lacks", edit(func(a map[string]any) { table(a, "fines")["columns"].([]any)[0] = "colour" }), `tables[`},
		{"a short row", edit(func(a map[string]any) {
			m := table(a, "results")
			m["rows"].([]any)[2] = m["rows"].([]any)[2].([]any)[1:]
		}), "rows[2]: "},
		{"an object for a value", edit(func(a map[string]any) {
			m := table(a, "results")
			m["rows"].([]any)[0].([]any)[col(m, "score")] = map[string]any{"x": 1}
		}), "(results).rows[0].score"},
		{"a row of another event", edit(func(a map[string]any) {
			m := table(a, "results")
			m["rows"].([]any)[1].([]any)[col(m, "event_id")] = 99
		}), "(results).rows[1].event_id"},
		{"text for a number of tricks", edit(func(a map[string]any) {
			m := table(a, "results")
			m["rows"].([]any)[3].([]any)[col(m, "tricks")] = "ten"
		}), "tables(results).rows[3].tricks"},
		{"a missing contract", edit(func(a map[string]any) {
			m := table(a, "results")
			m["rows"].([]any)[4].([]any)[col(m, "contract")] = nil
		}), "tables(results).rows[4]"},
		{"a result twice", edit(func(a map[string]any) {
			m := table(a, "results")
			m["rows"] = append(m["rows"].([]any), m["rows"].([]any)[0])
		}), "tables(results).rows["},
		{"a player of no pair", edit(func(a map[string]any) {
			m := table(a, "players")
			m["rows"].([]any)[0].([]any)[col(m, "entrant")] = 42
		}), "tables(players).rows[0]"},
	}
	target := storetest.Open(t, bk)
	for _, c := range cases {
		_, err := target.ImportArchive(ctx, strings.NewReader(c.text), "bad.json")
		if err == nil || !errors.Is(err, store.ErrInvalid) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v; want an ErrInvalid naming %q", c.name, err, c.want)
		}
		if evs, err := target.Events(ctx); err != nil || len(evs) != 0 {
			t.Errorf("%s: the refused archive left %d events (%v)", c.name, len(evs), err)
		}
	}
	if _, err := target.ImportArchive(ctx, bytes.NewReader(good), "good.json"); err != nil {
		t.Errorf("the good archive after the bad ones: %v", err)
	}
}

// FuzzReadArchive: the archive reader never panics, and what it accepts
// writes and reads back the same.
func FuzzReadArchive(f *testing.F) {
	f.Add([]byte(`{"format":"bridgetd-archive/1","schema":2,"event":1,"tables":[{"name":"events","columns":["id","name"],"rows":[[1,"x"]]}]}`))
	f.Add([]byte(`{"format":"bridgetd-archive/1","schema":2,"event":1,"tables":[{"name":"results","columns":["event_id","score"],"rows":[[1,1.5e3],[1,null]]}]}`))
	f.Add([]byte(`{"format":"bridgetd-archive/1","tables":[{"name":"events","rows":[[{}]]}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		a, err := store.ReadArchive(bytes.NewReader(data), "fuzz.json")
		if err != nil {
			if !errors.Is(err, store.ErrInvalid) && !strings.Contains(err.Error(), "fuzz.json") {
				t.Fatalf("error without the file's name: %v", err)
			}
			return
		}
		var buf bytes.Buffer
		if err := a.Write(&buf); err != nil {
			t.Fatal(err)
		}
		b, err := store.ReadArchive(&buf, "again.json")
		if err != nil {
			t.Fatalf("an accepted archive does not read back: %v\n%s", err, buf.String())
		}
		if !reflect.DeepEqual(a, b) {
			t.Fatalf("read back differently:\n%+v\n%+v", a, b)
		}
	})
}
