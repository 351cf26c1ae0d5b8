package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/dd"
	"github.com/bridgetd/bridgetd/ddtag"
	"github.com/bridgetd/bridgetd/pbn"
)

func init() {
	register(&command{
		name:    "solve",
		usage:   "[--par | --analyse] [--json] [-j N] [-o OUT] FILE.pbn",
		summary: "add double-dummy tables (and par) to each board of a PBN file, or analyse each play record",
		run:     runSolve,
	})
}

func runSolve(e *env, args []string) error {
	c := commands["solve"]
	fs := newFlagSet(e, c)
	withPar := fs.Bool("par", false, "also add the par score and contracts (OptimumScore, ParContract)")
	analyse := fs.Bool("analyse", false, "instead, give declarer's double-dummy tricks after every card of each play record, marking each card that cost its side a trick (text, or JSON with --json)")
	asJSON := fs.Bool("json", false, "write JSON instead of PBN")
	workers := fs.Int("j", 0, "number of deals solved at once, 0-256 (default 0: one per CPU)")
	outPath := fs.String("o", "", "write to this file instead of standard output (written whole or not at all)")
	pos, err := parseArgs(fs, args, 1)
	if err != nil {
		return err
	}
	if *workers < 0 || *workers > 256 {
		fmt.Fprintf(e.stderr, "bridgetd solve: -j %d: want 0-256\n", *workers)
		return errUsage
	}
	if *analyse && *withPar {
		fmt.Fprintln(e.stderr, "bridgetd solve: --analyse and --par: choose one")
		return errUsage
	}
	out, err := openOutput(e, *outPath, pos[0])
	if err != nil {
		return err
	}
	defer out.Abort()
	f, err := readPBN(e, pos[0])
	if err != nil {
		return err
	}
	if *analyse {
		played, err := ddtag.Analyse(context.Background(), f.Games, solveOptions(e, "solve", f.Name, *workers, false))
		if err != nil {
			return err
		}
		if *asJSON {
			err = writeAnalysisJSON(out, played)
		} else {
			err = writeAnalysisText(out, played)
		}
		if err != nil {
			return err
		}
		return out.Close()
	}
	boards, err := ddtag.Solve(context.Background(), f.Games, solveOptions(e, "solve", f.Name, *workers, false))
	if err != nil {
		return err
	}
	if *asJSON {
		err = writeSolveJSON(out, boards, *withPar)
	} else {
		for _, b := range boards {
			b.SetTags(*withPar)
		}
		err = f.Encode(out)
	}
	if err != nil {
		return err
	}
	return out.Close()
}

// solveOptions returns the options of a solve run by command cmd: skipped
// games and distrusted tags reported on stderr, and a progress bar drawn
// there for long inputs when stderr is a terminal.
func solveOptions(e *env, cmd, name string, workers int, useTags bool) ddtag.Options {
	o := ddtag.Options{Workers: workers, UseTags: useTags}
	o.Warn = func(g *pbn.Game, err error) {
		fmt.Fprintf(e.stderr, "bridgetd %s: %s:%d: %v\n", cmd, name, g.Line, err)
	}
	if solveIsTerminal(e.stderr) {
		o.Progress = func(done, total int) {
			if total >= 8 {
				solveProgress(e.stderr, done, total)
			}
		}
	}
	return o
}

// solveIsTerminal reports whether w is a character device such as a terminal.
func solveIsTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// solveProgress redraws a one-line progress bar.
func solveProgress(w io.Writer, done, total int) {
	const width = 30
	n := done * width / total
	fmt.Fprintf(w, "\rsolving %4d/%d [%s%s]", done, total, strings.Repeat("#", n), strings.Repeat(".", width-n))
	if done == total {
		fmt.Fprintln(w)
	}
}

// solveJSON is one board of "bridgetd solve --json".
type solveJSON struct {
	Board             int                       `json:"board,omitempty"`
	Deal              string                    `json:"deal"`
	Dealer            string                    `json:"dealer"`
	Vulnerable        string                    `json:"vulnerable"`
	Tricks            map[string]map[string]int `json:"tricks"` // declarer -> strain -> tricks
	DoubleDummyTricks string                    `json:"doubleDummyTricks"`
	Par               *parJSON                  `json:"par,omitempty"`
}

type parJSON struct {
	Score     int      `json:"score"` // North-South's side
	Contracts []string `json:"contracts"`
	// Sides is the par with each side bidding first, NS then EW
	// (dd.SidesPar), given only when the two differ.
	Sides []sidePar `json:"sides,omitempty"`
}

// sidePar is one side's par in parJSON.
type sidePar struct {
	First     string   `json:"first"` // the side bidding first: NS or EW
	Score     int      `json:"score"`
	Contracts []string `json:"contracts"`
}

// contractStrings returns the par contracts in players' notation.
func contractStrings(p dd.Par) []string {
	out := []string{}
	for _, c := range p.Contracts {
		out = append(out, c.String())
	}
	return out
}

func writeSolveJSON(w io.Writer, boards []*ddtag.Board, withPar bool) error {
	out := make([]solveJSON, 0, len(boards))
	for _, b := range boards {
		j := solveJSON{
			Board:             int(b.Number),
			Deal:              b.Deal.String(),
			Dealer:            b.Dealer.String(),
			Vulnerable:        b.Vul.String(),
			Tricks:            map[string]map[string]int{},
			DoubleDummyTricks: pbn.TrickTable(b.Table).String(),
		}
		for s := bridge.North; s <= bridge.West; s++ {
			m := map[string]int{}
			for st := bridge.Strain(0); st < bridge.NumStrains; st++ {
				m[st.ASCII()] = b.Table[s][st]
			}
			j.Tricks[s.String()] = m
		}
		if withPar {
			p := &parJSON{Score: b.Par.Score, Contracts: contractStrings(b.Par)}
			ns, ew := b.SidesPar[bridge.NS], b.SidesPar[bridge.EW]
			if ns.Score != ew.Score || ns.ContractsString() != ew.ContractsString() {
				p.Sides = []sidePar{
					{First: bridge.NS.String(), Score: ns.Score, Contracts: contractStrings(ns)},
					{First: bridge.EW.String(), Score: ew.Score, Contracts: contractStrings(ew)},
				}
			}
			j.Par = p
		}
		out = append(out, j)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// analysisJSON is one board of "bridgetd solve --analyse --json".
type analysisJSON struct {
	Board    int        `json:"board,omitempty"`
	Line     int        `json:"line"` // of the game in the file
	Deal     string     `json:"deal"`
	Contract string     `json:"contract"`
	Declarer string     `json:"declarer"`
	Start    int        `json:"start"` // declarer's double-dummy tricks before the lead
	Cards    []cardJSON `json:"cards"`
}

// cardJSON is one card played, with declarer's tricks after it and the
// tricks it cost its side.
type cardJSON struct {
	Seat   string `json:"seat"`
	Card   string `json:"card"`
	Tricks int    `json:"tricks"`
	Cost   int    `json:"cost,omitempty"`
}

func writeAnalysisJSON(w io.Writer, played []*ddtag.Played) error {
	out := make([]analysisJSON, 0, len(played))
	for _, p := range played {
		j := analysisJSON{
			Board:    int(p.Number),
			Line:     p.Game.Line,
			Deal:     p.Deal.String(),
			Contract: p.Contract.String(),
			Declarer: p.Declarer.String(),
			Start:    p.Analysis.Start,
			Cards:    []cardJSON{},
		}
		for _, c := range p.Analysis.Cards {
			j.Cards = append(j.Cards, cardJSON{Seat: c.Seat.String(), Card: c.Card.String(), Tricks: c.Tricks, Cost: c.Cost})
		}
		out = append(out, j)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// writeAnalysisText writes each analysed play a trick to a line: each card
// with declarer's double-dummy tricks after it, and "(-N)" after a card
// that cost its side N tricks.
func writeAnalysisText(w io.Writer, played []*ddtag.Played) error {
	var b strings.Builder
	for i, p := range played {
		if i > 0 {
			b.WriteByte('\n')
		}
		if p.Number != 0 {
			fmt.Fprintf(&b, "Board %d, ", p.Number)
		}
		fmt.Fprintf(&b, "line %d: %s by %s; double dummy %d tricks before the lead\n", p.Game.Line, p.Contract, p.Declarer, p.Analysis.Start)
		var line strings.Builder
		for k, c := range p.Analysis.Cards {
			if k%4 == 0 {
				fmt.Fprintf(&line, "%3d.", k/4+1)
			}
			fmt.Fprintf(&line, "  %s %-3s %2d", c.Seat, c.Card, c.Tricks)
			if c.Cost > 0 {
				fmt.Fprintf(&line, " (-%d)", c.Cost)
			} else {
				line.WriteString("     ")
			}
			if k%4 == 3 || k == len(p.Analysis.Cards)-1 {
				b.WriteString(strings.TrimRight(line.String(), " "))
				b.WriteByte('\n')
				line.Reset()
			}
		}
		n := len(p.Analysis.Costly())
		fmt.Fprintf(&b, "  %d card(s) cost a trick or more\n", n)
	}
	_, err := io.WriteString(w, b.String())
	return err
}
