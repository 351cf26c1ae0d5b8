package publish

import (
	"context"
	"strconv"
	"strings"

	"github.com/bridgetd/bridgetd/event"
)

// FromEvent scores an event (event.Event.Report) and gathers what the
// site shows of it: the ranking with the NSWBA 12 tie-breaks (per field
// in a two-winner event), the qualifiers, the matches with their IMPs and
// VPs, and each entrant's place after each round, from the event ranked
// on its first rounds only. ev is scored in place.
func FromEvent(ctx context.Context, ev *event.Event) (*Results, error) {
	// Copies of the event, to be cut to their first rounds.
	copies := event.NewMemoryStore()
	if _, err := copies.Save(ctx, ev, 0); err != nil {
		return nil, err
	}
	rep, err := ev.Report()
	if err != nil {
		return nil, err
	}
	r := &Results{Title: ev.Name, Form: IMPs, Unit: "VP"}
	if strings.Contains(string(ev.Kind), "teams") {
		r.Form = Teams
	}
	switch ev.Scoring {
	case event.Matchpoints:
		r.Unit = "MP"
	case event.IMPs:
		r.Unit = "IMP"
	}
	if ss := ev.Sessions; len(ss) > 0 {
		r.Date = ss[0].Start.Format("2006.01.02")
	}
	label := map[int]string{}
	for _, en := range ev.Entrants {
		label[en.ID] = en.Name
		if label[en.ID] == "" {
			label[en.ID] = strconv.Itoa(en.ID)
		}
		var names []string
		for _, p := range en.Players {
			names = append(names, p.Name)
		}
		r.Entrants = append(r.Entrants, Entrant{ID: label[en.ID], Names: strings.Join(names, " & ")})
	}
	qualified := map[int]bool{}
	for _, id := range rep.Qualifiers {
		qualified[id] = true
	}
	r.Fields = eventFields(rep, label, qualified)
	for _, rd := range ev.Rounds() {
		for _, m := range rd.Matches {
			if m.NS == 0 || m.EW == 0 {
				continue
			}
			pm := Match{Round: rd.Number, Home: label[m.NS], Away: label[m.EW], Boards: len(rd.Boards)}
			switch {
			case m.IMPs != nil && m.EWIMPs != nil:
				// Law 12C1(b) and the like: each team's own IMPs, which
				// do not cancel; package event scored its VPs from them.
				pm.Own, pm.HomeOwn, pm.AwayOwn = true, *m.IMPs, *m.EWIMPs
			case m.IMPs != nil:
				if *m.IMPs >= 0 {
					pm.HomeIMPs = *m.IMPs
				} else {
					pm.AwayIMPs = -*m.IMPs
				}
			}
			if m.VP != nil {
				pm.HasVP, pm.HomeVP, pm.AwayVP = true, m.VP[0], m.VP[1]
			}
			r.Matches = append(r.Matches, pm)
		}
	}
	// Each entrant's place after each round: the event ranked on its
	// first rounds only.
	rounds := rep.Rounds
	places := map[string][]int{}
	for n := 1; n <= rounds && rounds > 1; n++ {
		part, _, err := copies.Load(ctx)
		if err != nil {
			return nil, err
		}
		for i := range part.Sessions {
			var keep []event.Round
			for _, rd := range part.Sessions[i].Rounds {
				if rd.Number <= n {
					keep = append(keep, rd)
				}
			}
			part.Sessions[i].Rounds = keep
		}
		prep, err := part.Report()
		if err != nil {
			return nil, err
		}
		for _, s := range prep.Standings {
			places[label[s.Entrant]] = append(places[label[s.Entrant]], s.Place)
		}
	}
	for _, s := range rep.Standings {
		if ps := places[label[s.Entrant]]; len(ps) == rounds && rounds > 1 {
			r.Progress = append(r.Progress, Progress{Entrant: label[s.Entrant], Places: ps})
		}
	}
	return r, nil
}

// eventFields turns standings into rankings, one per field; tied places
// are those shared by two entrants of a field.
func eventFields(rep *event.Report, label map[int]string, qualified map[int]bool) []Field {
	count := map[[2]string]int{}
	for _, s := range rep.Standings {
		count[[2]string{s.Field, strconv.Itoa(s.Place)}]++
	}
	var fs fieldSet
	for _, s := range rep.Standings {
		fs.add(s.Field, Standing{
			Place: s.Place, Tied: count[[2]string{s.Field, strconv.Itoa(s.Place)}] > 1,
			Entrant: label[s.Entrant], Score: s.Total, Boards: rep.Rounds, Qualified: qualified[s.Entrant]})
	}
	return fs.fields
}
