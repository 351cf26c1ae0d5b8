package movement

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Kind is the family of a movement.
type Kind int

// The kinds of movement.
const (
	Mitchell Kind = iota
	Howell
	RoundRobin
	Individual
)

var kindNames = [...]string{"mitchell", "howell", "roundrobin", "individual"}

// String returns the lower-case name used on the command line.
func (k Kind) String() string {
	if k >= 0 && int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}

// MarshalText writes the name, so JSON shows "mitchell".
func (k Kind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText reads a name written by MarshalText.
func (k *Kind) UnmarshalText(b []byte) error {
	for i, n := range kindNames {
		if string(b) == n {
			*k = Kind(i)
			return nil
		}
	}
	return fmt.Errorf("movement: unknown kind %q", b)
}

// Seating is one table in one round.
type Seating struct {
	Table int `json:"table"`
	// NS and EW are the pairs (or teams: home and away) at the table;
	// 0 is an empty seat. Unused in an individual movement.
	NS int `json:"ns,omitempty"`
	EW int `json:"ew,omitempty"`
	// Players are the players of an individual movement in the order
	// North, East, South, West.
	Players []int `json:"players,omitempty"`
	// Sets are the board sets played at the table this round, from 1, in
	// the order played; usually one, empty when the table is idle.
	Sets []int `json:"sets,omitempty"`
	// Switch marks an arrow-switched round: the pairs keep their seats
	// and the boards are turned, so the NS pair holds the East–West cards.
	Switch bool `json:"arrowSwitch,omitempty"`
}

// Round is one round of a movement.
type Round struct {
	Number int       `json:"round"`
	Tables []Seating `json:"tables"`
	// Idle lists the sets not in play this round (on the bye stand).
	Idle []int `json:"idle,omitempty"`
}

// Movement is a complete movement: who sits where and plays what.
type Movement struct {
	Kind   Kind   `json:"kind"`
	Name   string `json:"name"`
	Tables int    `json:"tables"`
	Sets   int    `json:"sets"`   // board sets, numbered 1..Sets
	PerSet int    `json:"perSet"` // boards in a set
	// Entrants is the number of pairs, teams or players, counting a
	// phantom; they are numbered 1..Entrants.
	Entrants int `json:"entrants"`
	// Phantom is the missing entrant of an odd field (half table), 0 if
	// none; its seats are left empty (0) in the schedule.
	Phantom int `json:"phantom,omitempty"`
	// Relay lists tables that play the same set in the same round,
	// exchanging boards during the round (relay or shared boards).
	Relay []int `json:"relay,omitempty"`
	// ByeStand is the table after which a bye stand sits, 0 for none.
	ByeStand int `json:"byeStand,omitempty"`
	// Duplicated means every table has its own copy of the set (teams:
	// each match plays the round's boards in both rooms).
	Duplicated bool `json:"duplicated,omitempty"`
	// TwoWinner is set for a Mitchell with no arrow switch: North–South
	// and East–West are ranked separately.
	TwoWinner bool    `json:"twoWinner,omitempty"`
	Rounds    []Round `json:"rounds"`
}

// Boards returns the first and last board numbers of a set.
func (m *Movement) Boards(set int) (first, last int) {
	if set < 1 {
		return 0, 0
	}
	return (set-1)*m.PerSet + 1, set * m.PerSet
}

// boardRange renders a set's boards as "5-8" (or "5" for one board).
func (m *Movement) boardRange(set int) string {
	f, l := m.Boards(set)
	switch {
	case f == 0:
		return "-"
	case f == l:
		return fmt.Sprint(f)
	}
	return fmt.Sprintf("%d-%d", f, l)
}

// Boards is the total number of boards in play.
func (m *Movement) TotalBoards() int { return m.Sets * m.PerSet }

// seated returns the entrants at a table: NS, EW or the four players.
func (s Seating) seated() []int {
	if s.Players != nil {
		return s.Players
	}
	return []int{s.NS, s.EW}
}

// ErrInvalid is wrapped by every error Check returns.
var ErrInvalid = errors.New("movement: invalid")

// Check verifies the movement: every entrant at most once in a round, no
// entrant plays a set twice, no table holds a set twice in a round, and no set is at
// two tables in one round unless they are relay tables or the movement
// has a copy for each table.
func (m *Movement) Check() error {
	relay := map[int]bool{}
	for _, t := range m.Relay {
		relay[t] = true
	}
	played := map[[2]int]int{} // entrant, set -> round
	for _, r := range m.Rounds {
		if len(r.Tables) != m.Tables {
			return fmt.Errorf("%w: round %d has %d tables, want %d", ErrInvalid, r.Number, len(r.Tables), m.Tables)
		}
		where := map[int]int{}
		setAt := map[int]int{}
		for _, s := range r.Tables {
			at := fmt.Sprintf("round %d table %d", r.Number, s.Table)
			for _, set := range s.Sets {
				if set < 1 || set > m.Sets {
					return fmt.Errorf("%w: %s: set %d out of range 1-%d", ErrInvalid, at, set, m.Sets)
				}
			}
			for _, e := range s.seated() {
				if e == 0 {
					continue
				}
				if e < 0 || e > m.Entrants || e == m.Phantom {
					return fmt.Errorf("%w: %s: entrant %d not in the field", ErrInvalid, at, e)
				}
				if t, dup := where[e]; dup {
					return fmt.Errorf("%w: %s: entrant %d is also at table %d", ErrInvalid, at, e, t)
				}
				where[e] = s.Table
				for _, set := range s.Sets {
					if pr, dup := played[[2]int{e, set}]; dup {
						return fmt.Errorf("%w: %s: entrant %d already played set %d in round %d", ErrInvalid, at, e, set, pr)
					}
					played[[2]int{e, set}] = r.Number
				}
			}
			for k, set := range s.Sets {
				if slices.Contains(s.Sets[:k], set) {
					return fmt.Errorf("%w: %s: set %d twice in one round", ErrInvalid, at, set)
				}
				if t, dup := setAt[set]; dup && !m.Duplicated && !(relay[t] && relay[s.Table]) {
					return fmt.Errorf("%w: %s: set %d is also at table %d", ErrInvalid, at, set, t)
				}
				setAt[set] = s.Table
			}
		}
		for _, i := range r.Idle {
			if t, dup := setAt[i]; dup {
				return fmt.Errorf("%w: round %d: idle set %d is at table %d", ErrInvalid, r.Number, i, t)
			}
		}
	}
	return nil
}

// Meetings counts how often each two entrants are opponents; the key has
// the lower number first.
func (m *Movement) Meetings() map[[2]int]int {
	out := map[[2]int]int{}
	add := func(a, b int) {
		if a == 0 || b == 0 {
			return
		}
		out[[2]int{min(a, b), max(a, b)}]++
	}
	for _, r := range m.Rounds {
		for _, s := range r.Tables {
			if p := s.Players; p != nil {
				add(p[0], p[1])
				add(p[0], p[3])
				add(p[2], p[1])
				add(p[2], p[3])
				continue
			}
			add(s.NS, s.EW)
		}
	}
	return out
}

// Plays counts the tables at which each set is played with both sides
// present, over the whole movement.
func (m *Movement) Plays() map[int]int {
	out := map[int]int{}
	for _, r := range m.Rounds {
		for _, s := range r.Tables {
			full := true
			for _, e := range s.seated() {
				full = full && e != 0
			}
			for _, set := range s.Sets {
				if full {
					out[set]++
				}
			}
		}
	}
	return out
}

// Summary is a one-line description, e.g. "Mitchell, 7 tables, 7 rounds of 3 boards".
func (m *Movement) Summary() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s, %s, %s, %s (%s of %d)", m.Name, count(m.Tables, "table"), count(m.Entrants, "entrant"),
		count(len(m.Rounds), "round"), count(m.TotalBoards(), "board"), count(m.Sets, "set"), m.PerSet)
	if k := m.setsARound(); k > 1 {
		fmt.Fprintf(&b, ", %d sets (%s) a round", k, count(k*m.PerSet, "board"))
	}
	if m.Phantom != 0 {
		fmt.Fprintf(&b, ", entrant %d absent", m.Phantom)
	}
	if len(m.Relay) > 0 {
		fmt.Fprintf(&b, ", relay between tables %v", m.Relay)
	}
	if m.ByeStand > 0 {
		fmt.Fprintf(&b, ", bye stand after table %d", m.ByeStand)
	}
	return b.String()
}

// Sentinel errors for bad options. Every size is checked against its
// documented range before any schedule is built, so an absurd number is
// refused at once instead of taking minutes and gigabytes.
var (
	ErrTables = errors.New("movement: unsupported number of tables")
	ErrRounds = errors.New("movement: unsupported number of rounds")
	ErrBoards = errors.New("movement: unsupported number of boards")
	ErrField  = errors.New("movement: unsupported number of entrants")
	// ErrArrowSwitch is an arrow-switch round outside the movement; it
	// wraps ErrRounds.
	ErrArrowSwitch = fmt.Errorf("%w (arrow switch)", ErrRounds)
)

// The documented ranges of the sizes a movement takes. They are generous
// for real events and small enough that the whole schedule and its guide
// cards (about tables² seatings and entrants × rounds card rows) are built
// in milliseconds.
const (
	// MaxMitchellTables is the largest Mitchell section. A section is one
	// line of stationary North–South pairs with one circuit of boards;
	// clubs and congresses run sections of up to about 15 tables (ACBL
	// lettered sections are 13) and larger fields are split into several
	// sections, so a single section rarely exceeds 30 tables. Twice that
	// leaves room for the largest room anyone seats as one section, where
	// only some rounds are played (MitchellOptions.Rounds).
	MaxMitchellTables = 60
	// MaxRoundRobinTeams is the largest all-play-all teams field. The
	// largest real ones are the zonal open teams championships (the
	// European Open Teams have played round robins of about 40 teams);
	// more teams than this could not play one match against each other
	// in any event's length.
	MaxRoundRobinTeams = 64
	// MaxPerRound is the most boards a round (or a round-robin match)
	// holds. Pairs rounds are 2 to 4 boards; round-robin matches are 6 to
	// 16 (the Bermuda Bowl's are 16) and a knock-out segment is at most
	// 16; 64 covers a whole day's match played as one round.
	MaxPerRound = 64
)

// checkPerRound refuses a number of boards per round outside 1 to
// MaxPerRound.
func checkPerRound(per int) error {
	if per < 1 || per > MaxPerRound {
		return fmt.Errorf("%w: %d boards a round (want 1-%d)", ErrBoards, per, MaxPerRound)
	}
	return nil
}

// setsARound is the number of sets a table plays in a round: 1, or 2 in
// the 3-table Howell.
func (m *Movement) setsARound() int {
	n := 1
	for _, r := range m.Rounds {
		for _, s := range r.Tables {
			n = max(n, len(s.Sets))
		}
	}
	return n
}

// SetBoards sets the boards in play to total, which must share out evenly
// over the movement's sets, within MaxPerRound boards a round. The error
// suggests the nearest totals that do.
func (m *Movement) SetBoards(total int) error {
	perRound := m.setsARound()
	if total < 1 {
		return fmt.Errorf("%w: %d boards in play (want %d to %d, a multiple of %d)", ErrBoards, total,
			m.Sets, m.Sets*MaxPerRound/perRound, m.Sets)
	}
	if total%m.Sets != 0 {
		lo, hi := total/m.Sets*m.Sets, (total/m.Sets+1)*m.Sets
		if lo == 0 {
			return fmt.Errorf("%w: %d boards do not share out over the movement's %d sets (try %d)", ErrBoards, total, m.Sets, hi)
		}
		return fmt.Errorf("%w: %d boards do not share out over the movement's %d sets (try %d or %d)", ErrBoards, total, m.Sets, lo, hi)
	}
	if err := checkPerRound(total / m.Sets * perRound); err != nil {
		return err
	}
	m.PerSet = total / m.Sets
	return nil
}

// truncate keeps the first rounds of a full schedule, checking the count.
func (m *Movement) truncate(rounds int) error {
	if rounds == 0 {
		return nil
	}
	if rounds < 1 || rounds > len(m.Rounds) {
		return fmt.Errorf("%w: %d (this movement has 1-%d)", ErrRounds, rounds, len(m.Rounds))
	}
	m.Rounds = m.Rounds[:rounds]
	return nil
}

// blank empties the phantom's seats.
func (m *Movement) blank() {
	if m.Phantom == 0 {
		return
	}
	for ri := range m.Rounds {
		for ti := range m.Rounds[ri].Tables {
			s := &m.Rounds[ri].Tables[ti]
			if s.NS == m.Phantom {
				s.NS = 0
			}
			if s.EW == m.Phantom {
				s.EW = 0
			}
			for i, p := range s.Players {
				if p == m.Phantom {
					s.Players[i] = 0
				}
			}
		}
	}
}

// count writes "1 round", "2 rounds".
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

func mod(a, n int) int { return ((a % n) + n) % n }
