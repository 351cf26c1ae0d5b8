package usebio

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/bridgetd/bridgetd/score"
)

// pairSums is a pair's boards added up three ways: as re-scored, factored
// to the field, and as the file gives them.
type pairSums struct {
	ours, fact, file      float64
	top, factTop          float64 // matchpoints: the tops of its boards
	fileTol               float64 // how far the file's own figures, rounded, may add up from the exact sum
	boards                int
	fileAll               bool // every one of its lines gives the file's figures
	ns, ew                int  // lines on which it sat North–South, East–West
	hasFactored, hasOwnSc bool
}

// candidate is a way a program may have come to a pair's figure; an empty
// why is bridgetd's own re-score.
type candidate struct {
	v   float64
	tol float64 // added to the written figure's own rounding
	why string
}

// checkTotals compares each pair's TOTAL_SCORE, PERCENTAGE and PLACE with
// the sums of its re-scored boards (checks, one section's). A figure that
// differs is listed with its pair; when a known way of totalling gives the
// file's figure the difference is marked explained:
//
//   - factoring: a board played fewer times than the field (the most
//     results any board of the section was scored on) has its match points
//     factored up to the field by Neuberg's formula for the totals, though
//     the traveller shows them on the board's own top (Compscore3);
//   - pro-rating: a pair that played fewer boards than the most any pair of
//     its field played has its total scaled up to that number, its
//     percentage unchanged (Compscore3; package score's --pro-rate);
//   - the file's own figures on its travellers, where they differ from the
//     re-scored ones (each such board figure is listed on its own);
//   - a HANDICAP (half of it added to the percentage, as New Zealand's
//     Scorer does) or an ADJUSTMENT (added) that the pair carries.
//
// A program that writes a percentage as the TOTAL_SCORE (Scorer: the same
// figure as PERCENTAGE) has it checked as the percentage. A place is
// checked against the ranking of the re-scored percentages (matchpoints)
// or totals (IMPs) within the pair's field (North–South and East–West
// apart when WINNER_TYPE is 2), pairs equal to the hundredth tied; a tie
// written without "=" (Compscore3's form) is read as the tie it is.
func checkTotals(where string, e *Event, pairs []Pair, checks []boardCheck) ([]Difference, []placing) {
	mp := e.method() == methodMP
	at := strings.TrimPrefix(where+", ", ", ")
	field := 0
	if mp {
		for _, bc := range checks {
			if bc.mp != nil {
				field = max(field, bc.mp.Expected)
			}
		}
		for i := range checks {
			bc := &checks[i]
			if bc.mp == nil || bc.mp.Expected >= field {
				continue
			}
			o := *bc.mp
			o.Expected = field
			sc := score.Matchpoints(bc.rows, o)
			for k := range bc.figs {
				bc.figs[k].fact, bc.figs[k].factTop = [2]float64{sc[k].NS, sc[k].EW}, sc[k].Top
			}
		}
	}
	sums := map[string]*pairSums{}
	get := func(k string) *pairSums {
		if sums[k] == nil {
			sums[k] = &pairSums{fileAll: true}
		}
		return sums[k]
	}
	for _, bc := range checks {
		for _, fg := range bc.figs {
			for side, k := range [2]string{fg.ns, fg.ew} {
				s := get(k)
				s.ours += fg.ours[side]
				s.fact += fg.fact[side]
				s.top += fg.top
				s.factTop += fg.factTop
				s.boards++
				if fg.fact[side] != fg.ours[side] || fg.factTop != fg.top {
					s.hasFactored = true
				}
				if side == 0 {
					s.ns++
				} else {
					s.ew++
				}
				if fg.hasFile {
					s.file += fg.file[side]
					s.fileTol += fg.fileTol[side]
					if math.Abs(fg.file[side]-fg.ours[side]) > fg.fileTol[side] {
						s.hasOwnSc = true
					}
				} else {
					s.fileAll = false
				}
			}
		}
	}
	// Each pair's field, and the most boards any pair of it played.
	fieldOf := func(p Pair) string {
		if e.WinnerType != 2 {
			return ""
		}
		if d := strings.ToUpper(strings.TrimSpace(p.Direction)); d == "NS" || d == "EW" {
			return d
		}
		if _, d, err := PairID(p.Number); err == nil && d != "" {
			return d
		}
		if s := sums[pairKey(p.Number)]; s != nil && (s.ns == 0) != (s.ew == 0) {
			if s.ns > 0 {
				return "NS"
			}
			return "EW"
		}
		return ""
	}
	full := map[string]int{}
	for _, p := range pairs {
		if s := sums[pairKey(p.Number)]; s != nil {
			full[fieldOf(p)] = max(full[fieldOf(p)], s.boards)
		}
	}
	var diffs []Difference
	var placings []placing
	type ranked struct {
		i                int
		plain, fact, own float64
		hasOwn           bool
	}
	// The ranking follows the file's way: by the factored percentages when
	// more of its percentages are those than the plain ones.
	fitPlain, fitFact := 0, 0
	fields := map[string][]ranked{}
	for i, p := range pairs {
		s := sums[pairKey(p.Number)]
		if s == nil || s.boards == 0 {
			continue
		}
		w := at + "pair " + strings.TrimSpace(p.Number)
		fd := fieldOf(p)
		n := full[fd]
		handicap, hasH, _ := figure("HANDICAP", p.Handicap)
		adjust, hasA, _ := figure("ADJUSTMENT", p.Adjustment)
		pctOf := func(v, top float64) float64 {
			if top == 0 {
				return 0
			}
			return 100 * v / top
		}
		// The percentage candidates: re-scored, factored, the file's own,
		// each with the pair's handicap or adjustment where it has one.
		// A program may add up its board figures as it wrote them,
		// rounded: the re-scored sums may be that far from its totals.
		tol := 0.0
		if s.fileAll {
			tol = s.fileTol
		}
		var pcts []candidate
		if mp {
			pcts = append(pcts, candidate{v: pctOf(s.ours, s.top), tol: pctOf(tol, s.top)})
			if s.hasFactored {
				pcts = append(pcts, candidate{v: pctOf(s.fact, s.factTop), tol: pctOf(tol, s.factTop), why: fmt.Sprintf("its boards played fewer times factored (Neuberg) to the field's %d results", field)})
			}
			if s.fileAll && s.hasOwnSc {
				pcts = append(pcts, candidate{v: pctOf(s.file, s.top), tol: pctOf(s.fileTol, s.top), why: "the file's own figures on its travellers, which differ where listed"})
			}
			for _, c := range slices.Clone(pcts) {
				if hasH {
					pcts = append(pcts, candidate{v: c.v + handicap/2, tol: c.tol, why: join(c.why, "half its HANDICAP of "+num(handicap)+" added (as Scorer adds it)")})
				}
				if hasA {
					pcts = append(pcts, candidate{v: c.v + adjust, tol: c.tol, why: join(c.why, "its ADJUSTMENT of "+num(adjust)+" added")})
				}
			}
		}
		// The total candidates.
		totals := []candidate{{v: s.ours, tol: tol}}
		if s.hasFactored {
			totals = append(totals, candidate{v: s.fact, tol: tol, why: fmt.Sprintf("its boards played fewer times factored (Neuberg) to the field's %d results", field)})
		}
		if s.fileAll && s.hasOwnSc {
			totals = append(totals, candidate{v: s.file, tol: s.fileTol, why: "the sum of the file's own figures on its travellers, which differ where listed"})
		}
		if s.boards < n {
			for _, c := range slices.Clone(totals) {
				totals = append(totals, candidate{v: c.v * float64(n) / float64(s.boards), tol: c.tol * float64(n) / float64(s.boards),
					why: join(c.why, fmt.Sprintf("pro-rated from the %d boards it played to the %d of its field", s.boards, n))})
			}
		}
		totWhy := "the sum of its re-scored boards"
		if strings.TrimSpace(p.TotalScore) != "" && mp && strings.TrimSpace(p.TotalScore) == strings.TrimSpace(p.Percentage) {
			totals, totWhy = pcts, "its percentage, which the file writes as its TOTAL_SCORE"
		}
		if d, ok := compare(w, "TOTAL_SCORE", p.TotalScore, totals, totWhy); ok {
			diffs = append(diffs, d)
		}
		if mp {
			if d, ok := compare(w, "PERCENTAGE", p.Percentage, pcts, "the re-scored match points of its boards as a percentage of their tops"); ok {
				diffs = append(diffs, d)
			}
		}
		r := ranked{i: i, plain: s.ours, fact: s.fact}
		if mp {
			r.plain, r.fact = pctOf(s.ours, s.top), pctOf(s.fact, s.factTop)
			if v, ok, _ := figure("PERCENTAGE", p.Percentage); ok {
				if math.Abs(v-r.plain) <= precision(p.Percentage)+pcts[0].tol {
					fitPlain++
				}
				if math.Abs(v-r.fact) <= precision(p.Percentage)+pcts[0].tol {
					fitFact++
				}
			}
		}
		own, ok, _ := figure("TOTAL_SCORE", p.TotalScore)
		if v, okP, _ := figure("PERCENTAGE", p.Percentage); mp && okP {
			own, ok = v, true
		}
		r.own, r.hasOwn = own, ok
		fields[fd] = append(fields[fd], r)
	}
	for _, fd := range slices.Sorted(func(yield func(string) bool) {
		for k := range fields {
			if !yield(k) {
				return
			}
		}
	}) {
		rs := fields[fd]
		key := func(i int) float64 {
			if fitFact > fitPlain {
				return rs[i].fact
			}
			return rs[i].plain
		}
		ours := places(len(rs), key)
		own := places(len(rs), func(i int) float64 { return rs[i].own })
		for j, r := range rs {
			p := pairs[r.i]
			text := strings.TrimSpace(p.Place)
			if text == "" {
				continue
			}
			pl := placing{field: fd, ours: key(j), own: r.own, hasOwn: r.hasOwn, place: text, diff: -1}
			placings = append(placings, pl)
			n, err := strconv.Atoi(strings.TrimSuffix(text, "="))
			w := at + "pair " + strings.TrimSpace(p.Number)
			if err != nil {
				diffs = append(diffs, Difference{Where: w, Field: "PLACE", File: p.Place, Ours: ours[j].String(), Why: "not a place"})
				continue
			}
			if n == ours[j].place && (!strings.HasSuffix(text, "=") || ours[j].tied) {
				continue
			}
			d := Difference{Where: w, Field: "PLACE", File: text, Ours: ours[j].String(),
				Why: "its place by the re-scored " + map[bool]string{true: "percentages", false: "totals"}[mp] + " of its field"}
			if r.hasOwn && n == own[j].place && (!strings.HasSuffix(text, "=") || own[j].tied) {
				d.Explained = "the place the file's own figures give it (" + own[j].String() + "), which differ where listed"
			}
			placings[len(placings)-1].diff = len(diffs)
			diffs = append(diffs, d)
		}
	}
	return diffs, placings
}

// placing is a pair's place as written, with the figures it is ranked by,
// for ranking an event's sections together (acrossSections).
type placing struct {
	field     string
	ours, own float64
	hasOwn    bool
	place     string
	diff      int // the index of its PLACE difference, or −1
}

// acrossSections explains the PLACE differences of an event of several
// sections that ranks its pairs across them (Scorer's converter does): a
// place that the ranking of all the sections' pairs of its field gives,
// by the re-scored figures or by the file's own, is marked explained.
func acrossSections(diffs []Difference, ps []placing) {
	byField := map[string][]int{}
	for i, p := range ps {
		byField[p.field] = append(byField[p.field], i)
	}
	for _, idx := range byField {
		ours := places(len(idx), func(i int) float64 { return ps[idx[i]].ours })
		own := places(len(idx), func(i int) float64 { return ps[idx[i]].own })
		for j, i := range idx {
			p := ps[i]
			if p.diff < 0 || diffs[p.diff].Explained != "" {
				continue
			}
			n, err := strconv.Atoi(strings.TrimSuffix(p.place, "="))
			tie := strings.HasSuffix(p.place, "=")
			switch {
			case err != nil:
			case n == ours[j].place && (!tie || ours[j].tied):
				diffs[p.diff].Explained = "its place among all the event's sections (" + ours[j].String() + ")"
			case p.hasOwn && n == own[j].place && (!tie || own[j].tied):
				diffs[p.diff].Explained = "its place among all the event's sections by the file's own figures (" + own[j].String() + "), which differ where listed"
			}
		}
	}
}

// compare checks a figure as written against the candidates: none when
// the first (the re-score) gives it, else a difference, explained by the
// first other candidate that gives it.
func compare(where, field, text string, cands []candidate, why string) (Difference, bool) {
	v, ok, err := figure(field, text)
	if len(cands) == 0 {
		return Difference{}, false
	}
	d := Difference{Where: where, Field: field, File: strings.TrimSpace(text), Ours: num(cands[0].v), Why: why}
	if err != nil {
		d.Why = "not a number"
		return d, true
	}
	if !ok {
		return Difference{}, false
	}
	fits := func(c candidate) bool { return math.Abs(v-c.v) <= precision(text)+c.tol+1e-9 }
	if fits(cands[0]) {
		return Difference{}, false
	}
	for _, c := range cands[1:] {
		if fits(c) {
			d.Explained = c.why + " (" + num(c.v) + ")"
			break
		}
	}
	return d, true
}

// join joins two explanations.
func join(a, b string) string {
	if a == "" {
		return b
	}
	return a + ", and " + b
}

// place is a place in a ranking, shared or not.
type place struct {
	place int
	tied  bool
}

func (p place) String() string {
	if p.tied {
		return strconv.Itoa(p.place) + "="
	}
	return strconv.Itoa(p.place)
}

// places ranks n entries best first by key: each one's place, 1 + the
// number ahead of it, entries equal to the hundredth (as figures are
// written) sharing it.
func places(n int, key func(int) float64) []place {
	out := make([]place, n)
	for i := range n {
		ahead, tied := 0, false
		ki := math.Round(key(i) * 100)
		for j := range n {
			kj := math.Round(key(j) * 100)
			switch {
			case kj > ki:
				ahead++
			case j != i && kj == ki:
				tied = true
			}
		}
		out[i] = place{ahead + 1, tied}
	}
	return out
}
