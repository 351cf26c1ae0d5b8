// Package store keeps the events the server runs in an SQL database:
// events, sections, pairs and players, sessions, rounds, table
// assignments, boards with their deals and double-dummy tables, results,
// rulings (adjusted scores, Law 12C), fines, corrections with who, when and
// why (NSWBA 13), postings, table codes, director calls and the
// idempotency keys of the devices' writes.
//
// The database is SQLite (a file path) or PostgreSQL (a postgres:// URL,
// through pgx), chosen by Open. The schema is a set of versioned migrations
// embedded in the binary and applied at Open (on PostgreSQL under an
// advisory lock, so that instances starting at once apply them once). The
// SQL is portable (PostgreSQL-style $N placeholders, which modernc's SQLite
// binds by ordinal; ids allocated in the writing transaction; times as RFC
// 3339 text), so both engines run the same statements. SQLite runs in WAL
// mode with synchronous FULL and immediate write transactions, its writes
// committed in batches by one writer (group commit); on PostgreSQL, which
// several server processes share, each write is a transaction of its own,
// run again when it loses a race with another process's (postgres.go says
// how the rules stay true). Either way every write method returns only
// after its transaction has committed, so an answer sent to a table is
// durable.
//
// Every write of a board's result gives it a new revision. A director's
// Correction may name the revision read: a result changed since is not
// overwritten but refused with ErrStale.
//
// A table's writes (Enter, Confirm, CallDirector) carry an idempotency key
// stored in the same transaction as the write: a retry with the same key is
// answered with the first answer and changes nothing, so a result is never
// entered twice however often a phone resends it.
//
// Dump and Load move one event, every row of it, between databases as a
// versioned JSON archive (bridgetd-archive/1, archive.go); package
// storetest opens fresh databases of each backend for tests.
//
// EventFile and PBN export an event (bridgetd-event/1 through package event,
// PBN through package pbn); Travellers gives package score the boards'
// travellers. Package event decides the NSWBA 13 correction windows.
package store
