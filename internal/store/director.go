package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/event"
)

// Correction is the director's change of a board result (NSWBA 13): a new
// entry, or none to remove the result. Who, why and the source of the error
// are required; Override names the director allowing a change after its
// window closed.
type Correction struct {
	Key
	Entry    *Entry
	By, Why  string
	Source   string // event.Source: "player" or "scorer"
	Override string
	// Revision is the revision of the result the director saw
	// (Result.Revision, or Store.Revision for a board with no result).
	// When set, a correction of a result changed since (by another
	// director, a table or another server instance) is refused with
	// ErrStale and changes nothing. Nil: not checked; the record still
	// keeps the result it replaced.
	Revision *int64
	// Form, when set, makes the result one of the board's fouled form
	// *Form (Law 87; 0 the board as dealt). With no Entry the result
	// stands as played and only its form changes.
	Form *int
	// Played is the deal the table played, kept with a fouled Form (Law
	// 87A) so that later tables' forms are numbered from it (Law 87B;
	// event.FouledForm). With no Form the deal numbers it; a Form that
	// contradicts the deals the board's tables recorded is refused, this
	// deal or, when none is given, the one recorded with the result
	// (fouledForm). Never with Form 0.
	Played *bridge.Deal
}

// ErrStale refuses a correction made on a result that has changed since
// the director read it; it is an ErrConflict.
var ErrStale = fmt.Errorf("%w: the result has changed since it was read", ErrConflict)

// CorrectionRecord is a correction as kept: the old and new results, who,
// when, why and the window that applied.
type CorrectionRecord struct {
	ID int64
	Key
	Old, New *Result
	By, Why  string
	At       time.Time
	Window   string
	Override string
	Revision int64 // the board's revision after the correction
	// Detail is the correction as the event file records it (its source,
	// room, match margins, appeal, deadline and lost places: NSWBA 13,
	// 14): as an imported file carried it, or as made here (Correct),
	// written to the event file as it is. Nil for a correction made here
	// before the store kept it.
	Detail *event.Correction `json:",omitempty"`
}

// Correct changes a result as the director. Inside the NSWBA 13 window of
// the source of the error (package event decides it) the change is made;
// after it only with Override, which is recorded. A late change without
// override is refused with an error wrapping *event.LateError. The record
// keeps the source and the window's deadline, and the event file carries
// them (event.Correction).
func (s *Store) Correct(ctx context.Context, id int64, c Correction) (CorrectionRecord, error) {
	var rec CorrectionRecord
	w, err := s.correctionWindow(ctx, id, &c)
	if err != nil {
		return rec, err
	}
	err = s.tx(ctx, func(tx *sql.Tx) error {
		rec, err = s.correct(ctx, tx, id, c, w)
		return err
	})
	if err != nil {
		return rec, fmt.Errorf("store: correction of board %d at table %d round %d: %w", c.Board, c.Table, c.Round, err)
	}
	return rec, nil
}

// window is the NSWBA 13 window a correction is made in.
type window struct {
	now      time.Time
	deadline *time.Time // nil while no window runs (before posting)
	rule     string
	twoRooms bool
	// ev is the event file the window was found in: the deals the
	// board's tables played number a fouled form (fouledForm).
	ev *event.Event
}

// correctionWindow checks c and finds its window (package event holds the
// rules of NSWBA 13): a late correction without override is refused.
func (s *Store) correctionWindow(ctx context.Context, id int64, c *Correction) (window, error) {
	var w window
	if c.By == "" || c.Why == "" {
		return w, fmt.Errorf("store: correction: %w: who and why are required", ErrInvalid)
	}
	if c.Source == "" {
		c.Source = string(event.PlayerError)
	}
	if c.Form != nil && *c.Form < 0 {
		return w, fmt.Errorf("store: correction of board %d at table %d round %d: %w: form %d: want a fouled form from 1, or 0 for the board as dealt (Law 87)", c.Board, c.Table, c.Round, ErrInvalid, *c.Form)
	}
	if c.Played != nil && c.Form != nil && *c.Form == 0 {
		return w, fmt.Errorf("store: correction of board %d at table %d round %d: %w: a deal played is kept only with the fouled form it was played in (Law 87B), not with form 0, the board as dealt", c.Board, c.Table, c.Round, ErrInvalid)
	}
	if c.Entry != nil {
		c.Entry.Board = c.Board
		if err := c.Entry.Check(); err != nil {
			return w, fmt.Errorf("store: correction: %w", err)
		}
	}
	ev, err := s.EventFile(ctx, id)
	if err != nil {
		return w, err
	}
	w.now, w.twoRooms, w.ev = s.now(), TwoRooms(ev), ev
	match, _ := MatchOf(w.twoRooms, c.Table) // at teams a table is a room of its match
	deadline, rule, ok, err := ev.Window(event.Source(c.Source), c.Round, match)
	if err != nil {
		return w, fmt.Errorf("store: correction: %w: %v", ErrInvalid, err)
	}
	if ok && w.now.After(deadline) && c.Override == "" {
		return w, fmt.Errorf("store: correction: %w", &event.LateError{At: w.now, Deadline: deadline, Window: rule})
	}
	w.rule = rule
	if ok {
		w.deadline = &deadline
	} else {
		w.rule = "before posting: no window runs yet"
	}
	return w, nil
}

// correct makes correction c in tx, in window w, and records it.
func (s *Store) correct(ctx context.Context, tx *sql.Tx, id int64, c Correction, w window) (CorrectionRecord, error) {
	var rec CorrectionRecord // a write may run again (PostgreSQL)
	now := w.now
	as, err := s.assignments(ctx, tx, id, `AND round = $2 AND table_no = $3`, c.Round, c.Table)
	if err != nil {
		return rec, err
	}
	if len(as) == 0 || !as[0].Active() || !as[0].Plays(c.Board) {
		return rec, fmt.Errorf("%w: board %d is not played at table %d in round %d", ErrInvalid, c.Board, c.Table, c.Round)
	}
	a := as[0]
	old, err := s.results(ctx, tx, id, `AND round = $2 AND table_no = $3 AND board = $4`, c.Round, c.Table, c.Board)
	if err != nil {
		return rec, err
	}
	var cur int64
	if len(old) > 0 {
		rec.Old = &old[0]
		cur = old[0].Revision
	} else if cur, err = removedRevision(ctx, tx, id, c.Key); err != nil {
		return rec, err
	}
	if c.Revision != nil && *c.Revision != cur {
		return rec, fmt.Errorf("%w: board %d at table %d round %d was at revision %d when read, now %d", ErrStale, c.Board, c.Table, c.Round, *c.Revision, cur)
	}
	m, err := markOf(ctx, tx, id, c.Key)
	if err != nil {
		return rec, err
	}
	if err := fouledForm(w, &c, m); err != nil {
		return rec, err
	}
	oldForm := m.Form
	switch {
	case c.Entry != nil:
		bs, err := s.boards(ctx, tx, id, `AND number = $2`, c.Board)
		if err != nil {
			return rec, err
		}
		if len(bs) == 0 {
			return rec, fmt.Errorf("%w: board %d has no deal", ErrNotFound, c.Board)
		}
		contract, decl, lead, tricks, score := resultOf(*c.Entry, bs[0])
		r := Result{Round: c.Round, Table: c.Table, Board: c.Board, NS: a.NS, EW: a.EW, Contract: contract, Declarer: decl,
			Lead: lead, Tricks: tricks, Score: score, Status: Confirmed, Warnings: Warnings(*c.Entry, bs[0], a),
			Entered: now, Confirmed: &now, By: c.By}
		if r.Revision, err = putResult(ctx, s.cached(tx), id, r); err != nil {
			return rec, err
		}
		rec.New, rec.Revision = &r, r.Revision
	case c.Form != nil:
		// The result stands, played on a fouled form of the board (Law 87).
		if rec.Old == nil || rec.Old.Status != Confirmed {
			return rec, fmt.Errorf("%w: board %d at table %d round %d has no confirmed result to mark as a fouled form", ErrInvalid, c.Board, c.Table, c.Round)
		}
		if err := lockTable(ctx, s.cached(tx), id, c.Round, c.Table); err != nil {
			return rec, err
		}
		r := *rec.Old
		if err := tx.QueryRowContext(ctx, `UPDATE results SET revision = revision + 1 WHERE event_id = $1 AND round = $2 AND table_no = $3 AND board = $4 RETURNING revision`,
			id, c.Round, c.Table, c.Board).Scan(&r.Revision); err != nil {
			return rec, err
		}
		rec.New, rec.Revision = &r, r.Revision
	default:
		if err := lockTable(ctx, s.cached(tx), id, c.Round, c.Table); err != nil {
			return rec, err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM results WHERE event_id = $1 AND round = $2 AND table_no = $3 AND board = $4`, id, c.Round, c.Table, c.Board); err != nil {
			return rec, err
		}
		rec.Revision = cur + 1
	}
	newForm := oldForm
	if played := dealText(c.Played); c.Form != nil && (*c.Form != oldForm || played != m.Played) {
		newForm, m.Key, m.Form, m.Played = *c.Form, c.Key, *c.Form, played
		if err := putMark(ctx, tx, id, m); err != nil {
			return rec, err
		}
	}
	if rec.ID, err = nextID(ctx, tx, "corrections"); err != nil {
		return rec, err
	}
	rec.Key, rec.By, rec.Why, rec.At, rec.Window, rec.Override = c.Key, c.By, c.Why, now, w.rule, c.Override
	// The record as the event file carries it: the source and the
	// deadline that applied (NSWBA 13), the forms (Law 87).
	d := eventCorrection(rec, w.twoRooms)
	d.Source, d.Deadline = event.Source(c.Source), w.deadline
	if d.Old != nil {
		d.Old.Form = oldForm
	}
	if d.New != nil {
		d.New.Form = newForm
	}
	rec.Detail = &d
	oldJ, _ := json.Marshal(rec.Old)
	newJ, _ := json.Marshal(rec.New)
	detail, err := json.Marshal(d)
	if err != nil {
		return rec, err
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO corrections (id, event_id, round, table_no, board, old, new, by_whom, why, at, win_rule, override, revision, detail)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
		rec.ID, id, c.Round, c.Table, c.Board, string(oldJ), string(newJ), c.By, c.Why, stamp(now), w.rule, c.Override, rec.Revision, string(detail))
	return rec, err
}

// fouledForm numbers or checks the fouled form (Law 87) correction c
// gives the result, by the rule the ruling desk and "bridgetd rule
// --event" follow (event.FouledForm, Law 87B: tables that played the same
// deal share a form, a new deal takes the next free number), from the
// deal the table played: the one given with the correction, or else the
// one recorded with the result (m), which stays with it. A form given is
// refused when it contradicts the deals the board's other tables
// recorded (another deal under that number, or the same deal under
// another); with no form given the deal decides it (the form the result
// has when the deal is the one recorded with it). A form given when no
// deal is known is kept as given (forms entered by hand are counted, not
// matched); form 0, the board as dealt, needs none.
func fouledForm(w window, c *Correction, m mark) error {
	if c.Form != nil && *c.Form == 0 {
		return nil
	}
	played := c.Played
	if played == nil && c.Form != nil {
		played = playedDeal(m.Played)
	}
	if played == nil {
		return nil
	}
	want := 0
	switch {
	case c.Form != nil:
		want = *c.Form
	case m.Form > 0 && m.Played == dealText(played):
		want = m.Form
	}
	match, closed := MatchOf(w.twoRooms, c.Table)
	f, err := w.ev.FouledForm(c.Round, match, closed, c.Board, *played, want)
	if err != nil {
		return refusal{err}
	}
	c.Form, c.Played = &f, played
	return nil
}

// refusal is a correction the store refuses as it stands for the reason
// err gives: it matches ErrInvalid and err, and reads as err alone.
type refusal struct{ err error }

func (r refusal) Error() string   { return r.err.Error() }
func (r refusal) Unwrap() []error { return []error{ErrInvalid, r.err} }

// markOf reads the marks of a board's result at a table (zero if none).
func markOf(ctx context.Context, q querier, id int64, k Key) (mark, error) {
	m := mark{Key: k}
	var turned int
	err := q.QueryRowContext(ctx, `SELECT form, turned, appeal, played FROM result_marks WHERE event_id = $1 AND round = $2 AND table_no = $3 AND board = $4`,
		id, k.Round, k.Table, k.Board).Scan(&m.Form, &turned, &m.Appeal, &m.Played)
	if errors.Is(err, sql.ErrNoRows) {
		return m, nil
	}
	m.Turned = turned == 1
	return m, err
}

// putMark writes the marks of a board's result at a table.
func putMark(ctx context.Context, tx *sql.Tx, id int64, m mark) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO result_marks (event_id, round, table_no, board, form, turned, appeal, played) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
		ON CONFLICT (event_id, board, round, table_no) DO UPDATE SET form = excluded.form, turned = excluded.turned, appeal = excluded.appeal, played = excluded.played`,
		id, m.Round, m.Table, m.Board, m.Form, boolInt(m.Turned), m.Appeal, m.Played)
	return err
}

// removedRevision is the revision of a board at a table that has no
// result: the one made by the correction that removed it, or 0.
func removedRevision(ctx context.Context, q querier, id int64, k Key) (int64, error) {
	var rev int64
	err := q.QueryRowContext(ctx, `SELECT COALESCE(MAX(revision), 0) FROM corrections WHERE event_id = $1 AND board = $2 AND round = $3 AND table_no = $4`,
		id, k.Board, k.Round, k.Table).Scan(&rev)
	return rev, err
}

// Revision returns the revision of a board's result at a table, the value
// a director's Correction names as the one read; 0 for a board never
// entered.
func (s *Store) Revision(ctx context.Context, id int64, k Key) (int64, error) {
	var rev int64
	err := s.db.QueryRowContext(ctx, `SELECT revision FROM results WHERE event_id = $1 AND board = $2 AND round = $3 AND table_no = $4`,
		id, k.Board, k.Round, k.Table).Scan(&rev)
	if errors.Is(err, sql.ErrNoRows) {
		rev, err = removedRevision(ctx, s.db, id, k)
	}
	if err != nil {
		return 0, fmt.Errorf("store: revision of board %d at table %d round %d: %w", k.Board, k.Table, k.Round, err)
	}
	return rev, nil
}

// Corrections returns the event's corrections in order.
func (s *Store) Corrections(ctx context.Context, id int64) ([]CorrectionRecord, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id, round, table_no, board, old, new, by_whom, why, at, win_rule, override, revision, detail FROM corrections WHERE event_id = $1 ORDER BY id`, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []CorrectionRecord
	for rows.Next() {
		var c CorrectionRecord
		var old, nw, at, detail string
		if err := rows.Scan(&c.ID, &c.Round, &c.Table, &c.Board, &old, &nw, &c.By, &c.Why, &at, &c.Window, &c.Override, &c.Revision, &detail); err != nil {
			return nil, err
		}
		if detail != "" {
			if err := json.Unmarshal([]byte(detail), &c.Detail); err != nil {
				return nil, fmt.Errorf("correction %d: %w", c.ID, err)
			}
		}
		json.Unmarshal([]byte(old), &c.Old)
		json.Unmarshal([]byte(nw), &c.New)
		c.At = parseStamp(at)
		out = append(out, c)
	}
	return out, rows.Err()
}

// Ruling kinds (Law 12C).
const (
	RulingAssigned   = "assigned"   // Law 12C1(a)/(b): one assigned score for both sides
	RulingSplit      = "split"      // Law 12C1(b): each side its own assigned score
	RulingWeighted   = "weighted"   // Law 12C1(c): weighted outcomes
	RulingArtificial = "artificial" // Law 12C2: average plus, average, average minus, or a percentage
	RulingUnplayed   = "unplayed"   // NSWBA 13.10: not played through no fault of the players (IMP events)
)

// Ruling is the director's adjusted score on a board at a table. It takes
// the place of the table result in the scoring. Scores and awards are
// those of the North–South and East–West cards (in an arrow-switched round
// the pair seated North–South held the East–West cards).
type Ruling struct {
	ID int64
	Key
	Kind     string
	NSScore  int       // assigned, split
	EWScore  int       // split: East–West's score, from North–South's side
	Outcomes []Outcome // weighted
	NSAward  string    // artificial: A+, A, A- or a percentage
	EWAward  string
	Law      string
	Director string
	Why      string
	At       time.Time
	// Marks of the board the score is given on, as an event file carries
	// them (event.Result): its fouled form (Law 87), turned through 90°
	// (NSWBA 8.4), an appeal pending or decided (NSWBA 14).
	Form   int    `json:",omitempty"`
	Turned bool   `json:",omitempty"`
	Appeal string `json:",omitempty"`
}

// Outcome is one result of a weighted score and its weight.
type Outcome struct {
	Score  int
	Weight float64
}

func (r Ruling) check() error {
	switch r.Kind {
	case RulingAssigned, RulingSplit, RulingUnplayed:
		return nil
	case RulingWeighted:
		if len(r.Outcomes) < 2 {
			return fmt.Errorf("%w: a weighted score needs two outcomes or more", ErrInvalid)
		}
		sum := 0.0
		for _, o := range r.Outcomes {
			if !(o.Weight > 0 && o.Weight <= 1) { // NaN is refused too
				return fmt.Errorf("%w: weight %g is not between 0 and 1", ErrInvalid, o.Weight)
			}
			sum += o.Weight
		}
		if !(math.Abs(sum-1) <= 1e-6) {
			return fmt.Errorf("%w: weights add up to %g, not 1 (Law 12C1(c))", ErrInvalid, sum)
		}
		return nil
	case RulingArtificial:
		for _, a := range []string{r.NSAward, r.EWAward} {
			if _, err := ParseAward(a); err != nil {
				return err
			}
		}
		return nil
	}
	return fmt.Errorf("%w: ruling kind %q: want assigned, split, weighted, artificial or unplayed", ErrInvalid, r.Kind)
}

// AddRuling records an adjusted score, replacing any earlier ruling on the
// same board at the same table.
func (s *Store) AddRuling(ctx context.Context, id int64, r Ruling) (Ruling, error) {
	if err := r.check(); err != nil {
		return r, fmt.Errorf("store: ruling: %w", err)
	}
	if r.Director == "" {
		return r, fmt.Errorf("store: ruling: %w: the director's name is required", ErrInvalid)
	}
	r.At = s.now()
	err := s.tx(ctx, func(tx *sql.Tx) error {
		as, err := s.assignments(ctx, tx, id, `AND round = $2 AND table_no = $3`, r.Round, r.Table)
		if err != nil {
			return err
		}
		if len(as) == 0 || !as[0].Active() || !as[0].Plays(r.Board) {
			return fmt.Errorf("%w: board %d is not played at table %d in round %d", ErrInvalid, r.Board, r.Table, r.Round)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE rulings SET withdrawn = 1 WHERE event_id = $1 AND round = $2 AND table_no = $3 AND board = $4`, id, r.Round, r.Table, r.Board); err != nil {
			return err
		}
		if r.ID, err = nextID(ctx, tx, "rulings"); err != nil {
			return err
		}
		detail, _ := json.Marshal(r)
		_, err = tx.ExecContext(ctx, `INSERT INTO rulings (id, event_id, round, table_no, board, kind, detail, law, director, why, at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`, r.ID, id, r.Round, r.Table, r.Board, r.Kind, string(detail), r.Law, r.Director, r.Why, stamp(r.At))
		return err
	})
	if err != nil {
		return r, fmt.Errorf("store: ruling on board %d at table %d: %w", r.Board, r.Table, err)
	}
	return r, nil
}

// Rulings returns the rulings in force (not replaced by a later one).
func (s *Store) Rulings(ctx context.Context, id int64) ([]Ruling, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT detail FROM rulings WHERE event_id = $1 AND withdrawn = 0 ORDER BY board, round, table_no`, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Ruling
	for rows.Next() {
		var d string
		if err := rows.Scan(&d); err != nil {
			return nil, err
		}
		var r Ruling
		if err := json.Unmarshal([]byte(d), &r); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// Fine is a penalty deducted from a pair's score (NSWBA 7): Amount is in
// percent of a top at matchpoints.
type Fine struct {
	ID       int64
	Entrant  int
	Amount   float64
	Kind     string // event.OffenceKind: late, slow-play, phone, other
	Director string
	Note     string
	At       time.Time
	// Offence is the entry of the offences register as an imported event
	// file held it (its players, minutes, number, penalty, fine and unit:
	// NSWBA 7); the event file is written with it as it came. Nil for a
	// fine given here.
	Offence *event.Offence `json:",omitempty"`
}

// AddFine records a fine.
func (s *Store) AddFine(ctx context.Context, id int64, f Fine) (Fine, error) {
	if !(f.Amount > 0 && f.Amount <= 100) { // NaN is refused too
		return f, fmt.Errorf("store: fine: %w: amount %g%% of a top is not between 0 and 100", ErrInvalid, f.Amount)
	}
	switch event.OffenceKind(f.Kind) {
	case event.Late, event.SlowPlay, event.Phone, event.Other:
	default:
		return f, fmt.Errorf("store: fine: %w: kind %q: want late, slow-play, phone or other", ErrInvalid, f.Kind)
	}
	if f.Director == "" {
		return f, fmt.Errorf("store: fine: %w: the director's name is required", ErrInvalid)
	}
	f.At = s.now()
	err := s.tx(ctx, func(tx *sql.Tx) error {
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM entrants WHERE event_id = $1 AND number = $2`, id, f.Entrant).Scan(&n); err != nil {
			return err
		}
		if n == 0 {
			return fmt.Errorf("%w: pair %d", ErrNotFound, f.Entrant)
		}
		var err error
		if f.ID, err = nextID(ctx, tx, "fines"); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO fines (id, event_id, entrant, amount, kind, director, note, at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
			f.ID, id, f.Entrant, f.Amount, f.Kind, f.Director, f.Note, stamp(f.At))
		return err
	})
	if err != nil {
		return f, fmt.Errorf("store: fine on pair %d: %w", f.Entrant, err)
	}
	return f, nil
}

// Fines returns the event's fines.
func (s *Store) Fines(ctx context.Context, id int64) ([]Fine, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id, entrant, amount, kind, director, note, at, offence FROM fines WHERE event_id = $1 ORDER BY id`, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Fine
	for rows.Next() {
		var f Fine
		var at, off string
		if err := rows.Scan(&f.ID, &f.Entrant, &f.Amount, &f.Kind, &f.Director, &f.Note, &at, &off); err != nil {
			return nil, err
		}
		f.At = parseStamp(at)
		if off != "" {
			if err := json.Unmarshal([]byte(off), &f.Offence); err != nil {
				return nil, fmt.Errorf("fine %d: offence: %w", f.ID, err)
			}
		}
		out = append(out, f)
	}
	return out, rows.Err()
}

// Call is a table's call for the director.
type Call struct {
	ID       int64
	Round    int
	Table    int
	Note     string
	At       time.Time
	Answered *time.Time
	// A held entry (held.go): the board, the result as entered with its
	// warnings (nil for a plain call), and the director's decision
	// (HeldAccepted, or HeldDismissed with who and why; empty while it
	// waits).
	Board   int     `json:",omitempty"`
	Entry   *Result `json:",omitempty"`
	Outcome string  `json:",omitempty"`
}

// CallDirector records a table's call with a short note; a retry with the
// same key does not call twice.
func (s *Store) CallDirector(ctx context.Context, key string, tc TableCode, note string) (Call, error) {
	var c Call
	if len(note) > 500 {
		return c, fmt.Errorf("store: call: %w: note longer than 500 characters", ErrInvalid)
	}
	scope := tableScope(tc)
	err := s.tx(ctx, func(tx *sql.Tx) error {
		if found, err := idem(ctx, s.cached(tx), key, scope, &c); found || err != nil {
			return err
		}
		a, _, err := s.currentRound(ctx, tx, tc.Event, tc.Table)
		if err != nil {
			return err
		}
		if c.ID, err = nextID(ctx, tx, "director_calls"); err != nil {
			return err
		}
		c.Round, c.Table, c.Note, c.At = a.Round, tc.Table, note, s.now()
		if _, err := tx.ExecContext(ctx, `INSERT INTO director_calls (id, event_id, round, table_no, note, at) VALUES ($1, $2, $3, $4, $5, $6)`,
			c.ID, tc.Event, c.Round, c.Table, note, stamp(c.At)); err != nil {
			return err
		}
		return remember(ctx, s.cached(tx), key, scope, c, c.At)
	})
	if err != nil {
		return c, fmt.Errorf("store: call from table %d: %w", tc.Table, err)
	}
	return c, nil
}

// Calls returns the event's director calls, unanswered first.
func (s *Store) Calls(ctx context.Context, id int64) ([]Call, error) {
	return s.calls(ctx, ``, id)
}

func (s *Store) calls(ctx context.Context, where string, args ...any) ([]Call, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id, round, table_no, note, at, answered_at, board, entry, outcome FROM director_calls WHERE event_id = $1 `+where+`
		ORDER BY CASE WHEN answered_at IS NULL THEN 0 ELSE 1 END, id`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Call
	for rows.Next() {
		var c Call
		var at, entry string
		var ans sql.NullString
		if err := rows.Scan(&c.ID, &c.Round, &c.Table, &c.Note, &at, &ans, &c.Board, &entry, &c.Outcome); err != nil {
			return nil, err
		}
		c.At, c.Answered = parseStamp(at), nullStamp(ans)
		if entry != "" {
			if err := json.Unmarshal([]byte(entry), &c.Entry); err != nil {
				return nil, fmt.Errorf("call %d: held entry: %w", c.ID, err)
			}
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// AnswerCall marks a director call answered.
func (s *Store) AnswerCall(ctx context.Context, id, call int64) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		r, err := tx.ExecContext(ctx, `UPDATE director_calls SET answered_at = $1 WHERE event_id = $2 AND id = $3 AND answered_at IS NULL`, stamp(s.now()), id, call)
		if err != nil {
			return err
		}
		if n, _ := r.RowsAffected(); n == 0 {
			return fmt.Errorf("store: call %d: %w", call, ErrNotFound)
		}
		return nil
	})
}

// IsLate reports whether err refuses a correction after its window.
func IsLate(err error) bool { return errors.Is(err, event.ErrLate) }

// Current is one board's result at a table as a director reads it before
// correcting it: the result (nil when there is none), the revision a
// Correction names as the one read, and the last correction made to it
// (nil when none), which says who changed it and when.
type Current struct {
	Key
	Result   *Result
	Revision int64
	Last     *CorrectionRecord
}

// CurrentResult reads a board's result at a table for a correction: the
// result, its revision and its last correction.
func (s *Store) CurrentResult(ctx context.Context, id int64, k Key) (Current, error) {
	c := Current{Key: k}
	if _, err := s.Event(ctx, id); err != nil {
		return c, err
	}
	res, err := s.results(ctx, s.db, id, `AND round = $2 AND table_no = $3 AND board = $4`, k.Round, k.Table, k.Board)
	if err != nil {
		return c, fmt.Errorf("store: result of board %d at table %d round %d: %w", k.Board, k.Table, k.Round, err)
	}
	if len(res) > 0 {
		c.Result, c.Revision = &res[0], res[0].Revision
	} else if c.Revision, err = removedRevision(ctx, s.db, id, k); err != nil {
		return c, fmt.Errorf("store: revision of board %d at table %d round %d: %w", k.Board, k.Table, k.Round, err)
	}
	var recs []CorrectionRecord
	if recs, err = s.Corrections(ctx, id); err != nil {
		return c, err
	}
	for i := range recs {
		if recs[i].Key == k {
			c.Last = &recs[i]
		}
	}
	return c, nil
}
