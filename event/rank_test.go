package event

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bridgetd/bridgetd/movement"
)

// m is a match for building ranking records: a beat b (or not) with these
// VPs and a's net IMPs.
type m struct {
	a, b    int
	va, vb  float64
	impsA   float64
	capIMPs float64
}

// records builds records for entrants 1..n from matches; totals are the sum
// of VPs unless given.
func records(n int, ms []m, totals map[int]float64) []Record {
	recs := make([]Record, n)
	for i := range recs {
		recs[i] = Record{Entrant: i + 1, Eligible: true}
	}
	for i, x := range ms {
		recs[x.a-1].Matches = append(recs[x.a-1].Matches, MatchRecord{Round: i + 1, Opponent: x.b, VP: x.va, OppVP: x.vb, IMPs: x.impsA, Cap: x.capIMPs})
		if x.b > 0 {
			recs[x.b-1].Matches = append(recs[x.b-1].Matches, MatchRecord{Round: i + 1, Opponent: x.a, VP: x.vb, OppVP: x.va, IMPs: -x.impsA, Cap: x.capIMPs})
		}
	}
	for i := range recs {
		for _, mr := range recs[i].Matches {
			recs[i].Total += mr.VP
		}
		if t, ok := totals[i+1]; ok {
			recs[i].Total = t
		}
	}
	return recs
}

func order(st []Standing) []int {
	var o []int
	for _, s := range st {
		o = append(o, s.Entrant)
	}
	return o
}

// byOf returns what separated entrant id from the one above.
func byOf(st []Standing, id int) Step {
	for _, s := range st {
		if s.Entrant == id {
			return s.By
		}
	}
	return "missing"
}

func TestRankSwissSteps(t *testing.T) {
	tests := []struct {
		clause string
		method Method
		n      int
		ms     []m
		totals map[int]float64
		want   []int
		// sep is the entrant whose separation is checked and by what.
		sep int
		by  Step
	}{
		{
			clause: "NSWBA 12 (fractions): 0.01 VP separates",
			n:      2,
			totals: map[int]float64{1: 50, 2: 50.01},
			want:   []int{2, 1}, sep: 1, by: ByScore,
		},
		{
			clause: "NSWBA 12 Swiss (a): higher opponents' total ranks higher",
			// 1 and 2 tie on 30; 1 met 3 (strong), 2 met 4 (weak).
			n:      4,
			ms:     []m{{1, 3, 15, 15, 0, 0}, {2, 4, 15, 15, 0, 0}},
			totals: map[int]float64{1: 30, 2: 30, 3: 40, 4: 10},
			want:   []int{3, 1, 2, 4}, sep: 2, by: ByOpponents,
		},
		{
			clause: "NSWBA 12 Swiss (b): two-way tie, the winner of their match",
			// 1 and 2 met (2 won); both met 3 and 4 only otherwise, so (a) is level.
			n: 4,
			ms: []m{
				{1, 2, 8, 12, -5, 0},
				{1, 3, 12, 8, 5, 0}, {2, 4, 10, 10, 0, 0},
				{1, 4, 10, 10, 0, 0}, {2, 3, 8, 12, -5, 0},
			},
			totals: map[int]float64{1: 30, 2: 30, 3: 20, 4: 19},
			want:   []int{2, 1, 3, 4}, sep: 1, by: ByHeadToHead,
		},
		{
			clause: "NSWBA 12 Swiss (c): capped net IMPs; a big win counts only up to the 25-5 margin",
			// 1: +40 and -10 (capped: +12 -10 = +2); 2: +5 and +3 = +8. Opponents equal (3 and 4 both 10).
			n: 4,
			ms: []m{
				{1, 3, 20, 0, 40, 12}, {1, 4, 5, 15, -10, 12},
				{2, 3, 13, 7, 5, 12}, {2, 4, 12, 8, 3, 12},
			},
			totals: map[int]float64{1: 25, 2: 25, 3: 10, 4: 9},
			want:   []int{2, 1, 3, 4}, sep: 1, by: ByIMPs,
		},
		{
			clause: "NSWBA 12 Swiss (d): more wins, a draw counting a half",
			// 1: win + draw = 1.5; 2: win + loss = 1. Capped IMPs level (+2 each).
			n: 4,
			ms: []m{
				{1, 3, 12, 8, 2, 0}, {1, 4, 10, 10, 0, 0},
				{2, 3, 14, 6, 6, 0}, {2, 4, 8, 12, -4, 0},
			},
			totals: map[int]float64{1: 22, 2: 22, 3: 10, 4: 9},
			want:   []int{1, 2, 3, 4}, sep: 2, by: ByWins,
		},
		{
			clause: "NSWBA 12 Swiss (e): deleting the worst result",
			// Both 1.5 wins... 1: 12,10,8 (worst 8 -> 22); 2: 14,10,6 (worst 6 -> 24).
			n: 5,
			ms: []m{
				{1, 3, 12, 8, 0, 0}, {1, 4, 10, 10, 0, 0}, {1, 5, 8, 12, 0, 0},
				{2, 3, 14, 6, 0, 0}, {2, 4, 10, 10, 0, 0}, {2, 5, 6, 14, 0, 0},
			},
			totals: map[int]float64{1: 30, 2: 30, 3: 5, 4: 4, 5: 3},
			want:   []int{2, 1, 3, 4, 5}, sep: 1, by: ByDropWorst,
		},
		{
			clause: "NSWBA 12 round robins: Swiss without (a); opponents' total does not decide",
			method: RoundRobinMethod,
			// As the (a) case but they met: 2 won, so (b) decides although 1's opponents were stronger.
			n:      4,
			ms:     []m{{1, 2, 5, 15, 0, 0}, {1, 3, 25, 5, 0, 0}, {2, 4, 15, 15, 0, 0}},
			totals: map[int]float64{1: 30, 2: 30, 3: 40, 4: 10},
			want:   []int{3, 2, 1, 4}, sep: 1, by: ByHeadToHead,
		},
		{
			clause: "NSWBA 12 Swiss (b): only for two-way ties; three tied go on to (c)",
			// 1, 2, 3 tie; 1 beat 2 but (b) does not apply; capped IMPs
			// 1: +1-6 = -5, 2: -1+3 = +2, 3: -3+6 = +3.
			n: 3,
			ms: []m{
				{1, 2, 11, 9, 1, 0}, {2, 3, 11, 9, 3, 0}, {3, 1, 11, 9, 6, 0},
			},
			totals: map[int]float64{1: 20, 2: 20, 3: 20},
			want:   []int{3, 2, 1}, sep: 2, by: ByIMPs,
		},
	}
	for _, tt := range tests {
		st := Rank(records(tt.n, tt.ms, tt.totals), tt.method, RankOptions{Seed: 1})
		if got := order(st); !slices.Equal(got, tt.want) {
			t.Errorf("%s: order %v, want %v", tt.clause, got, tt.want)
			continue
		}
		if got := byOf(st, tt.sep); got != tt.by {
			t.Errorf("%s: entrant %d separated by %q, want %q (%+v)", tt.clause, tt.sep, got, tt.by, st)
		}
		for i, s := range st {
			if s.Place != i+1 {
				t.Errorf("%s: place %d at index %d", tt.clause, s.Place, i)
			}
		}
	}
}

func TestRankLot(t *testing.T) {
	// NSWBA 12 Swiss (f): identical records are ordered by lot, the same
	// for the same seed and recorded in the detail.
	recs := records(4, []m{{1, 2, 10, 10, 0, 0}, {3, 4, 10, 10, 0, 0}}, nil)
	a := Rank(slices.Clone(recs), SwissMethod, RankOptions{Seed: 7})
	b := Rank(slices.Clone(recs), SwissMethod, RankOptions{Seed: 7})
	if !slices.Equal(order(a), order(b)) {
		t.Fatalf("NSWBA 12 (f): same seed, different lot: %v v %v", order(a), order(b))
	}
	lots := 0
	for _, s := range a[1:] {
		if s.By == ByLot {
			lots++
		}
	}
	if lots != 3 {
		t.Errorf("NSWBA 12 (f): want 3 separations by lot, got %+v", a)
	}
	seen := map[string]bool{}
	for seed := int64(0); seed < 20; seed++ {
		seen[fmtInts(order(Rank(slices.Clone(recs), SwissMethod, RankOptions{Seed: seed})))] = true
	}
	if len(seen) < 3 {
		t.Errorf("NSWBA 12 (f): the lot hardly depends on the seed: %v", seen)
	}
}

func fmtInts(v []int) string {
	b := []byte{}
	for _, x := range v {
		b = append(b, byte('0'+x))
	}
	return string(b)
}

// board builds a matchpoint board record.
func board(b, round, opp, side, score int, mp, top float64) BoardRecord {
	return BoardRecord{Board: b, Round: round, Opponent: opp, Side: side, Score: score, MP: mp, Top: top}
}

func TestRankMatchpointSteps(t *testing.T) {
	tests := []struct {
		clause     string
		incomplete bool
		recs       []Record
		want       []int
		sep        int
		by         Step
	}{
		{
			clause:     "NSWBA 12 matchpoints (a): opponents' total, incomplete movement only",
			incomplete: true,
			recs: []Record{
				{Entrant: 1, Total: 50, Boards: []BoardRecord{board(1, 1, 3, NS, 100, 2, 4)}},
				{Entrant: 2, Total: 50, Boards: []BoardRecord{board(2, 1, 4, NS, 100, 2, 4)}},
				{Entrant: 3, Total: 60},
				{Entrant: 4, Total: 40},
			},
			want: []int{3, 1, 2, 4}, sep: 2, by: ByOpponents,
		},
		{
			clause: "NSWBA 12 matchpoints (a) not used in a complete movement; (b) decides",
			recs: []Record{
				// Same boards, same direction: 2 beat 1 on board 1, equal on board 2.
				{Entrant: 1, Total: 50, Boards: []BoardRecord{board(1, 1, 3, NS, 100, 2, 4), board(2, 2, 4, NS, 50, 2, 4)}},
				{Entrant: 2, Total: 50, Boards: []BoardRecord{board(1, 2, 4, NS, 140, 4, 4), board(2, 1, 3, NS, 50, 2, 4)}},
				{Entrant: 3, Total: 60},
				{Entrant: 4, Total: 40},
			},
			want: []int{3, 2, 1, 4}, sep: 1, by: ByBoards,
		},
		{
			clause: "NSWBA 12 matchpoints (b)(ii): opposite directions count against average",
			recs: []Record{
				// Board 1 in opposite directions: 1 above average (2 pts), 2 average (1 pt).
				{Entrant: 1, Total: 50, Boards: []BoardRecord{board(1, 1, 3, NS, 100, 3, 4)}},
				{Entrant: 2, Total: 50, Boards: []BoardRecord{board(1, 1, 4, EW, -100, 2, 4)}},
			},
			want: []int{1, 2}, sep: 2, by: ByBoards,
		},
		{
			clause: "NSWBA 12 matchpoints (c): two-way tie, the round between them",
			recs: []Record{
				// Board comparison level (each 2 points: above average once), 2 won their round 3-1.
				{Entrant: 1, Total: 50, Boards: []BoardRecord{board(1, 1, 2, NS, -50, 1, 4), board(2, 2, 3, NS, 400, 4, 4)}},
				{Entrant: 2, Total: 50, Boards: []BoardRecord{board(1, 1, 1, EW, 50, 3, 4), board(3, 2, 4, NS, 0, 1, 4)}},
				{Entrant: 3, Total: 20},
				{Entrant: 4, Total: 20},
			},
			want: []int{2, 1, 3, 4}, sep: 1, by: ByRound,
		},
		{
			clause: "NSWBA 12 matchpoints (d): the score against the highest placed pair, then the next",
			recs: []Record{
				// Against 3 (top): both 50%; against 4 (next): 1 scored 75%, 2 62.5%.
				// Board comparison level: each above average once, average once, in opposite directions.
				{Entrant: 1, Total: 50, Boards: []BoardRecord{board(1, 1, 3, NS, 0, 2, 4), board(2, 2, 4, NS, 0, 3, 4)}},
				{Entrant: 2, Total: 50, Boards: []BoardRecord{board(3, 1, 3, EW, 0, 2, 4), board(4, 2, 4, EW, 0, 2.5, 4)}},
				{Entrant: 3, Total: 70},
				{Entrant: 4, Total: 60},
			},
			want: []int{3, 4, 1, 2}, sep: 2, by: ByHigherPlace,
		},
	}
	for _, tt := range tests {
		for i := range tt.recs {
			tt.recs[i].Eligible = true
		}
		st := Rank(tt.recs, MatchpointMethod, RankOptions{Incomplete: tt.incomplete, Seed: 3})
		if got := order(st); !slices.Equal(got, tt.want) {
			t.Errorf("%s: order %v, want %v (%+v)", tt.clause, got, tt.want, st)
			continue
		}
		if got := byOf(st, tt.sep); got != tt.by {
			t.Errorf("%s: entrant %d separated by %q, want %q (%+v)", tt.clause, tt.sep, got, tt.by, st)
		}
	}
}

func TestQualify(t *testing.T) {
	st := []Standing{
		{Entrant: 1, Eligible: true}, {Entrant: 2, Eligible: false}, {Entrant: 3, Eligible: true},
		{Entrant: 4, Eligible: true}, {Entrant: 5, Eligible: true}, {Entrant: 6, Eligible: true},
	}
	ens := []Entrant{
		{ID: 1, Section: "A"}, {ID: 2, Section: "A", NonQualified: true}, {ID: 3, Section: "B", Unavailable: true},
		{ID: 4, Section: "A"}, {ID: 5, Section: "A"}, {ID: 6, Section: "B"},
	}
	tests := []struct {
		clause string
		places int
		want   []int
		repl   []Replacement
	}{
		{"NSWBA 12 (non-qualified units; replacement): 1 place per section; 2 may not qualify, 3 unavailable is replaced by 6 of its own section B", 1, []int{1, 6}, []Replacement{{Unavailable: 3, By: 6, Section: "B"}}},
		{"NSWBA 12 (non-qualified units): 2 places in A skip the non-qualified 2 and go to 4; B has no reserve left after 6", 2, []int{1, 4, 6}, nil},
	}
	for _, tt := range tests {
		q, r := Qualify(st, ens, tt.places)
		if !slices.Equal(q, tt.want) || !slices.Equal(r, tt.repl) {
			t.Errorf("%s: got %v %v, want %v %v", tt.clause, q, r, tt.want, tt.repl)
		}
	}
}

// TestTwoWinnerMitchell ranks a three-table Mitchell from package movement
// (pairs 1–3 North–South, 4–6 East–West, one board a round, each board
// played three times, top 4). Without arrow switch it is two-winner: each
// field is ranked on its own, with the matchpoint tie-breaks (NSWBA 12);
// with an arrow-switched round it is one-winner.
//
// The North–South scores, and the East–West pair each met:
//
//	board 1 (none vul):  1 +450 (v 4), 3 +430 (v 5), 2 +420 (v 6)
//	board 2 (NS vul):    2 +110 (v 5), 1 +100 (v 6), 3 +120 (v 4)
//	board 3 (EW vul):    3 +300 (v 6), 2 +200 (v 4), 1  -50 (v 5)
//
// North–South matchpoints: 1 4+0+0 = 4, 2 0+2+2 = 4, 3 2+4+4 = 10;
// East–West: 4 0+0+2 = 2, 5 2+2+4 = 8, 6 4+4+0 = 8.
func TestTwoWinnerMitchell(t *testing.T) {
	results := map[[2]int]string{ // round, table -> the table's result
		{1, 1}: "1 4S N 11", {1, 2}: "2 2S N 8", {1, 3}: "3 2H E 5",
		{2, 1}: "2 2H E 6", {2, 2}: "3 2H E 6", {2, 3}: "1 3NT N 10",
		{3, 1}: "3 3NT N 8", {3, 2}: "1 4S N 10", {3, 3}: "2 1NT N 8",
	}
	build := func(arrow []int) *Event {
		mv, err := movement.NewMitchell(movement.MitchellOptions{Tables: 3, PerSet: 1, ArrowSwitch: arrow})
		if err != nil {
			t.Fatal(err)
		}
		ev := New("mitchell", MatchpointPairs, Matchpoints)
		ev.Qualify = 1
		for range 6 {
			ev.AddEntrant(Entrant{Name: "p"})
		}
		ev.AddSession(time.Date(2026, 1, 1, 19, 30, 0, 0, time.UTC), 0)
		if err := ev.AddMovement(1, mv, time.Time{}); err != nil {
			t.Fatal(err)
		}
		for k, s := range results {
			r, err := ParseResult(s)
			if err != nil {
				t.Fatal(err)
			}
			if err := ev.EnterRoom(k[0], k[1], false, []Result{r}); err != nil {
				t.Fatal(err)
			}
		}
		return ev
	}
	ev := build(nil)
	if !ev.TwoWinner || ev.Top != 4 {
		t.Fatalf("a Mitchell without arrow switch: two_winner %v, top %g", ev.TwoWinner, ev.Top)
	}
	st := ev.Standings(nil)
	type row struct {
		place, entrant int
		total          float64
		by             Step
		field          string
	}
	want := []row{
		{1, 3, 10, "", FieldNS},
		{2, 2, 4, ByScore, FieldNS},
		// NSWBA 12 matchpoints (b): on the boards both played North–South
		// 2 beat 1 on boards 2 and 3, 1 beat 2 on board 1: 4 v 2.
		{3, 1, 4, ByBoards, FieldNS},
		{1, 6, 8, "", FieldEW},
		// NSWBA 12 matchpoints (b), East–West: 6 beat 5 on boards 1
		// (-420 v -430) and 2 (-100 v -110), 5 beat 6 on board 3: 4 v 2.
		{2, 5, 8, ByBoards, FieldEW},
		{3, 4, 2, ByScore, FieldEW},
	}
	if len(st) != len(want) {
		t.Fatalf("two-winner standings: %+v", st)
	}
	for i, w := range want {
		s := st[i]
		if s.Place != w.place || s.Entrant != w.entrant || s.Total != w.total || s.By != w.by || s.Field != w.field {
			t.Errorf("two-winner Mitchell, row %d: %+v, want %+v", i, s, w)
		}
	}
	if st[2].Detail != "2 v 4" || st[4].Detail != "2 v 4" {
		t.Errorf("NSWBA 12 (b): details %q and %q, want the points compared", st[2].Detail, st[4].Detail)
	}
	// NSWBA 12 (qualification) in each field: the winner of each.
	if q := ev.Qualifiers(st); !slices.Equal(q, []int{3, 6}) {
		t.Errorf("two-winner qualifiers %v, want [3 6]", q)
	}

	// Arrow-switched in round 3: the East–West pairs hold the North–South
	// cards of boards 1 (6), 2 (4) and 3 (5), so the same scores give
	//   board 1: NS cards 1 4, 3 2, 6 0; EW cards 4 0, 5 2, 2 4
	//   board 2: NS cards 2 2, 1 0, 4 4; EW cards 5 2, 6 4, 3 0
	//   board 3: NS cards 3 4, 2 2, 5 0; EW cards 6 0, 4 2, 1 4
	// and one field of six: 1 and 2 on 8, 3 and 4 on 6, 5 and 6 on 4.
	ev = build([]int{3})
	if ev.TwoWinner {
		t.Fatal("an arrow-switched Mitchell is one-winner")
	}
	st = ev.Standings(nil)
	want = []row{
		{1, 2, 8, "", ""},
		// (b): on board 2 both held the NS cards and 2 scored more (2
		// points to 2); on the other boards against average, 1 above twice
		// (4), 2 above once and average once (3): 4 v 5.
		{2, 1, 8, ByBoards, ""},
		{3, 4, 6, ByScore, ""},
		// (b) level at 3 (no board held alike; 3 is average, below, top;
		// 4 below, top, average), so (c): 4 beat 3 on board 2, 4 v 0.
		{4, 3, 6, ByRound, ""},
		{5, 6, 4, ByScore, ""},
		{6, 5, 4, ByBoards, ""},
	}
	for i, w := range want {
		if i >= len(st) {
			t.Fatalf("one-winner Mitchell: %+v", st)
		}
		s := st[i]
		if s.Place != w.place || s.Entrant != w.entrant || s.Total != w.total || s.By != w.by || s.Field != w.field {
			t.Errorf("one-winner Mitchell, row %d: %+v, want %+v", i, s, w)
		}
	}

	// A two-winner event whose pairs change direction is refused.
	ev = build(nil)
	ev.Sessions[0].Rounds[2].Matches[0].Switch = true
	if err := ev.Validate(); !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), "two_winner") {
		t.Errorf("two-winner with an arrow switch: %v", err)
	}
	ev = build(nil)
	mt := &ev.Sessions[0].Rounds[2].Matches[0]
	mt.NS, mt.EW = mt.EW, mt.NS
	if err := ev.Validate(); !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), "having sat") {
		t.Errorf("two-winner with a pair changing sides: %v", err)
	}
}

// TestAddMovementKindMismatch: an individual movement seats four players
// a table and goes only with an individual event; a pairs movement does
// not go with one.
func TestAddMovementKindMismatch(t *testing.T) {
	ind, err := movement.NewIndividual(movement.IndividualOptions{Tables: 2, PerSet: 1})
	if err != nil {
		t.Fatal(err)
	}
	how, err := movement.NewHowell(movement.HowellOptions{Tables: 2, PerSet: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		kind Kind
		mv   *movement.Movement
	}{
		{MatchpointPairs, ind},
		{Individual, how},
	} {
		ev := New("x", tt.kind, Matchpoints)
		for range 8 {
			ev.AddEntrant(Entrant{Name: "p"})
		}
		ev.AddSession(time.Date(2026, 1, 1, 19, 30, 0, 0, time.UTC), 0)
		if err := ev.AddMovement(1, tt.mv, time.Time{}); !errors.Is(err, ErrIndividual) {
			t.Errorf("%s movement for a %s event: %v, want ErrIndividual", tt.mv.Kind, tt.kind, err)
		}
		if len(ev.Rounds()) != 0 {
			t.Error("a refused movement added rounds")
		}
	}
}
