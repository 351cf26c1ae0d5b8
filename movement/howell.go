package movement

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sync"
)

// HowellOptions describe a Howell movement.
type HowellOptions struct {
	Tables int // 2 to 10
	PerSet int // boards per round
	Rounds int // 0 for the full movement of 2×Tables−1 rounds
	// Pairs is 0 or 2×Tables for a full field, 2×Tables−1 for a field
	// with a sit-out.
	Pairs int
}

// MaxHowellTables is the largest Howell NewHowell builds.
const MaxHowellTables = 10

// NewHowell builds a complete Howell movement: 2T pairs, 2T−1 rounds and
// sets; every pair meets every other once and plays every set once.
//
// Pair 2T stays at table 1; in round r pair r meets it, and pairs r+i and
// r−i (counted modulo 2T−1) meet at table i+1. Table i+1 plays set
// r+f(i), so each table takes the next set every round; f is found by
// search so that every pair also meets every set once. With 2 tables no
// such f exists and the two tables share the round's set. Directions are
// then chosen to balance the comparisons between pairs.
func NewHowell(o HowellOptions) (*Movement, error) {
	T := o.Tables
	if T < 2 || T > MaxHowellTables {
		return nil, fmt.Errorf("%w: Howell for %d tables (2-%d)", ErrTables, T, MaxHowellTables)
	}
	if o.PerSet < 1 {
		return nil, fmt.Errorf("%w: got %d", ErrBoards, o.PerSet)
	}
	n := 2*T - 1
	m := &Movement{Kind: Howell, Name: "Howell", Tables: T, Sets: n, PerSet: o.PerSet, Entrants: 2 * T}
	switch o.Pairs {
	case 0, 2 * T:
	case 2*T - 1:
		m.Phantom = 2 * T // the stationary pair: table 1 is the sit-out table
	default:
		return nil, fmt.Errorf("%w: %d pairs at %d tables (want %d or %d)", ErrField, o.Pairs, T, 2*T-1, 2*T)
	}
	plan := planHowell(T)
	match, sets, flip := plan.match, plan.sets, plan.flip
	switch T {
	case 2:
		m.Relay = []int{1, 2} // both tables play the round's set
	case 3:
		m.Sets = 10 // two sets a table a round
	}
	for r := range match {
		rd := Round{Number: r + 1}
		for i := 0; i < T; i++ {
			ns, ew := match[r][i][0], match[r][i][1]
			if flip[r][i] {
				ns, ew = ew, ns
			}
			rd.Tables = append(rd.Tables, Seating{Table: i + 1, NS: ns, EW: ew, Sets: slices.Clone(sets[r][i])})
		}
		m.Rounds = append(m.Rounds, rd)
	}
	if err := m.truncate(o.Rounds); err != nil {
		return nil, err
	}
	m.blank()
	return m, nil
}

// howellSchedule returns, for every round and table, the two pairs and
// the sets they play.
//
// For 4 or more tables it is cyclic: a base round puts pair 2T (fixed)
// against residue 0 at table 1 and pairs the other residues of 1..2T−2
// so that their differences ±d cover every nonzero residue once; round r
// adds r to every residue, and table i plays set r+f[i]. The base round
// and f are found by search so that every pair meets every set once
// (pair x sits at the table holding x−r, so its sets are x+f[i]−(x−r)
// over the round; they must all differ).
//
// No such schedule exists for 2 or 3 tables. Two tables share the
// round's set. Three tables play ten sets, two a table a round: the sets
// are the ten perfect matchings of the six pairs that are not rounds, and
// each match plays the two sets that contain it.
func howellSchedule(T int) ([][][2]int, [][][]int) {
	n := 2*T - 1
	base, f := howellBase(T)
	match := make([][][2]int, n)
	sets := make([][][]int, n)
	id := func(x, r int) int {
		if x == n {
			return 2 * T
		}
		return mod(x+r, n) + 1
	}
	for r := 0; r < n; r++ {
		match[r] = make([][2]int, T)
		sets[r] = make([][]int, T)
		for i, b := range base {
			match[r][i] = [2]int{id(b[0], r), id(b[1], r)}
			sets[r][i] = []int{mod(r+f[i], n) + 1}
		}
	}
	if T == 3 {
		threeTableSets(match, sets)
	}
	return match, sets
}

// howellBase finds the base round (residue n stands for pair 2T) and the
// set offsets of a cyclic Howell. For 2 and 3 tables it returns the
// patterned base round and zero offsets, which the caller replaces.
func howellBase(T int) ([][2]int, []int) {
	n := 2*T - 1
	base := make([][2]int, T)
	base[0] = [2]int{n, 0}
	f := make([]int, T)
	patterned := func() {
		for i := 1; i < T; i++ {
			base[i] = [2]int{i, n - i}
		}
	}
	if T <= 3 {
		patterned()
		return base, f
	}
	usedF := make([]bool, n) // offsets taken
	usedV := make([]bool, n) // values f[i]−x taken
	usedF[0], usedV[0] = true, true
	var offsets func(i int) bool
	offsets = func(i int) bool {
		if i == T {
			return true
		}
		a, b := base[i][0], base[i][1]
		for v := 1; v < n; v++ {
			x, y := mod(v-a, n), mod(v-b, n)
			if usedF[v] || usedV[x] || usedV[y] {
				continue
			}
			usedF[v], usedV[x], usedV[y] = true, true, true
			f[i] = v
			if offsets(i + 1) {
				return true
			}
			usedF[v], usedV[x], usedV[y] = false, false, false
		}
		return false
	}
	// First the patterned base round {i, −i}; if no offsets fit, search
	// the other base rounds.
	patterned()
	if offsets(1) {
		return base, f
	}
	placed := make([]bool, n)
	placed[0] = true
	class := make([]bool, T)
	var starter func(i int) bool
	starter = func(i int) bool {
		if i == T {
			return offsets(1)
		}
		a := 1
		for placed[a] {
			a++
		}
		for b := a + 1; b < n; b++ {
			d := min(b-a, n-(b-a))
			if placed[b] || d >= T || class[d] {
				continue
			}
			placed[a], placed[b], class[d] = true, true, true
			base[i] = [2]int{a, b}
			if starter(i + 1) {
				return true
			}
			placed[a], placed[b], class[d] = false, false, false
		}
		return false
	}
	if starter(1) {
		return base, f
	}
	return nil, nil // not reached for 4..10 tables (tested)
}

// threeTableSets gives each match of a 3-table Howell the two perfect
// matchings of the six pairs, other than the rounds, that contain it.
func threeTableSets(match [][][2]int, sets [][][]int) {
	key := func(a, b int) int { return min(a, b)*8 + max(a, b) }
	round := map[int]bool{} // a perfect matching's key that is a round
	mkey := func(es [][2]int) int {
		ks := make([]int, 0, 3)
		for _, e := range es {
			ks = append(ks, key(e[0], e[1]))
		}
		slices.Sort(ks)
		return ks[0]*4096 + ks[1]*64 + ks[2]
	}
	for _, r := range match {
		round[mkey(r)] = true
	}
	// Enumerate the 15 perfect matchings of pairs 1..6 in a fixed order.
	var all [][][2]int
	var rec func(left []int, acc [][2]int)
	rec = func(left []int, acc [][2]int) {
		if len(left) == 0 {
			all = append(all, slices.Clone(acc))
			return
		}
		a := left[0]
		for j := 1; j < len(left); j++ {
			rest := append(slices.Clone(left[1:j]), left[j+1:]...)
			rec(rest, append(acc, [2]int{a, left[j]}))
		}
	}
	rec([]int{1, 2, 3, 4, 5, 6}, nil)
	setOf := map[int][]int{} // edge key -> sets containing it
	num := 0
	for _, pm := range all {
		if round[mkey(pm)] {
			continue
		}
		num++
		for _, e := range pm {
			k := key(e[0], e[1])
			setOf[k] = append(setOf[k], num)
		}
	}
	for r := range match {
		for i, e := range match[r] {
			sets[r][i] = setOf[key(e[0], e[1])]
		}
	}
}

// balanceDirections chooses which pair sits North–South at each table
// in each round. Two pairs are compared on a set when they play it in the
// same direction at different tables; a balanced Howell compares every
// two pairs equally often. A seeded local search flips single tables to
// lower the sum of squared deviations from the mean; it is deterministic.
func balanceDirections(T, nsets int, match [][][2]int, sets [][][]int) [][]bool {
	n := len(match)
	P := 2 * T
	flip := make([][]bool, n)
	for r := range flip {
		flip[r] = make([]bool, T)
	}
	cost := func() int {
		// bySet[s] lists (pair, direction) of every play of set s.
		cmp := make([]int, (P+1)*(P+1))
		type play struct{ pair, dir int }
		bySet := make([][]play, nsets+1)
		for r := 0; r < n; r++ {
			for i := 0; i < T; i++ {
				a, b := match[r][i][0], match[r][i][1]
				if flip[r][i] {
					a, b = b, a
				}
				for _, s := range sets[r][i] {
					bySet[s] = append(bySet[s], play{a, 0}, play{b, 1})
				}
			}
		}
		for _, ps := range bySet {
			for x := 0; x < len(ps); x++ {
				for y := x + 1; y < len(ps); y++ {
					if ps[x].dir == ps[y].dir {
						cmp[ps[x].pair*(P+1)+ps[y].pair]++
						cmp[ps[y].pair*(P+1)+ps[x].pair]++
					}
				}
			}
		}
		var sum, sq int
		for p := 1; p <= P; p++ {
			for q := p + 1; q <= P; q++ {
				c := cmp[p*(P+1)+q]
				sum += c
				sq += c * c
			}
		}
		pairs := P * (P - 1) / 2
		return sq*pairs - sum*sum // pairs² × variance
	}
	// Hill climb with occasional accepted worsening moves (a short,
	// seeded annealing), keeping the best directions seen.
	rng := rand.New(rand.NewPCG(uint64(T), 1))
	cur := cost()
	best := cur
	bestFlip := cloneFlip(flip)
	steps := 6000
	for k := 0; k < steps; k++ {
		r, i := rng.IntN(n), rng.IntN(T)
		flip[r][i] = !flip[r][i]
		c := cost()
		temp := float64(best) * 0.02 * float64(steps-k) / float64(steps)
		if c <= cur || (temp > 0 && rng.Float64() < math.Exp(-float64(c-cur)/temp)) {
			cur = c
			if c < best {
				best, bestFlip = c, cloneFlip(flip)
			}
		} else {
			flip[r][i] = !flip[r][i]
		}
	}
	flip = bestFlip
	// Finish with plain descent to a local optimum.
	for improved := true; improved; {
		improved = false
		for r := 0; r < n; r++ {
			for i := 0; i < T; i++ {
				flip[r][i] = !flip[r][i]
				if c := cost(); c < best {
					best, improved = c, true
				} else {
					flip[r][i] = !flip[r][i]
				}
			}
		}
	}
	return flip
}

func cloneFlip(f [][]bool) [][]bool {
	out := make([][]bool, len(f))
	for i := range f {
		out[i] = slices.Clone(f[i])
	}
	return out
}

// howellCache keeps each table count's schedule and directions, which
// take a search to find.
var howellCache sync.Map // int -> howellPlan

type howellPlan struct {
	match [][][2]int
	sets  [][][]int
	flip  [][]bool
}

func planHowell(T int) howellPlan {
	if p, ok := howellCache.Load(T); ok {
		return p.(howellPlan)
	}
	match, sets := howellSchedule(T)
	nsets := 2*T - 1
	if T == 3 {
		nsets = 10
	}
	p := howellPlan{match, sets, balanceDirections(T, nsets, match, sets)}
	howellCache.Store(T, p)
	return p
}
