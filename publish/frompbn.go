package publish

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/dd"
	"github.com/bridgetd/bridgetd/ddtag"
	"github.com/bridgetd/bridgetd/event"
	"github.com/bridgetd/bridgetd/pbn"
	"github.com/bridgetd/bridgetd/scoresheet"
)

// PBNOptions says how FromPBN scores and solves an event recorded in PBN.
type PBNOptions struct {
	// Method is "mp", "butler", "cross-imp" or "teams"; "" takes it from
	// the first game's Scoring and Competition tags (scoresheet.Options).
	Method string
	// Solve solves each deal for its double-dummy table and par (a sound
	// DoubleDummyTricks tag stands for a solve); without it the boards
	// carry their numbers only, for outputs without hand diagrams.
	Solve bool
	// DD says how the deals are solved.
	DD ddtag.Options
	// Analyse analyses every game's play record double dummy (ddtag.Analyse)
	// and gives it to its traveller row (Row.Play) and its board
	// (Board.Plays).
	Analyse bool
}

// FromPBN scores the event in src, a PBN file named name, with package
// scoresheet (matchpoints factored by Neuberg) and gathers what the site
// shows: the rankings (North–South and East–West apart when no pair sat
// both ways), every traveller with how each row was played, and with
// o.Solve each board's diagram, double-dummy table and par. The report
// holds the rows that could not be scored and the warnings. An unknown
// method is scoresheet.ErrMethod.
func FromPBN(ctx context.Context, src io.ReadSeeker, name string, o PBNOptions) (*Results, *scoresheet.Report, error) {
	switch o.Method {
	case "", "mp", "butler", "cross-imp", "teams":
	default:
		return nil, nil, fmt.Errorf("%w %q: want mp, butler, cross-imp or teams", scoresheet.ErrMethod, o.Method)
	}
	f, err := pbn.NewDecoder(src, name).ReadAll()
	if err != nil {
		return nil, nil, err
	}
	if len(f.Games) == 0 {
		return nil, nil, fmt.Errorf("%s: no games", name)
	}
	if _, err := src.Seek(0, io.SeekStart); err != nil {
		return nil, nil, fmt.Errorf("%s: %w", name, err)
	}
	rep, err := scoresheet.Score(src, name, scoresheet.Options{Method: o.Method, Neuberg: true, Rows: true}, nil)
	if err != nil {
		return nil, nil, err
	}
	deals := map[int]Board{}
	if o.Solve {
		solved, err := ddtag.Solve(ctx, f.Games, o.DD)
		if err != nil {
			return nil, nil, err
		}
		for _, b := range Boards(solved) {
			if _, ok := deals[b.Number]; !ok {
				deals[b.Number] = b
			}
		}
	}
	g0 := f.Games[0]
	r := &Results{Title: g0.Tag("Event"), Date: g0.Tag("Date"), Venue: g0.Tag("Site"), Form: IMPs, Method: rep.Method}
	switch rep.Method {
	case "teams":
		r.Form = Teams
	case "mp", "matchpoints":
		r.Form = Matchpoints
	}
	for _, bs := range rep.Boards {
		br := BoardResult{Board: deals[bs.Board]}
		br.Number = bs.Board
		for _, rs := range bs.Rows {
			br.Rows = append(br.Rows, row(rs))
		}
		r.Boards = append(r.Boards, br)
	}
	if o.Analyse {
		played, err := ddtag.Analyse(ctx, f.Games, o.DD)
		if err != nil {
			return nil, nil, err
		}
		attachRowPlays(r, played, rep.Method == "teams")
	}
	r.Entrants = pbnEntrants(f, rep)
	r.Fields = pbnFields(rep)
	return r, rep, nil
}

// attachRowPlays gives each traveller row the analysed play of its table,
// found by the board and the two sides as package scoresheet names them
// (a teams table by HomeTeam, sitting North–South, and VisitTeam; a pair
// by its players, "North & South"), and each board its plays.
func attachRowPlays(r *Results, played []*ddtag.Played, teams bool) {
	key := func(board int, ns, ew string) string { return fmt.Sprintf("%d\x00%s\x00%s", board, ns, ew) }
	byKey := map[string]*Played{}
	for _, a := range played {
		g := a.Game
		ns, ew := g.Tag("HomeTeam"), g.Tag("VisitTeam")
		if !teams {
			ns = strings.TrimSpace(g.Tag("North") + " & " + g.Tag("South"))
			ew = strings.TrimSpace(g.Tag("East") + " & " + g.Tag("West"))
		}
		k := key(int(a.Number), ns, ew)
		if _, dup := byKey[k]; dup {
			byKey[k] = nil // two tables alike: neither is attached
			continue
		}
		p := NewPlayed(a)
		byKey[k] = &p
	}
	for i := range r.Boards {
		b := &r.Boards[i]
		for j := range b.Rows {
			row := &b.Rows[j]
			p := byKey[key(b.Number, row.NS, row.EW)]
			if p == nil || !row.HasContract || row.Contract != p.Contract || row.Declarer != p.Declarer {
				continue
			}
			row.Play = p
			b.Plays = append(b.Plays, *p)
		}
	}
}

// SolveBoards gives each board with a whole deal its double-dummy table
// (package dd), for results read from a file that carries the hands but
// not their tables (USEBIO's HANDSET).
func SolveBoards(ctx context.Context, boards []BoardResult, o dd.BatchOptions) error {
	var deals []bridge.Deal
	var at []int
	for i := range boards {
		if boards[i].Tricks == nil && boards[i].Deal.Validate() == nil {
			deals = append(deals, boards[i].Deal)
			at = append(at, i)
		}
	}
	if len(deals) == 0 {
		return nil
	}
	tables, err := dd.Tables(ctx, deals, o)
	if err != nil {
		return err
	}
	for k, i := range at {
		t := tables[k]
		boards[i].Tricks = &t
	}
	return nil
}

// Boards turns solved games into boards with their diagrams and tables.
func Boards(solved []*ddtag.Board) []Board {
	out := make([]Board, len(solved))
	for i, b := range solved {
		t := b.Table
		out[i] = Board{Number: int(b.Number), Dealer: b.Dealer, Vul: b.Vul, Deal: b.Deal, Tricks: &t}
	}
	return out
}

// row is one scored row of a traveller.
func row(rs scoresheet.Row) Row {
	r := Row{NS: rs.NS, EW: rs.EW, Scored: rs.Error == "", Error: rs.Error}
	if rs.Score != nil {
		r.HasScore, r.Score = true, *rs.Score
	}
	if rs.NSValue != nil {
		r.NSMP, r.EWMP = *rs.NSValue, *rs.EWValue
	}
	if rs.NSPct != nil {
		r.NSPct, r.EWPct = *rs.NSPct, *rs.EWPct
	}
	if p := rs.Play; p != nil {
		r.HasContract, r.Contract, r.Declarer, r.Tricks, r.Lead = true, p.Contract, p.Declarer, p.Tricks, p.Lead
	} else if rs.Kind != "" && rs.Kind != "played" {
		r.Note = "Director: " + rs.Kind
	}
	return r
}

// pbnEntrants names the pairs or teams: a team by its players (the names
// in its games, without RealBridge's "#number").
func pbnEntrants(f *pbn.File, rep *scoresheet.Report) []Entrant {
	players := map[string][]string{}
	if rep.Method == "teams" {
		for _, g := range f.Games {
			add := func(team string, seats ...string) {
				for _, s := range seats {
					n, _, _ := strings.Cut(g.Tag(s), "#")
					if n = strings.TrimSpace(n); n != "" && !slices.Contains(players[team], n) {
						players[team] = append(players[team], n)
					}
				}
			}
			add(g.Tag("HomeTeam"), "North", "South")
			add(g.Tag("VisitTeam"), "East", "West")
		}
	}
	var out []Entrant
	seen := map[string]bool{}
	for _, t := range rep.Totals {
		seen[t.Pair] = true
		out = append(out, Entrant{ID: t.Pair, Names: strings.Join(players[t.Pair], ", ")})
	}
	for _, b := range rep.Boards {
		for _, r := range b.Rows {
			for _, id := range []string{r.NS, r.EW} {
				if !seen[id] {
					seen[id] = true
					out = append(out, Entrant{ID: id})
				}
			}
		}
	}
	return out
}

// pbnFields turns the totals into rankings: one, or North–South and
// East–West when scoresheet ranked the pairs in two fields (a two-winner
// movement: no pair sat both ways).
func pbnFields(rep *scoresheet.Report) []Field {
	var fs fieldSet
	for _, t := range rep.Totals {
		s := Standing{Place: t.Rank, Tied: t.Tied, Entrant: t.Pair, Score: t.Score, Boards: t.Boards}
		if t.Percent != nil {
			s.Percent = *t.Percent
		}
		fs.add(t.Direction, s)
	}
	return fs.fields
}

// fieldSet gathers standings into rankings, one per field (FieldNS,
// FieldEW, or "" for the only one), in the order the fields come.
type fieldSet struct {
	fields []Field
	index  map[string]int
}

func (fs *fieldSet) add(field string, s Standing) {
	i, ok := fs.index[field]
	if !ok {
		if fs.index == nil {
			fs.index = map[string]int{}
		}
		i = len(fs.fields)
		fs.index[field] = i
		fs.fields = append(fs.fields, Field{Name: event.FieldName(field)})
	}
	fs.fields[i].Standings = append(fs.fields[i].Standings, s)
}
