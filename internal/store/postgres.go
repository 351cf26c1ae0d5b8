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

	"github.com/jackc/pgx/v5/pgconn"
	_ "github.com/jackc/pgx/v5/stdlib" // the PostgreSQL driver, registered as "pgx"
)

// PostgreSQL is the store's second backend, for several server processes
// sharing one database. The schema and the statements are the SQLite ones;
// what differs is how a write is run:
//
//   - SQLite has one writer per file, so Store.tx hands every write to one
//     goroutine that commits batches (group commit). Several processes on
//     one PostgreSQL database cannot share that goroutine, so each write is
//     its own SERIALIZABLE transaction on the pool: PostgreSQL then
//     guarantees that the writes that commit have the effect of some serial
//     order, which is what keeps the ids allocated as MAX+1, the idempotency
//     keys, "confirm only an entered result" and the NSWBA 13 revision check
//     of a correction true with writers in other processes.
//   - A write that loses a race is rolled back by PostgreSQL (serialization
//     failure 40001, deadlock 40P01, or a unique violation 23505 when two
//     writers allocated the same id or stored the same idempotency key) and
//     is run again from the start, so a write closure must compute
//     everything it returns from what it reads in its transaction.
//   - A write refused by the store's own rules (a confirmed board, a stale
//     revision) was decided on what its transaction read. PostgreSQL vouches
//     for data read under SERIALIZABLE only once the transaction commits, so
//     the refused write's changes are undone to a savepoint taken at its
//     start and the empty transaction is committed: if that commit fails
//     with a serialization failure, the refusal rested on a state that was
//     not serial and the write is run again.

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
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", name, err)
	}
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
	var have int
	if err := tx.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_migrations`).Scan(&have); err != nil {
		return err
	}
	ms, err := migrationList()
	if err != nil {
		return err
	}
	for _, m := range ms {
		if m.version <= have {
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

// txPostgres runs f in a SERIALIZABLE transaction, again from the start
// when it loses a race, and returns once it has committed or been refused.
func (s *Store) txPostgres(ctx context.Context, f func(*sql.Tx) error) error {
	var err error
	for attempt := range maxAttempts {
		if attempt > 0 {
			s.retries.Add(1)
			// Back off a little, at random, so that the writers that
			// collided do not collide again.
			d := time.Duration(rand.Int64N(int64(min(time.Millisecond<<min(attempt, 6), 50*time.Millisecond)))) + 100*time.Microsecond
			select {
			case <-time.After(d):
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

// attempt runs f once. A refusal (an error that is not a lost race) undoes
// f's changes and commits the transaction, so that PostgreSQL checks that
// what f read, and refused on, was a serial state.
func (s *Store) attempt(ctx context.Context, f func(*sql.Tx) error) error {
	tx, err := s.db.BeginTx(ctx, &sql.TxOptions{Isolation: sql.LevelSerializable})
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `SAVEPOINT write`); err != nil {
		tx.Rollback()
		return err
	}
	ferr := f(tx)
	if ferr == nil {
		if err := tx.Commit(); err != nil {
			return err
		}
		return nil
	}
	if retryable(ferr) {
		tx.Rollback()
		return ferr
	}
	if _, err := tx.ExecContext(ctx, `ROLLBACK TO SAVEPOINT write`); err != nil {
		tx.Rollback()
		if retryable(err) {
			return err
		}
		return ferr
	}
	if err := tx.Commit(); err != nil && retryable(err) {
		return err
	}
	return ferr
}

// Retries returns how many times a PostgreSQL write was run again after
// losing a race (0 on SQLite).
func (s *Store) Retries() int64 { return s.retries.Load() }

// Postgres reports whether the store runs on PostgreSQL.
func (s *Store) Postgres() bool { return s.pg }
