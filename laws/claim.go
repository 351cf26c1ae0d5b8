package laws

import (
	"errors"
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/dd"
)

// Claims and concessions (Laws 68–71), adjudicated on the cards.
//
// Law 68 (both codes): a statement that a side will win (lose) a number of
// tricks is a claim (concession); a claim concedes the rest (68B1); the
// claimer should state his line at once (68C); play stops (68D).
// Law 69: an agreed claim stands, but agreement may be withdrawn within the
// correction period (79C) for a trick his side had in fact won, or one his
// side would likely have won had play gone on (2017 69B1–B2; 1997 69B).
// Law 70: a contested claim is decided as equitably as possible, doubtful
// points against the claimer (70A); the Director does not accept a
// successful line the statement did not embrace when a normal line would
// do worse (70D; 2017 70D1), nor an unstated line that depends on which
// opponent holds a card (70E; 2017 70E1) unless an opponent showed out of
// the suit before the claim or would show out of it on any normal line
// (1997 adds: or unless not taking the line would be irrational); an
// opponent's trump the claimer did not mention costs the tricks it could
// take on any normal play when the claimer may have forgotten it (70C).
// 2017 70D2: a defender's claim gets no part that depends on his partner
// choosing one of several normal plays.
// Law 71: a concession is cancelled for a trick the side had in fact won
// (2017 71.1; 1997 71A, where it also covers a contract already made or
// defeated) or could not lose by any normal play of the remaining cards
// (2017 71.2, within the correction period of 79C; 1997 71B, the
// "implausible concession", before the conceding side calls on the next
// board or the round ends — the seed text of the 1997 code).
// "Normal" includes play careless or inferior for the class of player, not
// irrational play (footnote to Laws 70–71; 1997: to Laws 69–71).
//
// # The model of "normal"
//
// The Director's judgement is made mechanical as follows. Where the
// statement decides the claimer side's next card, that card is played.
// Where it does not, the claimer side's card is any of its normal
// choices, and the one that does worst for the claimer is assumed (70A:
// doubtful points against him; 70D). The opponents of the claimer play
// double-dummy: every legal card, the best for them (70A: they are given
// their best defence against his line). The claimer side's normal choices:
//
//   - On lead: the top remaining card of any suit the hand on lead holds it
//     in (cashing winners in any order, blocking a suit included: careless);
//     a low card of a suit in which partner holds the top card (crossing to
//     a winner); when the side has no such card, any card (which loser to
//     give up is the claimer's unstated choice). A claimer who knew of an
//     outstanding trump (he mentioned trumps, or the Director finds he
//     surely knew: 70C2) and holds the top trump in the hand on lead draws
//     it before anything else; one who may have forgotten it (70C) cashes
//     side-suit winners into the ruff as readily as anything else.
//   - Following suit: when partner is winning the trick or he cannot beat
//     the winning card, his lowest card, or his highest unless it is a sure
//     winner (unblocking, or failing to: careless; throwing a winner under
//     partner's winner is irrational); when an opponent is winning and he
//     can beat it, a card that wins: his highest, his cheapest sure winner,
//     a finesse (the cheapest card that beats the trick, an honour, when
//     one card he cannot see ranks above it: AQ over the king), or in the last seat the
//     cheapest — and, in second seat without a sure winner in the suit,
//     also his lowest or highest card (second hand low or high; ducking
//     with a sure winner the tricks he claimed is irrational). Ducking an opponent's winner in the last
//     seat of his side when he can win it is irrational, and so is
//     finessing against two or more missing cards (a deep finesse).
//   - Void in the suit led: if an opponent is winning and he can ruff so as
//     to win, any such ruff (a low ruff into an overruff is careless) — and,
//     with partner still to play, also a discard; if partner is winning
//     with the top card of the suit, a discard (ruffing partner's sure
//     winner is irrational); otherwise a ruff or a discard.
//   - Discards: any card that is not a sure winner (throwing an
//     established winner is irrational), unless he holds nothing else.
//   - A discard is the lowest card of the suit chosen.
//   - A suit whose cards the claimer can place — an opponent has shown out
//     of it before the claim (recorded in Shown) or on the line being
//     followed — is played the best way (70E exception): the claimer's
//     choice in a trick of that suit is the one that does best for him.
//
// Not modelled: the 1997 exception of 70E for a line whose omission would
// be irrational (the model's normal choices already leave out the plays
// it calls irrational, but no finding for it can be given), the class of
// player (every claimer is judged alike), penalty cards on the table when
// the claim is made (they do not restrict the defence here), and 70D3
// (play after the claim as evidence).
//
// Law 69B2 ("would likely have won") uses a kinder model: the claimer
// follows his statement and otherwise plays the best card of all his legal
// cards (double dummy), the acquiescing side too; only tricks the
// acquiescers get even then are restored to them. The statement word
// "best" does the same from where it stands in the line: the claimer has
// stated a line that covers every case.

// ClaimPosition is the position when the claim or concession was made.
type ClaimPosition struct {
	Hands    bridge.Deal   // cards still held
	Trump    bridge.Strain // the contract's strain
	Leader   bridge.Seat   // leader of the current trick
	Trick    []bridge.Card // cards already on the current trick
	Declarer bridge.Seat
	// Shown holds, per seat, the suits (bit 1<<suit) he has failed to
	// follow before the claim (70E1 exception).
	Shown [bridge.NumSeats]uint8
}

// Remaining returns the tricks still to be played, the current one included.
func (p ClaimPosition) Remaining() int {
	return p.Hands[p.Leader].Len() + min(len(p.Trick), 1)
}

func (p ClaimPosition) ddPosition() dd.Position {
	return dd.Position{Hands: p.Hands, Trump: p.Trump, Leader: p.Leader, Trick: p.Trick}
}

// Validate checks that the position can be played out: the hands with the
// cards of the current trick given back make a position at a trick start.
// (A card on the trick may be a revoke: it stands as played, Law 63B.)
func (p ClaimPosition) Validate() error {
	start := dd.Position{Hands: p.Hands, Trump: p.Trump, Leader: p.Leader}
	if len(p.Trick) > 3 {
		return fmt.Errorf("laws: claim position: %w: %d cards on the table, want at most 3", dd.ErrInvalidPosition, len(p.Trick))
	}
	for i, c := range p.Trick {
		s := (p.Leader + bridge.Seat(i)) & 3
		if _, held := p.Hands.Holder(c); held || !c.Valid() {
			return fmt.Errorf("laws: claim position: %w: %s is both on the table and in a hand", dd.ErrInvalidPosition, c)
		}
		start.Hands[s] = start.Hands[s].With(c)
	}
	if err := start.Validate(); err != nil {
		return fmt.Errorf("laws: claim position: %w", err)
	}
	return nil
}

// ParseShown reads the suits players showed out of before a claim, as
// "SEAT:SUITS …" (e.g. "E:S W:HD"), into ClaimPosition.Shown's form.
func ParseShown(s string) ([bridge.NumSeats]uint8, error) {
	var out [bridge.NumSeats]uint8
	for _, f := range strings.Fields(s) {
		ss, suits, ok := strings.Cut(f, ":")
		seat, err := bridge.ParseSeat(ss)
		if !ok || err != nil || suits == "" {
			return out, fmt.Errorf("laws: shown out %q: want SEAT:SUITS", f)
		}
		for _, ch := range suits {
			su, err := bridge.ParseSuit(string(ch))
			if err != nil {
				return out, fmt.Errorf("laws: shown out %q: %w", f, err)
			}
			out[seat] |= 1 << su
		}
	}
	return out, nil
}

// StepKind is the kind of one step of a claim statement.
type StepKind uint8

// The steps a claim statement is made of.
const (
	StepCard      StepKind = iota + 1 // play this card at its holder's next turn (lead or follow)
	StepSuit                          // run this suit: lead it from the top while it lasts
	StepTrumps                        // draw the outstanding trumps first
	StepTrumpsOut                     // "there is a trump out" without drawing it: mentions it (70C1)
	StepFinesse                       // take this finesse: play the card when the suit is led towards it, or run it
	StepDuck                          // give up a trick in this suit: both hands play low
	StepRuff                          // ruff this suit in the other hand
	StepCrossRuff                     // all remaining tricks on a cross-ruff
	StepBest                          // from here on, the claimer states the whole line: his best play in every case
)

var stepWords = map[StepKind]string{StepCard: "", StepSuit: "run", StepTrumps: "trumps", StepTrumpsOut: "trumps-out",
	StepFinesse: "finesse", StepDuck: "duck", StepRuff: "ruff", StepCrossRuff: "crossruff", StepBest: "best"}

// Step is one step of a claim statement.
type Step struct {
	Kind StepKind
	Card bridge.Card // StepCard, StepFinesse
	Suit bridge.Suit // StepSuit, StepDuck, StepRuff
}

// String returns the step as written in a statement.
func (s Step) String() string {
	switch s.Kind {
	case StepCard:
		return s.Card.ASCII()
	case StepFinesse:
		return "finesse " + s.Card.ASCII()
	case StepSuit, StepDuck, StepRuff:
		return stepWords[s.Kind] + " " + string(s.Suit.Letter())
	}
	return stepWords[s.Kind]
}

// Statement is the claimer's clarification (Law 68C) as a line of play.
type Statement struct{ Steps []Step }

// String returns the statement in the form ParseStatement reads.
func (st Statement) String() string {
	w := make([]string, len(st.Steps))
	for i, s := range st.Steps {
		w[i] = s.String()
	}
	return strings.Join(w, ", ")
}

// ErrStatement is wrapped by errors in a claim statement.
var ErrStatement = errors.New("bad claim statement")

// ParseStatement reads a statement: words separated by spaces or commas,
// in the order of play ("then" and "and" are ignored):
//
//	SA HK        play these cards (at their holder's next turn)
//	run H / H    cash the hearts from the top
//	trumps       draw the outstanding trumps first ("draw")
//	trumps-out   the claimer mentions the outstanding trump, not drawing it
//	finesse DQ   lead towards the ♦Q and play it, or run it
//	duck C       give up a club, both hands low
//	ruff H       ruff a heart in the other hand
//	crossruff    all the rest on a cross-ruff
//	best         from here the line covers every case (he plays the best card)
//
// An empty statement is a claim with no clarification.
func ParseStatement(s string) (Statement, error) {
	var st Statement
	ws := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == ';' || r == '\t' })
	for i := 0; i < len(ws); i++ {
		w := strings.ToLower(ws[i])
		arg := func() (string, error) {
			if i+1 >= len(ws) {
				return "", fmt.Errorf("%w: %q needs an argument (word %d)", ErrStatement, w, i+1)
			}
			i++
			return ws[i], nil
		}
		switch w {
		case "then", "and":
			continue
		case "trumps", "draw", "draw-trumps":
			st.Steps = append(st.Steps, Step{Kind: StepTrumps})
		case "trumps-out", "trump-out", "no-draw":
			st.Steps = append(st.Steps, Step{Kind: StepTrumpsOut})
		case "crossruff", "cross-ruff":
			st.Steps = append(st.Steps, Step{Kind: StepCrossRuff})
		case "best", "dd":
			st.Steps = append(st.Steps, Step{Kind: StepBest})
		case "finesse":
			a, err := arg()
			if err != nil {
				return st, err
			}
			c, err := bridge.ParseCard(a)
			if err != nil {
				return st, fmt.Errorf("%w: finesse %q: %v", ErrStatement, a, err)
			}
			st.Steps = append(st.Steps, Step{Kind: StepFinesse, Card: c})
		case "run", "duck", "ruff", "cash":
			a, err := arg()
			if err != nil {
				return st, err
			}
			su, err := bridge.ParseSuit(a)
			if err != nil {
				return st, fmt.Errorf("%w: %s %q: %v", ErrStatement, w, a, err)
			}
			k := map[string]StepKind{"run": StepSuit, "cash": StepSuit, "duck": StepDuck, "ruff": StepRuff}[w]
			st.Steps = append(st.Steps, Step{Kind: k, Suit: su})
		default:
			if su, err := bridge.ParseSuit(ws[i]); err == nil {
				st.Steps = append(st.Steps, Step{Kind: StepSuit, Suit: su})
				continue
			}
			c, err := bridge.ParseCard(ws[i])
			if err != nil {
				return st, fmt.Errorf("%w: word %d %q is not a card, a suit or a step", ErrStatement, i+1, ws[i])
			}
			st.Steps = append(st.Steps, Step{Kind: StepCard, Card: c})
		}
	}
	return st, nil
}

// mentionsTrumps reports whether the statement mentions the trumps
// (70C1): drawing them, leaving them out, a cross-ruff, a ruff, a trump
// named, or a complete line.
func (st Statement) mentionsTrumps(trump bridge.Strain) bool {
	ts, ok := trump.Suit()
	if !ok {
		return true
	}
	for _, s := range st.Steps {
		switch s.Kind {
		case StepTrumps, StepTrumpsOut, StepCrossRuff, StepRuff, StepBest:
			return true
		case StepCard, StepFinesse:
			if s.Card.Suit() == ts {
				return true
			}
		case StepSuit, StepDuck:
			if s.Suit == ts {
				return true
			}
		}
	}
	return false
}

// Claim is a claim as made at the table.
type Claim struct {
	Claimer   bridge.Seat
	Tricks    int // tricks claimed for his side out of those left, the current one included
	Statement Statement
	// Aware is the Director's finding under 70C2 that the claimer surely
	// knew an opponent still held a trump although he did not say so. By
	// default a claimer who did not mention it may have forgotten it.
	Aware bool
}

// LineCard is one card of the line the Director assumed, and why.
type LineCard struct {
	Seat bridge.Seat `json:"seat"`
	Card bridge.Card `json:"card"`
	Why  string      `json:"why"`
}

// String returns e.g. "S ♠A (stated)".
func (l LineCard) String() string { return fmt.Sprintf("%s %s (%s)", l.Seat, l.Card, l.Why) }

// Award is the Director's decision on a claim or concession.
type Award struct {
	Remaining   int // tricks left when the claim was made
	Claimed     int // tricks the claimer claimed (or the conceder kept)
	Tricks      int // tricks awarded to the claimer's (conceder's) side out of Remaining
	Restorable  int // further tricks Law 71 (or 69B) gives back when raised within the correction period
	DoubleDummy int // the claimer side's tricks with best play by both sides, for reference
	Law         string
	Reasons     []string
	Line        []LineCard // the line assumed, card by card
	// OnTable are the cards already on the current trick when the claim was
	// made, led by Leader; the line goes on from there.
	OnTable []bridge.Card
	Leader  bridge.Seat
}

// Explain returns the award and the line, one card a line.
func (a Award) Explain() string {
	var b strings.Builder
	fmt.Fprintf(&b, "award: %d of %d tricks (claimed %d; double dummy %d) — Law %s\n", a.Tricks, a.Remaining, a.Claimed, a.DoubleDummy, a.Law)
	for _, r := range a.Reasons {
		b.WriteString("  " + r + "\n")
	}
	k := len(a.OnTable)
	for i, l := range a.Line {
		if (i+k)%4 == 0 || i == 0 {
			fmt.Fprintf(&b, "trick %d:\n", (i+k)/4+1)
		}
		if i == 0 {
			for j, c := range a.OnTable {
				fmt.Fprintf(&b, "  %s %s (on the table when he claimed)\n", (a.Leader+bridge.Seat(j))&3, c)
			}
		}
		b.WriteString("  " + l.String() + "\n")
	}
	return b.String()
}

// Adjudicator adjudicates claims; it keeps a solver between calls. It is
// not safe for concurrent use.
type Adjudicator struct {
	ed     Edition
	solver *dd.Solver
	nodes  int // positions the claim searches visited (reported by the benchmarks)
	// phases splits Contested's share of nodes: the value (70A), the line
	// and its "another normal card" tests, the 70C question (awareAbove)
	phases [3]int
}

// NewAdjudicator returns an adjudicator under the given code.
func NewAdjudicator(ed Edition) *Adjudicator {
	if !ed.Valid() {
		ed = Edition2017
	}
	return &Adjudicator{ed: ed, solver: dd.NewSolverOptions(dd.Options{MaxMemory: 16 << 20})}
}

// search modes: how the claimer side's unstated choices are resolved.
const (
	modeNormal = iota // the worst normal choice (70A, 70D, 70E, 71)
	modeLikely        // the best choice (69B2: "would likely have won")
	modeDD            // best play by both sides, the statement ignored
)

// prepare checks the position and the number of tricks claimed or
// conceded, and returns the tricks left and the double-dummy tricks of
// the seat's side.
func (a *Adjudicator) prepare(pos ClaimPosition, seat bridge.Seat, n int, what string) (rem, ddv int, err error) {
	if err := pos.Validate(); err != nil {
		return 0, 0, err
	}
	rem = pos.Remaining()
	if n < 0 || n > rem {
		return 0, 0, fmt.Errorf("laws: %s of %d tricks with %d left: %w", what, n, rem, ErrBadEvent)
	}
	ddv, err = a.ddTricks(pos, seat.Side())
	return rem, ddv, err
}

// Contested adjudicates a contested claim (Law 70).
func (a *Adjudicator) Contested(pos ClaimPosition, c Claim) (Award, error) {
	rem, ddv, err := a.prepare(pos, c.Claimer, c.Tricks, "claim")
	if err != nil {
		return Award{}, err
	}
	side := c.Claimer.Side()
	s := newClaimSearch(pos, side, c.Statement, modeNormal)
	s.solver = a.solver
	unaware := s.trumpOut() && !c.Statement.mentionsTrumps(pos.Trump) && !c.Aware
	s.unaware = unaware
	v := s.value()
	defer func() { a.nodes += s.nodes }()
	a.phases[0] += s.nodes
	n := s.nodes
	aw := Award{Remaining: rem, Claimed: c.Tricks, DoubleDummy: ddv, Law: "70A", Line: s.line(), OnTable: pos.Trick, Leader: pos.Leader}
	a.phases[1] += s.nodes - n
	n = s.nodes
	forgot := unaware && s.awareAbove(v)
	a.phases[2] += s.nodes - n
	aw.Tricks = min(v, c.Tricks)
	if v > c.Tricks {
		aw.Restorable = v - c.Tricks
		aw.Reasons = append(aw.Reasons, fmt.Sprintf("Law %s: the claim concedes %d trick(s) that no normal play could lose; they go back to the claimer if raised %s",
			a.ed.pick("71B", "71.2"), aw.Restorable, a.ed.pick("before his side calls on the next board or the round ends", "within the correction period (79C)")))
	}
	if v < c.Tricks {
		aw.Reasons = append(aw.Reasons, fmt.Sprintf("Law 70A: %d of the claimed tricks are doubtful and go to the opponents", c.Tricks-v))
	}
	switch {
	case forgot:
		aw.Law = "70C"
		aw.Reasons = append(aw.Reasons, "Law 70C: an opponent holds a trump the claimer did not mention; he may have forgotten it, and it takes a trick on a normal line")
	case v < ddv && s.guessed:
		aw.Law = a.ed.pick("70E", "70E1")
		aw.Reasons = append(aw.Reasons, fmt.Sprintf("Law %s: making %d tricks depends on placing an opponent's card, a line he did not state", aw.Law, ddv))
	case v < ddv:
		aw.Law = a.ed.pick("70D", "70D1")
		aw.Reasons = append(aw.Reasons, fmt.Sprintf("Law %s: the line making %d tricks is not in his statement; a normal line makes only %d", aw.Law, ddv, v))
	}
	if unaware && aw.Law != "70C" {
		aw.Reasons = append(aw.Reasons, "Law 70C: a trump is out and was not mentioned, but it costs nothing more on any normal line")
	}
	if v == c.Tricks && len(aw.Reasons) == 0 {
		aw.Reasons = append(aw.Reasons, "the claim is good against any normal play: the claimed tricks are awarded")
	}
	if side != pos.Declarer.Side() && a.ed == Edition2017 {
		aw.Reasons = append(aw.Reasons, "2017 70D2: a defender's claim gets no trick that depends on his partner's choice among normal plays")
	}
	return aw, nil
}

// Concession applies Law 71 to a concession: conceded is the number of the
// remaining tricks the conceder's side gave up. The award says how many
// tricks the side keeps, and Restorable how many of the conceded ones are
// cancelled because no normal play could lose them.
func (a *Adjudicator) Concession(pos ClaimPosition, conceder bridge.Seat, conceded int) (Award, error) {
	rem, ddv, err := a.prepare(pos, conceder, conceded, "concession")
	if err != nil {
		return Award{}, err
	}
	side := conceder.Side()
	s := newClaimSearch(pos, side, Statement{}, modeNormal)
	s.solver = a.solver
	s.unaware = true
	v := s.value()
	a.nodes += s.nodes
	kept := rem - conceded
	aw := Award{Remaining: rem, Claimed: kept, Tricks: kept, DoubleDummy: ddv, Law: "68B", Line: s.line(), OnTable: pos.Trick, Leader: pos.Leader}
	if v > kept {
		aw.Restorable = v - kept
		aw.Law = a.ed.pick("71B", "71.2")
		aw.Reasons = append(aw.Reasons, fmt.Sprintf("Law %s: %d conceded trick(s) could not be lost by any normal play: the concession of them is cancelled %s", aw.Law, aw.Restorable,
			a.ed.pick("when raised before the conceding side calls on the next board or the round ends", "within the correction period (79C)")))
	} else {
		aw.Reasons = append(aw.Reasons, "the concession stands: a normal line loses every trick conceded")
	}
	return aw, nil
}

// Acquiescence applies Law 69B2 (1997 69B) to an agreed claim: Restorable
// is the number of tricks the acquiescing side would likely have won had
// play continued, which it recovers by withdrawing its agreement within
// the correction period.
func (a *Adjudicator) Acquiescence(pos ClaimPosition, c Claim) (Award, error) {
	rem, ddv, err := a.prepare(pos, c.Claimer, c.Tricks, "claim")
	if err != nil {
		return Award{}, err
	}
	side := c.Claimer.Side()
	s := newClaimSearch(pos, side, c.Statement, modeLikely)
	s.solver = a.solver
	v := s.value()
	a.nodes += s.nodes
	law := a.ed.pick("69B", "69B2")
	aw := Award{Remaining: rem, Claimed: c.Tricks, Tricks: c.Tricks, DoubleDummy: ddv, Law: "69A", Line: s.line(), OnTable: pos.Trick, Leader: pos.Leader}
	if v < c.Tricks {
		aw.Restorable = c.Tricks - v
		aw.Law = law
		aw.Reasons = append(aw.Reasons, fmt.Sprintf("Law %s: the acquiescing side would likely have won %d of the tricks it agreed to lose; they are restored to it when it withdraws its agreement within the correction period", law, aw.Restorable))
	} else {
		aw.Reasons = append(aw.Reasons, "Law 69A: the agreed claim stands: the claimer's line takes the claimed tricks against any defence")
	}
	return aw, nil
}

func (a *Adjudicator) ddTricks(pos ClaimPosition, side bridge.Side) (int, error) {
	p := pos.ddPosition()
	if p.Validate() != nil {
		// a revoke on the trick in progress, which the solver refuses:
		// best play by both sides, searched here
		s := newClaimSearch(pos, side, Statement{}, modeDD)
		s.solver = a.solver
		return s.value(), nil
	}
	n, err := a.solver.Tricks(p)
	if err != nil {
		return 0, fmt.Errorf("laws: claim: %w", err)
	}
	if p.Turn().Side() != side {
		n = p.Tricks() - n
	}
	return n, nil
}

// claimSearch walks the play from the claim position with the claimer
// side's choices restricted to the statement and to normal plays.
type claimSearch struct {
	trump       bridge.Strain
	ts          bridge.Suit
	hasTrump    bool
	side        bridge.Side
	steps       []Step
	mode        int
	unaware     bool
	guessed     bool // a claimer choice between a winning and a losing card was resolved against him
	memo        *boundTable
	coarse      *boundTable // lower bounds for every deal of the defenders' cards within the gaps (coarseDeal)
	dep         bool        // set by search: its value's lower bound rests on the defenders' order (defenceOrder)
	coarseCuts  int         // cut-offs by the coarse tables (the tests check that they fire)
	lower       *boundTable // lower bounds valid here too: the unaware search's table, in awareAbove
	lowerCoarse *boundTable // and its coarse table
	root        claimState
	nodes       int
	solver      *dd.Solver      // double-dummy upper bounds (the claimer cannot beat best play)
	ddMemo      *ddTable        // the bounds already computed
	bufs        [53][]claimMove // the moves of each ply, by cards still held
	cardSteps   bool            // the statement names cards: table entries keep absolute ranks
	// fullDD: the search asks double dummy for an upper bound at every
	// trick start; otherwise only where an opponent has shown out of a
	// suit in which the claimer may have a locational choice (70E). The
	// bound serves a search that must show the claimer takes fewer
	// tricks: at a choice made against him it stops at the first card
	// that does, at one made for him (the statement's "best", the 70E
	// exception) it must refute every card, and there the bound saves
	// most. Without such choices (mode normal, no "best") asking at every
	// trick start costs more time than the positions it saves (on random
	// endings 2% more positions, half the time).
	fullDD bool
	plain  bool // the model's cut-offs (cashTricks, winsTrick) and the coarse tables off: the reference the tests check them against
}

type ddKey struct {
	hands  bridge.Deal
	leader bridge.Seat
}

// claimKey is a trick start as the table knows it (see key).
type claimKey struct {
	hands  bridge.Deal
	leader bridge.Seat
	step   uint8
	shown  uint16 // the suits (bit 1<<suit) an opponent has shown out of in which a choice of the claimer's can still be locational (see key)
}

// claimBound is a table entry: bounds on a trick start's value, and
// whether the lower one rests on the order of the defenders' cards within
// a gap between the claimer's (see defenceOrder; only then is it kept
// out of the coarse table).
type claimBound struct {
	lo, hi int8
	dep    bool
}

// claimState is a moment of the adjudicated play.
type claimState struct {
	hands  bridge.Deal
	leader bridge.Seat
	trick  [4]bridge.Card
	n      int
	step   int
	shown  [bridge.NumSeats]uint8
	plan   Step // the step governing the current trick (finesse, duck, ruff), Kind 0 if none
	planBy bridge.Seat
}

type claimMove struct { // 32 bytes, in this order
	why  string
	step int // step index after the move
	card bridge.Card
	plan Step // the plan for the rest of the trick
	by   bridge.Seat
}

func newClaimSearch(pos ClaimPosition, side bridge.Side, st Statement, mode int) *claimSearch {
	s := &claimSearch{trump: pos.Trump, side: side, steps: st.Steps, mode: mode}
	cards := pos.Hands[0].Len() + pos.Hands[1].Len() + pos.Hands[2].Len() + pos.Hands[3].Len() + len(pos.Trick)
	s.memo = newBoundTable(cards)
	s.ts, s.hasTrump = pos.Trump.Suit()
	for _, sp := range st.Steps {
		s.cardSteps = s.cardSteps || sp.Kind == StepCard || sp.Kind == StepFinesse
	}
	if mode == modeNormal && !s.cardSteps {
		s.coarse = newBoundTable(cards) // keyed by relative ranks, as coarseDeal needs
	}
	s.fullDD = mode != modeNormal
	for _, sp := range st.Steps {
		s.fullDD = s.fullDD || sp.Kind == StepBest
	}
	r := claimState{hands: pos.Hands, leader: pos.Leader, shown: pos.Shown}
	for i, c := range pos.Trick {
		r.trick[i] = c
	}
	r.n = len(pos.Trick)
	s.root = r
	return s
}

// trumpOut reports whether an opponent of the claimer holds a trump.
func (s *claimSearch) trumpOut() bool {
	if !s.hasTrump {
		return false
	}
	for _, o := range s.side.Opponents().Seats() {
		if s.root.hands[o].InSuit(s.ts) != 0 {
			return true
		}
	}
	return false
}

// awareAbove reports whether the claimer, had he known of the outstanding
// trump, would take more than v tricks: one null-window search, which is
// all the ruling needs (the exact value would take several).
func (s *claimSearch) awareAbove(v int) bool {
	t := newClaimSearch(ClaimPosition{}, s.side, Statement{Steps: s.steps}, s.mode)
	t.root = s.root
	t.trump, t.ts, t.hasTrump = s.trump, s.ts, s.hasTrump
	t.solver, t.ddMemo = s.solver, s.ddMemo
	if !s.plain {
		// his normal leads when he knows of the trump are some of those
		// when he may have forgotten it, the rest of the model alike: no
		// line of the aware claimer does worse than the unaware one's
		// worst, so the unaware search's lower bounds hold for him too
		t.lower, t.lowerCoarse = s.memo, s.coarse
	}
	above := t.search(t.root, v, v+1) > v
	s.nodes += t.nodes
	return above
}

func (s *claimSearch) value() int { return s.exact(s.root, -1) }

// exact returns the value of st by a sequence of null-window searches
// (MTD(f)), starting from guess, or from the double-dummy bound when
// guess is negative.
func (s *claimSearch) exact(st claimState, guess int) int {
	lo, hi := 0, st.hands[st.leader].Len()+min(st.n, 1)
	if st.n == 0 {
		hi = min(hi, s.ddBound(&st))
	}
	g := hi
	if guess >= 0 {
		g = min(max(guess, lo), hi)
	}
	for lo < hi {
		beta := g
		if g == lo {
			beta = g + 1
		}
		v := s.search(st, beta-1, beta)
		if v < beta {
			hi = v
		} else {
			lo = v
		}
		g = v
	}
	return lo
}

// ddBound returns the claimer side's double-dummy tricks from a trick
// start: no line of his, normal or not, does better.
func (s *claimSearch) ddBound(st *claimState) int {
	rel := relative(st.hands)
	return s.ddBoundRel(st, &rel)
}

// ddBoundRel is ddBound given the deal's relative ranks.
func (s *claimSearch) ddBoundRel(st *claimState, rel *bridge.Deal) int {
	n := st.hands[st.leader].Len()
	if s.solver == nil || n == 0 {
		return n
	}
	k := ddKey{*rel, st.leader}
	if s.ddMemo == nil {
		s.ddMemo = newDDTable()
	}
	h := k.hash()
	if v, ok := s.ddMemo.get(&k, h); ok {
		return int(v)
	}
	v, err := s.solver.Tricks(dd.Position{Hands: st.hands, Trump: s.trump, Leader: st.leader})
	if err != nil {
		return n
	}
	if st.leader.Side() != s.side {
		v = n - v
	}
	s.ddMemo.put(&k, h, int8(v))
	return v
}

// all returns every card still held or on the current trick.
func (st *claimState) all() bridge.Hand {
	h := st.hands[0] | st.hands[1] | st.hands[2] | st.hands[3]
	for i := 0; i < st.n; i++ {
		h = h.With(st.trick[i])
	}
	return h
}

// top returns the highest card of suit su still held, and whether any is.
func (st *claimState) top(su bridge.Suit) (bridge.Card, bool) {
	h := st.hands[0] | st.hands[1] | st.hands[2] | st.hands[3]
	b := h.SuitBits(su)
	if b == 0 {
		return 0, false
	}
	return bridge.NewCard(su, bridge.Rank(15-bits.LeadingZeros16(b))), true
}

func highest(h bridge.Hand, su bridge.Suit) bridge.Card {
	b := h.SuitBits(su)
	return bridge.NewCard(su, bridge.Rank(15-bits.LeadingZeros16(b)))
}

func lowest(h bridge.Hand, su bridge.Suit) bridge.Card {
	b := h.SuitBits(su)
	return bridge.NewCard(su, bridge.Rank(bits.TrailingZeros16(b)))
}

// winning returns the index of the card winning the current trick.
func (s *claimSearch) winning(st *claimState) int {
	best := 0
	for i := 1; i < st.n; i++ {
		if bridge.Beats(st.trick[i], st.trick[best], s.trump) {
			best = i
		}
	}
	return best
}

// key returns the table key of trick start st, rel being its relative
// ranks (kept absolute when the statement names cards). Of the suits
// shown out of it keeps what the search reads (moves: has either opponent
// shown out of the suit led, when the claimer's choice in it is
// locational?), and only for suits in which one of the claimer's hands
// holds cards above and below an opponent's card: elsewhere no choice of
// his is locational (locational), now or later, since cards only leave
// the hands.
func (s *claimSearch) key(st *claimState, rel *bridge.Deal) claimKey {
	hands := st.hands
	if !s.cardSteps {
		hands = *rel
	}
	x := bridge.Seat(s.side) // the side's seats are x and x+2, the opponents' x+1 and x+3
	o1, o2 := x+1, (x+3)&3
	shown := st.shown[o1] | st.shown[o2]
	for su := bridge.Clubs; su <= bridge.Spades; su++ {
		if shown&(1<<su) == 0 {
			continue
		}
		opp := (st.hands[o1] | st.hands[o2]).SuitBits(su)
		if !straddles(st.hands[x].SuitBits(su), opp) && !straddles(st.hands[x+2].SuitBits(su), opp) {
			shown &^= 1 << su
		}
	}
	return claimKey{hands: hands, leader: st.leader, step: uint8(st.step), shown: uint16(shown)}
}

// straddles reports whether a card of unseen ranks between the lowest and
// the highest card of b (cards of one suit as rank bits).
func straddles(b, unseen uint16) bool {
	if bits.OnesCount16(b) < 2 {
		return false
	}
	lo, hi := bits.TrailingZeros16(b), 15-bits.LeadingZeros16(b)
	return unseen&(uint16(1)<<hi-uint16(1)<<(lo+1)) != 0
}

// relative returns the deal with the cards of each suit renumbered from the
// ace down, in order: the play from a trick start depends only on the
// order of the cards still in play, so positions that differ only in the
// ranks of cards already played share one table entry (the partition idea
// the solver uses, in its simplest form). Each suit's holdings go in the
// four 16-bit lanes of one word, and each gap left by a played card above
// the suit's lowest card is closed, from the lowest gap up, by moving the
// bits below it up one rank.
func relative(d bridge.Deal) bridge.Deal {
	const lanes = 0x0001_0001_0001_0001
	var out bridge.Deal
	for su := bridge.Clubs; su <= bridge.Spades; su++ {
		sh := 16 * uint(su)
		w := uint64(d[0]>>sh&0xffff) | uint64(d[1]>>sh&0xffff)<<16 | uint64(d[2]>>sh&0xffff)<<32 | uint64(d[3]>>sh&0xffff)<<48
		all := uint16(w | w>>16 | w>>32 | w>>48)
		if all == 0 {
			continue
		}
		// the gaps: ranks up to the ace, above the lowest card, not held
		gaps := ^all & (uint16(2)<<bridge.Ace - 1) &^ (uint16(2)<<bits.TrailingZeros16(all) - 1)
		for gaps != 0 {
			g := bits.TrailingZeros16(gaps)
			gaps &= gaps - 1
			below := (uint64(1)<<g - 1) * lanes
			w = w&^below | (w&below)<<1
		}
		out[0] |= bridge.Hand(w&0xffff) << sh
		out[1] |= bridge.Hand(w>>16&0xffff) << sh
		out[2] |= bridge.Hand(w>>32&0xffff) << sh
		out[3] |= bridge.Hand(w>>48) << sh
	}
	return out
}

// search returns the claimer side's tricks from st (the current trick
// included), by alpha-beta within (alpha, beta). Most choices are made
// against the claimer (the defence's, and his own unstated ones), so a
// search that must show he takes beta tricks visits every line on which
// he has not yet taken them: at each trick start it stops at a bound —
// the tricks his master trumps take whatever anyone plays
// (masterTrumps), a position where he takes the rest (sure), the tricks
// he cashes in a row on every normal line (cashTricks) or the one trick
// he still needs and surely wins (winsTrick) — and at the table's bounds
// from earlier searches, the exact ones (memo) and those that hold for
// every deal of the defenders' cards within the gaps between the
// claimer's (coarse, see defenceOrder); one that must show he takes fewer
// stops where double dummy (ddBound) gives him no more than alpha.
//
// On return s.dep tells whether the lower bound the value gives (when it
// is above alpha) rests on the order of the defenders' cards within such
// a gap (see defenceOrder).
func (s *claimSearch) search(st claimState, alpha, beta int) int {
	s.nodes++
	if st.n == 4 {
		return s.endTrick(st.hands, st.shown, st.leader, &st.trick, s.winning(&st), st.step, alpha, beta)
	}
	s.dep = false
	if st.n == 0 && st.hands[st.leader] == 0 {
		return 0
	}
	if beta <= 0 {
		return 0 // he has what is asked already
	}
	if rem := st.hands[st.leader].Len() + min(st.n, 1); alpha >= rem {
		return rem // he cannot reach it
	}
	var key claimKey
	var keyHash uint64
	var entry claimBound // the table's bounds on st, and whether it has any
	var inTable bool
	var rel bridge.Deal
	coarse := s.coarse != nil && !s.plain
	var ck claimKey // the coarse table's key, when coarse
	var ckHash uint64
	if st.n == 0 {
		if s.sure(&st) {
			return st.hands[st.leader].Len()
		}
		if lb := s.masterTrumps(&st); lb >= beta {
			return lb
		}
		if !s.plain {
			// cashTricks is at most the leader's winners: worth computing
			// when they are enough
			if st.leader.Side() == s.side && (st.hands[st.leader]&s.allWinners(&st)).Len() >= beta {
				if lb := s.cashTricks(&st); lb >= beta {
					return lb
				}
			}
			if beta == 1 && s.winsTrick(&st) {
				return 1
			}
		}
		rel = relative(st.hands)
		key = s.key(&st, &rel)
		keyHash = key.hash()
		if s.lower != nil {
			if b, ok := s.lower.get(&key, keyHash); ok && int(b.lo) >= beta {
				s.dep = b.dep // the other search's bound holds as widely here
				return int(b.lo)
			}
		}
		if coarse {
			// first, as most bounds are kept there
			ck = key
			ck.hands = s.coarseDeal(&rel)
			ckHash = ck.hash()
			if cb, ok := s.coarse.get(&ck, ckHash); ok && int(cb.lo) >= beta {
				s.coarseCuts++
				return int(cb.lo)
			}
			if s.lowerCoarse != nil {
				if cb, ok := s.lowerCoarse.get(&ck, ckHash); ok && int(cb.lo) >= beta {
					s.coarseCuts++
					return int(cb.lo)
				}
			}
		}
		entry, inTable = s.memo.get(&key, keyHash)
		b, ok := entry, inTable
		if ok {
			if b.lo == b.hi || int(b.lo) >= beta {
				s.dep = b.dep
				return int(b.lo)
			}
			if int(b.hi) <= alpha {
				s.dep = true
				return int(b.hi)
			}
		}
		// the double-dummy bound, when the table entry does not settle it
		// and a choice below may be made for the claimer (see fullDD)
		if s.fullDD || key.shown != 0 {
			if ub := s.ddBoundRel(&st, &rel); ub <= alpha {
				s.dep = true
				return ub
			} else if ub < beta {
				beta = ub + 1
			}
		}
		if ok {
			alpha, beta = max(alpha, int(b.lo)), min(beta, int(b.hi))
		}
	}
	a0, b0 := alpha, beta
	moves, maximise := s.moves(&st)
	// the last card of a trick: who wins it, before each card is tried
	last, win := st.n == 3, 0
	if last {
		win = s.winning(&st)
	}
	v := 0
	dep := false // the value's lower bound rests on the defenders' order (see s.dep)
	if maximise {
		v = -1
		for _, m := range moves {
			var c int
			if last {
				c = s.lastCard(&st, m, win, alpha, beta)
			} else {
				c = s.search(s.apply(st, m), alpha, beta)
			}
			if c > v {
				v, dep = c, s.dep // the bound is this card's
			}
			if v > alpha {
				alpha = v
			}
			if alpha >= beta {
				break
			}
		}
	} else {
		v = 14
		// a defender's cards in one gap between the claimer's lead to
		// positions alike but for the defenders' order within the gap:
		// once one of them has a bound that does not rest on that order,
		// the bound holds for the others (see defenceOrder)
		seat := (st.leader + bridge.Seat(st.n)) & 3
		gaps := coarse && seat.Side() != s.side
		var covered bridge.Hand
		for _, m := range moves {
			if covered.Has(m.card) {
				continue
			}
			var c int
			if last {
				c = s.lastCard(&st, m, win, alpha, beta)
			} else {
				c = s.search(s.apply(st, m), alpha, beta)
			}
			dep = dep || s.dep // the bound is the least of every card's
			if gaps && !s.dep && c > alpha {
				covered |= s.gapOf(&st, seat, m.card)
			}
			if c < v {
				v = c
			}
			if v < beta {
				beta = v
			}
			if alpha >= beta {
				break
			}
		}
	}
	if v <= a0 {
		dep = true // no lower bound above alpha to speak of
	}
	if st.n == 0 {
		// the entry is as read above: the search below it met only
		// positions with fewer cards
		b := claimBound{lo: 0, hi: 13}
		if inTable {
			b = entry
		}
		lo := b.lo
		switch {
		case v <= a0:
			b.hi = int8(min(int(b.hi), v))
		case v >= b0:
			b.lo = int8(max(int(b.lo), v))
		default:
			b.lo, b.hi = int8(v), int8(v)
		}
		if v > a0 {
			switch {
			case int(lo) < v:
				b.dep = dep
			case int(lo) == v:
				b.dep = b.dep && dep
			}
		}
		s.memo.put(&key, keyHash, b)
		if coarse && !dep {
			raise(s.coarse, &ck, ckHash, int8(v))
		}
	}
	s.dep = dep
	return v
}

// defenceOrder reports whether the winner of the trick tr (its wi-th card
// winning) is an opponent of the claimer who beats his partner's card of
// the same suit with no card of the claimer's side in play between
// them. Only then does the order of the defenders' cards within a gap
// between the claimer's cards decide anything: his choices and the
// search's bounds read the defenders' cards only against his own (which
// of them are winners, which ranks lie between his cards) and by their
// suit lengths, and a trick either defender wins goes to the defence. It
// does decide who leads next, so a bound whose search met no such trick
// holds for every deal of the defenders' cards in the gaps with the same
// number of each defender's cards in each (coarseDeal).
func (s *claimSearch) defenceOrder(hands *bridge.Deal, leader bridge.Seat, tr *[4]bridge.Card, wi int) bool {
	w := (leader + bridge.Seat(wi)) & 3
	if w.Side() == s.side {
		return false
	}
	c := tr[wi]
	pc := tr[(wi+2)&3] // partner's card: two seats on
	if pc.Suit() != c.Suit() {
		return false
	}
	ns := s.sideCards(hands, leader, tr[:], c.Suit())
	return ns&(uint16(1)<<c.Rank()-uint16(2)<<pc.Rank()) == 0
}

// sideCards returns the claimer side's cards of suit su (as rank bits) in
// play: in the hands, and on the trick tr led by leader.
func (s *claimSearch) sideCards(hands *bridge.Deal, leader bridge.Seat, tr []bridge.Card, su bridge.Suit) uint16 {
	x := bridge.Seat(s.side)
	ns := (hands[x] | hands[x+2]).SuitBits(su)
	for i, t := range tr {
		if t.Suit() == su && ((leader+bridge.Seat(i))&3).Side() == s.side {
			ns |= 1 << t.Rank()
		}
	}
	return ns
}

// gapOf returns the cards of seat's hand in the gap between the
// claimer's cards (in the hands or on the current trick) that holds c.
func (s *claimSearch) gapOf(st *claimState, seat bridge.Seat, c bridge.Card) bridge.Hand {
	su := c.Suit()
	ns := s.sideCards(&st.hands, st.leader, st.trick[:st.n], su)
	return bridge.Hand(gapAround(ns, c.Rank())&st.hands[seat].SuitBits(su)) << (16 * uint(su))
}

// gapAround returns the ranks (as rank bits) of the gap between the
// claimer side's cards ns of a suit that holds rank r: r, the ranks above
// it up to his next card, and those below it down to his next card.
func gapAround(ns uint16, r bridge.Rank) uint16 {
	gap := ^uint16(0)
	if above := ns &^ (uint16(2)<<r - 1); above != 0 {
		gap &= uint16(1)<<bits.TrailingZeros16(above) - 1 // up to his next card above r
	}
	if below := ns & (uint16(1)<<r - 1); below != 0 { // down to his next card
		gap &^= uint16(2)<<(15-bits.LeadingZeros16(below)) - 1
	}
	return gap
}

// coarseDeal returns the relative deal rel with the defenders' cards of
// each gap between the claimer's cards of a suit dealt again, the first
// defender's on top: the key of the coarse table, whose bounds hold for
// every deal of the defenders' cards in the gaps with the same number of
// each defender's cards in each (see defenceOrder).
func (s *claimSearch) coarseDeal(rel *bridge.Deal) bridge.Deal {
	x := bridge.Seat(s.side)
	o1, o2 := x+1, (x+3)&3
	out := *rel
	out[o1], out[o2] = 0, 0
	for su := bridge.Clubs; su <= bridge.Spades; su++ {
		ns := (rel[x] | rel[x+2]).SuitBits(su)
		a, b := rel[o1].SuitBits(su), rel[o2].SuitBits(su)
		var oa, ob uint16
		for rest := a | b; rest != 0; {
			top := 15 - bits.LeadingZeros16(rest)
			run := rest & gapAround(ns, bridge.Rank(top)) // the gap: down to the claimer's next card
			rest &^= run
			// the ranks of rel run on unbroken, so the gap's are the
			// ranks from top down: the first defender gets the top na
			na := bits.OnesCount16(a & run)
			hi := run &^ (uint16(2)<<top>>na - 1)
			oa |= hi
			ob |= run &^ hi
		}
		out[o1] |= bridge.Hand(oa) << (16 * uint(su))
		out[o2] |= bridge.Hand(ob) << (16 * uint(su))
	}
	return out
}

// lastCard returns search's value of st, three cards on the trick of
// which the win-th is winning it, after the move m: the next trick's start
// searched at once (the trick's end is counted as search counts it).
func (s *claimSearch) lastCard(st *claimState, m claimMove, win int, alpha, beta int) int {
	s.nodes++
	if bridge.Beats(m.card, st.trick[win], s.trump) {
		win = 3
	}
	tr := st.trick
	tr[3] = m.card
	seat := (st.leader + 3) & 3
	hands, shown := st.hands, st.shown
	hands[seat] &^= 1 << m.card
	if led := st.trick[0].Suit(); m.card.Suit() != led {
		shown[seat] |= 1 << led
	}
	return s.endTrick(hands, shown, st.leader, &tr, win, m.step, alpha, beta)
}

// endTrick counts the finished trick tr, led by leader and won by its
// win-th card, and searches on from the next trick's start, hands and
// shown being what they are after it and step the claim line's step.
func (s *claimSearch) endTrick(hands bridge.Deal, shown [bridge.NumSeats]uint8, leader bridge.Seat, tr *[4]bridge.Card, win, step, alpha, beta int) int {
	w := (leader + bridge.Seat(win)) & 3
	won := 0
	if w.Side() == s.side {
		won = 1
	}
	dep := s.defenceOrder(&hands, leader, tr, win)
	v := won + s.search(claimState{hands: hands, leader: w, step: step, shown: shown}, alpha-won, beta-won)
	s.dep = s.dep || dep
	return v
}

// apply plays a move.
func (s *claimSearch) apply(st claimState, m claimMove) claimState {
	seat := (st.leader + bridge.Seat(st.n)) & 3
	if led := st.trick[0] >> 4; st.n > 0 && m.card>>4 != led {
		// showing out; a card's suit is its high four bits (bridge.Card):
		// Suit() here would keep apply from being inlined
		st.shown[seat] |= 1 << led
	}
	st.hands[seat] &^= 1 << m.card
	st.trick[st.n&3] = m.card
	st.n++
	st.step, st.plan, st.planBy = m.step, m.plan, m.by
	return st
}

// moves returns the cards the player to move may play under the model,
// and whether the choice among them is made for the claimer's benefit.
func (s *claimSearch) moves(st *claimState) ([]claimMove, bool) {
	seat := (st.leader + bridge.Seat(st.n)) & 3
	h := st.hands[seat]
	legal := h
	if st.n > 0 {
		if f := h.InSuit(st.trick[0].Suit()); f != 0 {
			legal = f
		}
	}
	// the moves of this ply go in its own buffer: a search below it uses
	// those of the plies with fewer cards held
	ply := (st.hands[0] | st.hands[1] | st.hands[2] | st.hands[3]).Len()
	keep := func(why string, cs bridge.Hand, step int, plan Step, by bridge.Seat) []claimMove {
		out := s.bufs[ply][:0]
		d := s.distinctHand(st, seat, cs)
		for su := bridge.Spades; su <= bridge.Spades; su-- {
			b := d.SuitBits(su)
			for b != 0 {
				r := 15 - bits.LeadingZeros16(b)
				b &^= 1 << r
				out = append(out, claimMove{card: bridge.NewCard(su, bridge.Rank(r)), why: why, step: step, plan: plan, by: by})
			}
		}
		s.bufs[ply] = out
		return out
	}
	if seat.Side() != s.side {
		// 70A: the opponents are given their best defence.
		return s.order(st, keep("defence", legal, st.step, st.plan, st.planBy)), false
	}
	if s.mode == modeDD {
		return keep("best play", legal, st.step, Step{}, 0), true
	}
	best := s.mode == modeLikely
	// a stated card, at its holder's turn: led, or played following suit
	step := st.step
	for step < len(s.steps) {
		sp := s.steps[step]
		if sp.Kind == StepTrumpsOut {
			step++ // a mention, not a play
			continue
		}
		if sp.Kind == StepCard && !st.all().Has(sp.Card) {
			step++ // a stated card already gone: skip it
			continue
		}
		break
	}
	if step < len(s.steps) && s.steps[step].Kind == StepBest {
		best = true
	}
	if step < len(s.steps) && s.steps[step].Kind == StepCard && legal.Has(s.steps[step].Card) &&
		(st.n == 0 || s.steps[step].Card.Suit() == st.trick[0].Suit()) {
		return []claimMove{{card: s.steps[step].Card, why: "stated", step: step + 1, plan: st.plan, by: st.planBy}}, true
	}
	if st.n == 0 {
		if ms := s.statedLead(st, seat, step); ms != nil {
			return ms, true
		}
		if best {
			return keep("best play (his line covers every case)", legal, step, Step{}, 0), true
		}
		cs, why := s.normalLeads(st, seat)
		return s.order(st, keep(why, cs, step, Step{}, 0)), false
	}
	if ms, mine := s.plannedFollow(st, seat, legal, step); ms != nil {
		return ms, mine || best
	}
	if best {
		return keep("best play (his line covers every case)", legal, step, st.plan, st.planBy), true
	}
	cs := s.normalFollows(st, seat, legal, step)
	led := st.trick[0].Suit()
	known := false
	for _, o := range s.side.Opponents().Seats() {
		known = known || st.shown[o]&(1<<led) != 0
	}
	// the exception covers a choice that depends on where an opponent's
	// card lies, not carelessness such as a failure to unblock
	known = known && s.locational(st, cs)
	why := "normal choice, the worst for the claimer (70A; 70D)"
	if known {
		why = "the suit's layout is known: played the best way (70E exception)"
		return keep(why, cs, step, st.plan, st.planBy), known
	}
	return s.order(st, keep(why, cs, step, st.plan, st.planBy)), known
}

// order puts first the moves most likely to cost the claimer a trick, so
// that the searches for a worse line find it early: for the defence the
// cards that take the trick (ruffs and high cards), for the claimer's
// side the cards that do not, and leads an opponent can ruff.
func (s *claimSearch) order(st *claimState, ms []claimMove) []claimMove {
	if len(ms) < 2 {
		return ms
	}
	seat := (st.leader + bridge.Seat(st.n)) & 3
	var winCard bridge.Card
	if st.n > 0 {
		winCard = st.trick[s.winning(st)]
	}
	var ruffed uint8 // the suits an opponent can ruff when the claimer's side leads them
	if st.n == 0 && seat.Side() == s.side && s.hasTrump {
		for _, o := range s.side.Opponents().Seats() {
			if st.hands[o].InSuit(s.ts) == 0 {
				continue
			}
			for su := bridge.Clubs; su <= bridge.Spades; su++ {
				if su != s.ts && st.hands[o].InSuit(su) == 0 {
					ruffed |= 1 << su
				}
			}
		}
	}
	score := func(c bridge.Card) int {
		wins := st.n == 0 || bridge.Beats(c, winCard, s.trump)
		v := int(c.Rank())
		if seat.Side() != s.side {
			if wins {
				return 100 - v // the cheapest card that wins first
			}
			return -v
		}
		if ruffed&(1<<c.Suit()) != 0 {
			return 200 // a lead into a ruff
		}
		if !wins {
			return 100 - v
		}
		return -v
	}
	var sc [13]int
	for i, m := range ms {
		sc[i] = score(m.card)
	}
	for i := 1; i < len(ms); i++ {
		for j := i; j > 0 && sc[j] > sc[j-1]; j-- {
			ms[j], ms[j-1] = ms[j-1], ms[j]
			sc[j], sc[j-1] = sc[j-1], sc[j]
		}
	}
	return ms
}

// distinct returns one card of each run of cards of equal value in cs: two
// cards of cs with no card of another hand still in play between them.
// The cards come spades first, each suit from the top.
func (s *claimSearch) distinct(st *claimState, seat bridge.Seat, cs bridge.Hand) []bridge.Card {
	return s.distinctHand(st, seat, cs).Cards()
}

// distinctHand is distinct as a set of cards.
func (s *claimSearch) distinctHand(st *claimState, seat bridge.Seat, cs bridge.Hand) bridge.Hand {
	return distinctIn(cs, st.all()&^st.hands[seat])
}

// distinctIn returns the highest card of each run of cs that no card of
// others splits: the cards of a hand that play differently, when others
// are the cards still in play outside it (the rest are gone).
func distinctIn(cs, others bridge.Hand) bridge.Hand {
	var out bridge.Hand
	for su := bridge.Clubs; su <= bridge.Spades; su++ {
		b := cs.SuitBits(su)
		ob := others.SuitBits(su)
		prev := -1
		for b != 0 {
			r := 15 - bits.LeadingZeros16(b)
			b &^= 1 << r
			if prev >= 0 && ob&(uint16(1)<<prev-uint16(1)<<(r+1)) == 0 {
				continue // same value as the card kept above it
			}
			out = out.With(bridge.NewCard(su, bridge.Rank(r)))
			prev = r
		}
	}
	return out
}

// statedLead returns the lead the statement dictates, or nil.
func (s *claimSearch) statedLead(st *claimState, seat bridge.Seat, step int) []claimMove {
	h := st.hands[seat]
	pard := st.hands[seat.Partner()]
	for step < len(s.steps) {
		sp := s.steps[step]
		switch sp.Kind {
		case StepCard:
			return nil // held by partner: the way to reach him is unstated
		case StepTrumpsOut, StepBest:
			if sp.Kind == StepBest {
				return nil
			}
			step++
			continue
		case StepTrumps:
			out := false
			for _, o := range s.side.Opponents().Seats() {
				out = out || (s.hasTrump && st.hands[o].InSuit(s.ts) != 0)
			}
			if !out {
				step++
				continue
			}
			if h.InSuit(s.ts) == 0 {
				return nil
			}
			return []claimMove{{card: highest(h, s.ts), why: "stated: drawing trumps", step: step}}
		case StepSuit:
			if (h | pard).InSuit(sp.Suit) == 0 {
				step++
				continue
			}
			t, _ := st.top(sp.Suit)
			if !(h | pard).Has(t) { // the suit is run: its winners are gone
				step++
				continue
			}
			if h.InSuit(sp.Suit) == 0 {
				return nil
			}
			if h.Has(t) {
				return []claimMove{{card: t, why: "stated: running " + sp.Suit.String(), step: step}}
			}
			return []claimMove{{card: lowest(h, sp.Suit), why: "stated: " + sp.Suit.String() + " to partner's winner", step: step}}
		case StepFinesse:
			su := sp.Card.Suit()
			holder, ok := st.holderOf(sp.Card)
			if !ok || holder.Side() != s.side {
				step++
				continue
			}
			if holder == seat {
				return []claimMove{{card: sp.Card, why: "stated: running the finesse card", step: step + 1, plan: sp, by: holder}}
			}
			if h.InSuit(su) == 0 {
				return nil
			}
			return []claimMove{{card: lowest(h, su), why: "stated: leading towards the finesse", step: step + 1, plan: sp, by: holder}}
		case StepDuck:
			if h.InSuit(sp.Suit) == 0 {
				if pard.InSuit(sp.Suit) == 0 {
					step++
					continue
				}
				return nil
			}
			return []claimMove{{card: lowest(h, sp.Suit), why: "stated: ducking " + sp.Suit.String(), step: step + 1, plan: sp, by: seat}}
		case StepRuff:
			if !s.hasTrump || h.InSuit(sp.Suit) == 0 || pard.InSuit(sp.Suit) != 0 || pard.InSuit(s.ts) == 0 {
				if h.InSuit(sp.Suit) == 0 && pard.InSuit(sp.Suit) != 0 && h.InSuit(s.ts) != 0 {
					return nil // the ruff is in this hand: reach partner first
				}
				step++
				continue
			}
			return []claimMove{{card: lowest(h, sp.Suit), why: "stated: leading a " + sp.Suit.String() + " to ruff", step: step + 1, plan: sp, by: seat.Partner()}}
		case StepCrossRuff:
			var cs bridge.Hand
			for su := bridge.Clubs; su <= bridge.Spades; su++ {
				if s.hasTrump && su != s.ts && h.InSuit(su) != 0 && pard.InSuit(su) == 0 && pard.InSuit(s.ts) != 0 {
					cs = cs.With(lowest(h, su))
				}
			}
			if cs == 0 {
				return nil
			}
			var out []claimMove
			for _, c := range cs.Cards() {
				out = append(out, claimMove{card: c, why: "stated: cross-ruff", step: step})
			}
			if s.mode == modeNormal && len(out) > 1 {
				// several suits to cross-ruff: his unstated choice (70A)
				return nil
			}
			return out
		}
		return nil
	}
	return nil
}

func (st *claimState) holderOf(c bridge.Card) (bridge.Seat, bool) { return st.hands.Holder(c) }

// plannedFollow returns the follow a stated finesse, duck or ruff dictates.
func (s *claimSearch) plannedFollow(st *claimState, seat bridge.Seat, legal bridge.Hand, step int) ([]claimMove, bool) {
	sp := st.plan
	if sp.Kind == 0 {
		return nil, false
	}
	h := st.hands[seat]
	led := st.trick[0].Suit()
	win := s.winning(st)
	winCard := st.trick[win]
	oppWinning := (st.leader+bridge.Seat(win))&3 != seat.Partner() && (st.leader+bridge.Seat(win))&3 != seat
	mv := func(c bridge.Card, why string) ([]claimMove, bool) {
		return []claimMove{{card: c, why: why, step: step, plan: sp, by: st.planBy}}, true
	}
	cheapest := func() (bridge.Card, bool) {
		cs := legal.Cards() // high to low
		for i := len(cs) - 1; i >= 0; i-- {
			if bridge.Beats(cs[i], winCard, s.trump) {
				return cs[i], true
			}
		}
		return 0, false
	}
	switch sp.Kind {
	case StepFinesse:
		if led != sp.Card.Suit() || h.InSuit(led) == 0 {
			return nil, false
		}
		if seat == st.planBy && h.Has(sp.Card) {
			if oppWinning && bridge.Beats(winCard, sp.Card, s.trump) {
				if c, ok := cheapest(); ok {
					return mv(c, "stated finesse: second hand covered, won cheaply")
				}
				return mv(lowest(h, led), "stated finesse: covered, cannot win")
			}
			return mv(sp.Card, "stated: finessing")
		}
		if seat != st.planBy && st.trick[0] == sp.Card {
			if oppWinning {
				if c, ok := cheapest(); ok {
					return mv(c, "stated finesse: covered, won")
				}
			}
			return mv(lowest(h, led), "stated: letting the finesse card run")
		}
	case StepDuck:
		if h.InSuit(led) != 0 && led == sp.Suit {
			return mv(lowest(h, led), "stated: ducking")
		}
	case StepRuff:
		if seat == st.planBy && led == sp.Suit && h.InSuit(led) == 0 && h.InSuit(s.ts) != 0 {
			var out []claimMove
			for _, c := range s.distinct(st, seat, h.InSuit(s.ts)) {
				out = append(out, claimMove{card: c, why: "stated: ruffing", step: step, plan: sp, by: st.planBy})
			}
			// which trump to ruff with is unstated: the worst (70A)
			return out, s.mode == modeLikely
		}
	}
	return nil, false
}

// normalLeads returns the claimer side's normal leads (see the model).
func (s *claimSearch) normalLeads(st *claimState, seat bridge.Seat) (bridge.Hand, string) {
	h := st.hands[seat]
	pard := st.hands[seat.Partner()]
	oppTrump := false
	if s.hasTrump {
		for _, o := range s.side.Opponents().Seats() {
			oppTrump = oppTrump || st.hands[o].InSuit(s.ts) != 0
		}
	}
	crossruff := s.crossruff(st.step)
	if oppTrump && !s.unaware && !crossruff && h.InSuit(s.ts) != 0 {
		if t, _ := st.top(s.ts); h.Has(t) {
			return bridge.Hand(0).With(t), "drawing the outstanding trump with the master (70C: he knew of it)"
		}
	}
	var cs bridge.Hand
	for su := bridge.Clubs; su <= bridge.Spades; su++ {
		if h.InSuit(su) == 0 {
			continue
		}
		w := s.winners(st, su)
		switch {
		case h&w != 0:
			cs |= h & w
		case pard&w != 0:
			cs = cs.With(lowest(h, su))
		}
	}
	if cs != 0 {
		return cs, "unstated lead: a winner or a card to partner's winner, the worst order for the claimer (70A; 70D)"
	}
	return h, "unstated lead of a loser: the worst for the claimer (70A)"
}

// normalFollows returns the claimer side's normal plays to a trick led.
func (s *claimSearch) normalFollows(st *claimState, seat bridge.Seat, legal bridge.Hand, step int) bridge.Hand {
	h := st.hands[seat]
	led := st.trick[0].Suit()
	win := s.winning(st)
	winSeat := (st.leader + bridge.Seat(win)) & 3
	winCard := st.trick[win]
	partnerWins := winSeat == seat.Partner()
	partnerToPlay := !partnerPlayed(st, seat) // partner plays after him in this trick
	// the cards that beat winCard (bridge.Beats): higher ones of its suit,
	// and trumps when it is not one
	ws := winCard.Suit()
	beaters := bridge.Hand(legal.SuitBits(ws)&^(uint16(2)<<winCard.Rank()-1)) << (16 * uint(ws))
	if s.hasTrump && ws != s.ts {
		beaters |= legal.InSuit(s.ts)
	}
	crossruff := s.crossruff(step)
	if h.InSuit(led) != 0 { // following suit
		if !partnerWins && beaters != 0 && !partnerToPlay {
			return s.winningCards(st, beaters, led)
		}
		cs := bridge.Hand(0).With(lowest(legal, led))
		if partnerToPlay && !partnerWins {
			if beaters&s.winners(st, led) != 0 {
				// holding a sure winner he takes the trick: ducking the
				// tricks he claimed is irrational
				return s.winningCards(st, beaters, led)
			}
			cs = cs.With(highest(legal, led)) // second hand high
			if beaters != 0 {
				cs |= s.winningCards(st, beaters, led) // or winning
			}
		} else if hi := highest(legal, led); !s.winners(st, led).Has(hi) {
			cs = cs.With(hi) // unblocking; never throwing a sure winner away
		}
		return cs
	}
	// void in the suit led
	trumps := bridge.Hand(0)
	if s.hasTrump {
		trumps = h.InSuit(s.ts)
	}
	winningRuffs := trumps & beaters
	discards := s.discards(st, seat)
	switch {
	case crossruff && winningRuffs != 0 && !partnerWins:
		return winningRuffs
	case partnerWins:
		t, _ := st.top(led)
		if winCard.Suit() == led && (t.Rank() < winCard.Rank() || !st.hands[0].Has(t) && !st.hands[1].Has(t) && !st.hands[2].Has(t) && !st.hands[3].Has(t)) && discards != 0 {
			return discards // partner holds the trick with the top card
		}
		return discards | trumps
	case winningRuffs != 0 && !partnerToPlay:
		return winningRuffs
	case winningRuffs != 0:
		return winningRuffs | discards
	}
	if discards == 0 {
		return legal
	}
	return discards
}

// crossruff reports whether a cross-ruff step has been reached.
func (s *claimSearch) crossruff(step int) bool {
	for i := 0; i < len(s.steps) && i <= step; i++ {
		if s.steps[i].Kind == StepCrossRuff {
			return true
		}
	}
	return false
}

// winners returns the cards of suit su that are sure winners for the
// claimer's side: its cards ranking from the top down with no opponent's
// card above them.
func (s *claimSearch) winners(st *claimState, su bridge.Suit) bridge.Hand {
	return s.allWinners(st).InSuit(su)
}

// allWinners returns the sure winners of every suit (see winners): the
// side's cards above every card the opponents hold in their suit.
func (s *claimSearch) allWinners(st *claimState) bridge.Hand {
	x := bridge.Seat(s.side) // the side's seats are x and x+2, the opponents' x+1 and x+3
	own := st.hands[x] | st.hands[x+2]
	return own &^ smearDown(st.hands[x+1]|st.hands[(x+3)&3])
}

// smearDown returns, in each suit, every rank at or below the highest
// card of h in that suit. Each suit is a 16-bit lane of the hand; a shift
// by k brings the low k bits of the lane above into the top of the lane,
// and the mask clears them.
func smearDown(h bridge.Hand) bridge.Hand {
	h |= h >> 1 & 0x7fff_7fff_7fff_7fff
	h |= h >> 2 & 0x3fff_3fff_3fff_3fff
	h |= h >> 4 & 0x0fff_0fff_0fff_0fff
	h |= h >> 8 & 0x00ff_00ff_00ff_00ff
	return h
}

func partnerPlayed(st *claimState, seat bridge.Seat) bool {
	for i := 0; i < st.n; i++ {
		if (st.leader+bridge.Seat(i))&3 == seat.Partner() {
			return true
		}
	}
	return false
}

// discards returns the normal discards of seat: no top card of a suit
// unless he holds nothing else.
func (s *claimSearch) discards(st *claimState, seat bridge.Seat) bridge.Hand {
	h := st.hands[seat]
	out := h
	out &^= s.allWinners(st)
	if out == 0 {
		out = h
	}
	var low bridge.Hand
	for su := bridge.Clubs; su <= bridge.Spades; su++ {
		if out.InSuit(su) != 0 {
			low = low.With(lowest(out, su))
		}
	}
	return low
}

// winningCards returns his normal ways of winning a trick with cards of
// the suit led, beaters being the cards that beat the card winning so far:
// the highest, the cheapest sure winner, and a finesse — the cheapest
// beater, an honour, when a single card he cannot see ranks above it — or, when no
// opponent is to play after him, simply the cheapest.
func (s *claimSearch) winningCards(st *claimState, beaters bridge.Hand, led bridge.Suit) bridge.Hand {
	cs := bridge.Hand(0).With(highest(beaters, led))
	if w := beaters & s.winners(st, led); w != 0 {
		cs = cs.With(lowest(w, led))
	}
	cheap := lowest(beaters, led)
	last := true
	for i := st.n + 1; i < 4; i++ {
		if (st.leader+bridge.Seat(i))&3 != (st.leader+bridge.Seat(st.n))&3 && ((st.leader+bridge.Seat(i))&3).Side() != s.side {
			last = false
		}
	}
	if last {
		return cs.With(cheap)
	}
	var unseen uint16
	for _, o := range s.side.Opponents().Seats() {
		unseen |= st.hands[o].SuitBits(led)
	}
	if cheap.Rank() >= bridge.Ten && bits.OnesCount16(unseen>>(cheap.Rank()+1)) == 1 {
		cs = cs.With(cheap)
	}
	return cs
}

// sure reports whether the claimer's side, at a trick start, takes every
// trick left whatever anyone plays. No opponent may hold a trump. With the
// side on lead, either every card the side holds is a winner, or one hand
// holds only winners and at least as many cards as its partner in every
// suit: then every trick is led by the side in a suit that hand holds
// (its partner leads only suits it holds, and it leads only winners), so
// it follows with a winner and the side keeps the lead — partner's
// discards only shorten partner's suits.
//
// With an opponent on lead the same holds when the side (with every card
// a winner), or the hand holding only winners, holds every suit he can
// lead: the side wins that trick with a winner of the suit led and goes
// on as above.
func (s *claimSearch) sure(st *claimState) bool {
	if st.n != 0 {
		return false
	}
	me := bridge.Seat(s.side) // the side's seats are me and me+2, the opponents' me+1 and me+3
	if s.hasTrump && (st.hands[me+1]|st.hands[(me+3)&3]).InSuit(s.ts) != 0 {
		return false
	}
	x, y := st.hands[me], st.hands[me+2]
	w := s.allWinners(st)
	if x&^w != 0 && y&^w != 0 {
		return false // neither hand holds only winners
	}
	var need bridge.Hand // a card of each suit the opponent on lead holds
	if st.leader.Side() != s.side {
		for su := bridge.Clubs; su <= bridge.Spades; su++ {
			if st.hands[st.leader].InSuit(su) != 0 {
				need = need.With(lowest(st.hands[st.leader], su))
			}
		}
	}
	if (x|y)&^w == 0 {
		return holdsSuits(x|y, need)
	}
	return dominates(x, y, w) && holdsSuits(x, need) || dominates(y, x, w) && holdsSuits(y, need)
}

// holdsSuits reports whether h holds a card of the suit of every card of need.
func holdsSuits(h, need bridge.Hand) bool {
	for su := bridge.Clubs; su <= bridge.Spades; su++ {
		if need.InSuit(su) != 0 && h.InSuit(su) == 0 {
			return false
		}
	}
	return true
}

// dominates reports whether hand x holds only cards of w and at least as
// many cards as hand y in every suit.
func dominates(x, y, w bridge.Hand) bool {
	if x&^w != 0 {
		return false
	}
	for su := bridge.Clubs; su <= bridge.Spades; su++ {
		if bits.OnesCount16(x.SuitBits(su)) < bits.OnesCount16(y.SuitBits(su)) {
			return false
		}
	}
	return true
}

// masterTrumps is a lower bound on the claimer side's tricks from a
// trick start, whatever anyone plays. One hand plays its trumps to
// different tricks, and a trick in which it plays one goes to his side
// unless an opponent plays a higher trump to it (the highest trump there is
// his side's: led, followed or ruffed in); each opponent's trump is played
// to one trick. So a hand holding a trumps above the k-th highest of the
// opponents' trumps wins at least a−(k−1) tricks (with k past the last,
// all its trumps less the opponents' number), and his side at least as
// many as either hand does.
func (s *claimSearch) masterTrumps(st *claimState) int {
	if !s.hasTrump {
		return 0
	}
	x := bridge.Seat(s.side) // the side's seats are x and x+2, the opponents' x+1 and x+3
	opp := (st.hands[x+1] | st.hands[(x+3)&3]).SuitBits(s.ts)
	n := 0
	for _, own := range [2]uint16{st.hands[x].SuitBits(s.ts), st.hands[x+2].SuitBits(s.ts)} {
		if own == 0 {
			continue
		}
		// k−1 opponent's trumps above: own trumps above the next one down
		higher, rest := 0, opp
		for {
			above := own
			if rest != 0 {
				above &^= uint16(2)<<(15-bits.LeadingZeros16(rest)) - 1
			}
			n = max(n, bits.OnesCount16(above)-higher)
			if rest == 0 {
				break
			}
			rest &^= uint16(1) << (15 - bits.LeadingZeros16(rest))
			higher++
		}
	}
	return n
}

// winsTrick reports whether the claimer's side, on lead at a trick start,
// surely wins the trick: every lead the model gives it (the statement's,
// or its normal leads) is a card no one can beat — the top card of its
// suit still out — or a card of a suit in which partner holds only such
// cards (he must follow with one), and no opponent can ruff it (each holds
// the suit or no trump). A choice made for the claimer (a stated card,
// "best") needs one such lead; a choice made against him needs all.
func (s *claimSearch) winsTrick(st *claimState) bool {
	if st.leader.Side() != s.side {
		return false
	}
	moves, maximise := s.moves(st)
	if len(moves) == 0 {
		return false
	}
	pard := st.hands[st.leader.Partner()]
	cardStated := false // a stated card may decide partner's card
	for _, sp := range s.steps[min(st.step, len(s.steps)):] {
		cardStated = cardStated || sp.Kind == StepCard
	}
	for _, m := range moves {
		su := m.card.Suit()
		w := s.winners(st, su)
		ok := w.Has(m.card) || pard.InSuit(su) != 0 && pard.InSuit(su)&^w == 0 ||
			m.plan.Kind == 0 && !cardStated && s.underLead(st, m.card, pard, w)
		for _, o := range s.side.Opponents().Seats() {
			if s.hasTrump && su != s.ts && st.hands[o].InSuit(su) == 0 && st.hands[o].InSuit(s.ts) != 0 {
				ok = false // he can ruff it
			}
		}
		if ok && maximise {
			return true
		}
		if !ok && !maximise {
			return false
		}
	}
	return !maximise
}

// underLead reports whether a low lead c to partner's winner surely wins
// the trick when no stated plan or card decides partner's card: both
// opponents hold cards of the suit, all above c, so the second hand plays
// above it and partner, the last of his side to play, must beat that card
// (ducking would be irrational); his normal ways of doing so are his
// highest card and his cheapest sure winner, both winners here, or a
// finesse — an honour that is not a winner with one card out above it —
// and he has none of those.
func (s *claimSearch) underLead(st *claimState, c bridge.Card, pard, w bridge.Hand) bool {
	su := c.Suit()
	if pard&w.InSuit(su) == 0 {
		return false
	}
	var opp uint16
	for _, o := range s.side.Opponents().Seats() {
		b := st.hands[o].SuitBits(su)
		if b == 0 {
			return false
		}
		opp |= b
	}
	if opp&(uint16(2)<<c.Rank()-1) != 0 {
		return false // an opponent's card below it
	}
	for _, f := range (pard.InSuit(su) &^ w).Cards() {
		if f.Rank() >= bridge.Ten && bits.OnesCount16(opp>>(f.Rank()+1)) == 1 {
			return false // a finesse
		}
	}
	return true
}

// cashTricks is a lower bound on the tricks the claimer's side, on lead at
// a trick start with the statement spent, takes in a row under the model
// (mode normal): a trick in which it leads the top card of a suit still
// out, or a low card of a suit in which partner holds only such cards,
// is its trick unless an opponent ruffs it, and an opponent who holds a
// trump cannot ruff a suit while he still holds a card of it. A hand's normal leads are its winners in a suit
// in which it holds one, else its lowest card of a suit in which partner
// holds a winner (else any card, when it has neither). Each trick takes
// one card from each hand, and winners stay winners, so a hand holding
// a winners still holds one in each of its first a tricks, and its
// leads are all safe while it holds a winner and, in each suit in which
// both hands hold a card below the top, a winner of that suit too (else
// it may lead low to partner's winner and partner duck or finesse — a
// card of partner's below the top may also be promoted to a winner); in
// a suit it holds only winners of, it leads only winners. The leader of the
// first trick is known; either hand may lead the later ones.
func (s *claimSearch) cashTricks(st *claimState) int {
	if s.mode != modeNormal || st.leader.Side() != s.side {
		return 0
	}
	x, y := st.hands[st.leader], st.hands[st.leader.Partner()]
	w := s.allWinners(st)
	if x&w == 0 {
		return 0 // no winner to lead
	}
	// ruff[su]: the tricks in a row in which no opponent can ruff a lead
	// of su — one holding a trump and k cards of su still holds one of
	// them in each of the next k tricks
	ruff := [4]int{13, 13, 13, 13}
	trumpOut := false
	if s.hasTrump {
		for _, o := range s.side.Opponents().Seats() {
			if st.hands[o].InSuit(s.ts) == 0 {
				continue
			}
			trumpOut = true
			for su := bridge.Clubs; su <= bridge.Spades; su++ {
				if su != s.ts {
					ruff[su] = min(ruff[su], st.hands[o].InSuit(su).Len())
				}
			}
		}
	}
	for i := st.step; i < len(s.steps); i++ {
		if k := s.steps[i].Kind; k != StepTrumpsOut && (k != StepTrumps || trumpOut) {
			return 0 // a stated line still to follow
		}
	}
	safe := func(h, pard bridge.Hand) int {
		t := (h & w).Len()
		for su := bridge.Clubs; su <= bridge.Spades; su++ {
			if h.InSuit(su)&^w != 0 && pard.InSuit(su)&^w != 0 {
				t = min(t, (h & w).InSuit(su).Len())
			}
			if h.InSuit(su) != 0 {
				// a suit he may lead: now, or when a card of his or
				// partner's is promoted to a winner
				t = min(t, ruff[su])
			}
		}
		return t
	}
	tl := safe(x, y)
	if tl == 0 {
		return 0
	}
	return min(tl, max(1, safe(y, x)))
}

// line reconstructs the line the value assumes, card by card.
func (s *claimSearch) line() []LineCard {
	var out []LineCard
	st := s.root
	won := 0 // tricks the claimer's side has taken so far on the line
	target := s.exact(st, -1)
	for {
		if st.n == 4 {
			w := (st.leader + bridge.Seat(s.winning(&st))) & 3
			if w.Side() == s.side {
				won++
				target--
			}
			st = claimState{hands: st.hands, leader: w, step: st.step, shown: st.shown}
		}
		if st.n == 0 && st.hands[st.leader] == 0 {
			return out
		}
		seat := (st.leader + bridge.Seat(st.n)) & 3
		moves, maximise := s.moves(&st)
		if len(moves) == 0 {
			return out
		}
		moves = append([]claimMove(nil), moves...) // the searches below reuse the ply's buffer
		// One null-window test a card. The target is the value here, so at
		// a choice made against the claimer every card is worth at least
		// the target: the card kept is the first worth no more (and, on
		// the claimer's side, the first worth more is noted); at a choice
		// made for him every card is worth at most the target: the card
		// kept is the first worth that much.
		pick, picked := moves[0], false
		var better []bridge.Card
		mine := seat.Side() == s.side && s.mode == modeNormal
		for _, m := range moves {
			ch := s.apply(st, m)
			if maximise {
				if s.search(ch, target-1, target) >= target {
					pick, picked = m, true
					break
				}
				continue
			}
			if s.search(ch, target, target+1) > target {
				better = append(better, m.card)
			} else if !picked {
				pick, picked = m, true
			}
			if picked && (!mine || len(better) > 0) {
				break
			}
		}
		why := pick.why
		if len(better) > 0 && seat.Side() == s.side && s.mode == modeNormal && !strings.HasPrefix(why, "stated") &&
			!strings.Contains(why, "70E exception") {
			why += fmt.Sprintf("; another normal card would make %d or more in all", won+target+1)
			s.guessed = s.guessed || st.n > 0 && s.guess(&st, pick.card, better[0])
		}
		out = append(out, LineCard{Seat: seat, Card: pick.card, Why: why})
		st = s.apply(st, pick)
	}
}

// guess reports whether the claimer's choice between cards lo and hi in
// the trick in progress is a guess of where an opponent's card lies (70E):
// a card he cannot see ranks between them, and an opponent who has not
// shown out of the suit is still to play to the trick.
func (s *claimSearch) guess(st *claimState, lo, hi bridge.Card) bool {
	led := st.trick[0].Suit()
	if lo.Suit() != led || hi.Suit() != led {
		return false
	}
	if lo.Rank() > hi.Rank() {
		lo, hi = hi, lo
	}
	var unseen bridge.Hand
	for _, o := range s.side.Opponents().Seats() {
		unseen |= st.hands[o].InSuit(led)
	}
	between := false
	for _, c := range unseen.Cards() {
		between = between || (c.Rank() > lo.Rank() && c.Rank() < hi.Rank())
	}
	if !between {
		return false
	}
	for i := st.n + 1; i < 4; i++ {
		o := (st.leader + bridge.Seat(i)) & 3
		if o.Side() != s.side && st.shown[o]&(1<<led) == 0 {
			return true
		}
	}
	return false
}

// locational reports whether a card the claimer cannot see ranks between
// the lowest and the highest of his cards cs in the suit led: which of them
// is right depends on where that card lies.
func (s *claimSearch) locational(st *claimState, cs bridge.Hand) bool {
	led := st.trick[0].Suit()
	var unseen uint16
	for _, o := range s.side.Opponents().Seats() {
		unseen |= st.hands[o].SuitBits(led)
	}
	return straddles(cs.SuitBits(led), unseen)
}

// ParseClaimTricks reads a number of tricks.
func ParseClaimTricks(s string) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 || n > 13 {
		return 0, fmt.Errorf("laws: %q is not a number of tricks (0-13)", s)
	}
	return n, nil
}

// Kinds of claim decision for Adjudicate.
const (
	Contested  = "contested"  // a disputed claim (Law 70)
	Conceded   = "concession" // a concession to be checked under Law 71 (Claim.Tricks: tricks conceded)
	Acquiesced = "acquiesced" // an agreed claim whose agreement is withdrawn (Law 69B)
)

// ErrClaimKind reports an unknown kind of claim decision.
var ErrClaimKind = errors.New("unknown kind of claim decision (want contested, concession or acquiesced)")

// Adjudicate decides one claim or concession under the code ed: kind is
// Contested, Conceded or Acquiesced.
func Adjudicate(ed Edition, kind string, pos ClaimPosition, c Claim) (Award, error) {
	a := NewAdjudicator(ed)
	switch kind {
	case Contested, "":
		return a.Contested(pos, c)
	case Conceded:
		return a.Concession(pos, c.Claimer, c.Tricks)
	case Acquiesced:
		return a.Acquiescence(pos, c)
	}
	return Award{}, fmt.Errorf("laws: %q: %w", kind, ErrClaimKind)
}

// table is the search's open-addressing hash table (a Go map with these
// keys costs a third of the search): the bounds of each trick start
// searched by claimKey, the double-dummy bounds by ddKey. The caller
// hashes the key (claimKey.hash, ddKey.hash: a hash function kept in the
// table is an indirect call, through which every key looked up escapes to
// the heap). A slot's tag is its key's hash with the low bit set (0:
// empty), compared before the key; the slot is chosen by the tag's other
// bits, so the table grows without hashing its keys again. The tag keeps
// the hash's low 32 bits, which lets it share a word with the value: a
// slot of either table is 48 bytes.
type table[K comparable, V any] struct {
	slots []slot[K, V]
	n     int
}

// slot is one entry of a table, its tag, value and key side by side: one
// cache line read for a look-up, most of the time. The value (a few bytes)
// goes between the tag and the key, in the padding the key's alignment
// leaves there.
type slot[K comparable, V any] struct {
	tag uint32
	val V
	key K
}

// newTable returns an empty table of size slots (a power of two).
func newTable[K comparable, V any](size int) *table[K, V] {
	return &table[K, V]{slots: make([]slot[K, V], size)}
}

// boundTable holds the bounds on the value of each trick start searched.
type boundTable = table[claimKey, claimBound]

// newBoundTable returns a bound table sized for a search from a position
// of cards cards in play: the searches from full hands fill hundreds of
// thousands of slots, and starting them large spares most of the growing.
func newBoundTable(cards int) *boundTable {
	size := 1 << 10
	if cards > 40 {
		size = 1 << 15
	}
	return newTable[claimKey, claimBound](size)
}

func (k *claimKey) hash() uint64 {
	return mixHands(&k.hands, uint64(k.leader)|uint64(k.step)<<8|uint64(k.shown)<<16)
}

// ddTable holds the double-dummy bounds already computed.
type ddTable = table[ddKey, int8]

func newDDTable() *ddTable { return newTable[ddKey, int8](1 << 10) }

func (k *ddKey) hash() uint64 { return mixHands(&k.hands, uint64(k.leader)) }

// mixHands hashes a deal and a few small fields.
func mixHands(d *bridge.Deal, extra uint64) uint64 {
	h := extra*0x9e3779b97f4a7c15 ^ 0x632be59bd9b4e019
	for _, x := range d {
		h ^= uint64(x)
		h *= 0xff51afd7ed558ccd
		h ^= h >> 32
	}
	return h
}

// find returns the index of the slot of key k, whose hash is h: its own,
// or the empty one where it would go.
func (t *table[K, V]) find(k *K, h uint64) int {
	mask := len(t.slots) - 1
	tag := uint32(h) | 1
	i := int(tag>>1) & mask
	for t.slots[i].tag != 0 && (t.slots[i].tag != tag || t.slots[i].key != *k) {
		i = (i + 1) & mask
	}
	return i
}

// get returns the value stored for key k (hash h), and whether there is one.
func (t *table[K, V]) get(k *K, h uint64) (V, bool) {
	e := &t.slots[t.find(k, h)]
	return e.val, e.tag != 0
}

// put stores v for key k (hash h).
func (t *table[K, V]) put(k *K, h uint64, v V) {
	i := t.find(k, h)
	if t.slots[i].tag == 0 {
		if 2*(t.n+1) > len(t.slots) {
			t.grow()
			i = t.find(k, h)
		}
		t.slots[i].tag, t.slots[i].key = uint32(h)|1, *k
		t.n++
	}
	t.slots[i].val = v
}

// raise makes lo the lower bound stored in bound table t for key k (hash
// h), with no upper bound, when it is above the one stored (0 if none):
// one look-up where a get and a put take two.
func raise(t *boundTable, k *claimKey, h uint64, lo int8) {
	i := t.find(k, h)
	if t.slots[i].tag == 0 {
		if lo > 0 {
			t.put(k, h, claimBound{lo: lo, hi: 13})
		}
		return
	}
	if t.slots[i].val.lo < lo {
		t.slots[i].val = claimBound{lo: lo, hi: 13}
	}
}

func (t *table[K, V]) grow() {
	old := t.slots
	t.slots, t.n = make([]slot[K, V], 2*len(old)), 0
	for i := range old {
		if e := &old[i]; e.tag != 0 {
			t.slots[t.find(&e.key, uint64(e.tag))] = *e
			t.n++
		}
	}
}
