package laws

import (
	"fmt"

	"github.com/bridgetd/bridgetd/bridge"
)

// Law 17: duration of the auction.
//
//   17A–C: the auction period starts when a player looks at his cards; the
//        dealer calls first, then each player in rotation (Table.turn).
//   17E (1997): the auction ends after four passes, or three passes in
//        rotation after any call; the auction period ends when the opening
//        lead is faced (Table.Lead). 2017 calls the time between the end of
//        the auction and the faced lead the Clarification Period.
//   1997 17D: cards from a wrong board: the call is cancelled; if LHO had
//        called over it, artificial adjusted scores if the offender's
//        substituted call differs in any significant way.
//   2017 moved this to Law 15A: the call and any later call are cancelled;
//        15A1(a): if the offender's partner has called since, adjusted
//        score; 15A1(b): otherwise the offender calls again and the auction
//        continues; 15A1(c): Law 16C applies.

// WrongBoard records that seat's last call was made holding cards from a
// wrong board.
func (t *Table) WrongBoard(seat bridge.Seat) error {
	pos := -1
	for k := len(t.st.legal) - 1; k >= 0; k-- {
		if t.legalEntry(k).Seat == seat && !t.legalEntry(k).Deemed {
			pos = k
			break
		}
	}
	if pos < 0 {
		return fmt.Errorf("laws: %w: %s has made no call to cancel (Law %s)", ErrBadEvent, seat, t.law("17D", "15A"))
	}
	w := t.legalEntry(pos)
	partnerCalled, lhoCalled := false, false
	for k := pos + 1; k < len(t.st.legal); k++ {
		switch t.legalEntry(k).Seat {
		case seat.Partner():
			partnerCalled = true
		case seat.LHO():
			lhoCalled = true
		}
	}
	r := t.newRuling(t.law("17D", "15A1"), seat, fmt.Sprintf("%s made with cards from a wrong board", w))
	t.rollBack(pos, r.Law, r)
	t.withdrawnInfo(r, seat, w.String())
	switch {
	case !t.is97() && partnerCalled:
		r.cite("15A1(a)")
		r.Rect.AdjustedScore = "adjusted score (Law 15A1(a)): the offender's partner had called over the cancelled call"
		r.summary("the call and later calls are cancelled; the Director awards an adjusted score")
	case !t.is97():
		r.cite("15A1(b)")
		r.summary("the call and later calls are cancelled; the offender calls again with his own cards; Law 16C applies (15A1(c))")
	case lhoCalled:
		r.waitingFor("the call is cancelled; as LHO had called over it, artificial adjusted scores are due if the substituted call differs in any significant way")
		t.wait(&decision{kind: NeedsCall, ruling: r, holder: seat, question: seat.String() + " calls again (Law 17D)",
			onCall: func(ev CallEvent) error {
				t.pending = nil
				if ev.Call == w.Call && ev.AboveSeven == "" {
					r.summary("the call is cancelled; the offender's substituted call is the same: no adjustment")
					t.settle(r)
					return t.call(ev)
				}
				if err := t.call(ev); err != nil {
					return err
				}
				if t.pending != nil {
					return nil
				}
				t.wait(&decision{kind: NeedsFinding, ruling: r, answers: []string{"differs", "same"},
					question: "does the substituted call differ in any significant way from the cancelled one (Law 17D)?",
					resolve: func(a string) error {
						if a == "differs" {
							r.Rect.AdjustedScore = "artificial adjusted scores (Law 17D, 12C1)"
							r.summary("the call is cancelled; LHO had called over it and the substituted call differs: artificial adjusted scores (Law 17D, 12C1)")
						} else {
							r.summary("the call is cancelled; the substituted call does not differ in any significant way: no adjustment")
						}
						t.settle(r)
						return nil
					}})
				return nil
			}})
		return nil
	default:
		r.summary("the call is cancelled; the offender calls again with his own cards")
	}
	return nil
}

// Lead records that the opening lead was faced: the auction period is over
// (Law 17E). A pass out of rotation that seemed to end the auction is ruled
// under Law 34 first.
func (t *Table) Lead() error {
	if d := t.pending; d != nil && d.kind == NeedsOption && t.retentionPending(d) {
		return nil
	}
	if d := t.pending; d != nil && d.kind == needsAttention {
		t.pending = nil
		if err := d.rectify(); err != nil {
			return err
		}
	}
	if !t.ended() {
		return fmt.Errorf("laws: %w: the opening lead is faced only after the auction has ended", ErrBadEvent)
	}
	t.leadFaced = true
	return nil
}

// OpeningLead records the opening lead of card by seat: the auction period
// ends (Law 17E) and the lead is checked against the lead restrictions
// carried from the auction (CheckLead). A lead by the wrong defender is a
// play irregularity (Laws 53–56) that this engine does not rule.
func (t *Table) OpeningLead(seat bridge.Seat, card bridge.Card) error {
	if err := t.Lead(); err != nil {
		return err
	}
	c, decl, _ := t.contract()
	if c.Level == 0 {
		return fmt.Errorf("laws: %w: the board was passed out: there is no lead", ErrBadEvent)
	}
	if seat != decl.LHO() {
		return fmt.Errorf("laws: %w: the opening lead is %s's; a lead by %s is ruled under the play laws (53–56)", ErrBadEvent, decl.LHO(), seat)
	}
	return t.CheckLead(card)
}

// contract returns the final contract and declarer once the auction has
// ended (Law 22): the last bid, doubled or redoubled, played by the first
// player of the declaring side to name its denomination.
func (t *Table) contract() (bridge.Contract, bridge.Seat, bool) {
	if !t.ended() {
		return bridge.Contract{}, 0, false
	}
	pos := -1
	for k := len(t.st.legal) - 1; k >= 0; k-- {
		if t.legalEntry(k).Call.IsBid() {
			pos = k
			break
		}
	}
	if pos < 0 {
		return bridge.Contract{}, 0, true
	}
	lb := t.legalEntry(pos)
	c := bridge.Contract{Level: uint8(lb.Call.Level()), Strain: lb.Call.Strain()}
	for k := pos + 1; k < len(t.st.legal); k++ {
		switch t.legalEntry(k).Call {
		case bridge.Double:
			c.Risk = bridge.Doubled
		case bridge.Redouble:
			c.Risk = bridge.Redoubled
		}
	}
	for k := 0; k <= pos; k++ {
		e := t.legalEntry(k)
		if e.Call.IsBid() && e.Call.Strain() == c.Strain && e.Seat.Side() == lb.Seat.Side() {
			return c, e.Seat, true
		}
	}
	return c, lb.Seat, true
}

func (t *Table) dummy() (bridge.Seat, bool) {
	c, d, ok := t.contract()
	if !ok || c.Level == 0 {
		return 0, false
	}
	return d.Partner(), true
}

// auctionEnded is called when the auction ends.
func (t *Table) auctionEnded() {}
