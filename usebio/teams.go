package usebio

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/publish"
	"github.com/bridgetd/bridgetd/score"
)

// imbalance is how far apart two teams' net IMPs may be and still cancel.
const imbalance = 0.005

// teamMatches writes a teams event's matches as MATCH elements: the
// results' matches (or, when it lists none, those its travellers hold,
// publish.MatchesFromBoards), each team's net IMPs and its VPs, and each
// board's two tables of the match, the line's DIRECTION saying where the
// match's TEAM sat. Lines of no match stay on the event's boards, which
// it returns.
func teamMatches(r *publish.Results, boards []Board) ([]Match, []Board) {
	ms := r.Matches
	if len(ms) == 0 {
		ms = publish.MatchesFromBoards(r.Boards)
	}
	key := func(a, b string) string {
		if a > b {
			a, b = b, a
		}
		return a + "\x00" + b
	}
	index := map[string]int{}
	out := make([]Match, len(ms))
	for i, m := range ms {
		if _, ok := index[key(m.Home, m.Away)]; !ok {
			index[key(m.Home, m.Away)] = i
		}
		home, away := m.HomeIMPs-m.AwayIMPs, m.AwayIMPs-m.HomeIMPs
		if m.Own {
			home, away = m.HomeOwn, m.AwayOwn
		}
		um := Match{Team: m.Home, Opposing: m.Away, TeamIMPs: num(home), OpposingIMPs: num(away),
			TeamScore: num(home), OpposingScore: num(away)}
		if m.Round > 0 {
			um.Round = strconv.Itoa(m.Round)
		}
		if m.HasVP {
			um.TeamScore, um.OpposingScore = num(m.HomeVP), num(m.AwayVP)
		}
		out[i] = um
	}
	var rest []Board
	for _, b := range boards {
		left := Board{EventType: b.EventType, Number: b.Number, Average: b.Average}
		for _, l := range b.Lines {
			i, ok := index[key(l.NS, l.EW)]
			if !ok {
				left.Lines = append(left.Lines, l)
				continue
			}
			m := &out[i]
			l.Direction = "NS"
			if l.NS != m.Team {
				l.Direction = "EW"
			}
			l.NSIMPs, l.EWIMPs = "", ""
			j := len(m.Boards) - 1
			if j < 0 || m.Boards[j].Number != b.Number {
				m.Boards = append(m.Boards, Board{Number: b.Number})
				j++
			}
			m.Boards[j].Lines = append(m.Boards[j].Lines, l)
		}
		if len(left.Lines) > 0 {
			rest = append(rest, left)
		}
	}
	return out, rest
}

// matchScoring is the MATCH_SCORING_METHOD written: VPS when the matches
// were scored in victory points, else IMPS.
func matchScoring(r *publish.Results) string {
	for _, m := range r.Matches {
		if m.HasVP {
			return "VPS"
		}
	}
	return "IMPS"
}

// figure reads a number an element holds; "" is none.
func figure(field, s string) (float64, bool, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, false, nil
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return 0, false, fmt.Errorf("%s %q is not a number", field, s)
	}
	return v, true, nil
}

// boardIMPs scores a match's board: each of its lines against the other
// table's (two lines: the IMPs of the difference, Law 78B), as North–South
// at each table won them, nil when the board does not have two tables
// with played or artificial scores. An artificial line is scored as
// average-plus, average or average-minus (award).
func boardIMPs(b Board) []score.Scored {
	if len(b.Lines) != 2 {
		return nil
	}
	var rows []score.Result
	for i, l := range b.Lines {
		ns, ew := 2*i+1, 2*i+2
		if a, c, ok := ParseArtificial(l.Score); ok {
			rows = append(rows, score.ArtificialScore(ns, ew, award(a, true), award(c, true)))
			continue
		}
		sc, err := strconv.Atoi(strings.TrimSpace(l.Score))
		if err != nil {
			return nil
		}
		rows = append(rows, score.Table(ns, ew, sc))
	}
	return score.CrossIMPs(rows, score.CrossOptions{Average: true})
}

// matchIMPs sums a match's boards as its TEAM and OPPOSING_TEAM won them:
// each team's own net IMPs, and the IMPs each won on the boards it gained,
// over the n boards played at both tables (a board played at one table
// only is left out, as publish.MatchesFromBoards leaves it).
func matchIMPs(m Match) (team, opposing, teamWon, opposingWon float64, n int) {
	for _, b := range m.Boards {
		sc := boardIMPs(b)
		if sc == nil {
			continue
		}
		n++
		for i, l := range b.Lines {
			mine, theirs := sc[i].NS, sc[i].EW
			if strings.EqualFold(strings.TrimSpace(l.Direction), "EW") {
				mine, theirs = theirs, mine
			}
			team += mine / 2
			opposing += theirs / 2
			if strings.EqualFold(strings.TrimSpace(l.Direction), "NS") || l.Direction == "" && i == 0 {
				// The board's IMPs, counted once: from the table where
				// TEAM sat North–South.
				if sc[i].NS > 0 {
					teamWon += sc[i].NS
				} else {
					opposingWon -= sc[i].NS
				}
			}
		}
	}
	return team, opposing, teamWon, opposingWon, n
}

// readMatch turns a MATCH into a published match: each team's IMPs as the
// file gives them (TEAM_IMPS, or TEAM_SCORE when the match is scored in
// IMPs), the IMPs each team won when its boards show them, and the VPs
// when the match is scored in them. Its boards are those played at both
// tables, or the event's BOARDS_PER_ROUND when it lists none.
func readMatch(m Match, vps bool, perRound int) (publish.Match, error) {
	pm := publish.Match{Home: strings.TrimSpace(m.Team), Away: strings.TrimSpace(m.Opposing), Boards: len(m.Boards)}
	if r := strings.TrimSpace(m.Round); r != "" {
		n, err := strconv.Atoi(r)
		if err != nil || n < 0 {
			return pm, fmt.Errorf("ROUND_NUMBER %q is not a round", m.Round)
		}
		pm.Round = n
	}
	teamText, oppText := m.TeamIMPs, m.OpposingIMPs
	if !vps && strings.TrimSpace(teamText) == "" {
		teamText, oppText = m.TeamScore, m.OpposingScore
	}
	home, hasHome, err := figure("TEAM_IMPS", teamText)
	if err != nil {
		return pm, err
	}
	away, hasAway, err := figure("OPPOSING_TEAM_IMPS", oppText)
	if err != nil {
		return pm, err
	}
	if !hasAway && hasHome {
		away = -home
	}
	_, _, won, lost, n := matchIMPs(m)
	if len(m.Boards) > 0 {
		pm.Boards = n
	} else {
		pm.Boards = perRound
	}
	switch {
	case math.Abs(home+away) > imbalance:
		pm.Own, pm.HomeOwn, pm.AwayOwn = true, home, away
	case n > 0 && math.Abs(won-lost-home) <= imbalance:
		pm.HomeIMPs, pm.AwayIMPs = won, lost
	case home >= 0:
		pm.HomeIMPs = home
	default:
		pm.AwayIMPs = -home
	}
	if vps {
		h, okH, err := figure("TEAM_SCORE", m.TeamScore)
		if err != nil {
			return pm, err
		}
		a, okA, err := figure("OPPOSING_TEAM_SCORE", m.OpposingScore)
		if err != nil {
			return pm, err
		}
		if okH && okA {
			pm.HasVP, pm.HomeVP, pm.AwayVP = true, h, a
		}
	}
	return pm, nil
}

// matchBoards reads a match's boards as travellers, each line's IMPs
// scored against the other table's (boardIMPs), and adds their rows to
// the travellers by number.
func matchBoards(m Match, deals map[int]bridge.Deal, byNumber map[int]*publish.BoardResult) error {
	for _, b := range m.Boards {
		br, err := boardResult(b, deals, publish.Teams)
		if err != nil {
			return fmt.Errorf("board %s: %w", b.Number, err)
		}
		if sc := boardIMPs(b); sc != nil {
			for i := range br.Rows {
				br.Rows[i].Scored, br.Rows[i].NSMP, br.Rows[i].EWMP = true, sc[i].NS, sc[i].EW
			}
		}
		if have, ok := byNumber[br.Number]; ok {
			have.Rows = append(have.Rows, br.Rows...)
			continue
		}
		byNumber[br.Number] = &br
	}
	return nil
}

// sortedBoards lists travellers by board number.
func sortedBoards(byNumber map[int]*publish.BoardResult) []publish.BoardResult {
	var out []publish.BoardResult
	for _, b := range byNumber {
		out = append(out, *b)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Number < out[j].Number })
	return out
}

// checkMatch compares a match's IMPs with its boards': each team's own net
// IMPs, summed board by board (Law 78B), against TEAM_IMPS and
// OPPOSING_TEAM_IMPS.
func checkMatch(where string, m Match) []Difference {
	team, opp, _, _, n := matchIMPs(m)
	if n == 0 {
		return nil
	}
	var diffs []Difference
	for _, x := range []struct {
		field, file string
		ours        float64
	}{{"TEAM_IMPS", m.TeamIMPs, team}, {"OPPOSING_TEAM_IMPS", m.OpposingIMPs, opp}} {
		v, has, err := figure(x.field, x.file)
		if err != nil || !has {
			continue
		}
		if math.Abs(v-x.ours) > precision(x.file) {
			diffs = append(diffs, Difference{Where: where, Field: x.field, File: x.file, Ours: num(x.ours), Why: "the IMPs of the match's boards, table against table (Law 78B)"})
		}
	}
	return diffs
}
