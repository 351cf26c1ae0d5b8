package event

import (
	"fmt"
	"github.com/bridgetd/bridgetd/bridge"
	"math"
	"slices"

	"github.com/bridgetd/bridgetd/regulation"
)

// ForfeitAdjustment is the non-offender's score in a forfeited match as
// re-adjusted under NSWBA 13.9: the highest of the award (18 of 30 VP, or
// its equivalent), the non-offender's mean in its completed matches and the
// mean score of the offender's opponents in their completed matches against
// the offender. The offender keeps 0.
type ForfeitAdjustment struct {
	Round, Table int
	Entrant      int     // the non-offender
	Offender     int     // the unit in default
	Award        float64 // the award before adjustment, on the event's scale
	OwnMean      float64 // the non-offender's mean VP (0 when none played)
	OppMean      float64 // the mean VP of the offender's opponents (0 when none)
	VP           float64 // the adjusted score
	// After is the number of rounds whose completed matches the figures
	// use; Final marks the adjustment at the end of the event.
	After int
	Final bool
}

// String shows the adjustment as a director reads it.
func (a ForfeitAdjustment) String() string {
	when := fmt.Sprintf("after %d rounds", a.After)
	if a.Final {
		when = "final"
	}
	return fmt.Sprintf("round %d table %d: %d scores %s VP for the forfeit by %d (award %s, own mean %s, offender's opponents %s; %s)",
		a.Round, a.Table, a.Entrant, num(a.VP), a.Offender, num(a.Award), num(a.OwnMean), num(a.OppMean), when)
}

// ErrForfeit is returned when a forfeit cannot be declared.
var ErrForfeit = fmt.Errorf("cannot declare the forfeit")

// Forfeit declares the match at table t of round r forfeited by offender
// (NSWBA 13.9): the offender scores 0 VP and the other side the award,
// re-adjusted later. Results already entered are kept but not scored.
func (ev *Event) Forfeit(r, t, offender int) error {
	_, _, m, err := ev.Match(r, t)
	if err != nil {
		return err
	}
	switch {
	case m.Individual():
		return fmt.Errorf("round %d table %d: %w: an individual table is not forfeited; assign its board scores", r, t, ErrForfeit)
	case m.Bye() || m.Half != 0:
		return fmt.Errorf("round %d table %d: %w: a bye or half match is not forfeited", r, t, ErrForfeit)
	case offender == m.NS:
		m.Forfeit = side(bridge.NS)
	case offender == m.EW:
		m.Forfeit = side(bridge.EW)
	default:
		return fmt.Errorf("round %d table %d: %w: entrant %d is not at the table (%d v %d)", r, t, ErrForfeit, offender, m.NS, m.EW)
	}
	return nil
}

// forfeitAward is the non-offender's award before adjustment: ForfeitVP of
// ForfeitScaleVP, scaled to the event's VP total (NSWBA 13.9).
func (ev *Event) forfeitAward() float64 {
	p := ev.Profile()
	return round2(regulation.ScaleVP(p.ForfeitVP, p.ForfeitScaleVP, ev.vpTotal()))
}

// ForfeitAdjustments returns the adjustments of the forfeited matches in
// the first after rounds, computed from the completed matches of those
// rounds (scored, neither forfeited nor a bye). Call Score first.
func (ev *Event) ForfeitAdjustments(after int, final bool) []ForfeitAdjustment {
	if ev.Scoring == IMPs || ev.Scoring == Matchpoints {
		return nil // no VPs to adjust: a forfeit scores IMPs (NSWBA 13.9)
	}
	rounds := ev.Rounds()
	after = min(after, len(rounds))
	own := map[int][]float64{}     // entrant -> its VP in completed matches
	against := map[int][]float64{} // entrant -> its opponents' VP against it
	for _, rd := range rounds[:after] {
		for _, m := range rd.Matches {
			if m.Bye() || m.Forfeit != nil || m.VP == nil {
				continue
			}
			vp := *m.VP
			own[m.NS] = append(own[m.NS], vp[NS])
			own[m.EW] = append(own[m.EW], vp[EW])
			against[m.NS] = append(against[m.NS], vp[EW])
			against[m.EW] = append(against[m.EW], vp[NS])
		}
	}
	award := ev.forfeitAward()
	var out []ForfeitAdjustment
	for _, rd := range rounds[:after] {
		for _, m := range rd.Matches {
			off, non := m.Offender()
			if off == 0 {
				continue
			}
			a := ForfeitAdjustment{Round: rd.Number, Table: m.Table, Entrant: non, Offender: off, Award: award, After: after, Final: final}
			a.OwnMean, a.OppMean = mean(own[non]), mean(against[off])
			a.VP = round2(max(award, mean(own[non]), mean(against[off])))
			out = append(out, a)
		}
	}
	return out
}

// mean is the mean of xs; 0 for none, which never exceeds an award.
func mean(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	var s float64
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}

// ReviewRounds returns the rounds after which forfeit scores are re-adjusted
// for the draw: for each fraction of the profile (50% and 75%), the first
// round count that reaches it, short of the last round (NSWBA 13.9). It is
// empty when PlannedRounds is not known.
func (ev *Event) ReviewRounds() []int {
	var out []int
	n := ev.PlannedRounds
	for _, f := range ev.Profile().ForfeitReviewFractions {
		p := int(math.Ceil(f*float64(n) - 1e-9))
		if p >= 1 && p < n && (len(out) == 0 || p > out[len(out)-1]) {
			out = append(out, p)
		}
	}
	return out
}

// DrawAdjustments returns the forfeit adjustments that stand for a draw made
// after played rounds: those made at the latest review round reached
// (NSWBA 13.9: after 50% and 75% of the matches); none before the first.
func (ev *Event) DrawAdjustments(played int) []ForfeitAdjustment {
	at := 0
	for _, p := range ev.ReviewRounds() {
		if p <= played {
			at = p
		}
	}
	if at == 0 {
		return nil
	}
	return ev.ForfeitAdjustments(at, false)
}

// Ended reports whether the event's play is over, so that the final
// forfeit adjustment applies (NSWBA 13.9): every planned round has been
// played and scored, or, when the plan is not known, the last session has
// been posted.
func (ev *Event) Ended() bool {
	rounds := ev.Rounds()
	if ev.PlannedRounds > 0 {
		if len(rounds) < ev.PlannedRounds {
			return false
		}
		for _, rd := range rounds {
			for _, m := range rd.Matches {
				if m.VP == nil && ev.Scoring != IMPs && ev.Scoring != Matchpoints {
					return false
				}
			}
		}
		return true
	}
	return len(ev.Sessions) > 0 && ev.Sessions[len(ev.Sessions)-1].Posted != nil && len(rounds) > 0
}

// applyFinalForfeits replaces the award of every forfeited match by its
// final adjustment once the event has ended, and its IMPs by those that
// earn the adjusted score (NSWBA 13.9).
func (ev *Event) applyFinalForfeits(sc Scorer) {
	if !ev.Ended() {
		return
	}
	adj := ev.ForfeitAdjustments(len(ev.Rounds()), true)
	for _, a := range adj {
		_, rd, m, err := ev.Match(a.Round, a.Table)
		if err != nil || m.VP == nil {
			continue
		}
		if m.NS == a.Entrant {
			m.VP[NS] = a.VP
		} else {
			m.VP[EW] = a.VP
		}
		boards := len(rd.Boards)
		if boards == 0 {
			boards = ev.BoardsPerRound
		}
		ev.setForfeitIMPs(m, a.VP, boards, sc)
	}
}

// setForfeitIMPs gives a forfeited match the IMPs that earn the
// non-offender's score vp on the event's scale, as NS's margin: the
// non-offender has them, the offender their negative (NSWBA 13.9), so that
// the IMP tie-break (NSWBA 12, Swiss (c)) counts the match. A knock-out
// match (IMPs without VPs) is left without.
func (ev *Event) setForfeitIMPs(m *Match, vp float64, boards int, sc Scorer) {
	if sc == nil || ev.Scoring == IMPs || ev.Scoring == Matchpoints || boards == 0 {
		return
	}
	imps := sc.ForfeitIMPs(vp, boards)
	if *m.Forfeit == bridge.NS {
		imps = -imps
	}
	m.IMPs = &imps
}

// SplitBye turns the bye of a drawn Swiss pairs round into two half matches
// (NSWBA 13.7), as a profile with odd_field "half-matches" asks: the pair
// drawn to sit out joins the lowest match of the round. One pair of that
// match plays the first half against its drawn opponent and the second half
// against the extra pair, listed under the next free table number; the
// round's boards are split between the halves, the first taking the odd
// board. The pair that plays both halves is the one the extra pair has not
// met, the higher placed (the home pair) when both or neither qualify.
func (ev *Event) SplitBye(round int) error {
	_, rd, err := ev.Round(round)
	if err != nil {
		return err
	}
	bye, last := -1, -1
	for i, m := range rd.Matches {
		switch {
		case m.Half != 0:
			return fmt.Errorf("round %d: %w: split already", round, ErrInvalid)
		case m.Bye():
			bye = i
		case last < 0 || m.Table > rd.Matches[last].Table:
			last = i
		}
	}
	if bye < 0 || last < 0 || len(rd.Boards) < 2 {
		return fmt.Errorf("round %d: %w: no bye and match of two or more boards to split", round, ErrInvalid)
	}
	x, m := rd.Matches[bye].NS, rd.Matches[last]
	met := func(a, b int) bool {
		for _, r := range ev.Rounds() {
			if r.Number >= round {
				break
			}
			for _, o := range r.Matches {
				if (o.NS == a && o.EW == b) || (o.NS == b && o.EW == a) {
					return true
				}
			}
		}
		return false
	}
	both, other := m.NS, m.EW
	if met(x, both) && !met(x, other) {
		both, other = other, both
	}
	cut := (len(rd.Boards) + 1) / 2
	table := 0
	for i, o := range rd.Matches {
		if i != bye {
			table = max(table, o.Table)
		}
	}
	first := Match{Table: m.Table, NS: both, EW: other, Half: 1, Boards: slices.Clone(rd.Boards[:cut])}
	second := Match{Table: table + 1, NS: both, EW: x, Half: 2, Boards: slices.Clone(rd.Boards[cut:])}
	var ms []Match
	for i, o := range rd.Matches {
		if i != bye && i != last {
			ms = append(ms, o)
		}
	}
	rd.Matches = append(ms, first, second)
	return nil
}

// side returns a pointer to a copy of s, for Match.Forfeit.
func side(s bridge.Side) *bridge.Side { return &s }
