package laws

import (
	"errors"
	"fmt"

	"github.com/bridgetd/bridgetd/bridge"
)

// The play period (Laws 41–67) at one table. A Play takes the cards as they
// are put on the table by any seat, in turn or not, following suit or not,
// and keeps the position the Director needs: who still holds what, the
// penalty cards on the table, the tricks and who won them, the revokes and
// whether they are established, the suits each player has shown out of,
// and the claim or concession that stopped the play. Irregular plays are
// ruled, not refused; only events that cannot have happened (a card the
// player does not hold, a play after the last trick) are errors.
//
// The play laws applied here, in both codes unless stated:
//
//	44: play in rotation, follow suit; the highest trump or the highest
//	    card of the suit led wins; the winner leads next.
//	45/57: a card put on the table out of turn by a defender before his
//	    partner has played becomes a major penalty card and declarer
//	    restricts the partner's play (57A); by declarer, a premature play
//	    stands (2017 57C3); by a defender at his RHO's turn after partner
//	    has played, it is played at his turn if legal (2017 57D), else a
//	    major penalty card (in 1997 a penalty card under Laws 49–50).
//	48A: cards declarer exposes are never penalty cards.
//	49–50: a defender's card exposed other than in play is a penalty card:
//	    minor when a single card below honour rank exposed inadvertently,
//	    major otherwise, all major once he has two (50B); a major penalty
//	    card is played at the first legal opportunity (50D1), a minor one
//	    before any other card below honour rank of its suit (50C); when
//	    his partner is to lead declarer may require or prohibit its suit
//	    (50D2), and then the card is picked up.
//	53–56: a lead out of turn may be accepted by the non-offending side,
//	    a play by the next player accepts it (53A); the opening lead by the
//	    wrong defender gives declarer the options of Law 54 (54A: spread
//	    his hand and become dummy; 54B: accept; 54D: decline); declarer's
//	    lead out of turn declined is retracted without penalty card (55B);
//	    a defender's declined becomes a major penalty card (56).
//	61–63: a failure to follow suit when able, or to play a card required
//	    by a rectification, is a revoke (61A); it is established when a
//	    member of the offending side plays to the next trick (63A1).
//	68: a claim or concession stops the play; Laws 69–71 and claim.go
//	    settle the tricks.
type Play struct {
	ed        Edition
	contract  bridge.Contract
	declarer  bridge.Seat
	dealt     bridge.Deal
	hands     bridge.Deal // cards not yet played (penalty cards included)
	tricks    []bridge.Trick
	won       [2]int
	penalty   []PenaltyCard
	revokes   []Revoke
	voids     [bridge.NumSeats]uint8 // suits each seat has failed to follow, bit 1<<suit
	early     [bridge.NumSeats]bridge.Card
	hasEarly  [bridge.NumSeats]bool
	restrict  *restriction
	pending   *playDecision
	claim     *ClaimRecord
	rulings   []*Ruling
	line      int
	ended     bool
	spread    bool // 54A: declarer spread his hand and became dummy
	transfers []RevokeTransfer
	// transferRulings are the Law 64 (and 67B1) rulings revokeTransfers
	// issued, replaced when the transfers are computed again.
	transferRulings []*Ruling
	adj             *Adjudicator
	// retracted55 is set when declarer's lead out of turn was retracted
	// (55B) and he has not yet led from the correct hand (60B).
	retracted55 bool
	// dummy.go: dummy's violation of 43A2 (the clause), and revokes of
	// declarer's that Law 64 treats as established though corrected
	// (43B2(b)), by trick.
	dummyBreach string
	asked       map[int]bool
	deemed      []Revoke
	// checks are the damage checks of play rulings not yet handed to the
	// table (Table.Find answers them).
	checks []*damageCheck
	// law79_90.go
	roundOver, correctionOver bool
	recorded                  *int
	handsBack                 bool // all four hands back in the board (79A1)
	penalties                 []ProceduralPenalty
	fouled                    *FouledBoard
	defects                   []*defect     // law65_67.go
	simul                     *simultaneous // playcards.go: the last 58B2 play (58B3)
	surplusPlays              []surplusPlay // law12_16play.go: cards foreign to the deal played (13C)
}

// Revoke is a failure to follow suit (or to comply with a rectification)
// when able (Law 61A).
type Revoke struct {
	Seat        bridge.Seat `json:"seat"`
	Trick       int         `json:"trick"` // 1-based number of the revoke trick
	Card        bridge.Card `json:"card"`
	Established bool        `json:"established"` // Law 63A
	Line        int         `json:"line,omitempty"`
}

// restriction is a rectification that binds a player's next play or lead:
// 57A on the offender's partner, 50D2 on the partner of a defender with a
// major penalty card.
type restriction struct {
	seat    bridge.Seat
	kind    string // highest, lowest, require, prohibit
	suit    bridge.Suit
	lead    bool // binds a lead (50D2) rather than a play to the current trick (57A)
	lasting bool // a prohibition lasting while he retains the lead (50D2(a))
	law     string
}

// playDecision is an option the play waits for.
type playDecision struct {
	ruling  *Ruling
	holders []bridge.Seat
	answers []string
	resolve func(seat bridge.Seat, ans string) error
	// byPlay is called when a card is played while the decision is open;
	// it returns true when the play settles it (53A acceptance).
	byPlay func(seat bridge.Seat) (bool, error)
	// loot marks the option after a lead out of turn (53–56) by offender
	// with card: a retraction under 47E1 and a play by the offending side
	// meanwhile (60C) refer to it.
	loot     bool
	offender bridge.Seat
	card     bridge.Card
	// bound is the player the option restricts (57A: the offender's
	// partner's play; 50D2: his partner's lead); a card he puts on the
	// table before declarer chooses is held (law59_60.go, 60C).
	bound    bridge.Seat
	hasBound bool
	held     *heldCard
}

// Errors for events the play cannot take.
var (
	// ErrNotHeldPlay: the card is not in the player's hand.
	ErrNotHeldPlay = errors.New("card not held by that player")
	// ErrPlayOver: the play has ended (thirteen tricks, a claim or a concession).
	ErrPlayOver = errors.New("the play has ended")
	// ErrPlayPending: the Director waits for an option before play goes on.
	ErrPlayPending = errors.New("an option must be chosen first")
)

// NewPlay starts the play of a complete deal in contract c by declarer.
func NewPlay(ed Edition, d bridge.Deal, c bridge.Contract, declarer bridge.Seat) (*Play, error) {
	if err := d.Validate(); err != nil {
		return nil, fmt.Errorf("laws: play: %w", err)
	}
	if c.IsPassedOut() || !c.Valid() {
		return nil, fmt.Errorf("laws: play: %w: contract %v cannot be played", ErrBadEvent, c)
	}
	if !ed.Valid() {
		ed = Edition2017
	}
	p := &Play{ed: ed, contract: c, declarer: declarer & 3, dealt: d, hands: d}
	p.tricks = []bridge.Trick{{Leader: p.declarer.LHO()}}
	return p, nil
}

// SetLine records the log line of the events that follow.
func (p *Play) SetLine(n int) { p.line = n }

// Declarer returns the declarer (after a 54A exchange, the new one).
func (p *Play) Declarer() bridge.Seat { return p.declarer }

// Dummy returns declarer's partner.
func (p *Play) Dummy() bridge.Seat { return p.declarer.Partner() }

// Contract returns the contract played.
func (p *Play) Contract() bridge.Contract { return p.contract }

// Hand returns the unplayed cards of a seat (penalty cards included).
func (p *Play) Hand(s bridge.Seat) bridge.Hand { return p.hands[s] }

// Remaining returns the unplayed cards of every seat.
func (p *Play) Remaining() bridge.Deal { return p.hands }

// Tricks returns the tricks played, the last possibly incomplete.
func (p *Play) Tricks() []bridge.Trick { return append([]bridge.Trick(nil), p.tricks...) }

// Won returns the tricks won in play by a side.
func (p *Play) Won(s bridge.Side) int { return p.won[s] }

// PenaltyCards returns the penalty cards on the table.
func (p *Play) PenaltyCards() []PenaltyCard { return append([]PenaltyCard(nil), p.penalty...) }

// Revokes returns the revokes so far.
func (p *Play) Revokes() []Revoke { return append([]Revoke(nil), p.revokes...) }

// Rulings returns the rulings on play irregularities, in order.
func (p *Play) Rulings() []*Ruling { return p.rulings }

// Claim returns the claim or concession that stopped the play, or nil.
func (p *Play) Claim() *ClaimRecord { return p.claim }

// Ended reports whether the play is over.
func (p *Play) Ended() bool { return p.ended || p.claim != nil || p.complete() }

// ShownOut returns the suits (bit 1<<suit) each seat has failed to follow.
func (p *Play) ShownOut() [bridge.NumSeats]uint8 { return p.voids }

func (p *Play) complete() bool { return len(p.tricks) == 13 && p.tricks[12].Complete() }

func (p *Play) current() *bridge.Trick { return &p.tricks[len(p.tricks)-1] }

// Turn returns the seat to play next.
func (p *Play) Turn() bridge.Seat {
	t := p.current()
	return t.Player(t.N)
}

// Position returns the position for the solver: the cards still held, the
// trump, the leader of the current trick and the cards already on it.
func (p *Play) Position() ClaimPosition {
	t := p.current()
	pos := ClaimPosition{Hands: p.hands, Trump: p.contract.Strain, Leader: t.Leader, Declarer: p.declarer,
		Shown: p.voids}
	for i := 0; i < t.N; i++ {
		if t.Cards[i].Valid() { // not the gap of an omitted card (Law 67)
			pos.Trick = append(pos.Trick, t.Cards[i])
		}
	}
	return pos
}

func (p *Play) law(l97, l17 string) string { return p.ed.pick(l97, l17) }

func (p *Play) newRuling(law string, offender bridge.Seat, what string) *Ruling {
	r := &Ruling{Law: law, Offender: offender, Irregularity: what, Line: p.line,
		Options: []Option{}, Status: Settled, Rect: Rectification{Bars: []Bar{}, LeadRestrictions: []LeadRestriction{}}}
	p.rulings = append(p.rulings, r)
	return r
}

func (p *Play) defender(s bridge.Seat) bool { return s.Side() != p.declarer.Side() }

// PlayCard records that seat put card on the table as a play (for dummy's
// cards, the seat is dummy's). A play in turn is checked for following
// suit, penalty cards and restrictions; a play out of turn is ruled.
func (p *Play) PlayCard(seat bridge.Seat, c bridge.Card) error {
	seat &= 3
	if p.Ended() {
		return fmt.Errorf("laws: %w: %s plays %s", ErrPlayOver, seat, c)
	}
	if !p.hands[seat].Has(c) {
		return fmt.Errorf("laws: %w: %s plays %s", ErrNotHeldPlay, seat, c)
	}
	if d := p.pending; d != nil {
		if d.loot && seat.Side() == d.offender.Side() && !(seat == d.offender && c == d.card) {
			return p.offendersPlay(d, seat, c) // 60C
		}
		settled := false
		if d.byPlay != nil {
			var err error
			if settled, err = d.byPlay(seat); err != nil {
				return err
			}
		}
		if !settled && d.hasBound && seat == d.bound {
			return p.boundPlays(d, seat, c) // 60C: before declarer's 57A or 50D2 choice
		}
		if !settled && d.ruling.Law == "50D2" && (!p.defender(seat) || d.hasBound && seat == d.bound.Partner()) {
			return p.leadOverOption(d, seat, c) // 55 or 56, the 50D2 option suspended
		}
		if !settled && d.ruling.Law == "57A" && !p.defender(seat) {
			// declarer's side plays before declarer has chosen: a premature
			// play of its own (2017 57C3, 1997 45C2); the option stays open
			if err := p.playOutOfTurn(seat, c); err != nil {
				return err
			}
			d.ruling.note(fmt.Sprintf("%s played %s before declarer chose: the option stays open", seat, c))
			return nil
		}
		if !settled && d.loot && seat.Side() != d.offender.Side() {
			// the other non-offender (60A; 53B/53C; 54C)
			if err := p.otherNonOffender(d, seat, c); err != nil {
				return err
			}
			return p.runEarly()
		}
		if !settled {
			return fmt.Errorf("laws: %w (Law %s): %s plays %s", ErrPlayPending, d.ruling.Law, seat, c)
		}
	}
	t := p.current()
	turn := t.Player(t.N)
	if p.retracted55 && t.N == 0 && p.defender(seat) && !p.defender(turn) {
		return p.beforeDeclarersLead(seat, c) // 60B
	}
	if seat != turn {
		if t.N == 0 {
			return p.leadOutOfTurn(seat, c)
		}
		return p.playOutOfTurn(seat, c)
	}
	p.inTurn(seat, c)
	return p.runEarly()
}

// inTurn plays c for seat in turn: revokes and restrictions are recorded.
func (p *Play) inTurn(seat bridge.Seat, c bridge.Card) {
	t := p.current()
	h := p.hands[seat]
	if t.N > 0 {
		led := t.Led()
		if c.Suit() != led {
			if h.InSuit(led) != 0 {
				p.revoke(seat, c, fmt.Sprintf("%s did not follow %s, holding one", seat, led), "61A1")
			} else {
				p.voids[seat] |= 1 << led
			}
		}
	}
	p.hasEarly[seat] = false // a card put on the table early is played now, or replaced by this one
	p.retracted55 = false
	rs := p.restrict
	p.checkRestriction(seat, c, t.N == 0)
	p.checkPenalty(seat, c, t, rs)
	p.establish(seat)
	p.hands[seat] = h.Without(c)
	p.dropPenalty(seat, c)
	p.addToTrick(c)
}

// addToTrick puts c on the current trick; a trick so completed is won
// (Law 44) and the next one begins with its winner on lead.
func (p *Play) addToTrick(c bridge.Card) {
	t := p.current()
	t.Cards[t.N] = c
	t.N++
	if t.Complete() {
		w := t.Winner(p.contract.Strain)
		p.won[w.Side()]++
		if len(p.tricks) < 13 {
			p.tricks = append(p.tricks, bridge.Trick{Leader: w})
		}
	}
}

// runEarly plays cards put on the table early (57C3, 57D) when their turn comes.
func (p *Play) runEarly() error {
	for !p.Ended() && p.pending == nil {
		s := p.Turn()
		if !p.hasEarly[s] {
			return nil
		}
		c := p.early[s]
		p.hasEarly[s] = false
		if !p.hands[s].Has(c) {
			continue
		}
		p.inTurn(s, c)
	}
	return nil
}

// revoke records a revoke (Law 61A).
func (p *Play) revoke(seat bridge.Seat, c bridge.Card, what, law string) {
	r := p.newRuling(law, seat, "revoke: "+what)
	p.revokes = append(p.revokes, Revoke{Seat: seat, Trick: len(p.tricks), Card: c, Line: p.line})
	r.summary(fmt.Sprintf("%s is a revoke (61A): until it is established it must be corrected (Law 62); once established it stands (63B) and Law 64 may transfer tricks at the end of play", c))
}

// establish marks revokes established when a member of the offending side
// plays to a later trick (Law 63A1).
func (p *Play) establish(seat bridge.Seat) {
	for i := range p.revokes {
		r := &p.revokes[i]
		if !r.Established && r.Seat.Side() == seat.Side() && len(p.tricks) > r.Trick {
			r.Established = true
		}
	}
}

// checkRestriction checks a play or lead against a 57A or 50D2 restriction;
// a failure to comply when able is a revoke (2017 61A; 1997 61A).
func (p *Play) checkRestriction(seat bridge.Seat, c bridge.Card, lead bool) {
	rs := p.restrict
	if rs == nil || rs.seat != seat || rs.lead != lead {
		return
	}
	h := p.hands[seat]
	p.unable(seat, rs, h, lead)
	if !p.complies(rs, h, c, lead) {
		p.revoke(seat, c, fmt.Sprintf("%s played %s against the rectification (%s %s) of Law %s", seat, c, rs.kind, rs.suit, rs.law), "61A")
	}
	if !rs.lasting || !lead {
		p.restrict = nil
	}
}

// complies reports whether c, led or played from hand h, complies with the
// restriction rs (or the player cannot comply, Law 59).
func (p *Play) complies(rs *restriction, h bridge.Hand, c bridge.Card, lead bool) bool {
	ok := true
	switch rs.kind {
	case "highest", "lowest":
		led := p.current().Led()
		if f := h.InSuit(led); f != 0 {
			cs := f.Cards() // highest first
			want := cs[0]
			if rs.kind == "lowest" {
				want = cs[len(cs)-1]
			}
			ok = c == want
		}
	case "require":
		ok = c.Suit() == rs.suit || h.InSuit(rs.suit) == 0 || (!lead && h.InSuit(p.current().Led()) != 0)
	case "prohibit":
		ok = c.Suit() != rs.suit || h&^h.InSuit(rs.suit) == 0 || (!lead && h.InSuit(p.current().Led()) != 0 && c.Suit() == p.current().Led())
	}
	return ok
}

// checkPenalty checks the play of a defender with penalty cards (50C, 50D1)
// and warns of a failure to play one (Law 52).
// A card the restriction rs binding this turn forbids is no legal
// opportunity for a penalty card (50D1; 59 when none complies).
func (p *Play) checkPenalty(seat bridge.Seat, c bridge.Card, t *bridge.Trick, rs *restriction) {
	var major, minor []PenaltyCard
	for _, pc := range p.penalty {
		if pc.Seat == seat {
			if pc.Major {
				major = append(major, pc)
			} else {
				minor = append(minor, pc)
			}
		}
	}
	if len(major)+len(minor) == 0 {
		return
	}
	legal := p.hands[seat]
	if t.N > 0 {
		if f := legal.InSuit(t.Led()); f != 0 {
			legal = f
		}
	}
	if rs != nil && rs.seat == seat && rs.lead == (t.N == 0) {
		var ok bridge.Hand
		for _, x := range legal.Cards() {
			if p.complies(rs, p.hands[seat], x, t.N == 0) {
				ok = ok.With(x)
			}
		}
		if ok != 0 {
			legal = ok
		}
	}
	for _, pc := range major {
		if pc.Card == c {
			return
		}
	}
	for _, pc := range major {
		if legal.Has(pc.Card) {
			r := p.newRuling(p.law("52", "52"), seat, fmt.Sprintf("%s played %s instead of the major penalty card %s", seat, c, pc.Card))
			r.Options = []Option{{Name: "accept", Holder: p.declarer.String(), Effect: "the card played stands and the penalty card remains (52B1)"},
				{Name: "decline", Holder: p.declarer.String(), Effect: "the penalty card is played instead; the card played becomes a major penalty card (52B2)"}}
			r.summary(fmt.Sprintf("%s stands, accepted by declarer, as it must be once he has played from his own hand or dummy (52B1); %s remains a penalty card (52B1(c))", c, pc.Card))
			return
		}
	}
	for _, pc := range minor {
		if c != pc.Card && c.Suit() == pc.Card.Suit() && c.Rank() < bridge.Ten {
			r := p.newRuling("50C", seat, fmt.Sprintf("%s played %s before his minor penalty card %s", seat, c, pc.Card))
			r.summary(fmt.Sprintf("%s was played before the minor penalty card %s of the same suit, which 50C forbids: it stands, accepted by declarer (52B1), and %s remains a penalty card", c, pc.Card, pc.Card))
			return
		}
	}
}

func (p *Play) dropPenalty(seat bridge.Seat, c bridge.Card) {
	out := p.penalty[:0]
	for _, pc := range p.penalty {
		if pc.Seat != seat || pc.Card != c {
			out = append(out, pc)
		}
	}
	p.penalty = out
}

// addPenalty makes c a penalty card of seat and lists it in the ruling's
// rectification.
func (p *Play) addPenalty(r *Ruling, seat bridge.Seat, c bridge.Card, major bool, law string) {
	r.Rect.PenaltyCards = append(r.Rect.PenaltyCards, c)
	p.penalise(PenaltyCard{Seat: seat, Card: c, Major: major, Law: law})
}

// penalise puts a penalty card on the table (Law 50B: all of a defender's
// penalty cards are major once he has two or more).
func (p *Play) penalise(pc PenaltyCard) {
	seat := pc.Seat
	p.penalty = append(p.penalty, pc)
	n := 0
	for _, pc := range p.penalty {
		if pc.Seat == seat {
			n++
		}
	}
	if n >= 2 {
		for i := range p.penalty {
			if p.penalty[i].Seat == seat {
				p.penalty[i].Major = true
			}
		}
	}
}

// Expose records cards of seat exposed during the play other than by
// playing them (Laws 48–50).
func (p *Play) Expose(seat bridge.Seat, cards []bridge.Card) error {
	seat &= 3
	if p.Ended() {
		return fmt.Errorf("laws: %w: %s exposes cards", ErrPlayOver, seat)
	}
	if len(cards) == 0 {
		return fmt.Errorf("laws: %w: no card exposed", ErrBadEvent)
	}
	for _, c := range cards {
		if !p.hands[seat].Has(c) {
			return fmt.Errorf("laws: %w: %s exposes %s", ErrNotHeldPlay, seat, c)
		}
	}
	what := fmt.Sprintf("%s exposed %s", seat, cardList(cards))
	if !p.defender(seat) {
		r := p.newRuling("48A", seat, what)
		r.summary("the cards go back to the hand: cards declarer exposes are not penalty cards (48A)")
		return nil
	}
	law := "50B"
	r := p.newRuling(law, seat, what)
	for _, c := range cards {
		major := len(cards) > 1 || c.Rank() >= bridge.Ten
		p.addPenalty(r, seat, c, major, law)
	}
	r.summary(fmt.Sprintf("%s: penalty cards (Law 49; 50B); a major penalty card is played at the first legal opportunity (50D1), a minor one before any other card below honour rank of its suit (50C)", penaltyList(p.penalty, seat)))
	r.Rect.Information = append(r.Rect.Information, Information{What: what, Authorised: seat.Side().Opponents(),
		Unauthorised: seat.Side(), Law: p.law("50", "50E")})
	return nil
}

func penaltyList(ps []PenaltyCard, seat bridge.Seat) string {
	s := ""
	for _, pc := range ps {
		if pc.Seat == seat {
			if s != "" {
				s += ", "
			}
			s += pc.Card.String() + map[bool]string{true: " major", false: " minor"}[pc.Major]
		}
	}
	return s
}

func cardList(cs []bridge.Card) string {
	s := ""
	for i, c := range cs {
		if i > 0 {
			s += " "
		}
		s += c.String()
	}
	return s
}

// leadOutOfTurn rules a lead by a seat not on lead (Laws 53–56).
func (p *Play) leadOutOfTurn(seat bridge.Seat, c bridge.Card) error {
	t := p.current()
	right := t.Leader
	what := fmt.Sprintf("%s led %s when %s was on lead", seat, c, right)
	opening := len(p.tricks) == 1
	switch {
	case opening && !p.defender(seat):
		// Before the opening lead is faced the auction period goes on
		// (17E): a card declarer or dummy faces is exposed during the
		// auction (Law 24); as he is not a defender it goes back
		// (2017 24D; 1997 Law 24 with 50: only a defender's card can be a penalty card).
		r := p.newRuling("24", seat, what+" (the opening lead belongs to the defenders)")
		r.summary("the card goes back to the hand: it is not a penalty card, as its owner is not a defender; the correct defender leads")
		return nil
	case opening && seat == right.Partner():
		r := p.newRuling("54", seat, "opening lead out of turn: "+what)
		d := p.declarer.String()
		r.Options = []Option{
			{Name: "spread", Holder: d, Effect: "declarer accepts the lead and spreads his hand: his partner becomes declarer (54A)"},
			{Name: "accept", Holder: d, Effect: "the lead stands, dummy is spread, declarer plays second (54B)"},
			{Name: "decline", Holder: d, Effect: "the correct defender leads; the card led becomes a major penalty card (54D; 56; 50)"},
		}
		r.Status = NeedsOption
		r.waitingFor(fmt.Sprintf("declarer (%s) chooses whether to accept the opening lead out of turn, spreading his hand (54A) or not (54B), or to decline it (54D)", p.declarer))
		p.pending = &playDecision{ruling: r, holders: []bridge.Seat{p.declarer}, answers: []string{"spread", "accept", "decline"},
			resolve: func(_ bridge.Seat, ans string) error { return p.settleLOOT(r, seat, c, ans) },
			loot:    true, offender: seat, card: c}
		return nil
	}
	law, holders := "56", []bridge.Seat{p.declarer}
	if !p.defender(seat) {
		law = "55"
		holders = []bridge.Seat{p.declarer.LHO(), p.declarer.RHO()}
	}
	r := p.newRuling(law, seat, "lead out of turn: "+what)
	hs := holders[0].String()
	if len(holders) == 2 {
		hs = holders[0].String() + "/" + holders[1].String()
	}
	r.Options = []Option{{Name: "accept", Holder: hs, Effect: "the lead stands and the next player plays to it (53A)"}}
	if law == "55" {
		r.Options = append(r.Options, Option{Name: "decline", Holder: hs, Effect: "declarer retracts the card and leads from the correct hand; no penalty card (55B; 48A)"})
	} else {
		r.Options = append(r.Options, Option{Name: "decline", Holder: hs, Effect: "the correct player leads; the card becomes a major penalty card (56; 50)"})
	}
	r.Status = NeedsOption
	who := "declarer (" + hs + ")"
	if len(holders) == 2 {
		who = "either defender (" + hs + ")"
	}
	r.waitingFor(fmt.Sprintf("%s chooses whether to accept the lead out of turn (53A) or to decline it (%s)", who, law))
	p.pending = &playDecision{ruling: r, holders: holders, answers: []string{"accept", "decline"},
		loot: true, offender: seat, card: c,
		resolve: func(_ bridge.Seat, ans string) error { return p.settleLOOT(r, seat, c, ans) },
		byPlay: func(s bridge.Seat) (bool, error) {
			if s == seat.LHO() { // 53A: a play from the next hand accepts the lead
				r.note(fmt.Sprintf("%s played to it, which accepts it (53A)", s))
				if err := p.settleLOOT(r, seat, c, "accept"); err != nil {
					return true, err
				}
				p.forfeited(r, seat)
				return true, nil
			}
			return false, nil
		}}
	return nil
}

// settleLOOT applies the option chosen after a lead out of turn.
func (p *Play) settleLOOT(r *Ruling, seat bridge.Seat, c bridge.Card, ans string) error {
	p.pending = nil
	r.Chosen, r.Status = ans, Settled
	t := p.current()
	switch ans {
	case "spread":
		// 54A: declarer's partner becomes declarer; the lead stands.
		p.declarer = p.declarer.Partner()
		p.spread = true
		r.cite("54A")
		r.summary(fmt.Sprintf("%s becomes declarer and %s dummy; the lead stands", p.declarer, p.declarer.Partner()))
		t.Leader = seat
		p.inTurn(seat, c)
	case "accept":
		if r.Law == "54" {
			r.cite("54B")
		} else {
			r.cite("53A")
		}
		r.summary("the lead stands; play goes on from the next hand")
		t.Leader = seat
		p.inTurn(seat, c)
	case "decline":
		if p.defender(seat) {
			if r.Law == "54" {
				r.cite("54D")
			}
			p.addPenalty(r, seat, c, true, "56")
			r.summary(fmt.Sprintf("the lead is not accepted: %s leads, and %s's %s is a major penalty card (56; 50)", t.Leader, seat, c))
			if t.Leader == seat.Partner() {
				p.leadOptions(seat)
			}
		} else {
			r.cite("55B")
			r.summary("the card is retracted without penalty (48A); the lead is made from the correct hand")
			p.retracted55 = true
		}
	}
	return nil
}

// leadOptions opens declarer's 50D2 choice when the partner of a defender
// holding a major penalty card is to lead.
func (p *Play) leadOptions(offender bridge.Seat) {
	var suits uint8
	for _, pc := range p.penalty {
		if pc.Seat == offender && pc.Major {
			suits |= 1 << pc.Card.Suit()
		}
	}
	if suits == 0 {
		return
	}
	law := "50D2"
	r := p.newRuling(law, offender, fmt.Sprintf("%s is to lead while %s has a major penalty card", offender.Partner(), offender))
	d := p.declarer.String()
	r.Options = []Option{
		{Name: "requires SUIT", Holder: d, Effect: "he must lead that suit; the penalty cards of that suit are picked up (50D2(a))"},
		{Name: "prohibits SUIT", Holder: d, Effect: "he may not lead that suit while he keeps the lead; they are picked up (50D2(a))"},
		{Name: "decline", Holder: d, Effect: "any lead; the penalty card stays (50D2(b))"},
	}
	r.Status = NeedsOption
	r.waitingFor(fmt.Sprintf("declarer chooses whether to require or prohibit %s's lead of a suit of %s's major penalty cards, or neither (50D2)", offender.Partner(), offender))
	var dec *playDecision
	dec = &playDecision{ruling: r, holders: []bridge.Seat{p.declarer},
		answers: []string{"requires", "prohibits", "decline"}, bound: offender.Partner(), hasBound: true,
		resolve: func(_ bridge.Seat, ans string) error {
			p.pending = nil
			r.Chosen, r.Status = ans, Settled
			if ans == "decline" {
				r.summary(fmt.Sprintf("no lead restriction: %s may lead any card and the penalty cards remain (50D2(b))", offender.Partner()))
				p.settleHeld(dec, nil)
				return nil
			}
			kind, sw, _ := cutWord(ans)
			s, err := bridge.ParseSuit(sw)
			if err != nil || suits&(1<<s) == 0 {
				return fmt.Errorf("laws: %w: %q: declarer may name only a suit of a penalty card", ErrBadAnswer, ans)
			}
			r.Chosen = kind + " " + s.String() // the answer in players' notation: "requires ♦"
			kind = map[string]string{"requires": "require", "prohibits": "prohibit"}[kind]
			p.restrict = &restriction{seat: offender.Partner(), kind: kind, suit: s, lead: true, lasting: kind == "prohibit", law: law}
			out := p.penalty[:0]
			for _, pc := range p.penalty {
				if pc.Seat != offender || pc.Card.Suit() != s {
					out = append(out, pc)
				}
			}
			p.penalty = out
			verb := map[string]string{"require": "must lead", "prohibit": "may not lead"}[kind]
			r.summary(fmt.Sprintf("%s %s %s (50D2(a)); %s's penalty cards in %s are picked up", offender.Partner(), verb, s, offender, s))
			p.settleHeld(dec, p.restrict)
			return nil
		}}
	p.pending = dec
}

func cutWord(s string) (string, string, bool) {
	for i := 0; i < len(s); i++ {
		if s[i] == ' ' {
			return s[:i], s[i+1:], true
		}
	}
	return s, "", false
}

// playOutOfTurn rules a card played (not led) by a seat not in turn (Law 57).
func (p *Play) playOutOfTurn(seat bridge.Seat, c bridge.Card) error {
	t := p.current()
	turn := t.Player(t.N)
	what := fmt.Sprintf("%s played %s at %s's turn", seat, c, turn)
	if !p.defender(seat) {
		// 2017 57C3: declarer's premature play is a played card; it is
		// played at his turn. 1997 has no such clause: the card is
		// treated the same way as a played card (45C2).
		r := p.newRuling(p.law("45C2", "57C3"), seat, "premature play: "+what)
		r.summary(fmt.Sprintf("%s is a played card and may not be withdrawn: it is his play when his turn comes", c))
		p.early[seat], p.hasEarly[seat] = c, true
		return nil
	}
	partnerPlayed := false
	for i := 0; i < t.N; i++ {
		if t.Player(i) == seat.Partner() {
			partnerPlayed = true
		}
	}
	if !partnerPlayed {
		r := p.newRuling("57A", seat, "premature play: "+what+" before his partner")
		p.addPenalty(r, seat, c, true, "57A")
		r.Options = []Option{
			{Name: "requires-highest", Holder: p.declarer.String(), Effect: "partner plays his highest card of the suit led (57A1)"},
			{Name: "requires-lowest", Holder: p.declarer.String(), Effect: "partner plays his lowest card of the suit led (57A2)"},
			{Name: "requires SUIT", Holder: p.declarer.String(), Effect: "partner plays a card of another suit named (57A3)"},
			{Name: "prohibits SUIT", Holder: p.declarer.String(), Effect: "partner may not play a card of another suit named (57A4)"},
		}
		r.waitingFor(fmt.Sprintf("%s is a major penalty card (50); declarer chooses how %s plays to the trick (57A1–57A4)", c, seat.Partner()))
		r.Status = NeedsOption
		var d *playDecision
		d = &playDecision{ruling: r, holders: []bridge.Seat{p.declarer}, bound: seat.Partner(), hasBound: true,
			answers: []string{"requires-highest", "requires-lowest", "requires", "prohibits"},
			resolve: func(_ bridge.Seat, ans string) error {
				p.pending = nil
				r.Chosen, r.Status = ans, Settled
				rs := &restriction{seat: seat.Partner(), law: "57A"}
				switch ans {
				case "requires-highest":
					rs.kind = "highest"
				case "requires-lowest":
					rs.kind = "lowest"
				default:
					k, sw, _ := cutWord(ans)
					s, err := bridge.ParseSuit(sw)
					if err != nil || s == t.Led() {
						return fmt.Errorf("laws: %w: %q: declarer names a suit other than the suit led (57A3–4)", ErrBadAnswer, ans)
					}
					rs.kind, rs.suit = map[string]string{"requires": "require", "prohibits": "prohibit"}[k], s
					r.Chosen = k + " " + s.String()
				}
				p.restrict = rs
				r.summary(fmt.Sprintf("%s is a major penalty card (50); %s", c, premature57A(seat.Partner(), rs)))
				p.settleHeld(d, rs)
				return nil
			}}
		p.pending = d
		return nil
	}
	led := t.Led()
	legal := c.Suit() == led || p.hands[seat].InSuit(led) == 0
	if !p.is97() && legal {
		r := p.newRuling("57D", seat, "premature play: "+what)
		r.summary("the card can legally be played to the trick: it is played at his proper turn (57D); Law 16 may apply")
		p.early[seat], p.hasEarly[seat] = c, true
		return nil
	}
	r := p.newRuling(p.law("50", "57D"), seat, "premature play: "+what)
	p.addPenalty(r, seat, c, true, r.Law)
	r.summary(fmt.Sprintf("%s becomes a major penalty card (%s)", c, p.law("Law 50", "57D; 50")))
	return nil
}

// premature57A states declarer's choice under 57A for the offender's
// partner.
func premature57A(partner bridge.Seat, rs *restriction) string {
	switch rs.kind {
	case "highest":
		return fmt.Sprintf("%s must play his highest card of the suit led (57A1)", partner)
	case "lowest":
		return fmt.Sprintf("%s must play his lowest card of the suit led (57A2)", partner)
	case "require":
		return fmt.Sprintf("%s must play a %s (57A3)", partner, rs.suit)
	}
	return fmt.Sprintf("%s may not play a %s (57A4)", partner, rs.suit)
}

func (p *Play) is97() bool { return p.ed == Edition1997 }

// Choose applies the option of the player entitled to it.
func (p *Play) Choose(seat bridge.Seat, option string) error {
	d := p.pending
	if d == nil {
		return fmt.Errorf("laws: %w", ErrNoDecision)
	}
	entitled := false
	for _, h := range d.holders {
		entitled = entitled || h == seat
	}
	if !entitled {
		return fmt.Errorf("laws: %w: %s (Law %s)", ErrNotEntitled, seat, d.ruling.Law)
	}
	ans := normalise(option)
	if ans == "spreads" {
		ans = "spread"
	}
	word, _, _ := cutWord(ans)
	if word == "declines" && contains(d.answers, "decline") {
		ans, word = "decline", "decline"
	}
	if word == "accepts" {
		ans, word = "accept", "accept"
	}
	if !contains(d.answers, word) {
		return fmt.Errorf("laws: %w: %q (want %v)", ErrBadAnswer, option, d.answers)
	}
	if err := d.resolve(seat, ans); err != nil {
		// a refused answer leaves the option open, as it was
		p.pending, d.ruling.Chosen, d.ruling.Status = d, "", NeedsOption
		return err
	}
	return p.runEarly()
}

// PendingOption returns the option the play waits for, or nil.
func (p *Play) PendingOption() *Pending {
	d := p.pending
	if d == nil {
		return nil
	}
	// Two holders (either defender, Law 55) are named in the question.
	var holder *bridge.Seat
	if len(d.holders) == 1 {
		holder = &d.holders[0]
	}
	return &Pending{Kind: NeedsOption, Law: d.ruling.Law, Holder: holder, Question: d.ruling.Outcome, Answers: d.answers}
}

// End records the end of the play (all tricks played, or the claim
// settled) and computes the revoke adjustments (Law 64).
func (p *Play) End() error {
	p.ended = true
	p.revokeTransfers()
	return nil
}
