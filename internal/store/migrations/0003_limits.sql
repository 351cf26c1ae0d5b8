-- bridgetd schema, version 3: the limit on wrong table codes and director
-- logins lives in the database, so that it holds across every instance on
-- one database. One row per key (a client address): the failures counted
-- since the start of its window (unix milliseconds). Portable SQL.

CREATE TABLE attempt_limits (
	key      TEXT PRIMARY KEY,
	since_ms BIGINT NOT NULL,
	failures INTEGER NOT NULL
);

CREATE INDEX attempt_limits_since ON attempt_limits (since_ms);
