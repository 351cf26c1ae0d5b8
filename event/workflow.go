package event

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/bridgetd/bridgetd/movement"
	"github.com/bridgetd/bridgetd/regulation"
	"github.com/bridgetd/bridgetd/score"
)

// Settings are the choices made when an event is created.
type Settings struct {
	Name    string
	Kind    Kind
	Scoring Scoring // empty: the kind's (Kind.DefaultScoring)
	VPScale string  // a scale of package score (score.ScaleNames)
	VPTotal float64
	Datum   Datum
	// DatumTrim, DatumMedian, BoardsPerRound, Qualify, PlannedRounds, Top
	// and Seed set the Event fields of the same names.
	DatumTrim      int
	DatumMedian    bool
	BoardsPerRound int
	Qualify        int
	PlannedRounds  int
	Top            float64
	Seed           int64
	// Regulation is the profile in force; nil for NSWBA 2011.
	Regulation *regulation.Profile
}

// The ranges Create checks.
const (
	// MaxVPTotal is the most VPs a match may share: scales share 20, 25 or
	// 30.
	MaxVPTotal = 100
)

// Create returns a new event with the given settings, checked: a known
// kind, scoring and VP scale, and figures in range: VPTotal above 0 and at
// most MaxVPTotal, DatumTrim 0 to score.MaxTrim, Top finite and not negative.
// Each error names the setting.
func Create(s Settings) (*Event, error) {
	if strings.TrimSpace(s.Name) == "" {
		return nil, fmt.Errorf("%w: an event needs a name", ErrInvalid)
	}
	switch {
	case !(s.VPTotal > 0 && s.VPTotal <= MaxVPTotal):
		return nil, fmt.Errorf("%w: VP total %g: want the VPs a match shares, above 0 and at most %d (20 or 30)", ErrInvalid, s.VPTotal, MaxVPTotal)
	case s.DatumTrim < 0 || s.DatumTrim > score.MaxTrim:
		return nil, fmt.Errorf("%w: trim %d: want 0 to %d scores dropped from each end of a board", ErrInvalid, s.DatumTrim, score.MaxTrim)
	case !(s.Top >= 0 && s.Top < math.MaxInt32):
		return nil, fmt.Errorf("%w: top %g: want a matchpoint top of 0 (worked out from the movement) or more", ErrInvalid, s.Top)
	}
	if s.Scoring == "" {
		s.Scoring = s.Kind.DefaultScoring()
	}
	ev := New(s.Name, s.Kind, s.Scoring)
	ev.VPScale, ev.VPTotal, ev.BoardsPerRound, ev.Qualify, ev.Seed = s.VPScale, s.VPTotal, s.BoardsPerRound, s.Qualify, s.Seed
	ev.Datum, ev.DatumTrim, ev.Top, ev.PlannedRounds = s.Datum, s.DatumTrim, s.Top, s.PlannedRounds
	ev.DatumMedian = s.DatumMedian
	ev.Regulation = s.Regulation
	if _, err := ev.NewScorer(); err != nil {
		return nil, err
	}
	if err := ev.Validate(); err != nil {
		return nil, err
	}
	return ev, nil
}

// ParsePlayer reads a player as "NAME:MEMBER:RANK", the member number and
// rank optional ("Ann Lee:100:Gold Life Master", "Ann Lee").
func ParsePlayer(s string) Player {
	f := strings.SplitN(s, ":", 3)
	p := Player{Name: strings.TrimSpace(f[0])}
	if len(f) > 1 {
		p.Member = strings.TrimSpace(f[1])
	}
	if len(f) > 2 {
		p.Rank = strings.TrimSpace(f[2])
	}
	return p
}

// MarkUnavailable marks the entrant unavailable for the next stage; the
// next placed unit of its section takes its place (NSWBA 12).
func (ev *Event) MarkUnavailable(id int) (*Entrant, error) {
	en, err := ev.Entrant(id)
	if err != nil {
		return nil, err
	}
	en.Unavailable = true
	return en, nil
}

// Entry is a table's results as the scorer enters them.
type Entry struct {
	Round, Table int
	// Closed enters a teams match's closed room (home team East–West).
	Closed  bool
	Results []Result
	// IMPs, when set, is the NS margin of the whole match, entered
	// instead of (or over) board results.
	IMPs *float64
	// Agreed, when set, is when the match score was agreed (NSWBA 13).
	Agreed *time.Time
}

// Record enters a table's results, its match margin and when its score was
// agreed, and returns the match.
func (ev *Event) Record(e Entry) (*Match, error) {
	if e.IMPs != nil {
		if err := ev.checkMargin(*e.IMPs); err != nil {
			return nil, fmt.Errorf("round %d table %d: %w", e.Round, e.Table, err)
		}
	}
	if err := ev.EnterRoom(e.Round, e.Table, e.Closed, e.Results); err != nil {
		return nil, err
	}
	_, _, m, err := ev.Match(e.Round, e.Table)
	if err != nil {
		return nil, err
	}
	if e.IMPs != nil {
		v := *e.IMPs
		m.IMPs = &v
	}
	if e.Agreed != nil {
		a := *e.Agreed
		m.Agreed = &a
	}
	return m, nil
}

// MaxIMPs is the largest match margin in IMPs Record and Correct accept;
// a larger one is a typo.
const MaxIMPs = 10000

// checkMargin refuses a match margin in an event that does not enter
// margins (only teams matches scored by IMPVP or IMPs do; elsewhere Score
// computes it) and a margin that is not a number or absurd.
func (ev *Event) checkMargin(imps float64) error {
	if !ev.twoRooms() {
		return fmt.Errorf("%w: a match margin in IMPs belongs to a teams match (scoring %s or %s), not to a %s event scored by %s", ErrInvalid, IMPVP, IMPs, ev.Kind, ev.Scoring)
	}
	if math.IsNaN(imps) || math.Abs(imps) > MaxIMPs {
		return fmt.Errorf("%w: margin %g IMPs: want a number from -%d to %d", ErrInvalid, imps, MaxIMPs, MaxIMPs)
	}
	return nil
}

// Missing is a board result a table has not entered.
type Missing struct {
	Round, Table, Board int
	// Room is RoomClosed for the closed room of a teams match; empty
	// otherwise.
	Room string
}

// String names the missing result: "round 2 table 3 board 5".
func (m Missing) String() string {
	return fmt.Sprintf("round %d table %d%s board %d", m.Round, m.Table, roomName(m.Room), m.Board)
}

// Missing lists the board results the session's tables have not entered:
// every board a table plays needs a result, in both rooms once a teams
// match has closed-room results. Byes, forfeited matches and teams matches
// scored by a margin alone need none.
func (ev *Event) Missing(session int) ([]Missing, error) {
	s, err := ev.Session(session)
	if err != nil {
		return nil, err
	}
	var out []Missing
	for i := range s.Rounds {
		rd := &s.Rounds[i]
		for j := range rd.Matches {
			m := &rd.Matches[j]
			if m.Bye() || m.Forfeit != nil || (m.IMPs != nil && len(m.Results) == 0 && len(m.Closed) == 0 && ev.twoRooms()) {
				continue
			}
			for _, room := range m.rooms() {
				for _, b := range m.BoardsIn(rd) {
					if !slices.ContainsFunc(room.rs, func(r Result) bool { return r.Board == b }) {
						out = append(out, Missing{Round: rd.Number, Table: m.Table, Board: b, Room: room.name})
					}
				}
			}
		}
	}
	return out, nil
}

// ToEnter returns the current round, the first not yet fully entered in a
// session not yet posted, and the board results its tables still have to
// enter, table by table in board order (what a scorer enters next from the
// travellers or pick-up slips). Round is 0 when nothing is left to enter.
func (ev *Event) ToEnter() (round int, missing []Missing) {
	for _, s := range ev.Sessions {
		if s.Posted != nil {
			continue
		}
		ms, _ := ev.Missing(s.Number)
		if len(ms) == 0 {
			continue
		}
		round = ms[0].Round
		for _, m := range ms {
			if m.Round == round {
				missing = append(missing, m)
			}
		}
		return round, missing
	}
	return 0, nil
}

// Posted is what posting a session did: the posting recorded, and the
// results still missing, which the director should chase (they score
// nothing until entered).
type Posted struct {
	Posting Posting
	Missing []Missing
}

// PostScores scores the event and posts the session's scores at the given
// time, recording who the posting shows as qualifying; the correction
// windows of NSWBA 13 run from it. It reports the results still missing.
func (ev *Event) PostScores(session int, at time.Time) (*Posted, error) {
	sc, err := ev.NewScorer()
	if err != nil {
		return nil, err
	}
	if err := ev.Post(session, at, sc); err != nil {
		return nil, err
	}
	missing, err := ev.Missing(session)
	if err != nil {
		return nil, err
	}
	return &Posted{Posting: ev.Postings[len(ev.Postings)-1], Missing: missing}, nil
}

// MovementPlan describes a movement to seat: its kind ("mitchell",
// "howell" or "individual" for a matchpoint event, "round-robin" for the
// Berger schedule of a round-robin event's matches, its field the entrants
// entered), size and options (package movement). PerRound 0 is the event's
// boards per round, else 2.
type MovementPlan struct {
	Kind string
	// Session is the session it is played in; 0 for the last.
	Session int
	// At is when the movement was set.
	At                              time.Time
	Tables, PerRound, Rounds, Pairs int
	// ArrowSwitch lists the rounds of a Mitchell played arrow-switched.
	ArrowSwitch []int
	// Even is how a Mitchell on an even number of tables avoids meeting
	// the same boards twice: "skip" (the default: East–West skip a table
	// half-way) or "relay" (a relay between the first and last tables and
	// a bye stand half-way).
	Even string
}

// Seat builds the planned movement with package movement and adds its
// rounds to the event (AddMovement); it returns the movement. A pairs
// movement for one pair fewer than its tables seat is a half table (Pairs
// need not be given): the pairs entered are numbered through it, the
// missing pair's opponents sitting out. A movement that would leave an
// entrant out is refused (ErrField).
func (ev *Event) Seat(p MovementPlan) (*movement.Movement, error) {
	if p.Session == 0 && len(ev.Sessions) > 0 {
		p.Session = ev.Sessions[len(ev.Sessions)-1].Number
	}
	if p.Kind != "mitchell" && p.Even != "" {
		return nil, fmt.Errorf("%w: even %q: only a Mitchell on an even number of tables has a skip or a relay", ErrInvalid, p.Even)
	}
	if p.PerRound == 0 {
		p.PerRound = cmp.Or(ev.BoardsPerRound, 2)
	}
	if p.Pairs == 0 && (p.Kind == "mitchell" || p.Kind == "howell") && len(ev.Entrants) == 2*p.Tables-1 {
		p.Pairs = len(ev.Entrants) // a half table: one pair sits out each round
	}
	var mv *movement.Movement
	var err error
	switch p.Kind {
	case "mitchell":
		even, ok := map[string]movement.Even{"": movement.Skip, "skip": movement.Skip, "relay": movement.RelayBye}[p.Even]
		if !ok {
			return nil, fmt.Errorf("%w: even %q: want skip or relay", ErrInvalid, p.Even)
		}
		mv, err = movement.NewMitchell(movement.MitchellOptions{Tables: p.Tables, PerSet: p.PerRound, Rounds: p.Rounds, Pairs: p.Pairs, ArrowSwitch: p.ArrowSwitch, Even: even})
	case "round-robin":
		mv, err = movement.NewRoundRobin(movement.RoundRobinOptions{Teams: len(ev.Entrants), PerSet: p.PerRound, Rounds: p.Rounds})
	case "howell":
		mv, err = movement.NewHowell(movement.HowellOptions{Tables: p.Tables, PerSet: p.PerRound, Rounds: p.Rounds, Pairs: p.Pairs})
	case "individual":
		mv, err = movement.NewIndividual(movement.IndividualOptions{Tables: p.Tables, PerSet: p.PerRound, Rounds: p.Rounds})
	default:
		return nil, fmt.Errorf("movement %q: want mitchell, howell, individual or round-robin", p.Kind)
	}
	if err != nil {
		return nil, err
	}
	if err := ev.AddMovement(p.Session, mv, p.At); err != nil {
		return nil, err
	}
	return mv, nil
}
