package publish

import (
	"fmt"
	"html"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/bridgetd/bridgetd/textfile"
)

// Page is one file of a published site.
type Page struct {
	Name string // file name: "index.html", "board-7.html", "card-7NS.html"
	Data []byte
}

// siteCSS is every page's stylesheet: phone first, wider tables on a
// desktop, and A4 print without the navigation.
const siteCSS = `* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { font-family: "DejaVu Sans", Arial, Helvetica, sans-serif; font-size: 16px; line-height: 1.4; margin: 0 auto; padding: 0.5rem; max-width: 60rem; color: #111; background: #fff; }
h1 { font-size: 1.3rem; margin: 0.3rem 0; }
h2 { font-size: 1.1rem; margin: 1rem 0 0.4rem; }
.sub { color: #555; margin: 0 0 0.5rem; }
nav { display: flex; flex-wrap: wrap; gap: 0.3rem 0.8rem; margin: 0.4rem 0 0.8rem; font-size: 0.95rem; }
nav a, a { color: #0645ad; }
.scroll { overflow-x: auto; -webkit-overflow-scrolling: touch; }
table.res { border-collapse: collapse; width: 100%; font-size: 0.92rem; }
table.res th, table.res td { padding: 0.25rem 0.4rem; border-bottom: 1px solid #ddd; text-align: right; white-space: nowrap; }
table.res th { background: #f2f2f2; }
table.res .l { text-align: left; }
table.res td.names { white-space: normal; text-align: left; color: #444; }
tr.q td:first-child::after { content: " Q"; color: #080; font-weight: bold; }
tr.me td { background: #fff6d5; }
.h, .d { color: #c00; }
.boardtop { display: flex; flex-wrap: wrap; gap: 1rem; align-items: flex-start; }
.diagram { display: grid; grid-template-columns: auto auto auto; column-gap: 0.8em; align-items: center; font-size: 0.95rem; }
.info { grid-column: 1; grid-row: 1; align-self: start; }
.north { grid-column: 2; grid-row: 1; } .west { grid-column: 1; grid-row: 2; } .east { grid-column: 3; grid-row: 2; } .south { grid-column: 2; grid-row: 3; }
.compass { grid-column: 2; grid-row: 2; justify-self: center; width: 5.5em; height: 5.5em; border: 1px solid #666; border-radius: 4px; display: grid; grid-template-columns: 1fr 1fr 1fr; grid-template-rows: 1fr 1fr 1fr; align-items: center; justify-items: center; font-size: 0.85em; }
.pn { grid-column: 2; grid-row: 1; } .pw { grid-column: 1; grid-row: 2; } .pe { grid-column: 3; grid-row: 2; } .ps { grid-column: 2; grid-row: 3; }
.pc { grid-column: 2; grid-row: 2; font-size: 0.7em; color: #555; }
.hand { white-space: nowrap; padding: 0.15em 0; }
.seat { font-size: 0.8em; color: #555; }
table.dd { border-collapse: collapse; font-size: 0.85rem; }
table.dd caption { font-size: 0.8rem; color: #555; }
table.dd th, table.dd td { border: 1px solid #bbb; padding: 0 0.4em; text-align: center; }
table.dd td.make { font-weight: bold; }
.par { margin: 0.4rem 0; }
svg.chart { max-width: 100%; height: auto; }
svg.progress { width: 100%; max-width: 36rem; }
svg.chart text { font-size: 10px; font-family: inherit; }
footer { margin-top: 1.5rem; font-size: 0.8rem; color: #777; }
@media (max-width: 30rem) { table.matches th, table.matches td { padding: 0.25rem 0.2rem; } table.res td.own { white-space: normal; } }
@media (min-width: 48rem) { body { padding: 1rem 1.5rem; font-size: 15px; } h1 { font-size: 1.6rem; } }
@media print {
  @page { size: A4; margin: 12mm; }
  body { max-width: none; padding: 0; font-size: 10pt; }
  nav, footer { display: none; }
  a { color: inherit; text-decoration: none; }
  .scroll { overflow: visible; }
  tr, .boardtop { break-inside: avoid; }
  h2 { break-after: avoid; }
}
`

// Site returns the pages of an event's results site: the rankings
// (index.html), a traveller for each board (board-N.html), a personal
// score card for each entrant (card-ID.html) and, for teams, the matches
// (matches.html).
func Site(r *Results) ([]Page, error) {
	if err := r.Validate(); err != nil {
		return nil, err
	}
	if r.Form == Teams && len(r.Matches) == 0 {
		rc := *r // the caller's Results are left as they are
		rc.Matches = MatchesFromBoards(r.Boards)
		r = &rc
	}
	s := &site{r: r, cards: map[string]bool{}}
	ids := s.entrantIDs()
	for _, id := range ids {
		s.cards[id] = true
	}
	s.add("index.html", s.index())
	for i := range r.Boards {
		s.add(boardFile(r.Boards[i].Number), s.board(i))
	}
	for _, id := range ids {
		s.add(cardFile(id), s.card(id))
	}
	if len(r.Matches) > 0 {
		s.add("matches.html", s.matches())
	}
	return s.pages, nil
}

// WriteSite writes the site's pages into dir, which it makes if needed.
// Each file is replaced only when written in full.
func WriteSite(dir string, r *Results) error {
	pages, err := Site(r)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("publish: %w", err)
	}
	for _, p := range pages {
		if err := textfile.WriteAtomic(filepath.Join(dir, p.Name), p.Data); err != nil {
			return fmt.Errorf("publish: %w", err)
		}
	}
	return nil
}

type site struct {
	r     *Results
	pages []Page
	cards map[string]bool // entrants with a score card page
}

func (s *site) add(name string, data string) {
	s.pages = append(s.pages, Page{Name: name, Data: []byte(data)})
}

func boardFile(n int) string { return "board-" + strconv.Itoa(n) + ".html" }

// cardFile names an entrant's score card file; characters other than
// letters and digits become "_".
func cardFile(id string) string {
	b := []byte(id)
	for i, c := range b {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			b[i] = '_'
		}
	}
	return "card-" + string(b) + ".html"
}

// entrantIDs lists every entrant with a row, in the entrants' order, then
// in order of appearance.
func (s *site) entrantIDs() []string {
	var ids []string
	seen := map[string]bool{}
	addID := func(id string) {
		if id != "" && !seen[id] {
			seen[id] = true
			ids = append(ids, id)
		}
	}
	played := map[string]bool{}
	for _, b := range s.r.Boards {
		for _, row := range b.Rows {
			played[row.NS], played[row.EW] = true, true
		}
	}
	for _, e := range s.r.Entrants {
		if played[e.ID] {
			addID(e.ID)
		}
	}
	for _, b := range s.r.Boards {
		for _, row := range b.Rows {
			addID(row.NS)
			addID(row.EW)
		}
	}
	return ids
}

var esc = html.EscapeString

// head starts a page.
func (s *site) head(b *strings.Builder, title string) {
	fmt.Fprintf(b, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>%s</title>\n<style>\n%s</style>\n</head>\n<body>\n",
		esc(title), siteCSS+playCSS)
	fmt.Fprintf(b, "<h1>%s</h1>\n", esc(s.r.Title))
	var sub []string
	if d := DateText(s.r.Date); d != "" {
		sub = append(sub, d)
	}
	if s.r.Venue != "" {
		sub = append(sub, s.r.Venue)
	}
	if len(sub) > 0 {
		fmt.Fprintf(b, "<p class=\"sub\">%s</p>\n", esc(strings.Join(sub, " · ")))
	}
	b.WriteString("<nav><a href=\"index.html\">Ranking</a>")
	if len(s.r.Matches) > 0 {
		b.WriteString("<a href=\"matches.html\">Matches</a>")
	}
	if len(s.r.Boards) > 0 {
		fmt.Fprintf(b, "<a href=\"%s\">Boards</a>", boardFile(s.r.Boards[0].Number))
	}
	for _, f := range s.r.Files {
		fmt.Fprintf(b, "<a href=\"%s\">%s</a>", esc(f.Name), esc(f.Title))
	}
	b.WriteString("</nav>\n")
}

func foot(b *strings.Builder) {
	b.WriteString("<footer>Published by bridgetd</footer>\n</body>\n</html>\n")
}

// fmtScore writes a figure with up to two decimals: "134", "52.5", "-3".
func fmtScore(v float64) string {
	s := strconv.FormatFloat(v, 'f', 2, 64)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	if s == "-0" {
		s = "0"
	}
	return strings.Replace(s, "-", "−", 1)
}

// fmtSigned writes a net figure with its sign: "+3", "−1", "0".
func fmtSigned(v float64) string {
	s := fmtScore(v)
	if v > 0 && s != "0" {
		s = "+" + s
	}
	return s
}

func fmtPct(v float64) string { return strconv.FormatFloat(v, 'f', 2, 64) }

// entrantLink links an entrant's ID to its score card, when it has one.
func (s *site) entrantLink(id string) string {
	if !s.cards[id] {
		return esc(id)
	}
	return fmt.Sprintf("<a href=\"%s\">%s</a>", cardFile(id), esc(id))
}

// index writes the rankings.
func (s *site) index() string {
	var b strings.Builder
	s.head(&b, s.r.Title+" — ranking")
	mp := s.r.Form == Matchpoints
	names := slices.ContainsFunc(s.r.Entrants, func(e Entrant) bool { return e.Names != "" })
	for _, f := range s.r.Fields {
		name := f.Name
		if name == "" {
			name = "Ranking"
		}
		fmt.Fprintf(&b, "<h2>%s</h2>\n<div class=\"scroll\"><table class=\"res ranking\" data-field=\"%s\">\n<tr><th>Place</th><th class=\"l\">%s</th>",
			esc(name), esc(f.Name), map[bool]string{true: "Team", false: "Pair"}[s.r.Form == Teams])
		if names {
			b.WriteString("<th class=\"l\">Names</th>")
		}
		if mp {
			b.WriteString("<th>%</th>")
		}
		fmt.Fprintf(&b, "<th>%s</th><th>Boards</th></tr>\n", s.totalUnit())
		for _, st := range f.Standings {
			cls := ""
			if st.Qualified {
				cls = " class=\"q\""
			}
			e := s.r.entrant(st.Entrant)
			fmt.Fprintf(&b, "<tr%s><td class=\"place\">%s</td><td class=\"l\">%s</td>",
				cls, PlaceText(st.Place, st.Tied), s.entrantLink(st.Entrant))
			if names {
				fmt.Fprintf(&b, "<td class=\"names\">%s</td>", esc(e.Names))
			}
			if mp {
				fmt.Fprintf(&b, "<td class=\"pct\">%s</td>", fmtPct(st.Percent))
			}
			fmt.Fprintf(&b, "<td class=\"score\">%s</td><td>%d</td></tr>\n", fmtScore(st.Score), st.Boards)
		}
		b.WriteString("</table></div>\n")
		if slices.ContainsFunc(f.Standings, func(st Standing) bool { return st.Qualified }) {
			b.WriteString("<p class=\"sub\">Q: qualifies for the next stage.</p>\n")
		}
	}
	if len(s.r.Boards) > 0 {
		b.WriteString("<h2>Boards</h2>\n<nav class=\"boards\">")
		for _, bd := range s.r.Boards {
			fmt.Fprintf(&b, "<a href=\"%s\">%d</a>", boardFile(bd.Number), bd.Number)
		}
		b.WriteString("</nav>\n")
	}
	foot(&b)
	return b.String()
}

func (s *site) totalUnit() string {
	if s.r.Unit != "" {
		return s.r.Unit
	}
	switch s.r.Form {
	case Matchpoints:
		return "MP"
	case Teams:
		return "IMP"
	}
	return "IMP"
}

// board writes a board's page: the diagram, the double-dummy table and
// par, the traveller and the chart of the scores.
func (s *site) board(i int) string {
	bd := &s.r.Boards[i]
	var b strings.Builder
	s.head(&b, fmt.Sprintf("%s — board %d", s.r.Title, bd.Number))
	b.WriteString("<nav class=\"prevnext\">")
	if i > 0 {
		fmt.Fprintf(&b, "<a href=\"%s\" rel=\"prev\">← Board %d</a>", boardFile(s.r.Boards[i-1].Number), s.r.Boards[i-1].Number)
	}
	if i+1 < len(s.r.Boards) {
		fmt.Fprintf(&b, "<a href=\"%s\" rel=\"next\">Board %d →</a>", boardFile(s.r.Boards[i+1].Number), s.r.Boards[i+1].Number)
	}
	b.WriteString("</nav>\n")
	fmt.Fprintf(&b, "<h2>%s</h2>\n<div class=\"boardtop\">\n", esc(bd.Title()))
	if bd.Deal[0] != 0 {
		diagramHTML(&b, &bd.Board)
	}
	if p, ok := bd.Par(); ok {
		b.WriteString("<div>\n")
		ddTableHTML(&b, bd.Tricks)
		fmt.Fprintf(&b, "<p class=\"par\">%s</p>\n</div>\n", parHTML(p))
	}
	b.WriteString("</div>\n")
	s.traveller(&b, bd)
	b.WriteString(spreadChart(bd.Rows))
	s.playsHTML(&b, bd)
	foot(&b)
	return b.String()
}

// traveller writes a board's rows; a row with a play record links to its
// analysis, written under the traveller (playsHTML).
func (s *site) traveller(b *strings.Builder, bd *BoardResult) {
	u := s.r.Form.Unit()
	mp := s.r.Form == Matchpoints
	plays := false
	for i := range bd.Rows {
		plays = plays || bd.Rows[i].Play != nil
	}
	fmt.Fprintf(b, "<h2>Traveller</h2>\n<div class=\"scroll\"><table class=\"res traveller\">\n<tr><th class=\"l\">NS</th><th class=\"l\">EW</th><th class=\"l\">Contract</th><th>By</th><th>Lead</th><th>Tricks</th><th>NS score</th><th>EW score</th><th>NS %s</th><th>EW %s</th>", u, u)
	if mp {
		b.WriteString("<th>NS %</th><th>EW %</th>")
	}
	if plays {
		b.WriteString("<th>Play</th>")
	}
	b.WriteString("</tr>\n")
	for j, row := range bd.Rows {
		fmt.Fprintf(b, "<tr><td class=\"l\">%s</td><td class=\"l\">%s</td>", s.entrantLink(row.NS), s.entrantLink(row.EW))
		s.playCells(b, &row)
		nsScore, ewScore := scoreCells(&row)
		fmt.Fprintf(b, "<td class=\"nss\">%s</td><td class=\"ews\">%s</td>", nsScore, ewScore)
		if !row.Scored {
			n := 2
			if mp {
				n = 4
			}
			fmt.Fprintf(b, "<td colspan=\"%d\" class=\"l\">%s</td>", n, esc(cmpOr(row.Error, "not scored")))
		} else {
			fmt.Fprintf(b, "<td class=\"nsmp\">%s</td><td class=\"ewmp\">%s</td>", fmtScore(row.NSMP), fmtScore(row.EWMP))
			if mp {
				fmt.Fprintf(b, "<td>%s</td><td>%s</td>", fmtPct(row.NSPct), fmtPct(row.EWPct))
			}
		}
		if plays {
			b.WriteString(playLinkCell(row.Play, j))
		}
		b.WriteString("</tr>\n")
	}
	b.WriteString("</table></div>\n")
}

// playLinkCell links a traveller row to its play's analysis: the tricks
// double dummy before the lead and the cards that cost a trick.
func playLinkCell(p *Played, row int) string {
	if p == nil {
		return "<td></td>"
	}
	n := len(p.Analysis.Costly())
	what, short := "no card cost a trick", "no error"
	if n > 0 {
		what = fmt.Sprintf("%d %s cost a trick", n, plural(n, "card", "cards"))
		short = fmt.Sprintf("%d %s", n, plural(n, "error", "errors"))
	}
	return fmt.Sprintf("<td class=\"l\"><a href=\"#play-%d\" title=\"double dummy %d before the lead; %s\">DD %d, %s</a></td>", row+1, p.Analysis.Start, esc(what), p.Analysis.Start, short)
}

// playsHTML writes the analysis of each row's play under the traveller.
func (s *site) playsHTML(b *strings.Builder, bd *BoardResult) {
	first := true
	for j := range bd.Rows {
		p := bd.Rows[j].Play
		if p == nil {
			continue
		}
		if first {
			b.WriteString("<h2>Play analysis (double dummy)</h2>\n<p class=\"note\">Each card shows declarer's tricks with best play after it; the card led is underlined; a card that cost its side a trick is marked in red.</p>\n")
			first = false
		}
		q := *p
		q.Table = bd.Rows[j].NS + " v " + bd.Rows[j].EW
		if p.Table != "" {
			q.Table = p.Table
		}
		playHTML(b, &q, fmt.Sprintf("play-%d", j+1))
	}
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// playCells writes contract, declarer, lead and tricks.
func (s *site) playCells(b *strings.Builder, row *Row) {
	switch {
	case row.HasContract && row.Contract.IsPassedOut():
		b.WriteString("<td class=\"l\">Pass</td><td></td><td></td><td></td>")
	case row.HasContract:
		fmt.Fprintf(b, "<td class=\"l\">%s</td><td>%s</td><td>%s</td><td>%d</td>",
			contractHTML(row.Contract), row.Declarer, suitsHTML(esc(row.Lead)), row.Tricks)
	default:
		fmt.Fprintf(b, "<td class=\"l\" colspan=\"4\">%s</td>", esc(cmpOr(row.Note, "—")))
	}
}

// scoreCells writes North–South's score in the NS column when positive and
// in the EW column (as East–West's plus) when negative, as travellers do.
func scoreCells(row *Row) (ns, ew string) {
	if !row.HasScore {
		return "", ""
	}
	switch {
	case row.Score > 0:
		return strconv.Itoa(row.Score), ""
	case row.Score < 0:
		return "", strconv.Itoa(-row.Score)
	}
	return "0", ""
}

// card writes an entrant's personal score card.
func (s *site) card(id string) string {
	var b strings.Builder
	e := s.r.entrant(id)
	s.head(&b, fmt.Sprintf("%s — %s", s.r.Title, id))
	fmt.Fprintf(&b, "<h2>Score card: %s</h2>\n", esc(id))
	if e.Names != "" {
		fmt.Fprintf(&b, "<p class=\"names\">%s</p>\n", esc(e.Names))
	}
	for _, f := range s.r.Fields {
		for _, st := range f.Standings {
			if st.Entrant == id {
				fmt.Fprintf(&b, "<p class=\"standing\">Place %s", PlaceText(st.Place, st.Tied))
				if f.Name != "" {
					fmt.Fprintf(&b, " (%s)", esc(f.Name))
				}
				if s.r.Form == Matchpoints {
					fmt.Fprintf(&b, ", %s%%", fmtPct(st.Percent))
				}
				fmt.Fprintf(&b, ", %s %s</p>\n", fmtScore(st.Score), s.totalUnit())
			}
		}
	}
	u := s.r.Form.Unit()
	mp := s.r.Form == Matchpoints
	fmt.Fprintf(&b, "<div class=\"scroll\"><table class=\"res card\">\n<tr><th>Board</th><th>Dir</th><th class=\"l\">Opponents</th><th class=\"l\">Contract</th><th>By</th><th>Lead</th><th>Tricks</th><th>Score</th><th>%s</th>", u)
	if mp {
		b.WriteString("<th>%</th>")
	}
	b.WriteString("</tr>\n")
	total := 0.0
	for _, l := range s.r.cardLines(id) {
		opp, dir, sign := l.row.EW, "NS", 1
		mine, pct := l.row.NSMP, l.row.NSPct
		if !l.ns {
			opp, dir, sign = l.row.NS, "EW", -1
			mine, pct = l.row.EWMP, l.row.EWPct
		}
		fmt.Fprintf(&b, "<tr><td><a href=\"%s\">%d</a></td><td>%s</td><td class=\"l\">%s</td>",
			boardFile(l.board.Number), l.board.Number, dir, s.entrantLink(opp))
		s.playCells(&b, l.row)
		score := ""
		if l.row.HasScore {
			score = strings.Replace(strconv.Itoa(sign*l.row.Score), "-", "−", 1)
		}
		fmt.Fprintf(&b, "<td class=\"score\">%s</td>", score)
		if !l.row.Scored {
			fmt.Fprintf(&b, "<td colspan=\"2\" class=\"l\">%s</td></tr>\n", esc(cmpOr(l.row.Error, "not scored")))
			continue
		}
		total += mine
		fmt.Fprintf(&b, "<td class=\"mp\">%s</td>", fmtScore(mine))
		if mp {
			fmt.Fprintf(&b, "<td>%s</td>", fmtPct(pct))
		}
		b.WriteString("</tr>\n")
	}
	fmt.Fprintf(&b, "<tr class=\"total\"><th colspan=\"8\" class=\"l\">Total</th><th class=\"mp\">%s</th>", fmtScore(total))
	if mp {
		b.WriteString("<th></th>")
	}
	b.WriteString("</tr>\n</table></div>\n")
	foot(&b)
	return b.String()
}

// matches writes the match results and the position-by-round chart.
func (s *site) matches() string {
	var b strings.Builder
	s.head(&b, s.r.Title+" — matches")
	b.WriteString("<h2>Matches</h2>\n<div class=\"scroll\"><table class=\"res matches\">\n<tr>")
	rounds := slices.ContainsFunc(s.r.Matches, func(m Match) bool { return m.Round > 0 })
	vp := slices.ContainsFunc(s.r.Matches, func(m Match) bool { return m.HasVP })
	if rounds {
		b.WriteString("<th>Round</th>")
	}
	b.WriteString("<th class=\"l\">Home</th><th class=\"l\">Away</th><th>Boards</th><th>IMPs</th>")
	if vp {
		b.WriteString("<th>VPs</th>")
	}
	b.WriteString("</tr>\n")
	for _, m := range s.r.Matches {
		b.WriteString("<tr>")
		if rounds {
			fmt.Fprintf(&b, "<td>%d</td>", m.Round)
		}
		fmt.Fprintf(&b, "<td class=\"l\">%s</td><td class=\"l\">%s</td><td>%d</td>",
			s.entrantLink(m.Home), s.entrantLink(m.Away), m.Boards)
		if m.Own {
			// Each team's own net IMPs, which do not cancel.
			fmt.Fprintf(&b, "<td class=\"imps own\" title=\"each team's own IMPs (adjusted score)\">%s / %s</td>", fmtSigned(m.HomeOwn), fmtSigned(m.AwayOwn))
		} else {
			fmt.Fprintf(&b, "<td class=\"imps\">%s–%s</td>", fmtScore(m.HomeIMPs), fmtScore(m.AwayIMPs))
		}
		if vp {
			if m.HasVP {
				fmt.Fprintf(&b, "<td class=\"vps\">%s–%s</td>", fmtScore(m.HomeVP), fmtScore(m.AwayVP))
			} else {
				b.WriteString("<td></td>")
			}
		}
		b.WriteString("</tr>\n")
	}
	b.WriteString("</table></div>\n")
	if len(s.r.Progress) > 0 {
		b.WriteString("<h2>Position by round</h2>\n")
		b.WriteString(progressChart(s.r.Progress))
	}
	foot(&b)
	return b.String()
}
