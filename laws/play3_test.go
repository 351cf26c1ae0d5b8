package laws

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/bridgetd/bridgetd/bridge"
)

// Issue 17, part 3: the play clauses the first pass left out, and the
// play result's JSON.

// TestPlayResultJSON: the play result carries the Law 90 procedural
// penalties, the Law 87 fouled board and the tricks to be scored after a
// Law 79C1 correction, and they read back from the JSON.
func TestPlayResultJSON(t *testing.T) {
	const fouled = "N:AKQ2.AKQ.AK2.732 JT9.JT9.JT9.JT98 876.876.876.AKQ4 543.5432.Q543.65"
	for _, c := range []struct {
		name, body string
		check      func(t *testing.T, r *PlayResult)
	}{
		// Law 90A, 90B2: a procedural penalty recorded with its amount.
		{"90B2", trick1 + "N penalty slow 10%\n", func(t *testing.T, r *PlayResult) {
			if len(r.ProceduralPenalties) != 1 {
				t.Fatalf("penalties %+v: want one", r.ProceduralPenalties)
			}
			pp := r.ProceduralPenalties[0]
			if pp.Seat != bridge.North || pp.Law != "90B2" || pp.Offence != "slow" || pp.Penalty.TopPercent != 10 {
				t.Errorf("penalty %+v: want N 90B2 slow 10%% of a top", pp)
			}
		}},
		// Law 87A, 87B: the fouled board with the cards displaced.
		{"87B", trick1 + "fouled " + fouled + "\n", func(t *testing.T, r *PlayResult) {
			if r.FouledBoard == nil || len(r.FouledBoard.Displaced) != 2 || r.FouledBoard.Board.String() == r.FouledBoard.Played.String() {
				t.Errorf("fouled %+v: want the board and the deal played, two cards displaced", r.FouledBoard)
			}
		}},
		// Law 79C1: a wrong record corrected: the scored tricks are the play's.
		{"79C1", trick1 + agreedRest + "N records 12\n", func(t *testing.T, r *PlayResult) {
			if r.ScoredTricks != 13 || r.DeclarerTricks != 13 {
				t.Errorf("scored %d declarer %d: want 13 and 13", r.ScoredTricks, r.DeclarerTricks)
			}
		}},
		// Law 79A: no record, no penalty, no fouled board: the fields are absent.
		{"79A", trick1 + agreedRest, func(t *testing.T, r *PlayResult) {
			if r.ScoredTricks != 13 || r.ProceduralPenalties != nil || r.FouledBoard != nil {
				t.Errorf("result %+v: want 13 tricks scored and nothing else", r)
			}
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			tb, err := runPlay(t, Edition2017, c.body)
			if err != nil {
				t.Fatal(err)
			}
			b, err := json.Marshal(tb.Play().Result())
			if err != nil {
				t.Fatal(err)
			}
			var back PlayResult
			if err := json.Unmarshal(b, &back); err != nil {
				t.Fatalf("reads back: %v\n%s", err, b)
			}
			c.check(t, &back)
			for _, key := range []string{`"procedural_penalties"`, `"fouled_board"`} {
				if want := strings.Contains(fmt.Sprint(c.name), map[string]string{`"procedural_penalties"`: "90", `"fouled_board"`: "87"}[key]); strings.Contains(string(b), key) != want {
					t.Errorf("JSON has %s: %v, want %v", key, !want, want)
				}
			}
		})
	}
}
