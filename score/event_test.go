package score

import (
	"errors"
	"math/rand/v2"
	"testing"
)

// TestEventMalformed: a pair listed twice on a board is reported with the
// board and the row, left out, and everything else is still scored.
func TestEventMalformed(t *testing.T) {
	boards := []Board{
		{Number: 1, Results: []Result{Table(1, 2, 420), Table(3, 4, 450), Table(1, 5, 170), Table(6, 6, 100)}},
		{Number: 2, Results: []Result{Table(1, 2, -100), Table(3, 4, 110), WeightedScore(5, 6, Outcome{100, .5}, Outcome{200, .6})}},
	}
	sh, err := Event(boards, Options{})
	var re *RowError
	if !errors.As(err, &re) || re.Board != 1 || re.Row != 3 || !errors.Is(err, ErrDuplicatePair) {
		t.Fatalf("error %v, want board 1 row 3 duplicate pair", err)
	}
	for _, want := range []string{"board 1, row 3: pair listed twice on the board: pair 1", "board 1, row 4: a pair cannot play against itself: pair 6", "board 2, row 3: weights"} {
		if !contains(err.Error(), want) {
			t.Errorf("error %q lacks %q", err, want)
		}
	}
	b1 := sh.Boards[0]
	if !b1.OK[0] || !b1.OK[1] || b1.OK[2] || b1.OK[3] {
		t.Errorf("board 1 OK = %v", b1.OK)
	}
	// The two good rows of board 1 are scored against each other: 450 tops.
	if b1.Scores[1].NS != 2 || b1.Scores[0].NS != 0 {
		t.Errorf("board 1 scores %+v", b1.Scores)
	}
	if sh.Boards[1].Scores[1].NS != 2 {
		t.Errorf("board 2 scores %+v", sh.Boards[1].Scores)
	}
}

func contains(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return true
		}
	}
	return false
}

// TestEventTotals: totals, percentages and ranks (NSWBA 12.1: any fraction
// separates; only equal totals tie); a phantom is not ranked.
func TestEventTotals(t *testing.T) {
	boards := []Board{
		{Number: 1, Results: []Result{Table(1, 11, 100), Table(2, 12, 50), Table(3, 13, 0), ArtificialScore(4, 99, Percent(60), Percent(0))}},
		{Number: 2, Results: []Result{Table(1, 12, 50), Table(2, 13, 100), Table(4, 11, 0), ArtificialScore(3, 99, Percent(60), Percent(0))}},
	}
	sh, err := Event(boards, Options{})
	if err != nil {
		t.Fatal(err)
	}
	byPair := map[int]Total{}
	for _, tt := range sh.Totals {
		byPair[tt.Pair] = tt
	}
	if _, ok := byPair[99]; ok {
		t.Error("the phantom pair 99 is ranked")
	}
	// Pair 1: 4 + 2 of 8 = 75%; pair 2: 2 + 4 = 75%: tied first.
	// Pair 4: 2.4 (60% of 4) + 0 = 2.4 of 8 = 30%.
	p1, p2, p4 := byPair[1], byPair[2], byPair[4]
	if p1.Percent != 75 || p2.Percent != 75 || p1.Rank != 1 || p2.Rank != 1 || !p1.Tied || !p2.Tied {
		t.Errorf("pairs 1, 2: %+v %+v", p1, p2)
	}
	if !near(p4.Percent, 30, 1e-9) || p4.Boards != 2 {
		t.Errorf("pair 4: %+v", p4)
	}
	if sh.Totals[0].Pair != 1 || sh.Totals[1].Pair != 2 {
		t.Errorf("order: %+v", sh.Totals)
	}
}

// TestRankFractions: NSWBA 12.1: a difference of a fraction decides.
func TestRankFractions(t *testing.T) {
	ts := []Total{{Pair: 1, Score: 10.01}, {Pair: 2, Score: 10.005}, {Pair: 3, Score: 10.005}, {Pair: 4, Score: 9}}
	Rank(ts, func(t *Total) float64 { return t.Score })
	want := []struct {
		rank int
		tied bool
	}{{1, false}, {2, true}, {2, true}, {4, false}}
	for i, w := range want {
		if ts[i].Rank != w.rank || ts[i].Tied != w.tied {
			t.Errorf("pair %d: rank %d tied %v, want %d %v", ts[i].Pair, ts[i].Rank, ts[i].Tied, w.rank, w.tied)
		}
	}
}

// TestOwnPercentage: Law 12C2 as the EBU applies it: average-plus is the
// pair's own percentage on its other boards when that is higher.
func TestOwnPercentage(t *testing.T) {
	boards := []Board{
		{Number: 1, Results: []Result{Table(1, 11, 100), Table(2, 12, 50), Table(3, 13, 0)}},
		{Number: 2, Results: []Result{Table(1, 12, 100), Table(2, 13, 50), Table(3, 11, 0)}},
		{Number: 3, Results: []Result{ArtificialScore(1, 13, AvePlus, AveMinus), Table(2, 11, 50), Table(3, 12, 0)}},
	}
	sh, err := Event(boards, Options{OwnPercentage: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range sh.Totals {
		switch tt.Pair {
		case 1: // 100% on boards 1 and 2, so A+ is 100% too.
			if tt.Percent != 100 {
				t.Errorf("pair 1: %+v", tt)
			}
		case 13: // EW: 4 of 4 on board 1 (NS 0), 2 of 4 on board 2 (NS 50): own 75%;
			// A− stays 40% of board 3's top of 2: (4 + 2 + 0.8)/10 = 68%.
			if !near(tt.Percent, 68, 1e-9) {
				t.Errorf("pair 13: %+v", tt)
			}
		}
	}
}

// TestEventMethods: Butler, cross-IMP and total points through Event.
func TestEventMethods(t *testing.T) {
	boards := []Board{{Number: 1, Results: []Result{Table(1, 11, 430), Table(2, 12, 400), Table(3, 13, 150), Table(4, 14, -50)}}}
	sh, _ := Event(boards, Options{Method: CrossIMPScoring})
	// EW of −50 is +25 (the mirror of −25 above); NS 430 has 18.
	if sh.Totals[0].Pair != 14 || sh.Totals[0].Score != 25 || sh.Totals[1].Pair != 1 || sh.Totals[1].Score != 18 {
		t.Errorf("cross: %+v", sh.Totals[:2])
	}
	sh, _ = Event(boards, Options{Method: ButlerScoring})
	// Datum (430+400+150−50)/4 = 232.5 → 230: 430 → +200 = 5.
	if sh.Boards[0].Scores[0].NS != 5 || sh.Boards[0].Scores[0].Datum != 230 {
		t.Errorf("butler: %+v", sh.Boards[0].Scores[0])
	}
	sh, _ = Event(boards, Options{Method: TotalPointScoring})
	if sh.Totals[0].Score != 430 || sh.Totals[len(sh.Totals)-1].Score != -430 {
		t.Errorf("total points: %+v", sh.Totals)
	}
}

// bigEvent builds tables×boards results with realistic scores: each pair
// NS i plays EW tables+i on every board.
func bigEvent(tables, nboards int) []Board {
	rng := rand.New(rand.NewPCG(1, 2))
	scores := []int{-1100, -800, -620, -500, -420, -200, -170, -140, -110, -100, -50, 0, 50, 90, 100, 110, 120, 140, 170, 200, 400, 420, 430, 450, 620, 650, 1430}
	boards := make([]Board, nboards)
	for b := range boards {
		rs := make([]Result, tables)
		for i := range rs {
			rs[i] = Table(i+1, tables+i+1, scores[rng.IntN(len(scores))])
		}
		boards[b] = Board{Number: b + 1, Expected: tables + 1, Results: rs}
	}
	return boards
}

// BenchmarkEvent scores 2,000 tables × 500 boards = 1,000,000 results:
// matchpoints with Neuberg (E = 2,001 so every board is factored), and
// Butler with a trimmed mean.
func BenchmarkEvent(b *testing.B) {
	boards := bigEvent(2000, 500)
	b.Run("mp-neuberg", func(b *testing.B) {
		for b.Loop() {
			if _, err := Event(boards, Options{MP: MPOptions{Neuberg: true}}); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("butler", func(b *testing.B) {
		for b.Loop() {
			if _, err := Event(boards, Options{Method: ButlerScoring, Butler: ButlerOptions{Trim: 100}}); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// Field is the most results on any board; a phantom's rows (a pair with
// only director's rows, a sit-out) do not count.
func TestField(t *testing.T) {
	boards := []Board{
		{Number: 1, Results: []Result{Table(1, 2, 420), Table(3, 4, 450), ArtificialScore(5, 9, AvePlus, AveMinus)}},
		{Number: 2, Results: []Result{Table(1, 4, 100), Table(3, 2, 110)}},
		{Number: 3, Results: []Result{Table(1, 2, 100), Table(3, 4, 110), Table(5, 6, -50)}},
	}
	if got := Field(boards); got != 3 {
		t.Errorf("Field = %d, want 3 (board 3)", got)
	}
	// Without board 3, pairs 5 and 9 have only a director's row: phantoms;
	// board 1 counts 2.
	if got := Field(boards[:2]); got != 2 {
		t.Errorf("Field without board 3 = %d, want 2", got)
	}
}
