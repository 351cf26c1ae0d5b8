package dd

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/bridgetd/bridgetd/bridge"
)

// The tests below check that what the search stores in its transposition
// table holds for every position the entry answers for: the same suit
// lengths in each hand, the same leader and the same owners of the pinned
// top cards of each suit, with any ranks and any owners of the other cards.
// They cover the pins of the patterns (the lowest cards of a suit held by
// one hand, the equivalent cards of the lowest rank winner's holder), the
// trick winners' and the last trick's pins and the bounds.

// entryPosition deals a random position that matches a table entry: the
// shape and the owners of the pinned top cards of each suit, the other
// cards of each suit shuffled among the hands that have room for them, and
// the ranks of each suit drawn afresh.
func entryPosition(r *rand.Rand, shape uint64, en *ttEntry) [4]uint64 {
	var h [4]uint64
	for su := 0; su < 4; su++ {
		var lens [4]int
		n := 0
		for s := 0; s < 4; s++ {
			lens[s] = int(shape >> (4 * uint(s*4+su)) & 15)
			n += lens[s]
		}
		if n == 0 {
			continue
		}
		// n ranks of the suit, highest first.
		ranks := r.Perm(13)[:n]
		for i := range ranks {
			ranks[i] += 2
		}
		for i := 1; i < n; i++ {
			for j := i; j > 0 && ranks[j] > ranks[j-1]; j-- {
				ranks[j], ranks[j-1] = ranks[j-1], ranks[j]
			}
		}
		k := int(en.ks() >> (4 * uint(su)) & 15)
		w0, w1 := en.owners()
		w := [2]uint64{w0, w1}[su>>1] >> (32 * uint(su&1))
		left := lens
		for i := 0; i < k; i++ {
			s := int(w >> (24 - 2*uint(i)) & 3)
			h[s] |= 1 << uint(16*su+ranks[i])
			left[s]--
		}
		var rest []int
		for s := 0; s < 4; s++ {
			for j := 0; j < left[s]; j++ {
				rest = append(rest, s)
			}
		}
		r.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
		for i, s := range rest {
			h[s] |= 1 << uint(16*su+ranks[k+i])
		}
	}
	return h
}

// checkTable checks every live entry of the solver's table against the
// reference on random positions that match it.
func checkTable(t *testing.T, r *rand.Rand, s *Solver, trump, variants int) int {
	t.Helper()
	tt := s.e.tt
	ref := &memoRef{trump: trump, memo: map[[5]uint64]int{}}
	checked := 0
	for bi := range tt.buckets {
		b := &tt.buckets[bi]
		if b.gen() != tt.gen {
			continue
		}
		leader := int(b.seat() >> 9)
		for _, en := range tt.block(b.off, b.count()) {
			for v := 0; v < variants; v++ {
				h := entryPosition(r, b.shape, &en)
				ns := ref.lead(h, leader)
				if leader&1 == 1 {
					ns = bits.OnesCount64(h[leader]) - ns
				}
				if ns < en.lower() || ns > en.upper() {
					t.Fatalf("%v trump %d leader %d: NS take %d, but the entry (pins %04x) says %d..%d",
						dealOf(h),
						trump, leader, ns, en.ks(), en.lower(), en.upper())
				}
				checked++
			}
		}
	}
	return checked
}

// TestTableEntriesGeneral solves random small positions (some in the middle
// of a trick, some dealt from few suits or high cards so that long suits,
// sequences and runs of low cards are common) and checks each entry stored
// on positions redealt to match its pattern.
func TestTableEntriesGeneral(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	count := 800
	if testing.Short() {
		count = 200
	}
	checked := 0
	for i := 0; i < count; i++ {
		n := 2 + i%3
		if i%50 == 49 {
			n = 5
		}
		var p Position
		if i%2 == 0 {
			p = randomPosition(r, n, i%3)
		} else {
			h, trump, leader := biasedPosition(r, n)
			p = Position{Hands: dealOf(h), Trump: bridge.Strain(trump), Leader: bridge.Seat(leader)}
		}
		s := NewSolverOptions(Options{})
		got, err := s.Tricks(p)
		if err != nil {
			t.Fatal(err)
		}
		if want := refTricks(p); got != want {
			t.Fatalf("%v trump %v leader %v trick %v: got %d, want %d", p.Hands, p.Trump, p.Leader, p.Trick, got, want)
		}
		checked += checkTable(t, r, s, int(p.Trump), 3)
	}
	t.Logf("%d entry variants checked", checked)
}

// TestRootPinsGeneral checks the pins a search reports for a position at
// the start of a trick: the bound it returns holds on every position with
// the same lengths and the same owners of the pinned cards, as the parent
// search relies on.
func TestRootPinsGeneral(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	count := 800
	if testing.Short() {
		count = 200
	}
	for i := 0; i < count; i++ {
		n := 2 + i%3
		if i%200 == 199 {
			n = 5
		}
		h, trump, leader, p := mixedPosition(r, n, i%3 == 0)
		ref := &memoRef{trump: trump, memo: map[[5]uint64]int{}}
		for beta := 1; beta <= n; beta++ {
			s := NewSolverOptions(Options{})
			s.setup(p)
			v, rw := s.e.search(0, beta)
			for k := 0; k < 8; k++ {
				hv := h
				if k > 0 {
					hv = variant(r, h, rw)
				}
				ns := ref.lead(hv, leader)
				if leader&1 == 1 {
					ns = n - ns
				}
				if (v >= beta && ns < v) || (v < beta && ns > v) {
					t.Fatalf("%v trump %d leader %d beta %d (variant %d, pins %x): search %d, but NS take %d",
						dealOf(hv),
						trump, leader, beta, k, rw, v, ns)
				}
			}
		}
	}
}

// TestCutBoundsPattern checks the sure-trick bounds cut down to fewer
// tricks (quickPins, laterPins, comboWant, defTops) against the reference,
// on the position and on positions that match the pins they return.
func TestCutBoundsPattern(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 16))
	s := NewSolverOptions(Options{})
	count := 800
	if testing.Short() {
		count = 250
	}
	for i := 0; i < count; i++ {
		n := 1 + i%4
		if i%40 == 39 {
			n = 5
		}
		h, trump, leader, p := mixedPosition(r, n, i%4 == 3)
		s.setup(p)
		e := s.e
		ref := &memoRef{trump: trump, memo: map[[5]uint64]int{}}
		q, qrw := e.quickTricks(0, 0)
		sl, srw := e.laterTricks(0)
		for need := 1; need <= n; need++ {
			if need <= q {
				c, crw := e.quickPins(0, need, q, qrw)
				if c < need {
					t.Fatalf("quickPins(%d) of %d gave %d", need, q, c)
				}
				checkBound(t, r, ref, h, leader, "quickPins", c, crw, true)
			}
			if c, crw := e.comboWant(leader, need, 0); c > 0 {
				checkBound(t, r, ref, h, leader, "comboWant", c, crw, true)
			}
			if need <= sl {
				c, crw := e.laterPins(0, need, sl, srw)
				if c < need {
					t.Fatalf("laterPins(%d) of %d gave %d", need, sl, c)
				}
				checkBound(t, r, ref, h, leader, "laterPins", c, crw, false)
			}
			if trump == noTrump {
				c, crw := defTops(h[0]|h[1]|h[2]|h[3], h[leader], h[(leader+1)&3], h[(leader+3)&3], need)
				checkBound(t, r, ref, h, leader, "defTops", c, crw, false)
			}
		}
	}
}
