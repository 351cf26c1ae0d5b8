package event

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/laws"
)

// ErrNeedsAdjustment is returned for a board ruling whose rulings call
// for an adjusted score (Law 12): the table result cannot be entered from
// the play; the Director enters the adjusted score itself.
var ErrNeedsAdjustment = errors.New("the ruling calls for an adjusted score")

// BoardRuling is a Director's ruling on one board at a table as the event
// takes it: the table log as ruled (laws.Result, the JSON of "bridgetd
// rule") and where it was played.
type BoardRuling struct {
	Round, Table int
	// Closed is the closed room of a teams match (home team East–West).
	Closed bool
	Ruling *laws.Result
	// Form is the number of the fouled form the table played (Law 87B)
	// when the ruling found the board fouled: 0 numbers it from the deal
	// played (FouledForm); a number is the director's override, refused
	// only when it contradicts the deals recorded. 0 for a board not
	// fouled.
	Form int
	// At is when the procedural penalties were given; Director signs them.
	At       time.Time
	Director string
}

// ApplyRuling enters a board ruled from the table log into the event:
// the result (the contract and the tricks to be scored under Law 79,
// compared within its fouled form under Law 87B, numbered from the deal
// played unless the director gives the form) and the procedural
// penalties of Law 90 as fines in the offences register (NSWBA 7), of the
// kind their clause names (ProceduralKind), on the offending side only: a
// slow play penalty without an amount by the regulation's scale, any other
// by the amount the Director gave, in the event's units. Everything is
// checked before anything is entered (a fine the register refuses
// afterwards leaves the result entered: Desk's
// ApplyRuling then saves nothing); reg is the register the penalties are
// numbered against (may be nil).
func (ev *Event) ApplyRuling(br BoardRuling, reg *Register) (*Match, []Offence, error) {
	res, fines, err := ev.ruled(br)
	if err != nil {
		return nil, nil, err
	}
	m, err := ev.Record(Entry{Round: br.Round, Table: br.Table, Closed: br.Closed, Results: []Result{res}})
	if err != nil {
		return nil, nil, err
	}
	var out []Offence
	for _, f := range fines {
		o, err := ev.Apply(f, reg)
		if err != nil {
			return m, out, fmt.Errorf("round %d table %d board %d: %w", br.Round, br.Table, res.Board, err)
		}
		out = append(out, o...)
	}
	return m, out, nil
}

// ruled builds the result and the fines of a board ruling, or says why
// it cannot be entered.
func (ev *Event) ruled(br BoardRuling) (Result, []Fine, error) {
	lr := br.Ruling
	where := fmt.Sprintf("round %d table %d", br.Round, br.Table)
	bad := func(err error, format string, a ...any) (Result, []Fine, error) {
		return Result{}, nil, fmt.Errorf("%s: %w: %s", where, err, fmt.Sprintf(format, a...))
	}
	if lr == nil {
		return bad(ErrBadResult, "no ruling")
	}
	if lr.Board < 1 {
		return bad(ErrBadResult, "the ruling names no board (a \"board N\" line in the table log)")
	}
	where += fmt.Sprintf(" board %d", lr.Board)
	if v := bridge.Board(lr.Board).Vulnerability(); lr.Vulnerability != v {
		return bad(ErrBadResult, "the ruling's vulnerability %s is not board %d's (%s)", lr.Vulnerability, lr.Board, v)
	}
	if lr.Contract == nil {
		return bad(ErrBadResult, "the auction has not ended")
	}
	if lr.Pending != nil {
		return bad(ErrBadResult, "the ruling waits for %s (Law %s)", lr.Pending.Kind, lr.Pending.Law)
	}
	rulings := lr.Rulings
	res := Result{Board: lr.Board, Form: br.Form}
	if lr.Contract.PassedOut {
		c := bridge.PassedOut
		res.Contract = &c
	} else {
		p := lr.Play
		switch {
		case p == nil:
			return bad(ErrBadResult, "the ruling has no play (a \"deal\" line and the play in the table log)")
		case p.Pending != nil:
			return bad(ErrBadResult, "the play waits for %s (Law %s)", p.Pending.Kind, p.Pending.Law)
		case !p.Ended:
			return bad(ErrBadResult, "the play has not ended")
		}
		c := p.Contract
		res.Contract, res.Declarer, res.Tricks = &c, p.Declarer, p.ScoredTricks
		rulings = append(append([]*laws.Ruling(nil), rulings...), p.Rulings...)
		switch {
		case p.FouledBoard == nil && br.Form != 0:
			return bad(ErrBadResult, "form %d: the ruling found no fouled board (Law 87A)", br.Form)
		case p.FouledBoard != nil:
			played := p.FouledBoard.Played
			f, err := ev.FouledForm(br.Round, br.Table, br.Closed, lr.Board, played, br.Form)
			if err != nil {
				return Result{}, nil, fmt.Errorf("%s: %w", where, err)
			}
			res.Form, res.Played = f, &played
		}
	}
	var adj []string
	for _, r := range rulings {
		if r.Rect.AdjustedScore != "" {
			adj = append(adj, r.Law)
		}
	}
	if len(adj) > 0 {
		return bad(ErrNeedsAdjustment, "Law %s: enter the adjusted score (Law 12)", strings.Join(adj, ", "))
	}
	if err := res.Complete(); err != nil {
		return Result{}, nil, fmt.Errorf("%s: %w", where, err)
	}
	var fines []Fine
	if lr.Play != nil {
		_, _, m, err := ev.Match(br.Round, br.Table)
		if err != nil {
			return Result{}, nil, err
		}
		for _, pp := range lr.Play.ProceduralPenalties {
			f, err := ev.fineFor(pp, br, m)
			if err != nil {
				return Result{}, nil, fmt.Errorf("%s: %w", where, err)
			}
			fines = append(fines, f)
		}
	}
	return res, fines, nil
}

// FouledForm numbers the form of a fouled board (Law 87) that the table
// at round r and table t (closed: its closed room) played as deal played:
// results of the same board compared with it (the round's pool: every
// round of a movement, the round alone in a Swiss event) that record the
// same deal played (Result.Played) share their form; a deal not met yet
// takes the next number the board's results do not use (forms entered by
// hand without their deal are not matched, only counted). Law 87B scores
// each form as a board of its own. want is the director's number, 0 to
// number it automatically; it is refused when another result of the board
// recorded another deal under that number, or the same deal under
// another.
func (ev *Event) FouledForm(r, t int, closed bool, board int, played bridge.Deal, want int) (int, error) {
	_, rd, _, err := ev.Match(r, t)
	if err != nil {
		return 0, err
	}
	if want < 0 {
		return 0, fmt.Errorf("%w: form %d: want a fouled form from 1, or 0 to number it from the deal played (Law 87B)", ErrBadResult, want)
	}
	same, top := 0, 0
	var sameAt string
	for _, x := range ev.pool(rd) {
		for i := range x.Matches {
			m := &x.Matches[i]
			for _, rm := range m.rooms() {
				room, rs := rm.name, rm.rs
				if x == rd && m.Table == t && (room == RoomClosed) == closed {
					continue // the result this ruling replaces
				}
				for _, res := range rs {
					if res.Board != board {
						continue
					}
					top = max(top, res.Form)
					if res.Played == nil || res.Form == 0 {
						continue
					}
					at := fmt.Sprintf("round %d table %d%s", x.Number, m.Table, roomName(room))
					switch {
					case *res.Played == played:
						same, sameAt = res.Form, at
					case res.Form == want:
						return 0, &FormError{Board: board, Form: want, At: at}
					}
				}
			}
		}
	}
	switch {
	case want == 0 && same > 0:
		return same, nil
	case want == 0:
		return top + 1, nil
	case same > 0 && same != want:
		return 0, &FormError{Board: board, Form: want, At: sameAt, Same: same}
	}
	return want, nil
}

// FormError refuses a fouled form number that contradicts the deals the
// board's tables recorded (Law 87B: a form is one deal, a deal one form):
// another deal was played under Form at At, or (Same > 0) the same deal
// was played as form Same at At. It matches ErrBadResult, and reads as the
// reason alone, for the director's page.
type FormError struct {
	Board, Form int
	At          string // where the other table played: "round 2 table 3"
	Same        int    // the form the same deal was played as, 0 if another deal
}

func (e *FormError) Error() string {
	if e.Same > 0 {
		return fmt.Sprintf("board %d: the same deal was played as form %d at %s (Law 87B), not form %d", e.Board, e.Same, e.At, e.Form)
	}
	return fmt.Sprintf("board %d form %d was played with another deal at %s (Law 87B: a form is one deal)", e.Board, e.Form, e.At)
}

// Is reports whether target is ErrBadResult.
func (e *FormError) Is(target error) bool { return target == ErrBadResult }

// fineFor turns a Law 90 procedural penalty on a seat into a fine on the
// entrant who held that seat, of the kind its clause names
// (ProceduralKind): a warning or an amount given in the log is the
// director's fixed penalty (in the event's units); a slow play penalty
// without one takes the regulation's scale (NSWBA 7.4). Whatever the
// kind, only the offending side is penalised (NSWBA 7.3: the Director
// may penalise a partnership at any time).
func (ev *Event) fineFor(pp laws.ProceduralPenalty, br BoardRuling, m *Match) (Fine, error) {
	who, err := seatEntrant(m, pp.Seat, br.Closed)
	if err != nil {
		return Fine{}, err
	}
	if en, err := ev.Entrant(who); err != nil || len(en.Players) == 0 {
		return Fine{}, fmt.Errorf("procedural penalty %s %s: %w: entrant %d has no players named, and a fine is registered against players (NSWBA 7.1)", pp.Seat, pp.Offence, ErrInvalid, who)
	}
	f := Fine{Kind: ProceduralKind(pp.Law), At: br.At, Round: br.Round, Table: br.Table, Entrant: who, Director: br.Director,
		Note: fmt.Sprintf("Law %s: %s (%s)", pp.Law, pp.Offence, pp.Seat)}
	if br.At.IsZero() {
		return Fine{}, fmt.Errorf("procedural penalty %s %s: %w: give the time it was given", pp.Seat, pp.Offence, ErrNeedTime)
	}
	if f.Kind == SlowPlay {
		for _, id := range m.Entrants() {
			if id != who {
				f.Innocent = append(f.Innocent, id)
			}
		}
	}
	pen := pp.Penalty
	switch {
	case f.Kind == SlowPlay && !pen.Warning && pen.TopPercent == 0 && pen.VP == 0:
		// the regulation's scale (NSWBA 7.4)
	case pen.Warning:
		f.Fixed = &pen
		f.Note += ": warning"
	case pen.TopPercent == 0 && pen.VP == 0:
		scale := "the regulation has no scale for it"
		if f.Kind == Late {
			scale = "the regulation's scale goes by the minutes late (NSWBA 7.2), which the log does not give"
		}
		return Fine{}, fmt.Errorf("procedural penalty %s %s (Law %s): %w: %s; give the amount in the log (10%%, 1VP or warning)", pp.Seat, pp.Offence, pp.Law, ErrInvalid, scale)
	default:
		amount, unit := ev.fine(pen)
		if amount == 0 {
			return Fine{}, fmt.Errorf("procedural penalty %s %s (Law %s): %w: %s is worth nothing in this event (scored in %s; a percentage needs the event's top)", pp.Seat, pp.Offence, pp.Law, ErrInvalid, pen, unit)
		}
		f.Fixed = &pen
		if f.Kind == Other {
			f.Amount = amount
		}
		f.Note += ": " + pen.String()
	}
	return f, nil
}

// seatEntrant is the entrant who held seat at the table: an individual
// table's player, else the pair or team sitting on that side (the home
// team sits North–South in the open room, East–West in the closed room;
// an arrow-switched round's North–South pair held the East–West cards).
func seatEntrant(m *Match, seat bridge.Seat, closed bool) (int, error) {
	if m.Individual() {
		if int(seat) >= len(m.Players) {
			return 0, fmt.Errorf("%w: seat %s at an individual table of %d players", ErrNoEntrant, seat, len(m.Players))
		}
		return m.Players[seat], nil
	}
	ns := seat.Side() == bridge.NS
	if closed != m.Switch {
		ns = !ns
	}
	id := m.EW
	if ns {
		id = m.NS
	}
	if id == 0 {
		return 0, fmt.Errorf("%w: nobody held %s's seat at the table", ErrNoEntrant, seat)
	}
	return id, nil
}

// ApplyRuling enters a board ruling in the stored event (Event.ApplyRuling)
// and adds its fines to the register, as Fine does: the event is saved
// first, nothing when the ruling is refused.
func (d Desk) ApplyRuling(ctx context.Context, br BoardRuling) (*Match, []Offence, error) {
	var reg *Register
	var regRev Revision
	if d.Register != nil {
		var err error
		if reg, regRev, err = d.Register.Load(ctx); err != nil {
			return nil, nil, err
		}
	}
	var m *Match
	var got []Offence
	if _, err := d.Update(ctx, func(ev *Event) (err error) { m, got, err = ev.ApplyRuling(br, reg); return err }); err != nil {
		return nil, nil, err
	}
	if reg != nil && len(got) > 0 {
		for _, o := range got {
			reg.Add(o)
		}
		if _, err := d.Register.Save(ctx, reg, regRev); err != nil {
			return m, got, fmt.Errorf("the event is saved but the register is not: %w", err)
		}
	}
	return m, got, nil
}
