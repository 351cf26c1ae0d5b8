package laws

import (
	"errors"
	"strings"
	"testing"

	"github.com/bridgetd/bridgetd/bridge"
)

// TestExtraUnsure: Law 67B2 (both codes) when the Director cannot tell
// which of the offender's two cards on a trick was faced: the higher one
// he could legally have played stays among his played cards, the other
// goes back to his hand; and a card found among the played cards after
// the end of play, until the end of the correction period (14B1, 67B2).
func TestExtraUnsure(t *testing.T) {
	// trick 2: dummy's ♠6, W ♠5, N ♠A, E ♠9; trick 3 begun by both sides.
	const spades = "S plays S6\nW plays S5\nN plays SA\nE plays S9\nN plays HA\nE plays H9\nS plays H6\nW plays H2\n"
	// tricks 2–3 won by E (♠9, then ♦9), trick 4 begun by both sides.
	const diamonds = "S plays S6\nW plays S3\nN plays S2\nE plays S9\nE plays D9\nS plays D6\nW plays D3\nN plays D2\nE plays HJ\nS plays H6\nW plays H2\nN plays HA\n"
	cases := []struct {
		name   string
		body   string
		trick  int
		stays  string // W's card left on the trick
		back   string // in W's hand after
		phrase string // in the ruling
		err    error
	}{
		// 67B2: both clubs legal; ♣6, the higher, stays; ♣5 goes back.
		{"67B2 higher stays", trick1 + "S plays S6\nW plays S3\nN plays SA\nE plays S9\nW extra C6 1 unknown\n", 1, "C6", "C5", "cannot tell", nil},
		// 67B2: the card the log shows is the higher: it stays.
		{"67B2 logged card higher", trick1 + spades + "W extra S3 2 unknown\n", 2, "S5", "S3", "cannot tell", nil},
		// 67B2: ♥5 is higher but W held spades: not legal, ♠5 stays.
		{"67B2 only the legal card", trick1 + spades + "W extra H5 2 unknown\n", 2, "S5", "H5", "cannot tell", nil},
		// 67B2 with 65B: ♦Q would win E's trick 3; the quitted trick's
		// ownership is not changed, so ♦3 stays.
		{"67B2 ownership kept", trick1 + diamonds + "W extra DQ 3 unknown\n", 3, "D3", "DQ", "65B", nil},
		// 14B1, 67B2: found after the end of play, within the correction period.
		{"14B1 after the play", trick1 + agreedRest + "W extra C6 1 unknown\n", 1, "C6", "C5", "after the end of play", nil},
		{"14B1 after the play, known", trick1 + agreedRest + "W extra C6 1\n", 1, "C5", "C6", "after the end of play", nil},
		// 14B: after the correction period, refused.
		{"14B too late", trick1 + agreedRest + "end-of-correction\nW extra C6 1\n", 0, "", "", "", ErrPlayOver},
		// 67A2: before each side has played to the next trick the cards are
		// in front of the players: "unknown" is refused.
		{"67A2 no doubt", trick1 + "W extra C6 1 unknown\n", 0, "", "", "", ErrBadEvent},
	}
	for _, c := range cases {
		for _, ed := range []Edition{Edition2017, Edition1997} {
			t.Run(c.name+"/"+ed.String(), func(t *testing.T) {
				tb, err := runPlay(t, ed, c.body)
				if c.err != nil {
					if !errors.Is(err, c.err) {
						t.Fatalf("err %v, want %v", err, c.err)
					}
					return
				}
				if err != nil {
					t.Fatal(err)
				}
				p := tb.Play()
				r := lastRuling(p)
				if r.Law != "67B2" || !strings.Contains(r.Irregularity+" "+r.Outcome, c.phrase) {
					t.Errorf("ruling %s %q: want 67B2 saying %q", r.Law, r.Outcome, c.phrase)
				}
				tr := p.Tricks()[c.trick-1]
				got := bridge.Card(0)
				for i := 0; i < tr.N; i++ {
					if tr.Player(i) == bridge.West {
						got = tr.Cards[i]
					}
				}
				if got != card(t, c.stays) || !p.Hand(bridge.West).Has(card(t, c.back)) || p.Hand(bridge.West).Has(card(t, c.stays)) {
					t.Errorf("trick %d W %s, W's hand %s: want %s left and %s back in the hand", c.trick, got, p.Hand(bridge.West), c.stays, c.back)
				}
			})
		}
	}
}

// TestExtraUnsureRevokes: 67B2 with 14B4: the card restored is deemed to
// have been in the hand throughout, so a later failure to follow with it
// is a revoke, and one that depended on the card left on the trick is not.
func TestExtraUnsureRevokes(t *testing.T) {
	// W plays both clubs (tricks 1, 2), discards ♦3 on trick 3 (void),
	// and ♠4 on trick 4, a diamond lead, holding diamonds: a revoke.
	body := trick1 + "S plays CK\nW plays C6\nN plays C3\nE plays C8\n" +
		"S plays CQ\nW plays D3\nN plays C4\nE plays C9\n" +
		"S plays D6\nW plays S4\nN plays D2\nE plays D9\n"
	for _, ed := range []Edition{Edition2017, Edition1997} {
		tb, err := runPlay(t, ed, body+"W extra S5 3 unknown\n")
		if err != nil {
			t.Fatal(err)
		}
		p := tb.Play()
		// ♠5 (higher, legal: W was void in clubs) stays on trick 3; ♦3 back.
		if tr := p.Tricks()[2]; tr.Cards[1] != card(t, "S5") || !p.Hand(bridge.West).Has(card(t, "D3")) {
			t.Fatalf("%v: trick 3 %s, W %s: want ♠5 left and ♦3 back", ed, tr.String(), p.Hand(bridge.West))
		}
		// Law 61A: the trick-4 revoke stands (W held diamonds throughout).
		var revs []int
		for _, rv := range p.Revokes() {
			if rv.Seat == bridge.West {
				revs = append(revs, rv.Trick)
			}
		}
		if len(revs) != 1 || revs[0] != 4 {
			t.Errorf("%v: W's revokes on tricks %v, want [4]", ed, revs)
		}
	}
}

// TestExtraAfterPlayReplacesTransfers: a 67B2 finding after the end of
// play that changes the revokes (14B1, 14B4) replaces the Law 64 rulings
// issued at the end of play by the recomputed ones; they are never listed
// side by side.
func TestExtraAfterPlayReplacesTransfers(t *testing.T) {
	// W, void in spades, discards ♥2 on trick 2 and ♥3 on trick 3's
	// diamond lead while the deal gives him ♦3: a revoke (61A), established
	// on trick 4; N claims 8 of the last 9, the defenders agreeing, so
	// Law 64A2 transfers one trick (2017 64A2, 1997 64A2).
	const log = `deal N:AKQ2.AKQ.AK2.432 JT98.JT9.JT9.QJT 7654.8.Q87654.AK 3.765432.3.98765
N 1NT
E P
S P
W P
E plays SJ
S plays S4
W plays S3
N plays SA
N plays SK
E plays S8
S plays S5
W plays H2
N plays DA
E plays D9
S plays D4
W plays H3
N plays HA
E plays H9
S plays H8
W plays H4
N claims 8
E agrees
W agrees
end-of-play
`
	transfers := func(p *Play) []string {
		var out []string
		for _, r := range p.Rulings() {
			if strings.HasPrefix(r.Law, "64") {
				out = append(out, r.Law)
			}
		}
		return out
	}
	cases := []struct {
		name     string
		extra    string
		want     string // the Law 64 rulings after the finding
		declarer int
	}{
		// 67B2: the Director cannot tell whether ♥2 or ♦3 was W's card on
		// trick 2; ♦3, the higher he could legally play, stays: W no longer
		// held a diamond on trick 3, the revoke goes and so does the transfer.
		{"revoke gone", "W extra D3 2 unknown\n", "", 12},
		// 67B2: the card faced is known (♥2): nothing changes; the one
		// Law 64 ruling stays, once.
		{"nothing changes", "W extra D3 2\n", "64A2", 13},
	}
	for _, c := range cases {
		for _, ed := range []Edition{Edition2017, Edition1997} {
			t.Run(c.name+"/"+ed.String(), func(t *testing.T) {
				tb, err := playLog(t, ed, log)
				if err != nil {
					t.Fatal(err)
				}
				if got := strings.Join(transfers(tb.Play()), " "); got != "64A2" {
					t.Fatalf("Law 64 rulings at the end of play %q, want 64A2", got)
				}
				if tb, err = playLog(t, ed, log+c.extra); err != nil {
					t.Fatal(err)
				}
				p := tb.Play()
				if got := strings.Join(transfers(p), " "); got != c.want {
					t.Errorf("Law 64 rulings after the finding %q, want %q", got, c.want)
				}
				if n := p.DeclarerTricks(); n != c.declarer {
					t.Errorf("declarer tricks %d, want %d", n, c.declarer)
				}
				if r := lastRuling(p); c.want == "" && (r.Law != "67B2" || !strings.Contains(r.Outcome, "no longer a revoke: W trick 3 ♥3")) {
					t.Errorf("last ruling %s %q: want 67B2 naming the revoke that went", r.Law, r.Outcome)
				}
			})
		}
	}
}
