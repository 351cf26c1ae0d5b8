package scoresheet

import (
	"bytes"
	"errors"
	"fmt"
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
		got, err := tricks(c, tc.in)
		if (err == nil) != tc.ok || (tc.ok && got != tc.want) {
			t.Errorf("tricks(4S, %q) = %d, %v; want %d ok=%v", tc.in, got, err, tc.want, tc.ok)
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
		m, o := fromTag(tc.scoring, tc.competition)
		if m != tc.method || o.Butler.Trim != tc.trim || o.Butler.Datum != tc.datum {
			t.Errorf("fromTag(%q, %q) = %s %+v", tc.scoring, tc.competition, m, o.Butler)
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
	rep, err := Score(strings.NewReader(small), "s.pbn", Options{Neuberg: true, Field: FieldOwn, Fields: OneField}, &out)
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

const fewer = `[Event "fewer"]
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

// scoreFewer scores the event above with o and returns the totals.
func scoreFewer(t *testing.T, o Options) (*Report, *pbn.File) {
	t.Helper()
	o.Neuberg, o.Rows = true, true
	var out bytes.Buffer
	rep, err := Score(strings.NewReader(fewer), "f.pbn", o, &out)
	if err != nil || len(rep.Errors) > 0 {
		t.Fatalf("%v %v", err, rep.Errors)
	}
	f, err := pbn.Parse(out.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	return rep, f
}

// Issue 14 item 1: board 3, played twice where the others were played
// three times, is factored to the field's three results (Neuberg, on the
// 2-per-result scale M' = (M+1)·E/A − 1: 0 → 0.5, 2 → 3.5 of a top of 4),
// as clubs' programs do; FieldOwn scores it on its own top (0 and 2);
// Raw shows its own top on the traveller while the totals stay factored.
func TestScoreFactorsToTheField(t *testing.T) {
	for _, c := range []struct {
		name    string
		o       Options
		row     []string // board 3's MP_NS
		pair2MP string   // pair 2's total
	}{
		{"field", Options{}, []string{"0.5", "3.5"}, "7.5"},
		{"own", Options{Field: FieldOwn}, []string{"0", "2"}, "6"},
		{"raw traveller", Options{Raw: true}, []string{"0", "2"}, "7.5"},
		{"field of 5", Options{Field: 5}, []string{"1.5", "6.5"}, "14.5"}, // 4 + 4 + 6.5
	} {
		t.Run(c.name, func(t *testing.T) {
			_, f := scoreFewer(t, c.o)
			b3, _ := f.Games[2].Table("ScoreTable")
			for r, want := range c.row {
				if got := b3.Value(r, "MP_NS"); got != want {
					t.Errorf("board 3 row %d: MP_NS %s, want %s", r+1, got, want)
				}
			}
			tot, _ := f.Games[0].Table("TotalScoreTable")
			for r := range tot.Rows {
				if tot.Value(r, "PairId") == "2" && tot.Value(r, "TotalScoreMP") != c.pair2MP {
					t.Errorf("pair 2: %v, want %s", tot.Rows[r], c.pair2MP)
				}
			}
		})
	}
}

// Issue 14 item 2, the pro-rated total: pair 3 scored 8 of 8 on the two
// boards it played; its percentage stays 100 and its total is scaled to
// the three boards of its field, 12, with the boards it played (2).
func TestScoreProRated(t *testing.T) {
	rep, f := scoreFewer(t, Options{ProRate: true})
	tot, _ := f.Games[0].Table("TotalScoreTable")
	if tot.Value(0, "PairId") != "3" || tot.Value(0, "TotalScoreMP") != "12" || tot.Value(0, "TotalPercentage") != "100.00" || tot.Value(0, "NrBoards") != "2" {
		t.Errorf("pair 3: %v", tot.Rows[0])
	}
	if p := rep.Totals[0]; p.Sum == nil || *p.Sum != 8 || p.Score != 12 {
		t.Errorf("report: %+v", p)
	}
	// Pair 2 played every board: its total is the sum.
	if p := rep.Totals[1]; p.Pair != "2" || p.Sum != nil || p.Score != 7.5 {
		t.Errorf("pair 2: %+v", p)
	}
	_, f = scoreFewer(t, Options{})
	tot, _ = f.Games[0].Table("TotalScoreTable")
	if tot.Value(0, "TotalScoreMP") != "8" {
		t.Errorf("without pro-rating: %v", tot.Rows[0])
	}
}

// Issue 14 item 3: no pair sat both ways (a Mitchell without arrow
// switch), so North-South and East-West are ranked as two fields, each
// with its own places; OneField ranks everyone together.
func TestScoreTwoFields(t *testing.T) {
	rep, f := scoreFewer(t, Options{})
	var got []string
	for _, t := range rep.Totals {
		got = append(got, fmt.Sprintf("%s %d %s", t.Direction, t.Rank, t.Pair))
	}
	want := "NS 1 3,NS 2 2,NS 3 1,EW 1 12,EW 2 11,EW 3 13"
	if strings.Join(got, ",") != want {
		t.Errorf("two fields: %s, want %s", strings.Join(got, ","), want)
	}
	tot, _ := f.Games[0].Table("TotalScoreTable")
	if tot.Index("Direction") != 0 || tot.Value(3, "Direction") != "EW" || tot.Value(3, "Rank") != "1" {
		t.Errorf("TotalScoreTable %v", tot.Rows)
	}
	rep, _ = scoreFewer(t, Options{Fields: OneField})
	got = got[:0]
	for _, t := range rep.Totals {
		got = append(got, fmt.Sprintf("%d %s", t.Rank, t.Pair))
	}
	if want := "1 3,2 12,3 2,4 11,5 13,6 1"; strings.Join(got, ",") != want {
		t.Errorf("one field: %s, want %s", strings.Join(got, ","), want)
	}
}
