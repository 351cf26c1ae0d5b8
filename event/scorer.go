package event

import (
	"fmt"
	"math"

	"github.com/bridgetd/bridgetd/regulation"
	"github.com/bridgetd/bridgetd/score"
)

// NewScorer returns the event's Scorer built on package score: the WBF IMP
// scale, the Butler datum with trim scores dropped from each end, and the
// VP scale the event names (score.ScaleByName; "wbf2013" when none). The
// datum drops DatumTrim scores from each end (butlerOptions).
func (ev *Event) NewScorer() (Scorer, error) {
	name := ev.VPScale
	if name == "" {
		name = "wbf2013"
	}
	s, err := score.ScaleByName(name)
	if err != nil {
		return nil, fmt.Errorf("event %q: %w", ev.Name, err)
	}
	return scoreScorer{scale: s, butler: ev.butlerOptions()}, nil
}

// butlerOptions is the event's Butler datum convention for package score:
// DatumTrim scores dropped from each end, then the mean, or the median
// with DatumMedian.
func (ev *Event) butlerOptions() score.ButlerOptions {
	o := score.ButlerOptions{Trim: ev.DatumTrim}
	if ev.DatumMedian {
		o.Datum = score.Median
	}
	return o
}

type scoreScorer struct {
	scale  score.Scale
	butler score.ButlerOptions
}

func (s scoreScorer) IMPs(diff float64) float64 {
	return float64(score.IMP(int(math.Round(diff))))
}

func (s scoreScorer) Datum(scores []int) float64 {
	d, _ := score.Datum(scores, s.butler)
	return float64(d)
}

func (s scoreScorer) VP(imps float64, boards int) (float64, float64) {
	return s.scale.VP(int(math.Round(imps)), boards)
}

func (s scoreScorer) HalfVP(imps float64, played, boards, doubleBelow int) (float64, float64) {
	return score.HalfMatchVP(int(math.Round(imps)), played, boards, doubleBelow, s.scale)
}

func (s scoreScorer) ForfeitIMPs(vp float64, boards int) float64 {
	n, ok := score.ForfeitIMPs(s.scale, boards, vp)
	if !ok {
		return 0
	}
	return float64(n)
}

// UnplayedIMPs is score.UnplayedIMPs for a whole match of boards boards:
// the profile's formula VPs (18) are on its 30-VP basis, so they are taken
// as the same share of the event's scale.
func (s scoreScorer) UnplayedIMPs(p *regulation.Profile, boards int) float64 {
	if boards <= 0 {
		return 0
	}
	us, them := s.scale.VP(0, boards)
	q := *p
	q.UnplayedFormulaVP = regulation.ScaleVP(p.UnplayedFormulaVP, p.ForfeitScaleVP, us+them)
	per, ok := score.UnplayedIMPs(&q, boards, s.scale)
	if !ok {
		return 0
	}
	return per * float64(boards)
}
