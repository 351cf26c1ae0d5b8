package event

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/regulation"
)

// FormatID names the version of the event file; Load refuses any other.
const FormatID = "bridgetd-event/1"

// Kind is the form of the contest, which fixes the tie-break procedure
// (NSWBA 12) and the correction windows (NSWBA 13).
type Kind string

// The kinds of event.
const (
	SwissPairs      Kind = "swiss-pairs"    // Swiss draw, pairs, VP per match
	SwissTeams      Kind = "swiss-teams"    // Swiss draw, teams, VP per match
	RoundRobin      Kind = "round-robin"    // every entrant meets every other, VP per match
	MatchpointPairs Kind = "mp-pairs"       // pairs movement scored by matchpoints
	Individual      Kind = "individual"     // individual movement scored by matchpoints
	KnockoutTeams   Kind = "knockout-teams" // head-to-head matches decided on IMPs
)

// Kinds lists the kinds of event, in the order help texts give them.
var Kinds = []Kind{SwissPairs, SwissTeams, RoundRobin, MatchpointPairs, Individual, KnockoutTeams}

// DefaultScoring is the scoring a kind of event takes when none is given:
// Butler IMPs to VPs for Swiss pairs, IMPs to VPs for teams meeting in
// matches (Swiss or a round robin), IMPs alone for a knock-out, and
// matchpoints for a pairs or individual movement (Law 78A).
func (k Kind) DefaultScoring() Scoring {
	switch k {
	case SwissTeams, RoundRobin:
		return IMPVP
	case KnockoutTeams:
		return IMPs
	case MatchpointPairs, Individual:
		return Matchpoints
	}
	return ButlerVP
}

// Describe says in a line what the kind of event is.
func (k Kind) Describe() string {
	return map[Kind]string{
		SwissPairs:      "pairs, Swiss draw, a VP score per match",
		SwissTeams:      "teams, Swiss draw, a VP score per match",
		RoundRobin:      "every entrant meets every other (a Berger schedule), a VP score per match",
		MatchpointPairs: "pairs on a Mitchell or Howell movement, scored board by board",
		Individual:      "players on an individual movement, each partnering others in turn",
		KnockoutTeams:   "teams in head-to-head matches decided on IMPs",
	}[k]
}

// Describe says in a line how the scoring works.
func (s Scoring) Describe() string {
	return map[Scoring]string{
		ButlerVP:    "each board in IMPs against a datum of the NS scores, the match margin converted to VPs",
		IMPVP:       "a teams match margin in IMPs (both rooms, or entered), converted to VPs",
		IMPs:        "IMPs alone, no VPs (knock-out)",
		Matchpoints: "matchpoints on each board (Law 78A), totals and percentages",
	}[s]
}

// Scorings lists the forms of scoring, in the order help texts give them.
var Scorings = []Scoring{ButlerVP, IMPVP, IMPs, Matchpoints}

// Swiss reports whether the draw is Swiss.
func (k Kind) Swiss() bool { return k == SwissPairs || k == SwissTeams }

// Teams reports whether the entrants are teams.
func (k Kind) Teams() bool { return k == SwissTeams || k == KnockoutTeams }

// Scoring is how a board and a match are scored.
type Scoring string

// The forms of scoring.
const (
	// ButlerVP scores each board in IMPs against a datum of the board's NS
	// scores (all its results in a movement, the round's in a Swiss); the
	// NS pair's total is the match margin, converted to VP.
	ButlerVP Scoring = "butler-vp"
	// IMPVP scores the match margin in IMPs between two tables (teams) and
	// converts it to VP; margins are entered per match.
	IMPVP Scoring = "imp-vp"
	// IMPs scores the match in IMPs without VPs (knock-out).
	IMPs Scoring = "imps"
	// Matchpoints scores boards by matchpoints.
	Matchpoints Scoring = "matchpoints"
)

// Datum says which scores a Butler datum uses, which decides how pending
// appeals enter it (NSWBA 14).
type Datum string

// The datum conventions.
const (
	// DatumAll uses every score (possibly after dropping extremes); with
	// appeals pending the datum and results are provisional (NSWBA 14).
	DatumAll Datum = "all"
	// DatumSelected uses only a selection of the scores; scores pending
	// appeal are left out of the datum (NSWBA 14).
	DatumSelected Datum = "selected"
)

// Event is a tournament event: its form, entrants, sessions with their
// rounds and results, and its register of offences, fines and corrections.
// It is what the event file holds (FORMAT.md).
type Event struct {
	Format  string  `json:"format"`
	Name    string  `json:"name"`
	Kind    Kind    `json:"kind"`
	Scoring Scoring `json:"scoring"`
	// Datum is the Butler datum convention (ButlerVP only).
	Datum Datum `json:"datum,omitempty"`
	// DatumTrim is the number of scores dropped from each end of a board's
	// scores before the Butler datum is taken.
	DatumTrim int `json:"datum_trim,omitempty"`
	// DatumMedian makes the Butler datum the median of the scores kept,
	// not their mean (a median-scored IMP pairs event, NSWBA 13.8).
	DatumMedian bool `json:"datum_median,omitempty"`
	// VPScale names the VP scale (e.g. "wbf-20"); VPTotal is the VP shared
	// in a match, 20 or 30, by which VP fines are scaled (NSWBA 7).
	VPScale string  `json:"vp_scale,omitempty"`
	VPTotal float64 `json:"vp_total,omitempty"`
	// BoardsPerRound is the number of boards in a match or round.
	BoardsPerRound int `json:"boards_per_round"`
	// PlannedRounds is the number of rounds (matches) the event is to
	// have; forfeit scores are re-adjusted before the draws after 50% and
	// 75% of them and finally when the last is scored (NSWBA 13.9). 0 when
	// not known: then only the final adjustment, once the last session is
	// posted, is made.
	PlannedRounds int `json:"planned_rounds,omitempty"`
	// Top is the matchpoint top on a board, for fines stated as a
	// percentage of a top (NSWBA 7) in matchpoint events.
	Top float64 `json:"top,omitempty"`
	// TwoWinner marks a two-winner movement (a Mitchell without arrow
	// switch): each pair sits in one direction throughout, and the
	// North–South and East–West pairs are ranked as separate fields.
	TwoWinner bool `json:"two_winner,omitempty"`
	// Qualify is the number of places per section that qualify for a
	// further stage; 0 when none.
	Qualify int `json:"qualify,omitempty"`
	// Seed seeds the first-round draw and the lot of NSWBA 12 (f), so a
	// ranking read again from the file is the same.
	Seed int64 `json:"seed"`
	// Regulation is the profile in force; nil means NSWBA 2011. Fields the
	// file leaves out keep their NSWBA 2011 values.
	Regulation *regulation.Profile `json:"regulation,omitempty"`

	Entrants    []Entrant    `json:"entrants"`
	Sessions    []Session    `json:"sessions"`
	Offences    []Offence    `json:"offences,omitempty"`
	Corrections []Correction `json:"corrections,omitempty"`
	Postings    []Posting    `json:"postings,omitempty"`
}

// Player is a member of an entrant.
type Player struct {
	Name string `json:"name"`
	// Member is the player's member number with the national body; it
	// identifies the player in the offences register across events.
	Member string `json:"member,omitempty"`
	// Rank is the masterpoint rank as written, e.g. "Gold Life Master"
	// (an ABF rank, systemcard.ParseRank) or another body's.
	Rank string `json:"rank,omitempty"`
}

// String returns the name and member number: "Ann Lee (12345)".
func (p Player) String() string {
	if p.Member == "" {
		return p.Name
	}
	return fmt.Sprintf("%s (%s)", p.Name, p.Member)
}

// key identifies the player in the offences register.
func (p Player) key() string {
	if p.Member != "" {
		return "#" + p.Member
	}
	return strings.ToLower(strings.TrimSpace(p.Name))
}

// Entrant is a pair, team or individual.
type Entrant struct {
	ID      int      `json:"id"`
	Name    string   `json:"name"`
	Section string   `json:"section,omitempty"`
	Players []Player `json:"players"`
	// NonQualified marks a unit the director let play although it did not
	// qualify: ranked, but not eligible to qualify or win prizes (NSWBA 12,
	// non-qualified units; 4.1).
	NonQualified bool `json:"non_qualified,omitempty"`
	// Unavailable marks a unit that cannot play the next stage; the next
	// placed unit of its section takes its place (NSWBA 12, replacement).
	Unavailable bool `json:"unavailable,omitempty"`
}

// Label returns the entrant's number and name: "3 Lee–Chan".
func (en Entrant) Label() string { return fmt.Sprintf("%d %s", en.ID, en.Name) }

// Session is a session of play.
type Session struct {
	Number int `json:"number"`
	// Stage is the stage of the event the session belongs to (qualifying,
	// semi-final, final); the official scorer's errors may be corrected
	// until the next stage starts (NSWBA 13). Sessions of the same stage
	// share a number; 0 counts as 1.
	Stage int       `json:"stage,omitempty"`
	Start time.Time `json:"start"`
	// Posted is when the session's scores were posted; the correction
	// windows run from it (NSWBA 13).
	Posted *time.Time `json:"posted,omitempty"`
	Rounds []Round    `json:"rounds"`
}

// Round is one round (a match in Swiss and round-robin events).
type Round struct {
	// Number counts rounds through the whole event, from 1.
	Number int   `json:"number"`
	Boards []int `json:"boards"`
	// Drawn is when the draw was made; a draw is never altered by a later
	// appeal (NSWBA 14).
	Drawn   *time.Time `json:"drawn,omitempty"`
	Matches []Match    `json:"matches"`
}

// Side of a match: NS is the first-named entrant (the home team), EW the
// second.
const (
	NS = 0
	EW = 1
)

// Match is a meeting of two entrants at a table (for teams, NS is the home
// team). EW 0 is a bye. In an individual event a match is a table of four
// players, each an entrant, seated by Players; NS and EW are then 0.
type Match struct {
	Table int `json:"table"`
	NS    int `json:"ns"`
	EW    int `json:"ew"`
	// Players seats an individual event's table: the four players in the
	// order North, East, South, West (Law 5A), North and South partners
	// against East and West. Empty in pairs and teams events.
	Players []int `json:"players,omitempty"`
	// Half is 1 or 2 for the first or second half of a match split between
	// three pairs in a Swiss pairs event with an odd field (NSWBA 13.7); 0
	// for a whole match. The EW pair of the second half is the pair that
	// would otherwise have had the bye.
	Half int `json:"half,omitempty"`
	// Boards are the boards played at this table when they differ from the
	// round's: a half match, or a table of a Mitchell or Howell movement.
	Boards []int `json:"boards,omitempty"`
	// SitOutEW marks a bye whose pair (NS) holds the East–West seat in the
	// movement: a Berger or Mitchell round in which its North–South
	// opponent is missing. A pair sitting out a round of a Butler pairs
	// event scores the average of its own direction (NSWBA 13.8); a bye
	// drawn or entered as a pairing is North–South.
	SitOutEW bool `json:"sit_out_ew,omitempty"`
	// Switch marks an arrow-switched round of a movement: the NS pair held
	// the East–West cards; Score stays the score of the North–South cards.
	Switch bool `json:"arrow_switch,omitempty"`
	// Results are the board results at the table (Butler scoring,
	// matchpoints), or in a teams match the open room's, where the home
	// team sat North–South.
	Results []Result `json:"results,omitempty"`
	// Closed are the closed room's results in a teams match, where the
	// home team sat East–West; with both rooms the match is scored board
	// by board to IMPs (Law 78B) and VPs.
	Closed []Result `json:"closed,omitempty"`
	// IMPs is NS's net margin when entered for the whole match (teams);
	// with board results it is computed and stored by Score.
	IMPs *float64 `json:"imps,omitempty"`
	// EWIMPs is EW's own IMPs when an adjusted score gives the sides IMPs
	// that do not cancel (average-minus to both, NSWBA 13.11; a fouled
	// form's award, NSWBA 8.1(b)); nil when EW's are the negative of IMPs.
	// Stored by Score.
	EWIMPs *float64 `json:"ew_imps,omitempty"`
	// VP is the VP score of NS and EW, stored by Score.
	VP *[2]float64 `json:"vp,omitempty"`
	// Provisional is set by Score when a datum the match depends on
	// includes scores pending appeal (NSWBA 14).
	Provisional bool `json:"provisional,omitempty"`
	// Forfeit is the side in default in a forfeited match, nil when the
	// match was not forfeited (NSWBA 13.9). The file writes it "ns" or
	// "ew" (see MarshalJSON).
	Forfeit *bridge.Side `json:"-"`
	// Agreed is when the two sides agreed the match score; players' errors
	// in teams and Butler events may be corrected for a while after it
	// (NSWBA 13).
	Agreed *time.Time `json:"agreed,omitempty"`
	// err is what was wrong with the match as read from a file; Validate
	// reports it with the match's place.
	err error
}

// Bye reports whether the match is a bye. An individual table is never
// one.
func (m *Match) Bye() bool { return m.EW == 0 && len(m.Players) == 0 }

// Individual reports whether the match is an individual table: four
// players, two partnerships, seated by Players.
func (m *Match) Individual() bool { return len(m.Players) > 0 }

// Entrants returns the entrants at the table: an individual table's four
// players in the order N, E, S, W, else NS and EW (NS alone for a bye).
func (m *Match) Entrants() []int {
	switch {
	case m.Individual():
		return m.Players
	case m.Bye():
		return []int{m.NS}
	}
	return []int{m.NS, m.EW}
}

// BoardsIn returns the boards played at the match: its own when it has
// them, else the round's.
func (m *Match) BoardsIn(rd *Round) []int {
	if len(m.Boards) > 0 {
		return m.Boards
	}
	return rd.Boards
}

// Offender returns the entrant in default in a forfeited match, and the
// non-offender; both 0 when the match was not forfeited.
func (m *Match) Offender() (offender, other int) {
	switch {
	case m.Forfeit == nil:
		return 0, 0
	case *m.Forfeit == bridge.NS:
		return m.NS, m.EW
	}
	return m.EW, m.NS
}

// Result is one board's result at a table.
type Result struct {
	Board int
	// Contract is the contract played (bridge.PassedOut for a passed-out
	// board); nil for an assigned score.
	Contract *bridge.Contract
	// Declarer is the declarer; North when the board was passed out or
	// the score assigned.
	Declarer bridge.Seat
	// Tricks is the number of tricks declarer took.
	Tricks int
	// Score is NS's score; computed from the contract when one is given,
	// otherwise an assigned score entered directly.
	Score int
	// Appeal is "pending" while an appeal against the result is pending
	// (NSWBA 14); empty otherwise.
	Appeal string
	// EWScore, when set, makes the result a split assigned score (Law
	// 12C1(b)): North–South get Score, East–West *EWScore, both from
	// North–South's side.
	EWScore *int
	// Weighted is a weighted assigned score (Law 12C1(c)): North–South
	// scores with their shares, adding up to 1.
	Weighted []Outcome
	// Award is an artificial adjusted score (Law 12C2), "NS/EW" each A+, A
	// or A-: "A-/A-" for a board made unplayable by a seen traveller
	// (NSWBA 13.11).
	Award string
	// Form is the form of a fouled board the table played (Law 87): 0 the
	// true board, 1, 2… each faulty form; a result is compared only with
	// those of its form.
	Form int
	// Played is the deal the table played when a ruling found the board
	// fouled (Law 87A), nil otherwise: results of the board with the same
	// deal share a form (Event.FouledForm numbers them from it).
	Played *bridge.Deal
	// Turned marks a board played turned through 90° (NSWBA 8.4): the pair
	// sitting North–South held the East–West cards.
	Turned bool
	// Unplayed marks a board the table could not play through no fault of
	// its players (NSWBA 13.10): each side is assigned the IMPs of the
	// regulation's formula for the number of boards the table left
	// unplayed.
	Unplayed bool
	// err is what was wrong with the result as read from a file; Complete
	// returns it, so that Validate names the result's place.
	err error
}

// AppealPending is the value of Result.Appeal while an appeal is pending.
const AppealPending = "pending"

// AppealDecided is the value of Result.Appeal once the appeal is decided:
// a datum of selected scores keeps the result out as it did while the
// appeal was pending, so that only the appealed match changes (NSWBA 14).
const AppealDecided = "decided"

// Assigned reports whether the result is an assigned score, not a
// contract played.
func (r Result) Assigned() bool { return r.Contract == nil }

// String shows the result as a traveller row: "4♠ N 10 +420".
func (r Result) String() string {
	var mark string
	if r.Form != 0 {
		mark += fmt.Sprintf(" (fouled form %d)", r.Form)
	}
	if r.Turned {
		mark += " (turned 90°)"
	}
	switch {
	case r.Unplayed:
		return fmt.Sprintf("board %d: unplayed, no fault (NSWBA 13.10)%s", r.Board, mark)
	case r.Award != "":
		return fmt.Sprintf("board %d: artificial %s%s", r.Board, r.Award, mark)
	case r.EWScore != nil:
		return fmt.Sprintf("board %d: split NS %+d, EW %+d%s", r.Board, r.Score, *r.EWScore, mark)
	case len(r.Weighted) > 0:
		parts := make([]string, len(r.Weighted))
		for i, o := range r.Weighted {
			parts[i] = fmt.Sprintf("%g%% of %+d", 100*o.Weight, o.Score)
		}
		return fmt.Sprintf("board %d: weighted %s%s", r.Board, strings.Join(parts, ", "), mark)
	case r.Contract == nil:
		return fmt.Sprintf("board %d: assigned %+d%s", r.Board, r.Score, mark)
	case r.Contract.IsPassedOut():
		return fmt.Sprintf("board %d: %s%s", r.Board, r.Contract, mark)
	}
	return fmt.Sprintf("board %d: %s %s %d %+d%s", r.Board, r.Contract, r.Declarer, r.Tricks, r.Score, mark)
}

// Complete fills Score from the contract, declarer and tricks, and checks
// them; a result without a contract keeps its assigned Score.
func (r *Result) Complete() error {
	if r.err != nil {
		return fmt.Errorf("board %d: %w", r.Board, r.err)
	}
	if r.Board < 1 {
		return fmt.Errorf("board %d: %w", r.Board, ErrBadResult)
	}
	if err := r.checkAdjusted(); err != nil {
		return err
	}
	if r.Contract == nil {
		return nil
	}
	c := *r.Contract
	if !c.Valid() {
		return fmt.Errorf("board %d: contract %v: %w", r.Board, c, ErrBadResult)
	}
	if c.IsPassedOut() {
		r.Declarer, r.Tricks, r.Score = bridge.North, 0, 0
		return nil
	}
	if r.Declarer >= bridge.NumSeats {
		return fmt.Errorf("board %d: declarer %v: %w", r.Board, r.Declarer, ErrBadResult)
	}
	if r.Tricks < 0 || r.Tricks > 13 {
		return fmt.Errorf("board %d: %d tricks: %w", r.Board, r.Tricks, ErrBadResult)
	}
	r.Score = bridge.Score(c, r.Declarer, r.Tricks, bridge.Board(r.Board).Vulnerability())
	return nil
}

// Sentinel errors for expected conditions.
var (
	ErrBadResult = errors.New("bad result")
	ErrNoEntrant = errors.New("no such entrant")
	ErrNoSession = errors.New("no such session")
	ErrNoMatch   = errors.New("no such match")
	ErrNoBoard   = errors.New("no such board in the match")
	ErrInvalid   = errors.New("invalid event")
	ErrNotScored = errors.New("match not scored")
	ErrDrawn     = errors.New("round already drawn")
)

// Profile returns the regulation profile in force: the event's own, or
// NSWBA 2011.
func (ev *Event) Profile() *regulation.Profile {
	if ev.Regulation != nil {
		return ev.Regulation
	}
	return regulation.NSWBA2011()
}

// Entrant returns the entrant with the given id.
func (ev *Event) Entrant(id int) (*Entrant, error) {
	for i := range ev.Entrants {
		if ev.Entrants[i].ID == id {
			return &ev.Entrants[i], nil
		}
	}
	return nil, fmt.Errorf("entrant %d: %w", id, ErrNoEntrant)
}

// Session returns the session with the given number.
func (ev *Event) Session(n int) (*Session, error) {
	for i := range ev.Sessions {
		if ev.Sessions[i].Number == n {
			return &ev.Sessions[i], nil
		}
	}
	return nil, fmt.Errorf("session %d: %w", n, ErrNoSession)
}

// Round returns the round with the given number and its session.
func (ev *Event) Round(n int) (*Session, *Round, error) {
	for i := range ev.Sessions {
		s := &ev.Sessions[i]
		for j := range s.Rounds {
			if s.Rounds[j].Number == n {
				return s, &s.Rounds[j], nil
			}
		}
	}
	return nil, nil, fmt.Errorf("round %d: %w", n, ErrNoMatch)
}

// Match returns the match at table t in round r.
func (ev *Event) Match(r, t int) (*Session, *Round, *Match, error) {
	s, rd, err := ev.Round(r)
	if err != nil {
		return nil, nil, nil, err
	}
	for i := range rd.Matches {
		if rd.Matches[i].Table == t {
			return s, rd, &rd.Matches[i], nil
		}
	}
	return nil, nil, nil, fmt.Errorf("round %d table %d: %w", r, t, ErrNoMatch)
}

// matchRoom is a room of a match and its results: name "" for the open
// room (or a pairs table), RoomClosed for the closed room of a teams match.
type matchRoom struct {
	name string
	rs   []Result
}

// rooms returns the match's rooms that hold results or must: the open
// room always, the closed room when it has any.
func (m *Match) rooms() []matchRoom {
	out := []matchRoom{{"", m.Results}}
	if len(m.Closed) > 0 {
		out = append(out, matchRoom{RoomClosed, m.Closed})
	}
	return out
}

// Rounds returns every round in order of play.
func (ev *Event) Rounds() []*Round {
	var out []*Round
	for i := range ev.Sessions {
		for j := range ev.Sessions[i].Rounds {
			out = append(out, &ev.Sessions[i].Rounds[j])
		}
	}
	return out
}

// stage returns the session's stage, 0 read as 1.
func (s *Session) stage() int { return max(s.Stage, 1) }

// Validate checks the event's structure: known kind and scoring, unique
// entrant ids, sessions in order, matches naming known entrants, results
// that score. It names the first problem with its place.
func (ev *Event) Validate() error {
	bad := func(where, format string, a ...any) error {
		return fmt.Errorf("%w: %s: %s", ErrInvalid, where, fmt.Sprintf(format, a...))
	}
	if ev.Format != FormatID {
		return bad("format", "want %q, got %q", FormatID, ev.Format)
	}
	switch ev.Kind {
	case SwissPairs, SwissTeams, RoundRobin, MatchpointPairs, Individual, KnockoutTeams:
	default:
		return bad("kind", "unknown kind %q", ev.Kind)
	}
	switch ev.Scoring {
	case ButlerVP, IMPVP, IMPs, Matchpoints:
	default:
		return bad("scoring", "unknown scoring %q", ev.Scoring)
	}
	switch ev.Datum {
	case "", DatumAll, DatumSelected:
	default:
		return bad("datum", "unknown datum %q", ev.Datum)
	}
	if ev.VPTotal < 0 || ev.DatumTrim < 0 || ev.BoardsPerRound < 0 || ev.Top < 0 || ev.Qualify < 0 || ev.PlannedRounds < 0 {
		return bad("vp_total/boards_per_round/top/qualify/planned_rounds", "must not be negative")
	}
	if ev.Kind == Individual {
		if ev.Scoring != Matchpoints {
			return bad("scoring", "an individual event is scored by %s, got %q", Matchpoints, ev.Scoring)
		}
		if ev.TwoWinner {
			return bad("two_winner", "an individual event has one field: every player sits both ways")
		}
	}
	ids := map[int]bool{}
	for i, en := range ev.Entrants {
		if en.ID < 1 {
			return bad(fmt.Sprintf("entrants[%d].id", i), "must be 1 or more, got %d", en.ID)
		}
		if ev.Kind == Individual && len(en.Players) > 1 {
			return bad(fmt.Sprintf("entrants[%d].players", i), "an individual entrant is one player, got %d", len(en.Players))
		}
		if ids[en.ID] {
			return bad(fmt.Sprintf("entrants[%d].id", i), "entrant %d twice", en.ID)
		}
		ids[en.ID] = true
	}
	rounds := map[int]bool{}
	for i, s := range ev.Sessions {
		if i > 0 && (s.Number <= ev.Sessions[i-1].Number || s.Start.Before(ev.Sessions[i-1].Start) || s.stage() < ev.Sessions[i-1].stage()) {
			return bad(fmt.Sprintf("sessions[%d]", i), "sessions must be in order of number, start and stage")
		}
		for _, r := range s.Rounds {
			where := fmt.Sprintf("session %d round %d", s.Number, r.Number)
			if rounds[r.Number] || r.Number < 1 {
				return bad(where, "round numbers must be unique and 1 or more")
			}
			rounds[r.Number] = true
			seen := map[int]int{} // entrant -> half it plays (0: whole)
			tables := map[int]int{}
			for _, m := range r.Matches {
				mw := fmt.Sprintf("%s table %d", where, m.Table)
				if m.Half < 0 || m.Half > 2 {
					return bad(mw, "half must be 1 or 2, got %d", m.Half)
				}
				if h, ok := tables[m.Table]; ok && (h == 0 || m.Half == 0 || h == m.Half) {
					return bad(mw, "table twice in the round")
				}
				tables[m.Table] = m.Half
				if ev.Kind == Individual || m.Individual() {
					if err := ev.checkTable(m, ids, seen); err != nil {
						return bad(mw, "%v", err)
					}
				} else if m.NS == 0 {
					return bad(mw, "the NS entrant is missing")
				}
				for _, id := range []int{m.NS, m.EW} {
					if m.Individual() {
						break // checked by checkTable
					}
					if id == 0 {
						continue // a bye
					}
					if !ids[id] {
						return bad(mw, "entrant %d not entered", id)
					}
					// NSWBA 13.7: a pair may play both halves of a split match.
					if h, ok := seen[id]; ok && (h == 0 || m.Half == 0 || h == m.Half) {
						return bad(mw, "entrant %d plays twice in the round", id)
					}
					seen[id] = m.Half
				}
				if m.err != nil {
					return bad(mw, "%v", m.err)
				}
				if m.Forfeit != nil && *m.Forfeit > bridge.EW {
					return bad(mw, "forfeit: side %v", *m.Forfeit)
				}
				for room, rs := range [][]Result{m.Results, m.Closed} {
					field := [2]string{"results", "closed"}[room]
					for k := range rs {
						res := rs[k]
						if err := res.Complete(); err != nil {
							return bad(fmt.Sprintf("%s %s[%d]", mw, field, k), "%v", err)
						}
						if res.Score != rs[k].Score {
							return bad(fmt.Sprintf("%s %s[%d].score", mw, field, k), "board %d: score %d does not match the contract (%d)", res.Board, rs[k].Score, res.Score)
						}
					}
				}
			}
		}
	}
	if ev.TwoWinner {
		if err := ev.checkLines(); err != nil {
			return bad("two_winner", "%v", err)
		}
	}
	for i, o := range ev.Offences {
		switch o.Kind {
		case Late, SlowPlay, Phone, Other:
		default:
			return bad(fmt.Sprintf("offences[%d].kind", i), "unknown kind %q", o.Kind)
		}
		if o.At.IsZero() || len(o.Players) == 0 {
			return bad(fmt.Sprintf("offences[%d]", i), "needs a time and the offenders")
		}
		if o.Entrant != 0 && !ids[o.Entrant] {
			return bad(fmt.Sprintf("offences[%d].entrant", i), "entrant %d not entered", o.Entrant)
		}
	}
	for i, c := range ev.Corrections {
		if c.At.IsZero() || c.By == "" || c.Why == "" {
			return bad(fmt.Sprintf("corrections[%d]", i), "needs who, when and why (NSWBA 13)")
		}
		if c.Room != "" && c.Room != RoomClosed {
			return bad(fmt.Sprintf("corrections[%d].room", i), "want %q or none, got %q", RoomClosed, c.Room)
		}
	}
	return nil
}

// checkTable checks an individual event's table: four players, each
// entered and seated once in the round (seen), and none of the fields that
// belong to a match between two entrants. The error names the field.
func (ev *Event) checkTable(m Match, ids map[int]bool, seen map[int]int) error {
	if ev.Kind != Individual {
		return fmt.Errorf("players: only an individual event seats four players, this is %s", ev.Kind)
	}
	if len(m.Players) != 4 {
		return fmt.Errorf("players: an individual table seats 4 players (N, E, S, W), got %d", len(m.Players))
	}
	for _, f := range []struct {
		name string
		set  bool
	}{
		{"ns", m.NS != 0}, {"ew", m.EW != 0}, {"half", m.Half != 0}, {"arrow_switch", m.Switch},
		{"forfeit", m.Forfeit != nil}, {"closed", len(m.Closed) > 0}, {"imps", m.IMPs != nil}, {"vp", m.VP != nil},
	} {
		if f.set {
			return fmt.Errorf("%s: not used at an individual table (players seats it; boards are matchpointed)", f.name)
		}
	}
	for k, id := range m.Players {
		where := fmt.Sprintf("players[%d] (%s)", k, bridge.Seat(k))
		switch {
		case id == 0:
			return fmt.Errorf("%s: the seat is empty", where)
		case !ids[id]:
			return fmt.Errorf("%s: entrant %d not entered", where, id)
		}
		if _, ok := seen[id]; ok {
			return fmt.Errorf("%s: entrant %d plays twice in the round", where, id)
		}
		seen[id] = 0
	}
	return nil
}

// lines returns the direction, FieldNS or FieldEW, each pair sat in the
// matches of the event. A pair that sat both ways (or in an arrow-switched
// round, where it held the other direction's cards) is FieldNS and FieldEW
// at once, and is listed in neither; checkLines reports it.
func (ev *Event) lines() map[int]string {
	out := map[int]string{}
	mixed := map[int]bool{}
	set := func(id int, f string) {
		if id == 0 {
			return
		}
		if g, ok := out[id]; ok && g != f {
			mixed[id] = true
		}
		out[id] = f
	}
	for _, rd := range ev.Rounds() {
		for _, m := range rd.Matches {
			if m.Bye() {
				continue
			}
			ns, ew := FieldNS, FieldEW
			if m.Switch {
				ns, ew = ew, ns
			}
			set(m.NS, ns)
			set(m.EW, ew)
		}
	}
	for id := range mixed {
		delete(out, id)
	}
	return out
}

// checkLines checks that in a two-winner event every pair held the cards of
// one direction throughout: no arrow switch, no pair changing sides.
func (ev *Event) checkLines() error {
	seen := map[int]string{}
	for _, rd := range ev.Rounds() {
		for _, m := range rd.Matches {
			if m.Bye() {
				continue
			}
			if m.Switch {
				return fmt.Errorf("round %d table %d is arrow-switched, which makes the movement one-winner", rd.Number, m.Table)
			}
			for _, x := range []struct {
				id int
				f  string
			}{{m.NS, FieldNS}, {m.EW, FieldEW}} {
				if f, ok := seen[x.id]; ok && f != x.f {
					return fmt.Errorf("round %d table %d: pair %d sits %s, having sat %s before", rd.Number, m.Table, x.id, x.f, f)
				}
				seen[x.id] = x.f
			}
		}
	}
	return nil
}
