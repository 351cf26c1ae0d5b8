package event

import "time"

// Report is the standings report of an event (bridgetd rank): the ranking
// with fines deducted and the NSWBA 12 tie-breaks, and around it what the
// director must act on. Its JSON is what bridgetd rank --json prints.
type Report struct {
	Event     string        `json:"event"`
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
	rep := &Report{Event: ev.Name, Rounds: len(ev.Rounds())}
	for _, s := range st {
		en, _ := ev.Entrant(s.Entrant)
		rep.Standings = append(rep.Standings, ReportEntry{Standing: s, Name: en.Name, Fines: ev.Fines(s.Entrant)})
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
