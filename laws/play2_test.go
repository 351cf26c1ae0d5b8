package laws

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/bridgetd/bridgetd/bridge"
)

// The deal of playHeader, for reading the cases below:
//
//	N ♠AKQ2 ♥AKQ ♦AK2 ♣432     E ♠JT9 ♥JT9 ♦JT9 ♣JT98
//	S ♠876 ♥876 ♦876 ♣AKQ7     W ♠543 ♥5432 ♦Q543 ♣65
//
// N declares 1NT, S is dummy; after trick1 dummy is on lead.

// card reads a card written as in bridge.ParseCard.
func card(t *testing.T, s string) bridge.Card {
	t.Helper()
	c, err := bridge.ParseCard(s)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// agreedRest ends the play at trick 2 by an agreed claim of the rest.
const agreedRest = "N claims 12\nE agrees\nW agrees\nend-of-play\n"

func lastRuling(p *Play) *Ruling { rs := p.Rulings(); return rs[len(rs)-1] }

func hasDamageCheck(r *Ruling, law string) bool {
	for _, l := range r.Rect.DamageCheck {
		if l == law {
			return true
		}
	}
	return false
}

// TestPlayLawsPart2 rules, from the table log, the play laws of issue 17
// not covered by TestPlayIrregularities: each case names its clause.
func TestPlayLawsPart2(t *testing.T) {
	both := []Edition{Edition1997, Edition2017}
	e17, e97 := []Edition{Edition2017}, []Edition{Edition1997}
	cases := []struct {
		name  string
		eds   []Edition
		body  string
		laws  map[Edition]string // the rulings' clauses in order, by code
		check func(t *testing.T, p *Play, tb *Table)
	}{
		// Law 45C3: a card of dummy's touched by declarer is played.
		{"45C3", both, trick1 + "N touches S6\n", map[Edition]string{0: "45C3"}, func(t *testing.T, p *Play, _ *Table) {
			if tr := p.Tricks()[1]; tr.N != 1 || tr.Cards[0] != card(t, "S6") || p.Hand(bridge.South).Has(card(t, "S6")) {
				t.Errorf("trick 2 %v: want dummy's ♠6 led", tr.String())
			}
		}},
		// Law 45C1: a defender's card held where partner could see it is played.
		{"45C1", both, trick1 + "S plays S6\nW holds S3\n", map[Edition]string{0: "45C1"}, func(t *testing.T, p *Play, _ *Table) {
			if tr := p.Tricks()[1]; tr.N != 2 || tr.Cards[1] != card(t, "S3") {
				t.Errorf("trick 2 %v: want W's ♠3 played", tr.String())
			}
		}},
		// Law 45C2: declarer's card held face up is played.
		{"45C2", both, "E plays CJ\nS plays CA\nW plays C5\nN holds C2\n", map[Edition]string{0: "45C2"}, func(t *testing.T, p *Play, _ *Table) {
			if p.Won(bridge.NS) != 1 {
				t.Errorf("won %d: want trick 1 complete and won by N-S", p.Won(bridge.NS))
			}
		}},
		// Law 45C4(a), 46A: a complete designation is dummy's play; no ruling.
		{"45C4(a) named", both, "E plays CJ\nN names CK\n", map[Edition]string{0: ""}, func(t *testing.T, p *Play, _ *Table) {
			if tr := p.Tricks()[0]; tr.N != 2 || tr.Cards[1] != card(t, "CK") {
				t.Errorf("trick 1 %v: want ♣K from dummy", tr.String())
			}
		}},
		// Law 46B1(a): "high" is the highest card of the suit led.
		{"46B1(a)", both, "E plays CJ\nN names high\n", map[Edition]string{0: "46B1(a)"}, func(t *testing.T, p *Play, _ *Table) {
			if tr := p.Tricks()[0]; tr.Cards[1] != card(t, "CA") {
				t.Errorf("trick 1 %v: want ♣A", tr.String())
			}
		}},
		// Law 46B1(b): "win" is the lowest card known to win: ♣Q, as no
		// unseen club beats it.
		{"46B1(b)", both, "E plays CJ\nN names win\n", map[Edition]string{0: "46B1(b)"}, func(t *testing.T, p *Play, _ *Table) {
			if tr := p.Tricks()[0]; tr.Cards[1] != card(t, "CQ") {
				t.Errorf("trick 1 %v: want ♣Q", tr.String())
			}
		}},
		// Law 46B1(b) when dummy leads: the text does not exclude a lead;
		// in no trumps ♣Q is known to win (the ♣A is gone, dummy holds the
		// ♣K, no unseen club is higher), the lowest such card.
		{"46B1(b) on lead", both, trick1 + "N names win\n", map[Edition]string{0: "46B1(b)"}, func(t *testing.T, p *Play, _ *Table) {
			if tr := p.Tricks()[1]; tr.N != 1 || tr.Cards[0] != card(t, "CQ") {
				t.Errorf("trick 2 %v: want dummy's ♣Q led", tr.String())
			}
		}},
		// Law 46B1(b): E leads ♠9 at trick 5; no card of dummy's (♠876,
		// ♥876, ♦876) beats it: nothing is known to win, the call is void.
		{"46B1(b) nothing known", both, trick1 + "S plays CK\nW plays C6\nN plays C3\nE plays C8\nS plays CQ\nW plays D3\nN plays C4\nE plays C9\nS plays C7\nW plays D4\nN plays S2\nE plays CT\nE plays S9\nN names win\n", map[Edition]string{0: "46B1(b)"}, func(t *testing.T, p *Play, _ *Table) {
			if tr := p.Tricks()[4]; tr.N != 1 || p.Turn() != bridge.South {
				t.Errorf("trick 5 %v: want ♠9 alone and dummy to play", tr.String())
			}
		}},
		// Law 46B1(c): "low" is the lowest card of the suit led.
		{"46B1(c)", both, "E plays CJ\nN names low\n", map[Edition]string{0: "46B1(c)"}, func(t *testing.T, p *Play, _ *Table) {
			if tr := p.Tricks()[0]; tr.Cards[1] != card(t, "C7") {
				t.Errorf("trick 1 %v: want ♣7", tr.String())
			}
		}},
		// Law 46B2: a suit alone is its lowest card.
		{"46B2", both, trick1 + "N names H\n", map[Edition]string{0: "46B2"}, func(t *testing.T, p *Play, _ *Table) {
			if tr := p.Tricks()[1]; tr.Cards[0] != card(t, "H6") {
				t.Errorf("trick 2 %v: want ♥6", tr.String())
			}
		}},
		// Law 46B3(a): a rank alone when leading continues the suit dummy won with (clubs).
		{"46B3(a)", both, trick1 + "N names K\n", map[Edition]string{0: "46B3(a)"}, func(t *testing.T, p *Play, _ *Table) {
			if tr := p.Tricks()[1]; tr.Cards[0] != card(t, "CK") {
				t.Errorf("trick 2 %v: want ♣K", tr.String())
			}
		}},
		// Law 46B3(b): the only card of that rank dummy may legally play.
		{"46B3(b) one", both, "E plays CJ\nN names 7\n", map[Edition]string{0: "46B3(b)"}, func(t *testing.T, p *Play, _ *Table) {
			if tr := p.Tricks()[0]; tr.Cards[1] != card(t, "C7") {
				t.Errorf("trick 1 %v: want ♣7", tr.String())
			}
		}},
		// Law 46B3(b): several eights and no club eight: declarer says which.
		{"46B3(b) several", both, trick1 + "N names 8\nN designates H8\n", map[Edition]string{0: "46B3(b)"}, func(t *testing.T, p *Play, _ *Table) {
			if tr := p.Tricks()[1]; tr.N != 1 || tr.Cards[0] != card(t, "H8") {
				t.Errorf("trick 2 %v: want ♥8", tr.String())
			}
		}},
		// Law 46B4: a card not in dummy: void, declarer designates again.
		{"46B4", both, trick1 + "N names SA\n", map[Edition]string{0: "46B4"}, func(t *testing.T, p *Play, _ *Table) {
			if p.Tricks()[1].N != 0 || p.PendingOption() != nil {
				t.Errorf("want nothing played and nothing pending")
			}
		}},
		// Law 46B5: neither suit nor rank: either defender designates.
		{"46B5", both, trick1 + "N names any\nW designates H6\n", map[Edition]string{0: "46B5"}, func(t *testing.T, p *Play, _ *Table) {
			if tr := p.Tricks()[1]; tr.N != 1 || tr.Cards[0] != card(t, "H6") {
				t.Errorf("trick 2 %v: want ♥6 designated by W", tr.String())
			}
		}},
		// Law 45C4(b): an unintended designation changed before declarer plays
		// again; W's card played in turn after it goes back (2017 47D; 1997 47E).
		{"45C4(b)", both, "E plays CJ\nS plays CA\nW plays C5\nN changes-designation CK\n", map[Edition]string{0: "45C4(b)"}, func(t *testing.T, p *Play, _ *Table) {
			tr := p.Tricks()[0]
			if tr.N != 2 || tr.Cards[1] != card(t, "CK") || !p.Hand(bridge.West).Has(card(t, "C5")) || p.Turn() != bridge.West {
				t.Errorf("trick 1 %v turn %s: want ♣K for ♣A and W to play again", tr.String(), p.Turn())
			}
		}},
		// Law 45C4(a): too late once declarer has played again.
		{"45C4(b) too late", both, "E plays CJ\nS plays CA\nW plays C5\nN plays C2\nN changes-designation CK\n", map[Edition]string{0: "45C4(a)"}, func(t *testing.T, p *Play, _ *Table) {
			if !p.Hand(bridge.South).Has(card(t, "CK")) {
				t.Errorf("♣K left dummy: want ♣A to stay played")
			}
		}},
		// Law 45D: a card dummy played unnamed is withdrawn in time.
		{"45D withdrawn", both, "E plays CJ\nS plays C7\nS misplaced C7\n", map[Edition]string{0: "45D"}, func(t *testing.T, p *Play, _ *Table) {
			if !p.Hand(bridge.South).Has(card(t, "C7")) || p.Turn() != bridge.South {
				t.Errorf("want ♣7 back in dummy and dummy to play")
			}
		}},
		// Law 45D: too late once each side has played to the next trick.
		{"45D too late", both, trick1 + "S plays S6\nW plays S3\nN plays SA\nE plays S9\nN plays HA\nE plays H9\nS misplaced S6\n", map[Edition]string{0: "45D"}, func(t *testing.T, p *Play, _ *Table) {
			if p.Hand(bridge.South).Has(card(t, "S6")) {
				t.Errorf("♠6 went back: want it to stay played")
			}
		}},
		// Law 45E1: a defender's fifth card is a penalty card (minor, below honour rank).
		{"45E1", both, trick1 + "S plays S6\nW plays S3\nW adds H2\n", map[Edition]string{0: "45E1"}, func(t *testing.T, p *Play, _ *Table) {
			if pc := p.PenaltyCards(); len(pc) != 1 || pc[0].Card != card(t, "H2") || pc[0].Major {
				t.Errorf("penalty %v: want W ♥2 minor", pc)
			}
		}},
		// Law 45E2: declarer's fifth card goes back.
		{"45E2", both, "E plays CJ\nS plays CA\nW plays C5\nN plays C2\nN adds C3\n", map[Edition]string{0: "45E2"}, func(t *testing.T, p *Play, _ *Table) {
			if len(p.PenaltyCards()) != 0 || !p.Hand(bridge.North).Has(card(t, "C3")) {
				t.Errorf("want no penalty card and ♣3 in N's hand")
			}
		}},
		// Law 45F: dummy indicates a card: a damage check, answered at the table (Law 12).
		{"45F", both, trick1 + "S suggests S6\nS plays S6\nTD damaged\n", map[Edition]string{0: "45F"}, func(t *testing.T, p *Play, _ *Table) {
			r := p.Rulings()[0]
			if !hasDamageCheck(r, "45F") || r.Rect.AdjustedScore == "" {
				t.Errorf("ruling %+v: want a 45F damage check answered with an adjusted score", r.Rect)
			}
		}},
		// Law 47E1: a lead out of turn after an opponent said it was his turn.
		{"47E1", both, trick1 + "W plays H2\nW retracts H2 turn\n", map[Edition]string{0: "56 47E1"}, func(t *testing.T, p *Play, _ *Table) {
			if p.PendingOption() != nil || len(p.PenaltyCards()) != 0 || !p.Hand(bridge.West).Has(card(t, "H2")) || p.Turn() != bridge.South {
				t.Errorf("want the lead retracted, no option, no penalty card, dummy on lead")
			}
		}},
		// Law 47E2(a): after a mistaken explanation, no card played since.
		{"47E2(a)", both, trick1 + "S plays S6\nW plays S3\nW retracts S3 explanation\n", map[Edition]string{0: "47E2(a)"}, func(t *testing.T, p *Play, _ *Table) {
			if !p.Hand(bridge.West).Has(card(t, "S3")) || p.Turn() != bridge.West {
				t.Errorf("want ♠3 back and W to play")
			}
		}},
		// Law 47E2(b): a card played since: too late, damage check.
		{"47E2(b)", both, trick1 + "S plays S6\nW plays S3\nN plays S2\nW retracts S3 explanation\n", map[Edition]string{0: "47E2(b)"}, func(t *testing.T, p *Play, _ *Table) {
			if p.Hand(bridge.West).Has(card(t, "S3")) || !hasDamageCheck(lastRuling(p), "47E2(b)") {
				t.Errorf("want ♠3 to stay played and a damage check")
			}
		}},
		// 1997 47F, 2017 47F2: otherwise a played card stays played.
		{"47F", both, trick1 + "S plays S6\nW plays S3\nW retracts S3\n", map[Edition]string{Edition1997: "47F", Edition2017: "47F2"}, func(t *testing.T, p *Play, _ *Table) {
			if p.Hand(bridge.West).Has(card(t, "S3")) {
				t.Errorf("♠3 went back")
			}
		}},
		// Law 48B1: declarer faces his cards after an opening lead out of turn: 54A.
		{"48B1", both, "W leads D3\nN faces\n", map[Edition]string{0: "54A"}, func(t *testing.T, p *Play, _ *Table) {
			if p.Declarer() != bridge.South {
				t.Errorf("declarer %s, want S (54A)", p.Declarer())
			}
		}},
		// Law 48B2: declarer faces his cards: a claim, here agreed (69A).
		{"48B2", both, trick1 + "N faces\nE agrees\nW agrees\n", map[Edition]string{0: "48B2"}, func(t *testing.T, p *Play, _ *Table) {
			if p.Claim() == nil || p.DeclarerTricks() != 13 {
				t.Errorf("claim %v tricks %d: want an agreed claim of the rest", p.Claim(), p.DeclarerTricks())
			}
		}},
		// Law 58A: W's card played with dummy's lead is deemed to follow it.
		{"58A", both, trick1 + "W plays S3\nS plays S6 sim\n", map[Edition]string{0: "58A"}, func(t *testing.T, p *Play, _ *Table) {
			tr := p.Tricks()[1]
			if tr.N != 2 || tr.Cards[0] != card(t, "S6") || tr.Cards[1] != card(t, "S3") {
				t.Errorf("trick 2 %v: want dummy's ♠6 first", tr.String())
			}
		}},
		// Law 58B1: only one face seen: no rectification.
		{"58B1", both, trick1 + "S plays S6\nW plays S3 hidden S4\n", map[Edition]string{0: "58B1"}, func(t *testing.T, p *Play, _ *Table) {
			if len(p.PenaltyCards()) != 0 || !p.Hand(bridge.West).Has(card(t, "S4")) {
				t.Errorf("want no penalty card")
			}
		}},
		// Law 58B2: the other card seen is a penalty card (an honour: major).
		{"58B2", both, trick1 + "S plays S6\nW plays S3 also DQ\n", map[Edition]string{0: "58B2"}, func(t *testing.T, p *Play, _ *Table) {
			if pc := p.PenaltyCards(); len(pc) != 1 || pc[0].Card != card(t, "DQ") || !pc[0].Major {
				t.Errorf("penalty %v: want W ♦Q major", pc)
			}
		}},
		// Law 59: W has no club left when declarer requires his highest (57A1).
		{"59", both, trick1 + "S plays CK\nW plays C6\nN plays C3\nE plays C9\nS plays CQ\nE plays CT\nN requires-highest\nW plays S3\n", map[Edition]string{0: "57A 59"}, func(t *testing.T, p *Play, _ *Table) {
			if len(p.Revokes()) != 0 {
				t.Errorf("revokes %v: want none", p.Revokes())
			}
		}},
		// Law 60B: W plays after declarer's lead from the wrong hand was retracted.
		{"60B", both, trick1 + "S plays S6\nW plays S3\nN plays SA\nE plays S9\nS plays H6\nE declines\nW plays H2\n", map[Edition]string{0: "55B 60B"}, func(t *testing.T, p *Play, _ *Table) {
			if pc := p.PenaltyCards(); len(pc) != 1 || pc[0].Card != card(t, "H2") || !pc[0].Major || p.Turn() != bridge.North {
				t.Errorf("penalty %v turn %s: want W ♥2 major, N to lead", pc, p.Turn())
			}
		}},
		// Law 60C: the offender's partner plays while declarer's option is open.
		{"60C", both, "W leads D3\nE plays SJ\nN accepts\n", map[Edition]string{0: "54B 60C"}, func(t *testing.T, p *Play, _ *Table) {
			if pc := p.PenaltyCards(); len(pc) != 1 || pc[0].Card != card(t, "SJ") || !pc[0].Major || p.Turn() != bridge.North {
				t.Errorf("penalty %v turn %s: want E ♠J major and N to play", pc, p.Turn())
			}
		}},
		// Law 42B1 (no ruling) then 62B2: dummy asks, declarer corrects.
		{"42B1", both, "E plays CJ\nS plays CA\nW plays C5\nN plays S2\nS asks-revoke\nN corrects-revoke C3\nend-of-play\n", map[Edition]string{0: "61A1 62B2"}, nil},
		// Law 43B2(b): after looking at E's cards dummy asks first: Law 64
		// applies to the corrected revoke (2017 64A2: dummy, not N, won it;
		// 1997 64A1: his side won it, no later trick).
		{"43B2(b)", both, "E plays CJ\nS looks-at E\nS plays CA\nW plays C5\nN plays S2\nS asks-revoke\nN corrects-revoke C3\nend-of-play\n",
			map[Edition]string{Edition2017: "43A2(c) 61A1 43B2(b) 62B2 64A2", Edition1997: "43A2(c) 61A1 43B2(b) 62B2 64A1"}, func(t *testing.T, p *Play, _ *Table) {
				if n := p.DeclarerTricks(); n != 0 {
					t.Errorf("declarer tricks %d: want 0 (trick 1 transferred)", n)
				}
			}},
		// Law 43A1(b): dummy asks a defender.
		{"43A1(b) asks a defender", both, "E plays CJ\nS plays CA\nW plays H2\nS asks-revoke W\n", map[Edition]string{0: "61A1 43A1(b)"}, nil},
		// Law 42B2 (no ruling) and 43B2(a): after watching declarer, dummy
		// warns him: a defender chooses the hand he leads from.
		{"42B2", both, "E plays CJ\nS plays CA\nW plays C5\nN plays C2\nS warns\n", map[Edition]string{0: ""}, nil},
		{"43B2(a)", both, "E plays CJ\nS looks-at N\nS plays CA\nW plays C5\nN plays C2\nS warns\nE chooses N\n", map[Edition]string{0: "43A2(b) 43B2(a)"}, func(t *testing.T, p *Play, _ *Table) {
			if p.Turn() != bridge.North {
				t.Errorf("turn %s: want N, chosen by E", p.Turn())
			}
		}},
		// Law 43A1(c): a warning when the defenders are on lead.
		{"43A1(c)", both, "S warns\n", map[Edition]string{0: "43A1(c)"}, nil},
		// Law 43A1(b): dummy draws attention during the play.
		{"43A1(b)", both, trick1 + "W plays H2\nS attention\n", map[Edition]string{0: "56 43A1(b)"}, nil},
		// 2017 43B3, 1997 43B2(c): after a violation of 43A2 dummy draws
		// attention to W's lead out of turn: no rectification, damage check.
		{"43B3", both, "E plays CJ\nS looks-at W\nS plays CA\nW plays C5\nN plays C2\nW plays H2\nS attention\n",
			map[Edition]string{Edition2017: "43A2(c) 53A 43B3", Edition1997: "43A2(c) 53A 43B2(c)"}, func(t *testing.T, p *Play, _ *Table) {
				if tr := p.Tricks()[1]; tr.Leader != bridge.West || tr.N != 1 || len(p.PenaltyCards()) != 0 {
					t.Errorf("trick 2 %v penalty %v: want W's lead standing, no penalty card", tr.String(), p.PenaltyCards())
				}
				if !hasDamageCheck(lastRuling(p), lastRuling(p).Law) {
					t.Errorf("want the damage check of %s", lastRuling(p).Law)
				}
			}},
		// 2017 43B3 on a revoke: no correction, no transfer.
		{"43B3 revoke", e17, "E plays CJ\nS exchanges\nS plays CA\nW plays H2\nS attention\nN plays C2\nend-of-play\n", map[Edition]string{0: "43A2(a) 61A1 43B3"}, func(t *testing.T, p *Play, _ *Table) {
			if len(p.Revokes()) != 0 {
				t.Errorf("revokes %v: want none kept", p.Revokes())
			}
		}},
		// Law 14B2, 14B4: a missing card found; no revoke when never needed.
		{"14B", both, trick1 + "W found D3\n", map[Edition]string{0: "14B2"}, nil},
		// Law 14B4: its earlier failure to be played is a revoke.
		{"14B4 revoke", both, "E plays CJ\nS plays CA\nW plays H2\nW found C6\n", map[Edition]string{0: "61A1 14B2"}, func(t *testing.T, p *Play, _ *Table) {
			if !strings.Contains(lastRuling(p).Outcome, "revoke") {
				t.Errorf("outcome %q: want the revoke named", lastRuling(p).Outcome)
			}
		}},
		// Law 13 during the play: 2017 13B1 / 1997 13A; 13B2 / 13B.
		{"13 correctable", both, trick1 + "N wrong-count correctable\n", map[Edition]string{Edition2017: "13B1", Edition1997: "13A"}, nil},
		{"13 not correctable", both, trick1 + "N wrong-count not-correctable\n", map[Edition]string{Edition2017: "13B2", Edition1997: "13B"}, func(t *testing.T, p *Play, _ *Table) {
			if lastRuling(p).Rect.AdjustedScore == "" {
				t.Errorf("want an adjusted score")
			}
		}},
		// Law 13 after the play: 2017 13D, 1997 13C.
		{"13 after play", both, trick1 + agreedRest + "N wrong-count\n", map[Edition]string{Edition2017: "13D", Edition1997: "13C"}, nil},
		// Law 15: wrong board: 2017 15B1/15B2, 1997 15B/15A1.
		{"15 previously played", both, trick1 + agreedRest + "wrong-board previously-played\n", map[Edition]string{Edition2017: "15B1", Edition1997: "15B"}, func(t *testing.T, p *Play, _ *Table) {
			if lastRuling(p).Rect.AdjustedScore == "" {
				t.Errorf("want artificial adjusted scores")
			}
		}},
		{"15 first time", both, trick1 + "wrong-board first-time\n", map[Edition]string{Edition2017: "15B2", Edition1997: "15A1"}, nil},
		// Law 16: a hesitation in the play: UI and a damage check (2017 16B1, 1997 16A), then Law 12.
		{"16", both, trick1 + "S plays S6\nW hesitates\nW plays S3\nTD damaged\n", map[Edition]string{Edition2017: "16B1", Edition1997: "16A"}, func(t *testing.T, p *Play, _ *Table) {
			r := p.Rulings()[0]
			if len(r.Rect.Information) != 1 || r.Rect.Information[0].Unauthorised != bridge.EW || !strings.Contains(r.Rect.AdjustedScore, "12C") {
				t.Errorf("ruling %+v: want UI for E-W and an adjusted score under 12C", r.Rect)
			}
		}},
		// Law 62D1: trick 12 revoke, see TestRevokeTrickTwelve.
		// Law 79C (2017 79C1): the recorded score corrected in the correction period.
		{"79C1", both, trick1 + agreedRest + "N records 12\n", map[Edition]string{Edition2017: "79C1", Edition1997: "79C"}, func(t *testing.T, p *Play, _ *Table) {
			if p.ScoredTricks() != 13 {
				t.Errorf("scored %d: want 13", p.ScoredTricks())
			}
		}},
		// Law 79C after the period: 2017 79C2 (only with the TO's approval), 1997 79C.
		{"79C2", both, trick1 + agreedRest + "N records 12\nend-of-correction\nE disputes-tricks 13\n", map[Edition]string{Edition2017: "79C1 79C2", Edition1997: "79C 79C"}, nil},
		{"79C late record", e97, trick1 + agreedRest + "end-of-correction\nN records 12\n", map[Edition]string{0: "79C"}, func(t *testing.T, p *Play, _ *Table) {
			if p.ScoredTricks() != 12 {
				t.Errorf("scored %d: want the late record of 12 to stand (1997 79C)", p.ScoredTricks())
			}
		}},
		// Law 79B1: the tricks came from an agreed claim: 69B/71.
		{"79B1", both, trick1 + agreedRest + "E disputes-tricks 12\n", map[Edition]string{0: "79B1"}, nil},
		// Law 87: a fouled board is scored in its own group.
		{"87B", both, trick1 + "fouled N:AKQ2.AKQ.AK2.732 JT9.JT9.JT9.JT98 876.876.876.AKQ4 543.5432.Q543.65\n", map[Edition]string{0: "87B"}, nil},
		{"87A", both, trick1 + "fouled N:AKQ2.AKQ.AK2.432 JT9.JT9.JT9.JT98 876.876.876.AKQ7 543.5432.Q543.65\n", map[Edition]string{0: "87A"}, nil},
		// 2017 65B3: a card pointed the wrong way, attention in time; late:
		// Law 16B may apply. 1997 65B.
		{"65B3 in time", both, trick1 + "W points-out 1 N\n", map[Edition]string{Edition2017: "65B3", Edition1997: "65B"}, func(t *testing.T, p *Play, _ *Table) {
			if r := lastRuling(p); r.Offender != bridge.North || len(r.Rect.DamageCheck) != 0 {
				t.Errorf("ruling %+v: want N's card corrected, no check", r)
			}
		}},
		{"65B3 late", e17, trick1 + "S plays S6\nW plays S3\nW points-out 1 N\n", map[Edition]string{0: "65B3"}, func(t *testing.T, p *Play, _ *Table) {
			if r := lastRuling(p); r.Offender != bridge.West || !hasDamageCheck(r, "16B") {
				t.Errorf("ruling %+v: want W's late remark with a 16B check", r)
			}
		}},
		// Law 66A/66B: the last trick before his side plays again: no ruling; 66C: a quitted trick.
		{"66A", both, trick1 + "W inspects 1\n", map[Edition]string{0: ""}, nil},
		{"66C", both, trick1 + "S plays S6\nW plays S3\nN plays SA\nE plays S9\nN plays HA\nE inspects 1\n", map[Edition]string{0: "66C"}, nil},
		// Law 66D: cards mixed after the play.
		{"66D", both, trick1 + agreedRest + "E mixes\n", map[Edition]string{0: "66D"}, nil},
		// Law 67A1: the omitted card supplied before both sides play to the next trick.
		{"67A1", both, "E plays CJ\nS plays CA\nW omits\nN plays C2\nW supplies C5\n", map[Edition]string{0: "67A1"}, func(t *testing.T, p *Play, _ *Table) {
			tr := p.Tricks()[0]
			if tr.Cards[2] != card(t, "C5") || p.Hand(bridge.West).Has(card(t, "C5")) || p.Won(bridge.NS) != 1 || p.Turn() != bridge.South {
				t.Errorf("trick 1 %v: want ♣5 supplied, N-S winning, dummy on lead", tr.String())
			}
		}},
		// Law 67B1(a): after both sides played to the next trick, a card of
		// the suit led: 2017 a deemed revoke, one trick (64A2: E-W won trick 3);
		// 1997 no penalty.
		{"67B1(a)", both, "E plays CJ\nS plays CA\nW omits\nN plays C2\nS plays S6\nW plays S3\nN plays SA\nE plays S9\nW supplies C5\nN plays D2\nE plays DT\nS plays D8\nW plays DQ\nend-of-play\n",
			map[Edition]string{Edition2017: "67B1(a) 67B1(a)", Edition1997: "67B1(a)"}, func(t *testing.T, p *Play, _ *Table) {
				want := map[Edition]int{Edition2017: 3, Edition1997: 2}[p.ed]
				if n := p.DeclarerTricks(); n != want {
					t.Errorf("declarer tricks %d, want %d", n, want)
				}
			}},
		// Law 67B1(b): W has no club left: a deemed revoke in both codes (E-W won trick 4).
		{"67B1(b)", both, trick1 + "S plays CK\nW omits\nN plays C3\nE plays C9\nS plays CQ\nW plays C6\nN plays C4\nE plays C8\nS plays C7\nW plays H2\nN plays S2\nE plays CT\nW supplies H3\nend-of-play\n",
			map[Edition]string{0: "67B1(b) 67B1(b)"}, func(t *testing.T, p *Play, _ *Table) {
				if n := p.DeclarerTricks(); n != 4 {
					t.Errorf("declarer tricks %d, want 3 won + 1 transferred", n)
				}
			}},
		// Law 90B2: a procedural penalty for slow play.
		{"90B2", both, trick1 + "N penalty slow 10%\n", map[Edition]string{0: "90B2"}, func(t *testing.T, p *Play, _ *Table) {
			pp := p.ProceduralPenalties()
			if len(pp) != 1 || pp[0].Seat != bridge.North || pp[0].Penalty.TopPercent != 10 || pp[0].Law != "90B2" {
				t.Errorf("penalties %+v: want N 10%% under 90B2", pp)
			}
		}},
	}
	for _, c := range cases {
		for _, ed := range c.eds {
			t.Run(fmt.Sprintf("%s/%s", c.name, ed), func(t *testing.T) {
				tb, err := runPlay(t, ed, c.body)
				if err != nil {
					t.Fatal(err)
				}
				p := tb.Play()
				if p == nil {
					t.Fatal("no play")
				}
				want, ok := c.laws[ed]
				if !ok {
					want, ok = c.laws[0]
				}
				if ok {
					if got := strings.Join(playLaws(p), " "); got != want {
						t.Errorf("laws %q, want %q", got, want)
					}
				}
				for _, r := range p.Rulings() {
					if r.Law == "" || r.Outcome == "" {
						t.Errorf("ruling without a law or an outcome: %+v", r)
					}
				}
				if c.check != nil {
					c.check(t, p, tb)
				}
			})
		}
	}
}

// TestFifthCardHeld: Law 45C1 sends a card held after his play to 45E1.
func TestFifthCardHeld(t *testing.T) {
	tb, err := runPlay(t, Edition2017, trick1+"S plays S6\nW plays S3\nW holds HJ\n")
	if err == nil {
		t.Fatalf("W holds HJ: W has no ♥J, want an error")
	}
	tb, err = runPlay(t, Edition2017, trick1+"S plays S6\nW plays S3\nW holds DQ\n")
	if err != nil {
		t.Fatal(err)
	}
	p := tb.Play()
	if got := strings.Join(playLaws(p), " "); got != "45E1" {
		t.Errorf("laws %q, want 45E1", got)
	}
	if pc := p.PenaltyCards(); len(pc) != 1 || pc[0].Card != card(t, "DQ") || !pc[0].Major {
		t.Errorf("penalty %v: want W ♦Q major", pc)
	}
}

// TestFouled: Law 87A, the deal played differs from the board: a fouled
// board, its displaced cards named (the forms are numbered from the deals
// played by event.FouledForm, Law 87B).
func TestFouled(t *testing.T) {
	f1, _ := bridge.ParseDeal("N:AKQ2.AKQ.AK2.732 JT9.JT9.JT9.JT98 876.876.876.AKQ4 543.5432.Q543.65")
	tb, err := runPlay(t, Edition2017, trick1+"fouled "+f1.String()+"\n")
	if err != nil {
		t.Fatal(err)
	}
	fb := tb.Play().FouledBoard()
	if fb == nil || len(fb.Displaced) != 2 || fb.Board != f1 {
		t.Fatalf("fouled %+v: want two displaced cards (♣4 and ♣7)", fb)
	}
	if r := lastRuling(tb.Play()); r.Law != "87B" {
		t.Errorf("law %s, want 87B", r.Law)
	}
}

// TestRevokeTrickTwelve: Law 62D1: a revoke on the twelfth trick is
// corrected though established; no transfer (64B6). E leads eleven hearts
// and wins them; at trick 12 W discards ♣2 holding ♠7.
func TestRevokeTrickTwelve(t *testing.T) {
	// N ♠AKQJT98 ♥32 ♦AKQJ   E ♠32 ♥AKQJT987654
	// S ♦T98765432 ♣AKQJ     W ♠7654 ♣T98765432
	head := "dealer N\ndeal N:AKQJT98.32.AKQJ. 32.AKQJT987654.. ..T98765432.AKQJ 7654...T98765432\nN 1NT\nE P\nS P\nW P\n"
	hearts := []string{"HA", "HK", "HQ", "HJ", "HT", "H9", "H8", "H7", "H6", "H5", "H4"}
	sDisc := []string{"DT", "D9", "D8", "D7", "D6", "D5", "D4", "CA", "CK", "CQ", "CJ"}
	wDisc := []string{"CT", "C9", "C8", "C7", "C6", "C5", "C4", "C3", "S6", "S5", "S4"}
	nPlay := []string{"H3", "H2", "SQ", "SJ", "ST", "S9", "S8", "DA", "DK", "DQ", "DJ"}
	var b strings.Builder
	b.WriteString(head)
	for i := range hearts {
		fmt.Fprintf(&b, "E plays %s\nS plays %s\nW plays %s\nN plays %s\n", hearts[i], sDisc[i], wDisc[i], nPlay[i])
	}
	b.WriteString("E plays S3\nS plays D3\nW plays C2\nN plays SA\n") // trick 12: W revokes
	b.WriteString("N plays SK\nE plays S2\nS plays D2\nW plays S7\n") // trick 13: established
	b.WriteString("W corrects-revoke S7\nN plays SA\n")               // 62D1; N may replay
	b.WriteString("N plays SK\nE plays S2\nS plays D2\nW plays C2\nend-of-play\n")
	for _, ed := range []Edition{Edition1997, Edition2017} {
		lg, err := ParseLog(strings.NewReader(b.String()))
		if err != nil {
			t.Fatal(err)
		}
		tb, err := lg.Play(ed)
		if err != nil {
			t.Fatalf("%s: %v", ed, err)
		}
		p := tb.Play()
		if got := strings.Join(playLaws(p), " "); got != "61A1 62D1" {
			t.Errorf("%s: laws %q, want \"61A1 62D1\"", ed, got)
		}
		if len(p.Revokes()) != 0 || p.DeclarerTricks() != 2 || !p.Ended() {
			t.Errorf("%s: revokes %v declarer %d: want none and N-S 2 tricks", ed, p.Revokes(), p.DeclarerTricks())
		}
		// E had led to trick 12 before W revoked: no 62D2 restriction
		if r := p.Rulings()[1]; len(r.Rect.Information) != 0 {
			t.Errorf("%s: information %v: want none (62D2 needs the partner still to play)", ed, r.Rect.Information)
		}
	}
}

// TestPlayLawsRefuse: events the new laws cannot take.
func TestPlayLawsRefuse(t *testing.T) {
	cases := []refusal{
		{"only declarer touches dummy", trick1 + "E touches S6\n", ErrBadEvent},
		{"touched card not in dummy", trick1 + "N touches SA\n", ErrNotHeldPlay},
		{"only declarer names", trick1 + "S names S6\n", ErrBadEvent},
		{"46B5 declarer may not designate", trick1 + "N names any\nN designates S6\n", ErrNotEntitled},
		{"dummy's act by another", trick1 + "N warns\n", ErrBadEvent},
		{"13 needs a finding", trick1 + "N wrong-count\n", ErrBadEvent},
		{"79 before the end", trick1 + "N records 9\n", ErrBadEvent},
		{"found card not held", trick1 + "W found SA\n", ErrNotHeldPlay},
		{"nothing omitted", trick1 + "W supplies C6\n", ErrBadEvent},
		{"omission out of turn", "E plays CJ\nW omits\n", ErrBadEvent},
		{"supply must follow", "E plays CJ\nS plays CA\nW omits\nN plays C2\nW supplies H2\n", ErrBadEvent},
		{"mixing during the play", trick1 + "E mixes\n", ErrBadEvent},
	}
	runRefusals(t, cases)
	// bad lines are syntax errors with their line
	for _, line := range []string{"N names", "N names XYZ", "E retracts S9 because", "N penalty rude", "N penalty slow 500%",
		"N records 14", "wrong-board maybe", "fouled N:AKQ", "S looks-at", "E plays S9 also", "E plays S9 S8"} {
		_, err := ParseLog(strings.NewReader(playHeader + line + "\n"))
		if !errors.Is(err, ErrSyntax) {
			t.Errorf("%q: err = %v, want a syntax error", line, err)
		}
	}
}

// TestRevokeTrickTwelvePartnerToPlay: Law 62D2 (1997) / 16C (2017): E
// revokes on trick twelve before his partner W has played to it; the
// correction carries the information flag for E-W.
//
//	N ♠A ♥AKQJT98765 ♦A ♣A    E ♠2 ♥2 ♣KQJT9876543
//	S ♠3 ♦KQJT98765432        W ♠KQJT987654 ♥43 ♣2
func TestRevokeTrickTwelvePartnerToPlay(t *testing.T) {
	head := "dealer N\ndeal N:A.AKQJT98765.A.A 2.2..KQJT9876543 3..KQJT98765432. KQJT987654.43..2\nN 1NT\nE P\nS P\nW P\n"
	var b strings.Builder
	b.WriteString(head)
	b.WriteString("E plays H2\nS plays D2\nW plays H3\nN plays HA\n")
	b.WriteString("N plays HK\nE plays C3\nS plays D3\nW plays H4\n")
	nH := []string{"HQ", "HJ", "HT", "H9", "H8", "H7", "H6", "H5"}
	eC := []string{"C4", "C5", "C6", "C7", "C8", "C9", "CT", "CJ"}
	sD := []string{"D4", "D5", "D6", "D7", "D8", "D9", "DT", "DJ"}
	wS := []string{"SK", "SQ", "SJ", "ST", "S9", "S8", "S7", "S6"}
	for i := range nH {
		fmt.Fprintf(&b, "N plays %s\nE plays %s\nS plays %s\nW plays %s\n", nH[i], eC[i], sD[i], wS[i])
	}
	b.WriteString("N plays DA\nE plays CQ\nS plays DQ\nW plays S5\n") // trick 11
	b.WriteString("N plays SA\nE plays CK\nS plays S3\nW plays S4\n") // trick 12: E revokes, W still to play
	b.WriteString("N plays CA\nE plays S2\nS plays DK\nW plays C2\n") // trick 13
	b.WriteString("E corrects-revoke S2\nS plays S3\nW plays S4\nN plays CA\nE plays CK\nS plays DK\nW plays C2\nend-of-play\n")
	for _, ed := range []Edition{Edition1997, Edition2017} {
		lg, err := ParseLog(strings.NewReader(b.String()))
		if err != nil {
			t.Fatal(err)
		}
		tb, err := lg.Play(ed)
		if err != nil {
			t.Fatalf("%s: %v", ed, err)
		}
		p := tb.Play()
		if got := strings.Join(playLaws(p), " "); got != "61A1 62D1" {
			t.Fatalf("%s: laws %q, want \"61A1 62D1\"", ed, got)
		}
		r := p.Rulings()[1]
		want := map[Edition]string{Edition1997: "62D2", Edition2017: "16C"}[ed]
		if len(r.Rect.Information) != 1 || r.Rect.Information[0].Law != want || r.Rect.Information[0].Unauthorised != bridge.EW {
			t.Errorf("%s: information %+v, want E-W's flag under %s", ed, r.Rect.Information, want)
		}
		if p.DeclarerTricks() != 13 || len(p.Revokes()) != 0 {
			t.Errorf("%s: declarer %d revokes %v: want 13 and none", ed, p.DeclarerTricks(), p.Revokes())
		}
	}
}
