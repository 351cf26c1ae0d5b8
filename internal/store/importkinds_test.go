package store_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/bridgetd/bridgetd/deal"
	"github.com/bridgetd/bridgetd/event"
	"github.com/bridgetd/bridgetd/internal/store/storetest"
	"github.com/bridgetd/bridgetd/regulation"
)

// v1Files are package event's event files run with the command line (see
// SOURCE.md there), read in place.
var v1Files = filepath.Join("..", "..", "event", "testdata", "v1")

func readV1(t *testing.T, name string) *event.Event {
	t.Helper()
	f, err := os.Open(filepath.Join(v1Files, name+".json"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ev, err := event.Read(f, name)
	if err != nil {
		t.Fatal(err)
	}
	return ev
}

// results lists every result of the event (both rooms) by round and
// table, for comparing files.
func allResults(ev *event.Event) map[[3]int][]event.Result {
	out := map[[3]int][]event.Result{}
	for _, rd := range ev.Rounds() {
		for _, m := range rd.Matches {
			out[[3]int{rd.Number, m.Table, 0}] = m.Results
			out[[3]int{rd.Number, m.Table, 1}] = m.Closed
		}
	}
	return out
}

func sameJSON(t *testing.T, what string, got, want any) {
	t.Helper()
	a, _ := json.Marshal(want)
	b, _ := json.Marshal(got)
	if !bytes.Equal(a, b) {
		t.Errorf("%s:\n got %s\nwant %s", what, b, a)
	}
}

// TestImportEveryKind: an event file holding every kind of thing the
// format carries is imported whole: fouled boards (Law 87), boards turned
// through 90° (NSWBA 8.4), unplayed boards (NSWBA 13.10), every adjusted
// score (Law 12C1(a), (b), (c), 12C2), appeals (NSWBA 14), the offences
// register's entries of every kind and unit with warnings and another
// event's entries (NSWBA 7), corrections of every source with who, when,
// why, deadlines, overrides, lost places and match margins (NSWBA 13), and
// postings with whom they showed as qualifying. The file exported again
// holds the same, export → import → export gives the same bytes, and
// package event's Report ranks the export as it ranks the file. The files
// are package event's real ones with those added through its types.
func TestImportEveryKind(t *testing.T) { storetest.Run(t, testImportEveryKind) }

func testImportEveryKind(t *testing.T, bk storetest.Backend) {
	at := func(s string) time.Time {
		x, err := time.Parse(time.RFC3339, s)
		if err != nil {
			t.Fatal(err)
		}
		return x
	}
	players := func(names ...string) []event.Player {
		var ps []event.Player
		for _, n := range names {
			ps = append(ps, event.Player{Name: n, Member: n + "-1"})
		}
		return ps
	}
	deadline := at("2026-06-09T23:15:00+10:00")
	cases := []struct {
		name string
		file string
		edit func(ev *event.Event)
		// holds are what the export must carry, as package event writes it.
		holds []string
	}{
		{"matchpoint pairs: fouled, turned, adjusted, appeal, MP fines, corrections, postings", "mppairs", func(ev *event.Event) {
			rd := ev.Rounds()[0]
			ms := rd.Matches
			// Law 87: board of table 1 played in a fouled form at two tables.
			fouled := ms[0].Results[0].Board
			for _, r2 := range ev.Rounds() {
				for i := range r2.Matches {
					for j := range r2.Matches[i].Results {
						if r2.Matches[i].Results[j].Board == fouled {
							r2.Matches[i].Results[j].Form = 1
						}
					}
				}
			}
			ms[1].Results[0].Turned = true // NSWBA 8.4
			// Scores any board can give (1NT made either way: NSWBA 13.6(a)).
			adj := []event.Result{
				{Score: ms[1].Results[1].Score}, // Law 12C1(a)
				{Score: 90, EWScore: ptr(-90)},  // Law 12C1(b)
				{Weighted: []event.Outcome{{Score: 90, Weight: 0.6}, {Score: -90, Weight: 0.4}}}, // Law 12C1(c)
			}
			for i, x := range adj {
				m := &ev.Rounds()[1+i%2].Matches[i]
				x.Board = m.Results[0].Board
				m.Results[0] = x
			}
			m := &ev.Rounds()[1].Matches[2]
			m.Results[1] = event.Result{Board: m.Results[1].Board, Award: "A+/A-"} // Law 12C2
			ms[2].Results[1].Appeal = event.AppealPending                          // NSWBA 14
			ev.Offences = append(ev.Offences,
				event.Offence{Kind: event.Late, At: at("2026-06-09T19:42:00+10:00"), Event: ev.Name, Session: 1, Entrant: 2, Players: players("Ann", "Bo"),
					Minutes: 12, Number: 1, Penalty: regulation.Penalty{VP: 2, TopPercent: 50}, Fine: 2, Unit: "MP", Director: "TD Ross"},
				event.Offence{Kind: event.SlowPlay, At: at("2026-06-09T20:30:00+10:00"), Event: ev.Name, Session: 1, Round: 2, Table: 1, Entrant: 3,
					Players: players("Cy", "Di"), Number: 1, Penalty: regulation.Penalty{Warning: true}, Fine: 0, Unit: "MP", Director: "TD Ross", Note: "a warning"},
				event.Offence{Kind: event.Phone, At: at("2026-06-09T21:00:00+10:00"), Event: ev.Name, Entrant: 4, Players: players("Ed"),
					Number: 2, Penalty: regulation.Penalty{VP: 3, TopPercent: 50}, Fine: 2, Unit: "MP"},
				event.Offence{Kind: event.Other, At: at("2026-06-09T21:10:00+10:00"), Event: ev.Name, Entrant: 5, Players: players("Fay", "Gus"),
					Penalty: regulation.Penalty{TopPercent: 100}, Fine: 4, Unit: "MP", Director: "TD Ross", Note: "over 30 minutes late"},
				event.Offence{Kind: event.Phone, At: at("2026-05-01T21:00:00+10:00"), Event: "Last month's pairs", Players: players("Ed"),
					Number: 1, Penalty: regulation.Penalty{VP: 1, TopPercent: 10}, Fine: 0.4, Unit: "MP"})
			old, nw := ms[0].Results[1], ms[0].Results[1]
			old.Tricks--
			ev.Corrections = append(ev.Corrections,
				event.Correction{At: at("2026-06-09T23:00:00+10:00"), By: "Ann", Why: "one more trick", Source: event.PlayerError, Round: 1, Table: 1,
					Board: old.Board, Old: &old, New: &nw, Deadline: &deadline, Window: "NSWBA 13, players' errors", Override: "TD Ross", LostPlaces: []int{3}},
				event.Correction{At: at("2026-06-10T09:00:00+10:00"), By: "Scorer", Why: "keyed wrong", Source: event.ScorerError, Round: 1, Table: 2,
					Board: nw.Board, Old: &nw, New: &nw})
			ev.Postings[0].Qualified = []int{6, 2}
		}, []string{`"form": 1`, `"turned": true`, `"ew_score": -90`, `"weighted"`, `"award": "A+/A-"`, `"appeal": "pending"`,
			`"kind": "other"`, `"warning": true`, `"event": "Last month's pairs"`, `"lost_places"`, `"source": "scorer"`, `"qualified"`}},
		{"teams: unplayed, closed room, appeal, VP and IMP fines, margin and closed-room corrections", "teams", func(ev *event.Event) {
			m := &ev.Rounds()[0].Matches[0]
			m.Results[2] = event.Result{Board: m.Results[2].Board, Unplayed: true} // NSWBA 13.10
			m.Closed[2] = event.Result{Board: m.Closed[2].Board, Unplayed: true}
			m.Closed[0].Appeal = event.AppealDecided
			ev.Offences = append(ev.Offences,
				event.Offence{Kind: event.SlowPlay, At: at("2026-06-13T11:00:00+10:00"), Event: ev.Name, Session: 1, Round: 1, Table: 2, Entrant: 4,
					Players: players("Hal", "Ian"), Number: 2, Penalty: regulation.Penalty{VP: 1, TopPercent: 25}, Fine: 0.67, Unit: "VP", Director: "TD Lee"},
				event.Offence{Kind: event.Late, At: at("2026-06-13T10:08:00+10:00"), Event: ev.Name, Session: 1, Entrant: 1,
					Players: players("Jo", "Kim"), Minutes: 8, Number: 1, Penalty: regulation.Penalty{VP: 1, TopPercent: 25}, Fine: 3, Unit: "IMPs", CarryOver: true})
			oldIMPs, newIMPs := 3.0, 5.0
			ev.Corrections = append(ev.Corrections,
				event.Correction{At: at("2026-06-13T12:00:00+10:00"), By: "TD Lee", Why: "margin keyed wrong", Source: event.ScorerError, Round: 1, Table: 2,
					OldIMPs: &oldIMPs, NewIMPs: &newIMPs},
				event.Correction{At: at("2026-06-13T12:05:00+10:00"), By: "TD Lee", Why: "appeal decided", Source: event.AppealDecision, Round: 1, Table: 1,
					Board: m.Closed[0].Board, Room: event.RoomClosed, Old: &m.Closed[0], New: &m.Closed[0], Appeal: event.AppealDecided})
		}, []string{`"unplayed": true`, `"appeal": "decided"`, `"unit": "IMPs"`, `"carry_over": true`, `"new_imps": 5`, `"room": "closed"`, `"source": "appeal"`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ctx := t.Context()
			s := storetest.Open(t, bk)
			ev := readV1(t, c.file)
			c.edit(ev)
			// Through package event's writer and reader: a file it holds.
			var buf bytes.Buffer
			if err := ev.Write(&buf); err != nil {
				t.Fatal(err)
			}
			orig, err := event.Read(bytes.NewReader(buf.Bytes()), c.file)
			if err != nil {
				t.Fatal(err)
			}
			n := 0
			for _, rd := range orig.Rounds() {
				for _, m := range rd.Matches {
					for _, b := range append(append([]int{}, rd.Boards...), m.Boards...) {
						n = max(n, b)
					}
				}
			}
			boards, err := deal.Seeded(11).Boards(1, n)
			if err != nil {
				t.Fatal(err)
			}
			roundTrip := func(ev *event.Event) (*event.Event, []byte) {
				t.Helper()
				id, err := s.ImportEvent(ctx, ev, boards)
				if err != nil {
					t.Fatal(err)
				}
				back, err := s.EventFile(ctx, id)
				if err != nil {
					t.Fatal(err)
				}
				var out bytes.Buffer
				if err := back.Write(&out); err != nil {
					t.Fatal(err)
				}
				return back, out.Bytes()
			}
			back, first := roundTrip(orig)
			for _, h := range c.holds {
				if !bytes.Contains(first, []byte(h)) {
					t.Errorf("the export does not hold %s", h)
				}
			}
			sameJSON(t, "results with their marks", allResults(back), allResults(orig))
			sameJSON(t, "offences", back.Offences, orig.Offences)
			sameJSON(t, "corrections", back.Corrections, orig.Corrections)
			posts := append([]event.Posting(nil), orig.Postings...)
			for i := range posts {
				posts[i].At = posts[i].At.UTC() // the store keeps times in UTC
			}
			sameJSON(t, "postings", back.Postings, posts)
			again, err := event.Read(bytes.NewReader(first), "export")
			if err != nil {
				t.Fatal(err)
			}
			if _, second := roundTrip(again); !bytes.Equal(first, second) {
				t.Errorf("export → import → export differs:\n%s\nwant\n%s", second, first)
			}
			want, err := orig.Report()
			if err != nil {
				t.Fatal(err)
			}
			got, err := back.Report()
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got.Standings, want.Standings) {
				t.Errorf("Report on the export:\n%+v\nwant (on the file)\n%+v", got.Standings, want.Standings)
			}
		})
	}
}

func ptr[T any](v T) *T { return &v }
