package publish

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/bridgetd/bridgetd/bridge"
)

// Form is how an event's results are counted.
type Form uint8

const (
	Matchpoints Form = iota // pairs: matchpoints and percentages
	IMPs                    // pairs: IMPs (Butler or cross-IMPs)
	Teams                   // teams: IMPs in matches, and VPs when given
)

// Unit names what a row's figure is in: "MP" or "IMP".
func (f Form) Unit() string {
	if f == Matchpoints {
		return "MP"
	}
	return "IMP"
}

// Results is a scored event as it is published. Package score or package
// event computes the figures; publish only lays them out.
type Results struct {
	Title string
	Date  string // as PBN writes it (2013.08.08) or free text
	Venue string
	Form  Form
	// Method is how the boards were scored, as package scoresheet names
	// it ("mp", "butler", "cross-imp", "teams"); "" when not known.
	Method string
	// Unit names the totals of the rankings when they are not the boards'
	// unit: "VP" for an event scored in victory points.
	Unit string
	// Entrants are the pairs or teams, by the ID the rows use.
	Entrants []Entrant
	// Fields are the rankings: one, or North–South and East–West for a
	// two-winner event.
	Fields []Field
	// Boards are the travellers.
	Boards []BoardResult
	// Matches are the match results of a teams, Swiss or round-robin event.
	Matches []Match
	// Files are other files published beside the pages (the results and
	// hand records as PDF), linked from every page's navigation.
	Files []Link
	// Progress is each entrant's place after each round (Swiss, round
	// robin), for the position-by-round chart.
	Progress []Progress
}

// Link is a file the pages link to.
type Link struct {
	Name  string // file name beside the pages: "results.pdf"
	Title string // "Results (PDF)"
}

// Entrant is a pair or team.
type Entrant struct {
	ID    string // as the results name it: "7", "7NS", "ENGLAND"
	Names string // the players, "Ann Smith & Bob Jones"; may be empty
}

// Field is one ranking.
type Field struct {
	Name      string // "" for the only field, "North–South", "East–West"
	Standings []Standing
}

// Standing is an entrant's line in a ranking.
type Standing struct {
	Place     int  // 1 for the winner; tied entrants share the best place
	Tied      bool // the place is shared
	Entrant   string
	Score     float64 // matchpoints, IMPs or VPs
	Percent   float64 // matchpoints: the percentage
	Boards    int     // boards scored
	Qualified bool    // qualifies for the next stage
}

// BoardResult is a board and its traveller.
type BoardResult struct {
	Board
	Rows []Row
}

// Row is one result on a traveller.
type Row struct {
	NS, EW string // entrant IDs of the pairs (or teams) North–South and East–West
	// Contract, Declarer, Lead and Tricks describe the play; HasContract is
	// false for a row without a played contract (an adjusted or artificial
	// score, or a row not yet entered).
	HasContract bool
	Contract    bridge.Contract
	Declarer    bridge.Seat
	Lead        string // the opening lead as written, "♠A", "" when unknown
	Tricks      int    // tricks taken by declarer
	// Note says how an artificial or adjusted score came about: "A60/40",
	// "Av+", "TD".
	Note     string
	HasScore bool
	Score    int // North–South's score
	// Scored is false for a row the scorer rejected (Error says why).
	Scored       bool
	Error        string
	NSMP, EWMP   float64 // matchpoints or IMPs of each side
	NSPct, EWPct float64 // matchpoints: percentages
	// Play is the table's play record with its double-dummy analysis;
	// nil when the row has none (PBNOptions.Analyse).
	Play *Played
}

// Match is one match of a teams (or Swiss) event.
type Match struct {
	Round      int // 0 when the event has one round
	Home, Away string
	HomeIMPs   float64
	AwayIMPs   float64
	// Own is set when an adjusted score left the teams' IMPs unbalanced
	// (a Law 12C1(b) split score, average-minus to both, an unplayed
	// board): each team then has its own net figure, HomeOwn and AwayOwn
	// (+13 and −9, not ±13), and its VPs come from it; HomeIMPs and
	// AwayIMPs are unused.
	Own              bool
	HomeOwn, AwayOwn float64
	HasVP            bool
	HomeVP           float64
	AwayVP           float64
	Boards           int
}

// Progress is an entrant's place after each round: Places[0] after round 1.
type Progress struct {
	Entrant string
	Places  []int
}

// entrant returns the entrant with the ID (a bare one if unknown).
func (r *Results) entrant(id string) Entrant {
	for _, e := range r.Entrants {
		if e.ID == id {
			return e
		}
	}
	return Entrant{ID: id}
}

// PlaceText writes a place as rankings show ties: "3=" for a shared third.
func PlaceText(place int, tied bool) string {
	s := strconv.Itoa(place)
	if tied {
		s += "="
	}
	return s
}

// ResultText writes a row's result as travellers do: "=", "+1", "−2".
func (row *Row) ResultText() string {
	if !row.HasContract || row.Contract.IsPassedOut() {
		return ""
	}
	switch d := row.Tricks - int(row.Contract.Level) - 6; {
	case d == 0:
		return "="
	case d > 0:
		return "+" + strconv.Itoa(d)
	default:
		return "−" + strconv.Itoa(-d)
	}
}

// rowsOf returns the rows an entrant played, with the board.
type cardLine struct {
	board *BoardResult
	row   *Row
	ns    bool // the entrant sat North–South
}

func (r *Results) cardLines(id string) []cardLine {
	var out []cardLine
	for i := range r.Boards {
		b := &r.Boards[i]
		for j := range b.Rows {
			row := &b.Rows[j]
			if row.NS == id || row.EW == id {
				out = append(out, cardLine{b, row, row.NS == id})
			}
		}
	}
	return out
}

// MatchesFromBoards works out a teams event's matches from its travellers:
// the two tables of a match on a board are the rows where the teams sit
// the other way round, and each table's figure (NSMP) is the IMPs the
// North–South team won on the board there. A team scores the IMPs it won
// on each board. Boards of a match played at one table only are left out.
func MatchesFromBoards(boards []BoardResult) []Match {
	type key struct{ a, b string }
	byKey := map[key]*Match{}
	var order []key
	for _, b := range boards {
		seen := map[key]bool{}
		for _, row := range b.Rows {
			if !row.Scored {
				continue
			}
			k := key{row.NS, row.EW}
			if row.NS > row.EW {
				k = key{row.EW, row.NS}
			}
			m := byKey[k]
			if m == nil {
				m = &Match{Home: k.a, Away: k.b}
				byKey[k] = m
				order = append(order, k)
			}
			if !seen[k] {
				seen[k] = true
				m.Boards++
			}
			// Each table's IMPs: the NS team gains them when positive;
			// the other table holds the same board the other way round,
			// so a board's IMPs are counted from the home team's table
			// only.
			if row.NS != k.a {
				continue
			}
			if row.NSMP > 0 {
				m.HomeIMPs += row.NSMP
			} else {
				m.AwayIMPs -= row.NSMP
			}
		}
	}
	out := make([]Match, 0, len(order))
	for _, k := range order {
		out = append(out, *byKey[k])
	}
	slices.SortStableFunc(out, func(x, y Match) int {
		return cmp.Or(cmp.Compare(x.Round, y.Round), strings.Compare(x.Home, y.Home))
	})
	return out
}

// Validate checks that every ID the rankings, travellers and matches name
// is an entrant when entrants are listed, and that board numbers are
// distinct.
func (r *Results) Validate() error {
	seen := map[int]bool{}
	for _, b := range r.Boards {
		if b.Number > 0 && seen[b.Number] {
			return fmt.Errorf("publish: board %d listed twice", b.Number)
		}
		seen[b.Number] = true
	}
	if len(r.Entrants) == 0 {
		return nil
	}
	known := map[string]bool{}
	for _, e := range r.Entrants {
		known[e.ID] = true
	}
	for _, f := range r.Fields {
		for _, s := range f.Standings {
			if !known[s.Entrant] {
				return fmt.Errorf("publish: ranking %q: entrant %q is not listed", f.Name, s.Entrant)
			}
		}
	}
	for _, b := range r.Boards {
		for i, row := range b.Rows {
			for _, id := range []string{row.NS, row.EW} {
				if !known[id] {
					return fmt.Errorf("publish: board %d, row %d: entrant %q is not listed", b.Number, i+1, id)
				}
			}
		}
	}
	return nil
}
