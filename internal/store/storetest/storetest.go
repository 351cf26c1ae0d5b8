// Package storetest opens fresh store databases for tests, on each backend
// the store runs on: SQLite (a file in the test's temporary directory) and
// PostgreSQL (a new database on the server named by the environment
// variable BRIDGETD_TEST_POSTGRES, dropped when the test ends).
//
// Without BRIDGETD_TEST_POSTGRES a PostgreSQL test is skipped with a plain
// message saying how to run it, except under CI (the variable CI set),
// where it fails: CI must run the store on PostgreSQL too (.ci/postgres
// starts a server and sets the variable).
//
//	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
//		s := storetest.Open(t, b)
//		…
//	})
package storetest

import (
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"net/url"
	"os"
	"path/filepath"
	"testing"

	_ "github.com/jackc/pgx/v5/stdlib" // the PostgreSQL driver, "pgx"

	"github.com/bridgetd/bridgetd/deal"
	"github.com/bridgetd/bridgetd/internal/store"
	"github.com/bridgetd/bridgetd/movement"
)

// Env is the environment variable holding the DSN of a PostgreSQL server
// for tests, e.g. postgres://postgres@127.0.0.1:55432/postgres?sslmode=disable.
// Each test creates its own database there.
const Env = "BRIDGETD_TEST_POSTGRES"

// Backend is a database engine the store runs on.
type Backend string

// The backends.
const (
	SQLite   Backend = "sqlite"
	Postgres Backend = "postgres"
)

// Backends returns every backend, SQLite first. A test that runs on each
// should use Run, or call DSN or Open, which skip (or, under CI, fail) a
// PostgreSQL test with no server.
func Backends() []Backend { return []Backend{SQLite, Postgres} }

// Run runs f as a subtest per backend, named "sqlite" and "postgres".
func Run(t *testing.T, f func(t *testing.T, b Backend)) {
	t.Helper()
	for _, b := range Backends() {
		t.Run(string(b), func(t *testing.T) { f(t, b) })
	}
}

// Skipped is the message of a PostgreSQL test skipped for want of a server.
const Skipped = "PostgreSQL tests skipped: " + Env + " is not set. To run them, start a PostgreSQL server " +
	"and set " + Env + "=postgres://USER@HOST:PORT/postgres?sslmode=disable (each test creates and drops its own database; " +
	"in bash, source .ci/postgres starts one)"

// Server returns the PostgreSQL server's DSN for tests. With none set it
// skips t, or fails it under CI.
func Server(t testing.TB) string {
	t.Helper()
	dsn := os.Getenv(Env)
	if dsn == "" {
		if os.Getenv("CI") != "" {
			t.Fatalf("%s is not set, and CI must run the PostgreSQL tests (.ci/postgres starts a server and sets it)", Env)
		}
		t.Skip(Skipped)
	}
	return dsn
}

// DSN returns the data source name of a fresh, empty database on backend
// b: a file in t's temporary directory, or a new PostgreSQL database with
// a unique name, dropped (with any connection still open to it) when the
// test ends. Several stores may open the same DSN: they stand for several
// server instances on one database.
func DSN(t testing.TB, b Backend) string {
	t.Helper()
	switch b {
	case SQLite:
		return filepath.Join(t.TempDir(), "store.db")
	case Postgres:
		return NewDatabase(t, Server(t))
	}
	t.Fatalf("storetest: unknown backend %q", b)
	return ""
}

// NewDatabase creates a database with a unique name on the PostgreSQL
// server at server and returns its DSN; the database is dropped when the
// test ends.
func NewDatabase(t testing.TB, server string) string {
	t.Helper()
	u, err := url.Parse(server)
	if err != nil {
		t.Fatalf("storetest: %s: %v", Env, err)
	}
	admin, err := sql.Open("pgx", server)
	if err != nil {
		t.Fatalf("storetest: %s: %v", Env, err)
	}
	var rnd [6]byte
	rand.Read(rnd[:])
	name := "bridgetd_test_" + hex.EncodeToString(rnd[:])
	if _, err := admin.ExecContext(t.Context(), `CREATE DATABASE `+name); err != nil {
		admin.Close()
		t.Fatalf("storetest: create database on %s: %v", u.Redacted(), err)
	}
	t.Cleanup(func() {
		defer admin.Close()
		// FORCE ends the connections of stores a test left open.
		if _, err := admin.Exec(`DROP DATABASE IF EXISTS ` + name + ` WITH (FORCE)`); err != nil {
			t.Errorf("storetest: drop database %s: %v", name, err)
		}
	})
	u.Path = "/" + name
	return u.String()
}

// Open opens a store on a fresh database of backend b, closed when the
// test ends.
func Open(t testing.TB, b Backend) *store.Store {
	t.Helper()
	return OpenDSN(t, DSN(t, b))
}

// OpenDSN opens a store on dsn (from DSN), closed when the test ends; a
// second store on the same DSN is a second instance on one database.
func OpenDSN(t testing.TB, dsn string) *store.Store {
	t.Helper()
	s, err := store.Open(t.Context(), dsn)
	if err != nil {
		t.Fatalf("storetest: open: %v", err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// String returns b's name, as the subtests of Run are named.
func (b Backend) String() string { return string(b) }

// Evening creates an event named name on st with the movement mv and its
// boards dealt from seed, starts every round, and returns the event and the
// tables' codes: an evening in progress for the tests and benchmarks that
// enter results at every table.
func Evening(t testing.TB, st *store.Store, name string, mv *movement.Movement, seed uint64) (int64, []store.TableCode) {
	t.Helper()
	ctx := t.Context()
	boards, err := deal.Seeded(seed).Boards(1, mv.TotalBoards())
	if err != nil {
		t.Fatal(err)
	}
	id, err := st.CreateEvent(ctx, store.Setup{Name: name, Movement: mv, Boards: boards})
	if err != nil {
		t.Fatal(err)
	}
	for r := range mv.Rounds {
		if err := st.StartRound(ctx, id, r+1); err != nil {
			t.Fatal(err)
		}
	}
	codes, err := st.Codes(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	return id, codes
}
