package laws

import (
	"fmt"

	"github.com/bridgetd/bridgetd/bridge"
)

// AuctionCall is one call in the result, cancelled or not, with the call
// as made (MadeCall).
type AuctionCall struct {
	Seat      bridge.Seat `json:"seat"`
	Call      MadeCall    `json:"call"`
	Status    string      `json:"status"`
	Cancelled bool        `json:"cancelled"`
	Law       string      `json:"law,omitempty"`
	Deemed    bool        `json:"deemed,omitempty"`
	Line      int         `json:"line,omitempty"`
}

// CancelledCall is a call the ruling cancelled: its seat, the call as made
// and the log line.
type CancelledCall struct {
	Seat bridge.Seat `json:"seat"`
	Call MadeCall    `json:"call"`
	Line int         `json:"line,omitempty"`
}

// cancelledCall is entry e as a ruling's cancelled call.
func cancelledCall(e Entry) CancelledCall {
	return CancelledCall{Seat: e.Seat, Call: madeCall(e), Line: e.Line}
}

// same reports whether c and o are the same call at the same seat and line.
func (c CancelledCall) same(o CancelledCall) bool {
	return c.Seat == o.Seat && c.Line == o.Line && c.Call.String() == o.Call.String() && c.Call.Inadmissible == o.Call.Inadmissible
}

// The kinds of MadeCall.
const (
	CallPass     = "pass"
	CallDouble   = "double"
	CallRedouble = "redouble"
	CallBid      = "bid"
)

// MadeCall is a call as a player made it, typed: its Kind, and for a bid
// its Level and Strain. A bid of more than seven odd tricks is none of the
// 38 calls: it keeps its level and strain and is marked Inadmissible (Law
// 38; the 2017 Law 35 lists it among the inadmissible calls). A double or
// redouble that Law 19 does not allow is one of the 38 calls; its Law 36
// ruling says it was inadmissible.
type MadeCall struct {
	Kind         string         `json:"kind"`
	Level        int            `json:"level,omitempty"`
	Strain       *bridge.Strain `json:"strain,omitempty"`
	Inadmissible bool           `json:"inadmissible,omitempty"`
}

// madeCall types an entry's call: its bridge.Call, or the text of a bid
// above seven ("8S").
func madeCall(e Entry) MadeCall {
	if e.Text != "" {
		m := MadeCall{Kind: CallBid, Inadmissible: true}
		i := 0
		for i < len(e.Text) && e.Text[i] >= '0' && e.Text[i] <= '9' {
			m.Level = m.Level*10 + int(e.Text[i]-'0')
			i++
		}
		if st, err := bridge.ParseStrain(e.Text[i:]); err == nil {
			m.Strain = &st
		}
		return m
	}
	switch c := e.Call; {
	case c == bridge.Pass:
		return MadeCall{Kind: CallPass}
	case c == bridge.Double:
		return MadeCall{Kind: CallDouble}
	case c == bridge.Redouble:
		return MadeCall{Kind: CallRedouble}
	default:
		st := c.Strain()
		return MadeCall{Kind: CallBid, Level: c.Level(), Strain: &st}
	}
}

// Call returns the call as one of the 38 calls; ok is false for a bid
// above seven.
func (m MadeCall) Call() (c bridge.Call, ok bool) {
	switch m.Kind {
	case CallPass:
		return bridge.Pass, true
	case CallDouble:
		return bridge.Double, true
	case CallRedouble:
		return bridge.Redouble, true
	}
	if m.Inadmissible || m.Strain == nil || m.Level < 1 || m.Level > 7 || *m.Strain >= bridge.NumStrains {
		return bridge.Pass, false
	}
	return bridge.Bid(m.Level, *m.Strain), true
}

// String returns the call in players' notation: "Pass", "X", "4♠", "8♠".
func (m MadeCall) String() string {
	if c, ok := m.Call(); ok {
		return c.String()
	}
	if m.Strain == nil {
		return fmt.Sprintf("%d?", m.Level)
	}
	return fmt.Sprintf("%d%s", m.Level, m.Strain)
}

// ContractResult is the final contract once the auction has ended.
type ContractResult struct {
	Contract  bridge.Contract `json:"contract"` // e.g. 4♠X, or Pass when passed out
	Declarer  *bridge.Seat    `json:"declarer,omitempty"`
	PassedOut bool            `json:"passed_out"`
}

// Result is the state of the table and its rulings, with the JSON field
// names of "bridgetd rule". Every value in it is typed (seats, sides,
// suits, cards, contracts); their JSON is their text form in players'
// notation (bridge's MarshalText).
type Result struct {
	Edition          int                  `json:"edition"`
	Board            int                  `json:"board,omitempty"`
	Dealer           bridge.Seat          `json:"dealer"`
	Vulnerability    bridge.Vulnerability `json:"vulnerability"`
	Rulings          []*Ruling            `json:"rulings"`
	Auction          []AuctionCall        `json:"auction"`
	Turn             *bridge.Seat         `json:"turn"`
	Ended            bool                 `json:"ended"`
	Contract         *ContractResult      `json:"contract,omitempty"`
	Bars             []Bar                `json:"bars"`
	LeadRestrictions []LeadRestriction    `json:"lead_restrictions"`
	PenaltyCards     []PenaltyCard        `json:"penalty_cards,omitempty"`
	Pending          *Pending             `json:"pending,omitempty"`
	Requests         []RequestRecord      `json:"requests,omitempty"`
	Play             *PlayResult          `json:"play,omitempty"`
}

// SetBoard records the board number for the result.
func (t *Table) SetBoard(n int) { t.board = n }

// Result returns the current state of the table. The rulings are copies:
// once the auction has ended, each ruling's own lead restrictions are the
// resolved ones (the clause that applies, the choices, declarer's choice),
// the same as the table's.
func (t *Table) Result() Result {
	res := Result{Edition: int(t.ed), Board: t.board, Dealer: t.dealer, Vulnerability: t.vul,
		Rulings: []*Ruling{}, Auction: []AuctionCall{}, Bars: []Bar{}, LeadRestrictions: []LeadRestriction{}, Pending: t.Pending()}
	var leads []LeadRestriction
	if _, _, ok := t.contract(); ok {
		leads = t.LeadRestrictions()
		res.LeadRestrictions = append(res.LeadRestrictions, leads...)
		res.PenaltyCards = t.penaltyCards()
	}
	for _, r := range t.rulings {
		c := *r
		if leads != nil && len(r.Rect.LeadRestrictions) > 0 {
			c.Rect.LeadRestrictions = []LeadRestriction{}
			for k, lr := range leads {
				if t.st.leads[k].ruling == r {
					c.Rect.LeadRestrictions = append(c.Rect.LeadRestrictions, lr)
				}
			}
		}
		res.Rulings = append(res.Rulings, &c)
	}
	for _, e := range t.entries {
		if e.superseded {
			continue
		}
		res.Auction = append(res.Auction, AuctionCall{Seat: e.Seat, Call: madeCall(e), Status: e.Status,
			Cancelled: e.Status == stCancelled, Law: e.Law, Deemed: e.Deemed, Line: e.Line})
	}
	if s, ok := t.Turn(); ok {
		res.Turn = &s
		res.Bars = append(res.Bars, t.st.bars...)
	}
	res.Requests = t.Requests()
	if t.play != nil {
		res.Play = t.play.Result()
	}
	res.Ended = t.ended()
	if c, d, ok := t.contract(); ok {
		if c.Level == 0 {
			res.Contract = &ContractResult{Contract: c, PassedOut: true}
		} else {
			res.Contract = &ContractResult{Contract: c, Declarer: &d}
		}
	}
	return res
}

// Contract returns the final contract and declarer once the auction has
// ended; a passed-out board has Level 0.
func (t *Table) Contract() (bridge.Contract, bridge.Seat, bool) { return t.contract() }
