package event

import (
	"testing"

	"github.com/bridgetd/bridgetd/systemcard"
)

func TestTieBreakCap(t *testing.T) {
	tests := []struct {
		clause string
		scale  string
		total  float64
		boards int
		want   float64
	}{
		// ACBL 30-VP scale, 6–8 boards: 11–13 IMPs score 25–5 (scoring.md §2.4).
		{"NSWBA 12 Swiss (c): the fewest IMPs for 25–5 on a 30-VP scale", "acbl30", 30, 8, 11},
		// ACBL 30-VP scale, 9–11 boards: 15–17 IMPs score 25–5.
		{"NSWBA 12 Swiss (c): 25–5 on a 30-VP scale over 10 boards", "acbl30", 30, 10, 15},
		// WBF 2013 over 3 boards: 25/30 of 20 = 16.67 VP, reached between
		// 12 and 13 IMPs (10 + 10(1 - τ^(3m/B))/(1 - τ³), B = 15√3).
		{"NSWBA 12 Swiss (c): in proportion on the WBF 20-VP scale", "wbf2013", 20, 3, 13},
	}
	for _, tt := range tests {
		ev := New("cap", SwissTeams, IMPVP)
		ev.VPScale, ev.VPTotal = tt.scale, tt.total
		sc, err := ev.NewScorer()
		if err != nil {
			t.Fatal(err)
		}
		if got := ev.TieBreakCap(sc, tt.boards); got != tt.want {
			t.Errorf("%s: cap %g, want %g", tt.clause, got, tt.want)
		}
	}
}

// TestKindsReadBySystemCheck: "system check --event" reads the kinds of
// event as "event new --kind" names them, so one vocabulary serves both;
// each kind alone falls under a row of NSWBA 5.4.
func TestKindsReadBySystemCheck(t *testing.T) {
	for _, k := range Kinds {
		if _, err := systemcard.ParseEvent(string(k)); err != nil {
			t.Errorf("NSWBA 5.4: kind %s: %v", k, err)
		}
	}
}
