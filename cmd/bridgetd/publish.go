package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/bridgetd/bridgetd/dd"
	"github.com/bridgetd/bridgetd/event"
	"github.com/bridgetd/bridgetd/movement"
	"github.com/bridgetd/bridgetd/publish"
	"github.com/bridgetd/bridgetd/scoresheet"
	"github.com/bridgetd/bridgetd/textfile"
	"github.com/bridgetd/bridgetd/usebio"
)

func init() {
	register(&command{
		name:    "publish",
		usage:   "[--method mp|butler|cross-imp|teams] [--analysis=false] [-j N] -o DIR FILE.pbn|EVENT.json|USEBIO.xml",
		summary: "publish a scored event (PBN, event file, or a USEBIO file from another program) as a static site (rankings, travellers, score cards, charts) with results and hand records as PDF",
		run:     runPublish,
	})
	register(&command{
		name:    "paper",
		usage:   "[--title TEXT] [--date DATE] [--first-board N] -o FILE.pdf MOVEMENT.json",
		summary: "print the director's paper for a movement (from movement --json): table cards, guide cards, travellers, pick-up slips",
		run:     runPaper,
	})
}

func runPaper(e *env, args []string) error {
	c := commands["paper"]
	fs := newFlagSet(e, c)
	out := fs.String("o", "", "the PDF to write")
	title := fs.String("title", "", "the event's name, printed on every sheet")
	date := fs.String("date", "", "the date, printed on every sheet")
	first := fs.Int("first-board", 1, "the number of the first board")
	pos, err := parseArgs(fs, args, 1)
	if err != nil {
		return err
	}
	if *out == "" || *first < 1 {
		fmt.Fprintln(e.stderr, "bridgetd paper: -o FILE.pdf is required and --first-board must be 1 or more")
		return errUsage
	}
	if err := textfile.Same(*out, pos[0]); err != nil {
		return err
	}
	data, err := os.ReadFile(pos[0])
	if err != nil {
		return err
	}
	if data, err = textfile.Decode(data, pos[0]); err != nil {
		return err
	}
	var m movement.Movement
	if err := json.Unmarshal(data, &m); err != nil {
		return fmt.Errorf("%s: not a movement (bridgetd movement ... --json): %w", pos[0], err)
	}
	o := publish.DirectorOptions{Title: *title, Date: *date, FirstBoard: *first}
	return writeOutput(e, *out, func(w io.Writer) error { return publish.DirectorPDF(w, &m, o) })
}

// publishedEvent loads an event file and gathers its published results
// (publish.FromEvent): the ranking and the matches.
func publishedEvent(path string) (*publish.Results, error) {
	ev, _, err := event.NewFileStore(path).Load(context.Background())
	if err != nil {
		return nil, err
	}
	return publish.FromEvent(context.Background(), ev)
}

func runPublish(e *env, args []string) error {
	c := commands["publish"]
	fs := newFlagSet(e, c)
	out := fs.String("o", "", "directory to write the site into (made if needed)")
	method := fs.String("method", "", "mp, butler, cross-imp or teams (default: from the file's Scoring tag)")
	workers := fs.Int("j", 0, "number of deals solved at once (default: one per CPU)")
	analysis := fs.Bool("analysis", true, "analyse each play record double dummy and show it under its traveller and in the hand records; --analysis=false leaves it out")
	pos, err := parseArgs(fs, args, 1)
	if err != nil {
		return err
	}
	if *out == "" || *workers < 0 {
		fmt.Fprintln(e.stderr, "bridgetd publish: -o DIR is required and -j must be 0 or more")
		return errUsage
	}
	var r *publish.Results
	switch lower := strings.ToLower(pos[0]); {
	case strings.HasSuffix(lower, ".json"):
		r, err = publishedEvent(pos[0])
	case strings.HasSuffix(lower, ".xml"):
		r, err = publishUSEBIO(pos[0], *workers)
	default:
		r, err = publishPBN(e, "publish", pos[0], *method, *workers, true, *analysis)
	}
	if err != nil {
		return err
	}
	r.Files = []publish.Link{{Name: "results.pdf", Title: "Results (PDF)"}}
	if len(r.Boards) > 0 {
		r.Files = append(r.Files, publish.Link{Name: "handrecords.pdf", Title: "Hand records (PDF)"})
	}
	if err := publish.WriteSite(*out, r); err != nil {
		return err
	}
	// The same results, and the hand records, as PDF beside the pages.
	err = writeOutput(e, filepath.Join(*out, "results.pdf"), func(w io.Writer) error { return publish.ResultsPDF(w, r) })
	if err != nil {
		return err
	}
	// The printed hand records are the boards alone: the analysis of every
	// table's play is on the travellers (and summed up in results.pdf).
	var boards []publish.Board
	for _, b := range r.Boards {
		if b.Tricks != nil {
			b.Plays = nil
			boards = append(boards, b.Board)
		}
	}
	if len(r.Boards) == 0 {
		return nil
	}
	o := publish.HandRecordOptions{Title: r.Title, Date: r.Date}
	return writeOutput(e, filepath.Join(*out, "handrecords.pdf"), func(w io.Writer) error { return publish.HandRecordsPDF(w, boards, o) })
}

// publishUSEBIO reads a USEBIO file's results as the program that wrote
// it scored them, and solves the hands it carries.
func publishUSEBIO(name string, workers int) (*publish.Results, error) {
	fh, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	u, err := usebio.Decode(fh, name)
	if err != nil {
		return nil, err
	}
	r, err := u.Results()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return r, publish.SolveBoards(context.Background(), r.Boards, dd.BatchOptions{Workers: workers})
}

// publishPBN scores and (with solve) solves the PBN event in the named
// file (publish.FromPBN), the rows it could not score and its warnings
// on stderr.
func publishPBN(e *env, cmd, name, method string, workers int, solve, analyse bool) (*publish.Results, error) {
	src, name, done, err := openSeekable(e, name)
	if err != nil {
		return nil, err
	}
	defer done()
	o := publish.PBNOptions{Method: method, Solve: solve, Analyse: analyse, DD: solveOptions(e, cmd, name, workers, true)}
	r, rep, err := publish.FromPBN(context.Background(), src, name, o)
	if errors.Is(err, scoresheet.ErrMethod) {
		fmt.Fprintf(e.stderr, "bridgetd %s: %v\n", cmd, err)
		return nil, errUsage
	}
	if err != nil {
		return nil, err
	}
	for _, w := range rep.Warnings {
		fmt.Fprintln(e.stderr, w)
	}
	for _, msg := range rep.Errors {
		fmt.Fprintln(e.stderr, msg)
	}
	return r, nil
}
