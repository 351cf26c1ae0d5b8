package laws

import (
	"fmt"
	"strings"
	"testing"

	"github.com/bridgetd/bridgetd/bridge"
)

// TestPlayWhileOptionOpen rules the plays made while declarer's 57A or
// 50D2 option is open (law59_60.go), the same in both codes: 1997 and 2017
// Laws 50D2, 57A, 60C, 53A, 55. The 1997 Law 50 is stored one law a page
// at https://jfr.pzbs.pl/laws/node9/law50.htm; the passages the search
// returns stop at 50D1, so 50D2's 1997 wording is still unchecked here
// (TestPenaltyCard1997 checks the parts shown).
func TestPlayWhileOptionOpen(t *testing.T) {
	// after trick1 dummy (S) leads ♥6; E plays ♥T before his partner W:
	// 57A, ♥T a major penalty card, declarer to choose W's play.
	const h57 = trick1 + "S plays H6\nE plays HT\n"
	// W's opening lead out of turn declined (54D): ♦3 a major penalty
	// card, E on lead, declarer's 50D2 choice open.
	const d50 = "W leads D3\nN declines\n"
	// E wins trick 1 and is on lead; W leads ♥2 out of turn, declined
	// (56): a major penalty card, declarer's 50D2 choice open at trick 2.
	const d50b = "E plays CJ\nS plays C7\nW plays C5\nN plays C2\nW plays H2\nN declines\n"
	cases := []struct {
		name  string
		body  string
		laws  string
		check func(t *testing.T, p *Play)
	}{
		// 60C with 57A2: W's ♥2 played before declarer chose complies with
		// "lowest": it is W's play.
		{"57A complying", h57 + "W plays H2\nN requires-lowest\n", "57A 60C", func(t *testing.T, p *Play) {
			tr := p.Tricks()[1]
			if tr.N != 2 || tr.Cards[1] != card(t, "H2") || p.Turn() != bridge.North {
				t.Errorf("trick 2 %v turn %s: want ♥6 ♥2 and N to play", tr.String(), p.Turn())
			}
			if r := lastRuling(p); r.Offender != bridge.West || !strings.Contains(r.Outcome, "stands") {
				t.Errorf("60C ruling %+v: want W's card standing", r)
			}
		}},
		// 60C with 57A2: W's ♥5 does not comply: a major penalty card (49,
		// 50); W then plays his lowest heart, and the penalty card is no
		// legal opportunity under the restriction (no Law 52 ruling).
		{"57A not complying", h57 + "W plays H5\nN requires-lowest\nW plays H2\n", "57A 60C", func(t *testing.T, p *Play) {
			tr := p.Tricks()[1]
			if tr.N != 2 || tr.Cards[1] != card(t, "H2") {
				t.Errorf("trick 2 %v: want ♥6 ♥2", tr.String())
			}
			if !hasPenalty(p, bridge.West, card(t, "H5"), true) || !hasPenalty(p, bridge.East, card(t, "HT"), true) {
				t.Errorf("penalty cards %v: want W ♥5 and E ♥T major", p.PenaltyCards())
			}
			if len(p.Revokes()) != 0 {
				t.Errorf("revokes %v: want none", p.Revokes())
			}
		}},
		// 60C with 57A1: W's ♥2 does not comply with "highest": a major
		// penalty card, and W plays his highest heart.
		{"57A1 not complying", h57 + "W plays H2\nN requires-highest\nW plays H5\n", "57A 60C", func(t *testing.T, p *Play) {
			if tr := p.Tricks()[1]; tr.Cards[1] != card(t, "H5") || !hasPenalty(p, bridge.West, card(t, "H2"), true) || len(p.Revokes()) != 0 {
				t.Errorf("trick 2 %v penalty %v: want W's ♥5 played, ♥2 a major penalty card", tr.String(), p.PenaltyCards())
			}
		}},
		// 57A3: W must follow hearts (59), so his ♥5 held complies with a
		// requirement of spades and stands.
		{"57A3 must follow", h57 + "W plays H5\nN requires S\n", "57A 60C 59", func(t *testing.T, p *Play) {
			if tr := p.Tricks()[1]; tr.Cards[1] != card(t, "H5") || hasPenalty(p, bridge.West, card(t, "H5"), true) {
				t.Errorf("trick 2 %v penalty %v: want W's ♥5 played", tr.String(), p.PenaltyCards())
			}
		}},
		// 50D2(a) with 60C: E led ♦T before declarer stated his choice;
		// declarer requires diamonds: the lead complies and stands, W's ♦3
		// is picked up.
		{"50D2 complying", d50 + "E plays DT\nN requires D\n", "54D 50D2 60C", func(t *testing.T, p *Play) {
			tr := p.Tricks()[0]
			if tr.Leader != bridge.East || tr.N != 1 || tr.Cards[0] != card(t, "DT") || len(p.PenaltyCards()) != 0 {
				t.Errorf("trick 1 %v penalty %v: want E's ♦T led, no penalty card", tr.String(), p.PenaltyCards())
			}
		}},
		// 50D2(a) with 60C: declarer prohibits diamonds: E's ♦T is a major
		// penalty card (49, 50) and he leads again, a heart; his penalty
		// card is no legal opportunity while diamonds are prohibited.
		{"50D2 not complying", d50 + "E plays DT\nN prohibits D\nE plays HJ\n", "54D 50D2 60C", func(t *testing.T, p *Play) {
			tr := p.Tricks()[0]
			if tr.Cards[0] != card(t, "HJ") || !hasPenalty(p, bridge.East, card(t, "DT"), true) || hasPenalty(p, bridge.West, card(t, "D3"), true) {
				t.Errorf("trick 1 %v penalty %v: want E's ♥J led, E ♦T major, W's ♦3 picked up", tr.String(), p.PenaltyCards())
			}
		}},
		// 50D2(b) with 60C: declarer declines: any lead, the lead stands
		// and W's ♦3 stays a penalty card.
		{"50D2(b)", d50 + "E plays SJ\nN declines\n", "54D 50D2 60C", func(t *testing.T, p *Play) {
			if tr := p.Tricks()[0]; tr.Cards[0] != card(t, "SJ") || !hasPenalty(p, bridge.West, card(t, "D3"), true) {
				t.Errorf("trick 1 %v penalty %v: want ♠J led, W ♦3 major", tr.String(), p.PenaltyCards())
			}
		}},
		// Law 55 then 53A: declarer leads while his own 50D2 choice is
		// open; E accepts: E no longer has the lead, the 50D2 option lapses
		// (11A, 60A1) and W's ♥2 stays a penalty card (50D1).
		{"55 over 50D2 accepted", d50b + "N plays SA\nE accepts\n", "56 50D2 53A", func(t *testing.T, p *Play) {
			tr := p.Tricks()[1]
			if tr.Leader != bridge.North || tr.N != 1 || p.PendingOption() != nil || !hasPenalty(p, bridge.West, card(t, "H2"), true) {
				t.Errorf("trick 2 %v pending %v penalty %v: want N's ♠A led, nothing pending, W ♥2", tr.String(), p.PendingOption(), p.PenaltyCards())
			}
			if r := p.Rulings()[1]; r.Status != Settled || !strings.Contains(r.Outcome, "lapses") {
				t.Errorf("50D2 ruling %+v: want it lapsed", r)
			}
		}},
		// 53A: E's play to declarer's lead accepts it, the same.
		{"55 over 50D2 played to", d50b + "N plays SA\nE plays S9\n", "56 50D2 53A", func(t *testing.T, p *Play) {
			if tr := p.Tricks()[1]; tr.N != 2 || p.Turn() != bridge.South || !strings.Contains(p.Rulings()[1].Outcome, "lapses") {
				t.Errorf("trick 1 %v turn %s: want ♠A ♠9, S to play, 50D2 lapsed", tr.String(), p.Turn())
			}
		}},
		// Law 55B: declined, the card goes back and the 50D2 choice is open
		// again; then declarer requires hearts and E leads one.
		{"55 over 50D2 declined", d50b + "N plays SA\nW declines\n", "56 50D2 55B", func(t *testing.T, p *Play) {
			po := p.PendingOption()
			if po == nil || po.Law != "50D2" || !p.Hand(bridge.North).Has(card(t, "SA")) || p.Tricks()[1].N != 0 {
				t.Errorf("pending %+v: want 50D2 open again, ♠A back in N's hand", po)
			}
		}},
		{"55 over 50D2 declined then chosen", d50b + "N plays SA\nW declines\nN requires H\nE plays H9\n", "56 50D2 55B", func(t *testing.T, p *Play) {
			if tr := p.Tricks()[1]; tr.Leader != bridge.East || tr.Cards[0] != card(t, "H9") || len(p.Revokes()) != 0 || len(p.PenaltyCards()) != 0 {
				t.Errorf("trick 2 %v penalty %v: want E's ♥9 led, W's ♥2 picked up", tr.String(), p.PenaltyCards())
			}
		}},
		// Law 56 then 53A: W, whose partner E has the lead, leads himself
		// before declarer chose; declarer accepts: the 50D2 option lapses
		// and W's lead of ♠3 instead of his major penalty card ♥2 is
		// Law 52 (50D1).
		{"56 over 50D2 accepted", d50b + "W plays S3\nN accepts\n", "56 50D2 53A 52", func(t *testing.T, p *Play) {
			if tr := p.Tricks()[1]; tr.Leader != bridge.West || tr.Cards[0] != card(t, "S3") || p.PendingOption() != nil || !strings.Contains(p.Rulings()[1].Outcome, "lapses") {
				t.Errorf("trick 2 %v pending %v: want W's ♠3 led, 50D2 lapsed", tr.String(), p.PendingOption())
			}
		}},
		// Law 56 declined: ♠3 is one more major penalty card and the
		// 50D2 choice is made anew, over hearts and spades.
		{"56 over 50D2 declined", d50b + "W plays S3\nN declines\nN requires S\nE plays SJ\n", "56 50D2 56 50D2", func(t *testing.T, p *Play) {
			if tr := p.Tricks()[1]; tr.Leader != bridge.East || tr.Cards[0] != card(t, "SJ") || !hasPenalty(p, bridge.West, card(t, "H2"), true) || hasPenalty(p, bridge.West, card(t, "S3"), true) {
				t.Errorf("trick 2 %v penalty %v: want E's ♠J led, W's ♥2 still a penalty card, ♠3 picked up", tr.String(), p.PenaltyCards())
			}
			if r := p.Rulings()[1]; r.Status != Settled || !strings.Contains(r.Outcome, "anew") {
				t.Errorf("first 50D2 ruling %+v: want it replaced by the new choice", r)
			}
		}},
	}
	for _, c := range cases {
		for _, ed := range []Edition{Edition1997, Edition2017} {
			t.Run(fmt.Sprintf("%s/%s", c.name, ed), func(t *testing.T) { c.check(t, playCase(t, ed, c.body, c.laws)) })
		}
	}
	// one card waits at a time: a second card before the choice is refused
	runRefusals(t, []refusal{
		{"57A second card", h57 + "W plays H5\nW plays H2\n", ErrPlayPending},
		{"50D2 second card", d50 + "E plays DT\nE plays D9\n", ErrPlayPending},
	})
}

func hasPenalty(p *Play, s bridge.Seat, c bridge.Card, major bool) bool {
	for _, pc := range p.PenaltyCards() {
		if pc.Seat == s && pc.Card == c && pc.Major == major {
			return true
		}
	}
	return false
}

// playCase plays body (after playHeader) under ed and checks that the
// rulings cite laws, in order, each with its law and outcome.
func playCase(t *testing.T, ed Edition, body, laws string) *Play {
	t.Helper()
	tb, err := runPlay(t, ed, body)
	if err != nil {
		t.Fatal(err)
	}
	p := tb.Play()
	if got := strings.Join(playLaws(p), " "); got != laws {
		t.Errorf("laws %q, want %q", got, laws)
	}
	for _, r := range p.Rulings() {
		if r.Law == "" || r.Outcome == "" {
			t.Errorf("ruling without a law or an outcome: %+v", r)
		}
	}
	return p
}

// TestPenaltyCard1997 checks the engine against the 1997 Law 50 as stored
// (https://jfr.pzbs.pl/laws/node9/law50.htm): 50B, a single card below an
// honour exposed inadvertently is a minor penalty card, an honour a major
// one, and a defender's two or more penalty cards are all major; 50D1, a
// major penalty card is played at the first legal opportunity.
func TestPenaltyCard1997(t *testing.T) {
	cases := []struct {
		name  string
		body  string
		major []bool
	}{
		{"50B minor", trick1 + "E exposes S9\n", []bool{false}},
		{"50B honour", trick1 + "E exposes ST\n", []bool{true}},
		{"50B two cards", trick1 + "E exposes S9\nE exposes C8\n", []bool{true, true}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tb, err := runPlay(t, Edition1997, c.body)
			if err != nil {
				t.Fatal(err)
			}
			pc := tb.Play().PenaltyCards()
			if len(pc) != len(c.major) {
				t.Fatalf("penalty cards %v: want %d", pc, len(c.major))
			}
			for i, x := range pc {
				if x.Major != c.major[i] {
					t.Errorf("penalty card %v: major %v, want %v (1997 50B)", x, x.Major, c.major[i])
				}
			}
		})
	}
	// 50D1: E, to play with a major ♠T on the table and spades led, must play it.
	// Playing another card instead is ruled under Law 52.
	tb, err := runPlay(t, Edition1997, trick1+"E exposes ST\nS plays S6\nW plays S3\nN plays S2\nE plays S9\n")
	if err != nil {
		t.Fatal(err)
	}
	if r := lastRuling(tb.Play()); !strings.HasPrefix(r.Law, "52") {
		t.Errorf("1997 50D1: E followed with ♠9 over his major penalty ♠T: last ruling %s %q, want Law 52", r.Law, r.Outcome)
	}
}
