package scoresheet

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/pbn"
	"github.com/bridgetd/bridgetd/score"
)

// Methods lists the values of Options.Method.
var Methods = []string{"mp", "butler", "cross-imp", "teams", "total"}

// ErrMethod reports an Options.Method that is not one of Methods.
var ErrMethod = errors.New("unknown scoring method")

// Options says how an event is scored. The zero values of Method, Trim
// and Datum leave the choice to the file's Scoring tag.
type Options struct {
	// Method is one of Methods; "" takes it from the first game's Scoring
	// and Competition tags (IMPs at teams is "teams"), else "mp".
	Method string
	// Trim, if not nil, is the number of scores dropped at each end before
	// the Butler datum (else the Scoring tag's: Butler-2 drops one).
	Trim *int
	// Datum, if not nil, is the Butler datum's kind (else the Scoring
	// tag's, else the mean).
	Datum *score.DatumKind
	// Round is how a Butler datum ending in 5 is rounded to 10.
	Round score.Rounding
	// Neuberg factors a matchpoint board with fewer or more results than
	// the field (Law 78A as the Neuberg formula applies it).
	Neuberg bool
	// Field is the number of results every matchpoint board is factored
	// to (Neuberg), so that a board played fewer times weighs as much as
	// the others: 0 is the field, the most results on any board
	// (score.Field), as the programs clubs use do; FieldOwn factors each
	// board to its own number of rows, a phantom's not counted.
	Field int
	// Raw shows on the traveller each board's own matchpoints, scored on
	// its own top; the totals still use the factored scores.
	Raw bool
	// ProRate gives a pair that has a score on fewer boards than the most
	// any pair of its field has a total scaled to that number (its
	// percentage unchanged, its boards as played), the usual publication
	// of the pro-rated total; without it the total is the sum.
	ProRate bool
	// Fields says how the pairs are ranked: one field, or North-South and
	// East-West apart (a two-winner movement such as a Mitchell without
	// arrow switch); FieldsAuto ranks two fields when no pair sat both
	// ways.
	Fields Fields
	// Rows fills Report.Boards with every row and its score; without it
	// the report holds the totals and the problems only, and memory holds
	// no more of each row than scoring needs.
	Rows bool
}

// FieldOwn is the Options.Field that factors each board to its own
// number of results.
const FieldOwn = -1

// Fields is how many fields the pairs are ranked in.
type Fields uint8

// The values of Options.Fields.
const (
	FieldsAuto Fields = iota // two when no pair sat both ways, else one
	OneField                 // every pair ranked together
	TwoFields                // North-South and East-West ranked apart
)

// Report is a scored event: every board's rows with their scores (with
// Options.Rows), the totals in rank order, and the problems found.
type Report struct {
	Method string       `json:"method"`
	Boards []BoardScore `json:"boards"`
	Totals []Total      `json:"totals"`
	// Errors are rows or games that could not be read or scored, each as
	// "FILE:LINE: board N, row R: what".
	Errors []string `json:"errors,omitempty"`
	// Warnings are rows scored with a doubt: a recorded score that
	// disagrees with its contract (NSWBA 13.6), a teams table without its
	// other table.
	Warnings []string `json:"-"`
}

// BoardScore is one board's rows.
type BoardScore struct {
	Board int   `json:"board"`
	Rows  []Row `json:"rows"`
}

// Row is one table's result and its score.
type Row struct {
	NS       string   `json:"ns"`
	EW       string   `json:"ew"`
	Contract string   `json:"contract,omitempty"`
	Declarer string   `json:"declarer,omitempty"`
	Result   string   `json:"result,omitempty"`
	Kind     string   `json:"kind,omitempty"`
	Score    *int     `json:"score_ns,omitempty"`
	NSValue  *float64 `json:"ns_value,omitempty"` // matchpoints or IMPs
	EWValue  *float64 `json:"ew_value,omitempty"`
	NSPct    *float64 `json:"ns_percent,omitempty"`
	EWPct    *float64 `json:"ew_percent,omitempty"`
	Datum    *int     `json:"datum,omitempty"`
	Error    string   `json:"error,omitempty"`
	// Play is how the table played the board, when its contract,
	// declarer and result could be read (nil for a director's score).
	Play *Play `json:"-"`
}

// Play is how a board was played at one table: the contract, its
// declarer and the tricks declarer won, and the opening lead when the
// file gives it.
type Play struct {
	Contract bridge.Contract
	Declarer bridge.Seat // none for a passed-out board
	Tricks   int
	// Lead is the opening lead in players' notation ("♣A", "♥10"), as
	// written when it is not a card, "" when not known.
	Lead string
}

// Total is a pair's or team's total.
type Total struct {
	// Direction is NS or EW when the pairs are ranked in two fields.
	Direction string   `json:"direction,omitempty"`
	Rank      int      `json:"rank"`
	Tied      bool     `json:"tied,omitempty"`
	Pair      string   `json:"pair"`
	Score     float64  `json:"score"`
	Percent   *float64 `json:"percent,omitempty"`
	Boards    int      `json:"boards"`
	// Sum is the unscaled total of a pair whose Score is pro-rated.
	Sum *float64 `json:"sum,omitempty"`
}

// Score scores the event in src, a PBN file named name, and writes the
// file with its scores to w unless w is nil. src is read twice (see the
// package doc). The error is for what stops the whole: a file that cannot
// be read, an unknown method, a failed write; problems with single rows
// are in Report.Errors.
func Score(src io.ReadSeeker, name string, o Options, w io.Writer) (*Report, error) {
	if o.Method != "" && !validMethod(o.Method) {
		return nil, fmt.Errorf("%w %q: want one of %s", ErrMethod, o.Method, strings.Join(Methods, ", "))
	}
	in := &sheet{name: name, pairNum: map[string]int{}, detail: o.Rows, opts: o}
	d := pbn.NewDecoder(src, name)
	var so score.Options
	first := true
	for gi := 0; ; gi++ {
		g, err := d.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		if first {
			first = false
			in.method, so = options(g.Tag("Scoring"), g.Tag("Competition"), o)
		}
		if in.method == "teams" {
			in.readTeams(gi, g)
		} else {
			in.read(gi, g, so.Method != score.MatchpointScoring)
		}
	}
	var rep *Report
	if in.method == "teams" {
		rep = in.scoreTeams()
	} else {
		rep = in.score(so)
	}
	if w == nil {
		return rep, nil
	}
	if _, err := src.Seek(0, io.SeekStart); err != nil {
		return rep, fmt.Errorf("%s: %w", name, err)
	}
	return rep, in.write(pbn.NewDecoder(src, name), w)
}

func validMethod(m string) bool {
	for _, v := range Methods {
		if m == v {
			return true
		}
	}
	return false
}

// options combines the file's Scoring tag (PBN 2.1 §3.4.12) with o.
func options(scoring, competition string, o Options) (string, score.Options) {
	m, so := fromTag(scoring, competition)
	if o.Method != "" {
		m = o.Method
	}
	if o.Trim != nil {
		so.Butler.Trim = *o.Trim
	}
	if o.Datum != nil {
		so.Butler.Datum = *o.Datum
	}
	so.Butler.Round = o.Round
	so.MP.Neuberg = o.Neuberg
	switch m {
	case "butler":
		so.Method = score.ButlerScoring
	case "cross-imp":
		so.Method = score.CrossIMPScoring
	case "total":
		so.Method = score.TotalPointScoring
	default:
		so.Method = score.MatchpointScoring
	}
	return m, so
}

// fromTag reads what can be read of a PBN Scoring tag (PBN 2.1 §3.4.12)
// and the Competition tag: the method (one of Methods) and the Butler,
// cross-IMP and matchpoint modifiers.
func fromTag(scoring, competition string) (string, score.Options) {
	var o score.Options
	m := "mp"
	var imp bool
	for part := range strings.SplitSeq(scoring, ";") {
		switch strings.ToLower(strings.TrimSpace(part)) {
		case "imp", "imps":
			imp = true
			m = "butler"
		case "butler":
			m = "butler"
		case "butler-2":
			m = "butler"
			o.Butler.Trim = 1
		case "median":
			o.Butler.Datum = score.Median
		case "mean":
			o.Butler.Datum = score.Mean
		case "cross", "cross2":
			m = "cross-imp"
			o.Cross.Average = true
		case "cross1":
			m = "cross-imp"
			o.Cross.Average, o.Cross.PerScore = true, true
		case "mp2":
			o.MP.Scale = score.MP2
		case "mp", "matchpoints", "mp1":
		}
	}
	if imp && strings.EqualFold(strings.TrimSpace(competition), "teams") {
		m = "teams"
	}
	return m, o
}

// sheet is an event being read and scored.
type sheet struct {
	name    string
	method  string
	boards  []*board
	byNum   map[int]*board
	rows    []*row         // every row, in file order
	pairs   []string       // pair id by number-1
	pairNum map[string]int // pair id → number
	tables  []*table       // teams: the tables, in file order
	teamKey map[string]*table
	totals  *pbn.Table // the TotalScoreTable for the first game
	cols    []string   // the ScoreTable columns the method fills in
	scoring score.Method
	detail  bool // build Report.Boards
	opts    Options
	errs    []string
	warns   []string
}

// row is one result read from the file, with where it came from.
type row struct {
	game                       int // index of the game in the file
	table                      int // row of the ScoreTable (0-based), or -1 for the game's own result
	line                       int // file line
	board                      int
	ns, ew                     string // pair ids as written
	contract, declarer, result string
	at                         int32 // index of its result in the board's traveller, if ok
	ok                         bool  // read without error
	cell                       score.Scored
	scored                     bool
	err                        error // why the score package rejected it
	play                       *Play // with detail: how it was played
}

// board gathers the rows of one board number.
type board struct {
	number  int
	rows    []*row
	results []score.Result // the traveller: the results of the rows read
	ok      []*row         // the row of each result
}

func (in *sheet) pair(id string) int {
	if n, ok := in.pairNum[id]; ok {
		return n
	}
	id = strings.Clone(id)
	in.pairs = append(in.pairs, id)
	in.pairNum[id] = len(in.pairs)
	return len(in.pairs)
}

func (in *sheet) where(line, board, row int) string {
	w := in.name
	if line > 0 {
		w += ":" + strconv.Itoa(line)
	}
	if row > 0 {
		return fmt.Sprintf("%s: board %d, row %d", w, board, row)
	}
	return fmt.Sprintf("%s: board %d", w, board)
}

func (in *sheet) board(n int) *board {
	if in.byNum == nil {
		in.byNum = map[int]*board{}
	}
	b := in.byNum[n]
	if b == nil {
		b = &board{number: n}
		in.byNum[n] = b
		in.boards = append(in.boards, b)
	}
	return b
}
