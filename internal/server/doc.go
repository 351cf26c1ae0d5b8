// Package server is bridgetd's event server: the director's console, the
// score entry pages of the tables and the live public results, on one
// store (package internal/store).
//
// Pages are rendered on the server with html/template from templates
// embedded in the binary, with two small plain scripts (static/table.js,
// static/live.js) and no build step. Routes are net/http ServeMux patterns.
//
// Roles. The director logs in with the token printed on the terminal at
// start, or with the password set by bridgetd serve --password or, at
// first start, on the password page the token leads to (SetPassword; the
// store keeps a salted PBKDF2-SHA256 key of it), and gets a signed cookie;
// the secret lives in the store, so instances on one database agree. A
// table opens its page with its code, which opens only that table's current
// round and expires when the session's scores are posted; wrong codes are
// counted per address, in the store (so across instances), and refused
// beyond a limit (429). The public sees
// published events only. Every write is checked on the server, by the store,
// against the table's current round; every unsafe request from another
// origin is refused (http.CrossOriginProtection), every body is capped.
//
// A table joins by its code, or by the QR code of its address that the
// console and the printable table cards show (qr.go). A table's page keeps
// its writes in a queue in localStorage, each with an idempotency key, and
// sends them in order until the server answers, so a dropped network loses
// nothing and a resend never enters a result twice; a write the server
// refuses is shown to the table and sent to the director as a call. A
// board not of the table's current round is warned of before it is sent
// (a wrong board? Law 15); sent all the same, or arriving from a phone
// that was offline while the round moved on, it is not counted but held
// as a director call with the result entered and the warning, shown in
// the console's call queue and on the grid, where the director lets its
// score stand as the result where the board is played (a recorded
// correction) or does not count it (store.Held). The
// page lists the boards the table played in earlier rounds, with their
// travellers once every table that plays them has played them. At an
// individual event it names the four players by seat, from the movement
// (store.Seatings); at a room of a teams match it shows the match so far,
// scored by package event on the boards both rooms have played (never a
// board the table has not played), with the VPs once the match is complete.
// The server answers only after the write has committed. Pages follow the
// event live through server-sent events carried by a Broker: in-process on
// SQLite, PostgreSQL LISTEN/NOTIFY (PGBroker) when several instances share
// one PostgreSQL database. What every viewer of an event is shown alike
// (the ranking and its page, the assignments, the pairs' labels, the
// event file a teams room's match so far is scored on) is
// computed once per change of the event and shared, and the notices to the
// pages are paced (UpdateGap), so that the work of a change does not grow
// with the viewers (live.go).
//
// Operations. /healthz (alive) and /readyz (database reachable, migrations
// applied, broker listening, not shutting down) for a load balancer's
// probes; /metrics, request counts and latency histograms per route in the
// Prometheus text format; one structured log line per request (slog), by
// route, never by path, which may carry a table code. Run shuts down
// gracefully: readiness 503 for Config.Drain, then the event streams are
// told to reconnect and the requests in flight finish.
//
// The console creates every kind of event from package movement and
// package event (NewSetup): a Mitchell or Howell in one section or several
// (sharing boards or not), an individual, a Swiss pairs or teams drawn
// round by round from the console (package swiss through event.DrawSwiss),
// a teams round robin; it imports an event file run with the command line
// (ImportSetup, store.ImportEvent), everything the file holds, so that
// the file exported again is the one imported. The last drawn Swiss round
// is undone by the director, with a reason kept, before any result of it
// is entered (store.UndoRound); after, the draw stands. Every kind is ranked by event.Report, the
// whole field and each section of several on its own (SectionRankings).
//
// Board scores are package score's (matchpoints with Neuberg's formula, the
// adjusted scores of Law 12C) on the travellers the store builds; the
// ranking is package event's Report on the event file the store builds (the
// NSWBA 12 tie-breaks, fines under the offence rules of NSWBA 7), the same
// as bridgetd rank; the correction windows of NSWBA 13 are package event's,
// and a director corrects a result from a page that shows it as it is now
// with its revision, so that of two directors correcting one result the
// second is told (409, the result now and who changed it, the correction
// kept in the form) rather than overwriting unseen (store.ErrStale), and a
// fouled form (Law 87) typed there is numbered by the same rule as the
// ruling desk's, from the deals the tables played (event.FouledForm): one
// that contradicts them is refused on the same page (400, the correction
// kept in the form); a
// forfeited match (NSWBA 13.9) is declared in the console and scored by
// package event's rule;
// movements are package movement's, deals package deal's, double-dummy
// tables and par package dd's: every solver the server runs draws on one
// dd.Budget (Options.DDMemory), the board set in the background
// (dd.Tables) and a board someone is waiting for on every core
// (dd.ParallelTable).
package server
