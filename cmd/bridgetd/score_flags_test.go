package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bridgetd/bridgetd/pbn"
)

// scoreFewerPBN is a Mitchell without arrow switch: pairs 1-3 North–South
// against 11-13, board 3 played twice where boards 1 and 2 were played
// three times (pair 3 missed it). The same event as scoresheet's tests,
// here through the command's flags.
const scoreFewerPBN = `[Event "fewer"]
[Board "1"]
[Vulnerable "None"]
[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result"]
1 11 4S N =
2 12 4S N +1
3 13 4S N +2

[Board "2"]
[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result"]
1 12 3NT S 8
2 13 3NT S 9
3 11 3NT S 10

[Board "3"]
[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result"]
1 12 2H N 8
2 11 2H N 9
`

// TestScoreFlagsIssue14: issue 14 items 1-3 through `bridgetd score`'s
// flags. Item 1: board 3 is factored (Neuberg) to the field's three
// results by default, as clubs' programs do (0 → 0.5, 2 → 3.5 of a top of
// 4); --field board scores it on its own top, --field 5 factors to five
// results, --traveller raw shows its own top on the traveller while the
// totals stay factored. Item 2: pair 3, 8 of 8 on the two boards it
// played, gets a total pro-rated to three boards (12), --pro-rate=false
// keeps 8. Item 3: no pair sat both ways, so North–South and East–West are
// ranked apart by default; --fields one ranks one field.
func TestScoreFlagsIssue14(t *testing.T) {
	path := filepath.Join(t.TempDir(), "fewer.pbn")
	if err := os.WriteFile(path, []byte(scoreFewerPBN), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		args   []string
		board3 string // board 3's MP_NS in the PBN written
		pair2  string // pair 2's TotalScoreMP
		pair3  string // pair 3's TotalScoreMP
		ranks  string // the totals' Direction Rank Pair in order
	}{
		{"item 1, 2, 3: the defaults", nil, "0.5,3.5", "7.5", "12", "NS 1 3,NS 2 2,NS 3 1,EW 1 12,EW 2 11,EW 3 13"},
		{"item 1: --field board, each board its own top", []string{"--field", "board"}, "0,2", "6", "", ""},
		{"item 1: --field 5", []string{"--field", "5"}, "1.5,6.5", "14.5", "", ""},
		{"item 1: --traveller raw, the totals factored", []string{"--traveller", "raw"}, "0,2", "7.5", "", ""},
		{"item 2: --pro-rate=false totals what the pair played", []string{"--pro-rate=false"}, "", "", "8", ""},
		{"item 3: --fields one", []string{"--fields", "one"}, "", "", "", " 1 3, 2 12, 3 2, 4 11, 5 13, 6 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errs := runCmd(t, "", append(append([]string{"score"}, tt.args...), path)...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errs)
			}
			f, err := pbn.Parse([]byte(out))
			if err != nil {
				t.Fatal(err)
			}
			if tt.board3 != "" {
				b3, err := f.Games[2].Table("ScoreTable")
				if err != nil {
					t.Fatal(err)
				}
				var got []string
				for r := range b3.Rows {
					got = append(got, b3.Value(r, "MP_NS"))
				}
				if strings.Join(got, ",") != tt.board3 {
					t.Errorf("board 3 MP_NS %s, want %s", strings.Join(got, ","), tt.board3)
				}
			}
			tot, err := f.Games[0].Table("TotalScoreTable")
			if err != nil {
				t.Fatal(err)
			}
			var ranks []string
			for r := range tot.Rows {
				pair := tot.Value(r, "PairId")
				ranks = append(ranks, fmt.Sprintf("%s %s %s", tot.Value(r, "Direction"), tot.Value(r, "Rank"), pair))
				for _, w := range []struct{ pair, want string }{{"2", tt.pair2}, {"3", tt.pair3}} {
					if pair == w.pair && w.want != "" && tot.Value(r, "TotalScoreMP") != w.want {
						t.Errorf("pair %s: TotalScoreMP %s, want %s", pair, tot.Value(r, "TotalScoreMP"), w.want)
					}
				}
			}
			if tt.ranks != "" && strings.Join(ranks, ",") != tt.ranks {
				t.Errorf("ranking %q, want %q", strings.Join(ranks, ","), tt.ranks)
			}
		})
	}
}
