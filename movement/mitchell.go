package movement

import (
	"fmt"
	"slices"
)

// Even says how a Mitchell with an even number of tables is arranged.
type Even int

const (
	// Skip: East–West pairs jump a table after half the rounds; at most
	// tables−1 rounds can be played.
	Skip Even = iota
	// RelayBye: the first and last tables share a set (relay) and a bye
	// stand between the middle tables holds one set each round; every
	// pair plays every set in tables rounds.
	RelayBye
)

// MitchellOptions describe a Mitchell movement.
type MitchellOptions struct {
	Tables int // 1 to MaxMitchellTables
	PerSet int // boards per round, 1 to MaxPerRound
	Rounds int // 0 for the full movement
	Even   Even
	// Pairs is the field size: 0 or 2×Tables for a full field, 2×Tables−1
	// for a half table.
	Pairs int
	// MovingPhantom puts the missing pair of a half table in the
	// East–West line (a moving sit-out) instead of North–South at the
	// last table (a stationary one).
	MovingPhantom bool
	// ArrowSwitch lists rounds (from 1) played arrow-switched, which
	// makes the movement one-winner.
	ArrowSwitch []int
}

// NewMitchell builds a Mitchell movement. North–South pair t sits at
// table t; East–West pair T+k starts at table k and moves up one table a
// round; the boards move down one table a round.
func NewMitchell(o MitchellOptions) (*Movement, error) {
	T := o.Tables
	if T < 1 || T > MaxMitchellTables {
		return nil, fmt.Errorf("%w: a Mitchell section has 1-%d tables, got %d", ErrTables, MaxMitchellTables, T)
	}
	if err := checkPerRound(o.PerSet); err != nil {
		return nil, err
	}
	if o.Rounds < 0 || o.Rounds > T {
		return nil, fmt.Errorf("%w: %d (a %d-table Mitchell has at most %d)", ErrRounds, o.Rounds, T, T)
	}
	for _, a := range o.ArrowSwitch {
		if a < 1 || a > T {
			return nil, fmt.Errorf("%w: round %d is not in 1-%d", ErrArrowSwitch, a, T)
		}
	}
	m := &Movement{Kind: Mitchell, Tables: T, Sets: T, PerSet: o.PerSet, Entrants: 2 * T, TwoWinner: true}
	switch o.Pairs {
	case 0, 2 * T:
	case 2*T - 1:
		m.Phantom = T // NS pair at the last table
		if o.MovingPhantom {
			m.Phantom = 2 * T
		}
	default:
		return nil, fmt.Errorf("%w: %d pairs at %d tables (want %d or %d)", ErrField, o.Pairs, T, 2*T-1, 2*T)
	}
	rounds := T
	// pos[t] is the position of table t in the boards' circuit and
	// skip(r) the extra tables East–West have jumped by round r.
	pos := make([]int, T)
	for t := range pos {
		pos[t] = t
	}
	skip := func(int) int { return 0 }
	byePos := -1
	switch {
	case T%2 == 1:
		m.Name = "Mitchell"
	case o.Even == Skip:
		m.Name = "skip Mitchell"
		rounds = T - 1
		if T == 2 {
			rounds = 1 // the skip round would meet the first opponents again
		}
		skip = func(r int) int {
			if r >= T/2 {
				return 1
			}
			return 0
		}
	case o.Even == RelayBye:
		if T < 4 {
			return nil, fmt.Errorf("%w: relay and bye stand needs at least 4 tables, got %d", ErrTables, T)
		}
		m.Name = "Mitchell with relay and bye stand"
		m.Relay = []int{1, T}
		m.ByeStand = T / 2
		// Circuit: table 1 (shared with table T), 2, …, T/2, bye stand,
		// T/2+1, …, T−1.
		for t := T / 2; t < T-1; t++ {
			pos[t] = t + 1
		}
		pos[T-1] = 0
		byePos = T / 2
	default:
		return nil, fmt.Errorf("movement: unknown even-table arrangement %d", o.Even)
	}
	for r := 0; r < rounds; r++ {
		rd := Round{Number: r + 1}
		sw := slices.Contains(o.ArrowSwitch, r+1)
		for t := 0; t < T; t++ {
			rd.Tables = append(rd.Tables, Seating{
				Table:  t + 1,
				NS:     t + 1,
				EW:     T + mod(t-r-skip(r), T) + 1,
				Sets:   []int{mod(pos[t]+r, T) + 1},
				Switch: sw,
			})
		}
		if byePos >= 0 {
			rd.Idle = []int{mod(byePos+r, T) + 1}
		}
		m.Rounds = append(m.Rounds, rd)
	}
	for _, a := range o.ArrowSwitch {
		if a > rounds {
			return nil, fmt.Errorf("%w: round %d is not in 1-%d", ErrArrowSwitch, a, rounds)
		}
		m.TwoWinner = false
	}
	if err := m.truncate(o.Rounds); err != nil {
		return nil, err
	}
	m.blank()
	return m, nil
}
