package event

import (
	"errors"
	"fmt"
	"testing"
	"time"
)

// mpEvent is a matchpoint pairs event of n pairs with one session.
func mpEvent(t *testing.T, n int) *Event {
	t.Helper()
	ev := New("club pairs", MatchpointPairs, Matchpoints)
	for i := 1; i <= n; i++ {
		if _, err := ev.AddEntrant(Entrant{Name: fmt.Sprintf("pair %d", i)}); err != nil {
			t.Fatal(err)
		}
	}
	ev.AddSession(time.Date(2026, 6, 9, 19, 30, 0, 0, time.UTC), 0)
	return ev
}

// TestHalfTableMitchell: an odd field plays a Mitchell with a half table
// from the pairs entered, one pair sitting out each round (Law 8A: the
// director moves the players; none is left out), and each pair is ranked
// in the field of the line it sat in (NSWBA 12, two-winner). A movement
// that would leave an entrant out is refused.
func TestHalfTableMitchell(t *testing.T) {
	for _, pairs := range []int{13, 0} { // --pairs 13, or found from the field
		ev := mpEvent(t, 13)
		if _, err := ev.Seat(MovementPlan{Kind: "mitchell", Tables: 7, PerRound: 2, Pairs: pairs}); err != nil {
			t.Fatalf("7 tables, 13 pairs entered, --pairs %d: %v", pairs, err)
		}
		rounds := map[int]int{}
		for _, rd := range ev.Rounds() {
			for _, m := range rd.Matches {
				rounds[m.NS]++
				rounds[m.EW]++
			}
		}
		lines := ev.lines()
		for id := 1; id <= 13; id++ {
			want := 7 // a North–South pair plays every round
			if lines[id] == FieldEW {
				want = 6 // an East–West pair sits out once, opposite the missing pair
			}
			if lines[id] == "" || rounds[id] != want {
				t.Errorf("--pairs %d: pair %d: field %q, %d rounds; want a field and %d rounds", pairs, id, lines[id], rounds[id], want)
			}
		}
		if rounds[14] != 0 || rounds[0] != 0 {
			t.Errorf("--pairs %d: an entrant that does not exist is seated: %v", pairs, rounds)
		}
	}
	refused := []struct {
		clause         string
		entered, table int
	}{
		{"9 pairs at 4 tables would leave one out", 9, 4},
		{"8 pairs at 5 tables: more than a half table short", 8, 5},
		{"11 pairs at 5 tables: one too many", 11, 5},
	}
	for _, tt := range refused {
		ev := mpEvent(t, tt.entered)
		if _, err := ev.Seat(MovementPlan{Kind: "mitchell", Tables: tt.table, PerRound: 2}); err == nil {
			t.Errorf("%s: seated", tt.clause)
		} else if len(ev.Rounds()) != 0 {
			t.Errorf("%s: refused (%v) but rounds added", tt.clause, err)
		}
	}
	ev := mpEvent(t, 9)
	if _, err := ev.Seat(MovementPlan{Kind: "howell", Tables: 4, PerRound: 2}); !errors.Is(err, ErrField) {
		t.Errorf("a Howell for 8 with 9 entered: %v, want ErrField", err)
	}
}

// TestRelayMitchell: an 8-table Mitchell with a relay and bye stand plays
// all 8 rounds (each East–West pair meets every North–South pair), where
// the skip Mitchell plays 7; the relay tables share a set each round.
func TestRelayMitchell(t *testing.T) {
	for _, tt := range []struct {
		even   string
		rounds int
	}{{"", 7}, {"skip", 7}, {"relay", 8}} {
		ev := mpEvent(t, 16)
		mv, err := ev.Seat(MovementPlan{Kind: "mitchell", Tables: 8, PerRound: 3, Even: tt.even})
		if err != nil {
			t.Fatalf("--even %q: %v", tt.even, err)
		}
		if len(ev.Rounds()) != tt.rounds || (tt.even == "relay") != (len(mv.Relay) == 2) {
			t.Errorf("--even %q: %d rounds, relay %v; want %d rounds", tt.even, len(ev.Rounds()), mv.Relay, tt.rounds)
		}
	}
	ev := mpEvent(t, 16)
	if _, err := ev.Seat(MovementPlan{Kind: "mitchell", Tables: 8, Even: "bump"}); !errors.Is(err, ErrInvalid) {
		t.Errorf("--even bump: %v, want ErrInvalid", err)
	}
}

// teamsEvent is an event of kind with its default scoring, n teams and one
// session.
func teamsEvent(t *testing.T, kind Kind, n int) *Event {
	t.Helper()
	ev, err := Create(Settings{Name: "teams", Kind: kind, VPScale: "wbf2013", VPTotal: 20})
	if err != nil {
		t.Fatal(err)
	}
	for i := range n {
		ev.AddEntrant(Entrant{Name: fmt.Sprintf("team %d", i+1)})
	}
	ev.AddSession(time.Date(2026, 6, 9, 10, 0, 0, 0, time.UTC), 0)
	return ev
}

// TestRoundRobinSchedule: a round-robin teams event gets its Berger
// schedule inside the event: with five teams, five rounds of whole
// matches, every team meeting every other once and having one bye (NSWBA
// 12, round robins); a pairs movement for a teams event is refused, as it
// would split the matches.
func TestRoundRobinSchedule(t *testing.T) {
	ev := teamsEvent(t, RoundRobin, 5)
	if _, err := ev.Seat(MovementPlan{Kind: "howell", Tables: 3, PerRound: 2}); !errors.Is(err, ErrTeamsMovement) {
		t.Errorf("a Howell for a round-robin teams event: %v, want ErrTeamsMovement", err)
	}
	if _, err := ev.Seat(MovementPlan{Kind: "round-robin", PerRound: 8}); err != nil {
		t.Fatal(err)
	}
	met := map[[2]int]int{}
	byes := map[int]int{}
	for _, rd := range ev.Rounds() {
		if len(rd.Boards) != 8 {
			t.Errorf("round %d: boards %v, want a whole match of 8", rd.Number, rd.Boards)
		}
		for _, m := range rd.Matches {
			if m.Bye() {
				byes[m.NS]++
				continue
			}
			met[[2]int{min(m.NS, m.EW), max(m.NS, m.EW)}]++
		}
	}
	if len(ev.Rounds()) != 5 || len(met) != 10 {
		t.Errorf("%d rounds, %d pairings; want 5 and 10", len(ev.Rounds()), len(met))
	}
	for k, n := range met {
		if n != 1 {
			t.Errorf("teams %v meet %d times", k, n)
		}
	}
	for id := 1; id <= 5; id++ {
		if byes[id] != 1 {
			t.Errorf("team %d: %d byes, want 1", id, byes[id])
		}
	}
	for _, kind := range []Kind{SwissTeams, KnockoutTeams} {
		if _, err := teamsEvent(t, kind, 6).Seat(MovementPlan{Kind: "howell", Tables: 3}); !errors.Is(err, ErrTeamsMovement) {
			t.Errorf("a Howell for a %s event: %v, want ErrTeamsMovement", kind, err)
		}
	}
}
