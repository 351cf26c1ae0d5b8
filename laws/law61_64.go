package laws

import (
	"fmt"
	"slices"

	"github.com/bridgetd/bridgetd/bridge"
)

// Law 64: the trick adjustment after an established revoke, computed from
// the tricks actually won.
//
//	2017 64A1: the revoke trick won by the offending PLAYER (a trick won
//	     in dummy is not won by declarer): at the end of play that trick
//	     and one more of the later tricks won by the offending side (if
//	     any) go to the non-offending side.
//	2017 64A2: otherwise, one trick if the offending side won the revoke
//	     trick or any later trick.
//	1997 64A1: the revoke trick won by the offending SIDE: that trick and
//	     one later trick won by the offending side go across.
//	1997 64A2: the revoke trick not won by the offending side: one trick
//	     if the offending side won any later trick.
//	64B (both codes): no adjustment when the offending side won neither
//	     the revoke trick nor a later one (B1), for a second revoke in the
//	     same suit by the same player (B2), for a failure to play a card
//	     faced on the table, dummy's included (B3), for a revoke on the
//	     twelfth trick (B6); 2017 B7: when both sides revoked on the board
//	     (the 1997 code adjusts each revoke).
//	64C: the Director may still adjust when the transfer does not make
//	     good the damage (a damage check is recorded).

// RevokeTransfer is the outcome of Law 64 for one established revoke.
type RevokeTransfer struct {
	Revoke Revoke
	Tricks int    // tricks transferred to the non-offending side
	Law    string // the clause applied
	Reason string
}

// revokeTransfers computes Law 64 for every established revoke at the end
// of play and records a ruling for each. Computed again (a 67B2 finding
// after the end of play that changes the revokes), the new rulings
// replace those issued before: the list never holds both.
func (p *Play) revokeTransfers() {
	if len(p.transferRulings) > 0 {
		keep := p.rulings[:0]
		for _, r := range p.rulings {
			if !slices.Contains(p.transferRulings, r) {
				keep = append(keep, r)
			}
		}
		p.rulings, p.transferRulings = keep, nil
	}
	p.computeTransfers()
	for _, tr := range p.transfers {
		r := p.newRuling(tr.Law, tr.Revoke.Seat, fmt.Sprintf("established revoke by %s on trick %d (%s)", tr.Revoke.Seat, tr.Revoke.Trick, tr.Revoke.Card))
		r.Rect.DamageCheck = append(r.Rect.DamageCheck, "64C")
		r.summary(fmt.Sprintf("%d trick(s) transferred to %s: %s", tr.Tricks, tr.Revoke.Seat.Side().Opponents(), tr.Reason))
		p.transferRulings = append(p.transferRulings, r)
	}
}

// computeTransfers computes the Law 64 (and 67B1) transfers of the
// established revokes without ruling on them.
func (p *Play) computeTransfers() {
	var claimed [2]int
	if c := p.claim; c != nil && !c.Withdrawn {
		got := c.Claimed()
		claimed[c.Seat.Side()] += got
		claimed[c.Seat.Side().Opponents()] += c.Position.Remaining() - got
	}
	p.transfers = RevokeTransfers(p.ed, p.Tricks(), p.contract.Strain, p.declarer, append(p.Revokes(), p.deemed...), claimed)
	p.transfers = append(p.transfers, p.defectTransfers(claimed)...) // 67B1
}

// RevokeTransfers applies Law 64 to the established revokes of a played
// board: tricks are the tricks as played (complete ones count), trump the
// strain of the contract, claimed the tricks each side (NS, EW) got after
// the last trick played by a claim or concession (they count as won later
// in play, Law 69A).
func RevokeTransfers(ed Edition, tricks []bridge.Trick, trump bridge.Strain, declarer bridge.Seat, revokes []Revoke, claimed [2]int) []RevokeTransfer {
	var out []RevokeTransfer
	// budget: no side gives up more tricks than it won from the revoke on
	var budget [2]int
	for _, t := range tricks {
		if t.Complete() {
			budget[t.Winner(trump).Side()]++
		}
	}
	budget[0] += claimed[0]
	budget[1] += claimed[1]
	sides := map[bridge.Side]bool{}
	for _, rv := range revokes {
		if rv.Established {
			sides[rv.Seat.Side()] = true
		}
	}
	seen := map[[2]int]bool{}
	for _, rv := range revokes {
		if !rv.Established {
			continue
		}
		tr := RevokeTransfer{Revoke: rv}
		side := rv.Seat.Side()
		key := [2]int{int(rv.Seat), -1}
		if rv.Trick >= 1 && rv.Trick <= len(tricks) && tricks[rv.Trick-1].N > 0 {
			key[1] = int(tricks[rv.Trick-1].Led())
		}
		switch {
		case seen[key]:
			tr.Law, tr.Reason = "64B2", "a second revoke in the same suit by the same player: no transfer"
		case rv.Trick == 12:
			tr.Law, tr.Reason = "64B6", "a revoke on the twelfth trick is corrected, not transferred"
		case ed == Edition2017 && len(sides) == 2:
			tr.Law, tr.Reason = "64B7", "both sides revoked on this board: no transfer"
		case rv.Seat == declarer.Partner():
			tr.Law, tr.Reason = "64B3", "a failure to play a card of dummy's, faced on the table: no transfer"
		}
		seen[key] = true
		if tr.Law != "" {
			out = append(out, tr)
			continue
		}
		revokeWinner, wonRevoke, later := bridge.Seat(0), false, 0
		for k, t := range tricks {
			if !t.Complete() {
				continue
			}
			w := t.Winner(trump)
			switch {
			case k+1 == rv.Trick:
				revokeWinner, wonRevoke = w, true
			case k+1 > rv.Trick && w.Side() == side:
				later++
			}
		}
		later += claimed[side]
		sideWon := wonRevoke && revokeWinner.Side() == side
		playerWon := wonRevoke && revokeWinner == rv.Seat
		first := playerWon
		if ed == Edition1997 {
			first = sideWon
		}
		switch {
		case first:
			tr.Tricks = 1 + min(later, 1)
			tr.Law = "64A1"
			who := "offending player"
			if ed == Edition1997 {
				who = "offending side"
			}
			tr.Reason = fmt.Sprintf("the %s won the revoke trick; it goes across with %d later trick(s) won by the offending side", who, min(later, 1))
		case (ed == Edition2017 && sideWon) || later > 0:
			tr.Tricks = 1
			tr.Law = "64A2"
			tr.Reason = "the revoke trick was not won by the offender; the offending side won it or a later trick: one trick"
		default:
			tr.Law = "64B1"
			tr.Reason = "the offending side won neither the revoke trick nor a later one: no transfer"
		}
		tr.Tricks = min(tr.Tricks, budget[side])
		budget[side] -= tr.Tricks
		out = append(out, tr)
	}
	return out
}

// TransferredTricks returns the tricks declarer's side gains (positive) or
// loses (negative) by the Law 64 transfers.
func TransferredTricks(trs []RevokeTransfer, declarer bridge.Seat) int {
	n := 0
	for _, tr := range trs {
		if tr.Revoke.Seat.Side() == declarer.Side() {
			n -= tr.Tricks
		} else {
			n += tr.Tricks
		}
	}
	return n
}
