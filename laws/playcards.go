package laws

import (
	"fmt"
	"strings"

	"github.com/bridgetd/bridgetd/bridge"
)

// Laws 45–48 and 58: when a card counts as played, declarer's designation
// of dummy's cards, retraction of a played card, declarer's cards faced,
// and several cards played at once. The clause letters are the same in
// both codes unless stated.
//
//	45C1: a defender's card held so that his partner could see its face
//	      is played (Hold); if he had already played to the trick it is a
//	      card added to the trick (45E).
//	45C2: declarer's card held face up near the table, or so as to show
//	      it is played, is played (Hold).
//	45C3: a card of dummy's deliberately touched by declarer, other than
//	      to arrange them or to reach another card, is played (Touch).
//	45C4(a): a card named or designated is played (Name with a card).
//	45C4(b): an unintended designation of dummy's card may be changed:
//	      2017 until declarer next plays from either hand; 1997 at once,
//	      without pause for thought (the log's "changes-designation" is
//	      taken as that); an opponent's card played in turn after it goes
//	      back to his hand, to be played again (2017 47D with 16C1; 1997
//	      47E). Redesignate.
//	45D:  a card dummy put in the played position that declarer did not
//	      name is withdrawn if attention is drawn before each side has
//	      played to the next trick; the cards played after it go back
//	      (the defenders may change theirs, 16C). Misplaced.
//	45E:  a fifth card added to a trick: a defender's is a penalty card
//	      (Law 50; 45E1), declarer's goes back to his hand without
//	      rectification (45E2). A card the Director deems led (log word
//	      "led") is a lead to the next trick: in turn if its holder is on
//	      lead, else a lead out of turn (53, 55, 56). AddCard, AddLed.
//	45F:  dummy touching or indicating a card: dummy.go.
//	46A:  declarer should name suit and rank. 46B (Name): "high" is the
//	      highest card of the suit led (46B1(a)), "win" the lowest card
//	      known to win the trick (46B1(b): no unseen card could beat it
//	      from a defender still to play who has not shown out of its suit;
//	      dummy's lead too), "low" the lowest (46B1(c)); a
//	      suit alone its lowest card (46B2); a rank alone, when leading,
//	      continues the suit with which dummy won the last trick if it has
//	      that rank (46B3(a)), otherwise the card of that rank that may
//	      legally be played, declarer saying which if there are several
//	      (46B3(b)); a card not in dummy: the designation is void and
//	      declarer designates any legal card (46B4); no suit and no rank
//	      ("play anything"): either defender designates dummy's card
//	      (46B5).
//	47:   a played card may be taken back only as the law says: 47E1
//	      after an opponent told the player wrongly that it was his turn
//	      (no rectification; the lead may not be accepted); 47E2(a) after
//	      a mistaken explanation, before the correct one, if no card has
//	      been played after it; 47E2(b) too late: the Director may adjust;
//	      otherwise the card stays played (1997 47F, 2017 47F2). Retract.
//	48B1: declarer facing his cards after an opening lead out of turn is
//	      Law 54 (he spreads, 54A); 48B2: at any other time it is a claim
//	      (Law 68). Face.
//	58A:  a card played at the same moment as the legal play is deemed
//	      the later of the two (Log.Play, Table.PlaysTogether).
//	58B1: several cards played at once, one face seen: it is played, the
//	      others go back; 58B2: more faces seen: the player says which he
//	      plays, and a defender's other cards are penalty cards (Law 50).
//	      PlayTogether. 58B3: after the offender withdrew a card seen (his
//	      other cards of 58B2), an opponent who had played to the trick
//	      after him may take his card back and play another, without
//	      rectification; the card taken back is authorised information
//	      for his side only (16C). Substitute. 58B4: found only after
//	      both sides played to the next trick: Law 67 (Extra).

// DesignationKind is what declarer's words name of dummy's card (Law 46).
type DesignationKind string

// The designations of Law 46B.
const (
	DesignateCard DesignationKind = "card" // a complete designation, suit and rank (45C4(a), 46A)
	DesignateHigh DesignationKind = "high" // 46B1(a)
	DesignateWin  DesignationKind = "win"  // 46B1(b)
	DesignateLow  DesignationKind = "low"  // 46B1(c)
	DesignateSuit DesignationKind = "suit" // 46B2
	DesignateRank DesignationKind = "rank" // 46B3
	DesignateAny  DesignationKind = "any"  // 46B5: neither suit nor rank
)

// Designation is what declarer said when calling for a card from dummy.
type Designation struct {
	Kind DesignationKind
	Card bridge.Card // DesignateCard
	Suit bridge.Suit // DesignateSuit
	Rank bridge.Rank // DesignateRank
}

// String returns the designation as written in a table log: a card (SQ),
// a suit (S), a rank (Q), high, low, win or any.
func (d Designation) String() string {
	switch d.Kind {
	case DesignateCard:
		return d.Card.ASCII()
	case DesignateSuit:
		return string(d.Suit.Letter())
	case DesignateRank:
		return d.Rank.String()
	}
	return string(d.Kind)
}

// ParseDesignation reads what declarer said of dummy's card: a card, a
// suit, a rank, or high, low, win, any.
func ParseDesignation(s string) (Designation, error) {
	switch w := strings.ToLower(strings.TrimSpace(s)); w {
	case "high", "top":
		return Designation{Kind: DesignateHigh}, nil
	case "low", "small":
		return Designation{Kind: DesignateLow}, nil
	case "win", "cover":
		return Designation{Kind: DesignateWin}, nil
	case "any", "anything":
		return Designation{Kind: DesignateAny}, nil
	}
	if c, err := bridge.ParseCard(s); err == nil {
		return Designation{Kind: DesignateCard, Card: c}, nil
	}
	if su, err := bridge.ParseSuit(s); err == nil {
		return Designation{Kind: DesignateSuit, Suit: su}, nil
	}
	if r, err := bridge.ParseRank(s); err == nil {
		return Designation{Kind: DesignateRank, Rank: r}, nil
	}
	return Designation{}, fmt.Errorf("laws: %w: %q is not a designation of dummy's card (a card, suit, rank, high, low, win or any)", ErrBadEvent, s)
}

// legal returns the cards seat may play now: his hand, or his cards of the
// suit led when he has any (Law 44C).
func (p *Play) legal(seat bridge.Seat) bridge.Hand {
	h := p.hands[seat]
	if t := p.current(); t.N > 0 {
		if f := h.InSuit(t.Led()); f != 0 {
			return f
		}
	}
	return h
}

// played is a card taken back from the tricks.
type played struct {
	seat bridge.Seat
	card bridge.Card
}

// takeBack withdraws the cards of trick k from position pos on, and every
// card of the later tricks, into their holders' hands (a surplus card
// played, 13C, leaves the table instead and is not returned); a trick reopened
// loses its winner, and revokes made with a card taken back are dropped.
// It returns the cards in the order they had been played.
func (p *Play) takeBack(k, pos int) []played {
	var out []played
	for j := k; j < len(p.tricks); j++ {
		t := &p.tricks[j]
		from := 0
		if j == k {
			from = pos
		}
		if t.Complete() && from < t.N {
			p.won[t.Winner(p.contract.Strain).Side()]--
		}
		for i := from; i < t.N; i++ {
			s := t.Player(i)
			if !t.Cards[i].Valid() {
				p.dropDefect(s, j+1) // the gap of an omitted card (Law 67)
				continue
			}
			if p.dropSurplus(s, t.Cards[i], j+1) {
				continue // a card foreign to the deal leaves the table, not into a hand (13C)
			}
			p.hands[s] = p.hands[s].With(t.Cards[i])
			out = append(out, played{s, t.Cards[i]})
		}
		if j == k {
			t.N = min(t.N, pos)
		}
	}
	p.tricks = p.tricks[:k+1]
	keep := p.revokes[:0]
	for _, rv := range p.revokes {
		back := false
		for _, x := range out {
			back = back || (x.seat == rv.Seat && x.card == rv.Card && rv.Trick >= k+1)
		}
		if !back {
			keep = append(keep, rv)
		}
	}
	p.revokes = keep
	p.hasEarly = [bridge.NumSeats]bool{}
	return out
}

// find returns the trick index and position of seat's card c among the
// current and the previous trick, or -1.
func (p *Play) find(seat bridge.Seat, c bridge.Card) (int, int) {
	for k := len(p.tricks) - 1; k >= 0 && k >= len(p.tricks)-2; k-- {
		t := p.tricks[k]
		for i := 0; i < t.N; i++ {
			if t.Player(i) == seat && t.Cards[i] == c {
				return k, i
			}
		}
	}
	return -1, -1
}

func playedList(ps []played) string {
	var s []string
	for _, x := range ps {
		s = append(s, x.seat.String()+" "+x.card.String())
	}
	return strings.Join(s, ", ")
}

// Touch records that declarer deliberately touched card c of dummy's
// (45C3): it is played.
func (p *Play) Touch(seat bridge.Seat, c bridge.Card) error {
	seat &= 3
	if seat != p.declarer {
		return fmt.Errorf("laws: %w: only declarer touches dummy's cards to play them (45C3)", ErrBadEvent)
	}
	if err := p.open(); err != nil {
		return err
	}
	d := p.Dummy()
	if !p.hands[d].Has(c) {
		return fmt.Errorf("laws: %w: dummy %s has no %s", ErrNotHeldPlay, d, c)
	}
	r := p.newRuling("45C3", seat, fmt.Sprintf("declarer %s touched dummy's %s", seat, c))
	r.summary(fmt.Sprintf("a card of dummy's deliberately touched by declarer is played: %s is dummy's play (45C3)", c))
	return p.PlayCard(d, c)
}

// open refuses events once the play has stopped or while an option is open.
func (p *Play) open() error {
	if p.Ended() {
		return fmt.Errorf("laws: %w", ErrPlayOver)
	}
	if d := p.pending; d != nil {
		return fmt.Errorf("laws: %w (Law %s)", ErrPlayPending, d.ruling.Law)
	}
	return nil
}

// Hold records that seat held card c so that it counts as played: a
// defender's seen by his partner (45C1), declarer's held face up near the
// table (45C2).
func (p *Play) Hold(seat bridge.Seat, c bridge.Card) error {
	seat &= 3
	if seat == p.Dummy() {
		return fmt.Errorf("laws: %w: dummy's cards are played by declarer (45B)", ErrBadEvent)
	}
	if err := p.open(); err != nil {
		return err
	}
	if !p.hands[seat].Has(c) {
		return fmt.Errorf("laws: %w: %s holds %s", ErrNotHeldPlay, seat, c)
	}
	if p.defender(seat) {
		t := p.current()
		for i := 0; i < t.N; i++ {
			if t.Player(i) == seat {
				return p.AddCard(seat, c) // 45C1: he had already played to the trick: 45E
			}
		}
		r := p.newRuling("45C1", seat, fmt.Sprintf("%s held %s where his partner could see its face", seat, c))
		r.summary(fmt.Sprintf("%s is played (45C1)", c))
	} else {
		r := p.newRuling("45C2", seat, fmt.Sprintf("declarer %s held %s face up as if played", seat, c))
		r.summary(fmt.Sprintf("%s is played from declarer's hand (45C2)", c))
	}
	return p.PlayCard(seat, c)
}

// Name records declarer's call for a card from dummy (45B, 45C4(a)); an
// incomplete or invalid one is interpreted under Law 46B.
func (p *Play) Name(seat bridge.Seat, d Designation) error {
	seat &= 3
	if seat != p.declarer {
		return fmt.Errorf("laws: %w: only declarer calls for dummy's cards (45B)", ErrBadEvent)
	}
	if err := p.open(); err != nil {
		return err
	}
	dummy := p.Dummy()
	hand, legal := p.hands[dummy], p.legal(dummy)
	t := p.current()
	leading := t.N == 0
	what := fmt.Sprintf("declarer %s called %q from dummy", seat, d)
	void := func(law, why string) error {
		r := p.newRuling(law, seat, what)
		r.summary(why + ": the designation has no effect and declarer designates a legal card (" + law + ")")
		return nil
	}
	play := func(law string, c bridge.Card, why string) error {
		r := p.newRuling(law, seat, what)
		r.summary(fmt.Sprintf("declarer is deemed to have called %s, %s (%s)", c, why, law))
		return p.PlayCard(dummy, c)
	}
	switch d.Kind {
	case DesignateCard:
		if !hand.Has(d.Card) {
			return void("46B4", fmt.Sprintf("dummy has no %s", d.Card))
		}
		return p.PlayCard(dummy, d.Card) // 45B, 45C4(a): the card named is played
	case DesignateHigh, DesignateLow:
		if leading || hand.InSuit(t.Led()) == 0 {
			// no suit led, or none of it in dummy: the words name neither
			// a suit nor a rank of dummy's
			return p.anyCard(seat, what, "46B5")
		}
		cs := hand.InSuit(t.Led()).Cards()
		if d.Kind == DesignateHigh {
			return play("46B1(a)", cs[0], "the highest card of the suit led")
		}
		return play("46B1(c)", cs[len(cs)-1], "the lowest card of the suit led")
	case DesignateWin:
		if c, ok := p.knownWinner(dummy, legal); ok {
			return play("46B1(b)", c, "the lowest card known to win the trick")
		}
		return void("46B1(b)", "no card of dummy's is known to win the trick")
	case DesignateSuit:
		f := hand.InSuit(d.Suit)
		if f == 0 {
			return void("46B4", fmt.Sprintf("dummy has no %s", d.Suit))
		}
		cs := f.Cards()
		return play("46B2", cs[len(cs)-1], "the lowest card of the suit named")
	case DesignateRank:
		if leading && len(p.tricks) > 1 {
			prev := p.tricks[len(p.tricks)-2]
			if prev.Complete() && prev.Winner(p.contract.Strain) == dummy {
				var won bridge.Card
				for i := 0; i < prev.N; i++ {
					if prev.Player(i) == dummy {
						won = prev.Cards[i]
					}
				}
				if c := bridge.NewCard(won.Suit(), d.Rank); hand.Has(c) {
					return play("46B3(a)", c, "continuing the suit with which dummy won the last trick")
				}
			}
		}
		var cs []bridge.Card
		for _, c := range legal.Cards() {
			if c.Rank() == d.Rank {
				cs = append(cs, c)
			}
		}
		switch len(cs) {
		case 0:
			return void("46B3(b)", fmt.Sprintf("dummy has no %s it may legally play", d.Rank))
		case 1:
			return play("46B3(b)", cs[0], "the only card of that rank dummy may legally play")
		}
		r := p.newRuling("46B3(b)", seat, what)
		r.Status = NeedsOption
		r.Options = []Option{{Name: "designates CARD", Holder: seat.String(), Effect: "the card of that rank he meant is played"}}
		r.waitingFor(fmt.Sprintf("dummy may legally play %s: declarer says which he means (46B3(b))", cardList(cs)))
		p.pending = &playDecision{ruling: r, holders: []bridge.Seat{seat}, answers: []string{"designates"},
			resolve: func(_ bridge.Seat, ans string) error {
				c, err := designated(ans)
				if err != nil {
					return err
				}
				if c.Rank() != d.Rank || !legal.Has(c) {
					return fmt.Errorf("laws: %w: %s: declarer names one of %s (46B3(b))", ErrBadAnswer, c, cardList(cs))
				}
				p.pending = nil
				r.Chosen, r.Status = "designates "+c.String(), Settled
				r.summary(fmt.Sprintf("declarer names %s (46B3(b))", c))
				return p.PlayCard(dummy, c)
			}}
		return nil
	}
	return p.anyCard(seat, what, "46B5")
}

// designated reads the card of a "designates CARD" answer.
func designated(ans string) (bridge.Card, error) {
	_, w, _ := cutWord(ans)
	c, err := bridge.ParseCard(w)
	if err != nil {
		return 0, fmt.Errorf("laws: %w: %q: want designates and a card", ErrBadAnswer, ans)
	}
	return c, nil
}

// anyCard opens 46B5: either defender designates dummy's card.
func (p *Play) anyCard(seat bridge.Seat, what, law string) error {
	dummy := p.Dummy()
	legal := p.legal(dummy)
	r := p.newRuling(law, seat, what)
	hs := p.declarer.LHO().String() + "/" + p.declarer.RHO().String()
	r.Options = []Option{{Name: "designates CARD", Holder: hs, Effect: "that card of dummy's is played"}}
	r.Status = NeedsOption
	r.waitingFor(fmt.Sprintf("declarer named neither a suit nor a rank of dummy's: either defender (%s) designates the card dummy plays (%s)", hs, law))
	p.pending = &playDecision{ruling: r, holders: []bridge.Seat{p.declarer.LHO(), p.declarer.RHO()}, answers: []string{"designates"},
		resolve: func(by bridge.Seat, ans string) error {
			c, err := designated(ans)
			if err != nil {
				return err
			}
			if !legal.Has(c) {
				return fmt.Errorf("laws: %w: dummy cannot legally play %s", ErrBadAnswer, c)
			}
			p.pending = nil
			r.Chosen, r.Status = "designates "+c.String(), Settled
			r.summary(fmt.Sprintf("%s designates %s, which dummy plays (%s)", by, c, law))
			return p.PlayCard(dummy, c)
		}}
	return nil
}

// knownWinner returns dummy's lowest legal card that it is known will
// win the trick (46B1(b)): it beats the cards already on the trick, and no
// card declarer cannot see could beat it from a defender still to play.
// Declarer cannot tell which defender holds an unseen card, except that a
// defender who has shown out of a suit holds none of it; a defender could
// beat it with a higher card of the suit led, or with a trump. When dummy
// leads, the card led is known to win when no unseen card can beat it so.
func (p *Play) knownWinner(dummy bridge.Seat, legal bridge.Hand) (bridge.Card, bool) {
	t := p.current()
	trump := p.contract.Strain
	unseen := p.hands[p.declarer.LHO()] | p.hands[p.declarer.RHO()]
	var still []bridge.Seat // the defenders to play after dummy
	for i := t.N + 1; i < 4; i++ {
		if s := t.Player(i); p.defender(s) {
			still = append(still, s)
		}
	}
	beaten := func(c bridge.Card) bool {
		led := c.Suit()
		if t.N > 0 {
			led = t.Led()
		}
		for _, u := range unseen.Cards() {
			if !bridge.Beats(u, c, trump) || u.Suit() != led && !(trump.IsSuit() && u.Suit() == bridge.Suit(trump)) {
				continue
			}
			for _, d := range still {
				if p.voids[d]&(1<<u.Suit()) == 0 {
					return true // d may hold u
				}
			}
		}
		return false
	}
	cs := legal.Cards()
	for i := len(cs) - 1; i >= 0; i-- { // lowest first within a suit
		c := cs[i]
		ok := true
		for k := 0; k < t.N; k++ {
			if !bridge.Beats(c, t.Cards[k], trump) {
				ok = false
			}
		}
		if ok && !beaten(c) {
			return c, true
		}
	}
	return 0, false
}

// Redesignate records that declarer changes an unintended designation of
// dummy's card to c (45C4(b)).
func (p *Play) Redesignate(seat bridge.Seat, c bridge.Card) error {
	seat &= 3
	if seat != p.declarer {
		return fmt.Errorf("laws: %w: only declarer designates dummy's cards (45C4(b))", ErrBadEvent)
	}
	if err := p.open(); err != nil {
		return err
	}
	dummy := p.Dummy()
	// dummy's last card on the current or the previous trick
	k, pos := -1, -1
	for j := len(p.tricks) - 1; j >= 0 && j >= len(p.tricks)-2 && k < 0; j-- {
		t := p.tricks[j]
		for i := t.N - 1; i >= 0; i-- {
			if t.Player(i) == dummy {
				k, pos = j, i
				break
			}
		}
	}
	if k < 0 {
		return fmt.Errorf("laws: %w: dummy has played no card to change", ErrBadEvent)
	}
	old := p.tricks[k].Cards[pos]
	if !p.hands[dummy].With(old).Has(c) || c == old {
		return fmt.Errorf("laws: %w: dummy %s has no %s to designate instead", ErrNotHeldPlay, dummy, c)
	}
	r := p.newRuling("45C4(b)", seat, fmt.Sprintf("declarer %s changes his designation of dummy's %s to %s", seat, old, c))
	// too late once declarer's side has played again (2017: until he next
	// plays from either hand; 1997: only without pause for thought)
	var after []played
	for j := k; j < len(p.tricks); j++ {
		t := p.tricks[j]
		from := 0
		if j == k {
			from = pos + 1
		}
		for i := from; i < t.N; i++ {
			after = append(after, played{t.Player(i), t.Cards[i]})
		}
	}
	for _, x := range after {
		if !p.defender(x.seat) {
			r.cite("45C4(a)")
			r.summary(fmt.Sprintf("too late: declarer has played again since, so %s stays played (45C4(a))", old))
			return nil
		}
	}
	back := p.takeBack(k, pos)
	r.summary(fmt.Sprintf("%s goes back to dummy and %s is played instead (45C4(b); 47C)", old, c))
	if len(back) > 1 {
		r.note(fmt.Sprintf("the opponent's card played after it goes back to his hand to be played again (%s): %s",
			p.law("47E", "47D; 16C1"), playedList(back[1:])))
		for _, x := range back[1:] {
			r.inform(Information{What: fmt.Sprintf("%s's withdrawn %s", x.seat, x.card), Authorised: x.seat.Side().Opponents(),
				Unauthorised: x.seat.Side(), Law: "16C"})
		}
	}
	return p.PlayCard(dummy, c)
}

// Misplaced records that dummy put c in the played position though
// declarer had not named it (45D).
func (p *Play) Misplaced(seat bridge.Seat, c bridge.Card) error {
	seat &= 3
	if seat != p.Dummy() {
		return fmt.Errorf("laws: %w: 45D is about dummy's cards; %s is not dummy", ErrBadEvent, seat)
	}
	if err := p.open(); err != nil {
		return err
	}
	k, pos := p.find(seat, c)
	if k < 0 {
		return fmt.Errorf("laws: %w: dummy's %s is not on the current or the last trick", ErrBadEvent, c)
	}
	r := p.newRuling("45D", seat, fmt.Sprintf("dummy %s put %s in the played position without declarer naming it", seat, c))
	if p.bothPlayedAfter(k + 1) {
		r.summary(fmt.Sprintf("attention came after each side had played to the next trick: %s stays played (45D)", c))
		return nil
	}
	back := p.takeBack(k, pos)
	r.summary(fmt.Sprintf("%s goes back to dummy; declarer names dummy's card (45D)", c))
	if len(back) > 1 {
		r.note("the cards played after it go back to their hands to be played again; a defender may change his (45D; 16C): " + playedList(back[1:]))
		for _, x := range back[1:] {
			if p.defender(x.seat) {
				r.inform(Information{What: fmt.Sprintf("%s's withdrawn %s", x.seat, x.card), Authorised: x.seat.Side().Opponents(),
					Unauthorised: x.seat.Side(), Law: "16C"})
			}
		}
	}
	return nil
}

// AddCard records that seat added c to a trick to which he had already
// played: a fifth card (45E).
func (p *Play) AddCard(seat bridge.Seat, c bridge.Card) error {
	seat &= 3
	if err := p.canAdd(seat, c); err != nil {
		return err
	}
	what := fmt.Sprintf("%s added %s to a trick he had already played to", seat, c)
	return p.addCard(seat, c, what)
}

// canAdd checks that seat can add c to a trick: the play is open and he
// holds it.
func (p *Play) canAdd(seat bridge.Seat, c bridge.Card) error {
	if err := p.open(); err != nil {
		return err
	}
	if !p.hands[seat].Has(c) {
		return fmt.Errorf("laws: %w: %s adds %s", ErrNotHeldPlay, seat, c)
	}
	return nil
}

// AddLed records that seat added card c to a trick he had already played
// to and the Director deems that it was led (45E1, 45E2): it is a lead to
// the next trick, in turn if seat is on lead, else a lead out of turn
// ruled under Law 53 and 56 (a defender) or 55 (declarer's side); a
// trick still in progress cannot take a lead.
func (p *Play) AddLed(seat bridge.Seat, c bridge.Card) error {
	seat &= 3
	if err := p.canAdd(seat, c); err != nil {
		return err
	}
	t := p.current()
	if t.N > 0 || len(p.tricks) < 2 {
		return fmt.Errorf("laws: %w: %s can be deemed led only once the trick it was added to is complete (45E)", ErrBadEvent, c)
	}
	law := "45E1"
	if !p.defender(seat) {
		law = "45E2"
	}
	r := p.newRuling(law, seat, fmt.Sprintf("%s added %s to trick %d, which he had already played to", seat, c, len(p.tricks)-1))
	if seat == t.Leader {
		r.summary(fmt.Sprintf("the Director deems %s led: %s is on lead, and it is his lead to trick %d (%s)", c, seat, len(p.tricks), law))
		p.inTurn(seat, c)
		return p.runEarly()
	}
	next := map[bool]string{true: "56", false: "55"}[p.defender(seat)]
	r.summary(fmt.Sprintf("the Director deems %s led: a lead out of turn to trick %d, ruled under Laws 53 and %s (%s)", c, len(p.tricks), next, law))
	return p.leadOutOfTurn(seat, c)
}

// addCard rules a fifth card that is not deemed led (45E1, 45E2).
func (p *Play) addCard(seat bridge.Seat, c bridge.Card, what string) error {
	if !p.defender(seat) {
		r := p.newRuling("45E2", seat, what)
		r.summary(fmt.Sprintf("%s goes back to the hand without rectification (45E2)", c))
		return nil
	}
	r := p.newRuling("45E1", seat, what)
	p.addPenalty(r, seat, c, c.Rank() >= bridge.Ten, "45E1")
	r.summary(fmt.Sprintf("%s is a penalty card (45E1; Law 50): %s", c, penaltyList(p.penalty, seat)))
	r.inform(Information{What: what, Authorised: seat.Side().Opponents(), Unauthorised: seat.Side(), Law: p.law("50", "50E")})
	return nil
}

// Retract records that seat takes back his played card c, giving why:
// "turn" (an opponent told him wrongly it was his turn, 47E1),
// "explanation" (an opponent's mistaken explanation, 47E2) or nothing
// (47F).
func (p *Play) Retract(seat bridge.Seat, c bridge.Card, why string) error {
	seat &= 3
	if p.Ended() {
		return fmt.Errorf("laws: %w", ErrPlayOver)
	}
	what := fmt.Sprintf("%s wants to take back %s", seat, c)
	// a lead out of turn still waiting for the option
	if d := p.pending; d != nil && d.card == c && d.offender == seat && d.loot {
		if why != "turn" {
			law := p.law("47F", "47F2")
			r := p.newRuling(law, seat, what)
			r.summary(fmt.Sprintf("a card once played may not be taken back: the lead out of turn of %s stays to be ruled (%s)", c, law))
			return nil
		}
		p.pending = nil
		d.ruling.Chosen, d.ruling.Status = "retracted", Settled
		d.ruling.note("the card was retracted under 47E1")
		r := p.newRuling("47E1", seat, what+": an opponent told him it was his turn")
		r.summary(fmt.Sprintf("%s goes back to the hand without rectification and may not be accepted (47E1); the correct player leads", c))
		r.inform(Information{What: fmt.Sprintf("%s's retracted %s", seat, c), Authorised: seat.Side().Opponents(), Unauthorised: seat.Side(), Law: "16C"})
		return nil
	}
	if d := p.pending; d != nil {
		return fmt.Errorf("laws: %w (Law %s)", ErrPlayPending, d.ruling.Law)
	}
	k, pos := p.find(seat, c)
	if k < 0 {
		return fmt.Errorf("laws: %w: %s's %s is not on the current or the last trick", ErrBadEvent, seat, c)
	}
	last := k == len(p.tricks)-1 && pos == p.tricks[k].N-1 || k == len(p.tricks)-2 && pos == 3 && p.current().N == 0
	switch why {
	case "turn":
		if k == len(p.tricks)-1 && pos == 0 {
			p.takeBack(k, 0)
			r := p.newRuling("47E1", seat, what+": an opponent told him it was his turn")
			r.summary(fmt.Sprintf("%s goes back to the hand without rectification; its acceptance does not stand and the revoke rules of 63A1 do not apply (47E1)", c))
			r.inform(Information{What: fmt.Sprintf("%s's retracted %s", seat, c), Authorised: seat.Side().Opponents(), Unauthorised: seat.Side(), Law: "16C"})
			return nil
		}
	case "explanation":
		if last {
			p.takeBack(k, pos)
			r := p.newRuling("47E2(a)", seat, what+" after a mistaken explanation by an opponent")
			r.summary(fmt.Sprintf("no card has been played after it: %s goes back to the hand without rectification (47E2(a))", c))
			r.inform(Information{What: fmt.Sprintf("%s's retracted %s", seat, c), Authorised: seat.Side().Opponents(), Unauthorised: seat.Side(), Law: "16C"})
			return nil
		}
		r := p.newRuling("47E2(b)", seat, what+" after a mistaken explanation by an opponent")
		p.check(r, "47E2(b)")
		r.summary(fmt.Sprintf("a card has been played after it: too late to take it back, %s stays played; the Director may award an adjusted score (47E2(b))", c))
		return nil
	}
	law := p.law("47F", "47F2")
	r := p.newRuling(law, seat, what)
	r.summary(fmt.Sprintf("a card once played may not be taken back: %s stays played (%s)", c, law))
	return nil
}

// Face records that declarer faced his cards during the play (48B).
func (p *Play) Face(seat bridge.Seat) error {
	seat &= 3
	if seat != p.declarer {
		return fmt.Errorf("laws: %w: Law 48B is about declarer's cards; %s is not declarer", ErrBadEvent, seat)
	}
	if d := p.pending; d != nil && d.ruling.Law == "54" {
		d.ruling.note("declarer faced his cards after the opening lead out of turn (48B1)")
		return p.Choose(seat, "spread")
	}
	if err := p.open(); err != nil {
		return err
	}
	r := p.newRuling("48B2", seat, fmt.Sprintf("declarer %s faced his cards during the play", seat))
	r.summary("declarer is deemed to claim the remaining tricks (48B2; Law 68); the opponents agree or object")
	pos, _, _ := p.claimPosition(seat)
	return p.ClaimTricks(seat, pos.Remaining(), Statement{})
}

// PlayTogether records that seat put several cards on the table at once,
// the first being the one played: others' faces seen (58B2) or not
// (58B1).
func (p *Play) PlayTogether(seat bridge.Seat, c bridge.Card, others []bridge.Card, seen bool) error {
	seat &= 3
	if err := p.open(); err != nil {
		return err
	}
	for _, x := range append([]bridge.Card{c}, others...) {
		if !p.hands[seat].Has(x) {
			return fmt.Errorf("laws: %w: %s plays %s", ErrNotHeldPlay, seat, x)
		}
	}
	what := fmt.Sprintf("%s played %s together with %s", seat, c, cardList(others))
	if !seen {
		r := p.newRuling("58B1", seat, what+" (their faces not seen)")
		r.summary(fmt.Sprintf("only %s was seen: it is played and %s go back without rectification (58B1)", c, cardList(others)))
		return p.PlayCard(seat, c)
	}
	r := p.newRuling("58B2", seat, what)
	if err := p.PlayCard(seat, c); err != nil {
		return err
	}
	if k, pos := p.find(seat, c); k >= 0 {
		p.simul = &simultaneous{seat: seat, trick: k, pos: pos}
	}
	if !p.defender(seat) {
		r.summary(fmt.Sprintf("%s plays %s, the card he names; %s go back to the hand (58B2; 48A)", seat, c, cardList(others)))
		return nil
	}
	for _, x := range others {
		p.addPenalty(r, seat, x, len(others) > 1 || x.Rank() >= bridge.Ten, "58B2")
	}
	r.summary(fmt.Sprintf("%s plays %s, the card he names; the other cards seen are penalty cards (58B2; Law 50): %s", seat, c, penaltyList(p.penalty, seat)))
	r.inform(Information{What: what, Authorised: seat.Side().Opponents(), Unauthorised: seat.Side(), Law: p.law("50", "50E")})
	return nil
}

// PlaysTogether applies two plays made at the same moment (Law 58A): the
// one by the player in turn is taken first and the other is deemed to
// follow it, and is ruled as such.
func (t *Table) PlaysTogether(a, b Event) error {
	turn := bridge.Seat(0)
	if t.play != nil {
		turn = t.play.Turn()
	} else if c, decl, ok := t.contract(); ok && c.Level > 0 {
		turn = decl.LHO()
	}
	first, second := a, b
	if b.Seat == turn && a.Seat != turn {
		first, second = b, a
	}
	first.Word, second.Word = "", ""
	t.SetLine(first.Line)
	if err := t.Apply(first); err != nil {
		return &LineError{Line: first.Line, Text: first.String(), Err: err}
	}
	t.SetLine(second.Line)
	if p := t.play; p != nil {
		r := p.newRuling("58A", second.Seat, fmt.Sprintf("%s played %s at the same moment as %s's %s", second.Seat, second.Cards[0], first.Seat, first.Cards[0]))
		r.summary(fmt.Sprintf("%s's play is deemed to follow %s's (58A)", second.Seat, first.Seat))
	}
	if err := t.Apply(second); err != nil {
		return &LineError{Line: second.Line, Text: second.String(), Err: err}
	}
	return nil
}

// simultaneous is the last 58B2 play: who played several cards, and the
// trick (0-based) and position of the card he played.
type simultaneous struct {
	seat       bridge.Seat
	trick, pos int
}

// Substitute records that seat, who had played to a trick after an
// opponent's simultaneous cards (58B2), takes his card back and plays c
// instead (58B3). It is too late once a card has been played to the next
// trick (58B4: Law 67).
func (p *Play) Substitute(seat bridge.Seat, c bridge.Card) error {
	seat &= 3
	if err := p.open(); err != nil {
		return err
	}
	sm := p.simul
	if sm == nil || sm.seat.Side() == seat.Side() {
		return fmt.Errorf("laws: %w: %s may change his card only after an opponent played several cards at once (58B3)", ErrBadEvent, seat)
	}
	k := sm.trick
	if k < len(p.tricks)-1 && p.tricks[k+1].N > 0 || k < len(p.tricks)-2 {
		return fmt.Errorf("laws: %w: the next trick has begun: too late to change a card under 58B3 (58B4: Law 67)", ErrBadEvent)
	}
	t := &p.tricks[k]
	pos := -1
	for i := sm.pos + 1; i < t.N; i++ {
		if t.Player(i) == seat {
			pos = i
		}
	}
	if pos < 0 {
		return fmt.Errorf("laws: %w: %s has not played to trick %d after %s (58B3)", ErrBadEvent, seat, k+1, sm.seat)
	}
	old := t.Cards[pos]
	if !p.hands[seat].Has(c) {
		return fmt.Errorf("laws: %w: %s substitutes %s", ErrNotHeldPlay, seat, c)
	}
	what := fmt.Sprintf("%s took back %s, played after %s's simultaneous cards, and played %s", seat, old, sm.seat, c)
	r := p.newRuling("58B3", seat, what)
	complete := t.Complete()
	if complete {
		p.won[t.Winner(p.contract.Strain).Side()]--
	}
	keep := p.revokes[:0]
	for _, rv := range p.revokes {
		if rv.Seat != seat || rv.Trick != k+1 || rv.Card != old {
			keep = append(keep, rv)
		}
	}
	p.revokes = keep
	hand := p.hands[seat]
	if !p.dropSurplus(seat, old, k+1) { // a surplus card leaves the table (13C)
		hand = hand.With(old)
	}
	if pos > 0 && c.Suit() != t.Led() && hand.InSuit(t.Led()) != 0 {
		p.revoke(seat, c, fmt.Sprintf("%s did not follow %s, holding one", seat, t.Led()), "61A1")
	}
	if c.Suit() != t.Led() && hand.InSuit(t.Led()) == 0 {
		p.voids[seat] |= 1 << t.Led()
	}
	p.hands[seat] = hand.Without(c)
	t.Cards[pos] = c
	if complete {
		w := t.Winner(p.contract.Strain)
		p.won[w.Side()]++
		if k+1 < len(p.tricks) {
			p.tricks[k+1].Leader = w
		}
	}
	p.simul = nil
	r.summary(fmt.Sprintf("%s goes back to %s's hand and %s is his play, without rectification (58B3)", old, seat, c))
	r.inform(Information{What: fmt.Sprintf("%s's withdrawn %s", seat, old), Authorised: seat.Side(), Unauthorised: seat.Side().Opponents(), Law: "16C"})
	return nil
}
