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
