package pbn

import (
	"strconv"
	"strings"

	"github.com/bridgetd/bridgetd/bridge"
)

// value returns the resolved value of a tag and the line to blame, or an
// ErrNoTag error when the tag is missing, empty or "?" (unknown).
func (g *Game) value(name string) (string, int, error) {
	v, t, ok := g.lookup(name)
	line := g.Line
	if t != nil {
		line = t.Line
	}
	v = strings.TrimSpace(v)
	if !ok || v == "" || v == "?" {
		return "", line, errorf(line, ErrNoTag, "no %s given", name)
	}
	return v, line, nil
}

// Deal returns the deal of the Deal tag (PBN 2.1 §3.4.11). A hand may be
// "-" (unknown); use Validate on the result to require a complete deal.
func (g *Game) Deal() (bridge.Deal, error) {
	v, line, err := g.value("Deal")
	if err != nil {
		return bridge.Deal{}, err
	}
	d, err := bridge.ParseDeal(v)
	if err != nil {
		return d, wrapf(line, err, "Deal: want a seat, a colon and four hands such as N:AKQ.…")
	}
	return d, nil
}

// SetDeal sets the Deal tag, writing the hands from North.
func (g *Game) SetDeal(d bridge.Deal) { g.SetTag("Deal", d.String()) }

// Board returns the board number of the Board tag.
func (g *Game) Board() (bridge.Board, error) {
	v, line, err := g.value("Board")
	if err != nil {
		return 0, err
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 {
		return 0, errorf(line, ErrValue, "Board %q: want a board number 1 or more", v)
	}
	return bridge.Board(n), nil
}

// Dealer returns the seat of the Dealer tag.
func (g *Game) Dealer() (bridge.Seat, error) {
	v, line, err := g.value("Dealer")
	if err != nil {
		return 0, err
	}
	s, err := bridge.ParseSeat(v)
	if err != nil {
		return 0, wrapf(line, err, "Dealer")
	}
	return s, nil
}

// Vulnerability returns the Vulnerable tag: None, NS, EW or All (also
// read: Love, Both, N-S, E-W, in any case).
func (g *Game) Vulnerability() (bridge.Vulnerability, error) {
	v, line, err := g.value("Vulnerable")
	if err != nil {
		return 0, err
	}
	vul, err := bridge.ParseVulnerability(v)
	if err != nil {
		return 0, wrapf(line, err, "Vulnerable")
	}
	return vul, nil
}

// Declarer returns the seat of the Declarer tag.
func (g *Game) Declarer() (bridge.Seat, error) {
	v, line, err := g.value("Declarer")
	if err != nil {
		return 0, err
	}
	s, err := bridge.ParseSeat(strings.TrimPrefix(v, "^")) // ^ marks an irregular declarer (§3.4.13)
	if err != nil {
		return 0, wrapf(line, err, "Declarer")
	}
	return s, nil
}

// Contract returns the contract and its declarer from the Contract and
// Declarer tags. A passed-out deal ("Pass") returns bridge.PassedOut and
// declarer North.
func (g *Game) Contract() (bridge.Contract, bridge.Seat, error) {
	v, line, err := g.value("Contract")
	if err != nil {
		return bridge.Contract{}, 0, err
	}
	c, err := bridge.ParseContract(v)
	if err != nil {
		return c, 0, wrapf(line, err, "Contract: want e.g. 4S, 3NTX, 6HXX or Pass")
	}
	if c.IsPassedOut() {
		return c, 0, nil
	}
	decl, err := g.Declarer()
	return c, decl, err
}

// SetContract sets the Contract and Declarer tags (Declarer "" when passed
// out).
func (g *Game) SetContract(c bridge.Contract, declarer bridge.Seat) {
	g.SetTag("Contract", c.ASCII())
	if c.IsPassedOut() {
		g.SetTag("Declarer", "")
	} else {
		g.SetTag("Declarer", declarer.String())
	}
}

// Result returns the number of tricks won by declarer from the Result tag
// (PBN 2.1 §3.4.15): a number 0–13, or "NS n"/"EW n" for a side's tricks.
func (g *Game) Result() (int, error) {
	v, line, err := g.value("Result")
	if err != nil {
		return 0, err
	}
	side, n, hasSide := strings.Cut(v, " ")
	if !hasSide {
		n = v
	}
	tricks, err := strconv.Atoi(strings.TrimSpace(n))
	if err != nil || tricks < 0 || tricks > 13 {
		return 0, errorf(line, ErrValue, "Result %q: want the tricks won by declarer, 0-13", v)
	}
	if hasSide {
		s, err := bridge.ParseSide(side)
		if err != nil {
			return 0, errorf(line, ErrValue, "Result %q: want NS or EW before the tricks", v)
		}
		decl, err := g.Declarer()
		if err != nil {
			return 0, err
		}
		if decl.Side() != s {
			tricks = 13 - tricks
		}
	}
	return tricks, nil
}

// SetResult sets the Result tag to the tricks won by declarer.
func (g *Game) SetResult(tricks int) { g.SetTag("Result", strconv.Itoa(tricks)) }

// Score returns the score from North-South's side (Law 77) of the
// contract, declarer and result recorded in the game, with the game's
// vulnerability.
func (g *Game) Score() (int, error) {
	c, decl, err := g.Contract()
	if err != nil {
		return 0, err
	}
	if c.IsPassedOut() {
		return 0, nil
	}
	tricks, err := g.Result()
	if err != nil {
		return 0, err
	}
	vul, err := g.Vulnerability()
	if err != nil {
		return 0, err
	}
	return bridge.Score(c, decl, tricks, vul), nil
}

// notes returns the Note tags that follow the named section tag and come
// before the next Auction or Play tag, by note number (PBN 2.1 §3.5.2).
func (g *Game) notes(section string) map[int]string {
	var out map[int]string
	in := false
	for _, t := range g.tags {
		switch {
		case strings.EqualFold(t.Name, section):
			in = true
		case strings.EqualFold(t.Name, "Auction"), strings.EqualFold(t.Name, "Play"):
			in = false
		case in && strings.EqualFold(t.Name, "Note"):
			num, text, ok := strings.Cut(t.Value, ":")
			n, err := strconv.Atoi(strings.TrimSpace(num))
			if !ok || err != nil {
				continue
			}
			if out == nil {
				out = map[int]string{}
			}
			out[n] = strings.TrimSpace(text)
		}
	}
	return out
}
