package pbn

import (
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
)

// Game is one game of a PBN file: its tags in order, with their sections,
// and the comments among them.
type Game struct {
	// Line is the line of the game's first tag (0 for a game built in code).
	Line int
	// Comments are the comments of the game, including those written before
	// its first tag, in file order.
	Comments []Comment

	tags []*Tag
	prev *Game // the game before, for "#" and inherited tags
	memo map[string]memoEntry
	lead string // original text before the first tag
	raw  bool   // read from a file (lead is meaningful)
}

// Tag is a tag pair with its section data.
//
// Changing Name, Value or Section directly is allowed: Encode notices the
// change and writes the tag in canonical form.
type Tag struct {
	Name  string
	Value string // as written (a "#" is not resolved here; see Game.Get)
	// Section holds the data lines after the tag (calls, cards, table rows)
	// with comments removed and tokens separated by single spaces; quoted
	// strings keep their quotes. Split a line with Fields.
	Section []string
	// Line is the line of the tag in the file (0 for a tag set in code).
	Line int

	lines     []int  // line number of each Section line
	dataStart int    // offset of '[' in the file
	dataEnd   int    // offset after the tag's last token (and its line end)
	raw       string // original text of the tag and its section
	trail     string // original text after it (comments, blank space)
	origName  string
	origValue string
	origSect  []string
	fromFile  bool
	open      *strings.Builder // the last Section line while it is read
}

// flush sets the last Section line from the builder gathering it.
func (t *Tag) flush() {
	if t.open != nil {
		t.Section[len(t.Section)-1] = t.open.String()
		t.open = nil
	}
}

// NewGame returns an empty game; add it to a file with File.Append.
func NewGame() *Game { return &Game{} }

// Tags returns the game's tags in order (the slice is shared; do not
// append to it, use SetTag).
func (g *Game) Tags() []*Tag { return g.tags }

// Find returns the first tag with the name (case-insensitive), or nil.
func (g *Game) Find(name string) *Tag {
	for _, t := range g.tags {
		if strings.EqualFold(t.Name, name) {
			return t
		}
	}
	return nil
}

// FindAll returns all tags with the name (such as the Note tags).
func (g *Game) FindAll(name string) []*Tag {
	var out []*Tag
	for _, t := range g.tags {
		if strings.EqualFold(t.Name, name) {
			out = append(out, t)
		}
	}
	return out
}

// inherited lists the identification tags a game takes from the previous
// game when it does not give them itself.
var inherited = []string{"Event", "Site", "Date", "Board", "Dealer", "Vulnerable", "Deal", "Scoring"}

func isInherited(name string) bool {
	return slices.ContainsFunc(inherited, func(s string) bool { return strings.EqualFold(s, name) })
}

// Get returns the value of the named tag with inheritance resolved and
// trailing spaces removed: "#" takes the previous game's value, "##" that
// value with its number increased by one, and a missing identification tag
// (Event, Site, Date, Board, Dealer, Vulnerable, Deal, Scoring) is taken
// from the previous game (PBN 2.1 §4.8). ok is false if no value was found.
func (g *Game) Get(name string) (value string, ok bool) {
	v, _, ok := g.lookup(name)
	return v, ok
}

// Tag returns the resolved value of the named tag, or "" (see Get).
func (g *Game) Tag(name string) string {
	v, _ := g.Get(name)
	return v
}

// memoEntry caches a resolved value; it is valid while no tag or game has
// been set, added or deleted through the methods since (see edits).
type memoEntry struct {
	epoch uint64
	value string
	tag   *Tag
	ok    bool
}

// edits counts changes made through SetTag, AddTag, DeleteTag and Append,
// which invalidate cached resolutions of inherited values.
var edits atomic.Uint64

// lookup resolves a tag value and returns the tag that finally gave it.
// Resolutions are cached, since a tag missing from every game of a large
// file would otherwise be searched for back to the first game each time.
func (g *Game) lookup(name string) (string, *Tag, bool) {
	key := strings.ToLower(name)
	epoch := edits.Load()
	if m, ok := g.memo[key]; ok && m.epoch == epoch && (m.tag == nil || m.tag.Value == m.tag.origValue || !m.tag.fromFile) {
		return m.value, m.tag, m.ok
	}
	v, t, ok := g.resolve(name)
	if g.memo == nil {
		g.memo = map[string]memoEntry{}
	}
	g.memo[key] = memoEntry{epoch: epoch, value: v, tag: t, ok: ok}
	return v, t, ok
}

func (g *Game) resolve(name string) (string, *Tag, bool) {
	incr := 0
	for cur := g; cur != nil; cur = cur.prev {
		t := cur.Find(name)
		if t == nil {
			if !isInherited(name) {
				return "", nil, false
			}
			if cur != g && incr == 0 {
				return cur.lookup(name) // resolved (and cached) in the earlier game
			}
			continue
		}
		v := strings.TrimRight(t.Value, " \t")
		switch v {
		case "#":
			continue
		case "##":
			incr++
			continue
		}
		if incr > 0 {
			if n, err := strconv.Atoi(v); err == nil {
				v = strconv.Itoa(n + incr)
			}
		}
		return v, t, true
	}
	return "", nil, false
}

// SetTag sets the value of the named tag, adding the tag at the end of the
// game if it is missing. Its section, if any, is kept.
func (g *Game) SetTag(name, value string) *Tag {
	edits.Add(1)
	if t := g.Find(name); t != nil {
		t.Value = value
		return t
	}
	t := &Tag{Name: name, Value: value}
	g.tags = append(g.tags, t)
	return t
}

// SetSection sets the value and the section data lines of the named tag,
// adding the tag if it is missing.
func (g *Game) SetSection(name, value string, lines []string) *Tag {
	t := g.SetTag(name, value)
	t.Section = slices.Clone(lines)
	return t
}

// AddTag appends a tag even if one of that name exists (for Note tags).
func (g *Game) AddTag(name, value string) *Tag {
	edits.Add(1)
	t := &Tag{Name: name, Value: value}
	g.tags = append(g.tags, t)
	return t
}

// DeleteTag removes every tag with the name and reports whether any was.
func (g *Game) DeleteTag(name string) bool {
	edits.Add(1)
	n := len(g.tags)
	g.tags = slices.DeleteFunc(g.tags, func(t *Tag) bool { return strings.EqualFold(t.Name, name) })
	return len(g.tags) != n
}

// unchanged reports whether the tag can be written as its original text.
func (t *Tag) unchanged() bool {
	return t.fromFile && t.Name == t.origName && t.Value == t.origValue && slices.Equal(t.Section, t.origSect)
}

// SectionLine returns the file line of the i-th Section line (0 if unknown).
func (t *Tag) SectionLine(i int) int {
	if i < len(t.lines) && !t.changedSection() {
		return t.lines[i]
	}
	return t.Line
}

func (t *Tag) changedSection() bool { return !slices.Equal(t.Section, t.origSect) }

// canonical returns the tag in export form: [Name "Value"] and the section
// lines, each ended with eol.
func (t *Tag) canonical(eol string) string {
	var b strings.Builder
	b.WriteByte('[')
	b.WriteString(t.Name)
	b.WriteString(` "`)
	b.WriteString(escape(t.Value))
	b.WriteString(`"]`)
	b.WriteString(eol)
	for _, l := range t.Section {
		b.WriteString(l)
		b.WriteString(eol)
	}
	return b.String()
}

// escape writes a quote as \" and a backslash that could be read as an
// escape (before a quote or a backslash, or last) as \\ (PBN 2.1 §3.2).
// Other backslashes, as in the column spec "Result\2R", stay single.
func escape(s string) string {
	if !strings.ContainsAny(s, `"\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"':
			b.WriteString(`\"`)
		case c == '\\' && (i+1 == len(s) || s[i+1] == '"' || s[i+1] == '\\'):
			b.WriteString(`\\`)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// Fields splits a section line into tokens at white space, keeping a quoted
// string (with its quotes) as one token.
func Fields(line string) []string {
	var out []string
	i := 0
	for i < len(line) {
		c := line[i]
		if c == ' ' || c == '\t' {
			i++
			continue
		}
		j := i
		if c == '"' {
			j++
			for j < len(line) && line[j] != '"' {
				if line[j] == '\\' && j+1 < len(line) {
					j++
				}
				j++
			}
			if j < len(line) {
				j++
			}
		} else {
			for j < len(line) && line[j] != ' ' && line[j] != '\t' {
				j++
			}
		}
		out = append(out, line[i:j])
		i = j
	}
	return out
}

// Unquote removes the quotes of a quoted token and its escapes; other
// tokens are returned as they are.
func Unquote(tok string) string {
	if len(tok) < 2 || tok[0] != '"' || tok[len(tok)-1] != '"' {
		return tok
	}
	s := tok[1 : len(tok)-1]
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			i++
		}
		b.WriteByte(s[i])
	}
	return b.String()
}
