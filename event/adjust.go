package event

import (
	"fmt"
	"math"
	"strings"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/laws"
	"github.com/bridgetd/bridgetd/score"
)

// Outcome is one possible result of a weighted score (Law 12C1(c)): a
// North–South score and its share.
type Outcome struct {
	Score  int     `json:"score"`
	Weight float64 `json:"weight"`
}

// Adjusted reports whether the result is an adjusted score or a board
// played in an irregular form: a split, weighted or artificial score, a
// fouled form or a board turned through 90°.
func (r Result) Adjusted() bool {
	return r.EWScore != nil || len(r.Weighted) > 0 || r.Award != "" || r.Form != 0 || r.Turned || r.Unplayed
}

// awards reads an artificial adjusted score "NS/EW", each A+, A or A-
// (Law 12C2).
func awards(s string) (ns, ew score.Award, err error) {
	one := func(x string) (score.Award, error) {
		switch x {
		case "A+":
			return score.AvePlus, nil
		case "A":
			return score.Ave, nil
		case "A-":
			return score.AveMinus, nil
		}
		return score.Award{}, fmt.Errorf("%q: want A+, A or A-", x)
	}
	a, b, ok := strings.Cut(s, "/")
	if !ok {
		return ns, ew, fmt.Errorf("award %q: want NS/EW, e.g. A+/A-", s)
	}
	if ns, err = one(a); err != nil {
		return ns, ew, fmt.Errorf("award %q: %w", s, err)
	}
	if ew, err = one(b); err != nil {
		return ns, ew, fmt.Errorf("award %q: %w", s, err)
	}
	return ns, ew, nil
}

// checkAdjusted checks an adjusted result: one kind of adjustment at a
// time, an award that reads, weights that are shares adding up to 1, and
// a form not negative.
func (r *Result) checkAdjusted() error {
	n := 0
	for _, set := range []bool{r.EWScore != nil, len(r.Weighted) > 0, r.Award != "", r.Unplayed} {
		if set {
			n++
		}
	}
	bad := func(format string, a ...any) error {
		return fmt.Errorf("board %d: %w: %s", r.Board, ErrBadResult, fmt.Sprintf(format, a...))
	}
	switch {
	case n > 1:
		return bad("a result is one of a split, a weighted or an artificial score, or an unplayed board")
	case n == 1 && r.Contract != nil:
		return bad("an adjusted score replaces the contract played")
	case r.Form < 0:
		return bad("form %d: want 0 (the true board) or the number of a fouled form", r.Form)
	case r.Played != nil && r.Form == 0:
		return bad("a deal played is recorded only with the fouled form it was scored in (Law 87B)")
	}
	if r.Award != "" {
		if _, _, err := awards(r.Award); err != nil {
			return bad("%v", err)
		}
	}
	if len(r.Weighted) > 0 {
		var sum float64
		for _, o := range r.Weighted {
			if !(o.Weight > 0 && o.Weight <= 1) {
				return bad("weight %g: want a share above 0 and at most 1 (Law 12C1(c))", o.Weight)
			}
			sum += o.Weight
		}
		if math.Abs(sum-1) > 1e-6 {
			return bad("weights add up to %g: want 1 (Law 12C1(c))", sum)
		}
	}
	return nil
}

// scoreResult is the traveller row of package score for a result between
// the pair holding the North–South cards and the one holding East–West's:
// a table result or an assigned score (Law 12C1(a)), a split (12C1(b)), a
// weighted (12C1(c)) or an artificial adjusted score (12C2; average-minus
// to both for a seen traveller, NSWBA 13.11), compared within its fouled
// form (Law 87) and, for a board turned through 90°, against the pairs
// who held the same cards (score.Turned90).
func (r Result) scoreResult(ns, ew int) score.Result {
	var x score.Result
	switch {
	case r.Award != "":
		a, b, _ := awards(r.Award)
		x = score.ArtificialScore(ns, ew, a, b)
	case r.EWScore != nil:
		x = score.SplitScore(ns, ew, r.Score, *r.EWScore)
	case len(r.Weighted) > 0:
		x = score.WeightedScore(ns, ew, outcomes(r.Weighted)...)
	case r.Contract == nil:
		x = score.AssignedScore(ns, ew, r.Score)
	default:
		x = score.Table(ns, ew, r.Score)
	}
	x.Group = r.Form
	if r.Turned {
		x = score.Turned90(x)
	}
	return x
}

// DirectorError returns the artificial adjusted score, as a Result's Award,
// for a board the Director's own wrong ruling left unscorable (Law 82C,
// laws.DirectorError): both sides are non-offending and score average-plus.
func DirectorError(ed laws.Edition) string {
	ns, ew, _ := laws.DirectorError(ed)
	return awardPair(ns, ew)
}

// awardPair writes an artificial adjusted score as a Result's Award, "NS/EW".
func awardPair(ns, ew score.Award) string { return ns.String() + "/" + ew.String() }

// seenTraveller is the Award for a board made unplayable because a pair saw
// its traveller (NSWBA 13.11, score.SeenTraveller): average-minus to both.
func seenTraveller() string {
	x := score.SeenTraveller(0, 0)
	return awardPair(x.NSAward, x.EWAward)
}

// MisMarkedPad is NSWBA 6.2.3: a player opened out of turn because the
// other side marked the written-bidding pad wrongly; markedBy is the side
// that marked it. That side may accept the call under Law 29A: then the
// auction goes on and no score is adjusted (ok false). If it declines, the
// board is scored as an artificial adjusted score (Law 12C2): average-minus
// to the side that mis-marked the pad, average-plus to the other.
func MisMarkedPad(board int, markedBy bridge.Side, accepted bool) (r Result, ok bool) {
	if accepted {
		return Result{}, false
	}
	r = Result{Board: board, Award: "A-/A+"}
	if markedBy == bridge.EW {
		r.Award = "A+/A-"
	}
	return r, true
}
