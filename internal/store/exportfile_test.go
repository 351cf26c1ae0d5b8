package store_test

import (
	"bytes"
	"fmt"
	"github.com/bridgetd/bridgetd/internal/store"
	"github.com/bridgetd/bridgetd/internal/store/storetest"
	"math"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/bridgetd/bridgetd/deal"
	"github.com/bridgetd/bridgetd/event"
	"github.com/bridgetd/bridgetd/pbn"
)

// TestRulingsRoundTrip: every kind of ruling is carried by the event file
// (bridgetd-event/1) and by the PBN export, and comes back whole when the
// event file is imported (ImportEvent) and the PBN read (store.PBNRulings).
func TestRulingsRoundTrip(t *testing.T) { storetest.Run(t, testRulingsRoundTrip) }

func testRulingsRoundTrip(t *testing.T, bk storetest.Backend) {
	cases := []struct {
		name  string
		ru    store.Ruling
		check func(r event.Result) bool // the event file's result
	}{
		{"assigned, Law 12C1(a)", store.Ruling{Kind: store.RulingAssigned, NSScore: 420, Law: "12C1(a)"},
			func(r event.Result) bool { return r.Contract == nil && r.Score == 420 && !r.Adjusted() }},
		{"split, Law 12C1(b)", store.Ruling{Kind: store.RulingSplit, NSScore: 420, EWScore: -50, Law: "12C1(b)"},
			func(r event.Result) bool { return r.Score == 420 && r.EWScore != nil && *r.EWScore == -50 }},
		{"weighted, Law 12C1(c)", store.Ruling{Kind: store.RulingWeighted, Outcomes: []store.Outcome{{420, 0.6}, {-50, 0.4}}, Law: "12C1(c)"},
			func(r event.Result) bool {
				return reflect.DeepEqual(r.Weighted, []event.Outcome{{Score: 420, Weight: 0.6}, {Score: -50, Weight: 0.4}})
			}},
		{"artificial, Law 12C2", store.Ruling{Kind: store.RulingArtificial, NSAward: "A+", EWAward: "A-", Law: "12C2"},
			func(r event.Result) bool { return r.Award == "A+/A-" }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s, id, _ := newEvent(t, bk)
			ctx := t.Context()
			playRound(t, s, id, 1, 9)
			ru := c.ru
			ru.Key, ru.Director, ru.Why = store.Key{Round: 1, Table: 1, Board: 1}, "TD Lee", "misinformation {see notes}"
			if _, err := s.AddRuling(ctx, id, ru); err != nil {
				t.Fatal(err)
			}
			ev, err := s.EventFile(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			_, _, m, err := ev.Match(1, 1)
			if err != nil {
				t.Fatal(err)
			}
			var got *event.Result
			for i := range m.Results {
				if m.Results[i].Board == 1 {
					got = &m.Results[i]
				}
			}
			if got == nil || !c.check(*got) {
				t.Fatalf("event file's board 1 at table 1: %+v", got)
			}
			// Through the file and back into a new event.
			var buf bytes.Buffer
			if err := ev.Write(&buf); err != nil {
				t.Fatal(err)
			}
			read, err := event.Read(&buf, "export.json")
			if err != nil {
				t.Fatal(err)
			}
			boards, err := deal.Seeded(7).Boards(1, 9)
			if err != nil {
				t.Fatal(err)
			}
			id2, err := s.ImportEvent(ctx, read, boards)
			if err != nil {
				t.Fatal(err)
			}
			rs, err := s.Rulings(ctx, id2)
			if err != nil {
				t.Fatal(err)
			}
			if len(rs) != 1 || rs[0].Key != ru.Key || rs[0].Kind != ru.Kind || rs[0].NSScore != ru.NSScore || rs[0].EWScore != ru.EWScore ||
				!reflect.DeepEqual(rs[0].Outcomes, ru.Outcomes) || rs[0].NSAward != ru.NSAward || rs[0].EWAward != ru.EWAward {
				t.Errorf("imported rulings %+v, want %+v", rs, ru)
			}
			// The imported event is the same event: its file ranks alike.
			again, err := s.EventFile(ctx, id2)
			if err != nil {
				t.Fatal(err)
			}
			r1, err := ev.Report()
			if err != nil {
				t.Fatal(err)
			}
			r2, err := again.Report()
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(r1.Standings, r2.Standings) {
				t.Errorf("ranking after import:\n%+v\nwant\n%+v", r2.Standings, r1.Standings)
			}
			// PBN: the ruling is written whole in a comment and read back.
			f, err := s.PBN(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			var text strings.Builder
			if err := f.Format(&text); err != nil {
				t.Fatal(err)
			}
			back, err := pbn.Parse([]byte(text.String()))
			if err != nil {
				t.Fatal(err)
			}
			prs, err := store.PBNRulings(back)
			if err != nil {
				t.Fatal(err)
			}
			want := ru
			want.ID, want.At = 0, prs[0].At
			if len(prs) != 1 || !reflect.DeepEqual(prs[0], want) {
				t.Errorf("PBN rulings %+v, want %+v", prs, want)
			}
		})
	}
}

// TestImportRefuses: what the store cannot hold is refused with an error
// that names it, and nothing is stored: a round whose boards have no deal
// (the event file holds none; they come with it as PBN).
func TestImportRefuses(t *testing.T) { storetest.Run(t, testImportRefuses) }

func testImportRefuses(t *testing.T, bk storetest.Backend) {
	s, id, _ := newEvent(t, bk)
	ctx := t.Context()
	playRound(t, s, id, 1, 9)
	ev, err := s.EventFile(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	boards, _ := deal.Seeded(7).Boards(1, 9)
	before, _ := s.Events(ctx)
	if _, err := s.ImportEvent(ctx, ev, boards[3:]); err == nil || !strings.Contains(err.Error(), "of round 1 has no deal") {
		t.Fatalf("import without the deals of round 1: %v, want an error naming the board of round 1", err)
	}
	after, _ := s.Events(ctx)
	if len(after) != len(before) {
		t.Errorf("%d events after a refused import, want %d", len(after), len(before))
	}
}

// FuzzRulingComment: a PBN comment never panics the reader, and a ruling
// it reads is written back to the same ruling.
func FuzzRulingComment(f *testing.F) {
	f.Add(store.RulingComment(store.Ruling{Key: store.Key{1, 2, 3}, Kind: store.RulingWeighted, Outcomes: []store.Outcome{{420, 0.5}, {-50, 0.5}}, Director: "TD"}))
	f.Add(store.RulingComment(store.Ruling{Key: store.Key{1, 2, 3}, Kind: store.RulingSplit, NSScore: 100, EWScore: -100}))
	f.Add("bridgetd-ruling round=1&table=1&board=1&kind=artificial&ns_award=60&ew_award=A-")
	f.Add("bridgetd-ruling %zz")
	f.Fuzz(func(t *testing.T, text string) {
		r, ok, err := store.ParseRulingComment(text)
		if !ok || err != nil {
			return
		}
		r2, ok2, err2 := store.ParseRulingComment(store.RulingComment(r))
		if !ok2 || err2 != nil || !reflect.DeepEqual(r, r2) {
			t.Fatalf("%q read as %+v, written and read again as %+v (%v)", text, r, r2, err2)
		}
	})
}

// TestImportPosted: an event file whose session is posted comes in posted,
// with its postings (NSWBA 13 windows run from them) and no table codes
// (they expire with the session), its fines kept (NSWBA 7).
func TestImportPosted(t *testing.T) { storetest.Run(t, testImportPosted) }

func testImportPosted(t *testing.T, bk storetest.Backend) {
	s, id, c := newEvent(t, bk)
	ctx := t.Context()
	playRound(t, s, id, 1, 9)
	if _, err := s.AddFine(ctx, id, store.Fine{Entrant: 3, Amount: 25, Kind: string(event.Late), Director: "TD"}); err != nil {
		t.Fatal(err)
	}
	if err := s.PostSession(ctx, id, 1); err != nil {
		t.Fatal(err)
	}
	ev, err := s.EventFile(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	boards, _ := deal.Seeded(7).Boards(1, 9)
	id2, err := s.ImportEvent(ctx, ev, boards)
	if err != nil {
		t.Fatal(err)
	}
	ss, err := s.Sessions(ctx, id2)
	if err != nil {
		t.Fatal(err)
	}
	if len(ss) != 1 || ss[0].Posted == nil || !ss[0].Posted.Equal(c.t) || len(ss[0].Postings) != 1 {
		t.Errorf("imported sessions %+v, want session 1 posted at %v once", ss, c.t)
	}
	if cs, _ := s.Codes(ctx, id2); len(cs) != 0 {
		t.Errorf("%d table codes for a posted session, want none", len(cs))
	}
	fs, _ := s.Fines(ctx, id2)
	if len(fs) != 1 || fs[0].Entrant != 3 || math.Abs(fs[0].Amount-25) > 1e-9 {
		t.Errorf("imported fines %+v, want pair 3 fined 25%% of a top", fs)
	}
	again, err := s.EventFile(ctx, id2)
	if err != nil {
		t.Fatal(err)
	}
	r1, _ := ev.Report()
	r2, _ := again.Report()
	if !reflect.DeepEqual(r1.Standings, r2.Standings) {
		t.Errorf("ranking after import:\n%+v\nwant\n%+v", r2.Standings, r1.Standings)
	}
}

// TestPostNextSession: session 0 posts the first session not posted yet
// (NSWBA 13: the correction windows run from each session's posting), then
// the last again.
func TestPostNextSession(t *testing.T) { storetest.Run(t, testPostNextSession) }

func testPostNextSession(t *testing.T, bk storetest.Backend) {
	s, _, c := newEvent(t, bk)
	ctx := t.Context()
	ev := event.New("Two sessions", event.MatchpointPairs, event.Matchpoints)
	for i := 1; i <= 2; i++ {
		if _, err := ev.AddEntrant(event.Entrant{ID: i, Name: fmt.Sprint(i)}); err != nil {
			t.Fatal(err)
		}
	}
	for i := range 2 {
		if _, err := ev.AddSession(c.t.Add(time.Duration(i)*time.Hour), 1); err != nil {
			t.Fatal(err)
		}
	}
	for _, session := range []int{1, 2} {
		if _, err := ev.AddRound(session, []event.Pairing{{NS: 1, EW: 2}}, []int{session}, c.t); err != nil {
			t.Fatal(err)
		}
	}
	boards, _ := deal.Seeded(7).Boards(1, 2)
	id, err := s.ImportEvent(ctx, ev, boards)
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range [][]int{{1}, {1, 2}, {1, 2, 2}} {
		c.t = c.t.Add(time.Minute)
		if err := s.PostSession(ctx, id, 0); err != nil {
			t.Fatal(err)
		}
		ss, _ := s.Sessions(ctx, id)
		var got []int
		for _, se := range ss {
			for range se.Postings {
				got = append(got, se.Number)
			}
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("after posting %d: postings of sessions %v, want %v", i+1, got, want)
		}
	}
}
