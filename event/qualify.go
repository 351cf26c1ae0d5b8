package event

import "slices"

// Replacement records an unavailable entrant replaced in the next stage.
type Replacement struct {
	Unavailable int    `json:"unavailable"`
	By          int    `json:"by"`
	Section     string `json:"section,omitempty"`
	// Field is the field of a two-winner movement the two were ranked in.
	Field string `json:"field,omitempty"`
}

// Qualify picks the entrants that qualify for the next stage: the first
// places of each section on the standings, skipping non-qualified units,
// which may not qualify (NSWBA 12, non-qualified units). An entrant that
// would qualify but is unavailable is replaced by the next placed available
// entrant of its own section (NSWBA 12, replacement). The fields of a
// two-winner movement qualify separately, each as a section of its own.
// The qualifiers are listed in order of the standings.
func Qualify(st []Standing, entrants []Entrant, places int) ([]int, []Replacement) {
	info := map[int]Entrant{}
	for _, en := range entrants {
		info[en.ID] = en
	}
	type group struct{ section, field string }
	var sections []group
	eligible := map[group][]int{}
	for _, s := range st {
		en, ok := info[s.Entrant]
		if !ok || !s.Eligible || en.NonQualified {
			continue
		}
		g := group{en.Section, s.Field}
		if _, seen := eligible[g]; !seen {
			sections = append(sections, g)
		}
		eligible[g] = append(eligible[g], en.ID)
	}
	chosen := map[int]bool{}
	var repl []Replacement
	for _, sec := range sections {
		el := eligible[sec]
		n := min(places, len(el))
		var reserves []int
		for _, id := range el[n:] {
			if !info[id].Unavailable {
				reserves = append(reserves, id)
			}
		}
		for _, id := range el[:n] {
			if !info[id].Unavailable {
				chosen[id] = true
				continue
			}
			if len(reserves) > 0 {
				chosen[reserves[0]] = true
				repl = append(repl, Replacement{Unavailable: id, By: reserves[0], Section: sec.section, Field: sec.field})
				reserves = reserves[1:]
			}
		}
	}
	var q []int
	for _, s := range st {
		if chosen[s.Entrant] {
			q = append(q, s.Entrant)
		}
	}
	return q, repl
}

// Qualifiers returns the event's qualifiers on the standings (Qualify with
// the event's entrants and places).
func (ev *Event) Qualifiers(st []Standing) []int {
	if ev.Qualify == 0 {
		return nil
	}
	q, _ := Qualify(st, ev.Entrants, ev.Qualify)
	return slices.Clone(q)
}
