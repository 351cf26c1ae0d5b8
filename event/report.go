package event

import (
	"cmp"
	"slices"
	"time"
)

// Report is the standings report of an event (bridgetd rank): the ranking
// with fines deducted and the NSWBA 12 tie-breaks, and around it what the
// director must act on. Its JSON is what bridgetd rank --json prints.
type Report struct {
	Event string `json:"event"`
	// Rounds is the number of rounds played: a round drawn but without a
	// result yet does not count.
	Rounds    int           `json:"rounds"`
	Standings []ReportEntry `json:"standings"`
	// Qualifiers for the next stage and the replacements made (NSWBA 12).
	Qualifiers   []int         `json:"qualifiers,omitempty"`
	Replacements []Replacement `json:"replacements,omitempty"`
	// NoLongerQualified: shown as qualifying in a posting, no longer (NSWBA 13).
	NoLongerQualified []int     `json:"no_longer_qualified,omitempty"`
	Playoffs          []Playoff `json:"playoffs,omitempty"`
	// Provisional lists rounds whose results wait on an appeal (NSWBA 14).
	Provisional []int `json:"provisional_rounds,omitempty"`
	// Forfeits are the final re-adjustments of forfeited matches (NSWBA 13.9).
	Forfeits []ForfeitAdjustment `json:"forfeits,omitempty"`
	// Official is when the results become official, once fixed (NSWBA 13).
	Official *time.Time `json:"official,omitempty"`
}

// ReportEntry is one line of the standings: the Standing, the entrant's
// name and its fines (already deducted from the total).
type ReportEntry struct {
	Standing
	Name  string  `json:"name"`
	Fines float64 `json:"fines,omitempty"`
	// Percent is a matchpoint entrant's score as a percentage of the
	// matchpoints it could have scored (fines deducted), as clubs publish
	// it; 0 in an event not scored by matchpoints.
	Percent float64 `json:"percent,omitempty"`
}

// Played reports whether the round has been played: some match in it, a
// bye apart, has a result, a match score or a forfeit. A round drawn and
// not yet played is not counted in the standings and its bye is not yet
// credited.
func (rd *Round) Played() bool {
	for i := range rd.Matches {
		m := &rd.Matches[i]
		if m.Bye() {
			continue
		}
		if len(m.Results) > 0 || len(m.Closed) > 0 || m.IMPs != nil || m.Forfeit != nil {
			return true
		}
	}
	return false
}

// percents returns each matchpoint entrant's percentage: its matchpoints
// less fines over the tops of the boards it played.
func (ev *Event) percents() map[int]float64 {
	out := map[int]float64{}
	for _, r := range ev.MPRecords() {
		var mp, top float64
		for _, b := range r.Boards {
			mp += b.MP
			top += b.Top
		}
		if top > 0 {
			out[r.Entrant] = round2(100 * (mp - ev.Fines(r.Entrant)) / top)
		}
	}
	return out
}

// Report scores the event with the scorer its profile calls for and builds
// its standings report.
func (ev *Event) Report() (*Report, error) {
	sc, err := ev.NewScorer()
	if err != nil {
		return nil, err
	}
	if err := ev.Score(sc); err != nil {
		return nil, err
	}
	st := ev.Standings(sc)
	rep := &Report{Event: ev.Name}
	for _, rd := range ev.Rounds() {
		if rd.Played() {
			rep.Rounds++
		}
	}
	var pct map[int]float64
	if ev.Scoring == Matchpoints {
		pct = ev.percents()
	}
	for _, s := range st {
		en, _ := ev.Entrant(s.Entrant)
		if rep.Rounds == 0 {
			// Before any result there is nothing to rank: no places, and
			// none decided by lot (NSWBA 12 ranks on results).
			s.Place, s.By, s.Detail = 0, "", ""
		}
		rep.Standings = append(rep.Standings, ReportEntry{Standing: s, Name: en.Name, Fines: ev.Fines(s.Entrant), Percent: pct[s.Entrant]})
	}
	if rep.Rounds == 0 {
		slices.SortStableFunc(rep.Standings, func(a, b ReportEntry) int {
			return cmp.Or(cmp.Compare(fieldOrder(a.Field), fieldOrder(b.Field)), cmp.Compare(a.Entrant, b.Entrant))
		})
	}
	if ev.Qualify > 0 {
		rep.Qualifiers, rep.Replacements = Qualify(st, ev.Entrants, ev.Qualify)
		rep.NoLongerQualified = ev.NoLongerQualified(st)
	}
	rep.Playoffs = ev.Playoffs()
	for _, r := range ev.Rounds() {
		for _, m := range r.Matches {
			if m.Provisional {
				rep.Provisional = append(rep.Provisional, r.Number)
				break
			}
		}
	}
	if off, ok := ev.Official(); ok {
		rep.Official = &off
	}
	if ev.Ended() {
		rep.Forfeits = ev.ForfeitAdjustments(len(ev.Rounds()), true)
	}
	return rep, nil
}
