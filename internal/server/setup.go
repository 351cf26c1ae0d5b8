package server

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/dd"
	"github.com/bridgetd/bridgetd/deal"
	"github.com/bridgetd/bridgetd/event"
	"github.com/bridgetd/bridgetd/internal/store"
	"github.com/bridgetd/bridgetd/movement"
	"github.com/bridgetd/bridgetd/pbn"
)

// EventForm is what the console asks to create an event.
type EventForm struct {
	Name string
	// Movement is the kind of event: "mitchell" or "howell" (matchpoint
	// pairs), "individual", "swiss-pairs", "swiss-teams" or "round-robin"
	// (teams).
	Movement string
	Tables   int // tables of a movement, per section
	Entrants int // pairs or teams of a Swiss or a round robin
	PerRound int
	// Rounds is the number of rounds: 0 for the full movement or round
	// robin; the planned rounds of a Swiss (NSWBA 13.9), which fix the
	// boards dealt.
	Rounds int
	// Sections is the number of Mitchell or Howell sections (A, B, …), each
	// its own movement on its own tables; Shared makes them play the same
	// boards, matchpointed across the field, else each section plays its
	// own boards and is matchpointed within itself.
	Sections int
	Shared   bool
	// PBN, when not empty, holds the boards (deals) to play; otherwise
	// they are dealt here, securely (Law 6) or from Seed when it is set.
	PBN  []byte
	Seed uint64
}

// MaxTables is the largest field the console sets up.
const MaxTables = 200

// MaxSections is the most sections the console sets up.
const MaxSections = 8

// Movements are the kinds of event the console creates (EventForm.Movement).
var Movements = []string{"mitchell", "howell", "individual", "swiss-pairs", "swiss-teams", "round-robin"}

// NewSetup builds an event's setup: the movement from package movement, or
// for any other kind the event as package event builds it (its entrants,
// session 1 and the rounds of its movement or round robin; a Swiss is drawn
// round by round from the console), and the boards dealt by package deal
// or read from PBN. The double-dummy tables come later (Solve).
func NewSetup(f EventForm) (store.Setup, error) {
	var su store.Setup
	if f.Name == "" {
		return su, fmt.Errorf("%w: name: the event needs a name", store.ErrInvalid)
	}
	if f.PerRound < 1 || f.PerRound > 8 {
		return su, fmt.Errorf("%w: boards per round: %d: want 1 to 8", store.ErrInvalid, f.PerRound)
	}
	if f.Sections < 0 || f.Sections > MaxSections {
		return su, fmt.Errorf("%w: sections: %d: want 1 to %d", store.ErrInvalid, f.Sections, MaxSections)
	}
	swissOrRR := f.Movement == "swiss-pairs" || f.Movement == "swiss-teams" || f.Movement == "round-robin"
	if swissOrRR {
		if f.Entrants < 2 || f.Entrants > 2*MaxTables {
			return su, fmt.Errorf("%w: entrants: %d: want 2 to %d pairs or teams", store.ErrInvalid, f.Entrants, 2*MaxTables)
		}
	} else if f.Tables < 1 || f.Tables > MaxTables {
		return su, fmt.Errorf("%w: tables: %d: want 1 to %d", store.ErrInvalid, f.Tables, MaxTables)
	}
	if f.Sections > 1 && f.Movement != "mitchell" && f.Movement != "howell" {
		return su, fmt.Errorf("%w: sections: %d sections of a %s: only Mitchell and Howell movements are run in sections here", store.ErrInvalid, f.Sections, f.Movement)
	}
	start := time.Now()
	var ev *event.Event
	var n int // boards to deal
	var err error
	switch {
	case (f.Movement == "mitchell" || f.Movement == "howell") && f.Sections <= 1:
		mv, err := pairsMovement(f)
		if err != nil {
			return su, err
		}
		boards, err := formBoards(f, mv.TotalBoards())
		if err != nil {
			return su, err
		}
		return store.Setup{Name: f.Name, Movement: mv, Boards: boards, Start: start}, nil
	case f.Movement == "mitchell" || f.Movement == "howell":
		ev, n, err = sectionsEvent(f, start)
	case f.Movement == "individual":
		ev, n, err = individualEvent(f, start)
	case swissOrRR:
		ev, n, err = matchEvent(f, start)
	default:
		return su, fmt.Errorf("%w: movement %q: want one of %s", store.ErrInvalid, f.Movement, strings.Join(Movements, ", "))
	}
	if err != nil {
		return su, err
	}
	boards, err := formBoards(f, n)
	if err != nil {
		return su, err
	}
	style := f.Movement
	if f.Sections > 1 {
		style = fmt.Sprintf("%s ×%d", f.Movement, f.Sections)
		if f.Shared {
			style += " shared boards"
		}
	}
	return store.Setup{Name: f.Name, Event: ev, Style: style, Boards: boards, Start: start}, nil
}

// ImportSetup reads an uploaded event file (package event) and the boards
// its rounds use: from the PBN when one is given, else dealt here
// securely (Law 6), as many as the highest board of its rounds.
func ImportSetup(file, pbnData []byte) (*event.Event, []deal.Board, error) {
	ev, err := event.Read(bytes.NewReader(file), "event file")
	if err != nil {
		return nil, nil, fmt.Errorf("%w: %v", store.ErrInvalid, err)
	}
	n := 0
	for _, rd := range ev.Rounds() {
		for _, b := range rd.Boards {
			n = max(n, b)
		}
		for _, m := range rd.Matches {
			for _, b := range m.Boards {
				n = max(n, b)
			}
		}
	}
	n = max(n, ev.PlannedRounds*ev.BoardsPerRound)
	if n == 0 {
		n = max(ev.BoardsPerRound, 1)
	}
	boards, err := formBoards(EventForm{PBN: pbnData}, n)
	if err != nil {
		return nil, nil, err
	}
	return ev, boards, nil
}

// formBoards deals n boards, or reads them from the form's PBN.
func formBoards(f EventForm, n int) ([]deal.Board, error) {
	var boards []deal.Board
	var err error
	switch {
	case len(f.PBN) > 0:
		boards, err = pbnBoards(f.PBN)
	case f.Seed != 0:
		boards, err = deal.Seeded(f.Seed).Boards(1, n)
	default:
		boards, err = deal.New().Boards(1, n)
	}
	if err != nil {
		return nil, fmt.Errorf("%w: boards: %v", store.ErrInvalid, err)
	}
	return boards, nil
}

// pairsMovement builds a section's Mitchell or Howell (package movement).
func pairsMovement(f EventForm) (*movement.Movement, error) {
	var mv *movement.Movement
	var err error
	switch f.Movement {
	case "mitchell":
		mv, err = movement.NewMitchell(movement.MitchellOptions{Tables: f.Tables, PerSet: f.PerRound, Rounds: f.Rounds})
	case "howell":
		mv, err = movement.NewHowell(movement.HowellOptions{Tables: f.Tables, PerSet: f.PerRound, Rounds: f.Rounds})
	default:
		return nil, fmt.Errorf("%w: movement %q: want mitchell or howell", store.ErrInvalid, f.Movement)
	}
	if err != nil {
		return nil, fmt.Errorf("%w: movement: %v", store.ErrInvalid, err)
	}
	return mv, nil
}

// newEvent creates the event of the given kind (event.Create: its default
// scoring, the WBF 2013 VP scale over 20 VPs) with n entrants of section
// sec numbered from first, and session 1.
func newEvent(f EventForm, kind event.Kind, n int, start time.Time) (*event.Event, error) {
	ev, err := event.Create(event.Settings{Name: f.Name, Kind: kind, VPScale: "wbf2013", VPTotal: 20, BoardsPerRound: f.PerRound,
		PlannedRounds: f.Rounds, Seed: int64(f.Seed) & math.MaxInt64})
	if err != nil {
		return nil, fmt.Errorf("%w: %v", store.ErrInvalid, err)
	}
	for i := 1; i <= n; i++ {
		if _, err := ev.AddEntrant(event.Entrant{ID: i, Section: "A"}); err != nil {
			return nil, err
		}
	}
	if _, err := ev.AddSession(start, 1); err != nil {
		return nil, err
	}
	return ev, nil
}

// sectionsEvent builds a matchpoint pairs event of f.Sections sections,
// each its own movement (event.AddMovement on the section alone), joined
// into one event: section k's pairs and tables numbered after those of the
// sections before it, its boards too unless the sections share them. The
// boards are matchpointed across every table that plays them (Law 78A),
// so shared boards compare the whole field and a section's own boards its
// own pairs.
func sectionsEvent(f EventForm, start time.Time) (*event.Event, int, error) {
	mv, err := pairsMovement(f)
	if err != nil {
		return nil, 0, err
	}
	var all *event.Event
	pairs, tables, boards := 0, 0, 0
	for k := range f.Sections {
		sec := string(rune('A' + k))
		ev, err := newEvent(f, event.MatchpointPairs, mv.Entrants-min(mv.Phantom, 1), start)
		if err != nil {
			return nil, 0, err
		}
		if err := ev.AddMovement(1, mv, start); err != nil {
			return nil, 0, fmt.Errorf("%w: section %s: %v", store.ErrInvalid, sec, err)
		}
		for i := range ev.Entrants {
			ev.Entrants[i].ID += pairs
			ev.Entrants[i].Section = sec
		}
		for _, rd := range ev.Rounds() {
			for i := range rd.Matches {
				m := &rd.Matches[i]
				m.Table += tables
				m.NS, m.EW = m.NS+pairs, m.EW+pairs
				for j := range m.Boards {
					m.Boards[j] += boards
				}
			}
			for j := range rd.Boards {
				rd.Boards[j] += boards
			}
		}
		if all == nil {
			all = ev
		} else {
			all.Entrants = append(all.Entrants, ev.Entrants...)
			for i, rd := range ev.Rounds() {
				into := all.Rounds()[i]
				into.Matches = append(into.Matches, rd.Matches...)
				for _, b := range rd.Boards {
					if !slices.Contains(into.Boards, b) {
						into.Boards = append(into.Boards, b)
					}
				}
				slices.Sort(into.Boards)
			}
			all.TwoWinner = all.TwoWinner && ev.TwoWinner
		}
		pairs, tables = pairs+len(ev.Entrants), tables+mv.Tables
		if !f.Shared {
			boards += mv.TotalBoards()
		}
	}
	if f.Shared {
		// Law 78A: a shared board is compared across every table that
		// plays it, 2 for each other score: the section's tables that
		// play a board (top/2 + 1) times the sections, less one.
		all.Top = float64(2 * (f.Sections*(int(all.Top)/2+1) - 1))
		boards = mv.TotalBoards()
	}
	return all, boards, nil
}

// individualEvent builds an individual event on package movement's
// individual movement.
func individualEvent(f EventForm, start time.Time) (*event.Event, int, error) {
	mv, err := movement.NewIndividual(movement.IndividualOptions{Tables: f.Tables, PerSet: f.PerRound, Rounds: f.Rounds})
	if err != nil {
		return nil, 0, fmt.Errorf("%w: movement: %v", store.ErrInvalid, err)
	}
	ev, err := newEvent(f, event.Individual, mv.Entrants, start)
	if err != nil {
		return nil, 0, err
	}
	if err := ev.AddMovement(1, mv, start); err != nil {
		return nil, 0, fmt.Errorf("%w: %v", store.ErrInvalid, err)
	}
	return ev, mv.TotalBoards(), nil
}

// matchEvent builds a Swiss (pairs or teams) or a teams round robin: the
// round robin's matches from package movement's Berger schedule
// (event.Seat); a Swiss with no round yet, each drawn from the console
// (DrawSwiss) once the one before is scored. The boards dealt are the
// rounds' sets.
func matchEvent(f EventForm, start time.Time) (*event.Event, int, error) {
	kind := event.Kind(f.Movement)
	if kind.Swiss() && f.Rounds < 1 {
		return nil, 0, fmt.Errorf("%w: rounds: a Swiss needs its planned number of rounds (NSWBA 13.9)", store.ErrInvalid)
	}
	ev, err := newEvent(f, kind, f.Entrants, start)
	if err != nil {
		return nil, 0, err
	}
	if kind.Swiss() {
		return ev, f.Rounds * f.PerRound, nil
	}
	if _, err := ev.Seat(event.MovementPlan{Kind: "round-robin", At: start, PerRound: f.PerRound, Rounds: f.Rounds}); err != nil {
		return nil, 0, fmt.Errorf("%w: round robin: %v", store.ErrInvalid, err)
	}
	n := 0
	for _, rd := range ev.Rounds() {
		for _, b := range rd.Boards {
			n = max(n, b)
		}
	}
	return ev, n, nil
}

// Solve computes the double-dummy tables (package dd) of the event's boards
// that have none, stores them and announces the change. It takes seconds:
// the server runs it in the background after creating an event.
func (s *Server) Solve(ctx context.Context, id int64) error {
	bs, err := s.st.Boards(ctx, id)
	if err != nil {
		return err
	}
	var todo []store.Board
	var deals []bridge.Deal
	for _, b := range bs {
		if b.DD == nil {
			todo = append(todo, b)
			deals = append(deals, b.Deal)
		}
	}
	if len(deals) == 0 {
		return nil
	}
	tables, err := dd.Tables(ctx, deals, dd.BatchOptions{Workers: s.ddWorkers, Solver: dd.Options{Budget: s.ddBudget}})
	if err != nil {
		return fmt.Errorf("double-dummy tables: %w", err)
	}
	for i, b := range todo {
		if err := s.st.SetDD(ctx, id, int(b.Number), tables[i]); err != nil {
			return err
		}
	}
	s.broker.Publish(id)
	return nil
}

// waitSolve is how long a page waits for one board's double-dummy table.
const waitSolve = 15 * time.Second

// SolveBoard computes the double-dummy table of one board that has none,
// on every core (dd.ParallelTable) since someone waits for it, with the
// server's shared memory budget; it stores the table and returns the board.
// A board already solved is returned as it is.
func (s *Server) SolveBoard(ctx context.Context, id int64, b store.Board) (store.Board, error) {
	if b.DD != nil {
		return b, nil
	}
	t, err := dd.ParallelTable(ctx, b.Deal, dd.BatchOptions{Solver: dd.Options{Budget: s.ddBudget}})
	if err != nil {
		return b, fmt.Errorf("double-dummy table of board %d: %w", b.Number, err)
	}
	if err := s.st.SetDD(ctx, id, int(b.Number), t); err != nil {
		return b, err
	}
	b.DD = &t
	return b, nil
}

// solveLater runs Solve in the background, logging a failure.
func (s *Server) solveLater(id int64) {
	go func() {
		if err := s.Solve(s.bg, id); err != nil && s.bg.Err() == nil {
			s.log.Error("double-dummy tables", "event", id, "err", err)
		}
	}()
}

// pbnBoards reads the deals of a PBN file (package pbn), one board per game.
func pbnBoards(data []byte) ([]deal.Board, error) {
	f, err := pbn.Parse(data)
	if err != nil {
		return nil, fmt.Errorf("%w: PBN: %v", store.ErrInvalid, err)
	}
	seen := map[bridge.Board]bool{}
	var out []deal.Board
	for _, g := range f.Games {
		n, err := g.Board()
		if err != nil {
			return nil, fmt.Errorf("%w: PBN line %d: %v", store.ErrInvalid, g.Line, err)
		}
		if seen[n] {
			continue // a later game of the same board (another table's result)
		}
		d, err := g.Deal()
		if err != nil {
			return nil, fmt.Errorf("%w: PBN line %d, board %d: %v", store.ErrInvalid, g.Line, n, err)
		}
		if err := d.Validate(); err != nil {
			return nil, fmt.Errorf("%w: PBN line %d, board %d: %v", store.ErrInvalid, g.Line, n, err)
		}
		seen[n] = true
		out = append(out, deal.NewBoard(n, d))
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%w: PBN: no deals", store.ErrInvalid)
	}
	return out, nil
}

// Demo creates the demo event: a three-table Mitchell of three boards a
// round (nine boards, dealt here), round 1 started.
func Demo(ctx context.Context, st *store.Store) (int64, error) {
	su, err := NewSetup(EventForm{Name: "Demo club pairs", Movement: "mitchell", Tables: 3, PerRound: 3})
	if err != nil {
		return 0, err
	}
	names := [][2]string{{"Ann Lee", "Bob Chan"}, {"Cat Ng", "Dan Oh"}, {"Eve Roe", "Fay Poe"},
		{"Gus Kim", "Hal Day"}, {"Ivy Fox", "Jon Hay"}, {"Kit Low", "Len May"}}
	for i, n := range names {
		su.Entrants = append(su.Entrants, store.Entrant{Number: i + 1, Players: []store.Player{{Name: n[0]}, {Name: n[1]}}})
	}
	id, err := st.CreateEvent(ctx, su)
	if err != nil {
		return 0, err
	}
	return id, st.StartRound(ctx, id, 1)
}
