package swiss

import (
	"math/rand/v2"
	"testing"
)

// A first round drawn by rating is seeded, never random: the field is
// ranked by rating (masterpoints), equal ratings in entry order (entrant
// number), and the top half meets the bottom half, 1 v n/2+1, 2 v n/2+2,
// … (the seeded Swiss convention: the first round sets the upper half of
// the ranked list against the lower half; package documentation of
// ByRating). The order in which the standings list the entrants (at the
// start of an event, a lot) must not change the draw.
func TestFirstRoundSeededByRating(t *testing.T) {
	tests := []struct {
		name    string
		ratings map[int]float64 // by ID; missing = 0
		n       int
		want    [][2]int
		bye     int
	}{
		{"no ratings: entry order", nil, 8, [][2]int{{1, 5}, {2, 6}, {3, 7}, {4, 8}}, 0},
		{"masterpoints", map[int]float64{1: 5, 2: 300, 3: 40, 4: 1200, 5: 0, 6: 75}, 6,
			[][2]int{{4, 3}, {2, 1}, {6, 5}}, 0},
		{"equal masterpoints keep entry order", map[int]float64{3: 100, 6: 100, 2: 100}, 6,
			[][2]int{{2, 1}, {3, 4}, {6, 5}}, 0},
		// An odd field: the lowest seed has the bye, the rest 1 v n/2+1.
		{"odd field", nil, 7, [][2]int{{1, 4}, {2, 5}, {3, 6}}, 7},
	}
	for _, tc := range tests {
		for trial := range 5 {
			es := make([]Entrant, tc.n)
			for i := range es {
				es[i] = Entrant{ID: i + 1, Rating: tc.ratings[i+1]}
			}
			rng := rand.New(rand.NewPCG(uint64(trial), 7))
			rng.Shuffle(len(es), func(a, b int) { es[a], es[b] = es[b], es[a] })
			for seed := range uint64(3) {
				d, err := Pair(Standings{Entrants: es}, Options{First: ByRating, Seed: seed})
				if err != nil {
					t.Fatal(err)
				}
				if d.Bye != tc.bye {
					t.Errorf("%s: bye %d, want %d", tc.name, d.Bye, tc.bye)
				}
				if len(d.Matches) != len(tc.want) {
					t.Fatalf("%s: %d matches, want %d", tc.name, len(d.Matches), len(tc.want))
				}
				for i, m := range d.Matches {
					if [2]int{m.Home, m.Away} != tc.want[i] {
						t.Errorf("%s (listing %d, seed %d): table %d is %d v %d, want %d v %d",
							tc.name, trial, seed, m.Table, m.Home, m.Away, tc.want[i][0], tc.want[i][1])
					}
				}
			}
		}
	}
}
