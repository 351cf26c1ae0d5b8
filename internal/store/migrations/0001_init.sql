-- bridgetd schema, version 1. Portable SQL: SQLite and PostgreSQL share it
-- (no AUTOINCREMENT, no SERIAL: ids are allocated in the writing
-- transaction; times are RFC 3339 text in UTC; booleans are 0/1 integers).

CREATE TABLE events (
	id               BIGINT PRIMARY KEY,
	name             TEXT NOT NULL,
	kind             TEXT NOT NULL,
	scoring          TEXT NOT NULL,
	movement         TEXT NOT NULL,      -- mitchell, howell, …
	movement_json    TEXT NOT NULL,      -- package movement's Movement
	tables_n         INTEGER NOT NULL,
	rounds_n         INTEGER NOT NULL,
	boards_per_round INTEGER NOT NULL,
	two_winner       INTEGER NOT NULL DEFAULT 0,
	published        INTEGER NOT NULL DEFAULT 0,
	revision         BIGINT NOT NULL DEFAULT 1,
	created_at       TEXT NOT NULL
);

CREATE TABLE sections (
	event_id BIGINT NOT NULL REFERENCES events(id),
	name     TEXT NOT NULL,
	PRIMARY KEY (event_id, name)
);

CREATE TABLE entrants (
	event_id BIGINT NOT NULL REFERENCES events(id),
	number   INTEGER NOT NULL,
	section  TEXT NOT NULL DEFAULT 'A',
	name     TEXT NOT NULL DEFAULT '',
	PRIMARY KEY (event_id, number)
);

CREATE TABLE players (
	event_id BIGINT NOT NULL,
	entrant  INTEGER NOT NULL,
	seat     INTEGER NOT NULL,           -- 0 first player, 1 second
	name     TEXT NOT NULL,
	member   TEXT NOT NULL DEFAULT '',
	PRIMARY KEY (event_id, entrant, seat),
	FOREIGN KEY (event_id, entrant) REFERENCES entrants(event_id, number)
);

CREATE TABLE sessions (
	event_id  BIGINT NOT NULL REFERENCES events(id),
	number    INTEGER NOT NULL,
	start_at  TEXT NOT NULL,
	posted_at TEXT,                      -- NSWBA 13 windows run from here
	closed_at TEXT,                      -- table codes expire with it
	PRIMARY KEY (event_id, number)
);

CREATE TABLE rounds (
	event_id   BIGINT NOT NULL REFERENCES events(id),
	number     INTEGER NOT NULL,
	session    INTEGER NOT NULL,
	started_at TEXT,
	closed_at  TEXT,
	PRIMARY KEY (event_id, number)
);

CREATE TABLE assignments (
	event_id BIGINT NOT NULL,
	round    INTEGER NOT NULL,
	table_no INTEGER NOT NULL,
	ns       INTEGER NOT NULL,          -- 0: empty seat (sit-out)
	ew       INTEGER NOT NULL,
	boards   TEXT NOT NULL,             -- board numbers in playing order, "1,2,3"
	switched INTEGER NOT NULL DEFAULT 0, -- arrow switch
	PRIMARY KEY (event_id, round, table_no),
	FOREIGN KEY (event_id, round) REFERENCES rounds(event_id, number)
);

CREATE TABLE boards (
	event_id BIGINT NOT NULL REFERENCES events(id),
	number   INTEGER NOT NULL,
	dealer   TEXT NOT NULL,
	vul      TEXT NOT NULL,
	deal     TEXT NOT NULL,             -- PBN Deal tag value, from North
	dd       TEXT NOT NULL DEFAULT '',  -- double-dummy table, JSON [seat][strain]
	PRIMARY KEY (event_id, number)
);

CREATE TABLE results (
	event_id     BIGINT NOT NULL,
	round        INTEGER NOT NULL,
	table_no     INTEGER NOT NULL,
	board        INTEGER NOT NULL,
	ns           INTEGER NOT NULL,
	ew           INTEGER NOT NULL,
	contract     TEXT NOT NULL,          -- "4SX", "Pass"
	declarer     TEXT NOT NULL DEFAULT '',
	lead         TEXT NOT NULL DEFAULT '',
	tricks       INTEGER NOT NULL DEFAULT 0,
	score        INTEGER NOT NULL,       -- North–South's Law 77 score
	status       TEXT NOT NULL,          -- entered, confirmed, rejected
	warnings     TEXT NOT NULL DEFAULT '',
	entered_at   TEXT NOT NULL,
	confirmed_at TEXT,
	entered_by   TEXT NOT NULL,
	PRIMARY KEY (event_id, board, round, table_no)
);

CREATE TABLE rulings (
	id        BIGINT PRIMARY KEY,
	event_id  BIGINT NOT NULL,
	round     INTEGER NOT NULL,
	table_no  INTEGER NOT NULL,
	board     INTEGER NOT NULL,
	kind      TEXT NOT NULL,            -- assigned, split, weighted, artificial
	detail    TEXT NOT NULL,            -- JSON: scores, outcomes, awards
	law       TEXT NOT NULL DEFAULT '',
	director  TEXT NOT NULL,
	why       TEXT NOT NULL DEFAULT '',
	at        TEXT NOT NULL,
	withdrawn INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE fines (
	id       BIGINT PRIMARY KEY,
	event_id BIGINT NOT NULL,
	entrant  INTEGER NOT NULL,
	amount   DOUBLE PRECISION NOT NULL,  -- in percent of a top (matchpoints)
	kind     TEXT NOT NULL,
	director TEXT NOT NULL,
	note     TEXT NOT NULL DEFAULT '',
	at       TEXT NOT NULL
);

CREATE TABLE corrections (
	id       BIGINT PRIMARY KEY,
	event_id BIGINT NOT NULL,
	round    INTEGER NOT NULL,
	table_no INTEGER NOT NULL,
	board    INTEGER NOT NULL,
	old      TEXT NOT NULL,             -- the result before, JSON
	new      TEXT NOT NULL,
	by_whom  TEXT NOT NULL,
	why      TEXT NOT NULL,
	at       TEXT NOT NULL,
	win_rule TEXT NOT NULL DEFAULT '',  -- the NSWBA 13 window that applied
	override TEXT NOT NULL DEFAULT ''   -- the director who allowed a late one
);

CREATE TABLE postings (
	event_id BIGINT NOT NULL,
	session  INTEGER NOT NULL,
	at       TEXT NOT NULL,
	PRIMARY KEY (event_id, session, at)
);

CREATE TABLE table_codes (
	code     TEXT PRIMARY KEY,
	event_id BIGINT NOT NULL,
	session  INTEGER NOT NULL,
	table_no INTEGER NOT NULL
);

CREATE TABLE director_calls (
	id          BIGINT PRIMARY KEY,
	event_id    BIGINT NOT NULL,
	round       INTEGER NOT NULL,
	table_no    INTEGER NOT NULL,
	note        TEXT NOT NULL,
	at          TEXT NOT NULL,
	answered_at TEXT
);

-- A device's write is recorded with its key in the transaction that makes
-- it, so that a retry is answered from here and never applied twice.
CREATE TABLE idempotency (
	key      TEXT PRIMARY KEY,
	scope    TEXT NOT NULL,
	response TEXT NOT NULL,
	at       TEXT NOT NULL
);

CREATE TABLE settings (
	name  TEXT PRIMARY KEY,
	value TEXT NOT NULL
);

CREATE INDEX results_table ON results (event_id, round, table_no);
CREATE INDEX rulings_board ON rulings (event_id, board);
