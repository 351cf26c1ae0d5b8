package dd

import "math/bits"

// Cards are handled as bridge.Hand bit sets (bit suit*16+rank) converted to
// uint64, so that the search works on plain integers.

const (
	rankMask = 0x7ffc // ranks Two..Ace within one suit's 16 bits
	noTrump  = 4      // trump value for no trump (bridge.NoTrump)
)

// Odd multipliers that spread the bits of a key over the whole word, for
// the hashes of the transposition and killer tables. Any odd constant with
// well-mixed bits would do; these are the usual published ones.
const (
	hashGolden = 0x9e3779b97f4a7c15 // 2^64 divided by the golden ratio (Fibonacci hashing)
	hashFinal  = 0xff51afd7ed558ccd // the first multiplier of MurmurHash3's 64-bit finaliser
)

// suitOf returns the 16 rank bits of suit su (0 to 3, never noTrump) in
// the card set x. The suit is masked so that the compiler drops its check
// for shifts of 64 or more.
func suitOf(x uint64, su int) uint16 { return uint16(x >> (16 * uint(su&3))) }

// pop8[x] is the number of bits set in the byte x.
var pop8 = func() (t [256]uint8) {
	for x := range t {
		t[x] = uint8(bits.OnesCount8(uint8(x)))
	}
	return
}()

// length returns the number of ranks in b. It looks up a table rather
// than calling bits.OnesCount16, which on amd64 v1 tests for the POPCNT
// instruction and keeps a fallback call, whose registers the compiler
// must save across.
func length(b uint16) int { return int(pop8[b&255]) + int(pop8[b>>8]) }

// topRank returns the highest rank in a non-empty rank set.
func topRank(b uint16) int { return 15 - bits.LeadingZeros16(b) }

// bottomRank returns the lowest rank in a non-empty rank set.
func bottomRank(b uint16) int { return bits.TrailingZeros16(b) }

// atLeast returns the ranks of b that are r or higher.
func atLeast(b uint16, r int) uint16 { return b &^ (1<<uint(r) - 1) }

// topN returns the n highest ranks of b (all of b when it has fewer).
func topN(b uint16, n int) uint16 {
	hi := uint8(b >> 8)
	if nh := bits.OnesCount8(hi); n < nh {
		return uint16(topByte[hi][max(n, 0)&15]) << 8
	} else {
		return b&0xff00 | uint16(topByte[uint8(b)][min(n-nh, 8)&15])
	}
}

// topByte[x][n] is the n highest bits of the byte x (all of x when it has
// fewer). Rows of 16 (n up to 8 used) let topN mask n with 15 instead of
// testing its bounds.
var topByte = func() (t [256][16]uint8) {
	for x := range 256 {
		for n := 0; n <= 8; n++ {
			b := uint8(x)
			for k := bits.OnesCount8(b) - n; k > 0; k-- {
				b &= b - 1
			}
			t[x][n] = b
		}
	}
	return
}()

// beats reports whether card a, played after b to the same trick, beats b.
func beats(a, b int8, trump int) bool {
	if a>>4 == b>>4 {
		return a > b
	}
	return int(a>>4) == trump
}

// pext2[m][x] packs the 2-bit fields of x selected by the bits of m (four
// fields, four bits) into the low bits, lowest first: a parallel extract of
// the seats of four ranks by the cards present (4 KB).
var pext2 = func() (t [16][256]uint8) {
	for m := range 16 {
		for x := range 256 {
			var r, k uint8
			for f := range 4 {
				if m>>f&1 != 0 {
					r |= uint8(x>>(2*f)&3) << k
					k += 2
				}
			}
			t[m][x] = r
		}
	}
	return
}()

// spread8[x] moves bit i of x to bit 2i.
var spread8 = func() (t [256]uint16) {
	for x := 0; x < 256; x++ {
		for b := 0; b < 8; b++ {
			t[x] |= uint16(x>>b&1) << (2 * b)
		}
	}
	return
}()

// interleave returns the bits of lo at the even positions and those of hi
// at the odd positions: 2 bits per card.
func interleave(lo, hi uint16) uint32 {
	l := uint32(spread8[lo&255]) | uint32(spread8[lo>>8])<<16
	h := uint32(spread8[hi&255]) | uint32(spread8[hi>>8])<<16
	return l | h<<1
}
