package laws

import (
	"errors"
	"strings"
	"testing"

	"github.com/bridgetd/bridgetd/bridge"
)

// TestSurplusCardPlayed rules a card foreign to the deal that was played
// before it was found: 2017 Law 13C; 1997 Law 13 (13A, 13B) with the
// Director's finding, as seeded (shared/seeds/003).
func TestSurplusCardPlayed(t *testing.T) {
	// W plays a second ♣A (the deal's is S's) to trick 1 and wins it.
	const won = "E plays CJ\nS plays C7\nW plays CA surplus\nN plays C2\n"
	cases := []struct {
		name  string
		ed    Edition
		body  string
		laws  string
		check func(t *testing.T, p *Play)
	}{
		// 2017 13C: played to a quitted trick: removed, the trick stands,
		// a damage check (adjusted score possible); the ruling names the
		// trick and that the surplus card won it.
		{"13C quitted", Edition2017, won + "W surplus CA played\n", "13C", func(t *testing.T, p *Play) {
			r := lastRuling(p)
			if !hasDamageCheck(r, "13C") || !strings.Contains(r.Outcome, "trick 1 stands as won by W with the surplus card itself") {
				t.Errorf("ruling %+v: want trick 1 named as won by the surplus card, and a 13C damage check", r)
			}
			if p.Won(bridge.EW) != 1 || p.Turn() != bridge.West || p.Hand(bridge.West).Len() != 13 || !p.Hand(bridge.South).Has(card(t, "CA")) {
				t.Errorf("won EW %d turn %s W holds %d: want the trick kept by EW, W on lead with his 13 cards, S's ♣A untouched", p.Won(bridge.EW), p.Turn(), p.Hand(bridge.West).Len())
			}
		}},
		// 13C: the finding need not say "played" when the log recorded the play.
		{"13C recorded play", Edition2017, won + "W surplus CA\n", "13C", func(t *testing.T, p *Play) {
			if !hasDamageCheck(lastRuling(p), "13C") {
				t.Errorf("want a 13C damage check")
			}
		}},
		// 13C and Law 12 (2017 12C1(b)): the Director finds damage: an
		// assigned adjusted score.
		{"13C damaged", Edition2017, won + "W surplus CA played\nTD damaged\n", "13C", func(t *testing.T, p *Play) {
			if r := lastRuling(p); r.Rect.AdjustedScore == "" {
				t.Errorf("ruling %+v: want an adjusted score", r)
			}
		}},
		// 13C: found before the trick is complete: no quitted trick; the
		// card and N's card after it come off the trick, W plays his own,
		// and no adjusted score may be awarded.
		{"13C trick in progress", Edition2017, "E plays CJ\nS plays C7\nW plays CA surplus\nW surplus CA\nW plays C6\nN plays C2\n", "13C", func(t *testing.T, p *Play) {
			r := lastRuling(p)
			if len(r.Rect.DamageCheck) != 0 || !strings.Contains(r.Outcome, "no adjusted score") {
				t.Errorf("ruling %+v: want no damage check", r)
			}
			if tr := p.Tricks()[0]; tr.Cards[2] != card(t, "C6") || tr.Winner(bridge.NoTrump) != bridge.East {
				t.Errorf("trick 1 %v: want W's ♣6 and E winning with ♣J", tr.String())
			}
		}},
		// 13C: the card played after the surplus one (N's ♠2) goes back
		// with it, to be played again.
		{"13C trick in progress, later card back", Edition2017, trick1 + "S plays S6\nW plays SA surplus\nN plays S2\nW surplus SA\n", "13C", func(t *testing.T, p *Play) {
			tr := p.Tricks()[1]
			if tr.N != 1 || !p.Hand(bridge.North).Has(card(t, "S2")) || p.Turn() != bridge.West || p.Hand(bridge.West).Has(card(t, "SA")) {
				t.Errorf("trick 2 %v: want only dummy's ♠6, N's ♠2 back, W to play", tr.String())
			}
			if !strings.Contains(strings.Join(lastRuling(p).Notes, " "), "N ♠2") {
				t.Errorf("notes %v: want N's ♠2 named", lastRuling(p).Notes)
			}
		}},
		// 1997 13A: correctable, all four concurring: played on, the trick stands.
		{"1997 13A", Edition1997, won + "W surplus CA played correctable\n", "13A", func(t *testing.T, p *Play) {
			r := lastRuling(p)
			if r.Rect.AdjustedScore != "" || !strings.Contains(strings.Join(r.Notes, " "), "trick 1 stands as won by W") {
				t.Errorf("ruling %+v: want the trick standing, no adjusted score", r)
			}
		}},
		// 1997 13B: not correctable: artificial adjusted score.
		{"1997 13B", Edition1997, won + "W surplus CA played not-correctable\n", "13B", func(t *testing.T, p *Play) {
			if r := lastRuling(p); !strings.Contains(r.Rect.AdjustedScore, "artificial") {
				t.Errorf("ruling %+v: want an artificial adjusted score", r)
			}
		}},
		// Law 61A: the surplus card is checked as a play: W holds clubs
		// and plays a surplus heart: a revoke.
		{"61A with a surplus card", Edition2017, "E plays CJ\nS plays C7\nW plays HA surplus\n", "61A1", func(t *testing.T, p *Play) {
			if rv := p.Revokes(); len(rv) != 1 || rv[0].Seat != bridge.West || rv[0].Card != card(t, "HA") {
				t.Errorf("revokes %v: want W's ♥A", rv)
			}
		}},
		// Law 62B1: the revoke made with the surplus card is corrected: the
		// foreign card leaves the table, into no hand (13C).
		{"62B with a surplus card", Edition2017, "E plays CJ\nS plays C7\nW plays HA surplus\nW corrects-revoke C6\n", "61A1 62B1", func(t *testing.T, p *Play) {
			if tr := p.Tricks()[0]; tr.Cards[2] != card(t, "C6") || p.Hand(bridge.West).Has(card(t, "HA")) || !p.Hand(bridge.North).Has(card(t, "HA")) {
				t.Errorf("trick 1 %v, W %s: want W's ♣6 played, the surplus ♥A in no hand but N's own", tr.String(), p.Hand(bridge.West))
			}
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { c.check(t, playCase(t, c.ed, c.body, c.laws)) })
	}
	// what cannot be a surplus card played
	runRefusals(t, []refusal{
		{"own card", "E plays CJ\nS plays C7\nW plays C6 surplus\n", ErrBadEvent},
		{"out of turn", "E plays CJ\nW plays CA surplus\n", ErrBadEvent},
		{"on the trick already", "E plays CJ\nS plays CA\nW plays CA surplus\n", ErrBadEvent},
		{"a second one", "E plays CJ\nS plays C7\nW plays CA surplus\nN plays C2\nW plays HA surplus\n", ErrBadEvent},
		// 67B2 is about two of his own cards: the surplus one is found with surplus
		{"67B2 on the surplus card", won + "W plays C6\nN plays C3\nE plays CT\nS plays CK\nW extra C5 1\n", ErrBadEvent},
	})
	if _, err := runPlay(t, Edition1997, won+"W surplus CA played\n"); !errors.Is(err, ErrBadEvent) {
		t.Errorf("1997 without a finding: err %v, want ErrBadEvent", err)
	}
}

// TestClaimAfterSurplusCard: 2017 13C removes a surplus card played to a
// quitted trick and play goes on "without further rectification" (2017
// text as the ABF/WBF code reads, e.g. the BBO thread quoting it at
// https://forumstest.bridgebase.com/forums/topic/88681-law-13c-surplus-card-immediately-found-in-dummy/);
// the player who played it holds a card of his own more than the others.
// Nothing in Laws 68–71 bars a claim or concession then (68: any
// statement about the tricks still to be played), so the table may claim,
// agree (69A) or dispute (70), counting the tricks left from the trick
// number, not from the holder's longer hand. A disputed claim is ruled
// with the holder left with the card least favourable to the claimer
// (70A). 1997: Law 13A, the deal corrected and played on, the same.
func TestClaimAfterSurplusCard(t *testing.T) {
	// W wins trick 1 with a second ♣A and keeps his 13 cards; 12 tricks are left.
	const won = "E plays CJ\nS plays C7\nW plays CA surplus\nN plays C2\n"
	// 6♥ by N, E on lead; N wins trick 1 with a second ♠K (E holds the
	// deal's) and keeps his 13 cards, 12 of them winners once trumps are
	// drawn, and ♣2:
	//
	//	N ♠A ♥AKQJT9 ♦AKQ ♣AK2     E ♠KQJ2 ♥87 ♦JT9 ♣QJT9
	//	S ♠T987 ♥6 ♦8765 ♣8765     W ♠6543 ♥5432 ♦432 ♣43
	const slam = `dealer N
deal N:A.AKQJT9.AKQ.AK2 KQJ2.87.JT9.QJT9 T987.6.8765.8765 6543.5432.432.43
N 6H
E P
S P
W P
E plays S2
S plays S7
W plays S3
N plays SK surplus
N surplus SK
`
	cases := []struct {
		name   string
		ed     Edition
		header string // the log before body: playHeader when empty
		body   string
		check  func(t *testing.T, p *Play)
	}{
		// Law 69A: an agreed claim of the 12 tricks left: 1NT with 12 of 13.
		{"69A agreed", Edition2017, "", won + "W surplus CA\nN claims 12\nE agrees\nW agrees\n", func(t *testing.T, p *Play) {
			c := p.Claim()
			if c.Position.Remaining() != 12 || p.DeclarerTricks() != 12 {
				t.Errorf("remaining %d, declarer %d: want 12 left and 12 tricks (the surplus trick stays EW's)", c.Position.Remaining(), p.DeclarerTricks())
			}
			if c.Holder != bridge.West || !c.KeptBack.Valid() || c.Position.Hands[bridge.West].Len() != 12 {
				t.Errorf("holder %s kept %v W %d cards: want W keeping one of his 13 back", c.Holder, c.KeptBack, c.Position.Hands[bridge.West].Len())
			}
		}},
		// Law 68B: W, the holder, on lead, concedes all that is left: 12, not 13.
		{"68B holder concedes", Edition2017, "", won + "W surplus CA\nW concedes\nN agrees\n", func(t *testing.T, p *Play) {
			if c := p.Claim(); c.Position.Remaining() != 12 || p.DeclarerTricks() != 12 {
				t.Errorf("remaining %d declarer %d: want 12 and 12", c.Position.Remaining(), p.DeclarerTricks())
			}
		}},
		// Law 70: disputed; the holder is an opponent of the claimer, and
		// the card he keeps back is the one that suits the defence best.
		{"70 disputed", Edition2017, "", won + "W surplus CA\nN claims 12\nE objects\n", func(t *testing.T, p *Play) {
			c := p.Claim()
			if c.Award == nil || c.Award.Remaining != 12 || c.Award.Tricks+c.Award.Restorable > 12 {
				t.Fatalf("award %+v: want one of at most 12 of the 12 tricks left", c.Award)
			}
			if !strings.Contains(strings.Join(c.Award.Reasons, " "), "13C") || c.Position.Hands[bridge.West].Has(c.KeptBack) {
				t.Errorf("reasons %v kept %v: want the 13C choice given, the card kept out of the position", c.Award.Reasons, c.KeptBack)
			}
		}},
		// Law 70 with 13C: N, the claimer, is the holder. His ♠A, ♦A
		// and ♣A top their suits, but E and W hold trumps and may ruff
		// them, so they are no established winners: keeping one back
		// is a normal choice and leaves him the ♣2 to lose, at most 11
		// tricks (70A: the choice least favourable to the claimer; as
		// Law 70C treats a trump left with an opponent). Only his
		// trumps, which nothing can beat, are never kept back.
		{"70 disputed, the holder claims with trumps out", Edition2017, slam, "N claims 12\nE objects\n", func(t *testing.T, p *Play) {
			c := p.Claim()
			if c.Award == nil || c.Award.Remaining != 12 || c.Award.Tricks+c.Award.Restorable > 11 {
				t.Fatalf("award %+v: want at most 11 of the 12 tricks left", c.Award)
			}
			if c.Holder != bridge.North || c.KeptBack.Suit() == bridge.Hearts || c.KeptBack == card(t, "C2") || c.Position.Hands[bridge.North].Has(c.KeptBack) {
				t.Errorf("holder %s kept %v: want N keeping back a side-suit ace an opponent may ruff, out of the position", c.Holder, c.KeptBack)
			}
			if r := strings.Join(c.Award.Reasons, " "); !strings.Contains(r, "13C") || !strings.Contains(r, c.KeptBack.String()) {
				t.Errorf("reasons %v: want the 13C choice of %v given", c.Award.Reasons, c.KeptBack)
			}
		}},
		// The same play in notrump: no one can ruff, the aces cannot
		// lose and only the ♣2 is kept back (13C): N is left with 12
		// winners and the claim stands (70A).
		{"70 disputed, the holder claims in notrump", Edition2017, strings.Replace(slam, "N 6H", "N 6NT", 1), "N claims 12\nE objects\n", func(t *testing.T, p *Play) {
			c := p.Claim()
			if c.Award == nil || c.Award.Remaining != 12 || c.Award.Tricks != 12 || c.KeptBack != card(t, "C2") {
				t.Fatalf("award %+v kept %v: want the 12 tricks claimed, N keeping back the ♣2", c.Award, c.KeptBack)
			}
		}},
		// The same claim agreed (69A): 12 tricks, no choice ruled.
		{"69A agreed, the holder claims with trumps out", Edition2017, slam, "N claims 12\nE agrees\nW agrees\n", func(t *testing.T, p *Play) {
			if p.DeclarerTricks() != 13 {
				t.Errorf("declarer %d: want 13 (trick 1 and the 12 claimed)", p.DeclarerTricks())
			}
		}},
		// 1997 Law 13A: corrected and played on, all four concurring; the claim as in 2017.
		{"1997 13A then 69A", Edition1997, "", won + "W surplus CA played correctable\nN claims 12\nE agrees\nW agrees\n", func(t *testing.T, p *Play) {
			if p.DeclarerTricks() != 12 {
				t.Errorf("declarer %d: want 12", p.DeclarerTricks())
			}
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var tb *Table
			var err error
			if c.header == "" {
				tb, err = runPlay(t, c.ed, c.body)
			} else {
				var lg *Log
				if lg, err = ParseLog(strings.NewReader(c.header + c.body)); err != nil {
					t.Fatal(err)
				}
				tb, err = lg.Play(c.ed)
			}
			if err != nil {
				t.Fatal(err)
			}
			c.check(t, tb.Play())
		})
	}
}

// TestKeptBack: the cards a holder of a card more than the others may be
// left with (2017 Law 13C: play goes on without rectification, the holder
// keeping one of his cards to the end). For the claimer's own side keeping
// a card back is a discard, and throwing an established winner is
// irrational (claim.go's model of a normal line, Law 70 footnote): his
// cards that cannot lose are left out. In a trump contract the top card of
// a plain suit can lose while an opponent holds a trump (void in the suit
// or becoming void, he ruffs it; compare Law 70C), so it counts then;
// partner's trumps do not. For an opponent of the claimer every card
// counts (70A: the defence's best). Touching cards count once.
func TestKeptBack(t *testing.T) {
	// N holds a card more than the others: ♠AK2 ♥A ♦2 ♣2, 6 to their 5.
	// E ♠QJ ♥K ♦3 ♣3, S ♠T9 ♥Q ♦4 ♣4, W ♠76 ♥J ♦5 ♣5.
	const everyone = "N:AK2.A.2.2 QJ.K.3.3 T9.Q.4.4 76.J.5.5"
	// The same N; no opponent holds a diamond: E ♠QJ ♥KQ ♣3, S ♠T ♥J ♦43
	// ♣4, W ♠98 ♥T ♣65.
	const partnerOnly = "N:AK2.A.2.2 QJ.KQ..3 T.J.43.4 98.T..65"
	cases := []struct {
		name    string
		deal    string
		trump   bridge.Strain
		claimer bridge.Seat
		want    string
	}{
		// notrump, the claimer's side: ♠A (♠K touches it) and ♥A are
		// masters, left out
		{"claimer's side", everyone, bridge.NoTrump, bridge.South, "♠2 ♦2 ♣2"},
		// an opponent claims: every card, ♠K counted with ♠A
		{"opponent's", everyone, bridge.NoTrump, bridge.East, "♠A ♠2 ♥A ♦2 ♣2"},
		// Law 13C with Law 70C: hearts trumps, E and W hold trumps: the ♠A
		// may be ruffed and counts; the ♥A, the top trump, cannot lose
		{"claimer's side, opponents' trumps", everyone, bridge.Hearts.Strain(), bridge.South, "♠A ♠2 ♦2 ♣2"},
		// spades trumps: the ♥A may be ruffed; ♠A (with ♠K) is the top trump
		{"claimer's side, the top trump kept", everyone, bridge.Spades.Strain(), bridge.North, "♠2 ♥A ♦2 ♣2"},
		// diamonds trumps held only by partner (S ♦43): no opponent can
		// ruff, ♠A and ♥A cannot lose; N's ♦2 is below partner's trumps
		{"claimer's side, only partner's trumps", partnerOnly, bridge.Diamonds.Strain(), bridge.South, "♠2 ♦2 ♣2"},
		// an opponent claims with trumps out: every card, as in notrump
		{"opponent's, trumps", everyone, bridge.Hearts.Strain(), bridge.West, "♠A ♠2 ♥A ♦2 ♣2"},
	}
	for _, c := range cases {
		d, err := bridge.ParseDeal(c.deal)
		if err != nil {
			t.Fatal(err)
		}
		pos := ClaimPosition{Hands: d, Trump: c.trump, Leader: bridge.North, Declarer: bridge.North}
		var got []string
		for _, k := range keptBack(pos, bridge.North, c.claimer) {
			got = append(got, k.String())
		}
		if strings.Join(got, " ") != c.want {
			t.Errorf("%s: kept back %v, want %s", c.name, got, c.want)
		}
	}
}
