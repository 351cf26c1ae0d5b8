package server

import (
	"context"
	"fmt"

	"github.com/bridgetd/bridgetd/event"
	"github.com/bridgetd/bridgetd/score"
)

// Standing is a pair's place in the ranking.
type Standing struct {
	Rank    int
	Tied    bool // level with a neighbour after every NSWBA 12 step
	Pair    int
	Label   string
	Field   string // NS or EW in a two-winner movement
	MP      float64
	Top     float64
	Percent float64
	Fines   float64 // matchpoints deducted (NSWBA 7)
	Boards  int
	// By names the NSWBA 12 step that put the pair below the one above it
	// when their totals are level, and Detail gives its figures.
	By     string
	Detail string
}

// MPOptions are the matchpoint options of the server's per-board pages:
// Law 78A, with boards of fewer results factored up by Neuberg's formula.
var MPOptions = score.Options{Method: score.MatchpointScoring, MP: score.MPOptions{Neuberg: true}}

// rankEvent ranks the event as bridgetd rank does: the store builds the
// event file (package event) and its Report ranks the pairs, fines deducted
// through the offence rules (NSWBA 7) and ties broken by the NSWBA 12
// steps, each field of a two-winner movement on its own. The score sheet
// from the travellers is returned beside it for the per-board pages.
func (s *Server) rankEvent(ctx context.Context, id int64) ([]Standing, *score.Sheet, error) {
	trav, err := s.st.Travellers(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	sh, err := score.Event(trav, MPOptions)
	if err != nil {
		s.log.Warn("scoring", "event", id, "err", err)
	}
	ev, err := s.st.EventFile(ctx, id)
	if err != nil {
		return nil, sh, err
	}
	rep, err := ev.Report()
	if err != nil {
		return nil, sh, fmt.Errorf("ranking event %d: %w", id, err)
	}
	ens, err := s.st.Entrants(ctx, id)
	if err != nil {
		return nil, sh, err
	}
	labels := map[int]string{}
	for _, e := range ens {
		labels[e.Number] = pairLabel(e)
	}
	type tally struct {
		top    float64
		boards int
	}
	tallies := map[int]tally{}
	for _, r := range ev.MPRecords() {
		var t tally
		for _, b := range r.Boards {
			t.top += b.Top
			t.boards++
		}
		tallies[r.Entrant] = t
	}
	fields := map[string]string{event.FieldNS: "NS", event.FieldEW: "EW"}
	var out []Standing
	for _, r := range rep.Standings {
		t, played := tallies[r.Entrant]
		if !played || t.boards == 0 {
			continue // a pair with no board played is not ranked yet
		}
		st := Standing{Rank: r.Place, Pair: r.Entrant, Label: labels[r.Entrant], Field: fields[r.Field],
			MP: r.Total, Top: t.top, Percent: r.Percent, Fines: r.Fines, Boards: t.boards, Detail: r.Detail}
		if r.By != event.ByScore {
			st.By = string(r.By)
		}
		out = append(out, st)
	}
	for i := 1; i < len(out); i++ {
		if out[i].Rank > 0 && out[i].Rank == out[i-1].Rank && out[i].Field == out[i-1].Field {
			out[i].Tied, out[i-1].Tied = true, true
		}
	}
	return out, sh, nil
}

// Ranking returns the event's standings (for tests and the command).
func (s *Server) Ranking(ctx context.Context, id int64) ([]Standing, error) {
	st, _, err := s.standings(ctx, id)
	return st, err
}
