package scoresheet

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/pbn"
	"github.com/bridgetd/bridgetd/score"
)

// A Result cell is whole or refused: trailing junk is not read as tricks
// (issue 13 item 1).
func TestTricks(t *testing.T) {
	c := bridge.Contract{Level: 4, Strain: bridge.SpadesStrain}
	for _, tc := range []struct {
		in   string
		want int
		ok   bool
	}{
		{"10", 10, true}, {"=", 10, true}, {"+1", 11, true}, {"-3", 7, true}, {" 9 ", 9, true},
		{"+1x", 0, false}, {"1O", 0, false}, {"10.", 0, false}, {"", 0, false}, {"+", 0, false}, {"= 1", 0, false},
	} {
		got, err := Tricks(c, tc.in)
		if (err == nil) != tc.ok || (tc.ok && got != tc.want) {
			t.Errorf("Tricks(4S, %q) = %d, %v; want %d ok=%v", tc.in, got, err, tc.want, tc.ok)
		}
	}
}

// The Scoring tag (PBN 2.1 §3.4.12) chooses the method; IMPs at teams are
// scored table against table (Law 78B).
func TestFromTag(t *testing.T) {
	for _, tc := range []struct {
		scoring, competition, method string
		trim                         int
		datum                        score.DatumKind
	}{
		{"", "", "mp", 0, score.Mean},
		{"MP;MP2", "", "mp", 0, score.Mean},
		{"IMP;Butler-2;Median", "", "butler", 1, score.Median},
		{"IMP", "Teams", "teams", 0, score.Mean},
		{"Cross1", "", "cross-imp", 0, score.Mean},
	} {
		m, o := FromTag(tc.scoring, tc.competition)
		if m != tc.method || o.Butler.Trim != tc.trim || o.Butler.Datum != tc.datum {
			t.Errorf("FromTag(%q, %q) = %s %+v", tc.scoring, tc.competition, m, o.Butler)
		}
	}
}

const small = `[Event "small"]
[Board "1"]
[Vulnerable "None"]
[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result"]
1 11 4S N =
2 12 4S N +1
3 13 4S N 9x

[Board "2"]
[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result"]
1 12 3NT S 9
2 13 3NT S 10
3 11 3NT S 8
`

// Score reads the rows, reports a bad row with its file, line, board and
// row, matchpoints the others (Law 78A: 450 beats 420) and writes each
// table's columns and the totals; the file is read as a stream, so the
// writing pass reads it again.
func TestScore(t *testing.T) {
	var out bytes.Buffer
	rep, err := Score(strings.NewReader(small), "s.pbn", Options{Neuberg: true}, &out)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Method != "mp" || len(rep.Errors) != 1 || !strings.HasPrefix(rep.Errors[0], `s.pbn:7: board 1, row 3: result "9x"`) {
		t.Fatalf("method %s errors %q", rep.Method, rep.Errors)
	}
	f, err := pbn.Parse(out.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	b1, _ := f.Games[0].Table("ScoreTable")
	b2, _ := f.Games[1].Table("ScoreTable")
	// Board 1 has two good rows, top 2: 450 tops 420; the bad row is "?".
	for r, want := range []string{"0", "2", "?"} {
		if got := b1.Value(r, "MP_NS"); got != want {
			t.Errorf("board 1 row %d: MP_NS %s, want %s", r+1, got, want)
		}
	}
	for r, want := range []string{"2", "4", "0"} {
		if got := b2.Value(r, "MP_NS"); got != want {
			t.Errorf("board 2 row %d: MP_NS %s, want %s", r+1, got, want)
		}
	}
	tot, err := f.Games[0].Table("TotalScoreTable")
	// Pairs 2 and 11 top both their boards: tied first at 100%.
	if err != nil || len(tot.Rows) != 6 || tot.Value(1, "PairId") != "2" || tot.Value(0, "RankTie") != "1-2" || tot.Value(0, "TotalPercentage") != "100.00" {
		t.Errorf("totals %v %+v", err, tot)
	}
	if _, err := Score(strings.NewReader(small), "s.pbn", Options{Method: "bam"}, nil); !errors.Is(err, ErrMethod) {
		t.Errorf("method bam: %v", err)
	}
	if _, err := Score(strings.NewReader(""), "e.pbn", Options{}, nil); !errors.Is(err, pbn.ErrNoGames) || !strings.Contains(err.Error(), "e.pbn: the input is empty") {
		t.Errorf("empty input: %v", err)
	}
}
