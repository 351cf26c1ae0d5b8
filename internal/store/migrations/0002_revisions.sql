-- bridgetd schema, version 2: revisions of board results, so that a
-- director's correction names the result it replaces and a change made
-- meanwhile by another writer (a second director, a table, another server
-- instance) is refused instead of overwritten (NSWBA 13 corrections under
-- concurrent writers).
--
-- A result's revision counts the writes to its board at its table: 1 for
-- the first entry, one more for each entry, confirmation, rejection and
-- correction. A correction that removes the result keeps the revision it
-- made in its own row, so that a result entered again afterwards goes on
-- from there and a revision is never used twice for one board at a table.

ALTER TABLE results ADD COLUMN revision BIGINT NOT NULL DEFAULT 1;

ALTER TABLE corrections ADD COLUMN revision BIGINT NOT NULL DEFAULT 0;

CREATE INDEX corrections_key ON corrections (event_id, board, round, table_no);

-- A table's results by round (the table-entry path reads them on every
-- write): on PostgreSQL a SERIALIZABLE read of them then locks this
-- table's entries only, not the other tables' in the same rounds, so
-- writers at different tables do not conflict.
CREATE INDEX results_table_round ON results (event_id, table_no, round);
