package laws

import (
	"errors"
	"strings"
	"testing"

	"github.com/bridgetd/bridgetd/bridge"
)

// eachEdition runs check on the play of body (after playHeader) in both
// codes, as a subtest named name/edition.
func eachEdition(t *testing.T, name, body string, check func(t *testing.T, ed Edition, p *Play)) {
	t.Helper()
	for _, ed := range []Edition{Edition2017, Edition1997} {
		t.Run(name+"/"+ed.String(), func(t *testing.T) {
			tb, err := runPlay(t, ed, body)
			if err != nil {
				t.Fatal(err)
			}
			check(t, ed, tb.Play())
		})
	}
}

// TestOtherNonOffender: a play by the member of the non-offending side who
// is not next after a lead out of turn, while the option is open. 60A1
// forfeits the right only for a play after the RHO's irregularity; the
// other non-offender's play is ruled by what it is (law59_60.go). Deal of
// playHeader: N declares 1NT, S is dummy; after trick1 S is on lead; after
// trick2 E is on lead.
func TestOtherNonOffender(t *testing.T) {
	const trick2 = "S plays S6\nW plays S3\nN plays S2\nE plays S9\n" // E wins with ♠9
	type want map[Edition][]string
	both := func(l []string) want { return want{Edition2017: l, Edition1997: l} }
	cases := []struct {
		name  string
		body  string
		laws  want
		check func(t *testing.T, p *Play)
	}{
		// Law 54C: dummy-to-be faces a card after W's opening lead out of
		// turn: declarer could have seen it and must accept; 54B: dummy is
		// spread and declarer plays second.
		{"54C dummy faces a card", "W leads D3\nS plays S6\n", both([]string{"54B"}), func(t *testing.T, p *Play) {
			tr := p.Tricks()[0]
			if tr.Leader != bridge.West || tr.N != 1 || p.Turn() != bridge.North || !p.Hand(bridge.South).Has(card(t, "S6")) {
				t.Errorf("trick %s turn %s: want W's ♦3 standing, N to play, ♠6 back in dummy", tr.String(), p.Turn())
			}
			if !strings.Contains(strings.Join(p.Rulings()[0].Notes, " "), "54C") {
				t.Errorf("notes %q: want 54C", p.Rulings()[0].Notes)
			}
		}},
		// Law 53A, 54B: declarer, next in rotation, plays to it: accepted.
		{"54B declarer plays", "W leads D3\nN plays D2\n", both([]string{"54B"}), func(t *testing.T, p *Play) {
			if tr := p.Tricks()[0]; tr.N != 2 || tr.Cards[1] != card(t, "D2") || p.Turn() != bridge.East {
				t.Errorf("trick %s turn %s: want W ♦3, N ♦2, E to play", tr.String(), p.Turn())
			}
		}},
		// 2017 53B, 1997 53C: W leads out of turn at trick 2; S, whose lead
		// it was, leads: his lead stands and W's card goes back, no
		// penalty card (16C information).
		{"53B proper lead after a defender's", trick1 + "W plays H2\nS plays S6\n", want{Edition2017: {"53B"}, Edition1997: {"53C"}}, func(t *testing.T, p *Play) {
			tr := p.Tricks()[1]
			if tr.Leader != bridge.South || tr.N != 1 || !p.Hand(bridge.West).Has(card(t, "H2")) || len(p.PenaltyCards()) != 0 || p.PendingOption() != nil {
				t.Errorf("trick 2 %s penalty %v: want S's ♠6 lead, ♥2 back to W, no penalty card, no option", tr.String(), p.PenaltyCards())
			}
			if r := p.Rulings()[0]; len(r.Rect.Information) != 1 || r.Rect.Information[0].Law != "16C" {
				t.Errorf("information %+v: want the 16C flag on W's withdrawn card", r.Rect.Information)
			}
		}},
		// 2017 53B, 1997 53C: dummy leads when E (to its right) is on lead;
		// E makes his proper lead: it stands, dummy's card goes back.
		{"53B proper lead after declarer's", trick1 + trick2 + "S plays H6\nE plays HJ\n", want{Edition2017: {"53B"}, Edition1997: {"53C"}}, func(t *testing.T, p *Play) {
			tr := p.Tricks()[2]
			if tr.Leader != bridge.East || tr.N != 1 || !p.Hand(bridge.South).Has(card(t, "H6")) {
				t.Errorf("trick 3 %s: want E's ♥J lead and ♥6 back in dummy", tr.String())
			}
		}},
		// 2017 53C, 1997 53B: declarer leads from the wrong hand (N, when
		// dummy is on lead); W, to the right of the irregular lead, plays:
		// the lead stands and Law 57 applies: W played before his partner
		// E, a major penalty card and declarer's 57A option.
		{"53C wrong defender plays", trick1 + "N plays SA\nW plays S3\n", want{Edition2017: {"53C", "57A"}, Edition1997: {"53B", "57A"}}, func(t *testing.T, p *Play) {
			tr := p.Tricks()[1]
			pc := p.PenaltyCards()
			if tr.Leader != bridge.North || tr.N != 1 || len(pc) != 1 || pc[0].Card != card(t, "S3") || !pc[0].Major {
				t.Errorf("trick 2 %s penalty %v: want N's ♠A standing and W ♠3 a major penalty card", tr.String(), pc)
			}
			if o := p.PendingOption(); o == nil || o.Law != "57A" {
				t.Errorf("pending %+v: want declarer's 57A option", o)
			}
		}},
		// E leads out of turn (S on lead); N, not the next hand, plays:
		// neither acceptance (53A) nor forfeiture (60A1); a premature play
		// of declarer's (2017 57C3, 1997 45C2) played at his turn once N
		// accepts the lead.
		{"60A1 not after RHO", trick1 + "E plays SJ\nN plays SA\nN accepts\nS plays S6\nW plays S3\n", want{Edition2017: {"53A", "57C3"}, Edition1997: {"53A", "45C2"}}, func(t *testing.T, p *Play) {
			tr := p.Tricks()[1]
			if !tr.Complete() || tr.Leader != bridge.East || tr.Cards[3] != card(t, "SA") {
				t.Errorf("trick 2 %s: want E's lead accepted and ♠A played at N's turn", tr.String())
			}
		}},
		// 57A with 2017 57C3 (1997 45C2): E plays before his partner W;
		// declarer plays from his hand before choosing: his own premature
		// play, played at his turn; the 57A option stays open for him.
		{"57A open, declarer plays", trick1 + "S plays S6\nE plays SJ\nN plays SA\nN requires-lowest\nW plays S3\n", want{Edition2017: {"57A", "57C3"}, Edition1997: {"57A", "45C2"}}, func(t *testing.T, p *Play) {
			tr := p.Tricks()[1]
			if tr.N < 3 || tr.Cards[1] != card(t, "S3") || tr.Cards[2] != card(t, "SA") {
				t.Errorf("trick 2 %s: want W's ♠3 then N's ♠A played at his turn", tr.String())
			}
		}},
		// 60A1, 60A2: the next hand's play after a lead out of turn accepts it.
		{"60A2 next hand", trick1 + "W plays H2\nN plays HA\n", both([]string{"53A"}), func(t *testing.T, p *Play) {
			if !strings.Contains(strings.Join(p.Rulings()[0].Notes, " "), "60A1, 60A2") {
				t.Errorf("notes %q: want the forfeiture of 60A1, 60A2", p.Rulings()[0].Notes)
			}
		}},
	}
	for _, c := range cases {
		eachEdition(t, c.name, c.body, func(t *testing.T, ed Edition, p *Play) {
			if got := playLaws(p); strings.Join(got, " ") != strings.Join(c.laws[ed], " ") {
				t.Errorf("laws %v, want %v", got, c.laws[ed])
			}
			c.check(t, p)
		})
	}
}

// TestFifthCardLed: Law 45E (45E1 a defender's, 45E2 declarer's side's):
// a fifth card the Director deems led is a lead to the next trick, in
// turn or out of turn (Laws 53, 55, 56); not deemed led, 45E rules it.
func TestFifthCardLed(t *testing.T) {
	// trick 2: S ♠6, W ♠3, N ♠A, E ♠9: N wins and is on lead at trick 3.
	const trick2 = "S plays S6\nW plays S3\nN plays SA\nE plays S9\n"
	cases := []struct {
		name, body string
		laws       []string
		leader     bridge.Seat
		n          int
		pending    string
	}{
		// 45E1 with 56: W's fifth card deemed led, out of turn: declarer's option.
		{"45E1 deemed led, out of turn", trick1 + trick2 + "W adds H2 led\n", []string{"45E1", "56"}, bridge.North, 0, "56"},
		// 45E1 with 53A: accepted, the lead stands.
		{"45E1 deemed led, accepted", trick1 + trick2 + "W adds H2 led\nN accepts\n", []string{"45E1", "53A"}, bridge.West, 1, ""},
		// 45E2: declarer's fifth card deemed led, and he is on lead: his lead.
		{"45E2 deemed led, in turn", trick1 + trick2 + "N adds HA led\n", []string{"45E2"}, bridge.North, 1, ""},
		// 45E2 with 55: dummy's card deemed led while declarer's hand is on lead.
		{"45E2 deemed led, wrong hand", trick1 + trick2 + "S adds H6 led\n", []string{"45E2", "55"}, bridge.North, 0, "55"},
	}
	for _, c := range cases {
		eachEdition(t, c.name, c.body, func(t *testing.T, _ Edition, p *Play) {
			if got := playLaws(p); strings.Join(got, " ") != strings.Join(c.laws, " ") {
				t.Errorf("laws %v, want %v", got, c.laws)
			}
			tr := p.Tricks()[2]
			if tr.Leader != c.leader || tr.N != c.n {
				t.Errorf("trick 3 %s: want leader %s and %d card(s)", tr.String(), c.leader, c.n)
			}
			o := p.PendingOption()
			if (o == nil) != (c.pending == "") || o != nil && o.Law != c.pending {
				t.Errorf("pending %+v, want %q", o, c.pending)
			}
		})
	}
	// 45E: a card cannot be deemed led into a trick in progress.
	if _, err := runPlay(t, Edition2017, trick1+"S plays S6\nW plays S3\nW adds H2 led\n"); !errors.Is(err, ErrBadEvent) {
		t.Errorf("deemed led mid-trick: err %v, want ErrBadEvent", err)
	}
}

// TestAgreeTricks: Law 79A (2017 79A1, 79A2; 1997 79A): the tricks won are
// agreed before the hands go back into the board, and no one may accept a
// number the play does not give; the score is then ruled from the play.
func TestAgreeTricks(t *testing.T) {
	const played = trick1 + "end-of-play\n" // declarer's side won trick 1
	type want map[Edition][]string
	cases := []struct {
		name   string
		body   string
		laws   want
		scored int
	}{
		// 79A1: agreed in time and right: nothing to rule.
		{"79A1 agreed", played + "N agrees-tricks 1\nhands-returned\n", want{Edition2017: nil, Edition1997: nil}, 1},
		// 79A2 with 79B2 (1997 79A, 79B): a trick declarer did not win.
		{"79A2 wrong number", played + "E agrees-tricks 2\n", want{Edition2017: {"79A2", "79B2"}, Edition1997: {"79A", "79B"}}, 1},
		// 79A1: agreed after the hands went back.
		{"79A1 late", played + "hands-returned\nN agrees-tricks 1\n", want{Edition2017: {"79A1"}, Edition1997: {"79A"}}, 1},
		// 79A2 with 79B1: the tricks come from an agreed claim: Law 69B.
		{"79A2 after a claim", trick1 + agreedRest + "N agrees-tricks 12\n", want{Edition2017: {"79A2", "79B1"}, Edition1997: {"79A", "79B1"}}, 12},
	}
	for _, c := range cases {
		eachEdition(t, c.name, c.body, func(t *testing.T, ed Edition, p *Play) {
			var got []string
			for _, l := range playLaws(p) {
				if strings.HasPrefix(l, "79") {
					got = append(got, l)
				}
			}
			if strings.Join(got, " ") != strings.Join(c.laws[ed], " ") {
				t.Errorf("laws %v, want %v", got, c.laws[ed])
			}
			if p.ScoredTricks() != c.scored {
				t.Errorf("scored %d, want %d", p.ScoredTricks(), c.scored)
			}
		})
	}
	if _, err := runPlay(t, Edition2017, trick1+"hands-returned\n"); !errors.Is(err, ErrBadEvent) {
		t.Errorf("hands returned during the play: err %v, want ErrBadEvent", err)
	}
}

// TestKnownToWin: Law 46B1(b): "win" is the lowest card of dummy's that
// it is known will win the trick. A defender still to play who has shown
// out of the suit led cannot beat dummy's card with it (no trumps), so a
// low card known to win is chosen though higher cards of the suit are
// unseen (with the defender who has already played).
func TestKnownToWin(t *testing.T) {
	//	N ♠AKQJ ♥A4 ♦AKQJ ♣AKQ     E ♠T98 ♥KJ952 ♦T9 ♣JT9
	//	S ♠765 ♥QT8763 ♦87 ♣87     W ♠432 ♥— ♦65432 ♣65432
	const log = "deal N:AKQJ.A4.AKQJ.AKQ T98.KJ952.T9.JT9 765.QT8763.87.87 432..65432.65432\nN 1NT\nE P\nS P\nW P\n" +
		"E plays H2\nS plays H3\nW plays C2\nN plays HA\n" + // W shows out of hearts
		"N plays H4\nE plays H5\nN names win\n"
	for _, ed := range []Edition{Edition2017, Edition1997} {
		lg, err := ParseLog(strings.NewReader(log))
		if err != nil {
			t.Fatal(err)
		}
		tb, err := lg.Play(ed)
		if err != nil {
			t.Fatal(err)
		}
		p := tb.Play()
		if tr := p.Tricks()[1]; tr.N != 3 || tr.Cards[2] != card(t, "H6") {
			t.Errorf("%v: trick 2 %s: want dummy's ♥6, the lowest heart known to win (W has shown out)", ed, tr.String())
		}
		if r := lastRuling(p); r.Law != "46B1(b)" {
			t.Errorf("%v: ruling %s, want 46B1(b)", ed, r.Law)
		}
	}
}
