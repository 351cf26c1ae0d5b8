package server

import (
	"cmp"
	"context"
	"fmt"
	"slices"

	"github.com/bridgetd/bridgetd/event"
	"github.com/bridgetd/bridgetd/internal/store"
	"github.com/bridgetd/bridgetd/score"
)

// Standing is an entrant's place in the ranking.
type Standing struct {
	Rank    int
	Tied    bool // level with a neighbour after every NSWBA 12 step
	Pair    int  // the entrant's number: a pair, team or player
	Label   string
	Section string
	Field   string  // NS or EW in a two-winner movement
	MP      float64 // the total: matchpoints, or VPs in a VP event
	Unit    string  // MP or VP
	Top     float64
	Percent float64
	Fines   float64 // deducted (NSWBA 7)
	Boards  int
	// By names the NSWBA 12 step that put the pair below the one above it
	// when their totals are level, and Detail gives its figures.
	By     string
	Detail string
}

// SectionRanking is the ranking of one section of an event of several.
type SectionRanking struct {
	Section   string
	Standings []Standing
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
	labels, err := s.labels(ctx, id)
	if err != nil {
		return nil, sh, err
	}
	st, err := rankFile(ev, labels)
	if err != nil {
		return nil, sh, fmt.Errorf("ranking event %d: %w", id, err)
	}
	return st, sh, nil
}

// sectionStandings ranks each section of an event of several on its own:
// package event's Report on the section's part of the event file
// (store.Section), its boards matchpointed among the section's tables.
// Nil for an event of one section.
func (s *Server) sectionStandings(ctx context.Context, id int64) ([]SectionRanking, error) {
	ev, err := s.st.EventFile(ctx, id)
	if err != nil {
		return nil, err
	}
	var secs []string
	for _, en := range ev.Entrants {
		if sec := cmp.Or(en.Section, "A"); !slices.Contains(secs, sec) {
			secs = append(secs, sec)
		}
	}
	if len(secs) < 2 {
		return nil, nil
	}
	slices.Sort(secs)
	labels, err := s.labels(ctx, id)
	if err != nil {
		return nil, err
	}
	var out []SectionRanking
	for _, sec := range secs {
		sub, err := store.Section(ev, sec)
		if err != nil {
			return nil, err
		}
		st, err := rankFile(sub, labels)
		if err != nil {
			return nil, fmt.Errorf("ranking section %s of event %d: %w", sec, id, err)
		}
		out = append(out, SectionRanking{Section: sec, Standings: st})
	}
	return out, nil
}

// rankFile turns package event's Report of ev into standings. In a
// matchpoint event a pair with no board played is not ranked yet.
func rankFile(ev *event.Event, labels map[int]string) ([]Standing, error) {
	rep, err := ev.Report()
	if err != nil {
		return nil, err
	}
	mp := ev.Scoring == event.Matchpoints
	type tally struct {
		top    float64
		boards int
	}
	tallies := map[int]tally{}
	if mp {
		for _, r := range ev.MPRecords() {
			var t tally
			for _, b := range r.Boards {
				t.top += b.Top
				t.boards++
			}
			tallies[r.Entrant] = t
		}
	}
	sections := map[int]string{}
	for _, en := range ev.Entrants {
		sections[en.ID] = cmp.Or(en.Section, "A")
	}
	unit := "VP"
	if mp {
		unit = "MP"
	} else if ev.Scoring == event.IMPs {
		unit = "IMPs"
	}
	fields := map[string]string{event.FieldNS: "NS", event.FieldEW: "EW"}
	var out []Standing
	for _, r := range rep.Standings {
		t, played := tallies[r.Entrant]
		if mp && (!played || t.boards == 0) {
			continue // a pair with no board played is not ranked yet
		}
		st := Standing{Rank: r.Place, Pair: r.Entrant, Label: labels[r.Entrant], Section: sections[r.Entrant], Field: fields[r.Field],
			MP: r.Total, Unit: unit, Top: t.top, Percent: r.Percent, Fines: r.Fines, Boards: t.boards, Detail: r.Detail}
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
	return out, nil
}

// Ranking returns the event's standings (for tests and the command).
func (s *Server) Ranking(ctx context.Context, id int64) ([]Standing, error) {
	st, _, err := s.standings(ctx, id)
	return st, err
}

// SectionRankings returns each section's standings of an event of several
// sections; nil for one section.
func (s *Server) SectionRankings(ctx context.Context, id int64) ([]SectionRanking, error) {
	return s.sectionStandings(ctx, id)
}

// MatchLine is a match's result in a VP event: its two entrants, the
// margin in IMPs of the home side (NS) and the VPs of each, as package
// event scored them (at teams from both rooms, Law 78B; in a Butler event
// from the datum).
type MatchLine struct {
	Round, Table int
	Home, Away   string
	Bye          bool
	IMPs         *float64
	VP           *[2]float64
	// Forfeit names the entrant in default when the match was declared
	// forfeited (NSWBA 13.9); empty otherwise.
	Forfeit string
}

// matchLines scores the event file (event.Score) and returns its matches,
// round by round; nil for a matchpoint event.
func (s *Server) matchLines(ctx context.Context, id int64) ([]MatchLine, error) {
	ev, err := s.st.EventFile(ctx, id)
	if err != nil || ev.Scoring == event.Matchpoints {
		return nil, err
	}
	sc, err := ev.NewScorer()
	if err != nil {
		return nil, err
	}
	if err := ev.Score(sc); err != nil {
		return nil, err
	}
	labels, err := s.labels(ctx, id)
	if err != nil {
		return nil, err
	}
	var out []MatchLine
	for _, rd := range ev.Rounds() {
		for _, m := range rd.Matches {
			l := MatchLine{Round: rd.Number, Table: m.Table, Home: labels[m.NS], Away: labels[m.EW], Bye: m.Bye(), IMPs: m.IMPs, VP: m.VP}
			if off, _ := m.Offender(); off != 0 {
				l.Forfeit = labels[off]
			}
			out = append(out, l)
		}
	}
	return out, nil
}
