package dd

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/bridgetd/bridgetd/bridge"
)

// BatchOptions tune Tables.
type BatchOptions struct {
	// Workers is the number of deals solved at once; 0 means one per CPU.
	Workers int
	// Solver configures each worker's solver (its memory bound).
	Solver Options
	// Progress, if set, is called after each deal with the number done and
	// the total. Calls come from one goroutine at a time.
	Progress func(done, total int)
}

// Tables computes the double-dummy table of every deal, spreading the deals
// over several workers, each with its own solver and bounded tables. A deal
// that appears more than once is solved once. The first invalid deal stops
// the batch with an error naming its index; cancelling ctx stops it too.
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
	workers := o.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, len(todo))
	var next, done atomic.Int64
	var mu sync.Mutex
	var wg sync.WaitGroup
	var firstErr error
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := NewSolverOptions(o.Solver)
			for {
				k := int(next.Add(1) - 1)
				if k >= len(todo) || ctx.Err() != nil {
					return
				}
				i := todo[k]
				t, err := s.Table(deals[i])
				mu.Lock()
				if err != nil && firstErr == nil {
					firstErr = fmt.Errorf("dd: deal %d: %w", i+1, err)
				}
				out[i] = t
				n := int(done.Add(1))
				if o.Progress != nil {
					o.Progress(n, len(todo))
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if firstErr != nil {
		return nil, firstErr
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	for i, d := range deals {
		out[i] = out[first[d]]
	}
	return out, nil
}
