package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/event"
	"github.com/bridgetd/bridgetd/movement"
	"github.com/bridgetd/bridgetd/pbn"
	"github.com/bridgetd/bridgetd/publish"
	"github.com/bridgetd/bridgetd/score"
	"github.com/bridgetd/bridgetd/textfile"
)

func init() {
	register(&command{
		name:    "publish",
		usage:   "[--method mp|butler|cross-imp|teams] [-j N] -o DIR FILE.pbn|EVENT.json",
		summary: "publish a scored event as a static site (rankings, travellers, score cards, charts) with results and hand records as PDF",
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

func runPublish(e *env, args []string) error {
	c := commands["publish"]
	fs := newFlagSet(e, c)
	out := fs.String("o", "", "directory to write the site into (made if needed)")
	method := fs.String("method", "", "mp, butler, cross-imp or teams (default: from the file's Scoring tag)")
	workers := fs.Int("j", 0, "number of deals solved at once (default: one per CPU)")
	pos, err := parseArgs(fs, args, 1)
	if err != nil {
		return err
	}
	if *out == "" || *workers < 0 {
		fmt.Fprintln(e.stderr, "bridgetd publish: -o DIR is required and -j must be 0 or more")
		return errUsage
	}
	var r *publish.Results
	if strings.HasSuffix(strings.ToLower(pos[0]), ".json") {
		r, err = publishEvent(pos[0])
	} else {
		var f *pbn.File
		if f, err = readPBN(e, pos[0]); err == nil {
			r, err = publishResults(e, f, pos[0], *method, *workers)
		}
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
	var boards []publish.Board
	for _, b := range r.Boards {
		if b.Tricks != nil {
			boards = append(boards, b.Board)
		}
	}
	if len(r.Boards) == 0 {
		return nil
	}
	o := publish.HandRecordOptions{Title: r.Title, Date: r.Date}
	return writeOutput(e, filepath.Join(*out, "handrecords.pdf"), func(w io.Writer) error { return publish.HandRecordsPDF(w, boards, o) })
}

// publishResults scores a PBN event with the score command's reading of
// it and gathers what the site shows. It is the one place the publish
// command reads the score and solve commands' workings (scoreInput,
// scoreTeams, solveFile); when they move into packages this is what
// changes.
//
// workers is the number of deals solved at once for the double-dummy
// tables and par (0: one per CPU); below 0 the deals are not solved and the
// boards carry their numbers only, for outputs without hand diagrams.
func publishResults(e *env, f *pbn.File, name, method string, workers int) (*publish.Results, error) {
	if len(f.Games) == 0 {
		return nil, fmt.Errorf("%s: no games", name)
	}
	g0 := f.Games[0]
	m, o := scoreFromTag(g0.Tag("Scoring"), g0.Tag("Competition"))
	if method != "" {
		m = method
	}
	switch m {
	case "mp":
		o.Method = score.MatchpointScoring
	case "butler":
		o.Method = score.ButlerScoring
	case "cross-imp":
		o.Method = score.CrossIMPScoring
	case "teams":
	default:
		fmt.Fprintf(e.stderr, "bridgetd publish: --method %q: want mp, butler, cross-imp or teams\n", m)
		return nil, errUsage
	}
	o.MP.Neuberg = true
	in := &scoreInput{file: f, name: name, pairNum: map[string]int{}}
	var js *scoreJSON
	if m == "teams" {
		js = scoreTeams(in)
	} else {
		in.read(o.Method)
		js = in.score(o)
	}
	for _, w := range in.warns {
		fmt.Fprintln(e.stderr, w)
	}
	for _, msg := range in.errs {
		fmt.Fprintln(e.stderr, msg)
	}
	deals := map[int]publish.Board{}
	if workers >= 0 {
		solved, err := solveFile(e, "publish", f, workers, true)
		if err != nil {
			return nil, err
		}
		for _, b := range publishBoards(solved) {
			if _, ok := deals[b.Number]; !ok {
				deals[b.Number] = b
			}
		}
	}
	r := &publish.Results{Title: g0.Tag("Event"), Date: g0.Tag("Date"), Venue: g0.Tag("Site")}
	switch {
	case m == "teams":
		r.Form = publish.Teams
	case o.Method == score.MatchpointScoring:
		r.Form = publish.Matchpoints
	default:
		r.Form = publish.IMPs
	}
	// The boards and their rows, with how each was played.
	plays := publishPlays(in, f, m == "teams")
	for _, bj := range js.Boards {
		br := publish.BoardResult{Board: deals[bj.Board]}
		br.Number = bj.Board
		for i, rj := range bj.Rows {
			row := publish.Row{NS: rj.NS, EW: rj.EW, Scored: rj.Error == "", Error: rj.Error}
			if rj.Score != nil {
				row.HasScore, row.Score = true, *rj.Score
			}
			if rj.NSValue != nil {
				row.NSMP, row.EWMP = *rj.NSValue, *rj.EWValue
			}
			if rj.NSPct != nil {
				row.NSPct, row.EWPct = *rj.NSPct, *rj.EWPct
			}
			k := publishKey{board: bj.Board, row: i}
			if m == "teams" {
				k = publishKey{board: bj.Board, ns: rj.NS, ew: rj.EW}
			}
			if p, ok := plays[k]; ok {
				row.HasContract, row.Contract, row.Declarer, row.Tricks, row.Lead = p.ok, p.contract, p.declarer, p.tricks, p.lead
			}
			if !row.HasContract && rj.Kind != "" && rj.Kind != "played" {
				row.Note = "Director: " + rj.Kind
			}
			br.Rows = append(br.Rows, row)
		}
		r.Boards = append(r.Boards, br)
	}
	r.Entrants = publishEntrants(f, js, m == "teams")
	r.Fields = publishFields(js, r.Boards, r.Form == publish.Matchpoints)
	return r, nil
}

// publishKey finds a row's play: by board and row number for pairs, by
// board and teams for teams.
type publishKey struct {
	board, row int
	ns, ew     string
}

// publishPlay is how a row was played.
type publishPlay struct {
	ok       bool
	contract bridge.Contract
	declarer bridge.Seat
	tricks   int
	lead     string
}

// publishPlays reads each row's contract, declarer, tricks and lead: from
// the ScoreTable's columns, or from a one-table game's tags and play.
func publishPlays(in *scoreInput, f *pbn.File, teams bool) map[publishKey]publishPlay {
	out := map[publishKey]publishPlay{}
	if teams {
		for _, g := range f.Games {
			if bn, err := g.Board(); err == nil {
				out[publishKey{board: int(bn), ns: g.Tag("HomeTeam"), ew: g.Tag("VisitTeam")}] = publishGamePlay(g)
			}
		}
		return out
	}
	for _, b := range in.boards {
		for i, sr := range b.rows {
			var p publishPlay
			if sr.tag == nil {
				p = publishGamePlay(sr.game)
			} else if c, err := bridge.ParseContract(strings.TrimSpace(sr.contract)); err == nil {
				p.contract, p.ok = c, true
				if !c.IsPassedOut() {
					d, err1 := bridge.ParseSeat(sr.declarer)
					t, err2 := scoreTricks(c, sr.result)
					p.declarer, p.tricks, p.ok = d, t, err1 == nil && err2 == nil
				}
				if tab, _ := sr.game.Table(sr.tag.Name); tab != nil {
					p.lead = publishLead(tab.Value(sr.row, "Lead"))
				}
			}
			out[publishKey{board: b.number, row: i}] = p
		}
	}
	return out
}

// publishGamePlay reads a one-table game.
func publishGamePlay(g *pbn.Game) publishPlay {
	var p publishPlay
	c, d, err := g.Contract()
	if err != nil {
		return p
	}
	p.contract, p.declarer, p.ok = c, d, true
	if c.IsPassedOut() {
		return p
	}
	t, err := g.Result()
	if err != nil {
		p.ok = false
		return p
	}
	p.tricks = t
	if pl, err := g.Play(); err == nil && len(pl.Tricks) > 0 && pl.Tricks[0].Known[0] {
		card := pl.Tricks[0].Cards[0]
		p.lead = card.Suit().String() + publish.RankText(card.Rank())
	}
	return p
}

// publishLead writes a lead as written in a ScoreTable ("CA", "C10",
// "HK") with the suit symbol first: "♣A". Anything else is kept as it is.
func publishLead(s string) string {
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

// publishEntrants names the pairs or teams: a team by its players (the
// names in its games, without RealBridge's "#number").
func publishEntrants(f *pbn.File, js *scoreJSON, teams bool) []publish.Entrant {
	var out []publish.Entrant
	players := map[string][]string{}
	if teams {
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
	for _, t := range js.Totals {
		out = append(out, publish.Entrant{ID: t.Pair, Names: strings.Join(players[t.Pair], ", ")})
	}
	seen := map[string]bool{}
	for _, e := range out {
		seen[e.ID] = true
	}
	for _, b := range js.Boards {
		for _, r := range b.Rows {
			for _, id := range []string{r.NS, r.EW} {
				if !seen[id] {
					seen[id] = true
					out = append(out, publish.Entrant{ID: id})
				}
			}
		}
	}
	return out
}

// publishFields turns the totals into rankings. When no pair sat both
// ways (a Mitchell without arrow switch) the event has two winners: the
// North–South and East–West pairs are ranked apart, each by its own
// results.
func publishFields(js *scoreJSON, boards []publish.BoardResult, mp bool) []publish.Field {
	dir := map[string]int{} // 1 NS, 2 EW, 3 both
	for _, b := range boards {
		for _, r := range b.Rows {
			dir[r.NS] |= 1
			dir[r.EW] |= 2
		}
	}
	twoWinner := len(dir) > 0
	for _, d := range dir {
		if d == 3 {
			twoWinner = false
		}
	}
	standing := func(t scoreTotalJSON) publish.Standing {
		s := publish.Standing{Place: t.Rank, Tied: t.Tied, Entrant: t.Pair, Score: t.Score, Boards: t.Boards}
		if t.Percent != nil {
			s.Percent = *t.Percent
		}
		return s
	}
	if !twoWinner {
		f := publish.Field{}
		for _, t := range js.Totals {
			f.Standings = append(f.Standings, standing(t))
		}
		return []publish.Field{f}
	}
	var fields []publish.Field
	for _, d := range []struct {
		name string
		bit  int
	}{{"North–South", 1}, {"East–West", 2}} {
		var ts []score.Total
		var ss []publish.Standing
		for _, t := range js.Totals {
			if dir[t.Pair] == d.bit {
				s := standing(t)
				ts = append(ts, score.Total{Pair: len(ss), Score: t.Score, Percent: s.Percent})
				ss = append(ss, s)
			}
		}
		key := func(t *score.Total) float64 { return t.Score }
		if mp {
			key = func(t *score.Total) float64 { return t.Percent }
		}
		slices.SortStableFunc(ts, func(a, b score.Total) int {
			return -cmpFloat(key(&a), key(&b))
		})
		score.Rank(ts, key)
		f := publish.Field{Name: d.name}
		for _, t := range ts {
			s := ss[t.Pair]
			s.Place, s.Tied = t.Rank, t.Tied
			f.Standings = append(f.Standings, s)
		}
		fields = append(fields, f)
	}
	return fields
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

// publishEvent gathers what the site shows of an event file: the ranking
// with the NSWBA 12 tie-breaks (per field in a two-winner event), the
// qualifiers, the matches with their IMPs and VPs, and each entrant's
// place after each round. It is the one place the publish command reads
// package event.
func publishEvent(path string) (*publish.Results, error) {
	ev, sc, err := loadScored(path)
	if err != nil {
		return nil, err
	}
	r := &publish.Results{Title: ev.Name, Form: publish.IMPs, Unit: "VP"}
	if strings.Contains(string(ev.Kind), "teams") {
		r.Form = publish.Teams
	}
	switch ev.Scoring {
	case event.Matchpoints:
		r.Unit = "MP"
	case event.IMPs:
		r.Unit = "IMP"
	}
	if ss := ev.Sessions; len(ss) > 0 {
		r.Date = ss[0].Start.Format("2006.01.02")
	}
	label := map[int]string{}
	for _, en := range ev.Entrants {
		label[en.ID] = en.Name
		if label[en.ID] == "" {
			label[en.ID] = strconv.Itoa(en.ID)
		}
		var names []string
		for _, p := range en.Players {
			names = append(names, p.Name)
		}
		r.Entrants = append(r.Entrants, publish.Entrant{ID: label[en.ID], Names: strings.Join(names, " & ")})
	}
	st := ev.Standings(sc)
	qualified := map[int]bool{}
	if ev.Qualify > 0 {
		q, _ := event.Qualify(st, ev.Entrants, ev.Qualify)
		for _, id := range q {
			qualified[id] = true
		}
	}
	r.Fields = publishEventFields(st, label, qualified, len(ev.Rounds()))
	for _, rd := range ev.Rounds() {
		for _, m := range rd.Matches {
			if m.NS == 0 || m.EW == 0 {
				continue
			}
			pm := publish.Match{Round: rd.Number, Home: label[m.NS], Away: label[m.EW], Boards: len(rd.Boards)}
			if m.IMPs != nil {
				if *m.IMPs >= 0 {
					pm.HomeIMPs = *m.IMPs
				} else {
					pm.AwayIMPs = -*m.IMPs
				}
			}
			if m.VP != nil {
				pm.HasVP, pm.HomeVP, pm.AwayVP = true, m.VP[0], m.VP[1]
			}
			r.Matches = append(r.Matches, pm)
		}
	}
	// Each entrant's place after each round: the event ranked on its
	// first rounds only.
	rounds := len(ev.Rounds())
	places := map[string][]int{}
	for n := 1; n <= rounds; n++ {
		part, err := publishFirstRounds(path, n)
		if err != nil {
			return nil, err
		}
		psc, err := part.NewScorer()
		if err != nil {
			return nil, err
		}
		if err := part.Score(psc); err != nil {
			return nil, err
		}
		for _, s := range part.Standings(psc) {
			places[label[s.Entrant]] = append(places[label[s.Entrant]], s.Place)
		}
	}
	for _, s := range st {
		if ps := places[label[s.Entrant]]; len(ps) == rounds && rounds > 1 {
			r.Progress = append(r.Progress, publish.Progress{Entrant: label[s.Entrant], Places: ps})
		}
	}
	return r, nil
}

// publishFirstRounds reads the event file again, keeping its first n
// rounds.
func publishFirstRounds(path string, n int) (*event.Event, error) {
	ev, err := event.Load(path)
	if err != nil {
		return nil, err
	}
	for i := range ev.Sessions {
		var keep []event.Round
		for _, rd := range ev.Sessions[i].Rounds {
			if rd.Number <= n {
				keep = append(keep, rd)
			}
		}
		ev.Sessions[i].Rounds = keep
	}
	return ev, nil
}

// publishEventFields turns standings into rankings, one per field; tied
// places are those shared by two entrants of a field.
func publishEventFields(st []event.Standing, label map[int]string, qualified map[int]bool, rounds int) []publish.Field {
	var fields []publish.Field
	index := map[string]int{}
	count := map[[2]string]int{}
	for _, s := range st {
		count[[2]string{s.Field, strconv.Itoa(s.Place)}]++
	}
	for _, s := range st {
		i, ok := index[s.Field]
		if !ok {
			i = len(fields)
			index[s.Field] = i
			fields = append(fields, publish.Field{Name: fieldNames[s.Field]})
		}
		fields[i].Standings = append(fields[i].Standings, publish.Standing{
			Place: s.Place, Tied: count[[2]string{s.Field, strconv.Itoa(s.Place)}] > 1,
			Entrant: label[s.Entrant], Score: s.Total, Boards: rounds, Qualified: qualified[s.Entrant]})
	}
	return fields
}
