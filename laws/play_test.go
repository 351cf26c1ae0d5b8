package laws

import (
	"errors"
	"strings"
	"testing"

	"github.com/bridgetd/bridgetd/bridge"
)

// playHeader: N declares 1NT, E is on lead, S is dummy.
//
//	N ♠AKQ2 ♥AKQ ♦AK2 ♣432     E ♠JT9 ♥JT9 ♦JT9 ♣JT98
//	S ♠876 ♥876 ♦876 ♣AKQ7     W ♠543 ♥5432 ♦Q543 ♣65
const playHeader = `dealer N
deal N:AKQ2.AKQ.AK2.432 JT9.JT9.JT9.JT98 876.876.876.AKQ7 543.5432.Q543.65
N 1NT
E P
S P
W P
`

// trick1: E leads ♣J, dummy's ace wins: S is on lead at trick 2.
const trick1 = "E plays CJ\nS plays CA\nW plays C5\nN plays C2\n"

func runPlay(t *testing.T, ed Edition, body string) (*Table, error) {
	t.Helper()
	lg, err := ParseLog(strings.NewReader(playHeader + body))
	if err != nil {
		t.Fatal(err)
	}
	return lg.Play(ed)
}

func playLaws(p *Play) []string {
	var out []string
	for _, r := range p.Rulings() {
		out = append(out, r.Law)
	}
	return out
}

// TestPlayIrregularities rules the play irregularities of Laws 48-57 and
// 61-63, in both codes where they differ.
func TestPlayIrregularities(t *testing.T) {
	card := func(s string) bridge.Card { c, _ := bridge.ParseCard(s); return c }
	cases := []struct {
		name  string
		ed    Edition
		body  string
		laws  []string
		check func(t *testing.T, p *Play)
	}{
		// 54B: opening lead by the wrong defender accepted: it stands.
		{"54B accept", Edition2017, "W leads D3\nN accepts\n", []string{"54B"}, func(t *testing.T, p *Play) {
			if tr := p.Tricks()[0]; tr.Leader != bridge.West || tr.N != 1 || p.Turn() != bridge.North {
				t.Errorf("trick %v, turn %s: want W's lead standing and N to play", tr.String(), p.Turn())
			}
		}},
		// 54A: declarer spreads his hand; his partner becomes declarer.
		{"54A spread", Edition1997, "W leads D3\nN spread\n", []string{"54A"}, func(t *testing.T, p *Play) {
			if p.Declarer() != bridge.South {
				t.Errorf("declarer %s, want S", p.Declarer())
			}
		}},
		// 54D, 56, 50D2: declined: E leads, ♦3 a major penalty card, and
		// declarer may require or prohibit the suit; he declines the option.
		{"54D decline, 50D2", Edition2017, "W leads D3\nN declines\nN declines\n", []string{"54D", "50D2"}, func(t *testing.T, p *Play) {
			pc := p.PenaltyCards()
			if len(pc) != 1 || pc[0].Card != card("D3") || !pc[0].Major || p.Turn() != bridge.East {
				t.Errorf("penalty cards %v, turn %s: want W ♦3 major, E to lead", pc, p.Turn())
			}
		}},
		// 50D2(a): declarer requires the suit: the penalty card is picked
		// up; E leading another suit when able is a revoke (61A).
		{"50D2 require, breached", Edition2017, "W leads D3\nN declines\nN requires D\nE plays SJ\n", []string{"54D", "50D2", "61A"}, func(t *testing.T, p *Play) {
			if len(p.PenaltyCards()) != 0 || len(p.Revokes()) != 1 {
				t.Errorf("penalty cards %v revokes %v: want none and one", p.PenaltyCards(), p.Revokes())
			}
		}},
		// 52: a major penalty card not played at the first legal opportunity.
		{"52 penalty card not played", Edition2017, "W leads D3\nN declines\nN declines\nE plays DJ\nS plays D6\nW plays D4\n", []string{"54D", "50D2", "52"}, nil},
		// 53A: a defender's lead out of turn accepted by the next hand's play.
		{"53A accepted by play", Edition2017, trick1 + "W plays H2\nN plays HA\n", []string{"53A"}, func(t *testing.T, p *Play) {
			if tr := p.Tricks()[1]; tr.Leader != bridge.West || tr.N != 2 {
				t.Errorf("trick 2 %v: want W's lead accepted", tr.String())
			}
		}},
		// 56: declined: a major penalty card; N's lead restriction options.
		{"56 declined", Edition1997, trick1 + "W plays H2\nN declines\n", []string{"56"}, func(t *testing.T, p *Play) {
			if pc := p.PenaltyCards(); len(pc) != 1 || !pc[0].Major || p.Turn() != bridge.South {
				t.Errorf("penalty %v turn %s: want a major penalty card and S (dummy) on lead", pc, p.Turn())
			}
		}},
		// 55B: declarer leads from the wrong hand; a defender declines: no
		// penalty card (48A), the lead comes from dummy.
		{"55B declarer's lead retracted", Edition2017, trick1 + "N plays SA\nE declines\n", []string{"55B"}, func(t *testing.T, p *Play) {
			if len(p.PenaltyCards()) != 0 || p.Turn() != bridge.South || !p.Hand(bridge.North).Has(card("SA")) {
				t.Errorf("penalty %v turn %s: want no penalty card and dummy to lead", p.PenaltyCards(), p.Turn())
			}
		}},
		// 57A: E plays before his partner W: major penalty card; declarer
		// requires W's lowest; W's ♠5 is a revoke (61A).
		{"57A premature, lowest breached", Edition2017, trick1 + "S plays S6\nE plays SJ\nN requires-lowest\nW plays S5\n", []string{"57A", "61A"}, func(t *testing.T, p *Play) {
			if pc := p.PenaltyCards(); len(pc) != 1 || pc[0].Card != card("SJ") || !pc[0].Major {
				t.Errorf("penalty %v: want E ♠J major", pc)
			}
		}},
		{"57A premature, complied", Edition1997, trick1 + "S plays S6\nE plays SJ\nN requires-highest\nW plays S5\n", []string{"57A"}, nil},
		// 2017 57C3: declarer's premature play stands and counts at his turn.
		{"57C3 declarer early", Edition2017, trick1 + "S plays S6\nN plays SA\nW plays S3\nE plays S9\n", []string{"57C3"}, func(t *testing.T, p *Play) {
			if tr := p.Tricks()[1]; !tr.Complete() || tr.Cards[2] != card("SA") {
				t.Errorf("trick 2 %v: want ♠A played at N's turn", tr.String())
			}
		}},
		// 2017 57D: a defender's card at RHO's turn after partner played is
		// played at his turn if legal; 1997: a penalty card.
		{"57D 2017", Edition2017, trick1 + "S plays S6\nW plays S3\nE plays S9\nN plays S2\n", []string{"57D"}, func(t *testing.T, p *Play) {
			if tr := p.Tricks()[1]; !tr.Complete() || tr.Cards[3] != card("S9") {
				t.Errorf("trick 2 %v: want E's ♠9 played at his turn", tr.String())
			}
		}},
		{"57D 1997: penalty card", Edition1997, trick1 + "S plays S6\nW plays S3\nE plays S9\n", []string{"50"}, func(t *testing.T, p *Play) {
			if pc := p.PenaltyCards(); len(pc) != 1 || pc[0].Card != card("S9") {
				t.Errorf("penalty %v: want E ♠9", pc)
			}
		}},
		// 48A: declarer's exposed card is no penalty card.
		{"48A declarer exposes", Edition2017, trick1 + "N exposes HA\n", []string{"48A"}, func(t *testing.T, p *Play) {
			if len(p.PenaltyCards()) != 0 {
				t.Errorf("penalty %v: want none", p.PenaltyCards())
			}
		}},
		// 50B: a single low card dropped is minor; a second makes both major.
		{"50B minor then major", Edition2017, trick1 + "E exposes S9\n", []string{"50B"}, func(t *testing.T, p *Play) {
			if pc := p.PenaltyCards(); len(pc) != 1 || pc[0].Major {
				t.Errorf("penalty %v: want a minor penalty card", pc)
			}
		}},
		{"50B two cards major", Edition2017, trick1 + "E exposes S9\nE exposes C8\n", []string{"50B", "50B"}, func(t *testing.T, p *Play) {
			for _, pc := range p.PenaltyCards() {
				if !pc.Major {
					t.Errorf("penalty %v: want all major", pc)
				}
			}
		}},
		// 61A1, 63A1: W revokes on trick 1; established when E-W play to
		// trick 2.
		{"61A revoke established", Edition2017, "E plays CJ\nS plays CA\nW plays H2\nN plays C2\nS plays S6\nW plays S3\n", []string{"61A1"}, func(t *testing.T, p *Play) {
			rv := p.Revokes()
			if len(rv) != 1 || rv[0].Seat != bridge.West || !rv[0].Established || p.ShownOut()[bridge.West] != 0 {
				t.Errorf("revokes %v shown %v: want W's, established, and no void shown", rv, p.ShownOut())
			}
		}},
		// 62A, 62B1, 62C1: W corrects his revoke before it is established:
		// the card becomes a major penalty card; N's card played after it
		// goes back to be played again.
		{"62B1 revoke corrected", Edition2017, "E plays CJ\nS plays CA\nW plays H2\nN plays C2\nW corrects-revoke C5\n", []string{"61A1", "62B1"}, func(t *testing.T, p *Play) {
			pc := p.PenaltyCards()
			if len(pc) != 1 || pc[0].Card != card("H2") || !pc[0].Major || len(p.Revokes()) != 0 {
				t.Errorf("penalty %v revokes %v: want W ♥2 major and no revoke", pc, p.Revokes())
			}
			if tr := p.Tricks()[0]; tr.N != 3 || tr.Cards[2] != card("C5") || p.Turn() != bridge.North || !p.Hand(bridge.North).Has(card("C2")) {
				t.Errorf("trick 1 %v turn %s: want ♣5 in place of ♥2 and N to play again", tr.String(), p.Turn())
			}
		}},
		// 62B2: declarer's corrected revoke: no penalty card.
		{"62B2 declarer corrects", Edition1997, "E plays CJ\nS plays CA\nW plays C5\nN plays S2\nN corrects-revoke C2\n", []string{"61A1", "62B2"}, func(t *testing.T, p *Play) {
			if len(p.PenaltyCards()) != 0 || p.Won(bridge.NS) != 1 || p.Turn() != bridge.South {
				t.Errorf("penalty %v won %d turn %s: want none, N-S 1 trick, dummy on lead", p.PenaltyCards(), p.Won(bridge.NS), p.Turn())
			}
		}},
		// 68B2: a defender's concession his partner objects to at once.
		{"68B2 partner objects", Edition2017, trick1 + "E concedes\nW objects\n", []string{"68B2"}, func(t *testing.T, p *Play) {
			if p.Claim() != nil || p.Ended() {
				t.Errorf("claim %v ended %v: want no concession and play going on", p.Claim(), p.Ended())
			}
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tb, err := runPlay(t, c.ed, c.body)
			if err != nil {
				t.Fatal(err)
			}
			p := tb.Play()
			if p == nil {
				t.Fatal("no play")
			}
			if got := playLaws(p); strings.Join(got, " ") != strings.Join(c.laws, " ") {
				t.Errorf("laws %v, want %v", got, c.laws)
			}
			for _, r := range p.Rulings() {
				if r.Law == "" {
					t.Errorf("ruling without a law: %+v", r)
				}
			}
			if c.check != nil {
				c.check(t, p)
			}
		})
	}
}

// refusal is a play log (after playHeader) the engine must refuse with want.
type refusal struct {
	name, body string
	want       error
}

// runRefusals plays each log under the 2017 code and checks the error and
// that it names its line.
func runRefusals(t *testing.T, cases []refusal) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := runPlay(t, Edition2017, c.body)
			if !errors.Is(err, c.want) {
				t.Fatalf("err = %v, want %v", err, c.want)
			}
			var le *LineError
			if !errors.As(err, &le) || le.Line == 0 {
				t.Errorf("error %v does not name its line", err)
			}
		})
	}
}

// TestPlayRefuses checks the events that cannot have happened.
func TestPlayRefuses(t *testing.T) {
	cases := []refusal{
		{"card not held", "E plays SA\n", ErrNotHeldPlay},
		// 50D2, 60C: a second lead while the first waits for declarer's choice.
		{"option pending", "W leads D3\nN declines\nE plays SJ\nE plays HJ\n", ErrPlayPending},
		{"after a claim", trick1 + "N claims 12\nE plays SJ\n", ErrPlayOver},
		{"dummy claims", trick1 + "S claims 12\n", ErrBadEvent},
		{"agree with no claim", trick1 + "E agrees\n", ErrBadEvent},
		{"claimer's side agrees", trick1 + "N claims 12\nS agrees\n", ErrBadEvent},
		{"wrong holder", "W leads D3\nE accepts\n", ErrNotEntitled},
		{"established revoke corrected", "E plays CJ\nS plays CA\nW plays H2\nN plays C2\nS plays S6\nW plays S3\nW corrects-revoke C5\n", ErrBadEvent},
	}
	runRefusals(t, cases)
	// no deal: the play cannot be followed
	lg, err := ParseLog(strings.NewReader("N 1NT\nE P\nS P\nW P\nE plays S2\n"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := lg.Play(Edition2017); !errors.Is(err, ErrBadEvent) {
		t.Errorf("play without a deal: err = %v, want ErrBadEvent", err)
	}
}

// TestPlayRefusedAnswer: an answer the Laws do not allow is refused and
// the option stays open for a proper one. Law 50D2: declarer may name only
// the suit of a major penalty card (here ♦3, after 54D); 57A3: a suit other
// than the suit led.
func TestPlayRefusedAnswer(t *testing.T) {
	cases := []struct{ name, body, bad, good, chosen, outcome string }{
		{"50D2 suit without a penalty card", "W leads D3\nN declines\n", "requires C", "requires D", "requires ♦",
			"E must lead ♦ (50D2(a)); W's penalty cards in ♦ are picked up"},
		{"57A3 the suit led", trick1 + "S plays S6\nE plays S9\n", "requires S", "requires H", "requires ♥",
			"♠9 is a major penalty card (50); W must play a ♥ (57A3)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tb, err := runPlay(t, Edition2017, c.body)
			if err != nil {
				t.Fatal(err)
			}
			p := tb.Play()
			if err := p.Choose(bridge.North, c.bad); !errors.Is(err, ErrBadAnswer) {
				t.Fatalf("Choose(%q) = %v, want ErrBadAnswer", c.bad, err)
			}
			pd := p.PendingOption()
			if pd == nil || pd.Holder == nil || *pd.Holder != bridge.North {
				t.Fatalf("after a refused answer the option is %+v, want it open for N", pd)
			}
			if err := p.Choose(bridge.North, c.good); err != nil {
				t.Fatalf("Choose(%q): %v", c.good, err)
			}
			rs := p.Rulings()
			last := rs[len(rs)-1]
			if last.Status != Settled || last.Outcome != c.outcome || last.Chosen != c.chosen {
				t.Errorf("ruling %s: status %s, chosen %q, outcome %q", last.Law, last.Status, last.Chosen, last.Outcome)
			}
		})
	}
}

// TestPlayClaimInLog: a claim, its objection and its award in the log;
// declarer's tricks add the tricks won in play and the award (69A, 70).
func TestPlayClaimInLog(t *testing.T) {
	// A 2-card ending is reached by giving the whole play; instead claim at
	// trick 2 and check consistency of the award with DeclarerTricks.
	tb, err := runPlay(t, Edition2017, trick1+"N claims 12 run C, run S\nW objects\n")
	if err != nil {
		t.Fatal(err)
	}
	p := tb.Play()
	c := p.Claim()
	if c == nil || c.Award == nil || c.Ruling == nil {
		t.Fatalf("claim %+v: want an adjudicated claim", c)
	}
	if !strings.HasPrefix(c.Ruling.Law, "70") {
		t.Errorf("ruling under Law %s, want 70", c.Ruling.Law)
	}
	if got, want := p.DeclarerTricks(), 1+c.Award.Tricks+c.Award.Restorable; got != want {
		t.Errorf("DeclarerTricks = %d, want %d (1 won in play + the award)", got, want)
	}
	if c.Award.Tricks > c.Award.DoubleDummy {
		t.Errorf("award %d above double dummy %d", c.Award.Tricks, c.Award.DoubleDummy)
	}
	// an agreed claim: scored as claimed (69A)
	tb, err = runPlay(t, Edition2017, trick1+"N claims 12\nE agrees\nW agrees\nend-of-play\n")
	if err != nil {
		t.Fatal(err)
	}
	if n := tb.Play().DeclarerTricks(); n != 13 {
		t.Errorf("agreed claim of the rest: declarer has %d tricks, want 13", n)
	}
	// a revoke with an agreed claim: 63A3 (2017) establishes it; the
	// claimed tricks count as won later by... N-S, so E-W revoked, lost the
	// revoke trick and won nothing later: 64B1.
	tb, err = runPlay(t, Edition2017, "E plays CJ\nS plays CA\nW plays H2\nN plays C2\nN claims 12\nE agrees\nend-of-play\n")
	if err != nil {
		t.Fatal(err)
	}
	laws := playLaws(tb.Play())
	if strings.Join(laws, " ") != "61A1 64B1" {
		t.Errorf("laws %v, want 61A1 64B1", laws)
	}
}

// TestAuctionPenaltyCardsInPlay: cards a defender exposed during the
// auction are penalty cards in the play (2017 24E), major or minor under
// 50B; declarer's side's go back to the hand (24D). The 1997 code leaves
// them to declarer's option (Law 24 with 50), which the play does not
// take up: none is carried.
func TestAuctionPenaltyCardsInPlay(t *testing.T) {
	const deal = "deal N:AKQ2.AKQ.AK2.432 JT9.JT9.JT9.JT98 876.876.876.AKQ7 543.5432.Q543.65\n"
	cases := []struct {
		name  string
		ed    Edition
		shown string
		want  []PenaltyCard
	}{
		// 24B then 24E: an honour: a major penalty card
		{"honour", Edition2017, "W shows DQ\n", []PenaltyCard{{Seat: bridge.West, Card: bridge.NewCard(bridge.Diamonds, bridge.Queen), Major: true, Law: "24E"}}},
		// 24A then 24E, 50B: a single low card exposed: a minor one
		{"low card", Edition2017, "W shows D3\n", []PenaltyCard{{Seat: bridge.West, Card: bridge.NewCard(bridge.Diamonds, bridge.Three), Law: "24E"}}},
		// 24D: declarer's partner's card goes back
		{"dummy's card", Edition2017, "S shows C7\n", nil},
		{"1997", Edition1997, "W shows DQ\n", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			lg, err := ParseLog(strings.NewReader("dealer N\n" + deal + "N 1NT\nE P\n" + c.shown + "S P\nW P\nE leads CJ\n"))
			if err != nil {
				t.Fatal(err)
			}
			tb, err := lg.Play(c.ed)
			if err != nil {
				t.Fatal(err)
			}
			got := tb.Play().PenaltyCards()
			if len(got) != len(c.want) || len(got) == 1 && got[0] != c.want[0] {
				t.Errorf("penalty cards %v, want %v", got, c.want)
			}
		})
	}
}
