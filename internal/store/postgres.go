package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"net/url"
	"sort"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/stdlib"
)

// PostgreSQL is the store's second backend, for several server processes
// sharing one database. The schema and the statements are the SQLite ones;
// what differs is how a write is run.
//
// SQLite has one writer per file, so Store.tx hands every write to one
// goroutine that commits batches (group commit). Several processes on one
// PostgreSQL database cannot share that goroutine, so each write is its own
// REPEATABLE READ transaction on the pool (a snapshot of the database at its
// first statement) and the invariants are kept by rows that two conflicting
// writers both write, so that PostgreSQL makes the later one fail (first
// updater wins, or a unique violation) and the store runs it again from the
// start on the state the first left:
//
//   - ids allocated as MAX+1 (events, rulings, fines, corrections, calls):
//     two writers taking the same id collide on the primary key;
//   - a device's idempotency key: two writes with one key collide on the
//     key; run again, the second finds the first's answer and returns it;
//   - a board's result (enter only what is not confirmed, confirm only an
//     entered result, a correction naming the revision the director read):
//     every write of a result also updates its table's assignment row
//     (lockTable), so two writes to one table's results never both commit
//     from the same snapshot, even when one of them removes a result that
//     is not there or inserts one that was not.
//
// A write that loses such a race (SQLSTATE 40001 serialization failure,
// 40P01 deadlock, 23505 unique violation) is rolled back and run again, so a
// write closure must compute everything it returns from what it reads in
// its transaction. SERIALIZABLE would keep the same invariants without the
// marks, but its predicate locks are b-tree pages: on the small, hot
// indexes of the entry path (idempotency keys, a table's results) the
// writers at different tables aborted each other, and at 64 writers some
// writes lost 30 races in a row (BenchmarkWrites), where REPEATABLE READ
// with the marks has no retries at all. TestConcurrentWriters checks that
// the committed writes are those of a serial order, through two stores on
// one database.
//
// SetGroupCommit makes a store batch its writes as on SQLite instead (one
// transaction per batch, run again whole on a lost race). On this 2-core
// machine neither was clearly faster at 64 writers and a transaction per
// write was faster at one (BenchmarkWrites), so it is the default.

// IsPostgres reports whether dsn names a PostgreSQL database
// (postgres:// or postgresql://) rather than an SQLite file.
func IsPostgres(dsn string) bool {
	return strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://")
}

// redact hides the password of a PostgreSQL DSN in messages.
func redact(dsn string) string {
	u, err := url.Parse(dsn)
	if err != nil {
		return "postgres://…"
	}
	return u.Redacted()
}

// PoolSize is the most connections one store opens to PostgreSQL.
const PoolSize = 16

// maxAttempts bounds the runs of one write that keeps losing races.
const maxAttempts = 30

func openPostgres(ctx context.Context, dsn string) (*Store, error) {
	name := redact(dsn)
	cfg, err := pgx.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", name, err)
	}
	// A transaction left open by a stuck client holds its table marks
	// (lockTable) and the server's old row versions: PostgreSQL ends such
	// a session after a minute idle (unless the DSN sets its own limit).
	if _, ok := cfg.RuntimeParams["idle_in_transaction_session_timeout"]; !ok {
		cfg.RuntimeParams["idle_in_transaction_session_timeout"] = "60000" // ms
	}
	db := stdlib.OpenDB(*cfg)
	db.SetMaxOpenConns(PoolSize)
	db.SetMaxIdleConns(PoolSize)
	db.SetConnMaxIdleTime(5 * time.Minute)
	s := &Store{db: db, now: time.Now, pg: true, quit: make(chan struct{})}
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("store: %s: %w", name, err)
	}
	if err := s.migratePostgres(ctx); err != nil {
		s.Close()
		return nil, fmt.Errorf("store: %s: %w", name, err)
	}
	return s, nil
}

// migrationLock is the key of the advisory lock that serialises the
// migrations of instances starting at once on one database.
const migrationLock = 0x62726964 // "brid"

// migratePostgres applies the migrations not yet applied in one
// transaction holding an advisory lock: a second instance starting at the
// same time waits, then finds them applied. PostgreSQL's DDL is
// transactional, so a migration that fails leaves nothing behind.
func (s *Store) migratePostgres(ctx context.Context) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock($1)`, migrationLock); err != nil {
		return fmt.Errorf("migration lock: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)`); err != nil {
		return fmt.Errorf("schema_migrations: %w", err)
	}
	ms, err := migrationList()
	if err != nil {
		return err
	}
	for _, m := range ms {
		if done, err := m.applied(ctx, tx); done || err != nil {
			if err != nil {
				return err
			}
			continue
		}
		if err := m.apply(ctx, tx, s.now()); err != nil {
			return err
		}
	}
	return tx.Commit()
}

// migration is one embedded migration file.
type migration struct {
	version int
	name    string
	text    string
}

// migrationList returns the embedded migrations by number (NNNN_name.sql).
func migrationList() ([]migration, error) {
	names, err := fs.Glob(migrations, "migrations/*.sql")
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	var out []migration
	for _, name := range names {
		base := strings.TrimPrefix(name, "migrations/")
		num, _, ok := strings.Cut(base, "_")
		var v int
		if _, err := fmt.Sscanf(num, "%d", &v); !ok || err != nil {
			return nil, fmt.Errorf("migration %s: name must start with its number", base)
		}
		text, err := migrations.ReadFile(name)
		if err != nil {
			return nil, err
		}
		out = append(out, migration{v, base, string(text)})
	}
	return out, nil
}

// applied reports whether the migration is recorded as applied. Each
// version is looked up by itself, not compared with the highest: a
// migration merged later with a lower number than one already applied
// (helpers number theirs ahead) is still applied.
func (m migration) applied(ctx context.Context, tx *sql.Tx) (bool, error) {
	var n int
	err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM schema_migrations WHERE version = $1`, m.version).Scan(&n)
	return n > 0, err
}

// apply runs the migration's statements and records its version.
func (m migration) apply(ctx context.Context, tx *sql.Tx, now time.Time) error {
	for stmt := range strings.SplitSeq(m.text, ";\n") {
		if strings.TrimSpace(stripComments(stmt)) == "" {
			continue
		}
		if _, err := tx.ExecContext(ctx, stmt); err != nil {
			return fmt.Errorf("migration %s: %w\n%s", m.name, err, stmt)
		}
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO schema_migrations (version, applied_at) VALUES ($1, $2)`, m.version, stamp(now)); err != nil {
		return fmt.Errorf("migration %s: %w", m.name, err)
	}
	return nil
}

// retryable reports whether err is PostgreSQL's answer to a lost race,
// after which the whole transaction is run again: a serialization failure,
// a deadlock, or a unique violation (two writers allocating the same
// MAX+1 id or storing the same idempotency key; run again, the write sees
// the other's row and takes the next id or answers from the key).
func retryable(err error) bool {
	var pe *pgconn.PgError
	if !errors.As(err, &pe) {
		return false
	}
	switch pe.Code {
	case "40001", "40P01", "23505":
		return true
	}
	return false
}

// backoff is the wait before the attempt-th run of a write that lost a
// race: a little, at random, so that the writers that collided do not
// collide again.
func backoff(attempt int) time.Duration {
	return time.Duration(rand.Int64N(int64(min(time.Millisecond<<min(attempt, 6), 50*time.Millisecond)))) + 100*time.Microsecond
}

// SetGroupCommit makes a PostgreSQL store commit its writes in batches,
// as on SQLite: one goroutine runs the writes waiting at the same time in
// one transaction, each in a savepoint, and runs the whole batch again when
// it loses a race with another process. Call it before the first write.
// Off (the default), each write is a transaction of its own on the pool.
func (s *Store) SetGroupCommit(on bool) {
	if s.pg && on && !s.groupCommit {
		s.writes = make(chan *op)
		s.wg.Go(s.writer)
	}
	s.groupCommit = s.groupCommit || on && s.pg
}

// txPostgres runs f in a transaction, again from the start when it loses a
// race, and returns once it has committed or been refused.
func (s *Store) txPostgres(ctx context.Context, f func(*sql.Tx) error) error {
	var err error
	for attempt := range maxAttempts {
		if attempt > 0 {
			s.retries.Add(1)
			select {
			case <-time.After(backoff(attempt)):
			case <-ctx.Done():
				return ctx.Err()
			}
		}
		err = s.attempt(ctx, f)
		if err == nil || !retryable(err) {
			if err == nil {
				s.batches.Add(1)
				s.written.Add(1)
			}
			return err
		}
	}
	return fmt.Errorf("store: a write lost %d races in a row: %w", maxAttempts, err)
}

// attempt runs f once, in its own transaction: committed when f succeeds,
// rolled back when f fails or refuses.
func (s *Store) attempt(ctx context.Context, f func(*sql.Tx) error) error {
	tx, err := s.db.BeginTx(ctx, &sql.TxOptions{Isolation: sql.LevelRepeatableRead})
	if err != nil {
		return err
	}
	s.statements.Add(2) // BEGIN, and COMMIT or ROLLBACK
	if err := f(tx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// Retries returns how many times a PostgreSQL write was run again after
// losing a race (0 on SQLite).
func (s *Store) Retries() int64 { return s.retries.Load() }

// Postgres reports whether the store runs on PostgreSQL.
func (s *Store) Postgres() bool { return s.pg }

// lockTable marks a write to the results of a table in a round, on
// PostgreSQL: it updates the table's assignment row (to the same values),
// so that of two transactions writing results of one table at once, the
// later to commit fails with a serialization failure and runs again on
// the state the first left (REPEATABLE READ's first updater wins). Every
// write of a result goes through here, including a correction that
// removes a result that is not there. SQLite has one writer and needs no
// mark.
func lockTable(ctx context.Context, tx cachedQuerier, id int64, round, table int) error {
	if !tx.s.pg {
		return nil
	}
	_, err := tx.ExecContext(ctx, `UPDATE assignments SET ns = ns WHERE event_id = $1 AND round = $2 AND table_no = $3`, id, round, table)
	return err
}
