package server

import (
	"cmp"
	"context"
	"math"
	"slices"

	"github.com/bridgetd/bridgetd/internal/store"
	"github.com/bridgetd/bridgetd/score"
)

// Standing is a pair's place in the ranking.
type Standing struct {
	Rank    int
	Tied    bool
	Pair    int
	Label   string
	Field   string // NS or EW in a two-winner movement
	MP      float64
	Top     float64
	Percent float64
	Fines   float64 // matchpoints deducted (NSWBA 7)
	Boards  int
}

// MPOptions are the matchpoint options of the server's ranking: Law 78A,
// with boards of fewer results factored up by Neuberg's formula.
var MPOptions = score.Options{Method: score.MatchpointScoring, MP: score.MPOptions{Neuberg: true}}

// standings scores the event with package score from its travellers and
// ranks the pairs by percentage after fines, each field of a two-winner
// movement on its own.
func (s *Server) standings(ctx context.Context, id int64) ([]Standing, *score.Sheet, error) {
	ev, err := s.st.Event(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	trav, err := s.st.Travellers(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	sh, err := score.Event(trav, MPOptions)
	if err != nil {
		s.log.Warn("scoring", "event", id, "err", err)
	}
	ens, err := s.st.Entrants(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	as, err := s.st.Assignments(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	fines, err := s.st.Fines(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	field := map[int]string{}
	if ev.TwoWinner {
		for _, a := range as {
			ns, ew := a.CardPairs()
			field[ns], field[ew] = "NS", "EW"
		}
	}
	labels := map[int]string{}
	for _, e := range ens {
		labels[e.Number] = pairLabel(e)
	}
	fined := map[int]float64{}
	for _, f := range fines {
		fined[f.Entrant] += f.Amount
	}
	var out []Standing
	for _, t := range sh.Totals {
		st := Standing{Pair: t.Pair, Label: labels[t.Pair], Field: field[t.Pair], MP: t.Score, Top: t.Top, Percent: t.Percent, Boards: t.Boards}
		if pct := fined[t.Pair]; pct > 0 && t.Boards > 0 {
			st.Fines = pct / 100 * t.Top / float64(t.Boards)
			st.MP -= st.Fines
			st.Percent = 100 * st.MP / t.Top
		}
		out = append(out, st)
	}
	slices.SortStableFunc(out, func(a, b Standing) int {
		if c := cmp.Compare(a.Field, b.Field); c != 0 {
			return c
		}
		if c := cmp.Compare(b.Percent, a.Percent); c != 0 {
			return c
		}
		return cmp.Compare(a.Pair, b.Pair)
	})
	for i := range out {
		switch {
		case i > 0 && out[i].Field == out[i-1].Field && math.Abs(out[i].Percent-out[i-1].Percent) < 1e-9:
			out[i].Rank, out[i].Tied, out[i-1].Tied = out[i-1].Rank, true, true
		case i > 0 && out[i].Field == out[i-1].Field:
			out[i].Rank = out[i-1].Rank + countSame(out[:i], out[i-1])
		default:
			out[i].Rank = 1
		}
	}
	return out, sh, nil
}

// countSame counts the standings tied with last at its rank.
func countSame(before []Standing, last Standing) int {
	n := 0
	for _, x := range before {
		if x.Field == last.Field && x.Rank == last.Rank {
			n++
		}
	}
	return n
}

// Ranking returns the event's standings (for tests and the command).
func (s *Server) Ranking(ctx context.Context, id int64) ([]Standing, error) {
	st, _, err := s.standings(ctx, id)
	return st, err
}

var _ = store.Confirmed
