package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/bridgetd/bridgetd/score"
	"github.com/bridgetd/bridgetd/scoresheet"
)

func init() {
	register(&command{
		name:    "score",
		usage:   "[--method mp|butler|cross-imp|teams|total] [--trim N] [--datum mean|median] [--round away|even|up] [--neuberg] [--field auto|board|N] [--traveller factored|raw] [--pro-rate] [--fields auto|one|two] [--json] [-o OUT] FILE.pbn",
		summary: "score an event from PBN (matchpoints, Butler, cross-IMPs, teams, total points) and write its score tables",
		run:     runScore,
	})
}

func runScore(e *env, args []string) error {
	c := commands["score"]
	fs := newFlagSet(e, c)
	method := fs.String("method", "", strings.Join(scoresheet.Methods, ", ")+" (default: from the file's Scoring tag, else mp)")
	trim := fs.Int("trim", 0, "Butler: scores dropped at each end before the datum (default: from Scoring, e.g. Butler-2 = 1)")
	datum := fs.String("datum", "mean", "Butler: mean or median")
	round := fs.String("round", "away", "Butler: how a datum ending in 5 is rounded to 10: away (from zero), even or up")
	neuberg := fs.Bool("neuberg", true, "matchpoints: factor a board with fewer or more results than the field (Neuberg); --neuberg=false scores each board on its own top")
	field := fs.String("field", "auto", "matchpoints: the results every board is factored to: auto (the most results on any board, as clubs' programs do), board (each board its own) or a number")
	traveller := fs.String("traveller", "factored", "matchpoints: the points shown on each board: factored (as totalled) or raw (on the board's own top)")
	proRate := fs.Bool("pro-rate", true, "a pair with fewer boards than its field gets a total scaled to the full number (its percentage unchanged); --pro-rate=false totals what it played")
	fields := fs.String("fields", "auto", "rank one field, or two (North-South and East-West apart, as a Mitchell without arrow switch); auto: two when no pair sat both ways")
	asJSON := fs.Bool("json", false, "write JSON instead of PBN")
	outPath := fs.String("o", "", "write to this file instead of standard output (written whole or not at all)")
	pos, err := parseArgs(fs, args, 1)
	if err != nil {
		return err
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	o := scoresheet.Options{Neuberg: *neuberg, Rows: *asJSON, ProRate: *proRate, Raw: *traveller == "raw"}
	usage := func(format string, args ...any) error {
		fmt.Fprintf(e.stderr, "bridgetd score: "+format+"\n", args...)
		return errUsage
	}
	if set["method"] {
		if !strings.Contains(" "+strings.Join(scoresheet.Methods, " ")+" ", " "+*method+" ") {
			return usage("--method %q: want %s", *method, strings.Join(scoresheet.Methods, ", "))
		}
		o.Method = *method
	}
	if set["trim"] {
		if *trim < 0 || *trim > score.MaxTrim {
			return usage("--trim %d: want 0 to %d scores dropped at each end", *trim, score.MaxTrim)
		}
		o.Trim = trim
	}
	switch *datum {
	case "mean", "median":
		if set["datum"] {
			k := score.Mean
			if *datum == "median" {
				k = score.Median
			}
			o.Datum = &k
		}
	default:
		return usage("--datum %q: want mean or median", *datum)
	}
	switch *field {
	case "auto":
	case "board":
		o.Field = scoresheet.FieldOwn
	default:
		n, err := strconv.Atoi(*field)
		if err != nil || n < 1 || n > 10000 {
			return usage("--field %q: want auto, board or a number of results 1-10000", *field)
		}
		o.Field = n
	}
	if *traveller != "factored" && *traveller != "raw" {
		return usage("--traveller %q: want factored or raw", *traveller)
	}
	switch *fields {
	case "auto":
	case "one":
		o.Fields = scoresheet.OneField
	case "two":
		o.Fields = scoresheet.TwoFields
	default:
		return usage("--fields %q: want auto, one or two", *fields)
	}
	switch *round {
	case "away":
		o.Round = score.RoundAway
	case "even":
		o.Round = score.RoundEven
	case "up":
		o.Round = score.RoundUp
	default:
		return usage("--round %q: want away, even or up", *round)
	}

	src, name, done, err := openSeekable(e, pos[0])
	if err != nil {
		return err
	}
	defer done()
	out, err := openOutput(e, *outPath, pos[0])
	if err != nil {
		return err
	}
	defer out.Abort()
	var w io.Writer = out
	if *asJSON {
		w = nil
	}
	rep, err := scoresheet.Score(src, name, o, w)
	if err != nil {
		return err
	}
	for _, w := range rep.Warnings {
		fmt.Fprintln(e.stderr, w)
	}
	for _, msg := range rep.Errors {
		fmt.Fprintln(e.stderr, msg)
	}
	if *asJSON {
		enc := json.NewEncoder(out)
		enc.SetIndent("", "  ")
		if err := enc.Encode(rep); err != nil {
			return err
		}
	}
	if err := out.Close(); err != nil {
		return err
	}
	if len(rep.Errors) > 0 {
		return exitError{1}
	}
	return nil
}

// openSeekable opens the named file for reading more than once, or reads
// standard input ("-") into memory for it.
func openSeekable(e *env, name string) (io.ReadSeeker, string, func(), error) {
	if name == "-" {
		data, err := io.ReadAll(e.stdin)
		if err != nil {
			return nil, "", nil, fmt.Errorf("reading standard input: %w", err)
		}
		return bytes.NewReader(data), "stdin", func() {}, nil
	}
	f, err := openFile(name)
	if err != nil {
		return nil, "", nil, err
	}
	return f, name, func() { f.Close() }, nil
}
