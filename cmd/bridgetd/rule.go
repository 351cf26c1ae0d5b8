package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/bridgetd/bridgetd/event"
	"github.com/bridgetd/bridgetd/laws"
	"github.com/bridgetd/bridgetd/textfile"
)

func init() {
	register(&command{
		name:    "rule",
		usage:   "[--edition 1997|2017] [--event EVENT --round R --table T [flags]] [FILE|-]",
		summary: "rule on the irregularities in a table log (laws/FORMAT.md), print the rulings as JSON and, with --event, enter the board in the event",
		run:     runRule,
	})
}

func runRule(e *env, args []string) error {
	c := commands["rule"]
	fs := newFlagSet(e, c)
	edition := fs.String("edition", "", "code of laws: 1997 or 2017 (default: the log's, else 2017)")
	var br event.BoardRuling
	evFile := fs.String("event", "", "event file: enter the ruled board there (result, fouled form, Law 90 fines)")
	fs.IntVar(&br.Round, "round", 0, "round the board was played in (with --event)")
	fs.IntVar(&br.Table, "table", 0, "table (with --event)")
	room := fs.String("room", "open", "room of a teams match: open or closed (with --event)")
	fs.IntVar(&br.Form, "form", 0, "the fouled form the table played, overriding the number given from the deal played (Law 87B)")
	atS := fs.String("at", "", "time the procedural penalties were given (with --event; default now)")
	reg := fs.String("register", "", "offences register file kept across events (with --event)")
	fs.StringVar(&br.Director, "director", "", "director (with --event)")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 1 {
		fs.Usage()
		return errUsage
	}
	var ed laws.Edition
	if *edition != "" {
		if ed, err = laws.ParseEdition(*edition); err != nil {
			fmt.Fprintln(e.stderr, err)
			fs.Usage()
			return errUsage
		}
	}
	var in io.Reader = e.stdin
	name := "standard input"
	if len(pos) == 1 && pos[0] != "-" {
		name = pos[0]
		f, err := os.Open(name)
		if err != nil {
			return err
		}
		defer f.Close()
		in = f
	}
	// textfile: a BOM is dropped, a UTF-16 or binary file named.
	if in, err = textfile.NewReader(in, name); err != nil {
		return err
	}
	res, err := laws.Rule(in, ed)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	if err := writeJSON(e.stdout, res); err != nil || *evFile == "" {
		return err
	}
	// --event: the board goes into the event (event.Desk.ApplyRuling)
	if *room != "open" && *room != "closed" {
		return fmt.Errorf("--room %q: want open or closed", *room)
	}
	br.Closed, br.Ruling, br.At = *room == "closed", &res, time.Now()
	if *atS != "" {
		if br.At, err = parseTimeOrNow(*atS, "--at"); err != nil {
			return err
		}
	}
	desk := event.Desk{Events: event.NewFileStore(*evFile)}
	if *reg != "" {
		desk.Register = event.NewFileRegister(*reg)
	}
	m, fines, err := desk.ApplyRuling(context.Background(), br)
	if m != nil {
		for _, r := range m.Results {
			if r.Board == res.Board {
				fmt.Fprintf(e.stderr, "%s: round %d table %d: %s\n", *evFile, br.Round, br.Table, r)
			}
		}
	}
	for _, o := range fines {
		fmt.Fprintf(e.stderr, "%s: %s\n", *evFile, o)
	}
	return err
}
