package dd

import (
	"math/rand/v2"
	"testing"

	"github.com/bridgetd/bridgetd/bridge"
)

// refTricks is a plain minimax with no pruning or tables, the reference the
// solver is checked against on small positions: the tricks the side to play
// takes from p.
func refTricks(p Position) int {
	side := p.Turn().Side()
	ns := refNS(p.Hands, p.Trump, p.Leader, append([]bridge.Card(nil), p.Trick...))
	if side == bridge.NS {
		return ns
	}
	return p.Tricks() - ns
}

// refNS returns the NS tricks from the position.
func refNS(h bridge.Deal, trump bridge.Strain, leader bridge.Seat, trick []bridge.Card) int {
	if len(trick) == 4 {
		t := bridge.Trick{Leader: leader, N: 4}
		copy(t.Cards[:], trick)
		w := t.Winner(trump)
		v := 0
		if w.Side() == bridge.NS {
			v = 1
		}
		if h[w] == 0 {
			return v
		}
		return v + refNS(h, trump, w, nil)
	}
	seat := (leader + bridge.Seat(len(trick))) & 3
	legal := h[seat]
	if len(trick) > 0 {
		if f := legal.InSuit(trick[0].Suit()); f != 0 {
			legal = f
		}
	}
	best := -1
	if seat.Side() == bridge.EW {
		best = 99
	}
	for _, c := range legal.Cards() {
		h2 := h
		h2[seat] = h2[seat].Without(c)
		v := refNS(h2, trump, leader, append(trick, c))
		if seat.Side() == bridge.NS {
			best = max(best, v)
		} else {
			best = min(best, v)
		}
	}
	return best
}

// randomPosition deals n cards to each hand from a random pack, then plays k
// random legal cards to the first trick.
func randomPosition(r *rand.Rand, n, k int) Position {
	pack := bridge.Pack()
	r.Shuffle(len(pack), func(i, j int) { pack[i], pack[j] = pack[j], pack[i] })
	var p Position
	for i := 0; i < 4*n; i++ {
		p.Hands[i%4] = p.Hands[i%4].With(pack[i])
	}
	p.Trump = bridge.Strain(r.IntN(5))
	p.Leader = bridge.Seat(r.IntN(4))
	for i := 0; i < k; i++ {
		legal := p.legal().Cards()
		c := legal[r.IntN(len(legal))]
		s := p.Turn()
		p.Hands[s] = p.Hands[s].Without(c)
		p.Trick = append(p.Trick, c)
	}
	return p
}

// TestAgainstReference compares the solver with plain minimax on random
// small positions, at the start of a trick and in the middle of one.
func TestAgainstReference(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	s := NewSolverOptions(Options{})
	count := 600
	if testing.Short() {
		count = 150
	}
	for i := 0; i < count; i++ {
		n := 2 + i%4
		k := i % 4
		p := randomPosition(r, n, k)
		want := refTricks(p)
		got, err := s.Tricks(p)
		if err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Fatalf("position %d %v trump %v leader %v trick %v: got %d, want %d", i, p.Hands, p.Trump, p.Leader, p.Trick, got, want)
		}
	}
}

// TestBoundsSound checks the sure-trick bounds against plain minimax: the
// quick tricks of the side on lead and the later tricks of the other side
// never exceed what each side really takes.
func TestBoundsSound(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	s := NewSolverOptions(Options{})
	// Found by the list1000 play traces: North's ♥Q is the entry to
	// South's ♥A and falls under it, so the two top trumps make one trick.
	crash := Position{Hands: mustDeal(t, "N:T7.Q.. ...QT6 .A9.J. .J5.8."), Trump: bridge.HeartsStrain, Leader: bridge.North}
	for i := 0; i < 3000; i++ {
		p := randomPosition(r, 1+i%4, 0)
		if i == 0 {
			p = crash
		}
		s.setup(p)
		e := s.e
		e.tricks[0].all = e.hands[0] | e.hands[1] | e.hands[2] | e.hands[3]
		lead := refTricks(p)
		if q, _ := e.quickTricks(0, 0); q > lead {
			t.Fatalf("%v trump %v leader %v: quick tricks %d, but the side on lead takes %d", p.Hands, p.Trump, p.Leader, q, lead)
		}
		if l, _ := e.laterTricks(0); l > p.Tricks()-lead {
			t.Fatalf("%v trump %v leader %v: later tricks %d, but the other side takes %d", p.Hands, p.Trump, p.Leader, l, p.Tricks()-lead)
		}
	}
}
