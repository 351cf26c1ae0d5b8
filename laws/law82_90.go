package laws

import (
	"github.com/bridgetd/bridgetd/score"
)

// The Director's laws after the play that compute something. The
// artificial adjusted scores themselves, their matchpoint and IMP values
// under the regulation (86A: ±3 IMPs unless the regulating authority says
// otherwise) and the fouled-board groups of Law 87 live in package score;
// this file decides which apply.
//
//	82C (both codes): when the Director finds his own ruling wrong and no
//	    rectification lets the board be scored normally, he awards an
//	    adjusted score treating both sides as non-offending: an artificial
//	    one gives each side average plus (2017 12C2(a); 1997 12C1).
//	86 (non-balancing scores in a knock-out match; 1997 86B, 2017 86C):
//	    each side's IMPs on the board are computed separately from its own
//	    adjusted score and the average of the two results is given to both.
//
// Package event applies both to the results it records: a board ruled
// under 82C (event.DirectorError) and a split score in a knock-out match.

// DirectorError is Law 82C: the artificial adjusted scores when the
// Director's own ruling was wrong and the board cannot be scored
// normally, both sides being non-offending, with the clauses applied.
func DirectorError(ed Edition) (ns, ew score.Award, law string) {
	return score.AvePlus, score.AvePlus, ed.pick("82C; 12C1", "82C; 12C2(a)")
}

// NonBalancingKO is the Law 86 rule for non-balancing adjusted scores in a
// knock-out match: impsA and impsB are the board's IMPs for the first team
// computed from each side's own adjusted score; both teams get the
// average (the second team its negative). The clause is returned too.
func NonBalancingKO(ed Edition, impsA, impsB float64) (float64, string) {
	return (impsA + impsB) / 2, ed.pick("86B", "86C")
}
