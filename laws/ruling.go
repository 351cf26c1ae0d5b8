package laws

import (
	"strings"

	"github.com/bridgetd/bridgetd/bridge"
)

// Scope says how long a player must pass.
type Scope string

// The two scopes of an enforced pass.
const (
	NextTurn      Scope = "next-turn"       // pass when next it is his turn to call
	RestOfAuction Scope = "rest-of-auction" // pass whenever it is his turn to call
)

// Bar is an obligation to pass imposed on a player: who (Seat), for how
// long (Scope) and under which clause (Law).
type Bar struct {
	Seat  bridge.Seat `json:"seat"`
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
	Holder string `json:"holder"` // the seat entitled to choose (N, E, S, W), or TD
	Effect string `json:"effect"`
}

// LeadKind is what declarer may do to a defender's lead after a withdrawn
// call (Law 26) or exposed cards (Law 24, 50): require a suit or prohibit it.
type LeadKind string

// The two kinds of lead restriction. The 2017 code has only Prohibit in
// Law 26B; the 1997 code has both in 26A2 and only Prohibit in 26B.
const (
	Require  LeadKind = "require"
	Prohibit LeadKind = "prohibit"
)

// Duration returns how long a restriction of this kind holds: a
// requirement at the player's first turn to lead only, a prohibition for
// as long as he retains the lead (1997 26A2, 26B; 2017 26B).
func (k LeadKind) Duration() LeadDuration {
	if k == Require {
		return FirstLead
	}
	return WhileOnLead
}

// LeadDuration says how long a chosen lead restriction holds.
type LeadDuration string

// Lead restriction durations.
const (
	FirstLead   LeadDuration = "first-lead"    // a requirement: at his first turn to lead only
	WhileOnLead LeadDuration = "while-on-lead" // a prohibition: for as long as he retains the lead
)

// LeadTurn says which lead a chosen restriction applies to first.
type LeadTurn string

// The player's first turn to lead is the opening lead when he is declarer's
// LHO; otherwise the first time he wins a trick (both codes: "at his first
// turn to lead, which may be the opening lead").
const (
	OpeningLead     LeadTurn = "opening-lead"
	FirstTurnToLead LeadTurn = "first-turn-to-lead"
)

// LeadStatus is the state of a lead restriction.
type LeadStatus string

// The states of a lead restriction: pending until the auction ends (the
// declarer is not known), then void (none applies, Reason says why), open
// (declarer may choose among Choices and Suits) or chosen.
const (
	LeadPending LeadStatus = "pending"
	LeadVoid    LeadStatus = "void"
	LeadOpen    LeadStatus = "open"
	LeadChosen  LeadStatus = "chosen"
)

// LeadChoice is declarer's choice of lead restriction, carried to the play:
// the kind, the suit, how long it holds and the lead it applies to first.
type LeadChoice struct {
	Kind     LeadKind     `json:"kind"`
	Suit     bridge.Suit  `json:"suit"`
	Duration LeadDuration `json:"duration"`
	Applies  LeadTurn     `json:"applies"`
}

// LeadRestriction is a Law 26 restriction that the declarer may impose on
// the lead of the offender's partner (Player) if he becomes a defender.
// Once the auction has ended its Law is the clause that applies (1997
// 26A1, 26A2 or 26B; 2017 26B), Choices and Suits are what declarer may
// choose among (Suits ordered spades first), and Chosen is his choice. A
// play engine enforces a chosen one; see Table.CheckLeadFrom.
type LeadRestriction struct {
	Player  bridge.Seat   `json:"player"`
	Law     string        `json:"law"`
	Status  LeadStatus    `json:"status"`
	Choices []LeadKind    `json:"choices"`
	Suits   []bridge.Suit `json:"suits"`
	Reason  string        `json:"reason,omitempty"` // why it is void, or how long each choice holds
	Chosen  *LeadChoice   `json:"chosen,omitempty"`
}

// Allows reports whether declarer may impose kind on suit under r.
func (r LeadRestriction) Allows(kind LeadKind, suit bridge.Suit) bool {
	if r.Status != LeadOpen {
		return false
	}
	okKind := false
	for _, k := range r.Choices {
		okKind = okKind || k == kind
	}
	for _, s := range r.Suits {
		if s == suit {
			return okKind
		}
	}
	return false
}

// PenaltyCard is a defender's card on the table as a penalty card: one
// exposed during the auction by a player who became a defender (Law 24;
// 2017 24E, 1997 Law 50 at declarer's option), or one exposed or played
// irregularly during the play (Laws 49–50, 54–57, 62). In the play, Major
// tells a major penalty card from a minor one (50B) and Law is the clause
// that made it one; an auction penalty card has neither.
type PenaltyCard struct {
	Seat  bridge.Seat `json:"seat"`
	Card  bridge.Card `json:"card"`
	Major bool        `json:"major,omitempty"`
	Law   string      `json:"law,omitempty"`
}

// String returns e.g. "W ♠K", or in the play "W ♠K (major)".
func (p PenaltyCard) String() string {
	s := p.Seat.String() + " " + p.Card.String()
	switch {
	case p.Major:
		s += " (major)"
	case p.Law != "":
		s += " (minor)"
	}
	return s
}

// Information records who may use information from a withdrawn or exposed
// action (Law 16C; 16D in the 2007 code).
type Information struct {
	What         string      `json:"what"`
	Authorised   bridge.Side `json:"authorised_for"`
	Unauthorised bridge.Side `json:"unauthorised_for"`
	Law          string      `json:"law"`
}

// Rectification is what follows from a ruling once the option is chosen.
type Rectification struct {
	Cancelled        []CancelledCall   `json:"cancelled,omitempty"`
	Bars             []Bar             `json:"bars"`
	LeadRestrictions []LeadRestriction `json:"lead_restrictions"`
	// PenaltyCards are the offender's cards exposed during the auction
	// (Law 24), penalty cards if he becomes a defender, or his cards that
	// the ruling makes penalty cards during the play.
	PenaltyCards  []bridge.Card `json:"penalty_cards,omitempty"`
	ScoreCap      string        `json:"score_cap,omitempty"`
	DamageCheck   []string      `json:"damage_check,omitempty"`
	AdjustedScore string        `json:"adjusted_score,omitempty"`
	Information   []Information `json:"information,omitempty"`
}

// Ruling is the Director's ruling on one irregularity. Outcome states it
// in the Laws' terms, once: what stands, what is cancelled, who must pass
// and what may follow; while the ruling waits (Status other than settled)
// it says what for.
type Ruling struct {
	Outcome      string        `json:"outcome"`
	Law          string        `json:"law"` // the clause, numbered as in the edition in force
	Offender     bridge.Seat   `json:"offender"`
	Irregularity string        `json:"irregularity"`
	Line         int           `json:"line,omitempty"`
	Options      []Option      `json:"options"`
	Chosen       string        `json:"chosen,omitempty"`
	Findings     []string      `json:"findings,omitempty"`
	Rect         Rectification `json:"rectification"`
	Notes        []string      `json:"notes,omitempty"`
	Status       string        `json:"status"` // settled, needs-option, needs-finding, needs-call
	// forfeited marks a ruling whose rectification the non-offending side
	// forfeited (Law 11A): its outcome is fixed at that point.
	forfeited bool
	// interim marks an Outcome that only says what the ruling waits for:
	// the next step replaces it rather than adding to it.
	interim bool
}

// Kinds of pending decision.
const (
	NeedsOption  = "needs-option"
	NeedsFinding = "needs-finding"
	NeedsCall    = "needs-call"
	Settled      = "settled"
)

func (r *Ruling) note(s string) {
	for _, n := range r.Notes {
		if n == s {
			return
		}
	}
	r.Notes = append(r.Notes, s)
}

// summary adds s to the outcome; it replaces an interim outcome. Each
// part ("; "-separated) is stated once: a part already stated is not
// repeated (a second attempt under the same law, or a step that a 15A1 or
// 25A rollback made happen again).
func (r *Ruling) summary(s string) {
	if r.forfeited {
		return // Law 11A: no rectification follows, whatever the ruling would say
	}
	if r.interim {
		r.Outcome, r.interim = "", false
	}
	for _, p := range strings.Split(s, "; ") {
		switch {
		case r.Outcome == "":
			r.Outcome = p
		case !contains(strings.Split(r.Outcome, "; "), p):
			r.Outcome += "; " + p
		}
	}
}

// waitingFor sets an interim outcome: what the ruling waits for. The next
// step of the ruling replaces it.
func (r *Ruling) waitingFor(s string) {
	if r.forfeited {
		return
	}
	r.Outcome, r.interim = s, true
}

// cite sets the clause of the ruling. The ruling is cited by the clause
// that rectifies it; the clauses on the way (29B before 31A2(b), 36 before
// 35A) are not kept.
func (r *Ruling) cite(law string) { r.Law = law }
