package movement

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/bridgetd/bridgetd/bridge"
)

// TableCard is the guide card kept at a table: who sits there and which
// boards are played in each round.
type TableCard struct {
	Table int        `json:"table"`
	Rows  []TableRow `json:"rows"`
}

// TableRow is one round on a table card.
type TableRow struct {
	Round   int    `json:"round"`
	NS      int    `json:"ns,omitempty"`
	EW      int    `json:"ew,omitempty"`
	Players []int  `json:"players,omitempty"` // individual: N, E, S, W
	Sets    []int  `json:"sets,omitempty"`
	Boards  string `json:"boards"` // e.g. "4-6" or "4-6,19-21"
	Switch  bool   `json:"arrowSwitch,omitempty"`
	Shares  []int  `json:"sharesWith,omitempty"` // relay tables playing the same set
	// BoardsTo says where each set goes after the round, in the order of
	// Sets; empty after the last round.
	BoardsTo []BoardMove `json:"boardsTo,omitempty"`
	// NSTo and EWTo say where the pairs (teams) go after the round; zero
	// after the last round and for an empty seat.
	NSTo Next `json:"nsTo,omitzero"`
	EWTo Next `json:"ewTo,omitzero"`
}

// BoardMove is where a set goes after a round: to the tables that play it
// in the next round (two tables when they share it as relay tables), to
// the bye stand when no table plays it in the next round but one does
// later, or nowhere (Done) when it has been played for the last time.
type BoardMove struct {
	Set      int   `json:"set"`
	Tables   []int `json:"tables,omitempty"`
	ByeStand bool  `json:"byeStand,omitempty"`
	Done     bool  `json:"done,omitempty"`
}

// String renders the move as on a guide card: "table 3", "tables 1 and 8
// (relay)", "bye stand" or "done".
func (b BoardMove) String() string {
	switch {
	case b.ByeStand:
		return "bye stand"
	case b.Done || len(b.Tables) == 0:
		return "done"
	case len(b.Tables) == 1:
		return fmt.Sprintf("table %d", b.Tables[0])
	}
	return fmt.Sprintf("tables %s (relay)", andList(b.Tables))
}

// Next is where an entrant goes for the next round: Table, and SitOut when
// it has no opponents there (a half table or an odd teams field). A zero
// Next means there is no next round.
type Next struct {
	Table  int  `json:"table,omitempty"`
	SitOut bool `json:"sitOut,omitempty"`
}

// text renders a Next for a card, from table from: "3", "stays", "sits out
// at 4", "end"; out is what an entrant without opponents does ("sits
// out", "has a bye").
func (n Next) text(from int, out string) string {
	switch {
	case n.Table == 0 && !n.SitOut:
		return "end"
	case n.Table == 0:
		return out
	case n.SitOut && n.Table == from:
		return out + " here"
	case n.SitOut:
		return fmt.Sprintf("%s at %d", out, n.Table)
	case n.Table == from:
		return "stays"
	}
	return fmt.Sprint(n.Table)
}

// EntrantCard is the guide card of one pair, team or player: where it
// sits, whom it meets and what it plays in each round.
type EntrantCard struct {
	Entrant int          `json:"entrant"`
	Rows    []EntrantRow `json:"rows"`
}

// EntrantRow is one round on an entrant card. A row with Table 0 is a
// round the entrant sits out.
type EntrantRow struct {
	Round int `json:"round"`
	Table int `json:"table,omitempty"`
	// Seat is "NS" or "EW" for pairs, "home" or "away" for teams, and
	// N, E, S or W for an individual player.
	Seat      string `json:"seat,omitempty"`
	Partner   int    `json:"partner,omitempty"` // individual only
	Opponents []int  `json:"opponents,omitempty"`
	Sets      []int  `json:"sets,omitempty"`
	Boards    string `json:"boards,omitempty"`
	Switch    bool   `json:"arrowSwitch,omitempty"`
	// SitOut is set when the entrant's opponents are absent (half table).
	SitOut bool `json:"sitOut,omitempty"`
	// Next is the table for the next round (where the entrant sits out,
	// if NextSitOut), 0 after the last round.
	Next       int  `json:"next,omitempty"`
	NextSitOut bool `json:"nextSitOut,omitempty"`
}

// boards renders the board numbers of sets, e.g. "1-3,10-12".
func (m *Movement) boards(sets []int) string {
	if len(sets) == 0 {
		return "-"
	}
	parts := make([]string, len(sets))
	for i, s := range sets {
		parts[i] = m.boardRange(s)
	}
	return strings.Join(parts, ",")
}

// TableCards returns a card for every table.
func (m *Movement) TableCards() []TableCard {
	cards := make([]TableCard, m.Tables)
	for t := range cards {
		cards[t].Table = t + 1
	}
	next := m.nextSeats()
	for ri, r := range m.Rounds {
		for _, s := range r.Tables {
			row := TableRow{Round: r.Number, NS: s.NS, EW: s.EW, Players: s.Players, Sets: s.Sets,
				Boards: m.boards(s.Sets), Switch: s.Switch}
			for _, o := range r.Tables {
				if o.Table != s.Table && len(o.Sets) > 0 && sameSets(o.Sets, s.Sets) && !m.Duplicated {
					row.Shares = append(row.Shares, o.Table)
				}
			}
			if ri+1 < len(m.Rounds) {
				for _, set := range s.Sets {
					row.BoardsTo = append(row.BoardsTo, m.boardMove(ri, set))
				}
				if s.Players == nil {
					row.NSTo, row.EWTo = next[ri][s.NS], next[ri][s.EW]
				}
			}
			cards[s.Table-1].Rows = append(cards[s.Table-1].Rows, row)
		}
	}
	return cards
}

// boardMove says where set goes after round index ri (not the last).
func (m *Movement) boardMove(ri, set int) BoardMove {
	mv := BoardMove{Set: set}
	if m.Duplicated {
		// Every match has its own copy; a set is played in one round.
		mv.Done = true
		return mv
	}
	for _, o := range m.Rounds[ri+1].Tables {
		if slices.Contains(o.Sets, set) {
			mv.Tables = append(mv.Tables, o.Table)
		}
	}
	if len(mv.Tables) > 0 {
		return mv
	}
	if slices.Contains(m.Rounds[ri+1].Idle, set) {
		mv.ByeStand = true
		return mv
	}
	for _, r := range m.Rounds[ri+2:] {
		for _, o := range r.Tables {
			if slices.Contains(o.Sets, set) {
				mv.ByeStand = true
				return mv
			}
		}
	}
	mv.Done = true
	return mv
}

// nextSeats returns, for every round index but the last, where each
// entrant goes for the next round. Entrant 0 (an empty seat) maps to the
// zero Next.
func (m *Movement) nextSeats() []map[int]Next {
	out := make([]map[int]Next, len(m.Rounds))
	for ri := 0; ri+1 < len(m.Rounds); ri++ {
		out[ri] = map[int]Next{}
		for e := 1; e <= m.Entrants; e++ {
			if e != m.Phantom {
				out[ri][e] = Next{SitOut: true} // not seated next round
			}
		}
		for _, s := range m.Rounds[ri+1].Tables {
			if s.Players != nil {
				for _, p := range s.Players {
					if p != 0 {
						out[ri][p] = Next{Table: s.Table}
					}
				}
				continue
			}
			if s.NS != 0 {
				out[ri][s.NS] = Next{Table: s.Table, SitOut: s.EW == 0}
			}
			if s.EW != 0 {
				out[ri][s.EW] = Next{Table: s.Table, SitOut: s.NS == 0}
			}
		}
		delete(out[ri], 0)
	}
	return out
}

// ByeStandCard is the guide card of the bye stand: the sets resting on it
// in each round and where they go next.
type ByeStandCard struct {
	Rows []ByeStandRow `json:"rows"`
}

// ByeStandRow is one round on the bye stand card.
type ByeStandRow struct {
	Round    int         `json:"round"`
	Sets     []int       `json:"sets,omitempty"`
	Boards   string      `json:"boards"`
	BoardsTo []BoardMove `json:"boardsTo,omitempty"`
}

// ByeStandCard returns the bye stand's card, or nil when the movement has no
// bye stand.
func (m *Movement) ByeStandCard() *ByeStandCard {
	if m.ByeStand == 0 {
		return nil
	}
	c := &ByeStandCard{}
	for ri, r := range m.Rounds {
		row := ByeStandRow{Round: r.Number, Sets: r.Idle, Boards: m.boards(r.Idle)}
		if ri+1 < len(m.Rounds) {
			for _, set := range r.Idle {
				row.BoardsTo = append(row.BoardsTo, m.boardMove(ri, set))
			}
		}
		c.Rows = append(c.Rows, row)
	}
	return c
}

func sameSets(a, b []int) bool {
	for _, x := range a {
		for _, y := range b {
			if x == y {
				return true
			}
		}
	}
	return false
}

// EntrantCards returns a card for every entrant other than a phantom.
func (m *Movement) EntrantCards() []EntrantCard {
	var cards []EntrantCard
	for e := 1; e <= m.Entrants; e++ {
		if e == m.Phantom {
			continue
		}
		c := EntrantCard{Entrant: e}
		for _, r := range m.Rounds {
			row := EntrantRow{Round: r.Number}
			for _, s := range r.Tables {
				if fillRow(m, &row, s, e) {
					break
				}
			}
			c.Rows = append(c.Rows, row)
		}
		for i := 0; i+1 < len(c.Rows); i++ {
			c.Rows[i].Next = c.Rows[i+1].Table
			c.Rows[i].NextSitOut = c.Rows[i+1].SitOut || c.Rows[i+1].Table == 0
		}
		cards = append(cards, c)
	}
	return cards
}

// fillRow fills row if entrant e sits at s, and reports whether it does.
func fillRow(m *Movement, row *EntrantRow, s Seating, e int) bool {
	if s.Players != nil {
		for k, p := range s.Players {
			if p != e {
				continue
			}
			row.Table, row.Seat = s.Table, bridge.Seat(k).String()
			row.Partner = s.Players[(k+2)%4]
			for _, o := range []int{s.Players[(k+1)%4], s.Players[(k+3)%4]} {
				row.Opponents = append(row.Opponents, o)
			}
			row.Sets, row.Boards = s.Sets, m.boards(s.Sets)
			return true
		}
		return false
	}
	var opp int
	switch e {
	case s.NS:
		row.Seat, opp = "NS", s.EW
	case s.EW:
		row.Seat, opp = "EW", s.NS
	default:
		return false
	}
	if m.Kind == RoundRobin {
		row.Seat = map[string]string{"NS": "home", "EW": "away"}[row.Seat]
	}
	row.Table, row.Switch = s.Table, s.Switch
	if opp == 0 {
		row.SitOut = true
		return true
	}
	row.Opponents = []int{opp}
	row.Sets, row.Boards = s.Sets, m.boards(s.Sets)
	return true
}

// WriteText writes the movement as text: a summary, the schedule (one
// line a round, "NSvEW boards" at each table), the table cards (with
// where the boards and the pairs go next), the bye stand's card and the
// entrant cards.
func (m *Movement) WriteText(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, m.Summary())
	fmt.Fprintln(tw)
	fmt.Fprint(tw, "Round")
	for t := 1; t <= m.Tables; t++ {
		fmt.Fprintf(tw, "\tTable %d", t)
	}
	if m.ByeStand > 0 {
		fmt.Fprint(tw, "\tBye stand")
	}
	fmt.Fprintln(tw)
	for _, r := range m.Rounds {
		fmt.Fprintf(tw, "%d", r.Number)
		for _, s := range r.Tables {
			fmt.Fprintf(tw, "\t%s", m.cellText(s))
		}
		if m.ByeStand > 0 {
			fmt.Fprintf(tw, "\t%s", m.boards(r.Idle))
		}
		fmt.Fprintln(tw)
	}
	fmt.Fprintln(tw, "\n"+m.legend())
	side := [2]string{"NS", "EW"}
	if m.Kind == RoundRobin {
		side = [2]string{"Home", "Away"}
	}
	for _, c := range m.TableCards() {
		if m.Kind == Individual {
			fmt.Fprintf(tw, "\nTable %d\nRound\tNS\tEW\tBoards\tBoards go to\tNote\n", c.Table)
		} else {
			fmt.Fprintf(tw, "\nTable %d\nRound\t%s\t%s\tBoards\tBoards go to\t%[2]s go to\t%[3]s go to\tNote\n", c.Table, side[0], side[1])
		}
		for _, r := range c.Rows {
			var note []string
			if r.Switch {
				note = append(note, "arrow-switch")
			}
			if len(r.Shares) > 0 {
				note = append(note, fmt.Sprintf("share boards with table %s", andList(r.Shares)))
			}
			if r.Players != nil {
				fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\t%s\n", r.Round, who(r.Players[0])+"+"+who(r.Players[2]),
					who(r.Players[1])+"+"+who(r.Players[3]), r.Boards, m.movesText(r.BoardsTo), strings.Join(note, "; "))
				continue
			}
			if (r.NS == 0) != (r.EW == 0) {
				note = append(note, fmt.Sprintf("%d %s: boards not played here", max(r.NS, r.EW), m.sitOutWord()))
			}
			fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", r.Round, who(r.NS), who(r.EW), r.Boards,
				m.movesText(r.BoardsTo), m.pairTo(r.NS, r.NSTo, c.Table), m.pairTo(r.EW, r.EWTo, c.Table), strings.Join(note, "; "))
		}
	}
	if bc := m.ByeStandCard(); bc != nil {
		fmt.Fprintf(tw, "\nBye stand (after table %d)\nRound\tBoards\tBoards go to\n", m.ByeStand)
		for _, r := range bc.Rows {
			fmt.Fprintf(tw, "%d\t%s\t%s\n", r.Round, r.Boards, m.movesText(r.BoardsTo))
		}
	}
	name := "Pair"
	switch m.Kind {
	case RoundRobin:
		name = "Team"
	case Individual:
		name = "Player"
	}
	for _, c := range m.EntrantCards() {
		partner := ""
		if m.Kind == Individual {
			partner = "\tPartner"
		}
		fmt.Fprintf(tw, "\n%s %d\nRound\tTable\tSeat%s\tOpponents\tBoards\tNext table\n", name, c.Entrant, partner)
		for _, r := range c.Rows {
			next := m.nextText(r, c.Rows)
			if r.Table == 0 || r.SitOut {
				fill := "\t\t"
				if m.Kind == Individual {
					fill += "\t"
				}
				fmt.Fprintf(tw, "%d\t%s\t%s%s\t%s\n", r.Round, tableText(r.Table), m.sitOutWord(), fill, next)
				continue
			}
			seat := r.Seat
			if r.Switch {
				seat += " (arrow-switch)"
			}
			if m.Kind == Individual {
				seat += "\t" + who(r.Partner)
			}
			fmt.Fprintf(tw, "%d\t%d\t%s\t%s\t%s\t%s\n", r.Round, r.Table, seat, joinInts(r.Opponents), r.Boards, next)
		}
	}
	return tw.Flush()
}

// legend explains the schedule's cells.
func (m *Movement) legend() string {
	if m.Kind == Individual {
		return "(N+S v E+W boards: the players at the table and the boards they play)"
	}
	if m.Kind == RoundRobin {
		return "(HvA boards: the home and away teams of the match and the boards they play; a team without a match has a bye)"
	}
	return "(NSvEW boards: the pairs at the table and the boards they play; x after the pairs = arrow-switch, the NS pair plays the EW cards)"
}

// sitOutWord is what an entrant with no opponents does: a pair sits out,
// a team has a bye.
func (m *Movement) sitOutWord() string {
	if m.Kind == RoundRobin {
		return "has a bye"
	}
	return "sits out"
}

// cellText renders one table in one round for the schedule.
func (m *Movement) cellText(s Seating) string {
	if s.Players != nil {
		return fmt.Sprintf("%s+%sv%s+%s %s", who(s.Players[0]), who(s.Players[2]), who(s.Players[1]), who(s.Players[3]), m.boards(s.Sets))
	}
	if s.NS == 0 || s.EW == 0 {
		if s.NS == 0 && s.EW == 0 {
			return "empty"
		}
		return fmt.Sprintf("%d %s", max(s.NS, s.EW), m.sitOutWord())
	}
	x := ""
	if s.Switch {
		x = "x"
	}
	return fmt.Sprintf("%dv%d%s %s", s.NS, s.EW, x, m.boards(s.Sets))
}

// movesText renders where a table's sets go, "end" after the last round;
// with two sets, each is named by its boards.
func (m *Movement) movesText(ms []BoardMove) string {
	if len(ms) == 0 {
		return "end"
	}
	parts := make([]string, len(ms))
	for i, b := range ms {
		parts[i] = b.String()
	}
	if len(parts) > 1 {
		for i, b := range ms {
			parts[i] = fmt.Sprintf("%s to %s", m.boardRange(b.Set), parts[i])
		}
	}
	return strings.Join(parts, "; ")
}

// pairTo renders where the entrant e at table goes next; an empty seat
// goes nowhere.
func (m *Movement) pairTo(e int, n Next, table int) string {
	if e == 0 {
		return ""
	}
	return n.text(table, m.sitOutWord())
}

// nextText renders an entrant card's next table: "3", "4 (sit out)" ("4
// (bye)" for a team), "end" after the last round.
func (m *Movement) nextText(r EntrantRow, rows []EntrantRow) string {
	if r.Round == rows[len(rows)-1].Round {
		return "end"
	}
	out := "sit out"
	if m.Kind == RoundRobin {
		out = "bye"
	}
	switch {
	case r.NextSitOut && r.Next == 0:
		return out
	case r.NextSitOut:
		return fmt.Sprintf("%d (%s)", r.Next, out)
	}
	return fmt.Sprint(r.Next)
}

// who renders an entrant in a card's column; an empty seat is "none".
func who(e int) string {
	if e == 0 {
		return "none"
	}
	return fmt.Sprint(e)
}

// andList renders 1, 2 and 3.
func andList(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = fmt.Sprint(x)
	}
	if len(s) < 2 {
		return strings.Join(s, "")
	}
	return strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
}

func tableText(t int) string {
	if t == 0 {
		return ""
	}
	return fmt.Sprint(t)
}

func joinInts(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, ",")
}
