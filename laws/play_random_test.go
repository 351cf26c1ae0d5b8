package laws

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/bridgetd/bridgetd/bridge"
)

// randomDeal deals a complete deal from r.
func randomDeal(r *rand.Rand) bridge.Deal {
	pack := bridge.Pack()
	r.Shuffle(len(pack), func(i, j int) { pack[i], pack[j] = pack[j], pack[i] })
	var d bridge.Deal
	for i, c := range pack {
		d[i%4] = d[i%4].With(c)
	}
	return d
}

// TestRandomPlay drives whole boards with random actions by any seat — in
// turn or not, legal or not, options, exposed cards, claims, concessions,
// objections — in both codes: nothing panics, every refusal is one of the
// sentinel errors, and every ruling cites a law and states its outcome.
func TestRandomPlay(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 67))
	sentinels := []error{ErrNotHeldPlay, ErrPlayOver, ErrPlayPending, ErrBadEvent, ErrNoDecision, ErrNotEntitled, ErrBadAnswer}
	words := []string{"accept", "decline", "spread", "requires-highest", "requires-lowest", "requires S", "prohibits H", "requires D", "declines", "maybe"}
	boards := 300
	if testing.Short() {
		boards = 60
	}
	for b := 0; b < boards; b++ {
		ed := []Edition{Edition1997, Edition2017}[b%2]
		c := bridge.Contract{Level: uint8(1 + r.IntN(7)), Strain: bridge.Strain(r.IntN(5))}
		p, err := NewPlay(ed, randomDeal(r), c, bridge.Seat(r.IntN(4)))
		if err != nil {
			t.Fatal(err)
		}
		var trail []string
		for step := 0; step < 200 && !p.Ended(); step++ {
			seat := bridge.Seat(r.IntN(4))
			var err error
			act := ""
			switch k := r.IntN(20); {
			case k < 12: // a card: usually the player in turn, usually a legal one
				if r.IntN(4) != 0 {
					seat = p.Turn()
				}
				h := p.Hand(seat)
				if h == 0 {
					continue
				}
				cs := h.Cards()
				card := cs[r.IntN(len(cs))]
				if t := p.current(); t.N > 0 && r.IntN(3) != 0 {
					if f := h.InSuit(t.Led()); f != 0 {
						card = f.Cards()[r.IntN(f.Len())]
					}
				}
				act = fmt.Sprintf("%s plays %s", seat, card)
				err = p.PlayCard(seat, card)
			case k < 15:
				w := words[r.IntN(len(words))]
				if d := p.pending; d != nil && r.IntN(3) != 0 {
					seat = d.holders[r.IntN(len(d.holders))]
				}
				act = fmt.Sprintf("%s %s", seat, w)
				err = p.Choose(seat, w)
			case k < 16 && r.IntN(3) == 0:
				h := p.Hand(seat)
				if h == 0 {
					continue
				}
				card := h.Cards()[r.IntN(h.Len())]
				act = fmt.Sprintf("%s corrects-revoke %s", seat, card)
				err = p.CorrectRevoke(seat, card)
			case k < 16:
				h := p.Hand(seat)
				if h == 0 {
					continue
				}
				act = fmt.Sprintf("%s exposes %s", seat, h.Cards()[0])
				err = p.Expose(seat, []bridge.Card{h.Cards()[0]})
			case k < 18:
				if p.Position().Remaining() > 5 {
					continue // keep the adjudications short
				}
				st, _ := ParseStatement([]string{"", "trumps", "crossruff", "run S", "finesse HQ", "SA HK", "duck C", "ruff D", "best"}[r.IntN(9)])
				n := r.IntN(p.Position().Remaining() + 2)
				act = fmt.Sprintf("%s claims %d %s", seat, n, st)
				if r.IntN(3) == 0 {
					err = p.Concede(seat, n)
				} else {
					err = p.ClaimTricks(seat, n, st)
				}
				if err == nil {
					o := bridge.Seat(r.IntN(4))
					switch r.IntN(3) {
					case 0:
						err = p.Object(o)
					case 1:
						if err = p.Agree(o); err == nil {
							err = p.WithdrawAgreement(o)
						}
					default:
						err = p.Agree(o)
					}
				}
			default:
				if r.IntN(20) != 0 {
					continue
				}
				act = "end"
				err = p.End()
			}
			trail = append(trail, act)
			// every card is once in a hand or once on a trick
			var seen bridge.Hand
			count := 0
			for _, h := range p.Remaining() {
				seen |= h
				count += h.Len()
			}
			for _, tr := range p.Tricks() {
				for i := 0; i < tr.N; i++ {
					seen = seen.With(tr.Cards[i])
					count++
				}
			}
			if seen != bridge.FullPack || count != 52 {
				t.Fatalf("board %d: after %s the cards are %d, %d distinct\n%s", b, act, count, seen.Len(), strings.Join(trail, "\n"))
			}
			if err != nil {
				known := false
				for _, s := range sentinels {
					known = known || errors.Is(err, s)
				}
				if !known {
					t.Fatalf("board %d: %s: unexpected error %v\n%s\n%v", b, act, err, strings.Join(trail, "\n"), p.Tricks())
				}
			}
		}
		p.End()
		for _, rl := range p.Rulings() {
			if rl.Law == "" || rl.Irregularity == "" {
				t.Fatalf("board %d: ruling without a law or irregularity: %+v\n%s", b, rl, strings.Join(trail, "\n"))
			}
			// a ruling states its outcome, in the Laws' terms
			if rl.Outcome == "" || strings.Contains(rl.Outcome, "engine") || strings.Contains(strings.Join(rl.Notes, " "), "engine") {
				t.Fatalf("board %d: ruling %s: outcome %q, notes %q\n%s", b, rl.Law, rl.Outcome, rl.Notes, strings.Join(trail, "\n"))
			}
		}
		if n := p.DeclarerTricks(); n < 0 || n > 13 {
			t.Fatalf("board %d: declarer tricks %d", b, n)
		}
		_ = p.Result()
	}
}
