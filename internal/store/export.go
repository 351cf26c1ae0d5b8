package store

import (
	"bytes"
	"cmp"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/deal"
	"github.com/bridgetd/bridgetd/event"
	"github.com/bridgetd/bridgetd/pbn"
	"github.com/bridgetd/bridgetd/score"
)

// This file is where the store meets package event: the event file
// (bridgetd-event/1) built from the database. The server's calls into
// package event go through here.

// EventFile builds the event as package event holds it: its entrants and
// players, its sessions and rounds (the skeleton the store keeps for an
// event of any kind, or for an event created before it kept one session 1
// with the movement's rounds, event.AddMovement), the confirmed results at
// each match (at teams each table a room of its match, MatchOf), the
// director's rulings in their place (Law 12C: assigned, split, weighted and
// artificial average scores), postings, corrections and fines.
//
// An artificial score given as a percentage has no place in
// bridgetd-event/1 (its awards are A+, A and A−) and is left out of it;
// the database keeps it and the server's board pages score it.
func (s *Store) EventFile(ctx context.Context, id int64) (*event.Event, error) {
	e, err := s.Event(ctx, id)
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
	ev, err := s.Skeleton(ctx, id)
	if err != nil {
		return nil, err
	}
	if ev != nil {
		byNum := map[int]Entrant{}
		for _, en := range ens {
			byNum[en.Number] = en
		}
		for i := range ev.Entrants {
			x := &ev.Entrants[i]
			if en, ok := byNum[x.ID]; ok {
				x.Name = cmp.Or(en.Name, x.Name, fmt.Sprintf("%s %d", UnitName(ev.Kind), x.ID))
				x.Players = x.Players[:0]
				for _, p := range en.Players {
					x.Players = append(x.Players, event.Player{Name: p.Name, Member: p.Member, Rank: p.Rank})
				}
			}
		}
	} else if ev, err = s.movementEvent(ctx, e, ens, sessions); err != nil {
		return nil, err
	}
	res, err := s.Results(ctx, id)
	if err != nil {
		return nil, err
	}
	rulings, err := s.Rulings(ctx, id)
	if err != nil {
		return nil, err
	}
	type room struct {
		round, match int
		closed       bool
	}
	byRoom := map[room][]event.Result{}
	add := func(k Key, r event.Result) {
		m, closed := MatchOf(TwoRooms(ev), k.Table)
		byRoom[room{k.Round, m, closed}] = append(byRoom[room{k.Round, m, closed}], r)
	}
	marks, err := s.resultMarks(ctx, id)
	if err != nil {
		return nil, err
	}
	ruled := map[Key]bool{}
	for _, r := range rulings {
		if x, ok := rulingResult(r); ok {
			add(r.Key, x)
			ruled[r.Key] = true
		}
	}
	for _, r := range res {
		k := Key{r.Round, r.Table, r.Board}
		if r.Status == Confirmed && !ruled[k] {
			x := eventResult(r)
			if m, ok := marks[k]; ok {
				x.Form, x.Turned, x.Appeal, x.Played = m.Form, m.Turned, m.Appeal, playedDeal(m.Played)
			}
			add(k, x)
		}
	}
	rooms := slices.Collect(maps.Keys(byRoom))
	slices.SortFunc(rooms, func(a, b room) int {
		return cmp.Or(cmp.Compare(a.round, b.round), cmp.Compare(a.match, b.match), cmp.Compare(boolInt(a.closed), boolInt(b.closed)))
	})
	for _, k := range rooms {
		if err := ev.EnterRoom(k.round, k.match, k.closed, byRoom[k]); err != nil {
			return nil, fmt.Errorf("store: event file: round %d table %d: %w", k.round, k.match, err)
		}
	}
	for _, se := range sessions {
		for i := range ev.Sessions {
			if ev.Sessions[i].Number == se.Number {
				ev.Sessions[i].Posted = se.Posted
			}
		}
	}
	if ev.Postings, err = s.postings(ctx, id); err != nil {
		return nil, err
	}
	cs, err := s.Corrections(ctx, id)
	if err != nil {
		return nil, err
	}
	for _, c := range cs {
		if c.Detail != nil {
			ev.Corrections = append(ev.Corrections, *c.Detail) // as an imported file recorded it
			continue
		}
		ev.Corrections = append(ev.Corrections, eventCorrection(c, TwoRooms(ev)))
	}
	fines, err := s.Fines(ctx, id)
	if err != nil {
		return nil, err
	}
	for _, f := range fines {
		if f.Offence != nil {
			ev.Offences = append(ev.Offences, *f.Offence) // as an imported file recorded it
			continue
		}
		amount, unit := f.Amount*ev.Top/100, "MP"
		if ev.Scoring != event.Matchpoints {
			amount, unit = f.Amount*ev.VPTotal/100, "VP"
		}
		ev.Offences = append(ev.Offences, event.Offence{Kind: event.OffenceKind(f.Kind), At: f.At, Event: ev.Name, Session: 1,
			Entrant: f.Entrant, Fine: amount, Unit: unit, Director: f.Director, Note: f.Note,
			Players: playersOf(ens, f.Entrant)})
	}
	return ev, nil
}

// UnitName is what an entrant of the kind is called: Pair, Team or
// Player.
func UnitName(k event.Kind) string {
	switch {
	case k == event.Individual:
		return "Player"
	case k.Teams() || k == event.RoundRobin:
		return "Team"
	}
	return "Pair"
}

// movementEvent rebuilds an event created before the store kept its
// skeleton: a matchpoint pairs event, session 1 with the rounds of its
// movement (event.AddMovement).
func (s *Store) movementEvent(ctx context.Context, e Event, ens []Entrant, sessions []Session) (*event.Event, error) {
	mv, err := s.Movement(ctx, e.ID)
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
	return ev, nil
}

// eventCorrection is a correction made here as the event file's record,
// at teams on its match and room. The source is the players' error unless
// the caller knows better (Correct records it).
func eventCorrection(c CorrectionRecord, twoRooms bool) event.Correction {
	m, closed := MatchOf(twoRooms, c.Table)
	x := event.Correction{At: c.At, By: c.By, Why: c.Why, Source: event.PlayerError, Round: c.Round, Table: m,
		Board: c.Board, Window: c.Window, Override: c.Override}
	if closed {
		x.Room = event.RoomClosed
	}
	if c.Old != nil {
		r := eventResult(*c.Old)
		x.Old = &r
	}
	if c.New != nil {
		r := eventResult(*c.New)
		x.New = &r
	}
	return x
}

// rulingResult is a ruling as the event file's result: an assigned score
// (Law 12C1(a)), a split score (Law 12C1(b), EWScore), a weighted score
// (Law 12C1(c), Weighted), an artificial one (Law 12C2, Award A+/A/A−) or
// a board not played (NSWBA 13.10, Unplayed), with the board's marks.
// ok is false for an artificial score given as a percentage.
func rulingResult(r Ruling) (event.Result, bool) {
	x := event.Result{Board: r.Board, Score: r.NSScore, Form: r.Form, Turned: r.Turned, Appeal: r.Appeal}
	switch r.Kind {
	case RulingUnplayed:
		x.Score, x.Unplayed = 0, true
	case RulingSplit:
		ew := r.EWScore
		x.EWScore = &ew
	case RulingWeighted:
		x.Score = 0
		for _, o := range r.Outcomes {
			x.Weighted = append(x.Weighted, event.Outcome{Score: o.Score, Weight: o.Weight})
		}
	case RulingArtificial:
		x.Score = 0
		ns, ew := strings.ReplaceAll(strings.TrimSpace(r.NSAward), "−", "-"), strings.ReplaceAll(strings.TrimSpace(r.EWAward), "−", "-")
		for _, a := range []string{ns, ew} {
			if a != "A+" && a != "A" && a != "A-" {
				return x, false
			}
		}
		x.Award = ns + "/" + ew
	}
	return x, true
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
	marks  map[Key]mark
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
	if d.marks, err = s.resultMarks(ctx, id); err != nil {
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
// with those that held the same cards. A row of a fouled form (Law 87:
// the ruling's or the result's mark) is in that form's Group, so that it
// is scored only against the rows of its own form, as package event
// scores it. Expected is the number of tables that play the board
// (Neuberg).
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
				row.Group = ru.Form
			} else if r, ok := played[k]; ok {
				row = score.Table(ns, ew, r.Score)
				row.Group = d.marks[k].Form
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
	case RulingUnplayed:
		// NSWBA 13.10 gives each side IMPs by its own formula, which the
		// event's ranking applies (package event); on a matchpoint
		// traveller the nearest is neither side's fault: average to both.
		return score.ArtificialScore(ns, ew, score.Ave, score.Ave)
	}
	return score.AssignedScore(ns, ew, r.NSScore)
}

// PBN returns the event as PBN: one game per board with its deal and a
// ScoreTable of the confirmed results (PBN 2.1 §5.9), assigned scores with
// their NS score and no contract, artificial scores as "TD" with each side's
// percentage. A weighted or split score (Law 12C1(b), (c)) has no
// ScoreTable form that package scoresheet reads; its row keeps the table
// result. Every ruling is also written whole in a comment of its board
// (RulingComment), which PBNRulings reads back, so that nothing the
// director decided is lost in the file.
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
		g.SetTag("Scoring", pbnScoring(e.Scoring))
		if pbnScoring(e.Scoring) == "IMP" {
			g.SetTag("Competition", "Teams")
		}
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
			}
			if isRuled {
				g.Comments = append(g.Comments, pbn.Comment{Text: RulingComment(ru)})
			}
			if row[2] == "-" && row[5] == "-" && row[6] == "-" {
				continue // neither played nor scored in the table
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

// pbnScoring names the event's scoring as PBN's Scoring tag does
// (PBN 2.1 §3.8.3): MP, Butler, or IMP for a teams match.
func pbnScoring(s string) string {
	switch event.Scoring(s) {
	case event.ButlerVP:
		return "Butler"
	case event.IMPVP, event.IMPs:
		return "IMP"
	}
	return "MP"
}

func setScore(row []string, nsScore int) {
	if nsScore >= 0 {
		row[5] = strconv.Itoa(nsScore)
	} else {
		row[6] = strconv.Itoa(-nsScore)
	}
}

func fmtPct(p float64) string { return strconv.FormatFloat(p, 'f', 2, 64) }

// ImportEvent stores an event file (bridgetd-event/1, read by package
// event) so that an event run with the command line goes on in the
// server, with everything the file holds: its entrants, sessions and
// rounds with their forfeits and the margins entered for whole matches
// (in the skeleton), each result at its table (at teams each room its
// table, Tables) with its marks (a fouled form, Law 87; turned through
// 90°, NSWBA 8.4; an appeal, NSWBA 14), each adjusted score as the
// director's ruling (Law 12C; an unplayed board, NSWBA 13.10), every
// entry of the offences register (fines and warnings of every kind and
// unit, NSWBA 7), every correction with who, when and why (NSWBA 13) and
// the postings with whom they showed as qualifying. The event file
// written again (EventFile) holds what was read. boards are the deals of
// the boards its rounds use (the event file holds none). Nothing is
// stored when any part does not fit.
func (s *Store) ImportEvent(ctx context.Context, ev *event.Event, boards []deal.Board) (int64, error) {
	if err := ev.Validate(); err != nil {
		return 0, fmt.Errorf("store: import: %w: %v", ErrInvalid, err)
	}
	im := &imported{posted: map[int]*time.Time{}}
	two := TwoRooms(ev)
	for _, se := range ev.Sessions {
		im.posted[se.Number] = se.Posted
		for i := range se.Rounds {
			rd := &se.Rounds[i]
			for j := range rd.Matches {
				m := &rd.Matches[j]
				where := fmt.Sprintf("round %d table %d", rd.Number, m.Table)
				ts := Tables(ev, rd, m)
				rooms := [][]event.Result{m.Results, m.Closed}
				for k, rs := range rooms {
					if len(rs) == 0 {
						continue
					}
					if k >= len(ts) {
						return 0, fmt.Errorf("store: import: %s: %w: closed-room results at a table of one room", where, ErrInvalid)
					}
					a := ts[k]
					for _, r := range rs {
						if err := importResult(im, a, r); err != nil {
							return 0, fmt.Errorf("store: import: %s board %d: %w", where, r.Board, err)
						}
					}
				}
			}
		}
	}
	for i, o := range ev.Offences {
		f := Fine{Entrant: o.Entrant, Kind: string(o.Kind), Director: cmp.Or(o.Director, "imported"), Note: o.Note, At: o.At, Offence: &ev.Offences[i]}
		switch {
		case o.Unit == "MP" && ev.Top > 0:
			f.Amount = 100 * o.Fine / ev.Top
		case o.Unit == "VP" && ev.VPTotal > 0:
			f.Amount = 100 * o.Fine / ev.VPTotal
		}
		im.fines = append(im.fines, f)
	}
	for i, c := range ev.Corrections {
		table := c.Table
		if two {
			table = 2*c.Table - 1
			if c.Room == event.RoomClosed {
				table++
			}
		}
		rec := CorrectionRecord{Key: Key{c.Round, table, c.Board}, By: c.By, Why: c.Why, At: c.At, Window: c.Window, Override: c.Override, Detail: &ev.Corrections[i]}
		for _, x := range []struct {
			from *event.Result
			to   **Result
		}{{c.Old, &rec.Old}, {c.New, &rec.New}} {
			if x.from != nil {
				r := storedResult(*x.from)
				r.Round, r.Table, r.Board = c.Round, table, c.Board
				*x.to = &r
			}
		}
		im.corrections = append(im.corrections, rec)
	}
	im.posts = ev.Postings
	var start time.Time
	if len(ev.Sessions) > 0 {
		start = ev.Sessions[0].Start
	}
	return s.createFromEvent(ctx, Setup{Event: ev, Boards: boards, Start: start, Style: string(ev.Kind)}, im)
}

// storedResult is an event file's result as the store lists it in a
// correction: its contract, declarer, tricks and score.
func storedResult(r event.Result) Result {
	x := Result{Board: r.Board, Score: r.Score, Tricks: r.Tricks, Status: Confirmed}
	if r.Contract != nil {
		x.Contract = "Pass"
		if !r.Contract.IsPassedOut() {
			x.Contract, x.Declarer = r.Contract.String(), r.Declarer.String()
		}
	}
	return x
}

// mark is what an event file marks a table result with beyond its
// contract (result_marks, migration 0005).
type mark struct {
	Key
	Form   int
	Turned bool
	Appeal string
	// Played is the deal played on a fouled form, PBN from North (empty
	// when not known; migration 0007).
	Played string
}

// dealText is a deal played as result_marks keeps it: PBN from North,
// empty for none.
func dealText(d *bridge.Deal) string {
	if d == nil {
		return ""
	}
	return d.String()
}

// playedDeal reads a deal played as result_marks keeps it (nil for none,
// or for a value that does not read).
func playedDeal(s string) *bridge.Deal {
	if s == "" {
		return nil
	}
	d, err := bridge.ParseDeal(s)
	if err != nil {
		return nil
	}
	return &d
}

// importResult turns a result of the event file at table a into the
// store's: a confirmed table result with its marks, or a ruling for an
// adjusted score or an unplayed board.
func importResult(im *imported, a Assignment, r event.Result) error {
	if err := r.Complete(); err != nil {
		return fmt.Errorf("%w: %v", ErrInvalid, err)
	}
	k := Key{a.Round, a.Table, r.Board}
	ru := Ruling{Key: k, Director: "imported", Why: "from the event file", NSScore: r.Score, Form: r.Form, Turned: r.Turned, Appeal: r.Appeal}
	switch {
	case r.Unplayed:
		ru.Kind, ru.NSScore = RulingUnplayed, 0
	case r.Award != "":
		ns, ew, _ := strings.Cut(r.Award, "/")
		ru.Kind, ru.NSScore, ru.NSAward, ru.EWAward = RulingArtificial, 0, ns, ew
	case r.EWScore != nil:
		ru.Kind, ru.EWScore = RulingSplit, *r.EWScore
	case len(r.Weighted) > 0:
		ru.Kind, ru.NSScore = RulingWeighted, 0
		for _, o := range r.Weighted {
			ru.Outcomes = append(ru.Outcomes, Outcome{Score: o.Score, Weight: o.Weight})
		}
	case r.Contract == nil:
		ru.Kind = RulingAssigned
	default:
		res := Result{Round: a.Round, Table: a.Table, Board: r.Board, NS: a.NS, EW: a.EW, Contract: "Pass", Score: r.Score,
			Status: Confirmed, By: "imported"}
		if !r.Contract.IsPassedOut() {
			res.Contract, res.Declarer, res.Tricks = r.Contract.String(), r.Declarer.String(), r.Tricks
		}
		im.results = append(im.results, res)
		if r.Form != 0 || r.Turned || r.Appeal != "" {
			im.marks = append(im.marks, mark{Key: k, Form: r.Form, Turned: r.Turned, Appeal: r.Appeal, Played: dealText(r.Played)})
		}
		return nil
	}
	if err := ru.check(); err != nil {
		return err
	}
	im.rulings = append(im.rulings, ru)
	return nil
}

// putImported stores what an event file brought, in the creating
// transaction.
func (s *Store) putImported(ctx context.Context, tx *sql.Tx, id int64, im *imported) error {
	now := s.now()
	for _, r := range im.results {
		r.Entered, r.Confirmed = now, &now
		if _, err := putResult(ctx, s.cached(tx), id, r); err != nil {
			return err
		}
	}
	for _, m := range im.marks {
		if _, err := tx.ExecContext(ctx, `INSERT INTO result_marks (event_id, round, table_no, board, form, turned, appeal, played) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
			id, m.Round, m.Table, m.Board, m.Form, boolInt(m.Turned), m.Appeal, m.Played); err != nil {
			return err
		}
	}
	for _, r := range im.rulings {
		var err error
		if r.ID, err = nextID(ctx, tx, "rulings"); err != nil {
			return err
		}
		r.At = now
		detail, _ := json.Marshal(r)
		if _, err := tx.ExecContext(ctx, `INSERT INTO rulings (id, event_id, round, table_no, board, kind, detail, law, director, why, at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`, r.ID, id, r.Round, r.Table, r.Board, r.Kind, string(detail), r.Law, r.Director, r.Why, stamp(r.At)); err != nil {
			return err
		}
	}
	for _, f := range im.fines {
		fid, err := nextID(ctx, tx, "fines")
		if err != nil {
			return err
		}
		off, err := json.Marshal(f.Offence)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO fines (id, event_id, entrant, amount, kind, director, note, at, offence) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
			fid, id, f.Entrant, f.Amount, f.Kind, f.Director, f.Note, stamp(f.At), string(off)); err != nil {
			return err
		}
	}
	for _, c := range im.corrections {
		cid, err := nextID(ctx, tx, "corrections")
		if err != nil {
			return err
		}
		oldJ, _ := json.Marshal(c.Old)
		newJ, _ := json.Marshal(c.New)
		detail, err := json.Marshal(c.Detail)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO corrections (id, event_id, round, table_no, board, old, new, by_whom, why, at, win_rule, override, revision, detail)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 0, $13)`,
			cid, id, c.Round, c.Table, c.Board, string(oldJ), string(newJ), c.By, c.Why, stamp(c.At), c.Window, c.Override, string(detail)); err != nil {
			return err
		}
	}
	// A round the file has results for was played: started and closed.
	played := map[int]bool{}
	for _, r := range im.results {
		played[r.Round] = true
	}
	for _, r := range im.rulings {
		played[r.Round] = true
	}
	for n := range played {
		if _, err := tx.ExecContext(ctx, `UPDATE rounds SET started_at = $1, closed_at = $1 WHERE event_id = $2 AND number = $3`, stamp(now), id, n); err != nil {
			return err
		}
	}
	for _, p := range im.posts {
		q := ""
		if len(p.Qualified) > 0 {
			b, _ := json.Marshal(p.Qualified)
			q = string(b)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO postings (event_id, session, at, qualified) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`, id, p.Session, stamp(p.At), q); err != nil {
			return err
		}
	}
	return nil
}

// postings returns the event's postings in order, each with the entrants
// it showed as qualifying (NSWBA 13).
func (s *Store) postings(ctx context.Context, id int64) ([]event.Posting, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT session, at, qualified FROM postings WHERE event_id = $1 ORDER BY session, at`, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []event.Posting
	for rows.Next() {
		var p event.Posting
		var at, q string
		if err := rows.Scan(&p.Session, &at, &q); err != nil {
			return nil, err
		}
		p.At = parseStamp(at)
		if q != "" {
			if err := json.Unmarshal([]byte(q), &p.Qualified); err != nil {
				return nil, fmt.Errorf("store: posting of session %d: %w", p.Session, err)
			}
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

// resultMarks returns the marks of the event's table results by key.
func (s *Store) resultMarks(ctx context.Context, id int64) (map[Key]mark, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT round, table_no, board, form, turned, appeal, played FROM result_marks WHERE event_id = $1`, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[Key]mark{}
	for rows.Next() {
		var m mark
		var turned int
		if err := rows.Scan(&m.Round, &m.Table, &m.Board, &m.Form, &turned, &m.Appeal, &m.Played); err != nil {
			return nil, err
		}
		m.Turned = turned == 1
		out[m.Key] = m
	}
	return out, rows.Err()
}

// DrawSwiss draws the next round of a Swiss event from its results as they
// stand: package event's draw (event.DrawSwiss: the field ranked by VPs,
// rematches avoided, a first round at random or by rating, an odd field's
// bye as NSWBA 13.7 has it, and only once every match so far is scored,
// NSWBA 14) on the event file, the round then stored with its tables
// (AddRound). A round that is not scored yet is ErrConflict.
func (s *Store) DrawSwiss(ctx context.Context, id int64, o event.DrawOptions) (*event.Drawn, error) {
	ev, err := s.EventFile(ctx, id)
	if err != nil {
		return nil, err
	}
	prev := len(ev.Rounds())
	if o.At.IsZero() {
		o.At = s.now()
	}
	dr, err := ev.DrawSwiss(o)
	switch {
	case errors.Is(err, event.ErrNotScored):
		return nil, fmt.Errorf("store: draw: %w: %v", ErrConflict, err)
	case err != nil:
		return nil, fmt.Errorf("store: draw: %w: %v", ErrInvalid, err)
	}
	if err := s.AddRound(ctx, id, ev, dr.Round.Number, prev); err != nil {
		return nil, err
	}
	return dr, nil
}

// Section returns the part of an event file that is one section: its
// entrants, the matches among them with their results, their fines, the
// sessions and postings. Package event ranks it on its own (Report), its
// boards compared among the section's tables only.
func Section(ev *event.Event, name string) (*event.Event, error) {
	var buf bytes.Buffer
	if err := ev.Write(&buf); err != nil {
		return nil, err
	}
	sub, err := event.Read(&buf, "section "+name)
	if err != nil {
		return nil, err
	}
	in := map[int]bool{}
	sub.Entrants = slices.DeleteFunc(sub.Entrants, func(en event.Entrant) bool {
		keep := cmp.Or(en.Section, "A") == name
		in[en.ID] = keep
		return !keep
	})
	if len(sub.Entrants) == 0 {
		return nil, fmt.Errorf("store: section %q: %w", name, ErrNotFound)
	}
	kept := map[[2]int]bool{}
	for _, rd := range sub.Rounds() {
		rd.Matches = slices.DeleteFunc(rd.Matches, func(m event.Match) bool {
			for _, id := range m.Entrants() {
				if id != 0 && !in[id] {
					return true
				}
			}
			kept[[2]int{rd.Number, m.Table}] = true
			return false
		})
	}
	sub.Offences = slices.DeleteFunc(sub.Offences, func(o event.Offence) bool { return !in[o.Entrant] })
	sub.Corrections = slices.DeleteFunc(sub.Corrections, func(c event.Correction) bool { return !kept[[2]int{c.Round, c.Table}] })
	return sub, nil
}

// rulingPrefix starts a PBN comment that carries a ruling.
const rulingPrefix = "bridgetd-ruling "

// RulingComment writes a ruling as the text of a PBN comment: the prefix
// "bridgetd-ruling " and its fields as a URL query (round, table, board,
// kind, ns, ew, outcomes as SCORE:WEIGHT pairs, ns_award, ew_award, the
// board's marks form, turned and appeal, law, director, why), escaped so that no brace closes the comment.
func RulingComment(r Ruling) string {
	v := url.Values{}
	v.Set("round", strconv.Itoa(r.Round))
	v.Set("table", strconv.Itoa(r.Table))
	v.Set("board", strconv.Itoa(r.Board))
	v.Set("kind", r.Kind)
	switch r.Kind {
	case RulingAssigned:
		v.Set("ns", strconv.Itoa(r.NSScore))
	case RulingSplit:
		v.Set("ns", strconv.Itoa(r.NSScore))
		v.Set("ew", strconv.Itoa(r.EWScore))
	case RulingWeighted:
		var os []string
		for _, o := range r.Outcomes {
			os = append(os, strconv.Itoa(o.Score)+":"+strconv.FormatFloat(o.Weight, 'g', -1, 64))
		}
		v.Set("outcomes", strings.Join(os, ","))
	case RulingArtificial:
		v.Set("ns_award", r.NSAward)
		v.Set("ew_award", r.EWAward)
	}
	if r.Form != 0 {
		v.Set("form", strconv.Itoa(r.Form))
	}
	if r.Turned {
		v.Set("turned", "1")
	}
	for k, x := range map[string]string{"law": r.Law, "director": r.Director, "why": r.Why, "appeal": r.Appeal} {
		if x != "" {
			v.Set(k, x)
		}
	}
	return rulingPrefix + v.Encode()
}

// ParseRulingComment reads a ruling written by RulingComment; ok is false
// for a comment that is not one. A ruling that does not read or does not
// hold (Law 12C: weights adding up to 1, awards A+, A, A− or a percentage)
// is an error naming the field.
func ParseRulingComment(text string) (r Ruling, ok bool, err error) {
	rest, ok := strings.CutPrefix(strings.TrimSpace(text), rulingPrefix)
	if !ok {
		return r, false, nil
	}
	v, err := url.ParseQuery(strings.TrimSpace(rest))
	if err != nil {
		return r, true, fmt.Errorf("%w: ruling: %v", ErrInvalid, err)
	}
	num := func(name string, into *int, required bool) {
		x := v.Get(name)
		if err != nil || (x == "" && !required) {
			return
		}
		n, e := strconv.Atoi(x)
		if e != nil || n < -100000 || n > 100000 {
			err = fmt.Errorf("%w: ruling %s %q: want a whole number", ErrInvalid, name, x)
		}
		*into = n
	}
	num("round", &r.Round, true)
	num("table", &r.Table, true)
	num("board", &r.Board, true)
	num("ns", &r.NSScore, false)
	num("ew", &r.EWScore, false)
	num("form", &r.Form, false)
	if err != nil {
		return r, true, err
	}
	if r.Round < 1 || r.Table < 1 || r.Board < 1 {
		return r, true, fmt.Errorf("%w: ruling at round %d table %d board %d: want each from 1", ErrInvalid, r.Round, r.Table, r.Board)
	}
	r.Kind, r.NSAward, r.EWAward = v.Get("kind"), v.Get("ns_award"), v.Get("ew_award")
	r.Law, r.Director, r.Why, r.Appeal = v.Get("law"), v.Get("director"), v.Get("why"), v.Get("appeal")
	r.Turned = v.Get("turned") == "1"
	if r.Form < 0 {
		return r, true, fmt.Errorf("%w: ruling form %d: want a fouled form from 1, or none (Law 87)", ErrInvalid, r.Form)
	}
	if r.Kind == RulingWeighted {
		if r.Outcomes, err = ParseOutcomes(v.Get("outcomes")); err != nil {
			return r, true, err
		}
	}
	if err := r.check(); err != nil {
		return r, true, fmt.Errorf("ruling at round %d table %d board %d: %w", r.Round, r.Table, r.Board, err)
	}
	return r, true, nil
}

// ParseOutcomes reads weighted outcomes "420:0.6, -50:0.4" (Law 12C1(c)),
// empty parts skipped.
func ParseOutcomes(s string) ([]Outcome, error) {
	var out []Outcome
	for part := range strings.SplitSeq(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		sc, wt, ok := strings.Cut(part, ":")
		n, err1 := strconv.Atoi(strings.TrimSpace(sc))
		f, err2 := strconv.ParseFloat(strings.TrimSpace(wt), 64)
		if !ok || err1 != nil || err2 != nil {
			return nil, fmt.Errorf("%w: outcome %q: want SCORE:WEIGHT such as 420:0.6", ErrInvalid, part)
		}
		out = append(out, Outcome{Score: n, Weight: f})
	}
	return out, nil
}

// PBNRulings returns the rulings a PBN file carries in its comments
// (RulingComment), in the order of the file. An error names the line.
func PBNRulings(f *pbn.File) ([]Ruling, error) {
	var out []Ruling
	for _, g := range f.Games {
		for _, c := range g.Comments {
			r, ok, err := ParseRulingComment(c.Text)
			if err != nil {
				return nil, fmt.Errorf("PBN line %d: %w", c.Line, err)
			}
			if ok {
				out = append(out, r)
			}
		}
	}
	return out, nil
}
