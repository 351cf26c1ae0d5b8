package dd

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/bridgetd/bridgetd/bridge"
)

// BatchOptions tune Tables, AnalysePlays, ParallelTable and
// ParallelTricks.
type BatchOptions struct {
	// Workers is the number of deals solved at once; 0 means one per CPU.
	Workers int
	// Solver configures each worker's solver: its memory bound, and the
	// Budget all of them draw on (and others outside the batch, if the
	// caller shares it). The workers give their memory back to the budget
	// before the batch returns.
	Solver Options
	// Progress, if set, is called after each deal with the number done and
	// the total. Calls come from one goroutine at a time.
	Progress func(done, total int)
}

// workers is the number of workers o asks for, one per CPU for 0.
func (o BatchOptions) workers() int {
	if o.Workers <= 0 {
		return runtime.GOMAXPROCS(0)
	}
	return o.Workers
}

// Tables computes the double-dummy table of every deal, spreading the deals
// over several workers, each with its own solver and bounded tables. A deal
// that appears more than once is solved once. The first invalid deal stops
// the batch with an error naming its index; cancelling ctx stops it too,
// the solves under way included, with an error that wraps ctx.Err().
func Tables(ctx context.Context, deals []bridge.Deal, o BatchOptions) ([]Table, error) {
	out := make([]Table, len(deals))
	for i, d := range deals {
		if err := d.Validate(); err != nil {
			return nil, fmt.Errorf("dd: deal %d: %w", i+1, err)
		}
	}
	first := make(map[bridge.Deal]int, len(deals))
	var todo []int
	for i, d := range deals {
		if _, ok := first[d]; !ok {
			first[d] = i
			todo = append(todo, i)
		}
	}
	err := batch(ctx, len(todo), o, func(s *Solver, k int) error {
		i := todo[k]
		t, err := s.TableContext(ctx, deals[i])
		if err != nil {
			return fmt.Errorf("dd: deal %d: %w", i+1, err)
		}
		out[i] = t
		return nil
	})
	if err != nil {
		return nil, err
	}
	for i, d := range deals {
		out[i] = out[first[d]]
	}
	return out, nil
}

// AnalysePlays analyses the play of every record (see Solver.AnalysePlay),
// spreading the records over several workers as Tables does with deals.
// The first record that cannot be analysed stops the batch with an error
// naming its index; cancelling ctx stops it too.
func AnalysePlays(ctx context.Context, records []PlayRecord, o BatchOptions) ([]PlayAnalysis, error) {
	out := make([]PlayAnalysis, len(records))
	err := batch(ctx, len(records), o, func(s *Solver, i int) error {
		a, err := s.AnalysePlay(ctx, records[i])
		if err != nil {
			return fmt.Errorf("dd: play %d: %w", i+1, err)
		}
		out[i] = a
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// batch runs job(s, k) for every k below n over the workers of o, each
// with its own solver (released at the end), and returns the first error.
// It stops at that error or when ctx is done; a cancelled batch returns an
// error that wraps ctx.Err().
func batch(ctx context.Context, n int, o BatchOptions, job func(s *Solver, k int) error) error {
	workers := min(o.workers(), n)
	var next, done atomic.Int64
	var mu sync.Mutex
	var wg sync.WaitGroup
	var firstErr error
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := NewSolverOptions(o.Solver)
			defer s.Release()
			for {
				k := int(next.Add(1) - 1)
				if k >= n || ctx.Err() != nil {
					return
				}
				err := job(s, k)
				if ctx.Err() != nil {
					return
				}
				mu.Lock()
				if err != nil && firstErr == nil {
					firstErr = err
				}
				stop := firstErr != nil
				d := int(done.Add(1))
				if o.Progress != nil && err == nil {
					o.Progress(d, n)
				}
				mu.Unlock()
				if stop {
					return
				}
			}
		}()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("dd: batch stopped: %w", err)
	}
	return firstErr
}
