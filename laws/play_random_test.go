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
	lawsSeen := map[string]bool{}
	defer func() {
		// the random boards reach the new play laws too
		for _, l := range []string{"45C3", "46B5", "45E1", "58B2", "43B2(b)", "66C", "16B1", "90B2", "13C", "60C"} {
			if !lawsSeen[l] && !t.Failed() && !testing.Short() {
				t.Errorf("no random board was ruled under %s", l)
			}
		}
	}()
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
			switch k := r.IntN(23); {
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
			case k < 22:
				act, err = randomIrregularity(r, p, seat)
				if act == "" {
					continue
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
			for j, tr := range p.Tricks() {
				for i := 0; i < tr.N; i++ {
					// not the gap of an omitted card (67), nor a card foreign to the deal (13C)
					if tr.Cards[i].Valid() && !p.isSurplusPlay(tr.Player(i), tr.Cards[i], j+1) {
						seen = seen.With(tr.Cards[i])
						count++
					}
				}
			}
			for _, d := range p.defects {
				if d.placed { // 67B1: among his played cards, on no trick
					seen = seen.With(d.card)
					count++
				}
			}
			// each hand holds thirteen cards less those its seat played
			var slots [bridge.NumSeats]int
			for j, tr := range p.Tricks() {
				for i := 0; i < tr.N; i++ {
					slots[tr.Player(i)]++
					if !tr.Cards[i].Valid() || p.isSurplusPlay(tr.Player(i), tr.Cards[i], j+1) {
						slots[tr.Player(i)]-- // the omitted card is still held (67); a surplus card never was (13C)
					}
				}
			}
			for _, d := range p.defects {
				if d.placed {
					slots[d.seat]++
				}
			}
			for s, h := range p.Remaining() {
				if h.Len()+slots[s] != 13 {
					t.Fatalf("board %d: after %s %s holds %d cards and played %d\n%s\n%v", b, act, bridge.Seat(s), h.Len(), slots[s], strings.Join(trail, "\n"), p.Tricks())
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
			lawsSeen[rl.Law] = true
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

// randomIrregularity is one of the play events of Laws 13–16, 42–48,
// 58, 65–67, 79 and 90 by seat, chosen at random; act is empty when none
// was tried.
func randomIrregularity(r *rand.Rand, p *Play, seat bridge.Seat) (act string, err error) {
	h := p.Hand(seat)
	var c bridge.Card
	if h != 0 {
		c = h.Cards()[r.IntN(h.Len())]
	}
	dummy := p.Dummy()
	switch r.IntN(22) {
	case 0:
		if dc := p.Hand(dummy); dc != 0 {
			c = dc.Cards()[r.IntN(dc.Len())]
			return fmt.Sprintf("%s touches %s", p.Declarer(), c), p.Touch(p.Declarer(), c)
		}
	case 1:
		if h != 0 {
			return fmt.Sprintf("%s holds %s", seat, c), p.Hold(seat, c)
		}
	case 2:
		w := []string{"high", "low", "win", "any", "S", "H", "7", "Q", "SA", "C2"}[r.IntN(10)]
		d, _ := ParseDesignation(w)
		return fmt.Sprintf("%s names %s", p.Declarer(), w), p.Name(p.Declarer(), d)
	case 3:
		if dc := p.Hand(dummy); dc != 0 {
			c = dc.Cards()[r.IntN(dc.Len())]
		}
		return fmt.Sprintf("%s changes-designation %s", p.Declarer(), c), p.Redesignate(p.Declarer(), c)
	case 4:
		t := p.Tricks()
		if last := t[len(t)-1]; last.N > 0 {
			return fmt.Sprintf("%s misplaced %s", dummy, last.Cards[last.N-1]), p.Misplaced(dummy, last.Cards[last.N-1])
		}
	case 5:
		if h != 0 && r.IntN(2) == 0 {
			return fmt.Sprintf("%s adds %s led", seat, c), p.AddLed(seat, c) // 45E, deemed led
		}
		if h != 0 {
			return fmt.Sprintf("%s adds %s", seat, c), p.AddCard(seat, c)
		}
	case 6:
		t := p.Tricks()
		if last := t[len(t)-1]; last.N > 0 && last.Cards[last.N-1].Valid() {
			why := []string{"", "turn", "explanation"}[r.IntN(3)]
			s := last.Player(last.N - 1)
			return fmt.Sprintf("%s retracts %s %s", s, last.Cards[last.N-1], why), p.Retract(s, last.Cards[last.N-1], why)
		}
	case 7:
		if h.Len() >= 2 {
			cs := h.Cards()
			return fmt.Sprintf("%s plays %s together with %s", seat, cs[0], cs[1]), p.PlayTogether(seat, cs[0], cs[1:2], r.IntN(2) == 0)
		}
	case 8:
		var asked *bridge.Seat
		if r.IntN(2) == 0 {
			asked = &seat
		}
		return fmt.Sprintf("%s asks-revoke", dummy), p.AskRevoke(dummy, asked)
	case 9:
		return fmt.Sprintf("%s warns", dummy), p.Warn(dummy)
	case 10:
		w := []string{"exchanges", "looks-at N", "looks-at E", "looks-at S", "looks-at W"}[r.IntN(5)]
		return fmt.Sprintf("%s %s", dummy, w), p.DummyLooks(dummy, w)
	case 11:
		return fmt.Sprintf("%s attention", dummy), p.DummyAttention(dummy)
	case 12:
		if h != 0 {
			return fmt.Sprintf("%s found %s", seat, c), p.Found(seat, c)
		}
	case 13:
		return fmt.Sprintf("%s hesitates", seat), p.Extraneous(seat, "hesitation")
	case 14:
		n := 1 + r.IntN(len(p.Tricks()))
		return fmt.Sprintf("%s inspects %d", seat, n), p.Inspect(seat, n)
	case 15:
		n := 1 + r.IntN(len(p.Tricks()))
		return fmt.Sprintf("%s points-out %d", seat, n), p.PointsOut(seat, n, seat.LHO())
	case 16:
		return fmt.Sprintf("%s omits", seat), p.Omit(seat)
	case 17:
		if h != 0 {
			return fmt.Sprintf("%s supplies %s", seat, c), p.Supply(seat, c)
		}
	case 18:
		return fmt.Sprintf("%s penalty slow", seat), p.Procedural(seat, "slow")
	case 19: // a card foreign to the deal played (13C)
		if others := bridge.FullPack &^ h; others != 0 {
			c = others.Cards()[r.IntN(others.Len())]
			return fmt.Sprintf("%s plays %s surplus", seat, c), p.PlaySurplus(seat, c)
		}
	case 20: // …and found
		if len(p.surplusPlays) > 0 {
			sp := p.surplusPlays[r.IntN(len(p.surplusPlays))]
			f := []string{"", "correctable", "not-correctable"}[r.IntN(3)]
			return fmt.Sprintf("%s surplus %s %s", sp.seat, sp.card, f), p.Surplus(sp.seat, sp.card, true, f)
		}
	default:
		return fmt.Sprintf("%s wrong-count correctable", seat), p.WrongCount(seat, "correctable")
	}
	return "", nil
}
