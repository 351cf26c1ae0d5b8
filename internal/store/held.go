package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/bridgetd/bridgetd/bridge"
)

// A table may write only its own boards of its current round (issue 15,
// who may do what). An entry of any other board is a wrong board (Law 15:
// 2017 15B, 1997 15A and B) or an entry that waited offline while the
// round moved on; either way it is not counted as a result. When the
// table sends it knowing (Entry.WrongBoard: the page warned and North–South
// sent it all the same) or the entry names the round it was made in and
// that is no longer the table's current round (Entry.Round), it is held
// for the director: a director call carrying the result as entered and
// the warning (Held). The director accepts it as the result of the board
// at a table and round where the board is played (the score stands, Law
// 15B2 and 1997 15A1; recorded as a correction, NSWBA 13) or dismisses
// it (the board is cancelled or replayed: an artificial adjusted score,
// Law 15B3 and 12C2, is a ruling of its own).

// Held is the status of an entry held for the director, not counted.
const Held = "held"

// ErrWrongBoard refuses an entry of a board not in the table's current
// round that is not held (the table did not confirm it after the
// warning). It is an ErrInvalid.
var ErrWrongBoard = fmt.Errorf("%w: a board not in the table's current round", ErrInvalid)

// Outcomes of a held entry (Call.Outcome).
const (
	HeldAccepted  = "accepted"
	HeldDismissed = "dismissed"
)

// heldFor reports whether an entry that does not fit the table's current
// round cur (0: none open) is held for the director rather than refused.
func (e Entry) heldFor(cur int) bool {
	return e.WrongBoard || (e.Round != 0 && e.Round != cur)
}

// wrongBoard works out the result of an entry that is not of the table's
// current round a (Round 0: none open): its Law 77 score on the board's
// deal and its warnings, the first saying why it does not count. The
// result is placed in the round the page entered it in when that round
// is named and the table played there (an entry that waited offline),
// else in the current round. A board the event does not have is
// ErrInvalid.
func (s *Store) wrongBoard(ctx context.Context, q querier, tc TableCode, e Entry, a Assignment) (Result, error) {
	bs, err := s.boards(ctx, q, tc.Event, `AND number = $2`, e.Board)
	if err != nil {
		return Result{}, err
	}
	if len(bs) == 0 {
		return Result{}, fmt.Errorf("%w: board %d is not a board of this event", ErrInvalid, e.Board)
	}
	at := a
	var why string
	if e.Round != 0 && e.Round != a.Round {
		as, err := s.assignments(ctx, q, tc.Event, `AND round = $2 AND table_no = $3`, e.Round, tc.Table)
		if err != nil {
			return Result{}, err
		}
		now := "no round is open for the table now"
		if a.Round != 0 {
			now = fmt.Sprintf("the table is at round %d now", a.Round)
		}
		why = fmt.Sprintf("entered for round %d, but %s: not counted, sent to the director", e.Round, now)
		if len(as) > 0 && as[0].Active() {
			at = as[0]
		}
	}
	switch {
	case at.Round == 0 && why == "":
		why = fmt.Sprintf("no round is open for table %d: not counted, sent to the director", tc.Table)
	case !at.Plays(e.Board):
		why = strings.TrimPrefix(why+"; ", "; ") + fmt.Sprintf("board %d is not played at table %d in round %d: a wrong board? Not counted: the director decides whether its score stands (Law 15)", e.Board, tc.Table, at.Round)
	}
	contract, decl, lead, tricks, score := resultOf(e, bs[0])
	w := []string{why}
	for _, x := range Warnings(e, bs[0], at) {
		if !strings.Contains(x, "is not in this round") {
			w = append(w, x)
		}
	}
	return Result{Round: at.Round, Table: tc.Table, Board: e.Board, NS: at.NS, EW: at.EW,
		Contract: contract, Declarer: decl, Lead: lead, Tricks: tricks, Score: score,
		Status: Held, Warnings: w, Entered: s.now(), By: fmt.Sprintf("table %d", tc.Table)}, nil
}

// hold keeps an entry that is not of the table's current round as a
// director call (wrongBoard), in the writing transaction, when the table
// sent it knowing or it waited offline (Entry.heldFor); held is false,
// and nothing is written, otherwise.
func (s *Store) hold(ctx context.Context, tx *sql.Tx, tc TableCode, e Entry) (r Result, held bool, err error) {
	a, _, err := s.currentRound(ctx, tx, tc.Event, tc.Table)
	if err != nil || !e.heldFor(a.Round) {
		return r, false, err
	}
	if r, err = s.wrongBoard(ctx, tx, tc, e, a); err != nil {
		return r, false, err
	}
	entry, err := json.Marshal(r)
	if err != nil {
		return r, false, err
	}
	id, err := nextID(ctx, tx, "director_calls")
	if err != nil {
		return r, false, err
	}
	note := fmt.Sprintf("Board %d entered, not counted: %s", e.Board, r.Warnings[0])
	_, err = tx.ExecContext(ctx, `INSERT INTO director_calls (id, event_id, round, table_no, note, at, board, entry, warning) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
		id, tc.Event, r.Round, tc.Table, note, stamp(r.Entered), e.Board, string(entry), strings.Join(r.Warnings, "\n"))
	return r, err == nil, err
}

// previewWrong is Preview of an entry not of the table's current round:
// the score and the warning the table is shown before it sends it.
func (s *Store) previewWrong(ctx context.Context, tc TableCode, e Entry) (Result, error) {
	a, _, err := s.currentRound(ctx, s.db, tc.Event, tc.Table)
	if err != nil {
		return Result{}, err
	}
	r, err := s.wrongBoard(ctx, s.db, tc, e, a)
	r.Status = ""
	return r, err
}

// HeldEntry returns the entry a held call carries, as an Entry the
// director can accept (its board, contract, declarer, tricks and lead).
func (c Call) HeldEntry() (Entry, error) {
	if c.Entry == nil {
		return Entry{}, fmt.Errorf("%w: call %d holds no entry", ErrInvalid, c.ID)
	}
	r := c.Entry
	e := Entry{Board: r.Board, Tricks: r.Tricks}
	ct, err := bridge.ParseContract(r.Contract)
	if err != nil {
		return e, fmt.Errorf("%w: call %d: contract %q: %v", ErrInvalid, c.ID, r.Contract, err)
	}
	if ct.IsPassedOut() {
		return Entry{Board: r.Board}, nil
	}
	e.Contract = ct
	if e.Declarer, err = bridge.ParseSeat(r.Declarer); err != nil {
		return e, fmt.Errorf("%w: call %d: declarer %q", ErrInvalid, c.ID, r.Declarer)
	}
	if r.Lead != "" {
		if e.Lead, err = bridge.ParseCard(r.Lead); err == nil {
			e.HasLead = true
		}
	}
	return e, nil
}

// call reads one director call of the event.
func (s *Store) call(ctx context.Context, id, call int64) (Call, error) {
	cs, err := s.calls(ctx, `AND id = $2`, id, call)
	if err != nil {
		return Call{}, err
	}
	if len(cs) == 0 {
		return Call{}, fmt.Errorf("call %d: %w", call, ErrNotFound)
	}
	return cs[0], nil
}

// AcceptHeld makes the entry a held call carries the result of its board
// at the table and round k names (k.Board must be the board entered; a
// zero round or table takes the call's): the score stands (Law 15B2;
// 1997 15A1). It is made as the director's correction (Correct: who, why,
// the NSWBA 13 window, Override after it) and the call is answered as
// accepted. A call already answered, or one holding no entry, is
// ErrConflict.
func (s *Store) AcceptHeld(ctx context.Context, id, call int64, k Key, by, why, override string) (CorrectionRecord, error) {
	c, err := s.call(ctx, id, call)
	if err != nil {
		return CorrectionRecord{}, fmt.Errorf("store: accept held entry: %w", err)
	}
	if c.Entry == nil || c.Answered != nil {
		return CorrectionRecord{}, fmt.Errorf("store: accept held entry: %w: call %d holds no entry waiting for the director", ErrConflict, call)
	}
	e, err := c.HeldEntry()
	if err != nil {
		return CorrectionRecord{}, fmt.Errorf("store: accept held entry: %w", err)
	}
	if k.Board != 0 && k.Board != e.Board {
		return CorrectionRecord{}, fmt.Errorf("store: accept held entry: %w: board %d was entered, not board %d", ErrInvalid, e.Board, k.Board)
	}
	k.Board = e.Board
	if k.Round == 0 {
		k.Round = c.Round
	}
	if k.Table == 0 {
		k.Table = c.Table
	}
	why = strings.TrimSpace(why)
	if why == "" {
		why = "wrong board: the score stands (Law 15)"
	}
	c2 := Correction{Key: k, Entry: &e, By: strings.TrimSpace(by), Why: fmt.Sprintf("%s (held call %d)", why, call), Override: override}
	w, err := s.correctionWindow(ctx, id, &c2)
	if err != nil {
		return CorrectionRecord{}, err
	}
	// One transaction: the correction and the answer to the call are made
	// together or not at all.
	var rec CorrectionRecord
	err = s.tx(ctx, func(tx *sql.Tx) error {
		if rec, err = s.correct(ctx, tx, id, c2, w); err != nil {
			return fmt.Errorf("store: correction of board %d at table %d round %d: %w", k.Board, k.Table, k.Round, err)
		}
		if s.settleHook != nil {
			if err := s.settleHook(ctx, tx); err != nil {
				return err
			}
		}
		return settle(ctx, tx, id, call, HeldAccepted, w.now)
	})
	return rec, err
}

// DismissHeld answers a held call without counting its entry: the board
// is cancelled or played again (Law 15), the reason and the director kept
// in the call's outcome. An answered call is ErrConflict.
func (s *Store) DismissHeld(ctx context.Context, id, call int64, by, why string) error {
	by, why = strings.TrimSpace(by), strings.TrimSpace(why)
	if by == "" || why == "" {
		return fmt.Errorf("store: dismiss held entry: %w: who and why are required", ErrInvalid)
	}
	c, err := s.call(ctx, id, call)
	if err != nil {
		return fmt.Errorf("store: dismiss held entry: %w", err)
	}
	if c.Entry == nil || c.Answered != nil {
		return fmt.Errorf("store: dismiss held entry: %w: call %d holds no entry waiting for the director", ErrConflict, call)
	}
	return s.settleHeld(ctx, id, call, fmt.Sprintf("%s by %s: %s", HeldDismissed, by, why))
}

// settleHeld answers a held call with its outcome, once.
func (s *Store) settleHeld(ctx context.Context, id, call int64, outcome string) error {
	return s.tx(ctx, func(tx *sql.Tx) error { return settle(ctx, tx, id, call, outcome, s.now()) })
}

// settle answers a held call in tx, once.
func settle(ctx context.Context, tx *sql.Tx, id, call int64, outcome string, now time.Time) error {
	r, err := tx.ExecContext(ctx, `UPDATE director_calls SET answered_at = $1, outcome = $2 WHERE event_id = $3 AND id = $4 AND answered_at IS NULL`,
		stamp(now), outcome, id, call)
	if err != nil {
		return err
	}
	if n, _ := r.RowsAffected(); n == 0 {
		return fmt.Errorf("store: held call %d: %w: already answered", call, ErrConflict)
	}
	return nil
}
