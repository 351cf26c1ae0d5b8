package usebio

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/publish"
	"github.com/bridgetd/bridgetd/score"
)

// Program is written as the PROGRAM_NAME of exported events.
const Program = "bridgetd"

// FromResults turns scored results into a USEBIO file of one event: its
// pairs with places and totals, and every traveller with contract,
// declarer, lead, tricks, score and each side's match points (or IMPs).
func FromResults(r *publish.Results, club Club) *File {
	e := Event{Type: "MP_PAIRS", ProgramName: Program, Description: r.Title, Date: usebioDate(r.Date)}
	switch r.Form {
	case publish.Matchpoints:
		e.BoardScoring = "MATCH_POINTS"
	case publish.IMPs:
		e.Type, e.BoardScoring = "IMP_PAIRS", "BUTLER_IMPS"
	case publish.Teams:
		e.Type, e.BoardScoring = "TEAMS_OF_FOUR", "IMPS"
	}
	e.WinnerType = max(1, len(r.Fields))
	names := map[string]string{}
	for _, en := range r.Entrants {
		names[en.ID] = en.Names
	}
	e.Participants = &Participants{}
	for _, f := range r.Fields {
		dir := ""
		switch f.Name {
		case "North–South":
			dir = "NS"
		case "East–West":
			dir = "EW"
		}
		for _, st := range f.Standings {
			place := strconv.Itoa(st.Place)
			if st.Tied {
				place += "="
			}
			var players []Player
			for n := range strings.SplitSeq(names[st.Entrant], " & ") {
				if n = strings.TrimSpace(n); n != "" {
					players = append(players, Player{Name: n})
				}
			}
			if r.Form == publish.Teams {
				e.Participants.Teams = append(e.Participants.Teams, Team{Name: st.Entrant, Players: players, Place: place, TotalScore: num(st.Score)})
				continue
			}
			p := Pair{Number: st.Entrant, Direction: dir, BoardsPlayed: st.Boards, Players: players, Place: place, TotalScore: num(st.Score)}
			if r.Form == publish.Matchpoints {
				p.Percentage = strconv.FormatFloat(st.Percent, 'f', 2, 64)
			}
			e.Participants.Pairs = append(e.Participants.Pairs, p)
		}
		e.BoardsPlayed = max(e.BoardsPlayed, maxBoards(f))
	}
	for _, b := range r.Boards {
		ub := Board{Number: strconv.Itoa(b.Number)}
		for _, row := range b.Rows {
			l := Line{NS: row.NS, EW: row.EW}
			switch {
			case row.HasContract && row.Contract.IsPassedOut():
				l.Contract, l.Score = "PASS", "0"
			case row.HasContract:
				l.Contract = row.Contract.ASCII()
				l.PlayedBy = row.Declarer.String()
				l.Lead = leadASCII(row.Lead)
				l.Tricks = strconv.Itoa(row.Tricks)
				if row.HasScore {
					l.Score = strconv.Itoa(row.Score)
				}
			case row.HasScore:
				l.Score = strconv.Itoa(row.Score)
			default:
				l.Score = artificialText(row)
			}
			if row.Scored {
				if r.Form == publish.Matchpoints {
					l.NSMP, l.EWMP = num(row.NSMP), num(row.EWMP)
				} else {
					l.NSIMPs, l.EWIMPs = num(row.NSMP), num(row.EWMP)
				}
			}
			ub.Lines = append(ub.Lines, l)
		}
		e.Boards = append(e.Boards, ub)
	}
	return &File{Version: Version, Club: &club, Events: []Event{e}}
}

func maxBoards(f publish.Field) int {
	n := 0
	for _, s := range f.Standings {
		n = max(n, s.Boards)
	}
	return n
}

// num writes a figure with up to two decimals.
func num(v float64) string {
	s := strconv.FormatFloat(math.Round(v*100)/100, 'f', -1, 64)
	if s == "-0" {
		s = "0"
	}
	return s
}

// usebioDate writes a PBN date (2013.08.08) as USEBIO's dd/mm/yyyy.
func usebioDate(s string) string {
	t, err := time.Parse("2006.01.02", strings.TrimSpace(s))
	if err != nil {
		return strings.TrimSpace(s)
	}
	return t.Format("02/01/2006")
}

// artificialText writes an artificial score as USEBIO files do: "A6040"
// for 60% to North–South and 40% to East–West.
func artificialText(row publish.Row) string {
	return fmt.Sprintf("A%02d%02d", int(math.Round(row.NSPct)), int(math.Round(row.EWPct)))
}

// leadASCII writes a lead as USEBIO files do, suit letter first ("SA",
// "CT"), whether it was given with a suit symbol ("♠A", "♣10") or in
// either letter order (ParseLead); anything that is not a card is kept as
// it was written.
func leadASCII(s string) string {
	c, err := ParseLead(s)
	if err != nil {
		return s
	}
	return c.ASCII()
}

// ParseLead reads a lead written suit first ("SA", "S10") or rank first
// ("AS", "10S"), as real files have both.
func ParseLead(s string) (bridge.Card, error) {
	c, err := bridge.ParseCard(strings.ToUpper(strings.TrimSpace(s)))
	if err != nil {
		return 0, fmt.Errorf("lead %q: %w", s, err)
	}
	return c, nil
}

// ParseArtificial reads an artificial score written "A6040": the
// percentages of North–South and East–West.
func ParseArtificial(s string) (ns, ew float64, ok bool) {
	s = strings.TrimSpace(s)
	if len(s) != 5 || (s[0] != 'A' && s[0] != 'a') {
		return 0, 0, false
	}
	a, err1 := strconv.Atoi(s[1:3])
	b, err2 := strconv.Atoi(s[3:5])
	return float64(a), float64(b), err1 == nil && err2 == nil
}

// Difference is a figure of a file that bridgetd scores otherwise.
type Difference struct {
	Where string // "section A, board 3, row 2"
	Field string // SCORE, NS_MATCH_POINTS, ...
	File  string // as the file gives it
	Ours  string // as bridgetd scores it
	Why   string // what was checked
}

func (d Difference) String() string {
	return fmt.Sprintf("%s: %s is %s in the file, %s re-scored (%s)", d.Where, d.Field, d.File, d.Ours, d.Why)
}

// Check re-scores every traveller of a file: each played line's score from
// its contract, declarer and tricks (Law 77, the board's vulnerability
// from its number), and the match points of each board among its lines
// (matchpoints, on the file's scale: one or two points a pair beaten,
// factored by Neuberg's formula to the board's results where a row is
// artificial, a phantom pair's rows not counting as results; IMPs against a
// Butler datum or cross-IMPs as the event's BOARD_SCORING_METHOD says). It
// returns each difference and each line it could not read.
func Check(f *File) (diffs []Difference, errs []error) {
	for ei := range f.Events {
		e := &f.Events[ei]
		for _, sec := range e.sections() {
			// A pair with no played result in the section is a phantom:
			// its rows stand for sit-outs and do not count as results.
			played := map[string]bool{}
			for _, b := range sec.boards {
				for _, l := range b.Lines {
					if _, _, ok := ParseArtificial(l.Score); !ok && l.Artificial == "" {
						played[pairKey(l.NS)], played[pairKey(l.EW)] = true, true
					}
				}
			}
			for _, b := range sec.boards {
				d, es := checkBoard(sec.where, b, e.BoardScoring, played)
				diffs = append(diffs, d...)
				errs = append(errs, es...)
			}
		}
	}
	return diffs, errs
}

// pairKey is a pair number as written, normalised: "7NS", "7".
func pairKey(s string) string {
	n, d, err := PairID(s)
	if err != nil {
		return strings.ToUpper(strings.TrimSpace(s))
	}
	return strconv.Itoa(n) + d
}

func checkBoard(where string, b Board, boardScoring string, played map[string]bool) (diffs []Difference, errs []error) {
	imps := boardScoring != "" && boardScoring != "MATCH_POINTS"
	bn, err := strconv.Atoi(strings.TrimSpace(b.Number))
	at := strings.TrimPrefix(where+", ", ", ")
	if err != nil || bn < 1 {
		return nil, []error{fmt.Errorf("%sboard %q: not a board number", at, b.Number)}
	}
	vul := bridge.Board(bn).Vulnerability()
	ids := map[string]int{}
	pair := func(s string) int {
		k := pairKey(s)
		if ids[k] == 0 {
			ids[k] = len(ids) + 1
		}
		return ids[k]
	}
	var rows []score.Result
	var lines []int // rows index → line index
	for i, l := range b.Lines {
		w := fmt.Sprintf("%sboard %d, row %d", at, bn, i+1)
		ns, ew := pair(l.NS), pair(l.EW)
		if a, c, ok := ParseArtificial(l.Score); ok {
			rows = append(rows, score.ArtificialScore(ns, ew, score.Percent(a), score.Percent(c)))
			lines = append(lines, i)
			continue
		}
		if l.Artificial != "" || strings.EqualFold(l.Score, "Adj") {
			continue // an adjustment the file does not spell out: nothing to check
		}
		con := strings.ToUpper(strings.TrimSpace(l.Contract))
		sc, err := strconv.Atoi(strings.TrimSpace(l.Score))
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: SCORE %q is not a number", w, l.Score))
			continue
		}
		if con != "" && con != "PASS" && con != "P" {
			c, err := bridge.ParseContract(strings.ReplaceAll(con, "*", "X"))
			if err != nil {
				errs = append(errs, fmt.Errorf("%s: CONTRACT %q: %w", w, l.Contract, err))
				continue
			}
			decl, err := bridge.ParseSeat(strings.TrimSpace(l.PlayedBy))
			if err != nil {
				errs = append(errs, fmt.Errorf("%s: PLAYED_BY %q: %w", w, l.PlayedBy, err))
				continue
			}
			tricks, err := strconv.Atoi(strings.TrimSpace(l.Tricks))
			if err != nil || tricks < 0 || tricks > 13 {
				errs = append(errs, fmt.Errorf("%s: TRICKS %q is not 0-13", w, l.Tricks))
				continue
			}
			if ours := bridge.Score(c, decl, tricks, vul); ours != sc {
				diffs = append(diffs, Difference{w, "SCORE", l.Score, strconv.Itoa(ours),
					fmt.Sprintf("%s by %s, %d tricks, vulnerability %s (Law 77)", c, decl, tricks, vul)})
				sc = ours // the board is matchpointed on the right score
			}
		}
		rows = append(rows, score.Table(ns, ew, sc))
		lines = append(lines, i)
	}
	if len(rows) == 0 {
		return diffs, errs
	}
	var scored []score.Scored
	switch {
	case imps && strings.Contains(strings.ToUpper(boardScoring), "BUTLER"):
		scored = score.Butler(rows, score.ButlerOptions{})
	case imps:
		scored = score.CrossIMPs(rows, score.CrossOptions{Average: true})
	default:
		// The file's scale: its match points on a row add to the top,
		// 2(n−1) or n−1. A board with fewer results than rows (an
		// artificial score) is factored to the number of rows (Neuberg).
		o := score.MPOptions{Neuberg: true}
		n := len(rows)
		for _, i := range lines {
			if !played[pairKey(b.Lines[i].NS)] || !played[pairKey(b.Lines[i].EW)] {
				n-- // a phantom's row
			}
		}
		o.Expected = n
		for _, i := range lines {
			a, err1 := strconv.ParseFloat(b.Lines[i].NSMP, 64)
			c, err2 := strconv.ParseFloat(b.Lines[i].EWMP, 64)
			if err1 == nil && err2 == nil && n > 1 && math.Abs(a+c-float64(n-1)) < 0.01 {
				o.Scale = score.MP2
				break
			}
		}
		scored = score.Matchpoints(rows, o)
	}
	for k, i := range lines {
		l := b.Lines[i]
		w := fmt.Sprintf("%sboard %d, row %d", at, bn, i+1)
		fileNS, fileEW, fNS, fEW := l.NSMP, l.EWMP, "NS_MATCH_POINTS", "EW_MATCH_POINTS"
		why := "matchpoints of the board's rows"
		if imps {
			fileNS, fileEW, fNS, fEW = l.NSIMPs, l.EWIMPs, "NS_IMPS", "EW_IMPS"
			why = "IMPs of the board's rows (" + strings.ToLower(boardScoring) + ")"
		}
		for _, x := range []struct {
			field, file string
			ours        float64
		}{{fNS, fileNS, scored[k].NS}, {fEW, fileEW, scored[k].EW}} {
			if strings.TrimSpace(x.file) == "" {
				continue
			}
			v, err := strconv.ParseFloat(strings.TrimSpace(x.file), 64)
			if err != nil {
				errs = append(errs, fmt.Errorf("%s: %s %q is not a number", w, x.field, x.file))
				continue
			}
			if math.Abs(v-x.ours) > 0.011 {
				diffs = append(diffs, Difference{w, x.field, x.file, num(x.ours), why})
			}
		}
	}
	return diffs, errs
}
