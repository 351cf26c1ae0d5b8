package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/bridgetd/bridgetd/ddtag"
	"github.com/bridgetd/bridgetd/publish"
	"github.com/bridgetd/bridgetd/textfile"
)

func init() {
	register(&command{
		name:    "handrecord",
		usage:   "FILE.pbn [-o FILE.html|FILE.pdf] [--per-page N] [--title TEXT] [--date DATE] [--analysis=false] [-j N]",
		summary: "write printable hand records (diagrams, HCP, makeable contracts, par, the double-dummy analysis of each play record) as HTML or PDF for A4",
		run:     runHandRecord,
	})
}

func runHandRecord(e *env, args []string) error {
	c := commands["handrecord"]
	fs := newFlagSet(e, c)
	out := fs.String("o", "", "write to this file instead of standard output: a PDF when its name ends in .pdf, else HTML")
	perPage := fs.Int("per-page", publish.DefaultPerPage, fmt.Sprintf("boards on each A4 page (1-%d); 1 prints a full-size diagram", publish.MaxPerPage))
	title := fs.String("title", "", "heading of each page (default: the Event tag)")
	date := fs.String("date", "", "date printed on each page (default: the Date tag)")
	workers := fs.Int("j", 0, "number of deals solved at once (default: one per CPU)")
	analysis := fs.Bool("analysis", true, "after the boards, each play record with its double-dummy analysis (the tricks at stake after every card, the cards that cost a trick); --analysis=false leaves it out")
	pos, err := parseArgs(fs, args, 1)
	if err != nil {
		return err
	}
	if *perPage < 1 || *perPage > publish.MaxPerPage || *workers < 0 {
		fmt.Fprintf(e.stderr, "bridgetd handrecord: --per-page must be 1-%d and -j 0 or more\n", publish.MaxPerPage)
		return errUsage
	}
	if *out != "" {
		if err := textfile.Same(*out, pos[0]); err != nil {
			return err
		}
	}
	f, err := readPBN(e, pos[0])
	if err != nil {
		return err
	}
	solved, err := ddtag.Solve(context.Background(), f.Games, solveOptions(e, "handrecord", f.Name, *workers, true))
	if err != nil {
		return err
	}
	if len(solved) == 0 {
		return fmt.Errorf("%s: no game with a complete deal", f.Name)
	}
	boards := publish.Boards(solved)
	if *analysis {
		played, err := ddtag.Analyse(context.Background(), f.Games, solveOptions(e, "handrecord", f.Name, *workers, false))
		if err != nil {
			return err
		}
		publish.AttachPlays(boards, played)
	}
	if len(f.Games) > 0 {
		if *title == "" {
			*title = f.Games[0].Tag("Event")
		}
		if *date == "" {
			*date = f.Games[0].Tag("Date")
		}
	}
	o := publish.HandRecordOptions{Title: *title, Date: *date, PerPage: *perPage}
	return writeOutput(e, *out, func(w io.Writer) error {
		if strings.HasSuffix(strings.ToLower(*out), ".pdf") {
			return publish.HandRecordsPDF(w, boards, o)
		}
		return publish.HandRecords(w, boards, o)
	})
}

// writeOutput runs write on standard output, or on the file out, which
// replaces the old file only when everything was written.
func writeOutput(e *env, out string, write func(io.Writer) error) error {
	if out == "" {
		return write(e.stdout)
	}
	fh, err := textfile.Create(out)
	if err != nil {
		return err
	}
	if err := write(fh); err != nil {
		fh.Abort()
		return err
	}
	if err := fh.Commit(); err != nil {
		return errors.Join(fmt.Errorf("writing %s", out), err)
	}
	return nil
}
