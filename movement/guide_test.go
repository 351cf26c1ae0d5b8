package movement

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"testing"
)

// Law 8A1: the Director tells the players how the boards and the
// contestants move. Every table card says, after each round but the last,
// where each of its sets goes: the tables that play it in the next round,
// or the bye stand when it rests a round. The moves must agree with the
// schedule, for every kind of movement.
func TestBoardsToAgreesWithSchedule(t *testing.T) {
	for name, m := range map[string]*Movement{
		"Mitchell 7":          must(NewMitchell(MitchellOptions{Tables: 7, PerSet: 2})),
		"skip Mitchell 8":     must(NewMitchell(MitchellOptions{Tables: 8, PerSet: 2})),
		"relay Mitchell 8":    must(NewMitchell(MitchellOptions{Tables: 8, PerSet: 2, Even: RelayBye})),
		"Howell 3":            must(NewHowell(HowellOptions{Tables: 3, PerSet: 2})),
		"Howell 6":            must(NewHowell(HowellOptions{Tables: 6, PerSet: 2})),
		"individual 3":        must(NewIndividual(IndividualOptions{Tables: 3, PerSet: 2})),
		"round robin 5 teams": must(NewRoundRobin(RoundRobinOptions{Teams: 5, PerSet: 8})),
	} {
		for _, c := range m.TableCards() {
			for ri, row := range c.Rows {
				if ri == len(c.Rows)-1 {
					if len(row.BoardsTo) != 0 {
						t.Errorf("%s table %d: boards move after the last round: %v", name, c.Table, row.BoardsTo)
					}
					continue
				}
				if len(row.BoardsTo) != len(row.Sets) {
					t.Fatalf("%s table %d round %d: %d moves for %d sets", name, c.Table, row.Round, len(row.BoardsTo), len(row.Sets))
				}
				for _, mv := range row.BoardsTo {
					var at []int
					for _, s := range m.Rounds[ri+1].Tables {
						if slices.Contains(s.Sets, mv.Set) {
							at = append(at, s.Table)
						}
					}
					later := false
					for _, r := range m.Rounds[ri+2:] {
						for _, s := range r.Tables {
							later = later || slices.Contains(s.Sets, mv.Set)
						}
					}
					switch {
					case m.Duplicated:
						if !mv.Done {
							t.Errorf("%s: duplicated boards move on: %+v", name, mv)
						}
					case len(at) > 0 && !slices.Equal(mv.Tables, at):
						t.Errorf("%s table %d round %d set %d: to %v, schedule has %v", name, c.Table, row.Round, mv.Set, mv.Tables, at)
					case len(at) == 0 && mv.ByeStand != (later || slices.Contains(m.Rounds[ri+1].Idle, mv.Set)):
						t.Errorf("%s table %d round %d set %d: bye stand %v, played later %v", name, c.Table, row.Round, mv.Set, mv.ByeStand, later)
					}
				}
			}
		}
	}
}

func must(m *Movement, err error) *Movement {
	if err != nil {
		panic(err)
	}
	return m
}

// The relay and bye stand Mitchell (8 tables): the boards move down one
// table a round; table 2's go to the relay tables 1 and 8, the relay's go
// to table 7, table 5's go to the bye stand and the bye stand's to table
// 4. The guide cards must say so (Law 8A1).
func TestRelayByeBoardsTo(t *testing.T) {
	m := must(NewMitchell(MitchellOptions{Tables: 8, PerSet: 3, Even: RelayBye}))
	want := map[int]string{1: "table 7", 2: "tables 1 and 8 (relay)", 3: "table 2", 4: "table 3",
		5: "bye stand", 6: "table 5", 7: "table 6", 8: "table 7"}
	for _, c := range m.TableCards() {
		for _, row := range c.Rows[:len(c.Rows)-1] {
			if got := row.BoardsTo[0].String(); got != want[c.Table] {
				t.Errorf("table %d round %d: boards to %q, want %q", c.Table, row.Round, got, want[c.Table])
			}
			// East–West move up one table (8 to 1); North–South stay.
			if row.EWTo.Table != c.Table%8+1 || row.NSTo.Table != c.Table {
				t.Errorf("table %d round %d: EW to %+v, NS to %+v", c.Table, row.Round, row.EWTo, row.NSTo)
			}
		}
	}
	bye := m.ByeStandCard()
	if bye == nil || len(bye.Rows) != 8 {
		t.Fatalf("bye stand card %+v", bye)
	}
	for _, r := range bye.Rows[:7] {
		if len(r.BoardsTo) != 1 || r.BoardsTo[0].String() != "table 4" {
			t.Errorf("bye stand round %d: to %v, want table 4", r.Round, r.BoardsTo)
		}
	}
	var buf bytes.Buffer
	if err := m.WriteText(&buf); err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"Boards go to", "tables 1 and 8 (relay)", "bye stand", "Bye stand (after table 4)"} {
		if !strings.Contains(buf.String(), s) {
			t.Errorf("text lacks %q", s)
		}
	}
}

// Before a round out, the entrant card names the table where the pair
// sits out instead of leaving "next table" blank, and the table card
// says that East–West go there to sit out.
func TestNextBeforeSitOut(t *testing.T) {
	// 4 tables, 7 pairs: NS 4 is absent, so EW pairs sit out at table 4.
	m := must(NewMitchell(MitchellOptions{Tables: 4, PerSet: 2, Even: RelayBye, Pairs: 7}))
	for _, c := range m.EntrantCards() {
		for i, r := range c.Rows[:len(c.Rows)-1] {
			nx := c.Rows[i+1]
			if r.Next != nx.Table || r.NextSitOut != nx.SitOut {
				t.Errorf("pair %d round %d: next %d (sit out %v), want %d (sit out %v)", c.Entrant, r.Round, r.Next, r.NextSitOut, nx.Table, nx.SitOut)
			}
			if nx.SitOut && r.Next == 0 {
				t.Errorf("pair %d round %d: next table blank before a sit-out", c.Entrant, r.Round)
			}
		}
	}
	cards := m.TableCards()
	if to := cards[2].Rows[0].EWTo; to != (Next{Table: 4, SitOut: true}) {
		t.Errorf("table 3 round 1: EW to %+v, want table 4 to sit out", to)
	}
	var buf bytes.Buffer
	if err := m.WriteText(&buf); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "4 (sit out)") || !strings.Contains(buf.String(), "sits out at 4") {
		t.Errorf("text does not send the pairs to sit out at table 4:\n%s", buf.String())
	}
}

// "-" had three meanings in the text (an empty seat, no partner, the
// pair separator) besides board ranges; now it appears only inside board
// ranges such as 1-2. A pairs movement has no Partner column.
func TestTextDashOnlyInBoardRanges(t *testing.T) {
	for name, m := range map[string]*Movement{
		"half-table Mitchell": must(NewMitchell(MitchellOptions{Tables: 4, PerSet: 2, Even: RelayBye, Pairs: 7})),
		"Howell with sit-out": must(NewHowell(HowellOptions{Tables: 4, PerSet: 2, Pairs: 7})),
		"round robin 5 teams": must(NewRoundRobin(RoundRobinOptions{Teams: 5, PerSet: 8})),
		"individual 2 tables": must(NewIndividual(IndividualOptions{Tables: 2, PerSet: 1})),
	} {
		var buf bytes.Buffer
		if err := m.WriteText(&buf); err != nil {
			t.Fatal(err)
		}
		for _, f := range strings.Fields(buf.String()) {
			word := strings.ContainsFunc(f, func(r rune) bool { return r >= 'a' && r <= 'z' }) // arrow-switch
			if strings.Contains(f, "-") && !word && !isBoardRange(strings.Trim(f, ",;:()")) {
				t.Errorf("%s: %q uses a dash outside a board range", name, f)
			}
		}
		if m.Kind != Individual && strings.Contains(buf.String(), "Partner") {
			t.Errorf("%s: a Partner column in a pairs or teams movement", name)
		}
	}
}

// isBoardRange reports whether s is like "1-2" or "1-2,5-6".
func isBoardRange(s string) bool {
	for _, part := range strings.Split(s, ",") {
		a, b, ok := strings.Cut(part, "-")
		if !ok || a == "" || b == "" || strings.Trim(a+b, "0123456789") != "" {
			return false
		}
	}
	return true
}

// Counts read in English: "1 round", not "1 rounds".
func TestSummaryCounts(t *testing.T) {
	m := must(NewMitchell(MitchellOptions{Tables: 3, PerSet: 1, Rounds: 1}))
	if s := m.Summary(); !strings.Contains(s, "1 round,") || strings.Contains(s, "1 rounds") {
		t.Errorf("summary %q", s)
	}
	m = must(NewMitchell(MitchellOptions{Tables: 1, PerSet: 1}))
	if s := m.Summary(); !strings.Contains(s, "1 table, 2 entrants, 1 round, 1 board (1 set of 1)") {
		t.Errorf("summary %q", s)
	}
}

// The 3-table Howell plays two sets a table a round; the boards a round
// are what the option says (PerSet is boards per round for every
// movement), split between the two sets, not twice as many.
func TestHowell3BoardsARound(t *testing.T) {
	for _, per := range []int{2, 4, 6} {
		m := must(NewHowell(HowellOptions{Tables: 3, PerSet: per}))
		for _, r := range m.Rounds {
			for _, s := range r.Tables {
				if got := len(s.Sets) * m.PerSet; got != per {
					t.Errorf("per round %d: round %d table %d plays %d boards", per, r.Number, s.Table, got)
				}
			}
		}
		if m.TotalBoards() != 5*per {
			t.Errorf("per round %d: %d boards in play, want %d", per, m.TotalBoards(), 5*per)
		}
	}
	for per, want := range map[int]string{1: "(try 2)", 3: "(try 2 or 4)"} {
		_, err := NewHowell(HowellOptions{Tables: 3, PerSet: per})
		if !errors.Is(err, ErrBoards) || !strings.Contains(err.Error(), want) {
			t.Errorf("per round %d: %v, want ErrBoards with %q", per, err, want)
		}
	}
}
