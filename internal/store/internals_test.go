package store

import "fmt"

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
