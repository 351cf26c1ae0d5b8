package server

import (
	"context"
	"fmt"
	"time"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/dd"
	"github.com/bridgetd/bridgetd/deal"
	"github.com/bridgetd/bridgetd/internal/store"
	"github.com/bridgetd/bridgetd/movement"
	"github.com/bridgetd/bridgetd/pbn"
)

// EventForm is what the console asks to create an event.
type EventForm struct {
	Name     string
	Movement string // mitchell or howell
	Tables   int
	PerRound int
	Rounds   int // 0: the full movement
	// PBN, when not empty, holds the boards (deals) to play; otherwise
	// they are dealt here, securely (Law 6) or from Seed when it is set.
	PBN  []byte
	Seed uint64
}

// MaxTables is the largest field the console sets up.
const MaxTables = 200

// NewSetup builds an event's setup: the movement from package movement and
// the boards dealt by package deal or read from PBN. The double-dummy
// tables come later (Solve).
func NewSetup(f EventForm) (store.Setup, error) {
	var su store.Setup
	if f.Name == "" {
		return su, fmt.Errorf("%w: name: the event needs a name", store.ErrInvalid)
	}
	if f.Tables < 1 || f.Tables > MaxTables {
		return su, fmt.Errorf("%w: tables: %d: want 1 to %d", store.ErrInvalid, f.Tables, MaxTables)
	}
	if f.PerRound < 1 || f.PerRound > 8 {
		return su, fmt.Errorf("%w: boards per round: %d: want 1 to 8", store.ErrInvalid, f.PerRound)
	}
	var mv *movement.Movement
	var err error
	switch f.Movement {
	case "mitchell":
		mv, err = movement.NewMitchell(movement.MitchellOptions{Tables: f.Tables, PerSet: f.PerRound, Rounds: f.Rounds})
	case "howell":
		mv, err = movement.NewHowell(movement.HowellOptions{Tables: f.Tables, PerSet: f.PerRound, Rounds: f.Rounds})
	default:
		return su, fmt.Errorf("%w: movement %q: want mitchell or howell", store.ErrInvalid, f.Movement)
	}
	if err != nil {
		return su, fmt.Errorf("%w: movement: %v", store.ErrInvalid, err)
	}
	n := mv.TotalBoards()
	var boards []deal.Board
	switch {
	case len(f.PBN) > 0:
		if boards, err = pbnBoards(f.PBN); err != nil {
			return su, err
		}
	case f.Seed != 0:
		boards, err = deal.Seeded(f.Seed).Boards(1, n)
	default:
		boards, err = deal.New().Boards(1, n)
	}
	if err != nil {
		return su, fmt.Errorf("%w: boards: %v", store.ErrInvalid, err)
	}
	return store.Setup{Name: f.Name, Movement: mv, Boards: boards, Start: time.Now()}, nil
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
