package store

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"
)

// An archive moves one event from a database to another (SQLite to
// PostgreSQL and back) with nothing lost: every row of every table that
// belongs to the event, as stored. It is a JSON document:
//
//	{"format": "bridgetd-archive/1", "schema": 2, "event": 7,
//	 "tables": [{"name": "results", "columns": ["board", …], "rows": [[1, …], …]}, …]}
//
// The tables are those with an event_id column, and events itself: the
// event's row, sections, entrants and players, sessions, rounds, table
// assignments, boards with their deals and double-dummy tables, results
// with their states and revisions, rulings, fines, corrections with who,
// when and why, postings, table codes and director calls (and any table a
// later migration adds with an event_id column). Devices' idempotency keys
// are not moved: they answer the retries of phones at the tables, which
// join again after a move.
//
// Loading allocates a new event id in the target database and new ids for
// the rows that have one (rulings, fines, corrections, calls), in their
// order; a table code already used in the target is replaced by a new one.
// It runs in one write transaction: a bad archive writes nothing.

// ArchiveFormat is the format name of an archive this store writes and
// reads.
const ArchiveFormat = "bridgetd-archive/1"

// Archive is one event's rows.
type Archive struct {
	Format string         `json:"format"`
	Schema int            `json:"schema"` // the highest migration of the database it came from
	Event  int64          `json:"event"`  // the event's id there
	Tables []ArchiveTable `json:"tables"`
}

// ArchiveTable is one table's rows of the event, each a list of values in
// the order of Columns: a string, a number or null.
type ArchiveTable struct {
	Name    string   `json:"name"`
	Columns []string `json:"columns"`
	Rows    [][]any  `json:"rows"`
}

// schemaColumns returns the columns of every table of the database, by
// table, in their order, and the declared type of each ("table.column").
// The catalogue differs: SQLite has pragma table_info, PostgreSQL
// information_schema.
func (s *Store) schemaColumns(ctx context.Context, q querier) (map[string][]string, map[string]string, error) {
	query := `SELECT m.name, p.name, p.type FROM sqlite_master m JOIN pragma_table_info(m.name) p WHERE m.type = 'table' ORDER BY m.name, p.cid`
	if s.pg {
		query = `SELECT table_name, column_name, data_type FROM information_schema.columns WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position`
	}
	rows, err := q.QueryContext(ctx, query)
	if err != nil {
		return nil, nil, err
	}
	defer rows.Close()
	out, types := map[string][]string{}, map[string]string{}
	for rows.Next() {
		var t, c, ty string
		if err := rows.Scan(&t, &c, &ty); err != nil {
			return nil, nil, err
		}
		out[t] = append(out[t], c)
		types[t+"."+c] = strings.ToUpper(ty)
	}
	return out, types, rows.Err()
}

// fitsType checks an archive value against a column's declared type. SQLite
// would store text in an INTEGER column, so the load checks what
// PostgreSQL's types would.
func fitsType(v any, ty string) error {
	if v == nil {
		return nil
	}
	switch {
	case strings.Contains(ty, "INT"):
		if _, ok := v.(int64); !ok {
			return fmt.Errorf("%v: want an integer", v)
		}
	case strings.Contains(ty, "DOUBLE"), strings.Contains(ty, "REAL"), strings.Contains(ty, "FLOAT"), strings.Contains(ty, "NUMERIC"):
		switch v.(type) {
		case int64, float64:
		default:
			return fmt.Errorf("%v: want a number", v)
		}
	case strings.Contains(ty, "TEXT"), strings.Contains(ty, "CHAR"):
		if _, ok := v.(string); !ok {
			return fmt.Errorf("%v: want text", v)
		}
	}
	return nil
}

// eventTables returns the tables that hold an event's rows, in the order
// their rows are loaded (a row after those it refers to).
func eventTables(cols map[string][]string) []string {
	first := []string{"events", "sections", "entrants", "players", "sessions", "rounds", "assignments", "boards"}
	var rest []string
	for t, cs := range cols {
		if slices.Contains(cs, "event_id") && !slices.Contains(first, t) {
			rest = append(rest, t)
		}
	}
	sort.Strings(rest)
	var out []string
	for _, t := range first {
		if _, ok := cols[t]; ok {
			out = append(out, t)
		}
	}
	return append(out, rest...)
}

// Dump returns every row of event id.
func (s *Store) Dump(ctx context.Context, id int64) (*Archive, error) {
	if _, err := s.Event(ctx, id); err != nil {
		return nil, err
	}
	ver, err := s.Version(ctx)
	if err != nil {
		return nil, err
	}
	cols, _, err := s.schemaColumns(ctx, s.db)
	if err != nil {
		return nil, fmt.Errorf("store: dump: %w", err)
	}
	a := &Archive{Format: ArchiveFormat, Schema: ver, Event: id}
	for _, t := range eventTables(cols) {
		cs := slices.Clone(cols[t])
		sort.Strings(cs)
		key := "event_id"
		if t == "events" {
			key = "id"
		}
		rows, err := s.db.QueryContext(ctx, `SELECT `+quoteNames(cs)+` FROM `+quote(t)+` WHERE `+key+` = $1`, id)
		if err != nil {
			return nil, fmt.Errorf("store: dump %s: %w", t, err)
		}
		tab := ArchiveTable{Name: t, Columns: cs, Rows: [][]any{}}
		for rows.Next() {
			vals := make([]any, len(cs))
			ptrs := make([]any, len(cs))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				rows.Close()
				return nil, fmt.Errorf("store: dump %s: %w", t, err)
			}
			for i, v := range vals {
				vals[i] = normalValue(v)
			}
			tab.Rows = append(tab.Rows, vals)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, fmt.Errorf("store: dump %s: %w", t, err)
		}
		// The engines order text differently (collations): the rows go
		// in the order of their JSON text, the same from either.
		sortRows(tab.Rows)
		a.Tables = append(a.Tables, tab)
	}
	return a, nil
}

// normalValue turns what a driver scanned into an archive value: the
// engines give integers of different widths and text as string or bytes.
func normalValue(v any) any {
	switch x := v.(type) {
	case int32:
		return int64(x)
	case int:
		return int64(x)
	case []byte:
		return string(x)
	case bool:
		return int64(boolInt(x))
	case float32:
		return float64(x)
	}
	return v
}

func sortRows(rows [][]any) {
	keys := make([]string, len(rows))
	for i, r := range rows {
		b, _ := json.Marshal(r)
		keys[i] = string(b)
	}
	idx := make([]int, len(rows))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(i, j int) bool { return keys[idx[i]] < keys[idx[j]] })
	sorted := make([][]any, len(rows))
	for i, k := range idx {
		sorted[i] = rows[k]
	}
	copy(rows, sorted)
}

// Write writes the archive as indented JSON.
func (a *Archive) Write(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", " ")
	return enc.Encode(a)
}

// ExportArchive writes event id's archive to w.
func (s *Store) ExportArchive(ctx context.Context, id int64, w io.Writer) error {
	a, err := s.Dump(ctx, id)
	if err != nil {
		return err
	}
	return a.Write(w)
}

// archiveError is a fault of an archive: where (the file and the field)
// and what.
func archiveError(name, field, format string, args ...any) error {
	return fmt.Errorf("%s: %s: %w: %s", name, field, ErrInvalid, fmt.Sprintf(format, args...))
}

var identRE = regexp.MustCompile(`^[a-z_][a-z0-9_]{0,62}$`)

// ReadArchive reads and checks an archive; name is the file's name for
// errors, which say where the fault is (a line, or the field).
func ReadArchive(r io.Reader, name string) (*Archive, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	dec.DisallowUnknownFields()
	var a Archive
	if err := dec.Decode(&a); err != nil {
		var se *json.SyntaxError
		var te *json.UnmarshalTypeError
		switch {
		case errors.As(err, &se):
			return nil, fmt.Errorf("%s: line %d: %w: %v", name, lineOf(data, se.Offset), ErrInvalid, err)
		case errors.As(err, &te):
			return nil, fmt.Errorf("%s: line %d: %s: %w: want %v, found a JSON %s", name, lineOf(data, te.Offset), te.Field, ErrInvalid, te.Type, te.Value)
		}
		return nil, fmt.Errorf("%s: %w: %v", name, ErrInvalid, err)
	}
	if dec.More() {
		return nil, fmt.Errorf("%s: line %d: %w: text after the archive", name, lineOf(data, dec.InputOffset()), ErrInvalid)
	}
	if a.Format != ArchiveFormat {
		return nil, archiveError(name, "format", "%q: want %q", a.Format, ArchiveFormat)
	}
	if a.Schema < 1 {
		return nil, archiveError(name, "schema", "%d: want the migration number of the database it came from", a.Schema)
	}
	seen := map[string]bool{}
	events := -1
	for i, t := range a.Tables {
		at := fmt.Sprintf("tables[%d]", i)
		if !identRE.MatchString(t.Name) {
			return nil, archiveError(name, at+".name", "%q is not a table name", t.Name)
		}
		if seen[t.Name] {
			return nil, archiveError(name, at+".name", "table %s twice", t.Name)
		}
		seen[t.Name] = true
		cols := map[string]bool{}
		for j, c := range t.Columns {
			if !identRE.MatchString(c) || cols[c] {
				return nil, archiveError(name, fmt.Sprintf("%s.columns[%d]", at, j), "%q is not a column name, or is there twice", c)
			}
			cols[c] = true
		}
		key := "event_id"
		if t.Name == "events" {
			key, events = "id", len(t.Rows)
		}
		if !cols[key] {
			return nil, archiveError(name, at+".columns", "table %s has no %s column", t.Name, key)
		}
		for j, row := range t.Rows {
			if len(row) != len(t.Columns) {
				return nil, archiveError(name, fmt.Sprintf("%s.rows[%d]", at, j), "%d values for %d columns", len(row), len(t.Columns))
			}
			for k, v := range row {
				field := fmt.Sprintf("%s(%s).rows[%d].%s", at, t.Name, j, t.Columns[k])
				x, err := archiveValue(v)
				if err != nil {
					return nil, archiveError(name, field, "%v", err)
				}
				row[k] = x
				if t.Columns[k] == key {
					if n, ok := x.(int64); !ok || n != a.Event {
						return nil, archiveError(name, field, "%v: the archive is of event %d", v, a.Event)
					}
				}
			}
		}
	}
	if events != 1 {
		return nil, archiveError(name, "tables", "want the events table with the event's one row")
	}
	return &a, nil
}

// archiveValue checks and converts one value: a string, null, or a number
// (an integer when it has no fraction or exponent).
func archiveValue(v any) (any, error) {
	switch x := v.(type) {
	case nil, string:
		return x, nil
	case json.Number:
		if !strings.ContainsAny(string(x), ".eE") {
			n, err := strconv.ParseInt(string(x), 10, 64)
			if err != nil {
				return nil, fmt.Errorf("%s: an integer out of range", x)
			}
			return n, nil
		}
		f, err := x.Float64()
		if err != nil {
			return nil, fmt.Errorf("%s: a number out of range", x)
		}
		return f, nil
	}
	return nil, fmt.Errorf("a %T: want a string, a number or null", v)
}

func lineOf(data []byte, off int64) int {
	off = min(max(off, 0), int64(len(data)))
	return 1 + bytes.Count(data[:off], []byte("\n"))
}

// ruleIDRE finds the id at the head of a ruling's detail (the Ruling as
// JSON, whose first field is its ID), renumbered with the row.
var ruleIDRE = regexp.MustCompile(`^\{"ID":-?[0-9]+`)

// Load stores an archive's event as a new event and returns its id. The
// archive must fit this database's schema: a table or column it does not
// have is an error naming it; so is a row the database refuses (a missing
// value, a pair not entered). On any error nothing is written.
func (s *Store) Load(ctx context.Context, a *Archive, name string) (int64, error) {
	if a.Format != ArchiveFormat {
		return 0, archiveError(name, "format", "%q: want %q", a.Format, ArchiveFormat)
	}
	ver, err := s.Version(ctx)
	if err != nil {
		return 0, err
	}
	if a.Schema > ver {
		return 0, archiveError(name, "schema", "the archive comes from schema %d, this database has %d: use a newer bridgetd", a.Schema, ver)
	}
	var id int64
	err = s.tx(ctx, func(tx *sql.Tx) error {
		cols, types, err := s.schemaColumns(ctx, tx)
		if err != nil {
			return err
		}
		known := eventTables(cols)
		byName := map[string]ArchiveTable{}
		for i, t := range a.Tables {
			if !slices.Contains(known, t.Name) {
				return archiveError(name, fmt.Sprintf("tables[%d].name", i), "this database has no event table %q", t.Name)
			}
			for j, c := range t.Columns {
				if !slices.Contains(cols[t.Name], c) {
					return archiveError(name, fmt.Sprintf("tables[%d](%s).columns[%d]", i, t.Name, j), "this database's table %s has no column %q", t.Name, c)
				}
			}
			for j, row := range t.Rows {
				for k, v := range row {
					if err := fitsType(v, types[t.Name+"."+t.Columns[k]]); err != nil {
						return archiveError(name, fmt.Sprintf("tables(%s).rows[%d].%s", t.Name, j, t.Columns[k]), "%v", err)
					}
				}
			}
			byName[t.Name] = t
		}
		if id, err = nextID(ctx, tx, "events"); err != nil {
			return err
		}
		for _, tn := range known {
			t, ok := byName[tn]
			if !ok {
				continue
			}
			if err := s.loadTable(ctx, tx, name, t, a.Event, id); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("store: load %s: %w", name, err)
	}
	return id, nil
}

// loadTable inserts one table's rows under the new event id.
func (s *Store) loadTable(ctx context.Context, tx *sql.Tx, name string, t ArchiveTable, from, id int64) error {
	idCol := slices.Index(t.Columns, "id")
	// New ids for the rows that have one, in the order of the old.
	renumber := map[int64]int64{}
	if idCol >= 0 && t.Name != "events" {
		next, err := nextID(ctx, tx, quote(t.Name))
		if err != nil {
			return err
		}
		var old []int64
		for _, row := range t.Rows {
			if n, ok := row[idCol].(int64); ok {
				old = append(old, n)
			}
		}
		slices.Sort(old)
		if len(slices.Compact(slices.Clone(old))) != len(t.Rows) {
			return archiveError(name, "tables("+t.Name+")", "every row needs an id of its own")
		}
		for _, n := range old {
			renumber[n] = next
			next++
		}
	}
	marks := make([]string, len(t.Columns))
	for i := range marks {
		marks[i] = "$" + strconv.Itoa(i+1)
	}
	stmt := `INSERT INTO ` + quote(t.Name) + ` (` + quoteNames(t.Columns) + `) VALUES (` + strings.Join(marks, ", ") + `)`
	for j, row := range t.Rows {
		vals := slices.Clone(row)
		for k, c := range t.Columns {
			switch {
			case c == "event_id" || t.Name == "events" && c == "id":
				vals[k] = id
			case c == "id" && t.Name != "events":
				if n, ok := vals[k].(int64); ok {
					vals[k] = renumber[n]
				}
			case t.Name == "rulings" && c == "detail" && idCol >= 0:
				if d, ok := vals[k].(string); ok {
					if n, ok := row[idCol].(int64); ok {
						vals[k] = ruleIDRE.ReplaceAllString(d, `{"ID":`+strconv.FormatInt(renumber[n], 10))
					}
				}
			case t.Name == "table_codes" && c == "code":
				code, _ := vals[k].(string)
				var n int
				if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM table_codes WHERE code = $1`, code).Scan(&n); err != nil {
					return err
				}
				if n > 0 {
					vals[k] = newCode()
				}
			}
		}
		if _, err := tx.ExecContext(ctx, stmt, vals...); err != nil {
			// A lost race is run again; a unique violation is one only
			// where this load allocated the value (ids, table codes),
			// elsewhere the archive repeats a row.
			var pe *pgconn.PgError
			unique := errors.As(err, &pe) && pe.Code == "23505"
			if retryable(err) && (!unique || idCol >= 0 || t.Name == "events" || t.Name == "table_codes") {
				return err
			}
			return fmt.Errorf("%s: tables(%s).rows[%d] (event %d): %w: %v", name, t.Name, j, from, ErrInvalid, err)
		}
	}
	return nil
}

// ImportArchive reads an archive from r (name for errors) and loads it as
// a new event, whose id it returns.
func (s *Store) ImportArchive(ctx context.Context, r io.Reader, name string) (int64, error) {
	a, err := ReadArchive(r, name)
	if err != nil {
		return 0, fmt.Errorf("store: %w", err)
	}
	return s.Load(ctx, a, name)
}

func quote(name string) string { return `"` + name + `"` }

func quoteNames(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = quote(n)
	}
	return strings.Join(q, ", ")
}
