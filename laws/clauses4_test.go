package laws

import (
	"errors"
	"strings"
	"testing"

	"github.com/bridgetd/bridgetd/bridge"
)

// ended3 is an auction that ends with S declaring 1H (N dummy) and E the
// last to pass: N 1C, E P, S 1H, W P, N P, E P.
const ended3 = "N 1C; E P; S 1H; W P; N P; E P"

// TestLaw20LeadAndPurpose: the opening-lead inquiry (20C1) and questions
// asked for partner's benefit (2017 20G1; 1997 73B1).
func TestLaw20LeadAndPurpose(t *testing.T) {
	for _, c := range []struct {
		name, log string
		ed        Edition
		law       string
		proper    bool
		ui        string // law of the unauthorised-information flag, if any
	}{
		// Law 20C1: after the final pass a defender may ask whether it is his lead.
		{"Law 20C1, 1997 (defender)", ended3 + "; W my-lead", y97, "20C1", true, ""},
		{"Law 20C1, 2017 (defender)", ended3 + "; W my-lead", y17, "20C1", true, ""},
		// Law 20C1: declarer or dummy has no such question.
		{"Law 20C1, 1997 (dummy)", ended3 + "; N my-lead", y97, "20C1", false, ""},
		{"Law 20C1, 2017 (declarer)", ended3 + "; S my-lead", y17, "20C1", false, ""},
		// Law 20C1: not during the auction, nor after the lead is faced, nor on a passed-out board.
		{"Law 20C1, 2017 (during the auction)", "N 1C; E my-lead", y17, "20C1", false, ""},
		{"Law 20C1, 1997 (lead faced)", ended3 + "; lead; W my-lead", y97, "20C1", false, ""},
		{"Law 20C1, 2017 (passed out)", "N P; E P; S P; W P; E my-lead", y17, "20C1", false, ""},
		// Law 20A: a call not clearly heard may be repeated forthwith, at any time.
		{"Law 20A, 2017", "N 1C; W repeat", y17, "20A", true, ""},
		// 2017 Law 20G1: a question asked solely for partner's benefit; UI under 16B.
		{"Law 20G1, 2017 (explain for partner)", "N 1C; E explain for-partner", y17, "20G1", false, "16B"},
		{"Law 20G1, 2017 (review for partner, after the final pass)", ended3 + "; W review for-partner", y17, "20G1", false, "16B"},
		// 1997 has no 20G: communication by a question asked, 73B1, UI under 16A.
		{"Law 73B1, 1997 (explain for partner)", "N 1C; E explain for-partner", y97, "73B1", false, "16A"},
		// Law 20F1: out of turn and for partner: ruled on the timing, with the UI flag.
		{"Law 20F1, 2017 (not his turn, for partner)", "N 1C; W explain for-partner", y17, "20F1", false, "16B"},
	} {
		tb, err := playLog(t, c.ed, c.log)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		rq := tb.Requests()
		if len(rq) != 1 || rq[0].Law != c.law || rq[0].Proper != c.proper {
			t.Errorf("%s: requests %+v", c.name, rq)
			continue
		}
		r := findRuling(tb, c.law)
		if (r != nil) == c.proper {
			t.Errorf("%s: ruling %+v, proper %v", c.name, r, c.proper)
		}
		if c.ui == "" {
			if r != nil && len(r.Rect.Information) != 0 {
				t.Errorf("%s: unexpected information flag %+v", c.name, r.Rect.Information)
			}
			continue
		}
		asker := rq[0].Seat
		if rq[0].Purpose != ForPartner || len(r.Rect.Information) != 1 || r.Rect.Information[0].Law != c.ui ||
			r.Rect.Information[0].Unauthorised != asker.Side() || strings.Join(r.Rect.DamageCheck, ",") != c.ui {
			t.Errorf("%s: request %+v ruling %+v", c.name, rq[0], r.Rect)
		}
		// The damage check leads to an adjusted score (1997 12C2; 2017 12C1(b)).
		tb, _ = playLog(t, c.ed, c.log+"; TD damaged")
		if r := findRuling(tb, c.law); r == nil || !strings.Contains(r.Rect.AdjustedScore, c.ed.pick("12C2", "12C1(b)")) {
			t.Errorf("%s: adjusted score %+v", c.name, r)
		}
	}
	// A "for-partner" qualifier fits only review and explain.
	for _, bad := range []string{"E my-lead for-partner", "E repeat for-partner", "E explain for-him", "E corrects now"} {
		if _, err := ParseLog(strings.NewReader("N 1C\n" + bad + "\n")); !errors.Is(err, ErrSyntax) {
			t.Errorf("%q: %v, want a syntax error", bad, err)
		}
	}
}

// TestLaw20Correction: the explainer's partner corrects a mistaken
// explanation (1997 75D2; 2017 20F5), in time or not.
func TestLaw20Correction(t *testing.T) {
	for _, c := range []struct {
		name, log string
		ed        Edition
		law       string
		damage    string // damage checks, comma separated
		ui        string // law of the UI flag
		pending   string // holder and answers of the pending decision
		auction   string
	}{
		// 2017 20F5(a), 1997 75D2: not during the auction: UI for partner.
		{"Law 20F5(a), 2017 (during the auction)", "N 1C; E P; S corrects", y17, "20F5(a)", "16B", "16B", "", "N 1♣, E Pass"},
		{"Law 75D2, 1997 (during the auction)", "N 1C; E P; S corrects", y97, "75D2", "16A", "16A", "", "N 1♣, E Pass"},
		// 2017 20F5(b)(ii): declarer (or dummy) after the final pass: E, whose
		// partner has not called since his pass, may change it (21B1).
		{"Law 20F5(b)(ii), 2017 (declarer)", ended3 + "; S corrects", y17, "20F5(b)(ii)", "", "", "E keep/change", "N 1♣, E Pass, S 1♥, W Pass, N Pass, E Pass"},
		{"Law 75D2, 1997 (dummy)", ended3 + "; N corrects", y97, "75D2", "", "", "E keep/change", "N 1♣, E Pass, S 1♥, W Pass, N Pass, E Pass"},
		// Law 21B1 after the correction: E keeps: adjusted score only (2017 40B4; 1997 40C).
		{"Law 20F5(b)(ii), 2017 (E keeps)", ended3 + "; S corrects; E keeps", y17, "20F5(b)(ii)", "40B4", "", "", "N 1♣, E Pass, S 1♥, W Pass, N Pass, E Pass"},
		{"Law 75D2, 1997 (E keeps)", ended3 + "; S corrects; E keeps", y97, "75D2", "40C", "", "", "N 1♣, E Pass, S 1♥, W Pass, N Pass, E Pass"},
		// Law 21B1: E changes by calling; the Director finds the misinformation.
		{"Law 21B1 after 20F5(b)(ii), 2017 (E calls)", ended3 + "; S corrects; E 2C", y17, "20F5(b)(ii)", "", "", "- misinformed/not-misinformed", "N 1♣, E Pass, S 1♥, W Pass, N Pass, E Pass"},
		{"Law 21B1 after 20F5(b)(ii), 2017 (changed)", ended3 + "; S corrects; E 2C; TD misinformed", y17, "20F5(b)(ii)", "", "", "", "N 1♣, E Pass, S 1♥, W Pass, N Pass, E 2♣"},
		{"Law 21B1 after 75D2, 1997 (E changes, then calls)", ended3 + "; S corrects; E changes; E 2C; TD misinformed", y97, "75D2", "", "", "", "N 1♣, E Pass, S 1♥, W Pass, N Pass, E 2♣"},
		// Too late for the declaring side (the lead is faced): 21B3, and the adjustment route.
		{"Law 20F5(b)(ii), 2017 (late)", ended3 + "; lead; S corrects", y17, "20F5(b)(ii)", "21B3,40B4", "", "", "N 1♣, E Pass, S 1♥, W Pass, N Pass, E Pass"},
		{"Law 75D2, 1997 (late)", ended3 + "; lead; S corrects", y97, "75D2", "21B3,40C", "", "", "N 1♣, E Pass, S 1♥, W Pass, N Pass, E Pass"},
		// 2017 20F5(b)(i): a defender corrects at the end of the play, not before.
		{"Law 20F5(b)(i), 2017 (defender, too early)", ended3 + "; lead; W corrects", y17, "20F5(b)(i)", "16B", "16B", "", "N 1♣, E Pass, S 1♥, W Pass, N Pass, E Pass"},
		{"Law 20F5(b)(i), 2017 (defender, end of play)", ended3 + "; lead; end-of-play; W corrects", y17, "20F5(b)(i)", "21B3,40B4", "", "", "N 1♣, E Pass, S 1♥, W Pass, N Pass, E Pass"},
		{"Law 75D2, 1997 (defender, end of play)", ended3 + "; end-of-play; E corrects", y97, "75D2", "21B3,40C", "", "", "N 1♣, E Pass, S 1♥, W Pass, N Pass, E Pass"},
	} {
		tb, err := playLog(t, c.ed, c.log)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		r := tb.Rulings()[0]
		var ui []string
		for _, in := range r.Rect.Information {
			ui = append(ui, in.Law)
		}
		if r.Law != c.law || strings.Join(r.Rect.DamageCheck, ",") != c.damage || strings.Join(ui, ",") != c.ui || legalAuction(tb) != c.auction {
			t.Errorf("%s: law %s damage %v ui %v auction %q; want %s %q %q %q", c.name, r.Law, r.Rect.DamageCheck, ui, legalAuction(tb),
				c.law, c.damage, c.ui, c.auction)
		}
		p := tb.Pending()
		switch {
		case c.pending == "" && p != nil:
			t.Errorf("%s: unexpected pending %+v", c.name, p)
		case c.pending != "":
			holder := "-"
			if p != nil && p.Holder != nil {
				holder = p.Holder.String()
			}
			if p == nil || holder+" "+strings.Join(p.Answers, "/") != c.pending {
				t.Errorf("%s: pending %+v, want %s", c.name, p, c.pending)
			}
		}
	}
	// The play ends only after the auction has ended.
	if _, err := playLog(t, y17, "N 1C; end-of-play"); !errors.Is(err, ErrBadEvent) {
		t.Errorf("end-of-play during the auction: %v", err)
	}
	// Law 21B1: after the change, the auction goes on from E's new call.
	tb, _ := playLog(t, y17, ended3+"; S corrects; E 2C; TD misinformed")
	if s, ok := tb.Turn(); !ok || s != bridge.South {
		t.Errorf("Law 21B1 after 20F5(b)(ii): turn %s %v, want S", s, ok)
	}
}

// TestLaw11AOffenderToCall: a non-offending player calls while the
// offender must still make his call (27B, 36): the Director finds whether
// the right to rectification is forfeited (Law 11A, both codes).
func TestLaw11AOffenderToCall(t *testing.T) {
	for _, c := range []struct {
		name, log string
		ed        Edition
		law       string // the ruling on the first irregularity
		bars      string // its bars
		wBarred   bool
		leads     int // its lead restrictions
	}{
		// Law 11A, 1997: not forfeited: E's pass replaces 1C, W passes throughout (27B2).
		{"Law 11A not forfeited, 27B2, 1997", "N 1NT; E 1C; S declines; S 2C; TD not-forfeited; E P", y97, "27B2", "W:rest-of-auction", true, 1},
		// Law 11A, 1997: forfeited: no bar and no lead restriction follow.
		{"Law 11A forfeited, 27B2, 1997", "N 1NT; E 1C; S declines; S 2C; TD forfeited; E P", y97, "27B2", "", false, 0},
		// Law 11A, 2017: the same (27B2), with the 23A finding.
		{"Law 11A not forfeited, 27B, 2017", "N 1NT; E 1C; S declines; S 2C; TD not-forfeited; E P; TD not-comparable", y17, "27B2", "W:rest-of-auction", true, 1},
		{"Law 11A forfeited, 27B, 2017", "N 1NT; E 1C; S declines; S 2C; TD forfeited; E P; TD not-comparable", y17, "27B2", "", false, 0},
		// Law 11A with an inadmissible redouble (1997 36, 2017 36B): the bar already imposed is lifted.
		{"Law 11A not forfeited, 36, 1997", "N 1C; E XX; attention; S 1H; TD not-forfeited; E P", y97, "36", "W:rest-of-auction", true, 1},
		{"Law 11A forfeited, 36, 1997", "N 1C; E XX; attention; S 1H; TD forfeited; E P", y97, "36", "", false, 0},
		{"Law 11A forfeited, 36B, 2017", "N 1C; E XX; attention; S 1H; TD forfeited; E P", y17, "36B", "", false, 0},
	} {
		tb, err := playLog(t, c.ed, c.log)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		r := tb.Rulings()[0]
		if r.Law != c.law || barsString(r.Rect.Bars) != c.bars || len(r.Rect.LeadRestrictions) != c.leads ||
			tb.requiredToPass(bridge.West) != c.wBarred {
			t.Errorf("%s: law %s bars %q leads %d W barred %v; want %s %q %d %v (rulings %s)", c.name, r.Law, barsString(r.Rect.Bars),
				len(r.Rect.LeadRestrictions), tb.requiredToPass(bridge.West), c.law, c.bars, c.leads, c.wBarred, lawsOf(tb))
		}
		f := findRuling(tb, "11A")
		if f == nil && strings.Contains(c.log, "TD forfeited") {
			t.Errorf("%s: no 11A ruling (%s)", c.name, lawsOf(tb))
		}
		// S's call is cancelled either way: it was E's turn.
		for _, e := range tb.Entries() {
			if e.Seat == bridge.South && e.Status != stCancelled {
				t.Errorf("%s: S's premature call stands: %+v", c.name, e)
			}
		}
		if s, _ := tb.Turn(); s != bridge.South {
			t.Errorf("%s: turn %s, want S", c.name, s)
		}
	}
	// Law 11A: the finding is asked before anything else happens.
	for _, ed := range []Edition{y97, y17} {
		tb, _ := playLog(t, ed, "N 1NT; E 1C; S declines; S 2C")
		if p := tb.Pending(); p == nil || p.Law != "11A" || strings.Join(p.Answers, "/") != "forfeited/not-forfeited" {
			t.Errorf("Law 11A (27B), %v: pending %+v", ed, p)
		}
		// The offender's partner calling is not a non-offender's action: 9B2/9C only.
		tb, _ = playLog(t, ed, "N 1NT; E 1C; S declines; W 2C")
		if p := tb.Pending(); p == nil || p.Law == "11A" || findRuling(tb, "9B2") == nil {
			t.Errorf("Law 9B2 (27B, offender's partner), %v: pending %+v rulings %s", ed, p, lawsOf(tb))
		}
	}
}
