package movement

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// props gathers what the property tests look at.
type props struct {
	plays    map[int]int    // set -> full tables that played it
	meets    map[[2]int]int // entrants -> times opponents
	perEnt   map[int][]int  // entrant -> sets played
	sitOuts  map[int]int
	partners map[[2]int]int
}

func gather(m *Movement) props {
	p := props{plays: m.Plays(), meets: m.Meetings(), perEnt: map[int][]int{}, sitOuts: map[int]int{}, partners: map[[2]int]int{}}
	for _, r := range m.Rounds {
		seen := map[int]bool{}
		for _, s := range r.Tables {
			es := s.seated()
			full := !slices.Contains(es, 0)
			for k, e := range es {
				if e == 0 {
					continue
				}
				seen[e] = true
				if !full {
					p.sitOuts[e]++
					continue
				}
				p.perEnt[e] = append(p.perEnt[e], s.Sets...)
				if s.Players != nil && k < 2 {
					q := es[k+2]
					p.partners[[2]int{min(e, q), max(e, q)}]++
				}
			}
		}
		for e := 1; e <= m.Entrants; e++ {
			if e != m.Phantom && !seen[e] {
				p.sitOuts[e]++
			}
		}
	}
	return p
}

// checkAll asserts Check and that every set is played want times and
// every real entrant plays the sets listed by sets(e) exactly once.
func checkPlays(t *testing.T, m *Movement, want func(set int) int) props {
	t.Helper()
	if err := m.Check(); err != nil {
		t.Fatalf("%s: %v", m.Summary(), err)
	}
	p := gather(m)
	for s := 1; s <= m.Sets; s++ {
		if got, w := p.plays[s], want(s); got != w {
			t.Errorf("%s: set %d played %d times, want %d", m.Summary(), s, got, w)
		}
	}
	return p
}

// Mitchell, odd tables: every NS pair meets every EW pair once and every
// pair plays every set once; no two NS (or two EW) pairs meet.
func TestMitchellOddProperties(t *testing.T) {
	for T := 3; T <= 21; T += 2 {
		m, err := NewMitchell(MitchellOptions{Tables: T, PerSet: 2})
		if err != nil {
			t.Fatal(err)
		}
		p := checkPlays(t, m, func(int) int { return T })
		for a := 1; a <= 2*T; a++ {
			if len(p.perEnt[a]) != T {
				t.Errorf("T=%d: pair %d played %d sets, want %d", T, a, len(p.perEnt[a]), T)
			}
			for b := a + 1; b <= 2*T; b++ {
				want := 0
				if (a <= T) != (b <= T) {
					want = 1
				}
				if got := p.meets[[2]int{a, b}]; got != want {
					t.Errorf("T=%d: pairs %d and %d meet %d times, want %d", T, a, b, got, want)
				}
			}
		}
		if !m.TwoWinner || len(m.Rounds) != T {
			t.Errorf("T=%d: two-winner %v rounds %d", T, m.TwoWinner, len(m.Rounds))
		}
	}
}

// Mitchell, even tables with a skip: T−1 rounds, each set played T−1
// times, no pair meets another twice or plays a set twice.
func TestMitchellSkipProperties(t *testing.T) {
	for T := 4; T <= 20; T += 2 {
		m, err := NewMitchell(MitchellOptions{Tables: T, PerSet: 3, Even: Skip})
		if err != nil {
			t.Fatal(err)
		}
		p := checkPlays(t, m, func(int) int { return T - 1 })
		for k, c := range p.meets {
			if c != 1 || (k[0] <= T) == (k[1] <= T) {
				t.Errorf("T=%d: %v meet %d times", T, k, c)
			}
		}
		if len(p.meets) != T*(T-1) {
			t.Errorf("T=%d: %d meetings, want %d", T, len(p.meets), T*(T-1))
		}
		// The skip: EW pair T+1 is at table 1+T/2+1 in round T/2+1.
		if got := findTable(m, T/2+1, T+1); got != T/2+2 {
			t.Errorf("T=%d: EW pair 1 at table %d after the skip, want %d", T, got, T/2+2)
		}
	}
}

func findTable(m *Movement, round, e int) int {
	for _, s := range m.Rounds[round-1].Tables {
		if slices.Contains(s.seated(), e) {
			return s.Table
		}
	}
	return 0
}

// Mitchell, even tables with a relay (tables 1 and T share) and a bye
// stand: T rounds, every pair plays every set and meets every pair of
// the other line once; one set rests on the bye stand each round.
func TestMitchellRelayByeProperties(t *testing.T) {
	for T := 4; T <= 20; T += 2 {
		m, err := NewMitchell(MitchellOptions{Tables: T, PerSet: 2, Even: RelayBye})
		if err != nil {
			t.Fatal(err)
		}
		p := checkPlays(t, m, func(int) int { return T })
		for a := 1; a <= 2*T; a++ {
			if len(p.perEnt[a]) != T {
				t.Errorf("T=%d: pair %d played %d sets", T, a, len(p.perEnt[a]))
			}
		}
		if len(p.meets) != T*T {
			t.Errorf("T=%d: %d meetings, want %d", T, len(p.meets), T*T)
		}
		for _, r := range m.Rounds {
			if len(r.Idle) != 1 || !slices.Equal(r.Tables[0].Sets, r.Tables[T-1].Sets) {
				t.Errorf("T=%d round %d: idle %v, tables 1 and T play %v and %v", T, r.Number, r.Idle, r.Tables[0].Sets, r.Tables[T-1].Sets)
			}
		}
	}
}

// Half tables: with 2T−1 pairs every set is played T−1 times (or T−1
// times for the skip's T−1 rounds less one) and each pair meeting the
// phantom sits out once.
func TestMitchellHalfTable(t *testing.T) {
	for T := 3; T <= 20; T++ {
		for _, moving := range []bool{false, true} {
			m, err := NewMitchell(MitchellOptions{Tables: T, PerSet: 2, Pairs: 2*T - 1, MovingPhantom: moving, Even: RelayBye})
			if err != nil {
				t.Fatal(err)
			}
			if err := m.Check(); err != nil {
				t.Fatalf("T=%d moving=%v: %v", T, moving, err)
			}
			p := gather(m)
			total := 0
			for _, c := range p.plays {
				total += c
			}
			if want := T*T - T; total != want {
				t.Errorf("T=%d moving=%v: %d full-table plays, want %d", T, moving, total, want)
			}
			for e := 1; e <= 2*T; e++ {
				if e == m.Phantom {
					continue
				}
				if (e <= T) != (m.Phantom <= T) && p.sitOuts[e] != 1 {
					t.Errorf("T=%d moving=%v: pair %d sits out %d times, want 1", T, moving, e, p.sitOuts[e])
				}
			}
		}
	}
}

// Arrow-switch rounds are flagged and make the movement one-winner.
func TestMitchellArrowSwitch(t *testing.T) {
	m, err := NewMitchell(MitchellOptions{Tables: 7, PerSet: 3, ArrowSwitch: []int{4, 7}})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range m.Rounds {
		for _, s := range r.Tables {
			if s.Switch != (r.Number == 4 || r.Number == 7) {
				t.Errorf("round %d table %d: switch %v", r.Number, s.Table, s.Switch)
			}
		}
	}
	if m.TwoWinner {
		t.Error("arrow-switched Mitchell still two-winner")
	}
	if _, err := NewMitchell(MitchellOptions{Tables: 7, PerSet: 3, ArrowSwitch: []int{8}}); !errors.Is(err, ErrRounds) {
		t.Errorf("round 8 of 7 accepted: %v", err)
	}
}

// Known positions of the standard Mitchell (NS stationary, EW up one,
// boards down one).
func TestMitchellKnownSeats(t *testing.T) {
	m, err := NewMitchell(MitchellOptions{Tables: 5, PerSet: 4})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		round, table, ns, ew, set int
	}{
		{1, 1, 1, 6, 1},  // EW pair 1 starts at table 1 with set 1
		{1, 5, 5, 10, 5}, //
		{2, 2, 2, 6, 3},  // EW pair 1 moved up to table 2; set 3 moved down from table 3
		{2, 1, 1, 10, 2}, // EW pair 5 came round from table 5
		{5, 1, 1, 7, 5},  // last round
	}
	for _, tc := range tests {
		s := m.Rounds[tc.round-1].Tables[tc.table-1]
		if s.NS != tc.ns || s.EW != tc.ew || !slices.Equal(s.Sets, []int{tc.set}) {
			t.Errorf("round %d table %d: %d v %d set %v, want %d v %d set %d", tc.round, tc.table, s.NS, s.EW, s.Sets, tc.ns, tc.ew, tc.set)
		}
	}
	if f, l := m.Boards(3); f != 9 || l != 12 {
		t.Errorf("set 3 of 4 boards = %d-%d, want 9-12", f, l)
	}
}

// Howell, 2–10 tables: every pair meets every other once and plays
// every set once; every set is played at every table count.
func TestHowellProperties(t *testing.T) {
	for T := 2; T <= MaxHowellTables; T++ {
		m, err := NewHowell(HowellOptions{Tables: T, PerSet: 2})
		if err != nil {
			t.Fatal(err)
		}
		if len(m.Rounds) != 2*T-1 {
			t.Errorf("T=%d: %d rounds, want %d", T, len(m.Rounds), 2*T-1)
		}
		p := checkPlays(t, m, func(int) int { return T })
		for a := 1; a <= 2*T; a++ {
			if got := len(p.perEnt[a]); got != m.Sets {
				t.Errorf("T=%d: pair %d plays %d sets, want all %d", T, a, got, m.Sets)
			}
			for b := a + 1; b <= 2*T; b++ {
				if got := p.meets[[2]int{a, b}]; got != 1 {
					t.Errorf("T=%d: pairs %d and %d meet %d times", T, a, b, got)
				}
			}
		}
	}
}

// Howell balance: two pairs are compared when they play a board in the
// same direction at different tables. Each set played at T tables gives
// T(T−1) comparisons among the T(2T−1) couples of pairs, so the mean is
// (sets)(T−1)/(2T−1): T−1 with 2T−1 sets (checked below).
// Every count equals T−1 only if the pairs' ±1 direction vectors,
// extended by a +1, form a Hadamard matrix of order 2T, which needs 2T
// divisible by 4 (or T = 1): so even T can be perfect and odd T has a
// spread of at least 2 (the mean is an integer and not every count can
// equal it). Three tables play ten sets, two a round, so the mean is
// 10×2/5 = 4 there. The rows are these least
// possible ranges; a change that widens one fails here.
func TestHowellBalance(t *testing.T) {
	tests := []struct {
		tables, lo, hi int
	}{
		{2, 1, 1},  // perfect: order 4
		{3, 4, 4},  // ten sets: perfect
		{4, 3, 3},  // perfect: order 8
		{5, 3, 5},  // spread 2: order 10 has no Hadamard matrix
		{6, 5, 5},  // perfect: order 12
		{7, 5, 7},  // spread 2: order 14
		{8, 7, 7},  // perfect: order 16
		{9, 7, 9},  // spread 2: order 18
		{10, 9, 9}, // perfect: order 20
	}
	for _, tc := range tests {
		m, err := NewHowell(HowellOptions{Tables: tc.tables, PerSet: 6})
		if err != nil {
			t.Fatal(err)
		}
		cmp := comparisons(m)
		lo, hi, sum := 1<<30, 0, 0
		for _, c := range cmp {
			lo, hi, sum = min(lo, c), max(hi, c), sum+c
		}
		t.Logf("Howell %d tables: comparisons between two pairs range %d-%d", tc.tables, lo, hi)
		if lo != tc.lo || hi != tc.hi {
			t.Errorf("T=%d: comparisons range %d-%d, want %d-%d", tc.tables, lo, hi, tc.lo, tc.hi)
		}
		if P := 2 * tc.tables; len(cmp) != P*(P-1)/2 {
			t.Errorf("T=%d: %d couples of pairs counted, want %d", tc.tables, len(cmp), P*(P-1)/2)
		}
		if want := m.Sets * (tc.tables - 1) * len(cmp); sum*(2*tc.tables-1) != want {
			t.Errorf("T=%d: %d comparisons in all, want %d/(2T−1)", tc.tables, sum, want)
		}
	}
}

// The difference-set search finds every set it should: the (7,3,1) and
// (11,5,2) cyclic difference sets are the translates of the quadratic
// residues and of the non-residues (Paley), 2×7 and 2×11 sets of which
// 3 and 5 of each hold 0; every set found is checked independently.
func TestEachDifferenceSet(t *testing.T) {
	tests := []struct {
		m, k, lo, hi, want int
	}{
		{7, 3, 1, 1, 6},
		{11, 5, 2, 2, 10},
		{9, 4, 1, 2, -1}, // 5 tables: any count, each checked
		{15, 7, 3, 3, -1},
	}
	for _, tc := range tests {
		n := 0
		eachDifferenceSet(tc.m, tc.k, tc.lo, tc.hi, func(s []int) bool {
			n++
			count := make([]int, tc.m)
			for _, a := range s {
				for _, b := range s {
					if a != b {
						count[mod(a-b, tc.m)]++
					}
				}
			}
			for d := 1; d < tc.m; d++ {
				if count[d] < tc.lo || count[d] > tc.hi {
					t.Errorf("Z_%d: %v has difference %d %d times, want %d-%d", tc.m, s, d, count[d], tc.lo, tc.hi)
				}
			}
			if len(s) != tc.k || s[0] != 0 {
				t.Errorf("Z_%d: %v, want %d elements from 0", tc.m, s, tc.k)
			}
			return true
		})
		if n == 0 || (tc.want >= 0 && n != tc.want) {
			t.Errorf("Z_%d: %d sets of %d found, want %d", tc.m, n, tc.k, tc.want)
		}
	}
}

// comparisons counts, for every two pairs (lower number first), the
// boards on which they are compared: same board, same direction,
// different tables.
func comparisons(m *Movement) map[[2]int]int {
	type play struct{ e, dir int }
	by := map[int][]play{}
	for _, r := range m.Rounds {
		for _, s := range r.Tables {
			for _, set := range s.Sets {
				by[set] = append(by[set], play{s.NS, 0}, play{s.EW, 1})
			}
		}
	}
	cmp := map[[2]int]int{}
	for a := 1; a <= m.Entrants; a++ {
		for b := a + 1; b <= m.Entrants; b++ {
			cmp[[2]int{a, b}] = 0
		}
	}
	for _, ps := range by {
		for i := range ps {
			for j := i + 1; j < len(ps); j++ {
				if ps[i].dir == ps[j].dir {
					cmp[[2]int{min(ps[i].e, ps[j].e), max(ps[i].e, ps[j].e)}]++
				}
			}
		}
	}
	return cmp
}

// A Howell with an odd field: the stationary pair is the phantom and
// every other pair sits out exactly once.
func TestHowellSitOut(t *testing.T) {
	for T := 2; T <= MaxHowellTables; T++ {
		m, err := NewHowell(HowellOptions{Tables: T, PerSet: 2, Pairs: 2*T - 1})
		if err != nil {
			t.Fatal(err)
		}
		if err := m.Check(); err != nil {
			t.Fatal(err)
		}
		p := gather(m)
		for e := 1; e < 2*T; e++ {
			if p.sitOuts[e] != 1 {
				t.Errorf("T=%d: pair %d sits out %d times", T, e, p.sitOuts[e])
			}
		}
	}
}

// Teams round robin by the Berger tables for 3–20 teams.
func TestRoundRobinProperties(t *testing.T) {
	for N := 3; N <= 20; N++ {
		m, err := NewRoundRobin(RoundRobinOptions{Teams: N, PerSet: 8})
		if err != nil {
			t.Fatal(err)
		}
		if err := m.Check(); err != nil {
			t.Fatal(err)
		}
		p := gather(m)
		for a := 1; a <= N; a++ {
			for b := a + 1; b <= N; b++ {
				if p.meets[[2]int{a, b}] != 1 {
					t.Errorf("N=%d: teams %d and %d meet %d times", N, a, b, p.meets[[2]int{a, b}])
				}
			}
			home := 0
			for _, r := range m.Rounds {
				for _, s := range r.Tables {
					if s.NS == a && s.EW != 0 {
						home++
					}
				}
			}
			if games := N - 1; home < games/2-1 || home > (games+1)/2+1 {
				t.Errorf("N=%d: team %d at home %d times of %d", N, a, home, games)
			}
		}
	}
	// Berger round 2 for 6 teams: 6-4, 5-3, 1-2.
	m, _ := NewRoundRobin(RoundRobinOptions{Teams: 6, PerSet: 1})
	var got [][2]int
	for _, s := range m.Rounds[1].Tables {
		got = append(got, [2]int{s.NS, s.EW})
	}
	if want := [][2]int{{6, 4}, {5, 3}, {1, 2}}; !slices.Equal(got, want) {
		t.Errorf("Berger round 2 of 6: %v, want %v", got, want)
	}
}

// Individual movements for 2 and 3 tables: every player partners every
// other once, opposes every other twice and plays every set once.
func TestIndividualProperties(t *testing.T) {
	for T := 2; T <= 3; T++ {
		m, err := NewIndividual(IndividualOptions{Tables: T, PerSet: 2})
		if err != nil {
			t.Fatal(err)
		}
		p := checkPlays(t, m, func(int) int { return T })
		P := 4 * T
		for a := 1; a <= P; a++ {
			if len(p.perEnt[a]) != m.Sets {
				t.Errorf("T=%d: player %d plays %d sets", T, a, len(p.perEnt[a]))
			}
			for b := a + 1; b <= P; b++ {
				k := [2]int{a, b}
				if p.partners[k] != 1 || p.meets[k] != 2 {
					t.Errorf("T=%d: players %d,%d partner %d times and oppose %d", T, a, b, p.partners[k], p.meets[k])
				}
			}
		}
	}
	if _, err := NewIndividual(IndividualOptions{Tables: 4, PerSet: 2}); !errors.Is(err, ErrTables) {
		t.Errorf("4-table individual: %v", err)
	}
}

// Shortened movements stay valid.
func TestTruncated(t *testing.T) {
	for T := 3; T <= 10; T++ {
		for R := 1; R < T; R++ {
			for _, mk := range []func() (*Movement, error){
				func() (*Movement, error) { return NewMitchell(MitchellOptions{Tables: T, PerSet: 2, Rounds: R}) },
				func() (*Movement, error) { return NewHowell(HowellOptions{Tables: T, PerSet: 2, Rounds: R}) },
			} {
				m, err := mk()
				if err != nil {
					t.Fatal(err)
				}
				if err := m.Check(); err != nil || len(m.Rounds) != R {
					t.Errorf("T=%d R=%d: %d rounds, %v", T, R, len(m.Rounds), err)
				}
			}
		}
	}
}

func TestBadOptions(t *testing.T) {
	tests := []struct {
		name string
		err  error
		want error
	}{
		{"Mitchell 0 tables", second(NewMitchell(MitchellOptions{Tables: 0, PerSet: 2})), ErrTables},
		{"Mitchell 0 boards", second(NewMitchell(MitchellOptions{Tables: 3})), ErrBoards},
		{"Mitchell 20 rounds of 7", second(NewMitchell(MitchellOptions{Tables: 7, PerSet: 2, Rounds: 20})), ErrRounds},
		{"Mitchell skip 8 rounds at 8 tables", second(NewMitchell(MitchellOptions{Tables: 8, PerSet: 2, Rounds: 8})), ErrRounds},
		{"Mitchell 5 pairs at 4 tables", second(NewMitchell(MitchellOptions{Tables: 4, PerSet: 2, Pairs: 5})), ErrField},
		{"relay at 2 tables", second(NewMitchell(MitchellOptions{Tables: 2, PerSet: 2, Even: RelayBye})), ErrTables},
		{"Howell 11 tables", second(NewHowell(HowellOptions{Tables: 11, PerSet: 2})), ErrTables},
		{"Howell 1 table", second(NewHowell(HowellOptions{Tables: 1, PerSet: 2})), ErrTables},
		{"round robin 1 team", second(NewRoundRobin(RoundRobinOptions{Teams: 1, PerSet: 2})), ErrField},
		// Issue 13 item 5: every size has a documented range, checked
		// before any work.
		{"Mitchell 61 tables", second(NewMitchell(MitchellOptions{Tables: MaxMitchellTables + 1, PerSet: 2})), ErrTables},
		{"Mitchell 100000 tables", second(NewMitchell(MitchellOptions{Tables: 100000, PerSet: 2})), ErrTables},
		{"Mitchell 2^31 tables", second(NewMitchell(MitchellOptions{Tables: 1 << 31, PerSet: 2})), ErrTables},
		{"Mitchell 65 boards a round", second(NewMitchell(MitchellOptions{Tables: 3, PerSet: MaxPerRound + 1})), ErrBoards},
		{"Mitchell -1 rounds", second(NewMitchell(MitchellOptions{Tables: 3, PerSet: 2, Rounds: -1})), ErrRounds},
		{"Mitchell arrow switch round 0", second(NewMitchell(MitchellOptions{Tables: 3, PerSet: 2, ArrowSwitch: []int{0}})), ErrArrowSwitch},
		{"Howell 1000000 boards a round", second(NewHowell(HowellOptions{Tables: 4, PerSet: 1000000})), ErrBoards},
		{"individual 65 boards a round", second(NewIndividual(IndividualOptions{Tables: 2, PerSet: 65})), ErrBoards},
		{"round robin 65 teams", second(NewRoundRobin(RoundRobinOptions{Teams: MaxRoundRobinTeams + 1, PerSet: 2})), ErrField},
		{"round robin 100000 matches", second(NewRoundRobin(RoundRobinOptions{Tables: 100000, PerSet: 2})), ErrTables},
		{"round robin 2^31 matches", second(NewRoundRobin(RoundRobinOptions{Tables: 1 << 31, PerSet: 2})), ErrTables},
		{"round robin 0 boards", second(NewRoundRobin(RoundRobinOptions{Teams: 4})), ErrBoards},
	}
	for _, tc := range tests {
		if !errors.Is(tc.err, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, tc.err, tc.want)
		}
	}
}

func second(_ *Movement, err error) error { return err }

// The largest sizes in range are built and pass Check.
func TestLimitsBuild(t *testing.T) {
	for name, mk := range map[string]func() (*Movement, error){
		"Mitchell": func() (*Movement, error) {
			return NewMitchell(MitchellOptions{Tables: MaxMitchellTables, PerSet: MaxPerRound})
		},
		"round robin": func() (*Movement, error) {
			return NewRoundRobin(RoundRobinOptions{Teams: MaxRoundRobinTeams, PerSet: 1})
		},
		"matches": func() (*Movement, error) {
			return NewRoundRobin(RoundRobinOptions{Tables: MaxRoundRobinTeams / 2, PerSet: 1})
		},
	} {
		m, err := mk()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if err := m.Check(); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// SetBoards shares the boards over the sets and suggests totals that do.
func TestSetBoards(t *testing.T) {
	tests := []struct {
		tables, boards int
		perSet         int
		err            string
	}{
		{5, 20, 0, "(try 18 or 27)"}, // 9 sets: 20 is not a multiple
		{5, 27, 3, ""},
		{5, 7, 0, "(try 9)"}, // fewer boards than sets: one suggestion, not "9 or 9"
		{5, 0, 0, "want 9 to 576"},
		{5, 9 * 65, 0, "65 boards a round"},
	}
	for _, tc := range tests {
		m, err := NewHowell(HowellOptions{Tables: tc.tables, PerSet: 2})
		if err != nil {
			t.Fatal(err)
		}
		err = m.SetBoards(tc.boards)
		if tc.err == "" {
			if err != nil || m.PerSet != tc.perSet {
				t.Errorf("%d boards: per set %d, %v; want %d", tc.boards, m.PerSet, err, tc.perSet)
			}
			continue
		}
		if !errors.Is(err, ErrBoards) || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("%d boards: %v, want ErrBoards with %q", tc.boards, err, tc.err)
		}
	}
}

// Check catches the faults a movement must not have.
func TestCheckCatches(t *testing.T) {
	good := func() *Movement {
		m, _ := NewMitchell(MitchellOptions{Tables: 3, PerSet: 1})
		return m
	}
	tests := []struct {
		name   string
		break_ func(m *Movement)
	}{
		{"pair at two tables", func(m *Movement) { m.Rounds[0].Tables[1].EW = m.Rounds[0].Tables[0].EW }},
		{"set at two tables", func(m *Movement) { m.Rounds[0].Tables[1].Sets = []int{1} }},
		{"pair plays set twice", func(m *Movement) { m.Rounds[1].Tables[0].Sets = []int{1} }},
		{"set out of range", func(m *Movement) { m.Rounds[0].Tables[0].Sets = []int{4} }},
		{"unknown entrant", func(m *Movement) { m.Rounds[0].Tables[0].NS = 9 }},
		{"missing table", func(m *Movement) { m.Rounds[0].Tables = m.Rounds[0].Tables[:2] }},
	}
	if err := good().Check(); err != nil {
		t.Fatal(err)
	}
	for _, tc := range tests {
		m := good()
		tc.break_(m)
		if err := m.Check(); !errors.Is(err, ErrInvalid) {
			t.Errorf("%s: Check() = %v", tc.name, err)
		}
	}
}

// Entrant cards: an EW pair in a Mitchell moves up one table a round.
func TestEntrantCardsNext(t *testing.T) {
	m, _ := NewMitchell(MitchellOptions{Tables: 5, PerSet: 2})
	for _, c := range m.EntrantCards() {
		for i, r := range c.Rows {
			want := r.Table // NS stays
			if c.Entrant > 5 {
				want = r.Table%5 + 1
			}
			if i == len(c.Rows)-1 {
				want = 0
			}
			if r.Next != want {
				t.Errorf("pair %d round %d at table %d: next %d, want %d", c.Entrant, r.Round, r.Table, r.Next, want)
			}
		}
	}
}

// The JSON form round-trips.
func TestJSONRoundTrip(t *testing.T) {
	m, _ := NewMitchell(MitchellOptions{Tables: 6, PerSet: 2, Even: RelayBye, Pairs: 11})
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	var back Movement
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	b2, _ := json.Marshal(&back)
	if !bytes.Equal(b, b2) || back.Kind != Mitchell {
		t.Errorf("round trip changed the movement:\n%s\n%s", b, b2)
	}
}

// Golden text output for small movements; run with -update to rewrite.
func TestGoldenText(t *testing.T) {
	cases := map[string]func() (*Movement, error){
		"mitchell3.txt":        func() (*Movement, error) { return NewMitchell(MitchellOptions{Tables: 3, PerSet: 3}) },
		"mitchell4relay.txt":   func() (*Movement, error) { return NewMitchell(MitchellOptions{Tables: 4, PerSet: 2, Even: RelayBye}) },
		"howell3.txt":          func() (*Movement, error) { return NewHowell(HowellOptions{Tables: 3, PerSet: 4}) },
		"howell4.txt":          func() (*Movement, error) { return NewHowell(HowellOptions{Tables: 4, PerSet: 2}) },
		"individual2.txt":      func() (*Movement, error) { return NewIndividual(IndividualOptions{Tables: 2, PerSet: 3}) },
		"roundrobin5teams.txt": func() (*Movement, error) { return NewRoundRobin(RoundRobinOptions{Teams: 5, PerSet: 8}) },
	}
	for name, mk := range cases {
		m, err := mk()
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := m.WriteText(&buf); err != nil {
			t.Fatal(err)
		}
		path := filepath.Join("testdata", name)
		if *update {
			if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run go test -update)", err)
		}
		if !bytes.Equal(buf.Bytes(), want) {
			t.Errorf("%s differs from the golden file:\n%s", name, buf.String())
		}
	}
}

func ExampleNewMitchell() {
	m, _ := NewMitchell(MitchellOptions{Tables: 3, PerSet: 2})
	for _, r := range m.Rounds {
		fmt.Print("round ", r.Number, ":")
		for _, s := range r.Tables {
			fmt.Printf(" %d-%d:%s", s.NS, s.EW, m.boards(s.Sets))
		}
		fmt.Println()
	}
	// Output:
	// round 1: 1-4:1-2 2-5:3-4 3-6:5-6
	// round 2: 1-6:3-4 2-4:5-6 3-5:1-2
	// round 3: 1-5:5-6 2-6:1-2 3-4:3-4
}
