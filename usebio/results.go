package usebio

import (
	"cmp"
	"fmt"
	"math"
	"slices"
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
// declarer, lead, tricks, score and each side's match points, or IMPs in
// the elements real files use: EVENT_TYPE MP_PAIRS with NS_MATCH_POINTS,
// BUTLER_PAIRS with NS_BUTLER_POINTS (BOARD_SCORING_METHOD BUTLER_IMPS),
// CROSS_IMP with NS_CROSS_IMP_POINTS (CROSS_IMPS); a teams event is TEAMS
// with its teams, its matches (MATCH: each team's IMPs and VPs, and the
// two tables of each board of the match) and MATCH_SCORING_METHOD VPS or
// IMPS (teamMatches).
func FromResults(r *publish.Results, club Club) *File {
	e := Event{Type: "MP_PAIRS", ProgramName: Program, Description: r.Title, Date: usebioDate(r.Date)}
	var nsIMP, ewIMP func(*Line) *string
	switch r.Form {
	case publish.Matchpoints:
		e.BoardScoring = "MATCH_POINTS"
	case publish.IMPs:
		if r.Method == "cross-imp" {
			e.Type, e.BoardScoring = "CROSS_IMP", "CROSS_IMPS"
			nsIMP, ewIMP = func(l *Line) *string { return &l.NSCross }, func(l *Line) *string { return &l.EWCross }
		} else {
			e.Type, e.BoardScoring = "BUTLER_PAIRS", "BUTLER_IMPS"
			nsIMP, ewIMP = func(l *Line) *string { return &l.NSButler }, func(l *Line) *string { return &l.EWButler }
		}
	case publish.Teams:
		e.Type, e.BoardScoring, e.MatchScoring = "TEAMS", "IMPS", matchScoring(r)
		// A line's IMPs are not written: in a match they are its two
		// tables' difference, which the reader works out.
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
				// A director's score, and a Law 12C1(b) split score in
				// the nearest form USEBIO has (splitScores): North–South's
				// score and each side's own figures.
				l.Score = strconv.Itoa(row.Score)
			default:
				l.Score = artificialText(row, r.Form)
			}
			if row.Scored {
				if r.Form == publish.Matchpoints {
					l.NSMP, l.EWMP = num(row.NSMP), num(row.EWMP)
				} else if nsIMP != nil {
					*nsIMP(&l), *ewIMP(&l) = num(row.NSMP), num(row.EWMP)
				}
			}
			ub.Lines = append(ub.Lines, l)
		}
		e.Boards = append(e.Boards, ub)
	}
	if r.Form == publish.Teams {
		e.Matches, e.Boards = teamMatches(r, e.Boards)
		for _, m := range r.Matches {
			e.BoardsPerRound = max(e.BoardsPerRound, m.Boards)
		}
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
// for 60% to North–South and 40% to East–West. At IMPs a side's share is
// 60, 50 or 40 as its IMPs are above, at or below nothing (average-plus,
// average, average-minus), as Compscore writes them.
func artificialText(row publish.Row, form publish.Form) string {
	ns, ew := row.NSPct, row.EWPct
	if form != publish.Matchpoints {
		share := func(v float64) float64 {
			switch {
			case v > 0:
				return 60
			case v < 0:
				return 40
			}
			return 50
		}
		ns, ew = share(row.NSMP), share(row.EWMP)
	}
	// Two digits each: 100% is written 99, the nearest the form holds.
	pc := func(v float64) int { return min(99, max(0, int(math.Round(v)))) }
	return fmt.Sprintf("A%02d%02d", pc(ns), pc(ew))
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
	Where string // "section A, board 3, row 2", "pair 7NS"
	Field string // SCORE, NS_MATCH_POINTS, TOTAL_SCORE, ...
	File  string // as the file gives it
	Ours  string // as bridgetd scores it
	Why   string // what was checked
	// Explained, when set, says how the file's figure comes about all the
	// same: a way of scoring the program chose that bridgetd's plain
	// re-score does not follow (a pair's total pro-rated to the boards it
	// missed, boards factored to the field), or the file's own figures on
	// its travellers, which differ where listed. An explained difference
	// is listed, not counted as an error.
	Explained string
}

func (d Difference) String() string {
	s := fmt.Sprintf("%s: %s is %s in the file, %s re-scored (%s)", d.Where, d.Field, d.File, d.Ours, d.Why)
	if d.Explained != "" {
		s += "; explained: " + d.Explained
	}
	return s
}

// Check re-scores every traveller of a file: each played line's score from
// its contract, declarer and tricks (Law 77, the board's vulnerability
// from its number), and the match points of each board among its lines
// (matchpoints, on the file's scale: one or two points a pair beaten,
// factored by Neuberg's formula to the board's results where a row is
// artificial, a phantom pair's rows not counting as results; IMPs against a
// Butler datum or cross-IMPs as the event's BOARD_SCORING_METHOD says),
// and each pair's TOTAL_SCORE, PERCENTAGE and PLACE against the sums of
// its re-scored boards (checkTotals). It returns each difference and each
// line it could not read.
func Check(f *File) (diffs []Difference, errs []error) {
	for ei := range f.Events {
		e := &f.Events[ei]
		across := acrossField(e)
		var placings []placing // the event's pairs' places, by section
		sectionsRanked := 0
		for si, sec := range e.sections() {
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
			for _, m := range sec.matches {
				for _, b := range m.Boards {
					for _, l := range b.Lines {
						played[pairKey(l.NS)], played[pairKey(l.EW)] = true, true
					}
				}
			}
			var checks []boardCheck
			for _, b := range sec.boards {
				d, es, bc := checkBoard(sec.where, b, e.method(), played, across[strings.TrimSpace(b.Number)][si])
				diffs = append(diffs, d...)
				errs = append(errs, es...)
				if len(bc.figs) > 0 {
					checks = append(checks, bc)
				}
			}
			if sec.participants != nil && len(sec.participants.Pairs) > 0 && len(checks) > 0 {
				d, ps := checkTotals(sec.where, e, sec.participants.Pairs, checks)
				for _, p := range ps {
					if p.diff >= 0 {
						p.diff += len(diffs)
					}
					placings = append(placings, p)
				}
				diffs = append(diffs, d...)
				sectionsRanked++
			}
			for _, m := range sec.matches {
				where := strings.TrimPrefix(sec.where+", ", ", ") + "match " + strings.TrimSpace(m.Team) + " v " + strings.TrimSpace(m.Opposing)
				if r := strings.TrimSpace(m.Round); r != "" {
					where = strings.TrimPrefix(sec.where+", ", ", ") + "round " + r + " match " + strings.TrimSpace(m.Team) + " v " + strings.TrimSpace(m.Opposing)
				}
				for _, b := range m.Boards {
					d, es, _ := checkBoard(where, b, methodIMPs, played, nil)
					diffs = append(diffs, d...)
					errs = append(errs, es...)
				}
				diffs = append(diffs, checkMatch(where, m)...)
			}
		}
		if sectionsRanked > 1 {
			acrossSections(diffs, placings)
		}
	}
	return diffs, errs
}

// fits reports whether every cross-IMP figure written on a board's lines
// (the lines of rows, in order) is the scored one, to its precision.
func fits(ls []Line, lines []int, scored []score.Scored) bool {
	for k, i := range lines {
		for _, x := range []struct {
			file string
			ours float64
		}{{cmp.Or(ls[i].NSCross, ls[i].NSIMPs), scored[k].NS}, {cmp.Or(ls[i].EWCross, ls[i].EWIMPs), scored[k].EW}} {
			v, err := strconv.ParseFloat(strings.TrimSpace(x.file), 64)
			if err == nil && math.Abs(v-x.ours) > precision(x.file) {
				return false
			}
		}
	}
	return true
}

// award is an artificial score's share (60, 50, 40 in "A6040") as the
// board is scored: a percentage at matchpoints; at IMPs average-plus,
// average or average-minus (Law 12C1(d), the 2017 numbering; 12C2 in
// 1997), and a share that is none of them as its percentage.
func award(pct float64, imps bool) score.Award {
	if imps {
		switch pct {
		case 60:
			return score.AvePlus
		case 50:
			return score.Award{Kind: score.Average}
		case 40:
			return score.Award{Kind: score.AverageMinus}
		}
	}
	return score.Percent(pct)
}

// precision is how far a figure as written may be from the exact one and
// still be it, rounded: half a unit of its last decimal ("29.9": 0.05),
// and 0.011 for a whole number, which match points and IMPs written as
// whole numbers on a board of whole numbers are exactly.
func precision(written string) float64 {
	_, frac, ok := strings.Cut(strings.TrimSpace(written), ".")
	if !ok || frac == "" {
		return 0.011
	}
	return 0.5*math.Pow(10, -float64(len(frac))) + 1e-9
}

// missingAsTies scores a board played by fewer tables than the field as
// ScoreBridge writes it: each result its own match points, and for each
// missing result a tie (1 on the 2/1/0 scale, ½ on the 1/½/0 one), on the
// field's top, where Neuberg's formula would factor them. n is the board's
// results; a board with an artificial score is left to Neuberg.
func missingAsTies(o score.MPOptions, n int) func([]score.Result) []score.Scored {
	return func(rs []score.Result) []score.Scored {
		for _, r := range rs {
			if r.Kind == score.Artificial {
				return score.Matchpoints(rs, o)
			}
		}
		sc := score.Matchpoints(rs, score.MPOptions{Scale: o.Scale})
		tie, top := 1.0, 2*float64(o.Expected-1)
		if o.Scale == score.MP2 {
			tie, top = 0.5, float64(o.Expected-1)
		}
		extra := tie * float64(o.Expected-n)
		for i := range sc {
			sc[i].NS += extra
			sc[i].EW += extra
			sc[i].Top = top
			sc[i].NSPct, sc[i].EWPct = 100*sc[i].NS/top, 100*sc[i].EW/top
		}
		return sc
	}
}

// misfits counts the match point figures written on a board's lines
// (those of rows, in order) that are not the scored ones, to their
// precision.
func misfits(b Board, lines []int, scored []score.Scored) int {
	n := 0
	for k, i := range lines {
		for _, x := range []struct {
			file string
			ours float64
		}{{b.Lines[i].NSMP, scored[k].NS}, {b.Lines[i].EWMP, scored[k].EW}} {
			v, err := strconv.ParseFloat(strings.TrimSpace(x.file), 64)
			if err == nil && math.Abs(v-x.ours) > precision(x.file) {
				n++
			}
		}
	}
	return n
}

// passedOut reports whether a CONTRACT (upper case) says the board was
// passed out: PASS, P, or NP, as Scorer's converter writes a board passed
// in (Scorer's "N P").
func passedOut(con string) bool {
	return con == "PASS" || con == "P" || con == "NP"
}

// otherResult reads a line of another section as a result to score the
// board with: its artificial score, or its score (by Law 77 when its
// contract, declarer and tricks can be read, as the line's own section
// scores it).
func otherResult(l Line, vul bridge.Vulnerability, imps bool, ns, ew int) (score.Result, bool) {
	if a, c, ok := ParseArtificial(l.Score); ok {
		return score.ArtificialScore(ns, ew, award(a, imps), award(c, imps)), true
	}
	sc, err := strconv.Atoi(strings.TrimSpace(l.Score))
	if err != nil {
		return score.Result{}, false
	}
	con := strings.ToUpper(strings.TrimSpace(l.Contract))
	if c, err := bridge.ParseContract(strings.ReplaceAll(con, "*", "X")); err == nil && !passedOut(con) {
		decl, err1 := bridge.ParseSeat(strings.TrimSpace(l.PlayedBy))
		tricks, err2 := strconv.Atoi(strings.TrimSpace(l.Tricks))
		if err1 == nil && err2 == nil && tricks >= 0 && tricks <= 13 {
			sc = bridge.Score(c, decl, tricks, vul)
		}
	}
	return score.Table(ns, ew, sc), true
}

// acrossField finds the boards of an event matchpointed across the field
// (all its sections together, as New Zealand's Scorer does): a board of
// several sections whose played lines all add up to the top of its
// results in every section, 2(N−1) or N−1, larger than any one section's.
// For each such board and section it returns the other sections' lines,
// their pairs named apart ("2\x00 7NS": section 2's pair 7NS).
func acrossField(e *Event) map[string]map[int][]Line {
	if e.method() != methodMP {
		return nil
	}
	type tagged struct {
		sec int
		l   Line
	}
	byNumber := map[string][]tagged{}
	secsOf := map[string]map[int]int{}
	for si, sec := range e.sections() {
		for _, b := range sec.boards {
			k := strings.TrimSpace(b.Number)
			if secsOf[k] == nil {
				secsOf[k] = map[int]int{}
			}
			for _, l := range b.Lines {
				byNumber[k] = append(byNumber[k], tagged{si, l})
				secsOf[k][si]++
			}
		}
	}
	out := map[string]map[int][]Line{}
	for k, ls := range byNumber {
		if len(secsOf[k]) < 2 {
			continue
		}
		n := float64(len(ls))
		most := 0
		for _, c := range secsOf[k] {
			most = max(most, c)
		}
		// The top most played lines add up to (a wrong figure aside).
		tops, lines := map[float64]int{}, 0
		for _, t := range ls {
			if _, _, art := ParseArtificial(t.l.Score); art {
				continue
			}
			a, err1 := strconv.ParseFloat(strings.TrimSpace(t.l.NSMP), 64)
			c, err2 := strconv.ParseFloat(strings.TrimSpace(t.l.EWMP), 64)
			if err1 == nil && err2 == nil {
				tops[math.Round((a+c)*50)/50]++
				lines++
			}
		}
		top := tops[2*(n-1)]
		if n-1 != 2*(n-1) {
			top = max(top, tops[n-1])
		}
		if 2*top <= lines || len(ls) <= most {
			continue
		}
		out[k] = map[int][]Line{}
		for si := range secsOf[k] {
			for _, t := range ls {
				if t.sec != si {
					l := t.l
					l.NS, l.EW = strconv.Itoa(t.sec)+"\x00"+l.NS, strconv.Itoa(t.sec)+"\x00"+l.EW
					out[k][si] = append(out[k][si], l)
				}
			}
		}
	}
	return out
}

// rounding is how far a figure as written may be from the exact one it
// rounds: half a unit of its last decimal, nothing for a whole number.
func rounding(written string) float64 {
	_, frac, ok := strings.Cut(strings.TrimSpace(written), ".")
	if !ok || frac == "" {
		return 0
	}
	return 0.5 * math.Pow(10, -float64(len(frac)))
}

// butlerOptions chooses the Butler datum a board was scored against: the
// mean of its scores, or (as Compscore does) the mean without the top and
// the bottom score, rounded to 10; the file's BOARD_AVERAGE, when given,
// says which. A BOARD_AVERAGE that is neither is a difference, and the
// board is scored on the plain mean.
func butlerOptions(at string, bn int, average string, rows []score.Result) (score.ButlerOptions, []Difference) {
	average = strings.TrimSpace(average)
	if average == "" {
		return score.ButlerOptions{}, nil
	}
	var tables []int
	for _, r := range rows {
		if r.Kind == score.Played {
			tables = append(tables, r.Score)
		}
	}
	file, err := strconv.Atoi(average)
	plain, _ := score.Datum(tables, score.ButlerOptions{})
	if err != nil {
		return score.ButlerOptions{}, []Difference{{Where: fmt.Sprintf("%sboard %d", at, bn), Field: "BOARD_AVERAGE", File: average, Ours: strconv.Itoa(plain), Why: "not a whole number of points"}}
	}
	for _, trim := range []int{0, 1} {
		o := score.ButlerOptions{Trim: trim}
		if d, ok := score.Datum(tables, o); ok && d == file {
			return o, nil
		}
	}
	return score.ButlerOptions{}, []Difference{{Where: fmt.Sprintf("%sboard %d", at, bn), Field: "BOARD_AVERAGE", File: average, Ours: strconv.Itoa(plain),
		Why: "the mean of the board's scores rounded to 10, with or without its top and bottom score"}}
}

// pairKey is a pair number as written, normalised: "7NS", "7".
func pairKey(s string) string {
	n, d, err := PairID(s)
	if err != nil {
		return strings.ToUpper(strings.TrimSpace(s))
	}
	return strconv.Itoa(n) + d
}

// Board scoring methods, as Check reads an event's (Event.method).
const (
	methodMP     = "matchpoints"
	methodButler = "butler_imps"
	methodCross  = "cross_imps"
	methodIMPs   = "imps" // teams: each table's IMPs against the other
)

// method says how an event's boards were scored: its
// BOARD_SCORING_METHOD, or else its EVENT_TYPE (Compscore writes
// BUTLER_PAIRS and CROSS_IMP with SCORING_METHOD IMPS), or else the
// EVENT_TYPE of its PARTICIPANTS or BOARDs.
func (e *Event) method() string {
	switch strings.ToUpper(strings.TrimSpace(e.BoardScoring)) {
	case "MATCH_POINTS":
		return methodMP
	case "BUTLER_IMPS":
		return methodButler
	case "CROSS_IMPS":
		return methodCross
	case "IMPS":
		return methodIMPs
	}
	// The event's type, else (an EVENT_TYPE Compscore3 writes as NOTSUP)
	// its pairs' or boards' EVENT_TYPE.
	types := []string{e.Type}
	for _, sec := range e.sections() {
		if sec.participants != nil {
			types = append(types, sec.participants.EventType)
		}
		for _, b := range sec.boards {
			types = append(types, b.EventType)
		}
	}
	for _, t := range types {
		t = strings.ToUpper(t)
		switch {
		case strings.Contains(t, "BUTLER"):
			return methodButler
		case strings.Contains(t, "CROSS"):
			return methodCross
		case strings.Contains(t, "TEAMS"):
			return methodIMPs
		case strings.Contains(t, "PAIRS") || strings.Contains(t, "MP"):
			return methodMP
		}
	}
	return methodMP
}

// boardCheck is what checkBoard leaves for the pairs' totals: the board's
// rows as re-scored and the options they were matchpointed with.
type boardCheck struct {
	rows  []score.Result
	lines []int // rows index → line index
	figs  []lineFigs
	mp    *score.MPOptions // matchpoints: how the board was scored
}

// lineFigs are one counted line's figures for the totals: its pairs, the
// re-scored figures and top, and the file's own figures.
type lineFigs struct {
	ns, ew     string // pair keys
	ours       [2]float64
	top        float64 // matchpoints: the top the row was scored on
	fact       [2]float64
	factTop    float64 // the figures and top factored to the field (totals)
	file       [2]float64
	fileTol    [2]float64 // half a unit of each file figure's last decimal
	hasFile    bool
	artificial bool
}

// checkBoard re-scores one board's traveller. others are the board's
// lines in the event's other sections when the board was matchpointed
// across the field (acrossField): they are scored with the board's own
// lines, not checked.
func checkBoard(where string, b Board, method string, played map[string]bool, others []Line) (diffs []Difference, errs []error, bc boardCheck) {
	imps := method != methodMP
	bn, err := strconv.Atoi(strings.TrimSpace(b.Number))
	at := strings.TrimPrefix(where+", ", ", ")
	if err != nil || bn < 1 {
		return nil, []error{fmt.Errorf("%sboard %q: not a board number", at, b.Number)}, bc
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
			rows = append(rows, score.ArtificialScore(ns, ew, award(a, imps), award(c, imps)))
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
		if con != "" && !passedOut(con) {
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
				diffs = append(diffs, Difference{Where: w, Field: "SCORE", File: l.Score, Ours: strconv.Itoa(ours),
					Why: fmt.Sprintf("%s by %s, %d tricks, vulnerability %s (Law 77)", c, decl, tricks, vul)})
				sc = ours // the board is matchpointed on the right score
			}
		}
		rows = append(rows, score.Table(ns, ew, sc))
		lines = append(lines, i)
	}
	if len(rows) == 0 {
		return diffs, errs, bc
	}
	// n is the board's results: its rows less a phantom's (a sit-out),
	// and the other sections' when it is scored across the field.
	n := len(rows)
	for _, i := range lines {
		if !played[pairKey(b.Lines[i].NS)] || !played[pairKey(b.Lines[i].EW)] {
			n--
		}
	}
	for _, l := range others {
		if r, ok := otherResult(l, vul, imps, pair(l.NS), pair(l.EW)); ok {
			rows = append(rows, r)
			n++
		}
	}
	var rescore func([]score.Result) []score.Scored
	switch method {
	case methodButler:
		o, d := butlerOptions(at, bn, b.Average, rows)
		diffs = append(diffs, d...)
		rescore = func(rs []score.Result) []score.Scored { return score.Butler(rs, o) }
	case methodCross, methodIMPs:
		// Cross-IMPs are written averaged over the comparisons (Compscore)
		// or as totals; the board's figures say which.
		o := score.CrossOptions{Average: true}
		if method == methodCross {
			totals := score.CrossOptions{Expected: n}
			if fits(b.Lines, lines, score.CrossIMPs(rows, totals)) && !fits(b.Lines, lines, score.CrossIMPs(rows, o)) {
				o = totals
			}
		}
		rescore = func(rs []score.Result) []score.Scored { return score.CrossIMPs(rs, o) }
	default:
		// The file's scale: its match points on a row add to the top,
		// 2(n−1) or n−1. A board with fewer results than rows (an
		// artificial score) is factored to the number of rows (Neuberg).
		o := mpOptions(b, rows, lines, n)
		bc.mp = &o
		rescore = func(rs []score.Result) []score.Scored { return score.Matchpoints(rs, o) }
		// A board factored up on its traveller: by Neuberg's formula, or
		// with its missing results as ties, whichever the file's figures
		// are (the one more of them are, when some are wrong).
		if ties := missingAsTies(o, n); o.Expected > n && misfits(b, lines, ties(rows)) < misfits(b, lines, rescore(rows)) {
			rescore = ties
		}
	}
	scored := rescore(rows)
	if splitScores(b, rows, lines, scored, imps, rescore) {
		scored = rescore(rows)
	}
	// A program rounds a board's figures to one number of decimals and
	// may leave out trailing zeros ("19" beside "18.9", "7.5" beside
	// "12.36"): the board's figures are read to the most decimals any of
	// them has.
	boardPrec := 0.0
	for _, l := range b.Lines {
		for _, v := range []string{l.NSMP, l.EWMP, l.NSButler, l.EWButler, l.NSCross, l.EWCross, l.NSIMPs, l.EWIMPs} {
			if strings.Contains(v, ".") && (boardPrec == 0 || precision(v) < boardPrec) {
				boardPrec = precision(v)
			}
		}
	}
	for k, i := range lines {
		l := b.Lines[i]
		w := fmt.Sprintf("%sboard %d, row %d", at, bn, i+1)
		fileNS, fileEW, fNS, fEW := l.NSMP, l.EWMP, "NS_MATCH_POINTS", "EW_MATCH_POINTS"
		why := "matchpoints of the board's rows"
		switch {
		case method == methodButler && (l.NSButler != "" || l.EWButler != ""):
			fileNS, fileEW, fNS, fEW = l.NSButler, l.EWButler, "NS_BUTLER_POINTS", "EW_BUTLER_POINTS"
		case method == methodCross && (l.NSCross != "" || l.EWCross != ""):
			fileNS, fileEW, fNS, fEW = l.NSCross, l.EWCross, "NS_CROSS_IMP_POINTS", "EW_CROSS_IMP_POINTS"
		case imps:
			fileNS, fileEW, fNS, fEW = l.NSIMPs, l.EWIMPs, "NS_IMPS", "EW_IMPS"
		}
		if imps {
			why = "IMPs of the board's rows (" + method + ")"
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
			tol := precision(x.file)
			if boardPrec > 0 {
				tol = boardPrec
			}
			if math.Abs(v-x.ours) > tol {
				diffs = append(diffs, Difference{Where: w, Field: x.field, File: x.file, Ours: num(x.ours), Why: why})
			}
		}
	}
	bc.rows, bc.lines = rows, lines
	for k, i := range lines {
		l := b.Lines[i]
		fg := lineFigs{ns: pairKey(l.NS), ew: pairKey(l.EW), ours: [2]float64{scored[k].NS, scored[k].EW}, top: scored[k].Top,
			artificial: rows[k].Kind == score.Artificial}
		fg.fact, fg.factTop = fg.ours, fg.top
		fileNS, fileEW := l.NSMP, l.EWMP
		if imps {
			fileNS, fileEW = cmp.Or(l.NSButler, l.NSCross, l.NSIMPs), cmp.Or(l.EWButler, l.EWCross, l.EWIMPs)
		}
		x, err1 := strconv.ParseFloat(strings.TrimSpace(fileNS), 64)
		y, err2 := strconv.ParseFloat(strings.TrimSpace(fileEW), 64)
		if err1 == nil && err2 == nil {
			fg.file, fg.hasFile = [2]float64{x, y}, true
			fg.fileTol = [2]float64{rounding(fileNS), rounding(fileEW)}
		}
		bc.figs = append(bc.figs, fg)
	}
	return diffs, errs, bc
}

// A split score (Law 12C1(b): each side its own assigned score, so that
// their results are not complementary) has no form of its own in USEBIO,
// whose traveller line holds one score, North–South's. The nearest
// faithful form, which FromResults writes and Check reads, is a line
// without a contract whose SCORE is North–South's assigned score and whose
// figures are each side's own, not complementary (match points not adding
// up to the top, IMPs not each other's negative). East–West's assigned
// score is lost; Check places it from East–West's figures.
//
// splitScores turns each line in that form into the split score its
// figures give: North–South's score as written, and for East–West a score
// that gives its figures (matchpoints depend only on where a score stands
// among the others; at IMPs the first score, from −7600 up, whose IMPs
// are East–West's). The board's other lines, whose East–West or
// North–South figures the split changes, are then re-scored as the
// program scored them. A line whose East–West figure no score gives stays
// as written, and differs. It reports whether it changed a row, for the
// board to be scored again.
func splitScores(b Board, rows []score.Result, lines []int, scored []score.Scored, imps bool, rescore func([]score.Result) []score.Scored) bool {
	changed := false
	for k, i := range lines {
		l := b.Lines[i]
		con := strings.ToUpper(strings.TrimSpace(l.Contract))
		if rows[k].Kind != score.Played || con != "" {
			continue
		}
		fileNS, fileEW := l.NSMP, l.EWMP
		if imps {
			fileNS, fileEW = cmp.Or(l.NSButler, l.NSCross, l.NSIMPs), cmp.Or(l.EWButler, l.EWCross, l.EWIMPs)
		}
		x, err1 := strconv.ParseFloat(strings.TrimSpace(fileNS), 64)
		y, err2 := strconv.ParseFloat(strings.TrimSpace(fileEW), 64)
		if err1 != nil || err2 != nil {
			continue
		}
		tol := max(precision(fileNS), precision(fileEW))
		if complementary := x + y; imps && math.Abs(complementary) <= tol || !imps && math.Abs(complementary-scored[k].Top) <= tol {
			continue
		}
		var at []int
		if imps {
			for v := -7600; v <= 7600; v += 10 {
				at = append(at, v)
			}
		} else {
			for _, r := range rows {
				if r.Kind == score.Played {
					at = append(at, r.Score-5, r.Score, r.Score+5)
				}
			}
		}
		trial := slices.Clone(rows)
		for _, v := range at {
			trial[k] = score.SplitScore(rows[k].NS, rows[k].EW, rows[k].Score, v)
			if math.Abs(rescore(trial)[k].EW-y) <= tol {
				rows[k] = trial[k]
				changed = true
				break
			}
		}
	}
	return changed
}

// mpOptions reads how a program matchpointed a board from the figures it
// wrote on its played lines: the scale (a line's two figures add up to the
// top, 2(E−1) on the 2/1/0 scale or E−1 on the 1/½/0 one) and E, the
// results the board was factored to (Neuberg): its n results, or more when
// every played line adds up to the same larger top (a board played fewer
// times than the field, factored up on the traveller, as Scorer writes it).
func mpOptions(b Board, rows []score.Result, lines []int, n int) score.MPOptions {
	o := score.MPOptions{Neuberg: true, Expected: n}
	sum, same := -1.0, true
	for k, i := range lines {
		a, err1 := strconv.ParseFloat(strings.TrimSpace(b.Lines[i].NSMP), 64)
		c, err2 := strconv.ParseFloat(strings.TrimSpace(b.Lines[i].EWMP), 64)
		if err1 != nil || err2 != nil {
			continue
		}
		if n > 1 && math.Abs(a+c-float64(n-1)) < 0.01 {
			o.Scale = score.MP2
			return o
		}
		if rows[k].Kind == score.Artificial {
			continue
		}
		switch {
		case sum < 0:
			sum = a + c
		case math.Abs(sum-(a+c)) > 0.02:
			same = false
		}
	}
	if !same || sum < 0 {
		return o
	}
	// A top larger than the board's own: factored up to E results.
	if e := sum/2 + 1; e > float64(n) && math.Abs(e-math.Round(e)) < 0.01 {
		o.Expected = int(math.Round(e))
	}
	return o
}
