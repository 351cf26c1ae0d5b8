package laws

import (
	"errors"
	"strings"
	"testing"

	"github.com/bridgetd/bridgetd/bridge"
)

// Issue 14, items 15–19: rulings checked against the 1997 and 2017 texts.

// TestLaw23After30 (1997 30A, 30B2(a), 30B2(b)): each of these clauses ends
// with "Law 23 may apply", so the enforced pass brings the later damage
// check of 1997 Law 23 (with 72B1); 30B1 does not name Law 23.
func TestLaw23After30(t *testing.T) {
	for _, c := range []struct {
		name, log, law, damage string
	}{
		// 1997 30A: pass out of rotation before any bid: the offender passes at his next turn; Law 23.
		{"Law 30A, 1997", "E P; S declines", "30A", "23"},
		// 1997 30B2: pass at partner's turn after a bid: 30B2(a) and (b); Law 23.
		{"Law 30B2, 1997", "N 1C; W P; N declines", "30B2", "23"},
		// 1997 30B1: pass at RHO's turn after a bid: no mention of Law 23.
		{"Law 30B1, 1997", "N 1C; S P; W declines", "30B1", ""},
	} {
		tb, err := playLog(t, y97, c.log)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		r := tb.Rulings()[0]
		if r.Law != c.law || strings.Join(r.Rect.DamageCheck, ",") != c.damage {
			t.Errorf("%s: law %s damage check %v, want %s %q", c.name, r.Law, r.Rect.DamageCheck, c.law, c.damage)
		}
		if c.damage == "" {
			continue
		}
		// The Director's later finding sets the adjusted score (Law 23, see 72B1).
		if err := tb.Find("could-have-known"); err != nil {
			t.Fatalf("%s: finding: %v", c.name, err)
		}
		if !strings.Contains(r.Rect.AdjustedScore, "72B1") {
			t.Errorf("%s: adjusted score %q does not cite 72B1", c.name, r.Rect.AdjustedScore)
		}
	}
}

// TestAboveSeven26A (1997 26A, 38, 39): a bid above seven that names a suit
// specifies that suit like any other bid, so a withdrawn 8♠ is ruled under
// 26A2 (require or prohibit spades) as a withdrawn 2♠ is; 8NT names no suit
// and is ruled under 26B.
func TestAboveSeven26A(t *testing.T) {
	const after = "; S 1H; W P; N 4H; E P; S P; W P"
	for _, c := range []struct {
		name, log, law string
		choices        string
		suits          string
	}{
		// 1997 38 with 26A2: the offender E did not specify spades in the legal auction.
		{"Law 38 and 26A2, 1997 (8♠)", "N 1C; E 8S; attention" + after, "26A2", "require,prohibit", "♠"},
		// 1997 38 with 26B: no suit named.
		{"Law 38 and 26B, 1997 (8NT)", "N 1C; E 8NT; attention" + after, "26B", "prohibit", "♠,♥,♦,♣"},
		// 1997 39B with 26A2: a bid after the final pass, naming a suit.
		{"Law 39B and 26A2, 1997 (2♠)", "N 1C; E P; S P; W P; E 2S", "26A2", "require,prohibit", "♠"},
		// 1997 39B with 26A2: the same for a bid above seven after the final pass.
		{"Law 39B and 26A2, 1997 (8♠)", "N 1C; E P; S P; W P; E 8S", "26A2", "require,prohibit", "♠"},
	} {
		tb, err := playLog(t, y97, c.log)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		lrs := tb.LeadRestrictions()
		if len(lrs) != 1 {
			t.Fatalf("%s: %d lead restrictions, want 1 (%+v)", c.name, len(lrs), lrs)
		}
		lr := lrs[0]
		if lr.Law != c.law || lr.Status != LeadOpen || joinKinds(lr.Choices) != strings.ReplaceAll(c.choices, ",", " or ") ||
			joinSuits(lr.Suits) != strings.ReplaceAll(c.suits, ",", " ") || lr.Player != bridge.West {
			t.Errorf("%s: restriction %+v, want law %s choices %s suits %s for W", c.name, lr, c.law, c.choices, c.suits)
		}
	}
}

// Test30B2bDouble (1997 30B2(b)): the partner of a player who passed out of
// rotation at his turn may bid or pass but not double or redouble at that
// turn. A double there is not ruled under Law 37 (which concerns a player
// required to pass: he is not) and bars no one: it is cancelled, he makes a
// sufficient bid or passes, and the Director may adjust under 12A1. If LHO
// calls over it first, no law cancels it.
func Test30B2bDouble(t *testing.T) {
	const base = "N 1C; W P; N declines; E X"
	for _, c := range []struct {
		name, log, auction, bars string
		status                   string
	}{
		{"Law 30B2(b), 1997: attention drawn", base + "; attention", "N 1♣", "W:rest-of-auction E:next-turn(X/XX)", NeedsCall},
		{"Law 30B2(b), 1997: then a bid", base + "; attention; E 1H", "N 1♣, E 1♥", "W:rest-of-auction", Settled},
		{"Law 30B2(b), 1997: LHO called over it", base + "; S P", "N 1♣, E X, S Pass", "W:rest-of-auction", Settled},
	} {
		tb, err := playLog(t, y97, c.log)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		r := tb.Rulings()[len(tb.Rulings())-1]
		if r.Law != "30B2(b)" || len(r.Rect.Bars) != 0 || r.Status != c.status || strings.Join(r.Rect.DamageCheck, ",") != "12A1" {
			t.Errorf("%s: law %s bars %v status %s damage %v; want 30B2(b), no bar, %s, 12A1", c.name, r.Law, barsString(r.Rect.Bars), r.Status, r.Rect.DamageCheck, c.status)
		}
		if got := legalAuction(tb); got != c.auction {
			t.Errorf("%s: auction %q, want %q", c.name, got, c.auction)
		}
		res := tb.Result()
		if got := barsString(res.Bars); got != c.bars {
			t.Errorf("%s: bars %q, want %q", c.name, got, c.bars)
		}
	}
}

// TestInadmissibleNotAccepted (2017 Laws 32, 36; 1997 Laws 32, 35; Law 38):
// an inadmissible call can never be accepted; "accepts" says so, rather
// than that nothing is pending.
func TestInadmissibleNotAccepted(t *testing.T) {
	for _, c := range []struct {
		name, log string
		ed        Edition
		seat      bridge.Seat
		want      string
	}{
		// S doubles his partner's bid (Law 19A1): inadmissible, never accepted (Law 32; 2017 36, 1997 35A).
		{"Law 36, 2017", "N 1C; E P; S X", y17, bridge.West, "36A"},
		{"Law 35A, 1997", "N 1C; E P; S X", y97, bridge.West, "35A"},
		// An inadmissible redouble that LHO already called over is not accepted afterwards either.
		{"Law 36A, 2017 (condoned)", "N 1NT; E X; S P; W XX; N P", y17, bridge.North, "36A"},
		// Law 38: a bid above seven.
		{"Law 38A, 2017", "N 8S", y17, bridge.East, "38A"},
	} {
		_, err := playLog(t, c.ed, c.log+"; "+c.seat.String()+" accepts")
		if !errors.Is(err, ErrNotAcceptable) || !strings.Contains(err.Error(), "never") || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want ErrNotAcceptable citing %s", c.name, err, c.want)
		}
	}
	// Nothing waiting: the old answer stands.
	if _, err := playLog(t, y17, "N 1C; E accepts"); !errors.Is(err, ErrNoDecision) {
		t.Errorf("no irregularity: %v, want ErrNoDecision", err)
	}
}

// TestRulingReads (issue 14 item 19): the ruling states its outcome once,
// in the Laws' terms; the notes carry no internal wording; a call made
// again appears once; information from one call is recorded once; a 1997
// ruling's own lead restriction is the resolved one.
func TestRulingReads(t *testing.T) {
	// 1997 31A2(b): the outcome is the rectification, not the steps to it.
	tb, err := playLog(t, y97, "E 1S; S declines; N 1C; E 1D; S 1H; W P; N 4H; E P; S P; W P; S requires S")
	if err != nil {
		t.Fatal(err)
	}
	res := tb.Result()
	r := res.Rulings[0]
	if r.Law != "31A2(b)" || strings.Contains(r.Outcome, "wait") || strings.Count(r.Outcome, "must pass") != 1 {
		t.Errorf("Law 31A2(b), 1997: outcome %q", r.Outcome)
	}
	for _, n := range r.Notes {
		if strings.Contains(n, "raised as") {
			t.Errorf("Law 31A2(b), 1997: internal note %q", n)
		}
	}
	// Law 26A2, 1997: the ruling's own restriction is the resolved one, with declarer's choice.
	if len(r.Rect.LeadRestrictions) != 1 || r.Rect.LeadRestrictions[0].Law != "26A2" || r.Rect.LeadRestrictions[0].Chosen == nil ||
		r.Rect.LeadRestrictions[0].Chosen.Kind != Require || len(r.Rect.LeadRestrictions[0].Choices) != 2 {
		t.Errorf("Law 26A2, 1997: the ruling's restriction %+v", r.Rect.LeadRestrictions)
	}

	// 2017 36C: the outcome says what happened, not what would have happened.
	tb, err = playLog(t, y17, "N 1NT; E X; S P; W XX; N P; E P; S P; lead; attention")
	if err != nil {
		t.Fatal(err)
	}
	r = tb.Result().Rulings[0]
	if r.Law != "36C" || strings.Contains(r.Outcome, "reverts") || !strings.Contains(r.Outcome, "as if") {
		t.Errorf("Law 36C, 2017: outcome %q", r.Outcome)
	}

	// 1997 35D: LHO called over a bid after the final pass: the outcome does
	// not also say that lead restrictions may apply.
	tb, err = playLog(t, y97, "N 1C; E P; S P; W P; E 2S; S P")
	if err != nil {
		t.Fatal(err)
	}
	r = tb.Result().Rulings[0]
	if r.Law != "35D" || strings.Contains(r.Outcome, "may apply") || !strings.Contains(r.Outcome, "without rectification") {
		t.Errorf("Law 35D, 1997: outcome %q", r.Outcome)
	}

	// Law 25A (1997) / 25A1 (2017): the replacement call appears once in the auction.
	for _, c := range []struct {
		ed  Edition
		log string
	}{{y97, "N 1C; N 1D; TD inadvertent"}, {y17, "N 1C; N 1D; TD unintended"}} {
		tb, err := playLog(t, c.ed, c.log)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, a := range tb.Result().Auction {
			if a.Seat == bridge.North && a.Call.String() == "1♦" {
				n++
			}
		}
		if n != 1 {
			t.Errorf("Law 25A, %v: the replacement 1♦ appears %d times in the auction", c.ed, n)
		}
	}

	// 2017 30B1: the cancelled pass is unauthorised information once (16C2), not again as 16C.
	tb, err = playLog(t, y17, "N 1C; W P; N declines; E 1S; S P; W 2H; TD not-comparable")
	if err != nil {
		t.Fatal(err)
	}
	r = tb.Rulings()[0]
	if len(r.Rect.Information) != 1 || r.Rect.Information[0].Law != "16C2" {
		t.Errorf("Law 30B1, 2017: information %+v, want the cancelled pass once under 16C2", r.Rect.Information)
	}
}

// TestCorrectionLetters (2017 Law 20F5; 1997 Law 75D2), checked against the
// texts: the explainer's partner may not correct during the auction
// (2017 20F5(a)); declarer or dummy corrects after the final pass (20F5(b)
// (ii)); a defender at the end of the play (20F5(b)(i)). The 1997 code has
// all of it in 75D2.
func TestCorrectionLetters(t *testing.T) {
	const ended = "N 1C; E P; S P; W P"
	for _, c := range []struct {
		name, log string
		ed        Edition
		law       string
	}{
		{"Law 20F5(a), 2017 (during the auction)", "N 1C; S corrects", y17, "20F5(a)"},
		{"Law 20F5(b)(ii), 2017 (dummy, after the final pass)", ended + "; S corrects", y17, "20F5(b)(ii)"},
		{"Law 20F5(b)(i), 2017 (defender)", ended + "; lead; end-of-play; E corrects", y17, "20F5(b)(i)"},
		{"Law 75D2, 1997 (during the auction)", "N 1C; S corrects", y97, "75D2"},
		{"Law 75D2, 1997 (defender)", ended + "; lead; end-of-play; E corrects", y97, "75D2"},
	} {
		tb, err := playLog(t, c.ed, c.log)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if r := tb.Rulings()[len(tb.Rulings())-1]; r.Law != c.law {
			t.Errorf("%s: law %s, want %s", c.name, r.Law, c.law)
		}
	}
}
