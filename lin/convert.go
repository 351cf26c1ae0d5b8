package lin

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/pbn"
)

// Game returns the deal as a PBN game: the identification tags, the
// players, the deal, the auction with its alerts as notes, the contract,
// the result and the play ("*" after the last card when a claim ended it).
func Game(d *Deal) *pbn.Game {
	g := pbn.NewGame()
	g.SetTag("Event", d.Event)
	g.SetTag("Site", "")
	g.SetTag("Date", "")
	if d.Board > 0 {
		g.SetTag("Board", strconv.Itoa(d.Board))
	}
	for _, s := range [4]bridge.Seat{bridge.West, bridge.North, bridge.East, bridge.South} {
		g.SetTag(s.Name(), d.Players[s])
	}
	g.SetTag("Dealer", d.Dealer.String())
	g.SetTag("Vulnerable", d.Vul.String())
	g.SetDeal(d.Cards)
	if d.Room != "" {
		g.SetTag("Room", strings.ToUpper(d.Room[:1])+d.Room[1:])
	}
	if c, decl, ok := d.Contract(); ok {
		g.SetContract(c, decl)
		if t, ok := d.Tricks(); ok && !c.IsPassedOut() {
			g.SetResult(t)
		}
	}
	a := &pbn.Auction{Auction: *d.Auction, Marks: make([]pbn.Mark, len(d.Auction.Calls))}
	a.Incomplete = !d.Auction.Ended()
	if len(d.Alerts) > 0 {
		a.Notes = map[int]string{}
		idx := make([]int, 0, len(d.Alerts))
		for i := range d.Alerts {
			idx = append(idx, i)
		}
		sort.Ints(idx)
		for n, i := range idx {
			a.Marks[i] = pbn.Mark{Note: n + 1, Annotations: []string{"!"}}
			text := d.Alerts[i]
			if text == "" {
				text = "alerted"
			}
			a.Notes[n+1] = text
		}
	}
	g.SetAuction(a)
	if d.Result != nil && len(d.Play) > 0 {
		g.SetPlay(pbnPlay(d))
	}
	return g
}

// pbnPlay writes the play in PBN's fixed columns: column i holds the card
// of the opening leader's i-th successor, whoever led the trick.
func pbnPlay(d *Deal) *pbn.Play {
	tricks := d.Result.Tricks()
	p := &pbn.Play{Leader: tricks[0].Leader}
	for _, t := range tricks {
		var pt pbn.Trick
		for j := 0; j < t.N; j++ {
			seat := t.Player(j)
			col := (int(seat) - int(p.Leader) + 4) % 4
			pt.Cards[col], pt.Known[col] = t.Cards[j], true
		}
		if t.N > 0 {
			p.Tricks = append(p.Tricks, pt)
		}
	}
	p.Ended = d.Claim >= 0 || !d.Result.Ended()
	return p
}

// Log returns the deal as the laws engine's table log (laws/FORMAT.md):
// the board, dealer and vulnerability, the deal, each call by its seat
// (an alert as a comment), every card played (the opening lead "leads",
// the rest "plays", dummy's cards by dummy's seat) and, when a claim
// ended the play, the claim as the log's own events: LIN records only the
// total declarer's side took by it, so it is written as declarer's claim
// of the tricks still to come ("N claims 3"), or his concession of them
// all when the claim adds nothing ("N concedes"), agreed by both
// defenders (Law 69A), as BBO records a claim only once it is accepted.
// A claim that cannot be placed in the play (no play record) stays a
// comment.
func Log(d *Deal) string {
	var b strings.Builder
	if d.Event != "" || d.Room != "" {
		fmt.Fprintf(&b, "# %s", strings.TrimSpace(d.Event+" "+d.Room+" room"))
		b.WriteByte('\n')
	}
	if d.Board > 0 {
		fmt.Fprintf(&b, "board %d\n", d.Board)
	}
	fmt.Fprintf(&b, "dealer %s\nvul %s\n", d.Dealer, d.Vul)
	if d.Result != nil && d.Cards.Validate() == nil {
		fmt.Fprintf(&b, "deal %s\n", d.Cards.Format(bridge.North))
	}
	for i, c := range d.Auction.Calls {
		fmt.Fprintf(&b, "%s %s", d.Auction.SeatOf(i), logCall(c))
		if text, ok := d.Alerts[i]; ok {
			fmt.Fprintf(&b, " # alerted")
			if text != "" {
				fmt.Fprintf(&b, ": %s", strings.ReplaceAll(text, "\n", " "))
			}
		}
		b.WriteByte('\n')
	}
	if d.Result == nil {
		if d.Claim >= 0 {
			fmt.Fprintf(&b, "# claim: declarer's side takes %d tricks in all\n", d.Claim)
		}
		return b.String()
	}
	first := true
	done := 0
	for _, t := range d.Result.Tricks() {
		for j := 0; j < t.N; j++ {
			verb := "plays"
			if first {
				verb, first = "leads", false
			}
			fmt.Fprintf(&b, "%s %s %s\n", t.Player(j), verb, t.Cards[j].ASCII())
		}
		if t.Complete() {
			done++
		}
	}
	if d.Claim >= 0 {
		decl := d.Result.Declarer
		k := d.Claim - d.Result.DeclarerTricks()
		switch {
		case k < 0 || k > 13-done:
			fmt.Fprintf(&b, "# claim: declarer's side takes %d tricks in all\n", d.Claim)
		case k == 0:
			fmt.Fprintf(&b, "%s concedes # declarer's side takes %d tricks in all\n", decl, d.Claim)
		default:
			fmt.Fprintf(&b, "%s claims %d # declarer's side takes %d tricks in all\n", decl, k, d.Claim)
		}
		if k >= 0 && k <= 13-done {
			fmt.Fprintf(&b, "%s agrees\n%s agrees\n", decl.LHO(), decl.RHO())
		}
		b.WriteString("end-of-play\n")
	} else if d.Result.Ended() {
		b.WriteString("end-of-play\n")
	}
	return b.String()
}

// logCall writes a call as the table log does: P, X, XX, 1C … 7NT
// (bridge.Call's ASCII form, with the log's P for a pass).
func logCall(c bridge.Call) string {
	if c == bridge.Pass {
		return "P"
	}
	return c.ASCII()
}
