package laws

import (
	"encoding/json"

	"github.com/bridgetd/bridgetd/bridge"
)

// MarshalJSON writes a bar as {seat, scope, …}.
func (b Bar) MarshalJSON() ([]byte, error) {
	type out struct {
		Seat        string `json:"seat"`
		Scope       Scope  `json:"scope"`
		DoublesOnly bool   `json:"doubles_only,omitempty"`
		Law         string `json:"law"`
	}
	return json.Marshal(out{b.Seat.String(), b.Scope, b.DoublesOnly, b.Law})
}

// AuctionCall is one call in the result, cancelled or not.
type AuctionCall struct {
	Seat      string `json:"seat"`
	Call      string `json:"call"`
	Status    string `json:"status"`
	Cancelled bool   `json:"cancelled"`
	Law       string `json:"law,omitempty"`
	Deemed    bool   `json:"deemed,omitempty"`
	Line      int    `json:"line,omitempty"`
}

// ContractResult is the final contract once the auction has ended.
type ContractResult struct {
	Contract  string `json:"contract"` // e.g. 4♠X, or "Pass" when passed out
	Declarer  string `json:"declarer,omitempty"`
	PassedOut bool   `json:"passed_out"`
}

// Result is the state of the table and its rulings, with the JSON field
// names of "bridgetd rule".
type Result struct {
	Edition          int               `json:"edition"`
	Board            int               `json:"board,omitempty"`
	Dealer           string            `json:"dealer"`
	Vulnerability    string            `json:"vulnerability"`
	Rulings          []*Ruling         `json:"rulings"`
	Auction          []AuctionCall     `json:"auction"`
	Turn             *string           `json:"turn"`
	Ended            bool              `json:"ended"`
	Contract         *ContractResult   `json:"contract,omitempty"`
	Bars             []Bar             `json:"bars"`
	LeadRestrictions []LeadRestriction `json:"lead_restrictions"`
	PenaltyCards     []string          `json:"penalty_cards,omitempty"`
	Pending          *Pending          `json:"pending,omitempty"`
	Requests         []RequestRecord   `json:"requests,omitempty"`
	Play             *PlayResult       `json:"play,omitempty"`
}

// SetBoard records the board number for the result.
func (t *Table) SetBoard(n int) { t.board = n }

// Result returns the current state of the table.
func (t *Table) Result() Result {
	res := Result{Edition: int(t.ed), Board: t.board, Dealer: t.dealer.String(), Vulnerability: t.vul.String(),
		Rulings: t.rulings, Auction: []AuctionCall{}, Bars: []Bar{}, LeadRestrictions: []LeadRestriction{}, Pending: t.Pending()}
	if res.Rulings == nil {
		res.Rulings = []*Ruling{}
	}
	for _, e := range t.entries {
		c := e.Text
		if c == "" {
			c = e.Call.String()
		}
		res.Auction = append(res.Auction, AuctionCall{Seat: e.Seat.String(), Call: c, Status: e.Status,
			Cancelled: e.Status == stCancelled, Law: e.Law, Deemed: e.Deemed, Line: e.Line})
	}
	if s, ok := t.Turn(); ok {
		str := s.String()
		res.Turn = &str
		res.Bars = append(res.Bars, t.st.bars...)
	}
	res.Requests = t.Requests()
	if t.play != nil {
		res.Play = t.play.Result()
	}
	res.Ended = t.ended()
	if c, d, ok := t.contract(); ok {
		if c.Level == 0 {
			res.Contract = &ContractResult{Contract: "Pass", PassedOut: true}
		} else {
			res.Contract = &ContractResult{Contract: c.String(), Declarer: d.String()}
		}
		res.LeadRestrictions = append(res.LeadRestrictions, t.LeadRestrictions()...)
		res.PenaltyCards = t.penaltyCards()
	}
	return res
}

// Contract returns the final contract and declarer once the auction has
// ended; a passed-out board has Level 0.
func (t *Table) Contract() (bridge.Contract, bridge.Seat, bool) { return t.contract() }
