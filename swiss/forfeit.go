package swiss

// ForfeitDue reports whether the draw made after played of total matches
// is one before which forfeit scores are to be re-assessed: the first draw
// made once 50% of the matches have been played, and the first once 75%
// have (NSWBA 13, forfeited matches). A total of 0 or less is never due.
func ForfeitDue(played, total int) bool {
	if total <= 0 || played <= 0 || played >= total {
		return false
	}
	crossed := func(num, den int) bool { // played/total reaches num/den now
		return played*den >= num*total && (played-1)*den < num*total
	}
	return crossed(1, 2) || crossed(3, 4)
}

// AdjustedForfeit returns the score of the non-offending side in a
// forfeited match once it is adjusted: the highest of award (18 VP on a
// 30-VP scale, or its equivalent), the mean of own (the non-offender's
// scores in its completed matches) and the mean of offOpp (the scores of
// the offender's opponents in their completed matches against the
// offender). An empty list has no mean and is left out (NSWBA 13,
// forfeited matches).
func AdjustedForfeit(award float64, own, offOpp []float64) float64 {
	best := award
	for _, xs := range [][]float64{own, offOpp} {
		if len(xs) == 0 {
			continue
		}
		var sum float64
		for _, x := range xs {
			sum += x
		}
		best = max(best, sum/float64(len(xs)))
	}
	return best
}
