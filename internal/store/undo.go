package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/bridgetd/bridgetd/event"
)

// Undone is a drawn round the director undid: the round as it was drawn
// (package event's Round), who undid it, when and why.
type Undone struct {
	ID    int64
	Round int
	Drawn event.Round
	By    string
	Why   string
	At    time.Time
}

// UndoRound undoes the last drawn round of a Swiss event (DrawSwiss)
// before any of its results exists: the round leaves the event's skeleton
// with its tables, and the round as drawn is kept with who undid it, when
// and why (Undone), so that it can be drawn again (a wrong draw, an
// entrant withdrawn before play). Once a table has entered a result of
// the round, the director has given a ruling or declared a forfeit in it,
// or a margin has been entered for one of its matches, the draw stands:
// ErrConflict, naming what is there. A round that is not the last drawn,
// or an event that is not a Swiss, is ErrInvalid.
func (s *Store) UndoRound(ctx context.Context, id int64, round int, by, why string) (Undone, error) {
	u := Undone{Round: round, By: strings.TrimSpace(by), Why: strings.TrimSpace(why)}
	if u.By == "" || u.Why == "" {
		return u, fmt.Errorf("store: undo round %d: %w: who and why are required", round, ErrInvalid)
	}
	err := s.tx(ctx, func(tx *sql.Tx) error {
		sk, err := skeletonIn(ctx, tx, id)
		if err != nil {
			return err
		}
		if sk == nil {
			return fmt.Errorf("%w: only a Swiss round is drawn, so only one is undone (a movement's rounds are fixed)", ErrInvalid)
		}
		if !sk.Kind.Swiss() {
			return fmt.Errorf("%w: only a Swiss round is drawn, so only one is undone (this is %s)", ErrInvalid, sk.Kind)
		}
		rounds := sk.Rounds()
		if len(rounds) == 0 || rounds[len(rounds)-1].Number != round {
			return fmt.Errorf("%w: round %d is not the last drawn round; only the last is undone", ErrInvalid, round)
		}
		rd := rounds[len(rounds)-1]
		for _, m := range rd.Matches {
			if m.Forfeit != nil {
				return fmt.Errorf("%w: round %d stands: its match at table %d is forfeited (NSWBA 13.9)", ErrConflict, round, m.Table)
			}
			if m.IMPs != nil && !m.Bye() {
				return fmt.Errorf("%w: round %d stands: a margin is entered for its match at table %d", ErrConflict, round, m.Table)
			}
		}
		for _, q := range []struct{ table, what string }{
			{"results", "a result is entered"},
			{"rulings", "the director has given a ruling"},
			{"corrections", "a result has been corrected"},
		} {
			var n int
			var table, b sql.NullInt64
			if err := tx.QueryRowContext(ctx, `SELECT COUNT(*), MIN(table_no), MIN(board) FROM `+q.table+` WHERE event_id = $1 AND round = $2`, id, round).Scan(&n, &table, &b); err != nil {
				return err
			}
			if n > 0 {
				return fmt.Errorf("%w: round %d stands: %s (board %d at table %d, %d in all); a draw is undone only before any of its results", ErrConflict, round, q.what, b.Int64, table.Int64, n)
			}
		}
		drawn, err := json.Marshal(rd)
		if err != nil {
			return err
		}
		u.Drawn = *rd
		for i := range sk.Sessions {
			se := &sk.Sessions[i]
			if n := len(se.Rounds); n > 0 && se.Rounds[n-1].Number == round {
				se.Rounds = se.Rounds[:n-1]
			}
		}
		newText, err := skeletonText(sk)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE events SET skeleton = $1, revision = revision + 1 WHERE id = $2`, newText, id); err != nil {
			return err
		}
		for _, del := range []string{`DELETE FROM assignments WHERE event_id = $1 AND round = $2`, `DELETE FROM rounds WHERE event_id = $1 AND number = $2`} {
			if _, err := tx.ExecContext(ctx, del, id, round); err != nil {
				return err
			}
		}
		if u.ID, err = nextID(ctx, tx, "round_undos"); err != nil {
			return err
		}
		u.At = s.now()
		_, err = tx.ExecContext(ctx, `INSERT INTO round_undos (id, event_id, round, drawn, by_whom, why, at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
			u.ID, id, round, string(drawn), u.By, u.Why, stamp(u.At))
		return err
	})
	if err != nil {
		return u, fmt.Errorf("store: undo round %d: %w", round, err)
	}
	return u, nil
}

// Undos returns the rounds the director undid, in order.
func (s *Store) Undos(ctx context.Context, id int64) ([]Undone, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id, round, drawn, by_whom, why, at FROM round_undos WHERE event_id = $1 ORDER BY id`, id)
	if err != nil {
		return nil, fmt.Errorf("store: undone rounds: %w", err)
	}
	defer rows.Close()
	var out []Undone
	for rows.Next() {
		var u Undone
		var drawn, at string
		if err := rows.Scan(&u.ID, &u.Round, &drawn, &u.By, &u.Why, &at); err != nil {
			return nil, err
		}
		if err := json.Unmarshal([]byte(drawn), &u.Drawn); err != nil {
			return nil, fmt.Errorf("store: undone round %d: %w", u.Round, err)
		}
		u.At = parseStamp(at)
		out = append(out, u)
	}
	return out, rows.Err()
}
