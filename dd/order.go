package dd

import "math/bits"

// order writes the cards of set, a subset of the legal cards, to
// e.plays[d].moves from index start, most promising first, and returns how
// many it wrote. Good ordering only saves time: every legal card is still
// searched or proven equivalent.
func (e *engine) order(d int, legal, set uint64, start int) int {
	p := &e.plays[d]
	if set&(set-1) == 0 {
		p.moves[start] = int8(bits.TrailingZeros64(set))
		return 1
	}
	if d&3 != 0 {
		if set == legal {
			return e.orderFollow(d, legal, p.moves[start:])
		}
		var all [13]int8
		n := 0
		for _, c := range all[:e.orderFollow(d, legal, all[:])] {
			if set>>uint(c)&1 != 0 {
				p.moves[start+n] = c
				n++
			}
		}
		return n
	}
	var score [64]int16
	e.scoreLead(int(p.seat), legal, &score)
	mv := p.moves[start:]
	n := 0
	for x := set; x != 0; x &= x - 1 {
		c := int8(bits.TrailingZeros64(x))
		// insertion sort, highest score first
		j := n
		for j > 0 && score[mv[j-1]] < score[c] {
			mv[j] = mv[j-1]
			j--
		}
		mv[j] = c
		n++
	}
	return n
}

// scoreLead scores the legal leads of seat l, higher first. Each suit falls
// in one category; its top and bottom cards get the category's score (the
// card to try first two more), the cards between them come after every
// category's, from the lowest up.
func (e *engine) scoreLead(l int, legal uint64, score *[64]int16) {
	h := &e.hands
	hp, lho, rho := h[(l+2)&3], h[(l+1)&3], h[(l+3)&3]
	all := h[0] | h[1] | h[2] | h[3]
	tr := e.trump
	for su := 0; su < 4; su++ {
		my := suitOf(legal, su)
		if my == 0 {
			continue
		}
		pd, lh, rh := suitOf(hp, su), suitOf(lho, su), suitOf(rho, su)
		a := suitOf(all, su)
		ours := my | pd
		// the top five cards of the suit still out
		var top [5]int
		x := a
		for i := range top {
			if x != 0 {
				top[i] = topRank(x)
				x &^= 1 << uint(top[i])
			} else {
				top[i] = 0
			}
		}
		has := func(b uint16, r int) bool { return r > 0 && b>>uint(r)&1 != 0 }
		cat := int16(40)
		lowFirst := false
		switch {
		case tr < noTrump && su == tr:
			cat = 25
			// Draw trumps when our side holds the top one and both
			// opponents still have some: cash it, or lead low to partner's.
			if has(my, top[0]) && lh != 0 && rh != 0 {
				cat = 41
			} else if has(pd, top[0]) && lh != 0 && rh != 0 {
				cat = 41
				lowFirst = true
			}
		case tr < noTrump && ((suitOf(lho, tr) != 0 && lh == 0) || (suitOf(rho, tr) != 0 && rh == 0)):
			cat = 5 // an opponent ruffs
		case tr < noTrump && pd == 0 && lh != 0 && rh != 0 && suitOf(hp, tr) != 0:
			cat = 65 // partner ruffs
		case bits.OnesCount16(pd) >= 2 && lh != 0 &&
			((has(pd, top[1]) && has(lh, top[0])) ||
				(has(pd, top[0]) && has(lh, top[1]) && (has(pd, top[2]) || (has(ours, top[2]) && has(ours, top[3])))) ||
				(has(pd, top[1]) && has(lh, top[2]) && (has(pd, top[3]) || (has(ours, top[3]) && has(ours, top[4]))))):
			cat = 70 // lead towards partner's tenace
			lowFirst = true
		case bits.OnesCount16(my) >= 2 && bits.OnesCount16(rh) >= 2 && has(my, top[0]) && has(rh, top[1]):
			cat = 42 // the top card, over RHO's second
		case bits.OnesCount16(my) >= 2 && bits.OnesCount16(rh) >= 2 && has(my, top[1]) && has(rh, top[0]) && !has(ours, top[2]):
			cat = 10 // leading away from a tenace
		case lh != 0 && rh != 0 && bits.OnesCount16(ours&(1<<uint(top[0])|1<<uint(top[1])|1<<uint(top[2]))) >= 2:
			cat = 60 // a strong suit: cash the top card, else lead towards partner's
			lowFirst = !has(my, top[0])
		case has(ours, top[0]) && !has(my, top[0]) && pd != 0:
			cat = 50 // partner holds the top card
			lowFirst = true
		case has(my, top[0]):
			cat = 45 // cash a winner
		}
		hi, lo := topRank(my), bottomRank(my)
		for y := my; y != 0; y &= y - 1 {
			r := bits.TrailingZeros16(y)
			score[16*su+r] = -20 - int16(r)
		}
		if lowFirst {
			score[16*su+lo] = cat + 2
			score[16*su+hi] = max(score[16*su+hi], cat)
		} else {
			score[16*su+hi] = cat + 2
			score[16*su+lo] = max(score[16*su+lo], cat)
		}
	}
}

// orderFollow writes the legal cards of the player at depth d, not on
// lead, to mv in the order to try them, and returns how many there are.
// Following suit: low unless the card can win the trick and partner's
// card is not sure to hold it (second hand stays low when fourth hand can
// win, or when third hand will win over both partner and us anyway; third
// hand stays low when LHO's cards that beat partner's beat ours too); a
// winning card is the cheapest one when nobody after can beat it,
// otherwise the cheapest card above LHO's, then the highest. Void: the
// cheapest ruff that LHO cannot overruff (or the highest ruff), then the
// lowest card of each side suit, longest suit first, then the rest from
// the bottom.
func (e *engine) orderFollow(d int, legal uint64, mv []int8) int {
	seat := int(e.plays[d].seat)
	pos := d & 3
	ls := e.tricks[d>>2].lead
	wp := &e.plays[e.plays[d-1].win]
	wc := wp.card
	wr := int(wc & 15)
	partnerWins := int(wp.seat) == (seat+2)&3
	tr := e.trump
	lho := e.hands[(seat+1)&3]
	lhoFollow := suitOf(lho, ls)
	// Is partner's card sure to hold the trick?
	partnerSafe := partnerWins && (pos == 3 ||
		(lhoFollow != 0 && int(wc>>4) == ls && topRank(lhoFollow) < wr) ||
		(lhoFollow != 0 && int(wc>>4) != ls) ||
		(lhoFollow == 0 && (tr == noTrump || suitOf(lho, tr) == 0 || (int(wc>>4) == tr && topRank(suitOf(lho, tr)) < wr))))
	base := int8(16 * ls)
	if my := suitOf(legal, ls); my != 0 {
		if int(wc>>4) != ls || topRank(my) < wr || partnerSafe {
			return ascending(mv, my, base)
		}
		// Third hand over partner's card: low when LHO holds no card
		// between partner's and our top, so that ours wins no more.
		if partnerWins && lhoFollow != 0 && atLeast(lhoFollow, wr+1)&^atLeast(lhoFollow, topRank(my)) == 0 {
			return ascending(mv, my, base)
		}
		if pos == 1 {
			pd := suitOf(e.hands[(seat+2)&3], ls)
			if pd != 0 && topRank(pd) > wr {
				// Second hand: low when partner, fourth, can win the
				// trick, or when third hand's top beats ours and
				// partner's and no card of his lies between the two
				// (a card of ours would not make him play any higher).
				if lhoFollow == 0 || topRank(pd) > topRank(lhoFollow) ||
					(topRank(lhoFollow) > topRank(pd|my) && atLeast(lhoFollow, topRank(pd))&^atLeast(lhoFollow, topRank(my)) == 0) {
					return ascending(mv, my, base)
				}
			}
		}
		over := atLeast(my, wr+1)
		var n int
		if pos == 3 || lhoFollow == 0 || bottomRank(over) > topRank(lhoFollow) {
			n = ascending(mv, over, base)
		} else if sure := atLeast(over, topRank(lhoFollow)+1); sure != 0 {
			// The cheapest card that LHO cannot beat, then the others
			// from the top.
			c := bottomRank(sure)
			mv[0] = base + int8(c)
			n = 1 + descending(mv[1:], over&^(1<<uint(c)), base)
		} else {
			n = descending(mv, over, base)
		}
		return n + ascending(mv[n:], my&^over, base)
	}
	// Void in the suit led: ruff or discard.
	n := 0
	rest := legal
	// Second hand does not ruff first when partner, fourth, follows above
	// both the card led and third hand's cards.
	pdWins := false
	if pos == 1 && lhoFollow != 0 {
		if pd := suitOf(e.hands[(seat+2)&3], ls); pd != 0 && topRank(pd) > max(wr, topRank(lhoFollow)) {
			pdWins = true
		}
	}
	if tr < noTrump && !partnerSafe && !pdWins {
		if myT := suitOf(legal, tr); myT != 0 {
			need := 0
			if int(wc>>4) == tr {
				need = wr + 1
			}
			if o := atLeast(myT, need); o != 0 {
				lt := 0
				if pos < 3 && lhoFollow == 0 {
					lt = topRank(suitOf(lho, tr)) + 1 // LHO may overruff
				}
				c := int8(16*tr + topRank(o))
				if o2 := atLeast(o, lt); o2 != 0 {
					c = int8(16*tr + bottomRank(o2))
				}
				mv[0] = c
				n = 1
				rest &^= 1 << uint(c)
			}
		}
	}
	// The lowest card of each side suit, from the longest suit (on equal
	// lengths, the lower suit first); a suit where we keep length with an
	// opponent and partner does not counts as three cards longer.
	h := &e.hands
	pdH, rhoH := h[(seat+2)&3], h[(seat+3)&3]
	var lows [4]int8
	var keys [4]int
	k := 0
	for su := 0; su < 4; su++ {
		x := suitOf(legal, su)
		if x == 0 || su == tr {
			continue
		}
		c := int8(16*su + bottomRank(x))
		l := bits.OnesCount16(x)
		ol := max(bits.OnesCount16(suitOf(lho, su)), bits.OnesCount16(suitOf(rhoH, su)))
		key := 8 * l
		if ol > 0 && l >= ol && bits.OnesCount16(suitOf(pdH, su)) < ol {
			key += 20
		}
		j := k
		for j > 0 && keys[j-1] < key {
			lows[j] = lows[j-1]
			keys[j] = keys[j-1]
			j--
		}
		lows[j] = c
		keys[j] = key
		k++
	}
	for _, c := range lows[:k] {
		mv[n] = c
		n++
		rest &^= 1 << uint(c)
	}
	// The rest by rank from the bottom, lower suits first on equal ranks.
	ranks := suitOf(rest, 0) | suitOf(rest, 1) | suitOf(rest, 2) | suitOf(rest, 3)
	for ; ranks != 0; ranks &= ranks - 1 {
		r := bits.TrailingZeros16(ranks)
		for su := 0; su < 4; su++ {
			if suitOf(rest, su)>>uint(r)&1 != 0 {
				mv[n] = int8(16*su + r)
				n++
			}
		}
	}
	return n
}

// ascending writes the ranks of x as cards (base+rank) from the lowest up.
func ascending(mv []int8, x uint16, base int8) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		mv[n] = base + int8(bits.TrailingZeros16(x))
		n++
	}
	return n
}

// descending writes the ranks of x as cards (base+rank) from the highest
// down.
func descending(mv []int8, x uint16, base int8) int {
	n := 0
	for ; x != 0; n++ {
		r := topRank(x)
		mv[n] = base + int8(r)
		x &^= 1 << uint(r)
	}
	return n
}

// killerKey describes the situation of the player at depth d for the
// killer table: the hands of the leader and partner on lead; when following
// suit, the suit's cards, the card winning so far and the holdings in it of
// LHO and, in second seat, partner; when void, the hand, the card winning
// and the cards of the suit led.
func (e *engine) killerKey(d int) uint64 {
	p := &e.plays[d]
	seat := uint64(p.seat)
	pos := uint64(d & 3)
	var k uint64
	switch {
	case pos == 0:
		// The leader's hand and partner's: which suit partner can win or
		// ruff decides the lead as much as the leader's own cards.
		k = e.hands[seat] ^ bits.RotateLeft64(e.hands[(seat+2)&3]*0x9e3779b97f4a7c15, 17)
	default:
		t := &e.tricks[d>>2]
		w := &e.plays[e.plays[d-1].win]
		lead := t.all >> (16 * uint(t.lead)) & rankMask
		if f := e.hands[seat] & (rankMask << (16 * uint(t.lead))); f != 0 {
			// The suit's cards, what is winning, who of those after us
			// holds what: LHO's cards, and in second seat partner's.
			k = lead<<(16*uint(t.lead)) ^ uint64(uint8(w.card))<<56 ^
				uint64(suitOf(e.hands[(seat+1)&3], t.lead))*0x9e3779b97f4a7c15
			if pos == 1 {
				k ^= uint64(suitOf(e.hands[(seat+2)&3], t.lead)) * 0xc2b2ae3d27d4eb4f
			}
		} else {
			// Void: the hand, what is winning and the suit's cards.
			k = e.hands[seat] ^ uint64(uint8(w.card))<<56 ^ lead*0x9e3779b97f4a7c15
		}
	}
	k ^= (seat<<2 | pos) << 62 >> 0
	k ^= (seat<<2 | pos) << 48
	h := k * 0xff51afd7ed558ccd
	return h ^ h>>31
}
