package store

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/deal"
	"github.com/bridgetd/bridgetd/event"
	"github.com/bridgetd/bridgetd/movement"
	"github.com/bridgetd/bridgetd/pbn"
	"github.com/bridgetd/bridgetd/score"
)

// clock is a settable test clock.
type clock struct{ t time.Time }

func (c *clock) now() time.Time { return c.t }

// newEvent opens a fresh database with a 3-table Mitchell of 3 boards a
// round (9 boards, seeded deals) and returns the store, the event and its
// clock.
func newEvent(t *testing.T) (*Store, int64, *clock) {
	t.Helper()
	ctx := t.Context()
	s, err := Open(ctx, filepath.Join(t.TempDir(), "t.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	c := &clock{time.Date(2026, 5, 2, 19, 30, 0, 0, time.UTC)}
	s.SetClock(c.now)
	mv, err := movement.NewMitchell(movement.MitchellOptions{Tables: 3, PerSet: 3})
	if err != nil {
		t.Fatal(err)
	}
	boards, err := deal.Seeded(7).Boards(1, mv.TotalBoards())
	if err != nil {
		t.Fatal(err)
	}
	id, err := s.CreateEvent(ctx, Setup{Name: "Club pairs", Movement: mv, Boards: boards, Start: c.t})
	if err != nil {
		t.Fatal(err)
	}
	return s, id, c
}

func code(t *testing.T, s *Store, id int64, table int) TableCode {
	t.Helper()
	cs, err := s.Codes(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cs {
		if c.Table == table {
			tc, err := s.TableByCode(t.Context(), c.Code)
			if err != nil {
				t.Fatal(err)
			}
			return tc
		}
	}
	t.Fatalf("no code for table %d", table)
	return TableCode{}
}

func entry(board int, c string, decl bridge.Seat, tricks int) Entry {
	k, err := bridge.ParseContract(c)
	if err != nil {
		panic(err)
	}
	return Entry{Board: board, Contract: k, Declarer: decl, Tricks: tricks}
}

func TestMigrationsApplyOnce(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "m.db")
	names, err := fs.Glob(migrations, "migrations/*.sql")
	if err != nil || len(names) == 0 {
		t.Fatal(names, err)
	}
	slices.Sort(names)
	want, _ := strconv.Atoi(strings.SplitN(strings.TrimPrefix(names[len(names)-1], "migrations/"), "_", 2)[0])
	for range 2 {
		s, err := Open(t.Context(), path)
		if err != nil {
			t.Fatal(err)
		}
		v, err := s.Version(t.Context())
		if err != nil || v != want {
			t.Errorf("Version = %d, %v; want %d, the last migration's", v, err, want)
		}
		s.Close()
	}
}

func TestEnterConfirmIdempotent(t *testing.T) {
	s, id, _ := newEvent(t)
	ctx := t.Context()
	tc := code(t, s, id, 1)
	if _, err := s.Enter(ctx, "k0", tc, entry(1, "4S", bridge.North, 10)); !errors.Is(err, ErrClosed) {
		t.Fatalf("Enter before the round starts: %v, want ErrClosed", err)
	}
	if err := s.StartRound(ctx, id, 1); err != nil {
		t.Fatal(err)
	}
	st, err := s.Table(ctx, tc)
	if err != nil {
		t.Fatal(err)
	}
	b := st.Assignment.Boards[0]
	r1, err := s.Enter(ctx, "k1", tc, entry(b, "4S", bridge.North, 10))
	if err != nil {
		t.Fatal(err)
	}
	// Law 77: 4♠ making, 420 not vulnerable or 620 vulnerable.
	want := bridge.Score(r1Contract(t, "4S"), bridge.North, 10, deal.NewBoard(bridge.Board(b), bridge.Deal{}).Vulnerability)
	if r1.Score != want || r1.Status != Entered {
		t.Errorf("Enter = %d %s, want %d entered", r1.Score, r1.Status, want)
	}
	// A retry with the same key changes nothing and answers the same.
	r2, err := s.Enter(ctx, "k1", tc, entry(b, "3NT", bridge.South, 9))
	if err != nil || r2.Contract != r1.Contract || r2.Score != r1.Score {
		t.Errorf("retry = %+v, %v; want the first answer %+v", r2, err, r1)
	}
	all, _ := s.Results(ctx, id)
	if len(all) != 1 || all[0].Contract != "4♠" {
		t.Fatalf("results after retry = %+v, want one 4♠", all)
	}
	// East–West reject: back to North–South, who enter again.
	if r, err := s.Confirm(ctx, "k2", tc, b, false); err != nil || r.Status != Rejected {
		t.Fatalf("reject = %+v, %v", r, err)
	}
	if _, err := s.Confirm(ctx, "k3", tc, b, true); !errors.Is(err, ErrConflict) {
		t.Errorf("confirm of a rejected entry: %v, want ErrConflict", err)
	}
	if _, err := s.Enter(ctx, "k4", tc, entry(b, "4S", bridge.North, 9)); err != nil {
		t.Fatal(err)
	}
	if r, err := s.Confirm(ctx, "k5", tc, b, true); err != nil || r.Status != Confirmed {
		t.Fatalf("confirm = %+v, %v", r, err)
	}
	if _, err := s.Enter(ctx, "k6", tc, entry(b, "4S", bridge.North, 11)); !errors.Is(err, ErrConflict) {
		t.Errorf("entry over a confirmed result: %v, want ErrConflict", err)
	}
	// A key used by another table is refused, not answered.
	if _, err := s.Enter(ctx, "k5", code(t, s, id, 2), entry(b, "4S", bridge.North, 11)); !errors.Is(err, ErrConflict) {
		t.Errorf("key of another table: %v, want ErrConflict", err)
	}
}

func r1Contract(t *testing.T, s string) bridge.Contract {
	c, err := bridge.ParseContract(s)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestEnterRefusesBadInput(t *testing.T) {
	s, id, _ := newEvent(t)
	ctx := t.Context()
	if err := s.StartRound(ctx, id, 1); err != nil {
		t.Fatal(err)
	}
	tc := code(t, s, id, 1)
	st, _ := s.Table(ctx, tc)
	b := st.Assignment.Boards[0]
	other := 0
	for n := 1; n <= 9; n++ {
		if !st.Assignment.Plays(n) {
			other = n
			break
		}
	}
	cases := []struct {
		name string
		e    Entry
		want error
	}{
		{"14 tricks (Law 77: thirteen tricks)", entry(b, "4S", bridge.North, 14), ErrInvalid},
		{"negative tricks", entry(b, "4S", bridge.North, -1), ErrInvalid},
		{"board not in the round", entry(other, "4S", bridge.North, 10), ErrInvalid},
		{"board out of range", entry(99, "4S", bridge.North, 10), ErrInvalid},
		{"board 0", entry(0, "4S", bridge.North, 10), ErrInvalid},
		{"no declarer seat", Entry{Board: b, Contract: r1Contract(t, "4S"), Declarer: 9, Tricks: 10}, ErrInvalid},
	}
	for i, c := range cases {
		if _, err := s.Enter(ctx, fmt.Sprint("bad", i), tc, c.e); !errors.Is(err, c.want) {
			t.Errorf("%s: %v, want %v", c.name, err, c.want)
		}
	}
	if _, err := s.Enter(ctx, "", tc, entry(b, "4S", bridge.North, 10)); !errors.Is(err, ErrInvalid) {
		t.Errorf("no key: %v, want ErrInvalid", err)
	}
	if all, _ := s.Results(ctx, id); len(all) != 0 {
		t.Errorf("bad entries left results: %+v", all)
	}
}

func TestWarnings(t *testing.T) {
	s, id, _ := newEvent(t)
	bs, err := s.Boards(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	b := bs[0]
	a := Assignment{Boards: []int{1, 2, 3}}
	// Law 54A: declarer's left-hand opponent leads, East against North; a
	// card that North holds is not East's.
	var northCard bridge.Card
	for _, c := range b.Deal[bridge.North].Cards() {
		northCard = c
		break
	}
	e := entry(1, "3NT", bridge.North, 9)
	e.Lead, e.HasLead = northCard, true
	if w := Warnings(e, b, a); len(w) != 1 {
		t.Errorf("lead not held by East: warnings %q, want one", w)
	}
	e.Lead = b.Deal[bridge.East].Cards()[0]
	if w := Warnings(e, b, a); len(w) != 0 {
		t.Errorf("East's own card: warnings %q, want none", w)
	}
	if w := Warnings(entry(5, "3NT", bridge.North, 9), b, a); len(w) != 1 {
		t.Errorf("board not in the round: warnings %q, want one", w)
	}
}

func playRound(t *testing.T, s *Store, id int64, round int, tricks int) {
	t.Helper()
	ctx := t.Context()
	if err := s.StartRound(ctx, id, round); err != nil {
		t.Fatal(err)
	}
	for table := 1; table <= 3; table++ {
		tc := code(t, s, id, table)
		st, err := s.Table(ctx, tc)
		if err != nil {
			t.Fatal(err)
		}
		if st.Assignment.Round != round {
			t.Fatalf("table %d in round %d, want %d", table, st.Assignment.Round, round)
		}
		for _, b := range st.Assignment.Boards {
			key := fmt.Sprintf("r%dt%db%d", round, table, b)
			if _, err := s.Enter(ctx, key+"e", tc, entry(b, "3NT", bridge.North, tricks+table%2)); err != nil {
				t.Fatal(err)
			}
			if _, err := s.Confirm(ctx, key+"c", tc, b, true); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := s.CloseRound(ctx, id, round); err != nil {
		t.Fatal(err)
	}
}

func TestVisibleOnlyWhenAllPlayed(t *testing.T) {
	s, id, _ := newEvent(t)
	ctx := t.Context()
	playRound(t, s, id, 1, 9)
	// After round 1 each board was played once; two tables still play it.
	for b := 1; b <= 9; b++ {
		if v, err := s.Visible(ctx, id, b); err != nil || v {
			t.Errorf("board %d visible after round 1: %v %v", b, v, err)
		}
	}
	playRound(t, s, id, 2, 8)
	playRound(t, s, id, 3, 10)
	for b := 1; b <= 9; b++ {
		if v, err := s.Visible(ctx, id, b); err != nil || !v {
			t.Errorf("board %d not visible after every table played it: %v %v", b, v, err)
		}
	}
}

func TestExportsScoreAlike(t *testing.T) {
	s, id, _ := newEvent(t)
	ctx := t.Context()
	for r := 1; r <= 3; r++ {
		playRound(t, s, id, r, 8+r)
	}
	if _, err := s.AddRuling(ctx, id, Ruling{Key: Key{Round: 1, Table: 2, Board: 4}, Kind: RulingAssigned, NSScore: -100, Director: "TD", Why: "Law 23"}); err != nil {
		t.Fatal(err)
	}
	// The event file validates and reads back (bridgetd-event/1).
	var buf bytes.Buffer
	if err := s.WriteEventFile(ctx, id, &buf); err != nil {
		t.Fatal(err)
	}
	ev, err := event.Read(&buf, "export.json")
	if err != nil {
		t.Fatalf("event file does not read back: %v", err)
	}
	if got := len(ev.Rounds()); got != 3 {
		t.Errorf("event file has %d rounds, want 3", got)
	}
	// The PBN export parses and scores like the travellers.
	f, err := s.PBN(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	var pb bytes.Buffer
	if err := f.Encode(&pb); err != nil {
		t.Fatal(err)
	}
	back, err := pbn.Parse(pb.Bytes())
	if err != nil {
		t.Fatalf("PBN export does not parse: %v\n%s", err, pb.String())
	}
	if len(back.Games) != 9 {
		t.Errorf("PBN export has %d games, want 9", len(back.Games))
	}
	trav, err := s.Travellers(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	sh, err := score.Event(trav, score.Options{Method: score.MatchpointScoring, MP: score.MPOptions{Neuberg: true}})
	if err != nil {
		t.Fatal(err)
	}
	if len(sh.Totals) != 6 {
		t.Errorf("%d pairs ranked, want 6", len(sh.Totals))
	}
	for _, b := range trav {
		if len(b.Results) != 3 {
			t.Errorf("board %d has %d rows, want 3", b.Number, len(b.Results))
		}
	}
}

func TestCorrectionWindows(t *testing.T) {
	s, id, c := newEvent(t)
	ctx := t.Context()
	for r := 1; r <= 3; r++ {
		playRound(t, s, id, r, 9)
	}
	if err := s.PostSession(ctx, id, 1); err != nil {
		t.Fatal(err)
	}
	fix := func(by, override string) error {
		e := entry(1, "4S", bridge.South, 10)
		_, err := s.Correct(ctx, id, Correction{Key: Key{Round: 1, Table: 1, Board: 1}, Entry: &e, By: by, Why: "wrong declarer", Override: override})
		return err
	}
	// NSWBA 13: players' errors within 30 minutes of posting.
	c.t = c.t.Add(20 * time.Minute)
	if err := fix("TD", ""); err != nil {
		t.Fatalf("correction inside the window: %v", err)
	}
	c.t = c.t.Add(20 * time.Minute)
	err := fix("TD", "")
	var late *event.LateError
	if !errors.As(err, &late) || !IsLate(err) {
		t.Fatalf("correction after the window: %v, want a LateError", err)
	}
	if err := fix("TD", "Chief TD"); err != nil {
		t.Fatalf("overridden late correction: %v", err)
	}
	cs, _ := s.Corrections(ctx, id)
	if len(cs) != 2 || cs[1].Override != "Chief TD" || cs[0].Old == nil || cs[0].Window == "" {
		t.Errorf("corrections = %+v, want two, the second overridden", cs)
	}
	// The session is posted: its table codes have expired.
	cds, _ := s.Codes(ctx, id)
	if _, err := s.TableByCode(ctx, cds[0].Code); !errors.Is(err, ErrClosed) {
		t.Errorf("code after posting: %v, want ErrClosed", err)
	}
}

func TestRulingsAndFinesChecked(t *testing.T) {
	s, id, _ := newEvent(t)
	ctx := t.Context()
	bad := []Ruling{
		{Key: Key{1, 1, 1}, Kind: RulingWeighted, Outcomes: []Outcome{{420, 0.5}, {-50, 0.4}}, Director: "TD"}, // Law 12C1(c): weights add to 1
		{Key: Key{1, 1, 1}, Kind: "fouled", Director: "TD"},
		{Key: Key{1, 1, 9}, Kind: RulingAssigned, Director: "TD"}, // board not at that table
		{Key: Key{1, 1, 1}, Kind: RulingArtificial, NSAward: "A++", EWAward: "A", Director: "TD"},
		{Key: Key{1, 1, 1}, Kind: RulingAssigned},
		{Key: Key{1, 1, 1}, Kind: RulingWeighted, Outcomes: []Outcome{{420, math.NaN()}, {-50, 0.4}}, Director: "TD"},
		{Key: Key{1, 1, 1}, Kind: RulingArtificial, NSAward: "NaN", EWAward: "A", Director: "TD"},
	}
	for i, r := range bad {
		if _, err := s.AddRuling(ctx, id, r); !errors.Is(err, ErrInvalid) {
			t.Errorf("bad ruling %d: %v, want ErrInvalid", i, err)
		}
	}
	if _, err := s.AddFine(ctx, id, Fine{Entrant: 77, Amount: 25, Kind: "late", Director: "TD"}); !errors.Is(err, ErrNotFound) {
		t.Errorf("fine on an unknown pair: %v", err)
	}
	if _, err := s.AddFine(ctx, id, Fine{Entrant: 1, Amount: math.NaN(), Kind: "late", Director: "TD"}); !errors.Is(err, ErrInvalid) {
		t.Errorf("fine of NaN: %v", err)
	}
	if _, err := s.AddFine(ctx, id, Fine{Entrant: 1, Amount: 25, Kind: "speeding", Director: "TD"}); !errors.Is(err, ErrInvalid) {
		t.Errorf("fine of an unknown kind: %v", err)
	}
	if _, err := s.AddFine(ctx, id, Fine{Entrant: 1, Amount: 25, Kind: "slow-play", Director: "TD"}); err != nil {
		t.Errorf("fine: %v", err)
	}
	if rs, _ := s.Rulings(ctx, id); len(rs) != 0 {
		t.Errorf("bad rulings stored: %+v", rs)
	}
}
