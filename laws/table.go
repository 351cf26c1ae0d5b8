package laws

import (
	"errors"
	"fmt"
	"strings"

	"github.com/bridgetd/bridgetd/bridge"
)

// Sentinel errors for events the Table cannot take. Calls never fail: an
// irregular call is ruled on, not refused. These are misuse of the log.
var (
	// ErrNoDecision: an option or finding was given when none is pending.
	ErrNoDecision = errors.New("no option or finding is pending")
	// ErrNotEntitled: the player who chose is not the one entitled to the
	// option (Law 10C: he chooses without consulting partner).
	ErrNotEntitled = errors.New("player not entitled to this option")
	// ErrBadAnswer: the answer is not one of those the pending question allows.
	ErrBadAnswer = errors.New("not one of the allowed answers")
	// ErrBadEvent: the event does not fit the state of the table.
	ErrBadEvent = errors.New("event does not fit the state of the table")
	// ErrNotAcceptable: an option to accept was given for an irregularity
	// the Laws never let anyone accept (an inadmissible call, Laws 35–39);
	// LHO's call over it condones it where the Laws say so.
	ErrNotAcceptable = errors.New("this irregularity can never be accepted")
)

// Meaning is what the players stated a call means, as far as the Laws
// care: natural or artificial, and the suits an artificial call specifies.
type Meaning struct {
	Natural    bool  // stated natural (incontrovertibly not conventional)
	Artificial bool  // stated artificial (conventional)
	Shows      uint8 // suits specified by an artificial call, bit 1<<Suit
}

// Known reports whether a meaning was stated.
func (m Meaning) Known() bool { return m.Natural || m.Artificial }

// CallEvent is a call made at the table by any player.
type CallEvent struct {
	Seat       bridge.Seat
	Call       bridge.Call
	AboveSeven string // the bid as written when it names more than seven tricks (Law 38)
	Meaning    Meaning
	// Change marks a call the player says replaces his own last call
	// (Law 25), even after his LHO has called.
	Change bool
	// Simultaneous marks a call made at the same moment as the previous
	// one (Law 33: it is deemed to be the later of the two).
	Simultaneous bool
	// Misinformed marks a change of call the player asks for because of
	// misinformation from an opponent (Law 21B).
	Misinformed bool
}

// Entry is one call as it was made at the table, legal or not.
type Entry struct {
	Seat    bridge.Seat
	Call    bridge.Call
	Text    string // the call as written when it is not one of the 38 calls
	Meaning Meaning
	Line    int
	Status  string // legal, pending, provisional, cancelled
	Law     string // the law under which it was cancelled or admitted
	Deemed  bool   // inserted by the Director (Law 28A pass, substituted pass)
	// superseded marks an entry made again as a new entry (the call
	// replacing an unintended one, Law 25A; a call kept over it): the
	// result shows the call once, where it now stands.
	superseded bool
}

// String returns the seat and the call as made, e.g. "S 1♥".
func (e Entry) String() string {
	if e.Text != "" {
		return e.Seat.String() + " " + e.Text
	}
	return e.Seat.String() + " " + e.Call.String()
}

// Entry statuses.
const (
	stLegal       = "legal"
	stPending     = "pending"
	stProvisional = "provisional"
	stCancelled   = "cancelled"
)

// follow-up kinds: constraints on later calls that do not stop the auction.
const (
	fAfterRHO = iota // 31A/32B (1997), 31A/32A (2017): wait for RHO's call
	fRepeat          // the offender must repeat his call (31A1, 32B1/32A1)
	fNextCall        // rule on the offender's next call (31A2, 30B1(b), …)
)

type follow struct {
	kind      int
	seat      bridge.Seat // the player whose call triggers it
	offender  bridge.Seat
	withdrawn int // entry index of the cancelled call
	ruling    *Ruling
	call      bridge.Call // the call to repeat
	clause    string      // law family: "30", "31", "32"
	rhoActed  bool
}

type leadPenalty struct {
	offender  bridge.Seat
	withdrawn int // entry index of the withdrawn call, -1 when not call-specific
	comp      bool
	law       string
	ruling    *Ruling
}

type exposure struct {
	seat   bridge.Seat
	cards  []bridge.Card
	ruling *Ruling
}

// state is the part of the table that a cancellation "as though the
// irregularity had not occurred" rolls back (Laws 35A, 36A, 17D/15A).
type state struct {
	legal   []int
	bars    []Bar
	follows []follow
	leads   []leadPenalty
	exposed []exposure
}

// clone returns a snapshot of s in constant time. The slices are shared
// with their capacity cut to their length, which is safe because the
// table only ever appends to them or replaces them with a new slice: no
// element is ever changed in place (see consumeTurn, dropFollow). A
// full copy per admitted call made memory grow with the square of a long
// log.
func (s state) clone() state {
	return state{
		legal:   s.legal[:len(s.legal):len(s.legal)],
		bars:    s.bars[:len(s.bars):len(s.bars)],
		follows: s.follows[:len(s.follows):len(s.follows)],
		leads:   s.leads[:len(s.leads):len(s.leads)],
		exposed: s.exposed[:len(s.exposed):len(s.exposed)],
	}
}

// decision is what the table waits for before the auction may go on.
type decision struct {
	kind    string // NeedsOption, NeedsFinding, NeedsCall, needsAttention
	ruling  *Ruling
	holder  bridge.Seat // who chooses, who must call, or whose call condones
	answers []string
	// byCall is the answer implied when the holder calls (acceptance, Law
	// 27A, 29A, 25B1); empty if calling means nothing.
	byCall string
	// correct is the player whose turn it was; his call cancels a call out
	// of rotation by an opponent (Law 28B). hasCorrect says whether it applies.
	correct    bridge.Seat
	hasCorrect bool
	question   string
	resolve    func(ans string) error
	onCall     func(ev CallEvent) error // NeedsCall: the holder's call
	condone    func(ev CallEvent) error // needsAttention: holder's call condones
	rectify    func() error             // needsAttention: attention drawn
	early      func(ev CallEvent) bool  // offender's premature replacement (27C)
	// holderCall, if set, replaces acceptance by calling when the holder
	// calls (1997 25B1: did LHO mean his call over the original call?).
	holderCall func(ev CallEvent) error
}

const needsAttention = "needs-attention"

// latent is an inadmissible call condoned by LHO's call (1997 Law 35A,
// 2017 Law 36A) whose consequences wait until attention is drawn.
type latent struct {
	ruling *Ruling
	entry  int
	before state
}

// Pending describes what the table is waiting for, for the caller.
type Pending struct {
	Kind     string       `json:"kind"` // needs-option, needs-finding, needs-call, needs-attention
	Law      string       `json:"law"`
	Holder   *bridge.Seat `json:"holder,omitempty"` // who chooses or must call; none for a finding
	Question string       `json:"question"`
	Answers  []string     `json:"answers,omitempty"`
}

// Table is one table's auction under the Laws. Create it with NewTable.
type Table struct {
	ed         Edition
	dealer     bridge.Seat
	vul        bridge.Vulnerability
	board      int
	entries    []Entry
	rulings    []*Ruling
	st         state
	pending    *decision
	latent     *latent
	leadFaced  bool
	line       int
	simNote    bool
	findings   []*damageCheck
	leadChoice map[int]leadChoice
	snaps      map[int]state
	requests   []RequestRecord
	playEnded  bool             // EndOfPlay: the play of the board is over
	waived     map[*Ruling]bool // rectification forfeited under Law 11A
	deal       *bridge.Deal     // the deal, when known (playlog.go)
	play       *Play            // the play period, once begun
}

// NewTable returns a table for a board with the given dealer and
// vulnerability, ruled under the given code.
func NewTable(ed Edition, dealer bridge.Seat, vul bridge.Vulnerability) *Table {
	if !ed.Valid() {
		ed = Edition2017
	}
	return &Table{ed: ed, dealer: dealer & 3, vul: vul, leadChoice: map[int]leadChoice{}, snaps: map[int]state{}}
}

// SetLine records the log line of the events that follow, for the rulings.
func (t *Table) SetLine(n int) { t.line = n }

// Edition returns the code in force.
func (t *Table) Edition() Edition { return t.ed }

// Rulings returns the rulings so far, in order.
func (t *Table) Rulings() []*Ruling { return t.rulings }

// Entries returns every call made, with its status.
func (t *Table) Entries() []Entry { return append([]Entry(nil), t.entries...) }

// Pending returns what the table waits for, or nil.
func (t *Table) Pending() *Pending {
	d := t.pending
	if d == nil {
		return nil
	}
	p := &Pending{Kind: d.kind, Law: d.ruling.Law, Question: d.question, Answers: d.answers}
	if d.kind != NeedsFinding {
		h := d.holder
		p.Holder = &h
	}
	return p
}

// Turn returns the seat whose turn it is to call, and false once the
// auction has ended.
func (t *Table) Turn() (bridge.Seat, bool) {
	if t.ended() {
		return 0, false
	}
	return t.turn(), true
}

// Ended reports whether the auction is over (Law 17E; 22).
func (t *Table) Ended() bool { return t.ended() }

func (t *Table) is97() bool { return t.ed == Edition1997 }

// law returns the 1997 or the 2017 clause.
func (t *Table) law(l97, l17 string) string { return t.ed.pick(l97, l17) }

func (t *Table) turn() bridge.Seat {
	if n := len(t.st.legal); n > 0 {
		return t.entries[t.st.legal[n-1]].Seat.Next()
	}
	return t.dealer
}

func (t *Table) legalEntry(i int) Entry { return t.entries[t.st.legal[i]] }

func (t *Table) ended() bool {
	n := len(t.st.legal)
	if n < 4 {
		return false
	}
	for i := n - 3; i < n; i++ {
		if t.legalEntry(i).Call != bridge.Pass {
			return false
		}
	}
	return true
}

func (t *Table) lastBid() (Entry, bool) {
	for i := len(t.st.legal) - 1; i >= 0; i-- {
		if e := t.legalEntry(i); e.Call.IsBid() {
			return e, true
		}
	}
	return Entry{}, false
}

func (t *Table) anyBid() bool { _, ok := t.lastBid(); return ok }

// check returns nil if c by seat is a sufficient bid or an admissible
// call on the legal auction so far (Laws 18, 19), whoever's turn it is.
func (t *Table) check(seat bridge.Seat, c bridge.Call) error {
	if t.ended() {
		return bridge.ErrAuctionEnded
	}
	last := -1
	for i := len(t.st.legal) - 1; i >= 0; i-- {
		if t.legalEntry(i).Call != bridge.Pass {
			last = i
			break
		}
	}
	switch {
	case c.IsBid():
		if lb, ok := t.lastBid(); ok && c <= lb.Call {
			return bridge.ErrInsufficientBid
		}
	case c == bridge.Double:
		// Law 19A1: only the last bid, made by an opponent, with only passes since.
		if last < 0 || !t.legalEntry(last).Call.IsBid() || t.legalEntry(last).Seat.Side() == seat.Side() {
			return bridge.ErrInadmissibleDouble
		}
	case c == bridge.Redouble:
		// Law 19B1: only the last double, made by an opponent, with only passes since.
		if last < 0 || t.legalEntry(last).Call != bridge.Double || t.legalEntry(last).Seat.Side() == seat.Side() {
			return bridge.ErrInadmissibleRedouble
		}
	}
	return nil
}

// record adds a call to the log of entries and returns its index.
func (t *Table) record(ev CallEvent, status string) int {
	e := Entry{Seat: ev.Seat, Call: ev.Call, Text: ev.AboveSeven, Meaning: ev.Meaning, Line: t.line, Status: status}
	t.entries = append(t.entries, e)
	return len(t.entries) - 1
}

func (t *Table) admit(i int, law string) {
	t.snaps[i] = t.st.clone()
	t.entries[i].Status = stLegal
	if law != "" {
		t.entries[i].Law = law
	}
	t.st.legal = append(t.st.legal, i)
}

func (t *Table) cancel(i int, law string, r *Ruling) {
	if t.entries[i].Status == stCancelled {
		return
	}
	// drop it from the legal auction if it was there
	for k, j := range t.st.legal {
		if j == i {
			t.st.legal = append(t.st.legal[:k:k], t.st.legal[k+1:]...)
			break
		}
	}
	t.entries[i].Status = stCancelled
	t.entries[i].Law = law
	if r != nil {
		r.Rect.Cancelled = append(r.Rect.Cancelled, cancelledCall(t.entries[i]))
	}
}

func (t *Table) newRuling(law string, offender bridge.Seat, what string) *Ruling {
	r := &Ruling{Law: law, Offender: offender, Irregularity: what, Line: t.line, Status: Settled,
		Options: []Option{}, Rect: Rectification{Bars: []Bar{}, LeadRestrictions: []LeadRestriction{}}}
	if t.simNote {
		r.note("Law 33: made at the same time as the call of the player whose turn it was, so deemed to follow it")
		t.simNote = false
	}
	t.rulings = append(t.rulings, r)
	return r
}

func (t *Table) wait(d *decision) {
	d.ruling.Status = d.kind
	if d.kind == needsAttention {
		d.ruling.Status = NeedsCall
		if d.question == "" {
			d.question = "rectify when attention is drawn; " + d.holder.String() + "'s call would condone it"
		}
	}
	if r := d.ruling; r.Outcome == "" || r.interim {
		// Nothing ruled yet: the outcome says what the ruling waits for.
		r.waitingFor("waiting: " + d.question)
	}
	t.pending = d
}

func (t *Table) settle(r *Ruling) {
	if r.Status != Settled {
		r.Status = Settled
	}
	if t.pending != nil && t.pending.ruling == r {
		t.pending = nil
	}
}

// barOf returns the strongest bar on seat: a full bar before a doubles-only one.
func (t *Table) barOf(s bridge.Seat) (Bar, bool) {
	var found Bar
	ok := false
	for _, b := range t.st.bars {
		if b.Seat != s {
			continue
		}
		if !ok || found.DoublesOnly && !b.DoublesOnly || b.Scope == RestOfAuction && !b.DoublesOnly {
			found, ok = b, true
		}
	}
	return found, ok
}

// requiredToPass reports whether seat must pass at his turn (fully barred).
func (t *Table) requiredToPass(s bridge.Seat) bool {
	b, ok := t.barOf(s)
	return ok && !b.DoublesOnly
}

// bar imposes an obligation to pass and records it in the ruling. A bar on
// the offender's partner brings the enforced-pass damage check (1997 Law
// 23; 2017 Law 72C).
func (t *Table) bar(r *Ruling, s bridge.Seat, scope Scope, law string) {
	if t.waived[r] {
		return
	}
	t.barOnly(r, s, scope, law)
	if s != r.Offender {
		t.enforcedPassCheck(r)
	}
}

// barOnly imposes an obligation to pass without the enforced-pass damage
// check (2017 Law 38D after LHO's call).
func (t *Table) barOnly(r *Ruling, s bridge.Seat, scope Scope, law string) {
	if t.waived[r] {
		return // Law 11A: rectification forfeited
	}
	b := Bar{Seat: s, Scope: scope, Law: law}
	t.st.bars = append(t.st.bars, b)
	for _, x := range r.Rect.Bars {
		if x == b {
			return // stated once (the step ran again after a 15A1 or 25A rollback)
		}
	}
	r.Rect.Bars = append(r.Rect.Bars, b)
}

// consumeTurn removes next-turn bars of s once s has had his turn. It
// builds a new slice: snapshots share the old one (state.clone).
func (t *Table) consumeTurn(s bridge.Seat) {
	var out []Bar
	for _, b := range t.st.bars {
		if b.Seat == s && b.Scope == NextTurn {
			continue
		}
		out = append(out, b)
	}
	t.st.bars = out
}

// Call takes a call by any player, legal or not, and rules on it.
func (t *Table) Call(ev CallEvent) error {
	if ev.Seat > bridge.West {
		return fmt.Errorf("laws: %w: no seat %d", ErrBadEvent, ev.Seat)
	}
	if ev.AboveSeven == "" && !ev.Call.Valid() {
		return fmt.Errorf("laws: %w: not a call", ErrBadEvent)
	}
	if ev.Simultaneous {
		t.simNote = true
	}
	defer func() { t.simNote = false }()
	if d := t.pending; d != nil {
		return t.callWhilePending(d, ev)
	}
	return t.call(ev)
}

func (t *Table) call(ev CallEvent) error {
	if ev.Misinformed {
		return t.misinformedChange(ev)
	}
	if t.ended() {
		return t.afterFinalPass(ev)
	}
	if ev.AboveSeven != "" {
		return t.aboveSeven(ev)
	}
	turn := t.turn()
	if ev.Seat != turn {
		// Law 28A: a call at RHO's turn when RHO must pass is in rotation.
		if ev.Seat == turn.Next() && t.requiredToPass(turn) {
			t.deemPass(turn, "28A")
			return t.call(ev)
		}
		if t.isChangeOfCall(ev) {
			return t.changeOfCall(ev)
		}
		return t.outOfRotation(ev)
	}
	if b, ok := t.barOf(ev.Seat); ok && ev.Call != bridge.Pass && (!b.DoublesOnly || !ev.Call.IsBid()) {
		if b.DoublesOnly {
			return t.doubleBarred(ev, b)
		}
		return t.barredCall(ev, b)
	}
	if f, ok := t.followFor(ev.Seat, fRepeat); ok && ev.Call != f.call {
		return t.notRepeated(ev, f)
	}
	switch err := t.check(ev.Seat, ev.Call); {
	case errors.Is(err, bridge.ErrInadmissibleDouble), errors.Is(err, bridge.ErrInadmissibleRedouble):
		return t.inadmissible(ev, err)
	case errors.Is(err, bridge.ErrInsufficientBid):
		return t.insufficient(ev)
	}
	i := t.record(ev, stPending)
	t.admit(i, "")
	return t.afterLegalCall(i)
}

// deemPass inserts the pass a barred player is deemed to make (Law 28A).
func (t *Table) deemPass(s bridge.Seat, law string) {
	t.entries = append(t.entries, Entry{Seat: s, Call: bridge.Pass, Line: t.line, Status: stPending, Law: law, Deemed: true})
	t.admit(len(t.entries)-1, law)
	t.consumeTurn(s)
	_ = t.afterLegalCall(len(t.entries) - 1)
}

// afterLegalCall updates bars and follow-ups after a call enters the
// legal auction at its player's turn.
func (t *Table) afterLegalCall(i int) error {
	e := t.entries[i]
	t.consumeTurn(e.Seat)
	if err := t.runFollows(i); err != nil {
		return err
	}
	if t.ended() {
		if t.retention(nil) {
			return nil
		}
		t.auctionEnded()
	}
	return nil
}

func (t *Table) followFor(s bridge.Seat, kind int) (follow, bool) {
	for _, f := range t.st.follows {
		if f.seat == s && f.kind == kind {
			return f, true
		}
	}
	return follow{}, false
}

func (t *Table) dropFollow(f follow) {
	var out []follow // a new slice: snapshots share the old one
	for _, g := range t.st.follows {
		if g.seat == f.seat && g.kind == f.kind && g.withdrawn == f.withdrawn {
			continue
		}
		out = append(out, g)
	}
	t.st.follows = out
}

// callWhilePending handles a call made while the Director's ruling is not
// complete.
func (t *Table) callWhilePending(d *decision, ev CallEvent) error {
	switch {
	case d.kind == needsAttention && ev.Seat == d.holder && d.condone != nil:
		t.pending = nil
		return d.condone(ev)
	case d.kind == needsAttention:
		// Another event draws attention to the irregularity first.
		t.pending = nil
		if err := d.rectify(); err != nil {
			return err
		}
		return t.Call(ev)
	case d.kind == NeedsOption && d.holderCall != nil && ev.Seat == d.holder:
		t.pending = nil
		return d.holderCall(ev)
	case d.kind == NeedsOption && d.byCall != "" && ev.Seat == d.holder:
		t.pending = nil
		d.ruling.note(fmt.Sprintf("%s called over it, which accepts it", ev.Seat))
		if err := d.resolve(d.byCall); err != nil {
			return err
		}
		return t.Call(ev)
	case d.kind == NeedsOption && d.hasCorrect && ev.Seat == d.correct:
		t.pending = nil
		return t.correctPlayerCalls(d, ev)
	case d.kind == NeedsOption && d.early != nil && d.early(ev):
		return nil
	case d.kind == NeedsCall && ev.Seat == d.holder:
		return d.onCall(ev)
	}
	return t.premature(d, ev)
}

// premature rules on a call made before the Director has finished ruling
// (Law 9B2: no player acts until the Director has explained the
// rectification; 9C: premature correction may be penalised; Law 11A: a
// non-offending player's action may forfeit the right to rectification).
func (t *Table) premature(d *decision, ev CallEvent) error {
	nonOffender := d.ruling.Offender.Side() != ev.Seat.Side()
	correction := strings.HasPrefix(d.ruling.Law, "20") || strings.HasPrefix(d.ruling.Law, "75")
	if nonOffender && !correction && (d.kind == NeedsOption || d.kind == NeedsCall && forfeitable(d.ruling)) {
		return t.forfeiture(d, ev)
	}
	i := t.record(ev, stPending)
	r := t.newRuling("9B2", ev.Seat, fmt.Sprintf("%s: call made while the Director's ruling on Law %s was not complete", t.entries[i], d.ruling.Law))
	t.cancel(i, "9B2", r)
	t.withdrawnInfo(r, ev.Seat, t.entries[i].String())
	if nonOffender {
		r.note("Law 11A: a non-offending player acted while the Director was ruling; the pending ruling stands")
	} else {
		r.note("Law 9C: premature correction by the offending side may be subject to further rectification")
	}
	r.summary("the call is cancelled; the pending ruling stands")
	return nil
}

// forfeiture applies Law 11A (1997 and 2017) when a member of the
// non-offending side, other than the player whose call has a law of its own
// (acceptance 27A, 29A, 25B1; the correct player 28B), calls before the
// Director has ruled on an irregularity awaiting the non-offenders'
// option. The Director finds whether the right to rectification is
// forfeited (he so finds when the non-offenders may gain from it): if so,
// the irregularity is treated as accepted and the call is then ruled as
// made; if not, the call is cancelled (9B2) and the option stays open.
func (t *Table) forfeiture(d *decision, ev CallEvent) error {
	i := t.record(ev, stPending)
	r := t.newRuling("11A", ev.Seat, fmt.Sprintf("%s, of the non-offending side, called before the Director ruled on Law %s", t.entries[i], d.ruling.Law))
	t.wait(&decision{kind: NeedsFinding, ruling: r, answers: []string{"forfeited", "not-forfeited"},
		question: fmt.Sprintf("did %s's action forfeit his side's right to rectification of the Law %s irregularity (Law 11A)?", ev.Seat, d.ruling.Law),
		resolve: func(ans string) error {
			t.settle(r)
			if ans == "not-forfeited" {
				r.cite("9B2")
				t.cancel(i, "9B2", r)
				t.withdrawnInfo(r, ev.Seat, t.entries[i].String())
				if d.kind == NeedsCall {
					r.summary("the right to rectification is not forfeited: the call is cancelled and the ruling goes on")
				} else {
					r.summary("the right to rectification is not forfeited: the call is cancelled and the option stays open")
				}
				t.wait(d)
				return nil
			}
			t.cancel(i, "11A", r)
			if d.kind == NeedsCall {
				// The option was already taken: what is forfeited is the
				// rectification still to come (bars, lead restrictions,
				// score cap). The call is cancelled, as the offender must
				// still make his call (9B2).
				t.withdrawnInfo(r, ev.Seat, t.entries[i].String())
				t.waive(d.ruling)
				r.summary(fmt.Sprintf("the right to rectification is forfeited: the Law %s ruling carries no bar, lead restriction or score cap; the call is cancelled, as %s must still call (9B2)", d.ruling.Law, d.holder))
				t.wait(d)
				return nil
			}
			r.summary("the right to rectification is forfeited: the irregularity stands as if accepted, and the call is ruled as made")
			if d.byCall == "" {
				r.note("no acceptance is possible for this irregularity: the option stays open")
				t.wait(d)
				return nil
			}
			d.ruling.Chosen = d.byCall
			d.ruling.note("Law 11A: the right to rectification was forfeited by the non-offending side's action")
			if err := d.resolve(d.byCall); err != nil {
				return err
			}
			t.supersede(i, r)
			return t.Call(ev)
		}})
	return nil
}

// forfeitable reports whether a ruling waiting for the offender's call
// still has rectification to come that the non-offending side may forfeit
// by acting (Law 11A): the change of call (25B2(b)(2)), the insufficient
// bid (27B) and the inadmissible calls (35–39). Requests, corrections,
// misinformation and wrong boards carry none.
func forfeitable(r *Ruling) bool {
	for _, p := range []string{"25", "27", "35", "36", "37", "38", "39"} {
		if strings.HasPrefix(r.Law, p) {
			return true
		}
	}
	return false
}

// waive removes the rectification of ruling r, present and to come, after
// the Director finds the right to it forfeited (Law 11A).
func (t *Table) waive(r *Ruling) {
	if t.waived == nil {
		t.waived = map[*Ruling]bool{}
	}
	t.waived[r] = true
	var bars []Bar // new slices: snapshots share the old ones (state.clone)
	for _, b := range t.st.bars {
		keep := true
		for _, rb := range r.Rect.Bars {
			if b == rb {
				keep = false
			}
		}
		if keep {
			bars = append(bars, b)
		}
	}
	t.st.bars = bars
	var leads []leadPenalty
	for _, l := range t.st.leads {
		if l.ruling != r {
			leads = append(leads, l)
		}
	}
	t.st.leads = leads
	r.Rect.Bars, r.Rect.LeadRestrictions, r.Rect.ScoreCap = []Bar{}, []LeadRestriction{}, ""
	// The enforced-pass check (1997 23, 2017 72C) goes with the bars.
	enforced := t.law("23", "72C")
	var dc []string
	for _, l := range r.Rect.DamageCheck {
		if l != enforced {
			dc = append(dc, l)
		}
	}
	r.Rect.DamageCheck = dc
	var fs []*damageCheck
	for _, f := range t.findings {
		if f.ruling != r || f.law != enforced {
			fs = append(fs, f)
		}
	}
	t.findings = fs
	r.summary("Law 11A: the non-offending side forfeited the right to rectification: no bar, lead restriction or score cap follows from this ruling; the offender still makes his call")
	r.forfeited = true
}

// Choose takes the choice of the player entitled to an option.
func (t *Table) Choose(seat bridge.Seat, option string) error {
	d := t.pending
	if d == nil || d.kind != NeedsOption {
		if t.chooseLead(seat, option) {
			return nil
		}
		if why := t.notAcceptable(d); why != "" && normalise(option) == "accept" {
			return fmt.Errorf("laws: %s %s: %w: %s", seat, option, ErrNotAcceptable, why)
		}
		return fmt.Errorf("laws: %s %s: %w", seat, option, ErrNoDecision)
	}
	if seat != d.holder {
		return fmt.Errorf("laws: %s %s: %w: the option under Law %s is %s's (Law 10C2: chosen without consulting partner)",
			seat, option, ErrNotEntitled, d.ruling.Law, d.holder)
	}
	ans := normalise(option)
	if alt := strings.TrimSuffix(strings.ToLower(strings.TrimSpace(option)), "s"); !contains(d.answers, ans) && contains(d.answers, alt) {
		ans = alt // keeps, withdraws, changes
	}
	if !contains(d.answers, ans) {
		return fmt.Errorf("laws: %s %s: %w: want one of %s", seat, option, ErrBadAnswer, strings.Join(d.answers, ", "))
	}
	t.pending = nil
	d.ruling.Chosen = ans
	return d.resolve(ans)
}

// notAcceptable says why the irregularity waiting for attention (d), or
// the inadmissible call LHO already called over (t.latent), cannot be
// accepted; it returns "" when no such irregularity is waiting.
func (t *Table) notAcceptable(d *decision) string {
	var r *Ruling
	switch {
	case d != nil && d.kind == needsAttention:
		r = d.ruling
	case t.latent != nil:
		r = t.latent.ruling
	default:
		return ""
	}
	law := r.Law
	switch {
	case law == "36" || law == "35A" || law == "36A" || law == "36B" || law == "36C":
		return t.law("an inadmissible double or redouble may never be accepted (Law 32); if LHO calls over it before rectification, Law 35A cancels it and every later call",
			"an inadmissible double or redouble may never be accepted (Laws 32, 36); if LHO calls over it before rectification, Law 36A cancels it and every later call")
	case law == "37":
		return t.law("a call by a player required to pass is cancelled (Law 37); if LHO calls over it first, Law 35B lets the calls stand",
			"a call by a player required to pass is cancelled (Law 37B); if LHO calls over it first, Law 37A lets the calls stand")
	case law == "38":
		return t.law("no contract above seven is ever played (Law 38): the bid is cancelled; if LHO calls over it first, Law 35C",
			"no contract above seven is ever played (Law 38A): the bid is cancelled (38B); if LHO calls over it first, Law 38D")
	case law == "39" || law == "39A" || law == "39B" || law == "39C":
		return t.law("a call after the final pass is cancelled (Law 39)", "a call after the final pass is cancelled (Law 39A)")
	case law == "30B2(b)":
		return "Law 30B2(b) does not allow a double or redouble at this turn; no law lets the opponents accept it"
	}
	return "an inadmissible call can never be accepted (Law 35)"
}

// Find takes the Director's finding of fact.
func (t *Table) Find(answer string) error {
	ans := normalise(answer)
	d := t.pending
	if d == nil || d.kind != NeedsFinding {
		if t.damageFinding(ans) {
			return nil
		}
		return fmt.Errorf("laws: TD %s: %w", answer, ErrNoDecision)
	}
	if !contains(d.answers, ans) {
		return fmt.Errorf("laws: TD %s: %w: want one of %s", answer, ErrBadAnswer, strings.Join(d.answers, ", "))
	}
	t.pending = nil
	d.ruling.Findings = append(d.ruling.Findings, ans)
	return d.resolve(ans)
}

// Attention records that a player (or the Director) drew attention to an
// irregularity (Law 9A): pending inadmissible calls are then rectified.
func (t *Table) Attention(seat *bridge.Seat) error {
	if seat != nil && t.leadFaced && t.ended() {
		if dummy, ok := t.dummy(); ok && dummy == *seat {
			r := t.newRuling(t.law("9A2(b)", "9A4(a)"), *seat, "dummy drew attention to an irregularity during the play")
			r.summary("dummy may not draw attention to an irregularity until the play ends; the Director rules when called")
		}
	}
	if d := t.pending; d != nil && d.kind == needsAttention {
		t.pending = nil
		return d.rectify()
	}
	if t.latent != nil {
		return t.wakeLatent()
	}
	return nil
}

// Finish is called at the end of a log: reading it is drawing the
// Director's attention to whatever was not yet rectified.
func (t *Table) Finish() error {
	if t.latent != nil || (t.pending != nil && t.pending.kind == needsAttention) {
		return t.Attention(nil)
	}
	return nil
}

func normalise(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	switch s {
	case "accepts", "accepted", "condone", "condones":
		return "accept"
	case "declines", "declined", "rejects", "reject", "refuses", "refuse":
		return "decline"
	case "stands", "let-stand", "first-call", "keeps", "keep":
		return "stand"
	case "substitutes", "other-call", "substitute":
		return "substitute"
	}
	return s
}

func contains(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}

func suitList(mask uint8) []bridge.Suit {
	out := []bridge.Suit{}
	for s := bridge.Spades; ; s-- {
		if mask&(1<<s) != 0 {
			out = append(out, s)
		}
		if s == bridge.Clubs {
			break
		}
	}
	return out
}
