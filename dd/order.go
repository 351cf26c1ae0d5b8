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
	var score [64]int16
	seat := int(p.seat)
	if d&3 == 0 {
		e.scoreLead(seat, legal, &score)
	} else {
		e.scoreFollow(d, seat, legal, &score)
	}
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
		case tr < noTrump && ((suitOf(lho, tr) != 0 && lh == 0) || (suitOf(rho, tr) != 0 && rh == 0)):
			cat = 5 // an opponent ruffs
		case bits.OnesCount16(pd) >= 2 && bits.OnesCount16(lh) >= 1 &&
			((has(pd, top[1]) && has(lh, top[0])) ||
				(has(pd, top[0]) && has(lh, top[1]) && (has(pd, top[2]) || (has(ours, top[2]) && has(ours, top[3]))))):
			cat = 70 // lead towards partner's tenace
			lowFirst = true
		case bits.OnesCount16(my) >= 2 && bits.OnesCount16(rh) >= 2 &&
			((has(my, top[0]) && has(rh, top[1])) || (has(my, top[1]) && has(rh, top[0]) && !has(ours, top[2]))):
			cat = 10 // leading away from a tenace
		case lh != 0 && rh != 0 && bits.OnesCount16(ours&(1<<uint(top[0])|1<<uint(top[1])|1<<uint(top[2]))) >= 2:
			cat = 60 // a strong suit
		case tr < noTrump && pd == 0 && lh != 0 && rh != 0 && suitOf(hp, tr) != 0:
			cat = 65 // partner ruffs
			lowFirst = true
		case has(ours, top[0]) && !has(my, top[0]) && pd != 0:
			cat = 50 // partner holds the top card
			lowFirst = true
		case has(my, top[0]):
			cat = 45 // cash a winner
		}
		hi, lo := topRank(my), bottomRank(my)
		for y := my; y != 0; y &= y - 1 {
			r := bits.TrailingZeros16(y)
			score[16*su+r] = int16(r) - 20
		}
		if lowFirst {
			score[16*su+lo] = cat + 2
			score[16*su+hi] = max(score[16*su+hi], cat-15)
		} else {
			score[16*su+hi] = cat + 2
			score[16*su+lo] = max(score[16*su+lo], cat)
		}
	}
}

func (e *engine) scoreFollow(d, seat int, legal uint64, score *[64]int16) {
	pos := d & 3
	t := &e.tricks[d>>2]
	ls := t.lead
	wp := &e.plays[e.plays[d-1].win]
	wc := wp.card
	partnerWins := int(wp.seat) == (seat+2)&3
	tr := e.trump
	lho := e.hands[(seat+1)&3]
	lhoFollow := suitOf(lho, ls)
	// Is partner's card sure to hold the trick?
	partnerSafe := partnerWins && (pos == 3 ||
		(lhoFollow != 0 && int(wc>>4) == ls && topRank(lhoFollow) < int(wc&15)) ||
		(lhoFollow != 0 && int(wc>>4) != ls) ||
		(lhoFollow == 0 && (tr == noTrump || suitOf(lho, tr) == 0 || (int(wc>>4) == tr && topRank(suitOf(lho, tr)) < int(wc&15)))))
	my := suitOf(legal, ls)
	if my != 0 {
		for y := my; y != 0; y &= y - 1 {
			r := bits.TrailingZeros16(y)
			score[16*ls+r] = int16(20 - r) // low first by default
		}
		if int(wc>>4) != ls || topRank(my) < int(wc&15) || partnerSafe {
			return
		}
		over := atLeast(my, int(wc&15)+1)
		if pos == 1 {
			// Second hand: low when partner, fourth, can win the trick.
			pd := suitOf(e.hands[(seat+2)&3], ls)
			if pd != 0 && topRank(pd) > int(wc&15) && (lhoFollow == 0 || topRank(pd) > topRank(lhoFollow)) {
				return
			}
		}
		// Win the trick: cheaply when nobody after can beat the card,
		// otherwise with the highest card first.
		cheap := pos == 3 || lhoFollow == 0 || bottomRank(over) > topRank(lhoFollow)
		i := int16(0)
		for y := over; y != 0; y &= y - 1 {
			r := bits.TrailingZeros16(y)
			if cheap {
				score[16*ls+r] = 100 - i
			} else {
				score[16*ls+r] = 50 + int16(r)
			}
			i++
		}
		return
	}
	// Void in the suit led: ruff or discard.
	if tr < noTrump {
		if myT := suitOf(legal, tr); myT != 0 && !partnerSafe {
			need := 0
			if int(wc>>4) == tr {
				need = int(wc&15) + 1
			}
			if o := atLeast(myT, need); o != 0 {
				lt := 0
				if pos < 3 && lhoFollow == 0 {
					lt = topRank(suitOf(lho, tr)) + 1 // LHO may overruff
				}
				if o2 := atLeast(o, lt); o2 != 0 {
					score[16*tr+bottomRank(o2)] = 100
				} else {
					score[16*tr+topRank(o)] = 80
				}
			}
		}
	}
	for su := 0; su < 4; su++ {
		s := suitOf(legal, su)
		if s == 0 {
			continue
		}
		for y := s; y != 0; y &= y - 1 {
			r := bits.TrailingZeros16(y)
			if score[16*su+r] == 0 {
				score[16*su+r] = int16(-r)
			}
		}
		if su != tr {
			// discard from long suits first, lowest card
			if score[16*su+bottomRank(s)] <= 0 {
				score[16*su+bottomRank(s)] = int16(30 + 2*bits.OnesCount16(s))
			}
		}
	}
}

// killerKey describes the situation of the player at depth d for the
// killer table: the hand on lead; when following suit, the suit's cards and
// the card winning so far; when void, the hand and what is winning.
func (e *engine) killerKey(d int) uint64 {
	p := &e.plays[d]
	seat := uint64(p.seat)
	pos := uint64(d & 3)
	var k uint64
	switch {
	case pos == 0:
		k = e.hands[seat]
	default:
		t := &e.tricks[d>>2]
		w := &e.plays[e.plays[d-1].win]
		if f := e.hands[seat] & (rankMask << (16 * uint(t.lead))); f != 0 {
			k = t.all&(rankMask<<(16*uint(t.lead))) ^ uint64(uint8(w.card))<<56
		} else if e.trump == noTrump {
			k = e.hands[seat] ^ uint64(w.seat)<<56
		} else {
			k = e.hands[seat] ^ uint64(uint8(w.card))<<56
		}
	}
	k ^= (seat<<2 | pos) << 62 >> 0
	k ^= (seat<<2 | pos) << 48
	h := k * 0xff51afd7ed558ccd
	return h ^ h>>31
}
