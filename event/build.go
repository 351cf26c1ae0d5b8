package event

import (
	"fmt"
	"slices"
	"time"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/score"
)

// AddEntrant enters a pair, team or individual (in an individual event, one
// player at most), numbering it after the highest id so far when en.ID is
// 0. It returns the id.
func (ev *Event) AddEntrant(en Entrant) (int, error) {
	if en.ID == 0 {
		for _, x := range ev.Entrants {
			en.ID = max(en.ID, x.ID)
		}
		en.ID++
	}
	if _, err := ev.Entrant(en.ID); err == nil {
		return 0, fmt.Errorf("entrant %d: %w: entered already", en.ID, ErrInvalid)
	}
	if ev.Kind == Individual && len(en.Players) > 1 {
		return 0, fmt.Errorf("entrant %q: %w: an individual entrant is one player, got %d", en.Name, ErrInvalid, len(en.Players))
	}
	if en.Players == nil {
		en.Players = []Player{}
	}
	ev.Entrants = append(ev.Entrants, en)
	return en.ID, nil
}

// AddSession adds a session starting at start in the given stage (0 for the
// same stage as the previous session) and returns its number.
func (ev *Event) AddSession(start time.Time, stage int) (int, error) {
	n := 1
	if k := len(ev.Sessions); k > 0 {
		last := ev.Sessions[k-1]
		if start.Before(last.Start) {
			return 0, fmt.Errorf("session starting %s: %w: before session %d", start.Format(clock), ErrInvalid, last.Number)
		}
		n = last.Number + 1
		if stage == 0 {
			stage = last.Stage
		}
	}
	ev.Sessions = append(ev.Sessions, Session{Number: n, Stage: stage, Start: start, Rounds: []Round{}})
	return n, nil
}

// Pairing is one match of a draw: the entrant sitting NS (or at home) and
// its opponent, 0 for a bye.
type Pairing struct{ NS, EW int }

// AddRound adds the next round to a session with the given pairings, tables
// numbered from 1 in order, and boards (when nil, the next BoardsPerRound
// boards after the previous round's). A round once drawn is not drawn again,
// even if an appeal later changes a score (NSWBA 14). An individual event's
// rounds seat four players a table and are not drawn as pairings
// (ErrIndividual).
func (ev *Event) AddRound(session int, pairs []Pairing, boards []int, drawn time.Time) (*Round, error) {
	s, err := ev.Session(session)
	if err != nil {
		return nil, err
	}
	if ev.Kind == Individual && len(pairs) > 0 {
		return nil, fmt.Errorf("session %d: %w: an individual event's tables seat four players (AddMovement)", session, ErrIndividual)
	}
	rounds := ev.Rounds()
	n := 1
	if len(rounds) > 0 {
		n = rounds[len(rounds)-1].Number + 1
	}
	if later := ev.Sessions[len(ev.Sessions)-1].Number; session != later && slices.IndexFunc(ev.Sessions, func(x Session) bool { return x.Number > session && len(x.Rounds) > 0 }) >= 0 {
		return nil, fmt.Errorf("session %d: %w: a later session has rounds", session, ErrDrawn)
	}
	if boards == nil {
		first := 1
		if len(rounds) > 0 && len(rounds[len(rounds)-1].Boards) > 0 {
			b := rounds[len(rounds)-1].Boards
			first = b[len(b)-1] + 1
		}
		for i := range ev.BoardsPerRound {
			boards = append(boards, first+i)
		}
	}
	r := Round{Number: n, Boards: boards, Matches: make([]Match, 0, len(pairs))}
	if !drawn.IsZero() {
		r.Drawn = &drawn
	}
	seen := map[int]bool{}
	for i, p := range pairs {
		for _, id := range []int{p.NS, p.EW} {
			if id == 0 && p.EW == 0 && p.NS != 0 {
				continue
			}
			if _, err := ev.Entrant(id); err != nil {
				return nil, fmt.Errorf("round %d table %d: %w", n, i+1, err)
			}
			if seen[id] {
				return nil, fmt.Errorf("round %d: entrant %d: %w: drawn twice", n, id, ErrInvalid)
			}
			seen[id] = true
		}
		r.Matches = append(r.Matches, Match{Table: i + 1, NS: p.NS, EW: p.EW})
	}
	s.Rounds = append(s.Rounds, r)
	return &s.Rounds[len(s.Rounds)-1], nil
}

// EnterRoom records the board results of the match at table t of round r,
// replacing any result already there for the same board: the table's only
// results, or a teams match's open room (home team North–South) or, with
// closed set, its closed room (home team East–West); both rooms' results
// score the match board by board. Every result is checked before any is
// entered. Results entered after the session's scores are posted are
// corrections: use Correct.
func (ev *Event) EnterRoom(r, t int, closed bool, results []Result) error {
	s, rd, m, err := ev.Match(r, t)
	if err != nil {
		return err
	}
	if s.Posted != nil {
		return fmt.Errorf("round %d table %d: %w: session %d is posted; enter a correction", r, t, ErrInvalid, s.Number)
	}
	if closed && !ev.twoRooms() {
		return fmt.Errorf("round %d table %d: %w: the closed room belongs to a teams match (scoring %s or %s), not to a %s event scored by %s", r, t, ErrInvalid, IMPVP, IMPs, ev.Kind, ev.Scoring)
	}
	// Every result is checked before any is entered.
	seen := map[int]bool{}
	checked := make([]Result, len(results))
	for i, res := range results {
		if err := ev.checkResult(&res, r, t, "", m, rd); err != nil {
			return err
		}
		if seen[res.Board] {
			return fmt.Errorf("round %d table %d board %d: %w: the board is given twice", r, t, res.Board, ErrBadResult)
		}
		seen[res.Board] = true
		checked[i] = res
	}
	for _, res := range checked {
		room := &m.Results
		if closed {
			room = &m.Closed
		}
		if i := slices.IndexFunc(*room, func(x Result) bool { return x.Board == res.Board }); i >= 0 {
			(*room)[i] = res
		} else {
			*room = append(*room, res)
		}
	}
	slices.SortFunc(m.Results, func(a, b Result) int { return a.Board - b.Board })
	slices.SortFunc(m.Closed, func(a, b Result) int { return a.Board - b.Board })
	return nil
}

// twoRooms reports whether the event's matches are teams matches: board
// results in two rooms, or a margin in IMPs entered for the whole match.
func (ev *Event) twoRooms() bool { return ev.Scoring == IMPVP || ev.Scoring == IMPs }

// checkResult completes a result entered or corrected at match m (table t)
// of round rd (number r) and checks that it belongs there: a board the
// table plays, and an assigned score some result on the board can give
// (NSWBA 13.6(a)). The error names the round, table, room and board.
func (ev *Event) checkResult(res *Result, r, t int, room string, m *Match, rd *Round) error {
	if err := res.Complete(); err != nil {
		return fmt.Errorf("round %d table %d%s: %w", r, t, roomName(room), err)
	}
	if bs := m.BoardsIn(rd); len(bs) > 0 && !slices.Contains(bs, res.Board) {
		return fmt.Errorf("round %d table %d%s board %d: %w (the table plays %v)", r, t, roomName(room), res.Board, ErrNoBoard, bs)
	}
	if res.Adjusted() {
		// At teams the two rooms are scored against each other
		// (twoRooms): split, weighted and artificial scores, unplayed
		// boards and fouled forms. A board turned through 90° at teams is a
		// fouled board (NSWBA 8.4 spares only individual and pairs events).
		if ev.twoRooms() && res.Turned {
			return fmt.Errorf("round %d table %d%s board %d: %w: %s: a board turned through 90° in a teams match is a fouled board (NSWBA 8.4): record the form each room played (form=N, Law 87) or an artificial adjusted score (Law 12C2)", r, t, roomName(room), res.Board, ErrBadResult, res)
		}
		if res.Unplayed && ev.Scoring == Matchpoints {
			return fmt.Errorf("round %d table %d board %d: %w: an unplayed board is assigned IMPs (NSWBA 13.10, IMP-scored events), not matchpoints", r, t, res.Board, ErrBadResult)
		}
		if res.Turned && m.Individual() {
			return fmt.Errorf("round %d table %d board %d: %w: a turned board at an individual table", r, t, res.Board, ErrBadResult)
		}
		v := bridge.Board(res.Board).Vulnerability()
		others := []int{}
		if res.EWScore != nil {
			others = append(others, *res.EWScore)
		}
		for _, o := range res.Weighted {
			others = append(others, o.Score)
		}
		for _, x := range others {
			if !score.PossibleScore(x, v) {
				return fmt.Errorf("round %d table %d%s board %d: assigned score %d: %w: no result on the board gives it (NSWBA 13.6(a))", r, t, roomName(room), res.Board, x, ErrBadResult)
			}
		}
	}
	if res.Assigned() && !score.PossibleScore(res.Score, bridge.Board(res.Board).Vulnerability()) {
		return fmt.Errorf("round %d table %d%s board %d: assigned score %d: %w: no result on the board gives it (NSWBA 13.6(a))", r, t, roomName(room), res.Board, res.Score, ErrBadResult)
	}
	return nil
}
