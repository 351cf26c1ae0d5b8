package score

import (
	"cmp"
	"slices"
	"sort"
)

// MPScale is the unit of matchpoints.
type MPScale uint8

// The two matchpoint scales (PBN 2.1 §3.4.12).
const (
	// MP1 gives 2 for each score beaten, 1 for each tie (Law 78A); the top
	// is 2(n−1).
	MP1 MPScale = iota
	// MP2 gives 1 and ½ (the ACBL form); the top is n−1.
	MP2
)

// MPOptions says how a board is matchpointed. The zero value is plain
// Law 78A matchpointing on the 2/1/0 scale with 60/50/40% artificial
// scores and no factoring.
type MPOptions struct {
	Scale MPScale
	// Neuberg factors a group of A comparable results up or down to the
	// Expected number E: M' = (M+1)·E/A − 1 on the MP1 scale (the WBF/EBU
	// formula, reference/scoring.md §2.5). Without it each group is scored
	// on its own top, as JFR Pary does.
	Neuberg bool
	// Expected is E, the number of results the board should have had; 0
	// means every row of the traveller, artificial ones included.
	Expected int
	// AvePlus, Ave and AveMinus are the artificial scores in percent
	// (Law 12C2); 0 means 60, 50 and 40.
	AvePlus, Ave, AveMinus float64
	// SmallGroups, when positive, gives a group of at most that many
	// results that is not the board's largest group the fixed awards of
	// the EBU and ACBL in place of factoring: 60% + (M − (A−1))·5%, i.e.
	// 60% for a lone result, 65/55% for two, 70/60/50% for three
	// (reference/scoring.md §2.5).
	SmallGroups int
}

func (o *MPOptions) award(a Award) float64 {
	switch a.Kind {
	case AveragePlus:
		return orDefault(o.AvePlus, 60)
	case Average:
		return orDefault(o.Ave, 50)
	case AverageMinus:
		return orDefault(o.AveMinus, 40)
	}
	return a.Value
}

func orDefault(v, d float64) float64 {
	if v == 0 {
		return d
	}
	return v
}

// Scored is the score of one traveller row for both pairs.
type Scored struct {
	NS, EW       float64 // matchpoints on the chosen scale, or IMPs
	NSPct, EWPct float64 // matchpoints only: the percentage of the top
	Top          float64 // matchpoints only: the top this row was scored on
	Datum        int     // Butler only: the datum of the row's group
	HasDatum     bool    // Butler only: Datum is set (not an artificial row)
}

// entry is one score in a frequency table with its weight.
type entry struct {
	score int
	w     float64
}

// freq is a frequency table: scores in ascending order and the running
// total of their weights (cum[i] = weight of entries[:i]).
type freq struct {
	e   []entry
	cum []float64
}

func (f *freq) build() {
	slices.SortFunc(f.e, func(a, b entry) int { return cmp.Compare(a.score, b.score) })
	f.cum = append(f.cum[:0], 0)
	var t float64
	for _, e := range f.e {
		t += e.w
		f.cum = append(f.cum, t)
	}
}

// below and equal return the weight of scores below and equal to s.
func (f *freq) around(s int) (below, equal float64) {
	lo := sort.Search(len(f.e), func(i int) bool { return f.e[i].score >= s })
	hi := lo + sort.Search(len(f.e)-lo, func(i int) bool { return f.e[lo+i].score > s })
	return f.cum[lo], f.cum[hi] - f.cum[lo]
}

func (f *freq) total() float64 { return f.cum[len(f.cum)-1] }

// groups returns the distinct groups of the non-artificial rows, and the
// number of such rows in each.
func groups(rs []Result) (ids []int, sizes []int) {
	for i := range rs {
		if rs[i].Kind == Artificial {
			continue
		}
		g := rs[i].Group
		j := slices.Index(ids, g)
		if j < 0 {
			ids = append(ids, g)
			sizes = append(sizes, 0)
			j = len(ids) - 1
		}
		sizes[j]++
	}
	return ids, sizes
}

// finish turns a row's raw matchpoints (MP1 scale, group of a) into its
// score: the small-group award, Neuberg factoring to e, or as it is.
func finish(s *Scored, mNS, mEW, top float64, a, e int, small, neuberg bool) {
	switch {
	case small:
		t := float64(2 * (e - 1))
		s.NSPct = 60 + (mNS-float64(a-1))*5
		s.EWPct = 60 + (mEW-float64(a-1))*5
		s.Top = t
		s.NS, s.EW = s.NSPct*t/100, s.EWPct*t/100
		return
	case neuberg && a != e:
		f := float64(e) / float64(a)
		t := float64(2 * (e - 1))
		s.NS, s.EW, s.Top = (mNS+1)*f-1, (mEW+1)*f-1, t
	default:
		s.NS, s.EW, s.Top = mNS, mEW, top
	}
	if s.Top > 0 {
		s.NSPct, s.EWPct = 100*s.NS/s.Top, 100*s.EW/s.Top
	} else {
		s.NSPct, s.EWPct = 50, 50
	}
}

// simpleGroup reports whether group g holds only played and assigned
// scores, which need no weights.
func simpleGroup(rs []Result, g int) bool {
	for i := range rs {
		if r := &rs[i]; r.Group == g && (r.Kind == Split || r.Kind == Weighted) {
			return false
		}
	}
	return true
}

// mpSimple matchpoints a group of a plain scores by sorting them once and
// finding each score's place by binary search.
func mpSimple(rs []Result, g, a, e int, small, neuberg bool, out []Scored, ints []int) []int {
	ints = ints[:0]
	for i := range rs {
		if r := &rs[i]; r.Kind != Artificial && r.Group == g {
			ints = append(ints, r.Score)
		}
	}
	slices.Sort(ints)
	n := len(ints)
	top := float64(2 * (a - 1))
	for i := range rs {
		r := &rs[i]
		if r.Kind == Artificial || r.Group != g {
			continue
		}
		s := r.Score
		lo, hi := 0, n // first index with ints[i] >= s
		for lo < hi {
			m := int(uint(lo+hi) >> 1)
			if ints[m] < s {
				lo = m + 1
			} else {
				hi = m
			}
		}
		below := lo
		hi = n // first index with ints[i] > s
		for lo < hi {
			m := int(uint(lo+hi) >> 1)
			if ints[m] <= s {
				lo = m + 1
			} else {
				hi = m
			}
		}
		equal := lo - below - 1 // not counting the row itself
		above := n - lo
		finish(&out[i], float64(2*below+equal), float64(2*above+equal), top, a, e, small, neuberg)
	}
	return ints
}

// Matchpoints scores one board's traveller by matchpoints (Law 78A): each
// result against every other result of its group, 2 for a better score, 1
// for an equal one. Split and weighted scores take part through separate
// North-South and East-West frequency tables, each outcome counting with
// its weight (Law 12C1(c)); artificial scores take no part and get their
// percentage of the board's top. The result is parallel to rs.
func Matchpoints(rs []Result, o MPOptions) []Scored {
	out := make([]Scored, len(rs))
	e := o.Expected
	if e <= 0 {
		e = len(rs)
	}
	ids, sizes := groups(rs)
	largest := 0
	for _, n := range sizes {
		largest = max(largest, n)
	}
	var ns, ew freq
	var own, ownEW []Outcome
	var ints []int
	for gi, g := range ids {
		a := sizes[gi]
		small := o.SmallGroups > 0 && a <= o.SmallGroups && a < largest
		if simpleGroup(rs, g) {
			ints = mpSimple(rs, g, a, e, small, o.Neuberg, out, ints)
			continue
		}
		ns.e, ew.e = ns.e[:0], ew.e[:0]
		for i := range rs {
			r := &rs[i]
			if r.Kind == Artificial || r.Group != g {
				continue
			}
			own = r.sideOutcomes(false, own)
			for _, x := range own {
				ns.e = append(ns.e, entry{x.Score, x.Weight})
			}
			own = r.sideOutcomes(true, own)
			for _, x := range own {
				ew.e = append(ew.e, entry{x.Score, x.Weight})
			}
		}
		ns.build()
		ew.build()
		top := float64(2 * (a - 1))
		for i := range rs {
			r := &rs[i]
			if r.Kind == Artificial || r.Group != g {
				continue
			}
			own = r.sideOutcomes(false, own)
			ownEW = r.sideOutcomes(true, ownEW)
			var mNS, mEW float64
			for _, x := range own {
				below, equal := ns.around(x.Score)
				raw := 2*below + equal
				for _, y := range own { // take out the row's own entries
					if y.Score < x.Score {
						raw -= 2 * y.Weight
					} else if y.Score == x.Score {
						raw -= y.Weight
					}
				}
				mNS += x.Weight * raw
			}
			for _, x := range ownEW {
				below, equal := ew.around(x.Score)
				raw := 2*(ew.total()-below-equal) + equal
				for _, y := range ownEW {
					if y.Score > x.Score {
						raw -= 2 * y.Weight
					} else if y.Score == x.Score {
						raw -= y.Weight
					}
				}
				mEW += x.Weight * raw
			}
			finish(&out[i], mNS, mEW, top, a, e, small, o.Neuberg)
		}
	}
	// Artificial rows: their percentage of the board's top.
	boardTop := float64(2 * (largest - 1))
	if o.Neuberg || largest == 0 {
		boardTop = float64(2 * (e - 1))
	}
	for i := range rs {
		r := &rs[i]
		if r.Kind != Artificial {
			continue
		}
		s := &out[i]
		s.NSPct, s.EWPct = o.award(r.NSAward), o.award(r.EWAward)
		s.Top = boardTop
		s.NS, s.EW = s.NSPct*boardTop/100, s.EWPct*boardTop/100
	}
	if o.Scale == MP2 {
		for i := range out {
			out[i].NS /= 2
			out[i].EW /= 2
			out[i].Top /= 2
		}
	}
	return out
}
