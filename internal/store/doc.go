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
// committed in batches by one writer (group commit) on a connection of its
// own, which keeps what a table's entry and confirmation check (its open
// rounds, results and boards) instead of reading them again for each write,
// and drops it on any other write (tablecache.go); on PostgreSQL, which
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
// Events of every kind. A single-section Mitchell or Howell is stored from
// its movement (package movement). Any other event — individual, Swiss
// pairs or teams, a teams round robin, several sections — is stored from the
// event package event builds (Setup.Event): the store keeps it without
// results as the event's skeleton (migration 0004) beside its own tables of
// rounds, table assignments and results. At teams each match is two tables
// of the server, the open room 2t−1 and the closed room 2t of match t
// (Tables, MatchOf), each entering its own results. DrawSwiss draws a Swiss
// round with package event and stores it with its tables (AddRound);
// ImportEvent stores an event file run with the command line so that it
// goes on here, with everything it holds (migration 0005 keeps what the
// store's own columns do not: a result's fouled form (with, from migration
// 0007, the deal played on it, which numbers later forms), turn and appeal, the
// offences register's entries and the corrections as recorded, whom a
// posting showed as qualifying), so that EventFile writes the file again
// as it came; UndoRound takes back the last drawn round before any of its
// results exists, the reason kept; Section is one section's part of an
// event file.
//
// A table writes only its own boards of its current round: an entry of any
// other board is not counted, but held as a director call carrying the
// result and the warning when the table sends it knowing, or when it
// waited offline while the round moved on (held.go, Law 15); the director
// accepts it (AcceptHeld, a correction) or dismisses it.
//
// EventFile and PBN export an event (bridgetd-event/1 through package event,
// PBN through package pbn), the director's rulings with them: in the event
// file as its adjusted results (assigned, split, weighted, artificial A+/A/A−
// scores of Law 12C), in PBN as comments that PBNRulings reads back
// (RulingComment). Travellers gives package score the boards' travellers.
// Package event decides the NSWBA 13 correction windows.
package store
