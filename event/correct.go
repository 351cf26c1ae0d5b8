package event

import (
	"errors"
	"fmt"
	"slices"
	"time"
)

// Source is who made the error a correction puts right; the windows differ
// (NSWBA 13).
type Source string

// The sources of a scoring error.
const (
	PlayerError Source = "player" // the players' scoring error
	ScorerError Source = "scorer" // the official scorer's error
	// AppealDecision is a change of score on appeal: the datums and results
	// are altered accordingly, with no time limit, but a draw already made
	// stands (NSWBA 14).
	AppealDecision Source = "appeal"
)

// Correction is a change to a result, recorded with who made it, when and
// why (NSWBA 13).
type Correction struct {
	At     time.Time `json:"at"`
	By     string    `json:"by"`
	Why    string    `json:"why"`
	Source Source    `json:"source"`
	Round  int       `json:"round"`
	Table  int       `json:"table"`
	// Board is the corrected board; 0 for a correction of the match
	// margin (IMPs) entered for a whole match.
	Board int `json:"board,omitempty"`
	// Room is RoomClosed for a board result of a teams match's closed
	// room (home team East–West); empty for the open room or a table's
	// only result.
	Room string  `json:"room,omitempty"`
	Old  *Result `json:"old,omitempty"`
	New  *Result `json:"new,omitempty"`
	// OldIMPs and NewIMPs record a corrected match margin.
	OldIMPs *float64 `json:"old_imps,omitempty"`
	NewIMPs *float64 `json:"new_imps,omitempty"`
	// Appeal sets or clears a pending appeal on the result ("pending" or
	// "decided"), NSWBA 14.
	Appeal string `json:"appeal,omitempty"`
	// Deadline and Window record the window that applied.
	Deadline *time.Time `json:"deadline,omitempty"`
	Window   string     `json:"window,omitempty"`
	// Override names the director who allowed the correction after its
	// window closed.
	Override string `json:"override,omitempty"`
	// LostPlaces lists the entrants who lost a qualifying place through the
	// correction; the director must tell them (NSWBA 13).
	LostPlaces []int `json:"lost_places,omitempty"`
}

// The rooms of a teams match, as Correction.Room names them.
const (
	RoomOpen   = "open"   // the home team North–South; recorded as ""
	RoomClosed = "closed" // the home team East–West (Match.Closed)
)

// ErrLate is wrapped by a LateError.
var ErrLate = errors.New("correction after its time limit")

// LateError refuses a correction made after its window closed; it says what
// the window was.
type LateError struct {
	At       time.Time
	Deadline time.Time
	Window   string
}

// Error gives the window the correction missed.
func (e *LateError) Error() string {
	late := int(e.At.Sub(e.Deadline).Round(time.Minute) / time.Minute)
	unit := "minutes"
	if late == 1 {
		unit = "minute"
	}
	return fmt.Sprintf("correction refused: made at %s, %d %s after the time limit of %s (%s); a director may override",
		e.At.Format(clock), late, unit, e.Deadline.Format(clock), e.Window)
}

// Unwrap returns ErrLate.
func (e *LateError) Unwrap() error { return ErrLate }

// Official returns when the event's results become official, 30 minutes
// after the last session's scores are posted (NSWBA 13, results official),
// and whether that time is fixed yet.
func (ev *Event) Official() (time.Time, bool) {
	if len(ev.Sessions) == 0 {
		return time.Time{}, false
	}
	last := ev.Sessions[len(ev.Sessions)-1]
	if last.Posted == nil {
		return time.Time{}, false
	}
	return last.Posted.Add(minutes(ev.Profile().OfficialAfterMinutes)), true
}

func minutes(n int) time.Duration { return time.Duration(n) * time.Minute }

const clock = "2006-01-02 15:04"

// Window returns the time limit for correcting an error from src in the
// match at table t of round r, and the rule that sets it. ok is false when
// no limit runs yet (scores not posted, match score not agreed).
//
//   - Players' errors, teams and Butler events where the match score was
//     agreed: 30 minutes after agreement (NSWBA 13, teams and Butler).
//   - Players' errors otherwise: 30 minutes after the session's scores are
//     posted, or until 30 minutes before the next session starts, whichever
//     is later (NSWBA 13, player errors).
//   - The official scorer's errors: until the next stage of the event
//     starts (NSWBA 13, scorer errors).
//   - Nothing after the results become official, 30 minutes after the
//     final posting (NSWBA 13, results official).
func (ev *Event) Window(src Source, r, t int) (deadline time.Time, rule string, ok bool, err error) {
	p := ev.Profile()
	s, _, m, err := ev.Match(r, t)
	if err != nil {
		return time.Time{}, "", false, err
	}
	idx := slices.IndexFunc(ev.Sessions, func(x Session) bool { return x.Number == s.Number })
	switch src {
	case PlayerError:
		switch {
		case m.Agreed != nil && (ev.Kind.Teams() || ev.Scoring == ButlerVP):
			deadline = m.Agreed.Add(minutes(p.MatchAgreedCorrectionMinutes))
			rule = fmt.Sprintf("NSWBA 13, teams and Butler: players' errors until %d minutes after the match score was agreed at %s",
				p.MatchAgreedCorrectionMinutes, m.Agreed.Format(clock))
			ok = true
		case s.Posted != nil:
			deadline = s.Posted.Add(minutes(p.PlayerCorrectionMinutes))
			rule = fmt.Sprintf("NSWBA 13, players' errors: %d minutes after posting at %s", p.PlayerCorrectionMinutes, s.Posted.Format(clock))
			if idx+1 < len(ev.Sessions) {
				next := ev.Sessions[idx+1]
				before := next.Start.Add(-minutes(p.PlayerCorrectionBeforeNextMinutes))
				rule += fmt.Sprintf(" or %d minutes before session %d at %s, whichever is later",
					p.PlayerCorrectionBeforeNextMinutes, next.Number, next.Start.Format(clock))
				if before.After(deadline) {
					deadline = before
				}
			}
			ok = true
		}
	case ScorerError:
		for _, x := range ev.Sessions[idx+1:] {
			if x.stage() > s.stage() {
				deadline, ok = x.Start, true
				rule = fmt.Sprintf("NSWBA 13, scorer's errors: until the next stage starts with session %d at %s", x.Number, x.Start.Format(clock))
				break
			}
		}
	case AppealDecision:
		return time.Time{}, "", false, nil
	default:
		return time.Time{}, "", false, fmt.Errorf("correction source %q: %w", src, ErrInvalid)
	}
	if off, fixed := ev.Official(); fixed && (!ok || off.Before(deadline)) {
		deadline, ok = off, true
		rule = fmt.Sprintf("NSWBA 13, results official %d minutes after the final posting at %s", p.OfficialAfterMinutes, ev.Sessions[len(ev.Sessions)-1].Posted.Format(clock))
	}
	return deadline, rule, ok, nil
}

// Correct applies a correction: a new board result (c.New), a new match
// margin (c.NewIMPs) or an appeal mark (c.Appeal) for the match at c.Round,
// c.Table; with c.Room RoomClosed the board result is the closed room's of
// a teams match, under the same windows. A correction after its window is
// refused with a *LateError
// unless c.Override names the director allowing it. The correction is
// recorded with the old value, the window and, when sc is given, the
// entrants it costs a qualifying place (NSWBA 13); the event is re-scored
// with sc. A new result of a fouled board keeps the deal the table played
// (Result.Played) and is refused when its form number contradicts the
// deals the board's other tables recorded (FouledForm, Law 87B).
func (ev *Event) Correct(c Correction, sc Scorer) (*Correction, error) {
	if c.At.IsZero() || c.By == "" || c.Why == "" {
		return nil, fmt.Errorf("correction: %w: who, when and why are all required", ErrInvalid)
	}
	s, rd, m, err := ev.Match(c.Round, c.Table)
	if err != nil {
		return nil, err
	}
	results := &m.Results
	switch c.Room {
	case "", RoomOpen:
		c.Room = ""
	case RoomClosed:
		if c.NewIMPs != nil {
			return nil, fmt.Errorf("correction: %w: a match margin belongs to no room", ErrInvalid)
		}
		if !ev.twoRooms() {
			return nil, fmt.Errorf("correction: room %q: %w: the closed room belongs to a teams match (scoring %s or %s), not to a %s event scored by %s", c.Room, ErrInvalid, IMPVP, IMPs, ev.Kind, ev.Scoring)
		}
		results = &m.Closed
	default:
		return nil, fmt.Errorf("correction: room %q: %w: want open or closed", c.Room, ErrInvalid)
	}
	if c.NewIMPs != nil {
		if err := ev.checkMargin(*c.NewIMPs); err != nil {
			return nil, fmt.Errorf("correction: %w", err)
		}
	}
	// A correction comes after the scores it corrects were posted.
	switch {
	case s.Posted != nil && c.At.Before(*s.Posted):
		return nil, fmt.Errorf("correction at %s: %w: session %d was posted at %s; a correction comes after posting", c.At.Format(clock), ErrInvalid, s.Number, s.Posted.Format(clock))
	case c.At.Before(s.Start):
		return nil, fmt.Errorf("correction at %s: %w: session %d starts at %s", c.At.Format(clock), ErrInvalid, s.Number, s.Start.Format(clock))
	}
	if c.New != nil {
		nr := *c.New
		if err := ev.checkResult(&nr, c.Round, c.Table, c.Room, m, rd); err != nil {
			return nil, err
		}
		c.New = &nr
	}
	deadline, rule, limited, err := ev.Window(c.Source, c.Round, c.Table)
	if err != nil {
		return nil, err
	}
	if limited {
		c.Deadline, c.Window = &deadline, rule
		if c.At.After(deadline) && c.Override == "" {
			return nil, &LateError{At: c.At, Deadline: deadline, Window: rule}
		}
		if !c.At.After(deadline) {
			c.Override = ""
		}
	} else {
		c.Override = ""
	}
	var before []Standing
	if sc != nil && ev.Qualify > 0 {
		if err := ev.Score(sc); err != nil {
			return nil, err
		}
		before = ev.Standings(sc)
	}
	switch {
	case c.NewIMPs != nil:
		if m.IMPs != nil {
			old := *m.IMPs
			c.OldIMPs = &old
		}
		v := *c.NewIMPs
		m.IMPs = &v
	case c.New != nil || c.Appeal != "":
		board := c.Board
		if c.New != nil {
			if err := c.New.Complete(); err != nil {
				return nil, err
			}
			board = c.New.Board
		}
		c.Board = board
		rs := *results
		i := slices.IndexFunc(rs, func(r Result) bool { return r.Board == board })
		if i >= 0 {
			old := rs[i]
			c.Old = &old
		} else if c.New == nil {
			return nil, fmt.Errorf("round %d table %d board %d%s: %w", c.Round, c.Table, board, roomName(c.Room), ErrNoBoard)
		}
		var nr Result
		if c.New != nil {
			nr = *c.New
		} else {
			nr = rs[i]
		}
		switch c.Appeal {
		case AppealPending:
			nr.Appeal = AppealPending
		case AppealDecided:
			nr.Appeal = AppealDecided
		case "none":
			nr.Appeal = ""
		case "":
			if c.Old != nil {
				nr.Appeal = c.Old.Appeal
			}
		default:
			return nil, fmt.Errorf("appeal %q: %w: want pending or decided", c.Appeal, ErrInvalid)
		}
		if c.New != nil && nr.Form > 0 {
			// Law 87B: the deal the table played stays with its result,
			// and a form number must agree with the deals the board's
			// other tables recorded (the rule of the ruling desk)
			if nr.Played == nil && c.Old != nil && c.Old.Form > 0 {
				nr.Played = c.Old.Played
			}
			if nr.Played != nil {
				if _, err := ev.FouledForm(c.Round, c.Table, c.Room == RoomClosed, board, *nr.Played, nr.Form); err != nil {
					return nil, fmt.Errorf("correction of round %d table %d%s: %w", c.Round, c.Table, roomName(c.Room), err)
				}
			}
		}
		c.New = &nr
		if i >= 0 {
			rs[i] = nr
		} else {
			rs = append(rs, nr)
			slices.SortFunc(rs, func(a, b Result) int { return a.Board - b.Board })
		}
		*results = rs
	default:
		return nil, fmt.Errorf("correction: %w: nothing to change", ErrInvalid)
	}
	if sc != nil {
		if err := ev.Score(sc); err != nil {
			return nil, err
		}
		if before != nil {
			c.LostPlaces = LostPlaces(ev.Qualifiers(before), ev.Qualifiers(ev.Standings(sc)))
		}
	}
	ev.Corrections = append(ev.Corrections, c)
	return &ev.Corrections[len(ev.Corrections)-1], nil
}

// roomName is " (closed room)" for the closed room, else empty.
func roomName(room string) string {
	if room == RoomClosed {
		return " (closed room)"
	}
	return ""
}

// Posting records a posting of scores and who it showed as qualifying.
type Posting struct {
	Session   int       `json:"session"`
	At        time.Time `json:"at"`
	Qualified []int     `json:"qualified,omitempty"`
}

// Post records that the session's scores were posted at the given time:
// the correction windows run from it (NSWBA 13). With sc, it scores the
// event and records who the posting shows as qualifying.
func (ev *Event) Post(session int, at time.Time, sc Scorer) error {
	s, err := ev.Session(session)
	if err != nil {
		return err
	}
	t := at
	s.Posted = &t
	p := Posting{Session: session, At: at}
	if sc != nil {
		if err := ev.Score(sc); err != nil {
			return err
		}
		if ev.Qualify > 0 {
			p.Qualified = ev.Qualifiers(ev.Standings(sc))
		}
	}
	ev.Postings = append(ev.Postings, p)
	return nil
}

// NoLongerQualified returns the entrants shown as qualifying in any posting
// who do not qualify on the given standings: after the official posting the
// director must contact them (NSWBA 13). Entrants that withdrew (marked
// unavailable) are not listed.
func (ev *Event) NoLongerQualified(st []Standing) []int {
	now := ev.Qualifiers(st)
	var out []int
	for _, p := range ev.Postings {
		for _, id := range p.Qualified {
			if en, err := ev.Entrant(id); err == nil && en.Unavailable {
				continue
			}
			if !slices.Contains(now, id) && !slices.Contains(out, id) {
				out = append(out, id)
			}
		}
	}
	slices.Sort(out)
	return out
}

// LostPlaces returns the entrants in before but not in after.
func LostPlaces(before, after []int) []int {
	var out []int
	for _, id := range before {
		if !slices.Contains(after, id) {
			out = append(out, id)
		}
	}
	return out
}
