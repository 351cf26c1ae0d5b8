package pbn

import (
	"errors"
	"strconv"
	"strings"
)

// Check validates every game against the bridge model and returns the
// problems found, each an *Error with the file name and line:
//   - the Deal gives each card once, and is complete when no hand is
//     unknown (Law 6);
//   - Board, Dealer, Vulnerable, Contract, Declarer and Result have
//     meaningful values;
//   - the Auction is legal (Laws 17–21) and, when it ends, agrees with the
//     Contract and Declarer tags (Law 22);
//   - the Play is legal for the deal and contract: the opening lead by
//     declarer's LHO, each card held, suit followed (Laws 41, 44), and a
//     complete play agrees with the Result;
//   - each Note tag starts with its number and a colon;
//   - a DoubleDummyTricks tag holds 20 digits 0-13 that the deal can
//     give (see TrickTable.CheckDeal);
//   - every "…Table" tag has a valid column spec and one value per column
//     in each row.
func (f *File) Check() []*Error {
	var out []*Error
	for _, g := range f.Games {
		for _, e := range g.Check() {
			e.File = f.Name
			out = append(out, e)
		}
	}
	return out
}

// Check validates one game (see File.Check).
func (g *Game) Check() []*Error {
	var out []*Error
	add := func(err error) {
		if err == nil || errors.Is(err, ErrNoTag) {
			return
		}
		var e *Error
		if !errors.As(err, &e) {
			e = &Error{Line: g.Line, Msg: err.Error(), Err: err}
		}
		if e.Line == 0 {
			e.Line = g.Line
		}
		out = append(out, e)
	}
	_, err := g.Board()
	add(err)
	_, err = g.Dealer()
	add(err)
	_, err = g.Vulnerability()
	add(err)

	deal, dealErr := g.Deal()
	add(dealErr)
	complete := false
	if dealErr == nil {
		full := true
		for _, h := range deal {
			if h == 0 {
				full = false
			}
		}
		if full {
			if err := deal.Validate(); err != nil {
				_, line, _ := g.value("Deal")
				add(wrapf(line, err, "Deal"))
			} else {
				complete = true
			}
		}
	}

	contract, declarer, cErr := g.Contract()
	add(cErr)
	tricks, rErr := g.Result()
	add(rErr)

	if g.Find("Auction") != nil {
		a, err := g.Auction()
		add(err)
		if err == nil && a.Ended() && cErr == nil {
			ac, ad, _ := a.Contract()
			if ac != contract || (!ac.IsPassedOut() && ad != declarer) {
				got := ac.ASCII()
				if !ac.IsPassedOut() {
					got += " by " + ad.String()
				}
				want := contract.ASCII()
				if !contract.IsPassedOut() {
					want += " by " + declarer.String()
				}
				add(errorf(a.Line, ErrValue, "Auction ends in %s but the Contract and Declarer tags say %s (Law 22)", got, want))
			}
		}
	}

	if g.Find("Play") != nil {
		p, err := g.Play()
		add(err)
		if err == nil && complete && cErr == nil && !contract.IsPassedOut() {
			bp, err := p.Replay(deal, contract, declarer)
			add(err)
			if err == nil && bp.Ended() && rErr == nil && bp.DeclarerTricks() != tricks {
				add(errorf(p.Line, ErrValue, "Play gives declarer %d tricks but Result says %d", bp.DeclarerTricks(), tricks))
			}
		}
	}

	for _, t := range g.FindAll("Note") {
		num, _, ok := strings.Cut(t.Value, ":")
		if n, err := strconv.Atoi(strings.TrimSpace(num)); !ok || err != nil || n < 1 {
			add(errorf(t.Line, ErrValue, "Note %q: want a note number 1 or more, a colon and the text (PBN 2.1 §3.5.2)", t.Value))
		}
	}

	if g.Find("DoubleDummyTricks") != nil {
		tt, err := g.DoubleDummyTricks()
		add(err)
		if err == nil && complete {
			if err := tt.CheckDeal(deal); err != nil {
				_, line, _ := g.value("DoubleDummyTricks")
				add(errorf(line, ErrValue, "DoubleDummyTricks %s: %v", tt, err))
			}
		}
	}

	for _, t := range g.tags {
		if len(t.Name) > len("Table") && strings.HasSuffix(t.Name, "Table") {
			_, err := parseTable(t)
			add(err)
		}
	}
	return out
}
