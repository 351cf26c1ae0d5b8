package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/ddtag"
	"github.com/bridgetd/bridgetd/pbn"
)

func init() {
	register(&command{
		name:    "solve",
		usage:   "[--par] [--json] [-j N] [-o OUT] FILE.pbn",
		summary: "add double-dummy tables (and par) to each board of a PBN file",
		run:     runSolve,
	})
}

func runSolve(e *env, args []string) error {
	c := commands["solve"]
	fs := newFlagSet(e, c)
	withPar := fs.Bool("par", false, "also add the par score and contracts (OptimumScore, ParContract)")
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
	out, err := openOutput(e, *outPath, pos[0])
	if err != nil {
		return err
	}
	defer out.Abort()
	f, err := readPBN(e, pos[0])
	if err != nil {
		return err
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
			p := &parJSON{Score: b.Par.Score, Contracts: []string{}}
			for _, c := range b.Par.Contracts {
				p.Contracts = append(p.Contracts, c.String())
			}
			j.Par = p
		}
		out = append(out, j)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
