package event

import (
	"context"
	"fmt"
	"time"

	"github.com/bridgetd/bridgetd/movement"
)

// Desk runs the director's and the scorer's workflows on a stored event,
// the same for the command line and a server. Each call that changes the
// event loads it, changes it and saves it based on the revision it read:
// when another writer saved in between, the save is refused with ErrStale
// and the stored event keeps the other writer's change; the caller may read
// again and redo. A call that fails saves nothing. Events must be set.
type Desk struct {
	// Events keeps the event.
	Events Store
	// Register keeps the offences register across events (NSWBA 7.1);
	// nil when none is kept.
	Register RegisterStore
}

// Event returns the stored event and its revision.
func (d Desk) Event(ctx context.Context) (*Event, Revision, error) {
	return d.Events.Load(ctx)
}

// Update loads the event, applies change and saves the result; change's
// error cancels the save. It returns the event as saved.
func (d Desk) Update(ctx context.Context, change func(*Event) error) (*Event, error) {
	ev, rev, err := d.Events.Load(ctx)
	if err != nil {
		return nil, err
	}
	if err := change(ev); err != nil {
		return nil, err
	}
	if _, err := d.Events.Save(ctx, ev, rev); err != nil {
		return nil, err
	}
	return ev, nil
}

// Create creates the event with the given settings (Create); ErrExists
// when the store holds one already.
func (d Desk) Create(ctx context.Context, s Settings) (*Event, error) {
	ev, err := Create(s)
	if err != nil {
		return nil, err
	}
	if _, err := d.Events.Save(ctx, ev, 0); err != nil {
		return nil, err
	}
	return ev, nil
}

// AddEntrant enters a pair, team or individual and returns its number.
func (d Desk) AddEntrant(ctx context.Context, en Entrant) (id int, err error) {
	_, err = d.Update(ctx, func(ev *Event) error { id, err = ev.AddEntrant(en); return err })
	return id, err
}

// MarkUnavailable marks an entrant unavailable for the next stage (NSWBA 12).
func (d Desk) MarkUnavailable(ctx context.Context, id int) (en Entrant, err error) {
	_, err = d.Update(ctx, func(ev *Event) error {
		p, err := ev.MarkUnavailable(id)
		if err == nil {
			en = *p
		}
		return err
	})
	return en, err
}

// AddSession adds a session and returns its number.
func (d Desk) AddSession(ctx context.Context, start time.Time, stage int) (n int, err error) {
	_, err = d.Update(ctx, func(ev *Event) error { n, err = ev.AddSession(start, stage); return err })
	return n, err
}

// Seat adds the rounds of a planned matchpoint movement (Event.Seat).
func (d Desk) Seat(ctx context.Context, p MovementPlan) (*Event, *movement.Movement, error) {
	var mv *movement.Movement
	ev, err := d.Update(ctx, func(ev *Event) (err error) { mv, err = ev.Seat(p); return err })
	return ev, mv, err
}

// Record enters a table's results (Event.Record) and returns the match as
// saved.
func (d Desk) Record(ctx context.Context, e Entry) (m Match, err error) {
	_, err = d.Update(ctx, func(ev *Event) error {
		p, err := ev.Record(e)
		if err == nil {
			m = *p
		}
		return err
	})
	return m, err
}

// Forfeit declares a match forfeited by offender (NSWBA 13.9).
func (d Desk) Forfeit(ctx context.Context, round, table, offender int) (*Event, error) {
	return d.Update(ctx, func(ev *Event) error { return ev.Forfeit(round, table, offender) })
}

// Post scores the event and posts a session's scores (Event.PostScores).
func (d Desk) Post(ctx context.Context, session int, at time.Time) (*Event, *Posted, error) {
	var p *Posted
	ev, err := d.Update(ctx, func(ev *Event) (err error) { p, err = ev.PostScores(session, at); return err })
	return ev, p, err
}

// DrawSwiss draws the next Swiss round (Event.DrawSwiss).
func (d Desk) DrawSwiss(ctx context.Context, o DrawOptions) (*Event, *Drawn, error) {
	var dr *Drawn
	ev, err := d.Update(ctx, func(ev *Event) (err error) { dr, err = ev.DrawSwiss(o); return err })
	return ev, dr, err
}

// Correct applies a correction within the NSWBA 13 time limits, the event
// scored with its profile's scorer (Event.Correct), and returns it as
// recorded.
func (d Desk) Correct(ctx context.Context, c Correction) (*Event, Correction, error) {
	var got Correction
	ev, err := d.Update(ctx, func(ev *Event) error {
		sc, err := ev.NewScorer()
		if err != nil {
			return err
		}
		p, err := ev.Correct(c, sc)
		if err == nil {
			got = *p
		}
		return err
	})
	return ev, got, err
}

// Fine records an offence and its fine (NSWBA 7) in the event, numbered
// against the event and the register, and then adds the new entries to the
// register. The event is saved first: when the register's save fails the
// error says the event is saved and the register not.
func (d Desk) Fine(ctx context.Context, f Fine) ([]Offence, error) {
	var reg *Register
	var regRev Revision
	if d.Register != nil {
		var err error
		if reg, regRev, err = d.Register.Load(ctx); err != nil {
			return nil, err
		}
	}
	var got []Offence
	if _, err := d.Update(ctx, func(ev *Event) (err error) { got, err = ev.Apply(f, reg); return err }); err != nil {
		return nil, err
	}
	if reg != nil {
		for _, o := range got {
			reg.Add(o)
		}
		if _, err := d.Register.Save(ctx, reg, regRev); err != nil {
			return got, fmt.Errorf("the event is saved but the register is not: %w", err)
		}
	}
	return got, nil
}

// Report scores the stored event and returns its standings report
// (Event.Report) without saving anything.
func (d Desk) Report(ctx context.Context) (*Event, *Report, error) {
	ev, _, err := d.Events.Load(ctx)
	if err != nil {
		return nil, nil, err
	}
	rep, err := ev.Report()
	return ev, rep, err
}
