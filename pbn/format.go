package pbn

import (
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/bridgetd/bridgetd/bridge"
)

// exportOrder is the order of the mandatory tags in export format
// (PBN 2.1 §3.4); other tags follow in the order they were read.
var exportOrder = []string{
	"Event", "Site", "Date", "Board", "West", "North", "East", "South",
	"Dealer", "Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result",
}

// Format writes the file in canonical export form: a "% PBN 2.1" and
// "% EXPORT" header, then each game with inherited values written out, the
// mandatory tags first in their standard order, values normalised (seats as
// N E S W, vulnerability as None NS EW All, deals from North, contracts as
// 4SX), auctions four calls to a line, play records one trick to a line,
// tables aligned to their column widths, brace comments after the tag they
// follow; games separated by one blank line; LF line ends; UTF-8.
func (f *File) Format(w io.Writer) error {
	var b strings.Builder
	b.WriteString(formatHeader)
	for i, g := range f.Games {
		if i > 0 {
			b.WriteByte('\n')
		}
		formatGame(&b, g)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// formatHeader starts a file in export form.
const formatHeader = "% PBN 2.1\n% EXPORT\n"

// formatGame appends g in canonical export form.
func formatGame(b *strings.Builder, g *Game) {
	after := map[string][]string{} // comments by the tag they follow
	for _, c := range g.Comments {
		after[c.After] = append(after[c.After], "{"+strings.ReplaceAll(c.Text, "}", ")")+"}\n")
	}
	for _, c := range after[""] {
		b.WriteString(c)
	}
	done := map[string]bool{}
	for _, t := range g.canonicalTags() {
		b.WriteString(t.canonical("\n"))
		if done[t.origName] {
			continue
		}
		done[t.origName] = true
		if t.origName != "" {
			for _, c := range after[t.origName] {
				b.WriteString(c)
			}
		}
	}
}

// canonicalTags returns the game's tags in export order with normalised
// values. Values that cannot be normalised are kept as written.
func (g *Game) canonicalTags() []*Tag {
	var out []*Tag
	seen := map[*Tag]bool{}
	emit := func(t *Tag) {
		out = append(out, t)
	}
	for _, name := range exportOrder {
		v, src, ok := g.lookup(name)
		if !ok {
			own := g.Find(name)
			if own == nil {
				continue
			}
			v, src = strings.TrimRight(own.Value, " \t"), own // "#" with nothing before: keep it
		}
		if src != nil && g.Find(name) == src {
			seen[src] = true
		}
		emit(&Tag{Name: name, Value: g.normalise(name, v), origName: nameIfOwn(g, name, src)})
	}
	for i := 0; i < len(g.tags); i++ {
		t := g.tags[i]
		if seen[t] || slices.ContainsFunc(exportOrder, func(n string) bool { return strings.EqualFold(n, t.Name) }) {
			continue
		}
		c := &Tag{Name: t.Name, Value: strings.TrimRight(t.Value, " \t"), Section: t.Section, origName: t.Name}
		switch {
		case strings.EqualFold(t.Name, "Auction"):
			if a, err := g.Auction(); err == nil {
				c.Name, c.Value, c.Section = "Auction", a.Auction.Dealer.String(), a.Lines()
			}
		case strings.EqualFold(t.Name, "Play"):
			if p, err := g.Play(); err == nil {
				c.Name, c.Value, c.Section = "Play", p.Leader.String(), p.Lines()
			}
		case strings.HasSuffix(t.Name, "Table"):
			if tab, err := parseTable(t); err == nil {
				c.Value, c.Section = tab.Spec(), tab.Lines()
			}
		}
		emit(c)
	}
	return out
}

func nameIfOwn(g *Game, name string, src *Tag) string {
	if src != nil && g.Find(name) == src {
		return src.Name
	}
	return ""
}

// normalise returns the canonical form of a mandatory tag's value.
func (g *Game) normalise(name, v string) string {
	switch name {
	case "Dealer", "Declarer":
		if s, err := bridge.ParseSeat(strings.TrimPrefix(v, "^")); err == nil {
			return strings.Repeat("^", len(v)-len(strings.TrimPrefix(v, "^"))) + s.String()
		}
	case "Vulnerable":
		if x, err := bridge.ParseVulnerability(v); err == nil {
			return x.String()
		}
	case "Deal":
		if d, err := bridge.ParseDeal(v); err == nil {
			return formatDeal(d, v)
		}
	case "Contract":
		if c, err := bridge.ParseContract(v); err == nil {
			return c.ASCII()
		}
	case "Board", "Result":
		if n, err := strconv.Atoi(v); err == nil {
			return strconv.Itoa(n)
		}
	}
	return v
}

// formatDeal writes d from the seat the original text started with, with
// unknown hands as "-".
func formatDeal(d bridge.Deal, orig string) string {
	first := bridge.North
	if s, err := bridge.ParseSeat(strings.TrimSpace(orig)[:1]); err == nil {
		first = s
	}
	var b strings.Builder
	b.WriteString(first.String() + ":")
	for i := range 4 {
		if i > 0 {
			b.WriteByte(' ')
		}
		h := d[(first+bridge.Seat(i))&3]
		if h == 0 {
			b.WriteByte('-')
		} else {
			b.WriteString(h.String())
		}
	}
	return b.String()
}
