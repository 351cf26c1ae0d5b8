package event

import (
	"fmt"
	"time"

	"github.com/bridgetd/bridgetd/regulation"
	"github.com/bridgetd/bridgetd/swiss"
	"github.com/bridgetd/bridgetd/systemcard"
)

// DrawOptions are the choices of a Swiss draw.
type DrawOptions struct {
	// Session is the session the round belongs to; 0 for the last.
	Session int
	// At is when the draw is made (the round's Drawn time).
	At time.Time
	// First orders the field of the first round: swiss.ByRating, else at
	// random from the event's seed. Later rounds go by standing.
	First swiss.First
}

// Drawn is what a Swiss draw did: the round added, the standings it was
// drawn from and the forfeit scores that stood for it.
type Drawn struct {
	Round   *Round
	Session int
	// Label names the standings drawn from: "start" or "after round N".
	Label string
	// Forfeits are the re-adjusted forfeit scores that stood for the draw
	// (NSWBA 13.9); Reviewed is true when they were re-adjusted for this
	// draw, false when they stand as re-adjusted before an earlier one.
	Forfeits []ForfeitAdjustment
	Reviewed bool
	// Rematches counts the matches between entrants that had met already.
	Rematches int
}

// DrawSwiss scores the event and draws its next Swiss round into it
// (NSWBA 14: only once every match so far is scored): the field ranked by
// total VP (fines deducted, forfeit scores as re-adjusted for the draw
// under NSWBA 13.9), rematches avoided where possible, an odd field's bye
// played as half matches when the profile asks for them (NSWBA 13.7).
func (ev *Event) DrawSwiss(o DrawOptions) (*Drawn, error) {
	if !ev.Kind.Swiss() {
		return nil, fmt.Errorf("%q is a %s event, not Swiss: %w", ev.Name, ev.Kind, ErrInvalid)
	}
	sc, err := ev.NewScorer()
	if err != nil {
		return nil, err
	}
	if err := ev.Score(sc); err != nil {
		return nil, err
	}
	// NSWBA 14: the draw is made once every match so far is scored.
	for _, r := range ev.Rounds() {
		for _, m := range r.Matches {
			if m.VP == nil {
				return nil, fmt.Errorf("round %d table %d is not scored yet: %w", r.Number, m.Table, ErrNotScored)
			}
		}
	}
	if len(ev.Sessions) == 0 {
		return nil, fmt.Errorf("%q has no session to draw for: add one (%w)", ev.Name, ErrNoSession)
	}
	if o.Session == 0 {
		o.Session = ev.Sessions[len(ev.Sessions)-1].Number
	}
	recs := map[int]Record{}
	for _, r := range ev.Records(sc) {
		recs[r.Entrant] = r
	}
	var field []swiss.Entrant
	for _, s := range ev.Standings(sc) {
		en := swiss.Entrant{ID: s.Entrant, Score: s.Total, Rating: ev.seedRating(s.Entrant)}
		for _, m := range recs[s.Entrant].Matches {
			if m.Opponent == 0 || m.SatOut {
				en.Byes++ // a bye, or the half matches in its place (NSWBA 13.7)
			}
			if m.Opponent != 0 {
				en.Opponents = append(en.Opponents, m.Opponent)
			}
		}
		field = append(field, en)
	}
	out := &Drawn{Session: o.Session, Label: "start"}
	opt := swiss.Options{Seed: uint64(ev.Seed)}
	// NSWBA 13.9: forfeit scores as re-adjusted after 50% and 75% of the
	// rounds stand for the draw; the offender keeps 0.
	played := len(ev.Rounds())
	if adj := ev.DrawAdjustments(played); len(adj) > 0 {
		out.Forfeits = adj
		out.Reviewed = adj[0].After == played
		opt.Adjust = func(st swiss.Standings) (swiss.Standings, error) {
			for _, a := range adj {
				for i := range st.Entrants {
					if st.Entrants[i].ID == a.Entrant {
						st.Entrants[i].Score += a.VP - a.Award
					}
				}
			}
			return st, nil
		}
	}
	if played == 0 {
		opt.First = swiss.Random
		if o.First == swiss.ByRating {
			opt.First = swiss.ByRating
		}
	} else {
		out.Label = fmt.Sprintf("after round %d", ev.Rounds()[played-1].Number)
	}
	d, err := swiss.Pair(swiss.Freeze(out.Label, field), opt)
	if err != nil {
		return nil, err
	}
	var pairs []Pairing
	for _, m := range d.Matches {
		pairs = append(pairs, Pairing{NS: m.Home, EW: m.Away})
	}
	if d.Bye != 0 {
		pairs = append(pairs, Pairing{NS: d.Bye})
	}
	r, err := ev.AddRound(o.Session, pairs, nil, o.At)
	if err != nil {
		return nil, err
	}
	if d.Bye != 0 && ev.Kind == SwissPairs && ev.Profile().OddField == regulation.OddHalfMatches {
		if err := ev.SplitBye(r.Number); err != nil {
			return nil, err
		}
		_, r, _ = ev.Round(r.Number)
	}
	out.Round, out.Rematches = r, d.Rematches
	return out, nil
}

// seedRating is an entrant's figure for a first round drawn by rating
// (swiss.ByRating): the sum of its players' ABF masterpoint ranks, a rank
// not on the ABF list counting as none; equal figures are seeded in entry
// order by package swiss.
func (ev *Event) seedRating(id int) float64 {
	en, err := ev.Entrant(id)
	if err != nil {
		return 0
	}
	var sum float64
	for _, p := range en.Players {
		if r, err := systemcard.ParseRank(p.Rank); err == nil {
			sum += float64(r)
		}
	}
	return sum
}
