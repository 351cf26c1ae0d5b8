package score

// DamageCase is which of the four cases of Law 12C1(b) a ruling falls in.
type DamageCase uint8

// The four cases of Law 12C1(b) (seed 002: "Application of Law 12C1(b)").
const (
	NoDamage          DamageCase = iota // B ≤ A: no adjustment
	AllSelfInflicted                    // A < B ≤ C: NOS keep A, OS get B'
	NoSelfInflicted                     // C ≤ A < B: both get the adjusted score
	PartSelfInflicted                   // A < C < B: NOS get A + B − C, OS get B'
)

// String names the case.
func (c DamageCase) String() string {
	switch c {
	case NoDamage:
		return "no damage"
	case AllSelfInflicted:
		return "all damage self-inflicted"
	case NoSelfInflicted:
		return "no self-inflicted damage"
	case PartSelfInflicted:
		return "part of the damage self-inflicted"
	}
	return "DamageCase(?)"
}

// SelfInflicted splits a non-offending side's damage into its real and
// self-inflicted parts (Law 12C1(b)). All three arguments are the
// non-offending side's scores in one unit (IMPs or matchpoints): a, the
// actual table result with its serious error; b, the score it would have
// had without the infraction (the assigned score of Law 12C1(c)); c, what
// it could have scored after the infraction without its serious error.
//
// nos is the non-offending side's score. os is the offending side's score
// expressed from the non-offending side's view, B or, when there is no
// damage, A: at IMPs the offenders get −os, at matchpoints top − os.
func SelfInflicted(a, b, c float64) (nos, os float64, k DamageCase) {
	switch {
	case b <= a:
		return a, a, NoDamage
	case b <= c:
		return a, b, AllSelfInflicted
	case c <= a:
		return b, b, NoSelfInflicted
	}
	return a + b - c, b, PartSelfInflicted
}

// WeightedMatchIMPs returns a team's IMPs for a weighted score at teams
// (Law 12C1(c)): each outcome, a score for the team's North-South against
// away at the other table, is converted to IMPs before it is weighted.
func WeightedMatchIMPs(outcomes []Outcome, away int) float64 {
	var v float64
	for _, o := range outcomes {
		v += o.Weight * float64(IMP(o.Score-away))
	}
	return v
}
