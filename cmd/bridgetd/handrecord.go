package main

import (
	"bufio"
	"fmt"
	"html"
	"io"
	"os"
	"strings"

	"github.com/bridgetd/bridgetd/bridge"
)

func init() {
	register(&command{
		name:    "handrecord",
		usage:   "FILE.pbn [-o FILE.html] [--per-page N] [--title TEXT] [-j N]",
		summary: "write printable hand records (diagrams, makeable contracts, par) as HTML",
		run:     runHandRecord,
	})
}

func runHandRecord(e *env, args []string) error {
	c := commands["handrecord"]
	fs := newFlagSet(e, c)
	out := fs.String("o", "", "write the HTML to this file instead of standard output")
	perPage := fs.Int("per-page", 6, "boards on each A4 page (1-8)")
	title := fs.String("title", "", "heading of each page (default: the Event tag)")
	workers := fs.Int("j", 0, "number of deals solved at once (default: one per CPU)")
	pos, err := parseArgs(fs, args, 1)
	if err != nil {
		return err
	}
	if *perPage < 1 || *perPage > 8 || *workers < 0 {
		fmt.Fprintln(e.stderr, "bridgetd handrecord: --per-page must be 1-8 and -j 0 or more")
		return errUsage
	}
	f, err := readPBN(e, pos[0])
	if err != nil {
		return err
	}
	boards, err := solveFile(e, "handrecord", f, *workers, true)
	if err != nil {
		return err
	}
	if *title == "" && len(f.Games) > 0 {
		*title = f.Games[0].Tag("Event")
	}
	if *out == "" {
		return writeHandRecordHTML(e.stdout, boards, *title, *perPage)
	}
	fh, err := os.Create(*out)
	if err != nil {
		return err
	}
	if err := writeHandRecordHTML(fh, boards, *title, *perPage); err != nil {
		fh.Close()
		return err
	}
	return fh.Close()
}

// handRecordCSS lays out the boards two to a row on A4 paper.
const handRecordCSS = `@page { size: A4; margin: 10mm; }
* { box-sizing: border-box; }
body { font-family: Arial, Helvetica, sans-serif; font-size: 10pt; margin: 0; color: #000; }
.page { break-after: page; page-break-after: always; }
.page:last-child { break-after: auto; page-break-after: auto; }
h1 { font-size: 12pt; margin: 0 0 3mm 0; }
.boards { display: grid; grid-template-columns: 1fr 1fr; gap: 3mm 5mm; }
.board { border: 0.3mm solid #888; padding: 2mm; break-inside: avoid; page-break-inside: avoid; }
.diagram { display: grid; grid-template-columns: 1fr 1fr 1fr; align-items: center; }
.north { grid-column: 2; grid-row: 1; }
.west { grid-column: 1; grid-row: 2; }
.info { grid-column: 2; grid-row: 2; text-align: center; border: 0.3mm solid #bbb; padding: 1mm; font-size: 9pt; }
.info b { font-size: 11pt; }
.east { grid-column: 3; grid-row: 2; padding-left: 2mm; }
.south { grid-column: 2; grid-row: 3; }
.hand { white-space: nowrap; line-height: 1.3; padding: 1mm 0; }
.seat { font-size: 8pt; color: #555; }
.red { color: #c00; }
.foot { display: flex; justify-content: space-between; align-items: flex-end; margin-top: 1.5mm; }
table.dd { border-collapse: collapse; font-size: 8.5pt; }
table.dd th, table.dd td { border: 0.2mm solid #aaa; padding: 0 1.4mm; text-align: center; }
.par { font-size: 9pt; text-align: right; }
`

// hrSuitSymbol returns the suit symbol, coloured for hearts and diamonds.
func hrSuitSymbol(s bridge.Suit) string {
	if s == bridge.Hearts || s == bridge.Diamonds {
		return `<span class="red">` + s.String() + `</span>`
	}
	return s.String()
}

func hrStrainSymbol(st bridge.Strain) string {
	if su, ok := st.Suit(); ok {
		return hrSuitSymbol(su)
	}
	return "NT"
}

// hrHandHTML writes a hand one suit to a line, spades first; a void is "—".
func hrHandHTML(h bridge.Hand) string {
	var b strings.Builder
	for su := bridge.Spades; su <= bridge.Spades; su-- {
		b.WriteString(hrSuitSymbol(su))
		b.WriteByte(' ')
		bits := h.SuitBits(su)
		if bits == 0 {
			b.WriteString("—")
		}
		for r := bridge.Ace; r >= bridge.Two; r-- {
			if bits&(1<<r) != 0 {
				b.WriteString(r.String())
			}
		}
		if su != bridge.Clubs {
			b.WriteString("<br>")
		}
	}
	return b.String()
}

// writeHandRecordHTML writes the HTML document.
func writeHandRecordHTML(w io.Writer, boards []*solvedBoard, title string, perPage int) error {
	bw := bufio.NewWriter(w)
	esc := html.EscapeString
	fmt.Fprintf(bw, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>%s</title>\n<style>\n%s</style>\n</head>\n<body>\n",
		esc(strings.TrimSpace("Hand records "+title)), handRecordCSS)
	for i, b := range boards {
		if i%perPage == 0 {
			if i > 0 {
				bw.WriteString("</div>\n</div>\n")
			}
			bw.WriteString("<div class=\"page\">\n")
			if title != "" {
				fmt.Fprintf(bw, "<h1>%s</h1>\n", esc(title))
			}
			bw.WriteString("<div class=\"boards\">\n")
		}
		hrBoardHTML(bw, b)
	}
	if len(boards) > 0 {
		bw.WriteString("</div>\n</div>\n")
	}
	bw.WriteString("</body>\n</html>\n")
	return bw.Flush()
}

func hrBoardHTML(w *bufio.Writer, b *solvedBoard) {
	esc := html.EscapeString
	w.WriteString("<div class=\"board\">\n<div class=\"diagram\">\n")
	for _, s := range [4]bridge.Seat{bridge.North, bridge.West, bridge.East, bridge.South} {
		fmt.Fprintf(w, "<div class=\"hand %s\"><span class=\"seat\">%s</span><br>%s</div>\n",
			strings.ToLower(s.Name()), s.Name(), hrHandHTML(b.deal[s]))
	}
	num := "Board"
	if b.board.Valid() {
		num = "Board " + b.board.String()
	}
	fmt.Fprintf(w, "<div class=\"info\"><b>%s</b><br>Dealer %s<br>Vul %s</div>\n</div>\n",
		esc(num), b.dealer.Name(), esc(vulName(b.vul)))
	w.WriteString("<div class=\"foot\">\n<table class=\"dd\">\n<tr><th></th>")
	strains := [5]bridge.Strain{bridge.NoTrump, bridge.SpadesStrain, bridge.HeartsStrain, bridge.DiamondsStrain, bridge.ClubsStrain}
	for _, st := range strains {
		fmt.Fprintf(w, "<th>%s</th>", hrStrainSymbol(st))
	}
	w.WriteString("</tr>\n")
	for _, s := range [4]bridge.Seat{bridge.North, bridge.South, bridge.East, bridge.West} {
		fmt.Fprintf(w, "<tr><th>%s</th>", s)
		for _, st := range strains {
			// the highest level the seat makes as declarer, or a dash
			if lv := b.table[s][st] - 6; lv >= 1 {
				fmt.Fprintf(w, "<td>%d</td>", lv)
			} else {
				w.WriteString("<td>–</td>")
			}
		}
		w.WriteString("</tr>\n")
	}
	w.WriteString("</table>\n")
	fmt.Fprintf(w, "<div class=\"par\">Par %s<br>%s</div>\n</div>\n</div>\n",
		esc(b.par.ScoreString()), hrParHTML(b))
}

// hrParHTML lists the par contracts with suit symbols.
func hrParHTML(b *solvedBoard) string {
	if len(b.par.Contracts) == 0 {
		return "Pass"
	}
	var parts []string
	for _, c := range b.par.Contracts {
		s := html.EscapeString(c.String())
		if su, ok := c.Contract.Strain.Suit(); ok {
			// replace the strain letter after the level with its symbol
			i := strings.IndexByte(s, ' ') + 2
			s = s[:i] + hrSuitSymbol(su) + s[i+1:]
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, "<br>")
}
