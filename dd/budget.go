package dd

import "sync/atomic"

// Budget is an allowance of memory for the transposition tables of any
// number of solvers, which draw on it as their tables grow and give back
// what they hold when released (Solver.Release; Tables releases its
// workers' solvers when it returns). A server makes one Budget and passes
// it in the Options of every worker's solver, so that all of them
// together stay within one limit: a table that may not grow drops the
// positions nearest the end of the play instead, which costs time, never
// a wrong result.
//
// The limit is exceeded only by each solver's smallest tables (about 128
// KB, which a solver needs to search at all) and by the scratch space a
// full table uses to make room (a copy of its buckets still in use). It
// counts the transposition tables only: each solver also keeps a table of
// killer moves, 512 KB, outside it. A Budget is safe for concurrent use.
type Budget struct {
	limit int64
	used  atomic.Int64
}

// NewBudget returns a budget of the given number of bytes.
func NewBudget(bytes int) *Budget { return &Budget{limit: int64(bytes)} }

// Limit returns the budget's limit in bytes.
func (b *Budget) Limit() int { return int(b.limit) }

// Used returns the bytes the solvers drawing on the budget hold now.
func (b *Budget) Used() int { return int(b.used.Load()) }

// take draws n bytes from the budget if they fit under its limit, and
// reports whether they did. A nil budget has no limit.
func (b *Budget) take(n int) bool {
	if b == nil {
		return true
	}
	for {
		u := b.used.Load()
		if u+int64(n) > b.limit {
			return false
		}
		if b.used.CompareAndSwap(u, u+int64(n)) {
			return true
		}
	}
}

// charge draws n bytes (or gives back -n) whatever the limit.
func (b *Budget) charge(n int) {
	if b != nil {
		b.used.Add(int64(n))
	}
}
