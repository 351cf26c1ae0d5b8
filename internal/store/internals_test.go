package store

import (
	"context"
	"database/sql"
	"fmt"
)

// CachedCount returns how many statements s keeps prepared (the tests in
// package store_test).
func CachedCount(s *Store) int {
	n := 0
	s.stmts.Range(func(any, any) bool { n++; return true })
	return n
}

// LastMigration returns the number of the last embedded migration.
func LastMigration() int {
	ms, err := migrationList()
	if err != nil || len(ms) == 0 {
		panic(fmt.Sprint("no migrations: ", err))
	}
	return ms[len(ms)-1].version
}

// SetSettleHook makes f run in AcceptHeld's transaction between the
// correction and the answer to the call (the tests in package store_test).
func SetSettleHook(s *Store, f func(context.Context, *sql.Tx) error) { s.settleHook = f }
