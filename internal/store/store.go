package store

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	_ "modernc.org/sqlite" // the pure-Go SQLite driver, registered as "sqlite"
)

//go:embed migrations/*.sql
var migrations embed.FS

// Sentinel errors for expected conditions; the server turns them into 4xx
// answers.
var (
	ErrNotFound  = errors.New("not found")
	ErrForbidden = errors.New("not allowed")
	ErrInvalid   = errors.New("invalid")
	ErrConflict  = errors.New("conflict")
	ErrClosed    = errors.New("closed")
)

// Store is the event database.
type Store struct {
	db *sql.DB
	// now is the clock; tests replace it.
	now func() time.Time
	// settleHook, set by tests only, runs in AcceptHeld's transaction
	// between the correction and the answer to the call.
	settleHook func(context.Context, *sql.Tx) error
	// writes carries write transactions to the one writer (group commit).
	writes chan *op
	quit   chan struct{}
	wg     sync.WaitGroup
	// batches and writes count the commits and the writes in them.
	batches, written atomic.Int64
	// stmts caches prepared statements by their text (prepared.go).
	stmts sync.Map
	// batchStmts holds, for the writer's transaction batchTx, its
	// statements bound to it (prepared.go), by their text. Only the writer
	// goroutine sets them and runs statements in batchTx; other goroutines
	// only compare their own transaction with batchTx.
	batchStmts map[string]*sql.Stmt
	batchTx    atomic.Pointer[sql.Tx]
	// pg: the database is PostgreSQL (postgres.go); each write runs as a
	// transaction of its own on the pool instead of through writer.
	pg      bool
	retries atomic.Int64
	// groupCommit: on PostgreSQL too, writes go through writer in
	// batches (SetGroupCommit).
	groupCommit bool
	// statements counts the statements run through the statement cache
	// (prepared.go) and the writer's BEGIN and COMMIT: every statement of
	// a table's entry and confirmation.
	statements atomic.Int64
	// On SQLite the writer keeps one connection (wconn) for its
	// transactions, and with it the tables' rounds and the boards it has
	// read (writerCache, tablecache.go), which only the writer goroutine
	// touches. dataVersion is wconn's PRAGMA data_version at the last
	// batch: a change means another connection wrote, and the cache is
	// dropped.
	wconn       *sql.Conn
	dataVersion int64
	wcache      writerCache
}

// Stats returns the number of commits and of writes committed: their ratio
// is the mean batch of the group commit.
func (s *Store) Stats() (commits, writes int64) { return s.batches.Load(), s.written.Load() }

// Statements returns the number of SQL statements run so far through the
// store's statement cache, with the writer's BEGIN and COMMIT: all of a
// table's entry and confirmation (the load benchmark divides it by the
// entries). Statements run otherwise (the director's, migrations) are not
// counted.
func (s *Store) Statements() int64 { return s.statements.Load() }

// op is one write waiting for the writer.
type op struct {
	ctx  context.Context
	f    func(*sql.Tx) error
	done chan error
	// table: f is a table's entry or confirmation, which keeps the
	// writer's cache (tablecache.go) true itself; after any other write
	// the cache is dropped.
	table bool
}

// MaxBatch is the most writes committed together.
const MaxBatch = 256

// DSN returns the modernc SQLite data source name for a database file: WAL,
// a busy timeout, synchronous FULL (an acknowledged write survives a power
// cut) and write transactions that take the lock at BEGIN (IMMEDIATE), so
// two writers never deadlock upgrading a read lock.
func DSN(path string) string {
	q := url.Values{}
	q.Set("_busy_timeout", "10000")
	q.Add("_pragma", "foreign_keys(1)")
	q.Add("_pragma", "journal_mode(WAL)")
	q.Add("_pragma", "synchronous(FULL)")
	// A page cache of up to 64 MiB a connection (the default is 2 MiB):
	// an evening of a thousand tables is some 40 MB, and a write's checks
	// read rows all over it; with the default every few rows cost a read
	// from the file.
	q.Add("_pragma", "cache_size(-65536)")
	q.Set("_txlock", "immediate")
	return "file:" + path + "?" + q.Encode()
}

// Open opens the database named by dsn and applies the migrations it has
// not seen yet: a postgres:// or postgresql:// URL opens PostgreSQL (see
// IsPostgres); anything else is the path of an SQLite file, created if
// missing.
func Open(ctx context.Context, dsn string) (*Store, error) {
	if IsPostgres(dsn) {
		return openPostgres(ctx, dsn)
	}
	return openSQLite(ctx, dsn)
}

func openSQLite(ctx context.Context, path string) (*Store, error) {
	db, err := sql.Open("sqlite", DSN(path))
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	// SQLite has one writer; a small pool keeps readers going beside it.
	db.SetMaxOpenConns(4)
	s := &Store{db: db, now: time.Now, writes: make(chan *op), quit: make(chan struct{})}
	s.wg.Go(s.writer)
	if err := s.migrate(ctx); err != nil {
		s.Close()
		return nil, fmt.Errorf("store: %s: %w", path, err)
	}
	return s, nil
}

// Close stops the writer and closes the database.
func (s *Store) Close() error {
	close(s.quit)
	s.wg.Wait()
	s.closeStmts()
	return s.db.Close()
}

// SetClock replaces the store's clock (tests).
func (s *Store) SetClock(now func() time.Time) { s.now = now }

// Now returns the store's clock reading.
func (s *Store) Now() time.Time { return s.now() }

// Version returns the highest migration applied.
func (s *Store) Version(ctx context.Context) (int, error) {
	var v int
	err := s.db.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_migrations`).Scan(&v)
	return v, err
}

// migrate applies the embedded migrations in order of their number
// (NNNN_name.sql), each in its own transaction with its version row.
func (s *Store) migrate(ctx context.Context) error {
	if _, err := s.db.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)`); err != nil {
		return fmt.Errorf("schema_migrations: %w", err)
	}
	ms, err := migrationList()
	if err != nil {
		return err
	}
	for _, m := range ms {
		// The version is read again inside the write transaction, which
		// holds SQLite's write lock: another process opening the same
		// file at the same time may have applied it meanwhile.
		err := s.tx(ctx, func(tx *sql.Tx) error {
			if done, err := m.applied(ctx, tx); done || err != nil {
				return err
			}
			return m.apply(ctx, tx, s.now())
		})
		if err != nil {
			return err
		}
	}
	return nil
}

func stripComments(stmt string) string {
	var b strings.Builder
	for line := range strings.SplitSeq(stmt, "\n") {
		if i := strings.Index(line, "--"); i >= 0 {
			line = line[:i]
		}
		b.WriteString(line)
		b.WriteByte('\n')
	}
	return b.String()
}

// tx runs f as a write and returns when it has been committed (with
// synchronous FULL, reached the disk) or refused. Writes go to one writer,
// which runs the writes waiting at the same time in one transaction, each
// inside its own savepoint: a write that fails is rolled back alone, the
// others commit together with one sync (group commit). The order of the
// writes in a batch is a serial order; each sees the ones before it.
//
// On PostgreSQL each write is a transaction of its own, run again when it
// loses a race with another writer (txPostgres, postgres.go), so f may run
// more than once and must build its answer from what it reads.
func (s *Store) tx(ctx context.Context, f func(*sql.Tx) error) error {
	return s.write(ctx, f, false)
}

// tableTx is tx for a table's entry or confirmation, which keeps the
// writer's cache true (tablecache.go).
func (s *Store) tableTx(ctx context.Context, f func(*sql.Tx) error) error {
	return s.write(ctx, f, true)
}

func (s *Store) write(ctx context.Context, f func(*sql.Tx) error, table bool) error {
	if s.pg && !s.groupCommit {
		return s.txPostgres(ctx, f)
	}
	o := &op{ctx: ctx, f: f, done: make(chan error, 1), table: table}
	select {
	case s.writes <- o:
	case <-ctx.Done():
		return ctx.Err()
	case <-s.quit:
		return fmt.Errorf("store: %w", ErrClosed)
	}
	return <-o.done
}

// writer commits the writes in batches until the store closes.
func (s *Store) writer() {
	for {
		var first *op
		select {
		case first = <-s.writes:
		case <-s.quit:
			if s.wconn != nil {
				s.wconn.Close()
			}
			return
		}
		batch := []*op{first}
	more:
		for len(batch) < MaxBatch {
			select {
			case o := <-s.writes:
				batch = append(batch, o)
			default:
				break more
			}
		}
		s.commit(batch)
	}
}

func (s *Store) commit(batch []*op) {
	for attempt := 1; ; attempt++ {
		results, err := s.commitOnce(batch)
		if err != nil {
			// Nothing of the batch is in the database: neither may it be
			// in the cache, and the connection may be broken.
			s.dropWriterConn()
		}
		// On PostgreSQL (group commit per process) a batch that lost a
		// race with another process is run again whole.
		if err != nil && s.pg && retryable(err) && attempt < maxAttempts {
			s.retries.Add(1)
			time.Sleep(backoff(attempt))
			continue
		}
		if err != nil {
			for _, o := range batch {
				o.done <- err
			}
			return
		}
		s.batches.Add(1)
		s.written.Add(int64(len(batch)))
		for i, o := range batch {
			o.done <- results[i]
		}
		return
	}
}

// commitOnce runs the batch in one transaction, each write in a savepoint,
// and returns each write's answer, or the error that failed the batch.
func (s *Store) commitOnce(batch []*op) ([]error, error) {
	results := make([]error, len(batch))
	tx, err := s.begin()
	if err != nil {
		return nil, err
	}
	s.statements.Add(1) // BEGIN
	s.batchStmts = map[string]*sql.Stmt{}
	s.batchTx.Store(tx)
	defer s.batchTx.Store(nil)
	cq := s.cached(tx)
	if err := s.checkDataVersion(cq); err != nil {
		tx.Rollback()
		return nil, err
	}
	for i, o := range batch {
		if err := o.ctx.Err(); err != nil {
			results[i] = err
			continue
		}
		if _, err := cq.ExecContext(context.Background(), `SAVEPOINT op`); err != nil {
			tx.Rollback()
			return nil, err
		}
		err := o.f(tx)
		if !o.table {
			// Any other write may change what the cache holds.
			s.wcache.drop()
		}
		if err != nil {
			if s.pg && retryable(err) {
				tx.Rollback()
				return nil, err
			}
			results[i] = err
			if _, err := cq.ExecContext(context.Background(), `ROLLBACK TO SAVEPOINT op`); err != nil {
				tx.Rollback()
				return nil, err
			}
		}
		if _, err := cq.ExecContext(context.Background(), `RELEASE SAVEPOINT op`); err != nil {
			tx.Rollback()
			return nil, err
		}
	}
	s.statements.Add(1) // COMMIT
	if err := tx.Commit(); err != nil {
		return nil, err
	}
	return results, nil
}

// nextID allocates the next id of table in the writing transaction.
func nextID(ctx context.Context, tx *sql.Tx, table string) (int64, error) {
	var id int64
	err := tx.QueryRowContext(ctx, `SELECT COALESCE(MAX(id), 0) + 1 FROM `+table).Scan(&id)
	return id, err
}

// stamp writes a time as the schema keeps it: RFC 3339 in UTC.
func stamp(t time.Time) string { return t.UTC().Format(time.RFC3339Nano) }

// parseStamp reads a stamp; the empty string is the zero time.
func parseStamp(s string) time.Time {
	t, _ := time.Parse(time.RFC3339Nano, s)
	return t
}

func nullStamp(ns sql.NullString) *time.Time {
	if !ns.Valid || ns.String == "" {
		return nil
	}
	t := parseStamp(ns.String)
	return &t
}

// Setting returns a stored setting; ok is false when it is not set.
func (s *Store) Setting(ctx context.Context, name string) (value string, ok bool, err error) {
	err = s.db.QueryRowContext(ctx, `SELECT value FROM settings WHERE name = $1`, name).Scan(&value)
	if errors.Is(err, sql.ErrNoRows) {
		return "", false, nil
	}
	return value, err == nil, err
}

// SetSetting stores a setting.
func (s *Store) SetSetting(ctx context.Context, name, value string) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO settings (name, value) VALUES ($1, $2)
			ON CONFLICT (name) DO UPDATE SET value = excluded.value`, name, value)
		return err
	})
}

// SettingOnce stores value under name unless a value is there already, and
// returns the value stored: several instances agree on one secret.
func (s *Store) SettingOnce(ctx context.Context, name, value string) (string, error) {
	var got string
	err := s.tx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO settings (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`, name, value); err != nil {
			return err
		}
		return tx.QueryRowContext(ctx, `SELECT value FROM settings WHERE name = $1`, name).Scan(&got)
	})
	return got, err
}

func joinInts(xs []int) string {
	var b strings.Builder
	for i, x := range xs {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(x))
	}
	return b.String()
}

func splitInts(s string) []int {
	if s == "" {
		return nil
	}
	var out []int
	for f := range strings.SplitSeq(s, ",") {
		n, err := strconv.Atoi(f)
		if err == nil {
			out = append(out, n)
		}
	}
	return out
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
