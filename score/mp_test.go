package score

import (
	"math"
	"testing"
)

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

// jfrBoard1 and jfrBoard3 are boards 1 and 3 of the JFR Pary barometer of
// 2013-08-08 (fixtures/events/jfr-barometer-2013-mp.pbn): the eleven table
// results in North-South's points, then the director's row for pair 23
// against the phantom pair 24 (60% and 0%), with the published NS%.
var jfrBoard1 = struct {
	rows []Result
	pct  []float64
}{
	rows: []Result{
		Table(1, 2, -50), Table(3, 4, -50), Table(5, 6, 170), Table(7, 8, 50),
		Table(9, 10, -50), Table(11, 12, 420), Table(13, 14, 50), Table(15, 16, 300),
		Table(17, 18, 140), Table(19, 20, 140), Table(21, 22, 590),
		ArtificialScore(23, 24, Percent(60), Percent(0)),
	},
	pct: []float64{10, 10, 70, 35, 10, 90, 35, 80, 55, 55, 100, 60},
}

var jfrBoard3 = struct {
	rows []Result
	pct  []float64
}{
	rows: []Result{
		Table(1, 2, -630), Table(3, 4, -660), Table(5, 6, -630), Table(7, 8, -630),
		Table(9, 10, -630), Table(11, 12, -630), Table(13, 14, 200), Table(15, 16, -630),
		Table(17, 18, -600), Table(19, 20, -630), Table(21, 22, -150),
		ArtificialScore(23, 24, Percent(60), Percent(0)),
	},
	pct: []float64{40, 0, 40, 40, 40, 40, 100, 40, 80, 40, 90, 60},
}

// TestMatchpointsJFR reproduces published percentages of a real event: Law
// 78A 2/1/0 over the eleven table results (top 20), the director's row
// taking no part (JFR Pary does not factor; reference/scoring.md §4 #2).
func TestMatchpointsJFR(t *testing.T) {
	for name, b := range map[string]struct {
		rows []Result
		pct  []float64
	}{"board 1": jfrBoard1, "board 3": jfrBoard3} {
		sc := Matchpoints(b.rows, MPOptions{})
		for i, s := range sc {
			if !near(s.NSPct, b.pct[i], 1e-9) || !near(s.NSPct+s.EWPct, 100, 1e-9) && b.rows[i].Kind == Played {
				t.Errorf("%s row %d: NS %.2f%% EW %.2f%%, published NS %.2f%%", name, i+1, s.NSPct, s.EWPct, b.pct[i])
			}
			if b.rows[i].Kind == Played && s.Top != 20 {
				t.Errorf("%s row %d: top %g, want 20", name, i+1, s.Top)
			}
		}
		last := sc[len(sc)-1]
		if last.EWPct != 0 || last.NS != 12 {
			t.Errorf("%s phantom row: NS %g MP (want 60%% of 20 = 12), EW %g%%", name, last.NS, last.EWPct)
		}
	}
}

// TestMatchpointsTies checks Law 78A by hand: scores 100, 100, 50, −50 on
// the 2/1/0 scale give 5, 5, 2, 0 of a top of 6; on the 1/½/0 scale half.
func TestMatchpointsTies(t *testing.T) {
	rows := []Result{Table(1, 11, 100), Table(2, 12, 100), Table(3, 13, 50), Table(4, 14, -50)}
	want := []float64{5, 5, 2, 0}
	for _, scale := range []MPScale{MP1, MP2} {
		div := 1.0
		if scale == MP2 {
			div = 2
		}
		sc := Matchpoints(rows, MPOptions{Scale: scale})
		for i, s := range sc {
			if s.NS != want[i]/div || s.EW != (6-want[i])/div || s.Top != 6/div {
				t.Errorf("scale %d row %d: %g/%g top %g; want %g/%g top %g", scale, i, s.NS, s.EW, s.Top, want[i]/div, (6-want[i])/div, 6/div)
			}
		}
	}
}

// TestNeuberg checks the Neuberg formula M' = (M+1)·E/A − 1
// (reference/scoring.md §2.5): E = 11, A = 10: a sole top 18 becomes 19.9 and
// the steps are 2.2; the Magic Contest example gives S = (11/10)(18+1) − 1 =
// 19.9 when one of 11 results is an artificial A+/A+.
func TestNeuberg(t *testing.T) {
	var rows []Result
	for i := range 10 {
		rows = append(rows, Table(i+1, i+101, 10*i))
	}
	rows = append(rows, ArtificialScore(11, 111, AvePlus, AvePlus))
	sc := Matchpoints(rows, MPOptions{Neuberg: true})
	for i := range 10 {
		want := 19.9 - 2.2*float64(9-i)
		if !near(sc[i].NS, want, 1e-9) || sc[i].Top != 20 {
			t.Errorf("row %d: %g of %g, want %g of 20", i, sc[i].NS, sc[i].Top, want)
		}
	}
	if a := sc[10]; a.NS != 12 || a.EW != 12 || a.NSPct != 60 {
		t.Errorf("A+/A+ row: %+v, want 12 MP (60%%) each", a)
	}
	// Without Neuberg the ten are scored on their own top of 18.
	plain := Matchpoints(rows, MPOptions{})
	if plain[9].NS != 18 || plain[9].Top != 18 || plain[10].NS != 0.6*18 {
		t.Errorf("plain: top row %g of %g, A+ %g", plain[9].NS, plain[9].Top, plain[10].NS)
	}
}

// TestNeubergFouledGroups: a board with E = 10 played in two forms by 7 and
// 3 tables; each group is matchpointed alone and factored, the group of 7
// topping 17.6 and the group of 3 15.7 (reference/scoring.md §2.5, EBU
// "scoring fouled boards").
func TestNeubergFouledGroups(t *testing.T) {
	var rows []Result
	for i := range 7 {
		rows = append(rows, Table(i+1, i+101, 100+10*i))
	}
	for i := range 3 {
		r := Table(i+8, i+108, 600+10*i)
		r.Group = 1
		rows = append(rows, r)
	}
	sc := Matchpoints(rows, MPOptions{Neuberg: true})
	if got := math.Round(sc[6].NS*10) / 10; got != 17.6 {
		t.Errorf("group of 7 top: %g, want 17.6", sc[6].NS)
	}
	if got := math.Round(sc[9].NS*10) / 10; got != 15.7 {
		t.Errorf("group of 3 top: %g, want 15.7", sc[9].NS)
	}
	// Each group adds up to its share of the board's matchpoints: A·(E−1).
	var g0, g1 float64
	for i, s := range sc {
		if i < 7 {
			g0 += s.NS + s.EW
		} else {
			g1 += s.NS + s.EW
		}
	}
	if !near(g0, 7*18, 1e-9) || !near(g1, 3*18, 1e-9) {
		t.Errorf("group totals %g and %g, want %d and %d", g0, g1, 7*18, 3*18)
	}
}

// TestSmallGroups: the fixed EBU/ACBL awards for a small group that is not
// the largest: 65/55% for two results, 70/60/50% for three, 60% alone
// (reference/scoring.md §2.5).
func TestSmallGroups(t *testing.T) {
	var rows []Result
	for i := range 8 {
		rows = append(rows, Table(i+1, i+101, 10*i))
	}
	add := func(g int, scores ...int) {
		for _, s := range scores {
			r := Table(len(rows)+1, len(rows)+101, s)
			r.Group = g
			rows = append(rows, r)
		}
	}
	add(1, 500, 420)
	add(2, -100, -200, -300)
	add(3, 0)
	sc := Matchpoints(rows, MPOptions{Neuberg: true, SmallGroups: 3})
	want := map[int][2]float64{8: {65, 55}, 9: {55, 65}, 10: {70, 50}, 11: {60, 60}, 12: {50, 70}, 13: {60, 60}}
	for i, w := range want {
		if sc[i].NSPct != w[0] || sc[i].EWPct != w[1] {
			t.Errorf("row %d: %g/%g%%, want %g/%g%%", i, sc[i].NSPct, sc[i].EWPct, w[0], w[1])
		}
	}
	// The largest group is factored as usual: E = 14, A = 8.
	if want := (14.0+1)*14/8 - 1; !near(sc[7].NS, want, 1e-9) {
		t.Errorf("largest group top %g, want %g", sc[7].NS, want)
	}
}

// TestWeightedMatchpoints: a weighted score (Law 12C1(c)) is converted to
// matchpoints outcome by outcome before weighting, and counts in the others'
// frequency table with fractional weights (reference/scoring.md §2.6).
// By hand, scores 100, 200, 300 and 30% of 400 + 70% of 150:
// weighted NS = .3·6 + .7·2 = 3.2; 200 gets 2 + .7·2 = 3.4; 300 gets 4 +
// .7·2 = 5.4; 100 gets 0; they add up to n(n−1) = 12.
func TestWeightedMatchpoints(t *testing.T) {
	rows := []Result{
		Table(1, 11, 100), Table(2, 12, 200), Table(3, 13, 300),
		WeightedScore(4, 14, Outcome{400, 0.3}, Outcome{150, 0.7}),
	}
	sc := Matchpoints(rows, MPOptions{})
	want := []float64{0, 3.4, 5.4, 3.2}
	for i, s := range sc {
		if !near(s.NS, want[i], 1e-9) || !near(s.EW, 6-want[i], 1e-9) {
			t.Errorf("row %d: NS %g EW %g, want %g and %g", i, s.NS, s.EW, want[i], 6-want[i])
		}
	}
}

// TestSplitMatchpoints: a split score gives each side its own score, each
// compared on its own side's frequency table (reference/scoring.md §2.6).
// Rows 100, 200 and a split NS +300 / EW −50 (NS's side): the split row's
// NS beats both (4), its EW beats both (4); row 100's EW beats 200 and loses
// to the split's 50 (2).
func TestSplitMatchpoints(t *testing.T) {
	rows := []Result{Table(1, 11, 100), Table(2, 12, 200), SplitScore(3, 13, 300, 50)}
	sc := Matchpoints(rows, MPOptions{})
	want := [][2]float64{{0, 2}, {2, 0}, {4, 4}}
	for i, s := range sc {
		if s.NS != want[i][0] || s.EW != want[i][1] {
			t.Errorf("row %d: %g/%g, want %v", i, s.NS, s.EW, want[i])
		}
	}
}

// TestArtificialDefaults: Law 12C2 60/50/40%, and other figures when given.
func TestArtificialDefaults(t *testing.T) {
	rows := []Result{Table(1, 11, 100), Table(2, 12, 200), Table(3, 13, 300),
		ArtificialScore(4, 14, AvePlus, AveMinus), ArtificialScore(5, 15, Ave, Ave)}
	sc := Matchpoints(rows, MPOptions{})
	if sc[3].NSPct != 60 || sc[3].EWPct != 40 || sc[4].NSPct != 50 || sc[3].NS != 2.4 {
		t.Errorf("defaults: %+v %+v", sc[3], sc[4])
	}
	sc = Matchpoints(rows, MPOptions{AvePlus: 65, AveMinus: 35})
	if sc[3].NSPct != 65 || sc[3].EWPct != 35 {
		t.Errorf("options: %+v", sc[3])
	}
}

// TestTurned90: a board turned through 90° is scored as played against the
// pairs who held the same cards (NSWBA 8.4, Law 7A note): the pair listed
// North-South who held the East-West cards and scored +420 is compared as
// an East-West pair that scored −420 from the North-South cards' side.
func TestTurned90(t *testing.T) {
	r := Turned90(Table(5, 6, 420))
	if r.NS != 6 || r.EW != 5 || r.Score != -420 {
		t.Errorf("Turned90: %+v", r)
	}
	s := Turned90(SplitScore(5, 6, 100, 200))
	if s.NS != 6 || s.EW != 5 || s.Score != -200 || s.EWScore != -100 {
		t.Errorf("Turned90 split: %+v", s)
	}
	w := Turned90(WeightedScore(5, 6, Outcome{100, .5}, Outcome{-50, .5}))
	if w.Outcomes[0].Score != -100 || w.Outcomes[1].Score != 50 {
		t.Errorf("Turned90 weighted: %+v", w)
	}
	a := Turned90(ArtificialScore(5, 6, AvePlus, AveMinus))
	if a.NSAward != AveMinus || a.EWAward != AvePlus {
		t.Errorf("Turned90 artificial: %+v", a)
	}
	// In a traveller: pairs 1-4 hold NS cards and score 420, 420, 170, 450;
	// pair 6 sat NS at table 5 but held the EW cards and took 420 for its
	// side; it is the EW pair of a NS score of −420 and tops the field's EW.
	rows := []Result{Table(1, 11, 420), Table(2, 12, 420), Table(3, 13, 170), Table(4, 14, 450), Turned90(Table(6, 5, 420))}
	sc := Matchpoints(rows, MPOptions{})
	if sc[4].EW != 8 || sc[4].NS != 0 {
		t.Errorf("turned row: NS %g EW %g, want 0 and 8", sc[4].NS, sc[4].EW)
	}
}

// TestMatchpointsJFRBoard7 rebuilds board 7 of the JFR barometer, whose
// director's row the export gives only as 61.80/38.20. Worked back by hand
// from the published figures, it is a weighted score (Law 12C1(c)) of 67%
// of +170 and 33% of +140 that counts in the others' frequency tables:
// +170 scores 14 + (.67·1 + .33·2) = 15.33 of 20 = 76.65%, +140 scores
// 6 + .33 = 6.33 = 31.65%, −100 scores 1 = 5%, and the weighted row .67·15 +
// .33·7 = 12.36 = 61.80%. Every published figure of the board follows.
func TestMatchpointsJFRBoard7(t *testing.T) {
	rows := []Result{
		Table(2, 21, 170), Table(11, 8, 140), Table(13, 4, -100), Table(5, 20, 140),
		Table(23, 15, 170), Table(18, 10, -100),
		WeightedScore(9, 17, Outcome{170, 0.67}, Outcome{140, 0.33}),
		Table(16, 6, 140), Table(19, 3, 170), Table(14, 7, 170), Table(12, 22, 170),
		ArtificialScore(1, 24, Percent(60), Percent(0)),
	}
	published := [][2]float64{
		{76.65, 23.35}, {31.65, 68.35}, {5.00, 95.00}, {31.65, 68.35}, {76.65, 23.35}, {5.00, 95.00},
		{61.80, 38.20}, {31.65, 68.35}, {76.65, 23.35}, {76.65, 23.35}, {76.65, 23.35}, {60.00, 0.00},
	}
	// Pair 24 plays no other board here, so Event treats it as the phantom
	// it is: E = 11 and nothing is factored.
	sh, err := Event([]Board{{Number: 7, Results: rows}}, Options{MP: MPOptions{Neuberg: true}})
	if err != nil {
		t.Fatal(err)
	}
	for i, s := range sh.Boards[0].Scores {
		if !near(s.NSPct, published[i][0], 0.005) || !near(s.EWPct, published[i][1], 0.005) {
			t.Errorf("row %d: %.3f/%.3f, published %.2f/%.2f", i+1, s.NSPct, s.EWPct, published[i][0], published[i][1])
		}
	}
}

// TestNeubergJFRBoard8: board 8 of the JFR barometer: ten table results, a
// director's A+/A+ row and the phantom's row. JFR factored the ten to the
// eleven real tables: the sole +100 is (18+1)·11/10 − 1 = 19.9 of 20 =
// 99.50%, each of the nine pass-outs (8+1)·1.1 − 1 = 8.9 = 44.50%.
func TestNeubergJFRBoard8(t *testing.T) {
	rows := []Result{Table(2, 21, 0), Table(11, 8, 0), Table(13, 4, 0), Table(5, 20, 100), Table(23, 15, 0),
		Table(18, 10, 0), ArtificialScore(9, 17, Percent(60), Percent(60)), Table(16, 6, 0), Table(19, 3, 0),
		Table(14, 7, 0), Table(12, 22, 0), ArtificialScore(1, 24, Percent(60), Percent(0))}
	// Pairs 9 and 17 played other boards (here board 9); pair 24 never did.
	other := Board{Number: 9, Results: []Result{Table(9, 17, 50), Table(1, 2, 0)}}
	sh, err := Event([]Board{{Number: 8, Results: rows}, other}, Options{MP: MPOptions{Neuberg: true}})
	if err != nil {
		t.Fatal(err)
	}
	sc := sh.Boards[0].Scores
	if !near(sc[3].NSPct, 99.5, 1e-9) || !near(sc[3].EWPct, 0.5, 1e-9) || !near(sc[0].NSPct, 44.5, 1e-9) || sc[6].NSPct != 60 {
		t.Errorf("board 8: %+v %+v %+v", sc[3], sc[0], sc[6])
	}
}
