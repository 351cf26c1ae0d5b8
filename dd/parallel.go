package dd

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"

	"github.com/bridgetd/bridgetd/bridge"
)

// ParallelTable computes the table of one deal on several cores, for a
// caller waiting on one answer: o.Workers workers (0: one per CPU), each
// with its own solver, take the strains as they become free (the likely
// slowest first, see strainOrder), the four opening leaders of a strain
// sharing one table as in Solver.Table. With more workers than strains,
// each strain is cut in two (the leaders of each side), which costs some
// work more in all (each piece builds its own table) for more pieces at
// once. The results are those of Table. Cancelling ctx stops the solves
// under way with an error that wraps ctx.Err().
func ParallelTable(ctx context.Context, d bridge.Deal, o BatchOptions) (Table, error) {
	var t Table
	if err := (Position{Hands: d}).Validate(); err != nil {
		return t, err
	}
	o.Workers = o.workers()
	if o.Workers == 1 {
		s := NewSolverOptions(o.Solver)
		defer s.Release()
		return s.TableContext(ctx, d)
	}
	// Measured in positions searched on 20 random deals, whole strains
	// on two workers take 57% of the serial work's time (the ten halves
	// 76%: they search 41% more positions in all).
	pieces := [][]bridge.Seat{{bridge.West, bridge.North, bridge.East, bridge.South}}
	if o.Workers > bridge.NumStrains {
		pieces = [][]bridge.Seat{{bridge.West, bridge.East}, {bridge.North, bridge.South}}
	}
	n := len(pieces)
	order := strainOrder(d)
	err := batch(ctx, n*bridge.NumStrains, o, func(s *Solver, k int) error {
		strain := order[k/n]
		// Each piece writes its own cells of t; batch waits for all.
		return s.run(ctx, func() { s.leaderResults(d, strain, pieces[k%n], &t) })
	})
	if err != nil {
		return Table{}, err
	}
	return t, nil
}

// strainOrder returns the strains in the order ParallelTable hands them
// out, the likely slowest first so that the last one to finish starts
// early: no trump, then the suits from the most evenly shared between
// the sides (the longer side's length) to the least, in suit order among
// equals. On 200 random deals, with the positions each strain takes as
// its time, two workers finish the table in 1.71 times less than one
// (1.64 taking the strains in suit order; 1.83 knowing each strain's
// time, 1.89 the bound).
func strainOrder(d bridge.Deal) [bridge.NumStrains]bridge.Strain {
	order := [bridge.NumStrains]bridge.Strain{bridge.NoTrump}
	fit := func(st bridge.Strain) int {
		su := bridge.Suit(st)
		ns := d[bridge.North].SuitLen(su) + d[bridge.South].SuitLen(su)
		ew := d[bridge.East].SuitLen(su) + d[bridge.West].SuitLen(su)
		return max(ns, ew)
	}
	suits := order[1:]
	for i := range suits {
		suits[i] = bridge.Strain(i)
	}
	slices.SortStableFunc(suits, func(a, b bridge.Strain) int { return fit(a) - fit(b) })
	return order
}

// ParallelTricks is Solver.Tricks on several cores, for a caller waiting
// on one hard solve: the tricks, the current one included, that the side
// to play takes from p. o.Workers workers (0: one per CPU), each with its
// own solver, run at once the null-window searches that MTD(f) runs one
// after the other: "does North-South take at least t tricks?" for the
// targets t nearest the current estimate of the value. Each answer
// narrows the interval the value is known to lie in; a search whose
// target falls outside it is cancelled and its worker takes the next
// target. Each worker keeps its own table from search to search. The
// gain is small, as one of the searches usually takes most of the work
// (measured in the package doc). The result is that of Tricks.
// Cancelling ctx stops the searches under way with an error that wraps
// ctx.Err().
func ParallelTricks(ctx context.Context, p Position, o BatchOptions) (int, error) {
	return parallelTricks(ctx, p, o, nil)
}

// parallelTricks is ParallelTricks; if nodes is not nil, it adds to
// nodes[w] the positions worker w searched (for the benchmarks).
func parallelTricks(ctx context.Context, p Position, o BatchOptions, nodes []int64) (int, error) {
	if err := p.Validate(); err != nil {
		return 0, err
	}
	rem := p.Tricks()
	// The targets are 1..rem: more workers than that have nothing to do.
	workers := min(o.workers(), rem)
	if workers == 1 {
		s := NewSolverOptions(o.Solver)
		defer s.Release()
		if nodes != nil {
			defer func() { nodes[0] += s.Nodes() }()
		}
		return s.TricksContext(ctx, p)
	}
	ns, err := parallelMTD(ctx, p, workers, o.Solver, nodes)
	if err != nil {
		return 0, err
	}
	if p.Turn().Side() == bridge.NS {
		return ns, nil
	}
	return rem - ns, nil
}

// probeJob is one null-window search of parallelMTD, and probeResult its
// answer from worker w: v, North-South's tricks, a fail-soft bound
// against beta as engine.search gives it.
type probeJob struct {
	ctx  context.Context
	beta int
}

type probeResult struct {
	w, beta, v int
	err        error
}

// parallelMTD returns North-South's tricks from the valid position p,
// searched by the given number of workers (see ParallelTricks), counting
// their positions in nodes as parallelTricks does.
func parallelMTD(ctx context.Context, p Position, workers int, so Options, nodes []int64) (int, error) {
	rem := p.Tricks()
	jobs := make([]chan probeJob, workers)
	results := make(chan probeResult, workers)
	// busy[w] is the target of worker w's search, 0 when it is idle (a
	// target is at least 1); cancel[w] stops that search.
	busy := make([]int, workers)
	cancel := make([]context.CancelFunc, workers)
	var wg sync.WaitGroup
	for w := range jobs {
		jobs[w] = make(chan probeJob, 1)
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := NewSolverOptions(so)
			defer s.Release()
			if nodes != nil {
				defer func() { nodes[w] += s.Nodes() }()
			}
			for j := range jobs[w] {
				v, err := s.probe(j.ctx, p, j.beta)
				results <- probeResult{w: w, beta: j.beta, v: v, err: err}
			}
		}()
	}
	defer func() {
		for w := range jobs {
			if cancel[w] != nil {
				cancel[w]()
			}
			close(jobs[w])
		}
		wg.Wait()
	}()
	// The value lies in [lo, hi]; est is the current guess, the returned
	// value of the last search as in MTD(f), first half the tricks as in
	// Tricks.
	lo, hi, est := 0, rem, rem/2
	for lo < hi {
		for w := range busy {
			if busy[w] != 0 {
				continue
			}
			t := nextTarget(lo, hi, est, busy)
			if t == 0 {
				break
			}
			var jc context.Context
			jc, cancel[w] = context.WithCancel(ctx)
			busy[w] = t
			jobs[w] <- probeJob{ctx: jc, beta: t}
		}
		r := <-results
		cancel[r.w]()
		busy[r.w] = 0
		if r.err != nil {
			if err := ctx.Err(); err != nil {
				return 0, fmt.Errorf("dd: solve stopped: %w", err)
			}
			if errors.Is(r.err, context.Canceled) {
				continue // a search made useless, cancelled below
			}
			return 0, r.err
		}
		if r.v < r.beta {
			hi = min(hi, r.v)
		} else {
			lo = max(lo, r.v)
		}
		est = min(max(r.v, lo), hi)
		for w, t := range busy {
			if t != 0 && (t <= lo || t > hi) {
				cancel[w]()
			}
		}
	}
	return lo, nil
}

// nextTarget returns the target of the next search when the value lies in
// [lo, hi] and est is the guess: the target in (lo, hi] nearest the guess
// that no worker searches yet (est and est+1, the two searches that prove
// est, then est-1, est+2, ...), or 0 when there is none.
func nextTarget(lo, hi, est int, busy []int) int {
	for k := 0; k <= 2*(hi-lo)+1; k++ {
		var t int
		if k%2 == 1 {
			t = est + 1 + k/2
		} else {
			t = est - k/2
		}
		if t <= lo || t > hi || slices.Contains(busy, t) {
			continue
		}
		return t
	}
	return 0
}

// probe runs one null-window search of the valid position p against beta
// (see engine.search) and returns North-South's tricks, a fail-soft bound.
func (s *Solver) probe(ctx context.Context, p Position, beta int) (int, error) {
	var v int
	err := s.run(ctx, func() {
		s.setup(p)
		v, _ = s.e.search(s.e.root, beta)
	})
	return v, err
}
