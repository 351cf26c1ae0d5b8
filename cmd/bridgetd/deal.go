package main

import (
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/deal"
	"github.com/bridgetd/bridgetd/pbn"
	"github.com/bridgetd/bridgetd/publish"
)

func init() {
	register(&command{
		name:    "deal",
		usage:   "[--boards 1-32] [--seed N] [--event NAME] [--text] [-o FILE]",
		summary: "deal a set of boards and write them as PBN (or as hand records with --text)",
		run:     runDeal,
	})
}

func runDeal(e *env, args []string) error {
	c := commands["deal"]
	fs := newFlagSet(e, c)
	boards := fs.String("boards", "1-32", "board numbers to deal, N or N-M")
	seed := fs.String("seed", "", "deal reproducibly from this seed (a number); the boards are then NOT secret")
	event := fs.String("event", "", "the Event tag of every board")
	text := fs.Bool("text", false, "write readable hand records instead of PBN")
	out := fs.String("o", "", "write to FILE instead of standard output")
	if _, err := parseArgs(fs, args, 0); err != nil {
		return err
	}
	first, last, err := deal.ParseRange(*boards)
	if err != nil {
		return fmt.Errorf("--boards: %w", err)
	}
	s := deal.New()
	if *seed != "" {
		n, err := strconv.ParseUint(*seed, 10, 64)
		if err != nil {
			if errors.Is(err, strconv.ErrRange) {
				return fmt.Errorf("--seed %q: too large: want a whole number from 0 to %d", *seed, uint64(math.MaxUint64))
			}
			return fmt.Errorf("--seed %q: want a whole number 0 or more", *seed)
		}
		s = deal.Seeded(n)
	}
	set, err := s.Boards(first, last)
	if err != nil {
		return err
	}
	w, err := openOutput(e, *out)
	if err != nil {
		return err
	}
	defer w.Abort()
	if *text {
		writeHandRecords(w, set)
	} else {
		f := boardSetPBN(set, *event)
		if *seed != "" {
			f.Games[0].Comments = append(f.Games[0].Comments, pbn.Comment{
				Text: "dealt by bridgetd with seed " + *seed + ": reproducible and not secret"})
		}
		if err := f.Format(w); err != nil {
			return err
		}
	}
	return w.Close()
}

// boardSetPBN returns the boards as a PBN file, one game per board, each
// deal written from its dealer.
func boardSetPBN(set []deal.Board, event string) *pbn.File {
	f := &pbn.File{}
	for _, b := range set {
		g := pbn.NewGame()
		g.SetTag("Event", event)
		g.SetTag("Board", b.Number.String())
		g.SetTag("Dealer", b.Dealer.String())
		g.SetTag("Vulnerable", b.Vulnerability.String())
		g.SetTag("Deal", b.Deal.Format(b.Dealer))
		f.Append(g)
	}
	return f
}

// writeHandRecords writes each board as a diagram: North at the top, West
// and East at the sides, South below, suits with their symbols.
func writeHandRecords(w io.Writer, set []deal.Board) {
	for i, b := range set {
		if i > 0 {
			fmt.Fprintln(w)
		}
		fmt.Fprintf(w, "Board %d   Dealer %s   Vulnerable %s\n", b.Number, b.Dealer.Name(), publish.VulText(b.Vulnerability))
		north, east := suitLines(b.Deal[bridge.North]), suitLines(b.Deal[bridge.East])
		south, west := suitLines(b.Deal[bridge.South]), suitLines(b.Deal[bridge.West])
		const indent = "                  "
		for _, l := range north {
			fmt.Fprintln(w, indent+l)
		}
		for k := range 4 {
			fmt.Fprintln(w, strings.TrimRight(pad(west[k], 36)+east[k], " "))
		}
		for _, l := range south {
			fmt.Fprintln(w, indent+l)
		}
	}
}

// suitLines returns a hand as four lines, spades first: "♠ A K 10 2".
func suitLines(h bridge.Hand) [4]string {
	var out [4]string
	for i, s := range []bridge.Suit{bridge.Spades, bridge.Hearts, bridge.Diamonds, bridge.Clubs} {
		var ranks []string
		for _, c := range h.InSuit(s).Cards() {
			ranks = append(ranks, publish.RankText(c.Rank()))
		}
		if len(ranks) == 0 {
			ranks = []string{"—"}
		}
		out[i] = s.String() + " " + strings.Join(ranks, " ")
	}
	return out
}

// pad pads s with spaces to n characters (counting runes).
func pad(s string, n int) string {
	if k := len([]rune(s)); k < n {
		return s + strings.Repeat(" ", n-k)
	}
	return s + " "
}
