package publish

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"codeberg.org/go-pdf/fpdf"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/movement"
)

// DirectorOptions says what the director's paper is for.
type DirectorOptions struct {
	Title string
	Date  string
	// FirstBoard is the number of the first board of set 1 (default 1).
	FirstBoard int
}

// ErrMovement reports a movement the director's paper cannot be printed
// for (an individual movement has no pairs to print on travellers).
var ErrMovement = errors.New("publish: movement not printable")

// DirectorPDF writes the paper a director puts on the tables before the
// first board, for a pairs movement: a card for each table (who sits
// there each round, the boards, where East–West and the boards go next:
// a table, the bye stand or a relay), a guide card for each pair, a
// traveller for each board with its pairs filled in round by round, and a
// pick-up slip for each board at each table in each round, for clubs
// without devices.
func DirectorPDF(w io.Writer, m *movement.Movement, o DirectorOptions) error {
	if m.Kind == movement.Individual {
		return fmt.Errorf("%w: an individual movement", ErrMovement)
	}
	if err := m.Check(); err != nil {
		return fmt.Errorf("publish: %w", err)
	}
	if o.FirstBoard == 0 {
		o.FirstBoard = 1
	}
	p := newPDF(strings.TrimSpace(o.Title + " — director's paper"))
	d := &director{p: p, m: m, o: o}
	d.tableCards()
	d.guideCards()
	d.travellers()
	d.slips()
	return finish(p, w, "director's paper")
}

type director struct {
	p *fpdf.Fpdf
	m *movement.Movement
	o DirectorOptions
}

// boards is the board range of a set, "1-3".
func (d *director) boards(sets []int) string {
	var parts []string
	for _, s := range sets {
		a, b := d.m.Boards(s)
		a, b = a+d.o.FirstBoard-1, b+d.o.FirstBoard-1
		if a == b {
			parts = append(parts, strconv.Itoa(a))
		} else {
			parts = append(parts, fmt.Sprintf("%d-%d", a, b))
		}
	}
	return strings.Join(parts, ", ")
}

// seating returns the table of round r (1-based) at which entrant e sits,
// or nil.
func (d *director) seatOf(r, e int) *movement.Seating {
	if r < 1 || r > len(d.m.Rounds) || e == 0 {
		return nil
	}
	for i, s := range d.m.Rounds[r-1].Tables {
		if s.NS == e || s.EW == e {
			return &d.m.Rounds[r-1].Tables[i]
		}
	}
	return nil
}

// setNext says where a set goes after round r: "table 4", "bye stand",
// "relay (table 1)", or "" after the last round.
func (d *director) setNext(r, set int) string {
	if r >= len(d.m.Rounds) {
		return ""
	}
	next := d.m.Rounds[r]
	var tables []string
	for _, s := range next.Tables {
		if slices.Contains(s.Sets, set) {
			tables = append(tables, strconv.Itoa(s.Table))
		}
	}
	if slices.Contains(next.Idle, set) {
		return "bye stand"
	}
	switch len(tables) {
	case 0:
		return "put aside"
	case 1:
		return "table " + tables[0]
	}
	return "tables " + strings.Join(tables, " & ") + " (relay)"
}

// tableCards prints a card per table, two to a page.
func (d *director) tableCards() {
	p := d.p
	for t := 1; t <= d.m.Tables; t++ {
		if t%2 == 1 {
			p.AddPage()
			pdfPageHeader(p, d.o.Title, d.o.Date, 0, 0)
			p.SetY(20)
		} else {
			p.SetY(155)
		}
		p.SetFont("dejavu", "B", 20)
		p.CellFormat(0, 10, fmt.Sprintf("Table %d", t), "", 1, "L", false, 0, "")
		p.SetFont("dejavu", "", 9)
		p.MultiCell(0, 4.5, d.m.Summary(), "", "L", false)
		if slices.Contains(d.m.Relay, t) {
			p.CellFormat(0, 5, "This table shares its boards with another table (relay).", "", 1, "L", false, 0, "")
		}
		if d.m.ByeStand == t {
			p.CellFormat(0, 5, "The bye stand is beside this table.", "", 1, "L", false, 0, "")
		}
		tab := &pdfTable{p: p, rowH: 6.2,
			head:   []string{"Round", "NS", "EW", "Boards", "EW go to", "Boards go to"},
			widths: []float64{16, 16, 16, 32, 40, 60},
			align:  []string{"C", "C", "C", "C", "L", "L"}}
		tab.header()
		for r, rd := range d.m.Rounds {
			for _, s := range rd.Tables {
				if s.Table != t {
					continue
				}
				ns, ew := pairText(s.NS), pairText(s.EW)
				ewNext, bNext := "", ""
				if r+1 < len(d.m.Rounds) {
					ewNext = "—"
					if s.EW != 0 {
						if nx := d.seatOf(r+2, s.EW); nx != nil {
							ewNext = "table " + strconv.Itoa(nx.Table)
						} else {
							ewNext = "sit out"
						}
					}
					var parts []string
					for _, set := range s.Sets {
						parts = append(parts, d.setNext(r+1, set))
					}
					bNext = strings.Join(parts, ", ")
				}
				sw := ""
				if s.Switch {
					sw = " (arrow switch)"
				}
				tab.row([]string{strconv.Itoa(rd.Number), ns, ew, d.boards(s.Sets) + sw, ewNext, bNext})
			}
		}
	}
}

func pairText(e int) string {
	if e == 0 {
		return "—"
	}
	return strconv.Itoa(e)
}

// guideCards prints each pair's card, three to a page.
func (d *director) guideCards() {
	p := d.p
	cards := d.m.EntrantCards()
	for i, c := range cards {
		if i%3 == 0 {
			p.AddPage()
			pdfPageHeader(p, d.o.Title, d.o.Date, 0, 0)
			p.SetY(20)
		} else {
			p.SetY(20 + float64(i%3)*91)
		}
		p.SetFont("dejavu", "B", 14)
		p.CellFormat(0, 8, fmt.Sprintf("Pair %d", c.Entrant), "", 1, "L", false, 0, "")
		tab := &pdfTable{p: p, rowH: 5.4,
			head:   []string{"Round", "Table", "Sit", "Against", "Boards", "Then go to"},
			widths: []float64{16, 16, 14, 24, 40, 40},
			align:  []string{"C", "C", "C", "C", "C", "L"}}
		tab.header()
		for _, r := range c.Rows {
			next := ""
			if r.Round < len(d.m.Rounds) {
				next = "sit out"
				if r.Next != 0 {
					next = "table " + strconv.Itoa(r.Next)
				}
			}
			if r.Table == 0 || r.SitOut {
				tab.row([]string{strconv.Itoa(r.Round), tableOrDash(r.Table), r.Seat, "sit out", "", next})
				continue
			}
			var opp []string
			for _, o := range r.Opponents {
				opp = append(opp, strconv.Itoa(o))
			}
			tab.row([]string{strconv.Itoa(r.Round), strconv.Itoa(r.Table), r.Seat, strings.Join(opp, ", "), d.boards(r.Sets), next})
		}
	}
}

func tableOrDash(t int) string {
	if t == 0 {
		return "—"
	}
	return strconv.Itoa(t)
}

// plays lists, for each board, the pairs that play it in order: round,
// table, NS, EW.
type play struct{ round, table, ns, ew int }

func (d *director) plays() map[int][]play {
	out := map[int][]play{}
	for _, rd := range d.m.Rounds {
		for _, s := range rd.Tables {
			if s.NS == 0 || s.EW == 0 {
				continue
			}
			for _, set := range s.Sets {
				a, b := d.m.Boards(set)
				for n := a; n <= b; n++ {
					out[n] = append(out[n], play{rd.Number, s.Table, s.NS, s.EW})
				}
			}
		}
	}
	return out
}

// travellers prints a traveller for each board, two to a page, with the
// pairs that will play it in the order they play it.
func (d *director) travellers() {
	p := d.p
	plays := d.plays()
	total := d.m.Sets * d.m.PerSet
	for n := 1; n <= total; n++ {
		if n%2 == 1 {
			p.AddPage()
		}
		p.SetY(12 + float64((n-1)%2)*141)
		num := n + d.o.FirstBoard - 1
		b := bridge.Board(num)
		p.SetFont("dejavu", "B", 14)
		p.CellFormat(0, 8, fmt.Sprintf("Traveller — Board %d    Dealer %s    Vul %s", num, b.Dealer().Name(), VulText(b.Vulnerability())), "", 1, "L", false, 0, "")
		p.SetFont("dejavu", "", 8)
		p.CellFormat(0, 4, d.o.Title+"  "+DateText(d.o.Date)+"  — fold so the next pairs cannot see the scores", "", 1, "L", false, 0, "")
		tab := &pdfTable{p: p, rowH: 7,
			head:   []string{"Round", "NS", "EW", "Contract", "By", "Lead", "Tricks", "NS +", "EW +"},
			widths: []float64{15, 14, 14, 28, 14, 20, 18, 30, 30},
			align:  []string{"C", "C", "C", "C", "C", "C", "C", "C", "C"}}
		tab.header()
		for _, pl := range plays[n] {
			tab.row([]string{strconv.Itoa(pl.round), strconv.Itoa(pl.ns), strconv.Itoa(pl.ew), "", "", "", "", "", ""})
		}
	}
}

// slips prints a pick-up slip for each board at each table in each round,
// ten to a page.
func (d *director) slips() {
	p := d.p
	plays := d.plays()
	var all []struct {
		board int
		pl    play
	}
	for n := 1; n <= d.m.Sets*d.m.PerSet; n++ {
		for _, pl := range plays[n] {
			all = append(all, struct {
				board int
				pl    play
			}{n, pl})
		}
	}
	slices.SortStableFunc(all, func(a, b struct {
		board int
		pl    play
	}) int {
		if a.pl.round != b.pl.round {
			return a.pl.round - b.pl.round
		}
		if a.pl.table != b.pl.table {
			return a.pl.table - b.pl.table
		}
		return a.board - b.board
	})
	const slipW, slipH = 93, 53
	for i, s := range all {
		k := i % 10
		if k == 0 {
			p.AddPage()
		}
		x := 10 + float64(k%2)*(slipW+4)
		y := 10 + float64(k/2)*(slipH+2.5)
		p.SetDrawColor(120, 120, 120)
		p.SetLineWidth(0.2)
		p.SetDashPattern([]float64{1, 1}, 0)
		p.Rect(x, y, slipW, slipH, "D")
		p.SetDashPattern([]float64{}, 0)
		num := s.board + d.o.FirstBoard - 1
		b := bridge.Board(num)
		p.SetFont("dejavu", "B", 11)
		p.SetXY(x+3, y+2)
		p.CellFormat(slipW-6, 6, fmt.Sprintf("Board %d   Round %d   Table %d", num, s.pl.round, s.pl.table), "", 0, "L", false, 0, "")
		p.SetFont("dejavu", "", 8.5)
		p.SetXY(x+3, y+8)
		p.CellFormat(slipW-6, 5, fmt.Sprintf("NS pair %d   EW pair %d   Dealer %s   Vul %s", s.pl.ns, s.pl.ew, b.Dealer().Name(), VulText(b.Vulnerability())), "", 0, "L", false, 0, "")
		labels := []string{"Contract", "By", "Lead", "Tricks", "Score NS +", "Score EW +", "EW initials"}
		for j, l := range labels {
			col, row := j%2, j/2
			lx := x + 3 + float64(col)*(slipW/2-2)
			ly := y + 16 + float64(row)*8.5
			p.SetXY(lx, ly)
			p.CellFormat(22, 6, l, "", 0, "L", false, 0, "")
			p.Line(lx+22, ly+5.5, lx+slipW/2-6, ly+5.5)
		}
	}
}
