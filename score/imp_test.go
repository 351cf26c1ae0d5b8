package score

import "testing"

// lawScale is the Law 78B scale as printed in seed 004 (Правило 78B): each
// row's smallest and largest difference and its IMPs; 4000 and more is 24.
var lawScale = []struct{ lo, hi, imps int }{
	{0, 10, 0}, {20, 40, 1}, {50, 80, 2}, {90, 120, 3}, {130, 160, 4},
	{170, 210, 5}, {220, 260, 6}, {270, 310, 7}, {320, 360, 8},
	{370, 420, 9}, {430, 490, 10}, {500, 590, 11}, {600, 740, 12},
	{750, 890, 13}, {900, 1090, 14}, {1100, 1290, 15}, {1300, 1490, 16},
	{1500, 1740, 17}, {1750, 1990, 18}, {2000, 2240, 19}, {2250, 2490, 20},
	{2500, 2990, 21}, {3000, 3490, 22}, {3500, 3990, 23}, {4000, 7600, 24},
}

// TestIMPBoundaries checks every row of the Law 78B scale at both ends, and
// the same with the sign reversed.
func TestIMPBoundaries(t *testing.T) {
	for _, row := range lawScale {
		for _, d := range []int{row.lo, row.hi} {
			if got := IMP(d); got != row.imps {
				t.Errorf("Law 78B: IMP(%d) = %d, want %d", d, got, row.imps)
			}
			if got := IMP(-d); got != -row.imps {
				t.Errorf("Law 78B: IMP(%d) = %d, want %d", -d, got, -row.imps)
			}
		}
	}
}

// TestIMPBetweenRows: an unrounded difference between two rows (15, 45)
// counts with the lower row.
func TestIMPBetweenRows(t *testing.T) {
	for _, c := range []struct{ d, want int }{{15, 0}, {45, 1}, {425, 9}, {3995, 23}, {1 << 20, 24}} {
		if got := IMP(c.d); got != c.want {
			t.Errorf("IMP(%d) = %d, want %d", c.d, got, c.want)
		}
	}
}

// TestRoundTen checks the three rules for a datum ending in 5
// (reference/scoring.md §2.7: Magic Contest/Ruter half away from zero with
// −85→−90, 105→110, 435→440, −65→−70, −495→−500; ACBLscore 425→420,
// 435→440).
func TestRoundTen(t *testing.T) {
	cases := []struct {
		num, den int
		r        Rounding
		want     int
	}{
		{-85, 1, RoundAway, -90}, {105, 1, RoundAway, 110}, {435, 1, RoundAway, 440},
		{-65, 1, RoundAway, -70}, {-495, 1, RoundAway, -500},
		{425, 1, RoundEven, 420}, {435, 1, RoundEven, 440}, {-425, 1, RoundEven, -420}, {-435, 1, RoundEven, -440},
		{425, 1, RoundUp, 430}, {-425, 1, RoundUp, -420},
		{424, 1, RoundEven, 420}, {426, 1, RoundUp, 430}, {-424, 1, RoundAway, -420}, {-426, 1, RoundAway, -430},
		// A mean: 1000/3 = 333.3 → 330; 1015/2 = 507.5 → 510 (not a tie at the tens).
		{1000, 3, RoundAway, 330}, {1015, 2, RoundEven, 510}, {-1015, 2, RoundUp, -510},
		{0, 5, RoundAway, 0},
	}
	for _, c := range cases {
		if got := roundTen(c.num, c.den, c.r); got != c.want {
			t.Errorf("roundTen(%d/%d, %v) = %d, want %d", c.num, c.den, c.r, got, c.want)
		}
	}
}
