package event

import (
	"errors"
	"github.com/bridgetd/bridgetd/bridge"
	"math"
	"slices"
	"testing"
	"time"

	"github.com/bridgetd/bridgetd/movement"
	"github.com/bridgetd/bridgetd/regulation"
	"github.com/bridgetd/bridgetd/score"
)

// vpEvent builds a 30-VP Swiss pairs event of n pairs whose rounds are given
// as matches with their VPs entered directly (IMP-VP scoring, margin 0 and VP
// overwritten after Score), for the forfeit arithmetic.
type vpMatch struct {
	ns, ew  int
	vp      [2]float64
	forfeit string
}

func vpEvent(t *testing.T, n, planned int, rounds [][]vpMatch) *Event {
	t.Helper()
	ev := New("forfeits", SwissPairs, IMPVP)
	ev.VPTotal, ev.PlannedRounds, ev.BoardsPerRound = 30, planned, 8
	for i := 1; i <= n; i++ {
		ev.AddEntrant(Entrant{Name: "p"})
	}
	ev.AddSession(time.Date(2026, 1, 1, 10, 0, 0, 0, time.UTC), 0)
	for _, ms := range rounds {
		var ps []Pairing
		for _, m := range ms {
			ps = append(ps, Pairing{m.ns, m.ew})
		}
		rd, err := ev.AddRound(1, ps, nil, time.Time{})
		if err != nil {
			t.Fatal(err)
		}
		for i, m := range ms {
			v := m.vp
			rd.Matches[i].VP, rd.Matches[i].Forfeit = &v, fside(m.forfeit)
		}
	}
	return ev
}

func TestForfeitAdjustments(t *testing.T) {
	tests := []struct {
		clause string
		rounds [][]vpMatch
		want   float64
	}{
		{"NSWBA 13.9(a): the award, 18 of 30, when both means are lower",
			[][]vpMatch{
				{{1, 2, [2]float64{0, 18}, "ns"}, {3, 4, [2]float64{15, 15}, ""}},
				{{2, 3, [2]float64{10, 20}, ""}, {1, 4, [2]float64{14, 16}, ""}},
			}, 18},
		{"NSWBA 13.9(b): the non-offender's own mean in completed matches",
			[][]vpMatch{
				{{1, 2, [2]float64{0, 18}, "ns"}, {3, 4, [2]float64{15, 15}, ""}},
				{{2, 3, [2]float64{25, 5}, ""}, {1, 4, [2]float64{14, 16}, ""}},
				{{2, 4, [2]float64{21, 9}, ""}, {1, 3, [2]float64{10, 20}, ""}},
			}, 23},
		{"NSWBA 13.9(c): the mean score of the offender's opponents against it",
			[][]vpMatch{
				{{1, 2, [2]float64{0, 18}, "ns"}, {3, 4, [2]float64{15, 15}, ""}},
				{{2, 3, [2]float64{15, 15}, ""}, {1, 4, [2]float64{4, 26}, ""}},
				{{2, 4, [2]float64{15, 15}, ""}, {3, 1, [2]float64{22, 8}, ""}},
			}, 24},
		{"NSWBA 13.9: a second forfeit is not a completed match for the means",
			[][]vpMatch{
				{{1, 2, [2]float64{0, 18}, "ns"}, {3, 4, [2]float64{15, 15}, ""}},
				{{2, 3, [2]float64{18, 0}, "ew"}, {1, 4, [2]float64{14, 16}, ""}},
			}, 18},
	}
	for _, tt := range tests {
		ev := vpEvent(t, 4, len(tt.rounds), tt.rounds)
		adj := ev.ForfeitAdjustments(len(tt.rounds), true)
		if len(adj) == 0 || adj[0].VP != tt.want || adj[0].Entrant != 2 || adj[0].Offender != 1 {
			t.Errorf("%s: %+v, want pair 2 to score %g", tt.clause, adj, tt.want)
		}
		// The final adjustment replaces the award when the event has ended;
		// the offender keeps 0.
		sc, _ := ev.NewScorer()
		ev.applyFinalForfeits(sc)
		_, _, m, _ := ev.Match(1, 1)
		if m.VP[EW] != tt.want || m.VP[NS] != 0 {
			t.Errorf("%s: after the end the match scores %v", tt.clause, *m.VP)
		}
	}
}

func TestReviewRounds(t *testing.T) {
	tests := []struct {
		clause  string
		planned int
		want    []int
	}{
		{"NSWBA 13.9: 50% and 75% of 4 rounds", 4, []int{2, 3}},
		{"NSWBA 13.9: 50% of 7 is reached after 4, 75% after 6", 7, []int{4, 6}},
		{"NSWBA 13.9: with 2 rounds only the 50% draw remains", 2, []int{1}},
		{"NSWBA 13.9: a single round has no later draw", 1, nil},
		{"NSWBA 13.9: plan unknown, no review before a draw", 0, nil},
	}
	for _, tt := range tests {
		ev := New("r", SwissPairs, ButlerVP)
		ev.PlannedRounds = tt.planned
		if got := ev.ReviewRounds(); !slices.Equal(got, tt.want) {
			t.Errorf("%s: %v, want %v", tt.clause, got, tt.want)
		}
	}
	// NSWBA 13.9: the draws made once 50% and once 75% of the matches are
	// played, fractions rounded up, and none after the last.
	due := []struct {
		played, total int
		want          bool
	}{
		{3, 8, false}, {4, 8, true}, {5, 8, false}, {6, 8, true}, {7, 8, false}, {8, 8, false},
		{3, 7, false}, {4, 7, true}, {5, 7, false}, {6, 7, true}, // 3.5 and 5.25 rounded up
		{1, 2, true}, {1, 3, false}, {2, 3, true}, {0, 0, false}, {0, 4, false}, {2, 4, true}, {3, 4, true},
	}
	for _, tc := range due {
		ev := New("r", SwissPairs, ButlerVP)
		ev.PlannedRounds = tc.total
		if got := slices.Contains(ev.ReviewRounds(), tc.played); got != tc.want {
			t.Errorf("NSWBA 13.9: review after %d of %d rounds: %v, want %v", tc.played, tc.total, got, tc.want)
		}
	}
	// Another body's fractions are a new profile, not new code.
	ev := New("r", SwissPairs, ButlerVP)
	ev.PlannedRounds, ev.Regulation = 10, regulation.NSWBA2011()
	ev.Regulation.ForfeitReviewFractions = []float64{1.0 / 3, 2.0 / 3}
	if got := ev.ReviewRounds(); !slices.Equal(got, []int{4, 7}) {
		t.Errorf("review at thirds of 10 rounds: %v, want [4 7]", got)
	}
}

func TestDrawAdjustments(t *testing.T) {
	// Pair 1 forfeits to pair 2 in round 1 of 4; pair 2 then wins 25 and 27.
	rounds := [][]vpMatch{
		{{1, 2, [2]float64{0, 18}, "ns"}, {3, 4, [2]float64{15, 15}, ""}},
		{{2, 3, [2]float64{25, 5}, ""}, {1, 4, [2]float64{14, 16}, ""}},
		{{2, 4, [2]float64{27, 3}, ""}, {1, 3, [2]float64{15, 15}, ""}},
	}
	ev := vpEvent(t, 4, 4, rounds)
	tests := []struct {
		clause string
		played int
		want   float64 // 0: no adjustment stands
	}{
		{"NSWBA 13.9: before 50% the award stands for the draw", 1, 0},
		{"NSWBA 13.9: after 50% (2 of 4) the mean of round 2", 2, 25},
		{"NSWBA 13.9: after 75% (3 of 4) the mean of rounds 2 and 3", 3, 26},
	}
	for _, tt := range tests {
		adj := ev.DrawAdjustments(tt.played)
		switch {
		case tt.want == 0 && len(adj) != 0:
			t.Errorf("%s: %+v", tt.clause, adj)
		case tt.want != 0 && (len(adj) != 1 || adj[0].VP != tt.want):
			t.Errorf("%s: %+v, want %g", tt.clause, adj, tt.want)
		}
	}
}

func TestForfeitErrors(t *testing.T) {
	ev := vpEvent(t, 5, 2, [][]vpMatch{{{1, 2, [2]float64{}, ""}, {3, 4, [2]float64{}, ""}, {5, 0, [2]float64{}, ""}}})
	tests := []struct {
		clause          string
		round, table, o int
		want            error
	}{
		{"NSWBA 13.9: the offender must be at the table", 1, 1, 3, ErrForfeit},
		{"NSWBA 13.9: a bye is not forfeited", 1, 3, 5, ErrForfeit},
		{"NSWBA 13.9: no such match", 2, 1, 1, ErrNoMatch},
	}
	for _, tt := range tests {
		if err := ev.Forfeit(tt.round, tt.table, tt.o); !errors.Is(err, tt.want) {
			t.Errorf("%s: %v, want %v", tt.clause, err, tt.want)
		}
	}
	if err := ev.Forfeit(1, 1, 2); err != nil || ev.Sessions[0].Rounds[0].Matches[0].Forfeit == nil || *ev.Sessions[0].Rounds[0].Matches[0].Forfeit != bridge.EW {
		t.Errorf("NSWBA 13.9: forfeit by EW: %v", err)
	}
}

func TestHalfVP(t *testing.T) {
	sc, err := New("h", SwissPairs, ButlerVP).NewScorer()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		clause               string
		imps                 float64
		played, boards, dbl  int
		wantIMPs, wantBoards int
	}{
		{"NSWBA 13.7(a): under 12 boards, the IMPs doubled on the match's scale", 5, 4, 8, 12, 10, 8},
		{"NSWBA 13.7(a): 11 boards is still under 12", -7, 6, 11, 12, -14, 11},
		{"NSWBA 13.7(b): 12 boards, the IMPs on the scale for the boards played", 5, 6, 12, 12, 5, 6},
		{"NSWBA 13.7(b): a profile's own threshold of 8 boards", 5, 4, 8, 8, 5, 4},
		{"NSWBA 13.7(a): a profile's own threshold of 16 boards", 3, 7, 14, 16, 6, 14},
	}
	for _, tt := range tests {
		ns, ew := sc.HalfVP(tt.imps, tt.played, tt.boards, tt.dbl)
		wn, we := score.WBF2013.VP(tt.wantIMPs, tt.wantBoards)
		if ns != wn || ew != we {
			t.Errorf("%s: %g–%g, want %g–%g", tt.clause, ns, ew, wn, we)
		}
	}
}

func TestSplitBye(t *testing.T) {
	// Round 1: 1 v 2, 3 v 4, 5 bye. Round 2 is drawn 1 v 3, 4 v 5 ... the
	// bye goes to 2, which met 1 but not 3 or 4; the lowest match is 4 v 5.
	ev := New("odd", SwissPairs, ButlerVP)
	ev.BoardsPerRound = 5
	ev.Regulation = regulation.NSWBA2011()
	ev.Regulation.OddField = regulation.OddHalfMatches
	for i := 1; i <= 5; i++ {
		ev.AddEntrant(Entrant{Name: "p"})
	}
	ev.AddSession(time.Date(2026, 1, 1, 10, 0, 0, 0, time.UTC), 0)
	ev.AddRound(1, []Pairing{{1, 2}, {3, 4}, {5, 0}}, nil, time.Time{})
	ev.AddRound(1, []Pairing{{1, 3}, {4, 5}, {2, 0}}, nil, time.Time{})
	ev.AddRound(1, []Pairing{{2, 5}, {3, 1}, {4, 0}}, nil, time.Time{})
	tests := []struct {
		clause       string
		round        int
		first, other [2]int
		boards       [2][]int
	}{
		// Pair 2 has met neither 4 nor 5: the home pair plays both halves.
		{"NSWBA 13.7: the home pair plays both halves", 2, [2]int{4, 5}, [2]int{4, 2}, [2][]int{{6, 7, 8}, {9, 10}}},
		// Pair 4 met 3 in round 1, not 1: 3's opponent 1 plays both halves.
		{"NSWBA 13.7: no avoidable rematch for the extra pair", 3, [2]int{1, 3}, [2]int{1, 4}, [2][]int{{11, 12, 13}, {14, 15}}},
	}
	for _, tt := range tests {
		if err := ev.SplitBye(tt.round); err != nil {
			t.Fatalf("%s: %v", tt.clause, err)
		}
		_, rd, _ := ev.Round(tt.round)
		h1, h2 := rd.Matches[len(rd.Matches)-2], rd.Matches[len(rd.Matches)-1]
		if [2]int{h1.NS, h1.EW} != tt.first || [2]int{h2.NS, h2.EW} != tt.other || h1.Half != 1 || h2.Half != 2 ||
			!slices.Equal(h1.Boards, tt.boards[0]) || !slices.Equal(h2.Boards, tt.boards[1]) || h2.Table != 3 {
			t.Errorf("%s: %+v %+v", tt.clause, h1, h2)
		}
		if err := ev.Validate(); err != nil {
			t.Errorf("%s: %v", tt.clause, err)
		}
	}
	if err := ev.SplitBye(2); !errors.Is(err, ErrInvalid) {
		t.Errorf("NSWBA 13.7: a round split twice: %v", err)
	}
}

func TestHalfMatchRecords(t *testing.T) {
	// NSWBA 13.7: the pair playing both halves scores the mean of its two
	// half-match VPs and each half counts half a win.
	ev := New("odd", SwissPairs, IMPVP)
	ev.VPTotal = 20
	for i := 1; i <= 3; i++ {
		ev.AddEntrant(Entrant{Name: "p"})
	}
	ev.AddSession(time.Date(2026, 1, 1, 10, 0, 0, 0, time.UTC), 0)
	rd, err := ev.AddRound(1, []Pairing{{1, 2}}, []int{1, 2, 3, 4}, time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	rd.Matches[0].Half, rd.Matches[0].Boards = 1, []int{1, 2}
	rd.Matches = append(rd.Matches, Match{Table: 1, NS: 1, EW: 3, Half: 2, Boards: []int{3, 4}})
	if err := ev.Validate(); err != nil {
		t.Fatalf("NSWBA 13.7: pair 1 in both halves of table 1: %v", err)
	}
	win, lose := 3.0, -1.0
	rd.Matches[0].IMPs, rd.Matches[1].IMPs = &win, &lose
	sc, _ := ev.NewScorer()
	if err := ev.Score(sc); err != nil {
		t.Fatal(err)
	}
	a1, b1 := score.WBF2013.VP(6, 4)
	a2, b2 := score.WBF2013.VP(-2, 4)
	recs := ev.Records(sc)
	want := map[int]float64{1: round2((a1 + a2) / 2), 2: b1, 3: b2}
	for _, r := range recs {
		if math.Abs(r.Total-want[r.Entrant]) > 0.005 {
			t.Errorf("NSWBA 13.7: pair %d total %g, want %g", r.Entrant, r.Total, want[r.Entrant])
		}
	}
	if !recs[2].Matches[0].SatOut || recs[1].Matches[0].SatOut {
		t.Errorf("NSWBA 13.7: the extra pair (3) is marked, not pair 2: %+v %+v", recs[1].Matches, recs[2].Matches)
	}
	rr := ranker{recs: map[int]*Record{1: &recs[0]}}
	if _, fig := rr.wins([]int{1}); fig[1] != "0.5" {
		t.Errorf("NSWBA 12 Swiss (d): two half matches, one won: %s wins", fig[1])
	}
}

func TestTwoRooms(t *testing.T) {
	tests := []struct {
		clause       string
		open, closed []string
		home, away   float64 // each team's own IMPs
		err          bool
	}{
		{"Law 78B: 4♠ made in one room, one down in the other: 470 = 10 IMPs", []string{"1 4S N 10"}, []string{"1 4S N 9"}, 10, -10, false},
		{"Law 78B: each board converted before the match is totalled", []string{"1 4S N 10", "2 3NT E 9"}, []string{"1 4S N 9", "2 3NT E 8"}, 0, 0, false},
		{"Law 78B: the same result in both rooms is a push", []string{"3 2H S 8"}, []string{"3 2H S 8"}, 0, 0, false},
		{"a board missing from the closed room is an error", []string{"1 4S N 10", "2 3NT E 9"}, []string{"1 4S N 9", "3 2H S 8"}, 0, 0, true},
		// Home's outcomes +420 and -50 against -420 in the closed room:
		// 840 = 13 IMPs and 370 = 9 IMPs, weighted half and half.
		{"Law 12C1(c): a weighted score at teams, each outcome in IMPs before weighting", []string{"1 =420@0.5 =-50@0.5"}, []string{"1 4S E 10"}, 11, -11, false},
		// The closed room's outcomes are the away team's NS scores:
		// -420 and +50 against +420: home +13 and +9.
		{"Law 12C1(c): a weighted score in the closed room counts for the away team", []string{"1 4S N 10"}, []string{"1 =-420@0.5 =50@0.5"}, 11, -11, false},
		{"Law 12C1(c): a weighted score in both rooms is refused", []string{"1 =420@0.5 =-50@0.5"}, []string{"1 =-420@0.5 =50@0.5"}, 0, 0, true},
		// Home (NS, +420) against the closed room's -420: 840 = 13; away
		// (EW, -50 from NS's side) against it: 370, 9 IMPs to home, so -9
		// for away: the figures do not balance and each team keeps its own.
		{"Law 12C1(b): a split score at teams, each team's IMPs from its own assigned score", []string{"1 =420/-50"}, []string{"1 4S E 10"}, 13, -9, false},
		// NSWBA 8.3 in a short match: average-plus is 2 IMPs; the closed
		// room's result does not count.
		{"Law 12C2, NSWBA 8.3: an artificial score in the open room, each team its own award", []string{"1 A+/A-"}, []string{"1 4S E 10"}, 2, -2, false},
		{"Law 12C2: an artificial score in the closed room, where the home team sat East–West", []string{"1 4S N 10"}, []string{"1 A+/A-"}, -2, 2, false},
		{"Law 82C: the Director's error, average-plus to both teams: non-balancing", []string{"1 82C"}, []string{"1 4S E 10"}, 2, 2, false},
		{"NSWBA 13.11: a seen traveller, average-minus to both teams", []string{"1 4S N 10"}, []string{"1 seen"}, -2, -2, false},
		{"NSWBA 6.2.3: the away team (closed-room NS) mis-marked the pad", []string{"1 4S N 10"}, []string{"1 pad NS"}, 2, -2, false},
		{"Law 12C2: an artificial score in both rooms is refused", []string{"1 A+/A-"}, []string{"1 A/A"}, 0, 0, true},
		// One board unplayed of the two: 2 IMPs to each team (NSWBA 13.10(a)).
		{"NSWBA 13.10(a): a board unplayed through no fault: 2 IMPs to each team", []string{"1 unplayed", "2 3NT E 9"}, []string{"1 4S N 10", "2 3NT E 9"}, 2, 2, false},
		// +110 against +140: 30, 1 IMP to the away team.
		{"Law 87B: the same fouled form in both rooms is compared", []string{"1 2S N 8 form=1"}, []string{"1 2S N 9 form=1"}, -1, 1, false},
		{"Law 87B: different forms in the two rooms are not compared", []string{"1 2S N 8 form=1"}, []string{"1 4S N 10"}, 0, 0, true},
	}
	// Law 86 (2017 86C): in a knock-out, the home team's IMPs from its own
	// adjusted score (+420 v -420: 840, 13 IMPs) and from the away team's
	// (-50 v -420: 370, 9 IMPs) are averaged, 11, for both teams.
	for _, tt := range []struct {
		clause       string
		open, closed string
		want         float64
	}{
		{"Law 86: a split score in the open room, the average of 13 and 9 IMPs", "1 =420/-50", "1 4S E 10", 11},
		// Closed room: away NS given -420 (840 v the open room's +420: 13),
		// home EW given -50 from NS's side (home's own, 470: 10).
		{"Law 86: a split score in the closed room, each team's IMPs from its own score", "1 4S N 10", "1 =-420/-50", 11.5},
		{"Law 86: a split score that balances is scored as it stands", "1 =420/420", "1 4S E 10", 13},
		// +2 to each team: the home team's +2 and the away team's +2
		// (home -2) average 0.
		{"Law 86, 82C: average-plus to both teams in a knock-out averages to 0", "1 82C", "1 4S E 10", 0},
		{"Law 86, 12C2: average-plus to home, average-minus to away balances: +2", "1 A+/A-", "1 4S E 10", 2},
	} {
		kev := New("ko", KnockoutTeams, IMPs)
		ksc, _ := kev.NewScorer()
		o, _ := ParseResult(tt.open)
		c, _ := ParseResult(tt.closed)
		m := Match{Results: []Result{o}, Closed: []Result{c}}
		if home, away, ok, err := twoRooms(&m, ksc, kev.teamsRule(2, ksc)); err != nil || !ok || home != tt.want || away != -tt.want {
			t.Errorf("%s: %g/%g %v %v, want %g", tt.clause, home, away, ok, err, tt.want)
		}
	}
	ev := New("t", SwissTeams, IMPVP)
	sc, _ := ev.NewScorer()
	for _, tt := range tests {
		var m Match
		for _, s := range tt.open {
			r, err := ParseResult(s)
			if err != nil {
				t.Fatal(err)
			}
			m.Results = append(m.Results, r)
		}
		for _, s := range tt.closed {
			r, err := ParseResult(s)
			if err != nil {
				t.Fatal(err)
			}
			m.Closed = append(m.Closed, r)
		}
		home, away, ok, err := twoRooms(&m, sc, ev.teamsRule(2, sc))
		if (err != nil) != tt.err || (!tt.err && (!ok || home != tt.home || away != tt.away)) {
			t.Errorf("%s: home %g, away %g, %v %v; want %g and %g", tt.clause, home, away, ok, err, tt.home, tt.away)
		}
	}
	// NSWBA 8.3: in a match of 11 boards or more average-plus is 3 IMPs,
	// as the laws give it (2017 Law 12C2(b), 1997 Law 86A).
	m := Match{Results: []Result{{Board: 1, Award: "A+/A-"}}, Closed: []Result{{Board: 1, Score: 420, Contract: nil}}}
	if home, away, _, err := twoRooms(&m, sc, ev.teamsRule(12, sc)); err != nil || home != 3 || away != -3 {
		t.Errorf("NSWBA 8.3, Law 12C2(b): average-plus in a 12-board match: %g/%g %v, want +3 and -3", home, away, err)
	}
}

func TestMPRecordsFromMovement(t *testing.T) {
	// A two-table Howell, 3 rounds of 1 board: each board twice, top 2.
	mv, err := movement.NewHowell(movement.HowellOptions{Tables: 2, PerSet: 1})
	if err != nil {
		t.Fatal(err)
	}
	ev := New("mp", MatchpointPairs, Matchpoints)
	for i := 1; i <= 4; i++ {
		ev.AddEntrant(Entrant{Name: "p"})
	}
	ev.AddSession(time.Date(2026, 1, 1, 19, 30, 0, 0, time.UTC), 0)
	if err := ev.AddMovement(1, mv, time.Time{}); err != nil {
		t.Fatal(err)
	}
	if err := ev.AddMovement(1, mv, time.Time{}); !errors.Is(err, ErrDrawn) {
		t.Errorf("a second movement: %v", err)
	}
	// Every board played once at each table, every pair every board
	// (Law 8A1, the movement's property).
	played := map[int]int{}
	for _, rd := range ev.Rounds() {
		for i, m := range rd.Matches {
			for _, b := range m.BoardsIn(rd) {
				played[b]++
				res := Result{Board: b, Contract: ct("1NT"), Declarer: seat("N"), Tricks: 7 + i}
				if err := ev.EnterRoom(rd.Number, m.Table, false, []Result{res}); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if ev.Top != float64(2*(played[1]-1)) {
		t.Errorf("Law 78A: top %g for a board played %d times", ev.Top, played[1])
	}
	recs := ev.MPRecords()
	var sum float64
	for _, r := range recs {
		sum += r.Total
		if len(r.Boards) != 3 {
			t.Errorf("pair %d played %d boards, want 3", r.Entrant, len(r.Boards))
		}
	}
	// Law 78A: each board shares top×(tables) = 2×2 MP between the pairs.
	if sum != float64(len(played))*ev.Top*2 {
		t.Errorf("Law 78A: %g MP in all", sum)
	}
	if incomplete(recs) {
		t.Error("NSWBA 12 matchpoints (a): a complete Howell is not incomplete")
	}
	// A missing result: the board's other result is factored by Neuberg
	// (E = 2, A = 1: (0+1)·2/1 − 1 = 1 on a top of 2), and the pairs of the
	// unplayed table now have fewer boards: the movement was incomplete.
	rd := ev.Rounds()[0]
	rd.Matches[1].Results = nil
	recs = ev.MPRecords()
	for _, r := range recs {
		for _, b := range r.Boards {
			if b.Round == 1 && b.MP != 1 {
				t.Errorf("Neuberg: lone result on board %d scores %g, want 1", b.Board, b.MP)
			}
		}
	}
	if !incomplete(recs) {
		t.Error("NSWBA 12 matchpoints (a): pairs short of boards make the movement incomplete")
	}
}

// TestForfeitIMPs checks that a forfeited match carries the IMPs that earn
// its VP score, so that the Swiss tie-break (c) counts them. On the old WBF
// 25-VP scale for 8 boards 18–12 is the band of 9–11 IMPs, 25–5 of 30–33,
// and a margin past 50 scores 25–0.
func TestForfeitIMPs(t *testing.T) {
	// Four pairs, 8 boards, IMP margins entered; pair 1 wins round 1 by
	// forfeit (18 VP), pair 3 by 9 IMPs (also 18 VP); in round 2 both draw
	// with the other two pairs, so they tie on 33 VP, on (a) opponents'
	// totals (both met 2 and 4) and did not meet: (c) decides.
	build := func(offender string, r2 float64, planned int) *Event {
		ev := New("forfeit imps", SwissPairs, IMPVP)
		ev.VPScale, ev.VPTotal, ev.BoardsPerRound, ev.PlannedRounds = "wbf25", 30, 8, planned
		for range 4 {
			ev.AddEntrant(Entrant{Name: "p"})
		}
		ev.AddSession(time.Date(2026, 1, 1, 10, 0, 0, 0, time.UTC), 0)
		ns, ew := 1, 2
		if offender == "ns" {
			ns, ew = 2, 1
		}
		rounds := [][]Pairing{{{ns, ew}, {3, 4}}, {{1, 4}, {3, 2}}}
		margins := [][]float64{{0, 9}, {r2, 0}}
		for i, ps := range rounds {
			rd, err := ev.AddRound(1, ps, nil, time.Time{})
			if err != nil {
				t.Fatal(err)
			}
			for j := range rd.Matches {
				v := margins[i][j]
				rd.Matches[j].IMPs = &v
			}
		}
		_, _, m, _ := ev.Match(1, 1)
		m.Forfeit = fside(offender)
		return ev
	}
	tests := []struct {
		clause   string
		offender string
		r2       float64 // pair 1's margin in round 2
		planned  int
		wantNS   float64 // IMPs stored for the forfeited match, NS's margin
		want1    float64 // pair 1's IMPs in its forfeit match record
	}{
		{"NSWBA 13.9: EW in default, NS has the most IMPs of the 18-VP band", "ew", 0, 0, 11, 11},
		{"NSWBA 13.9: NS in default, the offender's margin is the negative", "ns", 0, 0, -11, 11},
		{"NSWBA 13.9: re-adjusted to the non-offender's mean of 25 at the end, the fewest IMPs that earn 25", "ew", 30, 2, 30, 30},
	}
	for _, tt := range tests {
		ev := build(tt.offender, tt.r2, tt.planned)
		sc, err := ev.NewScorer()
		if err != nil {
			t.Fatal(err)
		}
		if err := ev.Score(sc); err != nil {
			t.Fatal(err)
		}
		_, _, m, _ := ev.Match(1, 1)
		if m.IMPs == nil || *m.IMPs != tt.wantNS {
			t.Errorf("%s: forfeit match IMPs %v, want %g", tt.clause, m.IMPs, tt.wantNS)
			continue
		}
		for _, r := range ev.Records(sc) {
			for _, mr := range r.Matches {
				if mr.Round != 1 || (r.Entrant != 1 && r.Entrant != 2) {
					continue
				}
				want := tt.want1
				if r.Entrant == 2 {
					want = -want
				}
				if mr.IMPs != want {
					t.Errorf("%s: entrant %d's forfeit record has %g IMPs, want %g", tt.clause, r.Entrant, mr.IMPs, want)
				}
			}
		}
	}
	// NSWBA 12, Swiss (c): the forfeit's 11 IMPs beat pair 3's 9.
	ev := build("ew", 0, 0)
	sc, _ := ev.NewScorer()
	if err := ev.Score(sc); err != nil {
		t.Fatal(err)
	}
	st := ev.Standings(sc)
	if st[0].Entrant != 1 || st[1].Entrant != 3 || st[1].By != ByIMPs || st[0].Total != 33 || st[1].Total != 33 {
		t.Errorf("NSWBA 12 Swiss (c) with forfeit IMPs: %+v", st[:2])
	}
}

// TestForfeitNotScoredByVPs: in an event not scored by VPs (a knock-out in
// IMPs) a forfeit gives the non-offenders the IMPs of the unplayed-boards
// formula for the match and the offenders the negative (NSWBA 13.9, by
// 13.10): no VPs, and the teams do not rank level on 0.
func TestForfeitNotScoredByVPs(t *testing.T) {
	tests := []struct {
		clause   string
		boards   int
		offender string
		wantNS   float64
	}{
		{"NSWBA 13.10(a): 3 boards, 2 IMPs a board", 3, "ew", 6},
		{"NSWBA 13.10(b): 6 boards, 1 IMP a board", 6, "ew", 6},
		{"NSWBA 13.10(b): the offender NS scores the negative", 5, "ns", -5},
		// 13.10(c): 16 boards; M is the most IMPs scoring 18 of 30 VPs, 12
		// of the WBF 2013 scale's 20: 6 IMPs score 11.76, 7 score 12.03.
		// A = 6/16 = 0.375, to the nearest half: 0.5 a board, 8 IMPs.
		{"NSWBA 13.10(c): 16 boards by the formula M/U", 16, "ew", 8},
	}
	for _, tt := range tests {
		ev, err := Create(Settings{Name: "KO", Kind: KnockoutTeams, VPScale: "wbf2013", VPTotal: 20, BoardsPerRound: tt.boards})
		if err != nil {
			t.Fatal(err)
		}
		ev.AddEntrant(Entrant{Name: "home"})
		ev.AddEntrant(Entrant{Name: "away"})
		ev.AddSession(time.Date(2026, 1, 1, 10, 0, 0, 0, time.UTC), 0)
		if _, err := ev.AddRound(1, []Pairing{{1, 2}}, nil, time.Time{}); err != nil {
			t.Fatal(err)
		}
		_, _, m, _ := ev.Match(1, 1)
		m.Forfeit = fside(tt.offender)
		rep, err := ev.Report()
		if err != nil {
			t.Fatal(err)
		}
		_, _, m, _ = ev.Match(1, 1)
		if m.VP != nil || m.IMPs == nil || *m.IMPs != tt.wantNS {
			t.Errorf("%s: VP %v, IMPs %v; want no VPs and NS %+g IMPs", tt.clause, m.VP, deref(m.IMPs), tt.wantNS)
			continue
		}
		winner, loser := 1, 2
		if tt.offender == "ns" {
			winner, loser = 2, 1
		}
		if total(rep, winner) != math.Abs(tt.wantNS) || total(rep, loser) != -math.Abs(tt.wantNS) || rep.Standings[0].Entrant != winner {
			t.Errorf("%s: standings %+v; want %d first on %+g, %d on %+g", tt.clause, rep.Standings, winner, math.Abs(tt.wantNS), loser, -math.Abs(tt.wantNS))
		}
	}
}
