package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/dd"
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
	workers := fs.Int("j", 0, "number of deals solved at once (default: one per CPU)")
	out := fs.String("o", "", "write to this file instead of standard output")
	pos, err := parseArgs(fs, args, 1)
	if err != nil {
		return err
	}
	if *workers < 0 {
		fmt.Fprintln(e.stderr, "bridgetd solve: -j must be 0 or more")
		return errUsage
	}
	f, err := readPBN(e, pos[0])
	if err != nil {
		return err
	}
	boards, err := solveFile(e, "solve", f, *workers, false)
	if err != nil {
		return err
	}
	w := e.stdout
	if *out != "" {
		fh, err := os.Create(*out)
		if err != nil {
			return err
		}
		defer fh.Close()
		w = fh
	}
	if *asJSON {
		err = writeSolveJSON(w, boards, *withPar)
	} else {
		for _, b := range boards {
			setSolveTags(b, *withPar)
		}
		err = f.Encode(w)
	}
	if err != nil {
		return err
	}
	if fh, ok := w.(*os.File); ok && *out != "" {
		return fh.Close()
	}
	return nil
}

// solvedBoard is a game of a PBN file with its double-dummy table and par.
type solvedBoard struct {
	game   *pbn.Game
	board  bridge.Board // 0 if the game has no Board tag
	deal   bridge.Deal
	dealer bridge.Seat
	vul    bridge.Vulnerability
	table  dd.Table
	par    dd.Par
}

// solveFile solves every game of f that has a complete deal. Games without
// one are reported on stderr and left out. A progress bar is drawn on
// stderr for long inputs when stderr is a terminal. With useTags, a game
// that already carries a DoubleDummyTricks tag is taken from it.
func solveFile(e *env, cmd string, f *pbn.File, workers int, useTags bool) ([]*solvedBoard, error) {
	var boards, need []*solvedBoard
	var deals []bridge.Deal
	for _, g := range f.Games {
		d, err := g.Deal()
		if err == nil {
			err = d.Validate()
		}
		if err != nil {
			fmt.Fprintf(e.stderr, "bridgetd %s: %s:%d: skipped: %v\n", cmd, f.Name, g.Line, err)
			continue
		}
		b := &solvedBoard{game: g, deal: d}
		b.board, _ = g.Board()
		var derr, verr error
		b.dealer, derr = g.Dealer()
		b.vul, verr = g.Vulnerability()
		if b.board.Valid() {
			if derr != nil {
				b.dealer = b.board.Dealer()
			}
			if verr != nil {
				b.vul = b.board.Vulnerability()
			}
		}
		if v, ok := g.Get("DoubleDummyTricks"); ok && useTags {
			if t, err := parseDoubleDummyTricks(v); err == nil {
				b.table = t
				b.par = dd.ParOf(t, b.dealer, b.vul)
				boards = append(boards, b)
				continue
			}
		}
		boards = append(boards, b)
		deals = append(deals, d)
		need = append(need, b)
	}
	opts := dd.BatchOptions{Workers: workers}
	if len(deals) >= 8 && solveIsTerminal(e.stderr) {
		opts.Progress = func(done, total int) { solveProgress(e.stderr, done, total) }
	}
	tables, err := dd.Tables(context.Background(), deals, opts)
	if err != nil {
		return nil, err
	}
	for i, b := range need {
		b.table = tables[i]
		b.par = dd.ParOf(b.table, b.dealer, b.vul)
	}
	return boards, nil
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

// ddStrains is the order of strains in PBN's DoubleDummyTricks: NT first.
var ddStrains = [5]bridge.Strain{bridge.NoTrump, bridge.SpadesStrain, bridge.HeartsStrain, bridge.DiamondsStrain, bridge.ClubsStrain}

// ddDeclarers is the order of declarers in DoubleDummyTricks.
var ddDeclarers = [4]bridge.Seat{bridge.North, bridge.South, bridge.East, bridge.West}

// doubleDummyTricks encodes a table as PBN's DoubleDummyTricks: one hex
// digit per declarer N, S, E, W and strain NT, S, H, D, C.
func doubleDummyTricks(t dd.Table) string {
	var b strings.Builder
	for _, s := range ddDeclarers {
		for _, st := range ddStrains {
			b.WriteString(strconv.FormatInt(int64(t[s][st]), 16))
		}
	}
	return b.String()
}

// parseDoubleDummyTricks reads a DoubleDummyTricks value.
func parseDoubleDummyTricks(v string) (dd.Table, error) {
	var t dd.Table
	if len(v) != 20 {
		return t, fmt.Errorf("DoubleDummyTricks %q: want 20 hex digits", v)
	}
	for i := 0; i < 20; i++ {
		n, err := strconv.ParseInt(v[i:i+1], 16, 8)
		if err != nil || n > 13 {
			return t, fmt.Errorf("DoubleDummyTricks %q: digit %d is not 0-d", v, i+1)
		}
		t[ddDeclarers[i/5]][ddStrains[i%5]] = int(n)
	}
	return t, nil
}

// optimumResultTable returns the table as PBN's OptimumResultTable, in the
// row order hand-record programs use: N, E, S, W; ♠ ♥ ♦ ♣ NT.
func optimumResultTable(t dd.Table) *pbn.Table {
	cols, _ := pbn.ParseColumns(`Declarer;Denomination\2R;Result\2R`)
	tab := &pbn.Table{Columns: cols}
	for s := bridge.North; s <= bridge.West; s++ {
		for _, st := range [5]bridge.Strain{bridge.SpadesStrain, bridge.HeartsStrain, bridge.DiamondsStrain, bridge.ClubsStrain, bridge.NoTrump} {
			tab.Rows = append(tab.Rows, []string{s.String(), st.ASCII(), strconv.Itoa(t[s][st])})
		}
	}
	return tab
}

// setSolveTags writes the results into the game's tags.
func setSolveTags(b *solvedBoard, withPar bool) {
	b.game.SetTag("DoubleDummyTricks", doubleDummyTricks(b.table))
	b.game.SetTable("OptimumResultTable", optimumResultTable(b.table))
	if withPar {
		b.game.SetTag("OptimumScore", b.par.ScoreString())
		b.game.SetTag("ParContract", b.par.ContractsString())
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

func writeSolveJSON(w io.Writer, boards []*solvedBoard, withPar bool) error {
	out := make([]solveJSON, 0, len(boards))
	for _, b := range boards {
		j := solveJSON{
			Board:             int(b.board),
			Deal:              b.deal.String(),
			Dealer:            b.dealer.String(),
			Vulnerable:        b.vul.String(),
			Tricks:            map[string]map[string]int{},
			DoubleDummyTricks: doubleDummyTricks(b.table),
		}
		for s := bridge.North; s <= bridge.West; s++ {
			m := map[string]int{}
			for st := bridge.Strain(0); st < bridge.NumStrains; st++ {
				m[st.ASCII()] = b.table[s][st]
			}
			j.Tricks[s.String()] = m
		}
		if withPar {
			p := &parJSON{Score: b.par.Score, Contracts: []string{}}
			for _, c := range b.par.Contracts {
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
