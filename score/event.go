package score

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"
)

// Board is one board's traveller.
type Board struct {
	Number int
	// Expected is the number of results the board should have had (E of
	// Neuberg); 0 means the number of rows, less the rows of a phantom (a
	// pair that has no played result anywhere in the event, whose
	// director's rows stand for a sit-out).
	Expected int
	Results  []Result
}

// Method is how the boards of an event are scored.
type Method uint8

// The scoring methods of Law 78.
const (
	MatchpointScoring Method = iota // Law 78A
	ButlerScoring                   // Law 78B against a datum
	CrossIMPScoring                 // Law 78B across the field
	TotalPointScoring               // Law 78C
)

// String returns the command-line spelling: mp, butler, cross-imp, total.
func (m Method) String() string {
	switch m {
	case MatchpointScoring:
		return "mp"
	case ButlerScoring:
		return "butler"
	case CrossIMPScoring:
		return "cross-imp"
	case TotalPointScoring:
		return "total"
	}
	return fmt.Sprintf("Method(%d)", uint8(m))
}

// Options says how an event is scored.
type Options struct {
	Method Method
	MP     MPOptions
	Butler ButlerOptions
	Cross  CrossOptions
	// OwnPercentage gives a pair with average-plus its own percentage on
	// its other boards when that is more than the average-plus figure, and
	// one with average-minus its own when that is less (Law 12C2, as the
	// EBU applies it; reference/scoring.md §2.6). Matchpoints only.
	OwnPercentage bool
}

// BoardScore is a board's traveller with the score of each row.
type BoardScore struct {
	Number  int
	Results []Result // as given
	Scores  []Scored // parallel to Results; zero for a rejected row
	OK      []bool   // parallel to Results: false for a rejected row
}

// Total is a pair's total over the event.
type Total struct {
	Pair    int
	Score   float64 // total matchpoints (scale of the options), IMPs or points
	Top     float64 // matchpoints: the sum of the tops of the pair's boards
	Percent float64 // matchpoints: 100·Score/Top
	Boards  int     // boards the pair has a score on
	Rank    int     // 1 for the leader; tied pairs share the best rank
	Tied    bool    // the rank is shared
}

// Sheet is a scored event.
type Sheet struct {
	Boards []BoardScore
	Totals []Total // in rank order
}

// Event scores every board of an event and totals each pair's scores. A
// malformed row (a pair listed twice on a board, a pair against itself,
// weights that do not add up) is left out of its board and reported as a
// *RowError in the returned error; everything else is still scored, so the
// Sheet is always complete. A pair that never played a board (a phantom)
// has no Total.
func Event(boards []Board, o Options) (*Sheet, error) {
	sh := &Sheet{Boards: make([]BoardScore, len(boards))}
	var errs []error
	phantom := phantoms(boards)
	seen := newStamp()
	var good []Result
	var idx []int
	for bi := range boards {
		b := &boards[bi]
		bs := &sh.Boards[bi]
		bs.Number = b.Number
		bs.Results = b.Results
		bs.OK = make([]bool, len(b.Results))
		good, idx = good[:0], idx[:0]
		for i := range b.Results {
			r := &b.Results[i]
			err := r.check()
			if err == nil {
				switch {
				case seen.mark(bi, r.NS):
					err = fmt.Errorf("%w: pair %d", ErrDuplicatePair, r.NS)
				case seen.mark(bi, r.EW):
					err = fmt.Errorf("%w: pair %d", ErrDuplicatePair, r.EW)
				}
			}
			if err != nil {
				errs = append(errs, &RowError{Board: b.Number, Row: i + 1, Err: err})
				continue
			}
			idx = append(idx, i)
		}
		rows := b.Results // nothing rejected: score the traveller as it is
		if len(idx) != len(b.Results) {
			for _, i := range idx {
				good = append(good, b.Results[i])
			}
			rows = good
		}
		expected := b.Expected
		if expected <= 0 {
			expected = len(rows)
			if phantom != nil {
				for i := range rows {
					if phantom[rows[i].NS] || phantom[rows[i].EW] {
						expected--
					}
				}
			}
		}
		var sc []Scored
		switch o.Method {
		case MatchpointScoring:
			mo := o.MP
			if mo.Expected <= 0 {
				mo.Expected = expected
			}
			sc = Matchpoints(rows, mo)
		case ButlerScoring:
			sc = Butler(rows, o.Butler)
		case CrossIMPScoring:
			co := o.Cross
			if co.Expected <= 0 {
				co.Expected = expected
			}
			sc = CrossIMPs(rows, co)
		case TotalPointScoring:
			sc = totalPoints(rows)
		default:
			return nil, fmt.Errorf("score: unknown method %v", o.Method)
		}
		if len(idx) == len(b.Results) {
			bs.Scores = sc
			for i := range bs.OK {
				bs.OK[i] = true
			}
			continue
		}
		bs.Scores = make([]Scored, len(b.Results))
		for j, i := range idx {
			bs.Scores[i] = sc[j]
			bs.OK[i] = true
		}
	}
	sh.Totals = totals(sh.Boards, o)
	return sh, errors.Join(errs...)
}

// Field returns the most results on any board, a phantom's rows (see
// Board.Expected) not counted: the size of the field, to which the
// programs clubs use factor every board (Neuberg) so that a board played
// fewer times weighs as much as the others in the totals.
func Field(boards []Board) int {
	phantom := phantoms(boards)
	most := 0
	for bi := range boards {
		n := 0
		for i := range boards[bi].Results {
			if r := &boards[bi].Results[i]; !phantom[r.NS] && !phantom[r.EW] {
				n++
			}
		}
		most = max(most, n)
	}
	return most
}

// phantoms returns the pairs that appear only in artificial rows, or nil.
func phantoms(boards []Board) map[int]bool {
	var art map[int]bool
	for bi := range boards {
		for i := range boards[bi].Results {
			if r := &boards[bi].Results[i]; r.Kind == Artificial {
				if art == nil {
					art = map[int]bool{}
				}
				art[r.NS], art[r.EW] = true, true
			}
		}
	}
	if art == nil {
		return nil
	}
	for bi := range boards {
		for i := range boards[bi].Results {
			if r := &boards[bi].Results[i]; r.Kind != Artificial {
				delete(art, r.NS)
				delete(art, r.EW)
			}
		}
	}
	if len(art) == 0 {
		return nil
	}
	return art
}

// totalPoints scores each row by its points (Law 78C).
func totalPoints(rs []Result) []Scored {
	out := make([]Scored, len(rs))
	var own []Outcome
	for i := range rs {
		r := &rs[i]
		s := &out[i]
		if r.Kind == Artificial {
			if r.NSAward.Kind == Fixed {
				s.NS = r.NSAward.Value
			}
			if r.EWAward.Kind == Fixed {
				s.EW = r.EWAward.Value
			}
			continue
		}
		own = r.sideOutcomes(false, own)
		for _, x := range own {
			s.NS += x.Weight * float64(x.Score)
		}
		own = r.sideOutcomes(true, own)
		for _, x := range own {
			s.EW -= x.Weight * float64(x.Score)
		}
	}
	return out
}

// stamp remembers which pairs have been seen on the current board: a slice
// for pair numbers up to a million, a map beyond.
type stamp struct {
	small []int32
	big   map[[2]int]bool
}

func newStamp() *stamp { return &stamp{} }

// mark records pair p on board b and reports whether it was already there.
func (s *stamp) mark(b, p int) bool {
	if p >= 0 && p < 1<<20 {
		if p >= len(s.small) {
			s.small = append(s.small, make([]int32, p+1-len(s.small))...)
		}
		if s.small[p] == int32(b+1) {
			return true
		}
		s.small[p] = int32(b + 1)
		return false
	}
	if s.big == nil {
		s.big = map[[2]int]bool{}
	}
	k := [2]int{b, p}
	if s.big[k] {
		return true
	}
	s.big[k] = true
	return false
}

// acc is a pair's running total.
type acc struct {
	pair            int
	score, top      float64 // everything
	realScore       float64 // MP: the pair's played boards only
	realTop         float64
	boards, played  int
	plus, minus     []float64 // MP: tops of boards with average-plus / average-minus
	plusPctDefault  float64
	minusPctDefault float64
}

func totals(boards []BoardScore, o Options) []Total {
	index := map[int]int{}
	var small []int32 // pair → 1 + index in as, for pair numbers below 1<<20
	var as []acc
	get := func(p int) *acc {
		if p >= 0 && p < 1<<20 {
			if p >= len(small) {
				small = append(small, make([]int32, p+1-len(small))...)
			}
			if small[p] == 0 {
				as = append(as, acc{pair: p})
				small[p] = int32(len(as))
			}
			return &as[small[p]-1]
		}
		i, ok := index[p]
		if !ok {
			i = len(as)
			index[p] = i
			as = append(as, acc{pair: p})
		}
		return &as[i]
	}
	mp := o.Method == MatchpointScoring
	for _, b := range boards {
		for i := range b.Results {
			if !b.OK[i] {
				continue
			}
			r := &b.Results[i]
			s := &b.Scores[i]
			for side, p := range [2]int{r.NS, r.EW} {
				a := get(p)
				v := s.NS
				aw := r.NSAward
				if side == 1 {
					v, aw = s.EW, r.EWAward
				}
				a.score += v
				a.top += s.Top
				a.boards++
				if r.Kind != Artificial {
					a.played++
					a.realScore += v
					a.realTop += s.Top
					continue
				}
				if mp && o.OwnPercentage {
					switch aw.Kind {
					case AveragePlus:
						a.plus = append(a.plus, s.Top)
						a.plusPctDefault = o.MP.award(aw)
					case AverageMinus:
						a.minus = append(a.minus, s.Top)
						a.minusPctDefault = o.MP.award(aw)
					default:
						a.realScore += v
						a.realTop += s.Top
					}
				}
			}
		}
	}
	out := make([]Total, 0, len(as))
	for _, a := range as {
		if a.played == 0 {
			continue // a phantom or a pair that never played
		}
		t := Total{Pair: a.pair, Score: a.score, Top: a.top, Boards: a.boards}
		if mp && o.OwnPercentage && (len(a.plus) > 0 || len(a.minus) > 0) && a.realTop > 0 {
			own := 100 * a.realScore / a.realTop
			t.Score = a.realScore
			for _, top := range a.plus {
				t.Score += math.Max(own, a.plusPctDefault) * top / 100
			}
			for _, top := range a.minus {
				t.Score += math.Min(own, a.minusPctDefault) * top / 100
			}
		}
		if mp && t.Top > 0 {
			t.Percent = 100 * t.Score / t.Top
		}
		out = append(out, t)
	}
	key := func(t *Total) float64 {
		if mp {
			return t.Percent
		}
		return t.Score
	}
	slices.SortStableFunc(out, func(x, y Total) int {
		if c := cmp.Compare(key(&y), key(&x)); c != 0 {
			return c
		}
		return cmp.Compare(x.Pair, y.Pair)
	})
	Rank(out, key)
	return out
}

// Rank sets the Rank and Tied fields of totals already sorted best first by
// key. Any difference, however small a fraction, separates two pairs
// (NSWBA 12.1); only equal totals tie (within 1e-9, the noise of adding up
// fractions in floating point).
func Rank(ts []Total, key func(*Total) float64) {
	for i := range ts {
		ts[i].Rank = i + 1
		ts[i].Tied = false
		if i > 0 && math.Abs(key(&ts[i])-key(&ts[i-1])) <= 1e-9 {
			ts[i].Rank = ts[i-1].Rank
			ts[i].Tied = true
			ts[i-1].Tied = true
		}
	}
}
