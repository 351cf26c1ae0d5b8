package laws

import (
	"math/rand/v2"
	"testing"

	"github.com/bridgetd/bridgetd/bridge"
)

// randomPosition deals k cards to each seat from a shuffled pack (the rest
// counts as played), with a random trump, leader and declarer.
func randomPosition(r *rand.Rand, k int) ClaimPosition {
	var pos ClaimPosition
	pack := bridge.Pack()
	pos.Hands = dealOut(r, pack[:], k)
	pos.Trump = bridge.Strain(r.IntN(5))
	pos.Leader = bridge.Seat(r.IntN(4))
	pos.Declarer = bridge.Seat(r.IntN(4))
	return pos
}

// dealOut shuffles pack and deals k of its cards to each seat.
func dealOut(r *rand.Rand, pack []bridge.Card, k int) bridge.Deal {
	r.Shuffle(len(pack), func(i, j int) { pack[i], pack[j] = pack[j], pack[i] })
	var d bridge.Deal
	for s := 0; s < 4; s++ {
		for _, c := range pack[s*k : (s+1)*k] {
			d[s] = d[s].With(c)
		}
	}
	return d
}

// TestClaimProperties checks Laws 70 and 71 on random positions:
//   - a claim whose statement covers every case ("best") and mentions the
//     trumps ("trumps-out", 70C1) gets the double-dummy tricks;
//   - no award exceeds the double-dummy tricks, or what was claimed plus
//     the Law 71 restoration;
//   - an unstated finesse never gains: with the ♠A and ♠Q in one hand and
//     the ♠K with an opponent, the award without a statement is no more
//     than when the ace is stated first (70E);
//   - a concession of tricks that no normal line can lose is cancelled
//     (71.2; 1997 71B).
func TestClaimProperties(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 68))
	a := NewAdjudicator(Edition2017)
	full, _ := ParseStatement("trumps-out best")
	n := 150
	if testing.Short() {
		n = 40
	}
	for i := 0; i < n; i++ {
		k := 2 + r.IntN(4)
		pos := randomPosition(r, k)
		claimer := pos.Declarer
		if r.IntN(3) == 0 {
			claimer = claimer.LHO()
		}
		// the double-dummy line, every trump mentioned
		dd, err := a.ddTricks(pos, claimer.Side())
		if err != nil {
			t.Fatal(err)
		}
		aw, err := a.Contested(pos, Claim{Claimer: claimer, Tricks: dd, Statement: full})
		if err != nil {
			t.Fatal(err)
		}
		if aw.Tricks != dd || aw.DoubleDummy != dd {
			t.Fatalf("position %d %+v: the double-dummy line claimed %d, awarded %d (dd %d)\n%s", i, pos, dd, aw.Tricks, aw.DoubleDummy, aw.Explain())
		}
		// an unstated claim of everything: never above double dummy
		aw0, err := a.Contested(pos, Claim{Claimer: claimer, Tricks: k})
		if err != nil {
			t.Fatal(err)
		}
		if aw0.Tricks > dd || aw0.Tricks+aw0.Restorable > k || aw0.Tricks < 0 {
			t.Fatalf("position %d: unstated claim awarded %d (+%d) of %d, dd %d", i, aw0.Tricks, aw0.Restorable, k, dd)
		}
	}
}

// TestUnstatedFinesseNeverGains: 70E on random positions with a finesse.
func TestUnstatedFinesseNeverGains(t *testing.T) {
	r := rand.New(rand.NewPCG(70, 5))
	a := NewAdjudicator(Edition1997)
	sa, _ := ParseStatement("SA")
	sA := bridge.NewCard(bridge.Spades, bridge.Ace)
	sK := bridge.NewCard(bridge.Spades, bridge.King)
	sQ := bridge.NewCard(bridge.Spades, bridge.Queen)
	tested := 0
	for i := 0; tested < 60 && i < 5000; i++ {
		pos := randomPosition(r, 3+r.IntN(3))
		side := pos.Declarer.Side()
		ha, _ := pos.Hands.Holder(sA)
		hq, _ := pos.Hands.Holder(sQ)
		hk, okK := pos.Hands.Holder(sK)
		if ha != hq || ha.Side() != side || !okK || hk.Side() == side || pos.Leader.Side() != side {
			continue
		}
		tested++
		aw0, err := a.Contested(pos, Claim{Claimer: pos.Declarer, Tricks: pos.Remaining()})
		if err != nil {
			t.Fatal(err)
		}
		awA, err := a.Contested(pos, Claim{Claimer: pos.Declarer, Tricks: pos.Remaining(), Statement: sa})
		if err != nil {
			t.Fatal(err)
		}
		if aw0.Tricks > awA.Tricks {
			t.Fatalf("position %+v: unstated %d > ace first %d\n%s\n%s", pos, aw0.Tricks, awA.Tricks, aw0.Explain(), awA.Explain())
		}
	}
	if tested < 20 {
		t.Fatalf("only %d finesse positions generated", tested)
	}
}

// TestConcessionOfSureTricks: the conceding side holds only winners (the
// top cards of every suit it holds, in no trump) and has the lead: every
// trick conceded is restored (2017 71.2; 1997 71B).
func TestConcessionOfSureTricks(t *testing.T) {
	r := rand.New(rand.NewPCG(71, 2))
	for i := 0; i < 60; i++ {
		k := 2 + r.IntN(5)
		// the side's cards are the top 2k cards of the pack by rank, dealt at random
		var high, low []bridge.Card
		for _, c := range bridge.Pack() {
			if c.Rank() >= bridge.Ace-bridge.Rank((2*k+3)/4)+1 {
				high = append(high, c)
			} else {
				low = append(low, c)
			}
		}
		r.Shuffle(len(high), func(i, j int) { high[i], high[j] = high[j], high[i] })
		r.Shuffle(len(low), func(i, j int) { low[i], low[j] = low[j], low[i] })
		side := bridge.Side(r.IntN(2))
		var pos ClaimPosition
		s0, s1 := side.Seats()[0], side.Seats()[1]
		// give the side 2k of the high cards: every card it holds outranks
		// every card of that suit the opponents hold
		for j, c := range high[:2*k] {
			if j < k {
				pos.Hands[s0] = pos.Hands[s0].With(c)
			} else {
				pos.Hands[s1] = pos.Hands[s1].With(c)
			}
		}
		rest := append(append([]bridge.Card{}, high[2*k:]...), low...)
		// the opponents get cards of suits below every card of the side's in that suit
		o0, o1 := side.Opponents().Seats()[0], side.Opponents().Seats()[1]
		got := 0
		for _, c := range rest {
			if got == 2*k {
				break
			}
			if (pos.Hands[s0]|pos.Hands[s1]).InSuit(c.Suit()) != 0 && c.Rank() > lowestRank(pos.Hands[s0]|pos.Hands[s1], c.Suit()) {
				continue
			}
			if got < k {
				pos.Hands[o0] = pos.Hands[o0].With(c)
			} else {
				pos.Hands[o1] = pos.Hands[o1].With(c)
			}
			got++
		}
		pos.Trump = bridge.NoTrump
		pos.Leader = side.Seats()[r.IntN(2)]
		pos.Declarer = bridge.Seat(r.IntN(4))
		conceded := 1 + r.IntN(k)
		for _, ed := range []Edition{Edition1997, Edition2017} {
			aw, err := NewAdjudicator(ed).Concession(pos, pos.Leader, conceded)
			if err != nil {
				t.Fatal(err)
			}
			if aw.Restorable != conceded || aw.Law != ed.pick("71B", "71.2") {
				t.Fatalf("%s position %+v: conceded %d, restored %d under %s\n%s", ed, pos, conceded, aw.Restorable, aw.Law, aw.Explain())
			}
		}
	}
}

func lowestRank(h bridge.Hand, su bridge.Suit) bridge.Rank { return lowest(h, su).Rank() }
