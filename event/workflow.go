package event

import (
	"fmt"
	"strings"
	"time"

	"github.com/bridgetd/bridgetd/movement"
	"github.com/bridgetd/bridgetd/regulation"
)

// Settings are the choices made when an event is created.
type Settings struct {
	Name    string
	Kind    Kind
	Scoring Scoring // empty: ButlerVP, or Matchpoints for an individual event
	VPScale string  // a scale of package score (score.ScaleNames)
	VPTotal float64
	Datum   Datum
	// DatumTrim, BoardsPerRound, Qualify, PlannedRounds, Top and Seed set
	// the Event fields of the same names.
	DatumTrim      int
	BoardsPerRound int
	Qualify        int
	PlannedRounds  int
	Top            float64
	Seed           int64
	// Regulation is the profile in force; nil for NSWBA 2011.
	Regulation *regulation.Profile
}

// Create returns a new event with the given settings, checked: a known
// kind, scoring and VP scale, and figures in range.
func Create(s Settings) (*Event, error) {
	if strings.TrimSpace(s.Name) == "" {
		return nil, fmt.Errorf("%w: an event needs a name", ErrInvalid)
	}
	if s.Scoring == "" {
		s.Scoring = ButlerVP
		if s.Kind == Individual {
			s.Scoring = Matchpoints
		}
	}
	ev := New(s.Name, s.Kind, s.Scoring)
	ev.VPScale, ev.VPTotal, ev.BoardsPerRound, ev.Qualify, ev.Seed = s.VPScale, s.VPTotal, s.BoardsPerRound, s.Qualify, s.Seed
	ev.Datum, ev.DatumTrim, ev.Top, ev.PlannedRounds = s.Datum, s.DatumTrim, s.Top, s.PlannedRounds
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

// PostScores scores the event and posts the session's scores at the given
// time, recording who the posting shows as qualifying; the correction
// windows of NSWBA 13 run from it. It returns the posting.
func (ev *Event) PostScores(session int, at time.Time) (*Posting, error) {
	sc, err := ev.NewScorer()
	if err != nil {
		return nil, err
	}
	if err := ev.Post(session, at, sc); err != nil {
		return nil, err
	}
	return &ev.Postings[len(ev.Postings)-1], nil
}

// MovementPlan describes a matchpoint movement to seat: its kind
// ("mitchell", "howell" or "individual"), size and options (package
// movement).
type MovementPlan struct {
	Kind string
	// Session is the session it is played in; 0 for the last.
	Session int
	// At is when the movement was set.
	At                              time.Time
	Tables, PerRound, Rounds, Pairs int
	// ArrowSwitch lists the rounds of a Mitchell played arrow-switched.
	ArrowSwitch []int
}

// Seat builds the planned movement with package movement and adds its
// rounds to the event (AddMovement); it returns the movement.
func (ev *Event) Seat(p MovementPlan) (*movement.Movement, error) {
	if p.Session == 0 && len(ev.Sessions) > 0 {
		p.Session = ev.Sessions[len(ev.Sessions)-1].Number
	}
	var mv *movement.Movement
	var err error
	switch p.Kind {
	case "mitchell":
		mv, err = movement.NewMitchell(movement.MitchellOptions{Tables: p.Tables, PerSet: p.PerRound, Rounds: p.Rounds, Pairs: p.Pairs, ArrowSwitch: p.ArrowSwitch})
	case "howell":
		mv, err = movement.NewHowell(movement.HowellOptions{Tables: p.Tables, PerSet: p.PerRound, Rounds: p.Rounds, Pairs: p.Pairs})
	case "individual":
		mv, err = movement.NewIndividual(movement.IndividualOptions{Tables: p.Tables, PerSet: p.PerRound, Rounds: p.Rounds})
	default:
		return nil, fmt.Errorf("movement %q: want mitchell, howell or individual", p.Kind)
	}
	if err != nil {
		return nil, err
	}
	if err := ev.AddMovement(p.Session, mv, p.At); err != nil {
		return nil, err
	}
	return mv, nil
}
