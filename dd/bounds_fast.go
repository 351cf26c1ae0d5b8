package dd

// Lane arithmetic: a card set holds each suit in its own 16-bit lane, and
// the bounds often need the same figure (a length, a maximum) for every
// suit. These helpers work on the four lanes at once with plain integer
// operations (SIMD within a register), so that a bound costs a few dozen
// instructions and no loop, branch or call. Lane values other than masks
// stay below 0x8000, which the comparisons rely on.

const (
	laneOne  = 0x0001000100010001 // 1 in every lane
	laneLow  = 0x00ff00ff00ff00ff // the low byte of every lane
	laneHigh = 0x8000800080008000 // the top bit of every lane
)

// laneCounts returns the number of bits set in each lane of x (a popcount
// per suit: the suits' lengths of a hand).
func laneCounts(x uint64) uint64 {
	x -= x >> 1 & 0x5555555555555555
	x = x&0x3333333333333333 + x>>2&0x3333333333333333
	x = (x + x>>4) & 0x0f0f0f0f0f0f0f0f
	return (x + x>>8) & laneLow
}

// laneSmear returns, in each lane, every bit at or below the lane's
// highest set bit of x (the masks keep each shift inside its lane).
func laneSmear(x uint64) uint64 {
	x |= x >> 1 & 0x7fff7fff7fff7fff
	x |= x >> 2 & 0x3fff3fff3fff3fff
	x |= x >> 4 & 0x0fff0fff0fff0fff
	x |= x >> 8 & 0x00ff00ff00ff00ff
	return x
}

// laneGE returns all ones in the lanes where a >= b, zero elsewhere. The
// lanes' top bit, set in a, stops each lane's borrow and survives exactly
// when a >= b.
func laneGE(a, b uint64) uint64 {
	return ((a | laneHigh) - b) & laneHigh >> 15 * 0xffff
}

// laneSelect returns a's lanes where mask is set and b's elsewhere.
func laneSelect(mask, a, b uint64) uint64 { return b ^ (a^b)&mask }

// laneMax returns the larger value in each lane.
func laneMax(a, b uint64) uint64 { return laneSelect(laneGE(a, b), a, b) }

// laneMin returns the smaller value in each lane.
func laneMin(a, b uint64) uint64 { return laneSelect(laneGE(a, b), b, a) }

// laneSum returns the sum of the four lanes (it must stay below 1<<16).
func laneSum(x uint64) int { return int(x * laneOne >> 48) }
