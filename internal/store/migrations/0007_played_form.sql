-- bridgetd schema, version 7. Portable SQL (SQLite and PostgreSQL).

-- The deal a table played when a ruling found its board fouled (Law 87A),
-- in PBN from North ('' when not known): the fouled forms of a board are
-- numbered from the deals played, tables with the same deal sharing a form
-- (Law 87B; package event's FouledForm).
ALTER TABLE result_marks ADD COLUMN played TEXT NOT NULL DEFAULT '';
