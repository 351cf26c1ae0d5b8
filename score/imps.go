package score

import (
	"math"
	"slices"
)

// DatumKind says how a board's datum is taken from its scores.
type DatumKind uint8

// The two datums of Butler scoring (reference/scoring.md §2.7).
const (
	Mean   DatumKind = iota // the mean of the scores left after trimming
	Median                  // the middle score (the mean of the two middle ones)
)

// String returns mean or median.
func (d DatumKind) String() string {
	if d == Median {
		return "median"
	}
	return "mean"
}

// FouledRule is how a fouled board is scored at IMPs against a datum
// (NSWBA 8.1).
type FouledRule struct {
	// A fouled form played at MinTables tables, or at MinFraction of the
	// tables (rounded up) if that is fewer, gets a datum of its own (NSWBA
	// 8.1(a): 4 tables or one third).
	MinTables   int
	MinFraction float64
	// Award is the IMPs given to both pairs of a fouled form that too few
	// tables played (NSWBA 8.1(b): 2 IMPs).
	Award float64
}

// Qualifies reports whether a fouled form played at tables of the board's
// field tables gets a separate datum (NSWBA 8.1(a)).
func (f FouledRule) Qualifies(tables, field int) bool {
	need := f.MinTables
	if f.MinFraction > 0 {
		// The small allowance keeps a third of 9 tables at 3, not 4.
		need = min(need, int(math.Ceil(float64(field)*f.MinFraction-1e-9)))
	}
	return tables >= need
}

// ButlerOptions says how a board is scored in IMPs against a datum. The
// zero value takes the plain mean of all scores, rounds a 5 away from zero
// and gives ±2 IMPs for average-plus and average-minus.
type ButlerOptions struct {
	Trim  int       // scores dropped at each end before the datum (PBN "Butler-2": 1)
	Datum DatumKind // mean or median
	Round Rounding  // how a datum ending in 5 is rounded to 10
	// AvePlus and AveMinus are the IMPs of average-plus and average-minus,
	// both given as positive numbers; 0 means 2 (NSWBA 8.3: Butler pairs).
	AvePlus, AveMinus float64
	// Fouled, when set, applies a fouled-board rule to each group other
	// than the true board (group 0). Without it every group simply gets
	// its own datum.
	Fouled *FouledRule
}

func (o *ButlerOptions) awardIMPs(a Award) float64 {
	switch a.Kind {
	case AveragePlus:
		return orDefault(o.AvePlus, 2)
	case AverageMinus:
		return -orDefault(o.AveMinus, 2)
	case Average:
		return 0
	}
	return a.Value
}

// Datum returns the datum of a set of North-South scores: sorted, Trim
// scores dropped from each end (fewer if too few remain), then the mean or
// median, rounded to 10 by o.Round. The arithmetic is exact. ok is false
// when there are no scores.
func Datum(scores []int, o ButlerOptions) (datum int, ok bool) {
	n := len(scores)
	if n == 0 {
		return 0, false
	}
	s := slices.Clone(scores)
	slices.Sort(s)
	return sortedDatum(s, o), true
}

// MaxTrim is the most scores a Butler datum may drop from each end of a
// board's scores; a larger figure is a typo, refused where it is entered.
// (At scoring time a trim that would leave no score keeps the middle one.)
const MaxTrim = 50

func sortedDatum(s []int, o ButlerOptions) int {
	n := len(s)
	t := max(o.Trim, 0)
	if 2*t >= n {
		t = (n - 1) / 2
	}
	s = s[t : n-t]
	n = len(s)
	if o.Datum == Median {
		if n%2 == 1 {
			return roundTen(s[n/2], 1, o.Round)
		}
		return roundTen(s[n/2-1]+s[n/2], 2, o.Round)
	}
	sum := 0
	for _, v := range s {
		sum += v
	}
	return roundTen(sum, n, o.Round)
}

// Butler scores one board's traveller in IMPs against a datum: the datum of
// each group is taken from its table and assigned scores (Law 12C1(a)), and
// each row gets IMP(score − datum) for North-South and the negative for
// East-West (Law 78B). Split and weighted scores are converted side by side
// and outcome by outcome before weighting (Law 12C1(c)); artificial scores
// get their IMPs. The result is parallel to rs.
func Butler(rs []Result, o ButlerOptions) []Scored {
	out := make([]Scored, len(rs))
	ids, sizes := groups(rs)
	field := 0
	for _, n := range sizes {
		field += n
	}
	var buf []int
	var own []Outcome
	datums := make([]int, len(ids))
	have := make([]bool, len(ids))
	awarded := make([]bool, len(ids))
	for gi, g := range ids {
		if g != 0 && o.Fouled != nil && !o.Fouled.Qualifies(sizes[gi], field) {
			awarded[gi] = true
			continue
		}
		buf = buf[:0]
		for i := range rs {
			if r := &rs[i]; r.Group == g && (r.Kind == Played || r.Kind == Assigned) {
				buf = append(buf, r.Score)
			}
		}
		if len(buf) == 0 {
			continue
		}
		slices.Sort(buf)
		datums[gi], have[gi] = sortedDatum(buf, o), true
	}
	for i := range rs {
		r := &rs[i]
		s := &out[i]
		if r.Kind == Artificial {
			s.NS, s.EW = o.awardIMPs(r.NSAward), o.awardIMPs(r.EWAward)
			continue
		}
		gi := slices.Index(ids, r.Group)
		if awarded[gi] {
			s.NS, s.EW = o.Fouled.Award, o.Fouled.Award
			continue
		}
		if !have[gi] { // only split or weighted scores: no datum to compare with
			continue
		}
		d := datums[gi]
		s.Datum, s.HasDatum = d, true
		if r.Kind == Played || r.Kind == Assigned {
			v := float64(IMP(r.Score - d))
			s.NS, s.EW = v, -v
			continue
		}
		own = r.sideOutcomes(false, own)
		for _, x := range own {
			s.NS += x.Weight * float64(IMP(x.Score-d))
		}
		own = r.sideOutcomes(true, own)
		for _, x := range own {
			s.EW -= x.Weight * float64(IMP(x.Score-d))
		}
	}
	if o.Datum == Median && o.Fouled != nil {
		equalise(rs, out, ids, have, awarded)
	}
	return out
}

// equalise adds to the scores of each fouled group that got a datum of its
// own the whole number of IMPs that brings its average nearest to the true
// board's, direction by direction (NSWBA 8.1(a), median scoring). Over both
// directions together the averages are always equal, so the regulation is
// read as applying to North-South and East-West separately.
func equalise(rs []Result, out []Scored, ids []int, have, awarded []bool) {
	avg := func(g int) (ns, ew float64, n int) {
		for i := range rs {
			if rs[i].Group == g && rs[i].Kind != Artificial {
				ns += out[i].NS
				ew += out[i].EW
				n++
			}
		}
		if n > 0 {
			ns /= float64(n)
			ew /= float64(n)
		}
		return ns, ew, n
	}
	t := slices.Index(ids, 0)
	if t < 0 || !have[t] {
		return
	}
	tNS, tEW, _ := avg(0)
	for gi, g := range ids {
		if g == 0 || awarded[gi] || !have[gi] {
			continue
		}
		fNS, fEW, _ := avg(g)
		kNS, kEW := math.Round(tNS-fNS), math.Round(tEW-fEW)
		for i := range rs {
			if rs[i].Group == g && rs[i].Kind != Artificial {
				out[i].NS += kNS
				out[i].EW += kEW
			}
		}
	}
}

// CrossOptions says how a board is scored by cross-IMPs: every result
// against every other result of its group. The zero value totals the IMPs.
type CrossOptions struct {
	// Average divides the total by the number of comparisons (PBN
	// "Cross2"), or by the number of scores with PerScore (PBN "Cross1").
	Average, PerScore bool
	// Factor scales a total over a group of A results to the Expected
	// number E by (E−1)/(A−1) (ACBLscore's total-IMP factoring).
	Factor   bool
	Expected int // E; 0 means every row of the traveller
	// AvePlus and AveMinus are the IMPs of average-plus and average-minus
	// per comparison, as positive numbers; 0 means 2 (NSWBA 8.3). With
	// totals they are multiplied by the comparisons of a full board.
	AvePlus, AveMinus float64
}

// CrossIMPs scores one board's traveller by IMPs across the field (Law 78B):
// each result is IMPed against every other result of its group and the
// IMPs are totalled or averaged. Split and weighted scores compare side by
// side, outcome by outcome, with their weights. The result is parallel to
// rs.
func CrossIMPs(rs []Result, o CrossOptions) []Scored {
	out := make([]Scored, len(rs))
	e := o.Expected
	if e <= 0 {
		e = len(rs)
	}
	ids, sizes := groups(rs)
	var ns, ew []entry
	var own []Outcome
	for gi, g := range ids {
		a := sizes[gi]
		ns, ew = ns[:0], ew[:0]
		for i := range rs {
			r := &rs[i]
			if r.Kind == Artificial || r.Group != g {
				continue
			}
			own = r.sideOutcomes(false, own)
			for _, x := range own {
				ns = append(ns, entry{x.Score, x.Weight})
			}
			own = r.sideOutcomes(true, own)
			for _, x := range own {
				ew = append(ew, entry{x.Score, x.Weight})
			}
		}
		for i := range rs {
			r := &rs[i]
			if r.Kind == Artificial || r.Group != g {
				continue
			}
			var vNS, vEW float64
			own = r.sideOutcomes(false, own)
			for _, x := range own {
				for _, y := range ns {
					vNS += x.Weight * y.w * float64(IMP(x.Score-y.score))
				}
			}
			own = r.sideOutcomes(true, own)
			for _, x := range own {
				for _, y := range ew {
					vEW += x.Weight * y.w * float64(IMP(y.score-x.Score))
				}
			}
			// The row's own entries add nothing only when they are all the
			// same score; take out what a weighted row's outcomes scored
			// against each other.
			if r.Kind == Weighted {
				own = r.sideOutcomes(false, own)
				for _, x := range own {
					for _, y := range own {
						vNS -= x.Weight * y.Weight * float64(IMP(x.Score-y.Score))
					}
				}
				own = r.sideOutcomes(true, own)
				for _, x := range own {
					for _, y := range own {
						vEW -= x.Weight * y.Weight * float64(IMP(y.Score-x.Score))
					}
				}
			}
			switch {
			case o.Average && o.PerScore:
				vNS, vEW = vNS/float64(a), vEW/float64(a)
			case o.Average:
				if a > 1 {
					vNS, vEW = vNS/float64(a-1), vEW/float64(a-1)
				}
			case o.Factor && a > 1 && a != e:
				f := float64(e-1) / float64(a-1)
				vNS, vEW = vNS*f, vEW*f
			}
			out[i].NS, out[i].EW = vNS, vEW
		}
	}
	per := 1.0
	if !o.Average {
		per = float64(e - 1)
	} else if o.PerScore {
		per = float64(e-1) / float64(e)
	}
	for i := range rs {
		r := &rs[i]
		if r.Kind != Artificial {
			continue
		}
		out[i].NS = o.awardIMPs(r.NSAward, per)
		out[i].EW = o.awardIMPs(r.EWAward, per)
	}
	return out
}

// awardIMPs returns an artificial score's IMPs: per comparison times per
// for average-plus, average and average-minus; a fixed award is already the
// row's IMPs.
func (o *CrossOptions) awardIMPs(a Award, per float64) float64 {
	if a.Kind == Fixed {
		return a.Value
	}
	b := ButlerOptions{AvePlus: o.AvePlus, AveMinus: o.AveMinus}
	return b.awardIMPs(a) * per
}

// MatchIMPs returns the IMPs a team wins on a board of a teams match
// (Law 78B): home is North-South's score at the table where the team sat
// North-South, away is North-South's score at the table where it sat
// East-West.
func MatchIMPs(home, away int) int { return IMP(home - away) }
