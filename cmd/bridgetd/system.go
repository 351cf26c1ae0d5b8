package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"time"

	"github.com/bridgetd/bridgetd/systemcard"
)

func init() {
	register(&command{
		name:    "system",
		usage:   "classify CARD [--json] | check --event KIND [--date YYYY-MM-DD] [--opponents CARD] [--second CARD] CARD",
		summary: "classify a system card (ABF Green/Blue/Red/Yellow, Brown Sticker) and apply NSWBA regulation 5",
		run:     runSystem,
	})
}

func runSystem(e *env, args []string) error {
	c := commands["system"]
	if len(args) == 0 || (args[0] != "classify" && args[0] != "check") {
		if len(args) > 0 && (args[0] == "-h" || args[0] == "--help" || args[0] == "help") {
			newFlagSet(e, c).Usage()
			return nil
		}
		newFlagSet(e, c).Usage()
		return errUsage
	}
	if args[0] == "classify" {
		return systemClassify(e, c, args[1:])
	}
	return systemCheck(e, c, args[1:])
}

func systemClassify(e *env, c *command, args []string) error {
	fs := newFlagSet(e, c)
	asJSON := fs.Bool("json", false, "print the classification as JSON (colour, brown_sticker, findings)")
	pos, err := parseArgs(fs, args, 1)
	if err != nil {
		return err
	}
	card, err := systemcard.Load(pos[0])
	if err != nil {
		return err
	}
	r := systemcard.Classify(card)
	if *asJSON {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(r)
	}
	fmt.Fprintf(e.stdout, "%s: %s\n", card.Name, r.Colour)
	if r.BrownSticker {
		fmt.Fprintf(e.stdout, "brown sticker: yes (%d)\n", len(r.Brown()))
	} else {
		fmt.Fprintln(e.stdout, "brown sticker: no")
	}
	printFindings(e.stdout, "findings", r.Findings, true)
	return nil
}

func printFindings(w io.Writer, title string, fs []systemcard.Finding, kinds bool) {
	if len(fs) == 0 {
		return
	}
	fmt.Fprintf(w, "%s:\n", title)
	for _, f := range fs {
		if kinds {
			fmt.Fprintf(w, "  %-13s %s\n", f.Kind, f)
		} else {
			fmt.Fprintf(w, "  %s\n", f)
		}
	}
}

// checkJSON is the JSON form of a regulation 5 verdict.
type checkJSON struct {
	Event        string               `json:"event"`
	Allowed      bool                 `json:"allowed"`
	Plays        string               `json:"plays,omitempty"`
	Colour       systemcard.Colour    `json:"colour"`
	BrownSticker []systemcard.Finding `json:"brown_sticker"`
	Reasons      []systemcard.Finding `json:"reasons"`
	Duties       []systemcard.Finding `json:"duties"`
}

func systemCheck(e *env, c *command, args []string) error {
	fs := newFlagSet(e, c)
	event := fs.String("event", "", "kind of event: an event file's kind (swiss-pairs, swiss-teams, round-robin, mp-pairs, individual, knockout-teams) or an NSWBA 5.4 row (state, matchpoint, red, congress, other); comma-separated when several apply, e.g. swiss-teams,state or mp-pairs,congress")
	date := fs.String("date", "", "day of the session, YYYY-MM-DD (default today), for the seven-day rule of NSWBA 5.5.1")
	opponents := fs.String("opponents", "", "the opponents' card, to test whether they are a protected pair (NSWBA 5.3)")
	second := fs.String("second", "", "the pair's own second, non-Yellow card, naming the same two players (default: the card's second_card)")
	asJSON := fs.Bool("json", false, "print the verdict as JSON")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 || *event == "" {
		fs.Usage()
		return errUsage
	}
	ev, err := systemcard.ParseEvent(*event)
	if err != nil {
		return err
	}
	day := time.Now().UTC().Truncate(24 * time.Hour)
	if *date != "" {
		if day, err = time.Parse(time.DateOnly, *date); err != nil {
			return fmt.Errorf("--date %q: want YYYY-MM-DD", *date)
		}
	}
	pair := systemcard.Pair{}
	if pair.Card, err = systemcard.Load(pos[0]); err != nil {
		return err
	}
	secondPath := *second
	if secondPath == "" && pair.Card.SecondCard != "" {
		secondPath = pair.Card.SecondCard
		if !filepath.IsAbs(secondPath) {
			secondPath = filepath.Join(filepath.Dir(pos[0]), secondPath)
		}
	}
	if secondPath != "" {
		if pair.Second, err = systemcard.Load(secondPath); err != nil {
			return fmt.Errorf("second card: %w", err)
		}
	}
	var opp *systemcard.Card
	if *opponents != "" {
		if opp, err = systemcard.Load(*opponents); err != nil {
			return fmt.Errorf("opponents: %w", err)
		}
	}
	v, err := systemcard.Check(ev, day, pair, opp)
	if errors.Is(err, systemcard.ErrNotTheirCard) {
		return fmt.Errorf("second card %s: %w", secondPath, err)
	}
	if err != nil {
		return err
	}
	if *asJSON {
		out := checkJSON{Event: ev.String(), Allowed: v.Allowed, Colour: v.Colour,
			BrownSticker: nonNil(v.Brown), Reasons: nonNil(v.Reasons), Duties: nonNil(v.Duties)}
		if v.Plays != nil {
			out.Plays = v.Plays.Name
		}
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(out); err != nil {
			return err
		}
	} else {
		fmt.Fprintf(e.stdout, "event: %s, session %s\n", ev, day.Format(time.DateOnly))
		if opp != nil {
			fmt.Fprintf(e.stdout, "opponents: %s\n", opp.Name)
		}
		if v.Allowed {
			fmt.Fprintf(e.stdout, "verdict: may play %q (%s)\n", v.Plays.Name, v.Colour)
		} else {
			fmt.Fprintf(e.stdout, "verdict: may not play %q (%s) in this round\n", pair.Card.Name, v.Colour)
		}
		printFindings(e.stdout, "reasons", v.Reasons, false)
		printFindings(e.stdout, "duties", v.Duties, false)
	}
	if !v.Allowed {
		return exitError{1}
	}
	return nil
}

func nonNil(fs []systemcard.Finding) []systemcard.Finding {
	if fs == nil {
		return []systemcard.Finding{}
	}
	return fs
}
