package laws

import (
	"errors"
	"strings"
	"testing"

	"github.com/bridgetd/bridgetd/bridge"
)

// deskDeal is playHeader's deal.
const deskDeal = "N:AKQ2.AKQ.AK2.432 JT9.JT9.JT9.JT98 876.876.876.AKQ7 543.5432.Q543.65"

// TestLogStart: the log a desk starts from reads back (ParseLog) with the
// board's dealer, vulnerability and deal, and its auction ends in the
// entered contract by the entered declarer, whoever deals, at every risk;
// a passed-out board's auction is passed out (Law 22A).
func TestLogStart(t *testing.T) {
	d, err := bridge.ParseDeal(deskDeal)
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range []string{"4S", "3NTX", "1CXX", "7H", "Pass"} {
		c, err := bridge.ParseContract(text)
		if err != nil {
			t.Fatal(err)
		}
		for dealer := range bridge.Seat(4) {
			for decl := range bridge.Seat(4) {
				log := LogStart(7, dealer, bridge.AllVul, d, &c, decl)
				lg, err := ParseLog(strings.NewReader(log))
				if err != nil {
					t.Fatalf("%s by %s, dealer %s: %v\n%s", c, decl, dealer, err, log)
				}
				if lg.Board != 7 || lg.Dealer != dealer || lg.Vul != bridge.AllVul || lg.Deal == nil || *lg.Deal != d {
					t.Errorf("%s by %s, dealer %s: header read back as board %d dealer %s vul %s", c, decl, dealer, lg.Board, lg.Dealer, lg.Vul)
				}
				tb, err := lg.Play(Edition2017)
				if err != nil {
					t.Fatalf("%s by %s, dealer %s: %v\n%s", c, decl, dealer, err, log)
				}
				got, gotDecl, ok := tb.Contract()
				if !ok || got != c || (!c.IsPassedOut() && gotDecl != decl) || len(tb.Rulings()) != 0 {
					t.Errorf("%s by %s, dealer %s: the auction ends in %s by %s (ended %v, %d rulings)\n%s", c, decl, dealer, got, gotDecl, ok, len(tb.Rulings()), log)
				}
			}
		}
	}
	// No contract entered: the header only.
	log := LogStart(0, bridge.East, bridge.NoneVul, d, nil, bridge.North)
	if strings.Count(log, "\n") != 3 || strings.Contains(log, "board") {
		t.Errorf("LogStart without a contract or board number:\n%s", log)
	}
}

// TestReplay: the cards played are followed by their holders in turn;
// the position after them is the one a claim is judged on (the suits shown
// out of kept for the 70E1 exception); what cannot have happened is
// refused with its place in the list.
func TestReplay(t *testing.T) {
	d, _ := bridge.ParseDeal(deskDeal)
	c := bridge.Contract{Level: 1, Strain: bridge.NoTrump}
	cards := func(s string) []bridge.Card {
		cs, err := ParseCards(s)
		if err != nil {
			t.Fatal(err)
		}
		return cs
	}
	// E leads ♣J, dummy's ace wins; dummy cashes ♣K and ♣Q, W showing
	// out of clubs on the third round (he discards ♦3).
	p, err := Replay(Edition2017, d, c, bridge.North, cards("CJ CA C5 C2 CK C6 C3 CT CQ D3 C4 C9 H6"))
	if err != nil {
		t.Fatal(err)
	}
	pos := p.Position()
	if p.Won(bridge.NS) != 3 || p.Won(bridge.EW) != 0 || pos.Leader != bridge.South || len(pos.Trick) != 1 || pos.Remaining() != 10 {
		t.Errorf("after 3 tricks and a lead: NS %d EW %d, leader %s, %d on the trick, %d left", p.Won(bridge.NS), p.Won(bridge.EW), pos.Leader, len(pos.Trick), pos.Remaining())
	}
	if want := [4]uint8{bridge.West: 1 << bridge.Clubs}; pos.Shown != want {
		t.Errorf("shown %v, want W out of clubs (70E1)", pos.Shown)
	}
	// Law 63B: a revoke stands as played; the suit is then not "shown out"
	// truthfully, but the card is played.
	p, err = Replay(Edition2017, d, c, bridge.North, cards("CJ CA C5 S2"))
	if err != nil || len(p.Revokes()) != 1 || p.Revokes()[0].Seat != bridge.North {
		t.Errorf("N's spade on a club, holding clubs: %v, revokes %v; want one revoke by N", err, p.Revokes())
	}
	for _, bad := range []struct {
		played string
		want   error
		says   string
	}{
		{"CA", ErrBadEvent, "card 1"},             // dummy's card; the opening lead is E's
		{"CJ CA C5 C2 CJ", ErrBadEvent, "card 5"}, // played before
	} {
		_, err := Replay(Edition2017, d, c, bridge.North, cards(bad.played))
		if !errors.Is(err, bad.want) || !strings.Contains(err.Error(), bad.says) {
			t.Errorf("%s: %v, want %v naming %s", bad.played, err, bad.want, bad.says)
		}
	}
	// A deal that is not four hands of thirteen is refused.
	if _, err := Replay(Edition2017, bridge.Deal{}, c, bridge.North, nil); err == nil {
		t.Error("an empty deal was accepted")
	}
}

// TestAwardDeclarerTricks: declarer's tricks on the board once an award
// is applied, for each kind of decision, by either side.
func TestAwardDeclarerTricks(t *testing.T) {
	cases := []struct {
		name              string
		kind              string
		aw                Award
		claimer, declarer bridge.Seat
		won, want         int
	}{
		// Law 70: declarer's claim of 5, awarded 4, after 7 won.
		{"contested, declarer", Contested, Award{Remaining: 6, Tricks: 4}, bridge.North, bridge.North, 7, 11},
		// Law 70: a defender's claim: the rest is declarer's.
		{"contested, defender", Contested, Award{Remaining: 6, Tricks: 4}, bridge.East, bridge.North, 7, 9},
		// Law 71: a concession of tricks no normal play loses is cancelled:
		// the conceder keeps 2 and gets 1 back.
		{"concession, 71", Conceded, Award{Remaining: 6, Tricks: 2, Restorable: 1}, bridge.South, bridge.North, 7, 10},
		// Law 69B: the acquiescing side gets back what it would likely
		// have won.
		{"acquiesced, 69B", Acquiesced, Award{Remaining: 6, Tricks: 6, Restorable: 2}, bridge.North, bridge.North, 7, 11},
		{"acquiesced by declarer, 69B", Acquiesced, Award{Remaining: 6, Tricks: 3, Restorable: 1}, bridge.West, bridge.North, 7, 11},
	}
	for _, c := range cases {
		if got := c.aw.DeclarerTricks(c.kind, c.won, c.claimer, c.declarer); got != c.want {
			t.Errorf("%s: %d, want %d", c.name, got, c.want)
		}
	}
}

// TestAdjudicateAfter: a claim after the cards played is decided on the
// position Replay reaches, the award as Adjudicate gives it on that
// position, and declarer's tricks on the board count those won before.
func TestAdjudicateAfter(t *testing.T) {
	d, _ := bridge.ParseDeal(deskDeal)
	c := bridge.Contract{Level: 1, Strain: bridge.NoTrump}
	played, err := ParseCards("CJ CA C5 C2")
	if err != nil {
		t.Fatal(err)
	}
	cl := Claim{Claimer: bridge.North, Tricks: 12}
	aw, total, err := AdjudicateAfter(Edition2017, Contested, d, c, bridge.North, played, cl)
	if err != nil {
		t.Fatal(err)
	}
	p, _ := Replay(Edition2017, d, c, bridge.North, played)
	want, err := Adjudicate(Edition2017, Contested, p.Position(), cl)
	if err != nil {
		t.Fatal(err)
	}
	if aw.Tricks != want.Tricks || aw.Law != want.Law || aw.Explain() != want.Explain() || total != 1+want.Tricks {
		t.Errorf("AdjudicateAfter: %d (Law %s), total %d; Adjudicate on the position: %d (Law %s)", aw.Tricks, aw.Law, total, want.Tricks, want.Law)
	}
	if _, _, err := AdjudicateAfter(Edition2017, "maybe", d, c, bridge.North, played, cl); !errors.Is(err, ErrClaimKind) {
		t.Errorf("an unknown kind: %v, want ErrClaimKind", err)
	}
}

// TestParseCards: the cards played, separated by spaces, commas or lines;
// a bad one named by its place.
func TestParseCards(t *testing.T) {
	cs, err := ParseCards(" SK,S2\n s5\tSA ")
	if err != nil || len(cs) != 4 || cs[0].ASCII() != "SK" || cs[2].ASCII() != "S5" || cs[3].ASCII() != "SA" {
		t.Errorf("ParseCards: %v %v", cs, err)
	}
	if cs, err := ParseCards(""); err != nil || len(cs) != 0 {
		t.Errorf("no cards: %v %v", cs, err)
	}
	if _, err := ParseCards("SK S1 SA"); err == nil || !strings.Contains(err.Error(), "card 2") {
		t.Errorf("a bad card: %v, want it named as card 2", err)
	}
}

// FuzzParseCards: the list reader never panics, and every card it reads
// is a card of the pack.
func FuzzParseCards(f *testing.F) {
	f.Add("SK S2, S5 SA")
	f.Add("♠K ♥T,\n10D")
	f.Fuzz(func(t *testing.T, s string) {
		cs, err := ParseCards(s)
		if err != nil {
			return
		}
		for _, c := range cs {
			if !c.Valid() {
				t.Errorf("ParseCards(%q) gave %v", s, c)
			}
		}
	})
}
