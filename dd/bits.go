package dd

import "math/bits"

// Cards are handled as bridge.Hand bit sets (bit suit*16+rank) converted to
// uint64, so that the search works on plain integers.

const (
	rankMask = 0x7ffc // ranks Two..Ace within one suit's 16 bits
	noTrump  = 4      // trump value for no trump (bridge.NoTrump)
)

// suitOf returns the 16 rank bits of suit su in the card set x.
func suitOf(x uint64, su int) uint16 { return uint16(x >> (16 * uint(su))) }

// topRank returns the highest rank in a non-empty rank set.
func topRank(b uint16) int { return 15 - bits.LeadingZeros16(b) }

// bottomRank returns the lowest rank in a non-empty rank set.
func bottomRank(b uint16) int { return bits.TrailingZeros16(b) }

// atLeast returns the ranks of b that are r or higher.
func atLeast(b uint16, r int) uint16 { return b &^ (1<<uint(r) - 1) }

// topN returns the n highest ranks of b (all of b when it has fewer).
func topN(b uint16, n int) uint16 {
	for k := bits.OnesCount16(b) - n; k > 0; k-- {
		b &= b - 1
	}
	return b
}

// beats reports whether card a, played after b to the same trick, beats b.
func beats(a, b int8, trump int) bool {
	if a>>4 == b>>4 {
		return a > b
	}
	return int(a>>4) == trump
}
