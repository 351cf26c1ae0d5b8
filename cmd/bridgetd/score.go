package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/pbn"
	"github.com/bridgetd/bridgetd/score"
)

func init() {
	register(&command{
		name:    "score",
		usage:   "[--method mp|butler|cross-imp|teams|total] [--trim N] [--datum mean|median] [--round away|even|up] [--neuberg] [--json] FILE.pbn",
		summary: "score an event from PBN (matchpoints, Butler, cross-IMPs, teams, total points) and write its score tables",
		run:     runScore,
	})
}

// scoreRow is one result read from the file, with where it came from.
type scoreRow struct {
	game                       *pbn.Game
	tag                        *pbn.Tag // the ScoreTable tag, nil for a one-result game
	row                        int      // row of the ScoreTable (0-based), or 0
	line                       int      // file line
	board                      int
	ns, ew                     string // pair ids as written
	contract, declarer, result string
	res                        score.Result
	ok                         bool // read without error
}

// scoreBoard gathers the rows of one board number.
type scoreBoard struct {
	number int
	rows   []*scoreRow
}

// scoreInput is an event read from PBN.
type scoreInput struct {
	file    *pbn.File
	name    string
	boards  []*scoreBoard
	pairs   []string       // pair id by number-1
	pairNum map[string]int // pair id → number
	errs    []string       // problems, each with file, line, board and row
	warns   []string
}

func (in *scoreInput) pair(id string) int {
	if n, ok := in.pairNum[id]; ok {
		return n
	}
	in.pairs = append(in.pairs, id)
	in.pairNum[id] = len(in.pairs)
	return len(in.pairs)
}

func (in *scoreInput) where(line, board, row int) string {
	w := in.name
	if line > 0 {
		w += ":" + strconv.Itoa(line)
	}
	if row > 0 {
		return fmt.Sprintf("%s: board %d, row %d", w, board, row)
	}
	return fmt.Sprintf("%s: board %d", w, board)
}

func runScore(e *env, args []string) error {
	c := commands["score"]
	fs := newFlagSet(e, c)
	method := fs.String("method", "", "mp, butler, cross-imp, teams or total (default: from the file's Scoring tag, else mp)")
	trim := fs.Int("trim", 0, "Butler: scores dropped at each end before the datum (default: from Scoring, e.g. Butler-2 = 1)")
	datum := fs.String("datum", "mean", "Butler: mean or median")
	round := fs.String("round", "away", "Butler: how a datum ending in 5 is rounded to 10: away (from zero), even or up")
	neuberg := fs.Bool("neuberg", true, "matchpoints: factor a board with fewer or more results than the field (Neuberg); --neuberg=false scores each board on its own top")
	asJSON := fs.Bool("json", false, "write JSON instead of PBN")
	pos, err := parseArgs(fs, args, 1)
	if err != nil {
		return err
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })

	var f *pbn.File
	name := pos[0]
	if name == "-" {
		f, err = pbn.Decode(e.stdin)
		name = "stdin"
	} else {
		f, err = pbn.ReadFile(name)
	}
	if err != nil {
		return err
	}
	if len(f.Games) == 0 {
		return fmt.Errorf("%s: no games", name)
	}

	// The file's Scoring tag, then the flags.
	m, o := scoreFromTag(f.Games[0].Tag("Scoring"), f.Games[0].Tag("Competition"))
	if set["method"] {
		m = *method
	}
	if set["trim"] {
		if *trim < 0 {
			fmt.Fprintln(e.stderr, "bridgetd score: --trim must be 0 or more")
			return errUsage
		}
		o.Butler.Trim = *trim
	}
	if set["datum"] || o.Butler.Datum == score.Mean {
		switch *datum {
		case "mean":
			o.Butler.Datum = score.Mean
		case "median":
			o.Butler.Datum = score.Median
		default:
			fmt.Fprintf(e.stderr, "bridgetd score: --datum %q: want mean or median\n", *datum)
			return errUsage
		}
	}
	switch *round {
	case "away":
		o.Butler.Round = score.RoundAway
	case "even":
		o.Butler.Round = score.RoundEven
	case "up":
		o.Butler.Round = score.RoundUp
	default:
		fmt.Fprintf(e.stderr, "bridgetd score: --round %q: want away, even or up\n", *round)
		return errUsage
	}
	o.MP.Neuberg = *neuberg
	switch m {
	case "mp":
		o.Method = score.MatchpointScoring
	case "butler":
		o.Method = score.ButlerScoring
	case "cross-imp":
		o.Method = score.CrossIMPScoring
	case "total":
		o.Method = score.TotalPointScoring
	case "teams":
	default:
		fmt.Fprintf(e.stderr, "bridgetd score: --method %q: want mp, butler, cross-imp, teams or total\n", m)
		return errUsage
	}

	in := &scoreInput{file: f, name: name, pairNum: map[string]int{}}
	var out any
	if m == "teams" {
		out = scoreTeams(in)
	} else {
		in.read(o.Method)
		out = in.score(o)
	}
	for _, w := range in.warns {
		fmt.Fprintln(e.stderr, w)
	}
	for _, msg := range in.errs {
		fmt.Fprintln(e.stderr, msg)
	}
	if *asJSON {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(out); err != nil {
			return err
		}
	} else if err := f.Encode(e.stdout); err != nil {
		return err
	}
	if len(in.errs) > 0 {
		return exitError{1}
	}
	return nil
}

// scoreFromTag reads what can be read of a PBN Scoring tag (PBN 2.1
// §3.4.12): the method and Butler and matchpoint modifiers.
func scoreFromTag(scoring, competition string) (string, score.Options) {
	var o score.Options
	m := "mp"
	var imp bool
	for part := range strings.SplitSeq(scoring, ";") {
		switch strings.ToLower(strings.TrimSpace(part)) {
		case "imp", "imps":
			imp = true
			m = "butler"
		case "butler":
			m = "butler"
		case "butler-2":
			m = "butler"
			o.Butler.Trim = 1
		case "median":
			o.Butler.Datum = score.Median
		case "mean":
			o.Butler.Datum = score.Mean
		case "cross", "cross2":
			m = "cross-imp"
			o.Cross.Average = true
		case "cross1":
			m = "cross-imp"
			o.Cross.Average, o.Cross.PerScore = true, true
		case "mp2":
			o.MP.Scale = score.MP2
		case "mp", "matchpoints", "mp1":
		}
	}
	if imp && strings.EqualFold(strings.TrimSpace(competition), "teams") {
		m = "teams"
	}
	return m, o
}

// read gathers the rows of every game: a ScoreTable's rows, or the game's
// own result when it has none.
func (in *scoreInput) read(method score.Method) {
	byNum := map[int]*scoreBoard{}
	board := func(n int) *scoreBoard {
		b := byNum[n]
		if b == nil {
			b = &scoreBoard{number: n}
			byNum[n] = b
			in.boards = append(in.boards, b)
		}
		return b
	}
	imp := method != score.MatchpointScoring
	for _, g := range in.file.Games {
		bn, err := g.Board()
		if err != nil {
			in.errs = append(in.errs, fmt.Sprintf("%s:%d: %v", in.name, g.Line, err))
			continue
		}
		vul, err := g.Vulnerability()
		if err != nil {
			vul = bn.Vulnerability()
		}
		b := board(int(bn))
		if t := g.Find("ScoreTable"); t != nil {
			tab, err := g.Table("ScoreTable")
			if err != nil && tab == nil {
				in.errs = append(in.errs, fmt.Sprintf("%s: %v", in.where(t.Line, b.number, 0), err))
				continue
			}
			if err != nil { // a row of the wrong width: say so, keep the rest
				in.errs = append(in.errs, fmt.Sprintf("%s: %v", in.where(t.Line, b.number, 0), err))
			}
			for r := range tab.Rows {
				sr := &scoreRow{game: g, tag: t, row: r, line: t.SectionLine(r), board: b.number}
				sr.ns, sr.ew = tab.Value(r, "PairId_NS"), tab.Value(r, "PairId_EW")
				sr.contract, sr.declarer, sr.result = tab.Value(r, "Contract"), tab.Value(r, "Declarer"), tab.Value(r, "Result")
				err := in.rowResult(sr, tab, r, vul, imp)
				in.add(b, sr, err)
			}
			continue
		}
		if g.Find("Contract") == nil {
			continue
		}
		sr := &scoreRow{game: g, line: g.Line, board: b.number}
		sr.ns = strings.TrimSpace(g.Tag("North") + " & " + g.Tag("South"))
		sr.ew = strings.TrimSpace(g.Tag("East") + " & " + g.Tag("West"))
		s, err := g.Score()
		if err == nil {
			sr.res = score.Table(in.pair(sr.ns), in.pair(sr.ew), s)
		}
		in.add(b, sr, err)
	}
}

func (in *scoreInput) add(b *scoreBoard, sr *scoreRow, err error) {
	b.rows = append(b.rows, sr)
	if err != nil {
		in.errs = append(in.errs, fmt.Sprintf("%s: %v", in.where(sr.line, b.number, len(b.rows)), err))
		return
	}
	sr.ok = true
}

// rowResult reads one ScoreTable row (PBN 2.1 §5.9): the pairs, and the
// contract, declarer and result, or a director's score.
func (in *scoreInput) rowResult(sr *scoreRow, tab *pbn.Table, r int, vul bridge.Vulnerability, imp bool) error {
	if sr.ns == "" || sr.ns == "-" || sr.ew == "" || sr.ew == "-" {
		return errors.New("no PairId_NS or PairId_EW")
	}
	ns, ew := in.pair(sr.ns), in.pair(sr.ew)
	recorded, hasScore, err := scoreRecorded(tab.Value(r, "Score_NS"), tab.Value(r, "Score_EW"))
	if err != nil {
		return err
	}
	con := strings.TrimSpace(sr.contract)
	artificial := strings.EqualFold(con, "TD") || strings.HasPrefix(con, "^") ||
		((con == "" || con == "-") && !hasScore)
	if artificial {
		sr.res = score.ArtificialScore(ns, ew, scoreAward(tab, r, "NS", imp), scoreAward(tab, r, "EW", imp))
		return nil
	}
	if con == "" || con == "-" { // a score without a contract: assigned
		sr.res = score.AssignedScore(ns, ew, recorded)
		return nil
	}
	c, err := bridge.ParseContract(con)
	if err != nil {
		return fmt.Errorf("contract %q: %w", con, err)
	}
	if c.IsPassedOut() {
		sr.res = score.Table(ns, ew, 0)
		return nil
	}
	decl, err := bridge.ParseSeat(sr.declarer)
	if err != nil {
		return fmt.Errorf("declarer %q: %w", sr.declarer, err)
	}
	tricks, err := scoreTricks(c, sr.result)
	if err != nil {
		return err
	}
	s, err := score.TableScore(c, decl, tricks, vul)
	if err != nil {
		return err
	}
	if hasScore {
		d, use, _ := score.CheckScore(c, decl, tricks, vul, recorded)
		if d != score.ScoreAgrees {
			in.warns = append(in.warns, fmt.Sprintf("%s: recorded %d, %s %s by %s makes %d: NSWBA 13.6: %v",
				in.where(sr.line, sr.board, r+1), recorded, con, sr.result, sr.declarer, s, d))
		}
		if d == score.WrongSide {
			sr.res = score.ArtificialScore(ns, ew, score.Ave, score.Ave)
			return nil
		}
		s = use
	}
	sr.res = score.Table(ns, ew, s)
	return nil
}

// scoreRecorded reads the Score_NS and Score_EW cells: one holds the score,
// the other "-".
func scoreRecorded(nsCell, ewCell string) (int, bool, error) {
	get := func(s string) (int, bool, error) {
		s = strings.TrimSpace(s)
		if s == "" || s == "-" || s == "?" {
			return 0, false, nil
		}
		n, err := strconv.Atoi(strings.TrimPrefix(s, "^"))
		if err != nil {
			return 0, false, fmt.Errorf("score %q is not a number", s)
		}
		return n, true, nil
	}
	ns, okNS, err := get(nsCell)
	if err != nil {
		return 0, false, err
	}
	ew, okEW, err := get(ewCell)
	if err != nil {
		return 0, false, err
	}
	switch {
	case okNS && okEW && ns != -ew && ns != 0 && ew != 0:
		return 0, false, fmt.Errorf("scores NS %d and EW %d disagree", ns, ew)
	case okNS:
		return ns, true, nil
	case okEW:
		return -ew, true, nil
	}
	return 0, false, nil
}

// scoreTricks reads a Result cell: tricks won by declarer (0–13, PBN), or a
// result relative to the contract as travellers write it (=, +1, -2).
func scoreTricks(c bridge.Contract, s string) (int, error) {
	s = strings.TrimSpace(s)
	need := int(c.Level) + 6
	switch {
	case s == "=" || s == "+0" || s == "-0":
		return need, nil
	case strings.HasPrefix(s, "+") || strings.HasPrefix(s, "-"):
		n, err := strconv.Atoi(s)
		if err != nil {
			return 0, fmt.Errorf("result %q: want tricks or =, +N, -N", s)
		}
		return need + n, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, fmt.Errorf("result %q: want tricks or =, +N, -N", s)
	}
	return n, nil
}

// scoreAward reads a director's row's award for one side: its percentage
// at matchpoints; at IMPs its IMPs if given, else average-plus, average or
// average-minus as its percentage is above, at or below 50.
func scoreAward(tab *pbn.Table, r int, side string, imp bool) score.Award {
	num := func(col string) (float64, bool) {
		v := strings.TrimPrefix(strings.TrimSpace(tab.Value(r, col)), "^")
		f, err := strconv.ParseFloat(strings.TrimSuffix(v, "%"), 64)
		return f, err == nil && !math.IsNaN(f) && !math.IsInf(f, 0)
	}
	pct, hasPct := num("Percentage_" + side)
	if imp {
		if v, ok := num("IMP_" + side); ok {
			return score.IMPs(v)
		}
		switch {
		case !hasPct || pct == 50:
			return score.Ave
		case pct > 50:
			return score.AvePlus
		}
		return score.AveMinus
	}
	if hasPct {
		return score.Percent(pct)
	}
	return score.Ave
}

// scoreJSON is the --json output.
type scoreJSON struct {
	Method string           `json:"method"`
	Boards []scoreBoardJSON `json:"boards"`
	Totals []scoreTotalJSON `json:"totals"`
	Errors []string         `json:"errors,omitempty"`
}

type scoreBoardJSON struct {
	Board int            `json:"board"`
	Rows  []scoreRowJSON `json:"rows"`
}

type scoreRowJSON struct {
	NS       string   `json:"ns"`
	EW       string   `json:"ew"`
	Contract string   `json:"contract,omitempty"`
	Declarer string   `json:"declarer,omitempty"`
	Result   string   `json:"result,omitempty"`
	Kind     string   `json:"kind,omitempty"`
	Score    *int     `json:"score_ns,omitempty"`
	NSValue  *float64 `json:"ns_value,omitempty"` // MP or IMPs
	EWValue  *float64 `json:"ew_value,omitempty"`
	NSPct    *float64 `json:"ns_percent,omitempty"`
	EWPct    *float64 `json:"ew_percent,omitempty"`
	Datum    *int     `json:"datum,omitempty"`
	Error    string   `json:"error,omitempty"`
}

type scoreTotalJSON struct {
	Rank    int      `json:"rank"`
	Tied    bool     `json:"tied,omitempty"`
	Pair    string   `json:"pair"`
	Score   float64  `json:"score"`
	Percent *float64 `json:"percent,omitempty"`
	Boards  int      `json:"boards"`
}

// round2 rounds to two decimals for output.
func round2(v float64) float64 { return math.Round(v*100) / 100 }

func fmt2(v float64) string { return strconv.FormatFloat(round2(v)+0, 'f', 2, 64) }

func fmtNum(v float64) string {
	v = round2(v)
	if v == 0 {
		v = 0 // no "-0"
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}

// score scores the event, writes the computed columns into the file and
// returns the JSON form.
func (in *scoreInput) score(o score.Options) *scoreJSON {
	boards := make([]score.Board, len(in.boards))
	idx := make([][]*scoreRow, len(in.boards)) // Results index → row
	for i, b := range in.boards {
		boards[i].Number = b.number
		for _, sr := range b.rows {
			if sr.ok {
				boards[i].Results = append(boards[i].Results, sr.res)
				idx[i] = append(idx[i], sr)
			}
		}
	}
	sheet, err := score.Event(boards, o)
	bad := map[*scoreRow]error{}
	var re *score.RowError
	for _, e := range scoreUnjoin(err) {
		if errors.As(e, &re) {
			for i, b := range boards {
				if b.Number == re.Board && re.Row-1 < len(idx[i]) {
					sr := idx[i][re.Row-1]
					bad[sr] = re.Err
					row := slices.Index(in.boards[i].rows, sr) + 1
					in.errs = append(in.errs, fmt.Sprintf("%s: %v", in.where(sr.line, b.Number, row), re.Err))
					break
				}
			}
		} else if e != nil {
			in.errs = append(in.errs, e.Error())
		}
	}
	mp := o.Method == score.MatchpointScoring
	js := &scoreJSON{Method: o.Method.String()}
	cells := map[*scoreRow]scoreCell{}
	for i, bs := range sheet.Boards {
		for j, sr := range idx[i] {
			cells[sr] = scoreCell{bs.Scores[j], bs.OK[j]}
		}
	}
	for _, b := range in.boards {
		bj := scoreBoardJSON{Board: b.number}
		for _, sr := range b.rows {
			rj := scoreRowJSON{NS: sr.ns, EW: sr.ew, Contract: sr.contract, Declarer: sr.declarer, Result: sr.result}
			c := cells[sr]
			if !sr.ok || !c.ok {
				rj.Error = "not scored"
				if err, ok := bad[sr]; ok {
					rj.Error = err.Error()
				}
			} else {
				rj.Kind = sr.res.Kind.String()
				if sr.res.Kind == score.Played || sr.res.Kind == score.Assigned {
					s := sr.res.Score
					rj.Score = &s
				}
				nv, ev := round2(c.s.NS), round2(c.s.EW)
				rj.NSValue, rj.EWValue = &nv, &ev
				if mp {
					np, ep := round2(c.s.NSPct), round2(c.s.EWPct)
					rj.NSPct, rj.EWPct = &np, &ep
				}
				if c.s.HasDatum {
					d := c.s.Datum
					rj.Datum = &d
				}
			}
			bj.Rows = append(bj.Rows, rj)
		}
		js.Boards = append(js.Boards, bj)
	}
	for _, t := range sheet.Totals {
		tj := scoreTotalJSON{Rank: t.Rank, Tied: t.Tied, Pair: in.pairs[t.Pair-1], Score: round2(t.Score), Boards: t.Boards}
		if mp {
			p := round2(t.Percent)
			tj.Percent = &p
		}
		js.Totals = append(js.Totals, tj)
	}
	js.Errors = in.errs
	in.write(cells, sheet, o)
	return js
}

// scoreCell is a row's computed score.
type scoreCell struct {
	s  score.Scored
	ok bool // scored (not rejected)
}

// scoreUnjoin splits an errors.Join error into its parts.
func scoreUnjoin(err error) []error {
	if err == nil {
		return nil
	}
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		return j.Unwrap()
	}
	return []error{err}
}

// write puts the computed columns into each ScoreTable (or each one-result
// game's tags) and a TotalScoreTable into the first game.
func (in *scoreInput) write(cells map[*scoreRow]scoreCell, sheet *score.Sheet, o score.Options) {
	mp := o.Method == score.MatchpointScoring
	var cols []string
	switch o.Method {
	case score.MatchpointScoring:
		cols = []string{"MP_NS", "MP_EW", "Percentage_NS", "Percentage_EW"}
	case score.ButlerScoring:
		cols = []string{"IMP_NS", "IMP_EW", "ButlerDatum"}
	case score.CrossIMPScoring:
		cols = []string{"IMP_NS", "IMP_EW"}
	case score.TotalPointScoring:
		cols = []string{"Score_NS", "Score_EW"}
	}
	value := func(sr *scoreRow, col string) string {
		c, ok := cells[sr]
		if !sr.ok || !ok || !c.ok {
			return "?"
		}
		s := c.s
		switch col {
		case "MP_NS":
			return fmtNum(s.NS)
		case "MP_EW":
			return fmtNum(s.EW)
		case "Percentage_NS":
			return fmt2(s.NSPct)
		case "Percentage_EW":
			return fmt2(s.EWPct)
		case "IMP_NS", "Score_NS":
			return fmtNum(s.NS)
		case "IMP_EW", "Score_EW":
			return fmtNum(s.EW)
		case "ButlerDatum":
			if !s.HasDatum {
				return "-"
			}
			return strconv.Itoa(s.Datum)
		}
		return "?"
	}
	// Group rows by table tag.
	byTag := map[*pbn.Tag][]*scoreRow{}
	var order []*pbn.Tag
	for _, b := range in.boards {
		for _, sr := range b.rows {
			if sr.tag == nil {
				g := sr.game
				switch o.Method {
				case score.MatchpointScoring:
					g.SetTag("ScoreMP", "NS "+value(sr, "MP_NS")+" EW "+value(sr, "MP_EW"))
					g.SetTag("ScorePercentage", "NS "+value(sr, "Percentage_NS")+" EW "+value(sr, "Percentage_EW"))
				case score.ButlerScoring, score.CrossIMPScoring:
					g.SetTag("ScoreIMP", "NS "+value(sr, "IMP_NS")+" EW "+value(sr, "IMP_EW"))
				}
				continue
			}
			if _, ok := byTag[sr.tag]; !ok {
				order = append(order, sr.tag)
			}
			byTag[sr.tag] = append(byTag[sr.tag], sr)
		}
	}
	for _, t := range order {
		rows := byTag[t]
		g := rows[0].game
		tab, _ := g.Table(t.Name)
		if tab == nil {
			continue
		}
		for _, col := range cols {
			if tab.Index(col) < 0 {
				w := 6
				if col == "ButlerDatum" {
					w = 5
				}
				tab.Columns = append(tab.Columns, pbn.Column{Name: col, Width: w, Align: 'R'})
				for r := range tab.Rows {
					tab.Rows[r] = append(tab.Rows[r], "-")
				}
			}
		}
		for _, sr := range rows {
			if sr.row >= len(tab.Rows) {
				continue
			}
			for _, col := range cols {
				i := tab.Index(col)
				for len(tab.Rows[sr.row]) <= i {
					tab.Rows[sr.row] = append(tab.Rows[sr.row], "-")
				}
				tab.Rows[sr.row][i] = value(sr, col)
			}
		}
		g.SetTable(t.Name, tab)
	}
	// The totals.
	tot := &pbn.Table{Columns: []pbn.Column{{Name: "Rank", Width: 3, Align: 'R'}, {Name: "RankTie", Width: 5, Align: 'R'}, {Name: "PairId", Width: 6, Align: 'R'}}}
	if mp {
		tot.Columns = append(tot.Columns, pbn.Column{Name: "TotalScoreMP", Width: 8, Align: 'R'}, pbn.Column{Name: "TotalPercentage", Width: 6, Align: 'R'})
	} else {
		tot.Columns = append(tot.Columns, pbn.Column{Name: "TotalScoreIMP", Width: 8, Align: 'R'})
	}
	tot.Columns = append(tot.Columns, pbn.Column{Name: "NrBoards", Width: 3, Align: 'R'})
	for i, t := range sheet.Totals {
		tie := "-"
		if t.Tied {
			last := i
			for last+1 < len(sheet.Totals) && sheet.Totals[last+1].Rank == t.Rank {
				last++
			}
			first := slices.IndexFunc(sheet.Totals, func(x score.Total) bool { return x.Rank == t.Rank })
			tie = fmt.Sprintf("%d-%d", first+1, last+1)
		}
		row := []string{strconv.Itoa(t.Rank), tie, in.pairs[t.Pair-1], fmtNum(t.Score)}
		if mp {
			row = append(row, fmt2(t.Percent))
		}
		row = append(row, strconv.Itoa(t.Boards))
		tot.Rows = append(tot.Rows, row)
	}
	in.file.Games[0].SetTable("TotalScoreTable", tot)
}

// scoreTeams scores a teams event written one game per table (as RealBridge
// writes it): the two tables of a match on a board have the same teams, the
// home team sitting North-South at one and East-West at the other. Each
// game gets ScoreIMP "NS n EW −n" (Law 78B) and the first game a
// TotalScoreTable of the teams' IMPs.
func scoreTeams(in *scoreInput) *scoreJSON {
	type table struct {
		g     *pbn.Game
		board int
		home  string
		visit string
		score int
		imps  int
		done  bool
	}
	var tables []*table
	key := map[string]*table{}
	for _, g := range in.file.Games {
		bn, err := g.Board()
		if err != nil {
			in.errs = append(in.errs, fmt.Sprintf("%s:%d: %v", in.name, g.Line, err))
			continue
		}
		t := &table{g: g, board: int(bn), home: g.Tag("HomeTeam"), visit: g.Tag("VisitTeam")}
		s, err := g.Score()
		if err != nil {
			in.errs = append(in.errs, fmt.Sprintf("%s: %v", in.where(g.Line, t.board, 0), err))
			continue
		}
		t.score = s
		if t.home == "" || t.visit == "" {
			in.errs = append(in.errs, fmt.Sprintf("%s: no HomeTeam and VisitTeam", in.where(g.Line, t.board, 0)))
			continue
		}
		k := fmt.Sprintf("%d\x00%s\x00%s", t.board, t.home, t.visit)
		if key[k] != nil {
			in.errs = append(in.errs, fmt.Sprintf("%s: %s v %s listed twice on the board", in.where(g.Line, t.board, 0), t.home, t.visit))
			continue
		}
		key[k] = t
		tables = append(tables, t)
	}
	totals := map[string]float64{}
	boards := map[string]int{}
	var teams []string
	js := &scoreJSON{Method: "teams"}
	byBoard := map[int]*scoreBoardJSON{}
	var boardOrder []int
	for _, t := range tables {
		other := key[fmt.Sprintf("%d\x00%s\x00%s", t.board, t.visit, t.home)]
		bj := byBoard[t.board]
		if bj == nil {
			bj = &scoreBoardJSON{Board: t.board}
			byBoard[t.board] = bj
			boardOrder = append(boardOrder, t.board)
		}
		s := t.score
		rj := scoreRowJSON{NS: t.home, EW: t.visit, Score: &s}
		if other == nil {
			in.warns = append(in.warns, fmt.Sprintf("%s: %s v %s: no other table for this board: not scored", in.where(t.g.Line, t.board, 0), t.home, t.visit))
			rj.Error = "no other table"
			bj.Rows = append(bj.Rows, rj)
			continue
		}
		t.imps = score.MatchIMPs(t.score, other.score)
		t.done = true
		t.g.SetTag("ScoreIMP", fmt.Sprintf("NS %d EW %d", t.imps, -t.imps))
		v, w := float64(t.imps), float64(-t.imps)
		rj.NSValue, rj.EWValue = &v, &w
		bj.Rows = append(bj.Rows, rj)
		for _, team := range []string{t.home, t.visit} {
			if _, ok := boards[team]; !ok {
				teams = append(teams, team)
			}
		}
		// Each table's IMPs count for the team sitting North-South there:
		// its board total is this table's result against the other.
		totals[t.home] += float64(t.imps)
		boards[t.home]++
		boards[t.visit] += 0
	}
	slices.Sort(boardOrder)
	for _, b := range boardOrder {
		js.Boards = append(js.Boards, *byBoard[b])
	}
	ts := make([]score.Total, len(teams))
	for i, team := range teams {
		ts[i] = score.Total{Pair: i + 1, Score: totals[team], Boards: boards[team]}
	}
	slices.SortStableFunc(ts, func(a, b score.Total) int {
		switch {
		case a.Score > b.Score:
			return -1
		case a.Score < b.Score:
			return 1
		}
		return strings.Compare(teams[a.Pair-1], teams[b.Pair-1])
	})
	score.Rank(ts, func(t *score.Total) float64 { return t.Score })
	tot := &pbn.Table{Columns: []pbn.Column{{Name: "Rank", Width: 3, Align: 'R'}, {Name: "TeamName", Width: 12}, {Name: "TotalScoreIMP", Width: 6, Align: 'R'}}}
	for _, t := range ts {
		js.Totals = append(js.Totals, scoreTotalJSON{Rank: t.Rank, Tied: t.Tied, Pair: teams[t.Pair-1], Score: t.Score, Boards: t.Boards})
		tot.Rows = append(tot.Rows, []string{strconv.Itoa(t.Rank), teams[t.Pair-1], fmtNum(t.Score)})
	}
	if len(in.file.Games) > 0 {
		in.file.Games[0].SetTable("TotalScoreTable", tot)
	}
	js.Errors = in.errs
	return js
}
