package score

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// Scale converts a match's IMP margin into victory points.
type Scale interface {
	// VP returns the victory points of a side that won by imps (negative
	// when it lost) in a match of boards boards, and of its opponents.
	VP(imps, boards int) (us, them float64)
}

// VP converts an IMP margin over a match of boards boards into the victory
// points of both sides on scale s.
func VP(imps, boards int, s Scale) (us, them float64) { return s.VP(imps, boards) }

// MaxMargin returns the largest IMP margin that earns a winner no more than
// vp victory points on scale s in a match of boards boards: on a discrete
// scale, the top of the band that scores vp (NSWBA 13 forfeits and
// unplayed boards: "the maximum number of IMPs in the range which scores 18
// VPs"). When vp is the scale's maximum (or more), which every margin past
// some point earns, it returns the fewest IMPs that earn that maximum. ok is
// false if even a draw scores more than vp.
func MaxMargin(s Scale, boards int, vp float64) (imps int, ok bool) {
	const limit = 1000
	best := -1
	for m := 0; m <= limit; m++ {
		us, _ := s.VP(m, boards)
		if us > vp+1e-9 {
			return best, best >= 0
		}
		best = m
	}
	// No margin earns more than vp: vp is at least the scale's maximum.
	top, _ := s.VP(limit, boards)
	for m := 0; m < limit; m++ {
		if us, _ := s.VP(m, boards); us >= top-1e-9 {
			return m, true
		}
	}
	return limit, true
}

// tau is the golden section (√5−1)/2 of the WBF 2013 scales.
var tau = (math.Sqrt(5) - 1) / 2

// wbfCurve returns the WBF 2013 continuous VP of a winning margin m over a
// match of boards boards, before rounding: 10 + 10(1 − τ^(3m/B))/(1 − τ³),
// B = 15√boards, capped at 20 (reference/scoring.md §2.2).
func wbfCurve(m, boards int) float64 {
	b := 15 * math.Sqrt(float64(boards))
	v := 10 + 10*(1-math.Pow(tau, 3*float64(m)/b))/(1-math.Pow(tau, 3))
	return math.Min(v, 20)
}

// WBF2013 is the WBF continuous 20-VP scale of 2013: the curve rounded to
// hundredths, then corrected so that no IMP is worth more than the one
// before it (the WBF's concavity correction).
var WBF2013 Scale = &wbfContinuous{}

type wbfContinuous struct{ cache sync.Map } // boards → []int (hundredths)

func (w *wbfContinuous) table(boards int) []int {
	if t, ok := w.cache.Load(boards); ok {
		return t.([]int)
	}
	var t []int
	for m := 0; ; m++ {
		v := int(math.Round(wbfCurve(m, boards) * 100))
		t = append(t, v)
		if v >= 2000 {
			break
		}
	}
	// Concavity: while a later step is bigger than the one before it,
	// raise the value between them by 0.01.
	for changed := true; changed; {
		changed = false
		for i := 1; i+1 < len(t); i++ {
			if t[i+1]-t[i] > t[i]-t[i-1] {
				t[i]++
				changed = true
			}
		}
	}
	w.cache.Store(boards, t)
	return t
}

func (w *wbfContinuous) VP(imps, boards int) (float64, float64) {
	if boards < 1 {
		boards = 1
	}
	t := w.table(boards)
	m := imps
	if m < 0 {
		m = -m
	}
	v := t[len(t)-1]
	if m < len(t) {
		v = t[m]
	}
	win, lose := float64(v)/100, float64(2000-v)/100
	if imps < 0 {
		return lose, win
	}
	return win, lose
}

// WBFDiscrete is the WBF discrete (whole-number) 20-VP scale, built as the
// EBU builds it: each band's top is the continuous curve inverted at
// 10.5, 11.5, … VP and floored, then the bands are made to widen
// (reference/scoring.md §2.3).
var WBFDiscrete Scale = &wbfDiscrete{}

type wbfDiscrete struct{ cache sync.Map } // boards → [10]int band tops

// bands returns the top IMP margin of each band of the WBF discrete scale
// for a match of boards boards: bands[i] is the largest margin that scores
// 10+i VP to the winner; a larger margin than bands[9] scores 20.
func (w *wbfDiscrete) bands(boards int) [10]int {
	if boards < 1 {
		boards = 1
	}
	if t, ok := w.cache.Load(boards); ok {
		return t.([10]int)
	}
	const v0 = 10
	x := 15 * math.Sqrt(float64(boards))
	r := math.Pow(tau, 3)
	var up [10]int
	for i := range up {
		v := v0 + 0.5 + float64(i)
		up[i] = int(math.Floor(x * math.Log(1-(1-r)*(v/v0-1)) / math.Log(r)))
	}
	for i := 0; i < len(up)-1; {
		if (i == 0 && up[1]-up[0] < 2*up[0]+1) || (i > 0 && up[i+1]-up[i] < up[i]-up[i-1]) {
			up[i]--
			i = 0
			continue
		}
		i++
	}
	w.cache.Store(boards, up)
	return up
}

func (w *wbfDiscrete) VP(imps, boards int) (float64, float64) {
	up := w.bands(boards)
	m := imps
	if m < 0 {
		m = -m
	}
	win := 20
	for i, top := range up {
		if m <= top {
			win = 10 + i
			break
		}
	}
	if imps < 0 {
		return float64(20 - win), float64(win)
	}
	return float64(win), float64(20 - win)
}

// VPTable is a VP scale as a regulator publishes it: for each range of match
// lengths, the IMP margins at which each award starts. Load one with
// ParseVPTable.
type VPTable struct {
	Name    string
	Columns []VPColumn // in ascending order of boards
}

// VPColumn is the part of a VPTable for matches of MinBoards to MaxBoards boards.
type VPColumn struct {
	MinBoards, MaxBoards int
	Rows                 []VPRow // in ascending order of From; the first has From 0
}

// VPRow is one line of a VP table: a margin of From IMPs or more (up to the
// next row's) gives the winner Win VPs and the loser Lose.
type VPRow struct {
	From      int
	Win, Lose float64
}

// column returns the column for a match of boards boards, or the nearest
// column for fewer boards when none covers it (NSWBA 13: "the nearest lower
// numbered VP scale"), or the first column.
func (t *VPTable) column(boards int) *VPColumn {
	var best *VPColumn
	for i := range t.Columns {
		c := &t.Columns[i]
		if boards >= c.MinBoards && boards <= c.MaxBoards {
			return c
		}
		if c.MaxBoards < boards {
			best = c
		}
	}
	if best == nil && len(t.Columns) > 0 {
		best = &t.Columns[0]
	}
	return best
}

// VP looks up the margin in the column for the match length.
func (t *VPTable) VP(imps, boards int) (float64, float64) {
	c := t.column(boards)
	if c == nil || len(c.Rows) == 0 {
		return 0, 0
	}
	m := imps
	if m < 0 {
		m = -m
	}
	i := sort.Search(len(c.Rows), func(i int) bool { return c.Rows[i].From > m }) - 1
	i = max(i, 0)
	win, lose := c.Rows[i].Win, c.Rows[i].Lose
	if imps < 0 {
		return lose, win
	}
	return win, lose
}

// ErrTable is wrapped by every error of ParseVPTable.
var ErrTable = errors.New("bad VP table")

// ParseVPTable reads a VP table in a plain text form. Lines starting with #
// are comments. "name TEXT" names the table. "boards 6-8" (or "boards 12")
// starts a column; each row under it is a margin and the award:
//
//	0     15-15
//	1     18-12
//	3-4   20-10
//	28+   30-0
//
// The margin is where the row starts (a range's upper end is only
// checked); the award may be written "18-12" or "18 12". Rows must
// ascend and the first must start at 0.
func ParseVPTable(r io.Reader) (*VPTable, error) {
	t := &VPTable{}
	sc := bufio.NewScanner(r)
	line := 0
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: line %d: %s", ErrTable, line, fmt.Sprintf(format, args...))
	}
	for sc.Scan() {
		line++
		f := strings.Fields(sc.Text())
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		switch strings.ToLower(f[0]) {
		case "name":
			t.Name = strings.Join(f[1:], " ")
			continue
		case "boards":
			if len(f) != 2 {
				return nil, bad("want \"boards N\" or \"boards N-M\"")
			}
			lo, hi, err := parseRange(f[1])
			if err != nil || lo < 1 || hi < lo {
				return nil, bad("bad board range %q", f[1])
			}
			if n := len(t.Columns); n > 0 && lo <= t.Columns[n-1].MaxBoards {
				return nil, bad("board ranges must ascend without overlap")
			}
			t.Columns = append(t.Columns, VPColumn{MinBoards: lo, MaxBoards: hi})
			continue
		}
		if len(t.Columns) == 0 {
			return nil, bad("a row before any \"boards\" line")
		}
		c := &t.Columns[len(t.Columns)-1]
		from, _, err := parseRange(strings.TrimSuffix(f[0], "+"))
		if err != nil || from < 0 {
			return nil, bad("bad IMP margin %q", f[0])
		}
		var ws, ls string
		switch len(f) {
		case 2:
			var ok bool
			ws, ls, ok = strings.Cut(f[1], "-")
			if !ok {
				return nil, bad("want an award like 18-12")
			}
		case 3:
			ws, ls = f[1], f[2]
		default:
			return nil, bad("want \"MARGIN WIN-LOSE\"")
		}
		win, err1 := strconv.ParseFloat(ws, 64)
		lose, err2 := strconv.ParseFloat(ls, 64)
		if err1 != nil || err2 != nil || win < 0 || lose < 0 || math.IsInf(win, 0) || math.IsInf(lose, 0) {
			return nil, bad("bad award %q", strings.Join(f[1:], " "))
		}
		if n := len(c.Rows); n == 0 && from != 0 {
			return nil, bad("the first row must start at 0 IMPs")
		} else if n > 0 && from <= c.Rows[n-1].From {
			return nil, bad("margins must ascend")
		}
		c.Rows = append(c.Rows, VPRow{From: from, Win: win, Lose: lose})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrTable, err)
	}
	if len(t.Columns) == 0 {
		return nil, fmt.Errorf("%w: no \"boards\" column", ErrTable)
	}
	for _, c := range t.Columns {
		if len(c.Rows) == 0 {
			return nil, fmt.Errorf("%w: boards %d-%d has no rows", ErrTable, c.MinBoards, c.MaxBoards)
		}
	}
	return t, nil
}

// parseRange reads "N" or "N-M".
func parseRange(s string) (lo, hi int, err error) {
	a, b, ok := strings.Cut(s, "-")
	lo, err = strconv.Atoi(a)
	if err != nil {
		return 0, 0, err
	}
	hi = lo
	if ok {
		if hi, err = strconv.Atoi(b); err != nil {
			return 0, 0, err
		}
	}
	if lo > 1_000_000 || hi > 1_000_000 {
		return 0, 0, errors.New("too large")
	}
	return lo, hi, nil
}

// acbl30 is the ACBL 30-VP Swiss scale for 6–8 and 9–11 boards as
// transcribed in reference/scoring.md §2.4 (bridgehands.com; secondary).
const acbl30 = `name ACBL 30-VP
boards 6-8
0 15-15
1 18-12
2 19-11
3 20-10
4 21-9
5 22-8
7 23-7
9 24-6
11 25-5
14 26-4
17 27-3
20 28-2
24 29-1
28 30-0
boards 9-11
0 15-15
1 18-12
2 19-11
3 20-10
5 21-9
7 22-8
9 23-7
12 24-6
15 25-5
18 26-4
22 27-3
26 28-2
31 29-1
36 30-0
`

// ACBL30 is the ACBL 30-VP Swiss-teams scale for matches of 6–11 boards
// (reference/scoring.md §2.4, secondary source).
var ACBL30 Scale = mustTable(acbl30)

func mustTable(s string) *VPTable {
	t, err := ParseVPTable(strings.NewReader(s))
	if err != nil {
		panic("score: built-in VP table: " + err.Error()) // our own data; tested
	}
	return t
}

// ErrUnknownScale is returned by ScaleByName for a name it does not know.
var ErrUnknownScale = errors.New("unknown VP scale")

// ScaleNames lists the names ScaleByName knows.
var ScaleNames = []string{"wbf2013", "wbf-discrete", "acbl30", "wbf25"}

// ScaleByName returns a built-in scale: wbf2013 (continuous), wbf-discrete,
// acbl30 or wbf25 (the old WBF 25-VP scale). A regulator's own table is
// loaded with ParseVPTable.
func ScaleByName(name string) (Scale, error) {
	switch strings.ToLower(name) {
	case "wbf2013", "wbf", "wbf-continuous":
		return WBF2013, nil
	case "wbf-discrete", "discrete":
		return WBFDiscrete, nil
	case "acbl30":
		return ACBL30, nil
	case "wbf25", "wbf-25":
		return WBF25, nil
	}
	return nil, fmt.Errorf("%w %q (known: %s; or load a table file)", ErrUnknownScale, name, strings.Join(ScaleNames, ", "))
}
