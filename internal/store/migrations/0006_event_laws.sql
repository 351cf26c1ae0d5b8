-- bridgetd schema, version 6. Portable SQL (SQLite and PostgreSQL).

-- The code of laws the event is played under: '2017' (the Laws of
-- Duplicate Bridge 2017) or '1997'. The ruling desk rules under it unless
-- the director picks the other code for one ruling.
ALTER TABLE events ADD COLUMN laws TEXT NOT NULL DEFAULT '2017';
