-- bridgetd schema, version 5. Portable SQL (SQLite and PostgreSQL):
-- tables and columns added with defaults, nothing else changed.

-- A Swiss round drawn and undone by the director before any result of it
-- was entered: the round as it was drawn (package event's Round, JSON),
-- who undid it, when and why.
CREATE TABLE round_undos (
	id       BIGINT PRIMARY KEY,
	event_id BIGINT NOT NULL,
	round    INTEGER NOT NULL,
	drawn    TEXT NOT NULL,
	by_whom  TEXT NOT NULL,
	why      TEXT NOT NULL,
	at       TEXT NOT NULL
);

-- A table's entry held for the director instead of counted: a board not
-- in the table's current round (a wrong board, Law 15). The call carries
-- the board, the result as entered (JSON) with the warning, and what the
-- director decided: '' waiting, 'accepted' (made the result of the board
-- at the table and round the director names), 'dismissed'.
ALTER TABLE director_calls ADD COLUMN board INTEGER NOT NULL DEFAULT 0;
ALTER TABLE director_calls ADD COLUMN entry TEXT NOT NULL DEFAULT '';
ALTER TABLE director_calls ADD COLUMN warning TEXT NOT NULL DEFAULT '';
ALTER TABLE director_calls ADD COLUMN outcome TEXT NOT NULL DEFAULT '';

-- What an imported event file (bridgetd-event/1) holds beyond the store's
-- own columns, so that it is exported again as it came:
-- a result's marks: its fouled form (Law 87), turned through 90° (NSWBA
-- 8.4), under appeal (NSWBA 14), by the result's key;
CREATE TABLE result_marks (
	event_id BIGINT NOT NULL,
	round    INTEGER NOT NULL,
	table_no INTEGER NOT NULL,
	board    INTEGER NOT NULL,
	form     INTEGER NOT NULL DEFAULT 0,
	turned   INTEGER NOT NULL DEFAULT 0,
	appeal   TEXT NOT NULL DEFAULT '',
	PRIMARY KEY (event_id, board, round, table_no)
);
-- an offence as the file's register entry (JSON): its players, minutes,
-- number, penalty, fine and unit, round and table (NSWBA 7);
ALTER TABLE fines ADD COLUMN offence TEXT NOT NULL DEFAULT '';
-- a correction as the file's record (JSON): its source, room, match
-- margins, appeal, deadline and lost places (NSWBA 13, 14);
ALTER TABLE corrections ADD COLUMN detail TEXT NOT NULL DEFAULT '';
-- the entrants a posting showed as qualifying (JSON list).
ALTER TABLE postings ADD COLUMN qualified TEXT NOT NULL DEFAULT '';
