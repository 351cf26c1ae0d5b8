package store

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/event"
	"github.com/bridgetd/bridgetd/pbn"
	"github.com/bridgetd/bridgetd/score"
)

// This file is where the store meets package event: the event file
// (bridgetd-event/1) built from the database. The server's calls into
// package event go through here.

// EventFile builds the event as package event holds it: its entrants and
// players, session 1 with the movement's rounds (event.AddMovement), the
// confirmed results, assigned scores, postings, corrections and fines.
//
// Split, weighted and artificial adjusted scores have no place in
// bridgetd-event/1 and are left out of it (the PBN export carries
// artificial and assigned scores; the database keeps them all).
func (s *Store) EventFile(ctx context.Context, id int64) (*event.Event, error) {
	e, err := s.Event(ctx, id)
	if err != nil {
		return nil, err
	}
	mv, err := s.Movement(ctx, id)
	if err != nil {
		return nil, err
	}
	ens, err := s.Entrants(ctx, id)
	if err != nil {
		return nil, err
	}
	sessions, err := s.Sessions(ctx, id)
	if err != nil {
		return nil, err
	}
	ev := event.New(e.Name, event.MatchpointPairs, event.Matchpoints)
	ev.BoardsPerRound = e.PerRound
	for _, en := range ens {
		x := event.Entrant{ID: en.Number, Name: en.Name, Section: en.Section}
		if x.Name == "" {
			x.Name = fmt.Sprintf("Pair %d", en.Number)
		}
		for _, p := range en.Players {
			x.Players = append(x.Players, event.Player{Name: p.Name, Member: p.Member})
		}
		if _, err := ev.AddEntrant(x); err != nil {
			return nil, fmt.Errorf("store: event file: %w", err)
		}
	}
	for _, se := range sessions {
		if _, err := ev.AddSession(se.Start, 1); err != nil {
			return nil, fmt.Errorf("store: event file: %w", err)
		}
	}
	if err := ev.AddMovement(1, mv, e.Created); err != nil {
		return nil, fmt.Errorf("store: event file: %w", err)
	}
	res, err := s.Results(ctx, id)
	if err != nil {
		return nil, err
	}
	rulings, err := s.Rulings(ctx, id)
	if err != nil {
		return nil, err
	}
	assigned := map[Key]int{}
	for _, r := range rulings {
		if r.Kind == RulingAssigned {
			assigned[r.Key] = r.NSScore
		}
	}
	byMatch := map[[2]int][]event.Result{}
	for _, r := range res {
		k := Key{r.Round, r.Table, r.Board}
		if r.Status != Confirmed {
			continue
		}
		if sc, ok := assigned[k]; ok {
			byMatch[[2]int{r.Round, r.Table}] = append(byMatch[[2]int{r.Round, r.Table}], event.Result{Board: r.Board, Score: sc})
			delete(assigned, k)
			continue
		}
		byMatch[[2]int{r.Round, r.Table}] = append(byMatch[[2]int{r.Round, r.Table}], eventResult(r))
	}
	for k, sc := range assigned {
		byMatch[[2]int{k.Round, k.Table}] = append(byMatch[[2]int{k.Round, k.Table}], event.Result{Board: k.Board, Score: sc})
	}
	for k, rs := range byMatch {
		if err := ev.EnterRoom(k[0], k[1], false, rs); err != nil {
			return nil, fmt.Errorf("store: event file: round %d table %d: %w", k[0], k[1], err)
		}
	}
	for i, se := range sessions {
		ev.Sessions[i].Posted = se.Posted
		for _, at := range se.Postings {
			ev.Postings = append(ev.Postings, event.Posting{Session: se.Number, At: at})
		}
	}
	cs, err := s.Corrections(ctx, id)
	if err != nil {
		return nil, err
	}
	for _, c := range cs {
		x := event.Correction{At: c.At, By: c.By, Why: c.Why, Source: event.PlayerError, Round: c.Round, Table: c.Table,
			Board: c.Board, Window: c.Window, Override: c.Override}
		if c.Old != nil {
			r := eventResult(*c.Old)
			x.Old = &r
		}
		if c.New != nil {
			r := eventResult(*c.New)
			x.New = &r
		}
		ev.Corrections = append(ev.Corrections, x)
	}
	fines, err := s.Fines(ctx, id)
	if err != nil {
		return nil, err
	}
	for _, f := range fines {
		ev.Offences = append(ev.Offences, event.Offence{Kind: event.OffenceKind(f.Kind), At: f.At, Event: e.Name, Session: 1,
			Entrant: f.Entrant, Fine: f.Amount * ev.Top / 100, Unit: "MP", Director: f.Director, Note: f.Note,
			Players: playersOf(ens, f.Entrant)})
	}
	return ev, nil
}

func playersOf(ens []Entrant, n int) []event.Player {
	for _, en := range ens {
		if en.Number == n {
			var ps []event.Player
			for _, p := range en.Players {
				ps = append(ps, event.Player{Name: p.Name, Member: p.Member})
			}
			if len(ps) == 0 {
				ps = []event.Player{{Name: fmt.Sprintf("Pair %d", n)}}
			}
			return ps
		}
	}
	return nil
}

// eventResult turns a stored result into the event file's typed result.
func eventResult(r Result) event.Result {
	c, err := bridge.ParseContract(r.Contract)
	if err != nil || c.IsPassedOut() {
		p := bridge.PassedOut
		return event.Result{Board: r.Board, Contract: &p}
	}
	d, _ := bridge.ParseSeat(r.Declarer)
	return event.Result{Board: r.Board, Contract: &c, Declarer: d, Tricks: r.Tricks, Score: r.Score}
}

// WriteEventFile writes the event file (bridgetd-event/1).
func (s *Store) WriteEventFile(ctx context.Context, id int64, w io.Writer) error {
	ev, err := s.EventFile(ctx, id)
	if err != nil {
		return err
	}
	return ev.Write(w)
}

// ParseAward reads an artificial adjusted score (Law 12C2): A+, A, A- or a
// percentage such as 60 or 60%.
func ParseAward(s string) (score.Award, error) {
	switch strings.TrimSpace(s) {
	case "A+":
		return score.AvePlus, nil
	case "A":
		return score.Ave, nil
	case "A-", "A−":
		return score.AveMinus, nil
	}
	p, err := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(s), "%"), 64)
	if err != nil || !(p >= 0 && p <= 100) { // NaN is refused too
		return score.Award{}, fmt.Errorf("%w: award %q: want A+, A, A- or a percentage from 0 to 100", ErrInvalid, s)
	}
	return score.Percent(p), nil
}

// awardPercent is the matchpoint percentage of an award as the PBN export
// writes it (Law 12C2: average plus 60%, average 50%, average minus 40%).
func awardPercent(a score.Award) float64 {
	switch a.Kind {
	case score.AveragePlus:
		return 60
	case score.AverageMinus:
		return 40
	case score.Average:
		return 50
	}
	return a.Value
}

// travellerData is what a traveller is built from: the boards, the table
// assignments, the rulings in force and the confirmed results, by key.
type travellerData struct {
	boards []Board
	as     []Assignment
	ruled  map[Key]Ruling
	played map[Key]Result
}

func (s *Store) travellerData(ctx context.Context, id int64) (travellerData, error) {
	var d travellerData
	var err error
	if d.boards, err = s.Boards(ctx, id); err != nil {
		return d, err
	}
	if d.as, err = s.Assignments(ctx, id); err != nil {
		return d, err
	}
	res, err := s.Results(ctx, id)
	if err != nil {
		return d, err
	}
	rulings, err := s.Rulings(ctx, id)
	if err != nil {
		return d, err
	}
	d.ruled, d.played = map[Key]Ruling{}, map[Key]Result{}
	for _, r := range rulings {
		d.ruled[r.Key] = r
	}
	for _, r := range res {
		if r.Status == Confirmed {
			d.played[Key{r.Round, r.Table, r.Board}] = r
		}
	}
	return d, nil
}

// Travellers returns each board's traveller for package score: the
// confirmed results, each replaced by the director's ruling where there is
// one (Law 12C), each row naming the pairs that held the North–South and
// East–West cards (an arrow switch turns them), so that pairs are compared
// with those that held the same cards. Expected is the number of tables that
// play the board (Neuberg).
func (s *Store) Travellers(ctx context.Context, id int64) ([]score.Board, error) {
	d, err := s.travellerData(ctx, id)
	if err != nil {
		return nil, err
	}
	boards, as, ruled, played := d.boards, d.as, d.ruled, d.played
	out := make([]score.Board, 0, len(boards))
	idx := map[int]int{}
	for _, b := range boards {
		idx[int(b.Number)] = len(out)
		out = append(out, score.Board{Number: int(b.Number)})
	}
	for _, a := range as {
		if !a.Active() {
			continue
		}
		for _, b := range a.Boards {
			i, ok := idx[b]
			if !ok {
				continue
			}
			out[i].Expected++
			k := Key{a.Round, a.Table, b}
			ns, ew := a.CardPairs()
			var row score.Result
			if ru, ok := ruled[k]; ok {
				row = rulingRow(ru, ns, ew)
			} else if r, ok := played[k]; ok {
				row = score.Table(ns, ew, r.Score)
			} else {
				continue
			}
			out[i].Results = append(out[i].Results, row)
		}
	}
	return out, nil
}

func rulingRow(r Ruling, ns, ew int) score.Result {
	switch r.Kind {
	case RulingSplit:
		return score.SplitScore(ns, ew, r.NSScore, r.EWScore)
	case RulingWeighted:
		var os []score.Outcome
		for _, o := range r.Outcomes {
			os = append(os, score.Outcome{Score: o.Score, Weight: o.Weight})
		}
		return score.WeightedScore(ns, ew, os...)
	case RulingArtificial:
		nsA, _ := ParseAward(r.NSAward)
		ewA, _ := ParseAward(r.EWAward)
		return score.ArtificialScore(ns, ew, nsA, ewA)
	}
	return score.AssignedScore(ns, ew, r.NSScore)
}

// PBN returns the event as PBN: one game per board with its deal and a
// ScoreTable of the confirmed results (PBN 2.1 §5.9), assigned scores with
// their NS score and no contract, artificial scores as "TD" with each side's
// percentage. A weighted or split score has no PBN form that package
// score's reader takes; it is written as the table result, with a comment.
func (s *Store) PBN(ctx context.Context, id int64) (*pbn.File, error) {
	e, err := s.Event(ctx, id)
	if err != nil {
		return nil, err
	}
	d, err := s.travellerData(ctx, id)
	if err != nil {
		return nil, err
	}
	boards, as, ruled, played := d.boards, d.as, d.ruled, d.played
	f := &pbn.File{}
	cols := []string{"PairId_NS", "PairId_EW", "Contract", "Declarer", "Result", "Score_NS", "Score_EW", "Percentage_NS", "Percentage_EW"}
	for _, b := range boards {
		g := pbn.NewGame()
		g.SetTag("Event", e.Name)
		g.SetTag("Board", b.Number.String())
		g.SetTag("Dealer", b.Dealer.String())
		g.SetTag("Vulnerable", b.Vulnerability.String())
		g.SetTag("Deal", b.Deal.Format(b.Dealer))
		g.SetTag("Scoring", "MP")
		tab := &pbn.Table{}
		for _, c := range cols {
			tab.Columns = append(tab.Columns, pbn.Column{Name: c})
		}
		for _, a := range as {
			if !a.Active() || !a.Plays(int(b.Number)) {
				continue
			}
			k := Key{a.Round, a.Table, int(b.Number)}
			cns, cew := a.CardPairs()
			ns, ew := strconv.Itoa(cns), strconv.Itoa(cew)
			row := []string{ns, ew, "-", "-", "-", "-", "-", "-", "-"}
			r, isPlayed := played[k]
			ru, isRuled := ruled[k]
			switch {
			case isRuled && ru.Kind == RulingAssigned:
				setScore(row, ru.NSScore)
			case isRuled && ru.Kind == RulingArtificial:
				nsA, _ := ParseAward(ru.NSAward)
				ewA, _ := ParseAward(ru.EWAward)
				row[2] = "TD"
				row[7], row[8] = fmtPct(awardPercent(nsA)), fmtPct(awardPercent(ewA))
			case isPlayed:
				c, _ := bridge.ParseContract(r.Contract)
				if c.IsPassedOut() {
					row[2] = "Pass"
				} else {
					row[2], row[3], row[4] = c.ASCII(), r.Declarer, strconv.Itoa(r.Tricks)
				}
				setScore(row, r.Score)
				if isRuled {
					g.Comments = append(g.Comments, pbn.Comment{Text: fmt.Sprintf("%s score at table %d round %d not in this file: %s", ru.Kind, a.Table, a.Round, ru.Why)})
				}
			default:
				continue
			}
			tab.Rows = append(tab.Rows, row)
		}
		if len(tab.Rows) > 0 {
			g.SetTable("ScoreTable", tab)
		}
		f.Append(g)
	}
	return f, nil
}

func setScore(row []string, nsScore int) {
	if nsScore >= 0 {
		row[5] = strconv.Itoa(nsScore)
	} else {
		row[6] = strconv.Itoa(-nsScore)
	}
}

func fmtPct(p float64) string { return strconv.FormatFloat(p, 'f', 2, 64) }
