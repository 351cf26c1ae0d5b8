package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// Failures returns how many failures were recorded for key (a client's
// address) in its current window: the window starts at the first failure
// and lasts window; after it the count starts again from zero. The limit
// lives in the database, so every instance on one database sees the
// failures of all.
func (s *Store) Failures(ctx context.Context, key string, window time.Duration) (int, error) {
	var since int64
	var n int
	err := s.cached(s.db).QueryRowContext(ctx, `SELECT since_ms, failures FROM attempt_limits WHERE key = $1`, key).Scan(&since, &n)
	switch {
	case err == sql.ErrNoRows:
		return 0, nil
	case err != nil:
		return 0, fmt.Errorf("store: attempt limit: %w", err)
	}
	if since < s.now().Add(-window).UnixMilli() {
		return 0, nil
	}
	return n, nil
}

// TableByCodeFor is TableByCode and Failures(key, window) in one statement:
// a table's every request looks its code up and checks its address's wrong
// codes, and reading both at once halves the statements of that check. The
// failures are read from the database, as Failures reads them, so the
// limit still holds across every instance on one database. The code's
// error (ErrNotFound, ErrClosed) comes with the failures all the same: the
// caller refuses an address over its limit whatever its code.
func (s *Store) TableByCodeFor(ctx context.Context, code, key string, window time.Duration) (TableCode, int, error) {
	var c TableCode
	var since, n, ev, session, table sql.NullInt64
	var found sql.NullString
	var closed sql.NullString
	err := s.cached(s.db).QueryRowContext(ctx, `SELECT l.since_ms, l.failures, t.code, t.event_id, t.session, t.table_no, t.closed_at
		FROM (SELECT 1 AS one) AS o
		LEFT JOIN attempt_limits l ON l.key = $2
		LEFT JOIN (SELECT c.code, c.event_id, c.session, c.table_no, s.closed_at FROM table_codes c
			JOIN sessions s ON s.event_id = c.event_id AND s.number = c.session WHERE c.code = $1) AS t ON 1 = 1`,
		code, key).Scan(&since, &n, &found, &ev, &session, &table, &closed)
	if err != nil {
		return c, 0, fmt.Errorf("store: table code: %w", err)
	}
	failures := 0
	if since.Valid && since.Int64 >= s.now().Add(-window).UnixMilli() {
		failures = int(n.Int64)
	}
	if !found.Valid {
		return c, failures, fmt.Errorf("store: table code: %w", ErrNotFound)
	}
	c = TableCode{Code: found.String, Event: ev.Int64, Session: int(session.Int64), Table: int(table.Int64)}
	return c, failures, codeOpen(c, closed)
}

// codeOpen refuses a code of a closed session (ErrClosed).
func codeOpen(c TableCode, closed sql.NullString) error {
	if closed.Valid {
		return fmt.Errorf("store: table code of session %d: %w", c.Session, ErrClosed)
	}
	return nil
}

// Fail records a failure for key: the count of its current window grows by
// one, or a new window starts with it. Windows over for every key are
// removed on the way.
func (s *Store) Fail(ctx context.Context, key string, window time.Duration) error {
	now := s.now()
	cut := now.Add(-window).UnixMilli()
	err := s.tx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM attempt_limits WHERE since_ms < $1`, cut); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO attempt_limits (key, since_ms, failures) VALUES ($1, $2, 1)
			ON CONFLICT (key) DO UPDATE SET failures = attempt_limits.failures + 1`, key, now.UnixMilli())
		return err
	})
	if err != nil {
		return fmt.Errorf("store: attempt limit: %w", err)
	}
	return nil
}
