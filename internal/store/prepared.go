package store

import (
	"context"
	"database/sql"
)

// The table-entry path (a code looked up, the table's round and results
// read, the entry and its idempotency key written) runs a few statements
// thousands of times an evening; parsing their SQL each time was a fifth of
// the server's work under load. They go through stmtCache: each text is
// prepared once on the pool, and database/sql keeps it prepared on every
// connection that has run it (a transaction reuses its connection's).

// cachedQuerier runs statements through the store's cache of prepared
// statements, on the pool or inside one transaction.
type cachedQuerier struct {
	s  *Store
	q  querier
	tx *sql.Tx // nil: the pool
}

// cached returns q with its statements prepared once and reused. Only
// statements of a fixed text go through it (never text built from input),
// so the cache stays as small as the code that fills it.
func (s *Store) cached(q querier) cachedQuerier {
	tx, _ := q.(*sql.Tx)
	return cachedQuerier{s: s, q: q, tx: tx}
}

// stmt returns the statement prepared for text, bound to the transaction
// if there is one; nil if it cannot be prepared (the caller then runs the
// text unprepared, which reports the same error).
//
// On PostgreSQL it is always nil: pgx prepares and caches every statement
// on each connection by itself, and preparing on the pool from inside a
// transaction would wait for a second connection, which a full pool of
// transactions doing the same would never free.
func (c cachedQuerier) stmt(ctx context.Context, text string) *sql.Stmt {
	if c.s.pg {
		return nil
	}
	v, ok := c.s.stmts.Load(text)
	if !ok {
		st, err := c.s.db.PrepareContext(ctx, text)
		if err != nil {
			return nil
		}
		var loaded bool
		if v, loaded = c.s.stmts.LoadOrStore(text, st); loaded {
			st.Close()
		}
	}
	st := v.(*sql.Stmt)
	if c.tx == nil {
		return st
	}
	if c.tx != c.s.batchTx.Load() {
		return c.tx.StmtContext(ctx, st)
	}
	// The writer's transaction runs hundreds of writes: each statement is
	// bound to it once, not once a write (binding takes the pool's lock,
	// which every request's read contends for).
	bound := c.s.batchStmts[text]
	if bound == nil {
		bound = c.tx.StmtContext(ctx, st)
		c.s.batchStmts[text] = bound
	}
	return bound
}

// steady returns the context a hot-path statement runs under: ctx without
// its cancellation, unless ctx is done already (then the caller runs the
// statement under ctx, which reports that). Each statement of the hot path
// is a few index seeks; watching a cancellable context costs a goroutine
// in database/sql and another in the driver per statement, which under
// load took longer than the statement. A request that goes away therefore
// stops between statements, not inside one.
func steady(ctx context.Context) (context.Context, bool) {
	if ctx.Err() != nil {
		return ctx, false
	}
	return context.WithoutCancel(ctx), true
}

// QueryContext runs a prepared query.
func (c cachedQuerier) QueryContext(ctx context.Context, text string, args ...any) (*sql.Rows, error) {
	c.s.statements.Add(1)
	if ctx, ok := steady(ctx); ok {
		if st := c.stmt(ctx, text); st != nil {
			return st.QueryContext(ctx, args...)
		}
	}
	return c.q.QueryContext(ctx, text, args...)
}

// QueryRowContext runs a prepared query for one row.
func (c cachedQuerier) QueryRowContext(ctx context.Context, text string, args ...any) *sql.Row {
	c.s.statements.Add(1)
	if ctx, ok := steady(ctx); ok {
		if st := c.stmt(ctx, text); st != nil {
			return st.QueryRowContext(ctx, args...)
		}
	}
	return c.q.QueryRowContext(ctx, text, args...)
}

// ExecContext runs a prepared statement in the transaction (or the pool).
func (c cachedQuerier) ExecContext(ctx context.Context, text string, args ...any) (sql.Result, error) {
	c.s.statements.Add(1)
	if ctx, ok := steady(ctx); ok {
		if st := c.stmt(ctx, text); st != nil {
			return st.ExecContext(ctx, args...)
		}
	}
	if c.tx != nil {
		return c.tx.ExecContext(ctx, text, args...)
	}
	return c.s.db.ExecContext(ctx, text, args...)
}

// closeStmts closes the cached statements (Close).
func (s *Store) closeStmts() {
	s.stmts.Range(func(k, v any) bool {
		v.(*sql.Stmt).Close()
		s.stmts.Delete(k)
		return true
	})
}
