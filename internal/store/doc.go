// Package store keeps the events the server runs in an SQL database:
// events, sections, pairs and players, sessions, rounds, table
// assignments, boards with their deals and double-dummy tables, results,
// rulings (adjusted scores, Law 12C), fines, corrections with who, when and
// why (NSWBA 13), postings, table codes, director calls and the
// idempotency keys of the devices' writes.
//
// The schema is a set of versioned migrations embedded in the binary and
// applied at Open. The SQL is portable (PostgreSQL-style $N placeholders,
// which modernc's SQLite binds by ordinal; ids allocated in the writing
// transaction; times as RFC 3339 text) so that a PostgreSQL backend can run
// the same statements. SQLite runs in WAL mode with synchronous FULL and
// immediate write transactions: every write method returns only after its
// transaction has committed, so an answer sent to a table is durable.
//
// A table's writes (Enter, Confirm, CallDirector) carry an idempotency key
// stored in the same transaction as the write: a retry with the same key is
// answered with the first answer and changes nothing, so a result is never
// entered twice however often a phone resends it.
//
// EventFile and PBN export an event (bridgetd-event/1 through package event,
// PBN through package pbn); Travellers gives package score the boards'
// travellers. Package event decides the NSWBA 13 correction windows.
package store
