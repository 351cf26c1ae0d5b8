package laws

import (
	"github.com/bridgetd/bridgetd/bridge"
)

// Scope says how long a player must pass.
type Scope string

// The two scopes of an enforced pass.
const (
	NextTurn      Scope = "next-turn"       // pass when next it is his turn to call
	RestOfAuction Scope = "rest-of-auction" // pass whenever it is his turn to call
)

// Bar is an obligation to pass imposed on a player.
type Bar struct {
	Seat  bridge.Seat `json:"-"`
	Scope Scope       `json:"scope"`
	// DoublesOnly marks the 1997 Law 30B2(b) bar: the player may bid or
	// pass but may not double or redouble at that turn.
	DoublesOnly bool   `json:"doubles_only,omitempty"`
	Law         string `json:"law"`
}

// Option is one choice the Laws give a player after an irregularity, with
// its effect (Law 10C1: the Director explains every option).
type Option struct {
	Name   string `json:"name"`   // the word used in a table log: accept, decline, …
	Holder string `json:"holder"` // the seat entitled to choose
	Effect string `json:"effect"`
}

// LeadRestriction is a Law 26 (or Law 24 penalty-card) restriction that
// the declarer may impose on a defender's lead.
type LeadRestriction struct {
	Player  string   `json:"player"`           // the offender's partner
	Choices []string `json:"choices"`          // "require", "prohibit"
	Suits   []string `json:"suits"`            // the suits declarer may name
	Lasts   string   `json:"lasts"`            // how long a prohibition lasts
	When    string   `json:"when"`             // the condition: he becomes a defender
	Law     string   `json:"law"`              // 26A2, 26B, …
	Chosen  string   `json:"chosen,omitempty"` // e.g. "prohibit ♥", once declarer chooses
	Status  string   `json:"status,omitempty"` // pending, void, open, chosen
	// Once declarer has chosen (status "chosen"), the restriction carried
	// to the play: Kind is "require" or "prohibit", Suit the suit, Duration
	// "first-lead" (a requirement: his first turn to lead) or
	// "while-on-lead" (a prohibition: for as long as he retains the lead),
	// and Applies "opening-lead" when the player makes the opening lead,
	// else "first-turn-to-lead".
	Kind     string `json:"kind,omitempty"`
	Suit     string `json:"suit,omitempty"`
	Duration string `json:"duration,omitempty"`
	Applies  string `json:"applies,omitempty"`
}

// Lead restriction durations.
const (
	FirstLead   = "first-lead"    // a requirement: at his first turn to lead only
	WhileOnLead = "while-on-lead" // a prohibition: for as long as he retains the lead
)

// Information records who may use information from a withdrawn or exposed
// action (Law 16C; 16D in the 2007 code).
type Information struct {
	What         string `json:"what"`
	Authorised   string `json:"authorised_for"`
	Unauthorised string `json:"unauthorised_for"`
	Law          string `json:"law"`
}

// Rectification is what follows from a ruling once the option is chosen.
type Rectification struct {
	Cancelled        []string          `json:"cancelled,omitempty"`
	Bars             []Bar             `json:"bars"`
	LeadRestrictions []LeadRestriction `json:"lead_restrictions"`
	PenaltyCards     []string          `json:"penalty_cards,omitempty"`
	ScoreCap         string            `json:"score_cap,omitempty"`
	DamageCheck      []string          `json:"damage_check,omitempty"`
	AdjustedScore    string            `json:"adjusted_score,omitempty"`
	Information      []Information     `json:"information,omitempty"`
	Summary          string            `json:"summary"`
}

// Ruling is the Director's ruling on one irregularity.
type Ruling struct {
	Law          string        `json:"law"` // the clause, numbered as in the edition in force
	Offender     string        `json:"offender"`
	Irregularity string        `json:"irregularity"`
	Line         int           `json:"line,omitempty"`
	Options      []Option      `json:"options"`
	Chosen       string        `json:"chosen,omitempty"`
	Findings     []string      `json:"findings,omitempty"`
	Rect         Rectification `json:"rectification"`
	Notes        []string      `json:"notes,omitempty"`
	Status       string        `json:"status"` // settled, needs-option, needs-finding, needs-call
	// forfeited marks a ruling whose rectification the non-offending side
	// forfeited (Law 11A): its summary is fixed at that point.
	forfeited bool
}

// Kinds of pending decision.
const (
	NeedsOption  = "needs-option"
	NeedsFinding = "needs-finding"
	NeedsCall    = "needs-call"
	Settled      = "settled"
)

func (r *Ruling) note(s string) { r.Notes = append(r.Notes, s) }

func (r *Ruling) summary(s string) {
	switch {
	case r.forfeited:
		return // Law 11A: no rectification follows, whatever the ruling would say
	case r.Rect.Summary == "":
		r.Rect.Summary = s
	default:
		r.Rect.Summary += "; " + s
	}
}

// cite sets the clause of the ruling, keeping the first one in the notes.
func (r *Ruling) cite(law string) {
	if r.Law != "" && r.Law != law {
		r.note("rectified under Law " + law + " (raised as Law " + r.Law + ")")
	}
	r.Law = law
}
