package event

import (
	"fmt"
	"math"
	"slices"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/laws"
	"github.com/bridgetd/bridgetd/regulation"
	"github.com/bridgetd/bridgetd/score"
)

// Scorer is what the event needs from the scoring engine (package score):
// the IMP scale, a Butler datum and a VP scale. The command wires in the
// real one.
type Scorer interface {
	// IMPs converts a point difference to signed IMPs on the WBF scale.
	IMPs(diff float64) float64
	// Datum returns the Butler datum of a board from the NS scores used.
	Datum(scores []int) float64
	// VP converts NS's net IMP margin in a match of boards boards to the
	// VP of NS and EW.
	VP(imps float64, boards int) (ns, ew float64)
	// HalfVP converts the IMPs of a half match, played boards of a match
	// of boards boards, to VP (NSWBA 13.7): doubled on the match's scale
	// when the match is shorter than doubleBelow boards, else on the scale
	// for the boards played.
	HalfVP(imps float64, played, boards, doubleBelow int) (ns, ew float64)
	// ForfeitIMPs returns the IMPs a forfeit's VP award stands for in a
	// match of boards boards: the most IMPs that score no more than vp
	// (NSWBA 13.9), 0 when even a draw scores more.
	ForfeitIMPs(vp float64, boards int) float64
	// UnplayedIMPs returns the IMPs assigned for boards boards that cannot
	// be played, in all, by profile p's formula (NSWBA 13.10), its VP
	// figure taken on the event's scale.
	UnplayedIMPs(p *regulation.Profile, boards int) float64
}

// Score computes every match of the event: the Butler datums and IMPs of
// each board (ButlerVP), the VPs of each match, forfeits and byes. Matches
// without results are left unscored. With appeals pending, a datum of all
// scores includes the pending ones and marks the results provisional; a
// datum of selected scores leaves them out, so that only the appealed
// match can change (NSWBA 14).
func (ev *Event) Score(sc Scorer) error {
	for _, rd := range ev.Rounds() {
		// A Butler board's datum is taken over every result of the board
		// in the round's pool (package score's Butler traveller).
		if err := ev.scoreRound(rd, ev.pool(rd), sc); err != nil {
			return fmt.Errorf("round %d: %w", rd.Number, err)
		}
	}
	ev.applyFinalForfeits(sc)
	return nil
}

// pool returns the rounds whose results of a board are compared with
// those of round rd: every round of a movement (a Mitchell, a Howell, a
// Berger schedule), where a board travels from round to round; rd alone in
// a Swiss event, whose rounds' boards are their own (AddRound numbers them
// on).
func (ev *Event) pool(rd *Round) []*Round {
	if ev.Kind.Swiss() {
		return []*Round{rd}
	}
	return ev.Rounds()
}

func (ev *Event) vpTotal() float64 {
	if ev.VPTotal > 0 {
		return ev.VPTotal
	}
	return ev.Profile().FineScaleVP
}

func (ev *Event) scoreRound(rd *Round, pool []*Round, sc Scorer) error {
	p := ev.Profile()
	total := ev.vpTotal()
	boards := len(rd.Boards)
	if boards == 0 {
		boards = ev.BoardsPerRound
	}
	// Butler datums per board.
	type datum struct {
		value       float64
		provisional bool
		ok          bool
	}
	datums := map[int]datum{}
	if ev.Scoring == ButlerVP {
		scores := map[int][]int{}
		pending, decided := map[int][]int{}, map[int][]int{}
		for _, m := range poolMatches(pool) {
			if m.Bye() || m.Forfeit != nil {
				continue
			}
			for _, r := range m.Results {
				switch {
				case r.Appeal == AppealPending:
					pending[r.Board] = append(pending[r.Board], r.Score)
				case r.Appeal == AppealDecided && ev.Datum == DatumSelected:
					// NSWBA 14: the datum stays as it stood while the
					// appeal was pending; only the appealed match changes.
					decided[r.Board] = append(decided[r.Board], r.Score)
				default:
					scores[r.Board] = append(scores[r.Board], r.Score)
				}
			}
		}
		for _, b := range unionKeys(scores, unionMap(pending, decided)) {
			use := scores[b]
			prov := false
			if ev.Datum != DatumSelected || len(use) == 0 {
				// NSWBA 14: all scores enter the datum, provisionally.
				prov = len(pending[b]) > 0
				use = append(slices.Clone(use), pending[b]...)
				use = append(use, decided[b]...)
			}
			datums[b] = datum{sc.Datum(use), prov, true}
		}
	}
	// Boards with an adjusted score or an irregular form are scored by
	// package score's Butler traveller: fouled forms by the profile's rule
	// (NSWBA 8.1), artificial scores at its average IMPs (NSWBA 8.3), split
	// and weighted scores side by side (Law 12C1(b), (c)).
	adjusted := map[rowKey]score.Scored{} // the row's IMPs
	if ev.Scoring == ButlerVP {
		adjusted = ev.butlerAdjusted(pool, sc)
	}
	sitOut := ev.sitOutAverages(pool, func(b, score int) float64 {
		return sc.IMPs(float64(score) - datums[b].value)
	}, adjusted)
	for i := range rd.Matches {
		m := &rd.Matches[i]
		m.Provisional, m.EWIMPs = false, nil
		switch {
		case m.Bye():
			// A bye is credited once its round is played, not when drawn.
			if !rd.Played() {
				m.VP, m.IMPs = nil, nil
				continue
			}
			if sitOut != nil {
				// NSWBA 13.8: the pair that sat out scores, on every board
				// it would have played, the average the pairs who played it
				// scored in its own direction (sitOutAverages).
				side := NS
				if m.SitOutEW {
					side = EW
				}
				var imps float64
				played := m.BoardsIn(rd)
				for _, b := range played {
					imps += sitOut[b][side]
				}
				imps = round2(imps)
				n := len(played)
				if n == 0 {
					n = boards
				}
				ns, _ := sc.VP(imps, n)
				m.VP, m.IMPs = &[2]float64{ns, 0}, &imps
				continue
			}
			v := regulation.ScaleVP(p.ByeVP, p.ForfeitScaleVP, total)
			m.VP, m.IMPs = &[2]float64{round2(v), 0}, nil
			continue
		case m.Forfeit != nil && ev.Scoring == IMPs:
			// NSWBA 13.9: in an event not scored by VPs the non-offenders
			// score the IMPs of the unplayed-boards formula (13.10) for the
			// match, the offenders the negative.
			imps := sc.UnplayedIMPs(p, boards)
			if *m.Forfeit == bridge.NS {
				imps = -imps
			}
			m.VP, m.IMPs = nil, &imps
			continue
		case m.Forfeit != nil:
			// NSWBA 13.9: the offenders score 0, the others 18 of 30 until
			// re-adjusted at the end (applyFinalForfeits), with the IMPs that
			// earn it for the tie-breaks.
			v := ev.forfeitAward()
			if *m.Forfeit == bridge.NS {
				m.VP = &[2]float64{0, v}
			} else {
				m.VP = &[2]float64{v, 0}
			}
			m.IMPs = nil
			ev.setForfeitIMPs(m, v, boards, sc)
			continue
		}
		switch ev.Scoring {
		case ButlerVP:
			if len(m.Results) == 0 {
				m.IMPs, m.VP = nil, nil
				continue
			}
			var imps, ewIMPs float64
			for _, r := range m.Results {
				// The rows are scored for the cards; in an arrow-switched
				// round the pair seated North–South held East–West's.
				if x, ok := adjusted[rowKey{rd.Number, i, r.Board}]; ok {
					if m.Switch {
						x.NS, x.EW = x.EW, x.NS
					}
					imps += x.NS
					ewIMPs += x.EW
					continue
				}
				d := datums[r.Board]
				v := sc.IMPs(float64(r.Score) - d.value)
				if m.Switch {
					v = -v
				}
				imps += v
				ewIMPs -= v
				m.Provisional = m.Provisional || d.provisional
			}
			m.IMPs = &imps
			if len(m.Boards) > 0 && m.Half == 0 {
				// A table of a movement plays its own boards, fewer than the
				// round's: its match is of those boards.
				n := len(m.Boards)
				if math.Abs(imps+ewIMPs) > eps {
					m.EWIMPs = &ewIMPs
				}
				ns, _ := sc.VP(imps, n)
				ew, _ := sc.VP(ewIMPs, n)
				m.VP = &[2]float64{ns, ew}
				continue
			}
			if math.Abs(imps+ewIMPs) > eps && m.Half == 0 {
				// The sides' IMPs differ (average-minus to both, say): each
				// side's VPs come from its own IMPs.
				m.EWIMPs = &ewIMPs
				ns, _ := sc.VP(imps, boards)
				ew, _ := sc.VP(ewIMPs, boards)
				m.VP = &[2]float64{ns, ew}
				continue
			}
		case IMPVP, IMPs:
			if home, away, ok, err := twoRooms(m, sc, ev.teamsRule(boards, sc)); err != nil {
				return fmt.Errorf("table %d: %w", m.Table, err)
			} else if ok {
				m.IMPs = &home
				if math.Abs(home+away) > eps {
					// The teams' IMPs do not balance (a split score, an
					// artificial one, an unplayed board): each team's VPs
					// come from its own IMPs.
					m.EWIMPs = &away
				}
			}
			if m.IMPs == nil {
				m.VP = nil
				continue
			}
			if m.EWIMPs != nil && ev.Scoring == IMPVP {
				ns, _ := sc.VP(*m.IMPs, boards)
				ew, _ := sc.VP(*m.EWIMPs, boards)
				m.VP = &[2]float64{ns, ew}
				continue
			}
		default:
			continue
		}
		if ev.Scoring == IMPs {
			m.VP = nil
			continue
		}
		if m.Half != 0 {
			// NSWBA 13.7: a half match, scored for both its pairs.
			ns, ew := sc.HalfVP(*m.IMPs, len(m.BoardsIn(rd)), boards, p.HalfMatchDoubleBelow)
			m.VP = &[2]float64{ns, ew}
			continue
		}
		ns, ew := sc.VP(*m.IMPs, boards)
		m.VP = &[2]float64{ns, ew}
	}
	return nil
}

// rowKey names a Butler row: the round's number, the match's index in the
// round and the board.
type rowKey struct{ round, match, board int }

// poolMatches returns the matches of the rounds whose results share the
// Butler datums.
func poolMatches(pool []*Round) []*Match {
	var out []*Match
	for _, rd := range pool {
		for i := range rd.Matches {
			out = append(out, &rd.Matches[i])
		}
	}
	return out
}

// butlerAdjusted scores, with package score's Butler traveller, every
// board of the pool's rounds on which some table has an adjusted score or
// an irregular form, over all the board's results in those rounds, and
// returns each such row's IMPs by round, match index and board.
func (ev *Event) butlerAdjusted(pool []*Round, sc Scorer) map[rowKey]score.Scored {
	has := map[int]bool{}
	for _, m := range poolMatches(pool) {
		for _, r := range m.Results {
			if r.Adjusted() && m.Forfeit == nil && !m.Bye() {
				has[r.Board] = true
			}
		}
	}
	if len(has) == 0 {
		return nil
	}
	p := ev.Profile()
	rule := score.Fouled(p)
	out := map[rowKey]score.Scored{}
	type row struct {
		key rowKey
		ns  int     // the pair sitting North–South
		avg float64 // average IMPs for the length of the table's match
	}
	rs := map[int][]score.Result{}
	at := map[int][]row{}
	for _, rd := range pool {
		boards := len(rd.Boards)
		if boards == 0 {
			boards = ev.BoardsPerRound
		}
		for i, m := range rd.Matches {
			if m.Bye() || m.Forfeit != nil {
				continue
			}
			// NSWBA 13.10: the IMPs a board for the boards a table left
			// unplayed.
			n := 0
			for _, r := range m.Results {
				if r.Unplayed {
					n++
				}
			}
			var unplayed float64
			if n > 0 {
				unplayed = sc.UnplayedIMPs(p, n) / float64(n)
			}
			// NSWBA 8.3: average IMPs by the length of the table's match
			// (a movement's table plays its own boards).
			length := boards
			if len(m.Boards) > 0 {
				length = len(m.Boards)
			}
			avg := score.AverageIMPs(p, length, true)
			for _, r := range m.Results {
				if !has[r.Board] {
					continue
				}
				x := r.scoreResult(m.NS, m.EW)
				if r.Unplayed {
					x = score.ArtificialScore(m.NS, m.EW, score.IMPs(unplayed), score.IMPs(unplayed))
				}
				rs[r.Board] = append(rs[r.Board], x)
				at[r.Board] = append(at[r.Board], row{rowKey{rd.Number, i, r.Board}, m.NS, avg})
			}
		}
	}
	for b, rows := range rs {
		// The datum comes from the played and assigned scores alone; the
		// average IMPs only price artificial scores, so the board is
		// scored once for each figure its tables' matches call for.
		done := map[float64][]score.Scored{}
		for k, w := range at[b] {
			xs, ok := done[w.avg]
			if !ok {
				o := ev.butlerOptions()
				o.AvePlus, o.AveMinus, o.Fouled = w.avg, w.avg, &rule
				xs = score.Butler(rows, o)
				done[w.avg] = xs
			}
			x := xs[k]
			if rows[k].NS != w.ns {
				x.NS, x.EW = x.EW, x.NS // turned: the pair sitting NS held EW's cards
			}
			out[w.key] = x
		}
	}
	return out
}

// sitOutAverages returns, board by board, the average IMPs the pairs who
// played it in the pool's rounds (every round of a movement) scored (score.SitOutAverage), North–South's and
// East–West's, to be given to a pair that sat out the round in a
// median-scored IMP pairs event (NSWBA 13.8): an event scored by Butler
// IMPs that is not a Swiss (a Swiss pairs field with an odd number of pairs
// is served by a bye or by half matches, 13.7). The regulation asks for "an
// average score" on each board and does not say of which direction; over
// both directions together it is always nil, so the pair takes the
// average of its own direction in the movement (Match.SitOutEW), the seat
// it would have held had its opponents been there. Under a datum of all
// scores that average is near 0, under a trimmed (median) datum it need
// not be. imps gives a played row's IMPs against the board's datum;
// adjusted holds the rows package score's Butler traveller scored. nil when
// 13.8 does not apply.
func (ev *Event) sitOutAverages(pool []*Round, imps func(board, score int) float64, adjusted map[rowKey]score.Scored) map[int][2]float64 {
	if ev.Scoring != ButlerVP || ev.Kind.Swiss() {
		return nil
	}
	rows := map[int][]score.Result{}
	scored := map[int][]score.Scored{}
	for _, rd := range pool {
		for i := range rd.Matches {
			m := &rd.Matches[i]
			if m.Bye() || m.Forfeit != nil {
				continue
			}
			for _, r := range m.Results {
				x, ok := adjusted[rowKey{rd.Number, i, r.Board}]
				if !ok {
					v := imps(r.Board, r.Score)
					x = score.Scored{NS: v, EW: -v}
				}
				rows[r.Board] = append(rows[r.Board], r.scoreResult(m.NS, m.EW))
				scored[r.Board] = append(scored[r.Board], x)
			}
		}
	}
	out := make(map[int][2]float64, len(rows))
	for b, rs := range rows {
		ns, ew := score.SitOutAverage(rs, scored[b])
		out[b] = [2]float64{ns, ew}
	}
	return out
}

// unionMap merges two maps of scores by board.
func unionMap(a, b map[int][]int) map[int][]int {
	out := make(map[int][]int, len(a)+len(b))
	for k, v := range a {
		out[k] = append(out[k], v...)
	}
	for k, v := range b {
		out[k] = append(out[k], v...)
	}
	return out
}

// teamsRule is what scoring a teams board needs beyond the two rooms'
// results.
type teamsRule struct {
	// ko marks a match decided on IMPs alone (a knock-out): a board whose
	// teams' scores do not balance gives both teams the average (Law 86).
	ko bool
	// average is the IMPs of average-plus (and, negated, average-minus):
	// 3 under both codes (2017 Law 12C2(b), 1997 Law 86A), which let the
	// sponsor vary it; the profile's figure for the match's length (NSWBA
	// 8.3: 2 in matches of fewer than 11 boards, 3 in longer ones).
	average float64
	// unplayed returns the IMPs a board each team is assigned when n
	// boards of the match could not be played through no fault of the
	// players (NSWBA 13.10); nil refuses an unplayed board.
	unplayed func(n int) float64
}

// twoRooms scores a teams match entered as the board results of both
// rooms: on each board the home team's IMPs are those of the difference
// between the open room's NS score (home NS) and the closed room's (home
// EW) (Law 78B). ok is false unless both rooms have results; a board in one
// room only is an error. home is the home team's net IMPs, away the away
// team's own: the negative of home unless an adjusted score gives the
// teams figures that do not balance (boardIMPs), which in a match scored
// by VPs each team keeps (Law 12C1(b), 12C2: each side's score is its
// own). In a knock-out (rule.ko) such a board gives both teams the average
// of their two figures (Law 86: 2017 86C, 1997 86B).
func twoRooms(m *Match, sc Scorer, rule teamsRule) (home, away float64, ok bool, err error) {
	if len(m.Results) == 0 || len(m.Closed) == 0 {
		return 0, 0, false, nil
	}
	closed := map[int]Result{}
	unplayed := 0
	for _, r := range m.Closed {
		closed[r.Board] = r
	}
	if len(closed) != len(m.Results) {
		return 0, 0, false, fmt.Errorf("%w: open room has %d boards, closed room %d", ErrBadResult, len(m.Results), len(closed))
	}
	for _, r := range m.Results {
		if r.Unplayed || closed[r.Board].Unplayed {
			unplayed++
		}
	}
	var perBoard float64
	if unplayed > 0 {
		if rule.unplayed == nil {
			return 0, 0, false, fmt.Errorf("%w: an unplayed board (NSWBA 13.10) with no IMPs to assign", ErrBadResult)
		}
		perBoard = rule.unplayed(unplayed) / float64(unplayed)
	}
	for _, r := range m.Results {
		c, found := closed[r.Board]
		if !found {
			return 0, 0, false, fmt.Errorf("board %d: %w: no closed-room result", r.Board, ErrBadResult)
		}
		h, a, err := boardIMPs(r, c, sc, rule.average, perBoard)
		if err != nil {
			return 0, 0, false, fmt.Errorf("board %d: %w", r.Board, err)
		}
		if rule.ko && math.Abs(h+a) > eps {
			// Law 86: each team's figure computed from its own score,
			// the average given to both.
			h, _ = laws.NonBalancingKO(laws.Edition2017, h, -a)
			a = -h
		}
		home += h
		away += a
	}
	return home, away, true, nil
}

// boardIMPs is a teams board's IMPs from the open room's result (home
// North–South) and the closed room's (home East–West): home is the home
// team's, away the away team's own, each from its own side.
//
//   - A table result or an assigned score (Law 12C1(a)) in both rooms: the
//     IMPs of the difference (Law 78B), away the negative of home.
//   - A weighted score in one room (Law 12C1(c)): turned into IMPs outcome
//     by outcome against the other room's score before it is weighted
//     (score.WeightedMatchIMPs).
//   - A split score (Law 12C1(b)): each team's IMPs from the score it was
//     assigned against the other room; they need not balance.
//   - An artificial adjusted score in one room (Law 12C2: the Director's
//     error of Law 82C, a mis-marked bidding pad of NSWBA 6.2.3, a seen
//     traveller of NSWBA 13.11, or A+/A/A-): each team scores its own award
//     at IMPs (average IMPs for average-plus, its negative for
//     average-minus, 0 for average), whatever the other room did; the
//     Director who finds the other room's result clearly favourable to one
//     side records an assigned score instead (2017 Law 86B).
//   - A board the table could not play through no fault of the players, in
//     either room: unplayed IMPs to each team (NSWBA 13.10).
//   - Fouled forms (Law 87): the rooms are compared only when both played
//     the same form; else the Director records an artificial score.
func boardIMPs(open, closed Result, sc Scorer, average, unplayed float64) (home, away float64, err error) {
	switch {
	case open.Unplayed || closed.Unplayed:
		return unplayed, unplayed, nil
	case open.Award != "" && closed.Award != "":
		return 0, 0, fmt.Errorf("%w: an artificial score in both rooms: a team's artificial score on a board is one award (Law 12C2); record it in one room", ErrBadResult)
	case open.Award != "":
		ns, ew := awardIMPs(open.Award, average)
		return ns, ew, nil // the home team sat North–South
	case closed.Award != "":
		ns, ew := awardIMPs(closed.Award, average)
		return ew, ns, nil // the home team sat East–West
	case open.Form != closed.Form:
		return 0, 0, fmt.Errorf("%w: fouled form %d in the open room, %d in the closed room: the rooms played different deals, so the board is not compared (Law 87B); record an artificial adjusted score (Law 12C2)", ErrBadResult, open.Form, closed.Form)
	case len(open.Weighted) > 0 && len(closed.Weighted) > 0:
		return 0, 0, fmt.Errorf("%w: a weighted score in both rooms", ErrBadResult)
	case len(open.Weighted) > 0 && closed.EWScore == nil:
		v := score.WeightedMatchIMPs(outcomes(open.Weighted), closed.Score)
		return v, -v, nil
	case len(closed.Weighted) > 0 && open.EWScore == nil:
		// The closed room's outcomes are the away team's North–South
		// scores: the home team's IMPs are their negative.
		v := -score.WeightedMatchIMPs(outcomes(closed.Weighted), open.Score)
		return v, -v, nil
	case len(open.Weighted) > 0 || len(closed.Weighted) > 0:
		return 0, 0, fmt.Errorf("%w: a weighted score against a split score", ErrBadResult)
	}
	// Each team's scores, from North–South's side, in the open and closed
	// rooms: the home team sits North–South in the open room.
	homeOpen, awayOpen := open.Score, open.Score
	if open.EWScore != nil {
		awayOpen = *open.EWScore
	}
	homeClosed, awayClosed := closed.Score, closed.Score
	if closed.EWScore != nil {
		homeClosed = *closed.EWScore
	}
	return sc.IMPs(float64(homeOpen - homeClosed)), -sc.IMPs(float64(awayOpen - awayClosed)), nil
}

// awardIMPs is an artificial adjusted score at IMPs (Law 12C2), "NS/EW",
// each side's figure with average-plus worth average IMPs (package score's
// Butler traveller scores the award).
func awardIMPs(award string, average float64) (ns, ew float64) {
	a, b, _ := awards(award)
	x := score.Butler([]score.Result{score.ArtificialScore(1, 2, a, b)}, score.ButlerOptions{AvePlus: average, AveMinus: average})[0]
	return x.NS, x.EW
}

// teamsRule is the event's rule for scoring a teams match of boards boards.
func (ev *Event) teamsRule(boards int, sc Scorer) teamsRule {
	p := ev.Profile()
	return teamsRule{
		ko:       ev.Scoring == IMPs,
		average:  score.AverageIMPs(p, boards, false),
		unplayed: func(n int) float64 { return sc.UnplayedIMPs(p, n) },
	}
}

// outcomes converts a weighted score's outcomes to package score's.
func outcomes(ws []Outcome) []score.Outcome {
	os := make([]score.Outcome, len(ws))
	for i, o := range ws {
		os[i] = score.Outcome{Score: o.Score, Weight: o.Weight}
	}
	return os
}

func unionKeys(a, b map[int][]int) []int {
	var ks []int
	for k := range a {
		ks = append(ks, k)
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			ks = append(ks, k)
		}
	}
	slices.Sort(ks)
	return ks
}

// TieBreakCap returns the cap on a match's positive net IMPs for Swiss step
// (c): the fewest IMPs that win TieBreakCapWinnerVP of TieBreakCapScaleVP
// (25–5 of 30), in proportion on the event's scale (NSWBA 12, Swiss (c)).
func (ev *Event) TieBreakCap(sc Scorer, boards int) float64 {
	p := ev.Profile()
	target := ev.vpTotal() * p.TieBreakCapWinnerVP / p.TieBreakCapScaleVP
	for m := 0; m <= 400; m++ {
		if ns, _ := sc.VP(float64(m), boards); ns >= target-0.005 {
			return float64(m)
		}
	}
	return 0
}

// Records builds the ranking records of the event from its scored
// matches: VP totals less fines (NSWBA 7: fines flow into the standings),
// and each match's VPs and capped IMPs for the tie-breaks. A matchpoint
// event's records come from its board results (MPRecords).
func (ev *Event) Records(sc Scorer) []Record {
	if ev.Scoring == Matchpoints {
		return ev.MPRecords()
	}
	recs := map[int]*Record{}
	var order []int
	for _, en := range ev.Entrants {
		recs[en.ID] = &Record{Entrant: en.ID, Eligible: !en.NonQualified}
		order = append(order, en.ID)
	}
	caps := map[int]float64{}
	for _, rd := range ev.Rounds() {
		boards := len(rd.Boards)
		if boards == 0 {
			boards = ev.BoardsPerRound
		}
		if _, ok := caps[boards]; !ok && sc != nil {
			caps[boards] = ev.TieBreakCap(sc, boards)
		}
		// NSWBA 13.7: a pair playing both halves of a split match counts
		// each half as half a match.
		halves := map[int]int{}
		for _, m := range rd.Matches {
			if m.Half != 0 {
				halves[m.NS]++
				halves[m.EW]++
			}
		}
		weight := func(id int) float64 {
			if halves[id] == 2 {
				return 0.5
			}
			return 1
		}
		for _, m := range rd.Matches {
			if m.VP == nil && m.IMPs == nil {
				continue
			}
			var vp [2]float64
			if m.VP != nil {
				vp = *m.VP
			}
			var imps float64
			if m.IMPs != nil {
				imps = *m.IMPs
			}
			if r := recs[m.NS]; r != nil {
				r.Matches = append(r.Matches, MatchRecord{Round: rd.Number, Opponent: m.EW, VP: vp[NS], OppVP: vp[EW], IMPs: imps, Cap: caps[boards], Weight: weight(m.NS)})
			}
			ewIMPs := -imps
			if m.EWIMPs != nil {
				ewIMPs = *m.EWIMPs
			}
			if r := recs[m.EW]; r != nil && !m.Bye() {
				r.Matches = append(r.Matches, MatchRecord{Round: rd.Number, Opponent: m.NS, VP: vp[EW], OppVP: vp[NS], IMPs: ewIMPs, Cap: caps[boards], Weight: weight(m.EW), SatOut: m.Half == 2})
			}
		}
	}
	out := make([]Record, 0, len(order))
	for _, id := range order {
		r := recs[id]
		for _, m := range r.Matches {
			if ev.Scoring == IMPs {
				r.Total += m.IMPs
			} else {
				r.Total += m.VP * m.weight()
			}
		}
		r.Total = round2(r.Total - ev.Fines(id))
		out = append(out, *r)
	}
	return out
}

// Method returns the tie-break procedure of the event's kind (NSWBA 12).
func (ev *Event) Method() Method {
	switch ev.Kind {
	case RoundRobin, KnockoutTeams:
		return RoundRobinMethod
	case MatchpointPairs, Individual:
		return MatchpointMethod
	default:
		return SwissMethod
	}
}

// Standings ranks the event from its scored matches (call Score first).
// A matchpoint movement in which not every pair met every other is
// incomplete, which brings in matchpoint step (a) (NSWBA 12).
func (ev *Event) Standings(sc Scorer) []Standing {
	recs := ev.Records(sc)
	o := RankOptions{Seed: ev.Seed}
	if ev.Method() == MatchpointMethod {
		o.Incomplete = incomplete(recs)
	}
	return Rank(recs, ev.Method(), o)
}

// Playoff is a knock-out tie that must be broken by a play-off.
type Playoff struct {
	Round, Table int
	Teams        [2]int
	Boards       int
}

// Playoffs returns the knock-out matches that ended level, each flagged for
// a play-off of KnockoutPlayoffBoards boards played at once (NSWBA 12,
// knock-out teams). A match no longer level after a correction within the
// NSWBA 13 windows drops out of the list.
func (ev *Event) Playoffs() []Playoff {
	if ev.Kind != KnockoutTeams {
		return nil
	}
	var out []Playoff
	for _, rd := range ev.Rounds() {
		for _, m := range rd.Matches {
			if m.IMPs != nil && !m.Bye() && math.Abs(*m.IMPs-ev.carried(rd.Number, m)) <= eps {
				out = append(out, Playoff{rd.Number, m.Table, [2]int{m.NS, m.EW}, ev.Profile().KnockoutPlayoffBoards})
			}
		}
	}
	return out
}

// carried is the IMP fines that count in the match, as NS's margin: fines
// of the round, and fines carried over from the previous round when both
// teams were at fault; 1 VP = 3 IMPs (NSWBA 7, knock-out teams).
func (ev *Event) carried(round int, m Match) float64 {
	var d float64
	for _, o := range ev.Offences {
		if o.Unit != "IMPs" || (o.CarryOver && o.Round != round-1) || (!o.CarryOver && o.Round != round) {
			continue
		}
		switch o.Entrant {
		case m.NS:
			d += o.Fine
		case m.EW:
			d -= o.Fine
		}
	}
	return d
}
