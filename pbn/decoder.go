package pbn

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/bridgetd/bridgetd/textfile"
)

// ErrNoGames reports an input that holds no game: it is empty, or has only
// comments and directives.
var ErrNoGames = errors.New("pbn: no games")

// Decoder reads a PBN file one game at a time, so that a program holds one
// game in memory, not the file: Next returns each game with its inherited
// values ("#", "##" and the identification tags of §4.8) resolved against
// the game before it, as Parse would resolve them.
//
// It reads what Parse reads, with two differences that only a whole file
// could avoid: a file is taken as Latin-1 from the first game that is not
// valid UTF-8 on (Parse decides for the whole file), and a game whose
// previous game was changed after it was read still sees the previous
// game's values as read.
type Decoder struct {
	name  string
	src   io.Reader
	r     *bufio.Reader
	err   error // what stops the decoder: io.EOF or the first error
	line  int   // line of the next text to parse
	carry string
	buf   []byte // the chunk being read, kept for the next
	// carryTag: the carried text may hold a tag; rare, for the splitter
	// and the parser never disagree on where a game ends.
	carryTag bool
	prev     *Game // resolved values of the game before (see snapshot)
	ready    []*Game
	games    int
	blank    bool // nothing but white space read so far

	latin1, crlf, bom bool
	tail              string
	directives        []Directive
}

// NewDecoder returns a decoder reading r; name is used in error messages.
// A UTF-8 byte-order mark is skipped (and written back by an Encoder), and
// UTF-16 or binary input is refused with an error naming it
// (textfile.NewReader).
func NewDecoder(r io.Reader, name string) *Decoder {
	return &Decoder{name: name, src: r, line: 1, blank: true}
}

func (d *Decoder) start() error {
	br := bufio.NewReaderSize(d.src, 64<<10)
	head, _ := br.Peek(3)
	d.bom = bytes.Equal(head, []byte{0xEF, 0xBB, 0xBF})
	r, err := textfile.NewReader(br, d.name)
	if err != nil {
		return &Error{File: d.name, Msg: strings.TrimPrefix(err.Error(), d.name+": "), Err: err}
	}
	d.r = bufio.NewReaderSize(r, 64<<10)
	return nil
}

// Next returns the next game. At the end of the input it returns io.EOF,
// or, when the input held no game at all, an *Error wrapping ErrNoGames.
// A syntax error is an *Error naming the file and the line; the games
// before it are returned first.
func (d *Decoder) Next() (*Game, error) {
	for len(d.ready) == 0 {
		if d.err != nil {
			return nil, d.err
		}
		if d.r == nil {
			if err := d.start(); err != nil {
				d.err = err
				return nil, err
			}
		}
		chunk, last, err := d.readChunk()
		if err != nil {
			d.err = &Error{File: d.name, Line: d.line, Msg: err.Error(), Err: err}
			continue
		}
		if err := d.parseChunk(chunk, last); err != nil {
			d.err = err
			continue
		}
		if last {
			d.err = io.EOF
			if d.games == 0 {
				msg := "no games in the input, only comments or directives"
				if d.blank {
					msg = "the input is empty"
				}
				d.err = &Error{File: d.name, Msg: msg, Err: ErrNoGames}
			}
		}
	}
	g := d.ready[0]
	d.ready = d.ready[1:]
	return g, nil
}

// parseChunk parses text holding whole games and queues them.
func (d *Decoder) parseChunk(chunk string, last bool) error {
	if !utf8.ValidString(chunk) {
		d.latin1 = true
	}
	p := &parser{s: chunk, line: d.line, f: &File{Name: d.name, Latin1: d.latin1}}
	err := p.parse()
	if err == nil && !last {
		// The chunk ends where a game ends; text after its last game (or
		// a chunk with no game) goes to the next chunk, which the next
		// game takes as its lead.
		d.carry = p.f.tail + d.carry
		d.carryTag = strings.Contains(p.f.tail, "[") // rare: keep reading
		chunk = chunk[:len(chunk)-len(p.f.tail)]
	}
	next := d.line + strings.Count(chunk, "\n")
	for _, dir := range p.f.Directives {
		if dir.Line < next || last {
			d.directives = append(d.directives, dir)
		}
	}
	d.line = next
	for i, g := range p.f.Games {
		if i == 0 {
			g.prev = d.prev
		}
		d.prev = snapshot(g)
		d.ready = append(d.ready, g)
		d.games++
	}
	if err != nil {
		if e, ok := err.(*Error); ok {
			e.File = d.name
		}
		return err
	}
	if last {
		d.tail = p.f.tail
	}
	return nil
}

// snapshot returns a game holding the resolved values of g's tags and of
// the inherited tags, each with the line of the tag that gave it, with no
// link to the games before: what the next game needs of g, without keeping
// g and its text alive.
func snapshot(g *Game) *Game {
	s := &Game{tags: make([]*Tag, 0, len(g.tags)+len(inherited))}
	var seen []string        // names done: the first tag of a name is the one read
	var many map[string]bool // the same, for a game of many tags
	have := func(name string) bool {
		if many != nil {
			k := strings.ToLower(name)
			if many[k] {
				return true
			}
			many[k] = true
			return false
		}
		for _, n := range seen {
			if strings.EqualFold(n, name) {
				return true
			}
		}
		seen = append(seen, name)
		if len(seen) > 64 {
			many = map[string]bool{}
			for _, n := range seen {
				many[strings.ToLower(n)] = true
			}
		}
		return false
	}
	for _, t := range g.tags {
		if have(t.Name) {
			continue
		}
		v, src, ok := strings.TrimRight(t.Value, " \t"), t, true
		if v == "#" || v == "##" {
			v, src, ok = g.resolve(t.Name)
		}
		if ok {
			s.tags = append(s.tags, &Tag{Name: strings.Clone(t.Name), Value: strings.Clone(v), Line: src.Line})
		}
	}
	for _, name := range inherited {
		if have(name) {
			continue
		}
		if v, src, ok := g.resolve(name); ok {
			s.tags = append(s.tags, &Tag{Name: name, Value: strings.Clone(v), Line: src.Line})
		}
	}
	return s
}

// readChunk reads the text up to the blank line that ends the next game
// (the blank line stays for the next chunk), or to the end of the input
// (last). It follows the lexical rules of the parser just far enough to
// know where a game ends: a line with nothing on it outside a brace
// comment.
func (d *Decoder) readChunk() (chunk string, last bool, err error) {
	b := append(d.buf[:0], d.carry...)
	d.carry = ""
	sawTag, inComment := d.carryTag, false
	d.carryTag = false
	first := d.games == 0 && d.line == 1 && len(b) == 0
	defer func() { d.buf = b[:0] }()
	for {
		start := len(b)
		var rerr error
		for {
			var part []byte
			part, rerr = d.r.ReadSlice('\n')
			b = append(b, part...)
			if rerr != bufio.ErrBufferFull {
				break
			}
		}
		line := b[start:]
		if first && bytes.HasSuffix(line, []byte("\r\n")) {
			d.crlf = true
		}
		if first && bytes.HasSuffix(line, []byte("\n")) {
			first = false
		}
		if len(line) > 0 {
			var blank, tag bool
			inComment, blank, tag = scanLine(line, inComment)
			if d.blank && len(bytes.TrimSpace(line)) > 0 {
				d.blank = false
			}
			if blank && sawTag {
				d.carry = string(line)
				return string(b[:start]), false, nil
			}
			sawTag = sawTag || tag
		}
		if rerr == io.EOF {
			return string(b), true, nil
		}
		if rerr != nil {
			return "", false, fmt.Errorf("reading: %w", rerr)
		}
	}
}

// scanLine follows a line through strings and comments: it returns
// whether a brace comment is still open at its end, whether the line was
// blank (nothing but white space, outside any comment), and whether a '['
// opened a tag on it.
func scanLine(line []byte, inComment bool) (stillIn, blank, tag bool) {
	busy := false
	startIn := inComment
	for i := 0; i < len(line); i++ {
		c := line[i]
		if inComment {
			if c == '}' {
				inComment = false
				busy = true
			}
			continue
		}
		switch c {
		case ' ', '\t', '\r', '\f', '\v', '\n':
		case ';':
			return false, false, tag
		case '%':
			if !busy {
				return false, false, tag
			}
		case '{':
			inComment, busy = true, true
		case '[':
			tag, busy = true, true
		case '"':
			busy = true
			for i++; i < len(line) && line[i] != '"' && line[i] != '\n'; i++ {
				if line[i] == '\\' && i+1 < len(line) && line[i+1] != '\n' {
					i++
				}
			}
		default:
			busy = true
		}
	}
	return inComment, !startIn && !busy && !inComment, tag
}

// ReadAll reads the remaining games into a File, linked as Parse links
// them.
func (d *Decoder) ReadAll() (*File, error) {
	f := &File{Name: d.name}
	for {
		g, err := d.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			f.Directives, f.Latin1, f.CRLF, f.BOM = d.directives, d.latin1, d.crlf, d.bom
			return f, err
		}
		prev := g.prev
		f.Games = append(f.Games, g)
		if n := len(f.Games); n > 1 {
			g.prev = f.Games[n-2]
		} else {
			g.prev = prev
		}
	}
	f.Directives, f.Latin1, f.CRLF, f.BOM, f.tail = d.directives, d.latin1, d.crlf, d.bom, d.tail
	return f, nil
}

// Encoder writes games one at a time as File.Encode writes a whole file:
// text read by its Decoder comes back byte for byte, changed tags in
// canonical form with the decoder's line ends and character set.
type Encoder struct {
	w   *bufio.Writer
	d   *Decoder
	n   int
	buf bytes.Buffer
}

// NewEncoder returns an encoder writing to w the games of d.
func (d *Decoder) NewEncoder(w io.Writer) *Encoder {
	return &Encoder{w: bufio.NewWriterSize(w, 64<<10), d: d}
}

// Encode writes one game.
func (e *Encoder) Encode(g *Game) error {
	e.buf.Reset()
	if e.n == 0 && e.d.bom {
		e.buf.WriteString("\uFEFF")
	}
	writeGame(&e.buf, g, e.n == 0, eolOf(e.d.crlf), encOf(e.d.latin1))
	e.n++
	_, err := e.w.Write(e.buf.Bytes())
	return err
}

// Close writes what followed the last game (after the decoder has
// returned io.EOF) and flushes.
func (e *Encoder) Close() error {
	if e.n == 0 && e.d.bom {
		e.w.WriteString("\uFEFF")
	}
	e.w.WriteString(e.d.tail)
	return e.w.Flush()
}

func eolOf(crlf bool) string {
	if crlf {
		return "\r\n"
	}
	return "\n"
}

func encOf(latin1 bool) func(string) string {
	if latin1 {
		return toLatin1
	}
	return func(s string) string { return s }
}

// Formatter writes games one at a time in canonical export form, as
// File.Format writes a whole file.
type Formatter struct {
	w *bufio.Writer
	n int
}

// NewFormatter returns a formatter writing to w.
func NewFormatter(w io.Writer) *Formatter {
	return &Formatter{w: bufio.NewWriterSize(w, 64<<10)}
}

// Format writes one game, after the header if it is the first.
func (f *Formatter) Format(g *Game) error {
	var b strings.Builder
	if f.n == 0 {
		b.WriteString(formatHeader)
	} else {
		b.WriteByte('\n')
	}
	f.n++
	formatGame(&b, g)
	_, err := f.w.WriteString(b.String())
	return err
}

// Close writes the header of an empty file if no game was written, and
// flushes.
func (f *Formatter) Close() error {
	if f.n == 0 {
		f.w.WriteString(formatHeader)
	}
	return f.w.Flush()
}

// CheckAll reads the remaining games one at a time and checks each
// (Game.Check), calling report for every problem, with the file name, in
// file order. It returns the error that stopped reading (a syntax error,
// an empty input), or nil at the end.
func (d *Decoder) CheckAll(report func(*Error)) error {
	for {
		g, err := d.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		for _, e := range g.Check() {
			e.File = d.name
			report(e)
		}
	}
}

// FormatAll writes the remaining games to w in canonical export form
// (File.Format), one at a time.
func (d *Decoder) FormatAll(w io.Writer) error {
	f := NewFormatter(w)
	for {
		g, err := d.Next()
		if err == io.EOF {
			return f.Close()
		}
		if err != nil {
			return err
		}
		if err := f.Format(g); err != nil {
			return err
		}
	}
}
