package score

import (
	"strings"
	"testing"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/regulation"
)

// TestCheckScore: NSWBA 13.6: only an impossible score or a vulnerability
// error is corrected; a score on the wrong side becomes average to both; any
// other disagreement stands.
func TestCheckScore(t *testing.T) {
	c4S := bridge.Contract{Level: 4, Strain: bridge.SpadesStrain}
	c3NT := bridge.Contract{Level: 3, Strain: bridge.NoTrump}
	cases := []struct {
		name     string
		c        bridge.Contract
		decl     bridge.Seat
		tricks   int
		v        bridge.Vulnerability
		recorded int
		want     Discrepancy
		use      int
	}{
		{"agrees", c4S, bridge.South, 10, bridge.NoneVul, 420, ScoreAgrees, 420},
		{"13.6(b) vulnerability", c4S, bridge.South, 10, bridge.NoneVul, 620, VulnerabilityError, 420},
		{"13.6(b) vulnerability, EW declarer", c4S, bridge.East, 10, bridge.EWVul, -420, VulnerabilityError, -620},
		{"13.6(a) impossible", c4S, bridge.South, 10, bridge.NoneVul, 425, ImpossibleScore, 420},
		{"13.6 wrong side", c4S, bridge.South, 10, bridge.NoneVul, -420, WrongSide, -420},
		// 430 is 3NT+1 somewhere else: possible, so it stands.
		{"13.6 stands", c4S, bridge.South, 11, bridge.NoneVul, 430, ScoreStands, 430},
		{"3NT= agrees", c3NT, bridge.North, 9, bridge.AllVul, 600, ScoreAgrees, 600},
	}
	for _, c := range cases {
		got, use, err := CheckScore(c.c, c.decl, c.tricks, c.v, c.recorded)
		if err != nil || got != c.want || use != c.use {
			t.Errorf("%s: %v, %d, %v; want %v, %d", c.name, got, use, err, c.want, c.use)
		}
	}
	if _, _, err := CheckScore(c4S, bridge.South, 14, bridge.NoneVul, 420); err == nil {
		t.Error("14 tricks should be an error")
	}
}

// TestTableScore: a result with 14 tricks or a contract at level 8 is
// refused with a clear error.
func TestTableScore(t *testing.T) {
	c := bridge.Contract{Level: 4, Strain: bridge.HeartsStrain}
	if s, err := TableScore(c, bridge.North, 10, bridge.NSVul); err != nil || s != 620 {
		t.Errorf("4H= vul: %d %v", s, err)
	}
	if s, err := TableScore(c, bridge.West, 8, bridge.NSVul); err != nil || s != 100 {
		t.Errorf("4H by W −2 non-vul: %d %v", s, err)
	}
	if _, err := TableScore(c, bridge.North, 14, bridge.NoneVul); err == nil || !strings.Contains(err.Error(), "0-13") {
		t.Errorf("14 tricks: %v", err)
	}
	if _, err := TableScore(bridge.Contract{Level: 8, Strain: bridge.NoTrump}, bridge.North, 13, bridge.NoneVul); err == nil {
		t.Error("level 8 accepted")
	}
	if s, err := TableScore(bridge.PassedOut, bridge.North, 99, bridge.NoneVul); err != nil || s != 0 {
		t.Errorf("passed out: %d %v", s, err)
	}
}

// TestHalfMatchVP: NSWBA 13.7: under 12 boards the IMPs are doubled and
// converted on the match's scale; from 12 boards the IMPs are converted on
// the scale of the boards played. Values from the WBF discrete scale
// (testdata/wbf-discrete.txt): 8 boards, 5 IMPs doubled = 10 → 14-6; 12
// boards, 6 played, 5 IMPs → 6 boards 13-7.
func TestHalfMatchVP(t *testing.T) {
	if us, them := HalfMatchVP(5, 4, 8, 12, WBFDiscrete); us != 14 || them != 6 {
		t.Errorf("13.7(a): %g-%g, want 14-6", us, them)
	}
	if us, them := HalfMatchVP(5, 6, 12, 12, WBFDiscrete); us != 13 || them != 7 {
		t.Errorf("13.7(b): %g-%g, want 13-7", us, them)
	}
	if us, them := HalfMatchVP(-5, 6, 12, 12, WBFDiscrete); us != 7 || them != 13 {
		t.Errorf("13.7(b) lost: %g-%g, want 7-13", us, them)
	}
}

// TestSitOutAverage: NSWBA 13.8: the average of the board's scores per
// direction; median datum 100 over 100, 100, 400, 400, 100: NS 0,0,7,7,0.
func TestSitOutAverage(t *testing.T) {
	rows := []Result{Table(1, 11, 100), Table(2, 12, 100), Table(3, 13, 400), Table(4, 14, 400), Table(5, 15, 100),
		ArtificialScore(6, 16, AvePlus, AvePlus)}
	sc := Butler(rows, ButlerOptions{Datum: Median})
	ns, ew := SitOutAverage(rows, sc)
	if !near(ns, 2.8, 1e-9) || !near(ew, -2.8, 1e-9) {
		t.Errorf("13.8: %g / %g, want 2.8 / −2.8", ns, ew)
	}
}

// TestForfeitIMPs: NSWBA 13.9: the IMPs of a forfeit are the top of the
// band that earns the award: of the 18-2 band of the WBF discrete 8-board
// scale, 30 (testdata/wbf-discrete.txt: 26-30).
func TestForfeitIMPs(t *testing.T) {
	if m, ok := ForfeitIMPs(WBFDiscrete, 8, 18); !ok || m != 30 {
		t.Errorf("ForfeitIMPs = %d %v, want 30", m, ok)
	}
}

// TestAverageIMPs: NSWBA 8.3: 2 IMPs in Butler pairs and in matches of up
// to 10 boards, 3 from 11; another body's figures come from its profile.
func TestAverageIMPs(t *testing.T) {
	p := regulation.NSWBA2011()
	for _, c := range []struct {
		boards int
		butler bool
		want   float64
	}{{8, false, 2}, {10, false, 2}, {11, false, 3}, {24, false, 3}, {24, true, 2}} {
		if got := AverageIMPs(p, c.boards, c.butler); got != c.want {
			t.Errorf("NSWBA 8.3: %d boards, Butler %v: %g, want %g", c.boards, c.butler, got, c.want)
		}
	}
	p.AverageIMPsLong, p.LongMatchBoards = 4, 16
	if got := AverageIMPs(p, 12, false); got != 2 {
		t.Errorf("another profile, 12 boards: %g, want 2", got)
	}
	if got := AverageIMPs(p, 16, false); got != 4 {
		t.Errorf("another profile, 16 boards: %g, want 4", got)
	}
}

// oldStyle is a made-up 25-VP style table for the arithmetic of NSWBA 13.10
// (the regulation's own WBF table of 2011 is not in our sources): its 18-12
// band ends at 20 IMPs for 8-11 boards and at 26 for 12-15.
const oldStyle = `name test table shaped like a 25-VP scale
boards 8-11
0 15-15
5 16-14
10 17-13
15 18-12
21 19-11
boards 12-15
0 15-15
7 16-14
14 17-13
20 18-12
27 19-11
`

// TestUnplayedIMPs: NSWBA 13.10: 2 IMPs a board for 1–3 unplayed, 1 for 4–7,
// M/U from 8 on with the nearest lower table and halves, quarters up.
func TestUnplayedIMPs(t *testing.T) {
	nswba := regulation.NSWBA2011()
	tab, err := ParseVPTable(strings.NewReader(oldStyle))
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		u    int
		want float64
	}{
		{1, 2}, {3, 2}, {4, 1}, {7, 1},
		{8, 2.5},  // 20/8 = 2.5
		{9, 2.0},  // 20/9 = 2.22 → 2
		{11, 2.0}, // 20/11 = 1.82 → 2
		{12, 2.0}, // 26/12 = 2.17 → 2
		{16, 1.5}, // nearest lower table 12-15: 26/16 = 1.625 → 1.5
		{13, 2.0}, // 26/13 = 2
		{0, 0},
	}
	for _, c := range cases {
		got, ok := UnplayedIMPs(nswba, c.u, tab)
		if !ok || got != c.want {
			t.Errorf("NSWBA 13.10: %d unplayed: %g, want %g", c.u, got, c.want)
		}
	}
	// Quarters round up: 10/8 = 1.25 → 1.5 and 14/8 = 1.75 → 2.
	q, _ := ParseVPTable(strings.NewReader("boards 8\n0 15-15\n11 19-11\nboards 9\n0 15-15\n15 19-11\n"))
	if got, _ := UnplayedIMPs(nswba, 8, q); got != 1.5 {
		t.Errorf("1.25 → %g, want 1.5", got)
	}
	r, _ := ParseVPTable(strings.NewReader("boards 8\n0 15-15\n15 19-11\n"))
	if got, _ := UnplayedIMPs(nswba, 8, r); got != 2 {
		t.Errorf("1.75 → %g, want 2", got)
	}
	// A club's own figures (profile unplayed_imps, unplayed_formula_vp,
	// unplayed_rounding) change the result: 3 IMPs a board for up to 2
	// unplayed, then the IMPs that score 17 VP (the 17-13 band ends at 14
	// for 8-11 boards, at 19 for 12-15) rounded to whole IMPs or quarters.
	club := regulation.NSWBA2011()
	club.UnplayedIMPs = []regulation.UnplayedBand{{MaxBoards: 2, IMPsPerBoard: 3}}
	club.UnplayedFormulaVP = 17
	clubCases := []struct {
		clause   string
		rounding float64
		u        int
		want     float64
	}{
		{"club unplayed_imps: 2 boards, 3 a board (NSWBA 13.10(a) gives 2)", 1, 2, 3},
		{"club unplayed_formula_vp 17, rounding 1: 14/8 = 1.75 → 2 (NSWBA 13.10(c) gives 2.5)", 1, 8, 2},
		{"club unplayed_formula_vp 17, rounding 0.25: 14/8 = 1.75", 0.25, 8, 1.75},
		{"club unplayed_formula_vp 17, rounding 0.25: 19/12 = 1.58 → 1.5", 0.25, 12, 1.5},
		{"club unplayed_formula_vp 17, rounding 1: 19/12 = 1.58 → 2", 1, 12, 2},
	}
	for _, c := range clubCases {
		club.UnplayedRounding = c.rounding
		if got, ok := UnplayedIMPs(club, c.u, tab); !ok || got != c.want {
			t.Errorf("%s: %g, %v; want %g", c.clause, got, ok, c.want)
		}
	}
}

// TestSeenTraveller: NSWBA 13: a board made unplayable by seeing its
// traveller is average-minus to both pairs.
func TestSeenTraveller(t *testing.T) {
	r := SeenTraveller(3, 4)
	if r.Kind != Artificial || r.NSAward != AveMinus || r.EWAward != AveMinus {
		t.Errorf("%+v", r)
	}
}

// TestPossibleScore: NSWBA 13.6(a): a score some result gives is possible,
// any other is impossible; the sets differ with the vulnerability (Law 77).
func TestPossibleScore(t *testing.T) {
	tests := []struct {
		s    int
		v    bridge.Vulnerability
		want bool
	}{
		{0, bridge.NoneVul, true},     // a pass-out
		{420, bridge.NoneVul, true},   // 4♠ made
		{-420, bridge.NoneVul, true},  // 4♠ made by East-West
		{421, bridge.NoneVul, false},  // no score ends in 1
		{620, bridge.NoneVul, false},  // a vulnerable game, not vulnerable
		{620, bridge.NSVul, true},     //
		{2980, bridge.AllVul, true},   // 7NTXX made
		{2980, bridge.NoneVul, false}, // non-vulnerable 7NTXX is 2490
		{-7600, bridge.AllVul, true},  // 7NTXX vulnerable, 13 down
		{1000000000, bridge.AllVul, false},
		{100, bridge.Vulnerability(9), false}, // no such vulnerability
	}
	for _, tt := range tests {
		if got := PossibleScore(tt.s, tt.v); got != tt.want {
			t.Errorf("PossibleScore(%d, %v) = %v, want %v", tt.s, tt.v, got, tt.want)
		}
	}
}
