package store_test

import (
	"fmt"
	"github.com/bridgetd/bridgetd/internal/store"
	"github.com/bridgetd/bridgetd/internal/store/storetest"
	"testing"

	"github.com/bridgetd/bridgetd/bridge"
)

// TestHotPathPrepared: the table-entry path prepares its statements once;
// entering and confirming more boards reuses them (the cache does not
// grow), and the results are stored as before.
func TestHotPathPrepared(t *testing.T) { storetest.Run(t, testHotPathPrepared) }

func testHotPathPrepared(t *testing.T, bk storetest.Backend) {
	s, id, _ := newEvent(t, bk)
	ctx := t.Context()
	tc := code(t, s, id, 1)
	if err := s.StartRound(ctx, id, 1); err != nil {
		t.Fatal(err)
	}
	st, err := s.Table(ctx, tc)
	if err != nil {
		t.Fatal(err)
	}
	bs := st.Assignment.Boards
	if len(bs) < 2 {
		t.Fatalf("table 1 plays %v, want two boards or more", bs)
	}
	enter := func(b int) {
		t.Helper()
		key := fmt.Sprintf("b%d", b)
		if _, err := s.Enter(ctx, key+"e", tc, entry(b, "3NT", bridge.North, 9)); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Confirm(ctx, key+"c", tc, b, true); err != nil {
			t.Fatal(err)
		}
	}
	enter(bs[0])
	// The store's cache serves SQLite; on PostgreSQL pgx keeps each
	// connection's prepared statements itself and the cache stays empty.
	first := store.CachedCount(s)
	if bk == storetest.SQLite && first < 6 {
		t.Errorf("%d statements cached after one entry, want the hot path's (6 or more)", first)
	}
	if bk == storetest.Postgres && first != 0 {
		t.Errorf("%d statements cached on PostgreSQL, want none (pgx prepares them)", first)
	}
	for _, b := range bs[1:] {
		enter(b)
	}
	if got := store.CachedCount(s); got != first {
		t.Errorf("cache grew from %d to %d statements over the same entries", first, got)
	}
	// A retry with a used key answers from the prepared idempotency lookup.
	again, err := s.Enter(ctx, fmt.Sprintf("b%de", bs[0]), tc, entry(bs[0], "3NT", bridge.North, 9))
	if err != nil || again.Board != bs[0] || again.Score != 400 && again.Score != 600 {
		t.Errorf("retry: %+v %v", again, err)
	}
	rs, err := s.Results(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	confirmed := 0
	for _, r := range rs {
		if r.Status == store.Confirmed {
			confirmed++
		}
	}
	if confirmed != len(bs) {
		t.Errorf("%d results confirmed, want %d", confirmed, len(bs))
	}
}
