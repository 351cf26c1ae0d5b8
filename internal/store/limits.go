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
