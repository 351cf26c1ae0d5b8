package store_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/internal/store"
	"github.com/bridgetd/bridgetd/internal/store/storetest"
)

// TestCurrentRoundWithRoundsOpenTogether: with two rounds open at once, a
// table's current round is the first with a board not yet confirmed; it
// moves on only when East–West have confirmed the last board of it, other
// tables' results do not move it, and when every board is confirmed it is
// the last open round, done. Writes are checked against that round only.
func TestCurrentRoundWithRoundsOpenTogether(t *testing.T) {
	storetest.Run(t, testCurrentRoundWithRoundsOpenTogether)
}

func testCurrentRoundWithRoundsOpenTogether(t *testing.T, bk storetest.Backend) {
	s, id, _ := newEvent(t, bk)
	ctx := t.Context()
	for r := 1; r <= 2; r++ {
		if err := s.StartRound(ctx, id, r); err != nil {
			t.Fatal(err)
		}
	}
	as, err := s.Assignments(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	boards := map[[2]int][]int{} // round, table
	for _, a := range as {
		boards[[2]int{a.Round, a.Table}] = a.Boards
	}
	tc, other := code(t, s, id, 1), code(t, s, id, 2)
	want := func(round int, done bool, results int) {
		t.Helper()
		st, err := s.Table(ctx, tc)
		if err != nil {
			t.Fatal(err)
		}
		if st.Assignment.Round != round || st.Done != done || len(st.Results) != results {
			t.Fatalf("table 1: round %d done %v with %d results, want round %d done %v with %d",
				st.Assignment.Round, st.Done, len(st.Results), round, done, results)
		}
	}
	play := func(tc store.TableCode, round int, bs []int, confirm bool) {
		t.Helper()
		for _, b := range bs {
			key := fmt.Sprintf("t%dr%db%d", tc.Table, round, b)
			if _, err := s.Enter(ctx, key+"e", tc, entry(b, "3NT", bridge.North, 9)); err != nil {
				t.Fatal(err)
			}
			if !confirm {
				continue
			}
			if _, err := s.Confirm(ctx, key+"c", tc, b, true); err != nil {
				t.Fatal(err)
			}
		}
	}
	r1, r2 := boards[[2]int{1, 1}], boards[[2]int{2, 1}]
	want(1, false, 0)
	// A board of round 2 is not the table's yet.
	if _, err := s.Enter(ctx, "early", tc, entry(r2[0], "3NT", bridge.North, 9)); !errors.Is(err, store.ErrInvalid) {
		t.Errorf("entry of round 2 while round 1 is unfinished: %v, want store.ErrInvalid", err)
	}
	// Another table finishing both rounds does not move table 1.
	play(other, 1, boards[[2]int{1, 2}], true)
	play(other, 2, boards[[2]int{2, 2}], true)
	want(1, false, 0)
	// Every board of round 1 entered, the last not confirmed: still round 1,
	// and East–West can confirm it there.
	play(tc, 1, r1[:len(r1)-1], true)
	last := r1[len(r1)-1]
	play(tc, 1, []int{last}, false)
	want(1, false, len(r1))
	if _, err := s.Confirm(ctx, "last", tc, last, true); err != nil {
		t.Fatal(err)
	}
	want(2, false, 0)
	// Round 1 is finished: its boards are no longer the table's to enter.
	if _, err := s.Enter(ctx, "late", tc, entry(r1[0], "3NT", bridge.North, 9)); !errors.Is(err, store.ErrInvalid) {
		t.Errorf("entry of round 1 after it is finished: %v, want store.ErrInvalid", err)
	}
	play(tc, 2, r2, true)
	want(2, true, len(r2))
}
