package pbn

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"
	"unicode/utf8"
)

// File is a decoded PBN file: its games in order, and the original text
// needed to write an unmodified file back byte for byte.
type File struct {
	// Name is the file name used in error messages (set by ReadFile).
	Name string
	// Games are the games in file order. Use Append to add a game so that
	// it inherits "#" values from the one before it.
	Games []*Game
	// Directives are the "%" lines of the file, in order, e.g. "% PBN 2.1".
	Directives []Directive
	// Latin1 is true when the file was not valid UTF-8 and was read as
	// ISO-8859-1; Encode then writes changed text in Latin-1 too.
	Latin1 bool
	// CRLF is true when the file's first line ended with CR LF; Encode ends
	// the lines it generates the same way.
	CRLF bool
	// BOM is true when the file started with a UTF-8 byte-order mark;
	// Encode writes it back.
	BOM bool

	tail string // text after the last game
}

// Directive is a line starting with "%": an escape line that programs use
// for their own settings (PBN 2.1 §2.4), such as "% PBN 2.1" or "% EXPORT".
type Directive struct {
	Line int
	Text string // the line without the "%" and without its line end
}

// Comment is a commentary in the file, either "{…}" or "; …" (PBN 2.1 §3.8).
type Comment struct {
	Line  int    // line where the comment starts
	Text  string // the text between the braces, or after the semicolon
	After string // the name of the tag it follows, "" if it comes first
}

// ReadFile reads the whole of the named file with a Decoder (so its
// errors carry the file's name and line, and UTF-16 and binary files are
// refused with an error saying so). A directory is refused.
func ReadFile(name string) (*File, error) {
	r, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	if fi, err := r.Stat(); err == nil && fi.IsDir() {
		return nil, fmt.Errorf("%s: is a directory, not a file", name)
	}
	return NewDecoder(r, name).ReadAll()
}

// Parse decodes PBN text. On a syntax error it returns the games read so far
// and an *Error naming the line and what was expected. A leading UTF-8
// byte-order mark is skipped (and kept in File.BOM).
func Parse(data []byte) (*File, error) {
	bom := bytes.HasPrefix(data, []byte("\uFEFF"))
	if bom {
		data = data[3:]
	}
	p := &parser{s: string(data), line: 1, f: &File{BOM: bom}}
	p.f.Latin1 = !utf8.Valid(data)
	if i := strings.IndexByte(p.s, '\n'); i > 0 && p.s[i-1] == '\r' {
		p.f.CRLF = true
	}
	err := p.parse()
	if err != nil {
		return p.f, err
	}
	return p.f, nil
}

// Append adds a game at the end of the file; "#" values in it refer to the
// game that was last before it.
func (f *File) Append(g *Game) {
	edits.Add(1)
	if n := len(f.Games); n > 0 {
		g.prev = f.Games[n-1]
	}
	f.Games = append(f.Games, g)
}

// Encode writes the file. Text read by Decode is written back as it was;
// tags whose value or section was changed, and games and tags that were
// added, are written in canonical form.
func (f *File) Encode(w io.Writer) error {
	_, err := w.Write(f.Bytes())
	return err
}

// Bytes returns what Encode writes.
func (f *File) Bytes() []byte {
	var b bytes.Buffer
	if f.BOM {
		b.WriteString("\uFEFF")
	}
	eol, enc := eolOf(f.CRLF), encOf(f.Latin1)
	for i, g := range f.Games {
		writeGame(&b, g, i == 0, eol, enc)
	}
	b.WriteString(f.tail)
	return b.Bytes()
}

// writeGame appends g as Encode writes it: its original text where it is
// unchanged, changed and new tags in canonical form; a game that was not
// read from a file is set off from the one before by a blank line.
func writeGame(b *bytes.Buffer, g *Game, first bool, eol string, enc func(string) string) {
	if g.raw {
		b.WriteString(g.lead)
	} else if !first {
		ensureEOL(b, eol)
		b.WriteString(eol)
	}
	for _, t := range g.tags {
		if t.unchanged() {
			b.WriteString(t.raw)
			b.WriteString(t.trail)
			continue
		}
		ensureEOL(b, eol)
		b.WriteString(enc(t.canonical(eol)))
		b.WriteString(t.trail)
	}
}

// ensureEOL ends the buffer with a line end if it is not empty and does not.
func ensureEOL(b *bytes.Buffer, eol string) {
	if n := b.Len(); n > 0 && b.Bytes()[n-1] != '\n' {
		b.WriteString(eol)
	}
}

// toLatin1 converts UTF-8 text to ISO-8859-1, writing '?' for characters
// Latin-1 lacks.
func toLatin1(s string) string {
	b := make([]byte, 0, len(s))
	for _, r := range s {
		if r > 0xFF {
			r = '?'
		}
		b = append(b, byte(r))
	}
	return string(b)
}

// fromLatin1 converts ISO-8859-1 bytes to UTF-8.
func fromLatin1(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			ascii = false
			break
		}
	}
	if ascii {
		return s
	}
	r := make([]rune, len(s))
	for i := 0; i < len(s); i++ {
		r[i] = rune(s[i])
	}
	return string(r)
}
