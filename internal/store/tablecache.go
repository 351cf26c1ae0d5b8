package store

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"
	"time"
)

// On SQLite one writer goroutine makes every write (store.go), so it can
// know, without reading them again, the things a table's entry and
// confirmation check: the table's current round with its results so far,
// and the deal of the board. Reading them in the writing transaction was
// most of the writer's work under load (two queries over the table's
// rounds and a board read, against a few index writes). writerCache keeps
// them for the writer:
//
//   - it is filled from the writing transaction (so it sees the batch's
//     earlier writes) and used only in it: only the writer goroutine
//     touches it, without a lock;
//   - Enter and Confirm (tableTx) change it as they change the database,
//     after their last statement has succeeded;
//   - any other write drops it whole, as does a batch that fails (nothing
//     of it committed) and a write by any other connection, which the
//     writer sees at the start of each batch as a change of its
//     connection's PRAGMA data_version (another process on the file, or a
//     statement of this one that bypassed the writer).
//
// For each table it holds every open round's assignment and results, so
// that the current round moves on to the next without a read when East–
// West confirm the last board of one. PostgreSQL, shared by several server
// processes, never uses it.
type writerCache struct {
	rounds map[tableKey]*tableRounds
	boards map[boardKey]Board
}

type tableKey struct {
	event int64
	table int
}

type boardKey struct {
	event int64
	board int
}

// tableRounds is a table's assignments in the open rounds, by round, and
// its results there by round and board, as the database would give them
// back. A round before the last whose boards are all confirmed is done:
// only a director's write (which drops the cache) can change that, so its
// results are not kept.
type tableRounds struct {
	as   []Assignment
	done []bool // by index in as
	res  map[int]map[int]Result
}

// current is currentRound on the rounds held: the first with a board not
// yet confirmed, else the last; Round 0 when no round is open. A round
// found complete on the way is marked done.
func (t *tableRounds) current() (Assignment, map[int]Result) {
	for i, a := range t.as {
		if t.done[i] {
			continue
		}
		for _, b := range a.Boards {
			if t.res[a.Round][b].Status != Confirmed {
				return a, t.res[a.Round]
			}
		}
		if i < len(t.as)-1 {
			t.done[i] = true
			delete(t.res, a.Round)
		}
	}
	if len(t.as) == 0 {
		return Assignment{}, nil
	}
	last := t.as[len(t.as)-1]
	return last, t.res[last.Round]
}

// openRounds reads a table's assignments in the open rounds and its
// results there: two queries of a few index seeks each.
func (s *Store) openRounds(ctx context.Context, q querier, id int64, table int) (*tableRounds, error) {
	cq := s.cached(q)
	const open = `(SELECT number FROM rounds WHERE event_id = $1 AND started_at IS NOT NULL AND closed_at IS NULL)`
	rows, err := cq.QueryContext(ctx, `SELECT round, ns, ew, boards, switched FROM assignments
		WHERE event_id = $1 AND table_no = $2 AND ns <> 0 AND ew <> 0 AND round IN `+open+` ORDER BY round`, id, table)
	if err != nil {
		return nil, err
	}
	t := &tableRounds{res: map[int]map[int]Result{}}
	for rows.Next() {
		a := Assignment{Table: table}
		var boards string
		var sw int
		if err := rows.Scan(&a.Round, &a.NS, &a.EW, &boards, &sw); err != nil {
			rows.Close()
			return nil, err
		}
		a.Boards, a.Switch = splitInts(boards), sw == 1
		t.as = append(t.as, a)
		t.done = append(t.done, false)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	res, err := s.results(ctx, cq, id, `AND table_no = $2 AND round IN `+open, table)
	if err != nil {
		return nil, err
	}
	for _, r := range res {
		t.put(r)
	}
	return t, nil
}

// put holds r in its round's results, made when the round has its
// first; false if r's round is not an open round of the table held.
func (t *tableRounds) put(r Result) bool {
	i := slices.IndexFunc(t.as, func(a Assignment) bool { return a.Round == r.Round })
	if i < 0 || t.done[i] {
		return false
	}
	m := t.res[r.Round]
	if m == nil {
		m = map[int]Result{}
		t.res[r.Round] = m
	}
	m[r.Board] = r
	return true
}

func (c *writerCache) drop() {
	c.rounds, c.boards = nil, nil
}

// begin starts the writer's transaction: on SQLite on the writer's own
// connection, taken from the pool once and kept.
func (s *Store) begin() (*sql.Tx, error) {
	ctx := context.Background()
	if s.pg {
		return s.db.BeginTx(ctx, &sql.TxOptions{Isolation: sql.LevelRepeatableRead})
	}
	if s.wconn == nil {
		c, err := s.db.Conn(ctx)
		if err != nil {
			return nil, err
		}
		s.wconn, s.dataVersion = c, -1
	}
	tx, err := s.wconn.BeginTx(ctx, nil)
	if err != nil {
		s.dropWriterConn()
	}
	return tx, err
}

// dropWriterConn forgets the cache and returns the writer's connection to
// the pool (closed if broken); the next batch takes one again.
func (s *Store) dropWriterConn() {
	s.wcache.drop()
	if s.wconn != nil {
		s.wconn.Close()
		s.wconn = nil
	}
}

// checkDataVersion drops the cache when another connection has committed
// since the writer's last batch. It runs inside the writer's transaction,
// which holds SQLite's write lock (BEGIN IMMEDIATE): no other connection
// commits until it ends.
func (s *Store) checkDataVersion(cq cachedQuerier) error {
	if s.pg {
		return nil
	}
	var v int64
	if err := cq.QueryRowContext(context.Background(), `PRAGMA data_version`).Scan(&v); err != nil {
		return fmt.Errorf("data_version: %w", err)
	}
	if v != s.dataVersion {
		s.wcache.drop()
		s.dataVersion = v
	}
	return nil
}

// inWriter reports whether tx is the writer's transaction on SQLite: the
// caller runs in the writer goroutine and may use the cache.
func (s *Store) inWriter(tx *sql.Tx) bool {
	return !s.pg && tx != nil && tx == s.batchTx.Load()
}

// tableRound returns the table's current round and its results there
// (currentRound), from the cache in the writer.
func (s *Store) tableRound(ctx context.Context, q querier, tc TableCode) (Assignment, map[int]Result, error) {
	tx, _ := q.(*sql.Tx)
	if !s.inWriter(tx) {
		return s.currentRound(ctx, q, tc.Event, tc.Table)
	}
	k := tableKey{tc.Event, tc.Table}
	t, ok := s.wcache.rounds[k]
	if !ok {
		var err error
		if t, err = s.openRounds(ctx, q, tc.Event, tc.Table); err != nil {
			return Assignment{}, nil, err
		}
		if s.wcache.rounds == nil {
			s.wcache.rounds = map[tableKey]*tableRounds{}
		}
		s.wcache.rounds[k] = t
	}
	a, res := t.current()
	return a, res, nil
}

// board returns board n of the event, from the cache in the writer;
// ok is false when the board has no deal.
func (s *Store) board(ctx context.Context, q querier, id int64, n int) (b Board, ok bool, err error) {
	tx, _ := q.(*sql.Tx)
	k := boardKey{id, n}
	if s.inWriter(tx) {
		if b, ok := s.wcache.boards[k]; ok {
			return b, true, nil
		}
	}
	bs, err := s.boards(ctx, s.cached(q), id, `AND number = $2`, n)
	if err != nil || len(bs) == 0 {
		return Board{}, false, err
	}
	if s.inWriter(tx) {
		if s.wcache.boards == nil {
			s.wcache.boards = map[boardKey]Board{}
		}
		s.wcache.boards[k] = bs[0]
	}
	return bs[0], true, nil
}

// keep records in the cache a result the writer has just written in tx
// for table tc, as the database gives it back (stored).
func (s *Store) keep(tx *sql.Tx, tc TableCode, r Result) {
	if !s.inWriter(tx) {
		return
	}
	k := tableKey{tc.Event, tc.Table}
	if t, ok := s.wcache.rounds[k]; ok && !t.put(stored(r)) {
		delete(s.wcache.rounds, k) // not a round held: read it again
	}
}

// stored returns r as results reads it back from the database: times
// through their stored text, no warnings as nil.
func stored(r Result) Result {
	r.Entered = parseStamp(stamp(r.Entered))
	r.Confirmed = nullStamp(sql.NullString{String: stampOrEmpty(r.Confirmed), Valid: r.Confirmed != nil})
	if w := strings.Join(r.Warnings, "\n"); w != "" {
		r.Warnings = strings.Split(w, "\n")
	} else {
		r.Warnings = nil
	}
	return r
}

func stampOrEmpty(t *time.Time) string {
	if t == nil {
		return ""
	}
	return stamp(*t)
}
