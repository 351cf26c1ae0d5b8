package score

import (
	"errors"
	"fmt"
	"math"

	"github.com/bridgetd/bridgetd/bridge"
)

// Kind says how a result on a traveller came about.
type Kind uint8

// The kinds of result a traveller row can hold.
const (
	// Played is a table result: Score is what North-South scored (Law 77).
	Played Kind = iota
	// Assigned is a score the director assigned in place of the table
	// result (Law 12C1(a)); it is compared with the others like a table
	// result.
	Assigned
	// Split gives each side its own assigned score (Law 12C1(b), NSWBA
	// 13.6 split awards): Score for North-South, EWScore for East-West,
	// both from North-South's side. Each side is compared with the field
	// on its own frequency table.
	Split
	// Weighted is a weighted score (Law 12C1(c)): Outcomes, each with its
	// weight, converted to matchpoints or IMPs before weighting. EWOutcomes,
	// when given, are East-West's own weighted outcomes (a split weighted
	// score).
	Weighted
	// Artificial is an artificial adjusted score (Law 12C2): NSAward and
	// EWAward. It takes no part in the comparisons of the others.
	Artificial
)

// String names the kind.
func (k Kind) String() string {
	switch k {
	case Played:
		return "played"
	case Assigned:
		return "assigned"
	case Split:
		return "split"
	case Weighted:
		return "weighted"
	case Artificial:
		return "artificial"
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// Outcome is one possible result of a weighted score (Law 12C1(c)).
type Outcome struct {
	Score  int     // North-South's score
	Weight float64 // its share, 0 < Weight ≤ 1; the shares add up to 1
}

// AwardKind names an artificial adjusted score (Law 12C2).
type AwardKind uint8

// The artificial adjusted scores.
const (
	Average      AwardKind = iota // Law 12C2: 50% / 0 IMPs
	AveragePlus                   // Law 12C2: 60% / +2 or +3 IMPs (NSWBA 8.3)
	AverageMinus                  // Law 12C2: 40% / −2 or −3 IMPs (NSWBA 8.3)
	// Fixed awards exactly Value: a percentage at matchpoints, IMPs at IMP
	// scoring (a phantom's 0%, a JFR "TD 60.00", a fouled board's 2 IMPs).
	Fixed
)

// Award is an artificial adjusted score for one side.
type Award struct {
	Kind  AwardKind
	Value float64 // for Fixed only
}

// Common awards.
var (
	AvePlus  = Award{Kind: AveragePlus}
	Ave      = Award{Kind: Average}
	AveMinus = Award{Kind: AverageMinus}
)

// Percent returns a fixed matchpoint award of p percent.
func Percent(p float64) Award { return Award{Kind: Fixed, Value: p} }

// IMPs returns a fixed IMP award.
func IMPs(n float64) Award { return Award{Kind: Fixed, Value: n} }

// String returns A+, A, A−, or the fixed value.
func (a Award) String() string {
	switch a.Kind {
	case Average:
		return "A"
	case AveragePlus:
		return "A+"
	case AverageMinus:
		return "A-"
	}
	return fmt.Sprintf("%g", a.Value)
}

// Result is one row of a traveller: which pairs met, and what they scored.
// Pairs are numbered by the caller; a pair may appear once per board.
type Result struct {
	NS, EW int  // the pairs sitting North-South and East-West
	Kind   Kind // how the result came about
	// Group is the version of the board the table played: 0 for the true
	// board, another number for each fouled form (Law 87, NSWBA 8.1).
	// Results are compared only within their group.
	Group int

	Score      int       // Played, Assigned, Split: North-South's score
	EWScore    int       // Split: the score East-West are given, North-South's side
	Outcomes   []Outcome // Weighted
	EWOutcomes []Outcome // Weighted, when East-West's differ (else Outcomes)
	NSAward    Award     // Artificial
	EWAward    Award     // Artificial
}

// Table returns a played result between two pairs.
func Table(ns, ew, score int) Result { return Result{NS: ns, EW: ew, Score: score} }

// AssignedScore returns a score the director assigned (Law 12C1(a)).
func AssignedScore(ns, ew, score int) Result {
	return Result{NS: ns, EW: ew, Kind: Assigned, Score: score}
}

// SplitScore returns a split assigned score: North-South get nsScore and
// East-West get ewScore, both from North-South's side (Law 12C1(b)).
func SplitScore(ns, ew, nsScore, ewScore int) Result {
	return Result{NS: ns, EW: ew, Kind: Split, Score: nsScore, EWScore: ewScore}
}

// WeightedScore returns a weighted assigned score (Law 12C1(c)).
func WeightedScore(ns, ew int, outcomes ...Outcome) Result {
	return Result{NS: ns, EW: ew, Kind: Weighted, Outcomes: outcomes}
}

// ArtificialScore returns an artificial adjusted score (Law 12C2).
func ArtificialScore(ns, ew int, nsAward, ewAward Award) Result {
	return Result{NS: ns, EW: ew, Kind: Artificial, NSAward: nsAward, EWAward: ewAward}
}

// SeenTraveller is the score for a board made unplayable because a pair saw
// its traveller before playing it: both pairs are at fault and get
// average-minus (NSWBA 13, electronic scoring units).
func SeenTraveller(ns, ew int) Result { return ArtificialScore(ns, ew, AveMinus, AveMinus) }

// Turned90 returns the result of a board that was played turned through 90°
// (NSWBA 8.4, the note to Law 7A): the pair sitting North-South held the
// East-West cards. It is scored as played, against the pairs who held the
// same cards: the pairs change places and the score changes side. A board
// played with the compass points reversed (North holding South's hand)
// needs no change, since each side still held its own cards.
func Turned90(r Result) Result {
	r.NS, r.EW = r.EW, r.NS
	if r.Kind == Split {
		r.Score, r.EWScore = -r.EWScore, -r.Score
	} else {
		r.Score = -r.Score
	}
	neg := func(os []Outcome) []Outcome {
		if os == nil {
			return nil
		}
		out := make([]Outcome, len(os))
		for i, o := range os {
			out[i] = Outcome{Score: -o.Score, Weight: o.Weight}
		}
		return out
	}
	if r.EWOutcomes != nil {
		r.Outcomes, r.EWOutcomes = neg(r.EWOutcomes), neg(r.Outcomes)
	} else {
		r.Outcomes = neg(r.Outcomes)
	}
	r.NSAward, r.EWAward = r.EWAward, r.NSAward
	return r
}

// nsOutcomes and ewOutcomes return the side's scores with their weights,
// reusing buf; artificial results have none.
func (r *Result) sideOutcomes(ew bool, buf []Outcome) []Outcome {
	buf = buf[:0]
	switch r.Kind {
	case Played, Assigned:
		return append(buf, Outcome{r.Score, 1})
	case Split:
		if ew {
			return append(buf, Outcome{r.EWScore, 1})
		}
		return append(buf, Outcome{r.Score, 1})
	case Weighted:
		if ew && r.EWOutcomes != nil {
			return append(buf, r.EWOutcomes...)
		}
		return append(buf, r.Outcomes...)
	}
	return buf
}

// Errors reported for malformed results.
var (
	ErrDuplicatePair = errors.New("pair listed twice on the board")
	ErrSamePair      = errors.New("a pair cannot play against itself")
	ErrTricks        = errors.New("tricks must be 0-13")
	ErrContract      = errors.New("invalid contract")
	ErrWeights       = errors.New("weights of a weighted score must be positive and add up to 1")
	ErrKind          = errors.New("unknown kind of result")
)

// check reports what is wrong with a single result.
func (r *Result) check() error {
	if r.NS == r.EW {
		return fmt.Errorf("%w: pair %d", ErrSamePair, r.NS)
	}
	switch r.Kind {
	case Played, Assigned, Split, Artificial:
		return nil
	case Weighted:
		for _, os := range [][]Outcome{r.Outcomes, r.EWOutcomes} {
			if os == nil && len(r.Outcomes) > 0 {
				continue
			}
			var sum float64
			for _, o := range os {
				if !(o.Weight > 0) || o.Weight > 1 {
					return ErrWeights
				}
				sum += o.Weight
			}
			if math.Abs(sum-1) > 1e-6 {
				return fmt.Errorf("%w (they add up to %g)", ErrWeights, sum)
			}
		}
		return nil
	}
	return ErrKind
}

// RowError is a problem with one row of one board's traveller.
type RowError struct {
	Board int // the board number
	Row   int // the row on the board's traveller, from 1
	Err   error
}

// Error names the board and row and says what is wrong.
func (e *RowError) Error() string {
	return fmt.Sprintf("board %d, row %d: %v", e.Board, e.Row, e.Err)
}

// Unwrap returns the underlying error.
func (e *RowError) Unwrap() error { return e.Err }

// TableScore returns North-South's score for a table result (Law 77 through
// bridge.Score), after checking that the contract is a real one and that
// declarer's tricks are 0–13.
func TableScore(c bridge.Contract, declarer bridge.Seat, tricks int, v bridge.Vulnerability) (int, error) {
	if !c.Valid() {
		return 0, fmt.Errorf("%w: %v", ErrContract, c)
	}
	if c.IsPassedOut() {
		return 0, nil
	}
	if tricks < 0 || tricks > 13 {
		return 0, fmt.Errorf("%w: %d", ErrTricks, tricks)
	}
	if declarer > bridge.West {
		return 0, fmt.Errorf("%w: declarer %v", ErrContract, declarer)
	}
	return bridge.Score(c, declarer, tricks, v), nil
}
