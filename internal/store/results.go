package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/bridgetd/bridgetd/bridge"
)

// Result statuses: North–South enter, East–West confirm or reject.
const (
	Entered   = "entered"
	Confirmed = "confirmed"
	Rejected  = "rejected"
)

// Entry is a board result as the table enters it.
type Entry struct {
	Board    int
	Contract bridge.Contract // Level 0: passed out
	Declarer bridge.Seat
	Tricks   int // tricks declarer took, 0–13
	Lead     bridge.Card
	HasLead  bool
	// Round is the round the table's page showed when the entry was made
	// (0: not said) and WrongBoard says North–South sent a board not in
	// it after the warning: such an entry, or one made in a round that
	// has moved on, is held for the director, not counted (held.go).
	Round      int
	WrongBoard bool
}

// Result is a board's result at a table.
type Result struct {
	Round, Table, Board int
	NS, EW              int
	Contract            string // "4♠X" in players' notation, "Pass"
	Declarer            string // N E S W, empty when passed out
	Lead                string
	Tricks              int
	Score               int // North–South's score (Law 77)
	Status              string
	Warnings            []string
	Entered             time.Time
	Confirmed           *time.Time
	By                  string // "table 3" or the director
	Revision            int64  // the writes to this board at this table so far (0002_revisions.sql)
}

// Key identifies a board result: the board at a table in a round.
type Key struct{ Round, Table, Board int }

// Check validates an entry: the level 0 (passed out) to 7, declarer, and
// tricks 0 to 13 (Law 77 scores one of thirteen tricks).
func (e Entry) Check() error {
	if e.Board < 1 {
		return fmt.Errorf("%w: board %d", ErrInvalid, e.Board)
	}
	if e.Contract.IsPassedOut() {
		return nil
	}
	if !e.Contract.Valid() {
		return fmt.Errorf("%w: contract %v", ErrInvalid, e.Contract)
	}
	if e.Declarer > bridge.West {
		return fmt.Errorf("%w: declarer", ErrInvalid)
	}
	if e.Tricks < 0 || e.Tricks > 13 {
		return fmt.Errorf("%w: %d tricks: a board has 13", ErrInvalid, e.Tricks)
	}
	return nil
}

func (e Entry) contractText() string {
	if e.Contract.IsPassedOut() {
		return "Pass"
	}
	return e.Contract.String()
}

// resultOf turns an entry on a board into the stored row's fields: the
// contract in players' notation and North–South's Law 77 score.
func resultOf(e Entry, b Board) (contract, declarer, lead string, tricks, score int) {
	if e.Contract.IsPassedOut() {
		return "Pass", "", "", 0, 0
	}
	score = bridge.Score(e.Contract, e.Declarer, e.Tricks, b.Vulnerability)
	if e.HasLead {
		lead = e.Lead.String()
	}
	return e.contractText(), e.Declarer.String(), lead, e.Tricks, score
}

// idem looks a device's key up in the writing transaction: found, the
// stored answer is decoded into out and the write is not made again.
func idem(ctx context.Context, tx cachedQuerier, key, scope string, out any) (bool, error) {
	if key == "" {
		return false, fmt.Errorf("%w: no idempotency key", ErrInvalid)
	}
	if len(key) > 100 {
		return false, fmt.Errorf("%w: idempotency key longer than 100 characters", ErrInvalid)
	}
	var sc, resp string
	err := tx.QueryRowContext(ctx, `SELECT scope, response FROM idempotency WHERE key = $1`, key).Scan(&sc, &resp)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	if sc != scope {
		return false, fmt.Errorf("%w: idempotency key already used for another write", ErrConflict)
	}
	return true, json.Unmarshal([]byte(resp), out)
}

func remember(ctx context.Context, tx cachedQuerier, key, scope string, v any, now time.Time) error {
	resp, err := json.Marshal(v)
	if err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO idempotency (key, scope, response, at) VALUES ($1, $2, $3, $4)`, key, scope, string(resp), stamp(now))
	return err
}

// TableState is what a table sees: its current round, the pairs, and the
// results of its boards so far.
type TableState struct {
	Event      Event
	Session    int
	Table      int
	Assignment Assignment // Round 0: no round open for the table
	Results    map[int]Result
	Done       bool // every board of the round confirmed
}

// currentRound finds the table's current round: the first open round in
// which the table has a board not yet confirmed, else the last open round;
// it returns the results of that round. Two queries, each a few index
// seeks on (event_id, round, table_no) that name the round by equality (a
// range on the round would scan every table's results): the table's
// assignments in open rounds, each with the boards confirmed there, read
// only as far as the current round; then that round's results. The
// results of other rounds are never read whole, which keeps the cost of a
// write small and the same for a thousand tables as for three.
func (s *Store) currentRound(ctx context.Context, q querier, id int64, table int) (Assignment, map[int]Result, error) {
	q = s.cached(q)
	rows, err := q.QueryContext(ctx, `SELECT a.round, a.ns, a.ew, a.boards, a.switched,
			(SELECT COALESCE(string_agg(CAST(r.board AS TEXT), ','), '') FROM results r
				WHERE r.event_id = a.event_id AND r.round = a.round AND r.table_no = a.table_no AND r.status = 'confirmed')
		FROM assignments a WHERE a.event_id = $1 AND a.table_no = $2 AND a.ns <> 0 AND a.ew <> 0 AND a.round IN
		(SELECT number FROM rounds WHERE event_id = $1 AND started_at IS NOT NULL AND closed_at IS NULL) ORDER BY a.round`, id, table)
	if err != nil {
		return Assignment{}, nil, err
	}
	var cur Assignment
	found := false
	for !found && rows.Next() {
		a := Assignment{Table: table}
		var boards, confirmed string
		var sw int
		if err := rows.Scan(&a.Round, &a.NS, &a.EW, &boards, &sw, &confirmed); err != nil {
			rows.Close()
			return Assignment{}, nil, err
		}
		a.Boards, a.Switch = splitInts(boards), sw == 1
		cur = a
		done := splitInts(confirmed)
		for _, b := range a.Boards {
			if !slices.Contains(done, b) {
				found = true // the first open round with a board to confirm
				break
			}
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return Assignment{}, nil, err
	}
	if cur.Round == 0 {
		return Assignment{}, nil, nil
	}
	res, err := s.results(ctx, q, id, `AND round = $2 AND table_no = $3`, cur.Round, table)
	if err != nil {
		return Assignment{}, nil, err
	}
	got := make(map[int]Result, len(res))
	for _, x := range res {
		got[x.Board] = x
	}
	return cur, got, nil
}

// Table returns the state of a table for its code's session.
func (s *Store) Table(ctx context.Context, tc TableCode) (TableState, error) {
	ev, err := s.Event(ctx, tc.Event)
	if err != nil {
		return TableState{}, err
	}
	a, res, err := s.currentRound(ctx, s.db, tc.Event, tc.Table)
	if err != nil {
		return TableState{}, err
	}
	st := TableState{Event: ev, Session: tc.Session, Table: tc.Table, Assignment: a, Results: res}
	if a.Round != 0 {
		st.Done = true
		for _, b := range a.Boards {
			if res[b].Status != Confirmed {
				st.Done = false
			}
		}
	}
	return st, nil
}

func tableScope(tc TableCode) string {
	return fmt.Sprintf("table:%d:%d:%d", tc.Event, tc.Session, tc.Table)
}

// Enter records North–South's entry of a board at the table: only a board of
// the table's current round, not yet confirmed. The answer carries the Law 77
// score and the warnings (kept for the director). A retry with the same key
// returns the first answer and writes nothing.
func (s *Store) Enter(ctx context.Context, key string, tc TableCode, e Entry) (Result, error) {
	var out Result
	if err := e.Check(); err != nil {
		return out, fmt.Errorf("store: enter board %d: %w", e.Board, err)
	}
	scope := tableScope(tc)
	err := s.tableTx(ctx, func(tx *sql.Tx) error {
		if found, err := idem(ctx, s.cached(tx), key, scope, &out); found || err != nil {
			return err
		}
		var err error
		out, err = s.prepare(ctx, tx, tc, e)
		if errors.Is(err, ErrWrongBoard) || errors.Is(err, ErrClosed) || (err == nil && e.Round != 0 && e.Round != out.Round) {
			// Not of the current round, or made in a round that has moved
			// on: held for the director (held.go) or refused.
			r, held, herr := s.hold(ctx, tx, tc, e)
			if herr != nil {
				return herr
			}
			if held {
				out = r
				return remember(ctx, s.cached(tx), key, scope, out, out.Entered)
			}
		}
		if err != nil {
			return err
		}
		if out.Revision, err = putResult(ctx, s.cached(tx), tc.Event, out); err != nil {
			return err
		}
		if err := remember(ctx, s.cached(tx), key, scope, out, out.Entered); err != nil {
			return err
		}
		s.keep(tx, tc, out)
		return nil
	})
	if err != nil {
		return out, fmt.Errorf("store: enter board %d at table %d: %w", e.Board, tc.Table, err)
	}
	return out, nil
}

// prepare checks an entry against the table's current round and works out
// the result: Law 77 score and warnings.
func (s *Store) prepare(ctx context.Context, q querier, tc TableCode, e Entry) (Result, error) {
	a, res, err := s.tableRound(ctx, q, tc)
	if err != nil {
		return Result{}, err
	}
	if a.Round == 0 {
		return Result{}, fmt.Errorf("%w: no round is open for table %d", ErrClosed, tc.Table)
	}
	if !a.Plays(e.Board) {
		return Result{}, fmt.Errorf("%w: board %d is not played at table %d in round %d (boards %s); a board played by mistake is sent again as a wrong board, for the director (Law 15)", ErrWrongBoard, e.Board, tc.Table, a.Round, joinInts(a.Boards))
	}
	if res[e.Board].Status == Confirmed {
		return Result{}, fmt.Errorf("%w: board %d is already confirmed; call the director to change it", ErrConflict, e.Board)
	}
	b, ok, err := s.board(ctx, q, tc.Event, e.Board)
	if err != nil {
		return Result{}, err
	}
	if !ok {
		return Result{}, fmt.Errorf("%w: board %d has no deal", ErrNotFound, e.Board)
	}
	contract, decl, lead, tricks, score := resultOf(e, b)
	return Result{Round: a.Round, Table: tc.Table, Board: e.Board, NS: a.NS, EW: a.EW,
		Contract: contract, Declarer: decl, Lead: lead, Tricks: tricks, Score: score,
		Status: Entered, Warnings: Warnings(e, b, a), Entered: s.now(), By: "table " + strconv.Itoa(tc.Table)}, nil
}

// Preview returns the result an entry would make, with its score and
// warnings, without saving it: the page shows them before North–South send.
func (s *Store) Preview(ctx context.Context, tc TableCode, e Entry) (Result, error) {
	if err := e.Check(); err != nil {
		return Result{}, fmt.Errorf("store: board %d: %w", e.Board, err)
	}
	r, err := s.prepare(ctx, s.db, tc, e)
	if errors.Is(err, ErrWrongBoard) {
		r, err = s.previewWrong(ctx, tc, e)
	}
	if err != nil {
		return r, fmt.Errorf("store: board %d at table %d: %w", e.Board, tc.Table, err)
	}
	return r, nil
}

// putResult writes a result and returns its new revision: one more than
// the row's, or, for a new row, one more than the last correction that
// removed the board's result at this table (none: 1).
func putResult(ctx context.Context, tx cachedQuerier, id int64, r Result) (int64, error) {
	var confirmed any
	if r.Confirmed != nil {
		confirmed = stamp(*r.Confirmed)
	}
	if err := lockTable(ctx, tx, id, r.Round, r.Table); err != nil {
		return 0, err
	}
	var rev int64
	err := tx.QueryRowContext(ctx, `INSERT INTO results (event_id, round, table_no, board, ns, ew, contract, declarer, lead, tricks, score, status, warnings, entered_at, confirmed_at, entered_by, revision)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16,
			1 + COALESCE((SELECT MAX(revision) FROM corrections WHERE event_id = $1 AND board = $4 AND round = $2 AND table_no = $3), 0))
		ON CONFLICT (event_id, board, round, table_no) DO UPDATE SET contract = excluded.contract, declarer = excluded.declarer,
			lead = excluded.lead, tricks = excluded.tricks, score = excluded.score, status = excluded.status, warnings = excluded.warnings,
			entered_at = excluded.entered_at, confirmed_at = excluded.confirmed_at, entered_by = excluded.entered_by, revision = results.revision + 1
		RETURNING revision`,
		id, r.Round, r.Table, r.Board, r.NS, r.EW, r.Contract, r.Declarer, r.Lead, r.Tricks, r.Score, r.Status,
		strings.Join(r.Warnings, "\n"), stamp(r.Entered), confirmed, r.By).Scan(&rev)
	return rev, err
}

// Confirm records East–West's answer to the entry of a board: accepted, the
// result counts; rejected, it goes back to North–South. Only an entry of the
// table's current round waiting for confirmation can be answered.
func (s *Store) Confirm(ctx context.Context, key string, tc TableCode, board int, accept bool) (Result, error) {
	var out Result
	scope := tableScope(tc)
	err := s.tableTx(ctx, func(tx *sql.Tx) error {
		if found, err := idem(ctx, s.cached(tx), key, scope, &out); found || err != nil {
			return err
		}
		a, res, err := s.tableRound(ctx, tx, tc)
		if err != nil {
			return err
		}
		if a.Round == 0 {
			return fmt.Errorf("%w: no round is open for table %d", ErrClosed, tc.Table)
		}
		if !a.Plays(board) {
			return fmt.Errorf("%w: board %d is not played at table %d in round %d", ErrInvalid, board, tc.Table, a.Round)
		}
		r, ok := res[board]
		if !ok || r.Status != Entered {
			return fmt.Errorf("%w: board %d has no entry waiting for East–West", ErrConflict, board)
		}
		now := s.now()
		if accept {
			r.Status, r.Confirmed = Confirmed, &now
		} else {
			r.Status = Rejected
		}
		if r.Revision, err = putResult(ctx, s.cached(tx), tc.Event, r); err != nil {
			return err
		}
		out = r
		if err := remember(ctx, s.cached(tx), key, scope, out, now); err != nil {
			return err
		}
		s.keep(tx, tc, out)
		return nil
	})
	if err != nil {
		return out, fmt.Errorf("store: confirm board %d at table %d: %w", board, tc.Table, err)
	}
	return out, nil
}

// Results returns every result of the event, by board, round and table.
func (s *Store) Results(ctx context.Context, id int64) ([]Result, error) {
	return s.results(ctx, s.db, id, `ORDER BY board, round, table_no`)
}

// BoardResults returns the results of one board.
func (s *Store) BoardResults(ctx context.Context, id int64, board int) ([]Result, error) {
	return s.results(ctx, s.db, id, `AND board = $2 ORDER BY round, table_no`, board)
}

func (s *Store) results(ctx context.Context, q querier, id int64, tail string, args ...any) ([]Result, error) {
	rows, err := q.QueryContext(ctx, `SELECT round, table_no, board, ns, ew, contract, declarer, lead, tricks, score, status, warnings, entered_at, confirmed_at, entered_by, revision
		FROM results WHERE event_id = $1 `+tail, append([]any{id}, args...)...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Result
	for rows.Next() {
		var r Result
		var warn, entered string
		var conf sql.NullString
		if err := rows.Scan(&r.Round, &r.Table, &r.Board, &r.NS, &r.EW, &r.Contract, &r.Declarer, &r.Lead, &r.Tricks, &r.Score, &r.Status, &warn, &entered, &conf, &r.By, &r.Revision); err != nil {
			return nil, err
		}
		if warn != "" {
			r.Warnings = strings.Split(warn, "\n")
		}
		r.Entered, r.Confirmed = parseStamp(entered), nullStamp(conf)
		out = append(out, r)
	}
	return out, rows.Err()
}

// Visible reports whether a table that has played board b may see its
// traveller and hand record: only once every table that plays the board
// has confirmed its result, so no table ever sees a board it will still play.
func (s *Store) Visible(ctx context.Context, id int64, board int) (bool, error) {
	as, err := s.Assignments(ctx, id)
	if err != nil {
		return false, err
	}
	return s.VisibleIn(ctx, id, board, as)
}

// VisibleIn is Visible on the event's assignments as (Assignments) that the
// caller has already read: a server showing many tables their boards reads
// them once per change of the event, not once per board of each table.
func (s *Store) VisibleIn(ctx context.Context, id int64, board int, as []Assignment) (bool, error) {
	res, err := s.BoardResults(ctx, id, board)
	if err != nil {
		return false, err
	}
	done := map[[2]int]bool{}
	for _, r := range res {
		if r.Status == Confirmed {
			done[[2]int{r.Round, r.Table}] = true
		}
	}
	for _, a := range as {
		if a.Active() && a.Plays(board) && !done[[2]int{a.Round, a.Table}] {
			return false, nil
		}
	}
	return true, nil
}
