package store_test

import (
	"errors"
	"testing"
	"time"

	"github.com/bridgetd/bridgetd/internal/store"
	"github.com/bridgetd/bridgetd/internal/store/storetest"
	"github.com/bridgetd/bridgetd/movement"
)

// TestAttemptLimits: failures count per key within a window that starts at
// the first failure, two stores on one database see each other's, and a
// window that is over counts from zero again.
func TestAttemptLimits(t *testing.T) { storetest.Run(t, testAttemptLimits) }

func testAttemptLimits(t *testing.T, bk storetest.Backend) {
	ctx := t.Context()
	dsn := storetest.DSN(t, bk)
	a := storetest.OpenDSN(t, dsn)
	b := storetest.OpenDSN(t, dsn)
	now := time.Date(2026, 12, 2, 19, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	a.SetClock(clock)
	b.SetClock(clock)
	const w = time.Minute
	for i := range 3 {
		if err := a.Fail(ctx, "10.0.0.1", w); err != nil {
			t.Fatal(err)
		}
		if err := b.Fail(ctx, "10.0.0.1", w); err != nil {
			t.Fatal(err)
		}
		now = now.Add(time.Second)
		if n, err := b.Failures(ctx, "10.0.0.1", w); err != nil || n != 2*(i+1) {
			t.Errorf("after %d failures on each store: Failures = %d, %v", i+1, n, err)
		}
	}
	// The table's request reads the code and the failures in one
	// statement: the same count, with the code's own answer.
	if _, n, err := a.TableByCodeFor(ctx, "NOSUCH", "10.0.0.1", w); !errors.Is(err, store.ErrNotFound) || n != 6 {
		t.Errorf("an unknown code from 10.0.0.1: %d failures, %v; want 6, ErrNotFound", n, err)
	}
	mv, err := movement.NewMitchell(movement.MitchellOptions{Tables: 3, PerSet: 2})
	if err != nil {
		t.Fatal(err)
	}
	_, codes := storetest.Evening(t, a, "Limits", mv, 3)
	if tc, n, err := b.TableByCodeFor(ctx, codes[1].Code, "10.0.0.1", w); err != nil || n != 6 || tc != codes[1] {
		t.Errorf("table %d's code from 10.0.0.1: %+v, %d failures, %v; want %+v, 6", codes[1].Table, tc, n, err, codes[1])
	}
	if tc, n, err := b.TableByCodeFor(ctx, codes[1].Code, "10.0.0.3", w); err != nil || n != 0 || tc != codes[1] {
		t.Errorf("table %d's code from 10.0.0.3: %+v, %d failures, %v; want %+v, 0", codes[1].Table, tc, n, err, codes[1])
	}
	if n, err := a.Failures(ctx, "10.0.0.2", w); err != nil || n != 0 {
		t.Errorf("another address: Failures = %d, %v; want 0", n, err)
	}
	now = now.Add(w)
	if n, err := a.Failures(ctx, "10.0.0.1", w); err != nil || n != 0 {
		t.Errorf("window over: Failures = %d, %v; want 0", n, err)
	}
	if err := a.Fail(ctx, "10.0.0.1", w); err != nil {
		t.Fatal(err)
	}
	if n, err := b.Failures(ctx, "10.0.0.1", w); err != nil || n != 1 {
		t.Errorf("a new window: Failures = %d, %v; want 1", n, err)
	}
}
