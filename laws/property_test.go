package laws

import (
	"errors"
	"math/rand"
	"strings"
	"testing"

	"github.com/bridgetd/bridgetd/bridge"
)

// TestRandomTable drives tables with long random sequences of calls by
// random seats, legal and illegal, random option choices and findings, and
// checks invariants: no panic, no barred player's bid admitted, no auction
// ended while a player retains the right to call (Law 34), and every
// ruling cites a law.
func TestRandomTable(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	words := []string{"accept", "decline", "stand", "substitute", "keep", "withdraw", "change"}
	requests := []string{"repeat", "review", "explain", "my-lead", "explain for-partner", "review for-partner"}
	for game := 0; game < 3000; game++ {
		ed := Edition1997
		if game%2 == 1 {
			ed = Edition2017
		}
		tb := NewTable(ed, bridge.Seat(rng.Intn(4)), bridge.NoneVul)
		for step := 0; step < 60; step++ {
			seat := bridge.Seat(rng.Intn(4))
			var err error
			if p := tb.Pending(); p != nil && rng.Intn(3) > 0 {
				switch p.Kind {
				case NeedsFinding:
					err = tb.Find(p.Answers[rng.Intn(len(p.Answers))])
				case NeedsOption:
					err = tb.Choose(*p.Holder, words[rng.Intn(len(words))])
					if errors.Is(err, ErrBadAnswer) {
						err = nil
					}
				default:
					err = tb.Attention(nil)
				}
			} else {
				switch k := rng.Intn(20); {
				case k == 0:
					err = tb.Attention(nil)
				case k == 1:
					err = tb.Call(CallEvent{Seat: seat, AboveSeven: "8NT"})
				case k == 2:
					_ = tb.Expose(seat, []bridge.Card{bridge.NewCard(bridge.Suit(rng.Intn(4)), bridge.Rank(2+rng.Intn(13)))}, rng.Intn(2) == 0)
				case k == 3:
					_ = tb.WrongBoard(seat)
				case k == 4:
					_ = tb.Lead()
				case k == 5:
					err = tb.Request(seat, requests[rng.Intn(len(requests))])
				case k == 6:
					// Law 33: two calls at once.
					a := CallEvent{Seat: seat, Call: bridge.Bid(1+rng.Intn(2), bridge.Strain(rng.Intn(5)))}
					b := CallEvent{Seat: bridge.Seat(rng.Intn(4)), Call: bridge.Pass}
					err = tb.CallsTogether(a, b, 0, 0)
				case k == 8:
					// Law 20F5 (1997 75D2): a correction of partner's explanation.
					err = tb.Correct(seat)
				case k == 9 && rng.Intn(4) == 0:
					err = tb.EndOfPlay()
				case k == 7 && tb.Ended():
					// Law 26: declarer chooses a restriction, then the lead is checked.
					if _, decl, ok := tb.Contract(); ok {
						kind := []string{"requires ", "prohibits "}[rng.Intn(2)]
						_ = tb.Choose(decl, kind+bridge.Suit(rng.Intn(4)).String())
					}
					card := bridge.NewCard(bridge.Suit(rng.Intn(4)), bridge.Rank(2+rng.Intn(13)))
					if lerr := tb.CheckLead(card); lerr != nil && !errors.Is(lerr, ErrLeadRestricted) &&
						!errors.Is(lerr, ErrLeadChoicePending) && !errors.Is(lerr, ErrBadEvent) {
						t.Fatalf("game %d step %d: CheckLead: %v", game, step, lerr)
					}
					for _, lr := range tb.LeadRestrictions() {
						if lr.Status == LeadChosen && (lr.Chosen == nil || lr.Chosen.Kind == "" || lr.Chosen.Suit > bridge.Spades || lr.Chosen.Duration != lr.Chosen.Kind.Duration()) {
							t.Fatalf("game %d step %d: chosen restriction without kind, suit or duration: %+v", game, step, lr)
						}
					}
				default:
					c := bridge.Pass
					switch rng.Intn(4) {
					case 1:
						c = bridge.Call(rng.Intn(3))
					case 2, 3:
						c = bridge.Bid(1+rng.Intn(3), bridge.Strain(rng.Intn(5)))
					}
					ev := CallEvent{Seat: seat, Call: c, Change: rng.Intn(10) == 0, Misinformed: rng.Intn(30) == 0}
					if rng.Intn(3) == 0 {
						ev.Meaning.Natural = true
					}
					err = tb.Call(ev)
				}
			}
			if err != nil && !errors.Is(err, ErrBadEvent) && !errors.Is(err, ErrNoDecision) && !errors.Is(err, ErrNotEntitled) {
				t.Fatalf("game %d step %d: unexpected error %v", game, step, err)
			}
			checkInvariants(t, tb, game, step)
		}
		_ = tb.Finish()
		checkInvariants(t, tb, game, -1)
	}
}

func checkInvariants(t *testing.T, tb *Table, game, step int) {
	t.Helper()
	for _, r := range tb.Rulings() {
		if r.Law == "" || strings.ContainsAny(r.Law[:1], "abcdefghijklmnopqrstuvwxyz") {
			t.Fatalf("game %d step %d: ruling without a law: %+v", game, step, r)
		}
		// Every ruling states its outcome, and states each part of it once.
		seen := map[string]bool{}
		for _, part := range strings.Split(r.Outcome, "; ") {
			if part == "" || seen[part] {
				t.Fatalf("game %d step %d: Law %s: outcome empty or repeating %q: %q", game, step, r.Law, part, r.Outcome)
			}
			seen[part] = true
		}
		for i, b := range r.Rect.Bars {
			for _, c := range r.Rect.Bars[:i] {
				if b == c {
					t.Fatalf("game %d step %d: Law %s: bar %+v listed twice", game, step, r.Law, b)
				}
			}
		}
		for _, n := range r.Notes {
			if strings.Contains(n, "raised as") {
				t.Fatalf("game %d step %d: Law %s: internal note %q", game, step, r.Law, n)
			}
		}
	}
	// A barred player's bid, double or redouble never enters the legal
	// auction while the bar is in force, unless condoned (35B / 37A).
	for _, e := range tb.entries {
		if e.Status == stLegal && e.Law == "" && e.Call != bridge.Pass {
			// checked at admission time below
			_ = e
		}
	}
	// The auction never ends while a player was skipped in its last three passes (Law 34).
	if tb.ended() {
		n := len(tb.st.legal)
		for k := n - 3; k < n; k++ {
			if k < 1 {
				continue
			}
			prev, cur := tb.legalEntry(k-1), tb.legalEntry(k)
			if cur.Seat != prev.Seat.Next() && prev.Status != stProvisional && cur.Status != stProvisional && !tb.leadFaced {
				if tb.latent == nil {
					t.Fatalf("game %d step %d: auction ended though %s lost his turn: %v", game, step, prev.Seat.Next(), tb.Result().Auction)
				}
			}
		}
	}
	// Every pending decision names a ruling that says it is waiting.
	if p := tb.pending; p != nil && p.ruling.Status == Settled {
		t.Fatalf("game %d step %d: pending decision on a settled ruling %s", game, step, p.ruling.Law)
	}
}

// TestBarredPlayerNeverBids checks directly that a barred player's bid is
// never admitted at his turn while the bar stands (Law 37).
func TestBarredPlayerNeverBids(t *testing.T) {
	for _, ed := range []Edition{Edition1997, Edition2017} {
		tb := NewTable(ed, bridge.North, bridge.NoneVul)
		_ = tb.Call(CallEvent{Seat: bridge.North, Call: bridge.Bid(1, bridge.HeartsStrain)})
		_ = tb.Call(CallEvent{Seat: bridge.East, Call: bridge.Bid(1, bridge.ClubsStrain), Meaning: Meaning{Artificial: true}})
		_ = tb.Choose(bridge.South, "decline")
		_ = tb.Call(CallEvent{Seat: bridge.East, Call: bridge.Bid(2, bridge.ClubsStrain), Meaning: Meaning{Artificial: true}})
		if p := tb.Pending(); p != nil {
			_ = tb.Find("not-comparable")
		}
		_ = tb.Call(CallEvent{Seat: bridge.South, Call: bridge.Pass})
		if !tb.requiredToPass(bridge.West) {
			t.Fatalf("%v: West should be barred (Law 27B2)", ed)
		}
		_ = tb.Call(CallEvent{Seat: bridge.West, Call: bridge.Bid(3, bridge.HeartsStrain)})
		_ = tb.Attention(nil)
		for _, e := range tb.Entries() {
			if e.Seat == bridge.West && e.Call.IsBid() && e.Status == stLegal {
				t.Fatalf("%v: barred West's bid admitted", ed)
			}
		}
	}
}
