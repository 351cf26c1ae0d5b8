package movement

import "fmt"

// RoundRobinOptions describe an all-play-all teams event.
type RoundRobinOptions struct {
	Teams int // 2 to MaxRoundRobinTeams; an odd field gives a bye each round
	// Tables is the number of matches a round, read when Teams is 0: the
	// field is then 2×Tables teams.
	Tables int
	PerSet int // boards per match, 1 to MaxPerRound
	Rounds int // 0 for all Teams−1 (or Teams) rounds
}

// NewRoundRobin builds a teams round robin by the Berger tables: round 1
// is 1 v N, 2 v N−1, …; each later round adds N/2 to every team number
// other than N (modulo N−1) and turns round team N's match, so team N
// alternates home and away. In an odd field team N is a phantom and its
// opponent has the bye. A table is a match (two rooms, each with its own
// copy of the boards); every match of round r plays set r.
func NewRoundRobin(o RoundRobinOptions) (*Movement, error) {
	if o.Teams == 0 {
		if o.Tables < 1 || o.Tables > MaxRoundRobinTeams/2 {
			return nil, fmt.Errorf("%w: a round robin has 1-%d matches a round, got %d", ErrTables, MaxRoundRobinTeams/2, o.Tables)
		}
		o.Teams = 2 * o.Tables
	}
	if o.Teams < 2 || o.Teams > MaxRoundRobinTeams {
		return nil, fmt.Errorf("%w: a round robin has 2-%d teams, got %d", ErrField, MaxRoundRobinTeams, o.Teams)
	}
	if err := checkPerRound(o.PerSet); err != nil {
		return nil, err
	}
	N := o.Teams + o.Teams%2
	m := &Movement{Kind: RoundRobin, Name: "teams round robin (Berger)", Tables: N / 2, Sets: N - 1,
		PerSet: o.PerSet, Entrants: N, Duplicated: true}
	if o.Teams%2 == 1 {
		m.Phantom = N
	}
	cur := make([][2]int, N/2)
	for i := range cur {
		cur[i] = [2]int{i + 1, N - i}
	}
	step := func(x int) int {
		if x == N {
			return N
		}
		return mod(x-1+N/2, N-1) + 1
	}
	for r := 1; r < N; r++ {
		rd := Round{Number: r}
		for i, p := range cur {
			rd.Tables = append(rd.Tables, Seating{Table: i + 1, NS: p[0], EW: p[1], Sets: []int{r}})
		}
		m.Rounds = append(m.Rounds, rd)
		for i, p := range cur {
			a, b := step(p[0]), step(p[1])
			if p[0] == N || p[1] == N {
				a, b = b, a
			}
			cur[i] = [2]int{a, b}
		}
	}
	if err := m.truncate(o.Rounds); err != nil {
		return nil, err
	}
	m.blank()
	return m, nil
}
