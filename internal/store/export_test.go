package store

// CachedCount returns how many statements s keeps prepared (the tests in
// package store_test).
func CachedCount(s *Store) int {
	n := 0
	s.stmts.Range(func(any, any) bool { n++; return true })
	return n
}
