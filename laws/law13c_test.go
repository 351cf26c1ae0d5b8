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
		// 13C leaves W a card more than the others: a claim cannot be played out
		{"claim after", won + "W surplus CA\nW claims 1\n", ErrBadEvent},
	})
	if _, err := runPlay(t, Edition1997, won+"W surplus CA played\n"); !errors.Is(err, ErrBadEvent) {
		t.Errorf("1997 without a finding: err %v, want ErrBadEvent", err)
	}
}
