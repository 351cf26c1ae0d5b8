package main

import (
	"context"
	"fmt"
	"text/tabwriter"

	"github.com/bridgetd/bridgetd/event"
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
	first := fs.String("first", "random", "first round: random (from the event's seed) or rating")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 2 || pos[0] != "draw" {
		fs.Usage()
		return errUsage
	}
	path := pos[1]
	o := event.DrawOptions{Session: *session}
	if o.At, err = parseTimeOrNow(*atS, "--at"); err != nil {
		return err
	}
	switch *first {
	case "random":
		o.First = swiss.Random
	case "rating":
		o.First = swiss.ByRating
	default:
		return fmt.Errorf("--first %q: want random or rating", *first)
	}
	ev, d, err := event.Desk{Events: event.NewFileStore(path)}.DrawSwiss(context.Background(), o)
	if err != nil {
		return err
	}
	if len(d.Forfeits) > 0 {
		note := "as re-adjusted"
		if d.Reviewed {
			note = "re-adjusted now"
		}
		fmt.Fprintf(e.stdout, "Forfeit scores for the draw (NSWBA 13.9, %s after round %d):\n", note, d.Forfeits[0].After)
		for _, a := range d.Forfeits {
			fmt.Fprintf(e.stdout, "  %s\n", a)
		}
	}
	r := d.Round
	fmt.Fprintf(e.stdout, "Round %d (session %d), boards %v, drawn %s\n", r.Number, d.Session, r.Boards, d.Label)
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
	return nil
}
