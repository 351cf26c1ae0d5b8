package dd

import (
	"math/rand/v2"
	"testing"
	"unsafe"
)

// TestTTSizes: the memory accounting (bytes) uses the real sizes, and a
// play is the 32 bytes the search's indexing assumes.
func TestTTSizes(t *testing.T) {
	if s := unsafe.Sizeof(play{}); s != 32 {
		t.Errorf("play is %d bytes, want 32", s)
	}
	if s := unsafe.Sizeof(ttEntry{}); s != entrySize {
		t.Errorf("ttEntry is %d bytes, entrySize %d", s, entrySize)
	}
	if s := unsafe.Sizeof(ttBucket{}); s != bucketSize {
		t.Errorf("ttBucket is %d bytes, bucketSize %d", s, bucketSize)
	}
}

// checkTTInvariants checks the structure the lookup relies on: every entry
// is masked to its pins and counts them, a bucket's entries are in order of
// pins with no pattern twice, a specific bucket's entries pin the top card
// of every suit with the owners of its key, and every specific bucket has a
// general bucket that says so.
func checkTTInvariants(t *testing.T, tt *transTable) (buckets, entries int) {
	t.Helper()
	for bi := range tt.buckets {
		b := &tt.buckets[bi]
		if b.gen() != tt.gen {
			continue
		}
		buckets++
		if got := tt.find(b.shape, b.seat()); got != bi {
			t.Fatalf("bucket %d (shape %x seat %x) found at %d", bi, b.shape, b.seat(), got)
		}
		if cs := int(classSize[b.class()]); b.count() > cs || int(b.off)+cs > tt.size ||
			int(b.off)>>chunkBits != (int(b.off)+cs-1)>>chunkBits {
			t.Fatalf("bucket %d: %d entries, class %d, offset %d of %d", bi, b.count(), b.class(), b.off, tt.size)
		}
		es := tt.block(b.off, b.count())
		seen := map[[2]uint64]bool{}
		for i := range es {
			en := &es[i]
			entries++
			ks := en.ks()
			if tooManyPins(ks) {
				t.Fatalf("bucket %d entry %d: ks %04x pins 13 cards of a suit", bi, i, ks)
			}
			if en.pins() != pinCount(ks) {
				t.Fatalf("bucket %d entry %d: %d pins, ks %04x", bi, i, en.pins(), ks)
			}
			if i > 0 && es[i-1].pins() > en.pins() {
				t.Fatalf("bucket %d: entry %d has %d pins after %d", bi, i, en.pins(), es[i-1].pins())
			}
			w0, w1 := en.owners()
			m0, m1 := masks(ks)
			if w0&^m0 != 0 || w1&^m1 != 0 {
				t.Fatalf("bucket %d entry %d: owner words %x %x beyond pins %04x", bi, i, w0, w1, ks)
			}
			if en.lower() > en.upper() || en.upper() > 13 {
				t.Fatalf("bucket %d entry %d: bounds %d..%d", bi, i, en.lower(), en.upper())
			}
			if got := makeEntry(w0, w1, ks, en.lower(), en.upper()); got != *en {
				t.Fatalf("bucket %d entry %d: %x re-encoded as %x", bi, i, en.w, got.w)
			}
			key := [2]uint64{en.w[0], en.w[1] &^ entryMeta}
			if seen[key] {
				t.Fatalf("bucket %d: pattern %04x %x %x twice", bi, ks, w0, w1)
			}
			seen[key] = true
			if got := specificKey(uint8(b.seat()>>9), w0, w1, ks, b.shape); got != b.seat() {
				t.Fatalf("bucket %d (key %x) holds an entry of key %x", bi, b.seat(), got)
			}
		}
		if b.seat()&generalKey == 0 {
			gi := tt.find(b.shape, b.seat()&^0x1ff|generalKey)
			if gi < 0 || !tt.buckets[gi].spec() {
				t.Fatalf("specific bucket %d (shape %x seat %x) without a general bucket that says so", bi, b.shape, b.seat())
			}
		}
	}
	return
}

// TestTTInvariants solves deals with the default and a small memory limit
// (where the pool grows, buckets are rehashed and the table is compacted)
// and checks the table's structure after each.
func TestTTInvariants(t *testing.T) {
	cs := readDDSList(t, "testdata/list100.txt")
	n := 4
	if testing.Short() {
		n = 2
	}
	for _, mem := range []int{0, 2 << 20} {
		s := NewSolverOptions(Options{MaxMemory: mem})
		for _, c := range cs[:n] {
			got, err := s.Table(c.deal)
			if err != nil {
				t.Fatal(err)
			}
			if got != c.table {
				t.Errorf("line %d: table %v, want %v", c.line, got, c.table)
			}
			b, e := checkTTInvariants(t, s.e.tt)
			if b == 0 || e == 0 {
				t.Errorf("memory %d: %d buckets, %d entries", mem, b, e)
			}
		}
	}
}

// TestTTLookupPrefersFewPins: of the entries that answer, lookup returns
// one with the fewest pins, whatever the order of the stores, looking in the
// specific bucket only when no general entry answers.
func TestTTLookupPrefersFewPins(t *testing.T) {
	tt := newTransTable(1<<20, nil)
	const shape = 0x1111_1111_1111_1111 // one card a suit in each hand
	// Owners of each suit's cards, top down (N, E, S, W in clubs, ...).
	w0 := uint64(0b00_01_10_11)<<18 | uint64(0b01_10_11_00)<<(32+18)
	w1 := uint64(0b10_11_00_01)<<18 | uint64(0b11_00_01_10)<<(32+18)
	w1x := w1 ^ 1<<(32+24) // the top spade with another owner
	var h ttHint
	if hit, _, _ := tt.lookup(shape, 0, w0, w1, 2, &h); hit {
		t.Fatal("hit in an empty table")
	}
	tt.store(shape, 0, w0, w1, 0x1111, 4, 4, &h) // top card of every suit: specific
	tt.lookup(shape, 0, w0, w1, 3, &h)
	tt.store(shape, 0, w0, w1, 0x2001, 3, 4, &h) // top club, top two spades
	tt.lookup(shape, 0, w0, w1, 2, &h)
	tt.store(shape, 0, w0, w1, 0x0001, 2, 4, &h) // top club
	if b, e := checkTTInvariants(t, tt); b != 2 || e != 3 {
		t.Fatalf("%d buckets, %d entries, want 2 and 3", b, e)
	}
	check := func(w1 uint64, target int, hit bool, value int, ks uint16) {
		t.Helper()
		gh, gv, gks := tt.lookup(shape, 0, w0, w1, target, &h)
		if gh != hit || hit && (gv != value || gks != ks) {
			t.Errorf("target %d: hit %v value %d pins %04x, want %v %d %04x", target, gh, gv, gks, hit, value, ks)
		}
	}
	check(w1, 1, true, 2, 0x0001)
	check(w1, 2, true, 2, 0x0001)
	check(w1, 3, true, 3, 0x2001)
	check(w1, 4, true, 4, 0x1111)
	check(w1, 5, true, 4, 0x0001)
	check(w1x, 2, true, 2, 0x0001)
	check(w1x, 3, false, 0, 0)
	check(w1x, 4, false, 0, 0)
	// The same pattern again merges its bounds.
	tt.store(shape, 0, w0, w1x, 0x0001, 3, 13, &h)
	if b, e := checkTTInvariants(t, tt); b != 2 || e != 3 {
		t.Fatalf("after a merge: %d buckets, %d entries, want 2 and 3", b, e)
	}
	check(w1x, 3, true, 3, 0x0001)
	check(w1, 3, true, 3, 0x0001)
}

// TestTTChunks: a table whose pool outgrows one chunk keeps every block
// within a chunk as it grows and when it is compacted, and still finds the
// positions stored last. Synthetic positions (random shapes and owners)
// fill a table of two chunks' entries several times over.
func TestTTChunks(t *testing.T) {
	tt := newTransTable(2*chunkSize*entrySize*3/2, nil) // two thirds for the pool: two chunks
	rng := rand.New(rand.NewPCG(19, 1))
	const words = 0x3ffffff | 0x3ffffff<<32 // the owner bits of two suits
	type pos struct {
		shape  uint64
		w0, w1 uint64
		ks     uint16
	}
	// A few thousand shapes, so that buckets fill and their blocks grow.
	shapes := make([]uint64, 3000)
	for i := range shapes {
		for j := range 16 {
			// Every suit held (no empty suit to key on), 4 to 12 tricks left.
			shapes[i] |= uint64(1+rng.IntN(3)) << (4 * j)
		}
	}
	var last []pos
	maxChunks := 0
	for i := range 1_500_000 {
		shape := shapes[rng.IntN(len(shapes))]
		// No pin in clubs: every pattern goes to its shape's general bucket.
		ks := uint16(rng.IntN(13))<<4 | uint16(rng.IntN(13))<<8 | uint16(rng.IntN(13))<<12
		p := pos{shape: shape, w0: rng.Uint64() & words, w1: rng.Uint64() & words, ks: ks}
		var h ttHint
		if hit, _, _ := tt.lookup(p.shape, 0, p.w0, p.w1, 7, &h); hit {
			continue // an earlier pattern answers already
		}
		tt.store(p.shape, 0, p.w0, p.w1, p.ks, 0, 6, &h) // NS below 7
		maxChunks = max(maxChunks, len(tt.chunks))
		if i >= 1_500_000-100 {
			last = append(last, p)
		}
	}
	if maxChunks < 2 {
		t.Fatalf("the pool never grew past one chunk (%d entries)", tt.size)
	}
	if tt.size > tt.maxEntries {
		t.Errorf("pool of %d entries, limit %d", tt.size, tt.maxEntries)
	}
	checkTTInvariants(t, tt)
	for _, p := range last {
		var h ttHint
		if hit, v, _ := tt.lookup(p.shape, 0, p.w0, p.w1, 7, &h); !hit || v >= 7 {
			t.Fatalf("shape %x: stored last, found %v (value %d)", p.shape, hit, v)
		}
	}
}

// TestTTClassSizes: block sizes grow, by at most a third from 4 on, and
// the largest block holds the 1024 entries a bucket may keep.
func TestTTClassSizes(t *testing.T) {
	if classSize[0] != 1 || classSize[maxClass] != 1024 {
		t.Fatalf("block sizes %d to %d, want 1 to 1024", classSize[0], classSize[maxClass])
	}
	for c := 1; c <= maxClass; c++ {
		if lo, hi := classSize[c-1], classSize[c]; hi <= lo || lo >= 4 && 3*hi > 4*lo {
			t.Errorf("class %d holds %d entries after %d", c, hi, lo)
		}
	}
}

// TestTTGenerationWrap: a bucket keeps a few bits of generation, so the
// generations wrap every few dozen clears; a position stored before a clear
// is never found after it, however many clears have gone by.
func TestTTGenerationWrap(t *testing.T) {
	tt := newTransTable(1<<20, nil)
	const w0, w1 = 0x3 << 24, 0x3 << 24 // North holds the top club and heart
	shapes := []uint64{0x1111_1111_1111_1111, 0x2222_2222_2222_2222, 0x3333_3333_3333_3333}
	for round := range 5 << keyGenBits {
		tt.clear()
		for _, shape := range shapes {
			var h ttHint
			if hit, _, _ := tt.lookup(shape, 0, w0, w1, 7, &h); hit {
				t.Fatalf("round %d (generation %d): shape %x found after a clear", round, tt.gen, shape)
			}
		}
		// The first shape is stored in the first round only, so that
		// its bucket is left from an earlier generation when they wrap.
		shape := shapes[0]
		if round > 0 {
			shape = shapes[1+round%2]
		}
		var h ttHint
		tt.lookup(shape, 0, w0, w1, 7, &h)
		tt.store(shape, 0, w0, w1, 0x0101, 7, 13, &h) // top club and heart: NS make 7
		if hit, v, _ := tt.lookup(shape, 0, w0, w1, 7, &h); !hit || v < 7 {
			t.Fatalf("round %d: shape %x stored, found %v (value %d)", round, shape, hit, v)
		}
		checkTTInvariants(t, tt)
	}
}
