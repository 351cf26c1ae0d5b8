package publish

import (
	"fmt"
	"html"
	"strconv"
	"strings"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/dd"
	"github.com/bridgetd/bridgetd/ddtag"
	"github.com/bridgetd/bridgetd/pbn"
)

// Played is one table's play of a board with its double-dummy analysis
// (issue 19): declarer's tricks with best play before the opening lead
// and after every card, each card that cost its side a trick marked.
type Played struct {
	// Table says where the board was played: "Open room", "Ann & Bob v
	// Cy & Di"; "" when the record does not say.
	Table    string
	Contract bridge.Contract
	Declarer bridge.Seat
	// Result is declarer's tricks as the record gives them (its Result
	// tag); -1 when it gives none.
	Result   int
	Analysis dd.PlayAnalysis
}

// Claimed reports whether the record stops before the last card: the rest
// was claimed or conceded (the Result tag gives the tricks).
func (p *Played) Claimed() bool { return len(p.Analysis.Cards) < 52 }

// PlayTrick is one trick of an analysed play: its leader and the cards in
// the order played, each with declarer's double-dummy tricks after it.
type PlayTrick struct {
	Leader bridge.Seat
	Cards  []dd.PlayedCard
	Winner bridge.Seat // valid when the trick has four cards
}

// Tricks groups the analysed cards by trick, the first led by declarer's
// left-hand opponent and each next one by the winner of the last.
func (p *Played) Tricks() []PlayTrick {
	var out []PlayTrick
	leader := p.Declarer.LHO()
	cards := p.Analysis.Cards
	for len(cards) > 0 {
		n := min(4, len(cards))
		pt := PlayTrick{Leader: leader, Cards: cards[:n]}
		if n == 4 {
			t := bridge.Trick{Leader: leader, N: 4}
			for i, c := range cards[:4] {
				t.Cards[i] = c.Card
			}
			pt.Winner = t.Winner(p.Contract.Strain)
			leader = pt.Winner
		}
		out = append(out, pt)
		cards = cards[n:]
	}
	return out
}

// Summary says in words what the analysis found: the tricks double dummy
// before the lead, what declarer took, and each card that cost a trick:
// "4♠ by S: 10 tricks double dummy before the lead, 9 taken (claimed
// after 11 tricks). Cost a trick: trick 3 E ♥4 (−1 trick)".
func (p *Played) Summary() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s by %s: %d %s double dummy before the lead", p.Contract, p.Declarer, p.Analysis.Start, plural(p.Analysis.Start, "trick", "tricks"))
	if p.Result >= 0 {
		fmt.Fprintf(&b, ", %d taken", p.Result)
	}
	if p.Claimed() {
		fmt.Fprintf(&b, " (the rest %s after %d %s)", p.claimWord(), len(p.Analysis.Cards)/4, plural(len(p.Analysis.Cards)/4, "trick", "tricks"))
	}
	costly := p.Analysis.Costly()
	if len(costly) == 0 {
		b.WriteString("; no card cost a trick.")
		return b.String()
	}
	b.WriteString(". Cost a trick: ")
	for i, c := range costly {
		if i > 0 {
			b.WriteString("; ")
		}
		fmt.Fprintf(&b, "trick %d %s %s (%s)", p.trickOf(c)+1, c.Seat, cardText(c.Card), costText(c.Cost))
	}
	b.WriteString(".")
	return b.String()
}

// claimWord is "claimed" or, when declarer's side took no trick more
// than it had won in the play, "conceded".
func (p *Played) claimWord() string {
	won := 0
	for _, t := range p.Tricks() {
		if len(t.Cards) == 4 && t.Winner.Side() == p.Declarer.Side() {
			won++
		}
	}
	if p.Result == won {
		return "conceded"
	}
	return "claimed"
}

// trickOf returns the index of the trick a card of the analysis was
// played to.
func (p *Played) trickOf(c dd.PlayedCard) int {
	for i, x := range p.Analysis.Cards {
		if x == c {
			return i / 4
		}
	}
	return 0
}

// costText is "−1 trick", "−2 tricks".
func costText(n int) string {
	return "−" + strconv.Itoa(n) + " " + plural(n, "trick", "tricks")
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// cardText writes a card for people: "♠K", "♥10".
func cardText(c bridge.Card) string {
	return c.Suit().String() + RankText(c.Rank())
}

// cardHTML writes a card with its suit in colour.
func cardHTML(c bridge.Card) string {
	return suitHTML(c.Suit()) + RankText(c.Rank())
}

// playSeats is the order of an analysis table's columns.
var playSeats = [4]bridge.Seat{bridge.West, bridge.North, bridge.East, bridge.South}

// playHTML writes a table's play with its analysis: a line in words, then
// a trick to a row, the cards under their players (West, North, East,
// South), the card led underlined, each card with declarer's
// double-dummy tricks after it, and a card that cost its side a trick on
// a red ground with what it cost.
func playHTML(b *strings.Builder, p *Played, id string) {
	fmt.Fprintf(b, "<div class=\"play\" id=\"%s\">\n", html.EscapeString(id))
	if p.Table != "" {
		fmt.Fprintf(b, "<p class=\"playtable\">%s</p>\n", html.EscapeString(p.Table))
	}
	fmt.Fprintf(b, "<p class=\"playsum\">%s</p>\n", suitsHTML(html.EscapeString(p.Summary())))
	b.WriteString("<table class=\"playdd\"><tr><th>Trick</th>")
	for _, s := range playSeats {
		fmt.Fprintf(b, "<th>%s</th>", s)
	}
	b.WriteString("<th>Won by</th></tr>\n")
	for i, t := range p.Tricks() {
		var cells [4]string
		for k, c := range t.Cards {
			cls := []string{}
			if k == 0 {
				cls = append(cls, "led")
			}
			title := fmt.Sprintf("declarer %d after it", c.Tricks)
			mark := ""
			if c.Cost > 0 {
				cls = append(cls, "cost")
				title = fmt.Sprintf("cost %s; declarer %d after it", costText(c.Cost), c.Tricks)
				mark = "<i>−" + strconv.Itoa(c.Cost) + "</i>"
			}
			cells[c.Seat] = fmt.Sprintf("<td class=\"%s\" title=\"%s\"><span class=\"card\">%s</span><sub>%d</sub>%s</td>", strings.Join(cls, " "), title, cardHTML(c.Card), c.Tricks, mark)
		}
		fmt.Fprintf(b, "<tr><th>%d</th>", i+1)
		for _, s := range playSeats {
			if cells[s] == "" {
				b.WriteString("<td></td>")
				continue
			}
			b.WriteString(cells[s])
		}
		if len(t.Cards) == 4 {
			fmt.Fprintf(b, "<td>%s</td></tr>\n", t.Winner)
		} else {
			b.WriteString("<td></td></tr>\n")
		}
	}
	b.WriteString("</table>\n")
	if p.Claimed() && p.Result >= 0 {
		fmt.Fprintf(b, "<p class=\"playclaim\">The rest %s: declarer's side took %d tricks in all.</p>\n", p.claimWord(), p.Result)
	}
	b.WriteString("</div>\n")
}

// playCSS styles an analysed play, on the site and in hand records.
const playCSS = `.play { margin: 0.5em 0 1em; break-inside: avoid; page-break-inside: avoid; }
.playtable { font-weight: bold; margin: 0.2em 0; }
.playsum, .playclaim { margin: 0.2em 0; }
.note { color: #555; font-size: 0.9em; }
table.playdd { border-collapse: collapse; }
table.playdd th, table.playdd td { border: 1px solid #bbb; padding: 0.05em 0.4em; text-align: left; white-space: nowrap; }
table.playdd th { background: #eee; }
table.playdd td.led .card { text-decoration: underline; }
table.playdd td sub { color: #555; font-size: 0.7em; margin-left: 0.15em; }
table.playdd td.cost { background: #fbd3d0; }
table.playdd td.cost i { font-style: normal; font-weight: bold; color: #a00; font-size: 0.75em; margin-left: 0.3em; }
`

// PlayTable names the table a game was played at: "Home v Visit, open
// room" for a teams match (HomeTeam sits North–South), else the pairs
// "North & South v East & West".
func PlayTable(g *pbn.Game) string {
	var s string
	if h, v := g.Tag("HomeTeam"), g.Tag("VisitTeam"); h != "" && v != "" {
		s = h + " v " + v
	} else if ns, ew := pairNames(g, "North", "South"), pairNames(g, "East", "West"); ns != "" || ew != "" {
		s = ns + " v " + ew
	}
	if r := strings.TrimSpace(g.Tag("Room")); r != "" {
		if s != "" {
			s += ", "
		}
		s += strings.ToLower(r) + " room"
	}
	return s
}

func pairNames(g *pbn.Game, a, b string) string {
	x, y := strings.TrimSpace(g.Tag(a)), strings.TrimSpace(g.Tag(b))
	switch {
	case x == "":
		return y
	case y == "":
		return x
	}
	return x + " & " + y
}

// NewPlayed turns an analysed game (ddtag.Analyse) into a Played.
func NewPlayed(a *ddtag.Played) Played {
	p := Played{Table: PlayTable(a.Game), Contract: a.Contract, Declarer: a.Declarer, Result: -1, Analysis: a.Analysis}
	if t, err := a.Game.Result(); err == nil {
		p.Result = t
	}
	return p
}

// AttachPlays gives each board the analysed plays of its number, in the
// order given.
func AttachPlays(boards []Board, played []*ddtag.Played) {
	at := map[int]int{}
	for i, b := range boards {
		if _, ok := at[b.Number]; !ok {
			at[b.Number] = i
		}
	}
	for _, a := range played {
		if i, ok := at[int(a.Number)]; ok && boards[i].Deal == a.Deal {
			boards[i].Plays = append(boards[i].Plays, NewPlayed(a))
		}
	}
}
