package dd

import (
	"context"
	"errors"
	"fmt"

	"github.com/bridgetd/bridgetd/bridge"
)

// ErrInvalidPosition is wrapped by every error about a position that cannot
// be solved: overlapping hands, wrong hand sizes, an impossible trick.
var ErrInvalidPosition = errors.New("dd: invalid position")

// Position is a moment in the play of a deal: the cards each seat still
// holds, the trump strain, who led to the current trick and the cards
// already played to it (none at the start of a trick).
type Position struct {
	Hands  bridge.Deal   // cards still held; cards on the table are not in any hand
	Trump  bridge.Strain // trump suit, or bridge.NoTrump
	Leader bridge.Seat   // the seat that led (or is to lead) the current trick
	Trick  []bridge.Card // cards played to the current trick, in order (at most 3)
}

// Turn returns the seat to play next.
func (p Position) Turn() bridge.Seat { return (p.Leader + bridge.Seat(len(p.Trick))) & 3 }

// Tricks returns the number of tricks still to be played, the current one
// included.
func (p Position) Tricks() int { return p.Hands[p.Leader].Len() + min(len(p.Trick), 1) }

// Validate checks that the position can be played out: no card twice,
// hands of equal size once the current trick is taken into account, at most
// three cards on the table, and each card on the table followed suit when it
// could (as far as the remaining cards show).
func (p Position) Validate() error {
	if p.Trump > bridge.NoTrump {
		return fmt.Errorf("%w: trump %d is not a strain", ErrInvalidPosition, p.Trump)
	}
	if p.Leader > bridge.West {
		return fmt.Errorf("%w: leader %d is not a seat", ErrInvalidPosition, p.Leader)
	}
	if len(p.Trick) > 3 {
		return fmt.Errorf("%w: %d cards on the table, want at most 3", ErrInvalidPosition, len(p.Trick))
	}
	var seen bridge.Hand
	for s := bridge.North; s <= bridge.West; s++ {
		h := p.Hands[s]
		if !h.Valid() {
			return fmt.Errorf("%w: %s holds bits that are not cards", ErrInvalidPosition, s.Name())
		}
		if seen&h != 0 {
			return fmt.Errorf("%w: %s is in two hands", ErrInvalidPosition, (seen & h).Cards()[0])
		}
		seen |= h
	}
	for i, c := range p.Trick {
		if !c.Valid() {
			return fmt.Errorf("%w: card %d on the table is not a card", ErrInvalidPosition, i+1)
		}
		if seen.Has(c) {
			return fmt.Errorf("%w: %s is both on the table and in a hand", ErrInvalidPosition, c)
		}
		seen = seen.With(c)
		if i > 0 {
			led := p.Trick[0].Suit()
			s := (p.Leader + bridge.Seat(i)) & 3
			if c.Suit() != led && p.Hands[s].SuitLen(led) > 0 {
				return fmt.Errorf("%w: %s played %s but still holds %s", ErrInvalidPosition, s, c, led)
			}
		}
	}
	n := p.Hands[p.Leader].Len()
	for i := 0; i < 4; i++ {
		s := (p.Leader + bridge.Seat(i)) & 3
		want := n
		if i > 0 && i >= len(p.Trick) && len(p.Trick) > 0 {
			want = n + 1 // has not played to this trick yet
		}
		if got := p.Hands[s].Len(); got != want {
			return fmt.Errorf("%w: %s holds %d cards, want %d", ErrInvalidPosition, s.Name(), got, want)
		}
	}
	if p.Tricks() == 0 {
		return fmt.Errorf("%w: no cards left to play", ErrInvalidPosition)
	}
	return nil
}

// legal returns the cards the seat to play may play.
func (p Position) legal() bridge.Hand {
	h := p.Hands[p.Turn()]
	if len(p.Trick) == 0 {
		return h
	}
	if f := h.InSuit(p.Trick[0].Suit()); f != 0 {
		return f
	}
	return h
}

// Options tune a Solver.
type Options struct {
	// MaxMemory bounds the transposition table of the solver, in bytes.
	// Zero means the limit of Budget when there is one, else
	// DefaultMaxMemory.
	MaxMemory int
	// Budget, if not nil, is the memory the solver's table draws on,
	// shared with every other solver given the same Budget: the table
	// grows only while the budget has room (and up to MaxMemory).
	Budget *Budget
}

// DefaultMaxMemory is the default bound on one solver's transposition table.
const DefaultMaxMemory = 512 << 20

// Solver solves positions double dummy. It keeps its tables between calls
// (they stay valid for any deal) and allocates nothing per node. A Solver is
// not safe for concurrent use; use one per goroutine.
type Solver struct {
	e        *engine
	trump    int // the trump of the positions in the table, -1 before any
	maxBytes int
	budget   *Budget
}

// NewSolverOptions returns a solver with the given options.
func NewSolverOptions(o Options) *Solver {
	m := o.MaxMemory
	if m <= 0 {
		m = DefaultMaxMemory
		if o.Budget != nil {
			m = o.Budget.Limit()
		}
	}
	return &Solver{e: newEngine(m, o.Budget), trump: -1, maxBytes: m, budget: o.Budget}
}

// Nodes returns the number of trick-start positions searched so far, a
// measure of work for benchmarks.
func (s *Solver) Nodes() int64 { return s.e.nodes }

// Memory returns the bytes the solver's tables hold now (what it has drawn
// from its Budget).
func (s *Solver) Memory() int {
	if s.e.tt == nil {
		return 0
	}
	return s.e.tt.bytes()
}

// Release gives the memory of the solver's tables back (to its Budget, if
// it has one). The solver stays usable: its next solve starts with small
// tables again.
func (s *Solver) Release() {
	if s.e.tt != nil {
		s.e.tt.giveBack()
		s.e.tt = nil
	}
	s.trump = -1
}

// run runs a solve f on the solver under ctx: the search looks at ctx
// every stopEvery positions and a cancelled solve returns an error that
// wraps ctx.Err() (context.Canceled or context.DeadlineExceeded). The
// tables stay valid for the next solve.
func (s *Solver) run(ctx context.Context, f func()) (err error) {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("dd: solve not started: %w", err)
	}
	e := s.e
	if e.tt == nil {
		e.tt = newTransTable(s.maxBytes, s.budget)
		s.trump = -1
	}
	e.done = ctx.Done()
	e.tt.done = e.done
	defer func() {
		e.done, e.tt.done = nil, nil
		if r := recover(); r != nil {
			if _, ok := r.(stopSignal); !ok {
				panic(r)
			}
			err = fmt.Errorf("dd: solve stopped: %w", ctx.Err())
		}
	}()
	f()
	return nil
}

// setup loads a valid position into the engine.
func (s *Solver) setup(p Position) {
	e := s.e
	trump := int(p.Trump)
	if trump != s.trump {
		e.clear()
		s.trump = trump
	}
	e.trump = trump
	for i := range e.hands {
		e.hands[i] = uint64(p.Hands[i])
	}
	all := e.hands[0] | e.hands[1] | e.hands[2] | e.hands[3]
	k := len(p.Trick)
	e.root = k
	for i := 0; i < k; i++ {
		all |= 1 << uint(p.Trick[i])
	}
	e.tricks[0].all = all
	e.plays[0].seat = int8(p.Leader)
	e.plays[0].nsWon = 0
	for i := 0; i < k; i++ {
		e.plays[i].seat = int8((int(p.Leader) + i) & 3)
		e.plays[i].nsWon = 0
		e.playCard(i, int8(p.Trick[i])) // not in any hand: only recorded
	}
}

// nsTricks runs the memory-enhanced test driver (MTD(f)) from the loaded
// root: a sequence of null-window searches that close in on the value.
func (e *engine) nsTricks(rem, guess int) int {
	lower, upper := 0, rem
	g := min(max(guess, 0), rem)
	for lower < upper {
		beta := g
		if g == lower {
			beta = g + 1
		}
		v, _ := e.search(e.root, beta)
		if v < beta {
			upper = min(upper, v)
		} else {
			lower = max(lower, v)
		}
		g = v
	}
	return lower
}

// Tricks returns the number of tricks, the current one included, that the
// side to play takes from the position with best play by both sides.
func (s *Solver) Tricks(p Position) (int, error) {
	return s.TricksContext(context.Background(), p)
}

// TricksContext is Tricks, stopped when ctx is done.
func (s *Solver) TricksContext(ctx context.Context, p Position) (int, error) {
	if err := p.Validate(); err != nil {
		return 0, err
	}
	var ns int
	if err := s.run(ctx, func() {
		s.setup(p)
		ns = s.e.nsTricks(p.Tricks(), p.Tricks()/2)
	}); err != nil {
		return 0, err
	}
	if p.Turn().Side() == bridge.NS {
		return ns, nil
	}
	return p.Tricks() - ns, nil
}

// CardValue is a card the player to move may play and the number of tricks
// (the current one included) the side to play then takes with best play.
type CardValue struct {
	Card   bridge.Card
	Tricks int
}

// CardValues returns every legal card of the player to move with its value,
// highest value first and, among equals, spades first and high cards first.
// The best value equals Tricks for the same position.
func (s *Solver) CardValues(p Position) ([]CardValue, error) {
	return s.CardValuesContext(context.Background(), p)
}

// CardValuesContext is CardValues, stopped when ctx is done.
func (s *Solver) CardValuesContext(ctx context.Context, p Position) ([]CardValue, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	legal := p.legal()
	out := make([]CardValue, 0, legal.Len())
	if err := s.run(ctx, func() { out = s.cardValues(p, legal, out) }); err != nil {
		return nil, err
	}
	// stable sort by value, descending
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j].Tricks > out[j-1].Tricks; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out, nil
}

// cardValues appends the value of each card of legal to out, in the
// order of legal's cards.
func (s *Solver) cardValues(p Position, legal bridge.Hand, out []CardValue) []CardValue {
	rem := p.Tricks()
	side := p.Turn().Side()
	guess := rem / 2
	for _, c := range legal.Cards() {
		s.setup(p)
		e := s.e
		k := len(p.Trick)
		e.playCard(k, int8(c))
		e.root = k + 1
		ns := e.nsTricks(rem, guess)
		guess = ns
		v := ns
		if side == bridge.EW {
			v = rem - ns
		}
		out = append(out, CardValue{Card: c, Tricks: v})
	}
	return out
}

// Lead returns the tricks declarer takes in the strain with the opening lead
// from declarer's left, on a complete deal or on any deal whose four hands
// hold the same number of cards.
func (s *Solver) Lead(d bridge.Deal, declarer bridge.Seat, strain bridge.Strain) (int, error) {
	return s.LeadContext(context.Background(), d, declarer, strain)
}

// LeadContext is Lead, stopped when ctx is done.
func (s *Solver) LeadContext(ctx context.Context, d bridge.Deal, declarer bridge.Seat, strain bridge.Strain) (int, error) {
	p := Position{Hands: d, Trump: strain, Leader: declarer.LHO()}
	t, err := s.TricksContext(ctx, p)
	if err != nil {
		return 0, err
	}
	return p.Tricks() - t, nil
}

// Table is the double-dummy table of a deal: the tricks each seat takes as
// declarer in each strain, indexed [declarer][strain].
type Table [bridge.NumSeats][bridge.NumStrains]int

// Tricks returns the tricks for declarer in the strain.
func (t *Table) Tricks(declarer bridge.Seat, strain bridge.Strain) int {
	return t[declarer][strain]
}

// Table computes the full 20-result table of a deal. The four leaders of a
// strain share one transposition table and each starts its search from the
// previous leader's result.
func (s *Solver) Table(d bridge.Deal) (Table, error) {
	return s.TableContext(context.Background(), d)
}

// TableContext is Table, stopped when ctx is done.
func (s *Solver) TableContext(ctx context.Context, d bridge.Deal) (Table, error) {
	var t Table
	p := Position{Hands: d}
	if err := p.Validate(); err != nil {
		return t, err
	}
	if err := s.run(ctx, func() {
		for strain := bridge.Strain(0); strain < bridge.NumStrains; strain++ {
			s.strainResults(d, strain, &t)
		}
	}); err != nil {
		return Table{}, err
	}
	return t, nil
}

// strainResults fills the four results of one strain of t.
func (s *Solver) strainResults(d bridge.Deal, strain bridge.Strain, t *Table) {
	s.leaderResults(d, strain, []bridge.Seat{bridge.West, bridge.North, bridge.East, bridge.South}, t)
}

// leaderResults fills the results of one strain of t for the opening
// leaders given, in order, from a cleared table that they share.
func (s *Solver) leaderResults(d bridge.Deal, strain bridge.Strain, leaders []bridge.Seat, t *Table) {
	n := d[0].Len()
	e := s.e
	e.clear()
	s.trump = int(strain)
	// Each search starts above the expected value: a first search that
	// fails low is cheap and its bound is usually the value. The first
	// leader starts two tricks above the estimate; a leader whose partner
	// has led one trick above the partner's result (the same side on
	// lead), any other one trick above the previous leader's result.
	guess := min(guessTricks(d, int(strain))+2, n)
	bySide := [2]int{-1, -1}
	manyVoids := voids(d) >= 4
	for i, leader := range leaders {
		p := Position{Hands: d, Trump: strain, Leader: leader}
		s.setup(p)
		if i > 0 && manyVoids {
			// With voids about, the cards that cut off in one opening
			// leader's search mislead in the next one's, where the
			// hands play other roles: forget the killers (the four-void
			// deal: 16% fewer positions). On random deals it is a wash
			// from two voids (the 27 of 1,000 deals with two or three:
			// 0.4% fewer positions, but 0.08% more on the first 200
			// deals) and a loss with one (1% more): four voids, as
			// bridge-solver has it.
			*e.killer = killerTable{}
		}
		if b := bySide[leader&1]; b >= 0 {
			guess = min(b+1, n)
		}
		ns := e.nsTricks(n, guess)
		bySide[leader&1] = ns
		guess = min(ns+1, n)
		// the declarer is the leader's right-hand opponent
		decl := leader.RHO()
		if decl.Side() == bridge.NS {
			t[decl][strain] = ns
		} else {
			t[decl][strain] = n - ns
		}
	}
}

// guessTricks estimates NS tricks from high cards and trump length, to
// start the driver near the value.
func guessTricks(d bridge.Deal, trump int) int {
	n := d[0].Len()
	hcp := d[0].HCP() + d[2].HCP() - d[1].HCP() - d[3].HCP()
	g := n/2 + hcp/4
	if trump < noTrump {
		su := bridge.Suit(trump)
		diff := d[0].SuitLen(su) + d[2].SuitLen(su) - d[1].SuitLen(su) - d[3].SuitLen(su)
		g += diff / 2
	}
	return min(max(g, 0), n)
}

// voids returns the number of suits, over the four hands of d, in which a
// hand holds no card.
func voids(d bridge.Deal) int {
	n := 0
	for _, h := range d {
		for su := bridge.Suit(0); su < bridge.NumSuits; su++ {
			if h.SuitLen(su) == 0 {
				n++
			}
		}
	}
	return n
}
