package laws

import (
	"fmt"
	"strings"

	"github.com/bridgetd/bridgetd/bridge"
)

// The play in the table log (FORMAT.md, "Play"): the deal header and the
// lines of the play period, parsed here and applied to the table's Play.

// Play event kinds.
const (
	evPlay     = "play"
	evClaim    = "claim"
	evConcede  = "concede"
	evAgree    = "agree"
	evObject   = "object"
	evWithdraw = "withdraw-agreement"
	evCorrect  = "correct-revoke"
)

// playVerbs are the verbs of play lines after a seat.
var playVerbs = map[string]string{
	"plays": evPlay, "play": evPlay,
	"claims": evClaim, "claim": evClaim,
	"concedes": evConcede, "concede": evConcede,
	"agrees": evAgree, "agree": evAgree, "acquiesces": evAgree,
	"objects": evObject, "object": evObject, "disputes": evObject,
	"withdraws-agreement": evWithdraw, "cancels": evWithdraw,
	"corrects-revoke":  evCorrect,
	"requires-highest": "choose", "requires-lowest": "choose", "spread": "choose", "spreads": "choose",
}

// parsePlayLine fills ev from a play line "SEAT VERB …" (f are the fields);
// ok is false when the verb is not a play verb.
func parsePlayLine(ev *Event, verb string, f []string) (ok bool, err error) {
	kind, ok := playVerbs[verb]
	if !ok {
		return false, nil
	}
	ev.Kind = kind
	switch kind {
	case "choose":
		if len(f) != 2 {
			return true, fmt.Errorf("want %s alone", verb)
		}
		ev.Word = verb
	case evPlay, evCorrect:
		if len(f) != 3 {
			return true, fmt.Errorf("want %s and one card", verb)
		}
		c, err := bridge.ParseCard(f[2])
		if err != nil {
			return true, err
		}
		ev.Cards = []bridge.Card{c}
	case evClaim:
		if len(f) < 3 {
			return true, fmt.Errorf("want claims, the number of tricks and the statement (if any)")
		}
		n, err := ParseClaimTricks(f[2])
		if err != nil {
			return true, err
		}
		st, err := ParseStatement(strings.Join(f[3:], " "))
		if err != nil {
			return true, err
		}
		ev.Tricks, ev.Word = n, st.String()
	case evConcede:
		switch len(f) {
		case 2:
			ev.Tricks = -1 // all the remaining tricks (68B1: abandoning his hand)
		case 3:
			n, err := ParseClaimTricks(f[2])
			if err != nil {
				return true, err
			}
			ev.Tricks = n
		default:
			return true, fmt.Errorf("want concedes and at most a number of tricks")
		}
	default:
		if len(f) != 2 {
			return true, fmt.Errorf("want %s alone", verb)
		}
	}
	return true, nil
}

// SetDeal gives the table the deal, so that the play can be followed.
func (t *Table) SetDeal(d bridge.Deal) { t.deal = &d }

// Play returns the play period once it has begun, or nil.
func (t *Table) Play() *Play { return t.play }

// startPlay begins the play once the auction has ended and the deal is known.
func (t *Table) startPlay() (*Play, error) {
	if t.play != nil {
		return t.play, nil
	}
	if t.deal == nil {
		return nil, fmt.Errorf("laws: %w: the play needs the deal (a \"deal\" line in the header)", ErrBadEvent)
	}
	c, decl, ok := t.contract()
	if !ok {
		return nil, fmt.Errorf("laws: %w: the play begins only after the auction has ended", ErrBadEvent)
	}
	p, err := NewPlay(t.ed, *t.deal, c, decl)
	if err != nil {
		return nil, err
	}
	if !t.is97() {
		// 2017 24E: a defender's cards exposed during the auction are
		// penalty cards; under 50B the single card below honour rank not
		// led (24A) is a minor one, the others major.
		for _, x := range t.st.exposed {
			if decl.Side() == x.seat.Side() {
				continue
			}
			for _, card := range x.cards {
				if !p.hands[x.seat].Has(card) {
					return nil, fmt.Errorf("laws: %w: %s exposed %s during the auction but does not hold it in the deal", ErrNotHeldPlay, x.seat, card)
				}
				p.penalise(PenaltyCard{Seat: x.seat, Card: card, Major: x.ruling.Law != "24A", Law: "24E"})
			}
		}
	}
	t.play = p
	return p, nil
}

// playing reports whether an event of the auction-period kinds (an option,
// a card exposed or led, the end of play) belongs to the play instead.
func (t *Table) playing(ev Event) bool {
	switch ev.Kind {
	case evPlay, evClaim, evConcede, evAgree, evObject, evWithdraw, evCorrect:
		return true // applyPlay says why when there is no play
	}
	if t.deal == nil || !t.ended() {
		return false
	}
	if c, _, _ := t.contract(); c.Level == 0 {
		return false
	}
	switch ev.Kind {
	case "choose":
		return t.play != nil && t.play.pending != nil
	case "expose":
		return t.play != nil || (ev.Word == "leads" && len(ev.Cards) == 1)
	case "end-of-play":
		return t.play != nil
	}
	return false
}

// applyPlay applies a play-period event.
func (t *Table) applyPlay(ev Event) error {
	if ev.Kind == "expose" && t.play == nil {
		// the opening lead: checked against the Law 26 restrictions when
		// made by the right defender, ruled under 53-56 otherwise
		c, decl, _ := t.contract()
		if ev.Seat == decl.LHO() && c.Level > 0 {
			if err := t.OpeningLead(ev.Seat, ev.Cards[0]); err != nil {
				return err
			}
		} else if err := t.Lead(); err != nil {
			return err
		}
	}
	p, err := t.startPlay()
	if err != nil {
		return err
	}
	p.SetLine(ev.Line)
	switch ev.Kind {
	case "choose":
		return p.Choose(ev.Seat, ev.Word)
	case "expose":
		if ev.Word == "leads" && len(ev.Cards) == 1 {
			return p.PlayCard(ev.Seat, ev.Cards[0])
		}
		return p.Expose(ev.Seat, ev.Cards)
	case evPlay:
		if !t.leadFaced {
			if err := t.Lead(); err != nil {
				return err
			}
		}
		return p.PlayCard(ev.Seat, ev.Cards[0])
	case evClaim:
		st, err := ParseStatement(ev.Word)
		if err != nil {
			return err
		}
		return p.ClaimTricks(ev.Seat, ev.Tricks, st)
	case evConcede:
		n := ev.Tricks
		if n < 0 {
			n = p.Position().Remaining()
		}
		return p.Concede(ev.Seat, n)
	case evAgree:
		return p.Agree(ev.Seat)
	case evObject:
		return p.Object(ev.Seat)
	case evWithdraw:
		return p.WithdrawAgreement(ev.Seat)
	case evCorrect:
		return p.CorrectRevoke(ev.Seat, ev.Cards[0])
	case "end-of-play":
		if err := t.EndOfPlay(); err != nil {
			return err
		}
		return p.End()
	}
	return fmt.Errorf("laws: %w: unknown event %q", ErrBadEvent, ev.Kind)
}

// PlayResult is the play period in the JSON of "bridgetd rule". Like
// Result, every value in it is typed; its JSON is their text form in
// players' notation.
type PlayResult struct {
	Contract       bridge.Contract `json:"contract"`
	Declarer       bridge.Seat     `json:"declarer"`
	Tricks         []TrickResult   `json:"tricks"`
	WonNS          int             `json:"won_ns"`
	WonEW          int             `json:"won_ew"`
	PenaltyCards   []PenaltyCard   `json:"penalty_cards,omitempty"`
	Revokes        []Revoke        `json:"revokes,omitempty"`
	Rulings        []*Ruling       `json:"rulings"`
	Pending        *Pending        `json:"pending,omitempty"`
	Claim          *ClaimResult    `json:"claim,omitempty"`
	DeclarerTricks int             `json:"declarer_tricks"`
	Ended          bool            `json:"ended"`
}

// TrickResult is one trick as played; Winner is nil until it is complete.
type TrickResult struct {
	Leader bridge.Seat   `json:"leader"`
	Cards  []bridge.Card `json:"cards"`
	Winner *bridge.Seat  `json:"winner,omitempty"`
}

// ClaimResult is a claim or concession and its outcome.
type ClaimResult struct {
	Seat       bridge.Seat   `json:"seat"`
	Kind       string        `json:"kind"` // claim or concession
	Tricks     int           `json:"tricks"`
	Remaining  int           `json:"remaining"`
	Statement  string        `json:"statement,omitempty"`
	Agreed     []bridge.Seat `json:"agreed_by,omitempty"`
	Awarded    *int          `json:"awarded,omitempty"`
	Restorable int           `json:"restorable,omitempty"`
	Law        string        `json:"law,omitempty"`
	Reasons    []string      `json:"reasons,omitempty"`
	Line       []LineCard    `json:"line,omitempty"`
}

// Result returns the play period for the JSON output.
func (p *Play) Result() *PlayResult {
	r := &PlayResult{Contract: p.contract, Declarer: p.declarer, Tricks: []TrickResult{},
		WonNS: p.won[bridge.NS], WonEW: p.won[bridge.EW], Rulings: p.rulings, Pending: p.PendingOption(),
		DeclarerTricks: p.DeclarerTricks(), Ended: p.Ended()}
	if r.Rulings == nil {
		r.Rulings = []*Ruling{}
	}
	for _, t := range p.tricks {
		if t.N == 0 {
			continue
		}
		tr := TrickResult{Leader: t.Leader, Cards: []bridge.Card{}}
		for i := 0; i < t.N; i++ {
			tr.Cards = append(tr.Cards, t.Cards[i])
		}
		if t.Complete() {
			w := t.Winner(p.contract.Strain)
			tr.Winner = &w
		}
		r.Tricks = append(r.Tricks, tr)
	}
	r.PenaltyCards = p.PenaltyCards()
	r.Revokes = append([]Revoke(nil), p.revokes...)
	if c := p.claim; c != nil {
		cr := &ClaimResult{Seat: c.Seat, Kind: "claim", Tricks: c.Tricks, Remaining: c.Position.Remaining(),
			Statement: c.Statement.String()}
		if c.Concession {
			cr.Kind, cr.Tricks = "concession", c.Position.Remaining()-c.Tricks
		}
		cr.Agreed = append(cr.Agreed, c.Agreed...)
		if aw := c.Award; aw != nil {
			n := aw.Tricks + aw.Restorable
			cr.Awarded, cr.Restorable, cr.Law, cr.Reasons = &n, aw.Restorable, aw.Law, aw.Reasons
			cr.Line = append(cr.Line, aw.Line...)
		}
		r.Claim = cr
	}
	return r
}
