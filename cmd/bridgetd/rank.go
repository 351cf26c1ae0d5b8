package main

import (
	"context"
	"fmt"
	"strconv"
	"text/tabwriter"

	"github.com/bridgetd/bridgetd/event"
)

func init() {
	register(&command{
		name:    "rank",
		usage:   "EVENT [--json]",
		summary: "rank an event with the NSWBA 12 tie-breaks, fines deducted; qualifiers, replacements, play-offs",
		run:     runRank,
	})
}

func runRank(e *env, args []string) error {
	c := commands["rank"]
	fs := newFlagSet(e, c)
	asJSON := fs.Bool("json", false, "print JSON instead of a table")
	pos, err := parseArgs(fs, args, 1)
	if err != nil {
		return err
	}
	ev, rep, err := event.Desk{Events: event.NewFileStore(pos[0])}.Report(context.Background())
	if err != nil {
		return err
	}
	if *asJSON {
		return writeJSON(e.stdout, rep)
	}
	pct := ev.Scoring == event.Matchpoints
	switch rep.Rounds {
	case 0:
		fmt.Fprintf(e.stdout, "%s — no results yet: the entrants, unranked\n", ev.Name)
	case 1:
		fmt.Fprintf(e.stdout, "%s — standings after 1 round\n", ev.Name)
	default:
		fmt.Fprintf(e.stdout, "%s — standings after %d rounds\n", ev.Name, rep.Rounds)
	}
	var tw *tabwriter.Writer
	for i, r := range rep.Standings {
		if i == 0 || r.Field != rep.Standings[i-1].Field {
			if tw != nil {
				tw.Flush()
			}
			fmt.Fprintln(e.stdout)
			if name := event.FieldName(r.Field); name != "" {
				fmt.Fprintf(e.stdout, "%s (two-winner movement: each direction is ranked on its own)\n", name)
			}
			tw = tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
			head := "Place\tNo\tEntrant\tScore\t"
			if pct {
				head += "%\t"
			}
			fmt.Fprintln(tw, head+"Fines\tSeparated from the one above by\t")
		}
		fines, by, mark := "", "", ""
		if r.Fines != 0 {
			fines = fmt.Sprintf("-%g", r.Fines)
		}
		// A higher score needs no saying; only a tie-break is named.
		if r.By != "" && r.By != event.ByScore {
			by = string(r.By)
			if r.Detail != "" {
				by += ": " + r.Detail
			}
		}
		if !r.Eligible {
			mark = " (NQ)"
		}
		place, percent := "-", ""
		if r.Place > 0 {
			place = strconv.Itoa(r.Place)
		}
		if pct {
			percent = fmt.Sprintf("%.2f\t", r.Percent)
		}
		fmt.Fprintf(tw, "%s\t%d\t%s%s\t%.2f\t%s%s\t%s\t\n", place, r.Entrant, r.Name, mark, r.Total, percent, fines, by)
	}
	if tw != nil {
		tw.Flush()
	}
	if len(rep.Qualifiers) > 0 {
		fmt.Fprintf(e.stdout, "\nQualify: %s\n", labels(ev, rep.Qualifiers))
	}
	for _, r := range rep.Replacements {
		fmt.Fprintf(e.stdout, "Replacement (NSWBA 12): %s is unavailable; %s takes its place\n", entrantName(ev, r.Unavailable), entrantName(ev, r.By))
	}
	if len(rep.NoLongerQualified) > 0 {
		fmt.Fprintf(e.stdout, "Shown as qualifying in a posting but no longer (the director must tell them, NSWBA 13): %s\n", labels(ev, rep.NoLongerQualified))
	}
	for _, p := range rep.Playoffs {
		fmt.Fprintf(e.stdout, "Play-off (NSWBA 12): round %d table %d, %s v %s level: %d boards now\n", p.Round, p.Table, entrantName(ev, p.Teams[0]), entrantName(ev, p.Teams[1]), p.Boards)
	}
	for _, a := range rep.Forfeits {
		fmt.Fprintf(e.stdout, "Forfeit (NSWBA 13.9): %s\n", a)
	}
	if len(rep.Provisional) > 0 {
		fmt.Fprintf(e.stdout, "Provisional: appeals pending in rounds %v (NSWBA 14)\n", rep.Provisional)
	}
	for _, s := range rep.Standings {
		if !s.Eligible {
			fmt.Fprintln(e.stdout, "NQ: a non-qualified unit, ranked but not eligible to qualify or win prizes (NSWBA 12).")
			break
		}
	}
	if rep.Official != nil {
		fmt.Fprintf(e.stdout, "Results official at %s (NSWBA 13).\n", rep.Official.Format(clockFmt))
	}
	return nil
}
