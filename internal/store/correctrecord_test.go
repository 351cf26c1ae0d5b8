package store_test

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/deal"
	"github.com/bridgetd/bridgetd/event"
	"github.com/bridgetd/bridgetd/internal/store"
	"github.com/bridgetd/bridgetd/internal/store/storetest"
)

// TestCorrectionsKeepSourceAndDeadline: a correction made here is
// exported with the source of the error the director named and the
// deadline of the NSWBA 13 window that applied (players' errors: 30
// minutes after posting), and a fouled form set by a correction (Law 87)
// with the form on its results; export → import → export gives the same
// bytes.
func TestCorrectionsKeepSourceAndDeadline(t *testing.T) {
	storetest.Run(t, testCorrectionsKeepSourceAndDeadline)
}

func testCorrectionsKeepSourceAndDeadline(t *testing.T, bk storetest.Backend) {
	s, id, c := newEvent(t, bk)
	ctx := t.Context()
	for r := 1; r <= 3; r++ {
		playRound(t, s, id, r, 9)
	}
	if err := s.PostSession(ctx, id, 1); err != nil {
		t.Fatal(err)
	}
	posted := c.t
	c.t = c.t.Add(10 * time.Minute)
	e := entry(1, "4S", bridge.South, 10)
	if _, err := s.Correct(ctx, id, store.Correction{Key: store.Key{Round: 1, Table: 1, Board: 1}, Entry: &e, By: "TD", Why: "wrong declarer", Source: "player"}); err != nil {
		t.Fatal(err)
	}
	e2 := entry(2, "3NT", bridge.North, 8)
	if _, err := s.Correct(ctx, id, store.Correction{Key: store.Key{Round: 1, Table: 1, Board: 2}, Entry: &e2, By: "Scorer", Why: "keyed wrong", Source: "scorer"}); err != nil {
		t.Fatal(err)
	}
	form := 1
	if _, err := s.Correct(ctx, id, store.Correction{Key: store.Key{Round: 1, Table: 2, Board: 4}, Form: &form, By: "TD", Why: "fouled board (Law 87)", Source: "player"}); err != nil {
		t.Fatal(err)
	}
	ev, err := s.EventFile(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if len(ev.Corrections) != 3 {
		t.Fatalf("%d corrections in the file, want 3: %+v", len(ev.Corrections), ev.Corrections)
	}
	// NSWBA 13: a players' error may be corrected up to 30 minutes after
	// the session's scores are posted.
	want := posted.Add(30 * time.Minute)
	for i, x := range ev.Corrections {
		src := event.PlayerError
		if i == 1 {
			src = event.ScorerError
		}
		if x.Source != src || x.Deadline == nil || (src == event.PlayerError && !x.Deadline.Equal(want)) || x.Deadline.Before(posted) {
			t.Errorf("correction %d: source %q deadline %v, want %q with its window's deadline (players': %v)", i, x.Source, x.Deadline, src, want)
		}
	}
	if f := ev.Corrections[2]; f.Old == nil || f.New == nil || f.Old.Form != 0 || f.New.Form != 1 || f.New.Score != f.Old.Score {
		t.Errorf("form correction %+v, want the result kept, form 0 → 1", f)
	}
	_, _, m, err := ev.Match(1, 2)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range m.Results {
		if r.Board == 4 && r.Form != 1 {
			t.Errorf("board 4 at table 2 round 1: form %d, want 1 (Law 87)", r.Form)
		}
	}
	write := func(ev *event.Event) []byte {
		var b bytes.Buffer
		if err := ev.Write(&b); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	first := write(ev)
	read, err := event.Read(bytes.NewReader(first), "export.json")
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
	back, err := s.EventFile(ctx, id2)
	if err != nil {
		t.Fatal(err)
	}
	back.Name = ev.Name
	if second := write(back); !bytes.Equal(first, second) {
		t.Errorf("export → import → export differs:\n%s\n----\n%s", first, second)
	}
}

// TestAcceptHeldOneTransaction: letting a held score stand (Law 15B2) is
// the correction and the answer to the call together: when the answer
// fails (the call answered meanwhile), the correction is not made either.
func TestAcceptHeldOneTransaction(t *testing.T) { storetest.Run(t, testAcceptHeldOneTransaction) }

func testAcceptHeldOneTransaction(t *testing.T, bk storetest.Backend) {
	s, id, _ := newEvent(t, bk)
	ctx := t.Context()
	if err := s.StartRound(ctx, id, 1); err != nil {
		t.Fatal(err)
	}
	tc1, tc2 := code(t, s, id, 1), code(t, s, id, 2)
	st2, err := s.Table(ctx, tc2)
	if err != nil {
		t.Fatal(err)
	}
	wrong := st2.Assignment.Boards[0] // table 2's board, played at table 1
	e := entry(wrong, "3NT", bridge.North, 9)
	e.WrongBoard = true
	if r, err := s.Enter(ctx, "held", tc1, e); err != nil || r.Status != store.Held {
		t.Fatalf("wrong board: %+v %v, want held", r, err)
	}
	calls, err := s.Calls(ctx, id)
	if err != nil || len(calls) != 1 {
		t.Fatalf("calls %+v %v", calls, err)
	}
	state := func() string {
		rs, _ := s.Results(ctx, id)
		cs, _ := s.Corrections(ctx, id)
		ca, _ := s.Calls(ctx, id)
		j, err := json.Marshal([]any{rs, cs, ca})
		if err != nil {
			t.Fatal(err)
		}
		return string(j)
	}
	before := state()
	// The call is answered inside the transaction just before AcceptHeld
	// answers it: its answer fails, and the correction goes with it.
	store.SetSettleHook(s, func(ctx context.Context, tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `UPDATE director_calls SET answered_at = '2026-05-02T19:31:00Z', outcome = 'other' WHERE id = $1`, calls[0].ID)
		return err
	})
	k := store.Key{Round: 1, Table: 2, Board: wrong}
	if _, err := s.AcceptHeld(ctx, id, calls[0].ID, k, "TD", "", ""); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("accept with the call answered meanwhile: %v, want ErrConflict", err)
	}
	if after := state(); after != before {
		t.Errorf("a failed accept changed the store:\n%s\n----\n%s", before, after)
	}
	// Without the failure both are made.
	store.SetSettleHook(s, nil)
	if _, err := s.AcceptHeld(ctx, id, calls[0].ID, k, "TD", "", ""); err != nil {
		t.Fatal(err)
	}
	rs, _ := s.BoardResults(ctx, id, wrong)
	cs, _ := s.Corrections(ctx, id)
	ca, _ := s.Calls(ctx, id)
	if len(rs) != 1 || rs[0].Table != 2 || len(cs) != 1 || ca[0].Answered == nil || ca[0].Outcome != store.HeldAccepted {
		t.Errorf("after accepting: results %+v, corrections %d, call %+v", rs, len(cs), ca[0])
	}
}
