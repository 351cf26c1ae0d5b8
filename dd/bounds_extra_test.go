package dd

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/bridgetd/bridgetd/bridge"
)

// memoRef is a plain minimax over whole tricks, memoized at trick starts,
// that returns the tricks the leader's side takes from a position at the
// start of a trick. It is the reference for the bound tests below, fast
// enough for hands of five or six cards.
type memoRef struct {
	trump int
	memo  map[[5]uint64]int
}

func (m *memoRef) lead(h [4]uint64, leader int) int {
	if h[leader] == 0 {
		return 0
	}
	key := [5]uint64{h[0], h[1], h[2], h[3], uint64(leader)}
	if v, ok := m.memo[key]; ok {
		return v
	}
	var cards [4]int8
	v := m.play(&h, leader, 0, &cards)
	m.memo[key] = v
	return v
}

// play chooses the card of the i-th hand to play to the trick; it returns
// tricks for the leader's side.
func (m *memoRef) play(h *[4]uint64, leader, i int, cards *[4]int8) int {
	if i == 4 {
		w := 0
		for k := 1; k < 4; k++ {
			if beats(cards[k], cards[w], m.trump) {
				w = k
			}
		}
		ws := (leader + w) & 3
		rest := m.lead(*h, ws)
		if w&1 == 0 {
			return 1 + rest
		}
		return bits.OnesCount64(h[ws]) - rest
	}
	s := (leader + i) & 3
	hand := h[s]
	legal := hand
	if i > 0 {
		if f := hand & (rankMask << (16 * uint(cards[0]>>4))); f != 0 {
			legal = f
		}
	}
	best := -1
	if i&1 == 1 {
		best = 99
	}
	for x := legal; x != 0; x &= x - 1 {
		c := int8(bits.TrailingZeros64(x))
		cards[i] = c
		h[s] = hand &^ (1 << uint(c))
		v := m.play(h, leader, i+1, cards)
		h[s] = hand
		if i&1 == 0 {
			best = max(best, v)
		} else {
			best = min(best, v)
		}
	}
	return best
}

// biasedPosition deals n cards a hand from part of the pack (some suits, or
// the high cards only), so that long suits and solid sequences are common.
func biasedPosition(r *rand.Rand, n int) ([4]uint64, int, int) {
	var pack []int8
	nsu := 1 + r.IntN(4)
	suits := r.Perm(4)[:nsu]
	lowest := 2
	if r.IntN(2) == 0 {
		lowest = 2 + r.IntN(6)
	}
	for _, su := range suits {
		for rk := lowest; rk <= 14; rk++ {
			pack = append(pack, int8(su*16+rk))
		}
	}
	if len(pack) < 4*n {
		pack = pack[:0]
		for _, c := range bridge.Pack() {
			pack = append(pack, int8(c))
		}
	}
	r.Shuffle(len(pack), func(i, j int) { pack[i], pack[j] = pack[j], pack[i] })
	var h [4]uint64
	for i := 0; i < 4*n; i++ {
		h[i%4] |= 1 << uint(pack[i])
	}
	trump := r.IntN(5)
	if r.IntN(3) == 0 {
		trump = suits[0]
	}
	return h, trump, r.IntN(4)
}

// variant deals the cards below the pinned ones of each suit afresh among
// the hands that held them, keeping each hand's suit lengths.
// mixedPosition returns a position of n tricks, biased towards long suits
// and high cards or, when random is set, uniformly random: as hands, trump
// and leader for the reference, and as a Position for the solver.
func mixedPosition(r *rand.Rand, n int, random bool) (h [4]uint64, trump, leader int, p Position) {
	h, trump, leader = biasedPosition(r, n)
	if random {
		p = randomPosition(r, n, 0)
		for k := range h {
			h[k] = uint64(p.Hands[k])
		}
		return h, int(p.Trump), int(p.Leader), p
	}
	p = Position{Hands: dealOf(h), Trump: bridge.Strain(trump), Leader: bridge.Seat(leader)}
	return h, trump, leader, p
}

// dealOf turns the engine's hands back into a deal.
func dealOf(h [4]uint64) bridge.Deal {
	return bridge.Deal{bridge.Hand(h[0]), bridge.Hand(h[1]), bridge.Hand(h[2]), bridge.Hand(h[3])}
}

func variant(r *rand.Rand, h [4]uint64, rw uint64) [4]uint64 {
	var out [4]uint64
	for su := 0; su < 4; su++ {
		var all uint16
		for s := 0; s < 4; s++ {
			all |= suitOf(h[s], su)
		}
		var pinned uint16
		if w := suitOf(rw, su); w != 0 {
			pinned = atLeast(all, bottomRank(w))
		}
		var free []int
		var owners []int
		for s := 0; s < 4; s++ {
			x := suitOf(h[s], su)
			out[s] |= uint64(x&pinned) << (16 * uint(su))
			for y := x &^ pinned; y != 0; y &= y - 1 {
				free = append(free, bits.TrailingZeros16(y))
				owners = append(owners, s)
			}
		}
		r.Shuffle(len(free), func(i, j int) { free[i], free[j] = free[j], free[i] })
		for i, rk := range free {
			out[owners[i]] |= 1 << uint(16*su+rk)
		}
	}
	return out
}

// checkBound checks a bound for the side on lead (onLead) or the other
// side against the reference on the position and on variants matching its
// pattern.
func checkBound(t *testing.T, r *rand.Rand, ref *memoRef, h [4]uint64, leader int, name string, n int, rw uint64, onLead bool) {
	t.Helper()
	tricks := bits.OnesCount64(h[leader])
	for v := 0; v < 6; v++ {
		hv := h
		if v > 0 {
			hv = variant(r, h, rw)
		}
		got := ref.lead(hv, leader)
		if !onLead {
			got = tricks - got
		}
		if n > got {
			t.Fatalf("%s: %v trump %d leader %d (variant %d of %v, pins %x): bound %d, but the side takes %d",
				name, dealOf(hv),
				ref.trump, leader, v, dealOf(h), rw, n, got)
		}
	}
}

// TestBoundsPattern checks the sure-trick bounds on random positions and
// on positions that match the pattern each bound returns.
func TestBoundsPattern(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	s := NewSolverOptions(Options{})
	count := 1500
	if testing.Short() {
		count = 600
	}
	for i := 0; i < count; i++ {
		n := 1 + i%4
		if i%16 == 15 {
			n = 5
		}
		h, trump, leader, p := mixedPosition(r, n, i%4 == 3)
		s.setup(p)
		e := s.e
		ref := &memoRef{trump: trump, memo: map[[5]uint64]int{}}
		q, qrw := e.quickTricks(0, 0)
		checkBound(t, r, ref, h, leader, "quick", q, qrw, true)
		c, crw := e.comboTricks(leader, 0)
		checkBound(t, r, ref, h, leader, "combo", c, crw, true)
		l, lrw := e.laterTricks(0)
		checkBound(t, r, ref, h, leader, "later", l, lrw, false)
	}
}

// TestNeedBounds checks the contract of quickTricksNeed and laterTricksNeed
// (the same result as quickTricks and laterTricks whenever that reaches
// need, a count below need otherwise) and that comboBound bounds
// comboTricks, on positions of every size.
func TestNeedBounds(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	s := NewSolverOptions(Options{})
	count := 20000
	if testing.Short() {
		count = 5000
	}
	for i := 0; i < count; i++ {
		n := 1 + i%13
		h, trump, leader, p := mixedPosition(r, n, i%2 == 1)
		s.setup(p)
		e := s.e
		if c, _ := e.comboTricks(leader, 0); e.comboBound(leader) < c {
			t.Fatalf("%v trump %d leader %d: comboBound %d below comboTricks %d",
				dealOf(h), trump, leader, e.comboBound(leader), c)
		}
		q, qrw := e.quickTricks(0, 0)
		l, lrw := e.laterTricks(0)
		for need := 1; need <= n; need++ {
			gq, gqrw := e.quickTricksNeed(0, need)
			if (q >= need || gq >= need) && (gq != q || gqrw != qrw) {
				t.Fatalf("%v trump %d leader %d: quickTricksNeed(%d) = %d %x, quickTricks %d %x",
					dealOf(h), trump, leader, need, gq, gqrw, q, qrw)
			}
			gl, glrw := e.laterTricksNeed(0, need)
			if (l >= need || gl >= need) && (gl != l || glrw != lrw) {
				t.Fatalf("%v trump %d leader %d: laterTricksNeed(%d) = %d %x, laterTricks %d %x",
					dealOf(h), trump, leader, need, gl, glrw, l, lrw)
			}
		}
	}
}

// ruffPosition deals n cards a hand from two or three suits, one of them
// trumps, so that voids and ruffs are common.
func ruffPosition(r *rand.Rand, n int) ([4]uint64, int, int) {
	suits := r.Perm(4)[:2+r.IntN(2)]
	var pack []int8
	for _, su := range suits {
		for rk := 2; rk <= 14; rk++ {
			pack = append(pack, int8(su*16+rk))
		}
	}
	r.Shuffle(len(pack), func(i, j int) { pack[i], pack[j] = pack[j], pack[i] })
	var h [4]uint64
	for i := 0; i < 4*n; i++ {
		h[i%4] |= 1 << uint(pack[i])
	}
	return h, suits[r.IntN(len(suits))], r.IntN(4)
}

// TestRuffBounds checks the bounds that count ruffs and the first trick
// in trump contracts (the plans of comboTricks that end with partner's
// ruff, ruffDefence, and defTops when no trump is left) against the
// reference, on the position and on positions matching their pins, cut
// down to every need. It also checks that the positions dealt give those
// bounds work.
func TestRuffBounds(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	s := NewSolverOptions(Options{})
	count := 1000
	if testing.Short() {
		count = 300
	}
	var ruffs, defs int
	for i := 0; i < count; i++ {
		n := 2 + i%3
		if i%25 == 24 {
			n = 5
		}
		h, trump, leader := ruffPosition(r, n)
		if i%10 == 9 {
			// No trump left: the trump suit is dealt out of the pack.
			for suitOf(h[0]|h[1]|h[2]|h[3], trump) != 0 {
				h, _, _ = ruffPosition(r, n)
			}
		}
		p := Position{Hands: dealOf(h), Trump: bridge.Strain(trump), Leader: bridge.Seat(leader)}
		s.setup(p)
		e := s.e
		ref := &memoRef{trump: trump, memo: map[[5]uint64]int{}}
		if q, rw := e.quickTricks(0, 0); q > 0 {
			checkBound(t, r, ref, h, leader, "quickTricks", q, rw, true)
		}
		sideTr := suitOf(h[leader]|h[(leader+2)&3], trump)
		defTr := suitOf(h[(leader+1)&3]|h[(leader+3)&3], trump)
		if sideTr == 0 && defTr != 0 {
			k := max(length(suitOf(h[(leader+1)&3], trump)), length(suitOf(h[(leader+3)&3], trump)))
			if c, _ := e.ruffDefence(leader, 13); c > k {
				defs++
			}
		}
		// Positions where comboTricks may end with partner's ruff.
		hp := h[(leader+2)&3]
		for su := 0; su < 4; su++ {
			if su != trump && suitOf(h[leader], su) != 0 && suitOf(hp, su) == 0 && suitOf(hp, trump) != 0 {
				ruffs++
				break
			}
		}
		for need := 1; need <= n; need++ {
			if c, crw := e.comboWant(leader, need, 0); c > 0 {
				checkBound(t, r, ref, h, leader, "comboWant", c, crw, true)
			}
			if c, crw := e.laterWant(0, need); c > 0 {
				checkBound(t, r, ref, h, leader, "laterWant", c, crw, false)
			}
		}
	}
	t.Logf("positions with a ruff for partner %d, ruffDefence's first trick %d, of %d", ruffs, defs, count)
	if ruffs < count/10 || defs < count/200 {
		t.Fatalf("too few positions for the ruff bounds: a ruff for partner %d, ruffDefence's first trick %d", ruffs, defs)
	}
}

// TestTrumpCountBounds checks the defenders' bounds that count trumps
// (trumpExcess, trumpMatch) and the first trick (firstTrick, added to the
// defenders' top trumps or to those counts), and the same counts for the
// side on lead (trumpCount), on their own against the reference, on the position and on positions matching their pins, cut
// down to every want. It also checks that the positions dealt give each
// rule work.
func TestTrumpCountBounds(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 32))
	s := NewSolverOptions(Options{})
	count := 1000
	if testing.Short() {
		count = 300
	}
	var nEx, nMatch, nFirst, nSide int
	for i := 0; i < count; i++ {
		n := 2 + i%3
		if i%25 == 24 {
			n = 5
		}
		h, trump, leader := ruffPosition(r, n)
		p := Position{Hands: dealOf(h), Trump: bridge.Strain(trump), Leader: bridge.Seat(leader)}
		s.setup(p)
		e := s.e
		ref := &memoRef{trump: trump, memo: map[[5]uint64]int{}}
		at := suitOf(h[0]|h[1]|h[2]|h[3], trump)
		x1, x2 := suitOf(h[(leader+1)&3], trump), suitOf(h[(leader+3)&3], trump)
		if ex := trumpExcess(at, x1, x2); ex > 0 {
			nEx++
			checkBound(t, r, ref, h, leader, "trumpExcess", ex, 0, false)
			if ok, frw := e.firstTrick(leader, 13); ok {
				nFirst++
				checkBound(t, r, ref, h, leader, "trumpExcess+firstTrick", ex+1, frw, false)
			}
		}
		for want := 1; want <= n; want++ {
			if m, pin := trumpMatch(at, x1, x2, 0, want); m > 0 {
				if m > trumpExcess(at, x1, x2) {
					nMatch++
				}
				mrw := uint64(pin) << (16 * uint(trump))
				checkBound(t, r, ref, h, leader, "trumpMatch", m, mrw, false)
				if ok, frw := e.firstTrick(leader, 13); ok {
					checkBound(t, r, ref, h, leader, "trumpMatch+firstTrick", m+1, mrw|frw, false)
				}
			}
		}
		// The same counts for the side on lead (trumpCount).
		if m, mrw := e.trumpCount(leader, 0); m > 0 {
			nSide++
			checkBound(t, r, ref, h, leader, "trumpCount", m, mrw, true)
		}
		if at&^(x1|x2) == 0 {
			continue // ruffDefence's case
		}
		k, pin := topTrumps(at, x1, x2)
		if ok, frw := e.firstTrick(leader, k); ok {
			nFirst++
			checkBound(t, r, ref, h, leader, "topTrumps+firstTrick", k+1, uint64(pin)<<(16*uint(trump))|frw, false)
		}
	}
	t.Logf("trumpExcess %d, trumpMatch above it %d, firstTrick %d, trumpCount %d, of %d", nEx, nMatch, nFirst, nSide, count)
	if nEx < count/10 || nMatch < count/20 || nFirst < count/50 || nSide < count/10 {
		t.Fatalf("too few positions: trumpExcess %d, trumpMatch %d, firstTrick %d, trumpCount %d", nEx, nMatch, nFirst, nSide)
	}
}
