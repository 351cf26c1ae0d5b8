package usebio

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strings"
)

// A DTD is the element structure a document type declares: for each
// element its content model (the children it may have, in what order and
// how many times, and whether it holds text) and its attributes (which
// are required, which values an enumerated one takes). ParseDTD reads the
// ELEMENT and ATTLIST declarations of a DTD file; Validate checks a
// document against them, offline, as a validating parser would
// (xmllint --dtdvalid), without entities or notations.
type DTD struct {
	elements map[string]*elementDecl
	order    []string
}

type elementDecl struct {
	name    string
	model   string         // as declared: EMPTY, ANY, (#PCDATA), (A, B?)
	text    bool           // #PCDATA allowed
	any     bool           // ANY
	re      *regexp.Regexp // the children's names, each as "<NAME>", must match
	attrs   map[string]*attrDecl
	attrSeq []string
}

type attrDecl struct {
	name     string
	values   []string // an enumerated type's values; nil for CDATA and the rest
	required bool
	fixed    string
}

// ErrDTD reports a declaration ParseDTD cannot read.
var ErrDTD = errors.New("usebio: DTD syntax")

// ParseDTD reads a DTD's ELEMENT and ATTLIST declarations (comments and
// other declarations are skipped; parameter entities are not expanded and
// are refused where they stand for a content model). name is used in
// errors, with the line of the declaration.
func ParseDTD(r io.Reader, name string) (*DTD, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	d := &DTD{elements: map[string]*elementDecl{}}
	s := string(data)
	pos := 0
	for {
		i := strings.Index(s[pos:], "<!")
		if i < 0 {
			break
		}
		start := pos + i
		line := 1 + strings.Count(s[:start], "\n")
		fail := func(format string, a ...any) error {
			return fmt.Errorf("%s:%d: %w: "+format, append([]any{name, line, ErrDTD}, a...)...)
		}
		if strings.HasPrefix(s[start:], "<!--") {
			end := strings.Index(s[start+4:], "-->")
			if end < 0 {
				return nil, fail("comment not closed")
			}
			pos = start + 4 + end + 3
			continue
		}
		end := strings.IndexByte(s[start:], '>')
		if end < 0 {
			return nil, fail("declaration not closed")
		}
		decl := s[start+2 : start+end]
		pos = start + end + 1
		f := strings.Fields(decl)
		if len(f) == 0 {
			return nil, fail("empty declaration")
		}
		switch f[0] {
		case "ELEMENT":
			if len(f) < 3 {
				return nil, fail("want ELEMENT, a name and a content model")
			}
			model := strings.Join(f[2:], "")
			e, err := newElementDecl(f[1], model)
			if err != nil {
				return nil, fail("element %s: %v", f[1], err)
			}
			if old, dup := d.elements[f[1]]; dup && old.model != "" {
				return nil, fail("element %s declared twice", f[1])
			} else if dup {
				e.attrs, e.attrSeq = old.attrs, old.attrSeq
			} else {
				d.order = append(d.order, f[1])
			}
			d.elements[f[1]] = e
		case "ATTLIST":
			if len(f) < 2 {
				return nil, fail("want ATTLIST and an element")
			}
			e := d.elements[f[1]]
			if e == nil {
				e = &elementDecl{name: f[1]} // declared before its element
				d.elements[f[1]] = e
				d.order = append(d.order, f[1])
			}
			body := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(decl), "ATTLIST"))
			if err := e.addAttrs(strings.TrimPrefix(body, f[1])); err != nil {
				return nil, fail("attributes of %s: %v", f[1], err)
			}
		}
	}
	for _, n := range d.order {
		if d.elements[n].model == "" {
			return nil, fmt.Errorf("%s: %w: attributes declared for %s, which has no ELEMENT declaration", name, ErrDTD, n)
		}
	}
	if len(d.elements) == 0 {
		return nil, fmt.Errorf("%s: %w: no ELEMENT declaration", name, ErrDTD)
	}
	return d, nil
}

// nameRE is an XML name as DTDs here use them.
var nameRE = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_.:-]*$`)

func newElementDecl(name, model string) (*elementDecl, error) {
	if !nameRE.MatchString(name) {
		return nil, fmt.Errorf("%q is not a name", name)
	}
	e := &elementDecl{name: name, model: model}
	switch {
	case model == "EMPTY":
		e.re = regexp.MustCompile(`^$`)
	case model == "ANY":
		e.any = true
	case strings.HasPrefix(model, "(#PCDATA"):
		// Mixed content: (#PCDATA) or (#PCDATA | A | B)*.
		inner := strings.TrimSuffix(strings.TrimSuffix(model, "*"), ")")
		inner = strings.TrimPrefix(inner, "(#PCDATA")
		e.text = true
		var alts []string
		for _, n := range strings.Split(inner, "|") {
			if n = strings.TrimSpace(n); n == "" {
				continue
			}
			if !nameRE.MatchString(n) {
				return nil, fmt.Errorf("mixed content %q: %q is not a name", model, n)
			}
			alts = append(alts, regexp.QuoteMeta("<"+n+">"))
		}
		if len(alts) > 0 && !strings.HasSuffix(model, ")*") {
			return nil, fmt.Errorf("mixed content %q must end in )*", model)
		}
		pat := `^$`
		if len(alts) > 0 {
			pat = `^(?:` + strings.Join(alts, "|") + `)*$`
		}
		e.re = regexp.MustCompile(pat)
	default:
		p := &modelParser{s: model}
		pat, err := p.particle()
		if err == nil && p.i != len(p.s) {
			err = fmt.Errorf("%q: unexpected %q", model, p.s[p.i:])
		}
		if err != nil {
			return nil, err
		}
		re, err := regexp.Compile(`^` + pat + `$`)
		if err != nil {
			return nil, fmt.Errorf("%q: %v", model, err)
		}
		e.re = re
	}
	return e, nil
}

// modelParser turns a children content model, "(A, (B | C)*, D?)", into a
// regular expression over the children's names written "<A><B>…".
type modelParser struct {
	s string
	i int
}

func (p *modelParser) particle() (string, error) {
	var pat string
	if p.i < len(p.s) && p.s[p.i] == '(' {
		p.i++
		var parts []string
		sep := byte(0)
		for {
			sub, err := p.particle()
			if err != nil {
				return "", err
			}
			parts = append(parts, sub)
			if p.i >= len(p.s) {
				return "", fmt.Errorf("%q: group not closed", p.s)
			}
			c := p.s[p.i]
			p.i++
			if c == ')' {
				break
			}
			if c != ',' && c != '|' {
				return "", fmt.Errorf("%q: %q where , | or ) belongs", p.s, c)
			}
			if sep != 0 && c != sep {
				return "", fmt.Errorf("%q: , and | mixed in one group", p.s)
			}
			sep = c
		}
		if sep == '|' {
			pat = "(?:" + strings.Join(parts, "|") + ")"
		} else {
			pat = "(?:" + strings.Join(parts, "") + ")"
		}
	} else {
		j := p.i
		for j < len(p.s) && !strings.ContainsRune("(),|?*+", rune(p.s[j])) {
			j++
		}
		n := p.s[p.i:j]
		if !nameRE.MatchString(n) {
			return "", fmt.Errorf("%q: %q is not a name", p.s, n)
		}
		p.i = j
		pat = "(?:" + regexp.QuoteMeta("<"+n+">") + ")"
	}
	if p.i < len(p.s) && strings.ContainsRune("?*+", rune(p.s[p.i])) {
		pat += p.s[p.i : p.i+1]
		p.i++
	}
	return pat, nil
}

// addAttrs reads an ATTLIST's definitions: name, type (CDATA, ID, NMTOKEN
// … or an enumeration (a|b)) and default (#REQUIRED, #IMPLIED, #FIXED "v"
// or "v").
func (e *elementDecl) addAttrs(s string) error {
	if e.attrs == nil {
		e.attrs = map[string]*attrDecl{}
	}
	toks, err := attlistTokens(s)
	if err != nil {
		return err
	}
	for len(toks) > 0 {
		if len(toks) < 3 {
			return fmt.Errorf("want a name, a type and a default, got %q", strings.Join(toks, " "))
		}
		a := &attrDecl{name: toks[0]}
		if !nameRE.MatchString(a.name) {
			return fmt.Errorf("%q is not an attribute name", a.name)
		}
		if t := toks[1]; strings.HasPrefix(t, "(") {
			for _, v := range strings.Split(strings.Trim(t, "()"), "|") {
				a.values = append(a.values, strings.TrimSpace(v))
			}
		}
		toks = toks[2:]
		switch toks[0] {
		case "#REQUIRED":
			a.required = true
			toks = toks[1:]
		case "#IMPLIED":
			toks = toks[1:]
		case "#FIXED":
			if len(toks) < 2 {
				return fmt.Errorf("attribute %s: #FIXED without a value", a.name)
			}
			a.fixed = strings.Trim(toks[1], `"'`)
			toks = toks[2:]
		default:
			toks = toks[1:] // a default value
		}
		if _, dup := e.attrs[a.name]; !dup {
			e.attrs[a.name] = a
			e.attrSeq = append(e.attrSeq, a.name)
		}
	}
	return nil
}

// attlistTokens splits an ATTLIST's body into names, types, enumerations
// (one token, spaces removed) and quoted values.
func attlistTokens(s string) ([]string, error) {
	var out []string
	for i := 0; i < len(s); {
		switch c := s[i]; {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		case c == '(':
			j := strings.IndexByte(s[i:], ')')
			if j < 0 {
				return nil, fmt.Errorf("enumeration not closed")
			}
			out = append(out, strings.Join(strings.Fields(s[i:i+j+1]), ""))
			i += j + 1
		case c == '"' || c == '\'':
			j := strings.IndexByte(s[i+1:], c)
			if j < 0 {
				return nil, fmt.Errorf("value not closed")
			}
			out = append(out, s[i:i+j+2])
			i += j + 2
		default:
			j := i
			for j < len(s) && !strings.ContainsRune(" \t\r\n(\"'", rune(s[j])) {
				j++
			}
			out = append(out, s[i:j])
			i = j
		}
	}
	return out, nil
}

// Invalid is a place where a document breaks its DTD: the line, the
// element (as a path from the root) and what is wrong.
type Invalid struct {
	Line int
	Path string
	What string
}

func (v Invalid) Error() string { return fmt.Sprintf("line %d: %s: %s", v.Line, v.Path, v.What) }

// Validate checks the document in data against the DTD: the root is root,
// every element is declared, its children come in the order and numbers
// its content model allows, it holds text only where #PCDATA is allowed,
// every attribute is declared, each required one is present and an
// enumerated one has one of its values. The document's DOCTYPE is not
// read (no DTD is fetched). ISO-8859-1 text is read as Decode reads it.
// It returns each place the document breaks the DTD, or an error when the
// document is not well-formed XML.
func (d *DTD) Validate(data []byte, root string) ([]Invalid, error) {
	dec := xml.NewDecoder(bytes.NewReader(data))
	dec.CharsetReader = charsetReader
	dec.Entity = xml.HTMLEntity
	type open struct {
		decl     *elementDecl
		path     string
		line     int
		children strings.Builder
		text     bool
	}
	var stack []*open
	var out []Invalid
	lineAt := func() int {
		off := min(int(dec.InputOffset()), len(data))
		return 1 + bytes.Count(data[:off], []byte("\n"))
	}
	seenRoot := false
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return out, err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			name := t.Name.Local
			line := lineAt()
			path := name
			if len(stack) > 0 {
				parent := stack[len(stack)-1]
				path = parent.path + "/" + name
				parent.children.WriteString("<" + name + ">")
			} else {
				if seenRoot {
					out = append(out, Invalid{line, path, "a second root element"})
				}
				seenRoot = true
				if name != root {
					out = append(out, Invalid{line, path, fmt.Sprintf("the root is %s, the DTD's is %s", name, root)})
				}
			}
			decl := d.elements[name]
			if decl == nil {
				out = append(out, Invalid{line, path, "element not declared"})
			} else {
				have := map[string]bool{}
				for _, a := range t.Attr {
					have[a.Name.Local] = true
					ad := decl.attrs[a.Name.Local]
					switch {
					case a.Name.Space == "xmlns" || a.Name.Local == "xmlns":
					case ad == nil:
						out = append(out, Invalid{line, path, fmt.Sprintf("attribute %s not declared", a.Name.Local)})
					case ad.values != nil && !slices.Contains(ad.values, a.Value):
						out = append(out, Invalid{line, path, fmt.Sprintf("attribute %s=%q: want one of %s", a.Name.Local, a.Value, strings.Join(ad.values, ", "))})
					case ad.fixed != "" && a.Value != ad.fixed:
						out = append(out, Invalid{line, path, fmt.Sprintf("attribute %s=%q: fixed at %q", a.Name.Local, a.Value, ad.fixed)})
					}
				}
				for _, n := range decl.attrSeq {
					if decl.attrs[n].required && !have[n] {
						out = append(out, Invalid{line, path, fmt.Sprintf("required attribute %s missing", n)})
					}
				}
			}
			stack = append(stack, &open{decl: decl, path: path, line: line})
		case xml.CharData:
			if len(stack) > 0 && len(bytes.TrimSpace(t)) > 0 {
				stack[len(stack)-1].text = true
			}
		case xml.EndElement:
			if len(stack) == 0 {
				continue
			}
			o := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if o.decl == nil || o.decl.any {
				continue
			}
			if o.text && !o.decl.text {
				out = append(out, Invalid{o.line, o.path, "text where the content model " + o.decl.model + " allows none"})
			}
			if kids := o.children.String(); !o.decl.re.MatchString(kids) {
				out = append(out, Invalid{o.line, o.path, fmt.Sprintf("children %s do not fit the content model %s", childList(kids), o.decl.model)})
			}
		}
	}
	if !seenRoot {
		return out, errors.New("usebio: no root element")
	}
	return out, nil
}

// childList writes "<A><B>" as "(A, B)", "(none)" when empty.
func childList(kids string) string {
	if kids == "" {
		return "(none)"
	}
	return "(" + strings.ReplaceAll(strings.Trim(kids, "<>"), "><", ", ") + ")"
}
