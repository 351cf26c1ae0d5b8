package scoresheet

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/pbn"
	"github.com/bridgetd/bridgetd/score"
)

// read gathers the rows of game gi: its ScoreTable's rows, or the game's
// own result when it has none. imp is true for the IMP methods, where a
// director's row is read as IMPs or an average.
func (in *sheet) read(gi int, g *pbn.Game, imp bool) {
	bn, err := g.Board()
	if err != nil {
		in.errs = append(in.errs, fmt.Sprintf("%s:%d: %v", in.name, g.Line, err))
		return
	}
	vul, err := g.Vulnerability()
	if err != nil {
		vul = bn.Vulnerability()
	}
	b := in.board(int(bn))
	if t := g.Find("ScoreTable"); t != nil {
		tab, err := g.Table("ScoreTable")
		if err != nil && tab == nil {
			in.errs = append(in.errs, fmt.Sprintf("%s: %v", in.where(t.Line, b.number, 0), err))
			return
		}
		if err != nil { // a row of the wrong width: say so, keep the rest
			in.errs = append(in.errs, fmt.Sprintf("%s: %v", in.where(t.Line, b.number, 0), err))
		}
		for r := range tab.Rows {
			sr := &row{game: gi, table: r, line: t.SectionLine(r), board: b.number}
			sr.ns, sr.ew = strings.Clone(tab.Value(r, "PairId_NS")), strings.Clone(tab.Value(r, "PairId_EW"))
			if in.detail {
				sr.contract, sr.declarer, sr.result = strings.Clone(tab.Value(r, "Contract")), strings.Clone(tab.Value(r, "Declarer")), strings.Clone(tab.Value(r, "Result"))
			} else {
				sr.contract, sr.declarer, sr.result = tab.Value(r, "Contract"), tab.Value(r, "Declarer"), tab.Value(r, "Result")
			}
			res, err := in.rowResult(sr, tab, r, vul, imp)
			in.add(b, sr, res, err)
			if !in.detail { // free the game's text
				sr.contract, sr.declarer, sr.result = "", "", ""
			}
		}
		return
	}
	if g.Find("Contract") == nil {
		return
	}
	sr := &row{game: gi, table: -1, line: g.Line, board: b.number}
	ns := in.pair(strings.TrimSpace(g.Tag("North") + " & " + g.Tag("South")))
	ew := in.pair(strings.TrimSpace(g.Tag("East") + " & " + g.Tag("West")))
	sr.ns, sr.ew = in.pairs[ns-1], in.pairs[ew-1] // shared, not copied
	if in.detail {
		sr.play = gamePlay(g)
	}
	s, err := g.Score()
	in.add(b, sr, score.Table(ns, ew, s), err)
}

// add adds a row to its board; a row read without error has its result
// in the board's traveller.
func (in *sheet) add(b *board, sr *row, res score.Result, err error) {
	b.rows = append(b.rows, sr)
	in.rows = append(in.rows, sr)
	if err != nil {
		in.errs = append(in.errs, fmt.Sprintf("%s: %v", in.where(sr.line, b.number, len(b.rows)), err))
		return
	}
	sr.ok = true
	sr.at = int32(len(b.results))
	b.results = append(b.results, res)
	b.ok = append(b.ok, sr)
}

// rowResult reads one ScoreTable row (PBN 2.1 §5.9): the pairs, and the
// contract, declarer and result, or a director's score.
func (in *sheet) rowResult(sr *row, tab *pbn.Table, r int, vul bridge.Vulnerability, imp bool) (score.Result, error) {
	var none score.Result
	if sr.ns == "" || sr.ns == "-" || sr.ew == "" || sr.ew == "-" {
		return none, errors.New("no PairId_NS or PairId_EW")
	}
	ns, ew := in.pair(sr.ns), in.pair(sr.ew)
	sr.ns, sr.ew = in.pairs[ns-1], in.pairs[ew-1] // shared, not copied
	recorded, hasScore, err := recordedScore(tab.Value(r, "Score_NS"), tab.Value(r, "Score_EW"))
	if err != nil {
		return none, err
	}
	con := strings.TrimSpace(sr.contract)
	artificial := strings.EqualFold(con, "TD") || strings.HasPrefix(con, "^") ||
		((con == "" || con == "-") && !hasScore)
	if artificial {
		return score.ArtificialScore(ns, ew, award(tab, r, "NS", imp), award(tab, r, "EW", imp)), nil
	}
	if con == "" || con == "-" { // a score without a contract: assigned
		return score.AssignedScore(ns, ew, recorded), nil
	}
	c, err := bridge.ParseContract(con)
	if err != nil {
		return none, fmt.Errorf("contract %q: %w", con, err)
	}
	if c.IsPassedOut() {
		if in.detail {
			sr.play = &Play{Contract: c}
		}
		return score.Table(ns, ew, 0), nil
	}
	decl, err := bridge.ParseSeat(sr.declarer)
	if err != nil {
		return none, fmt.Errorf("declarer %q: %w", sr.declarer, err)
	}
	tricks, err := tricks(c, sr.result)
	if err != nil {
		return none, err
	}
	s, err := score.TableScore(c, decl, tricks, vul)
	if err != nil {
		return none, err
	}
	if in.detail {
		sr.play = &Play{Contract: c, Declarer: decl, Tricks: tricks, Lead: leadText(tab.Value(r, "Lead"))}
	}
	if hasScore {
		d, use, _ := score.CheckScore(c, decl, tricks, vul, recorded)
		if d != score.ScoreAgrees {
			in.warns = append(in.warns, fmt.Sprintf("%s: recorded %d, %s %s by %s makes %d: NSWBA 13.6: %v",
				in.where(sr.line, sr.board, r+1), recorded, con, sr.result, sr.declarer, s, d))
		}
		if d == score.WrongSide {
			return score.ArtificialScore(ns, ew, score.Ave, score.Ave), nil
		}
		s = use
	}
	return score.Table(ns, ew, s), nil
}

// recordedScore reads the Score_NS and Score_EW cells: one holds the
// score, the other "-".
func recordedScore(nsCell, ewCell string) (int, bool, error) {
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

// tricks reads a Result cell of a score table: the tricks won by declarer
// (0–13, as PBN writes them), or the result against the contract as
// travellers write it (=, +1, -2). The whole cell must be the number.
func tricks(c bridge.Contract, s string) (int, error) {
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

// award reads a director's row's award for one side: its percentage at
// matchpoints; at IMPs its IMPs if given, else average-plus, average or
// average-minus as its percentage is above, at or below 50.
func award(tab *pbn.Table, r int, side string, imp bool) score.Award {
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

// table is one table of a teams match on a board (one game of the file).
type table struct {
	game  int
	line  int
	board int
	home  string
	visit string
	play  *Play // with detail: how it was played
	score int
	imps  int
	done  bool
}

// readTeams reads game gi as one table of a teams match (as RealBridge
// writes them): the board, the teams (HomeTeam sitting North-South) and
// the table's score.
func (in *sheet) readTeams(gi int, g *pbn.Game) {
	if in.teamKey == nil {
		in.teamKey = map[string]*table{}
	}
	bn, err := g.Board()
	if err != nil {
		in.errs = append(in.errs, fmt.Sprintf("%s:%d: %v", in.name, g.Line, err))
		return
	}
	t := &table{game: gi, line: g.Line, board: int(bn), home: strings.Clone(g.Tag("HomeTeam")), visit: strings.Clone(g.Tag("VisitTeam"))}
	s, err := g.Score()
	if err != nil {
		in.errs = append(in.errs, fmt.Sprintf("%s: %v", in.where(g.Line, t.board, 0), err))
		return
	}
	t.score = s
	if in.detail {
		t.play = gamePlay(g)
	}
	if t.home == "" || t.visit == "" {
		in.errs = append(in.errs, fmt.Sprintf("%s: no HomeTeam and VisitTeam", in.where(g.Line, t.board, 0)))
		return
	}
	k := teamKey(t.board, t.home, t.visit)
	if in.teamKey[k] != nil {
		in.errs = append(in.errs, fmt.Sprintf("%s: %s v %s listed twice on the board", in.where(g.Line, t.board, 0), t.home, t.visit))
		return
	}
	in.teamKey[k] = t
	in.tables = append(in.tables, t)
}

func teamKey(board int, home, visit string) string {
	return fmt.Sprintf("%d\x00%s\x00%s", board, home, visit)
}

// gamePlay reads how a one-table game was played from its Contract,
// Declarer and Result tags and the first card of its play; nil if they
// cannot be read.
func gamePlay(g *pbn.Game) *Play {
	c, d, err := g.Contract()
	if err != nil {
		return nil
	}
	if c.IsPassedOut() {
		return &Play{Contract: c}
	}
	t, err := g.Result()
	if err != nil {
		return nil
	}
	p := &Play{Contract: c, Declarer: d, Tricks: t}
	if pl, err := g.Play(); err == nil && len(pl.Tricks) > 0 && pl.Tricks[0].Known[0] {
		p.Lead = leadText(pl.Tricks[0].Cards[0].ASCII())
	}
	return p
}

// leadText writes a lead as a ScoreTable's Lead column gives it ("CA",
// "C10", "HT") with the suit symbol first and the ten as 10: "♣A", "♥10".
// Text that is not a card is kept as it is; "-" is no lead.
func leadText(s string) string {
	s = strings.TrimSpace(s)
	if s == "" || s == "-" {
		return ""
	}
	su, err := bridge.ParseSuit(s[:1])
	if err != nil {
		return s
	}
	rank := strings.ToUpper(s[1:])
	if rank == "T" {
		rank = "10"
	}
	return su.String() + rank
}
