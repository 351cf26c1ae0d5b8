package pbn

import (
	"fmt"
	"slices"
	"strings"
)

// parser reads PBN text. It works on the original bytes (every syntax
// character is ASCII) and converts values to UTF-8 only when the file is
// Latin-1, so the original text can be kept for byte-exact writing.
type parser struct {
	s         string
	pos       int
	line      int
	lineStart int  // offset of the current line
	busy      bool // something other than white space seen on this line
	f         *File
	g         *Game // game being read, nil between games
	tag       *Tag  // tag whose section may follow
	prevEnd   int   // where the text not yet given to a game starts
	pending   []Comment
}

func (p *parser) text(s string) string {
	if p.f.Latin1 {
		return fromLatin1(s)
	}
	return s
}

func (p *parser) parse() error {
	for p.pos < len(p.s) {
		c := p.s[p.pos]
		switch {
		case c == '\n':
			if !p.busy && p.g != nil {
				p.endGame(p.lineStart)
			}
			p.pos++
			p.line++
			p.lineStart = p.pos
			p.busy = false
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			p.pos++
		case c == '%' && !p.busy:
			end := p.eol(p.pos)
			text := strings.TrimRight(p.s[p.pos+1:end], "\r")
			p.f.Directives = append(p.f.Directives, Directive{Line: p.line, Text: p.text(text)})
			p.pos = end
			p.busy = true
		case c == ';':
			end := p.eol(p.pos)
			p.comment(strings.TrimRight(p.s[p.pos+1:end], "\r"), p.line)
			p.pos = end
			p.busy = true
		case c == '{':
			end := strings.IndexByte(p.s[p.pos:], '}')
			if end < 0 {
				return p.fail(p.line, "comment opened with '{' is never closed: expected '}'")
			}
			body := p.s[p.pos+1 : p.pos+end]
			p.comment(body, p.line)
			p.line += strings.Count(body, "\n")
			if i := strings.LastIndexByte(body, '\n'); i >= 0 {
				p.lineStart = p.pos + 1 + i + 1
			}
			p.pos += end + 1
			p.busy = true
		case c == '[':
			if err := p.readTag(); err != nil {
				return err
			}
		case c == ']':
			return p.fail(p.line, "unexpected ']': expected '[' to open a tag")
		default:
			if p.tag == nil {
				return p.fail(p.line, "unexpected %q: expected '[' to open a tag, '%%', ';' or '{'", p.word())
			}
			if err := p.readToken(); err != nil {
				return err
			}
		}
	}
	if p.g != nil {
		p.endGame(len(p.s))
	}
	p.f.tail = p.s[p.prevEnd:]
	return nil
}

// eol returns the offset of the '\n' ending the line at i, or len(s).
func (p *parser) eol(i int) int {
	if j := strings.IndexByte(p.s[i:], '\n'); j >= 0 {
		return i + j
	}
	return len(p.s)
}

// word returns the text at pos up to the next white space, for messages.
func (p *parser) word() string {
	j := p.pos
	for j < len(p.s) && j-p.pos < 20 && !strings.ContainsRune(" \t\r\n", rune(p.s[j])) {
		j++
	}
	return p.text(p.s[p.pos:j])
}

func (p *parser) fail(line int, format string, args ...any) error {
	return &Error{File: p.f.Name, Line: line, Msg: fmt.Sprintf(format, args...), Err: ErrSyntax}
}

func (p *parser) comment(text string, line int) {
	c := Comment{Line: line, Text: p.text(text)}
	if p.g == nil {
		p.pending = append(p.pending, c)
		return
	}
	if n := len(p.g.tags); n > 0 {
		c.After = p.g.tags[n-1].Name
	}
	p.g.Comments = append(p.g.Comments, c)
}

// endGame closes the current game; its text ends at end.
func (p *parser) endGame(end int) {
	g := p.g
	last := g.tags[len(g.tags)-1]
	p.closeTag(last, end)
	p.f.Append(g)
	p.g, p.tag = nil, nil
	p.prevEnd = end
}

// closeTag fixes the original text of t: from its start to its data end,
// and from there up to next (the next tag or the end of the game).
func (p *parser) closeTag(t *Tag, next int) {
	t.flush()
	start := t.dataStart
	end := max(t.dataEnd, start)
	end = min(end, next)
	t.raw = p.s[start:end]
	t.trail = p.s[end:next]
	t.origName, t.origValue = t.Name, t.Value
	t.origSect = slices.Clone(t.Section)
	t.fromFile = true
}

// restOfLine returns the offset just after the line end if only white space
// follows i on its line, else i.
func (p *parser) restOfLine(i int) int {
	j := i
	for j < len(p.s) && (p.s[j] == ' ' || p.s[j] == '\t' || p.s[j] == '\r') {
		j++
	}
	if j < len(p.s) && p.s[j] == '\n' {
		return j + 1
	}
	if j == len(p.s) {
		return j
	}
	return i
}

func (p *parser) readTag() error {
	start := p.pos
	line := p.line
	if p.g == nil {
		p.g = &Game{Line: line, lead: p.s[p.prevEnd:start], raw: true, Comments: p.pending}
		p.pending = nil
	} else if n := len(p.g.tags); n > 0 {
		p.closeTag(p.g.tags[n-1], start)
	}
	p.busy = true
	i := p.pos + 1
	skip := func() {
		for i < len(p.s) && (p.s[i] == ' ' || p.s[i] == '\t') {
			i++
		}
	}
	skip()
	j := i
	for j < len(p.s) && isNameByte(p.s[j]) {
		j++
	}
	if j == i {
		return p.fail(line, "expected a tag name after '['")
	}
	name := p.s[i:j]
	i = j
	skip()
	if i >= len(p.s) || p.s[i] != '"' {
		return p.fail(line, "tag %s: expected '\"' to open its value", name)
	}
	i++
	vstart := i
	var val strings.Builder // used only for a value with escapes
	escaped := false
	for {
		if i >= len(p.s) || p.s[i] == '\n' {
			return p.fail(line, "tag %s: value not closed: expected '\"' before the end of the line", name)
		}
		c := p.s[i]
		if c == '"' {
			break
		}
		if c == '\\' && i+1 < len(p.s) && (p.s[i+1] == '"' || p.s[i+1] == '\\') {
			if !escaped {
				escaped = true
				val.WriteString(p.s[vstart:i])
			}
			i++
			c = p.s[i]
		} else if !escaped {
			i++
			continue
		}
		val.WriteByte(c)
		i++
	}
	value := p.s[vstart:i]
	if escaped {
		value = val.String()
	}
	i++
	skip()
	if i >= len(p.s) || p.s[i] != ']' {
		return p.fail(line, "tag %s: expected ']' after the value", name)
	}
	i++
	t := &Tag{Name: name, Value: p.text(value), Line: line}
	t.dataStart = start
	t.dataEnd = p.restOfLine(i)
	p.g.tags = append(p.g.tags, t)
	p.tag = t
	p.pos = i
	return nil
}

func isNameByte(c byte) bool {
	return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_'
}

// readToken reads one token of section data for the current tag.
func (p *parser) readToken() error {
	i := p.pos
	if p.s[i] == '"' {
		j := i + 1
		for j < len(p.s) && p.s[j] != '"' && p.s[j] != '\n' {
			if p.s[j] == '\\' && j+1 < len(p.s) && p.s[j+1] != '\n' {
				j++
			}
			j++
		}
		if j >= len(p.s) || p.s[j] != '"' {
			return p.fail(p.line, "string not closed: expected '\"' before the end of the line")
		}
		p.addToken(p.s[i:j+1], j+1)
		return nil
	}
	j := i
	for j < len(p.s) && !strings.ContainsRune(" \t\r\n\f\v[];{\"", rune(p.s[j])) {
		j++
	}
	if j == i { // a lone delimiter the caller did not handle
		j++
	}
	p.addToken(p.s[i:j], j)
	return nil
}

func (p *parser) addToken(tok string, end int) {
	t := p.tag
	tok = p.text(tok)
	if n := len(t.lines); n > 0 && t.lines[n-1] == p.line {
		// Tokens of one line are gathered in a builder, not by adding
		// strings, which would take time quadratic in the line's length.
		if t.open == nil {
			t.open = &strings.Builder{}
			t.open.WriteString(t.Section[n-1])
		}
		t.open.WriteByte(' ')
		t.open.WriteString(tok)
	} else {
		t.flush()
		t.Section = append(t.Section, tok)
		t.lines = append(t.lines, p.line)
	}
	p.pos = end
	p.busy = true
	t.dataEnd = p.restOfLine(end)
}
