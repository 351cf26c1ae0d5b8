package publish

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// palette colours the lines of a chart; it repeats for large fields.
var palette = []string{"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22"}

// spreadChart draws how North–South's scores on a board were spread: a bar
// for each different score, as high as the number of tables that scored
// it. Rows without a score are left out; no scores, no chart.
func spreadChart(rows []Row) string {
	count := map[int]int{}
	for _, r := range rows {
		if r.HasScore {
			count[r.Score]++
		}
	}
	if len(count) == 0 {
		return ""
	}
	scores := make([]int, 0, len(count))
	most := 0
	for s, n := range count {
		scores = append(scores, s)
		most = max(most, n)
	}
	slices.Sort(scores)
	const barW, gap, plotH, top, bottom = 26, 6, 80, 14, 30
	w := len(scores)*(barW+gap) + gap
	h := top + plotH + bottom
	var b strings.Builder
	fmt.Fprintf(&b, "<h2>Scores</h2>\n<svg class=\"chart spread\" viewBox=\"0 0 %d %d\" width=\"%d\" height=\"%d\" role=\"img\" aria-label=\"North–South scores: how many tables scored each\">\n<title>North–South scores and the number of tables that scored each</title>\n", w, h, w, h)
	fmt.Fprintf(&b, "<line x1=\"0\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#888\"/>\n", top+plotH, w, top+plotH)
	for i, s := range scores {
		n := count[s]
		bh := plotH * n / most
		x := gap + i*(barW+gap)
		fill := "#4a7bd0"
		if s < 0 {
			fill = "#d0704a"
		}
		fmt.Fprintf(&b, "<rect class=\"bar\" data-score=\"%d\" data-count=\"%d\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\"/>\n",
			s, n, x, top+plotH-bh, barW, bh, fill)
		fmt.Fprintf(&b, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%d</text>\n", x+barW/2, top+plotH-bh-3, n)
		fmt.Fprintf(&b, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s</text>\n", x+barW/2, top+plotH+13, strings.Replace(strconv.Itoa(s), "-", "−", 1))
	}
	fmt.Fprintf(&b, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" fill=\"#555\">NS score</text>\n</svg>\n", w/2, h-3)
	return b.String()
}

// progressChart draws each entrant's place after each round: one line per
// entrant, the leader at the top, its name at the end of its line.
func progressChart(ps []Progress) string {
	rounds, field := 0, len(ps)
	for _, p := range ps {
		rounds = max(rounds, len(p.Places))
		for _, pl := range p.Places {
			field = max(field, pl)
		}
	}
	if rounds == 0 {
		return ""
	}
	const left, right, top, step, rowH = 30, 130, 20, 60, 16
	w := left + max(1, rounds-1)*step + right
	h := top + field*rowH + 20
	x := func(r int) int { return left + r*step }
	y := func(place int) int { return top + (place-1)*rowH + rowH/2 }
	var b strings.Builder
	fmt.Fprintf(&b, "<svg class=\"chart progress\" viewBox=\"0 0 %d %d\" width=\"%d\" height=\"%d\" role=\"img\" aria-label=\"Place after each round\">\n<title>Place of each entrant after each round</title>\n", w, h, w, h)
	for r := range rounds {
		fmt.Fprintf(&b, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#ddd\"/>\n<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">R%d</text>\n",
			x(r), top, x(r), h-18, x(r), h-5, r+1)
	}
	for place := 1; place <= field; place++ {
		fmt.Fprintf(&b, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\" fill=\"#777\">%d</text>\n", left-8, y(place)+4, place)
	}
	for i, p := range ps {
		if len(p.Places) == 0 {
			continue
		}
		c := palette[i%len(palette)]
		pts := make([]string, len(p.Places))
		for r, pl := range p.Places {
			pts[r] = fmt.Sprintf("%d,%d", x(r), y(pl))
		}
		last := len(p.Places) - 1
		fmt.Fprintf(&b, "<polyline class=\"line\" data-entrant=\"%s\" data-places=\"%s\" points=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"2\"/>\n",
			esc(p.Entrant), placesAttr(p.Places), strings.Join(pts, " "), c)
		fmt.Fprintf(&b, "<text x=\"%d\" y=\"%d\" fill=\"%s\">%s</text>\n", x(last)+6, y(p.Places[last])+4, c, esc(p.Entrant))
	}
	b.WriteString("</svg>\n")
	return b.String()
}

func placesAttr(ps []int) string {
	s := make([]string, len(ps))
	for i, p := range ps {
		s[i] = strconv.Itoa(p)
	}
	return strings.Join(s, " ")
}
