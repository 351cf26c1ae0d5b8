package pbn

import (
	"fmt"
	"strconv"
	"strings"
)

// Column describes one column of a table tag, from its column spec such as
// "Declarer;Denomination\2R;Result\2R" or "+Percentage_NS\6R" (PBN 2.1 §5.2).
type Column struct {
	Name  string
	Width int  // minimum width in characters; 0 if not given
	Align byte // 'L' or 'R' as given, 0 if not given
	Sort  byte // '+' ascending or '-' descending as given, 0 if not given
	// Quoted is true when the column's values are written as quoted
	// strings (as every value of the column was when read).
	Quoted bool
}

// String returns the column in spec form, e.g. "Result\2R".
func (c Column) String() string {
	var b strings.Builder
	if c.Sort != 0 {
		b.WriteByte(c.Sort)
	}
	b.WriteString(c.Name)
	if c.Width > 0 || c.Align != 0 {
		b.WriteByte('\\')
		if c.Width > 0 {
			b.WriteString(strconv.Itoa(c.Width))
		}
		if c.Align != 0 {
			b.WriteByte(c.Align)
		}
	}
	return b.String()
}

// Table is the data of a table tag (OptimumResultTable, ScoreTable,
// TotalScoreTable or any other "…Table"): named columns and rows of values.
// Values are unquoted; "-" is how PBN writes an empty cell.
type Table struct {
	Columns []Column
	Rows    [][]string
}

// ParseColumns reads a column spec: names separated by ';', each with an
// optional '+' or '-' sort prefix and an optional \width with L or R.
func ParseColumns(spec string) ([]Column, error) {
	var cols []Column
	for part := range strings.SplitSeq(spec, ";") {
		part = strings.TrimSpace(part)
		if part == "" {
			return nil, fmt.Errorf("pbn: column spec %q: empty column name", spec)
		}
		var c Column
		if part[0] == '+' || part[0] == '-' {
			c.Sort = part[0]
			part = part[1:]
		}
		name, format, hasFormat := strings.Cut(part, `\`)
		c.Name = strings.TrimSpace(name)
		if c.Name == "" {
			return nil, fmt.Errorf("pbn: column spec %q: empty column name", spec)
		}
		if hasFormat {
			digits := strings.TrimRight(format, "LRlr")
			if len(format)-len(digits) > 1 {
				return nil, fmt.Errorf("pbn: column %q: want \\width then L or R", part)
			}
			if digits != "" {
				w, err := strconv.Atoi(digits)
				if err != nil || w < 0 || w > 255 {
					return nil, fmt.Errorf("pbn: column %q: width %q is not a number 0-255", part, digits)
				}
				c.Width = w
			}
			if len(digits) < len(format) {
				c.Align = format[len(format)-1] &^ 0x20 // upper case
			}
		}
		cols = append(cols, c)
	}
	return cols, nil
}

// Spec returns the column spec to write as the tag value.
func (t *Table) Spec() string {
	parts := make([]string, len(t.Columns))
	for i, c := range t.Columns {
		parts[i] = c.String()
	}
	return strings.Join(parts, ";")
}

// Index returns the index of the named column (case-insensitive), or -1.
func (t *Table) Index(name string) int {
	for i, c := range t.Columns {
		if strings.EqualFold(c.Name, name) {
			return i
		}
	}
	return -1
}

// Value returns the value in row r of the named column, or "" if there is
// no such row or column.
func (t *Table) Value(r int, column string) string {
	i := t.Index(column)
	if i < 0 || r < 0 || r >= len(t.Rows) || i >= len(t.Rows[r]) {
		return ""
	}
	return t.Rows[r][i]
}

// Lines returns the rows as section lines: each value padded to its
// column's width, right-aligned for R, quoted if it is empty or holds
// white space or a quote.
func (t *Table) Lines() []string {
	out := make([]string, len(t.Rows))
	for r, row := range t.Rows {
		var b strings.Builder
		for i, v := range row {
			if i > 0 {
				b.WriteByte(' ')
			}
			quoted := i < len(t.Columns) && t.Columns[i].Quoted
			if quoted || v == "" || strings.ContainsAny(v, " \t\"\\;{}[]") {
				v = `"` + escape(v) + `"`
			}
			var c Column
			if i < len(t.Columns) {
				c = t.Columns[i]
			}
			pad := c.Width - len([]rune(v))
			if pad > 0 && c.Align == 'R' {
				b.WriteString(strings.Repeat(" ", pad))
			}
			b.WriteString(v)
			if pad > 0 && c.Align != 'R' && i < len(row)-1 {
				b.WriteString(strings.Repeat(" ", pad))
			}
		}
		out[r] = b.String()
	}
	return out
}

// Table returns the named table tag as columns and rows. Each section line
// is one row and must have one value per column.
func (g *Game) Table(name string) (*Table, error) {
	t := g.Find(name)
	if t == nil {
		return nil, errorf(0, ErrNoTag, "no %s tag", name)
	}
	return parseTable(t)
}

func parseTable(t *Tag) (*Table, error) {
	cols, err := ParseColumns(t.Value)
	if err != nil {
		return nil, wrapf(t.Line, err, "%s: column spec", t.Name)
	}
	tab := &Table{Columns: cols}
	for i, line := range t.Section {
		f := Fields(line)
		if len(f) != len(cols) {
			return tab, errorf(t.SectionLine(i), ErrValue, "%s row has %d values, want %d (%s)", t.Name, len(f), len(cols), t.Value)
		}
		row := make([]string, len(f))
		for j, v := range f {
			row[j] = Unquote(v)
		}
		tab.Rows = append(tab.Rows, row)
	}
	for j := range tab.Columns {
		q := len(tab.Rows) > 0
		for _, line := range t.Section {
			if f := Fields(line); j < len(f) && !strings.HasPrefix(f[j], `"`) {
				q = false
			}
		}
		tab.Columns[j].Quoted = q
	}
	return tab, nil
}

// SetTable sets the named table tag to the columns and rows of tab, adding
// the tag if it is missing.
func (g *Game) SetTable(name string, tab *Table) *Tag {
	return g.SetSection(name, tab.Spec(), tab.Lines())
}
