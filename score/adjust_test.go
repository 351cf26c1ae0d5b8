package score

import "testing"

// TestSelfInflictedSeed reproduces the worked examples of seed 002
// ("Application of Law 12C1(b)"): NS bid 4♥, EW compete with UI to 4♠X; the
// other room scored NS +50; 4♥ making (+420) is B = +9 IMPs for NS.
func TestSelfInflictedSeed(t *testing.T) {
	cases := []struct {
		name                  string
		actual, before, could int
		nos, os               int
		k                     DamageCase
	}{
		// 4♠X−1 +100 with a revoke; without it 4♠X−2 +300: A = 2, C = 6:
		// real damage 3, self-inflicted 4: NS 2 + 9 − 6 = +5, EW −9.
		{"4SX-1 revoke", 100, 420, 300, 5, -9, PartSelfInflicted},
		// 4♠X−2 +300 with a revoke; without it 4♠X−3 +500: A = 6, C = 10:
		// no real damage: NS keep the table result +6, EW −9.
		{"4SX-2 revoke", 300, 420, 500, 6, -9, AllSelfInflicted},
		// 4♠X−2 +300, no revoke: A = C = 6: ±9.
		{"4SX-2 no revoke", 300, 420, 300, 9, -9, NoSelfInflicted},
		// 4♠X−3 +500: A = 10 ≥ B: no damage, table result for both.
		{"4SX-3", 500, 420, 500, 10, -10, NoDamage},
	}
	for _, c := range cases {
		// Each score IMPed against the other room (Law 78B) before the
		// cases of Law 12C1(b) are applied; the offenders get -os.
		a, b, cc := IMP(c.actual-50), IMP(c.before-50), IMP(c.could-50)
		n, o, k := SelfInflicted(float64(a), float64(b), float64(cc))
		nos, os := int(n), -int(o)
		if nos != c.nos || os != c.os || k != c.k {
			t.Errorf("seed 002 %s: NOS %+d, OS %+d (%v); want %+d, %+d (%v)", c.name, nos, os, k, c.nos, c.os, c.k)
		}
	}
}

// TestSelfInflictedCases checks the four cases of Law 12C1(b) (seed 002) in
// matchpoints, where the offenders' score is top − os: top 10, B = 7.
func TestSelfInflictedCases(t *testing.T) {
	cases := []struct {
		a, b, c  float64
		nos, os  float64
		k        DamageCase
		caseName string
	}{
		{8, 7, 5, 8, 8, NoDamage, "B ≤ A"},
		{7, 7, 9, 7, 7, NoDamage, "B = A"},
		{3, 7, 7, 3, 7, AllSelfInflicted, "A < B ≤ C"},
		{3, 7, 9, 3, 7, AllSelfInflicted, "A < B < C"},
		{4, 7, 2, 7, 7, NoSelfInflicted, "C ≤ A < B"},
		{4, 7, 4, 7, 7, NoSelfInflicted, "C = A < B"},
		{2, 7, 5, 4, 7, PartSelfInflicted, "A < C < B: 2 + 7 − 5"},
	}
	for _, c := range cases {
		nos, os, k := SelfInflicted(c.a, c.b, c.c)
		if nos != c.nos || os != c.os || k != c.k {
			t.Errorf("Law 12C1(b) %s: %g, %g (%v); want %g, %g (%v)", c.caseName, nos, os, k, c.nos, c.os, c.k)
		}
	}
}

// TestWeightedMatchIMPs: Law 12C1(c) at teams: each outcome is IMPed before
// weighting. Other room +50; 40% of +420 (9 IMPs) and 60% of +100 (2 IMPs)
// = 3.6 + 1.2 = 4.8.
func TestWeightedMatchIMPs(t *testing.T) {
	got := WeightedMatchIMPs([]Outcome{{420, .4}, {100, .6}}, 50)
	if !near(got, 4.8, 1e-9) {
		t.Errorf("WeightedMatchIMPs = %g, want 4.8", got)
	}
}
