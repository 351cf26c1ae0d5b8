package event

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bridgetd/bridgetd/movement"
)

// individualEvent is a 2-table individual (8 players, 7 rounds of one
// board) on package movement's cyclic movement. Its seatings (N E S W) are
//
//	round/board  table 1      table 2
//	1            8 2 1 4      3 5 7 6
//	2            8 3 2 5      4 6 1 7
//	3            8 4 3 6      5 7 2 1
//	4            8 5 4 7      6 1 3 2
//	5            8 6 5 1      7 2 4 3
//	6            8 7 6 2      1 3 5 4
//	7            8 1 7 3      2 4 6 5
//
// and table 1's North–South score is better on boards 1, 4 and 5, worse on
// 2 and 6, and equal on 3 and 7.
func individualEvent(t *testing.T) *Event {
	t.Helper()
	mv, err := movement.NewIndividual(movement.IndividualOptions{Tables: 2, PerSet: 1})
	if err != nil {
		t.Fatal(err)
	}
	ev := New("Individual", Individual, Matchpoints)
	for _, name := range []string{"Ann", "Ben", "Col", "Dot", "Eli", "Flo", "Gus", "Hal"} {
		if _, err := ev.AddEntrant(Entrant{Name: name, Players: []Player{{Name: name}}}); err != nil {
			t.Fatal(err)
		}
	}
	at := time.Date(2026, 6, 9, 19, 30, 0, 0, time.UTC)
	if _, err := ev.AddSession(at, 0); err != nil {
		t.Fatal(err)
	}
	if err := ev.AddMovement(1, mv, at); err != nil {
		t.Fatal(err)
	}
	results := [7][2]string{
		{"1 4S N 10", "1 4S N 9"},
		{"2 3NT S 8", "2 3NT S 9"},
		{"3 2H N 8", "3 2H N 8"},
		{"4 1NT N 8", "4 1NT N 7"},
		{"5 3C S 10", "5 3C S 9"},
		{"6 4H N 9", "6 4H N 10"},
		{"7 Pass", "7 Pass"},
	}
	for r, row := range results {
		for tb, s := range row {
			res, err := ParseResult(s)
			if err != nil {
				t.Fatal(err)
			}
			if err := ev.EnterRoom(r+1, tb+1, false, []Result{res}); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := ev.Validate(); err != nil {
		t.Fatal(err)
	}
	return ev
}

// TestIndividual scores and ranks the 2-table individual by hand. Each
// board is played twice, so the top is 2 (Law 78A); each player scores his
// side's matchpoints, both partners alike. Per board (2, 0 or 1 each):
//
//	player  1 2 3 4 5 6 7  total
//	1       2 2 1 2 0 2 1  10
//	2       0 0 1 2 2 2 1   8
//	3       0 2 1 0 2 0 1   6
//	4       0 2 1 2 0 0 1   6
//	5       2 2 1 0 2 2 1  10
//	6       2 0 1 0 0 0 1   4
//	7       0 0 1 0 0 2 1   4
//	8       2 0 1 2 2 0 1   8
//
// The movement is complete, so matchpoint step (a) does not apply, and
// every tie survives step (b) (worked below). Then:
//   - 1 v 5, step (c): they were opponents on boards 3 (5 N, 1 W) and 5
//     (5 S, 1 W): 1 scored 1+0, 5 scored 1+2; 5 ahead 3 v 1.
//   - 3 v 4, step (c): opponents on boards 3 (4 E, 3 S) and 5 (4 S, 3 W):
//     3 scored 1+2, 4 scored 1+0; 3 ahead.
//   - 2 v 8, (c) level (boards 1 and 6: 0+2 each); (d) against 1, the
//     highest placed: 2 met 1 as an opponent on boards 1 and 3 (0+1 of 4,
//     25%), 8 on boards 5 and 7 (2+1 of 4, 75%); 8 ahead.
//   - 6 v 7, (c) level (boards 1 and 6: 2+0 each); (d) against 1: 6 on
//     boards 2 and 4 (0 of 4, 0%), 7 on boards 2 and 7 (1 of 4, 25%); 7
//     ahead.
//
// Step (b) for 1 v 5: board 4 both East–West, 1 at the better table (2–0);
// board 6 partners (1 each); board 7 both East–West, equal (1 each); the
// others against average: 1 has 2, 2, 1, 0 on boards 1, 2, 3, 5, and 5 has
// 2, 2, 1, 2: 9 each.
func TestIndividual(t *testing.T) {
	ev := individualEvent(t)
	if ev.Top != 2 || len(ev.Rounds()) != 7 {
		t.Fatalf("Law 78A: top %g, %d rounds; want 2 and 7", ev.Top, len(ev.Rounds()))
	}
	_, _, m, err := ev.Match(4, 2)
	if err != nil || !slices.Equal(m.Players, []int{6, 1, 3, 2}) || !slices.Equal(m.Boards, []int{4}) {
		t.Fatalf("round 4 table 2: %+v, %v", m, err)
	}
	want := map[int]float64{1: 10, 2: 8, 3: 6, 4: 6, 5: 10, 6: 4, 7: 4, 8: 8}
	var sum float64
	for _, r := range ev.MPRecords() {
		if r.Total != want[r.Entrant] || len(r.Boards) != 7 {
			t.Errorf("Law 78A: player %d total %g on %d boards, want %g on 7", r.Entrant, r.Total, len(r.Boards), want[r.Entrant])
		}
		for _, b := range r.Boards {
			if b.Partner == 0 || b.Opponent == 0 || b.SecondOpponent == 0 || b.Top != 2 {
				t.Errorf("player %d board %d: partner %d, opponents %d %d, top %g", r.Entrant, b.Board, b.Partner, b.Opponent, b.SecondOpponent, b.Top)
			}
		}
		sum += r.Total
	}
	// 7 boards, 2 tables, 4 players sharing 2 MP a side: 8 a board.
	if sum != 56 {
		t.Errorf("Law 78A: matchpoints sum to %g, want 56", sum)
	}

	sc, err := ev.NewScorer()
	if err != nil {
		t.Fatal(err)
	}
	if err := ev.Score(sc); err != nil {
		t.Fatal(err)
	}
	for _, rd := range ev.Rounds() {
		for _, m := range rd.Matches {
			if m.VP != nil || m.IMPs != nil {
				t.Errorf("round %d table %d: an individual table got VP %v, IMPs %v", rd.Number, m.Table, m.VP, m.IMPs)
			}
		}
	}
	type row struct {
		entrant int
		total   float64
		by      Step
		detail  string
	}
	wantSt := []row{
		{5, 10, "", ""},
		{1, 10, ByRound, "1 v 3"},                  // NSWBA 12 matchpoints (c), both opponents
		{8, 8, ByScore, "8 v 10"},                  // NSWBA 12: the total
		{2, 8, ByHigherPlace, "25% v 1 v 75% v 1"}, // NSWBA 12 matchpoints (d)
		{3, 6, ByScore, "6 v 8"},
		{4, 6, ByRound, "1 v 3"},
		{7, 4, ByScore, "4 v 6"},
		{6, 4, ByHigherPlace, "0% v 1 v 25% v 1"},
	}
	st := ev.Standings(sc)
	if len(st) != len(wantSt) {
		t.Fatalf("%d standings, want %d", len(st), len(wantSt))
	}
	for i, w := range wantSt {
		s := st[i]
		if s.Place != i+1 || s.Entrant != w.entrant || s.Total != w.total || s.By != w.by || s.Detail != w.detail {
			t.Errorf("place %d: %+v, want %+v", i+1, s, w)
		}
	}

	// NSWBA 12 matchpoints (b) on its own: 1 and 5 level at 9.
	recs := ev.MPRecords()
	r := ranker{recs: map[int]*Record{}, method: MatchpointMethod}
	for i := range recs {
		r.recs[recs[i].Entrant] = &recs[i]
	}
	if parts, fig := r.boards([]int{1, 5}); len(parts) != 1 || fig[1] != "9" || fig[5] != "9" {
		t.Errorf("NSWBA 12 matchpoints (b), players 1 and 5: %v %v, want level at 9", parts, fig)
	}

	// NSWBA 13.9 forfeits are for matches between two entrants.
	if err := ev.Forfeit(1, 1, 8); !errors.Is(err, ErrForfeit) {
		t.Errorf("forfeit of an individual table: %v, want ErrForfeit", err)
	}
	// NSWBA 7.4: slow play at an individual table fines all four players
	// not ruled innocent.
	offs, err := ev.Apply(Fine{Kind: SlowPlay, At: time.Date(2026, 6, 9, 20, 0, 0, 0, time.UTC), Round: 1, Table: 2, Innocent: []int{6}}, nil)
	if err != nil || len(offs) != 3 {
		t.Fatalf("slow play at an individual table: %d offences, %v", len(offs), err)
	}
	for i, id := range []int{3, 5, 7} {
		if offs[i].Entrant != id {
			t.Errorf("slow play: offence %d against %d, want %d", i, offs[i].Entrant, id)
		}
	}
}

// TestIndividualFile: an individual event survives the event file, and a
// bad individual table is refused with its round, table and field.
func TestIndividualFile(t *testing.T) {
	path := t.TempDir() + "/ind.json"
	ev := individualEvent(t)
	if err := save(path, ev); err != nil {
		t.Fatal(err)
	}
	back, err := load(path)
	if err != nil {
		t.Fatal(err)
	}
	_, _, m, _ := back.Match(7, 2)
	if !slices.Equal(m.Players, []int{2, 4, 6, 5}) || len(m.Results) != 1 {
		t.Errorf("round 7 table 2 read back: %+v", m)
	}

	tests := []struct {
		name   string // the rule checked
		change func(ev *Event)
		want   string
	}{
		{"Law 5A: four seats", func(ev *Event) { ev.Sessions[0].Rounds[1].Matches[0].Players = []int{8, 3, 2} },
			"round 2 table 1: players: an individual table seats 4 players"},
		{"entered players", func(ev *Event) { ev.Sessions[0].Rounds[2].Matches[1].Players[3] = 9 },
			"round 3 table 2: players[3] (W): entrant 9 not entered"},
		{"an empty seat", func(ev *Event) { ev.Sessions[0].Rounds[2].Matches[1].Players[0] = 0 },
			"round 3 table 2: players[0] (N): the seat is empty"},
		{"one seat a round", func(ev *Event) { ev.Sessions[0].Rounds[0].Matches[1].Players[2] = 2 },
			"round 1 table 2: players[2] (S): entrant 2 plays twice in the round"},
		{"ns unused", func(ev *Event) { ev.Sessions[0].Rounds[3].Matches[0].NS = 8 },
			"round 4 table 1: ns: not used at an individual table"},
		{"NSWBA 13.9 forfeit unused", func(ev *Event) { ev.Sessions[0].Rounds[3].Matches[0].Forfeit = fside("ns") },
			"round 4 table 1: forfeit: not used at an individual table"},
		{"pairs matches", func(ev *Event) { ev.Sessions[0].Rounds[3].Matches[0].Players = nil },
			"round 4 table 1: players: an individual table seats 4 players (N, E, S, W), got 0"},
		{"one player an entrant", func(ev *Event) { ev.Entrants[2].Players = append(ev.Entrants[2].Players, Player{Name: "X"}) },
			"entrants[2].players: an individual entrant is one player, got 2"},
		{"Law 78A: matchpoints", func(ev *Event) { ev.Scoring = ButlerVP }, "scoring: an individual event is scored by matchpoints"},
		{"one field", func(ev *Event) { ev.TwoWinner = true }, "two_winner: an individual event has one field"},
		{"players in a pairs event", func(ev *Event) { ev.Kind = MatchpointPairs },
			"round 1 table 1: players: only an individual event seats four players"},
	}
	for _, tt := range tests {
		ev := individualEvent(t)
		tt.change(ev)
		err := ev.Validate()
		if !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want %q", tt.name, err, tt.want)
		}
	}
	if _, err := ev.AddEntrant(Entrant{Name: "Two", Players: []Player{{Name: "A"}, {Name: "B"}}}); !errors.Is(err, ErrInvalid) {
		t.Errorf("an individual entrant of two players: %v", err)
	}
}

// TestIndividualNoPairings: an individual event's tables seat four players,
// so a draw of pairings (a Swiss round) is refused.
func TestIndividualNoPairings(t *testing.T) {
	ev := New("ind", Individual, Matchpoints)
	ev.AddEntrant(Entrant{Name: "a"})
	ev.AddEntrant(Entrant{Name: "b"})
	ev.AddSession(time.Date(2026, 1, 1, 19, 30, 0, 0, time.UTC), 0)
	if _, err := ev.AddRound(1, []Pairing{{NS: 1, EW: 2}}, []int{1}, time.Time{}); !errors.Is(err, ErrIndividual) {
		t.Errorf("pairings in an individual event: %v, want ErrIndividual", err)
	}
}
