package regulation

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"time"
)

// Penalty is one step of a fine scale. VP is stated for a match worth
// Profile.FineScaleVP victory points in all; TopPercent is a percentage of a
// top on a board in matchpoint pairs. A Penalty with Warning set and no VP is a
// warning only.
type Penalty struct {
	Warning    bool    `json:"warning,omitempty"`
	VP         float64 `json:"vp"`
	TopPercent float64 `json:"top_percent"`
}

// String shows the penalty as a director says it: "warning", "1 VP / 25% of a top".
func (p Penalty) String() string {
	if p.Warning && p.VP == 0 && p.TopPercent == 0 {
		return "warning"
	}
	return fmt.Sprintf("%g VP / %g%% of a top", p.VP, p.TopPercent)
}

// LateBand is one row of the late-arrival scale: a unit up to MaxMinutes late
// (and later than the previous row) incurs Penalty. NSWBA 7 (late arrival).
type LateBand struct {
	MaxMinutes int     `json:"max_minutes"`
	Penalty    Penalty `json:"penalty"`
}

// Profile is a regulation profile: every figure an event's conduct depends on,
// named. The zero value is not useful; start from NSWBA2011 or Load.
type Profile struct {
	// Name identifies the profile, e.g. "NSWBA 2011".
	Name string `json:"name"`

	// FineScaleVP is the size of the match the VP fines are stated for: 30
	// (NSWBA 7, every scale "in a match involving a total of 30 Victory
	// Points"). Fines in events on other scales are scaled in proportion, the
	// equivalent basis NSWBA 7 leaves to the Tournament Committee.
	FineScaleVP float64 `json:"fine_scale_vp"`

	// LateGraceMinutes: a unit seated fewer than this many whole minutes
	// after the official start is not penalised; at this many the scale
	// begins: 5 (NSWBA 7 (late arrival); lateness runs from the official
	// start of the session, NSWBA 7 (late start)).
	LateGraceMinutes int `json:"late_grace_minutes"`
	// LateBands is the late-arrival scale, in increasing MaxMinutes: 5–10
	// minutes 1 VP or 25% of a top, 11–15 2 VP/50%, 16–20 3 VP/75%, 21–30 5
	// VP/125% (NSWBA 7 (late arrival)).
	LateBands []LateBand `json:"late_bands"`
	// LateSevereMinutes is the lateness beyond which the scale stops and the
	// director may impose a more severe penalty, up to default of the match: 30
	// (NSWBA 7 (late arrival)).
	LateSevereMinutes int `json:"late_severe_minutes"`

	// SlowPlay is the slow-play scale by offence number, the last row
	// repeating: a warning, then 1 VP/25%, 2 VP/50%, 3 VP/75% for the fourth
	// and later offences (NSWBA 7.4).
	SlowPlay []Penalty `json:"slow_play"`
	// SlowPlayWindowMonths: when more than this many calendar months pass
	// between two consecutive slow-play offences by a pair, the later is a
	// first offence again: 6 (NSWBA 7 (slow play, six months)).
	SlowPlayWindowMonths int `json:"slow_play_window_months"`

	// Phone is the mobile-phone scale by offence number, the last row
	// repeating: 1 VP/10%, 3 VP/50%, 6 VP/100% (NSWBA 7 (mobile phones)).
	Phone []Penalty `json:"phone"`
	// PhoneWindowMonths: when more than this many calendar months pass
	// between two consecutive phone offences by a player, the later is a first
	// offence again: 12 (NSWBA 7 (mobile phones, twelve months)).
	PhoneWindowMonths int `json:"phone_window_months"`

	// KnockoutIMPsPerVP converts a VP fine in knock-out teams: 1 VP = 3 IMPs
	// (NSWBA 7 (knock-out teams)).
	KnockoutIMPsPerVP float64 `json:"knockout_imps_per_vp"`

	// TieBreakCapWinnerVP and TieBreakCapScaleVP fix the cap on each match's
	// positive net IMPs in tie-break step (c): the fewest IMPs that win 25 VP
	// in a 30-VP match, i.e. a 25–5 win, applied in proportion on other
	// scales (NSWBA 12 (Swiss (c))).
	TieBreakCapWinnerVP float64 `json:"tie_break_cap_winner_vp"`
	TieBreakCapScaleVP  float64 `json:"tie_break_cap_scale_vp"`
	// KnockoutPlayoffBoards is the length of the play-off that breaks a tied
	// knock-out match: 4 (NSWBA 12 (knock-out teams)).
	KnockoutPlayoffBoards int `json:"knockout_playoff_boards"`

	// PlayerCorrectionMinutes: players' scoring errors may be corrected this
	// many minutes after a session's scores are posted: 30 (NSWBA 13 (player
	// errors)).
	PlayerCorrectionMinutes int `json:"player_correction_minutes"`
	// PlayerCorrectionBeforeNextMinutes: or until this many minutes before
	// the next session starts, whichever is later: 30 (NSWBA 13 (player
	// errors)).
	PlayerCorrectionBeforeNextMinutes int `json:"player_correction_before_next_minutes"`
	// MatchAgreedCorrectionMinutes: in teams and Butler pairs events where the
	// players report match results, players' errors may be corrected this
	// many minutes after the match score is agreed: 30 (NSWBA 13 (teams and
	// Butler)).
	MatchAgreedCorrectionMinutes int `json:"match_agreed_correction_minutes"`
	// OfficialAfterMinutes: at the end of an event the results become
	// official, and no correction is possible, this many minutes after the
	// scores are posted: 30 (NSWBA 13 (results official)).
	OfficialAfterMinutes int `json:"official_after_minutes"`

	// ForfeitVP is the non-offenders' score in a forfeited match of
	// ForfeitScaleVP: 18 of 30; the offenders score 0 (NSWBA 13 (forfeits)).
	ForfeitVP      float64 `json:"forfeit_vp"`
	ForfeitScaleVP float64 `json:"forfeit_scale_vp"`
	// ForfeitReviewFractions are the fractions of a Swiss event's matches
	// after which forfeit scores are re-adjusted for the draw: 0.5 and 0.75
	// (NSWBA 13 (forfeits)).
	ForfeitReviewFractions []float64 `json:"forfeit_review_fractions"`
	// ByeVP is the score of an entrant drawn against nobody, on a
	// ForfeitScaleVP scale. NSWBA 2011 does not fix it; the default is the
	// forfeit award, 18 of 30.
	ByeVP float64 `json:"bye_vp"`
	// OddField is what an odd field in Swiss pairs plays instead of a
	// match: OddBye (one pair sits out and scores ByeVP) or OddHalfMatches
	// (the extra pair and one match share the round as two half matches,
	// scored by NSWBA 13.7). NSWBA 2011 allows either; the default is
	// OddBye.
	OddField string `json:"odd_field"`
	// HalfMatchDoubleBelow: a half match of a match shorter than this many
	// boards has its IMP difference doubled and converted on the match's
	// scale (NSWBA 13.7(a)); from it on, the IMPs are converted on the
	// scale for the boards played (13.7(b)): 12.
	HalfMatchDoubleBelow int `json:"half_match_double_below"`

	// AverageIMPsShort and AverageIMPsLong are average plus (and, negated,
	// average minus) in IMPs: 2 in Butler pairs and in team matches of fewer
	// than LongMatchBoards boards, 3 in longer matches (NSWBA 8 (average
	// plus)).
	AverageIMPsShort float64 `json:"average_imps_short"`
	AverageIMPsLong  float64 `json:"average_imps_long"`
	LongMatchBoards  int     `json:"long_match_boards"`

	// FouledMinTables and FouledMinFraction: a fouled board is scored as a
	// separate deal when played in the same faulty form at this many tables
	// or this fraction of the field (rounded up), whichever is less: 4 and
	// 1/3 (NSWBA 8.1(a)). FouledIMPs is the adjusted score otherwise: 2
	// (NSWBA 8.1(b)).
	FouledMinTables   int     `json:"fouled_min_tables"`
	FouledMinFraction float64 `json:"fouled_min_fraction"`
	FouledIMPs        float64 `json:"fouled_imps"`

	// UnplayedIMPs assigns IMPs per unplayed board, through no fault of the
	// players, by the number unplayed: 1–3 boards 2 IMPs each, 4–7 boards 1
	// IMP each; beyond the last row the 18-VP formula applies (NSWBA 13
	// (unplayed boards)).
	UnplayedIMPs []UnplayedBand `json:"unplayed_imps"`
	// UnplayedFormulaVP is the VP score whose IMP range fixes the formula for
	// many unplayed boards: 18 of a 30-VP scale (NSWBA 13 (unplayed boards)).
	UnplayedFormulaVP float64 `json:"unplayed_formula_vp"`
	// UnplayedRounding is the step the formula's IMPs are rounded to: 0.5,
	// with quarters rounded up (NSWBA 13 (unplayed boards)).
	UnplayedRounding float64 `json:"unplayed_rounding"`
}

// The ways an odd Swiss pairs field is drawn (Profile.OddField).
const (
	OddBye         = "bye"          // one pair sits out with ByeVP
	OddHalfMatches = "half-matches" // NSWBA 13.7: two half matches
)

// UnplayedBand is a row of the unplayed-boards scale: up to MaxBoards boards
// unplayed, IMPsPerBoard each.
type UnplayedBand struct {
	MaxBoards    int     `json:"max_boards"`
	IMPsPerBoard float64 `json:"imps_per_board"`
}

// NSWBA2011 returns a fresh copy of the NSWBA Tournament Regulations valid as
// at 1 July 2011. Changing the copy does not change the next one returned.
func NSWBA2011() *Profile {
	return &Profile{
		Name:              "NSWBA 2011",
		FineScaleVP:       30,
		LateGraceMinutes:  5,
		LateSevereMinutes: 30,
		LateBands: []LateBand{
			{MaxMinutes: 10, Penalty: Penalty{VP: 1, TopPercent: 25}},
			{MaxMinutes: 15, Penalty: Penalty{VP: 2, TopPercent: 50}},
			{MaxMinutes: 20, Penalty: Penalty{VP: 3, TopPercent: 75}},
			{MaxMinutes: 30, Penalty: Penalty{VP: 5, TopPercent: 125}},
		},
		SlowPlay: []Penalty{
			{Warning: true},
			{VP: 1, TopPercent: 25},
			{VP: 2, TopPercent: 50},
			{VP: 3, TopPercent: 75},
		},
		SlowPlayWindowMonths: 6,
		Phone: []Penalty{
			{VP: 1, TopPercent: 10},
			{VP: 3, TopPercent: 50},
			{VP: 6, TopPercent: 100},
		},
		PhoneWindowMonths:                 12,
		KnockoutIMPsPerVP:                 3,
		TieBreakCapWinnerVP:               25,
		TieBreakCapScaleVP:                30,
		KnockoutPlayoffBoards:             4,
		PlayerCorrectionMinutes:           30,
		PlayerCorrectionBeforeNextMinutes: 30,
		MatchAgreedCorrectionMinutes:      30,
		OfficialAfterMinutes:              30,
		ForfeitVP:                         18,
		ForfeitScaleVP:                    30,
		ForfeitReviewFractions:            []float64{0.5, 0.75},
		ByeVP:                             18,
		OddField:                          OddBye,
		HalfMatchDoubleBelow:              12,
		AverageIMPsShort:                  2,
		AverageIMPsLong:                   3,
		LongMatchBoards:                   11,
		FouledMinTables:                   4,
		FouledMinFraction:                 1.0 / 3,
		FouledIMPs:                        2,
		UnplayedIMPs: []UnplayedBand{
			{MaxBoards: 3, IMPsPerBoard: 2},
			{MaxBoards: 7, IMPsPerBoard: 1},
		},
		UnplayedFormulaVP: 18,
		UnplayedRounding:  0.5,
	}
}

// ErrInvalid is wrapped by every error Validate and Load return for a profile
// whose figures cannot be applied.
var ErrInvalid = errors.New("invalid regulation profile")

// Load reads a JSON profile from r over the NSWBA 2011 defaults: fields the
// JSON leaves out keep their NSWBA values, unknown fields are an error, and the
// result is validated. name is used in error messages (usually the file name).
func Load(r io.Reader, name string) (*Profile, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	p := NSWBA2011()
	if err := p.UnmarshalOver(bytes.TrimSpace(data)); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return p, nil
}

// UnmarshalOver decodes JSON data over p, keeping the fields data leaves out,
// and validates the result. It reports the line of a syntax or type error.
func (p *Profile) UnmarshalOver(data []byte) error {
	type plain Profile // without methods, so Decode does not recurse
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode((*plain)(p)); err != nil {
		return jsonError(data, err)
	}
	if dec.More() {
		return fmt.Errorf("%w: data after the profile object", ErrInvalid)
	}
	return p.Validate()
}

// UnmarshalJSON decodes a profile embedded in another document (an event
// file) over the NSWBA 2011 defaults, as Load does.
func (p *Profile) UnmarshalJSON(data []byte) error {
	*p = *NSWBA2011()
	return p.UnmarshalOver(data)
}

func jsonError(data []byte, err error) error {
	var off int64 = -1
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		off = se.Offset
	case errors.As(err, &te):
		off = te.Offset
	}
	if off >= 0 {
		line := 1 + bytes.Count(data[:min(int(off), len(data))], []byte("\n"))
		return fmt.Errorf("%w: line %d: %v", ErrInvalid, line, err)
	}
	return fmt.Errorf("%w: %v", ErrInvalid, err)
}

// Validate checks that every figure can be applied: scales present and
// increasing, no negative minutes, months or points.
func (p *Profile) Validate() error {
	bad := func(field, format string, a ...any) error {
		return fmt.Errorf("%w: %s: %s", ErrInvalid, field, fmt.Sprintf(format, a...))
	}
	if p.FineScaleVP <= 0 {
		return bad("fine_scale_vp", "must be positive, got %g", p.FineScaleVP)
	}
	if p.LateGraceMinutes < 0 {
		return bad("late_grace_minutes", "must not be negative, got %d", p.LateGraceMinutes)
	}
	last := p.LateGraceMinutes - 1
	for i, b := range p.LateBands {
		if b.MaxMinutes <= last {
			return bad(fmt.Sprintf("late_bands[%d].max_minutes", i), "must exceed %d, got %d", last, b.MaxMinutes)
		}
		if err := b.Penalty.check(fmt.Sprintf("late_bands[%d].penalty", i)); err != nil {
			return err
		}
		last = b.MaxMinutes
	}
	if p.LateSevereMinutes < last {
		return bad("late_severe_minutes", "must be at least the last band's %d, got %d", last, p.LateSevereMinutes)
	}
	for name, s := range map[string][]Penalty{"slow_play": p.SlowPlay, "phone": p.Phone} {
		if len(s) == 0 {
			return bad(name, "needs at least one step")
		}
		for i, pen := range s {
			if err := pen.check(fmt.Sprintf("%s[%d]", name, i)); err != nil {
				return err
			}
		}
	}
	for name, v := range map[string]int{
		"slow_play_window_months":               p.SlowPlayWindowMonths,
		"phone_window_months":                   p.PhoneWindowMonths,
		"player_correction_minutes":             p.PlayerCorrectionMinutes,
		"player_correction_before_next_minutes": p.PlayerCorrectionBeforeNextMinutes,
		"match_agreed_correction_minutes":       p.MatchAgreedCorrectionMinutes,
		"official_after_minutes":                p.OfficialAfterMinutes,
		"knockout_playoff_boards":               p.KnockoutPlayoffBoards,
		"long_match_boards":                     p.LongMatchBoards,
		"fouled_min_tables":                     p.FouledMinTables,
	} {
		if v < 0 {
			return bad(name, "must not be negative, got %d", v)
		}
	}
	for name, v := range map[string]float64{
		"knockout_imps_per_vp": p.KnockoutIMPsPerVP,
		"forfeit_vp":           p.ForfeitVP,
		"bye_vp":               p.ByeVP,
		"average_imps_short":   p.AverageIMPsShort,
		"average_imps_long":    p.AverageIMPsLong,
		"fouled_imps":          p.FouledIMPs,
		"fouled_min_fraction":  p.FouledMinFraction,
		"unplayed_formula_vp":  p.UnplayedFormulaVP,
		"unplayed_rounding":    p.UnplayedRounding,
	} {
		if v < 0 || v != v {
			return bad(name, "must not be negative, got %g", v)
		}
	}
	if p.TieBreakCapScaleVP <= 0 || p.TieBreakCapWinnerVP <= p.TieBreakCapScaleVP/2 || p.TieBreakCapWinnerVP > p.TieBreakCapScaleVP {
		return bad("tie_break_cap_winner_vp", "must lie above half of tie_break_cap_scale_vp (%g) and not above it, got %g", p.TieBreakCapScaleVP, p.TieBreakCapWinnerVP)
	}
	if p.ForfeitScaleVP <= 0 || p.ForfeitVP > p.ForfeitScaleVP || p.ByeVP > p.ForfeitScaleVP {
		return bad("forfeit_scale_vp", "must be positive and at least forfeit_vp and bye_vp, got %g", p.ForfeitScaleVP)
	}
	for i, f := range p.ForfeitReviewFractions {
		if f <= 0 || f >= 1 || (i > 0 && f <= p.ForfeitReviewFractions[i-1]) {
			return bad(fmt.Sprintf("forfeit_review_fractions[%d]", i), "must increase strictly between 0 and 1, got %g", f)
		}
	}
	switch p.OddField {
	case OddBye, OddHalfMatches:
	default:
		return bad("odd_field", "want %q or %q, got %q", OddBye, OddHalfMatches, p.OddField)
	}
	if p.HalfMatchDoubleBelow < 0 {
		return bad("half_match_double_below", "must not be negative, got %d", p.HalfMatchDoubleBelow)
	}
	lastB := 0
	for i, b := range p.UnplayedIMPs {
		if b.MaxBoards <= lastB || b.IMPsPerBoard < 0 {
			return bad(fmt.Sprintf("unplayed_imps[%d]", i), "max_boards must increase and imps_per_board not be negative")
		}
		lastB = b.MaxBoards
	}
	return nil
}

func (pen Penalty) check(field string) error {
	if pen.VP < 0 || pen.TopPercent < 0 || pen.VP != pen.VP || pen.TopPercent != pen.TopPercent {
		return fmt.Errorf("%w: %s: VP and top_percent must not be negative", ErrInvalid, field)
	}
	return nil
}

// ErrTooLate is returned by LatePenalty for lateness beyond the scale, where
// the director decides a more severe penalty (NSWBA 7 (late arrival)).
var ErrTooLate = errors.New("later than the late-arrival scale: the director decides (up to default of the match)")

// LatePenalty returns the penalty for a unit seated minutes after the official
// start, and whether there is one at all (NSWBA 7 (late arrival)). Lateness
// beyond LateSevereMinutes returns ErrTooLate.
func (p *Profile) LatePenalty(minutes int) (Penalty, bool, error) {
	if minutes < p.LateGraceMinutes {
		return Penalty{}, false, nil
	}
	for _, b := range p.LateBands {
		if minutes <= b.MaxMinutes {
			return b.Penalty, true, nil
		}
	}
	if len(p.LateBands) > 0 && minutes <= p.LateSevereMinutes {
		return p.LateBands[len(p.LateBands)-1].Penalty, true, nil
	}
	return Penalty{}, false, fmt.Errorf("%d minutes: %w", minutes, ErrTooLate)
}

// SlowPlayPenalty returns the penalty for the n-th slow-play offence, n ≥ 1,
// in the pair's current run (NSWBA 7.4).
func (p *Profile) SlowPlayPenalty(n int) Penalty { return step(p.SlowPlay, n) }

// PhonePenalty returns the penalty for the n-th mobile-phone offence, n ≥ 1,
// in the player's current run (NSWBA 7 (mobile phones)).
func (p *Profile) PhonePenalty(n int) Penalty { return step(p.Phone, n) }

func step(s []Penalty, n int) Penalty {
	if len(s) == 0 {
		return Penalty{}
	}
	if n < 1 {
		n = 1
	}
	if n > len(s) {
		n = len(s)
	}
	return s[n-1]
}

// FirstAgain reports whether an offence on next counts as a first offence
// again because more than months calendar months passed since the previous
// one, on prev (NSWBA 7 (six- and twelve-month windows)). Dates are compared
// as calendar days in next's location: an offence exactly months later
// still counts in the run, one a day later starts afresh.
func FirstAgain(prev, next time.Time, months int) bool {
	loc := next.Location()
	p := prev.In(loc)
	py, pm, pd := p.Date()
	ny, nm, nd := next.Date()
	// The last day still in the run: the same day number months later,
	// clamped to the end of a shorter month (31 Aug + 6 months = 28/29 Feb).
	ly, lm := py, int(pm)+months
	ly += (lm - 1) / 12
	lm = (lm-1)%12 + 1
	ld := pd
	if dim := daysIn(ly, time.Month(lm)); ld > dim {
		ld = dim
	}
	last := time.Date(ly, time.Month(lm), ld, 0, 0, 0, 0, time.UTC)
	day := time.Date(ny, nm, nd, 0, 0, 0, 0, time.UTC)
	return day.After(last)
}

func daysIn(y int, m time.Month) int {
	return time.Date(y, m+1, 0, 0, 0, 0, 0, time.UTC).Day()
}

// ScaleVP converts a VP figure stated for a match of from VP in all to a
// match of to VP in all, in proportion (NSWBA 7, the equivalent basis for
// other scales).
func ScaleVP(vp, from, to float64) float64 {
	if from == 0 {
		return vp
	}
	return vp * to / from
}
