package store_test

import (
	"errors"
	"testing"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/internal/store"
	"github.com/bridgetd/bridgetd/internal/store/storetest"
	"github.com/bridgetd/bridgetd/movement"
)

// TestWriterCache: the writer's cache of a table's round and boards
// (tablecache.go) never answers a table's write with a state the database
// no longer has: not after a write by a second store on the same
// database, not after a director's correction on the same store; and a
// table's write on a warm cache runs its fixed handful of statements.
func TestWriterCache(t *testing.T) { storetest.Run(t, testWriterCache) }

func testWriterCache(t *testing.T, bk storetest.Backend) {
	ctx := t.Context()
	dsn := storetest.DSN(t, bk)
	a, b := storetest.OpenDSN(t, dsn), storetest.OpenDSN(t, dsn)
	mv, err := movement.NewMitchell(movement.MitchellOptions{Tables: 3, PerSet: 3})
	if err != nil {
		t.Fatal(err)
	}
	id, _ := storetest.Evening(t, a, "Cache", mv, 7)
	tc := code(t, a, id, 1)
	st, err := a.Table(ctx, tc)
	if err != nil {
		t.Fatal(err)
	}
	bs := st.Assignment.Boards
	if len(bs) != 3 {
		t.Fatalf("table 1 plays boards %v in round %d, want 3", bs, st.Assignment.Round)
	}

	// Store a enters (its cache holds the board as entered), store b
	// confirms it: a must see the confirmation and refuse a second entry.
	if _, err := a.Enter(ctx, "a1", tc, entry(bs[0], "4H", bridge.South, 10)); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Confirm(ctx, "b1", tc, bs[0], true); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Enter(ctx, "a2", tc, entry(bs[0], "4H", bridge.South, 11)); !errors.Is(err, store.ErrConflict) {
		t.Errorf("board %d confirmed through another store, entered again: %v, want ErrConflict", bs[0], err)
	}

	// The director removes the confirmed result (NSWBA 13, inside the
	// window): the table may enter the board again.
	if _, err := a.Correct(ctx, id, store.Correction{Key: store.Key{Round: st.Assignment.Round, Table: 1, Board: bs[0]},
		By: "director", Why: "wrong board"}); err != nil {
		t.Fatal(err)
	}
	r, err := a.Enter(ctx, "a3", tc, entry(bs[0], "4H", bridge.South, 9))
	if err != nil {
		t.Fatalf("board %d removed by the director, entered again: %v", bs[0], err)
	}
	if r.Score != -100 && r.Score != -50 { // 4♥ one down, vulnerable or not (Law 77)
		t.Errorf("4H by South, 9 tricks: score %d", r.Score)
	}

	// A warm cache (the round and, after a first entry, the board): a new
	// entry and the confirmation of a board run BEGIN, PRAGMA
	// data_version, SAVEPOINT, the key's look-up, the result's write, the
	// key's write, RELEASE and COMMIT each, nothing more.
	if _, err := a.Enter(ctx, "a4", tc, entry(bs[1], "3NT", bridge.North, 8)); err != nil {
		t.Fatal(err)
	}
	if bk != storetest.SQLite {
		return
	}
	for i, w := range []func() error{
		func() error { _, err := a.Enter(ctx, "a5", tc, entry(bs[1], "3NT", bridge.North, 9)); return err },
		func() error { _, err := a.Confirm(ctx, "a6", tc, bs[1], true); return err },
	} {
		n0 := a.Statements()
		if err := w(); err != nil {
			t.Fatal(err)
		}
		if n := a.Statements() - n0; n != 8 {
			t.Errorf("write %d on a warm cache: %d statements, want 8", i+1, n)
		}
	}
	res, err := b.BoardResults(ctx, id, bs[1])
	if err != nil {
		t.Fatal(err)
	}
	if len(res) != 1 || res[0].Status != store.Confirmed || res[0].Contract != "3NT" {
		t.Errorf("board %d: %+v, want 3NT confirmed", bs[1], res)
	}
}
