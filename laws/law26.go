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
	r.Rect.LeadRestrictions = append(r.Rect.LeadRestrictions, LeadRestriction{
		Player: offender.Partner().String(), Choices: []string{}, Suits: []string{},
		When: "if " + offender.Partner().String() + " becomes a defender", Law: law, Status: "pending",
		Lasts: "decided when the auction ends",
	})
}

// specified returns the suits a call specifies by its stated meaning.
func specified(e Entry) uint8 {
	if e.Text != "" || !e.Call.IsBid() && !e.Meaning.Artificial {
		return 0
	}
	if e.Meaning.Artificial {
		return e.Meaning.Shows
	}
	if s, ok := e.Call.Strain().Suit(); ok {
		return 1 << s
	}
	return 0
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
	lr := LeadRestriction{Player: p.String(), When: "if " + p.String() + " becomes a defender", Law: lp.law, Choices: []string{}, Suits: []string{}}
	c, decl, ok := t.contract()
	if !ok {
		lr.Status = "pending"
		return lr
	}
	if c.Level == 0 {
		lr.Status = "void"
		lr.Lasts = "the board was passed out"
		return lr
	}
	if decl.Side() == lp.offender.Side() {
		lr.Status = "void"
		lr.Lasts = "the offending side declares"
		return lr
	}
	legal := t.specifiedBy(lp.offender)
	lr.Status = "open"
	lr.Lasts = "prohibition lasts for as long as " + p.String() + " retains the lead"
	if t.is97() && lp.withdrawn >= 0 {
		if s := specified(t.entries[lp.withdrawn]); s != 0 {
			rest := s &^ legal
			if rest == 0 {
				lr.Law = "26A1"
				lr.Status = "void"
				lr.Lasts = "the suit was specified in the legal auction by the offender"
				return lr
			}
			lr.Law = "26A2"
			lr.Choices = []string{"require", "prohibit"}
			lr.Suits = suitList(rest)
			lr.Lasts = "a requirement applies to the first lead; a prohibition lasts for as long as " + p.String() + " retains the lead"
			return lr
		}
		lr.Law = "26B"
		lr.Choices = []string{"prohibit"}
		lr.Suits = suitList(0xf)
		return lr
	}
	if t.is97() {
		lr.Law = "26B"
		lr.Choices = []string{"prohibit"}
		lr.Suits = suitList(0xf)
		return lr
	}
	rest := uint8(0xf) &^ legal
	if rest == 0 {
		lr.Status = "void"
		lr.Lasts = "the offender specified every suit in the legal auction"
		return lr
	}
	lr.Law = "26B"
	lr.Choices = []string{"prohibit"}
	lr.Suits = suitList(rest)
	return lr
}

// leadChoice is declarer's choice of a lead restriction.
type leadChoice struct {
	kind string // "require" or "prohibit"
	suit bridge.Suit
}

// chooseLead takes declarer's choice: "prohibits H" or "requires S".
func (t *Table) chooseLead(seat bridge.Seat, option string) bool {
	f := strings.Fields(strings.ToLower(option))
	if len(f) != 2 {
		return false
	}
	kind := strings.TrimSuffix(f[0], "s")
	if kind != "require" && kind != "prohibit" {
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
		lr := t.resolveLead(lp)
		if lr.Status != "open" || !contains(lr.Choices, kind) || !contains(lr.Suits, su.String()) {
			continue
		}
		t.leadChoice[k] = leadChoice{kind: kind, suit: su}
		return true
	}
	return false
}

// LeadRestrictions returns the Law 26 lead restrictions once the auction
// has ended: open ones wait for declarer's choice; chosen ones say which
// suit is required or prohibited, for whom and for how long.
func (t *Table) LeadRestrictions() []LeadRestriction {
	c, decl, ok := t.contract()
	if !ok {
		return nil
	}
	out := []LeadRestriction{}
	for k, lp := range t.st.leads {
		lr := t.resolveLead(lp)
		if ch := t.leadChoice[k]; ch.kind != "" {
			lr.Chosen, lr.Status = ch.kind+" "+ch.suit.String(), "chosen"
			lr.Kind, lr.Suit = ch.kind, ch.suit.String()
			lr.Duration = WhileOnLead
			if ch.kind == "require" {
				lr.Duration = FirstLead
			}
			lr.Applies = "first-turn-to-lead"
			if c.Level > 0 && lr.Player == decl.LHO().String() {
				lr.Applies = "opening-lead"
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
	leader := decl.LHO().String()
	for _, lr := range t.LeadRestrictions() {
		if lr.Player != leader {
			continue
		}
		switch lr.Status {
		case "open":
			return fmt.Errorf("laws: %s %s: %w (Law %s: %s %s)", leader, card, ErrLeadChoicePending, lr.Law,
				strings.Join(lr.Choices, " or "), strings.Join(lr.Suits, " "))
		case "chosen":
		default:
			continue
		}
		su, _ := bridge.ParseSuit(lr.Suit)
		var bad bool
		if lr.Kind == "require" {
			bad = card.Suit() != su && (hand == 0 || hand.SuitLen(su) > 0)
		} else {
			bad = card.Suit() == su && (hand == 0 || hand.Len() > hand.SuitLen(su))
		}
		if bad {
			return fmt.Errorf("laws: %s %s: %w: declarer chose to %s %s (Law %s)", leader, card, ErrLeadRestricted, lr.Kind, lr.Suit, lr.Law)
		}
	}
	return nil
}
