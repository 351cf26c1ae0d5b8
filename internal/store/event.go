package store

import (
	"bytes"
	"cmp"
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/dd"
	"github.com/bridgetd/bridgetd/deal"
	"github.com/bridgetd/bridgetd/event"
	"github.com/bridgetd/bridgetd/laws"
	"github.com/bridgetd/bridgetd/movement"
)

// Event is an event's row: its form and state.
type Event struct {
	ID        int64
	Name      string
	Kind      string // event.Kind: mp-pairs
	Scoring   string // event scoring: matchpoints
	Movement  string // mitchell, howell
	Tables    int
	Rounds    int
	PerRound  int
	TwoWinner bool
	Published bool
	Created   time.Time
	// Laws is the code of laws the event is played under: "2017" (the
	// default) or "1997" (laws.ParseEdition).
	Laws string
}

// Entrant is a pair with its players.
type Entrant struct {
	Number  int
	Section string
	Name    string
	Players []Player
}

// Player is a member of a pair or team, or an individual entrant.
type Player struct {
	Name   string
	Member string
	Rank   string // masterpoint rank as written: a Swiss seeds by it
}

// Label is the pair's number and name: "3 Lee–Chan".
func (e Entrant) Label() string {
	if e.Name == "" {
		return fmt.Sprint(e.Number)
	}
	return fmt.Sprintf("%d %s", e.Number, e.Name)
}

// Assignment is one table of one round: who sits there and the boards they
// play, in order (Law 5A seats, Law 8A movement).
type Assignment struct {
	Round, Table int
	NS, EW       int // 0: empty seat
	Boards       []int
	Switch       bool
}

// Plays reports whether board b is played at the table this round.
func (a Assignment) Plays(b int) bool {
	for _, x := range a.Boards {
		if x == b {
			return true
		}
	}
	return false
}

// CardPairs returns the pairs that held the North–South and the East–West
// cards: the seated pairs, turned in an arrow-switched round.
func (a Assignment) CardPairs() (ns, ew int) {
	if a.Switch {
		return a.EW, a.NS
	}
	return a.NS, a.EW
}

// Active reports whether both seats are taken (not a sit-out).
func (a Assignment) Active() bool { return a.NS != 0 && a.EW != 0 }

// Board is a dealt board with its double-dummy table when known.
type Board struct {
	deal.Board
	DD *dd.Table
}

// Round is a round's state.
type Round struct {
	Number, Session int
	Started, Closed *time.Time
}

// Open reports whether results may be entered in the round.
func (r Round) Open() bool { return r.Started != nil && r.Closed == nil }

// Session is a session's state.
type Session struct {
	Number   int
	Start    time.Time
	Posted   *time.Time
	Closed   *time.Time
	Postings []time.Time
}

// Setup is what creating an event needs: a movement from package movement,
// the boards for its sets (dealt by package deal or read from PBN), their
// double-dummy tables when known, and the pairs' names.
type Setup struct {
	Name     string
	Movement *movement.Movement
	Boards   []deal.Board
	DD       []dd.Table // parallel to Boards, or nil
	Entrants []Entrant  // optional; missing pairs get their number only
	Start    time.Time
	// Event, when set instead of Movement, is the event as package event
	// built it (any kind: individual, Swiss pairs or teams, a round robin,
	// several sections): its entrants, sessions and the rounds drawn so
	// far, without results. Style names its movement for the console
	// ("swiss", "round-robin", "individual", "mitchell ×2").
	Event *event.Event
	Style string
}

// CreateEvent stores a new matchpoint pairs event with session 1, its
// rounds, table assignments and boards, and a code for each table. It
// returns the event's id.
func (s *Store) CreateEvent(ctx context.Context, su Setup) (int64, error) {
	if su.Event != nil {
		return s.createFromEvent(ctx, su, nil)
	}
	mv := su.Movement
	if mv == nil {
		return 0, fmt.Errorf("store: create event: %w: no movement", ErrInvalid)
	}
	if su.Name == "" {
		return 0, fmt.Errorf("store: create event: %w: no name", ErrInvalid)
	}
	if err := mv.Check(); err != nil {
		return 0, fmt.Errorf("store: create event: %w: %v", ErrInvalid, err)
	}
	byNum := map[int]int{}
	for i, b := range su.Boards {
		byNum[int(b.Number)] = i
	}
	for set := 1; set <= mv.Sets; set++ {
		first, last := mv.Boards(set)
		for b := first; b <= last; b++ {
			if _, ok := byNum[b]; !ok {
				return 0, fmt.Errorf("store: create event: %w: board %d of set %d has no deal", ErrInvalid, b, set)
			}
		}
	}
	mvJSON, err := json.Marshal(mv)
	if err != nil {
		return 0, err
	}
	kindName := map[movement.Kind]string{movement.Mitchell: "mitchell", movement.Howell: "howell"}[mv.Kind]
	if kindName == "" {
		return 0, fmt.Errorf("store: create event: %w: only Mitchell and Howell pairs movements are served", ErrInvalid)
	}
	start := cmp.Or(su.Start, s.now())
	var id int64
	err = s.tx(ctx, func(tx *sql.Tx) error {
		var err error
		if id, err = s.insertEvent(ctx, tx, eventRow{name: su.Name, kind: string(event.MatchpointPairs), scoring: string(event.Matchpoints),
			style: kindName, movement: string(mvJSON), tables: mv.Tables, rounds: len(mv.Rounds), perRound: mv.PerSet, twoWinner: mv.TwoWinner}); err != nil {
			return err
		}
		if _, err = tx.ExecContext(ctx, `INSERT INTO sections (event_id, name) VALUES ($1, 'A')`, id); err != nil {
			return err
		}
		if _, err = tx.ExecContext(ctx, `INSERT INTO sessions (event_id, number, start_at) VALUES ($1, 1, $2)`, id, stamp(start)); err != nil {
			return err
		}
		names := map[int]Entrant{}
		for _, en := range su.Entrants {
			names[en.Number] = en
		}
		for n := 1; n <= mv.Entrants; n++ {
			if n == mv.Phantom {
				continue
			}
			en := names[n]
			en.Number = n
			if err := putEntrant(ctx, tx, id, en); err != nil {
				return err
			}
		}
		for _, rd := range mv.Rounds {
			if _, err := tx.ExecContext(ctx, `INSERT INTO rounds (event_id, number, session) VALUES ($1, $2, 1)`, id, rd.Number); err != nil {
				return err
			}
			for _, st := range rd.Tables {
				var boards []int
				for _, set := range st.Sets {
					first, last := mv.Boards(set)
					for b := first; b <= last; b++ {
						boards = append(boards, b)
					}
				}
				if _, err := tx.ExecContext(ctx, `INSERT INTO assignments (event_id, round, table_no, ns, ew, boards, switched) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
					id, rd.Number, st.Table, st.NS, st.EW, joinInts(boards), boolInt(st.Switch)); err != nil {
					return err
				}
			}
		}
		if err := insertBoards(ctx, tx, id, su.Boards, su.DD); err != nil {
			return err
		}
		for t := 1; t <= mv.Tables; t++ {
			if _, err := tx.ExecContext(ctx, `INSERT INTO table_codes (code, event_id, session, table_no) VALUES ($1, $2, 1, $3)`, newCode(), id, t); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("store: create event %q: %w", su.Name, err)
	}
	return id, nil
}

// eventRow is an events row as created.
type eventRow struct {
	name, kind, scoring string
	style, movement     string // the movement's name and package movement's JSON
	tables, rounds      int
	perRound            int
	twoWinner           bool
	skeleton            string
}

// insertEvent stores a new event's row and returns its id.
func (s *Store) insertEvent(ctx context.Context, tx *sql.Tx, r eventRow) (int64, error) {
	id, err := nextID(ctx, tx, "events")
	if err != nil {
		return 0, err
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO events (id, name, kind, scoring, movement, movement_json, tables_n, rounds_n, boards_per_round, two_winner, created_at, skeleton)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
		id, r.name, r.kind, r.scoring, r.style, r.movement, r.tables, r.rounds, r.perRound, boolInt(r.twoWinner), stamp(s.now()), r.skeleton)
	return id, err
}

func putEntrant(ctx context.Context, tx *sql.Tx, id int64, en Entrant) error {
	if en.Section == "" {
		en.Section = "A"
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO entrants (event_id, number, section, name) VALUES ($1, $2, $3, $4)
		ON CONFLICT (event_id, number) DO UPDATE SET section = excluded.section, name = excluded.name`, id, en.Number, en.Section, en.Name); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM players WHERE event_id = $1 AND entrant = $2`, id, en.Number); err != nil {
		return err
	}
	for i, p := range en.Players {
		if _, err := tx.ExecContext(ctx, `INSERT INTO players (event_id, entrant, seat, name, member, mp_rank) VALUES ($1, $2, $3, $4, $5, $6)`, id, en.Number, i, p.Name, p.Member, p.Rank); err != nil {
			return err
		}
	}
	return nil
}

// codeAlphabet leaves out letters and digits that read alike (0 O 1 I L).
const codeAlphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"

// newCode returns a table code: six characters, about 30 bits.
func newCode() string {
	b := make([]byte, 6)
	rand.Read(b)
	for i := range b {
		b[i] = codeAlphabet[int(b[i])%len(codeAlphabet)]
	}
	return string(b)
}

// SetEntrant sets a pair's name and players (the director's console).
func (s *Store) SetEntrant(ctx context.Context, id int64, en Entrant) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM entrants WHERE event_id = $1 AND number = $2`, id, en.Number).Scan(&n); err != nil {
			return err
		}
		if n == 0 {
			return fmt.Errorf("store: pair %d: %w", en.Number, ErrNotFound)
		}
		return putEntrant(ctx, tx, id, en)
	})
}

// Events lists the events, newest first.
func (s *Store) Events(ctx context.Context) ([]Event, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id, name, kind, scoring, movement, tables_n, rounds_n, boards_per_round, two_winner, published, created_at, laws FROM events ORDER BY id DESC`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Event
	for rows.Next() {
		ev, err := scanEvent(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, ev)
	}
	return out, rows.Err()
}

type scanner interface{ Scan(...any) error }

func scanEvent(r scanner) (Event, error) {
	var ev Event
	var two, pub int
	var created string
	err := r.Scan(&ev.ID, &ev.Name, &ev.Kind, &ev.Scoring, &ev.Movement, &ev.Tables, &ev.Rounds, &ev.PerRound, &two, &pub, &created, &ev.Laws)
	ev.TwoWinner, ev.Published, ev.Created = two == 1, pub == 1, parseStamp(created)
	return ev, err
}

// Event returns the event with the given id.
func (s *Store) Event(ctx context.Context, id int64) (Event, error) {
	ev, err := scanEvent(s.cached(s.db).QueryRowContext(ctx, `SELECT id, name, kind, scoring, movement, tables_n, rounds_n, boards_per_round, two_winner, published, created_at, laws FROM events WHERE id = $1`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return ev, fmt.Errorf("store: event %d: %w", id, ErrNotFound)
	}
	return ev, err
}

// Movement returns the event's movement as package movement built it.
func (s *Store) Movement(ctx context.Context, id int64) (*movement.Movement, error) {
	var text string
	if err := s.db.QueryRowContext(ctx, `SELECT movement_json FROM events WHERE id = $1`, id).Scan(&text); err != nil {
		return nil, fmt.Errorf("store: event %d movement: %w", id, err)
	}
	var mv movement.Movement
	return &mv, json.Unmarshal([]byte(text), &mv)
}

// SetPublished publishes or withdraws the event's results from the public
// pages.
func (s *Store) SetPublished(ctx context.Context, id int64, on bool) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		r, err := tx.ExecContext(ctx, `UPDATE events SET published = $1, revision = revision + 1 WHERE id = $2`, boolInt(on), id)
		if err != nil {
			return err
		}
		if n, _ := r.RowsAffected(); n == 0 {
			return fmt.Errorf("store: event %d: %w", id, ErrNotFound)
		}
		return nil
	})
}

// SetLaws sets the code of laws the event is played under: "2017" or
// "1997" (also "17", "97"; laws.ParseEdition).
func (s *Store) SetLaws(ctx context.Context, id int64, edition string) error {
	ed, err := laws.ParseEdition(strings.TrimSpace(edition))
	if err != nil {
		return fmt.Errorf("store: event %d: %w: %v", id, ErrInvalid, err)
	}
	code := "2017"
	if ed == laws.Edition1997 {
		code = "1997"
	}
	return s.tx(ctx, func(tx *sql.Tx) error {
		r, err := tx.ExecContext(ctx, `UPDATE events SET laws = $1, revision = revision + 1 WHERE id = $2`, code, id)
		if err != nil {
			return err
		}
		if n, _ := r.RowsAffected(); n == 0 {
			return fmt.Errorf("store: event %d: %w", id, ErrNotFound)
		}
		return nil
	})
}

// Entrants returns the event's pairs with their players, by number.
func (s *Store) Entrants(ctx context.Context, id int64) ([]Entrant, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT number, section, name FROM entrants WHERE event_id = $1 ORDER BY number`, id)
	if err != nil {
		return nil, err
	}
	var out []Entrant
	idx := map[int]int{}
	for rows.Next() {
		var en Entrant
		if err := rows.Scan(&en.Number, &en.Section, &en.Name); err != nil {
			rows.Close()
			return nil, err
		}
		idx[en.Number] = len(out)
		out = append(out, en)
	}
	rows.Close()
	prow, err := s.db.QueryContext(ctx, `SELECT entrant, name, member, mp_rank FROM players WHERE event_id = $1 ORDER BY entrant, seat`, id)
	if err != nil {
		return nil, err
	}
	defer prow.Close()
	for prow.Next() {
		var n int
		var p Player
		if err := prow.Scan(&n, &p.Name, &p.Member, &p.Rank); err != nil {
			return nil, err
		}
		if i, ok := idx[n]; ok {
			out[i].Players = append(out[i].Players, p)
		}
	}
	return out, prow.Err()
}

// Assignments returns every table of every round, by round and table.
func (s *Store) Assignments(ctx context.Context, id int64) ([]Assignment, error) {
	return s.assignments(ctx, s.db, id, `ORDER BY round, table_no`)
}

type querier interface {
	QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, q string, args ...any) *sql.Row
}

func (s *Store) assignments(ctx context.Context, q querier, id int64, tail string, args ...any) ([]Assignment, error) {
	rows, err := q.QueryContext(ctx, `SELECT round, table_no, ns, ew, boards, switched FROM assignments WHERE event_id = $1 `+tail, append([]any{id}, args...)...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Assignment
	for rows.Next() {
		var a Assignment
		var boards string
		var sw int
		if err := rows.Scan(&a.Round, &a.Table, &a.NS, &a.EW, &boards, &sw); err != nil {
			return nil, err
		}
		a.Boards, a.Switch = splitInts(boards), sw == 1
		out = append(out, a)
	}
	return out, rows.Err()
}

// Boards returns the event's boards by number.
func (s *Store) Boards(ctx context.Context, id int64) ([]Board, error) {
	return s.boards(ctx, s.db, id, `ORDER BY number`)
}

func (s *Store) boards(ctx context.Context, q querier, id int64, tail string, args ...any) ([]Board, error) {
	rows, err := q.QueryContext(ctx, `SELECT number, deal, dd FROM boards WHERE event_id = $1 `+tail, append([]any{id}, args...)...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Board
	for rows.Next() {
		var n int
		var dealText, ddText string
		if err := rows.Scan(&n, &dealText, &ddText); err != nil {
			return nil, err
		}
		d, err := bridge.ParseDeal(dealText)
		if err != nil {
			return nil, fmt.Errorf("store: board %d: %w", n, err)
		}
		b := Board{Board: deal.NewBoard(bridge.Board(n), d)}
		if ddText != "" {
			var t dd.Table
			if json.Unmarshal([]byte(ddText), &t) == nil {
				b.DD = &t
			}
		}
		out = append(out, b)
	}
	return out, rows.Err()
}

// SetDD stores a board's double-dummy table (solved after the event was
// created, since solving takes seconds).
func (s *Store) SetDD(ctx context.Context, id int64, board int, t dd.Table) error {
	text, err := json.Marshal(t)
	if err != nil {
		return err
	}
	return s.tx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `UPDATE boards SET dd = $1 WHERE event_id = $2 AND number = $3`, string(text), id, board)
		return err
	})
}

// Rounds returns the rounds' states.
func (s *Store) Rounds(ctx context.Context, id int64) ([]Round, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT number, session, started_at, closed_at FROM rounds WHERE event_id = $1 ORDER BY number`, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Round
	for rows.Next() {
		var r Round
		var st, cl sql.NullString
		if err := rows.Scan(&r.Number, &r.Session, &st, &cl); err != nil {
			return nil, err
		}
		r.Started, r.Closed = nullStamp(st), nullStamp(cl)
		out = append(out, r)
	}
	return out, rows.Err()
}

// StartRound opens round n for entry; the session must not be closed.
func (s *Store) StartRound(ctx context.Context, id int64, n int) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		var closed sql.NullString
		err := tx.QueryRowContext(ctx, `SELECT s.closed_at FROM rounds r JOIN sessions s ON s.event_id = r.event_id AND s.number = r.session WHERE r.event_id = $1 AND r.number = $2`, id, n).Scan(&closed)
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("store: round %d: %w", n, ErrNotFound)
		}
		if err != nil {
			return err
		}
		if closed.Valid {
			return fmt.Errorf("store: round %d: session %w", n, ErrClosed)
		}
		_, err = tx.ExecContext(ctx, `UPDATE rounds SET started_at = COALESCE(started_at, $1), closed_at = NULL WHERE event_id = $2 AND number = $3`, stamp(s.now()), id, n)
		return err
	})
}

// CloseRound closes round n: tables no longer enter its results.
func (s *Store) CloseRound(ctx context.Context, id int64, n int) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		r, err := tx.ExecContext(ctx, `UPDATE rounds SET closed_at = $1 WHERE event_id = $2 AND number = $3 AND started_at IS NOT NULL`, stamp(s.now()), id, n)
		if err != nil {
			return err
		}
		if k, _ := r.RowsAffected(); k == 0 {
			return fmt.Errorf("store: round %d not started: %w", n, ErrConflict)
		}
		return nil
	})
}

// Sessions returns the event's sessions with their postings.
func (s *Store) Sessions(ctx context.Context, id int64) ([]Session, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT number, start_at, posted_at, closed_at FROM sessions WHERE event_id = $1 ORDER BY number`, id)
	if err != nil {
		return nil, err
	}
	var out []Session
	for rows.Next() {
		var se Session
		var start string
		var posted, closed sql.NullString
		if err := rows.Scan(&se.Number, &start, &posted, &closed); err != nil {
			rows.Close()
			return nil, err
		}
		se.Start, se.Posted, se.Closed = parseStamp(start), nullStamp(posted), nullStamp(closed)
		out = append(out, se)
	}
	rows.Close()
	prow, err := s.db.QueryContext(ctx, `SELECT session, at FROM postings WHERE event_id = $1 ORDER BY at`, id)
	if err != nil {
		return nil, err
	}
	defer prow.Close()
	for prow.Next() {
		var n int
		var at string
		if err := prow.Scan(&n, &at); err != nil {
			return nil, err
		}
		for i := range out {
			if out[i].Number == n {
				out[i].Postings = append(out[i].Postings, parseStamp(at))
			}
		}
	}
	return out, prow.Err()
}

// PostSession posts the session's scores: the NSWBA 13 correction windows
// run from now, every round of the session closes and the table codes of the
// session expire. Session 0 is the first session not posted yet, or the
// last when every one is (a posting again).
func (s *Store) PostSession(ctx context.Context, id int64, session int) error {
	now := stamp(s.now())
	return s.tx(ctx, func(tx *sql.Tx) error {
		if session == 0 {
			err := tx.QueryRowContext(ctx, `SELECT COALESCE(MIN(CASE WHEN posted_at IS NULL THEN number END), MAX(number)) FROM sessions WHERE event_id = $1`, id).Scan(&session)
			if err != nil || session == 0 {
				return fmt.Errorf("store: event %d has no session: %w", id, ErrNotFound)
			}
		}
		r, err := tx.ExecContext(ctx, `UPDATE sessions SET posted_at = $1, closed_at = COALESCE(closed_at, $1) WHERE event_id = $2 AND number = $3`, now, id, session)
		if err != nil {
			return err
		}
		if k, _ := r.RowsAffected(); k == 0 {
			return fmt.Errorf("store: session %d: %w", session, ErrNotFound)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE rounds SET closed_at = COALESCE(closed_at, $1) WHERE event_id = $2 AND session = $3`, now, id, session); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO postings (event_id, session, at) VALUES ($1, $2, $3)`, id, session, now)
		return err
	})
}

// TableCode is a table's entry code in a session.
type TableCode struct {
	Code    string
	Event   int64
	Session int
	Table   int
}

// Codes returns the event's table codes by table.
func (s *Store) Codes(ctx context.Context, id int64) ([]TableCode, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT code, event_id, session, table_no FROM table_codes WHERE event_id = $1 ORDER BY session, table_no`, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []TableCode
	for rows.Next() {
		var c TableCode
		if err := rows.Scan(&c.Code, &c.Event, &c.Session, &c.Table); err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// TableByCode returns the table a code opens. A code of a closed session
// has expired (ErrClosed); an unknown code is ErrNotFound.
func (s *Store) TableByCode(ctx context.Context, code string) (TableCode, error) {
	var c TableCode
	var closed sql.NullString
	err := s.cached(s.db).QueryRowContext(ctx, `SELECT c.code, c.event_id, c.session, c.table_no, s.closed_at FROM table_codes c
		JOIN sessions s ON s.event_id = c.event_id AND s.number = c.session WHERE c.code = $1`, code).Scan(&c.Code, &c.Event, &c.Session, &c.Table, &closed)
	if errors.Is(err, sql.ErrNoRows) {
		return c, fmt.Errorf("store: table code: %w", ErrNotFound)
	}
	if err != nil {
		return c, err
	}
	return c, codeOpen(c, closed)
}

// TwoRooms reports whether the event's matches are played in two rooms,
// as TwoRooms says of its event file.
func (e Event) TwoRooms() bool {
	return event.Scoring(e.Scoring) == event.IMPVP || event.Scoring(e.Scoring) == event.IMPs
}

// TwoRooms reports whether the event's matches are teams matches played in
// two rooms (scoring by IMPs between the rooms): each match is then two
// tables of the server, the open room (home team North–South) and the
// closed room (home team East–West).
func TwoRooms(ev *event.Event) bool {
	return ev.Scoring == event.IMPVP || ev.Scoring == event.IMPs
}

// Tables returns the server's tables of match m of round rd: the table
// itself, or at teams its two rooms, open room 2t−1 and closed room 2t for
// match table t. An individual table seats North and East's players as its
// NS and EW (the four players are the match's). A bye is a table with an
// empty seat.
func Tables(ev *event.Event, rd *event.Round, m *event.Match) []Assignment {
	boards := m.BoardsIn(rd)
	switch {
	case m.Forfeit != nil:
		// A forfeited match is not played (NSWBA 13.9): its home side's
		// table has no opponents.
		t := m.Table
		if TwoRooms(ev) {
			t = 2*m.Table - 1
		}
		return []Assignment{{Round: rd.Number, Table: t, NS: m.NS, Boards: boards}}
	case m.Individual() && len(m.Players) == 4:
		return []Assignment{{Round: rd.Number, Table: m.Table, NS: m.Players[bridge.North], EW: m.Players[bridge.East], Boards: boards}}
	case !TwoRooms(ev):
		return []Assignment{{Round: rd.Number, Table: m.Table, NS: m.NS, EW: m.EW, Boards: boards, Switch: m.Switch}}
	case m.Bye():
		return []Assignment{{Round: rd.Number, Table: 2*m.Table - 1, NS: m.NS, Boards: boards}}
	}
	return []Assignment{
		{Round: rd.Number, Table: 2*m.Table - 1, NS: m.NS, EW: m.EW, Boards: boards},
		{Round: rd.Number, Table: 2 * m.Table, NS: m.EW, EW: m.NS, Boards: boards},
	}
}

// MatchOf returns the match table and room of a server table (Tables):
// in an event of two rooms (TwoRooms) table 2t−1 is match t's open room and
// 2t its closed room; elsewhere the table is the match's.
func MatchOf(twoRooms bool, table int) (match int, closed bool) {
	if twoRooms {
		return (table + 1) / 2, table%2 == 0
	}
	return table, false
}

// stripResults returns a copy of the event without its board results,
// computed match scores, offences, corrections and postings: the skeleton
// the store keeps beside its own tables of those.
func stripResults(ev *event.Event) (*event.Event, error) {
	var buf bytes.Buffer
	if err := ev.Write(&buf); err != nil {
		return nil, err
	}
	sk, err := event.Read(&buf, "skeleton")
	if err != nil {
		return nil, err
	}
	sk.Offences, sk.Corrections, sk.Postings = nil, nil, nil
	for _, rd := range sk.Rounds() {
		for i := range rd.Matches {
			m := &rd.Matches[i]
			// A forfeit (NSWBA 13.9), a margin entered for a whole match
			// and the time a match score was agreed (NSWBA 13) are the
			// director's and the scorer's: the skeleton keeps them. What
			// Score computes goes.
			margin := m.IMPs != nil && len(m.Results) == 0 && len(m.Closed) == 0 && m.Forfeit == nil
			m.Results, m.Closed, m.EWIMPs, m.VP, m.Provisional = nil, nil, nil, nil, false
			if !margin {
				m.IMPs = nil
			}
		}
	}
	for i := range sk.Sessions {
		sk.Sessions[i].Posted = nil
	}
	return sk, nil
}

func skeletonText(ev *event.Event) (string, error) {
	var buf bytes.Buffer
	if err := ev.Write(&buf); err != nil {
		return "", err
	}
	return buf.String(), nil
}

// imported is what an event file brings beside its skeleton: the results
// and rulings by server table, the fines, postings and corrections.
type imported struct {
	results     []Result
	marks       []mark
	rulings     []Ruling
	fines       []Fine
	corrections []CorrectionRecord
	posted      map[int]*time.Time
	posts       []event.Posting
}

// createFromEvent stores an event built by package event (Setup.Event):
// the skeleton, its sections, sessions, entrants and players, the rounds
// drawn so far with the server's tables (Tables), the boards and a code
// for each table of each session not posted; and, for an imported event
// file, what it brings. One transaction: nothing is stored when any part
// fails.
func (s *Store) createFromEvent(ctx context.Context, su Setup, im *imported) (int64, error) {
	ev := su.Event
	if su.Name != "" {
		ev.Name = su.Name
	}
	if strings.TrimSpace(ev.Name) == "" {
		return 0, fmt.Errorf("store: create event: %w: no name", ErrInvalid)
	}
	if err := ev.Validate(); err != nil {
		return 0, fmt.Errorf("store: create event %q: %w: %v", ev.Name, ErrInvalid, err)
	}
	if len(ev.Sessions) == 0 {
		return 0, fmt.Errorf("store: create event %q: %w: no session", ev.Name, ErrInvalid)
	}
	sk, err := stripResults(ev)
	if err != nil {
		return 0, fmt.Errorf("store: create event %q: %w", ev.Name, err)
	}
	skText, err := skeletonText(sk)
	if err != nil {
		return 0, err
	}
	dealt := map[int]bool{}
	for _, b := range su.Boards {
		dealt[int(b.Number)] = true
	}
	var as []Assignment
	tables, rounds := 0, 0
	roundSession := map[int]int{}
	for _, se := range sk.Sessions {
		for i := range se.Rounds {
			rd := &se.Rounds[i]
			roundSession[rd.Number] = se.Number
			rounds = max(rounds, rd.Number)
			for j := range rd.Matches {
				for _, a := range Tables(sk, rd, &rd.Matches[j]) {
					for _, b := range a.Boards {
						if !dealt[b] {
							return 0, fmt.Errorf("store: create event %q: %w: board %d of round %d has no deal", ev.Name, ErrInvalid, b, rd.Number)
						}
					}
					tables = max(tables, a.Table)
					as = append(as, a)
				}
			}
		}
	}
	if tables == 0 && !ev.Kind.Swiss() {
		return 0, fmt.Errorf("store: create event %q: %w: no table plays", ev.Name, ErrInvalid)
	}
	start := cmp.Or(su.Start, s.now())
	var id int64
	err = s.tx(ctx, func(tx *sql.Tx) error {
		var err error
		if id, err = s.insertEvent(ctx, tx, eventRow{name: ev.Name, kind: string(ev.Kind), scoring: string(ev.Scoring), style: cmp.Or(su.Style, string(ev.Kind)),
			movement: "{}", tables: tables, rounds: max(rounds, ev.PlannedRounds), perRound: ev.BoardsPerRound, twoWinner: ev.TwoWinner, skeleton: skText}); err != nil {
			return err
		}
		sections := map[string]bool{}
		for _, en := range sk.Entrants {
			sec := cmp.Or(en.Section, "A")
			if !sections[sec] {
				sections[sec] = true
				if _, err = tx.ExecContext(ctx, `INSERT INTO sections (event_id, name) VALUES ($1, $2)`, id, sec); err != nil {
					return err
				}
			}
			x := Entrant{Number: en.ID, Section: sec, Name: en.Name}
			for _, p := range en.Players {
				x.Players = append(x.Players, Player{Name: p.Name, Member: p.Member, Rank: p.Rank})
			}
			if err := putEntrant(ctx, tx, id, x); err != nil {
				return err
			}
		}
		for _, se := range sk.Sessions {
			var posted any
			if im != nil && im.posted[se.Number] != nil {
				posted = stamp(*im.posted[se.Number])
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO sessions (event_id, number, start_at, posted_at, closed_at) VALUES ($1, $2, $3, $4, $4)`,
				id, se.Number, stamp(cmp.Or(se.Start, start)), posted); err != nil {
				return err
			}
			if posted != nil {
				continue
			}
			for t := 1; t <= tables; t++ {
				if _, err := tx.ExecContext(ctx, `INSERT INTO table_codes (code, event_id, session, table_no) VALUES ($1, $2, $3, $4)`, newCode(), id, se.Number, t); err != nil {
					return err
				}
			}
		}
		if err := insertRounds(ctx, tx, id, roundSession, as); err != nil {
			return err
		}
		if err := insertBoards(ctx, tx, id, su.Boards, su.DD); err != nil {
			return err
		}
		if im != nil {
			return s.putImported(ctx, tx, id, im)
		}
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("store: create event %q: %w", ev.Name, err)
	}
	return id, nil
}

// insertBoards stores the boards with their double-dummy tables (dds is
// parallel to boards, or shorter).
func insertBoards(ctx context.Context, tx *sql.Tx, id int64, boards []deal.Board, dds []dd.Table) error {
	for i, b := range boards {
		var ddText string
		if i < len(dds) {
			t, _ := json.Marshal(dds[i])
			ddText = string(t)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO boards (event_id, number, dealer, vul, deal, dd) VALUES ($1, $2, $3, $4, $5, $6)`,
			id, int(b.Number), b.Dealer.String(), b.Vulnerability.String(), b.Deal.Format(bridge.North), ddText); err != nil {
			return fmt.Errorf("board %d: %w", b.Number, err)
		}
	}
	return nil
}

// insertRounds stores rounds (number → session) and their tables.
func insertRounds(ctx context.Context, tx *sql.Tx, id int64, roundSession map[int]int, as []Assignment) error {
	nums := make([]int, 0, len(roundSession))
	for n := range roundSession {
		nums = append(nums, n)
	}
	slices.Sort(nums)
	for _, n := range nums {
		if _, err := tx.ExecContext(ctx, `INSERT INTO rounds (event_id, number, session) VALUES ($1, $2, $3)`, id, n, roundSession[n]); err != nil {
			return err
		}
	}
	for _, a := range as {
		if _, err := tx.ExecContext(ctx, `INSERT INTO assignments (event_id, round, table_no, ns, ew, boards, switched) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
			id, a.Round, a.Table, a.NS, a.EW, joinInts(a.Boards), boolInt(a.Switch)); err != nil {
			return fmt.Errorf("round %d table %d: %w", a.Round, a.Table, err)
		}
	}
	return nil
}

// Skeleton returns the event as package event holds it without results
// (Setup.Event); nil for an event created before the store kept one (a
// single-section pairs movement, rebuilt from its movement).
func (s *Store) Skeleton(ctx context.Context, id int64) (*event.Event, error) {
	var text string
	err := s.db.QueryRowContext(ctx, `SELECT skeleton FROM events WHERE id = $1`, id).Scan(&text)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("store: event %d: %w", id, ErrNotFound)
	}
	if err != nil || text == "" {
		return nil, err
	}
	ev, err := event.Read(strings.NewReader(text), fmt.Sprintf("event %d", id))
	if err != nil {
		return nil, fmt.Errorf("store: event %d skeleton: %w", id, err)
	}
	return ev, nil
}

// AddRound stores a round drawn by package event (a Swiss draw) into the
// event: the skeleton gains the round (taken from drawn, the event as the
// draw left it) and the round's tables are stored, codes added for new
// tables. prev is the number of rounds the draw was made from: when the
// event has gained a round since, the draw is refused (ErrConflict) so that
// two draws never race.
func (s *Store) AddRound(ctx context.Context, id int64, drawn *event.Event, round int, prev int) error {
	sess, rd, err := drawn.Round(round)
	if err != nil {
		return fmt.Errorf("store: add round %d: %w: %v", round, ErrInvalid, err)
	}
	return s.tx(ctx, func(tx *sql.Tx) error {
		var text string
		if err := tx.QueryRowContext(ctx, `SELECT skeleton FROM events WHERE id = $1`, id).Scan(&text); err != nil {
			return fmt.Errorf("store: event %d: %w", id, ErrNotFound)
		}
		if text == "" {
			return fmt.Errorf("store: event %d: %w: a movement event draws no rounds", id, ErrInvalid)
		}
		sk, err := event.Read(strings.NewReader(text), "skeleton")
		if err != nil {
			return err
		}
		if n := len(sk.Rounds()); n != prev {
			return fmt.Errorf("store: event %d has %d rounds, the draw was made from %d: %w", id, n, prev, ErrConflict)
		}
		x := *rd
		x.Matches = slices.Clone(rd.Matches)
		for i := range x.Matches {
			m := &x.Matches[i]
			m.Results, m.Closed, m.IMPs, m.EWIMPs, m.VP, m.Provisional = nil, nil, nil, nil, nil, false
		}
		found := false
		for i := range sk.Sessions {
			if sk.Sessions[i].Number == sess.Number {
				sk.Sessions[i].Rounds = append(sk.Sessions[i].Rounds, x)
				found = true
			}
		}
		if !found {
			return fmt.Errorf("store: round %d: %w: session %d", round, ErrNotFound, sess.Number)
		}
		var as []Assignment
		var oldTables int
		if err := tx.QueryRowContext(ctx, `SELECT tables_n FROM events WHERE id = $1`, id).Scan(&oldTables); err != nil {
			return err
		}
		tables := oldTables
		for j := range x.Matches {
			for _, a := range Tables(sk, &x, &x.Matches[j]) {
				for _, b := range a.Boards {
					var n int
					if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM boards WHERE event_id = $1 AND number = $2`, id, b).Scan(&n); err != nil {
						return err
					}
					if n == 0 {
						return fmt.Errorf("store: round %d: %w: board %d has no deal (deal or import more boards)", round, ErrInvalid, b)
					}
				}
				tables = max(tables, a.Table)
				as = append(as, a)
			}
		}
		newText, err := skeletonText(sk)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE events SET skeleton = $1, tables_n = $2, rounds_n = CASE WHEN rounds_n < $3 THEN $3 ELSE rounds_n END, revision = revision + 1 WHERE id = $4`,
			newText, tables, round, id); err != nil {
			return err
		}
		for t := oldTables + 1; t <= tables; t++ {
			if _, err := tx.ExecContext(ctx, `INSERT INTO table_codes (code, event_id, session, table_no) VALUES ($1, $2, $3, $4)`, newCode(), id, sess.Number, t); err != nil {
				return err
			}
		}
		return insertRounds(ctx, tx, id, map[int]int{round: sess.Number}, as)
	})
}

// Seating is the four players of an individual event's table in one
// round, in the order North, East, South, West (Law 5A).
type Seating struct {
	Round, Table int
	Players      []int
}

// Seatings returns the seats of every table of an individual event, from
// its movement (package event's Match.Players); none for an event of pairs
// or teams.
func (s *Store) Seatings(ctx context.Context, id int64) ([]Seating, error) {
	ev, err := s.Skeleton(ctx, id)
	if err != nil || ev == nil {
		return nil, err
	}
	var out []Seating
	for _, rd := range ev.Rounds() {
		for _, m := range rd.Matches {
			if m.Individual() && len(m.Players) == 4 {
				out = append(out, Seating{Round: rd.Number, Table: m.Table, Players: m.Players})
			}
		}
	}
	return out, nil
}

// skeletonIn reads the event's skeleton in the writing transaction: nil
// for an event created before the store kept one, ErrNotFound for no
// event.
func skeletonIn(ctx context.Context, tx *sql.Tx, id int64) (*event.Event, error) {
	var text string
	if err := tx.QueryRowContext(ctx, `SELECT skeleton FROM events WHERE id = $1`, id).Scan(&text); errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("event %d: %w", id, ErrNotFound)
	} else if err != nil || text == "" {
		return nil, err
	}
	return event.Read(strings.NewReader(text), "skeleton")
}

// Forfeit declares the match at match table match of round round forfeited
// by entrant offender, through package event's rule (NSWBA 13.9: the
// offender scores 0 VPs, the other side the award, adjusted at the end):
// the event's skeleton keeps it, so that every ranking scores it. Results
// already entered are kept but not scored. An event with no forfeits (a
// pairs or individual movement scored by matchpoints) refuses it
// (ErrInvalid).
func (s *Store) Forfeit(ctx context.Context, id int64, round, match, offender int) error {
	err := s.tx(ctx, func(tx *sql.Tx) error {
		sk, err := skeletonIn(ctx, tx, id)
		if err != nil {
			return err
		}
		if sk == nil {
			return fmt.Errorf("%w: a movement scored by matchpoints has no forfeited matches (NSWBA 13.9 is for events scored by IMPs)", ErrInvalid)
		}
		if sk.Scoring == event.Matchpoints {
			return fmt.Errorf("%w: an event scored by matchpoints has no forfeited matches (NSWBA 13.9 is for events scored by IMPs)", ErrInvalid)
		}
		if _, _, m, err := sk.Match(round, match); err != nil {
			return fmt.Errorf("%w: %v", ErrNotFound, err)
		} else if m.Forfeit != nil {
			return fmt.Errorf("%w: round %d match %d is already forfeited", ErrConflict, round, match)
		}
		if err := sk.Forfeit(round, match, offender); err != nil {
			return fmt.Errorf("%w: %v", ErrInvalid, err)
		}
		newText, err := skeletonText(sk)
		if err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `UPDATE events SET skeleton = $1, revision = revision + 1 WHERE id = $2`, newText, id)
		return err
	})
	if err != nil {
		return fmt.Errorf("store: forfeit of round %d match %d by %d: %w", round, match, offender, err)
	}
	return nil
}
