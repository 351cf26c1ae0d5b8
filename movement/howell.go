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
	PerSet int // boards per round, 1 to MaxPerRound
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
// Pair 2T stays North–South at table 1. For 4 or more tables the
// movement is cyclic: in round r every other pair k sits where pair
// k−1 sat in round r−1 (pair 1 where pair 2T−1 sat) and each table
// takes the next set. The base round and its directions are chosen so
// that two pairs are compared (play a board in the same direction at
// different tables) as evenly as possible: exactly T−1 times for every
// two pairs with 4, 6, 8 and 10 tables, and T−2 to T times with 5, 7 and
// 9 tables, where a spread of 2 is the least possible (see howellBase).
// With 2 tables the two tables share the round's set; 3 tables play ten
// sets, two a round, of half the round's boards each (PerSet must be
// even). Their directions are found by a seeded local search
// and are balanced too (1 and 4 comparisons for every two pairs).
func NewHowell(o HowellOptions) (*Movement, error) {
	T := o.Tables
	if T < 2 || T > MaxHowellTables {
		return nil, fmt.Errorf("%w: Howell for %d tables (2-%d)", ErrTables, T, MaxHowellTables)
	}
	if err := checkPerRound(o.PerSet); err != nil {
		return nil, err
	}
	n := 2*T - 1
	m := &Movement{Kind: Howell, Name: "Howell", Tables: T, Sets: n, PerSet: o.PerSet, Entrants: 2 * T}
	if T == 3 {
		// Two sets a table a round: a round's boards are split evenly
		// between them, so that PerSet stays the boards of a round.
		if o.PerSet%2 != 0 {
			try := fmt.Sprintf("%d or %d", o.PerSet-1, o.PerSet+1)
			if o.PerSet == 1 {
				try = "2"
			}
			return nil, fmt.Errorf("%w: a 3-table Howell plays two sets a round, so its boards a round must be even, got %d (try %s)",
				ErrBoards, o.PerSet, try)
		}
		m.PerSet = o.PerSet / 2
	}
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

// howellSchedule returns, for every round and table, the two pairs
// (North–South first) and the sets they play.
//
// For 4 or more tables it is cyclic over Z_{2T−1}: a base round puts
// pair 2T (stationary) against residue 0 at table 1 and pairs the other
// residues so that their differences ±d cover every nonzero residue
// once; round r adds r to every residue, and table i plays set r+f[i].
// howellBase chooses the base round, its directions and f so that every
// pair meets every set once and the comparisons are balanced.
//
// No such schedule exists for 2 or 3 tables. Two tables share the
// round's set. Three tables play ten sets, two a table a round: the sets
// are the ten perfect matchings of the six pairs that are not rounds, and
// each match plays the two sets that contain it. Their directions are
// chosen afterwards by balanceDirections.
func howellSchedule(T int) ([][][2]int, [][][]int) {
	n := 2*T - 1
	base, f := smallBase(T)
	if T >= 4 {
		base, f = howellBase(T)
	}
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
			sets[r][i] = []int{mod(r+f[i]-f[0], n) + 1} // table 1 starts with set 1
		}
	}
	if T == 3 {
		threeTableSets(match, sets)
	}
	return match, sets
}

// howellBase finds the base round and the set offsets of a cyclic Howell
// for 4 to 10 tables, with m = 2T−1 residues. Slot 0 holds the
// stationary pair (residue m) North–South against residue 0; base[i]
// lists the North–South and East–West residues of table i+1, and f[i] is
// the offset of its set (in round r it plays set r+f[i]).
//
// Pair x playing set s in some direction has the "value" s−x; pair x
// plays every set once exactly when its values, over the slots of the
// base round, are all of Z_m. Let N be the values of the North–South
// seats (other than the stationary pair's), so |N| = T−1. Pairs x and
// x+d then play a set in the same direction λ(d) times, where λ(d) counts
// the ways d is a difference of two values of N (NS) or of two values of
// the other T (EW); since the EW values are the complement of N this is
// 2·λ_N(d)+1. The stationary pair and any other pair are compared T−1
// times (every NS set of the other pair).
//
// Every two pairs are compared T−1 times on average (each set gives
// T(T−1) comparisons among T(2T−1) couples of pairs). With an even T a
// cyclic (2T−1, T−1, T/2−1) difference set N makes every count T−1;
// such sets exist for 7, 11, 15 and 19 residues (the quadratic residues
// of 7, 11, 19; the Singer set of 15). With an odd T no Howell is
// perfectly balanced: if every count were T−1, the ±1 vectors of each
// pair's directions, extended by a +1, would be pairwise orthogonal, a
// Hadamard matrix of order 2T ≡ 2 (mod 4), which does not exist for
// T > 1. Since the mean is the integer T−1, the spread is then at least
// 2, and an N whose differences each occur (T−3)/2 or (T−1)/2 times (an
// almost difference set: the quadratic residues of 13 and 17, one found
// by search for 9) reaches it with counts T−2, T−1 and T.
//
// The search takes the first such N in lexicographic order with 0 in
// it, then pairs each value of N with an EW value so that the
// differences cover each ±d once (a starter) and chooses distinct
// offsets so that the pair residues offset−value are all different in
// the base round (an adder). It takes milliseconds.
func howellBase(T int) ([][2]int, []int) {
	m := 2*T - 1
	lo, hi := (T-2)/2, (T-1)/2 // λ_N(d) wanted; equal for even T
	base := make([][2]int, T)
	f := make([]int, T)
	var found bool
	eachDifferenceSet(m, T-1, lo, hi, func(ns []int) bool {
		inN := make([]bool, m)
		for _, v := range ns {
			inN[v] = true
		}
		for e0 := 0; e0 < m && !found; e0++ {
			if !inN[e0] {
				found = starterAdder(m, ns, inN, e0, base, f)
			}
		}
		return !found
	})
	if !found {
		return nil, nil // not reached for 4..10 tables (tested)
	}
	return base, f
}

// eachDifferenceSet calls yield with each k-subset N of Z_m holding 0 in
// which every nonzero difference occurs between lo and hi times, in
// lexicographic order, until yield returns false.
func eachDifferenceSet(m, k, lo, hi int, yield func([]int) bool) {
	count := make([]int, m) // ordered differences so far
	set := make([]int, 0, k)
	var rec func(next int) bool
	rec = func(next int) bool {
		if len(set) == k {
			for d := 1; d < m; d++ {
				if count[d] < lo {
					return true
				}
			}
			return yield(set)
		}
		for v := next; v <= m-(k-len(set)); v++ {
			ok := true
			for _, u := range set {
				count[v-u]++
				count[m-(v-u)]++
				ok = ok && count[v-u] <= hi
			}
			if ok {
				set = append(set, v)
				if !rec(v + 1) {
					return false
				}
				set = set[:len(set)-1]
			}
			for _, u := range set {
				count[v-u]--
				count[m-(v-u)]--
			}
		}
		return true
	}
	set = append(set, 0)
	rec(1)
}

// starterAdder pairs the North–South values ns with East–West values
// (e0 goes to the stationary pair's opponent) and picks set offsets, as
// described at howellBase; it fills base and f and reports success.
func starterAdder(m int, ns []int, inN []bool, e0 int, base [][2]int, f []int) bool {
	T := len(ns) + 1
	usedE := make([]bool, m) // EW values taken
	usedD := make([]bool, T) // difference classes ±d taken
	usedF := make([]bool, m) // offsets taken
	usedP := make([]bool, m) // pair residues taken
	// Slot 0: the stationary pair against residue 0, offset e0.
	usedE[e0], usedF[e0], usedP[0] = true, true, true
	base[0], f[0] = [2]int{m, 0}, e0
	var rec func(i int) bool
	rec = func(i int) bool {
		if i == T {
			return true
		}
		v := ns[i-1]
		for e := 0; e < m; e++ {
			d := mod(v-e, m)
			d = min(d, m-d)
			if inN[e] || usedE[e] || usedD[d] {
				continue
			}
			usedE[e], usedD[d] = true, true
			for off := 0; off < m; off++ {
				a, b := mod(off-v, m), mod(off-e, m)
				if usedF[off] || usedP[a] || usedP[b] {
					continue
				}
				usedF[off], usedP[a], usedP[b] = true, true, true
				base[i], f[i] = [2]int{a, b}, off
				if rec(i + 1) {
					return true
				}
				usedF[off], usedP[a], usedP[b] = false, false, false
			}
			usedE[e], usedD[d] = false, false
		}
		return false
	}
	return rec(1)
}

// smallBase is the base round for 2 and 3 tables, {i, −i} at table
// i+1, whose sets and directions the caller chooses.
func smallBase(T int) ([][2]int, []int) {
	n := 2*T - 1
	base := [][2]int{{n, 0}}
	for i := 1; i < T; i++ {
		base = append(base, [2]int{i, n - i})
	}
	return base, make([]int, T)
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
	p := howellPlan{match: match, sets: sets}
	switch T {
	case 2:
		p.flip = balanceDirections(T, 3, match, sets)
	case 3:
		p.flip = balanceDirections(T, 10, match, sets)
	default: // the base round fixed the directions
		p.flip = make([][]bool, len(match))
		for r := range p.flip {
			p.flip[r] = make([]bool, T)
		}
	}
	howellCache.Store(T, p)
	return p
}
