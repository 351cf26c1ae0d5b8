package score

// impLimits[i] is the largest point difference that is worth i IMPs on the
// Law 78B scale; a difference above the last entry is worth 24 IMPs.
var impLimits = [...]int{
	10, 40, 80, 120, 160, 210, 260, 310, 360, 420, 490, 590,
	740, 890, 1090, 1290, 1490, 1740, 1990, 2240, 2490, 2990, 3490, 3990,
}

// MaxIMP is the most IMPs one board can be worth (Law 78B: 4000 points or more).
const MaxIMP = 24

// IMP converts a difference in points into International Match Points on the
// Law 78B scale. The sign is kept: IMP(-420) is -9. A difference that falls
// between two printed rows (an unrounded average, say 15 or 425) counts
// with the lower row: a row applies from the smallest difference printed
// for it (20 for 1 IMP, 430 for 10).
func IMP(diff int) int {
	neg := diff < 0
	if neg {
		diff = -diff
	}
	imps := MaxIMP
	for i, lim := range impLimits {
		if diff < lim+10 {
			imps = i
			break
		}
	}
	if neg {
		return -imps
	}
	return imps
}

// Rounding says how a datum that is not a multiple of 10 is rounded to the
// nearest ten, and what happens to one that ends in exactly 5.
type Rounding uint8

// The rounding rules for a Butler datum ending in 5 (see
// reference/scoring.md §2.7: Magic Contest and Ruter round half away from
// zero, ACBLscore to the even ten, some clubs upward).
const (
	RoundAway Rounding = iota // 425 → 430, −425 → −430
	RoundEven                 // 425 → 420, 435 → 440 (ACBLscore)
	RoundUp                   // 425 → 430, −425 → −420
)

// String returns the flag spelling: away, even or up.
func (r Rounding) String() string {
	switch r {
	case RoundAway:
		return "away"
	case RoundEven:
		return "even"
	case RoundUp:
		return "up"
	}
	return "Rounding(?)"
}

// roundTen returns num/den rounded to a multiple of 10 by rule r; den > 0.
// The arithmetic is exact: no floating point is involved.
func roundTen(num, den int, r Rounding) int {
	d := den * 10
	q := num / d // truncated toward zero
	rem := num - q*d
	if rem < 0 { // make q the floor
		q--
		rem += d
	}
	switch twice := 2 * rem; {
	case twice < d:
		// floor is nearest
	case twice > d:
		q++
	default: // exactly half way between q and q+1
		switch r {
		case RoundAway:
			if q >= 0 {
				q++
			}
		case RoundEven:
			if q%2 != 0 {
				q++
			}
		case RoundUp:
			q++
		}
	}
	return q * 10
}
