package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/bridgetd/bridgetd/publish"
	"github.com/bridgetd/bridgetd/textfile"
	"github.com/bridgetd/bridgetd/usebio"
)

func init() {
	register(&command{
		name:    "usebio",
		usage:   "export [--club NAME] [--version 1.2|1.3] [-o FILE.xml] FILE.pbn|EVENT.json | check [--dtd FILE.dtd] FILE.xml",
		summary: "write a scored event (a PBN file, or an event file with its matches) as USEBIO 1.2 (or 1.3) XML, or re-score a USEBIO file and list where its figures differ, the pairs' totals, percentages and places too, marking those a program's way of totalling explains (and, with --dtd, where it breaks the DTD); it fails on a difference not explained",
		run:     runUsebio,
	})
}

func runUsebio(e *env, args []string) error {
	c := commands["usebio"]
	fs := newFlagSet(e, c)
	out := fs.String("o", "", "export: write to this file instead of standard output")
	club := fs.String("club", "", "export: the club's name")
	version := fs.String("version", usebio.Version, "export: the USEBIO version written, 1.2 or 1.3 (1.3's EVENT_ID, EVENT_RATING, ISO dates, EVENT_TYPE PAIRS)")
	dtdFile := fs.String("dtd", "", "check: also validate the file against this DTD (read from the file, never fetched)")
	pos, err := parseArgs(fs, args, 2)
	if err != nil {
		return err
	}
	switch pos[0] {
	case "export":
		if *version != usebio.Version && *version != usebio.Version13 {
			return fmt.Errorf("--version %q: want %s or %s", *version, usebio.Version, usebio.Version13)
		}
		if *out != "" {
			if err := textfile.Same(*out, pos[1]); err != nil {
				return err
			}
		}
		var r *publish.Results
		if strings.HasSuffix(strings.ToLower(pos[1]), ".json") {
			r, err = publishedEvent(pos[1])
		} else {
			r, err = publishPBN(e, "usebio", pos[1], "", 0, false, false) // USEBIO carries no deals
		}
		if err != nil {
			return err
		}
		u := usebio.FromResults(r, usebio.Club{Name: *club})
		if *version == usebio.Version13 {
			u.To13()
		}
		return writeOutput(e, *out, func(w io.Writer) error { return usebio.Encode(w, u) })
	case "check":
		data, err := os.ReadFile(pos[1])
		if err != nil {
			return err
		}
		invalid := 0
		if *dtdFile != "" {
			df, err := os.Open(*dtdFile)
			if err != nil {
				return err
			}
			d, err := usebio.ParseDTD(df, *dtdFile)
			df.Close()
			if err != nil {
				return err
			}
			bad, err := d.Validate(data, "USEBIO")
			if err != nil {
				return fmt.Errorf("%s: %w", pos[1], err)
			}
			for _, b := range bad {
				fmt.Fprintf(e.stdout, "%s: %v (%s)\n", pos[1], b, *dtdFile)
			}
			invalid = len(bad)
		}
		u, err := usebio.Decode(bytes.NewReader(data), pos[1])
		if err != nil {
			return err
		}
		diffs, errs := usebio.Check(u)
		for _, err := range errs {
			fmt.Fprintf(e.stderr, "%s: %v\n", pos[1], err)
		}
		explained := 0
		for _, d := range diffs {
			fmt.Fprintf(e.stdout, "%s: %v\n", pos[1], d)
			if d.Explained != "" {
				explained++
			}
		}
		if explained > 0 {
			fmt.Fprintf(e.stdout, "%d differences, %d of them explained\n", len(diffs), explained)
		} else {
			fmt.Fprintf(e.stdout, "%d differences\n", len(diffs))
		}
		if len(diffs) > explained || len(errs) > 0 || invalid > 0 {
			return exitError{1}
		}
		return nil
	}
	fmt.Fprintf(e.stderr, "bridgetd usebio: %q: want export or check\n", pos[0])
	return errUsage
}
