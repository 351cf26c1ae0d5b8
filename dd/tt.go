package dd

// The transposition table stores bounds on the North-South tricks still to
// come from positions at the start of a trick. A position is reduced to
// relative ranks: per suit, the owner of each remaining card from the top
// down (2 bits a card). An entry keeps only the owners of the cards whose
// ranks mattered to the result (the top k cards of each suit); every other
// card is a small card that only counts towards its holder's length. One
// entry therefore answers for every position with the same suit lengths in
// each hand, the same leader and the same owners of those top cards — the
// partition-search idea of Ginsberg as used by DDS and bridge-solver.
//
// Entries hang in chains from buckets keyed by (shape, leader); an entry
// that answers a lookup moves to the front of its chain, as most lookups
// hit and the same entries answer again and again. The table grows by
// doubling up to its entry limit; when full it drops the positions nearest
// the end of the play (compact), and it is cleared by advancing a
// generation counter, so memory stays bounded.

type ttEntry struct {
	w     [2]uint64 // owner words (suits ♣♦ in w[0], ♥♠ in w[1]), masked to the pinned cards
	next  int32     // next entry in the bucket's chain, -1 at the end
	ks    uint16    // pinned cards per suit, 4 bits a suit
	lower int8      // bounds on NS tricks from this position
	upper int8
}

type ttBucket struct {
	shape uint64
	gen   uint32
	seat  uint16 // leader, plus the top-card owners of a specific pattern (see subKey)
	head  int32
}

// kMask[k] selects the owner bits of the top k cards of a suit.
var kMask = func() (m [14]uint64) {
	for k := 1; k <= 13; k++ {
		m[k] = (1<<(2*uint(k)) - 1) << (26 - 2*uint(k))
	}
	return
}()

// masks expands 4-bit-per-suit pin counts into owner-word masks.
func masks(ks uint16) (m0, m1 uint64) {
	return kMask[ks&15] | kMask[ks>>4&15]<<32, kMask[ks>>8&15] | kMask[ks>>12]<<32
}

// subKey splits the patterns of one shape and leader: a pattern that pins
// the top card of every suit is filed under the owners of those four top
// cards; any other pattern under generalKey.
func subKey(w0, w1 uint64) uint16 {
	return uint16(w0>>24&3 | w0>>(32+24-2)&0xc | w1>>(24-4)&0x30 | w1>>(32+24-6)&0xc0)
}

const generalKey = 256

func specificKey(seat uint8, w0, w1 uint64, ks uint16, shape uint64) uint16 {
	for su := 0; su < 4; su++ {
		// A suit with no cards has no top card to pin.
		if ks>>(4*uint(su))&15 == 0 && shape&(0x000f000f000f000f<<(4*uint(su))) != 0 {
			return uint16(seat)<<9 | generalKey
		}
	}
	return uint16(seat)<<9 | subKey(w0, w1)
}

type transTable struct {
	buckets    []ttBucket
	entries    []ttEntry
	used       int
	load       int // buckets in use this generation
	gen        uint32
	maxEntries int
	remap      []int32 // scratch for compact
}

const minEntries = 1 << 12

func newTransTable(maxEntries int) *transTable {
	if maxEntries < minEntries {
		maxEntries = minEntries
	}
	t := &transTable{maxEntries: maxEntries, gen: 1}
	t.entries = make([]ttEntry, minEntries)
	t.buckets = make([]ttBucket, 2*minEntries)
	return t
}

// clear forgets every entry without touching the memory.
func (t *transTable) clear() {
	t.nextGen()
	t.used, t.load = 0, 0
}

// nextGen makes every bucket stale.
func (t *transTable) nextGen() {
	t.gen++
	if t.gen == 0 { // wrapped: really clear
		for i := range t.buckets {
			t.buckets[i].gen = 0
		}
		t.gen = 1
	}
}

// bytes returns the memory held by the table.
func (t *transTable) bytes() int {
	return len(t.entries)*24 + len(t.buckets)*24 + len(t.remap)*4
}

func bucketHash(shape uint64, seat uint16) uint64 {
	h := (shape ^ uint64(seat)<<48 ^ uint64(seat)) * 0x9e3779b97f4a7c15
	return h ^ h>>29
}

// find returns the bucket index for (shape, seat), or -1.
func (t *transTable) find(shape uint64, seat uint16) int {
	mask := uint64(len(t.buckets) - 1)
	for i := bucketHash(shape, seat) & mask; ; i = (i + 1) & mask {
		b := &t.buckets[i]
		if b.gen != t.gen {
			return -1
		}
		if b.shape == shape && b.seat == seat {
			return int(i)
		}
	}
}

// lookup searches for an entry matching the position that decides whether
// NS reach target tricks. It returns the entry's bound and pin counts.
func (t *transTable) lookup(shape uint64, seat uint8, w0, w1 uint64, target int) (hit bool, value int, ks uint16) {
	if hit, value, ks = t.scan(t.find(shape, uint16(seat)<<9|subKey(w0, w1)), w0, w1, target); hit {
		return
	}
	return t.scan(t.find(shape, uint16(seat)<<9|generalKey), w0, w1, target)
}

func (t *transTable) scan(bi int, w0, w1 uint64, target int) (hit bool, value int, ks uint16) {
	if bi < 0 {
		return false, 0, 0
	}
	b := &t.buckets[bi]
	prev := int32(-1)
	for e := b.head; e >= 0; {
		en := &t.entries[e]
		m0, m1 := masks(en.ks)
		if ((w0&m0)^en.w[0])|((w1&m1)^en.w[1]) == 0 {
			if int(en.lower) >= target {
				t.toFront(b, prev, e)
				return true, int(en.lower), en.ks
			}
			if int(en.upper) < target {
				t.toFront(b, prev, e)
				return true, int(en.upper), en.ks
			}
		}
		prev, e = e, en.next
	}
	return false, 0, 0
}

// toFront moves entry e, which follows prev in bucket b's chain, to the
// head of the chain, so that the entries that answer most often are found
// soonest.
func (t *transTable) toFront(b *ttBucket, prev, e int32) {
	if prev < 0 {
		return
	}
	en := &t.entries[e]
	t.entries[prev].next = en.next
	en.next = b.head
	b.head = e
}

// store records bounds for a pattern.
func (t *transTable) store(shape uint64, seat8 uint8, w0, w1 uint64, ks uint16, lower, upper int) {
	m0, m1 := masks(ks)
	w0 &= m0
	w1 &= m1
	seat := specificKey(seat8, w0, w1, ks, shape)
	bi := t.find(shape, seat)
	if bi >= 0 {
		for e := t.buckets[bi].head; e >= 0; {
			en := &t.entries[e]
			if en.ks == ks && en.w[0] == w0 && en.w[1] == w1 {
				if int8(lower) > en.lower {
					en.lower = int8(lower)
				}
				if int8(upper) < en.upper {
					en.upper = int8(upper)
				}
				return
			}
			e = en.next
		}
	}
	if t.used == len(t.entries) || 2*t.load >= len(t.buckets) {
		if 2*len(t.entries) <= t.maxEntries {
			t.resize(2 * len(t.entries))
		} else {
			t.compact()
		}
		bi = t.find(shape, seat)
	}
	if bi < 0 {
		mask := uint64(len(t.buckets) - 1)
		i := bucketHash(shape, seat) & mask
		for t.buckets[i].gen == t.gen {
			i = (i + 1) & mask
		}
		t.buckets[i] = ttBucket{shape: shape, gen: t.gen, seat: seat, head: -1}
		t.load++
		bi = int(i)
	}
	b := &t.buckets[bi]
	e := int32(t.used)
	t.used++
	t.entries[e] = ttEntry{w: [2]uint64{w0, w1}, ks: ks, next: b.head, lower: int8(lower), upper: int8(upper)}
	b.head = e
}

// resize reallocates the table for n entries, keeping its contents.
func (t *transTable) resize(n int) {
	oldB := t.buckets
	e := make([]ttEntry, n)
	copy(e, t.entries[:t.used])
	t.entries = e
	t.buckets = make([]ttBucket, 2*n)
	t.rehash(oldB, nil)
}

// rehash files the live buckets of old into t.buckets, dropping those for
// which drop returns true.
func (t *transTable) rehash(old []ttBucket, drop func(*ttBucket) bool) {
	t.load = 0
	mask := uint64(len(t.buckets) - 1)
	for _, b := range old {
		if b.gen != t.gen || (drop != nil && drop(&b)) {
			continue
		}
		i := bucketHash(b.shape, b.seat) & mask
		for t.buckets[i].gen == t.gen {
			i = (i + 1) & mask
		}
		t.buckets[i] = b
		t.load++
	}
}

// tricksLeft returns the number of tricks left in a position of the shape.
func tricksLeft(shape uint64) int {
	n := 0
	for ; shape != 0; shape >>= 4 {
		n += int(shape & 15)
	}
	return n / 4
}

// compact makes room in a full table by dropping the positions nearest the
// end of the play, the cheapest to search again, until at least half the
// entries are free.
func (t *transTable) compact() {
	var hist [14]int
	for i := range t.buckets {
		b := &t.buckets[i]
		if b.gen != t.gen {
			continue
		}
		n := 0
		for e := b.head; e >= 0; e = t.entries[e].next {
			n++
		}
		hist[tricksLeft(b.shape)] += n
	}
	cut, dropped := 0, 0
	for cut < 14 && dropped < t.used/2 {
		dropped += hist[cut]
		cut++
	}
	if cut >= 13 {
		t.clear()
		return
	}
	if cap(t.remap) < len(t.entries) {
		t.remap = make([]int32, len(t.entries))
	}
	remap := t.remap[:len(t.entries)]
	for i := range remap[:t.used] {
		remap[i] = -1
	}
	for i := range t.buckets {
		b := &t.buckets[i]
		if b.gen != t.gen || tricksLeft(b.shape) < cut {
			continue
		}
		for e := b.head; e >= 0; e = t.entries[e].next {
			remap[e] = 0
		}
	}
	n := int32(0)
	for i := 0; i < t.used; i++ {
		if remap[i] < 0 {
			continue
		}
		remap[i] = n
		t.entries[n] = t.entries[i]
		n++
	}
	for i := int32(0); i < n; i++ {
		if nx := t.entries[i].next; nx >= 0 {
			t.entries[i].next = remap[nx]
		}
	}
	t.used = int(n)
	// Rebuild the buckets without the dropped positions.
	old := make([]ttBucket, 0, t.load)
	for _, b := range t.buckets {
		if b.gen == t.gen && tricksLeft(b.shape) >= cut {
			b.head = remap[b.head]
			old = append(old, b)
		}
	}
	// The kept buckets move to the new generation.
	t.nextGen()
	for i := range old {
		old[i].gen = t.gen
	}
	t.used = int(n)
	t.rehash(old, nil)
}

// killerTable remembers the card that last caused a cut-off in a similar
// situation (same hand, same seat in the trick, same card winning so far);
// it only orders moves, so collisions cost time, not correctness.
type killerTable struct {
	tag  [1 << 16]uint32
	card [1 << 16]int8
}

func (k *killerTable) get(key uint64) int8 {
	i := key >> 48
	if k.tag[i] == uint32(key) {
		return k.card[i]
	}
	return -1
}

func (k *killerTable) put(key uint64, c int8) {
	i := key >> 48
	k.tag[i] = uint32(key)
	k.card[i] = c
}
