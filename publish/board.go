package publish

import (
	"fmt"
	"html"
	"strconv"
	"strings"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/dd"
)

// Board is a board as a hand record shows it: the deal, who dealt, who is
// vulnerable and, when it has been solved, its double-dummy table.
type Board struct {
	Number int // 0 when the board has no number
	Dealer bridge.Seat
	Vul    bridge.Vulnerability
	Deal   bridge.Deal
	Tricks *dd.Table // nil when not solved
	// Plays are the tables' plays of the board that have a play record,
	// with their double-dummy analysis (AttachPlays).
	Plays []Played
}

// Par returns the board's par (DDS's definition, package dd); ok is false
// when the board has not been solved.
func (b *Board) Par() (p dd.Par, ok bool) {
	if b.Tricks == nil {
		return dd.Par{}, false
	}
	return dd.ParOf(*b.Tricks, b.Dealer, b.Vul), true
}

// Title is "Board 7", or "Board" for a board without a number.
func (b *Board) Title() string {
	if b.Number <= 0 {
		return "Board"
	}
	return "Board " + strconv.Itoa(b.Number)
}

// suitOrder is the order hands are written in: spades first.
var suitOrder = [4]bridge.Suit{bridge.Spades, bridge.Hearts, bridge.Diamonds, bridge.Clubs}

// strainOrder is the order of a double-dummy table's columns: NT first.
var strainOrder = [5]bridge.Strain{bridge.NoTrump, bridge.SpadesStrain, bridge.HeartsStrain, bridge.DiamondsStrain, bridge.ClubsStrain}

// ddSeats is the order of a double-dummy table's rows.
var ddSeats = [4]bridge.Seat{bridge.North, bridge.South, bridge.East, bridge.West}

// Holding writes the cards a hand holds in a suit as players read them,
// highest first and separated by spaces, the ten as "10": "A K 10 4". A
// void is "—".
func Holding(h bridge.Hand, s bridge.Suit) string {
	cards := h.InSuit(s).Cards()
	if len(cards) == 0 {
		return "—"
	}
	parts := make([]string, len(cards))
	for i, c := range cards {
		parts[i] = RankText(c.Rank())
	}
	return strings.Join(parts, " ")
}

// RankText is a rank as printed for people: "10" for the ten.
func RankText(r bridge.Rank) string {
	if r == bridge.Ten {
		return "10"
	}
	return r.String()
}

// VulText names the vulnerability as travellers print it.
func VulText(v bridge.Vulnerability) string {
	switch v {
	case bridge.NSVul:
		return "N–S"
	case bridge.EWVul:
		return "E–W"
	case bridge.AllVul:
		return "All"
	}
	return "None"
}

// sideText names a partnership: "N–S" or "E–W".
func sideText(s bridge.Side) string {
	if s == bridge.NS {
		return "N–S"
	}
	return "E–W"
}

// suitHTML is a suit symbol, hearts and diamonds in red.
func suitHTML(s bridge.Suit) string {
	cls := "s"
	switch s {
	case bridge.Hearts:
		cls = "h"
	case bridge.Diamonds:
		cls = "d"
	case bridge.Clubs:
		cls = "c"
	}
	return `<span class="` + cls + `">` + s.String() + `</span>`
}

// strainHTML is a strain's symbol, or "NT".
func strainHTML(st bridge.Strain) string {
	if su, ok := st.Suit(); ok {
		return suitHTML(su)
	}
	return "NT"
}

// contractHTML writes a contract in players' notation with a coloured suit
// symbol: "4♠X", "3NT", "Pass".
func contractHTML(c bridge.Contract) string {
	if c.IsPassedOut() {
		return "Pass"
	}
	return strconv.Itoa(int(c.Level)) + strainHTML(c.Strain) + c.Risk.String()
}

// suitsHTML replaces every suit symbol in already escaped text with its
// coloured form.
func suitsHTML(s string) string {
	for _, su := range suitOrder {
		s = strings.ReplaceAll(s, su.String(), suitHTML(su))
	}
	return s
}

// ParText writes a par in words, for example "Par: N–S +620 — 4♠ by North
// or South, 10 tricks" or "Par: N–S +300 — 5♦X by East or West, 9 tricks (2
// down)". A deal passed out at par is "Par: 0 — passed out".
func ParText(p dd.Par) string {
	if len(p.Contracts) == 0 {
		return "Par: 0 — passed out"
	}
	var who string
	switch {
	case p.Score > 0:
		who = fmt.Sprintf("%s +%d", sideText(bridge.NS), p.Score)
	case p.Score < 0:
		who = fmt.Sprintf("%s +%d", sideText(bridge.EW), -p.Score)
	default:
		who = "0"
	}
	parts := make([]string, len(p.Contracts))
	for i, c := range p.Contracts {
		names := make([]string, len(c.Declarers))
		for j, s := range c.Declarers {
			names[j] = s.Name()
		}
		tricks := int(c.Contract.Level) + 6 + c.Over
		s := fmt.Sprintf("%s by %s, %d tricks", c.Contract, strings.Join(names, " or "), tricks)
		if c.Over < 0 {
			s += fmt.Sprintf(" (%d down)", -c.Over)
		}
		parts[i] = s
	}
	return "Par: " + who + " — " + strings.Join(parts, "; ")
}

// handHTML writes a hand one suit to a line.
func handHTML(h bridge.Hand) string {
	var b strings.Builder
	for i, su := range suitOrder {
		if i > 0 {
			b.WriteString("<br>")
		}
		b.WriteString(suitHTML(su))
		b.WriteString("\u00a0")
		b.WriteString(html.EscapeString(Holding(h, su)))
	}
	return b.String()
}

// diagramHTML writes the four hands around a compass that gives each
// hand's high-card points, with the board's number, dealer and
// vulnerability in the top left corner.
func diagramHTML(b *strings.Builder, bd *Board) {
	fmt.Fprintf(b, `<div class="diagram">
<div class="info"><b>%s</b><br>Dealer %s<br>Vul %s</div>
`, html.EscapeString(bd.Title()), bd.Dealer.Name(), VulText(bd.Vul))
	for _, s := range [4]bridge.Seat{bridge.North, bridge.West, bridge.East, bridge.South} {
		fmt.Fprintf(b, "<div class=\"hand %s\"><span class=\"seat\">%s</span><br>%s</div>\n",
			strings.ToLower(s.Name()), s.Name(), handHTML(bd.Deal[s]))
	}
	d := bd.Deal
	fmt.Fprintf(b, `<div class="compass" title="high-card points"><span class="pn">%d</span><span class="pw">%d</span><span class="pc">HCP</span><span class="pe">%d</span><span class="ps">%d</span></div>
</div>
`, d[bridge.North].HCP(), d[bridge.West].HCP(), d[bridge.East].HCP(), d[bridge.South].HCP())
}

// ddTableHTML writes the double-dummy table: for each declarer and strain
// the tricks taken (13 minus the defenders' best).
func ddTableHTML(b *strings.Builder, t *dd.Table) {
	b.WriteString("<table class=\"dd\"><caption>Tricks (double dummy)</caption>\n<tr><th></th>")
	for _, st := range strainOrder {
		fmt.Fprintf(b, "<th>%s</th>", strainHTML(st))
	}
	b.WriteString("</tr>\n")
	for _, s := range ddSeats {
		fmt.Fprintf(b, "<tr><th>%s</th>", s)
		for _, st := range strainOrder {
			n := t[s][st]
			if n >= 7 {
				fmt.Fprintf(b, "<td class=\"make\">%d</td>", n)
			} else {
				fmt.Fprintf(b, "<td>%d</td>", n)
			}
		}
		b.WriteString("</tr>\n")
	}
	b.WriteString("</table>\n")
}

// parHTML writes the par in words with coloured suits.
func parHTML(p dd.Par) string {
	return suitsHTML(html.EscapeString(ParText(p)))
}
