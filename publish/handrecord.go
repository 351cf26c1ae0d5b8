package publish

import (
	"bufio"
	"fmt"
	"html"
	"io"
	"math"
	"strings"
	"time"

	"github.com/bridgetd/bridgetd/bridge"
)

// MaxPerPage is the most boards that fit an A4 page legibly (two columns of
// three).
const MaxPerPage = 6

// DefaultPerPage is the boards on each page of a hand record, as clubs
// print them: four to an A4 page, two by two.
const DefaultPerPage = 4

// ErrPerPage reports a number of boards a page outside 1–MaxPerPage.
var ErrPerPage = fmt.Errorf("boards a page must be 1 to %d", MaxPerPage)

// HandRecordOptions says how hand records are printed.
type HandRecordOptions struct {
	Title   string // heading of each page, usually the event's name
	Date    string // the date the boards were played, as PBN writes it (2013.08.08) or free text
	PerPage int    // boards on each A4 page, 1–MaxPerPage; 0 means DefaultPerPage
}

// check fills in the default boards a page and refuses a number that does
// not fit.
func (o *HandRecordOptions) check() error {
	if o.PerPage == 0 {
		o.PerPage = DefaultPerPage
	}
	if o.PerPage < 1 || o.PerPage > MaxPerPage {
		return fmt.Errorf("publish: %d: %w", o.PerPage, ErrPerPage)
	}
	return nil
}

// a4 is the printable area of an A4 page inside 10 mm margins, in mm.
const (
	a4Width  = 190.0
	a4Height = 277.0
	headerMM = 10.0 // the heading line and the space under it
	gapMM    = 4.0  // between boards
	mmPerPt  = 25.4 / 72
)

// layout is how boards are arranged on a page.
type layout struct {
	cols, rows int
	fontPt     float64
}

// pageLayout arranges perPage boards: one column for one or two boards, two
// columns otherwise, and the largest type (at most 18 pt) that lets every
// board fit its cell: a board is about 24 ems high (15 lines of hands, the
// double-dummy table) and as wide as boardWidthEm says.
func pageLayout(perPage int, boards []Board) layout {
	l := layout{cols: 2}
	if perPage <= 2 {
		l.cols = 1
	}
	l.rows = (perPage + l.cols - 1) / l.cols
	cellH := (a4Height - headerMM - float64(l.rows-1)*gapMM) / float64(l.rows)
	cellW := (a4Width - float64(l.cols-1)*gapMM) / float64(l.cols)
	widest := 20.0
	for i := range boards {
		widest = max(widest, boardWidthEm(&boards[i]))
	}
	byHeight := cellH / (24 * mmPerPt)
	byWidth := cellW / (widest * mmPerPt)
	l.fontPt = math.Floor(2*min(18, byHeight, byWidth)) / 2
	return l
}

// lineWidthEm estimates the width of a hand's longest line in ems of DejaVu
// Sans, generously: a suit symbol and a space, then the ranks (the ten
// two digits) separated by spaces.
func lineWidthEm(h bridge.Hand) float64 {
	const symbol, space, rank = 0.8, 0.32, 0.72
	widest := 0.0
	for _, su := range suitOrder {
		w := symbol + space + rank // a void's dash
		if n := h.SuitLen(su); n > 0 {
			w = symbol + space + float64(n)*rank + float64(n-1)*space
			if h.Has(bridge.NewCard(su, bridge.Ten)) {
				w += rank
			}
		}
		widest = max(widest, w)
	}
	return widest
}

// boardWidthEm is the width a board's diagram needs: West's column (at
// least the width of "Dealer North"), the centre column (North, South or
// the compass), East's column, the gaps between them and the padding.
func boardWidthEm(b *Board) float64 {
	const info, compass, gaps = 6.5, 6.0, 2*0.8 + 2*0.6 + 0.5
	return max(info, lineWidthEm(b.Deal[bridge.West])) +
		max(compass, lineWidthEm(b.Deal[bridge.North]), lineWidthEm(b.Deal[bridge.South])) +
		lineWidthEm(b.Deal[bridge.East]) + gaps
}

// DateText writes a PBN date (2013.08.08) as "8 August 2013"; any other
// text, and a date with unknown parts ("2013.??.??"), is returned as it is.
func DateText(s string) string {
	t, err := time.Parse("2006.01.02", strings.TrimSpace(s))
	if err != nil {
		return strings.TrimSpace(s)
	}
	return t.Format("2 January 2006")
}

// handRecordCSS is the stylesheet of a hand record; the type size is set on
// each page by its layout.
const handRecordCSS = `@page { size: A4; margin: 10mm; }
* { box-sizing: border-box; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { font-family: "DejaVu Sans", Arial, Helvetica, sans-serif; margin: 0; color: #000; }
.page { width: 190mm; height: 276mm; display: flex; flex-direction: column; break-after: page; page-break-after: always; overflow: hidden; }
.page:last-child { break-after: auto; page-break-after: auto; }
header { display: flex; justify-content: space-between; align-items: baseline; height: 8mm; border-bottom: 0.3mm solid #444; margin-bottom: 2mm; font-size: 10pt; }
header h1 { font-size: 12pt; margin: 0; }
.boards { flex: 1; display: grid; gap: 4mm; min-height: 0; }
.board { border: 0.3mm solid #888; border-radius: 1.5mm; padding: 0.6em; display: flex; flex-direction: column; justify-content: space-around; min-height: 0; overflow: hidden; }
.diagram { display: grid; grid-template-columns: auto auto auto; justify-content: space-between; grid-template-rows: auto auto auto; column-gap: 0.8em; align-items: center; }
.info { grid-column: 1; grid-row: 1; align-self: start; line-height: 1.3; }
.info b { font-size: 1.25em; }
.north { grid-column: 2; grid-row: 1; }
.west { grid-column: 1; grid-row: 2; }
.compass { grid-column: 2; grid-row: 2; justify-self: center; width: 6em; height: 6em; border: 0.3mm solid #666; border-radius: 1mm; display: grid; grid-template-columns: 1fr 1fr 1fr; grid-template-rows: 1fr 1fr 1fr; align-items: center; justify-items: center; font-size: 0.9em; }
.pn { grid-column: 2; grid-row: 1; } .pw { grid-column: 1; grid-row: 2; } .pe { grid-column: 3; grid-row: 2; } .ps { grid-column: 2; grid-row: 3; }
.pc { grid-column: 2; grid-row: 2; font-size: 0.7em; color: #555; }
.east { grid-column: 3; grid-row: 2; }
.south { grid-column: 2; grid-row: 3; }
.hand { white-space: nowrap; line-height: 1.25; padding: 0.2em 0; }
.seat { font-size: 0.8em; color: #555; }
.h, .d { color: #c00; }
.foot { display: flex; justify-content: space-between; align-items: flex-end; gap: 0.8em; margin-top: 0.4em; }
.par { flex: 1; line-height: 1.3; }
table.dd { border-collapse: collapse; font-size: 0.9em; }
table.dd caption { font-size: 0.8em; color: #555; text-align: right; }
table.dd th, table.dd td { border: 0.2mm solid #aaa; padding: 0 0.45em; text-align: center; }
table.dd td.make { font-weight: bold; }
`

// analysisCSS is added to a hand record's stylesheet when it shows plays.
const analysisCSS = `.analysis { font-size: 10pt; break-before: page; page-break-before: always; }
.analysis h2 { font-size: 11pt; margin: 0.8em 0 0; break-after: avoid; page-break-after: avoid; }
` + playCSS

// HandRecords writes printable hand records as one HTML document: the
// boards o.PerPage to an A4 page, each page headed with the title, the date
// and its page number; then, when boards have play records (Board.Plays),
// each play with its double-dummy analysis.
func HandRecords(w io.Writer, boards []Board, o HandRecordOptions) error {
	if err := o.check(); err != nil {
		return err
	}
	l := pageLayout(o.PerPage, boards)
	esc := html.EscapeString
	bw := bufio.NewWriter(w)
	title := strings.TrimSpace("Hand records " + o.Title)
	css := handRecordCSS
	if hasPlays(boards) {
		css += analysisCSS
	}
	fmt.Fprintf(bw, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>%s</title>\n<style>\n%s</style>\n</head>\n<body>\n", esc(title), css)
	pages := (len(boards) + o.PerPage - 1) / o.PerPage
	var b strings.Builder
	for p := range pages {
		fmt.Fprintf(bw, "<div class=\"page\" style=\"font-size:%gpt\">\n<header><h1>%s</h1><span class=\"date\">%s</span><span class=\"pageno\">Page %d of %d</span></header>\n",
			l.fontPt, esc(o.Title), esc(DateText(o.Date)), p+1, pages)
		fmt.Fprintf(bw, "<div class=\"boards\" style=\"grid-template-columns:repeat(%d,minmax(0,1fr));grid-template-rows:repeat(%d,minmax(0,1fr))\">\n", l.cols, l.rows)
		for i := p * o.PerPage; i < min(len(boards), (p+1)*o.PerPage); i++ {
			b.Reset()
			handRecordBoard(&b, &boards[i])
			bw.WriteString(b.String())
		}
		bw.WriteString("</div>\n</div>\n")
	}
	if hasPlays(boards) {
		// After the boards, each play record with its double-dummy
		// analysis, as many to a page as fit.
		fmt.Fprintf(bw, "<div class=\"analysis\">\n<header><h1>%s</h1><span class=\"date\">%s</span><span class=\"pageno\">Play analysis</span></header>\n", esc(o.Title), esc(DateText(o.Date)))
		for i := range boards {
			for k := range boards[i].Plays {
				b.Reset()
				fmt.Fprintf(&b, "<h2>%s</h2>\n", esc(boards[i].Title()))
				playHTML(&b, &boards[i].Plays[k], fmt.Sprintf("play-%d-%d", boards[i].Number, k+1))
				bw.WriteString(b.String())
			}
		}
		bw.WriteString("</div>\n")
	}
	bw.WriteString("</body>\n</html>\n")
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("publish: hand records: %w", err)
	}
	return nil
}

// hasPlays reports whether any board has an analysed play.
func hasPlays(boards []Board) bool {
	for i := range boards {
		if len(boards[i].Plays) > 0 {
			return true
		}
	}
	return false
}

// handRecordBoard writes one board: the diagram, then the par and the
// double-dummy table.
func handRecordBoard(b *strings.Builder, bd *Board) {
	fmt.Fprintf(b, "<section class=\"board\" id=\"board-%d\">\n", bd.Number)
	diagramHTML(b, bd)
	if p, ok := bd.Par(); ok {
		fmt.Fprintf(b, "<div class=\"foot\">\n<div class=\"par\">%s</div>\n", parHTML(p))
		ddTableHTML(b, bd.Tricks)
		b.WriteString("</div>\n")
	}
	b.WriteString("</section>\n")
}
