package dd

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/bridgetd/bridgetd/bridge"
)

// fourVoid is the symmetric four-void deal, on which a full table takes
// seconds: a solve long enough to be cancelled in the middle.
const fourVoid = "N:.Q853.AJ962.KT74 Q853.AJ962.KT74. AJ962.KT74..Q853 KT74..Q853.AJ962"

// TestCancelFourVoid: cancelling a solve of the four-void deal, at several
// moments of its search, returns within 50 ms (issue 12's bound for a
// server) with an error wrapping context.Canceled; the solver then still
// solves correctly.
//
// The bound is on the solver: how soon it notices and unwinds. The wall
// time from the cancel to the return also counts the time the operating
// system gives the process, which on a machine shared by many busy
// processes can exceed 50 ms with the solver idle; the CPU time the
// process spends in that interval cannot. So the CPU time must stay under
// 50 ms always, and the wall time too whenever the process had the CPU for
// at least half of the interval (otherwise the test says so in its log).
func TestCancelFourVoid(t *testing.T) {
	d := mustDeal(t, fourVoid)
	s := NewSolverOptions(Options{})
	const bound = 50 * time.Millisecond
	for _, after := range []time.Duration{5 * time.Millisecond, 60 * time.Millisecond, 250 * time.Millisecond, 700 * time.Millisecond} {
		ctx, cancel := context.WithCancel(context.Background())
		type mark struct{ wall, cpu time.Duration }
		cancelled := make(chan mark, 1)
		t0 := time.Now()
		timer := time.AfterFunc(after, func() {
			cancelled <- mark{time.Since(t0), cpuTime()}
			cancel()
		})
		_, err := s.TableContext(ctx, d)
		wall, cpu := time.Since(t0), cpuTime()
		timer.Stop()
		cancel()
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("cancelled after %v: error %v, want one wrapping context.Canceled", after, err)
		}
		m := <-cancelled
		lat, work := wall-m.wall, cpu-m.cpu
		t.Logf("cancelled after %v: returned %v later, %v of CPU", after, lat, work)
		if work > bound {
			t.Errorf("cancelled after %v: %v of CPU between the cancel and the return, want under %v", after, work, bound)
		}
		if lat > bound {
			if 2*work >= lat {
				t.Errorf("cancelled after %v: returned %v after the cancel, want within %v", after, lat, bound)
			} else {
				t.Logf("cancelled after %v: the process had the CPU for %v of %v: the machine is overloaded", after, work, lat)
			}
		}
	}
	// A deadline stops a solve the same way.
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	if _, err := s.LeadContext(ctx, d, bridge.South, bridge.NoTrump); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("deadline: error %v, want one wrapping context.DeadlineExceeded", err)
	}
	// A context already done stops the solve before it starts.
	if _, err := s.TricksContext(ctx, Position{Hands: d}); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("done context: error %v", err)
	}
	// The solver's tables survive an abandoned search.
	cs := readDDSList(t, "testdata/list100.txt")
	for _, c := range cs[:3] {
		got, err := s.Table(c.deal)
		if err != nil {
			t.Fatal(err)
		}
		if got != c.table {
			t.Errorf("line %d after cancelled solves: table %v, want %v", c.line, got, c.table)
		}
	}
}

// TestCancelBatch: cancelling Tables stops the solves under way: the
// batch of four-void deals (several seconds of work each) returns soon
// after the cancel.
func TestCancelBatch(t *testing.T) {
	d := mustDeal(t, fourVoid)
	// Distinct deals: the four-void deal rotated.
	var deals []bridge.Deal
	for r := 0; r < 4; r++ {
		var x bridge.Deal
		for s := range x {
			x[s] = d[(s+r)%4]
		}
		deals = append(deals, x)
	}
	ctx, cancel := context.WithCancel(context.Background())
	start := time.Now()
	time.AfterFunc(50*time.Millisecond, cancel)
	_, err := Tables(ctx, deals, BatchOptions{Workers: 2})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v, want one wrapping context.Canceled", err)
	}
	// Generous: the point is that no worker finishes its deal (seconds).
	if el := time.Since(start); el > time.Second {
		t.Errorf("cancelled batch returned after %v", el)
	}
}

// TestSearchAllocatesNothing: once a solver's tables have grown to the
// size a deal needs, solving it again allocates nothing — whether the
// solve can be cancelled or not.
func TestSearchAllocatesNothing(t *testing.T) {
	cs := readDDSList(t, "testdata/list100.txt")
	s := NewSolverOptions(Options{})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	deals := []bridge.Deal{cs[0].deal}
	solve := func() {
		for _, d := range deals {
			if _, err := s.Table(d); err != nil {
				t.Fatal(err)
			}
			if _, err := s.TableContext(ctx, d); err != nil {
				t.Fatal(err)
			}
			p := Position{Hands: d, Trump: bridge.SpadesStrain, Leader: bridge.East, Trick: []bridge.Card{d[bridge.East].Cards()[0]}}
			p.Hands[bridge.East] = p.Hands[bridge.East].Without(p.Trick[0])
			if _, err := s.TricksContext(ctx, p); err != nil {
				t.Fatal(err)
			}
		}
	}
	solve() // warm-up: the tables grow
	if n := testing.AllocsPerRun(2, solve); n != 0 {
		t.Errorf("%v allocations a run, want none", n)
	}
}

// TestBudgetShared: solvers drawing on one Budget share its limit: while
// one holds the memory the other's table cannot grow past its smallest
// size; after Release the memory is back; a batch gives back all it drew;
// and every result stays right.
func TestBudgetShared(t *testing.T) {
	cs := readDDSList(t, "testdata/list100.txt")
	const limit = 3 << 20
	b := NewBudget(limit)
	a := NewSolverOptions(Options{Budget: b})
	c := NewSolverOptions(Options{Budget: b})
	small := c.Memory()
	for _, cc := range cs[:4] {
		got, err := a.Table(cc.deal)
		if err != nil {
			t.Fatal(err)
		}
		if got != cc.table {
			t.Errorf("line %d: table %v, want %v", cc.line, got, cc.table)
		}
	}
	if b.Used() != a.Memory()+c.Memory() {
		t.Errorf("budget used %d, solvers hold %d and %d", b.Used(), a.Memory(), c.Memory())
	}
	if a.Memory() <= limit/2 {
		t.Fatalf("the first solver holds %d bytes: the deals do not fill the budget", a.Memory())
	}
	if b.Used() > limit+small {
		t.Errorf("budget used %d, limit %d", b.Used(), limit)
	}
	// The second solver finds little room.
	room := limit - b.Used()
	got, err := c.Table(cs[4].deal)
	if err != nil {
		t.Fatal(err)
	}
	if got != cs[4].table {
		t.Errorf("line %d with little memory: table %v, want %v", cs[4].line, got, cs[4].table)
	}
	if c.Memory() > small+room+small {
		t.Errorf("second solver grew to %d bytes with %d free", c.Memory(), room)
	}
	a.Release()
	if a.Memory() != 0 || b.Used() != c.Memory() {
		t.Errorf("after Release: first solver %d, budget %d, second %d", a.Memory(), b.Used(), c.Memory())
	}
	c.Release()
	if b.Used() != 0 {
		t.Errorf("after both Release: budget used %d", b.Used())
	}
	// A released solver is usable again.
	if got, err := a.Table(cs[5].deal); err != nil || got != cs[5].table {
		t.Errorf("line %d after Release: table %v, %v", cs[5].line, got, err)
	}
	a.Release()

	// Concurrent solvers, as in a server, and a batch.
	var wg sync.WaitGroup
	for w := 0; w < 2; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := NewSolverOptions(Options{Budget: b})
			defer s.Release()
			for _, cc := range cs[6+2*w : 8+2*w] {
				if got, err := s.Table(cc.deal); err != nil || got != cc.table {
					t.Errorf("line %d: table %v, %v", cc.line, got, err)
				}
			}
		}()
	}
	wg.Wait()
	deals := make([]bridge.Deal, 4)
	for i := range deals {
		deals[i] = cs[20+i].deal
	}
	tabs, err := Tables(context.Background(), deals, BatchOptions{Workers: 2, Solver: Options{Budget: b}})
	if err != nil {
		t.Fatal(err)
	}
	for i, tab := range tabs {
		if tab != cs[20+i].table {
			t.Errorf("line %d in a batch: table %v, want %v", cs[20+i].line, tab, cs[20+i].table)
		}
	}
	if b.Used() != 0 {
		t.Errorf("after the solvers and the batch: budget used %d", b.Used())
	}
}
