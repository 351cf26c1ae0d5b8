package dd

import (
	"cmp"
	"math/bits"
	"slices"
)

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
// Entries are filed in buckets keyed by (shape, leader) and, for a pattern
// that pins the top card of every suit, the owners of those four cards.
// The entries of one bucket lie side by side in a block of a shared pool,
// so that a lookup reads consecutive memory. They are kept in order of
// their number of pins, fewest first (new entries in front of those with as
// many): the first entry that answers is then one of the most general, and
// its rank winners make the entries stored above it more general too. A
// full bucket drops its last, most specific entry. The general bucket of a
// shape and leader exists whenever one of its specific buckets does and
// says whether any does, so that a lookup usually probes one bucket; the
// store after a search reuses the bucket indices its lookup found. Blocks
// come in sizes of ratio 1.25 to 1.5 (see classSize) with a free list for
// each size. The pool is
// made of chunks of chunkSize entries (the first smaller while the table is
// small), and a block never straddles two chunks: it grows by one chunk at
// a time up to its entry limit, with no copy and no old pool left for the
// garbage collector, so that the memory held stays close to what the
// search has stored (a pool grown by doubling held half as much again while
// it was copied, and up to twice what it used). When full, the table drops
// the positions nearest the end of the play (compact). It is cleared by
// advancing a generation counter, so memory stays bounded.

// ttEntry is one pattern with its bounds, 16 bytes (four to a cache line).
// w holds the owner words of the pattern (suits ♣♦ in w[0], ♥♠ in w[1]),
// masked to the pinned cards and rotated left by entryRot bits. An owner
// word keeps its two suits' 26 bits at bits 0 and 32; rotated, bits 0..5
// and 32..37 are its unused bits 26..31 and 58..63, and bits 6..7 and
// 38..39 the owners of the suits' lowest cards, which a pattern never pins
// (see pattern: the lowest card of a suit is never a pin, so a suit has at
// most 12). That frees bytes 0 and 4 of each word for the rest of the
// entry:
//
//	w[0] byte 0: pinned cards of ♣ and ♦, 4 bits a suit (ks&0xff)
//	w[0] byte 4: pinned cards of ♥ and ♠ (ks>>8)
//	w[1] byte 0: the bounds on NS tricks from this position, lower<<4 | upper
//	w[1] byte 4: the number of pins (the sum of ks's counts), for store
//
// so that scan reads an entry as two words, indexes its masks by the bytes
// of the first and looks its bounds up in missTab. The accessors below
// decode it.
type ttEntry struct {
	w [2]uint64
}

const (
	entryRot  = 6                   // the rotation of an entry's owner words
	entryMeta = 0x000000ff_000000ff // the bytes of an entry word that are not owners
)

// makeEntry returns the entry of a pattern: owner words w0 and w1 masked to
// the pins ks (at most 12 a suit) and bounds lower and upper (0 to 13).
func makeEntry(w0, w1 uint64, ks uint16, lower, upper int) ttEntry {
	return ttEntry{w: [2]uint64{
		bits.RotateLeft64(w0, entryRot) | uint64(uint8(ks)) | uint64(ks>>8)<<32,
		bits.RotateLeft64(w1, entryRot) | uint64(uint8(lower<<4|upper)) | uint64(pinCount(ks))<<32,
	}}
}

// ks returns the entry's pinned cards per suit, 4 bits a suit.
func (en *ttEntry) ks() uint16 { return uint16(uint8(en.w[0])) | uint16(uint8(en.w[0]>>32))<<8 }

// pins returns the number of cards the entry pins.
func (en *ttEntry) pins() int { return int(uint8(en.w[1] >> 32)) }

// lower returns the entry's lower bound on NS tricks.
func (en *ttEntry) lower() int { return int(uint8(en.w[1]) >> 4) }

// upper returns the entry's upper bound on NS tricks.
func (en *ttEntry) upper() int { return int(en.w[1] & 15) }

// missTab[target][b] is 1 when the bounds b of an entry (lower<<4 | upper)
// do not decide whether NS reach target tricks (lower < target <= upper),
// else 0: the bound test of scan is one load.
var missTab = func() (t [16][256]uint8) {
	for target := range t {
		for b := range t[target] {
			if lower, upper := b>>4, b&15; lower < target && upper >= target {
				t[target][b] = 1
			}
		}
	}
	return
}()

// owners returns the entry's owner words as describe makes them (masked to
// the pinned cards).
func (en *ttEntry) owners() (w0, w1 uint64) {
	return bits.RotateLeft64(en.w[0]&^entryMeta, -entryRot), bits.RotateLeft64(en.w[1]&^entryMeta, -entryRot)
}

// tooManyPins reports whether ks pins 13 cards of a suit, which an entry
// cannot hold (pattern never does: see ttEntry). A nibble of 13 or more
// has bit 3 set and its low three bits plus 3 reach bit 3 (no carry
// between nibbles: at most 7+3).
func tooManyPins(ks uint16) bool { return ((ks&0x7777)+0x3333)&ks&0x8888 != 0 }

// ttBucket is 16 bytes. Its block's class is that of its number of entries
// (classOf): a bucket grows to the next class when its block is full, and
// its entries never decrease but when a bucket of the largest class drops
// one to make room for another.
type ttBucket struct {
	shape uint64
	off   int32 // first entry in the pool
	// key is the bucket's seat key (leader, plus the top-card owners of a
	// specific pattern, see subKey; 11 bits) and above it, in the top
	// keyGenBits bits, its generation: the bucket is in use when they are
	// the table's (see keyOf).
	key uint16
	// n holds the entries in use (at most 1024) and, in bit specBit, for a
	// general bucket, whether the shape and leader may have specific
	// buckets.
	n uint16
}

const (
	keyGenShift = 11
	keyGenBits  = 16 - keyGenShift
	keySeat     = 1<<keyGenShift - 1 // the seat key's bits of key
	specBit     = 1 << 15
	countMask   = 1<<11 - 1 // the entry count's bits of n
)

// gen returns the bucket's generation.
func (b *ttBucket) gen() uint32 { return uint32(b.key >> keyGenShift) }

// seat returns the bucket's seat key.
func (b *ttBucket) seat() uint16 { return b.key & keySeat }

// count returns the entries in use.
func (b *ttBucket) count() int { return int(b.n & countMask) }

// spec reports whether a general bucket's shape and leader may have
// specific buckets.
func (b *ttBucket) spec() bool { return b.n&specBit != 0 }

// class returns the class of the bucket's block.
func (b *ttBucket) class() uint8 { return classOf[b.count()] }

// keyOf returns the key of a bucket of seat key seat in generation gen.
func keyOf(seat uint16, gen uint32) uint16 { return seat | uint16(gen)<<keyGenShift }

// maxClass bounds a bucket's block: beyond classSize[maxClass] entries a
// bucket drops its least recently useful entry instead of growing.
const maxClass = 27

// classSize[c] is the number of entries of a block of class c: three sizes
// to each doubling from 4 on (4, 5, 6, 8, 10, 12, 16, ... 1024), so that a
// block holds at most a third more entries than its bucket has needed, and
// the pool about an eighth more than it uses (with power-of-two sizes, a
// third more: 8.1M entries for 5.9M in the four-void deal's no trump).
var classSize = func() (s [maxClass + 1]int32) {
	for c := range s {
		if c < 6 {
			s[c] = int32(c + 1)
		} else {
			s[c] = s[c-3] * 2
		}
	}
	return
}()

// classOf[n] is the class of the smallest block that holds n entries (one
// at least).
var classOf = func() (c [1025]uint8) {
	for n := range c {
		for classSize[c[n]] < int32(n) {
			c[n]++
		}
	}
	return
}()

// kMask[k] selects the owner bits of the top k cards of a suit.
var kMask = func() (m [16]uint64) {
	for k := 1; k <= 13; k++ {
		m[k] = (1<<(2*uint(k)) - 1) << (26 - 2*uint(k))
	}
	return
}()

// maskTab[x] is the owner-word mask of two suits pinned to x&15 and x>>4
// cards.
var maskTab = func() (m [256]uint64) {
	for x := range m {
		m[x] = kMask[x&15] | kMask[x>>4]<<32
	}
	return
}()

// rmaskTab[x] is maskTab[x] rotated as an entry's owner words are (see
// ttEntry); for at most 12 pins a suit it leaves bytes 0 and 4 clear.
var rmaskTab = func() (m [256]uint64) {
	for x := range m {
		m[x] = bits.RotateLeft64(maskTab[x], entryRot)
	}
	return
}()

// masks expands 4-bit-per-suit pin counts into owner-word masks.
func masks(ks uint16) (m0, m1 uint64) {
	return maskTab[ks&0xff], maskTab[ks>>8]
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
	buckets []ttBucket
	// chunks is the pool of blocks: entry off is chunks[off>>chunkBits]
	// [off&chunkMask] (see at). Every chunk but the last holds chunkSize
	// entries; size is their total.
	chunks     [][]ttEntry
	size       int
	top        int // pool entries handed out so far (free blocks included)
	free       [maxClass + 1]int32
	load       int // buckets in use this generation
	gen        uint32
	maxEntries int // pool size limit
	maxBuckets int // bucket array size limit (a power of two)
	// nb is the number of buckets in use, a power of two: a prefix of
	// the bucket array. It starts small again at each clear, so that a
	// small search probes a few cache-resident buckets rather than the
	// array that the largest search so far has grown.
	nb    int
	dirty int        // the prefix of the bucket array used since gen was 1
	keep  []int32    // scratch for compact
	moved []ttBucket // scratch for growing in place and for compact
	epoch uint32     // advanced whenever buckets move or go stale (see ttHint)
	// budget, if not nil, is shared with other solvers' tables: the table
	// grows only by what it can draw from it (see reserve). charged is
	// what the table has drawn, its bytes once synced.
	budget  *Budget
	charged int
	// done is the engine's (see engine.done), for growPool.
	done <-chan struct{}
}

// ttHint remembers where lookup found (or did not find) the buckets of a
// position, so that the store after its search need not probe again. The
// search of the position's subtree only reaches positions with fewer cards
// (other shapes), so it creates no bucket of this shape; the hint is valid
// as long as no bucket has moved or been dropped (same epoch).
type ttHint struct {
	spec, gen int32 // bucket indices of the specific and general keys, or -1
	epoch     uint32
}

const (
	minEntries = 1 << 12
	entrySize  = 16 // bytes of a ttEntry
	bucketSize = 16 // bytes of a ttBucket
	// chunkBits sets the entries of a full chunk of the pool (4 MB): the
	// steps in which a large table grows.
	chunkBits = 18
	chunkSize = 1 << chunkBits
	chunkMask = chunkSize - 1
)

// block returns the n entries of the pool from offset off, which lie in one
// chunk.
func (t *transTable) block(off int32, n int) []ttEntry {
	c := t.chunks[uint32(off)>>chunkBits]
	o := uint(uint32(off) & chunkMask)
	return c[o : o+uint(n)]
}

// at returns the entry of the pool at offset off.
func (t *transTable) at(off int32) *ttEntry {
	return &t.chunks[uint32(off)>>chunkBits][uint32(off)&chunkMask]
}

// newTransTable returns a table that holds at most maxBytes: two thirds for
// the pool of entries, one third for the buckets. It draws its memory from
// budget b, if not nil.
func newTransTable(maxBytes int, b *Budget) *transTable {
	t := &transTable{gen: 1, budget: b}
	t.maxEntries = max(maxBytes*2/3/entrySize, minEntries)
	t.maxBuckets = minEntries
	for 3*t.maxBuckets*bucketSize <= maxBytes/3 { // room for the scratch of growBuckets
		t.maxBuckets *= 2
	}
	t.chunks = [][]ttEntry{make([]ttEntry, minEntries)}
	t.size = minEntries
	t.buckets = make([]ttBucket, minEntries)
	t.nb = minEntries
	t.dirty = minEntries
	t.resetPool()
	t.sync()
	return t
}

// reserve draws n bytes from the budget for a growth of the table and
// reports whether it may grow.
func (t *transTable) reserve(n int) bool {
	if !t.budget.take(n) {
		return false
	}
	t.charged += n
	return true
}

// sync charges the budget with what the table holds beyond what it has
// drawn (the scratch of compact), or gives back what it holds no more.
func (t *transTable) sync() {
	d := t.bytes() - t.charged
	t.budget.charge(d)
	t.charged += d
}

// giveBack gives everything the table has drawn back to the budget; the
// table is not used again.
func (t *transTable) giveBack() {
	t.budget.charge(-t.charged)
	t.charged = 0
}

func (t *transTable) resetPool() {
	t.top = 0
	for i := range t.free {
		t.free[i] = -1
	}
}

// clear forgets every entry without touching the memory.
func (t *transTable) clear() {
	t.nextGen()
	t.load = 0
	t.nb = min(t.nb, minEntries)
	t.resetPool()
}

// nextGen makes every bucket stale.
func (t *transTable) nextGen() {
	t.epoch++
	t.gen++
	if t.gen == 1<<keyGenBits { // wrapped: really clear
		for i := range t.buckets[:t.dirty] {
			t.buckets[i].key &= keySeat
		}
		t.dirty = t.nb
		t.gen = 1
	}
}

// bytes returns the memory held by the table.
func (t *transTable) bytes() int {
	return t.size*entrySize + (len(t.buckets)+cap(t.moved))*bucketSize + len(t.keep)*4
}

func bucketHash(shape uint64, seat uint16) uint64 {
	h := (shape ^ uint64(seat)<<48 ^ uint64(seat)) * hashGolden
	return h ^ h>>29
}

// find returns the bucket index for (shape, seat), or -1.
func (t *transTable) find(shape uint64, seat uint16) int {
	// The bucket array in a local: the loop then keeps its address and
	// length in registers rather than loading them at every probe.
	bs, mask := t.buckets, uint64(t.nb-1)
	gen, key := uint16(t.gen), keyOf(seat, t.gen)
	for i := bucketHash(shape, seat) & mask; ; i = (i + 1) & mask {
		b := &bs[i]
		if b.key == key && b.shape == shape {
			return int(i)
		}
		if b.key>>keyGenShift != gen {
			return -1
		}
	}
}

// lookup searches for an entry matching the position that decides whether
// NS reach target tricks. It returns the entry's bound and pin counts, and
// in h where it found the position's buckets. Of the entries that answer it
// prefers one with few pins, whose rank winners make the parent's entry more
// general: it looks in the general bucket first, and a bucket keeps its
// entries in order of their number of pins. The specific bucket is probed
// only when the general one says the shape and leader have any.
func (t *transTable) lookup(shape uint64, seat uint8, w0, w1 uint64, target int, h *ttHint) (hit bool, value int, ks uint16) {
	h.epoch = t.epoch
	h.spec = -1
	h.gen = int32(t.find(shape, uint16(seat)<<9|generalKey))
	if h.gen < 0 {
		return false, 0, 0
	}
	// The position's words as an entry's are (rotated).
	r0, r1 := bits.RotateLeft64(w0, entryRot), bits.RotateLeft64(w1, entryRot)
	en := t.scan(int(h.gen), r0, r1, target)
	if en == nil && t.buckets[h.gen].spec() {
		h.spec = int32(t.find(shape, uint16(seat)<<9|subKey(w0, w1)))
		en = t.scan(int(h.spec), r0, r1, target)
	}
	if en == nil {
		return false, 0, 0
	}
	if lo := en.lower(); lo >= target {
		return true, lo, en.ks()
	}
	return true, en.upper(), en.ks()
}

// scan returns the first entry of bucket bi (none when bi is -1) that
// matches the position's rotated owner words r0 and r1 and whose bounds
// decide whether NS reach target tricks, or nil. Only the entry's address
// leaves the loop, so that the loop keeps nothing of an entry but its miss.
func (t *transTable) scan(bi int, r0, r1 uint64, target int) *ttEntry {
	if bi < 0 {
		return nil
	}
	k := &missTab[target&15] // target is 0 to 13: the mask spares a check
	b := &t.buckets[bi]
	es := t.block(b.off, b.count())
	for i := range es {
		// An entry answers when its bounds decide the target and its
		// pinned owners match: tested together, with one branch that is
		// nearly always not taken. The masks leave the entry's bytes 0
		// and 4 out of the owners' comparison.
		a, c := es[i].w[0], es[i].w[1]
		bm := uint64(k[uint8(c)])
		m0, m1 := rmaskTab[uint8(a)], rmaskTab[uint8(a>>32)]
		if (a^r0)&m0|(c^r1)&m1|bm == 0 {
			return &es[i]
		}
	}
	return nil
}

// alloc returns the offset of a free block of class class, or -1 when
// the pool has no room.
func (t *transTable) alloc(class uint8) int32 {
	if off := t.free[class]; off >= 0 {
		t.free[class] = int32(t.at(off).w[0])
		return off
	}
	n := int(classSize[class])
	top := t.nextTop(t.top, n)
	if top+n > t.size {
		return -1
	}
	t.top = top + n
	return int32(top)
}

// nextTop returns where a block of n entries goes at the top of the pool:
// top, or the start of the next chunk when the block would straddle two.
func (t *transTable) nextTop(top, n int) int {
	if top&chunkMask+n > chunkSize {
		return (top + chunkMask) &^ chunkMask
	}
	return top
}

// release returns a block to its free list.
func (t *transTable) release(off int32, class uint8) {
	t.at(off).w[0] = uint64(t.free[class])
	t.free[class] = off
}

// store records bounds for a pattern. The hint h is that of the lookup of
// the same position.
func (t *transTable) store(shape uint64, seat8 uint8, w0, w1 uint64, ks uint16, lower, upper int, h *ttHint) {
	m0, m1 := masks(ks)
	w0 &= m0
	w1 &= m1
	seat := specificKey(seat8, w0, w1, ks, shape)
	var bi int
	if h.epoch != t.epoch {
		bi = t.find(shape, seat)
	} else if seat&generalKey != 0 {
		bi = int(h.gen)
	} else {
		bi = int(h.spec)
	}
	if tooManyPins(ks) {
		return
	}
	pins := pinCount(ks)
	ne := makeEntry(w0, w1, ks, lower, upper)
	nb := ne.w[1] &^ entryMeta // the owners of the second word
	for attempt := 0; ; attempt++ {
		if bi < 0 {
			if seat&generalKey == 0 {
				// A specific bucket needs its general bucket, which
				// tells lookup that it may exist.
				gk := seat&^0x1ff | generalKey
				if gi := t.newBucket(shape, gk); gi >= 0 {
					t.buckets[gi].n |= specBit
					bi = t.newBucket(shape, seat)
				}
			} else {
				bi = t.newBucket(shape, seat)
			}
		}
		if bi >= 0 {
			b := &t.buckets[bi]
			// The same pattern (the same first word, the same owners in
			// the second) has as many pins: merge the bounds.
			n := b.count()
			es := t.block(b.off, n)
			p := pinStart(es, pins)
			for i := p; i < len(es) && es[i].pins() == pins; i++ {
				if en := &es[i]; en.w[0] == ne.w[0] && en.w[1]&^entryMeta == nb {
					*en = makeEntry(w0, w1, ks, max(en.lower(), lower), min(en.upper(), upper))
					return
				}
			}
			// The block is full when n is its class's size (a bucket
			// that has just been filed has none, in a block of one).
			class := classOf[n]
			full := n > 0 && int32(n) == classSize[class]
			if full {
				if class == maxClass {
					n-- // drop the last, most specific entry
					b.n--
					full = false
				} else if off := t.alloc(class + 1); off >= 0 {
					copy(t.block(off, n), t.block(b.off, n))
					t.release(b.off, class)
					b.off = off
					full = false
				}
			}
			if !full {
				// In front of the entries with as many pins or more.
				es := t.block(b.off, n+1)
				p = min(p, n)
				if n-p <= 8 {
					// Most moves are of a few entries: a loop costs
					// less than a call of copy's memmove.
					for i := n; i > p; i-- {
						es[i] = es[i-1]
					}
				} else {
					copy(es[p+1:], es[p:n])
				}
				es[p] = ne
				b.n++
				return
			}
		}
		// The pool is full: grow it or make room, then try again.
		if attempt > 0 {
			return // nothing left to free: the position goes unrecorded
		}
		if n := t.growth(); n > 0 && 2*(t.load+1) <= t.nb && t.reserve(n*entrySize) {
			t.growPool(n)
		} else {
			t.compact()
		}
		bi = t.find(shape, seat)
	}
}

func pinCount(ks uint16) int {
	return int(ks&15 + ks>>4&15 + ks>>8&15 + ks>>12)
}

// pinStart returns the index of the first entry of es, a block in order of
// pins, with at least pins pins.
func pinStart(es []ttEntry, pins int) int {
	lo, hi := 0, len(es)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if es[m].pins() < pins {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo
}

// newBucket returns the index of the bucket for (shape, seat), filing a
// new one with a block of one entry if there is none (so that a stale
// "not found" cannot file a key twice), or -1 when the buckets or the pool
// are full.
func (t *transTable) newBucket(shape uint64, seat uint16) int {
	bs, mask := t.buckets, uint64(t.nb-1) // see find
	i := bucketHash(shape, seat) & mask
	gen, key := uint16(t.gen), keyOf(seat, t.gen)
	for ; bs[i].key>>keyGenShift == gen; i = (i + 1) & mask {
		if b := &bs[i]; b.shape == shape && b.key == key {
			return int(i)
		}
	}
	if 2*(t.load+1) > t.nb {
		if t.nb == t.maxBuckets || !t.reserve(t.growBucketsBytes()) {
			return -1
		}
		t.growBuckets()
		i = t.freeSlot(shape, seat)
	}
	off := t.alloc(0)
	if off < 0 {
		return -1
	}
	t.buckets[i] = ttBucket{shape: shape, key: key, off: off}
	t.load++
	return int(i)
}

// growth returns the entries by which the pool may grow next (0 when it
// is at its limit): while it is one chunk smaller than chunkSize, as many
// as it holds (the chunk doubles), else a chunk.
func (t *transTable) growth() int {
	if t.size < chunkSize {
		return max(0, min(2*t.size, chunkSize, t.maxEntries)-t.size)
	}
	return max(0, min(chunkSize, t.maxEntries-t.size))
}

// growPool enlarges the pool by n entries (see growth), keeping its
// contents: a small first chunk is copied to one twice as large (at most
// 4 MB, a millisecond), a large pool gains a chunk.
func (t *transTable) growPool(n int) {
	if t.size < chunkSize {
		c := make([]ttEntry, t.size+n)
		copy(c, t.chunks[0])
		t.chunks[0] = c
	} else {
		t.chunks = append(t.chunks, make([]ttEntry, n))
	}
	t.size += n
}

// stopSlice is the number of buckets the operations on the whole table
// handle between two looks at done: a millisecond or two.
const stopSlice = 1 << 16

// stopped reports whether the solve under way is cancelled (see
// engine.done). The operations on the whole table look every so often,
// so that a large table does not hold up a cancelled solve: one that has
// changed nothing yet stops at once (panic(stopSignal{})), one half done
// abandons the table's contents.
func (t *transTable) stopped() bool {
	if t.done == nil {
		return false
	}
	select {
	case <-t.done:
		return true
	default:
		return false
	}
}

// abandon forgets the table's contents, which an operation stopped half
// way has left inconsistent, and abandons the cancelled solve.
func (t *transTable) abandon() {
	t.clear()
	panic(stopSignal{})
}

// growBucketsBytes returns the bytes growBuckets adds to the table: a
// bucket array twice the buckets in use, or the scratch to move them
// aside.
func (t *transTable) growBucketsBytes() int {
	if 2*t.nb > len(t.buckets) {
		return (2*t.nb - len(t.buckets)) * bucketSize
	}
	return max(0, t.nb-cap(t.moved)) * bucketSize
}

// growBuckets doubles the buckets in use, keeping their contents: within
// the bucket array when it is large enough, else in a new one.
func (t *transTable) growBuckets() {
	live := t.buckets[:t.nb]
	if 2*t.nb > len(t.buckets) {
		t.buckets = make([]ttBucket, 2*t.nb)
	} else {
		// Move the live buckets aside and free their slots.
		if cap(t.moved) < t.nb {
			t.moved = make([]ttBucket, 0, t.nb)
		}
		t.moved = append(t.moved[:0], live...)
		for i := range live {
			live[i].key &= keySeat // generation 0: never current
		}
		live = t.moved
	}
	t.nb *= 2
	t.dirty = max(t.dirty, t.nb)
	t.rehash(live)
}

// rehash files the live buckets of old into t.buckets.
func (t *transTable) rehash(old []ttBucket) {
	t.epoch++
	t.load = 0
	for i, b := range old {
		if i&(stopSlice-1) == stopSlice-1 && t.stopped() {
			t.abandon()
		}
		if b.gen() != t.gen {
			continue
		}
		t.buckets[t.freeSlot(b.shape, b.seat())] = b
		t.load++
	}
}

// freeSlot returns the first free slot of the probe sequence of (shape,
// seat).
func (t *transTable) freeSlot(shape uint64, seat uint16) uint64 {
	mask := uint64(t.nb - 1)
	i := bucketHash(shape, seat) & mask
	for t.buckets[i].gen() == t.gen {
		i = (i + 1) & mask
	}
	return i
}

// tricksLeft returns the number of tricks left in a position of the shape.
func tricksLeft(shape uint64) int {
	n := 0
	for ; shape != 0; shape >>= 4 {
		n += int(shape & 15)
	}
	return n / 4
}

// compact makes room in a full pool by dropping the positions nearest the
// end of the play, the cheapest to search again, until at least half the
// entries are free. The kept blocks slide down to the start of the pool.
func (t *transTable) compact() {
	var hist [14]int
	total := 0
	for i := range t.buckets[:t.nb] {
		if i&(stopSlice-1) == stopSlice-1 && t.stopped() {
			panic(stopSignal{}) // nothing changed yet
		}
		if b := &t.buckets[i]; b.gen() == t.gen {
			hist[tricksLeft(b.shape)] += b.count()
			total += b.count()
		}
	}
	cut, dropped := 0, 0
	for cut < 14 && dropped < total/2 {
		dropped += hist[cut]
		cut++
	}
	if cut >= 13 {
		t.clear()
		return
	}
	keep := t.keep[:0]
	for i := range t.buckets[:t.nb] {
		if i&(stopSlice-1) == stopSlice-1 && t.stopped() {
			panic(stopSignal{}) // nothing changed yet
		}
		if b := &t.buckets[i]; b.gen() == t.gen && tricksLeft(b.shape) >= cut {
			keep = append(keep, int32(i))
		}
	}
	t.keep = keep
	// Slide the kept blocks down in pool order, so no block overwrites one
	// still to move.
	slices.SortFunc(keep, func(a, b int32) int { return cmp.Compare(t.buckets[a].off, t.buckets[b].off) })
	if t.stopped() {
		panic(stopSignal{}) // nothing changed yet
	}
	t.resetPool()
	old := t.moved[:0]
	for j, i := range keep {
		if j&(stopSlice-1) == stopSlice-1 && t.stopped() {
			t.moved = old[:0]
			t.abandon()
		}
		b := t.buckets[i]
		// Packed with the rule of alloc, a block never lands above its
		// old place (nor on a block still to move).
		top := t.nextTop(t.top, int(classSize[b.class()]))
		off := int32(top)
		copy(t.block(off, b.count()), t.block(b.off, b.count()))
		b.off = off
		t.top = top + int(classSize[b.class()])
		old = append(old, b)
	}
	// The kept buckets move to the new generation.
	t.nextGen()
	for i := range old {
		old[i].key = keyOf(old[i].seat(), t.gen)
	}
	t.rehash(old)
	t.moved = old[:0]
	t.sync()
}

// killerTable remembers the card that last caused a cut-off in a similar
// situation (same hand, same seat in the trick, same card winning so far);
// it only orders moves, so collisions cost time, not correctness.
type killerTable struct {
	// slot holds a key tag in the high 10 bits and a card in the low 6
	// (a card is suit*16+rank with rank at least 2, so an empty slot
	// names no card a hand can hold). Two bytes a slot keep the table
	// small enough to stay in the processor's second-level cache.
	slot [1 << killerBits]uint16
}

const killerBits = 18

func (k *killerTable) get(key uint64) int8 {
	v := k.slot[key>>(64-killerBits)]
	if (v^uint16(key))&^0x3f == 0 {
		return int8(v & 0x3f)
	}
	return -1
}

func (k *killerTable) put(key uint64, c int8) {
	k.slot[key>>(64-killerBits)] = uint16(key)&^0x3f | uint16(c)&0x3f
}
