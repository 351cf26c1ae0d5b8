package event

import (
	"errors"
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/movement"
)

// boardOne is a matchpoint event of eight pairs at four tables playing
// board 1 (not vulnerable), the tables' results given as ParseResult reads
// them; it returns each pair's matchpoints on the board (top 6: 2 for each
// of three scores beaten, Law 78A).
func boardOne(t *testing.T, rows ...string) map[int]float64 {
	t.Helper()
	ev := New("adjusted", MatchpointPairs, Matchpoints)
	for i := 1; i <= 8; i++ {
		ev.AddEntrant(Entrant{Name: fmt.Sprintf("pair %d", i)})
	}
	ev.AddSession(time.Date(2026, 6, 9, 19, 30, 0, 0, time.UTC), 0)
	if _, err := ev.AddRound(1, []Pairing{{1, 2}, {3, 4}, {5, 6}, {7, 8}}, []int{1}, time.Time{}); err != nil {
		t.Fatal(err)
	}
	for i, s := range rows {
		r, err := ParseResult(s)
		if err != nil {
			t.Fatal(err)
		}
		if err := ev.EnterRoom(1, i+1, false, []Result{r}); err != nil {
			t.Fatal(err)
		}
	}
	mp := map[int]float64{}
	for _, rec := range ev.MPRecords() {
		for _, b := range rec.Boards {
			mp[rec.Entrant] += b.MP
		}
	}
	return mp
}

// TestAdjustedScoresInTheRanking: the event file and the results command
// record each adjusted score and irregular board, and the matchpoints
// apply it (tables 1–3 played 4♠ by North: +420, +420, +450).
func TestAdjustedScoresInTheRanking(t *testing.T) {
	played := []string{"1 4S N 10", "1 4S N 10", "1 4S N 11"}
	tests := []struct {
		clause string
		row    string // table 4: pair 7 North–South, pair 8 East–West
		p7, p8 float64
	}{
		// An artificial score takes no part in the comparisons: the top is
		// then 4, over the three scores played (package score).
		{"Law 12C2: average-plus to NS, average-minus to EW: 60% and 40% of the top", "1 A+/A-", 2.4, 1.6},
		{"NSWBA 13.11: a seen traveller: average-minus to both", "1 seen", 1.6, 1.6},
		{"Law 82C: a Director's error: average-plus to both", "1 82C", 2.4, 2.4},
		{"NSWBA 6.2.3: EW mis-marked the bidding pad and NS declined: average-plus to NS, average-minus to EW", "1 pad EW", 2.4, 1.6},
		// NS compared as +420 (two ties, one loss), EW as -100 (beating all).
		{"Law 12C1(b): a split score, each side compared on its own", "1 =420/-100", 2, 6},
		// Half of +420 (2 MP) and half of +450 (5 MP): 3.5, EW the rest.
		{"Law 12C1(c): a weighted score, each outcome matchpointed then weighted", "1 =420@0.5 =450@0.5", 3.5, 2.5},
		// Pair 7 held the East–West cards and scored +420 from its seat:
		// as East–West it beat all three (-420 for the North–South cards).
		{"NSWBA 8.4: a board turned through 90° is scored against the pairs who held the same cards", "1 4S N 10 turned", 6, 0},
	}
	for _, tt := range tests {
		mp := boardOne(t, append(played, tt.row)...)
		if math.Abs(mp[7]-tt.p7) > 1e-9 || math.Abs(mp[8]-tt.p8) > 1e-9 {
			t.Errorf("%s: pair 7 %g, pair 8 %g; want %g and %g", tt.clause, mp[7], mp[8], tt.p7, tt.p8)
		}
	}
	// Law 87: a fouled form is compared only within its form: tables 3 and
	// 4 played form 1; what the true board scored does not move them.
	a := boardOne(t, "1 4S N 10", "1 4S N 11", "1 2S N 8 form=1", "1 2S N 9 form=1")
	b := boardOne(t, "1 4S N 8", "1 4S N 9", "1 2S N 8 form=1", "1 2S N 9 form=1")
	if a[5] != b[5] || a[7] != b[7] || !(a[7] > a[5]) {
		t.Errorf("Law 87: form 1 pairs 5 and 7: %g, %g with the true board made, %g, %g with it down; want the same, 7 ahead", a[5], a[7], b[5], b[7])
	}
}

// TestAdjustedScoresRefused: an adjusted score that cannot be meant is
// refused with the field, and one the event's scoring does not apply yet
// is refused rather than scored wrongly.
func TestAdjustedScoresRefused(t *testing.T) {
	for _, s := range []string{"1 A+/B", "1 =420@0.5 =450@0.6", "1 =420@0 =450@1", "1 =421/-100", "1 4S N 10 form=0", "1 seen turned extra", "1 82C extra", "1 pad", "1 pad XY", "1 pad NS EW"} {
		if r, err := ParseResult(s); err == nil {
			t.Errorf("%q read as %+v", s, r)
		} else if !errors.Is(err, ErrBadResult) {
			t.Errorf("%q: %v, want ErrBadResult", s, err)
		}
	}
	ev := New("teams", SwissTeams, IMPVP)
	ev.VPTotal, ev.BoardsPerRound = 20, 2
	ev.AddEntrant(Entrant{Name: "a"})
	ev.AddEntrant(Entrant{Name: "b"})
	ev.AddSession(time.Date(2026, 1, 1, 10, 0, 0, 0, time.UTC), 0)
	if _, err := ev.AddRound(1, []Pairing{{1, 2}}, nil, time.Time{}); err != nil {
		t.Fatal(err)
	}
	turned, _ := ParseResult("1 4S N 10 turned")
	if err := ev.EnterRoom(1, 1, false, []Result{turned}); !errors.Is(err, ErrBadResult) {
		t.Errorf("NSWBA 8.4: a board turned through 90° in a teams match: %v, want it refused as a fouled board", err)
	}
	mp := mpEvent(t, 4)
	if _, err := mp.AddRound(1, []Pairing{{1, 2}, {3, 4}}, []int{1}, time.Time{}); err != nil {
		t.Fatal(err)
	}
	u, _ := ParseResult("1 unplayed")
	if err := mp.EnterRoom(1, 1, false, []Result{u}); !errors.Is(err, ErrBadResult) {
		t.Errorf("an unplayed board in a matchpoint event: %v, want it refused (NSWBA 13.10 assigns IMPs)", err)
	}
}

// TestAdjustedScoresSwissTeams: a Swiss teams round of two 2-board matches
// in which each kind of adjusted score is recorded in one room and the
// other room played the board: the match is scored board by board, each
// team's IMPs from its own score when the figures do not balance, each
// team's VPs from its own IMPs, and the next round can be drawn. Board 2
// is 3NT by East making in both rooms (a push).
func TestAdjustedScoresSwissTeams(t *testing.T) {
	tests := []struct {
		clause     string
		open, cl   string // board 1 in the open (home NS) and closed room
		home, away float64
	}{
		// NSWBA 8.3: a match of fewer than 11 boards, average-plus is 2 IMPs.
		{"Law 82C: the Director's error, both teams non-offending: +2 each (NSWBA 8.3)", "1 82C", "1 4S E 10", 2, 2},
		{"NSWBA 6.2.3: the home team mis-marked the pad and the away team declined: -2, +2", "1 pad NS", "1 4S E 10", -2, 2},
		{"NSWBA 13.11: a seen traveller in the closed room: average-minus to both teams", "1 4S N 10", "1 seen", -2, -2},
		{"Law 12C2: average-plus to the closed room's East–West (home), average-minus to its North–South (away)", "1 4S N 10", "1 A-/A+", 2, -2},
		// Home +420 against the closed room's -420: 840, 13 IMPs; away
		// given -50 (from NS's side) against it: 370, 9 to home, -9 its own.
		{"Law 12C1(b): a split score, each team's IMPs from its own assigned score", "1 =420/-50", "1 4S E 10", 13, -9},
		{"Law 12C1(b): a split score that balances is an ordinary board", "1 =420/420", "1 4S E 10", 13, -13},
		{"NSWBA 13.10(a): a board unplayed through no fault: 2 IMPs to each team", "1 unplayed", "1 4S E 10", 2, 2},
	}
	for _, tt := range tests {
		ev, err := Create(Settings{Name: "swiss", Kind: SwissTeams, VPScale: "wbf2013", VPTotal: 20, BoardsPerRound: 2, PlannedRounds: 3, Seed: 7})
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range []string{"a", "b", "c", "d"} {
			if _, err := ev.AddEntrant(Entrant{Name: n}); err != nil {
				t.Fatal(err)
			}
		}
		ev.AddSession(time.Date(2026, 1, 1, 10, 0, 0, 0, time.UTC), 0)
		if _, err := ev.AddRound(1, []Pairing{{1, 2}, {3, 4}}, []int{1, 2}, time.Time{}); err != nil {
			t.Fatal(err)
		}
		enter := func(table int, closed bool, rows ...string) {
			t.Helper()
			var rs []Result
			for _, s := range rows {
				r, err := ParseResult(s)
				if err != nil {
					t.Fatal(err)
				}
				rs = append(rs, r)
			}
			if err := ev.EnterRoom(1, table, closed, rs); err != nil {
				t.Fatalf("%s: %v", tt.clause, err)
			}
		}
		enter(1, false, tt.open, "2 3NT E 9")
		enter(1, true, tt.cl, "2 3NT E 9")
		enter(2, false, "1 4S N 10", "2 3NT E 9")
		enter(2, true, "1 4S E 10", "2 3NT E 9")
		sc, err := ev.NewScorer()
		if err != nil {
			t.Fatal(err)
		}
		if err := ev.Score(sc); err != nil {
			t.Fatalf("%s: %v", tt.clause, err)
		}
		_, _, m, _ := ev.Match(1, 1)
		if !ownIMPs(t, tt.clause, m, sc, tt.home, tt.away) {
			continue
		}
		homeVP, _ := sc.VP(tt.home, 2)
		awayVP, _ := sc.VP(tt.away, 2)
		// The VPs carry to the ranking and the next draw.
		for _, r := range ev.Records(sc) {
			want := map[int]float64{1: homeVP, 2: awayVP}[r.Entrant]
			if (r.Entrant == 1 || r.Entrant == 2) && r.Total != want {
				t.Errorf("%s: team %d total %g, want %g", tt.clause, r.Entrant, r.Total, want)
			}
		}
		if _, err := ev.DrawSwiss(DrawOptions{}); err != nil {
			t.Errorf("%s: the next draw: %v", tt.clause, err)
		}
	}
}

// TestAdjustedScoresButler: in Butler pairs (IMPs against a datum) an
// artificial score is worth the profile's average IMPs, 2 in Butler pairs
// (NSWBA 8.3), to each side on its own, so average-minus to both for a
// seen traveller costs both pairs 2 IMPs (NSWBA 13.11), each side's VPs
// from its own IMPs; a fouled form played at enough tables is scored on a
// datum of its own (NSWBA 8.1(a), score.Fouled: the profile's rule).
func TestAdjustedScoresButler(t *testing.T) {
	tests := []struct {
		clause         string
		t1b1           string
		wantNS, wantEW float64 // table 1's IMPs on board 1, each side's own
	}{
		{"NSWBA 13.11 and 8.3: a seen traveller, average-minus to both: -2 and -2 IMPs", "1 seen", -2, -2},
		{"NSWBA 8.3: average-plus to NS, average-minus to EW: +2 and -2", "1 A+/A-", 2, -2},
		{"Law 82C: the Director's own error, both sides non-offending: average-plus to both, +2 and +2", "1 82C", 2, 2},
		{"NSWBA 6.2.3: NS mis-marked the bidding pad, EW declined the call out of turn: -2 to NS, +2 to EW", "1 pad NS", -2, 2},
		{"NSWBA 6.2.3: EW mis-marked the bidding pad: +2 to NS, -2 to EW", "1 pad EW", 2, -2},
		// One board unplayed (with board 2 played): 2 IMPs to each side.
		{"NSWBA 13.10(a): a board unplayed through no fault: 2 IMPs a board to each side", "1 unplayed", 2, 2},
		// One table of two is a third of the field rounded up: the form
		// gets a datum of its own, so +110 there is level, not -7 IMPs
		// against the true board's +420.
		{"NSWBA 8.1(a): a fouled form at a third of the tables is scored on its own datum", "1 2S N 8 form=1", 0, 0},
	}
	for _, tt := range tests {
		ev := testEvent(t)
		rs := []Result{}
		for _, s := range []string{tt.t1b1, "2 3NT N 9"} {
			r, err := ParseResult(s)
			if err != nil {
				t.Fatal(err)
			}
			rs = append(rs, r)
		}
		if err := ev.EnterRoom(1, 1, false, rs); err != nil {
			t.Fatal(err)
		}
		// Table 2: board 1 +420, board 2 +400 as at table 1 (0 IMPs).
		other := []Result{}
		for _, s := range []string{"1 4S N 10", "2 3NT N 9"} {
			r, _ := ParseResult(s)
			other = append(other, r)
		}
		if err := ev.EnterRoom(1, 2, false, other); err != nil {
			t.Fatal(err)
		}
		sc, _ := ev.NewScorer()
		if err := ev.Score(sc); err != nil {
			t.Fatal(err)
		}
		_, _, m, _ := ev.Match(1, 1)
		ownIMPs(t, tt.clause, m, sc, tt.wantNS, tt.wantEW)
	}
}

// ownIMPs checks a 2-board match's IMPs, each side's own (NS's and EW's,
// the home and away team's), and that each side's VPs come from its own
// IMPs; it reports whether the IMPs were right.
func ownIMPs(t *testing.T, clause string, m *Match, sc Scorer, ns, ew float64) bool {
	t.Helper()
	got := -deref(m.IMPs)
	if m.EWIMPs != nil {
		got = *m.EWIMPs
	}
	if m.IMPs == nil || *m.IMPs != ns || got != ew {
		t.Errorf("%s: NS %g, EW %g IMPs; want %g and %g", clause, deref(m.IMPs), got, ns, ew)
		return false
	}
	nsVP, _ := sc.VP(ns, 2)
	ewVP, _ := sc.VP(ew, 2)
	if m.VP == nil || m.VP[NS] != nsVP || m.VP[EW] != ewVP {
		t.Errorf("%s: VP %v, want %g and %g, each side's from its own IMPs", clause, m.VP, nsVP, ewVP)
	}
	return true
}

// TestMisMarkedPad: NSWBA 6.2.3, the call out of turn the other side's
// mis-marked pad caused. Accepted under Law 29A, the auction goes on and no
// score is adjusted; declined, the side that marked the pad gets
// average-minus and the other average-plus (Law 12C2).
func TestMisMarkedPad(t *testing.T) {
	if r, ok := MisMarkedPad(5, bridge.NS, true); ok {
		t.Errorf("NSWBA 6.2.3 with Law 29A acceptance: adjusted to %+v, want the auction to go on", r)
	}
	tests := []struct {
		clause   string
		markedBy bridge.Side
		award    string
	}{
		{"NSWBA 6.2.3: NS marked the pad wrongly: A- to NS, A+ to EW", bridge.NS, "A-/A+"},
		{"NSWBA 6.2.3: EW marked the pad wrongly: A+ to NS, A- to EW", bridge.EW, "A+/A-"},
	}
	for _, tt := range tests {
		r, ok := MisMarkedPad(5, tt.markedBy, false)
		if !ok || r.Board != 5 || r.Award != tt.award {
			t.Errorf("%s: %+v, %v; want board 5, award %s", tt.clause, r, ok, tt.award)
		}
		p, err := ParseResult("5 pad " + tt.markedBy.String())
		if err != nil || p.Award != tt.award {
			t.Errorf("%s: ParseResult gives %+v, %v; want award %s", tt.clause, p, err, tt.award)
		}
	}
}

// TestSitOutAverage: NSWBA 13.8, a median-scored IMP pairs event with an
// odd number of pairs: the pair that sits out a round scores on each board
// the average of the IMPs the pairs who played it scored. The regulation
// does not say of which direction; the pair takes the average of its own
// direction in the movement (Match.SitOutEW), since over both directions
// the average is 0. Board 1 is +420, +420 and -50; board 2 +600 at every
// table (0 IMPs).
func TestSitOutAverage(t *testing.T) {
	tests := []struct {
		clause string
		kind   Kind
		trim   int
		ew     bool     // the sit-out pair's own direction is East–West
		imps   *float64 // the sit-out pair's IMPs; nil for the bye's VP
	}{
		// Datum of the middle score, +420: 0, 0 and -470 (-10 IMPs): -10/3,
		// to two places.
		{"NSWBA 13.8: a median datum, a North–South pair sitting out: the North–South average, -3.33 IMPs", RoundRobin, 1, false, ptr(-3.33)},
		// The East–West pairs scored 0, 0 and +10.
		{"NSWBA 13.8: a median datum, an East–West pair sitting out: the East–West average, +3.33 IMPs", RoundRobin, 1, true, ptr(3.33)},
		// Datum of all three, 263.3 rounded to 260: +160 (+4), +4, -310
		// (-7): average +1/3.
		{"NSWBA 13.8: a datum of all scores: the North–South average is +0.33", RoundRobin, 0, false, ptr(0.33)},
		{"NSWBA 13.8: a datum of all scores: the East–West average is -0.33", RoundRobin, 0, true, ptr(-0.33)},
		// A Swiss pairs field is not served by 13.8 (13.7: a bye or half
		// matches): the bye scores the profile's bye VP.
		{"NSWBA 13.7: a Swiss pairs bye keeps its VP", SwissPairs, 1, false, nil},
	}
	for _, tt := range tests {
		ev := New("sit-out", tt.kind, ButlerVP)
		ev.VPTotal, ev.BoardsPerRound, ev.DatumTrim = 20, 2, tt.trim
		for i := 1; i <= 7; i++ {
			ev.AddEntrant(Entrant{Name: fmt.Sprintf("pair %d", i)})
		}
		ev.AddSession(time.Date(2026, 6, 9, 19, 30, 0, 0, time.UTC), 0)
		rd, err := ev.AddRound(1, []Pairing{{1, 2}, {3, 4}, {5, 6}, {7, 0}}, []int{1, 2}, time.Time{})
		if err != nil {
			t.Fatal(err)
		}
		rd.Matches[3].SitOutEW = tt.ew
		for table, b1 := range []string{"1 4S N 10", "1 4S N 10", "1 4S N 9"} {
			var rs []Result
			for _, s := range []string{b1, "2 3NT N 9"} {
				r, err := ParseResult(s)
				if err != nil {
					t.Fatal(err)
				}
				rs = append(rs, r)
			}
			if err := ev.EnterRoom(1, table+1, false, rs); err != nil {
				t.Fatal(err)
			}
		}
		sc, err := ev.NewScorer()
		if err != nil {
			t.Fatal(err)
		}
		if err := ev.Score(sc); err != nil {
			t.Fatal(err)
		}
		_, _, m, err := ev.Match(1, 4)
		if err != nil {
			t.Fatal(err)
		}
		if !m.Bye() || m.VP == nil {
			t.Fatalf("%s: table 4 %+v, want pair 7's scored bye", tt.clause, m)
		}
		if tt.imps == nil {
			if m.IMPs != nil || m.VP[NS] != ev.Profile().ByeVP*20/ev.Profile().ForfeitScaleVP {
				t.Errorf("%s: IMPs %v, VP %v; want no IMPs and the bye VP", tt.clause, m.IMPs, m.VP)
			}
			continue
		}
		want, _ := sc.VP(*tt.imps, 2)
		if m.IMPs == nil || math.Abs(*m.IMPs-*tt.imps) > 1e-9 || m.VP[NS] != want {
			t.Errorf("%s: IMPs %v, VP %v; want %g IMPs, %g VP", tt.clause, deref(m.IMPs), m.VP, *tt.imps, want)
		}
	}
}

// TestSitOutDirection: a round-robin (Berger) schedule for an odd field
// seats the pair whose opponent is missing in its own seat: North–South
// when it is the home side, else East–West (Match.SitOutEW), the direction
// whose average it takes under NSWBA 13.8.
func TestSitOutDirection(t *testing.T) {
	mv, err := movement.NewRoundRobin(movement.RoundRobinOptions{Teams: 7, PerSet: 2})
	if err != nil {
		t.Fatal(err)
	}
	ev := New("rr", RoundRobin, ButlerVP)
	for i := 1; i <= 7; i++ {
		ev.AddEntrant(Entrant{Name: fmt.Sprintf("pair %d", i)})
	}
	ev.AddSession(time.Date(2026, 6, 9, 19, 30, 0, 0, time.UTC), 0)
	if err := ev.AddMovement(1, mv, time.Time{}); err != nil {
		t.Fatal(err)
	}
	seen := map[bool]int{}
	for i, rd := range ev.Rounds() {
		for _, st := range mv.Rounds[i].Tables {
			if st.NS != 0 && st.EW != 0 {
				continue
			}
			present, ew := st.NS, false
			if st.NS == 0 {
				present, ew = st.EW, true
			}
			found := false
			for _, m := range rd.Matches {
				if m.Bye() && m.NS == entrantOf(mv, present) {
					found = true
					if m.SitOutEW != ew {
						t.Errorf("NSWBA 13.8: round %d: pair %d sits out from the %v seat, SitOutEW %v", rd.Number, m.NS, map[bool]string{false: "NS", true: "EW"}[ew], m.SitOutEW)
					}
				}
			}
			if !found {
				t.Errorf("round %d: pair %d sits out but has no bye", rd.Number, present)
			}
			seen[ew]++
		}
	}
	if seen[false] == 0 || seen[true] == 0 {
		t.Errorf("the schedule's sit-outs by direction %v: want both directions tested", seen)
	}
}
