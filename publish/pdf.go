package publish

import (
	_ "embed"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"codeberg.org/go-pdf/fpdf"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/dd"
)

// The PDFs embed DejaVu Sans (fonts/LICENSE): the core PDF fonts have no
// suit symbols.
var (
	//go:embed fonts/DejaVuSans.ttf
	fontRegular []byte
	//go:embed fonts/DejaVuSans-Bold.ttf
	fontBold []byte
)

// pdfEpoch dates every PDF, so that the same input gives the same file.
var pdfEpoch = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)

// newPDF starts an A4 document with the embedded font.
func newPDF(title string) *fpdf.Fpdf {
	p := fpdf.New("P", "mm", "A4", "")
	p.AddUTF8FontFromBytes("dejavu", "", fontRegular)
	p.AddUTF8FontFromBytes("dejavu", "B", fontBold)
	p.SetTitle(title, true)
	p.SetCreator("bridgetd", true)
	p.SetCreationDate(pdfEpoch)
	p.SetModificationDate(pdfEpoch)
	p.SetCatalogSort(true)
	p.SetMargins(10, 10, 10)
	p.SetAutoPageBreak(true, 12)
	p.SetFont("dejavu", "", 10)
	return p
}

// finish writes the document, or the first error met while drawing it.
func finish(p *fpdf.Fpdf, w io.Writer, what string) error {
	if err := p.Output(w); err != nil {
		return fmt.Errorf("publish: %s: %w", what, err)
	}
	return nil
}

// red is the colour of hearts and diamonds.
func setSuitColour(p *fpdf.Fpdf, s bridge.Suit) {
	if s == bridge.Hearts || s == bridge.Diamonds {
		p.SetTextColor(200, 0, 0)
	} else {
		p.SetTextColor(0, 0, 0)
	}
}

// pdfRich writes text at (x, y) (y the top of the line) with every suit
// symbol in its colour; it returns the x after the text.
func pdfRich(p *fpdf.Fpdf, x, y, lineH float64, s string) float64 {
	p.SetXY(x, y)
	for s != "" {
		i := strings.IndexAny(s, "♠♥♦♣")
		if i < 0 {
			p.SetTextColor(0, 0, 0)
			p.CellFormat(p.GetStringWidth(s), lineH, s, "", 0, "L", false, 0, "")
			break
		}
		if i > 0 {
			p.SetTextColor(0, 0, 0)
			p.CellFormat(p.GetStringWidth(s[:i]), lineH, s[:i], "", 0, "L", false, 0, "")
		}
		sym := s[i : i+len("♠")]
		for _, su := range suitOrder {
			if su.String() == sym {
				setSuitColour(p, su)
			}
		}
		p.CellFormat(p.GetStringWidth(sym), lineH, sym, "", 0, "L", false, 0, "")
		s = s[i+len(sym):]
	}
	p.SetTextColor(0, 0, 0)
	return p.GetX()
}

// pdfHand draws a hand one suit to a line under the seat's name.
func pdfHand(p *fpdf.Fpdf, x, y, lineH float64, seat bridge.Seat, h bridge.Hand, pt float64) {
	p.SetFont("dejavu", "", pt*0.8)
	p.SetTextColor(90, 90, 90)
	p.SetXY(x, y)
	p.CellFormat(20, lineH, seat.Name(), "", 0, "L", false, 0, "")
	p.SetFont("dejavu", "", pt)
	for i, su := range suitOrder {
		pdfRich(p, x, y+float64(i+1)*lineH, lineH, su.String()+" "+Holding(h, su))
	}
}

// pdfBoard draws a board (diagram, HCP compass, double-dummy table, par)
// in the box at (x, y) of width w and height h, in type of pt points.
func pdfBoard(p *fpdf.Fpdf, b *Board, x, y, w, h, pt float64) {
	lineH := pt * 0.3528 * 1.3
	em := pt * 0.3528
	p.SetDrawColor(136, 136, 136)
	p.SetLineWidth(0.3)
	p.RoundedRect(x, y, w, h, 1.5, "1234", "D")
	pad := 0.6 * em
	x0, y0 := x+pad, y+pad
	// Info in the top left.
	p.SetFont("dejavu", "B", pt*1.25)
	p.SetXY(x0, y0)
	p.CellFormat(w/3, lineH*1.2, b.Title(), "", 0, "L", false, 0, "")
	p.SetFont("dejavu", "", pt)
	p.SetXY(x0, y0+lineH*1.3)
	p.CellFormat(w/3, lineH, "Dealer "+b.Dealer.Name(), "", 0, "L", false, 0, "")
	p.SetXY(x0, y0+lineH*2.3)
	p.CellFormat(w/3, lineH, "Vul "+VulText(b.Vul), "", 0, "L", false, 0, "")
	// Column widths from the hands, as the HTML lays them out.
	p.SetFont("dejavu", "", pt)
	width := func(h bridge.Hand) float64 {
		m := 0.0
		for _, su := range suitOrder {
			m = max(m, p.GetStringWidth(su.String()+" "+Holding(h, su)))
		}
		return m
	}
	d := b.Deal
	compass := 6 * em
	westW := max(width(d[bridge.West]), p.GetStringWidth("Dealer North"))
	midW := max(compass, width(d[bridge.North]), width(d[bridge.South]))
	gap := (w - 2*pad - westW - midW - width(d[bridge.East])) / 2
	gap = max(gap, 0.8*em)
	midX := x0 + westW + gap
	eastX := midX + midW + gap
	handH := 5 * lineH
	pdfHand(p, midX, y0, lineH, bridge.North, d[bridge.North], pt)
	rowY := y0 + handH + 0.4*em
	pdfHand(p, x0, rowY, lineH, bridge.West, d[bridge.West], pt)
	pdfHand(p, eastX, rowY, lineH, bridge.East, d[bridge.East], pt)
	pdfHand(p, midX, rowY+handH+0.4*em, lineH, bridge.South, d[bridge.South], pt)
	// The compass with the high-card points.
	cx := midX + (midW-compass)/2
	cy := rowY + (handH-compass)/2 + lineH/2
	p.SetDrawColor(100, 100, 100)
	p.RoundedRect(cx, cy, compass, compass, 1, "1234", "D")
	cell := compass / 3
	p.SetFont("dejavu", "", pt*0.9)
	at := func(col, row int, s string) {
		p.SetXY(cx+float64(col)*cell, cy+float64(row)*cell)
		p.CellFormat(cell, cell, s, "", 0, "C", false, 0, "")
	}
	at(1, 0, strconv.Itoa(d[bridge.North].HCP()))
	at(0, 1, strconv.Itoa(d[bridge.West].HCP()))
	at(2, 1, strconv.Itoa(d[bridge.East].HCP()))
	at(1, 2, strconv.Itoa(d[bridge.South].HCP()))
	p.SetFont("dejavu", "", pt*0.6)
	p.SetTextColor(90, 90, 90)
	at(1, 1, "HCP")
	p.SetTextColor(0, 0, 0)
	// The double-dummy table and the par at the foot.
	par, ok := b.Par()
	if !ok {
		return
	}
	footY := rowY + 2*handH + 1.2*em
	p.SetFont("dejavu", "", pt*0.9)
	cw, ch := 1.9*em, lineH*0.95
	tx := x + w - pad - 6*cw
	p.SetFont("dejavu", "", pt*0.7)
	p.SetTextColor(90, 90, 90)
	p.SetXY(tx, footY)
	p.CellFormat(6*cw, ch, "Tricks (double dummy)", "", 0, "R", false, 0, "")
	p.SetTextColor(0, 0, 0)
	p.SetFont("dejavu", "B", pt*0.85)
	ty := footY + ch
	p.SetDrawColor(170, 170, 170)
	p.SetLineWidth(0.2)
	p.SetXY(tx, ty)
	p.CellFormat(cw, ch, "", "1", 0, "C", false, 0, "")
	for i, st := range strainOrder {
		p.SetXY(tx+float64(i+1)*cw, ty)
		p.CellFormat(cw, ch, "", "1", 0, "C", false, 0, "")
		label := "NT"
		if su, ok := st.Suit(); ok {
			label = su.String()
			setSuitColour(p, su)
		}
		p.SetXY(tx+float64(i+1)*cw, ty)
		p.CellFormat(cw, ch, label, "", 0, "C", false, 0, "")
		p.SetTextColor(0, 0, 0)
	}
	for r, s := range ddSeats {
		yy := ty + float64(r+1)*ch
		p.SetFont("dejavu", "B", pt*0.85)
		p.SetXY(tx, yy)
		p.CellFormat(cw, ch, s.String(), "1", 0, "C", false, 0, "")
		for i, st := range strainOrder {
			n := b.Tricks[s][st]
			style := ""
			if n >= 7 {
				style = "B"
			}
			p.SetFont("dejavu", style, pt*0.85)
			p.SetXY(tx+float64(i+1)*cw, yy)
			p.CellFormat(cw, ch, strconv.Itoa(n), "1", 0, "C", false, 0, "")
		}
	}
	p.SetFont("dejavu", "", pt)
	parW := tx - x0 - em
	lines := p.SplitText(ParText(par), parW)
	py := ty + 5*ch - float64(len(lines))*lineH
	for i, l := range lines {
		pdfRich(p, x0, py+float64(i)*lineH, lineH, l)
	}
}

// pdfPageHeader writes a page's heading line: title, date and page number.
func pdfPageHeader(p *fpdf.Fpdf, title, date string, page, pages int) {
	p.SetFont("dejavu", "B", 12)
	p.SetXY(10, 10)
	p.CellFormat(95, 7, title, "", 0, "L", false, 0, "")
	p.SetFont("dejavu", "", 10)
	p.SetXY(80, 10)
	p.CellFormat(50, 7, DateText(date), "", 0, "C", false, 0, "")
	if pages > 0 {
		p.SetXY(150, 10)
		p.CellFormat(50, 7, fmt.Sprintf("Page %d of %d", page, pages), "", 0, "R", false, 0, "")
	}
	p.SetDrawColor(68, 68, 68)
	p.SetLineWidth(0.3)
	p.Line(10, 17.5, 200, 17.5)
}

// HandRecordsPDF writes hand records as a PDF: o.PerPage boards to an A4
// page, laid out as HandRecords lays out its HTML.
func HandRecordsPDF(w io.Writer, boards []Board, o HandRecordOptions) error {
	if err := o.check(); err != nil {
		return err
	}
	l := pageLayout(o.PerPage, boards)
	p := newPDF(strings.TrimSpace("Hand records " + o.Title))
	p.SetAutoPageBreak(false, 0)
	pages := (len(boards) + o.PerPage - 1) / o.PerPage
	cellW := (a4Width - float64(l.cols-1)*gapMM) / float64(l.cols)
	cellH := (a4Height - headerMM - float64(l.rows-1)*gapMM) / float64(l.rows)
	for i := range boards {
		k := i % o.PerPage
		if k == 0 {
			p.AddPage()
			pdfPageHeader(p, o.Title, o.Date, i/o.PerPage+1, pages)
		}
		col, row := k%l.cols, k/l.cols
		x := 10 + float64(col)*(cellW+gapMM)
		y := 10 + headerMM + float64(row)*(cellH+gapMM)
		pdfBoard(p, &boards[i], x, y, cellW, cellH, l.fontPt)
	}
	if hasPlays(boards) {
		pdfPlays(p, boards, o)
	}
	return finish(p, w, "hand records")
}

// pdfPlays writes, after the hand records, each board's play records with
// their double-dummy analysis, as many to a page as fit.
func pdfPlays(p *fpdf.Fpdf, boards []Board, o HandRecordOptions) {
	const lineH, rowH = 5.0, 4.6
	_, pageH := p.GetPageSize()
	y := pageH
	for i := range boards {
		for k := range boards[i].Plays {
			pl := &boards[i].Plays[k]
			tricks := pl.Tricks()
			need := 2*lineH + 3*lineH + float64(len(tricks)+1)*rowH + lineH
			if y+need > pageH-12 {
				p.AddPage()
				pdfPageHeader(p, o.Title, o.Date, 0, 0)
				p.SetFont("dejavu", "", 10)
				p.SetXY(150, 10)
				p.CellFormat(50, 7, "Play analysis", "", 0, "R", false, 0, "")
				y = 20
			}
			p.SetFont("dejavu", "B", 10)
			head := boards[i].Title()
			if pl.Table != "" {
				head += " — " + pl.Table
			}
			pdfRich(p, 10, y, lineH, head)
			y += lineH
			p.SetFont("dejavu", "", 9)
			y = pdfWrapped(p, 10, y, 190, lineH, pl.Summary())
			y = pdfPlayTable(p, pl, tricks, 10, y+1, rowH)
			if pl.Claimed() && pl.Result >= 0 {
				p.SetFont("dejavu", "", 9)
				pdfRich(p, 10, y, lineH, fmt.Sprintf("The rest %s: declarer's side took %d tricks in all.", pl.claimWord(), pl.Result))
				y += lineH
			}
			y += lineH
		}
	}
}

// pdfWrapped writes text in a column of width w, breaking lines between
// words, suit symbols in colour; it returns the y under the last line.
func pdfWrapped(p *fpdf.Fpdf, x, y, w, lineH float64, text string) float64 {
	line := ""
	for _, word := range strings.Fields(text) {
		try := strings.TrimSpace(line + " " + word)
		if line != "" && p.GetStringWidth(try) > w {
			pdfRich(p, x, y, lineH, line)
			y += lineH
			try = word
		}
		line = try
	}
	if line != "" {
		pdfRich(p, x, y, lineH, line)
		y += lineH
	}
	return y
}

// pdfPlayTable draws an analysed play a trick to a row, as playHTML: the
// cards under West, North, East and South, the card led underlined, each
// with declarer's double-dummy tricks after it, a costly card on a red
// ground with what it cost, and the trick's winner. It returns the y under
// the table.
func pdfPlayTable(p *fpdf.Fpdf, pl *Played, tricks []PlayTrick, x, y, rowH float64) float64 {
	widths := []float64{14, 24, 24, 24, 24, 16}
	head := []string{"Trick", "West", "North", "East", "South", "Won by"}
	p.SetFont("dejavu", "B", 8.5)
	p.SetFillColor(238, 238, 238)
	p.SetDrawColor(190, 190, 190)
	p.SetLineWidth(0.2)
	cx := x
	for i, h := range head {
		p.SetXY(cx, y)
		p.CellFormat(widths[i], rowH, h, "1", 0, "C", true, 0, "")
		cx += widths[i]
	}
	y += rowH
	for ti, t := range tricks {
		var cards [4]*dd.PlayedCard
		led := t.Leader
		for k := range t.Cards {
			cards[t.Cards[k].Seat] = &t.Cards[k]
		}
		cx = x
		p.SetFont("dejavu", "", 8.5)
		p.SetXY(cx, y)
		p.CellFormat(widths[0], rowH, strconv.Itoa(ti+1), "1", 0, "C", false, 0, "")
		cx += widths[0]
		for j, s := range playSeats {
			w := widths[j+1]
			c := cards[s]
			fill := c != nil && c.Cost > 0
			if fill {
				p.SetFillColor(251, 211, 208)
			}
			p.SetXY(cx, y)
			p.CellFormat(w, rowH, "", "1", 0, "", fill, 0, "")
			if c != nil {
				p.SetFont("dejavu", "", 8.5)
				txt := cardText(c.Card)
				tx := cx + 1.5
				end := pdfRich(p, tx, y, rowH, txt)
				if s == led {
					p.SetDrawColor(0, 0, 0)
					p.Line(tx, y+rowH-0.9, end, y+rowH-0.9)
					p.SetDrawColor(190, 190, 190)
				}
				p.SetFont("dejavu", "", 6)
				p.SetTextColor(90, 90, 90)
				p.SetXY(end+0.4, y+0.8)
				p.CellFormat(5, rowH-0.8, strconv.Itoa(c.Tricks), "", 0, "L", false, 0, "")
				if c.Cost > 0 {
					p.SetFont("dejavu", "B", 6.5)
					p.SetTextColor(170, 0, 0)
					p.SetXY(cx+w-7, y)
					p.CellFormat(6.5, rowH, "−"+strconv.Itoa(c.Cost), "", 0, "R", false, 0, "")
				}
				p.SetTextColor(0, 0, 0)
			}
			cx += w
		}
		p.SetFont("dejavu", "", 8.5)
		p.SetXY(cx, y)
		win := ""
		if len(t.Cards) == 4 {
			win = t.Winner.String()
		}
		p.CellFormat(widths[5], rowH, win, "1", 0, "C", false, 0, "")
		y += rowH
	}
	return y + 1
}

// pdfTable writes a table with a header row; widths in mm, align per
// column ("L", "R", "C"). It starts a new page (repeating the header) when
// a row would not fit.
type pdfTable struct {
	p      *fpdf.Fpdf
	head   []string
	widths []float64
	align  []string
	rowH   float64
}

func (t *pdfTable) header() {
	t.p.SetFont("dejavu", "B", 9)
	t.p.SetFillColor(238, 238, 238)
	x := t.p.GetX()
	for i, h := range t.head {
		t.p.CellFormat(t.widths[i], t.rowH, h, "B", 0, t.align[i], true, 0, "")
	}
	t.p.Ln(t.rowH)
	t.p.SetX(x)
	t.p.SetFont("dejavu", "", 9)
}

func (t *pdfTable) row(cells []string) {
	_, pageH := t.p.GetPageSize()
	if t.p.GetY()+t.rowH > pageH-12 {
		t.p.AddPage()
		t.header()
	}
	x := t.p.GetX()
	y := t.p.GetY()
	for i, c := range cells {
		cx := t.p.GetX()
		t.p.SetDrawColor(220, 220, 220)
		t.p.CellFormat(t.widths[i], t.rowH, "", "B", 0, "", false, 0, "")
		w := t.p.GetStringWidth(c)
		tx := cx + 1
		switch t.align[i] {
		case "R":
			tx = cx + t.widths[i] - 1 - w
		case "C":
			tx = cx + (t.widths[i]-w)/2
		}
		pdfRich(t.p, tx, y, t.rowH, c)
		t.p.SetXY(cx+t.widths[i], y)
	}
	t.p.Ln(t.rowH)
	t.p.SetX(x)
}

// ResultsPDF writes an event's results as a PDF: the rankings, then each
// board's traveller with its par.
func ResultsPDF(w io.Writer, r *Results) error {
	if err := r.Validate(); err != nil {
		return err
	}
	p := newPDF(r.Title + " — results")
	p.AddPage()
	pdfPageHeader(p, r.Title, r.Date, 0, 0)
	p.SetY(20)
	mp := r.Form == Matchpoints
	for _, f := range r.Fields {
		name := f.Name
		if name == "" {
			name = "Ranking"
		}
		p.SetFont("dejavu", "B", 11)
		p.CellFormat(0, 7, name, "", 1, "L", false, 0, "")
		t := &pdfTable{p: p, rowH: 5.5,
			head:   []string{"Place", "Pair", "Names", "%", r.Form.Unit(), "Boards"},
			widths: []float64{15, 25, 85, 20, 25, 20},
			align:  []string{"C", "L", "L", "R", "R", "R"}}
		if r.Form == Teams {
			t.head[1] = "Team"
			t.widths[1], t.widths[2] = 40, 70
		}
		t.header()
		for _, st := range f.Standings {
			pct := ""
			if mp {
				pct = fmtPct(st.Percent)
			}
			place := PlaceText(st.Place, st.Tied)
			if st.Qualified {
				place += " Q"
			}
			t.row([]string{place, st.Entrant, r.entrant(st.Entrant).Names, pct, fmtScore(st.Score), strconv.Itoa(st.Boards)})
		}
		p.Ln(4)
	}
	for i := range r.Boards {
		pdfTraveller(p, r, &r.Boards[i])
	}
	return finish(p, w, "results")
}

// pdfTraveller writes a board's heading and rows.
func pdfTraveller(p *fpdf.Fpdf, r *Results, b *BoardResult) {
	_, pageH := p.GetPageSize()
	if p.GetY()+7+5.5*float64(min(len(b.Rows), 6)+1) > pageH-12 {
		p.AddPage()
	}
	p.SetFont("dejavu", "B", 11)
	head := fmt.Sprintf("%s   Dealer %s   Vul %s", b.Title(), b.Dealer.Name(), VulText(b.Vul))
	p.CellFormat(0, 7, head, "", 1, "L", false, 0, "")
	if par, ok := b.Par(); ok {
		p.SetFont("dejavu", "", 9)
		y := p.GetY()
		pdfRich(p, p.GetX(), y, 5, ParText(par))
		p.SetXY(10, y+5)
	}
	u := r.Form.Unit()
	t := &pdfTable{p: p, rowH: 5.2,
		head:   []string{"NS", "EW", "Contract", "By", "Lead", "Tricks", "NS", "EW", "NS " + u, "EW " + u},
		widths: []float64{24, 24, 20, 10, 14, 14, 18, 18, 24, 24},
		align:  []string{"L", "L", "L", "C", "C", "R", "R", "R", "R", "R"}}
	t.header()
	for _, row := range b.Rows {
		cells := []string{row.NS, row.EW, "", "", "", "", "", "", "", ""}
		switch {
		case row.HasContract && row.Contract.IsPassedOut():
			cells[2] = "Pass"
		case row.HasContract:
			cells[2], cells[3], cells[4], cells[5] = row.Contract.String(), row.Declarer.String(), row.Lead, strconv.Itoa(row.Tricks)
		default:
			cells[2] = row.Note
		}
		cells[6], cells[7] = scoreCells(&row)
		if row.Scored {
			cells[8], cells[9] = fmtScore(row.NSMP), fmtScore(row.EWMP)
			if r.Form == Matchpoints {
				cells[8] += " (" + fmtPct(row.NSPct) + "%)"
				cells[9] += " (" + fmtPct(row.EWPct) + "%)"
			}
		} else {
			cells[8] = "not scored"
		}
		t.row(cells)
	}
	pdfPlaySummaries(p, b)
	p.Ln(3)
}

// pdfPlaySummaries writes, under a traveller, each row's play analysis in
// words (Played.Summary), a few lines at most each.
func pdfPlaySummaries(p *fpdf.Fpdf, b *BoardResult) {
	const lineH = 4.2
	_, pageH := p.GetPageSize()
	first := true
	for _, row := range b.Rows {
		if row.Play == nil {
			continue
		}
		y := p.GetY() + 1
		if y+3*lineH > pageH-12 {
			p.AddPage()
			y = 10
		}
		if first {
			p.SetFont("dejavu", "B", 8)
			pdfRich(p, 10, y, lineH, "Play analysis (double dummy)")
			y += lineH
			first = false
		}
		p.SetFont("dejavu", "", 8)
		y = pdfWrapped(p, 10, y, 190, lineH, row.NS+" v "+row.EW+" — "+row.Play.Summary())
		p.SetXY(10, y)
	}
}
