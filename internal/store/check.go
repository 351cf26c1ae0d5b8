package store

import (
	"fmt"
)

// FarTricks is how many tricks a result may differ from the double-dummy
// table before the entry is flagged.
const FarTricks = 3

// Warnings returns what looks wrong about an entry before it is saved; the
// table is shown them and the director sees them later. None stops the
// entry: players do take strange results.
func Warnings(e Entry, b Board, a Assignment) []string {
	var w []string
	if !a.Plays(e.Board) {
		w = append(w, fmt.Sprintf("board %d is not in this round (boards %s)", e.Board, joinInts(a.Boards)))
	}
	if e.Contract.IsPassedOut() {
		if e.HasLead {
			w = append(w, "a lead was entered for a passed-out board")
		}
		return w
	}
	if e.HasLead {
		leader := e.Declarer.LHO() // Law 54A: the opening lead is made by declarer's left-hand opponent
		if !b.Deal[leader].Has(e.Lead) {
			w = append(w, fmt.Sprintf("lead %v: %s did not hold that card", e.Lead, leader.Name()))
		}
	}
	if b.DD != nil {
		ddTricks := b.DD.Tricks(e.Declarer, e.Contract.Strain)
		if d := e.Tricks - ddTricks; d >= FarTricks || -d >= FarTricks {
			w = append(w, fmt.Sprintf("%d tricks by %v in %v: double dummy gives %d", e.Tricks, e.Declarer, e.Contract.Strain, ddTricks))
		}
		need := int(e.Contract.Level) + 6
		other := max(b.DD.Tricks(e.Declarer.LHO(), e.Contract.Strain), b.DD.Tricks(e.Declarer.RHO(), e.Contract.Strain))
		if ddTricks <= need-FarTricks && other >= need {
			w = append(w, fmt.Sprintf("contract for the wrong side? %v takes %d tricks in %v double dummy, the other side %d", e.Declarer, ddTricks, e.Contract.Strain, other))
		}
	}
	return w
}
