package scoresheet

import (
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/bridgetd/bridgetd/pbn"
	"github.com/bridgetd/bridgetd/score"
)

// score scores the rows read, keeps each row's score for writing, builds
// the TotalScoreTable and returns the report.
func (in *sheet) score(o score.Options) *Report {
	boards := make([]score.Board, len(in.boards))
	idx := make([][]*row, len(in.boards)) // Results index → row
	for i, b := range in.boards {
		boards[i] = score.Board{Number: b.number, Results: b.results}
		idx[i] = b.ok
	}
	if o.Method == score.MatchpointScoring && in.opts.Field != FieldOwn {
		field := in.opts.Field
		if field <= 0 {
			field = score.Field(boards)
		}
		for i := range boards {
			boards[i].Expected = field
		}
	}
	sh, err := score.Event(boards, o)
	travel := sh
	if in.opts.Raw && o.Method == score.MatchpointScoring {
		raw := make([]score.Board, len(boards))
		for i, b := range boards {
			raw[i] = score.Board{Number: b.Number, Results: b.Results}
		}
		ro := o
		ro.MP.Neuberg = false
		travel, _ = score.Event(raw, ro) // the same rows: the same errors
	}
	var re *score.RowError
	for _, e := range unjoin(err) {
		if errors.As(e, &re) {
			for i, b := range boards {
				if b.Number == re.Board && re.Row-1 < len(idx[i]) {
					sr := idx[i][re.Row-1]
					sr.err = re.Err
					n := slices.Index(in.boards[i].rows, sr) + 1
					in.errs = append(in.errs, fmt.Sprintf("%s: %v", in.where(sr.line, b.Number, n), re.Err))
					break
				}
			}
		} else if e != nil {
			in.errs = append(in.errs, e.Error())
		}
	}
	for i, bs := range travel.Boards {
		for j, sr := range idx[i] {
			sr.cell, sr.scored = bs.Scores[j], bs.OK[j]
		}
	}
	mp := o.Method == score.MatchpointScoring
	rep := &Report{Method: o.Method.String()}
	for _, b := range in.boards {
		if !in.detail {
			break
		}
		bj := BoardScore{Board: b.number}
		for _, sr := range b.rows {
			rj := Row{NS: sr.ns, EW: sr.ew, Contract: sr.contract, Declarer: sr.declarer, Result: sr.result, Play: sr.play}
			c := sr.cell
			if !sr.ok || !sr.scored {
				rj.Error = "not scored"
				if sr.err != nil {
					rj.Error = sr.err.Error()
				}
			} else {
				res := &b.results[sr.at]
				rj.Kind = res.Kind.String()
				if res.Kind == score.Played || res.Kind == score.Assigned {
					s := res.Score
					rj.Score = &s
				}
				nv, ev := round2(c.NS), round2(c.EW)
				rj.NSValue, rj.EWValue = &nv, &ev
				if mp {
					np, ep := round2(c.NSPct), round2(c.EWPct)
					rj.NSPct, rj.EWPct = &np, &ep
				}
				if c.HasDatum {
					d := c.Datum
					rj.Datum = &d
				}
			}
			bj.Rows = append(bj.Rows, rj)
		}
		rep.Boards = append(rep.Boards, bj)
	}
	ranked := in.rank(sh.Totals, boards, mp)
	for _, t := range ranked {
		tj := Total{Direction: t.dir, Rank: t.Rank, Tied: t.Tied, Pair: in.pairs[t.Pair-1], Score: round2(t.Score), Boards: t.Boards}
		if mp {
			p := round2(t.Percent)
			tj.Percent = &p
		}
		if t.scaled {
			sum := round2(t.sum)
			tj.Sum = &sum
		}
		rep.Totals = append(rep.Totals, tj)
	}
	rep.Errors, rep.Warnings = in.errs, in.warns
	in.totals = totalTable(ranked, in.pairs, mp)
	in.cols = columns(o.Method)
	in.scoring = o.Method
	return rep
}

// total is a pair's total as ranked: in its field, perhaps pro-rated.
type total struct {
	score.Total
	dir    string  // "NS" or "EW" in a two-field ranking, else ""
	scaled bool    // Score is pro-rated from sum
	sum    float64 // the unscaled total
}

// rank ranks the totals in one field or two (Options.Fields) and, with
// Options.ProRate, scales the total of a pair with fewer boards than the
// most of its field; matchpoint pairs rank by percentage, the others by
// total (NSWBA 12.1: any difference separates two pairs).
func (in *sheet) rank(totals []score.Total, boards []score.Board, mp bool) []total {
	dir := in.directions(boards)
	out := make([]total, len(totals))
	full := map[string]int{}
	for i, t := range totals {
		out[i] = total{Total: t, sum: t.Score}
		if dir != nil {
			out[i].dir = dir[t.Pair]
		}
		full[out[i].dir] = max(full[out[i].dir], t.Boards)
	}
	if in.opts.ProRate {
		for i := range out {
			t := &out[i]
			if n := full[t.dir]; t.Boards > 0 && t.Boards < n {
				t.Score = t.sum * float64(n) / float64(t.Boards)
				t.scaled = true
			}
		}
	}
	key := func(t *score.Total) float64 {
		if mp {
			return t.Percent
		}
		return t.Score
	}
	slices.SortStableFunc(out, func(a, b total) int {
		if c := strings.Compare(a.dir, b.dir); c != 0 {
			return -c // NS before EW
		}
		if c := cmpFloat(key(&b.Total), key(&a.Total)); c != 0 {
			return c
		}
		return a.Pair - b.Pair
	})
	for lo := 0; lo < len(out); {
		hi := lo
		for hi < len(out) && out[hi].dir == out[lo].dir {
			hi++
		}
		field := make([]score.Total, hi-lo)
		for i := range field {
			field[i] = out[lo+i].Total
		}
		score.Rank(field, key)
		for i := range field {
			out[lo+i].Rank, out[lo+i].Tied = field[i].Rank, field[i].Tied
		}
		lo = hi
	}
	return out
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// directions returns each pair's direction when the pairs are ranked in
// two fields, or nil for one field. FieldsAuto ranks two fields when no
// pair sat both ways and both ways have pairs.
func (in *sheet) directions(boards []score.Board) map[int]string {
	if in.opts.Fields == OneField {
		return nil
	}
	dir := map[int]string{}
	both := false
	set := func(p int, d string) {
		if old, ok := dir[p]; ok && old != d {
			both = true
		}
		dir[p] = d
	}
	for _, b := range boards {
		for _, r := range b.Results {
			set(r.NS, "NS")
			set(r.EW, "EW")
		}
	}
	if in.opts.Fields == FieldsAuto && both {
		return nil
	}
	if both { // TwoFields asked: a pair that sat both ways goes where it sat most
		count := map[int]int{}
		for _, b := range boards {
			for _, r := range b.Results {
				count[r.NS]++
				count[r.EW]--
			}
		}
		for p, c := range count {
			dir[p] = "NS"
			if c < 0 {
				dir[p] = "EW"
			}
		}
	}
	ns, ew := false, false
	for _, d := range dir {
		ns, ew = ns || d == "NS", ew || d == "EW"
	}
	if !ns || !ew {
		return nil
	}
	return dir
}

// totalTable returns the TotalScoreTable of the ranked totals; with two
// fields it starts with the Direction column.
func totalTable(totals []total, pairs []string, mp bool) *pbn.Table {
	tot := &pbn.Table{Columns: []pbn.Column{{Name: "Rank", Width: 3, Align: 'R'}, {Name: "RankTie", Width: 5, Align: 'R'}, {Name: "PairId", Width: 6, Align: 'R'}}}
	two := len(totals) > 0 && totals[0].dir != ""
	if two {
		tot.Columns = append([]pbn.Column{{Name: "Direction", Width: 2}}, tot.Columns...)
	}
	if mp {
		tot.Columns = append(tot.Columns, pbn.Column{Name: "TotalScoreMP", Width: 8, Align: 'R'}, pbn.Column{Name: "TotalPercentage", Width: 6, Align: 'R'})
	} else {
		tot.Columns = append(tot.Columns, pbn.Column{Name: "TotalScoreIMP", Width: 8, Align: 'R'})
	}
	tot.Columns = append(tot.Columns, pbn.Column{Name: "NrBoards", Width: 3, Align: 'R'})
	for i, t := range totals {
		tie := "-"
		if t.Tied {
			first, last := i, i
			for first > 0 && totals[first-1].Rank == t.Rank && totals[first-1].dir == t.dir {
				first--
			}
			for last+1 < len(totals) && totals[last+1].Rank == t.Rank && totals[last+1].dir == t.dir {
				last++
			}
			tie = fmt.Sprintf("%d-%d", t.Rank, t.Rank+last-first)
		}
		r := []string{strconv.Itoa(t.Rank), tie, pairs[t.Pair-1], fmtNum(t.Score)}
		if two {
			r = append([]string{t.dir}, r...)
		}
		if mp {
			r = append(r, fmt2(t.Percent))
		}
		r = append(r, strconv.Itoa(t.Boards))
		tot.Rows = append(tot.Rows, r)
	}
	return tot
}

// columns returns the ScoreTable columns a method fills in.
func columns(m score.Method) []string {
	switch m {
	case score.MatchpointScoring:
		return []string{"MP_NS", "MP_EW", "Percentage_NS", "Percentage_EW"}
	case score.ButlerScoring:
		return []string{"IMP_NS", "IMP_EW", "ButlerDatum"}
	case score.CrossIMPScoring:
		return []string{"IMP_NS", "IMP_EW"}
	case score.TotalPointScoring:
		return []string{"Score_NS", "Score_EW"}
	}
	return nil
}

// value returns the text of a computed column for a row, "?" if the row
// was not scored.
func (sr *row) value(col string) string {
	if !sr.ok || !sr.scored {
		return "?"
	}
	s := sr.cell
	switch col {
	case "MP_NS", "IMP_NS", "Score_NS":
		return fmtNum(s.NS)
	case "MP_EW", "IMP_EW", "Score_EW":
		return fmtNum(s.EW)
	case "Percentage_NS":
		return fmt2(s.NSPct)
	case "Percentage_EW":
		return fmt2(s.EWPct)
	case "ButlerDatum":
		if !s.HasDatum {
			return "-"
		}
		return strconv.Itoa(s.Datum)
	}
	return "?"
}

// scoreTeams scores a teams event written one game per table: the two
// tables of a match on a board have the same teams, the home team sitting
// North-South at one and East-West at the other. Each table gets its IMPs
// against the other (Law 78B), each team the IMPs of the tables where it
// sat North-South.
func (in *sheet) scoreTeams() *Report {
	totals := map[string]float64{}
	boards := map[string]int{}
	var teams []string
	rep := &Report{Method: "teams"}
	byBoard := map[int]*BoardScore{}
	var boardOrder []int
	for _, t := range in.tables {
		other := in.teamKey[teamKey(t.board, t.visit, t.home)]
		bj := byBoard[t.board]
		if bj == nil {
			bj = &BoardScore{Board: t.board}
			byBoard[t.board] = bj
			boardOrder = append(boardOrder, t.board)
		}
		s := t.score
		rj := Row{NS: t.home, EW: t.visit, Score: &s, Play: t.play}
		if other == nil {
			in.warns = append(in.warns, fmt.Sprintf("%s: %s v %s: no other table for this board: not scored", in.where(t.line, t.board, 0), t.home, t.visit))
			rj.Error = "no other table"
			bj.Rows = append(bj.Rows, rj)
			continue
		}
		t.imps = score.MatchIMPs(t.score, other.score)
		t.done = true
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
		rep.Boards = append(rep.Boards, *byBoard[b])
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
		rep.Totals = append(rep.Totals, Total{Rank: t.Rank, Tied: t.Tied, Pair: teams[t.Pair-1], Score: t.Score, Boards: t.Boards})
		tot.Rows = append(tot.Rows, []string{strconv.Itoa(t.Rank), teams[t.Pair-1], fmtNum(t.Score)})
	}
	in.totals = tot
	rep.Errors, rep.Warnings = in.errs, in.warns
	return rep
}

// write reads the file again game by game, puts the scores into each game
// and writes it: the computed columns into each ScoreTable, ScoreMP and
// ScorePercentage (or ScoreIMP) into each one-result game, and the
// TotalScoreTable into the first game.
func (in *sheet) write(d *pbn.Decoder, w io.Writer) error {
	enc := d.NewEncoder(w)
	ri, ti := 0, 0
	for gi := 0; ; gi++ {
		g, err := d.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		if in.method == "teams" {
			for ti < len(in.tables) && in.tables[ti].game < gi {
				ti++
			}
			if ti < len(in.tables) && in.tables[ti].game == gi && in.tables[ti].done {
				t := in.tables[ti]
				g.SetTag("ScoreIMP", fmt.Sprintf("NS %d EW %d", t.imps, -t.imps))
			}
		} else {
			for ri < len(in.rows) && in.rows[ri].game < gi {
				ri++
			}
			j := ri
			for j < len(in.rows) && in.rows[j].game == gi {
				j++
			}
			in.fill(g, in.rows[ri:j])
			ri = j
		}
		if gi == 0 && in.totals != nil {
			g.SetTable("TotalScoreTable", in.totals)
		}
		if err := enc.Encode(g); err != nil {
			return err
		}
	}
	return enc.Close()
}

// fill puts the scores of one game's rows into it.
func (in *sheet) fill(g *pbn.Game, rows []*row) {
	var inTable []*row
	for _, sr := range rows {
		if sr.table >= 0 {
			inTable = append(inTable, sr)
			continue
		}
		switch in.scoring {
		case score.MatchpointScoring:
			g.SetTag("ScoreMP", "NS "+sr.value("MP_NS")+" EW "+sr.value("MP_EW"))
			g.SetTag("ScorePercentage", "NS "+sr.value("Percentage_NS")+" EW "+sr.value("Percentage_EW"))
		case score.ButlerScoring, score.CrossIMPScoring:
			g.SetTag("ScoreIMP", "NS "+sr.value("IMP_NS")+" EW "+sr.value("IMP_EW"))
		}
	}
	if len(inTable) == 0 {
		return
	}
	tab, _ := g.Table("ScoreTable")
	if tab == nil {
		return
	}
	for _, col := range in.cols {
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
	for _, sr := range inTable {
		if sr.table >= len(tab.Rows) {
			continue
		}
		for _, col := range in.cols {
			i := tab.Index(col)
			for len(tab.Rows[sr.table]) <= i {
				tab.Rows[sr.table] = append(tab.Rows[sr.table], "-")
			}
			tab.Rows[sr.table][i] = sr.value(col)
		}
	}
	g.SetTable("ScoreTable", tab)
}

// unjoin splits an errors.Join error into its parts.
func unjoin(err error) []error {
	if err == nil {
		return nil
	}
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		return j.Unwrap()
	}
	return []error{err}
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
