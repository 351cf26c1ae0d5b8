package swiss

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// field builds standings with IDs 1..n, scores from scores (highest
// first when descending) and the listed meetings.
func field(scores []float64, met [][2]int, byes map[int]int) Standings {
	es := make([]Entrant, len(scores))
	for i, s := range scores {
		es[i] = Entrant{ID: i + 1, Score: s, Byes: byes[i+1]}
	}
	for _, m := range met {
		es[m[0]-1].Opponents = append(es[m[0]-1].Opponents, m[1])
		es[m[1]-1].Opponents = append(es[m[1]-1].Opponents, m[0])
	}
	return Standings{Entrants: es}
}

func pairs(d Draw) [][2]int {
	var out [][2]int
	for _, m := range d.Matches {
		out = append(out, [2]int{m.Home, m.Away})
	}
	return out
}

func TestPairTable(t *testing.T) {
	desc := []float64{80, 70, 60, 50, 40, 30}
	tests := []struct {
		name string
		st   Standings
		opt  Options
		want [][2]int
		bye  int
		rem  int
	}{
		{"Monrad 1v2 3v4 5v6 (scoring.md 2.9)", field(desc, nil, nil), Options{},
			[][2]int{{1, 2}, {3, 4}, {5, 6}}, 0, 0},
		{"1 has met 2: 1 drops to 3, 2 v 4", field(desc, [][2]int{{1, 2}}, nil), Options{},
			[][2]int{{1, 3}, {2, 4}, {5, 6}}, 0, 0},
		{"greedy 1v2 3v4 would force 5v6 rematch: search moves up", field(desc, [][2]int{{5, 6}}, nil), Options{},
			[][2]int{{1, 2}, {3, 5}, {4, 6}}, 0, 0},
		{"order by score, not by listing", field([]float64{10, 90, 50, 70}, nil, nil), Options{},
			[][2]int{{2, 4}, {3, 1}}, 0, 0},
		{"odd field: bye to the lowest placed", field([]float64{50, 40, 30, 20, 10}, nil, nil), Options{},
			[][2]int{{1, 2}, {3, 4}}, 5, 0},
		{"odd field: lowest has had a bye, next lowest sits out", field([]float64{50, 40, 30, 20, 10}, nil, map[int]int{5: 1}), Options{},
			[][2]int{{1, 2}, {3, 5}}, 4, 0},
		{"seeded first round: top half v bottom half", Standings{Entrants: []Entrant{
			{ID: 1, Rating: 10}, {ID: 2, Rating: 60}, {ID: 3, Rating: 40}, {ID: 4, Rating: 50}, {ID: 5, Rating: 30}, {ID: 6, Rating: 20}}},
			Options{First: ByRating}, [][2]int{{2, 5}, {4, 6}, {3, 1}}, 0, 0},
		{"four entrants all met: rematch unavoidable, fewest", field([]float64{4, 3, 2, 1},
			[][2]int{{1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}, {1, 2}, {3, 4}}, nil), Options{},
			[][2]int{{1, 3}, {2, 4}}, 0, 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d, err := Pair(tc.st, tc.opt)
			if err != nil {
				t.Fatal(err)
			}
			if got := pairs(d); !slices.Equal(got, tc.want) || d.Bye != tc.bye || d.Rematches != tc.rem {
				t.Errorf("got %v bye %d rematches %d; want %v bye %d rematches %d", got, d.Bye, d.Rematches, tc.want, tc.bye, tc.rem)
			}
		})
	}
}

func TestPairErrors(t *testing.T) {
	tests := []struct {
		st   Standings
		want error
	}{
		{Standings{}, ErrEmpty},
		{Standings{Entrants: []Entrant{{ID: 1}}}, ErrEmpty},
		{Standings{Entrants: []Entrant{{ID: 1}, {ID: 0}}}, ErrBadID},
		{Standings{Entrants: []Entrant{{ID: 3}, {ID: 3}}}, ErrDuplicateID},
	}
	for _, tc := range tests {
		if _, err := Pair(tc.st, Options{}); !errors.Is(err, tc.want) {
			t.Errorf("Pair(%v) error %v, want %v", tc.st, err, tc.want)
		}
	}
	bad := errors.New("no data")
	_, err := Pair(field([]float64{1, 2}, nil, nil), Options{Adjust: func(Standings) (Standings, error) { return Standings{}, bad }})
	if !errors.Is(err, bad) {
		t.Errorf("Adjust error not wrapped: %v", err)
	}
}

// NSWBA 14: the draw stands on the standings frozen at the end of the
// session; a later change to the caller's data does not reach it.
func TestFreezeNSWBA14(t *testing.T) {
	live := field([]float64{80, 70, 60, 50}, [][2]int{{3, 4}}, nil).Entrants
	frozen := Freeze("after session 1", live)
	d1, err := Pair(frozen, Options{})
	if err != nil {
		t.Fatal(err)
	}
	// An appeal later lifts entrant 4 to the top and records a match.
	live[3].Score = 99
	live[0].Opponents = append(live[0].Opponents, 2)
	d2, err := Pair(frozen, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(pairs(d1), pairs(d2)) || d1.From.Entrants[3].Score != 50 || len(d2.From.Entrants[0].Opponents) != 0 {
		t.Errorf("draw changed after the live standings did: %v then %v", pairs(d1), pairs(d2))
	}
	if d1.From.Label != "after session 1" {
		t.Errorf("label lost: %q", d1.From.Label)
	}
}

// NSWBA 13 (forfeited matches): the Adjust hook substitutes the adjusted
// forfeit score before the draw, without touching the caller's copy.
func TestAdjustHook(t *testing.T) {
	st := field([]float64{60, 50, 40, 30}, nil, nil)
	adj := func(s Standings) (Standings, error) {
		s.Entrants[3].Score = 30 - 18 + 21 // an award of 18 raised to the own mean 21
		return s, nil
	}
	d, err := Pair(st, Options{Adjust: adj})
	if err != nil {
		t.Fatal(err)
	}
	if got := pairs(d); !slices.Equal(got, [][2]int{{1, 2}, {3, 4}}) || d.From.Entrants[3].Score != 33 || st.Entrants[3].Score != 30 {
		t.Errorf("got %v, adjusted score %v, caller's %v", got, d.From.Entrants[3].Score, st.Entrants[3].Score)
	}
	d, err = Pair(field([]float64{60, 50, 40, 38}, nil, nil), Options{Adjust: func(s Standings) (Standings, error) {
		s.Entrants[3].Score = 61
		return s, nil
	}})
	if err != nil {
		t.Fatal(err)
	}
	if got := pairs(d); !slices.Equal(got, [][2]int{{4, 1}, {2, 3}}) {
		t.Errorf("adjusted score not used for ranking: %v", got)
	}
}

func TestRandomFirstRoundSeeded(t *testing.T) {
	st := field(make([]float64, 12), nil, nil)
	a, _ := Pair(st, Options{First: Random, Seed: 7})
	b, _ := Pair(st, Options{First: Random, Seed: 7})
	c, _ := Pair(st, Options{First: Random, Seed: 8})
	if !slices.Equal(pairs(a), pairs(b)) {
		t.Errorf("same seed, different draws: %v %v", pairs(a), pairs(b))
	}
	if slices.Equal(pairs(a), pairs(c)) {
		t.Errorf("seeds 7 and 8 gave the same draw %v", pairs(a))
	}
	seen := map[int]bool{}
	for _, m := range a.Matches {
		seen[m.Home], seen[m.Away] = true, true
	}
	if len(seen) != 12 {
		t.Errorf("random draw misses entrants: %v", pairs(a))
	}
}

// ref is an exhaustive reference draw for small fields, independent of
// the blossom matcher: minimum rematches by dynamic programming over
// subsets, then the same preference order taken greedily from the top.
type ref struct {
	n    int
	met  []int // met[a*n+b] in rank order
	memo map[uint32]int
}

func (r *ref) minRem(mask uint32) int {
	if mask == 0 {
		return 0
	}
	if v, ok := r.memo[mask]; ok {
		return v
	}
	a := 0
	for mask&(1<<a) == 0 {
		a++
	}
	best := 1 << 30
	for b := a + 1; b < r.n; b++ {
		if mask&(1<<b) == 0 {
			continue
		}
		c := r.minRem(mask &^ (1<<a | 1<<b))
		if r.met[a*r.n+b] > 0 {
			c++
		}
		best = min(best, c)
	}
	r.memo[mask] = best
	return best
}

// draw returns the reference pairs (rank indices), bye rank (-1) and rematches.
func (r *ref) draw(byes []int) ([][2]int, int, int) {
	full := uint32(1)<<r.n - 1
	bye := -1
	if r.n%2 == 1 {
		fewest := slices.Min(byes)
		best := 1 << 30
		for k := r.n - 1; k >= 0; k-- {
			if byes[k] != fewest {
				continue
			}
			if c := r.minRem(full &^ (1 << k)); c < best {
				best, bye = c, k
			}
		}
		full &^= 1 << bye
	}
	budget := r.minRem(full)
	total := budget
	var out [][2]int
	for full != 0 {
		top := 0
		for full&(1<<top) == 0 {
			top++
		}
		var cands []int
		for c := top + 1; c < r.n; c++ {
			if full&(1<<c) != 0 && r.met[top*r.n+c] == 0 {
				cands = append(cands, c)
			}
		}
		var again []int
		for c := top + 1; c < r.n; c++ {
			if full&(1<<c) != 0 && r.met[top*r.n+c] > 0 {
				again = append(again, c)
			}
		}
		slices.SortStableFunc(again, func(a, b int) int { return r.met[top*r.n+a] - r.met[top*r.n+b] })
		cands = append(cands, again...)
		for _, c := range cands {
			b := budget
			if r.met[top*r.n+c] > 0 {
				b--
			}
			rest := full &^ (1<<top | 1<<c)
			if b >= 0 && r.minRem(rest) <= b {
				out = append(out, [2]int{top, c})
				full, budget = rest, b
				break
			}
		}
	}
	return out, bye, total
}

// play simulates a result for every match and a bye score.
func play(rng *rand.Rand, es []Entrant, d Draw) {
	idx := map[int]int{}
	for i, e := range es {
		idx[e.ID] = i
	}
	for _, m := range d.Matches {
		h, a := &es[idx[m.Home]], &es[idx[m.Away]]
		vp := float64(rng.IntN(21))
		h.Score += vp
		a.Score += 20 - vp
		h.Opponents = append(h.Opponents, m.Away)
		a.Opponents = append(a.Opponents, m.Home)
	}
	if d.Bye != 0 {
		es[idx[d.Bye]].Score += 12
		es[idx[d.Bye]].Byes++
	}
}

// TestExactSmallFields compares every draw of ten-round events for
// fields of 4–17 entrants with the exhaustive reference: the same bye,
// the fewest rematches possible, and the same pairs.
func TestExactSmallFields(t *testing.T) {
	for n := 4; n <= 17; n++ {
		for seed := uint64(1); seed <= 3; seed++ {
			rng := rand.New(rand.NewPCG(seed, uint64(n)))
			es := field(make([]float64, n), nil, nil).Entrants
			for round := 1; round <= 10; round++ {
				opt := Options{}
				if round == 1 {
					opt = Options{First: Random, Seed: seed}
				}
				st := Freeze(fmt.Sprintf("round %d", round), es)
				d, err := Pair(st, opt)
				if err != nil {
					t.Fatal(err)
				}
				if round > 1 {
					checkAgainstRef(t, n, round, st, d)
				}
				play(rng, es, d)
			}
		}
	}
}

func checkAgainstRef(t *testing.T, n, round int, st Standings, d Draw) {
	t.Helper()
	order := rankOrder(st.Entrants, Options{})
	rankOf := map[int]int{}
	byes := make([]int, n)
	for k, i := range order {
		rankOf[st.Entrants[i].ID] = k
		byes[k] = st.Entrants[i].Byes
	}
	r := &ref{n: n, met: make([]int, n*n), memo: map[uint32]int{}}
	for _, e := range st.Entrants {
		for _, o := range e.Opponents {
			r.met[rankOf[e.ID]*n+rankOf[o]]++
		}
	}
	want, bye, rem := r.draw(byes)
	var got [][2]int
	for _, m := range d.Matches {
		got = append(got, [2]int{rankOf[m.Home], rankOf[m.Away]})
	}
	gotBye := -1
	if d.Bye != 0 {
		gotBye = rankOf[d.Bye]
	}
	if d.Rematches != rem || gotBye != bye || !slices.Equal(got, want) {
		t.Errorf("n=%d round %d: got %v bye %d rematches %d; reference %v bye %d rematches %d",
			n, round, got, gotBye, d.Rematches, want, bye, rem)
	}
}

// TestLargeFieldsNoRematch runs ten-round events for fields of 18–400.
// With at most 9 earlier opponents each, every entrant of a field of 18
// or more can still meet at least half the field, so by Dirac's theorem
// the graph of unplayed matches has a Hamiltonian cycle and hence a
// perfect matching: no rematch is ever needed and none may appear.
func TestLargeFieldsNoRematch(t *testing.T) {
	sizes := []int{18, 19, 24, 37, 64, 99, 150, 400}
	if testing.Short() {
		sizes = sizes[:5]
	}
	for _, n := range sizes {
		rng := rand.New(rand.NewPCG(uint64(n), 42))
		es := field(make([]float64, n), nil, nil).Entrants
		for round := 1; round <= 10; round++ {
			opt := Options{}
			if round == 1 {
				opt = Options{First: Random, Seed: uint64(n)}
			}
			d, err := Pair(Freeze("", es), opt)
			if err != nil {
				t.Fatal(err)
			}
			checkDraw(t, es, d)
			if d.Rematches != 0 {
				t.Errorf("n=%d round %d: %d rematches", n, round, d.Rematches)
			}
			play(rng, es, d)
		}
		for _, e := range es {
			if e.Byes > 1 {
				t.Errorf("n=%d: entrant %d had %d byes in 10 rounds", n, e.ID, e.Byes)
			}
		}
	}
}

// checkDraw checks that every entrant plays once or has the bye.
func checkDraw(t *testing.T, es []Entrant, d Draw) {
	t.Helper()
	seen := map[int]int{}
	for _, m := range d.Matches {
		seen[m.Home]++
		seen[m.Away]++
	}
	if d.Bye != 0 {
		seen[d.Bye]++
	}
	for _, e := range es {
		if seen[e.ID] != 1 {
			t.Errorf("entrant %d appears %d times in the draw", e.ID, seen[e.ID])
		}
	}
	if len(seen) != len(es) {
		t.Errorf("draw has %d entrants, field %d", len(seen), len(es))
	}
}

// BenchmarkPair400 draws round 10 for a field of 400 with nine rounds
// of history.
func BenchmarkPair400(b *testing.B) {
	benchField(b, 400)
}

// BenchmarkPair401 is the same with an odd field (a bye).
func BenchmarkPair401(b *testing.B) {
	benchField(b, 401)
}

func benchField(b *testing.B, n int) {
	rng := rand.New(rand.NewPCG(1, 2))
	es := field(make([]float64, n), nil, nil).Entrants
	for round := 1; round < 10; round++ {
		d, err := Pair(Freeze("", es), Options{})
		if err != nil {
			b.Fatal(err)
		}
		play(rng, es, d)
	}
	st := Freeze("", es)
	b.ResetTimer()
	for b.Loop() {
		if _, err := Pair(st, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// TestExactRandomHistories draws from random, often dense, histories
// (many forced rematches, odd cycles that need blossoms) and compares
// with the exhaustive reference.
func TestExactRandomHistories(t *testing.T) {
	rng := rand.New(rand.NewPCG(99, 1))
	rematchy := 0
	for trial := 0; trial < 400; trial++ {
		n := 4 + rng.IntN(13)
		p := []float64{0.2, 0.5, 0.7, 0.85, 0.95}[trial%5]
		scores := make([]float64, n)
		for i := range scores {
			scores[i] = float64(rng.IntN(60))
		}
		var met [][2]int
		for a := 1; a <= n; a++ {
			for b := a + 1; b <= n; b++ {
				for rng.Float64() < p && len(met) < 4*n {
					met = append(met, [2]int{a, b})
					if rng.IntN(3) > 0 {
						break
					}
				}
			}
		}
		byes := map[int]int{}
		for i := 1; i <= n; i++ {
			byes[i] = rng.IntN(2)
		}
		st := field(scores, met, byes)
		d, err := Pair(st, Options{})
		if err != nil {
			t.Fatal(err)
		}
		checkDraw(t, st.Entrants, d)
		checkAgainstRef(t, n, trial, st, d)
		if d.Rematches > 0 {
			rematchy++
		}
	}
	if rematchy < 50 {
		t.Errorf("only %d of 400 trials needed a rematch: the test is too easy", rematchy)
	}
}

func TestDrawString(t *testing.T) {
	d := Draw{Matches: []Match{{Table: 1, Home: 4, Away: 9}, {Table: 2, Home: 3, Away: 1, Met: 1}}, Bye: 7}
	want := "table 1: 4 v 9\ntable 2: 3 v 1 (rematch: met 1 before)\nbye: 7\n"
	if got := d.String(); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
