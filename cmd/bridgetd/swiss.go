package main

import (
	"fmt"
	"text/tabwriter"

	"github.com/bridgetd/bridgetd/event"
	"github.com/bridgetd/bridgetd/regulation"
	"github.com/bridgetd/bridgetd/swiss"
)

func init() {
	register(&command{
		name:    "swiss",
		usage:   "draw EVENT [--session S] [--at TIME] [--first random|rating]",
		summary: "draw the next round of a Swiss event from the scored standings (NSWBA 14) into the event file",
		run:     runSwiss,
	})
}

func runSwiss(e *env, args []string) error {
	c := commands["swiss"]
	fs := newFlagSet(e, c)
	session := fs.Int("session", 0, "session the round belongs to (default: the last session)")
	atS := fs.String("at", "", "time of the draw (default now)")
	first := fs.String("first", "random", "first round: random (from the event's seed) or rating (seeded by the players' ABF masterpoint ranks, then entry order: 1 v n/2+1)")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 2 || pos[0] != "draw" {
		fs.Usage()
		return errUsage
	}
	path := pos[1]
	when, err := parseTimeOrNow(*atS, "--at")
	if err != nil {
		return err
	}
	ev, sc, err := loadScored(path)
	if err != nil {
		return err
	}
	if !ev.Kind.Swiss() {
		return fmt.Errorf("%s is a %s event, not Swiss", path, ev.Kind)
	}
	// NSWBA 14: the draw is made once every match so far is scored.
	for _, r := range ev.Rounds() {
		for _, m := range r.Matches {
			if m.VP == nil {
				return fmt.Errorf("round %d table %d is not scored yet: %w", r.Number, m.Table, event.ErrNotScored)
			}
		}
	}
	if len(ev.Sessions) == 0 {
		return fmt.Errorf("%s has no session: add one with \"bridgetd event session\"", path)
	}
	if *session == 0 {
		*session = ev.Sessions[len(ev.Sessions)-1].Number
	}
	recs := map[int]event.Record{}
	for _, r := range ev.Records(sc) {
		recs[r.Entrant] = r
	}
	var field []swiss.Entrant
	for _, s := range ev.Standings(sc) {
		r := recs[s.Entrant]
		en := swiss.Entrant{ID: s.Entrant, Score: s.Total, Rating: seedRating(ev, s.Entrant)}
		for _, m := range r.Matches {
			if m.Opponent == 0 || m.SatOut {
				en.Byes++ // a bye, or the half matches in its place (NSWBA 13.7)
			}
			if m.Opponent != 0 {
				en.Opponents = append(en.Opponents, m.Opponent)
			}
		}
		field = append(field, en)
	}
	opt := swiss.Options{Seed: uint64(ev.Seed)}
	// NSWBA 13.9: forfeit scores as re-adjusted after 50% and 75% of the
	// rounds stand for the draw; the offender keeps 0.
	played := len(ev.Rounds())
	adj := ev.DrawAdjustments(played)
	if len(adj) > 0 {
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
		note := "as re-adjusted"
		if ev.PlannedRounds > 0 && swiss.ForfeitDue(played, ev.PlannedRounds) {
			note = "re-adjusted now"
		}
		fmt.Fprintf(e.stdout, "Forfeit scores for the draw (NSWBA 13.9, %s after round %d):\n", note, adj[0].After)
		for _, a := range adj {
			fmt.Fprintf(e.stdout, "  %s\n", a)
		}
	}
	label := "start"
	if len(ev.Rounds()) == 0 {
		switch *first {
		case "random":
			opt.First = swiss.Random
		case "rating":
			opt.First = swiss.ByRating
		default:
			return fmt.Errorf("--first %q: want random or rating", *first)
		}
	} else {
		label = fmt.Sprintf("after round %d", ev.Rounds()[len(ev.Rounds())-1].Number)
	}
	d, err := swiss.Pair(swiss.Freeze(label, field), opt)
	if err != nil {
		return err
	}
	var pairs []event.Pairing
	for _, m := range d.Matches {
		pairs = append(pairs, event.Pairing{NS: m.Home, EW: m.Away})
	}
	if d.Bye != 0 {
		pairs = append(pairs, event.Pairing{NS: d.Bye})
	}
	r, err := ev.AddRound(*session, pairs, nil, when)
	if err != nil {
		return err
	}
	if d.Bye != 0 && ev.Kind == event.SwissPairs && ev.Profile().OddField == regulation.OddHalfMatches {
		if err := ev.SplitBye(r.Number); err != nil {
			return err
		}
	}
	fmt.Fprintf(e.stdout, "Round %d (session %d), boards %v, drawn %s\n", r.Number, *session, r.Boards, label)
	tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
	for _, m := range r.Matches {
		if m.Bye() {
			fmt.Fprintf(tw, "  bye\t%s\t\n", entrantName(ev, m.NS))
			continue
		}
		if m.Half != 0 {
			fmt.Fprintf(tw, "  table %d\t%s\tv %s\thalf match %d, boards %v (NSWBA 13.7)\n", m.Table, entrantName(ev, m.NS), entrantName(ev, m.EW), m.Half, m.Boards)
			continue
		}
		fmt.Fprintf(tw, "  table %d\t%s\tv %s\n", m.Table, entrantName(ev, m.NS), entrantName(ev, m.EW))
	}
	tw.Flush()
	if d.Rematches > 0 {
		fmt.Fprintf(e.stdout, "%d rematch(es) could not be avoided\n", d.Rematches)
	}
	return ev.Save(path)
}

// seedRating is an entrant's figure for a first round drawn by rating: the
// sum of its players' ABF masterpoint ranks (a rank not on the ABF list
// counts as none); equal figures are seeded in entry order.
func seedRating(ev *event.Event, id int) float64 {
	en, err := ev.Entrant(id)
	if err != nil {
		return 0
	}
	var sum float64
	for _, p := range en.Players {
		if r, err := p.ABFRank(); err == nil {
			sum += float64(r)
		}
	}
	return sum
}
