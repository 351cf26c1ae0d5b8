package laws

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/bridgetd/bridgetd/bridge"
)

// This file holds what a Director's desk (the server's console) needs
// around Rule and Adjudicate, so that it calls the same functions as the
// commands "bridgetd rule" and "bridgetd claim": the start of a table log
// for a board (FORMAT.md), the position reached after the cards played
// from the board's deal, and the tricks an award gives when applied.

// LogStart returns the header of a table log (FORMAT.md) for a board:
// its number, dealer, vulnerability and deal, and, when the contract
// played is known (c not nil and not passed out), an auction that reaches
// it by declarer (passes up to declarer, his bid, a double by his LHO and
// a redouble by his partner as the contract has them, three passes), for
// the Director to replace with the auction as it went.
func LogStart(board int, dealer bridge.Seat, vul bridge.Vulnerability, d bridge.Deal, c *bridge.Contract, declarer bridge.Seat) string {
	var b strings.Builder
	if board > 0 {
		fmt.Fprintf(&b, "board %d\n", board)
	}
	fmt.Fprintf(&b, "dealer %s\nvul %s\ndeal %s\n", dealer, vul, d.Format(dealer))
	if c == nil || !c.Valid() {
		return b.String()
	}
	if c.IsPassedOut() {
		b.WriteString("# entered: passed out\n")
		for k := range 4 {
			fmt.Fprintf(&b, "%s P\n", (dealer+bridge.Seat(k))&3)
		}
		return b.String()
	}
	declarer &= 3
	fmt.Fprintf(&b, "# entered: %s by %s; the auction below only reaches it: replace it with the auction as it went\n", c.ASCII(), declarer)
	s := dealer & 3
	for ; s != declarer; s = (s + 1) & 3 {
		fmt.Fprintf(&b, "%s P\n", s)
	}
	fmt.Fprintf(&b, "%s %s\n", s, bridge.Bid(int(c.Level), c.Strain).ASCII())
	s = (s + 1) & 3
	if c.Risk >= bridge.Doubled {
		fmt.Fprintf(&b, "%s X\n", s)
		s = (s + 1) & 3
	}
	if c.Risk == bridge.Redoubled {
		fmt.Fprintf(&b, "%s XX\n", s)
		s = (s + 1) & 3
	}
	for range 3 {
		fmt.Fprintf(&b, "%s P\n", s)
		s = (s + 1) & 3
	}
	return b.String()
}

// Replay plays cards from the deal d in contract c by declarer, in the
// order given, each by the seat that holds it, and returns the play: its
// Position is the position when a claim is made after them (the cards
// still held, the trick in progress, the suits each player showed out
// of), and Won the tricks each side won. A card no one holds, a card
// played twice or out of turn is refused with its place in the list; a
// revoke stands as played (Law 63B) and is in Revokes.
func Replay(ed Edition, d bridge.Deal, c bridge.Contract, declarer bridge.Seat, cards []bridge.Card) (*Play, error) {
	p, err := NewPlay(ed, d, c, declarer)
	if err != nil {
		return nil, err
	}
	for i, card := range cards {
		seat, held := p.Remaining().Holder(card)
		if !held {
			if _, dealt := d.Holder(card); dealt {
				return nil, fmt.Errorf("laws: card %d (%s): %w: it was played before", i+1, card, ErrBadEvent)
			}
			return nil, fmt.Errorf("laws: card %d (%s): %w", i+1, card, ErrNotHeldPlay)
		}
		if p.Ended() {
			return nil, fmt.Errorf("laws: card %d (%s): %w", i+1, card, ErrPlayOver)
		}
		if turn := p.Turn(); seat != turn {
			return nil, fmt.Errorf("laws: card %d (%s): %w: it is %s's card but %s's turn (list the cards in the order played)", i+1, card, ErrBadEvent, seat, turn)
		}
		if err := p.PlayCard(seat, card); err != nil {
			return nil, fmt.Errorf("laws: card %d (%s): %w", i+1, card, err)
		}
	}
	return p, nil
}

// SideTricks returns the tricks left that the claimer's (conceder's) side
// gets when the Director applies the award of a decision of kind
// (Adjudicate): for a contested claim, the award; for a concession, the
// tricks kept and the conceded ones no normal play could lose, cancelled
// as the conceding side asks (Law 71); for an agreed claim whose
// agreement is withdrawn, the claim less the tricks the acquiescing side
// would likely have won (69B), as the table log rules them.
func (a Award) SideTricks(kind string) int {
	if kind == Acquiesced {
		return a.Tricks - a.Restorable
	}
	return a.Tricks + a.Restorable
}

// DeclarerTricks returns declarer's tricks on the board once the award is
// applied: won, the tricks his side won before the claim, and his side's
// share of the tricks left.
func (a Award) DeclarerTricks(kind string, won int, claimer, declarer bridge.Seat) int {
	got := a.SideTricks(kind)
	if claimer.Side() != declarer.Side() {
		got = a.Remaining - got
	}
	return won + got
}

// AdjudicateAfter decides a claim or concession made after cards were
// played from the deal d (Replay) in contract c by declarer, as Adjudicate
// does on the position then, and returns the award with declarer's tricks
// on the board once it is applied (DeclarerTricks).
func AdjudicateAfter(ed Edition, kind string, d bridge.Deal, c bridge.Contract, declarer bridge.Seat, played []bridge.Card, cl Claim) (Award, int, error) {
	p, err := Replay(ed, d, c, declarer, played)
	if err != nil {
		return Award{}, 0, err
	}
	aw, err := Adjudicate(ed, kind, p.Position(), cl)
	if err != nil {
		return Award{}, 0, err
	}
	return aw, aw.DeclarerTricks(kind, p.Won(p.Declarer().Side()), cl.Claimer, p.Declarer()), nil
}

// Played returns the cards played so far, trick by trick in the order
// played (a card omitted from a defective trick, Law 67, is not among
// them): with the deal, the contract and declarer, what Replay takes to
// reach the position when a claim is made.
func (r *PlayResult) Played() []bridge.Card {
	var out []bridge.Card
	for _, t := range r.Tricks {
		out = append(out, t.Cards...)
	}
	return out
}

// ParseCards reads a list of cards separated by spaces, commas or line
// breaks, each as bridge.ParseCard reads it ("SK S2, S5 SA"): the cards
// played that Replay takes. A bad card is named with its place in the list.
func ParseCards(s string) ([]bridge.Card, error) {
	var out []bridge.Card
	for i, w := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || unicode.IsSpace(r) }) {
		c, err := bridge.ParseCard(w)
		if err != nil {
			return nil, fmt.Errorf("laws: card %d %q: %w", i+1, w, err)
		}
		out = append(out, c)
	}
	return out, nil
}
