package laws

import (
	"errors"
	"fmt"
	"strings"

	"github.com/bridgetd/bridgetd/bridge"
)

// Law 26: lead restrictions after a withdrawn call, if the offender's
// partner becomes a defender.
//
//   1997 26A: the withdrawn call related to specified suit(s):
//     26A1: every such suit was specified by the offender in the legal
//           auction: no lead penalty (Law 16C may apply);
//     26A2: otherwise declarer may require the offender's partner to lead
//           one such suit at his first turn to lead, or prohibit it for as
//           long as he retains the lead.
//   1997 26B: any other withdrawn call: declarer may prohibit any one suit
//           at the first turn to lead, for as long as he retains the lead.
//   2017 26A: the offender replaced it with a comparable call: no lead
//           restriction.
//   2017 26B: otherwise declarer may prohibit any one suit not specified by
//           the offender in the legal auction, for as long as the partner
//           retains the lead. The "require" option is gone.
//
// The restriction is registered when the call is withdrawn and resolved
// once the auction ends and the declarer is known.

// leadPenalty registers a possible lead restriction on offender's partner.
func (t *Table) leadPenalty(r *Ruling, offender bridge.Seat, withdrawn int) {
	if t.waived[r] {
		return // Law 11A: rectification forfeited
	}
	law := t.law("26", "26B")
	t.st.leads = append(t.st.leads, leadPenalty{offender: offender, withdrawn: withdrawn, law: law, ruling: r})
	for _, lr := range r.Rect.LeadRestrictions {
		if lr.Player == offender.Partner() && lr.Status == LeadPending {
			return // stated once until the auction ends (Result then lists each resolved one)
		}
	}
	r.Rect.LeadRestrictions = append(r.Rect.LeadRestrictions, LeadRestriction{
		Player: offender.Partner(), Law: law, Status: LeadPending, Choices: []LeadKind{}, Suits: []bridge.Suit{},
		Reason: "decided when the auction ends, if " + offender.Partner().String() + " becomes a defender",
	})
}

// specified returns the suits a call specifies by its stated meaning: an
// artificial call the suits it shows, a natural bid its suit. A bid above
// seven specifies the suit it names like any other bid (1997 Law 26A: the
// withdrawn call "related solely to a specified suit"; Law 38 says nothing
// to the contrary), so that 8♠ is ruled under 26A, as 2♠ is.
func specified(e Entry) uint8 {
	if e.Meaning.Artificial {
		return e.Meaning.Shows
	}
	if e.Text != "" {
		if st, ok := aboveSevenStrain(e.Text); ok {
			if s, ok := st.Suit(); ok {
				return 1 << s
			}
		}
		return 0
	}
	if !e.Call.IsBid() {
		return 0
	}
	if s, ok := e.Call.Strain().Suit(); ok {
		return 1 << s
	}
	return 0
}

// aboveSevenStrain returns the strain named by a bid of more than seven as
// written ("8S", "10♥", "9NT").
func aboveSevenStrain(text string) (bridge.Strain, bool) {
	i := 0
	for i < len(text) && text[i] >= '0' && text[i] <= '9' {
		i++
	}
	if i == 0 {
		return 0, false
	}
	st, err := bridge.ParseStrain(text[i:])
	return st, err == nil
}

// specifiedBy returns the suits seat specified in the legal auction.
func (t *Table) specifiedBy(seat bridge.Seat) uint8 {
	var m uint8
	for i := range t.st.legal {
		if e := t.legalEntry(i); e.Seat == seat {
			m |= specified(e)
		}
	}
	return m
}

// resolveLead works out one lead restriction once the auction has ended.
func (t *Table) resolveLead(lp leadPenalty) LeadRestriction {
	p := lp.offender.Partner()
	lr := LeadRestriction{Player: p, Law: lp.law, Choices: []LeadKind{}, Suits: []bridge.Suit{}}
	c, decl, ok := t.contract()
	if !ok {
		lr.Status = LeadPending
		lr.Reason = "decided when the auction ends, if " + p.String() + " becomes a defender"
		return lr
	}
	if c.Level == 0 {
		lr.Status, lr.Reason = LeadVoid, "the board was passed out"
		return lr
	}
	if decl.Side() == lp.offender.Side() {
		lr.Status, lr.Reason = LeadVoid, "the offending side declares"
		return lr
	}
	legal := t.specifiedBy(lp.offender)
	lr.Status = LeadOpen
	lr.Reason = "a prohibition lasts for as long as " + p.String() + " retains the lead"
	if t.is97() {
		if lp.withdrawn >= 0 {
			if s := specified(t.entries[lp.withdrawn]); s != 0 {
				rest := s &^ legal
				if rest == 0 {
					lr.Law, lr.Status = "26A1", LeadVoid
					lr.Reason = "every suit the withdrawn call specified was specified by the offender in the legal auction (Law 16C may apply)"
					return lr
				}
				lr.Law = "26A2"
				lr.Choices = []LeadKind{Require, Prohibit}
				lr.Suits = suitList(rest)
				lr.Reason = "a requirement holds at " + p.String() + "'s first turn to lead; a prohibition lasts for as long as he retains the lead"
				return lr
			}
		}
		lr.Law = "26B"
		lr.Choices = []LeadKind{Prohibit}
		lr.Suits = suitList(0xf)
		return lr
	}
	rest := uint8(0xf) &^ legal
	if rest == 0 {
		lr.Status, lr.Reason = LeadVoid, "the offender specified every suit in the legal auction"
		return lr
	}
	lr.Law = "26B"
	lr.Choices = []LeadKind{Prohibit}
	lr.Suits = suitList(rest)
	return lr
}

// chooseLead takes declarer's choice: "prohibits H" or "requires S".
func (t *Table) chooseLead(seat bridge.Seat, option string) bool {
	f := strings.Fields(strings.ToLower(option))
	if len(f) != 2 {
		return false
	}
	kind := LeadKind(strings.TrimSuffix(f[0], "s"))
	if kind != Require && kind != Prohibit {
		return false
	}
	su, err := bridge.ParseSuit(f[1])
	if err != nil {
		return false
	}
	_, decl, ok := t.contract()
	if !ok || decl != seat {
		return false
	}
	for k, lp := range t.st.leads {
		if t.leadChoice[k].kind != "" {
			continue
		}
		if !t.resolveLead(lp).Allows(kind, su) {
			continue
		}
		t.leadChoice[k] = leadChoice{kind: kind, suit: su}
		return true
	}
	return false
}

// LeadRestrictions returns the Law 26 lead restrictions once the auction
// has ended, in the order they arose: open ones wait for declarer's
// choice; chosen ones say which suit is required or prohibited, for whom,
// for how long and from which lead.
func (t *Table) LeadRestrictions() []LeadRestriction {
	c, decl, ok := t.contract()
	if !ok {
		return nil
	}
	out := []LeadRestriction{}
	for k, lp := range t.st.leads {
		lr := t.resolveLead(lp)
		if ch := t.leadChoice[k]; ch.kind != "" {
			lr.Status = LeadChosen
			lr.Chosen = &LeadChoice{Kind: ch.kind, Suit: ch.suit, Duration: ch.kind.Duration(), Applies: FirstTurnToLead}
			if c.Level > 0 && lr.Player == decl.LHO() {
				lr.Chosen.Applies = OpeningLead
			}
		}
		out = append(out, lr)
	}
	return out
}

// Errors of CheckLead.
var (
	// ErrLeadRestricted: the lead breaks a lead restriction declarer chose.
	ErrLeadRestricted = errors.New("lead breaks a lead restriction")
	// ErrLeadChoicePending: declarer has not yet chosen a restriction he
	// is entitled to impose on this lead.
	ErrLeadChoicePending = errors.New("declarer has not chosen the lead restriction")
)

// CheckLead checks an opening lead against the lead restrictions carried
// from the auction (Law 26; 1997 26A2 require or prohibit, 26B and 2017
// 26B prohibit). The leader's hand is not known, so a void in the named
// suit is not considered: use CheckLeadFrom when it is known.
func (t *Table) CheckLead(card bridge.Card) error { return t.CheckLeadFrom(0, card) }

// CheckLeadFrom checks an opening lead from hand (0 if unknown): a player
// void in a required suit may lead any card, and one holding only a
// prohibited suit must lead it.
func (t *Table) CheckLeadFrom(hand bridge.Hand, card bridge.Card) error {
	if !card.Valid() {
		return fmt.Errorf("laws: %w: not a card", ErrBadEvent)
	}
	c, decl, ok := t.contract()
	if !ok {
		return fmt.Errorf("laws: %w: the auction has not ended", ErrBadEvent)
	}
	if c.Level == 0 {
		return fmt.Errorf("laws: %w: the board was passed out", ErrBadEvent)
	}
	if hand != 0 && !hand.Has(card) {
		return fmt.Errorf("laws: %w: %s is not in the leader's hand", ErrBadEvent, card)
	}
	leader := decl.LHO()
	for _, lr := range t.LeadRestrictions() {
		if lr.Player != leader {
			continue
		}
		switch lr.Status {
		case LeadOpen:
			return fmt.Errorf("laws: %s %s: %w (Law %s: %s %s)", leader, card, ErrLeadChoicePending, lr.Law,
				joinKinds(lr.Choices), joinSuits(lr.Suits))
		case LeadChosen:
		default:
			continue
		}
		ch := lr.Chosen
		var bad bool
		if ch.Kind == Require {
			bad = card.Suit() != ch.Suit && (hand == 0 || hand.SuitLen(ch.Suit) > 0)
		} else {
			bad = card.Suit() == ch.Suit && (hand == 0 || hand.Len() > hand.SuitLen(ch.Suit))
		}
		if bad {
			return fmt.Errorf("laws: %s %s: %w: declarer chose to %s %s (Law %s)", leader, card, ErrLeadRestricted, ch.Kind, ch.Suit, lr.Law)
		}
	}
	return nil
}

// leadChoice is declarer's choice of a lead restriction.
type leadChoice struct {
	kind LeadKind
	suit bridge.Suit
}

func joinKinds(ks []LeadKind) string {
	out := make([]string, len(ks))
	for i, k := range ks {
		out[i] = string(k)
	}
	return strings.Join(out, " or ")
}

func joinSuits(ss []bridge.Suit) string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = s.String()
	}
	return strings.Join(out, " ")
}
