package dd

import "math/bits"

// Sure-trick bounds at the start of a trick. Each returns a trick count and
// the cards whose ranks it relied on, so that a bound stored in the
// transposition table holds for every position matching the pattern.

// quickTricks returns tricks the side on lead can take at once by cashing
// winners, from the leader's hand or from partner's after an entry.
func (e *engine) quickTricks(d int) (int, uint64) {
	l := int(e.plays[d].seat)
	q, rw, _ := e.cashable(l)
	p := (l + 2) & 3
	if e.hands[p] == 0 {
		return q, rw
	}
	qp, prw, pcnt := e.cashable(p)
	if qp <= q {
		return q, rw
	}
	// An entry: a suit in which the leader has a card and partner's first
	// round of cashing wins (that round is the entry trick itself).
	hl := e.hands[l]
	for su := 0; su < 4; su++ {
		if pcnt[su] > 0 && suitOf(hl, su) != 0 {
			return qp, prw
		}
	}
	return q, rw
}

// cashable counts the winners seat l can cash while keeping the lead, suit
// by suit, with partner following low and no opponent able to ruff.
func (e *engine) cashable(l int) (int, uint64, [4]int) {
	h := &e.hands
	hl, hp, h1, h2 := h[l], h[(l+2)&3], h[(l+1)&3], h[(l+3)&3]
	all := hl | hp | h1 | h2
	tr := e.trump
	var trumpMask uint64
	if tr < noTrump {
		trumpMask = rankMask << (16 * uint(tr))
	}
	o1Tr, o2Tr := h1&trumpMask != 0, h2&trumpMask != 0
	pOnlyTrumps := tr < noTrump && hp&^trumpMask == 0
	var cnt, fail, cmp [4]int
	voidRounds := 0
	for su := 0; su < 4; su++ {
		L := suitOf(hl, su)
		if L == 0 {
			continue
		}
		P := suitOf(hp, su)
		O1, O2 := suitOf(h1, su), suitOf(h2, su)
		n1, n2 := bits.OnesCount16(O1), bits.OnesCount16(O2)
		oppMax := max(n1, n2)
		oppTop := 0
		if O1|O2 != 0 {
			oppTop = topRank(O1 | O2)
		}
		limit := 13
		if tr < noTrump && su != tr {
			if o1Tr {
				limit = min(limit, n1)
			}
			if o2Tr {
				limit = min(limit, n2)
			}
			if P == 0 && pOnlyTrumps {
				limit = 0 // partner would have to ruff and take the lead
			}
		}
		nP := bits.OnesCount16(P)
		pc := P
		for i := 0; i < limit && L != 0; i++ {
			c := topRank(L)
			if i < oppMax && c < oppTop {
				fail[su] = oppTop // keeps L's card below the opponents' top
				break
			}
			if pc != 0 {
				q := bottomRank(pc)
				if q > c {
					fail[su] = q // keeps partner's card above L's
					break
				}
				pc &^= 1 << uint(q)
			}
			if i < oppMax || i < nP {
				cmp[su] = c
			}
			L &^= 1 << uint(c)
			cnt[su]++
		}
		if cnt[su] > nP {
			voidRounds += cnt[su] - nP
		}
	}
	// Partner discards on the rounds where it has no card of the suit; it
	// must have that many cards in suits that are not being cashed (and are
	// not trumps).
	free := 0
	for su := 0; su < 4; su++ {
		if cnt[su] == 0 && su != tr {
			free += bits.OnesCount16(suitOf(hp, su))
		}
	}
	total := 0
	var rw uint64
	for su := 0; su < 4; su++ {
		if voidRounds > free {
			// Not enough spare cards: cash only while partner follows.
			cnt[su] = min(cnt[su], bits.OnesCount16(suitOf(hp, su)))
		}
		if cnt[su] == 0 {
			continue
		}
		total += cnt[su]
		if cmp[su] > 0 {
			rw |= uint64(atLeast(suitOf(all, su), cmp[su])) << (16 * uint(su))
		}
	}
	if tr < noTrump {
		// The side's top trumps take tricks sooner or later whoever leads;
		// count them last, after the cashing above, which spends no trumps.
		L, P := suitOf(hl, tr), suitOf(hp, tr)
		lim := max(bits.OnesCount16(L), bits.OnesCount16(P))
		n := 0
		var pin uint16
		for x := suitOf(all, tr); x != 0 && n < lim; {
			c := topRank(x)
			if (L|P)>>uint(c)&1 == 0 {
				break
			}
			n++
			pin |= 1 << uint(c)
			x &^= 1 << uint(c)
		}
		// Only when no trump was cashed above: partner's lowest trump,
		// played under the leader's, may itself be one of the top trumps.
		if cnt[tr] == 0 && n > 0 {
			total += n
			rw |= uint64(pin) << (16 * uint(tr))
		}
	}
	if voidRounds > 0 {
		// The discard count depends on where each suit stopped.
		for su := 0; su < 4; su++ {
			if fail[su] > 0 {
				rw |= uint64(atLeast(suitOf(all, su), fail[su])) << (16 * uint(su))
			}
		}
	}
	return total, rw, cnt
}

// laterTricks returns tricks the side not on lead is sure to take at some
// point: its top trumps, or in no trump the first trick when it holds the
// top card of every suit the leader can lead.
func (e *engine) laterTricks(d int) (int, uint64) {
	l := int(e.plays[d].seat)
	h := &e.hands
	h1, h2 := h[(l+1)&3], h[(l+3)&3]
	all := h[0] | h[1] | h[2] | h[3]
	if tr := e.trump; tr < noTrump {
		T := suitOf(all, tr)
		O1, O2 := suitOf(h1, tr), suitOf(h2, tr)
		lim := max(bits.OnesCount16(O1), bits.OnesCount16(O2))
		n := 0
		var pin uint16
		for x := T; x != 0 && n < lim; {
			c := topRank(x)
			if (O1|O2)>>uint(c)&1 == 0 {
				break
			}
			n++
			pin |= 1 << uint(c)
			x &^= 1 << uint(c)
		}
		return n, uint64(pin) << (16 * uint(tr))
	}
	hl := h[l]
	var tops uint64
	for su := 0; su < 4; su++ {
		if suitOf(hl, su) == 0 {
			continue
		}
		c := uint64(1) << (16*uint(su) + uint(topRank(suitOf(all, su))))
		if (h1|h2)&c == 0 {
			return 0, 0
		}
		tops |= c
	}
	if tops&^h1 == 0 || tops&^h2 == 0 {
		return bits.OnesCount64(tops), tops
	}
	return 1, tops
}
