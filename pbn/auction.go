package pbn

import (
	"errors"
	"strconv"
	"strings"

	"github.com/bridgetd/bridgetd/bridge"
)

// Mark is what a record adds to a call or a card: a note reference "=n="
// and annotations such as "!", "?", "!!", "?!" or a numeric annotation
// glyph "$n" (PBN 2.1 §3.5–3.7).
type Mark struct {
	Note        int      // 0 if none
	Annotations []string // as written, e.g. "!", "$12"
}

// String returns the mark as written after a call or card: " =1= !".
func (m Mark) String() string {
	var b strings.Builder
	if m.Note > 0 {
		b.WriteString(" =" + strconv.Itoa(m.Note) + "=")
	}
	for _, a := range m.Annotations {
		b.WriteString(" " + a)
	}
	return b.String()
}

// Auction is the auction of a game: the legal bridge.Auction with the
// marks and notes of the record.
type Auction struct {
	bridge.Auction
	Marks []Mark         // Marks[i] belongs to Calls[i]
	Notes map[int]string // Note tags after the Auction, by number
	Line  int            // line of the Auction tag
	// Incomplete is true when the record stops before the auction ends:
	// a "*" or an unknown call "-".
	Incomplete bool
}

// isAnnotation reports whether tok is a suffix annotation or a NAG.
func isAnnotation(tok string) bool {
	switch tok {
	case "!", "?", "!!", "??", "!?", "?!":
		return true
	}
	if len(tok) > 1 && tok[0] == '$' {
		_, err := strconv.Atoi(tok[1:])
		return err == nil
	}
	return false
}

// noteRef returns n for a token "=n=".
func noteRef(tok string) (int, bool) {
	if len(tok) < 3 || tok[0] != '=' || tok[len(tok)-1] != '=' {
		return 0, false
	}
	n, err := strconv.Atoi(tok[1 : len(tok)-1])
	return n, err == nil && n >= 0
}

// splitSuffix separates a trailing "!"/"?" annotation from a call or card.
func splitSuffix(tok string) (string, string) {
	i := len(tok)
	for i > 0 && (tok[i-1] == '!' || tok[i-1] == '?') {
		i--
	}
	return tok[:i], tok[i:]
}

// markToken applies a note reference or annotation token to m and reports
// whether tok was one.
func markToken(m *Mark, tok string) bool {
	if n, ok := noteRef(tok); ok {
		m.Note = n
		return true
	}
	if isAnnotation(tok) || strings.HasPrefix(tok, "^") {
		m.Annotations = append(m.Annotations, tok)
		return true
	}
	return false
}

// Auction returns the game's auction (PBN 2.1 §3.5). Every call is checked
// against the laws of the auction; the first illegal call is returned as an
// *Error for its line wrapping the *bridge.CallError, together with the
// auction up to it.
func (g *Game) Auction() (*Auction, error) {
	t := g.Find("Auction")
	if t == nil {
		return nil, errorf(0, ErrNoTag, "no Auction tag")
	}
	v := strings.TrimSpace(t.Value)
	dealer, err := bridge.ParseSeat(v)
	if err != nil {
		return nil, wrapf(t.Line, err, "Auction: want the seat of the first call")
	}
	a := &Auction{Auction: bridge.Auction{Dealer: dealer}, Line: t.Line, Notes: g.notes("Auction")}
	for i, line := range t.Section {
		ln := t.SectionLine(i)
		for _, tok := range Fields(line) {
			if a.Incomplete {
				break
			}
			if len(a.Calls) > 0 && markToken(&a.Marks[len(a.Marks)-1], tok) {
				continue
			}
			call, suffix := splitSuffix(tok)
			switch {
			case call == "*" || call == "-" || call == "+":
				a.Incomplete = true
				continue
			case strings.EqualFold(call, "AP"):
				if a.Ended() {
					return a, wrapf(ln, bridge.ErrAuctionEnded, "Auction: AP after the final pass")
				}
				for !a.Ended() {
					a.Calls = append(a.Calls, bridge.Pass)
					a.Marks = append(a.Marks, Mark{})
				}
			default:
				c, err := bridge.ParseCall(call)
				if err != nil {
					var ce *bridge.CallError
					if errors.As(err, &ce) {
						ce.Seat, ce.Index = a.Turn(), len(a.Calls)
					}
					return a, wrapf(ln, err, "Auction: %q: want a call (Pass, X, XX, 1C…7NT), AP, a note =n= or an annotation", tok)
				}
				if err := a.Append(c); err != nil {
					return a, wrapf(ln, err, "Auction")
				}
				a.Marks = append(a.Marks, Mark{})
			}
			if suffix != "" {
				a.Marks[len(a.Marks)-1].Annotations = append(a.Marks[len(a.Marks)-1].Annotations, suffix)
			}
		}
	}
	return a, nil
}

// Lines returns the auction as section lines of four calls each, with
// their marks, as PBN export format writes it.
func (a *Auction) Lines() []string {
	var out []string
	var b strings.Builder
	for i, c := range a.Calls {
		if i > 0 {
			if i%4 == 0 {
				out = append(out, b.String())
				b.Reset()
			} else {
				b.WriteByte(' ')
			}
		}
		b.WriteString(c.ASCII())
		if i < len(a.Marks) {
			b.WriteString(a.Marks[i].String())
		}
	}
	if a.Incomplete {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteByte('*')
	}
	if b.Len() > 0 {
		out = append(out, b.String())
	}
	return out
}

// SetAuction writes a into the game's Auction tag and replaces the Note
// tags that follow it with a.Notes.
func (g *Game) SetAuction(a *Auction) {
	t := g.SetSection("Auction", a.Auction.Dealer.String(), a.Lines())
	g.setNotes(t, a.Notes)
}

// setNotes replaces the Note tags directly after t with notes, in order.
func (g *Game) setNotes(t *Tag, notes map[int]string) {
	edits.Add(1)
	at := -1
	for i, x := range g.tags {
		if x == t {
			at = i
		}
	}
	if at < 0 {
		return
	}
	end := at + 1
	for end < len(g.tags) && strings.EqualFold(g.tags[end].Name, "Note") {
		end++
	}
	var add []*Tag
	for n := 0; len(add) < len(notes) && n < 1000; n++ {
		if text, ok := notes[n]; ok {
			add = append(add, &Tag{Name: "Note", Value: strconv.Itoa(n) + ":" + text})
		}
	}
	rest := append(add, g.tags[end:]...)
	g.tags = append(g.tags[:at+1:at+1], rest...)
}
