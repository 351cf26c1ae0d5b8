// Package server is bridgetd's event server: the director's console, the
// score entry pages of the tables and the live public results, on one
// store (package internal/store).
//
// Pages are rendered on the server with html/template from templates
// embedded in the binary, with two small plain scripts (static/table.js,
// static/live.js) and no build step. Routes are net/http ServeMux patterns.
//
// Roles. The director logs in with the token printed on the terminal at
// start (or a password set with SetPassword) and gets a signed cookie;
// the secret lives in the store, so instances on one database agree. A
// table opens its page with its code, which opens only that table's current
// round and expires when the session's scores are posted; wrong codes are
// counted per address and refused beyond a limit (429). The public sees
// published events only. Every write is checked on the server, by the store,
// against the table's current round; every unsafe request from another
// origin is refused (http.CrossOriginProtection), every body is capped.
//
// A table's page keeps its writes in a queue in localStorage, each with an
// idempotency key, and sends them in order until the server answers, so a
// dropped network loses nothing and a resend never enters a result twice.
// The server answers only after the write has committed. Pages follow the
// event live through server-sent events carried by a Broker (in-process
// here; the interface leaves room for PostgreSQL LISTEN/NOTIFY).
//
// Scores are package score's (matchpoints with Neuberg's formula, the
// adjusted scores of Law 12C) on the travellers the store builds; the
// correction windows of NSWBA 13 are package event's; movements are package
// movement's, deals package deal's, double-dummy tables and par package dd's.
package server
