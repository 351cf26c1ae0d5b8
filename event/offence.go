package event

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/bridgetd/bridgetd/regulation"
)

// OffenceKind is the kind of an entry in the offences register (NSWBA 7.1).
type OffenceKind string

// The kinds of offence.
const (
	Late     OffenceKind = "late"      // late arrival (NSWBA 7, late arrival)
	SlowPlay OffenceKind = "slow-play" // round, session or match not finished in time (NSWBA 7.4)
	Phone    OffenceKind = "phone"     // answering a mobile phone (NSWBA 7, mobile phones)
	Other    OffenceKind = "other"     // a penalty the director fixes, e.g. over 30 minutes late
)

// ProceduralKind is the kind of register entry for a Law 90 procedural
// penalty given under law (its clause, as laws.ProceduralPenalty.Law
// holds it), in both codes: the offences the regulation keeps a run of
// are the late arrival of Law 90B1 (NSWBA 7.2) and the unduly slow play
// of Law 90B2 (NSWBA 7.3, 7.4); every other offence of Law 90B (90B3
// discussion overheard, 90B4 scores compared, 90B5 another's cards
// touched, 90B6 a wrong pocket, 90B7 an error of procedure, 90B8
// regulations or instructions not followed) has no scale in the
// regulation and is Other. A mobile phone answered is the regulation's
// own offence (NSWBA 7, mobile phones), entered with its player, not a
// clause of Law 90B.
func ProceduralKind(law string) OffenceKind {
	switch law {
	case "90B1":
		return Late
	case "90B2":
		return SlowPlay
	}
	return Other
}

// Offence is an entry in the offences register: a warning or a fine
// (NSWBA 7.1). The register is kept per pair for slow play and late arrival
// and per player for mobile phones; offences carry over from session to
// session and from event to event (NSWBA 7, carry-over).
type Offence struct {
	Kind OffenceKind `json:"kind"`
	At   time.Time   `json:"at"`
	// Event names the event the offence was committed in.
	Event   string `json:"event,omitempty"`
	Session int    `json:"session,omitempty"`
	Round   int    `json:"round,omitempty"`
	Table   int    `json:"table,omitempty"`
	// Entrant is the unit fined in Event.
	Entrant int `json:"entrant,omitempty"`
	// Players are the offenders: the pair for slow play and late arrival,
	// the player for a phone offence. Their member numbers (or names) tie
	// the entry to earlier ones.
	Players []Player `json:"players"`
	// Minutes late (late arrival).
	Minutes int `json:"minutes,omitempty"`
	// Number is the offence's number in the offenders' current run: 1 for a
	// first offence, or when the window since the previous one has passed.
	Number  int                `json:"number,omitempty"`
	Penalty regulation.Penalty `json:"penalty"`
	// Fine is the amount deducted, in Unit: "VP", "MP" or "IMPs" (0 for a
	// warning).
	Fine float64 `json:"fine"`
	Unit string  `json:"unit,omitempty"`
	// CarryOver marks a knock-out fine on both teams, carried into their
	// next matches (NSWBA 7, knock-out teams).
	CarryOver bool   `json:"carry_over,omitempty"`
	Director  string `json:"director,omitempty"`
	Note      string `json:"note,omitempty"`
}

// String is a line of the offences register.
func (o Offence) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s", o.At.Format("2006-01-02 15:04"), o.Kind)
	if o.Minutes > 0 {
		fmt.Fprintf(&b, " (%d min)", o.Minutes)
	}
	if o.Number > 0 {
		fmt.Fprintf(&b, " #%d", o.Number)
	}
	names := make([]string, len(o.Players))
	for i, p := range o.Players {
		names[i] = p.String()
	}
	fmt.Fprintf(&b, " %s", strings.Join(names, " & "))
	if o.Entrant > 0 {
		fmt.Fprintf(&b, " [entrant %d]", o.Entrant)
	}
	if o.Fine == 0 {
		fmt.Fprintf(&b, ": %s", o.Penalty)
	} else {
		fmt.Fprintf(&b, ": fine %g %s", o.Fine, o.Unit)
	}
	return b.String()
}

// who identifies the offenders in the register: member numbers (or names)
// sorted, so a pair is the same pair whichever way round it is written.
func who(ps []Player) string {
	keys := make([]string, len(ps))
	for i, p := range ps {
		keys[i] = p.key()
	}
	sort.Strings(keys)
	return strings.Join(keys, "+")
}

// same reports whether two entries are the same offence (the register and
// an event file may both hold it).
func same(a, b Offence) bool {
	return a.Kind == b.Kind && a.At.Equal(b.At) && who(a.Players) == who(b.Players) && a.Event == b.Event
}

// RegisterFormat names the version of an offences register file.
const RegisterFormat = "bridgetd-offences/1"

// Register is the offences register kept across events (NSWBA 7.1): the
// history against which an offence's number is counted.
type Register struct {
	Format   string    `json:"format"`
	Offences []Offence `json:"offences"`
}

// ReadRegister decodes a register from r; name is used in errors.
func ReadRegister(r io.Reader, name string) (*Register, error) {
	var reg Register
	if err := decodeStrict(r, name, &reg); err != nil {
		return nil, err
	}
	if reg.Format != RegisterFormat {
		return nil, fmt.Errorf("%s: %w: format: want %q, got %q", name, ErrInvalid, RegisterFormat, reg.Format)
	}
	for i, o := range reg.Offences {
		if o.At.IsZero() || len(o.Players) == 0 {
			return nil, fmt.Errorf("%s: %w: offences[%d]: needs a time and offenders", name, ErrInvalid, i)
		}
	}
	return &reg, nil
}

// encode returns the register file's bytes: indented JSON.
func (reg *Register) encode() ([]byte, error) {
	reg.Format = RegisterFormat
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(reg); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Add records o unless the register holds it already.
func (reg *Register) Add(o Offence) {
	for _, x := range reg.Offences {
		if same(x, o) {
			return
		}
	}
	reg.Offences = append(reg.Offences, o)
}

// Number returns the number an offence of kind by players at time at would
// have in their current run, given the history: offences of the same kind
// by the same offenders before at, in order; the run starts again when more
// than windowMonths calendar months separate two consecutive offences
// (NSWBA 7, six- and twelve-month windows).
func Number(history []Offence, kind OffenceKind, players []Player, at time.Time, windowMonths int) int {
	key := who(players)
	var times []time.Time
	for _, o := range history {
		if o.Kind == kind && who(o.Players) == key && o.At.Before(at) {
			times = append(times, o.At)
		}
	}
	slices.SortFunc(times, func(a, b time.Time) int { return a.Compare(b) })
	n := 0
	for i, t := range append(times, at) {
		if i == 0 || regulation.FirstAgain(times[i-1], t, windowMonths) {
			n = 1
		} else {
			n++
		}
	}
	return n
}

// history is the register's offences and the event's own, without repeats.
func (ev *Event) history(reg *Register) []Offence {
	h := slices.Clone(ev.Offences)
	if reg != nil {
	outer:
		for _, o := range reg.Offences {
			for _, x := range ev.Offences {
				if same(o, x) {
					continue outer
				}
			}
			h = append(h, o)
		}
	}
	return h
}

// fine converts a penalty to the event's units: VP scaled from the
// profile's 30-VP basis to the event's VP total (NSWBA 7), a percentage of
// the top in matchpoint events, or IMPs at 1 VP = 3 IMPs in knock-out teams
// (NSWBA 7, knock-out teams).
func (ev *Event) fine(pen regulation.Penalty) (float64, string) {
	p := ev.Profile()
	switch ev.Scoring {
	case Matchpoints:
		return round2(pen.TopPercent / 100 * ev.Top), "MP"
	case IMPs:
		return round2(pen.VP * p.KnockoutIMPsPerVP), "IMPs"
	default:
		total := ev.VPTotal
		if total == 0 {
			total = p.FineScaleVP
		}
		return round2(regulation.ScaleVP(pen.VP, p.FineScaleVP, total)), "VP"
	}
}

func round2(x float64) float64 {
	if x < 0 {
		return -round2(-x)
	}
	return float64(int64(x*100+0.5)) / 100
}

// Fine is what the director decides about an offence; the event and the
// register turn it into register entries.
type Fine struct {
	Kind     OffenceKind
	At       time.Time
	Session  int
	Round    int
	Table    int
	Entrant  int
	Minutes  int    // late arrival
	Member   string // phone: the player's member number or name
	Innocent []int  // slow play: entrants the director ruled innocent (NSWBA 7, both pairs)
	Amount   float64
	// Fixed is the penalty the director fixed instead of the regulation's
	// scale (a Law 90 procedural penalty given with its amount, or a
	// warning): a Late or SlowPlay offence takes it, fined in the event's
	// units and still numbered in its kind's run (NSWBA 7.2: over 30
	// minutes the director assesses the penalty; 7.3: slow play penalised
	// at any time); an Other offence records it beside Amount. Nil: the
	// regulation's scale.
	Fixed    *regulation.Penalty
	Director string
	Note     string
	// Entered is when the fine is entered. An offence given no time (At
	// zero) is dated then while its session is in play; once the session
	// has been posted the time must be given (ErrNeedTime). The session is
	// Session, or Round's, or else the event's last.
	Entered time.Time
}

// fixedOr is the penalty the director fixed, else the regulation's.
func fixedOr(fixed *regulation.Penalty, scale regulation.Penalty) regulation.Penalty {
	if fixed != nil {
		return *fixed
	}
	return scale
}

// ErrNoOffender is returned when a slow-play ruling leaves nobody to fine.
var ErrNoOffender = errors.New("no offender to fine")

// ErrNotAnOffence is returned for a late arrival within the grace period
// (NSWBA 7.2): nothing is recorded.
var ErrNotAnOffence = errors.New("not an offence: nothing recorded")

// ErrNeedTime is returned for a fine without a time once its session has
// been posted: entered after the play, the time of entry would misdate the
// offence and shift the six- and twelve-month windows (NSWBA 7).
var ErrNeedTime = errors.New("the session is over: give the time of the offence")

// Apply records the offence or offences of f in the event, numbering each
// against the event's own entries and the register reg (which may be nil),
// and returns the new entries. It does not add them to reg; the caller adds
// them to the register it keeps across events.
//
//   - Late: the unit is fined by minutes late (NSWBA 7, late arrival); beyond
//     the scale the director gives Amount under Other, or Fixed.
//   - SlowPlay: both units at the table in the round (at an individual
//     table, all four players) are penalised unless ruled innocent, each by
//     its own offence number: a warning, then rising fines (NSWBA 7.4, both
//     pairs).
//   - Phone: the player's unit is fined by the player's offence number
//     (NSWBA 7, mobile phones).
//   - Other: the unit is fined Amount in the event's units.
//
// A Fixed penalty replaces the scale of Late, SlowPlay and Phone.
//
// In knock-out teams, when both teams are fined the fines carry over into
// the next match (NSWBA 7, knock-out teams).
func (ev *Event) Apply(f Fine, reg *Register) ([]Offence, error) {
	p := ev.Profile()
	if err := ev.checkFine(f); err != nil {
		return nil, err
	}
	if f.At.IsZero() {
		if f.Entered.IsZero() {
			return nil, fmt.Errorf("fine: %w: no time given", ErrInvalid)
		}
		if s := ev.fineSession(f); s != nil && s.Posted != nil {
			return nil, fmt.Errorf("fine: session %d was posted at %s: %w (the 6- and 12-month windows of NSWBA 7 run from it)",
				s.Number, s.Posted.Format("2006-01-02 15:04"), ErrNeedTime)
		}
		f.At = f.Entered
	}
	base := Offence{Kind: f.Kind, At: f.At, Event: ev.Name, Session: f.Session, Round: f.Round, Table: f.Table, Director: f.Director, Note: f.Note}
	if f.Session == 0 && f.Round > 0 {
		if s, _, err := ev.Round(f.Round); err == nil {
			base.Session = s.Number
		}
	}
	hist := ev.history(reg)
	var out []Offence
	switch f.Kind {
	case Late:
		en, err := ev.Entrant(f.Entrant)
		if err != nil {
			return nil, err
		}
		pen, fined, err := p.LatePenalty(f.Minutes)
		if f.Fixed != nil && (f.Minutes == 0 || fined || errors.Is(err, regulation.ErrTooLate)) {
			pen, fined, err = *f.Fixed, true, nil // minutes unknown, or within or beyond the scale
		}
		if err != nil {
			return nil, fmt.Errorf("entrant %d: %w", f.Entrant, err)
		}
		o := base
		o.Entrant, o.Players, o.Minutes, o.Penalty = en.ID, en.Players, f.Minutes, pen
		if !fined {
			// NSWBA 7.2: only a unit not seated within the grace period may
			// be penalised; earlier there is no offence to number.
			return nil, fmt.Errorf("entrant %d: %d minutes late, within the %d minutes the regulation allows: %w",
				f.Entrant, f.Minutes, p.LateGraceMinutes, ErrNotAnOffence)
		}
		o.Fine, o.Unit = ev.fine(pen)
		o.Number = Number(hist, Late, en.Players, f.At, 0)
		out = append(out, o)
	case SlowPlay:
		_, _, m, err := ev.Match(f.Round, f.Table)
		if err != nil {
			return nil, err
		}
		for _, id := range m.Entrants() {
			if id == 0 || slices.Contains(f.Innocent, id) {
				continue
			}
			en, err := ev.Entrant(id)
			if err != nil {
				return nil, err
			}
			o := base
			o.Entrant, o.Players = id, en.Players
			o.Number = Number(hist, SlowPlay, en.Players, f.At, p.SlowPlayWindowMonths)
			o.Penalty = fixedOr(f.Fixed, p.SlowPlayPenalty(o.Number))
			o.Fine, o.Unit = ev.fine(o.Penalty)
			out = append(out, o)
		}
		if len(out) == 0 {
			return nil, fmt.Errorf("round %d table %d: %w", f.Round, f.Table, ErrNoOffender)
		}
		if len(out) == 2 && ev.Kind == KnockoutTeams {
			out[0].CarryOver, out[1].CarryOver = true, true
		}
	case Phone:
		en, err := ev.Entrant(f.Entrant)
		if err != nil {
			return nil, err
		}
		var pl *Player
		for i := range en.Players {
			if en.Players[i].Member == f.Member || (f.Member != "" && strings.EqualFold(en.Players[i].Name, f.Member)) {
				pl = &en.Players[i]
			}
		}
		if pl == nil {
			return nil, fmt.Errorf("entrant %d has no player %q: %w", f.Entrant, f.Member, ErrNoEntrant)
		}
		o := base
		o.Entrant, o.Players = en.ID, []Player{*pl}
		o.Number = Number(hist, Phone, o.Players, f.At, p.PhoneWindowMonths)
		o.Penalty = fixedOr(f.Fixed, p.PhonePenalty(o.Number))
		o.Fine, o.Unit = ev.fine(o.Penalty)
		out = append(out, o)
	case Other:
		en, err := ev.Entrant(f.Entrant)
		if err != nil {
			return nil, err
		}
		o := base
		o.Entrant, o.Players, o.Minutes = en.ID, en.Players, f.Minutes
		o.Penalty = fixedOr(f.Fixed, regulation.Penalty{})
		_, o.Unit = ev.fine(regulation.Penalty{})
		o.Fine = f.Amount
		out = append(out, o)
	default:
		return nil, fmt.Errorf("offence kind %q: %w", f.Kind, ErrInvalid)
	}
	ev.Offences = append(ev.Offences, out...)
	return out, nil
}

// fineSession is the session an offence belongs to: the one given, the
// round's, or else the event's last (nil when there is none).
func (ev *Event) fineSession(f Fine) *Session {
	n := f.Session
	if n == 0 && f.Round > 0 {
		if s, _, err := ev.Round(f.Round); err == nil {
			n = s.Number
		}
	}
	if n == 0 {
		n = len(ev.Sessions)
	}
	if s, err := ev.Session(n); err == nil {
		return s
	}
	return nil
}

// MaxFine is the largest fine Apply accepts in an event's units; a larger
// figure is a typo (a whole match is 20 or 30 VPs, a top a few dozen
// matchpoints).
const MaxFine = 1000

// checkFine refuses what no director can mean, naming the field: negative
// minutes, an amount that is not a number, negative or absurd, a session,
// round or table that the event does not have.
func (ev *Event) checkFine(f Fine) error {
	bad := func(format string, a ...any) error {
		return fmt.Errorf("fine: %w: %s", ErrInvalid, fmt.Sprintf(format, a...))
	}
	switch {
	case f.Minutes < 0:
		return bad("minutes %d: want the minutes late after the official start, 0 or more", f.Minutes)
	case math.IsNaN(f.Amount) || f.Amount < 0 || f.Amount > MaxFine:
		return bad("amount %g: want a fine from 0 to %d in the event's units", f.Amount, MaxFine)
	case f.Kind != Other && f.Amount != 0:
		return bad("amount %g: only an \"other\" penalty is fixed by the director; %s fines come from the regulation", f.Amount, f.Kind)
	}
	if f.Session != 0 {
		if _, err := ev.Session(f.Session); err != nil {
			return fmt.Errorf("fine: %w", err)
		}
	}
	if f.Round != 0 {
		s, _, err := ev.Round(f.Round)
		if err != nil {
			return fmt.Errorf("fine: %w", err)
		}
		if f.Session != 0 && s.Number != f.Session {
			return bad("round %d is in session %d, not session %d", f.Round, s.Number, f.Session)
		}
		if f.Table != 0 {
			if _, _, _, err := ev.Match(f.Round, f.Table); err != nil {
				return fmt.Errorf("fine: %w", err)
			}
		}
	}
	return nil
}

// Fines returns the total fines of the entrant in this event, in the
// event's units; they are deducted from its score in the rankings.
func (ev *Event) Fines(entrant int) float64 {
	var t float64
	for _, o := range ev.Offences {
		if o.Entrant == entrant && (o.Event == "" || o.Event == ev.Name) {
			t += o.Fine
		}
	}
	return t
}
