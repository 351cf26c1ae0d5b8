package score

import (
	"testing"

	"github.com/bridgetd/bridgetd/regulation"
)

// TestDatum checks datums by hand (reference/scoring.md §2.7).
func TestDatum(t *testing.T) {
	cases := []struct {
		name   string
		scores []int
		o      ButlerOptions
		want   int
	}{
		// Mean of all: (620+620+170+140−100)/5 = 290.
		{"mean", []int{620, 620, 170, 140, -100}, ButlerOptions{}, 290},
		// PBN Butler-2: drop one top and one bottom: (620+170+140)/3 = 310.
		{"trim 1", []int{620, 620, 170, 140, -100}, ButlerOptions{Trim: 1}, 310},
		// Median of five: 170.
		{"median odd", []int{620, 620, 170, 140, -100}, ButlerOptions{Datum: Median}, 170},
		// Median of four: (140+170)/2 = 155 → 160 away from zero, 160 even, 160 up.
		{"median even away", []int{620, 170, 140, -100}, ButlerOptions{Datum: Median}, 160},
		// (420+430)/2 = 425: ACBL even → 420, away → 430.
		{"median 425 even", []int{420, 430}, ButlerOptions{Datum: Median, Round: RoundEven}, 420},
		{"median 425 away", []int{420, 430}, ButlerOptions{Datum: Median, Round: RoundAway}, 430},
		// Mean −425 (−400, −450): away → −430; up → −420.
		{"mean -425 away", []int{-400, -450}, ButlerOptions{Round: RoundAway}, -430},
		{"mean -425 up", []int{-400, -450}, ButlerOptions{Round: RoundUp}, -420},
		// Trim larger than the field leaves the middle score(s): 3 scores, trim 5 → the median.
		{"trim too big", []int{100, 200, 600}, ButlerOptions{Trim: 5}, 200},
		// JFR Pary Szczyrk 2013 board 3: the median of its results was 460
		// (reference/scoring.md §4 #3); five of them here.
		{"median jfr-like", []int{430, 460, 460, 490, 100}, ButlerOptions{Datum: Median}, 460},
	}
	for _, c := range cases {
		got, ok := Datum(c.scores, c.o)
		if !ok || got != c.want {
			t.Errorf("%s: Datum(%v) = %d, want %d", c.name, c.scores, got, c.want)
		}
	}
	if _, ok := Datum(nil, ButlerOptions{}); ok {
		t.Error("Datum of nothing should not be ok")
	}
}

// TestButler checks IMPs against the datum (Law 78B): datum 290 as above;
// 620 − 290 = 330 → 8 IMPs, 170 − 290 = −120 → −3, 140 − 290 = −150 → −4,
// −100 − 290 = −390 → −9. Average-plus and minus are ±2 (NSWBA 8.3).
func TestButler(t *testing.T) {
	rows := []Result{Table(1, 11, 620), Table(2, 12, 620), Table(3, 13, 170), Table(4, 14, 140), Table(5, 15, -100),
		ArtificialScore(6, 16, AvePlus, AveMinus)}
	sc := Butler(rows, ButlerOptions{})
	want := []float64{8, 8, -3, -4, -9, 2}
	for i, s := range sc {
		if s.NS != want[i] || s.EW != -want[i] {
			t.Errorf("row %d: %g/%g, want %g", i, s.NS, s.EW, want[i])
		}
		if i < 5 && (s.Datum != 290 || !s.HasDatum) {
			t.Errorf("row %d: datum %d", i, s.Datum)
		}
	}
	if sc[5].HasDatum {
		t.Error("an artificial row has no datum")
	}
	// Three IMPs when the regulation says so (NSWBA 8.3, teams over 10 boards).
	sc = Butler(rows, ButlerOptions{AvePlus: AverageIMPs(regulation.NSWBA2011(), 12, false), AveMinus: AverageIMPs(regulation.NSWBA2011(), 12, false)})
	if sc[5].NS != 3 || sc[5].EW != -3 {
		t.Errorf("±3: %+v", sc[5])
	}
}

// TestButlerAdjusted: a split score and a weighted score take no part in
// the datum and are converted side by side, outcome by outcome (Law
// 12C1(c)): datum of 620, 170, 140 = 310; split NS 420 (+110 → 3), EW −50
// (−360 → NS −8, so EW +8); weighted 50% 620 (+310 → 7) and 50% 140 (−170 →
// −5) gives +1 and −1.
func TestButlerAdjusted(t *testing.T) {
	rows := []Result{Table(1, 11, 620), Table(2, 12, 170), Table(3, 13, 140),
		SplitScore(4, 14, 420, -50),
		WeightedScore(5, 15, Outcome{620, .5}, Outcome{140, .5}),
	}
	sc := Butler(rows, ButlerOptions{})
	if sc[3].Datum != 310 || sc[3].NS != 3 || sc[3].EW != 8 {
		t.Errorf("split: %+v", sc[3])
	}
	if sc[4].NS != 1 || sc[4].EW != -1 {
		t.Errorf("weighted: %+v", sc[4])
	}
}

// TestFouledQualifies: NSWBA 8.1(a): a separate datum when four tables, or
// a third of the field rounded up if fewer, played the faulty form.
func TestFouledQualifies(t *testing.T) {
	cases := []struct {
		tables, field int
		want          bool
	}{
		{4, 30, true}, {3, 30, false}, // four tables is the most ever needed
		{3, 9, true}, {2, 9, false}, // a third of 9 is 3
		{3, 7, true}, {2, 7, false}, // a third of 7 is 2⅓, rounded up to 3
		{4, 12, true}, {3, 12, false}, // a third of 12 is 4
		{2, 6, true}, {1, 6, false},
	}
	for _, c := range cases {
		if got := Fouled(regulation.NSWBA2011()).Qualifies(c.tables, c.field); got != c.want {
			t.Errorf("NSWBA 8.1(a): %d of %d tables: %v, want %v", c.tables, c.field, got, c.want)
		}
	}
}

// TestButlerFouled: NSWBA 8.1: a fouled form played at too few tables
// gives both pairs 2 IMPs (8.1(b)); one played at enough tables gets its
// own datum (8.1(a)).
func TestButlerFouled(t *testing.T) {
	var rows []Result
	for i := range 8 {
		rows = append(rows, Table(i+1, i+101, 100+10*i)) // datum 135 → 140
	}
	fouled := func(g int, scores ...int) {
		for _, s := range scores {
			r := Table(len(rows)+1, len(rows)+101, s)
			r.Group = g
			rows = append(rows, r)
		}
	}
	fouled(1, 600, 620, 650, 630) // 4 tables: own datum 625 → 630
	fouled(2, -200, -300)         // 2 of 14 tables: 2 IMPs each
	sc := Butler(rows, ButlerOptions{Fouled: ptr(Fouled(regulation.NSWBA2011()))})
	if sc[0].Datum != 140 || sc[0].NS != -1 {
		t.Errorf("true board: %+v", sc[0])
	}
	if sc[8].Datum != 630 || sc[8].NS != -1 || sc[10].NS != 1 {
		t.Errorf("fouled group of 4: %+v %+v", sc[8], sc[10])
	}
	for _, i := range []int{12, 13} {
		if sc[i].NS != 2 || sc[i].EW != 2 || sc[i].HasDatum {
			t.Errorf("fouled group of 2: %+v", sc[i])
		}
	}
}

// TestButlerFouledMedian: NSWBA 8.1(a) under median scoring: the fouled
// group's scores are moved by the whole number of IMPs that brings its
// average nearest the true board's. True board 100, 100, 100, 400, 400:
// median 100, NS IMPs 0, 0, 0, 7, 7: average 2.8. Fouled 50, 50, 50, 50:
// median 50, all 0: +3 IMPs to each NS and −3 to each EW.
func TestButlerFouledMedian(t *testing.T) {
	rows := []Result{Table(1, 11, 100), Table(2, 12, 100), Table(3, 13, 100), Table(4, 14, 400), Table(5, 15, 400)}
	for i := range 4 {
		r := Table(6+i, 16+i, 50)
		r.Group = 1
		rows = append(rows, r)
	}
	sc := Butler(rows, ButlerOptions{Datum: Median, Fouled: ptr(Fouled(regulation.NSWBA2011()))})
	if sc[3].NS != 7 {
		t.Errorf("true board: %+v", sc[3])
	}
	for i := 5; i < 9; i++ {
		if sc[i].NS != 3 || sc[i].EW != -3 {
			t.Errorf("fouled row %d: %g/%g, want +3/−3", i, sc[i].NS, sc[i].EW)
		}
	}
}

// TestCrossIMPs: the worked example of reference/scoring.md §2.7 (BridgeHit):
// 430 against 400, 150 and −50 is 1 + 7 + 10 = 18 IMPs in total, 6 on
// average.
func TestCrossIMPs(t *testing.T) {
	rows := []Result{Table(1, 11, 430), Table(2, 12, 400), Table(3, 13, 150), Table(4, 14, -50)}
	tot := CrossIMPs(rows, CrossOptions{})
	if tot[0].NS != 18 || tot[0].EW != -18 {
		t.Errorf("total: %+v", tot[0])
	}
	// 400: −1 + 6 + 10 = 15; 150: −7 −6 +5 = −8; −50: −10 −10 −5 = −25.
	for i, w := range []float64{18, 15, -8, -25} {
		if tot[i].NS != w {
			t.Errorf("row %d total %g, want %g", i, tot[i].NS, w)
		}
	}
	avg := CrossIMPs(rows, CrossOptions{Average: true})
	if avg[0].NS != 6 {
		t.Errorf("average: %+v", avg[0])
	}
	per := CrossIMPs(rows, CrossOptions{Average: true, PerScore: true})
	if per[0].NS != 4.5 {
		t.Errorf("per score (Cross1): %+v", per[0])
	}
	// Factoring (ACBLscore total IMPs): 4 results of an expected 5 → ×4/3.
	fac := CrossIMPs(rows, CrossOptions{Factor: true, Expected: 5})
	if fac[0].NS != 24 {
		t.Errorf("factored: %+v", fac[0])
	}
	// Average-plus in a total: 2 per comparison of a full board (4 rows → 3).
	rows = append(rows, ArtificialScore(5, 15, AvePlus, AveMinus))
	tot = CrossIMPs(rows, CrossOptions{})
	if tot[4].NS != 8 || tot[4].EW != -8 {
		t.Errorf("A+ in total: %+v", tot[4])
	}
}

// TestCrossIMPsWeighted: a weighted row's outcomes are IMPed against the
// others with their weights, and against each other not at all. 430, 150
// and 50% 430 / 50% 150: row 430 gets 0 + 7 + (.5·0 + .5·7) = 10.5.
func TestCrossIMPsWeighted(t *testing.T) {
	rows := []Result{Table(1, 11, 430), Table(2, 12, 150), WeightedScore(3, 13, Outcome{430, .5}, Outcome{150, .5})}
	sc := CrossIMPs(rows, CrossOptions{})
	if sc[0].NS != 10.5 || sc[1].NS != -10.5 || sc[2].NS != 0 {
		t.Errorf("weighted cross: %+v", sc)
	}
}

// TestTeams: Law 78B between two tables.
func TestTeams(t *testing.T) {
	cases := []struct {
		home, away, imps int
	}{
		{620, 170, 10}, {420, 420, 0}, {130, 120, 0}, {-100, 620, -12},
		{0, -90, 3}, {1430, -100, 17},
	}
	for _, c := range cases {
		if got := MatchIMPs(c.home, c.away); got != c.imps {
			t.Errorf("MatchIMPs(%d, %d) = %d, want %d", c.home, c.away, got, c.imps)
		}
	}
}

func ptr[T any](v T) *T { return &v }

// TestFouledFromProfile: a club's own fouled-board figures change the
// rule (NSWBA 8.1 figures are the 2011 profile's, not the code's).
func TestFouledFromProfile(t *testing.T) {
	p := regulation.NSWBA2011()
	if !Fouled(p).Qualifies(3, 9) || Fouled(p).Qualifies(2, 9) {
		t.Errorf("NSWBA 8.1(a): a third of 9 tables is 3")
	}
	p.FouledMinTables, p.FouledMinFraction, p.FouledIMPs = 2, 0, 3
	if f := Fouled(p); !f.Qualifies(2, 30) || f.Award != 3 {
		t.Errorf("club profile: %+v", f)
	}
}
