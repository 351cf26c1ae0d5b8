package movement

import (
	"fmt"
	"io"
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
	// Next is the table for the next round, 0 after the last round or
	// before a round out.
	Next int `json:"next,omitempty"`
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
	for _, r := range m.Rounds {
		for _, s := range r.Tables {
			row := TableRow{Round: r.Number, NS: s.NS, EW: s.EW, Players: s.Players, Sets: s.Sets,
				Boards: m.boards(s.Sets), Switch: s.Switch}
			for _, o := range r.Tables {
				if o.Table != s.Table && len(o.Sets) > 0 && sameSets(o.Sets, s.Sets) && !m.Duplicated {
					row.Shares = append(row.Shares, o.Table)
				}
			}
			cards[s.Table-1].Rows = append(cards[s.Table-1].Rows, row)
		}
	}
	return cards
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
			if !c.Rows[i+1].SitOut {
				c.Rows[i].Next = c.Rows[i+1].Table
			}
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
// line a round, "NS-EW:boards" at each table), the table cards and the
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
			fmt.Fprintf(tw, "\t%s:%s", seatText(s), m.boards(s.Sets))
		}
		if m.ByeStand > 0 {
			fmt.Fprintf(tw, "\t%s", m.boards(r.Idle))
		}
		fmt.Fprintln(tw)
	}
	fmt.Fprintln(tw, "\n(x = arrow-switch: the NS pair plays the EW cards; - = empty seat)")
	for _, c := range m.TableCards() {
		fmt.Fprintf(tw, "\nTable %d\nRound\tNS\tEW\tBoards\tNote\n", c.Table)
		for _, r := range c.Rows {
			ns, ew := who(r.NS), who(r.EW)
			if r.Players != nil {
				ns = who(r.Players[0]) + "+" + who(r.Players[2])
				ew = who(r.Players[1]) + "+" + who(r.Players[3])
			}
			var note []string
			if r.Switch {
				note = append(note, "arrow-switch")
			}
			if len(r.Shares) > 0 {
				note = append(note, fmt.Sprintf("share boards with table %s", joinInts(r.Shares)))
			}
			fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\n", r.Round, ns, ew, r.Boards, strings.Join(note, "; "))
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
		fmt.Fprintf(tw, "\n%s %d\nRound\tTable\tSeat\tPartner\tOpponents\tBoards\tNext table\n", name, c.Entrant)
		for _, r := range c.Rows {
			if r.Table == 0 || r.SitOut {
				fmt.Fprintf(tw, "%d\t%s\tsit out\t\t\t\t%s\n", r.Round, tableText(r.Table), tableText(r.Next))
				continue
			}
			seat := r.Seat
			if r.Switch {
				seat += " (arrow-switch)"
			}
			fmt.Fprintf(tw, "%d\t%d\t%s\t%s\t%s\t%s\t%s\n", r.Round, r.Table, seat, who(r.Partner),
				joinInts(r.Opponents), r.Boards, tableText(r.Next))
		}
	}
	return tw.Flush()
}

func seatText(s Seating) string {
	if s.Players != nil {
		return fmt.Sprintf("%s+%s/%s+%s", who(s.Players[0]), who(s.Players[2]), who(s.Players[1]), who(s.Players[3]))
	}
	x := ""
	if s.Switch {
		x = "x"
	}
	return who(s.NS) + "-" + who(s.EW) + x
}

func who(e int) string {
	if e == 0 {
		return "-"
	}
	return fmt.Sprint(e)
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
