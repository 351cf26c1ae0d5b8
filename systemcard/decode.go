package systemcard

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/textfile"
)

// MaxCardSize is the largest card file Decode reads.
const MaxCardSize = 1 << 20

// ErrInvalid is wrapped by every error about the content of a card.
var ErrInvalid = errors.New("invalid system card")

// ErrSyntax is wrapped when a card file is not well-formed JSON.
var ErrSyntax = errors.New("JSON syntax error")

// Error is a problem in a card file: the file, the line, and the path of the
// field, written the way the card is (openings["1H"].length.H).
type Error struct {
	File string
	Line int
	Path string
	Err  error
}

// Error returns "file:line: path: message".
func (e *Error) Error() string {
	var b strings.Builder
	if e.File != "" {
		b.WriteString(e.File)
		b.WriteByte(':')
	}
	if e.Line > 0 {
		fmt.Fprintf(&b, "%d:", e.Line)
	}
	if b.Len() > 0 {
		b.WriteByte(' ')
	}
	if e.Path != "" {
		b.WriteString(e.Path)
		b.WriteString(": ")
	}
	b.WriteString(e.Err.Error())
	return b.String()
}

// Unwrap lets errors.Is find ErrInvalid and the underlying error.
func (e *Error) Unwrap() []error { return []error{ErrInvalid, e.Err} }

// Load reads and decodes the card in the named file.
func Load(path string) (*Card, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("system card: %w", err)
	}
	defer f.Close()
	return Decode(f, path)
}

// Decode reads a card in the JSON format of FORMAT.md. It is strict: unknown
// fields, duplicate keys, wrong types and contradictory lengths or ranges are
// refused with an *Error naming the file (name), line and field path.
func Decode(r io.Reader, name string) (*Card, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxCardSize+1))
	if err != nil {
		return nil, fmt.Errorf("system card %s: %w", name, err)
	}
	if len(data) > MaxCardSize {
		return nil, &Error{File: name, Err: fmt.Errorf("file is larger than %d bytes", MaxCardSize)}
	}
	return DecodeBytes(data, name)
}

// DecodeBytes is Decode for a card already in memory. A leading UTF-8
// byte-order mark (as Windows editors write) is skipped; UTF-16 and binary
// data and an empty file are refused as such.
func DecodeBytes(data []byte, name string) (*Card, error) {
	data, err := textfile.Decode(data, name)
	switch {
	case errors.Is(err, textfile.ErrUTF16):
		return nil, &Error{File: name, Line: 1, Err: textfile.ErrUTF16}
	case errors.Is(err, textfile.ErrBinary):
		nul := bytes.IndexByte(data, 0)
		return nil, &Error{File: name, Line: lineOf(data, int64(nul)), Err: fmt.Errorf("%w (a NUL byte)", textfile.ErrBinary)}
	case err != nil:
		return nil, &Error{File: name, Err: err}
	}
	if !utf8.Valid(data) {
		// encoding/json would turn the bytes into U+FFFD silently: a name
		// saved in Latin-1 would be changed without a word.
		bad := 0
		for bad < len(data) {
			r, size := utf8.DecodeRune(data[bad:])
			if r == utf8.RuneError && size == 1 {
				break
			}
			bad += size
		}
		return nil, &Error{File: name, Line: lineOf(data, int64(bad)),
			Err: fmt.Errorf("byte %#x is not UTF-8 (a Latin-1 or Windows-1252 file?): save the card as UTF-8", data[bad])}
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, &Error{File: name, Line: 1, Err: fmt.Errorf("%w: a system card is a JSON object (FORMAT.md)", textfile.ErrEmpty)}
	}
	root, err := parseTree(data, name)
	if err != nil {
		return nil, err
	}
	d := &decoder{data: data, file: name}
	c, err := d.card(root)
	if err != nil {
		return nil, err
	}
	return c, nil
}

type decoder struct {
	data []byte
	file string
}

// field handles one field's value found at path.
type field func(v *node, path string) error

func (d *decoder) errf(n *node, path, format string, args ...any) error {
	var off int64
	if n != nil {
		off = n.off
	}
	return &Error{File: d.file, Line: lineOf(d.data, off), Path: path, Err: fmt.Errorf(format, args...)}
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// object applies fields to the members of object n, refusing unknown and
// repeated keys, and reports which required keys are missing.
func (d *decoder) object(n *node, path string, fields map[string]field, required ...string) error {
	if n.kind != '{' {
		return d.errf(n, path, "want an object, found %s", n.kindName())
	}
	seen := map[string]bool{}
	for i, k := range n.keys {
		kp := join(path, k)
		if seen[k] {
			return d.errf(&node{off: n.koffs[i]}, kp, "appears twice")
		}
		seen[k] = true
		f, ok := fields[k]
		if !ok {
			known := make([]string, 0, len(fields))
			for name := range fields {
				known = append(known, name)
			}
			sort.Strings(known)
			return d.errf(&node{off: n.koffs[i]}, kp, "unknown field (known fields: %s)", strings.Join(known, ", "))
		}
		if err := f(n.vals[i], kp); err != nil {
			return err
		}
	}
	for _, r := range required {
		if !seen[r] {
			return d.errf(n, join(path, r), "missing (it is required)")
		}
	}
	return nil
}

func (d *decoder) str(n *node, path string, out *string) error {
	if n.kind != 's' {
		return d.errf(n, path, "want a string, found %s", n.kindName())
	}
	*out = n.str
	return nil
}

func (d *decoder) boolean(n *node, path string, out *bool) error {
	if n.kind != 'b' {
		return d.errf(n, path, "want true or false, found %s", n.kindName())
	}
	*out = n.b
	return nil
}

func (d *decoder) integer(n *node, path string, lo, hi int, out *int) error {
	if n.kind != 'n' {
		return d.errf(n, path, "want a whole number, found %s", n.kindName())
	}
	v, err := strconv.ParseInt(string(n.num), 10, 64)
	if err != nil {
		return d.errf(n, path, "want a whole number, found %s", n.num)
	}
	if v < int64(lo) || v > int64(hi) {
		return d.errf(n, path, "%d is outside %d–%d", v, lo, hi)
	}
	*out = int(v)
	return nil
}

func (d *decoder) array(n *node, path string) ([]*node, error) {
	if n.kind != '[' {
		return nil, d.errf(n, path, "want an array, found %s", n.kindName())
	}
	return n.elems, nil
}

func index(path string, i int) string { return fmt.Sprintf("%s[%d]", path, i) }

func (d *decoder) call(n *node, path string, out *bridge.Call) error {
	var s string
	if err := d.str(n, path, &s); err != nil {
		return err
	}
	c, err := bridge.ParseCall(s)
	if err != nil {
		return d.errf(n, path, "%q is not a call: %w", s, err)
	}
	*out = c
	return nil
}

func (d *decoder) bid(n *node, path string, out *bridge.Call) error {
	if err := d.call(n, path, out); err != nil {
		return err
	}
	if !out.IsBid() {
		return d.errf(n, path, "want a bid such as 2D, found %s", out.ASCII())
	}
	return nil
}

func (d *decoder) suit(n *node, path string, text string) (bridge.Suit, error) {
	s, err := bridge.ParseSuit(text)
	if err != nil {
		return 0, d.errf(n, path, "%q is not a suit (want C, D, H, S or ♣ ♦ ♥ ♠)", text)
	}
	return s, nil
}

// suitMap reads {"H": 5, "S": 4}, keyed by suit letter or symbol.
func (d *decoder) suitMap(n *node, path string) (map[bridge.Suit]int, error) {
	if n.kind != '{' {
		return nil, d.errf(n, path, "want an object of suit lengths such as {\"H\": 5}, found %s", n.kindName())
	}
	out := map[bridge.Suit]int{}
	for i, k := range n.keys {
		kn := &node{off: n.koffs[i]}
		kp := join(path, k)
		s, err := d.suit(kn, kp, k)
		if err != nil {
			return nil, err
		}
		if _, dup := out[s]; dup {
			return nil, d.errf(kn, kp, "%s appears twice", s)
		}
		var v int
		if err := d.integer(n.vals[i], kp, 0, 13, &v); err != nil {
			return nil, err
		}
		out[s] = v
	}
	return out, nil
}

// suitList reads ["H", "S"]: distinct suits.
func (d *decoder) suitList(n *node, path string) ([]bridge.Suit, error) {
	els, err := d.array(n, path)
	if err != nil {
		return nil, err
	}
	var out []bridge.Suit
	seen := map[bridge.Suit]bool{}
	for i, el := range els {
		var t string
		if err := d.str(el, index(path, i), &t); err != nil {
			return nil, err
		}
		s, err := d.suit(el, index(path, i), t)
		if err != nil {
			return nil, err
		}
		if seen[s] {
			return nil, d.errf(el, index(path, i), "%s appears twice", s)
		}
		seen[s] = true
		out = append(out, s)
	}
	return out, nil
}

func (d *decoder) hcp(n *node, path string, out *Range) error {
	els, err := d.array(n, path)
	if err != nil {
		return err
	}
	if len(els) != 2 {
		return d.errf(n, path, "want [min, max] high-card points, found %d numbers", len(els))
	}
	if err := d.integer(els[0], index(path, 0), 0, MaxHCP, &out.Min); err != nil {
		return err
	}
	if err := d.integer(els[1], index(path, 1), 0, MaxHCP, &out.Max); err != nil {
		return err
	}
	if out.Min > out.Max {
		return d.errf(n, path, "minimum %d is above maximum %d", out.Min, out.Max)
	}
	return nil
}

// meaningFields returns the fields of a Meaning and a check to run once the
// object holding them has been read.
func (d *decoder) meaningFields(n *node, m *Meaning) (map[string]field, func(path string) error) {
	var lenNode, shortNode, twoNode, hcpNode *node
	fields := map[string]field{
		"hcp": func(v *node, p string) error { hcpNode = v; return d.hcp(v, p, &m.HCP) },
		"length": func(v *node, p string) (err error) {
			lenNode = v
			m.Length, err = d.suitMap(v, p)
			return err
		},
		"short": func(v *node, p string) (err error) {
			shortNode = v
			m.Short, err = d.suitMap(v, p)
			return err
		},
		"either": func(v *node, p string) error {
			els, err := d.array(v, p)
			if err != nil {
				return err
			}
			for i, el := range els {
				var e Either
				ep := index(p, i)
				if err := d.object(el, ep, map[string]field{
					"suits": func(v *node, p string) (err error) {
						e.Suits, err = d.suitList(v, p)
						if err == nil && len(e.Suits) < 2 {
							err = d.errf(v, p, "want two or more suits (one suit is a known suit: use length)")
						}
						return err
					},
					"min": func(v *node, p string) error { return d.integer(v, p, 1, 13, &e.Min) },
				}, "suits", "min"); err != nil {
					return err
				}
				m.Either = append(m.Either, e)
			}
			return nil
		},
		"two_suited": func(v *node, p string) error {
			twoNode = v
			t := &TwoSuits{}
			if err := d.object(v, p, map[string]field{
				"suits": func(v *node, p string) (err error) {
					t.Suits, err = d.suitList(v, p)
					if err == nil && len(t.Suits) != 2 {
						err = d.errf(v, p, "want exactly two suits, found %d", len(t.Suits))
					}
					return err
				},
				"min": func(v *node, p string) error {
					els, err := d.array(v, p)
					if err != nil {
						return err
					}
					if len(els) != 2 {
						return d.errf(v, p, "want the two suits' minimum lengths, found %d numbers", len(els))
					}
					for i := range 2 {
						if err := d.integer(els[i], index(p, i), 0, 13, &t.Min[i]); err != nil {
							return err
						}
					}
					if t.Min[0]+t.Min[1] > 13 {
						return d.errf(v, p, "%d and %d cards make more than 13", t.Min[0], t.Min[1])
					}
					return nil
				},
			}, "min"); err != nil {
				return err
			}
			m.TwoSuited = t
			return nil
		},
		"shapes": func(v *node, p string) error {
			els, err := d.array(v, p)
			if err != nil {
				return err
			}
			if len(els) == 0 {
				return d.errf(v, p, "empty: list the patterns, or leave the field out")
			}
			for i, el := range els {
				var t string
				if err := d.str(el, index(p, i), &t); err != nil {
					return err
				}
				s, err := ParseShape(t)
				if err != nil {
					return d.errf(el, index(p, i), "%w", err)
				}
				m.Shapes = append(m.Shapes, s)
			}
			return nil
		},
		"shape_compensates": func(v *node, p string) error { return d.boolean(v, p, &m.ShapeCompensates) },
		"club_4432":         func(v *node, p string) error { return d.boolean(v, p, &m.Club4432) },
	}
	check := func(path string) error {
		if hcpNode == nil {
			return d.errf(n, join(path, "hcp"), "missing (every meaning states its high-card points)")
		}
		total := 0
		for s := bridge.Clubs; s <= bridge.Spades; s++ {
			if l, ok := m.Length[s]; ok {
				total += l
				if sh, ok := m.Short[s]; ok && sh < l {
					return d.errf(shortNode, join(join(path, "short"), string(s.Letter())),
						"at most %d %s contradicts length.%c, which promises at least %d", sh, s, s.Letter(), l)
				}
			}
		}
		if total > 13 {
			return d.errf(lenNode, join(path, "length"), "promises %d cards, more than 13", total)
		}
		if t := m.TwoSuited; t != nil && t.Suits != nil {
			for i, s := range t.Suits {
				if sh, ok := m.Short[s]; ok && sh < t.Min[i] {
					return d.errf(twoNode, join(join(path, "two_suited"), "min"),
						"%d %s contradicts short.%c, at most %d", t.Min[i], s, s.Letter(), sh)
				}
			}
		}
		for i, s := range m.Shapes {
			if !fits(s, m) {
				return d.errf(n, index(join(path, "shapes"), i), "pattern %s cannot hold the lengths the meaning promises", s)
			}
		}
		return nil
	}
	return fields, check
}

// fits reports whether some hand of pattern s meets the lengths of m.
func fits(s Shape, m *Meaning) bool {
	// Try every assignment of the pattern's lengths to the suits.
	var perm func(i int, used [4]bool, lens [4]int) bool
	perm = func(i int, used [4]bool, lens [4]int) bool {
		if i == 4 {
			for su := bridge.Clubs; su <= bridge.Spades; su++ {
				if l, ok := m.Length[su]; ok && lens[su] < l {
					return false
				}
				if sh, ok := m.Short[su]; ok && lens[su] > sh {
					return false
				}
			}
			return true
		}
		for j := range 4 {
			if !used[j] {
				used[j] = true
				lens[i] = s[j]
				if perm(i+1, used, lens) {
					return true
				}
				used[j] = false
			}
		}
		return false
	}
	return perm(0, [4]bool{}, [4]int{})
}

// meanings reads the first meaning from the fields of n (merged with the
// owner's own fields) and the alternatives under "or".
func (d *decoder) meanings(n *node, path string, own map[string]field, out *[]Meaning) error {
	first := Meaning{}
	fields, check := d.meaningFields(n, &first)
	var alts []Meaning
	fields["or"] = func(v *node, p string) error {
		els, err := d.array(v, p)
		if err != nil {
			return err
		}
		if len(els) == 0 {
			return d.errf(v, p, "empty: list the alternative meanings, or leave the field out")
		}
		for i, el := range els {
			var m Meaning
			f, chk := d.meaningFields(el, &m)
			ep := index(p, i)
			if err := d.object(el, ep, f); err != nil {
				return err
			}
			if err := chk(ep); err != nil {
				return err
			}
			alts = append(alts, m)
		}
		return nil
	}
	for k, f := range own {
		fields[k] = f
	}
	if err := d.object(n, path, fields); err != nil {
		return err
	}
	if err := check(path); err != nil {
		return err
	}
	*out = append([]Meaning{first}, alts...)
	return nil
}

func (d *decoder) card(root *node) (*Card, error) {
	c := &Card{Openings: map[bridge.Call]*Opening{}}
	var openingsNode *node
	err := d.object(root, "", map[string]field{
		"name": func(v *node, p string) error { return d.str(v, p, &c.Name) },
		"players": func(v *node, p string) error {
			els, err := d.array(v, p)
			if err != nil {
				return err
			}
			if len(els) != 2 {
				return d.errf(v, p, "want the two players of the partnership, found %d", len(els))
			}
			for i, el := range els {
				pl := &c.Players[i]
				ep := index(p, i)
				if err := d.object(el, ep, map[string]field{
					"name": func(v *node, p string) error { return d.str(v, p, &pl.Name) },
					"rank": func(v *node, p string) error {
						var t string
						if err := d.str(v, p, &t); err != nil {
							return err
						}
						r, err := ParseRank(t)
						if err != nil {
							return d.errf(v, p, "%w", err)
						}
						pl.Rank = r
						return nil
					},
				}, "name", "rank"); err != nil {
					return err
				}
			}
			return nil
		},
		"protected": func(v *node, p string) error { return d.boolean(v, p, &c.Protected) },
		"openings": func(v *node, p string) error {
			openingsNode = v
			return d.openings(v, p, c)
		},
		"overcalls": func(v *node, p string) (err error) {
			c.Overcalls, err = list(d, v, p, d.overcall)
			return err
		},
		"responses": func(v *node, p string) (err error) {
			c.Responses, err = list(d, v, p, d.response)
			return err
		},
		"defences": func(v *node, p string) error {
			df := &c.Defences
			return d.object(v, p, map[string]field{
				"1nt":           func(v *node, p string) error { return d.str(v, p, &df.To1NT) },
				"strong":        func(v *node, p string) error { return d.str(v, p, &df.ToStrong) },
				"brown_sticker": func(v *node, p string) error { return d.str(v, p, &df.ToBrown) },
				"hum":           func(v *node, p string) error { return d.str(v, p, &df.ToHUM) },
			})
		},
		"second_card": func(v *node, p string) error { return d.str(v, p, &c.SecondCard) },
		"rebids": func(v *node, p string) (err error) {
			c.Rebids, err = d.sequences(v, p, rebid)
			return err
		},
		"competitive": func(v *node, p string) (err error) {
			c.Competitive, err = d.sequences(v, p, contested)
			return err
		},
		"doubles":   func(v *node, p string) (err error) { c.Doubles, err = d.agreements(v, p); return err },
		"redoubles": func(v *node, p string) (err error) { c.Redoubles, err = d.agreements(v, p); return err },
		"slam":      func(v *node, p string) (err error) { c.Slam, err = d.agreements(v, p); return err },
		"carding": func(v *node, p string) error {
			cd := &Carding{}
			c.Carding = cd
			signal := func(out *string) field {
				return func(v *node, p string) error {
					if err := d.str(v, p, out); err != nil {
						return err
					}
					if *out != "standard" && *out != "reverse" {
						return d.errf(v, p, "%q: want standard (high encourages, high-low even) or reverse (upside down)", *out)
					}
					return nil
				}
			}
			return d.object(v, p, map[string]field{
				"leads_suits":     d.text(&cd.LeadsSuits),
				"leads_nt":        d.text(&cd.LeadsNT),
				"attitude":        signal(&cd.Attitude),
				"count":           signal(&cd.Count),
				"discards":        d.text(&cd.Discards),
				"suit_preference": d.text(&cd.SuitPreference),
				"note":            d.text(&cd.Note),
			})
		},
		"psychics": func(v *node, p string) error {
			ps := &Psychics{}
			c.Psychics = ps
			var ctlNode *node
			if err := d.object(v, p, map[string]field{
				"frequency": func(v *node, p string) error {
					if err := d.str(v, p, &ps.Frequency); err != nil {
						return err
					}
					if !slices.Contains(psychicFrequencies, ps.Frequency) {
						return d.errf(v, p, "%q: want one of %s", ps.Frequency, strings.Join(psychicFrequencies, ", "))
					}
					return nil
				},
				"controls": func(v *node, p string) error { ctlNode = v; return d.boolean(v, p, &ps.Controls) },
				"note":     d.text(&ps.Note),
			}, "frequency"); err != nil {
				return err
			}
			if ps.Controls && ps.Frequency == "never" {
				return d.errf(ctlNode, join(p, "controls"), "controls for psychics the pair says it never makes")
			}
			return nil
		},
		"alerts": func(v *node, p string) (err error) {
			c.Alerts, err = list(d, v, p, d.alert)
			return err
		},
		"notes": func(v *node, p string) (err error) {
			c.Notes, err = list(d, v, p, func(el *node, p string) (t string, err error) {
				return t, d.text(&t)(el, p)
			})
			return err
		},
		"yellow": func(v *node, p string) error {
			y := &Paperwork{}
			c.Yellow = y
			return d.object(v, p, map[string]field{
				"submitted": func(v *node, p string) error {
					var t string
					if err := d.str(v, p, &t); err != nil {
						return err
					}
					day, err := time.Parse(time.DateOnly, t)
					if err != nil {
						return d.errf(v, p, "%q is not a date written YYYY-MM-DD", t)
					}
					y.Submitted = day
					return nil
				},
				"defence_approved": func(v *node, p string) error { return d.boolean(v, p, &y.DefenceApproved) },
				"defence_copies":   func(v *node, p string) error { return d.integer(v, p, 0, 1000, &y.DefenceCopies) },
			})
		},
	}, "name", "players", "openings")
	if err != nil {
		return nil, err
	}
	for _, s := range []bridge.Strain{bridge.ClubsStrain, bridge.DiamondsStrain, bridge.HeartsStrain, bridge.SpadesStrain, bridge.NoTrump} {
		if b := bridge.Bid(1, s); c.Openings[b] == nil {
			return nil, d.errf(openingsNode, fmt.Sprintf("openings[%q]", b.ASCII()),
				"missing: the card must describe every one-level opening (Part B 2 classifies by them)")
		}
	}
	return c, nil
}

func (d *decoder) openings(n *node, path string, c *Card) error {
	if n.kind != '{' {
		return d.errf(n, path, "want an object keyed by opening call, found %s", n.kindName())
	}
	for i, k := range n.keys {
		kn := &node{off: n.koffs[i]}
		kp := fmt.Sprintf("%s[%q]", path, k)
		var call bridge.Call
		if err := d.call(&node{kind: 's', str: k, off: n.koffs[i]}, kp, &call); err != nil {
			return err
		}
		if call == bridge.Double || call == bridge.Redouble {
			return d.errf(kn, kp, "%s cannot open the auction", call)
		}
		if _, dup := c.Openings[call]; dup {
			return d.errf(kn, kp, "%s is described twice", call)
		}
		o := &Opening{Call: call}
		var variesNode *node
		own := map[string]field{
			"artificial": func(v *node, p string) error { return d.boolean(v, p, &o.Artificial) },
			"forcing":    func(v *node, p string) error { return d.boolean(v, p, &o.Forcing) },
			"note":       func(v *node, p string) error { return d.str(v, p, &o.Note) },
			"varies": func(v *node, p string) error {
				variesNode = v
				_, err := d.array(v, p)
				return err
			},
		}
		if err := d.meanings(n.vals[i], kp, own, &o.Meanings); err != nil {
			return err
		}
		for j, m := range o.Meanings {
			if m.Club4432 && (call != bridge.Bid(1, bridge.ClubsStrain) || m.Length[bridge.Clubs] != 2) {
				mp := kp
				if j > 0 {
					mp = index(kp+".or", j-1)
				}
				return d.errf(n.vals[i], join(mp, "club_4432"),
					"applies only to a 1C opening whose length.C is 2 (the Part B 2.1(b) exception)")
			}
		}
		if variesNode != nil {
			if err := d.variations(variesNode, kp+".varies", n.vals[i], o); err != nil {
				return err
			}
		}
		c.Openings[call] = o
	}
	return nil
}

// MaxVariations is the most variations an opening may list: one for each
// of the four seats and six states of vulnerability. Each is classified as
// a card of its own, so the bound also bounds Classify's work.
const MaxVariations = 10

// variationKeys are the fields of a variation that are not the opening's.
var variationKeys = map[string]bool{"by": true, "when": true, "change": true, "note": true}

// variations reads an opening's varies array. Each variation gives the
// opening's meaning in some seats or at some vulnerability: the fields it
// gives replace the opening's (all of "or" at once), the others are
// inherited, and the result is read and checked like an opening. What
// changes (point range, length or structure) is worked out from the
// meanings; a "change" written on the card must agree with them.
func (d *decoder) variations(n *node, path string, base *node, o *Opening) error {
	if len(n.elems) > MaxVariations {
		return d.errf(n, path, "%d variations: at most %d (one for each seat and state of vulnerability)", len(n.elems), MaxVariations)
	}
	for j, el := range n.elems {
		ep := index(path, j)
		if el.kind != '{' {
			return d.errf(el, ep, "want an object, found %s", el.kindName())
		}
		va := Variation{}
		var stated *Change
		var changeNode, whenNode *node
		meta := map[string]field{
			"by": func(v *node, p string) error {
				if err := d.str(v, p, &va.By); err != nil {
					return err
				}
				switch va.By {
				case "seat", "vulnerability":
					return nil
				}
				return d.errf(v, p, "%q: want seat or vulnerability", va.By)
			},
			"when": func(v *node, p string) error { whenNode = v; return nil },
			"change": func(v *node, p string) error {
				changeNode = v
				var t string
				if err := d.str(v, p, &t); err != nil {
					return err
				}
				for ci, name := range changeNames {
					if t == name {
						ch := Change(ci)
						stated = &ch
						return nil
					}
				}
				return d.errf(v, p, "%q: want hcp, length or structure", t)
			},
			"note": func(v *node, p string) error { return d.str(v, p, &va.Note) },
		}
		// Split the variation's own fields from the meaning it gives,
		// and lay that meaning over the opening's.
		own := &node{kind: '{', off: el.off}
		merged := &node{kind: '{', off: el.off}
		given := map[string]bool{}
		for k, key := range el.keys {
			if variationKeys[key] {
				own.keys = append(own.keys, key)
				own.koffs = append(own.koffs, el.koffs[k])
				own.vals = append(own.vals, el.vals[k])
				continue
			}
			if key == "varies" {
				return d.errf(&node{off: el.koffs[k]}, join(ep, key), "a variation cannot vary again")
			}
			given[key] = true
			merged.keys = append(merged.keys, key)
			merged.koffs = append(merged.koffs, el.koffs[k])
			merged.vals = append(merged.vals, el.vals[k])
		}
		for k, key := range base.keys {
			if key == "varies" || key == "note" || given[key] {
				continue
			}
			merged.keys = append(merged.keys, key)
			merged.koffs = append(merged.koffs, base.koffs[k])
			merged.vals = append(merged.vals, base.vals[k])
		}
		if err := d.object(own, ep, meta, "by", "when"); err != nil {
			return err
		}
		if err := d.when(whenNode, join(ep, "when"), &va); err != nil {
			return err
		}
		if len(given) == 0 {
			return d.errf(el, ep, "no meaning: give what the opening shows %s (hcp, length, …); the change is worked out from it", va)
		}
		vo := &Opening{Call: o.Call}
		if err := d.meanings(merged, ep, map[string]field{
			"artificial": func(v *node, p string) error { return d.boolean(v, p, &vo.Artificial) },
			"forcing":    func(v *node, p string) error { return d.boolean(v, p, &vo.Forcing) },
		}, &vo.Meanings); err != nil {
			return err
		}
		va.Opening = vo
		ch, differs := o.changeIn(vo)
		if !differs {
			return d.errf(el, ep, "the meaning given is the opening's own: nothing varies")
		}
		if stated != nil && *stated != ch {
			return d.errf(changeNode, join(ep, "change"), "says %s, but the meanings given differ in %s (%s)", *stated, ch, ch.explain())
		}
		va.Change = ch
		o.Varies = append(o.Varies, va)
	}
	return nil
}

// seatNames and vulNames are the conditions a variation applies in.
var (
	seatNames = []string{"1st", "2nd", "3rd", "4th"}
	vulNames  = []string{"vulnerable", "not-vulnerable", "favourable", "unfavourable", "both-vulnerable", "none-vulnerable"}
)

// when reads a variation's conditions: seats for "by": "seat", states of
// vulnerability for "by": "vulnerability".
func (d *decoder) when(n *node, path string, va *Variation) error {
	els, err := d.array(n, path)
	if err != nil {
		return err
	}
	names := seatNames
	if va.By == "vulnerability" {
		names = vulNames
	}
	if len(els) == 0 {
		return d.errf(n, path, "empty: list the %ss it applies in (%s)", va.By, strings.Join(names, ", "))
	}
	for i, el := range els {
		var t string
		if err := d.str(el, index(path, i), &t); err != nil {
			return err
		}
		if !slices.Contains(names, t) {
			return d.errf(el, index(path, i), "%q: want one of %s", t, strings.Join(names, ", "))
		}
		if slices.Contains(va.When, t) {
			return d.errf(el, index(path, i), "%q appears twice", t)
		}
		va.When = append(va.When, t)
	}
	if va.By == "seat" && len(va.When) == 4 {
		return d.errf(n, path, "all four seats: that is the opening itself, not a variation")
	}
	return nil
}

func (d *decoder) defence(v *node, p string, out *Defence) error {
	var t string
	if err := d.str(v, p, &t); err != nil {
		return err
	}
	for i, name := range defenceNames {
		if i > 0 && strings.EqualFold(t, name) {
			*out = Defence(i)
			return nil
		}
	}
	return d.errf(v, p, "%q: want 1NT, strong, brown-sticker or hum", t)
}

func (d *decoder) overcall(n *node, path string) (*Overcall, error) {
	o := &Overcall{}
	var overNode, bidNode *node
	own := map[string]field{
		"over": func(v *node, p string) error {
			overNode = v
			els, err := d.array(v, p)
			if err != nil {
				return err
			}
			for i, el := range els {
				var c bridge.Call
				if err := d.bid(el, index(p, i), &c); err != nil {
					return err
				}
				o.Over = append(o.Over, c)
			}
			return nil
		},
		"defence_to":   func(v *node, p string) error { return d.defence(v, p, &o.DefenceTo) },
		"bid":          func(v *node, p string) error { bidNode = v; return d.bid(v, p, &o.Call) },
		"artificial":   func(v *node, p string) error { return d.boolean(v, p, &o.Artificial) },
		"asks_stopper": func(v *node, p string) error { return d.boolean(v, p, &o.AsksStopper) },
		"note":         func(v *node, p string) error { return d.str(v, p, &o.Note) },
	}
	if err := d.meanings(n, path, own, &o.Meanings); err != nil {
		return nil, err
	}
	if bidNode == nil {
		return nil, d.errf(n, join(path, "bid"), "missing (it is required)")
	}
	if len(o.Over) == 0 && o.DefenceTo == NoDefence {
		return nil, d.errf(n, join(path, "over"), "missing: say which openings it is made over, or set defence_to")
	}
	for i, c := range o.Over {
		if o.Call <= c {
			return nil, d.errf(overNode, index(join(path, "over"), i), "%s is not a legal overcall of %s (Law 27: it must be higher)", o.Call, c)
		}
	}
	if o.AsksStopper && !o.cueOver() {
		return nil, d.errf(n, join(path, "asks_stopper"), "only a cue bid of the opponents' suit can ask for a stopper")
	}
	return o, nil
}

// cueOver reports whether the overcall bids the suit of every opening it is
// made over: a cue bid.
func (o *Overcall) cueOver() bool {
	if len(o.Over) == 0 || !o.Call.Strain().IsSuit() {
		return false
	}
	for _, c := range o.Over {
		if c.Strain() != o.Call.Strain() {
			return false
		}
	}
	return true
}

func (d *decoder) response(n *node, path string) (*Response, error) {
	r := &Response{}
	var afterNode, bidNode *node
	own := map[string]field{
		"after":      func(v *node, p string) error { afterNode = v; return d.bid(v, p, &r.After) },
		"bid":        func(v *node, p string) error { bidNode = v; return d.bid(v, p, &r.Call) },
		"artificial": func(v *node, p string) error { return d.boolean(v, p, &r.Artificial) },
		"note":       func(v *node, p string) error { return d.str(v, p, &r.Note) },
	}
	if err := d.meanings(n, path, own, &r.Meanings); err != nil {
		return nil, err
	}
	if afterNode == nil {
		return nil, d.errf(n, join(path, "after"), "missing (it is required)")
	}
	if bidNode == nil {
		return nil, d.errf(n, join(path, "bid"), "missing (it is required)")
	}
	if r.Call <= r.After {
		return nil, d.errf(bidNode, join(path, "bid"), "%s is not a legal response to %s (it must be higher)", r.Call, r.After)
	}
	return r, nil
}

// psychicFrequencies are the answers the ABF and WBF cards offer.
var psychicFrequencies = []string{"never", "rare", "occasional", "frequent"}

// text reads a string that must say something.
func (d *decoder) text(out *string) field {
	return func(v *node, p string) error {
		if err := d.str(v, p, out); err != nil {
			return err
		}
		if strings.TrimSpace(*out) == "" {
			return d.errf(v, p, "empty: write the agreement, or leave the field out")
		}
		return nil
	}
}

// calls reads an array of calls.
func (d *decoder) calls(n *node, path string) ([]bridge.Call, error) {
	els, err := d.array(n, path)
	if err != nil {
		return nil, err
	}
	out := make([]bridge.Call, len(els))
	for i, el := range els {
		if err := d.call(el, index(path, i), &out[i]); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// legal checks that auction is a legal start of an auction, not ended,
// and that call may follow it (Laws 18, 19, 27 and 36: sufficient bids,
// doubles of the opponents' bids only).
func (d *decoder) legal(auctionNode, callNode *node, path string, auction []bridge.Call, call bridge.Call) error {
	a := bridge.NewAuction(bridge.North)
	for i, c := range auction {
		if err := a.Append(c); err != nil {
			return d.errf(auctionNode, index(join(path, "auction"), i), "%s cannot come here: %v", c, err)
		}
	}
	if a.Ended() {
		return d.errf(auctionNode, join(path, "auction"), "the auction is over before the call")
	}
	if err := a.Check(call); err != nil {
		after := callsText(auction)
		if after == "" {
			after = "the start of the auction"
		}
		return d.errf(callNode, join(path, "bid"), "%s cannot follow %s: %v", call, after, err)
	}
	return nil
}

// callsText writes calls separated by spaces.
func callsText(cs []bridge.Call) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = c.String()
	}
	return strings.Join(parts, " ")
}

// agreements reads an array of named methods.
func (d *decoder) agreements(n *node, path string) ([]Agreement, error) {
	return list(d, n, path, func(el *node, p string) (a Agreement, err error) {
		return a, d.object(el, p, map[string]field{
			"name":    d.text(&a.Name),
			"through": func(v *node, p string) error { return d.bid(v, p, &a.Through) },
			"note":    d.text(&a.Note),
		}, "name")
	})
}

// list reads array n, each element with read at its index path.
func list[T any](d *decoder, n *node, path string, read func(el *node, path string) (T, error)) ([]T, error) {
	els, err := d.array(n, path)
	if err != nil {
		return nil, err
	}
	var out []T
	for i, el := range els {
		x, err := read(el, index(path, i))
		if err != nil {
			return nil, err
		}
		out = append(out, x)
	}
	return out, nil
}

// alert reads one entry of alerts.
func (d *decoder) alert(el *node, path string) (Alert, error) {
	var a Alert
	var auctionNode, bidNode *node
	if err := d.object(el, path, map[string]field{
		"auction": func(v *node, p string) (err error) {
			auctionNode = v
			a.Auction, err = d.calls(v, p)
			return err
		},
		"bid":         func(v *node, p string) error { bidNode = v; return d.call(v, p, &a.Call) },
		"explanation": d.text(&a.Explanation),
	}, "bid", "explanation"); err != nil {
		return a, err
	}
	return a, d.legal(auctionNode, bidNode, path, a.Auction, a.Call)
}

// sequenceKind says which auctions a list of sequences holds.
type sequenceKind int

const (
	rebid     sequenceKind = iota // opener's rebid in an uncontested auction
	contested                     // a call after an opponent has bid or doubled
)

// sequences reads rebids or competitive sequences: an auction, a bid and
// the meaning fields.
func (d *decoder) sequences(n *node, path string, kind sequenceKind) ([]*Sequence, error) {
	els, err := d.array(n, path)
	if err != nil {
		return nil, err
	}
	var out []*Sequence
	for i, el := range els {
		q := &Sequence{}
		ep := index(path, i)
		var auctionNode, bidNode *node
		own := map[string]field{
			"auction": func(v *node, p string) (err error) {
				auctionNode = v
				q.Auction, err = d.calls(v, p)
				return err
			},
			"bid":        func(v *node, p string) error { bidNode = v; return d.call(v, p, &q.Call) },
			"artificial": func(v *node, p string) error { return d.boolean(v, p, &q.Artificial) },
			"forcing":    func(v *node, p string) error { return d.boolean(v, p, &q.Forcing) },
			"note":       d.text(&q.Note),
		}
		if err := d.meanings(el, ep, own, &q.Meanings); err != nil {
			return nil, err
		}
		if auctionNode == nil || len(q.Auction) == 0 {
			return nil, d.errf(el, join(ep, "auction"), "missing: give the calls before the bid, from the first call of the auction")
		}
		if bidNode == nil {
			return nil, d.errf(el, join(ep, "bid"), "missing (it is required)")
		}
		if err := d.legal(auctionNode, bidNode, ep, q.Auction, q.Call); err != nil {
			return nil, err
		}
		first := slices.IndexFunc(q.Auction, func(c bridge.Call) bool { return c != bridge.Pass })
		me := len(q.Auction) % 2 // the bidder's side: calls at even distance
		theyCalled := false
		for j, c := range q.Auction {
			theyCalled = theyCalled || (j%2 != me && c != bridge.Pass)
		}
		switch kind {
		case rebid:
			if first < 0 || (len(q.Auction)-first)%4 != 0 {
				return nil, d.errf(auctionNode, join(ep, "auction"), "%s: the bid is not the opener's rebid (the opener bids first and again four calls later)", q)
			}
			if theyCalled {
				return nil, d.errf(auctionNode, join(ep, "auction"), "%s: the opponents have called: list it under competitive", q)
			}
		case contested:
			if !theyCalled {
				return nil, d.errf(auctionNode, join(ep, "auction"), "%s: the opponents have only passed: list it under rebids or responses", q)
			}
		}
		out = append(out, q)
	}
	return out, nil
}
