-- bridgetd schema, version 4: events of every kind. Portable SQL (SQLite
-- and PostgreSQL): one column added with a default, nothing else changed.
--
-- skeleton holds the event as package event builds it (bridgetd-event/1,
-- without results): its entrants with their sections, its sessions and the
-- rounds drawn so far with their matches. An event created before version
-- 4 has none and is rebuilt from movement_json as before. Results, rulings,
-- fines and postings stay in their tables; EventFile joins them.
ALTER TABLE events ADD COLUMN skeleton TEXT NOT NULL DEFAULT '';

-- A player's masterpoint rank as written ("Gold Life Master"): a Swiss
-- first round drawn by rating seeds by it (package event).
ALTER TABLE players ADD COLUMN mp_rank TEXT NOT NULL DEFAULT '';
