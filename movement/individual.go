package movement

import (
	"fmt"
	"slices"
)

// IndividualOptions describe an individual movement.
type IndividualOptions struct {
	Tables int // 2 or 3
	PerSet int // boards per round, 1 to MaxPerRound
	Rounds int // 0 for the full 4×Tables−1 rounds
}

// NewIndividual builds the cyclic individual movement for 2 or 3 tables
// (8 or 12 players, 7 or 11 rounds): every player partners every other
// player once and opposes every other player twice, and plays every set
// once. Player 4T is stationary; the others advance one place in a cycle
// of 4T−1 each round. No cyclic schedule gives the tables different sets
// for 2 or 3 tables, so every table plays the round's set (the boards are
// shared between the tables, or duplicated), as Relay records.
func NewIndividual(o IndividualOptions) (*Movement, error) {
	T := o.Tables
	base, g := individualBase(T)
	if base == nil {
		return nil, fmt.Errorf("%w: individual movement for %d tables (2 or 3)", ErrTables, T)
	}
	if err := checkPerRound(o.PerSet); err != nil {
		return nil, err
	}
	n := 4*T - 1
	m := &Movement{Kind: Individual, Name: "individual", Tables: T, Sets: n, PerSet: o.PerSet, Entrants: 4 * T}
	if slices.Max(g) == 0 {
		for t := 1; t <= T; t++ {
			m.Relay = append(m.Relay, t) // all tables share the round's set
		}
	}
	for r := 0; r < n; r++ {
		rd := Round{Number: r + 1}
		for t := 0; t < T; t++ {
			ps := make([]int, 4)
			for k := 0; k < 4; k++ {
				x := base[4*t+k]
				if x == n {
					ps[k] = 4 * T
				} else {
					ps[k] = mod(x+r, n) + 1
				}
			}
			rd.Tables = append(rd.Tables, Seating{Table: t + 1, Players: ps, Sets: []int{mod(r+g[t], n) + 1}})
		}
		m.Rounds = append(m.Rounds, rd)
	}
	if err := m.truncate(o.Rounds); err != nil {
		return nil, err
	}
	return m, nil
}

// individualBase returns the seats of round 1 (four a table in the order
// N, E, S, W; residues 0..4T−2 and 4T−1 for the stationary player) and
// the set offset of each table, found by a search with these conditions:
// the partnerships' differences ±d cover every nonzero residue once, the
// opponents' differences cover each ±d class twice, and x − r → set is a
// bijection for every moving player. Supported for T = 2 and 3.
func individualBase(T int) ([]int, []int) {
	if T < 2 || T > 3 {
		return nil, nil
	}
	n := 4*T - 1
	inf := n
	seats := make([]int, 4*T)
	placed := make([]bool, n)
	partner := make([]int, n) // class use counts (class = min(d, n−d))
	oppo := make([]int, n)
	class := func(a, b int) int {
		d := mod(a-b, n)
		return min(d, n-d)
	}
	var g []int
	// tableOf[x] for residue x, used to test the set condition.
	var try func(k int) bool
	var first []int
	finish := func() bool {
		if first == nil {
			first = slices.Clone(seats)
		}
		tableOf := make([]int, n)
		for k, x := range seats {
			if x != inf {
				tableOf[x] = k / 4
			}
		}
		// Table 0 plays set offset 0; search offsets for the others.
		off := make([]int, T)
		var place func(t int) bool
		place = func(t int) bool {
			if t == T {
				seen := make([]bool, n)
				for d := 0; d < n; d++ {
					v := mod(off[tableOf[d]]-d, n)
					if seen[v] {
						return false
					}
					seen[v] = true
				}
				return true
			}
			for v := 1; v < n; v++ {
				ok := true
				for u := 0; u < t; u++ {
					ok = ok && off[u] != v
				}
				if ok {
					off[t] = v
					if place(t + 1) {
						return true
					}
				}
			}
			return false
		}
		if place(1) {
			g = off
			return true
		}
		return false
	}
	try = func(k int) bool {
		if k == 4*T {
			return finish()
		}
		if k == 0 {
			seats[0] = inf
			return try(1)
		}
		lo, hi := 0, n
		if k == 2 {
			hi = 1 // WLOG the stationary player's partner is residue 0
		}
		for x := lo; x < hi; x++ {
			if placed[x] {
				continue
			}
			t := k / 4
			seat := k % 4
			// Partner check: seat 2 partners seat 0, seat 3 partners seat 1.
			var undo []func()
			ok := true
			if seat >= 2 {
				p := seats[4*t+seat-2]
				if p != inf {
					c := class(x, p)
					if partner[c] >= 1 {
						ok = false
					} else {
						partner[c]++
						undo = append(undo, func() { partner[c]-- })
					}
				}
			}
			// Opponent checks against the seats already filled at this table.
			for s := 0; s < seat && ok; s++ {
				if (s-seat)%2 == 0 {
					continue // partner
				}
				o := seats[4*t+s]
				if o == inf {
					continue
				}
				c := class(x, o)
				if oppo[c] >= 2 {
					ok = false
					break
				}
				oppo[c]++
				undo = append(undo, func() { oppo[c]-- })
			}
			if ok {
				// Symmetry: first seat of each table takes the lowest free residue.
				if seat == 0 && t > 0 {
					for y := 0; y < x; y++ {
						if !placed[y] {
							ok = false
							break
						}
					}
				}
			}
			if ok {
				seats[k] = x
				placed[x] = true
				if try(k + 1) {
					return true
				}
				placed[x] = false
			}
			for i := len(undo) - 1; i >= 0; i-- {
				undo[i]()
			}
		}
		return false
	}
	if try(0) {
		return seats, g
	}
	if first == nil {
		return nil, nil
	}
	// No offsets give each table its own set (none exist for 2 or 3
	// tables): every table plays the round's set.
	return first, make([]int, T)
}
