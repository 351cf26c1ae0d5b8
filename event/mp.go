package event

import (
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/movement"
	"github.com/bridgetd/bridgetd/score"
)

// ErrIndividual refuses a movement that does not fit the event: an
// individual movement (four players a table, partners changing every
// round) for a pairs or teams event, or a pairs movement for an individual
// event.
var ErrIndividual = errors.New("an individual movement goes with an individual event, a pairs movement with a pairs event")

// AddMovement adds the rounds of a movement (package movement: a Mitchell
// or a Howell for pairs, an individual movement for an individual event)
// to a session: each table of each round a match with the boards of its
// sets, arrow-switched rounds marked, and a table whose opponents are
// missing (a sit-out) left out, except in an event scored by Butler IMPs,
// where the pair present has a bye on the boards it would have played
// (NSWBA 13.8, Match.SitOutEW its own direction). An individual movement's tables seat their
// four players (Match.Players, N, E, S, W). Entrant numbers are the
// movement's; each must be entered. The event's Top, when not set, becomes
// the matchpoint top of a board played at every table of a round. A
// Mitchell without arrow switch makes the event two-winner (TwoWinner). An
// individual movement for a pairs or teams event, or a pairs movement for
// an individual event, is refused with ErrIndividual.
func (ev *Event) AddMovement(session int, mv *movement.Movement, at time.Time) error {
	switch {
	case mv.Kind == movement.Individual && ev.Kind != Individual:
		return fmt.Errorf("%s movement, event kind %s: %w", mv.Kind, ev.Kind, ErrIndividual)
	case mv.Kind != movement.Individual && ev.Kind == Individual:
		return fmt.Errorf("%s movement, event kind %s: %w", mv.Kind, ev.Kind, ErrIndividual)
	case mv.Kind == movement.RoundRobin && ev.Kind != RoundRobin:
		return fmt.Errorf("%s schedule, event kind %s: %w", mv.Kind, ev.Kind, ErrTeamsMovement)
	case (mv.Kind == movement.Mitchell || mv.Kind == movement.Howell) && ev.teams():
		return fmt.Errorf("%s movement, a %s event scored by %s: %w", mv.Kind, ev.Kind, ev.Scoring, ErrTeamsMovement)
	case mv.Kind == movement.Mitchell, mv.Kind == movement.Howell, mv.Kind == movement.Individual, mv.Kind == movement.RoundRobin:
	default:
		return fmt.Errorf("%s movement: %w: only Mitchell, Howell, individual and round-robin movements are seated here", mv.Kind, ErrInvalid)
	}
	// Every entrant plays: the movement seats the field entered, the
	// phantom of a half table apart, so that none is left out unasked.
	seated := mv.Entrants
	if mv.Phantom != 0 {
		seated--
	}
	if seated != len(ev.Entrants) {
		return fmt.Errorf("%s movement for %d, the event has %d entrants (enter the missing ones, or choose the tables that fit): %w", mv.Kind, seated, len(ev.Entrants), ErrField)
	}
	for i := 1; i <= mv.Entrants; i++ {
		if i == mv.Phantom {
			continue
		}
		if _, err := ev.Entrant(entrantOf(mv, i)); err != nil {
			return fmt.Errorf("%s movement: %w", mv.Kind, err)
		}
	}
	if len(ev.Rounds()) > 0 {
		return fmt.Errorf("%s movement: %w: the event has rounds already", mv.Kind, ErrDrawn)
	}
	played := map[int]int{}
	add := ev.addPairs
	switch mv.Kind {
	case movement.Individual:
		add = ev.addIndividual
	case movement.RoundRobin:
		return ev.addMatches(session, mv, at)
	}
	if err := add(session, mv, at, played); err != nil {
		return err
	}
	ev.TwoWinner = mv.Kind == movement.Mitchell && mv.TwoWinner
	if ev.Top == 0 {
		most := 0
		for _, n := range played {
			most = max(most, n)
		}
		ev.Top = float64(2 * (most - 1)) // Law 78A: 2 for each score beaten
	}
	return nil
}

// ErrField refuses a movement that does not seat exactly the entrants
// entered.
var ErrField = errors.New("a movement must seat every entrant entered, none left out")

// ErrTeamsMovement refuses a movement that does not fit a teams event: a
// teams event plays whole matches, which a pairs movement (a Mitchell or a
// Howell, changing opponents every few boards) would split; a round-robin
// schedule goes with a round-robin event.
var ErrTeamsMovement = errors.New("a teams event plays whole matches: a round-robin schedule for a round-robin event, no pairs movement")

// teams reports whether the event's entrants meet in teams matches: a
// teams kind, or a round robin scored by IMPs between two rooms.
func (ev *Event) teams() bool {
	return ev.Kind.Teams() || (ev.Kind == RoundRobin && (ev.Scoring == IMPVP || ev.Scoring == IMPs))
}

// addMatches adds the rounds of a round-robin schedule (the Berger tables
// of package movement): each round a match at each table, home team first,
// the whole round playing the round's set in both rooms; the opponent of
// the missing team of an odd field has the bye.
func (ev *Event) addMatches(session int, mv *movement.Movement, at time.Time) error {
	for _, mr := range mv.Rounds {
		var pairs []Pairing
		var boards []int
		sitOutEW := map[int]bool{}
		for _, st := range mr.Tables {
			ns, ew := entrantOf(mv, st.NS), entrantOf(mv, st.EW)
			if ns == 0 {
				// The missing entrant was North–South (the home side): the
				// one present has the bye in its own seat, East–West.
				ns, ew = ew, 0
				sitOutEW[ns] = true
			}
			pairs = append(pairs, Pairing{NS: ns, EW: ew})
			for _, set := range st.Sets {
				first, last := mv.Boards(set)
				for b := first; b <= last; b++ {
					if !slices.Contains(boards, b) {
						boards = append(boards, b)
					}
				}
			}
		}
		slices.Sort(boards)
		rd, err := ev.AddRound(session, pairs, boards, at)
		if err != nil {
			return err
		}
		for i := range rd.Matches {
			if m := &rd.Matches[i]; m.Bye() {
				m.SitOutEW = sitOutEW[m.NS]
			}
		}
	}
	if ev.BoardsPerRound == 0 {
		ev.BoardsPerRound = mv.PerSet
	}
	return nil
}

// entrantOf returns the entrant a movement's number k stands for: the
// entrants in order, the phantom of a half table skipped (0 for it and for
// an empty seat).
func entrantOf(mv *movement.Movement, k int) int {
	switch {
	case k == 0 || k == mv.Phantom:
		return 0
	case mv.Phantom != 0 && k > mv.Phantom:
		return k - 1
	}
	return k
}

// addPairs adds the rounds of a pairs movement: each table a match between
// its two pairs, a sit-out left out (in a Butler event, a bye on the boards
// the pair would have played, NSWBA 13.8). played counts the tables that play
// each board.
func (ev *Event) addPairs(session int, mv *movement.Movement, at time.Time, played map[int]int) error {
	for _, mr := range mv.Rounds {
		var pairs []Pairing
		var union []int
		var tables []movement.Seating
		for _, st := range mr.Tables {
			ns, ew := entrantOf(mv, st.NS), entrantOf(mv, st.EW)
			if ns == 0 && ew == 0 {
				continue
			}
			if ns == 0 || ew == 0 {
				if ev.Scoring != ButlerVP {
					continue // a sit-out: the pair present plays no boards
				}
				// A Butler pairs event scores a sit-out (NSWBA 13.8): the
				// pair present has a bye on the boards it would have
				// played, in its own seat (Match.SitOutEW).
				ns, ew = max(ns, ew), 0
			}
			pairs = append(pairs, Pairing{NS: ns, EW: ew})
			tables = append(tables, st)
		}
		for _, st := range tables {
			if entrantOf(mv, st.NS) == 0 || entrantOf(mv, st.EW) == 0 {
				continue // a sit-out's boards are not played at its table
			}
			for _, set := range st.Sets {
				first, last := mv.Boards(set)
				for b := first; b <= last; b++ {
					if !slices.Contains(union, b) {
						union = append(union, b)
					}
					played[b]++
				}
			}
		}
		slices.Sort(union)
		rd, err := ev.AddRound(session, pairs, union, at)
		if err != nil {
			return err
		}
		for i, st := range tables {
			m := &rd.Matches[i]
			m.Table, m.Switch = st.Table, st.Switch
			if m.Bye() {
				m.Switch = false
				m.SitOutEW = entrantOf(mv, st.NS) == 0
				if st.Switch {
					m.SitOutEW = !m.SitOutEW // the pair holds the other direction's cards
				}
			}
			for _, set := range st.Sets {
				first, last := mv.Boards(set)
				for b := first; b <= last; b++ {
					m.Boards = append(m.Boards, b)
				}
			}
		}
	}
	return nil
}

// addIndividual adds the rounds of an individual movement: each table a
// match seating its four players, a table with an empty seat left out (its
// players sit out). played counts the tables that play each board.
func (ev *Event) addIndividual(session int, mv *movement.Movement, at time.Time, played map[int]int) error {
	for _, mr := range mv.Rounds {
		var union []int
		var tables []Match
		for _, st := range mr.Tables {
			if len(st.Players) != 4 || slices.Contains(st.Players, 0) {
				continue // an empty seat: the others sit out
			}
			m := Match{Table: st.Table, Players: slices.Clone(st.Players)}
			for _, set := range st.Sets {
				first, last := mv.Boards(set)
				for b := first; b <= last; b++ {
					m.Boards = append(m.Boards, b)
					if !slices.Contains(union, b) {
						union = append(union, b)
					}
					played[b]++
				}
			}
			tables = append(tables, m)
		}
		slices.Sort(union)
		rd, err := ev.AddRound(session, nil, union, at)
		if err != nil {
			return err
		}
		rd.Matches = append(rd.Matches, tables...)
	}
	return nil
}

// mpRow is one traveller row with where it came from.
type mpRow struct {
	round    int
	cardsNS  int // the pair that held the North–South cards
	cardsEW  int
	players  []int // an individual table's players, N, E, S, W
	score    int
	assigned bool
	res      Result
}

// Travellers returns each board's results as package score reads them,
// one row per table, the pair holding the North–South cards first (an
// arrow-switched table's pairs exchanged), and the rows' rounds.
func (ev *Event) travellers() map[int][]mpRow {
	out := map[int][]mpRow{}
	for _, rd := range ev.Rounds() {
		for _, m := range rd.Matches {
			if m.Bye() || m.Forfeit != nil {
				continue
			}
			ns, ew := m.NS, m.EW
			if m.Switch {
				ns, ew = ew, ns
			}
			if m.Individual() && len(m.Players) == 4 {
				ns, ew = m.Players[bridge.North], m.Players[bridge.East]
			}
			for _, r := range m.Results {
				out[r.Board] = append(out[r.Board], mpRow{rd.Number, ns, ew, m.Players, r.Score, r.Contract == nil, r})
			}
		}
	}
	return out
}

// MPRecords builds the ranking records of a matchpoint pairs event from its
// board results: each board matchpointed with package score (Law 78A: 2 for
// each score beaten, 1 for each equalled), a board with fewer results than
// the most played factored up by Neuberg's formula, and each pair's total
// less its fines (NSWBA 7). When the pairs' tops differ (sit-outs, boards
// not played) the total is the percentage of the top. The board records
// carry what the matchpoint tie-breaks need (NSWBA 12). In a two-winner
// event each record names its field, the direction the pair sat; a pair's
// matchpoints come from the comparison with the pairs that held the same
// cards, so only totals of one field are compared, and whether they are
// percentages is decided field by field. In an individual event each
// player of a table scores his side's matchpoints on the board, both
// partners alike, and the board record names his partner and both
// opponents.
func (ev *Event) MPRecords() []Record {
	trav := ev.travellers()
	expected := 0
	for _, rows := range trav {
		expected = max(expected, len(rows))
	}
	recs := map[int]*Record{}
	mp := map[int]float64{}
	top := map[int]float64{}
	var lines map[int]string
	if ev.TwoWinner {
		lines = ev.lines()
	}
	for _, en := range ev.Entrants {
		recs[en.ID] = &Record{Entrant: en.ID, Eligible: !en.NonQualified, Field: lines[en.ID]}
	}
	boards := make([]int, 0, len(trav))
	for b := range trav {
		boards = append(boards, b)
	}
	slices.Sort(boards)
	for _, b := range boards {
		rows := trav[b]
		rs := make([]score.Result, len(rows))
		for i, r := range rows {
			rs[i] = r.res.scoreResult(r.cardsNS, r.cardsEW)
			if r.res.Turned && len(r.players) == 0 {
				// NSWBA 8.4: the pairs held each other's cards.
				rows[i].cardsNS, rows[i].cardsEW, rows[i].score = r.cardsEW, r.cardsNS, -r.score
			}
		}
		// Neuberg where a board has fewer results than the others.
		o := score.MPOptions{Neuberg: len(rows) < expected, Expected: expected}
		scored := score.Matchpoints(rs, o)
		for i, r := range rows {
			r = rows[i]
			s := scored[i]
			credit := func(id int, br BoardRecord) {
				if rec := recs[id]; rec != nil {
					rec.Boards = append(rec.Boards, br)
					mp[id] += br.MP
					top[id] += br.Top
				}
			}
			ns := BoardRecord{Board: b, Round: r.round, Side: NS, Score: r.score, MP: s.NS, Top: s.Top}
			ew := BoardRecord{Board: b, Round: r.round, Side: EW, Score: -r.score, MP: s.EW, Top: s.Top}
			if p := r.players; len(p) == 4 {
				// An individual table: each player scores his side's
				// matchpoints, both partners alike.
				n, e, so, w := p[bridge.North], p[bridge.East], p[bridge.South], p[bridge.West]
				ns.Opponent, ns.SecondOpponent = e, w
				ew.Opponent, ew.SecondOpponent = n, so
				ns.Partner, ew.Partner = so, w
				credit(n, ns)
				credit(e, ew)
				ns.Partner, ew.Partner = n, e
				credit(so, ns)
				credit(w, ew)
				continue
			}
			ns.Opponent, ew.Opponent = r.cardsEW, r.cardsNS
			credit(r.cardsNS, ns)
			credit(r.cardsEW, ew)
		}
	}
	// Totals are percentages in a field whose pairs' tops differ.
	firstTop := map[string]float64{}
	sameTop := map[string]bool{}
	for _, en := range ev.Entrants {
		f := recs[en.ID].Field
		if t, ok := firstTop[f]; !ok {
			firstTop[f], sameTop[f] = top[en.ID], true
		} else if top[en.ID] != t {
			sameTop[f] = false
		}
	}
	out := make([]Record, 0, len(ev.Entrants))
	for _, en := range ev.Entrants {
		r := recs[en.ID]
		t := mp[en.ID] - ev.Fines(en.ID)
		if !sameTop[r.Field] && top[en.ID] > 0 {
			t = 100 * t / top[en.ID]
		}
		r.Total = round2(t)
		out = append(out, *r)
	}
	return out
}

// incomplete reports whether a matchpoint movement was incomplete: some
// pair played fewer boards than were in play (NSWBA 12, matchpoints (a)).
func incomplete(recs []Record) bool {
	all := map[int]bool{}
	for _, r := range recs {
		for _, b := range r.Boards {
			all[b.Board] = true
		}
	}
	for _, r := range recs {
		if len(r.Boards) < len(all) {
			return true
		}
	}
	return false
}
