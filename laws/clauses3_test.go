package laws

import (
	"errors"
	"strings"
	"testing"

	"github.com/bridgetd/bridgetd/bridge"
)

// playLog runs a small log (header "dealer N") under ed.
func playLog(t *testing.T, ed Edition, log string) (*Table, error) {
	t.Helper()
	lg, err := ParseLog(strings.NewReader("dealer N\n" + strings.ReplaceAll(log, ";", "\n")))
	if err != nil {
		t.Fatalf("parse %q: %v", log, err)
	}
	return lg.Play(ed)
}

// legalAuction renders the calls that stand, e.g. "N 1♣, E 1♠".
func legalAuction(tb *Table) string {
	var p []string
	for _, e := range tb.Entries() {
		if e.Status == stLegal {
			p = append(p, e.String())
		}
	}
	return strings.Join(p, ", ")
}

func findRuling(tb *Table, law string) *Ruling {
	for _, r := range tb.Rulings() {
		if r.Law == law {
			return r
		}
	}
	return nil
}

// TestLaw38Lettering checks the 2017 lettering 38A–D and the effect of
// LHO's call before rectification in both codes.
func TestLaw38Lettering(t *testing.T) {
	for _, c := range []struct {
		name, log string
		ed        Edition
		law       string
		bars      string
		damage    string // damage checks, comma separated
		leads     int    // lead restrictions registered by the ruling
		auction   string
	}{
		// Law 38, 1997: cancelled, both members pass throughout, Law 23 and 26.
		{"Law 38, 1997", "N 8S; attention", y97, "38", "N:rest-of-auction S:rest-of-auction", "23", 1, "N Pass"},
		// Law 35C, 1997: LHO called: cancelled with later calls, pass substituted, no penalty.
		{"Law 35C, 1997", "N 8S; E P", y97, "35C", "", "", 0, "N Pass"},
		// Law 38B, 38C, 38D, 2017: attention drawn: bars, 72C and 26B may apply.
		{"Law 38C, 2017", "N 8S; attention", y17, "38C", "N:rest-of-auction S:rest-of-auction", "72C", 1, "N Pass"},
		// Law 38D, 2017: LHO called first: bars of 38C stand, no recourse to 72C or 26B.
		{"Law 38D, 2017", "N 8S; E P", y17, "38D", "N:rest-of-auction S:rest-of-auction", "", 0, "N Pass"},
	} {
		tb, err := playLog(t, c.ed, c.log)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		r := tb.Rulings()[0]
		if r.Law != c.law || barsString(r.Rect.Bars) != c.bars || strings.Join(r.Rect.DamageCheck, ",") != c.damage ||
			len(r.Rect.LeadRestrictions) != c.leads || legalAuction(tb) != c.auction {
			t.Errorf("%s: law %s bars %q damage %v leads %d auction %q; want %s %q %q %d %q", c.name, r.Law,
				barsString(r.Rect.Bars), r.Rect.DamageCheck, len(r.Rect.LeadRestrictions), legalAuction(tb),
				c.law, c.bars, c.damage, c.leads, c.auction)
		}
		if s, _ := tb.Turn(); s != bridge.East {
			t.Errorf("%s: turn %s, want E", c.name, s)
		}
	}
	// Law 38D, 2017: with no 72C check open, a finding about it is refused.
	if _, err := playLog(t, y17, "N 8S; E P; TD could-have-known"); !errors.Is(err, ErrNoDecision) {
		t.Errorf("Law 38D, 2017: could-have-known accepted: %v", err)
	}
}

// TestEnforcedPassAdjustment: the enforced-pass finding leads to the
// adjusted-score flag with the clause of the edition (1997 Law 23 with
// 12C2; 2017 Law 72C with 12C1(b)).
func TestEnforcedPassAdjustment(t *testing.T) {
	for _, c := range []struct {
		name, log, law string
		ed             Edition
		want           []string
	}{
		{"Law 23, 1997", "N 1C; W 1S; N declines; TD could-have-known", "31B", y97, []string{"Law 23", "72B1", "12C2"}},
		{"Law 72C, 2017", "W 1S; N declines; N 1C; E P; S P; W 1H; TD not-comparable; TD could-have-known", "31B", y17, []string{"Law 72C", "12C1(b)"}},
		{"Law 27D, 2017", "N 1NT nat; E 1C nat; S declines; E 2C nat; TD damaged", "27B1(a)", y17, []string{"27D", "12C1(b)"}},
		{"Law 27B1(b), 1997", "N 1NT nat; E 1C nat; S declines; E 2C nat; TD damaged", "27B1(a)", y97, []string{"27B1(b)", "12C2"}},
	} {
		tb, err := playLog(t, c.ed, c.log)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		r := findRuling(tb, c.law)
		if r == nil {
			t.Fatalf("%s: no ruling %s (%s)", c.name, c.law, lawsOf(tb))
		}
		for _, w := range c.want {
			if !strings.Contains(r.Rect.AdjustedScore, w) {
				t.Errorf("%s: adjusted score %q lacks %q", c.name, r.Rect.AdjustedScore, w)
			}
		}
	}
	// Law 23, 1997: could-not-have-known: no adjustment.
	tb, _ := playLog(t, y97, "N 1C; W 1S; N declines; TD could-not-have-known")
	if r := findRuling(tb, "31B"); r == nil || r.Rect.AdjustedScore != "" {
		t.Errorf("Law 23, 1997 (could not have known): %+v", r)
	}
}

// TestLaw21B2 offers the LHO's change after a change for misinformation
// as his option, in both codes.
func TestLaw21B2(t *testing.T) {
	const base = "N 1C; E P; S 2H; E 1S mi; TD misinformed"
	for _, ed := range []Edition{y97, y17} {
		// Law 21B1: E's change is allowed; S, who had called over it, chooses.
		tb, err := playLog(t, ed, base)
		if err != nil {
			t.Fatal(err)
		}
		if p := tb.Pending(); p == nil || p.Kind != NeedsOption || p.Holder == nil || *p.Holder != bridge.South || strings.Join(p.Answers, "/") != "keep/change" {
			t.Fatalf("Law 21B2, %v: pending %+v", ed, p)
		}
		// Law 21B2: S keeps his call.
		tb, _ = playLog(t, ed, base+"; S keeps")
		if got := legalAuction(tb); got != "N 1♣, E 1♠, S 2♥" {
			t.Errorf("Law 21B2 keep, %v: auction %q", ed, got)
		}
		// Law 21B2: S changes his call by calling again; damage check on the withdrawn call.
		tb, _ = playLog(t, ed, base+"; S 3H; TD damaged")
		r := tb.Rulings()[0]
		if r.Law != "21B2" || legalAuction(tb) != "N 1♣, E 1♠, S 3♥" || strings.Join(r.Rect.DamageCheck, ",") != "21B2" ||
			!strings.Contains(r.Rect.AdjustedScore, ed.pick("12C2", "12C1(b)")) {
			t.Errorf("Law 21B2 change, %v: %s %q %v %q", ed, r.Law, legalAuction(tb), r.Rect.DamageCheck, r.Rect.AdjustedScore)
		}
		if s, _ := tb.Turn(); s != bridge.West {
			t.Errorf("Law 21B2 change, %v: turn %s", ed, s)
		}
	}
}

// TestLaw25LHOCalled: what happens to LHO's call over a changed call.
func TestLaw25LHOCalled(t *testing.T) {
	for _, c := range []struct {
		name, log string
		ed        Edition
		law       string
		auction   string
		turn      string // "" when a decision is pending
		pending   string // answers of the pending decision
	}{
		// Law 25A6, 2017: LHO's option.
		{"Law 25A6, 2017 (option)", "N 1C; E P; N 1D change; TD unintended", y17, "25A1", "N 1♦", "", "keep/withdraw"},
		{"Law 25A6, 2017 (keep)", "N 1C; E P; N 1D change; TD unintended; E keeps", y17, "25A1", "N 1♦, E Pass", "S", ""},
		{"Law 25A6, 2017 (withdraw by calling)", "N 1C; E P; N 1D change; TD unintended; E 1H", y17, "25A6", "N 1♦, E 1♥", "S", ""},
		// Law 25A, 1997: no right to withdraw: LHO's call stands over the replacement.
		{"Law 25A, 1997 (LHO's call stands)", "N 1C; E P; N 1D change; TD inadvertent", y97, "25A", "N 1♦, E Pass", "S", ""},
		// Law 25A, 1997: LHO's call, now insufficient, is ruled under Law 27.
		{"Law 25A, 1997 (LHO's call now insufficient)", "N 1C; E 1D; N 1H change; TD inadvertent", y97, "25A", "N 1♥", "", "accept/decline"},
		// Law 25B1 second sentence, 1997: LHO called before attention was drawn.
		{"Law 25B1, 1997 (finding asked)", "N 1C; N 1D; TD purposeful; E P", y97, "25", "N 1♣", "", "over-substitute/over-original"},
		{"Law 25B1, 1997 (over substitute: acceptance)", "N 1C; N 1D; TD purposeful; E P; TD over-substitute", y97, "25B1", "N 1♦, E Pass", "S", ""},
		{"Law 25B1, 1997 (over original: LHO's option)", "N 1C; N 1D; TD purposeful; E 1H; TD over-original", y97, "25B1", "N 1♦, E 1♥", "", "keep/withdraw"},
		{"Law 25B1, 1997 (over original, keeps)", "N 1C; N 1D; TD purposeful; E 1H; TD over-original; E keeps", y97, "25B1", "N 1♦, E 1♥", "S", ""},
		{"Law 25B1, 1997 (over original, withdraws)", "N 1C; N 1D; TD purposeful; E 1H; TD over-original; E withdraws", y97, "25B1", "N 1♦", "E", ""},
		// Law 25B1, 2017: only an intentional call over the change accepts it: the Director finds.
		{"Law 25B1, 2017 (finding asked)", "N 1C; N 1D; TD intended; E P", y17, "25", "N 1♣", "", "intentional/not-intentional"},
		{"Law 25B1, 2017 (intentional: acceptance)", "N 1C; N 1D; TD intended; E P; TD intentional", y17, "25B1", "N 1♦, E Pass", "S", ""},
		// Law 25B2, 2017: not intentional: the change is cancelled, LHO's call stands over the first call.
		{"Law 25B2, 2017 (not intentional)", "N 1C; N 1D; TD intended; E P; TD not-intentional", y17, "25B2", "N 1♣, E Pass", "S", ""},
		// Law 25B2, 2017: not intentional, and LHO's 1D is insufficient over the first call 1H (Law 27).
		{"Law 25B2, 2017 (LHO's call now insufficient)", "N 1H; N 1C; TD intended; E 1D; TD not-intentional", y17, "25B2", "N 1♥", "", "accept/decline"},
	} {
		tb, err := playLog(t, c.ed, c.log)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		r := tb.Rulings()[0]
		if r.Law != c.law || legalAuction(tb) != c.auction {
			t.Errorf("%s: law %s auction %q, want %s %q", c.name, r.Law, legalAuction(tb), c.law, c.auction)
		}
		p := tb.Pending()
		switch {
		case c.pending != "" && (p == nil || strings.Join(p.Answers, "/") != c.pending):
			t.Errorf("%s: pending %+v, want %s", c.name, p, c.pending)
		case c.pending == "" && p != nil:
			t.Errorf("%s: unexpected pending %+v", c.name, p)
		case c.turn != "":
			if s, _ := tb.Turn(); s.String() != c.turn {
				t.Errorf("%s: turn %s, want %s", c.name, s, c.turn)
			}
		}
	}
}

// TestLaw11A: a non-offending player calls before the Director rules.
func TestLaw11A(t *testing.T) {
	for _, ed := range []Edition{y97, y17} {
		tb, err := playLog(t, ed, "N 1NT; E 1C; N 2C")
		if err != nil {
			t.Fatal(err)
		}
		if p := tb.Pending(); p == nil || p.Law != "11A" || strings.Join(p.Answers, "/") != "forfeited/not-forfeited" {
			t.Fatalf("Law 11A, %v: pending %+v", ed, p)
		}
		// Law 11A: forfeited: the insufficient bid stands as accepted; N's
		// 2C is then his own call out of rotation at partner's turn (Law 29).
		tb, _ = playLog(t, ed, "N 1NT; E 1C; N 2C; TD forfeited")
		if got := lawsOf(tb); got != ed.pick("27A,11A,29", "27A1,11A,29") {
			t.Errorf("Law 11A forfeited, %v: rulings %s", ed, got)
		}
		if got := legalAuction(tb); got != "N 1NT, E 1♣" {
			t.Errorf("Law 11A forfeited, %v: auction %q", ed, got)
		}
		// Law 11A: not forfeited: N's call is cancelled (9B2); S keeps the option.
		tb, _ = playLog(t, ed, "N 1NT; E 1C; N 2C; TD not-forfeited")
		if p := tb.Pending(); p == nil || p.Holder == nil || *p.Holder != bridge.South || !strings.HasPrefix(p.Law, "27") {
			t.Errorf("Law 11A not forfeited, %v: pending %+v", ed, p)
		}
	}
}

// TestLaw20Requests records proper requests without a ruling and rules on
// improper ones.
func TestLaw20Requests(t *testing.T) {
	for _, c := range []struct {
		name, log string
		law       string
		proper    bool
	}{
		{"Law 20A", "N 1C; S repeat", "20A", true},
		{"Law 20B (own turn)", "N 1C; E review", "20B", true},
		{"Law 20B (not his turn)", "N 1C; S review", "20B", false},
		{"Law 20B (required to pass)", "E P; S declines; N 1C; E review", "20B", false},
		{"Law 20F1 (own turn)", "N 1C; E explain", "20F1", true},
		{"Law 20F1 (not his turn)", "N 1C; W explain", "20F1", false},
		{"Law 20C2 (opening leader)", "N 1C; E P; S P; W P; E review", "20C2", true},
		{"Law 20C2 (dummy)", "N 1C; E P; S P; W P; S review", "20C2", false},
		{"Law 20F2 (defender)", "N 1C; E P; S P; W P; lead; W explain", "20F2", true},
	} {
		for _, ed := range []Edition{y97, y17} {
			tb, err := playLog(t, ed, c.log)
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			rq := tb.Requests()
			if len(rq) != 1 || rq[0].Law != c.law || rq[0].Proper != c.proper {
				t.Errorf("%s, %v: requests %+v", c.name, ed, rq)
			}
			r := findRuling(tb, c.law)
			if (r != nil) == c.proper {
				t.Errorf("%s, %v: ruling %v, proper %v", c.name, ed, r, c.proper)
			}
			if res := tb.Result(); len(res.Requests) != 1 {
				t.Errorf("%s, %v: result requests %v", c.name, ed, res.Requests)
			}
		}
	}
}

// TestLaw33 takes the in-turn call first whichever order the log gives.
func TestLaw33(t *testing.T) {
	for _, ed := range []Edition{y97, y17} {
		// Law 33: E's 1D made with N's opening 1C is deemed after it: in rotation.
		tb, err := playLog(t, ed, "E 1D; N 1C sim")
		if err != nil {
			t.Fatal(err)
		}
		if len(tb.Rulings()) != 0 || legalAuction(tb) != "N 1♣, E 1♦" {
			t.Errorf("Law 33, %v: rulings %s auction %q", ed, lawsOf(tb), legalAuction(tb))
		}
		for _, e := range tb.Entries() {
			if e.Seat == bridge.East && e.Law != "33" {
				t.Errorf("Law 33, %v: E's entry law %q", ed, e.Law)
			}
		}
		// Law 33: deemed subsequent, E's 1C is insufficient over 1D (Law 27).
		tb, _ = playLog(t, ed, "E 1C; N 1D sim")
		r := tb.Rulings()[0]
		if !strings.HasPrefix(r.Law, "27") || r.Offender != bridge.East || !strings.Contains(strings.Join(r.Notes, " "), "Law 33") {
			t.Errorf("Law 33 + 27, %v: %+v", ed, r)
		}
		// Law 33, written in turn order: the same.
		tb, _ = playLog(t, ed, "N 1D; E 1C sim")
		if r := tb.Rulings()[0]; !strings.HasPrefix(r.Law, "27") || r.Offender != bridge.East {
			t.Errorf("Law 33 (in order), %v: %+v", ed, r)
		}
	}
}

// TestLeadRestrictionCarried checks that declarer's choice of lead
// restriction is carried to the play (Law 26) and checked on the lead.
func TestLeadRestrictionCarried(t *testing.T) {
	// E bids 1S out of rotation at N's turn; S declines; N 1C; E 1D (not
	// the denomination: 1997 31A2(b), 2017 31A2(b) when not comparable).
	// S declares 4H; W, the offender's partner, is on lead.
	const auction97 = "E 1S; S declines; N 1C; E 1D; S 1H; W P; N 4H; E P; S P; W P"
	const auction17 = "E 1S; S declines; N 1C; E 1D; TD not-comparable; S 1H; W P; N 4H; E P; S P; W P"
	spadeK, heartA := bridge.NewCard(bridge.Spades, bridge.King), bridge.NewCard(bridge.Hearts, bridge.Ace)
	for _, c := range []struct {
		name, log string
		ed        Edition
		law       string
		kind      LeadKind
		duration  LeadDuration
		okCard    bridge.Card
		badCard   bridge.Card
	}{
		// Law 26A2, 1997: the withdrawn 1S specified spades, not specified legally: require or prohibit.
		{"Law 26A2, 1997 (require)", auction97 + "; S requires S", y97, "26A2", Require, FirstLead, spadeK, heartA},
		{"Law 26A2, 1997 (prohibit)", auction97 + "; S prohibits S", y97, "26A2", Prohibit, WhileOnLead, heartA, spadeK},
		// Law 26B, 2017: prohibit any one suit the offender did not specify legally.
		{"Law 26B, 2017", auction17 + "; S prohibits S", y17, "26B", Prohibit, WhileOnLead, heartA, spadeK},
	} {
		tb, err := playLog(t, c.ed, c.log)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		res := tb.Result()
		if res.Contract == nil || res.Contract.Contract != (bridge.Contract{Level: 4, Strain: bridge.HeartsStrain}) || *res.Contract.Declarer != bridge.South || len(res.LeadRestrictions) != 1 {
			t.Fatalf("%s: contract %+v restrictions %+v", c.name, res.Contract, res.LeadRestrictions)
		}
		lr := res.LeadRestrictions[0]
		if lr.Law != c.law || lr.Player != bridge.West || lr.Status != LeadChosen || lr.Chosen == nil || lr.Chosen.Kind != c.kind ||
			lr.Chosen.Suit != bridge.Spades || lr.Chosen.Duration != c.duration || lr.Chosen.Applies != OpeningLead {
			t.Errorf("%s: restriction %+v", c.name, lr)
		}
		if err := tb.CheckLead(c.okCard); err != nil {
			t.Errorf("%s: lead %s refused: %v", c.name, c.okCard, err)
		}
		if err := tb.CheckLead(c.badCard); !errors.Is(err, ErrLeadRestricted) {
			t.Errorf("%s: lead %s allowed: %v", c.name, c.badCard, err)
		}
		// In the log: W's opening lead is checked.
		if _, err := playLog(t, c.ed, c.log+"; W leads "+c.badCard.ASCII()); !errors.Is(err, ErrLeadRestricted) {
			t.Errorf("%s: logged lead %s: %v", c.name, c.badCard, err)
		}
		if _, err := playLog(t, c.ed, c.log+"; W leads "+c.okCard.ASCII()); err != nil {
			t.Errorf("%s: logged lead %s: %v", c.name, c.okCard, err)
		}
	}
	// Law 26A2, 1997: a player void in the required suit may lead any card.
	tb, _ := playLog(t, y97, auction97+"; S requires S")
	noSpades := bridge.Hand(0).With(heartA).With(bridge.NewCard(bridge.Clubs, bridge.Two))
	if err := tb.CheckLeadFrom(noSpades, heartA); err != nil {
		t.Errorf("Law 26A2, 1997 (void): %v", err)
	}
	// Law 26: before declarer chooses, the lead waits for his choice.
	tb, _ = playLog(t, y17, auction17)
	if err := tb.CheckLead(heartA); !errors.Is(err, ErrLeadChoicePending) {
		t.Errorf("Law 26B, 2017 (no choice yet): %v", err)
	}
	// The choice belongs to declarer (Law 26): N's is refused.
	if _, err := playLog(t, y17, auction17+"; N prohibits S"); !errors.Is(err, ErrNoDecision) {
		t.Errorf("Law 26B, 2017 (dummy chooses): %v", err)
	}
}
