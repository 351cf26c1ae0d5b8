package laws

import (
	"github.com/bridgetd/bridgetd/bridge"
)

// AuctionCall is one call in the result, cancelled or not. Call is the
// call as made, in players' notation; a bid above seven keeps its text
// ("8♠" is not one of the 38 calls).
type AuctionCall struct {
	Seat      bridge.Seat `json:"seat"`
	Call      string      `json:"call"`
	Status    string      `json:"status"`
	Cancelled bool        `json:"cancelled"`
	Law       string      `json:"law,omitempty"`
	Deemed    bool        `json:"deemed,omitempty"`
	Line      int         `json:"line,omitempty"`
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
		c := e.Text
		if c == "" {
			c = e.Call.String()
		}
		res.Auction = append(res.Auction, AuctionCall{Seat: e.Seat, Call: c, Status: e.Status,
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
