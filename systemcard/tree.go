package systemcard

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

// maxDepth bounds the nesting of a card file; real cards need about six.
const maxDepth = 32

// node is one JSON value of a card file with the byte offset where it
// starts, so that every error can name its line. Objects keep their keys in
// file order.
type node struct {
	kind  byte // '{', '[', 's' string, 'n' number, 'b' bool, '0' null
	off   int64
	keys  []string
	koffs []int64
	vals  []*node
	elems []*node
	str   string
	num   json.Number
	b     bool
}

// kindName names a node kind for error messages.
func (n *node) kindName() string {
	switch n.kind {
	case '{':
		return "an object"
	case '[':
		return "an array"
	case 's':
		return "a string"
	case 'n':
		return "a number"
	case 'b':
		return "a boolean"
	}
	return "null"
}

// parseTree reads one JSON value with encoding/json's tokenizer, refusing
// trailing data. It keeps duplicate keys (which encoding/json would silently
// merge) so that the decoder can refuse them with their field path.
func parseTree(data []byte, file string) (*node, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	p := &treeParser{dec: dec, data: data, file: file}
	n, err := p.value(0)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, p.errAt(dec.InputOffset(), errors.New("unexpected data after the card's closing brace"))
	}
	return n, nil
}

type treeParser struct {
	dec  *json.Decoder
	data []byte
	file string
	// path is where the parser is: the keys and indexes of the values
	// it is inside, so that a syntax error or the end of a truncated file
	// names the field it cuts off.
	path []string
	// open counts the objects and arrays not yet closed.
	open int
}

// errAt returns an *Error at byte offset off, naming the field the parser
// is in.
func (p *treeParser) errAt(off int64, err error) error {
	return &Error{File: p.file, Line: lineOf(p.data, off), Path: p.fieldPath(), Err: err}
}

// fieldPath writes the parser's path the way the decoder names fields:
// keys joined by dots, array indexes and the calls under openings in
// brackets: openings["1H"].length.H.
func (p *treeParser) fieldPath() string {
	var b strings.Builder
	for i, k := range p.path {
		switch {
		case strings.HasPrefix(k, "["):
			b.WriteString(k)
		case i > 0 && p.path[i-1] == "openings":
			fmt.Fprintf(&b, "[%q]", k)
		default:
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			b.WriteString(k)
		}
	}
	return b.String()
}

// eofError describes the end of a truncated file: where it ends and how
// many objects and arrays are left open.
func (p *treeParser) eofError() error {
	off := int64(len(bytes.TrimRight(p.data, " \t\r\n")))
	line := lineOf(p.data, off)
	col := off - int64(bytes.LastIndexByte(p.data[:off], '\n'))
	what := "the file ends before the card does"
	if p.open > 0 {
		what = fmt.Sprintf("the file ends at line %d, column %d, with %d object(s) or array(s) not closed: is it truncated?", line, col, p.open)
	}
	return &Error{File: p.file, Line: line, Path: p.fieldPath(), Err: fmt.Errorf("%w: %s", ErrSyntax, what)}
}

// tokenStart returns the offset of the next token, skipping the white space,
// commas and colons the decoder has not consumed yet.
func (p *treeParser) tokenStart() int64 {
	off := p.dec.InputOffset()
	for off < int64(len(p.data)) && strings.IndexByte(" \t\r\n,:", p.data[off]) >= 0 {
		off++
	}
	return off
}

func (p *treeParser) token() (json.Token, int64, error) {
	off := p.tokenStart()
	t, err := p.dec.Token()
	if err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			return nil, se.Offset, p.errAt(se.Offset, fmt.Errorf("%w: %v", ErrSyntax, err))
		}
		if err == io.EOF || errors.Is(err, io.ErrUnexpectedEOF) {
			return nil, off, p.eofError()
		}
		return nil, off, p.errAt(off, fmt.Errorf("%w: %v", ErrSyntax, err))
	}
	return t, off, nil
}

func (p *treeParser) value(depth int) (*node, error) {
	t, off, err := p.token()
	if err != nil {
		return nil, err
	}
	return p.fromToken(t, off, depth)
}

func (p *treeParser) fromToken(t json.Token, off int64, depth int) (*node, error) {
	n := &node{off: off}
	switch v := t.(type) {
	case json.Delim:
		if depth >= maxDepth {
			return nil, p.errAt(off, fmt.Errorf("%w: nested more than %d deep", ErrSyntax, maxDepth))
		}
		p.open++
		if v == '{' {
			n.kind = '{'
			for p.dec.More() {
				kt, koff, err := p.token()
				if err != nil {
					return nil, err
				}
				k, ok := kt.(string)
				if !ok {
					return nil, p.errAt(koff, fmt.Errorf("%w: object key is not a string", ErrSyntax))
				}
				p.path = append(p.path, k)
				val, err := p.value(depth + 1)
				if err != nil {
					return nil, err
				}
				p.path = p.path[:len(p.path)-1]
				n.keys = append(n.keys, k)
				n.koffs = append(n.koffs, koff)
				n.vals = append(n.vals, val)
			}
		} else {
			n.kind = '['
			for p.dec.More() {
				p.path = append(p.path, fmt.Sprintf("[%d]", len(n.elems)))
				el, err := p.value(depth + 1)
				if err != nil {
					return nil, err
				}
				p.path = p.path[:len(p.path)-1]
				n.elems = append(n.elems, el)
			}
		}
		if _, _, err := p.token(); err != nil { // the closing delimiter
			return nil, err
		}
		p.open--
	case string:
		n.kind, n.str = 's', v
	case json.Number:
		n.kind, n.num = 'n', v
	case bool:
		n.kind, n.b = 'b', v
	case nil:
		n.kind = '0'
	default:
		return nil, p.errAt(off, fmt.Errorf("%w: unexpected token %v", ErrSyntax, t))
	}
	return n, nil
}

// lineOf returns the 1-based line holding byte offset off.
func lineOf(data []byte, off int64) int {
	if off > int64(len(data)) {
		off = int64(len(data))
	}
	if off < 0 {
		off = 0
	}
	return bytes.Count(data[:off], []byte{'\n'}) + 1
}
