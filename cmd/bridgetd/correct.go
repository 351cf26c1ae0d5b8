package main

import (
	"context"
	"fmt"

	"github.com/bridgetd/bridgetd/event"
)

func init() {
	register(&command{
		name:    "correct",
		usage:   "EVENT --round R --table T [RESULT] [--room open|closed] [--imps N] [--appeal pending|decided] --by NAME --why TEXT [--source player|scorer] [--at TIME] [--override DIRECTOR]",
		summary: "correct a result within the NSWBA 13 time limits (a late one needs --override), recording who, when and why",
		run:     runCorrect,
	})
}

func runCorrect(e *env, args []string) error {
	c := commands["correct"]
	fs := newFlagSet(e, c)
	var cr event.Correction
	fs.IntVar(&cr.Round, "round", 0, "round")
	fs.IntVar(&cr.Table, "table", 0, "table")
	fs.IntVar(&cr.Board, "board", 0, "board (with --appeal alone)")
	fs.StringVar(&cr.Room, "room", event.RoomOpen, "teams: the room of the result, open (home team NS) or closed (home team EW)")
	imps := fs.String("imps", "", "corrected NS net IMPs for the whole match")
	fs.StringVar(&cr.Appeal, "appeal", "", "mark the result's appeal pending, or decided (NSWBA 14)")
	fs.StringVar(&cr.By, "by", "", "who asked for or made the correction")
	fs.StringVar(&cr.Why, "why", "", "why")
	src := fs.String("source", "player", "whose error: player or scorer (NSWBA 13), or appeal for a score changed on appeal (NSWBA 14)")
	atS := fs.String("at", "", "time of the correction (default now)")
	fs.StringVar(&cr.Override, "override", "", "director allowing a correction after its time limit")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) < 1 || len(pos) > 2 {
		fs.Usage()
		return errUsage
	}
	cr.Source = event.Source(*src)
	if cr.At, err = parseTimeOrNow(*atS, "--at"); err != nil {
		return err
	}
	if len(pos) == 2 {
		r, err := event.ParseResult(pos[1])
		if err != nil {
			return err
		}
		cr.New = &r
	}
	if *imps != "" {
		v, err := parseIMPs(*imps)
		if err != nil {
			return err
		}
		cr.NewIMPs = &v
	}
	ev, got, err := event.Desk{Events: event.NewFileStore(pos[0])}.Correct(context.Background(), cr)
	if err != nil {
		return err
	}
	what := ""
	switch {
	case got.NewIMPs != nil:
		what = fmt.Sprintf("match margin %+g IMPs", *got.NewIMPs)
		if got.OldIMPs != nil {
			what = fmt.Sprintf("match margin %+g → %+g IMPs", *got.OldIMPs, *got.NewIMPs)
		}
	case got.Old != nil && got.Old.String() != got.New.String():
		what = fmt.Sprintf("%s → %s", got.Old, got.New)
	default:
		what = got.New.String()
	}
	room := ""
	if got.Room == event.RoomClosed {
		room = ", closed room"
	}
	fmt.Fprintf(e.stdout, "round %d table %d%s: %s (by %s at %s: %s)\n", got.Round, got.Table, room, what, got.By, got.At.Format(clockFmt), got.Why)
	if got.Appeal != "" {
		fmt.Fprintf(e.stdout, "appeal %s (NSWBA 14)\n", got.Appeal)
	}
	if got.Deadline != nil {
		fmt.Fprintf(e.stdout, "time limit %s (%s)\n", got.Deadline.Format(clockFmt), got.Window)
	}
	if got.Override != "" {
		fmt.Fprintf(e.stdout, "late correction allowed by %s\n", got.Override)
	}
	if len(got.LostPlaces) > 0 {
		fmt.Fprintf(e.stdout, "lost a qualifying place through this correction (tell them, NSWBA 13): %s\n", labels(ev, got.LostPlaces))
	}
	return nil
}
