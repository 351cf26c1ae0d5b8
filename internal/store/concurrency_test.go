package store_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/deal"
	"github.com/bridgetd/bridgetd/internal/store"
	"github.com/bridgetd/bridgetd/internal/store/storetest"
	"github.com/bridgetd/bridgetd/movement"
)

// write is one write of the concurrency test: what was asked and what the
// store answered.
type write struct {
	writer, n int
	kind      string // enter, confirm, correct
	key       store.Key
	idem      string      // enter, confirm: the device's idempotency key
	entry     store.Entry // enter; correct when remove is false
	accept    bool        // confirm
	remove    bool        // correct: remove the result
	revision  *int64      // correct: the revision the director read
	res       store.Result
	rec       store.CorrectionRecord
	err       error
}

// revisionOf is the board's revision after the write.
func (w *write) revisionOf() int64 {
	if w.kind == "correct" {
		return w.rec.Revision
	}
	return w.res.Revision
}

// concurrencyEvent creates the test's event (a 3-table Mitchell, 3 boards a
// round) with round 1 open and returns its id. The same call on another
// database makes the same event, with the same id when it is the first.
func concurrencyEvent(t *testing.T, s *store.Store) int64 {
	t.Helper()
	mv, err := movement.NewMitchell(movement.MitchellOptions{Tables: 3, PerSet: 3})
	if err != nil {
		t.Fatal(err)
	}
	boards, err := deal.Seeded(11).Boards(1, mv.TotalBoards())
	if err != nil {
		t.Fatal(err)
	}
	id, err := s.CreateEvent(t.Context(), store.Setup{Name: "Concurrency", Movement: mv, Boards: boards})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.StartRound(t.Context(), id, 1); err != nil {
		t.Fatal(err)
	}
	return id
}

// apply runs w on s.
func apply(t *testing.T, s *store.Store, id int64, w *write) {
	ctx := t.Context()
	tc := store.TableCode{Event: id, Session: 1, Table: w.key.Table}
	switch w.kind {
	case "enter":
		w.res, w.err = s.Enter(ctx, w.idem, tc, w.entry)
	case "confirm":
		w.res, w.err = s.Confirm(ctx, w.idem, tc, w.key.Board, w.accept)
	case "correct":
		c := store.Correction{Key: w.key, By: fmt.Sprintf("TD %d", w.writer), Why: fmt.Sprintf("write %d", w.n), Revision: w.revision}
		if !w.remove {
			e := w.entry
			c.Entry = &e
		}
		w.rec, w.err = s.Correct(ctx, id, c)
	}
}

// TestConcurrentWriters: 50 writers enter, confirm and correct the same
// boards at once, through two stores on one database (two server
// instances). Every write either commits or is refused with ErrConflict;
// the writes that committed have the effect of a serial order: each
// board's revisions run 1, 2, 3… with no gap and no revision given twice
// (no lost update), the corrections' ids agree with that order, and
// running the committed writes one by one in that order on a fresh
// database answers each as the concurrent run did and ends in the same
// results and corrections. NSWBA 13: a correction names the revision the
// director read; a stale one is refused, never applied over another's.
func TestConcurrentWriters(t *testing.T) { storetest.Run(t, testConcurrentWriters) }

func testConcurrentWriters(t *testing.T, bk storetest.Backend) {
	ctx := t.Context()
	dsn := storetest.DSN(t, bk)
	at := time.Date(2026, 5, 2, 20, 0, 0, 0, time.UTC)
	fixed := func() time.Time { return at }
	stores := []*store.Store{storetest.OpenDSN(t, dsn), storetest.OpenDSN(t, dsn)}
	for _, s := range stores {
		s.SetClock(fixed)
	}
	// On PostgreSQL the second instance commits its writes in batches.
	stores[1].SetGroupCommit(true)
	id := concurrencyEvent(t, stores[0])
	as, err := stores[0].Assignments(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	// The boards of round 1: four keys, so that the writers collide.
	var keys []store.Key
	for _, a := range as {
		if a.Round == 1 && a.Active() {
			for _, b := range a.Boards[:2] {
				keys = append(keys, store.Key{Round: 1, Table: a.Table, Board: b})
			}
		}
	}
	keys = keys[:4]
	contracts := []string{"3NT", "4S", "2H", "Pass", "4SX"}

	const writers, each = 50, 6
	var mu sync.Mutex
	var all []*write
	var wg sync.WaitGroup
	for wr := range writers {
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(uint64(wr), 7))
			for n := range each {
				s := stores[rng.IntN(2)]
				w := &write{writer: wr, n: n, key: keys[rng.IntN(len(keys))], idem: fmt.Sprintf("w%d-%d", wr, n)}
				k, _ := bridge.ParseContract(contracts[rng.IntN(len(contracts))])
				w.entry = store.Entry{Board: w.key.Board, Contract: k, Declarer: bridge.Seat(rng.IntN(4)), Tricks: 6 + rng.IntN(6)}
				if k.IsPassedOut() {
					w.entry.Declarer, w.entry.Tricks = 0, 0
				}
				switch r := rng.IntN(10); {
				case r < 4:
					w.kind = "enter"
				case r < 7:
					w.kind, w.accept = "confirm", rng.IntN(4) != 0
				default:
					w.kind = "correct"
					w.remove = rng.IntN(2) == 0
					if rng.IntN(5) != 0 {
						rev, err := s.Revision(ctx, id, w.key)
						if err != nil {
							t.Error(err)
							return
						}
						w.revision = &rev
					}
				}
				apply(t, s, id, w)
				mu.Lock()
				all = append(all, w)
				mu.Unlock()
				// A device resends a table's write with the same key
				// (through the other instance): a committed write is
				// answered as it was and not made again.
				if w.kind != "correct" && rng.IntN(3) == 0 {
					again := *w
					again.n = -1
					apply(t, stores[1-indexOf(stores, s)], id, &again)
					if w.err == nil && (again.err != nil || !reflect.DeepEqual(again.res, w.res)) {
						t.Errorf("resent write %s: %+v, %v; want the first answer %+v", w.idem, again.res, again.err, w.res)
					}
					mu.Lock()
					all = append(all, &again)
					mu.Unlock()
				}
			}
		})
	}
	wg.Wait()
	if t.Failed() {
		return
	}

	// Refused writes were told so, with a conflict.
	// A write sent twice with one key counts once.
	var done []*write
	refused := 0
	first := map[string]*write{}
	for _, w := range all {
		if w.err != nil {
			refused++
			if !errors.Is(w.err, store.ErrConflict) {
				t.Errorf("write %d/%d %s: %v, want a commit or an ErrConflict", w.writer, w.n, w.kind, w.err)
			}
			continue
		}
		if w.kind != "correct" {
			if f, ok := first[w.idem]; ok {
				if !reflect.DeepEqual(f.res, w.res) {
					t.Errorf("write %s answered twice, differently: %+v and %+v", w.idem, f.res, w.res)
				}
				continue
			}
			first[w.idem] = w
		}
		done = append(done, w)
	}
	if len(done) < writers || refused == 0 {
		t.Errorf("%d writes committed, %d refused: the test did not make writers collide", len(done), refused)
	}
	t.Logf("%s: %d writes committed, %d refused, %d runs again after a lost race", bk, len(done), refused, stores[0].Retries()+stores[1].Retries())

	// Each board's revisions run 1, 2, … n: every committed write made
	// one, none was made twice or lost.
	byKey := map[store.Key][]*write{}
	for _, w := range done {
		byKey[w.key] = append(byKey[w.key], w)
	}
	for k, ws := range byKey {
		sort.Slice(ws, func(i, j int) bool { return ws[i].revisionOf() < ws[j].revisionOf() })
		for i, w := range ws {
			if w.revisionOf() != int64(i+1) {
				t.Fatalf("board %v: committed write %d has revision %d, want %d (revisions %v)", k, i, w.revisionOf(), i+1, revisions(ws))
			}
		}
		if rev, err := stores[1].Revision(ctx, id, k); err != nil || rev != int64(len(ws)) {
			t.Errorf("board %v: revision %d, %v; want %d", k, rev, err, len(ws))
		}
	}

	// The serial order: each board's writes by revision, the corrections
	// by id (they allocate it as MAX+1). A cycle would mean no serial
	// order explains what the writers were told.
	order := serialOrder(t, done, byKey)

	// Run the committed writes one by one on a fresh database.
	fresh := storetest.Open(t, bk)
	fresh.SetClock(fixed)
	if got := concurrencyEvent(t, fresh); got != id {
		t.Fatalf("fresh event id %d, want %d", got, id)
	}
	for _, w := range order {
		again := *w
		apply(t, fresh, id, &again)
		if again.err != nil {
			t.Fatalf("serial run of write %d/%d %s on %v: %v", w.writer, w.n, w.kind, w.key, again.err)
		}
		if !reflect.DeepEqual(again.res, w.res) || !reflect.DeepEqual(again.rec, w.rec) {
			t.Fatalf("serial run of write %d/%d %s on %v answers\n%+v %+v\nthe concurrent run answered\n%+v %+v", w.writer, w.n, w.kind, w.key, again.res, again.rec, w.res, w.rec)
		}
	}
	for _, pair := range [][2]*store.Store{{stores[0], fresh}} {
		r1, err1 := pair[0].Results(ctx, id)
		r2, err2 := pair[1].Results(ctx, id)
		if err1 != nil || err2 != nil || !reflect.DeepEqual(r1, r2) {
			t.Errorf("results after the concurrent run:\n%+v\nafter the serial run:\n%+v (%v %v)", r1, r2, err1, err2)
		}
		c1, err1 := pair[0].Corrections(ctx, id)
		c2, err2 := pair[1].Corrections(ctx, id)
		if err1 != nil || err2 != nil || !reflect.DeepEqual(c1, c2) {
			t.Errorf("corrections after the concurrent run:\n%+v\nafter the serial run:\n%+v (%v %v)", c1, c2, err1, err2)
		}
	}
}

func indexOf(ss []*store.Store, s *store.Store) int {
	for i, x := range ss {
		if x == s {
			return i
		}
	}
	return -1
}

func revisions(ws []*write) []int64 {
	var out []int64
	for _, w := range ws {
		out = append(out, w.revisionOf())
	}
	return out
}

// serialOrder orders the committed writes so that each board's come by
// revision and the corrections by id (a topological sort); it fails t if
// the two orders contradict each other.
func serialOrder(t *testing.T, done []*write, byKey map[store.Key][]*write) []*write {
	t.Helper()
	after := map[*write][]*write{}
	need := map[*write]int{}
	link := func(a, b *write) {
		after[a] = append(after[a], b)
		need[b]++
	}
	for _, ws := range byKey {
		for i := 1; i < len(ws); i++ {
			link(ws[i-1], ws[i])
		}
	}
	var cs []*write
	for _, w := range done {
		if w.kind == "correct" {
			cs = append(cs, w)
		}
	}
	sort.Slice(cs, func(i, j int) bool { return cs[i].rec.ID < cs[j].rec.ID })
	for i := 1; i < len(cs); i++ {
		link(cs[i-1], cs[i])
	}
	var ready, out []*write
	for _, w := range done {
		if need[w] == 0 {
			ready = append(ready, w)
		}
	}
	for len(ready) > 0 {
		w := ready[0]
		ready = ready[1:]
		out = append(out, w)
		for _, x := range after[w] {
			if need[x]--; need[x] == 0 {
				ready = append(ready, x)
			}
		}
	}
	if len(out) != len(done) {
		t.Fatalf("no serial order: the corrections' ids contradict the boards' revisions (%d of %d writes ordered)", len(out), len(done))
	}
	return out
}

// TestTwoDirectorsCorrectOneResult: two directors (on two server
// instances) correct the same result at once, each naming the revision
// they read. One correction is made; the other is refused with ErrStale
// and changes nothing, so neither is lost silently (NSWBA 13: each
// correction is recorded with who and why, against the result it
// replaced).
func TestTwoDirectorsCorrectOneResult(t *testing.T) {
	storetest.Run(t, func(t *testing.T, bk storetest.Backend) {
		ctx := t.Context()
		dsn := storetest.DSN(t, bk)
		a, b := storetest.OpenDSN(t, dsn), storetest.OpenDSN(t, dsn)
		id := concurrencyEvent(t, a)
		as, err := a.Assignments(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		k := store.Key{Round: 1, Table: as[0].Table, Board: as[0].Boards[0]}
		tc := store.TableCode{Event: id, Session: 1, Table: k.Table}
		if _, err := a.Enter(ctx, "e", tc, entry(k.Board, "3NT", bridge.North, 9)); err != nil {
			t.Fatal(err)
		}
		if _, err := a.Confirm(ctx, "c", tc, k.Board, true); err != nil {
			t.Fatal(err)
		}
		for round := range 5 {
			seen, err := a.Revision(ctx, id, k)
			if err != nil {
				t.Fatal(err)
			}
			errs := make([]error, 2)
			var wg sync.WaitGroup
			for i, s := range []*store.Store{a, b} {
				wg.Go(func() {
					e := entry(k.Board, "4S", bridge.South, 8+i)
					_, errs[i] = s.Correct(ctx, id, store.Correction{Key: k, Entry: &e, By: fmt.Sprintf("TD %d", i), Why: "tricks", Revision: &seen})
				})
			}
			wg.Wait()
			won := 0
			for i, err := range errs {
				switch {
				case err == nil:
					won = i
				case !errors.Is(err, store.ErrStale) || !errors.Is(err, store.ErrConflict):
					t.Fatalf("round %d: director %d: %v, want a commit or ErrStale", round, i, err)
				}
			}
			if (errs[0] == nil) == (errs[1] == nil) {
				t.Fatalf("round %d: errors %v: want one correction made and one refused", round, errs)
			}
			cs, err := b.Corrections(ctx, id)
			if err != nil || len(cs) != round+1 {
				t.Fatalf("round %d: %d corrections (%v), want %d", round, len(cs), err, round+1)
			}
			last := cs[len(cs)-1]
			if last.By != fmt.Sprintf("TD %d", won) || last.Old == nil || last.Old.Revision != seen || last.Revision != seen+1 {
				t.Errorf("round %d: correction %+v: want TD %d's, from revision %d to %d", round, last, won, seen, seen+1)
			}
			rs, _ := b.BoardResults(ctx, id, k.Board)
			for _, r := range rs {
				if r.Table == k.Table && r.Tricks != 8+won {
					t.Errorf("round %d: the result has %d tricks, want the winner's %d", round, r.Tricks, 8+won)
				}
			}
		}
	})
}
