package laws

import (
	"fmt"

	"github.com/bridgetd/bridgetd/bridge"
)

// Law 33 (1997 and 2017): a call made at the same time as the call of the
// player whose turn it was is deemed to follow it. A table log marks the
// second of two calls made together "sim", in either order; CallsTogether
// takes the in-turn call first, so the other call is ruled as made after
// it — possibly in rotation then, with no irregularity at all. A ruling
// on the later call notes Law 33.
//
// Law 34 (1997 and 2017): when a call is followed by three passes, one of
// them out of rotation so that a player lost his turn, the auction does not
// end: it reverts to that player, later passes are cancelled and the
// auction continues as though there had been no irregularity.
//
// Law 35 (1997): inadmissible calls condoned by LHO's call before
// rectification: 35A double or redouble (all later calls cancelled, see
// law36.go), 35B action by a player required to pass (calls stand, see
// law37.go), 35C bid of more than seven and 35D call after the final pass
// (see law38_39.go). In 2017 Law 35 only lists the inadmissible calls and
// the condoning rules moved to 36A, 37A, 38 and 39B.

// CallsTogether takes two calls made at the same moment (Law 33): the
// call of the player whose turn it was comes first and the other is deemed
// subsequent to it. If neither player was in turn they are taken in the
// order given. lineA and lineB are their log lines (0 if none).
func (t *Table) CallsTogether(a, b CallEvent, lineA, lineB int) error {
	if turn, ok := t.Turn(); ok && t.pending == nil && b.Seat == turn && a.Seat != turn {
		a, b = b, a
		lineA, lineB = lineB, lineA
	}
	a.Simultaneous, b.Simultaneous = false, true
	t.SetLine(lineA)
	if err := t.Call(a); err != nil {
		return err
	}
	t.SetLine(lineB)
	n := len(t.entries)
	if err := t.Call(b); err != nil {
		return err
	}
	for k := n; k < len(t.entries); k++ {
		if e := &t.entries[k]; e.Seat == b.Seat && e.Law == "" && !e.Deemed {
			e.Law = "33" // deemed subsequent to the in-turn call
		}
	}
	return nil
}

// retention applies Law 34 after an accepted pass out of rotation made the
// auction look over. It reports whether it did.
func (t *Table) retention(r *Ruling) bool {
	n := len(t.st.legal)
	for k := n - 3; k < n; k++ {
		if k < 1 {
			continue
		}
		prev, cur := t.legalEntry(k-1), t.legalEntry(k)
		if cur.Seat != prev.Seat.Next() {
			missed := prev.Seat.Next()
			r34 := t.newRuling("34", cur.Seat, fmt.Sprintf("three passes ended the auction although %s lost his turn", missed))
			for j := k; j < n; j++ {
				t.entries[t.st.legal[k]].Status = stLegal
				t.cancel(t.st.legal[k], "34", r34)
			}
			r34.summary(fmt.Sprintf("the auction reverts to %s; the later passes are cancelled and the auction continues as though there had been no irregularity", missed))
			_ = r
			return true
		}
	}
	return false
}

// retentionPending applies Law 34 when the opening lead follows a pass out
// of rotation that nobody accepted or rejected but that made the auction
// look over.
func (t *Table) retentionPending(d *decision) bool {
	var i = -1
	for j := len(t.entries) - 1; j >= 0; j-- {
		if t.entries[j].Status == stPending {
			i = j
			break
		}
	}
	if i < 0 || t.entries[i].Call != bridge.Pass {
		return false
	}
	n := len(t.st.legal)
	if n < 3 || t.legalEntry(n-1).Call != bridge.Pass || t.legalEntry(n-2).Call != bridge.Pass {
		return false
	}
	t.pending = nil
	r := d.ruling
	r.cite("34")
	t.cancel(i, "34", r)
	r.summary(fmt.Sprintf("the auction did not end: it reverts to %s, who lost his turn; no rectification", t.turn()))
	t.settle(r)
	return true
}
