package laws

import (
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
		if t.leadChoice[k] != "" {
			continue
		}
		lr := t.resolveLead(lp)
		if lr.Status != "open" || !contains(lr.Choices, kind) || !contains(lr.Suits, su.String()) {
			continue
		}
		t.leadChoice[k] = fmt.Sprintf("%s %s", kind, su)
		return true
	}
	return false
}
