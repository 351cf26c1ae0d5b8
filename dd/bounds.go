package dd

import "math/bits"

// Sure-trick bounds at the start of a trick. Each returns a trick count and
// the cards whose ranks it relied on, so that a bound stored in the
// transposition table holds for every position matching the pattern.

// quickTricks returns tricks the side on lead surely takes: by cashing
// winners from both hands and its top trumps, or ruffing after the
// leader's runs (comboTricks), or by the trumps it holds beyond the
// opponents' (trumpCount) when they are more, or failing any, one slow
// trump trick. Its pins are worked out only for a count of need tricks or
// more (see comboWant): a caller that has no use for a smaller count
// passes need, others 0.
func (e *engine) quickTricks(d, need int) (int, uint64) {
	l := int(e.plays[d].seat)
	q, rw := e.comboTricks(l, need)
	if e.trump < noTrump {
		if m, mrw := e.trumpCount(l, q); m > q {
			return m, mrw
		}
		if q == 0 {
			return e.slowTrump(l, 0)
		}
	}
	return q, rw
}

// trumpCount returns, in a trump contract, the tricks the side of seat s
// surely makes with its trumps however the play goes (trumpExcess, or
// trumpMatch by the ranks) when that is more than floor, and the trumps it
// relied on; else zero.
func (e *engine) trumpCount(s, floor int) (int, uint64) {
	h := &e.hands
	sh := 16 * uint(e.trump) & 63
	x, y := uint16(h[s&3]>>sh), uint16(h[(s+2)&3]>>sh)
	at := uint16((h[0] | h[1] | h[2] | h[3]) >> sh)
	if ex := trumpExcess(at, x, y); ex > floor {
		floor = ex
		if m, pin := trumpMatch(at, x, y, floor, 13); m > floor {
			return m, uint64(pin) << sh
		}
		return ex, 0
	}
	if m, pin := trumpMatch(at, x, y, floor, 13); m > floor {
		return m, uint64(pin) << sh
	}
	return 0, 0
}

// quickTricksNeed is quickTricks for a caller that only uses the result
// when it reaches need tricks: it returns what quickTricks returns whenever
// that is need or more, and otherwise some count below need (with no
// meaning for the pins). A cheap upper bound on comboTricks (comboBound)
// settles most calls without planning: the plan cannot reach need tricks,
// trumpCount is worked out only when its bound (trumpCountBound) reaches
// need, and slowTrump adds at most one trick, and only when the plan takes
// none.
func (e *engine) quickTricksNeed(d, need int) (int, uint64) {
	l := int(e.plays[d].seat)
	if ub := e.comboBound(l); ub < need {
		if tr := e.trump; tr < noTrump {
			// comboTricks is below need: quickTricks reaches need only
			// by trumpCount.
			sh := 16 * uint(tr) & 63
			h := &e.hands
			x, y := uint16(h[l&3]>>sh), uint16(h[(l+2)&3]>>sh)
			if trumpCountBound(x, y, uint16((h[(l+1)&3]|h[(l+3)&3])>>sh)) >= need {
				if m, mrw := e.trumpCount(l, 0); m >= need {
					return m, mrw
				}
			}
		}
		if ub == 0 && e.trump < noTrump {
			// comboTricks takes no trick: quickTricks is slowTrump.
			return e.slowTrump(l, 0)
		}
		return 0, 0
	}
	return e.quickTricks(d, need)
}

// comboBound returns an upper bound on comboTricks(l) from the lengths and
// the side's top cards of each suit (those above every opponent's card):
// comboTricks takes no more tricks in a suit than
//
//   - the longer of the side's two hands holds cards in it (each round
//     of a run, however it crosses between the hands, takes one card from
//     the hand that leads it and the hand cashing on holds the rest),
//   - the rounds it may be run before an opponent with trumps ruffs
//     (none when such an opponent is void: suitRun's and crossRun's r),
//   - the side's top cards in it when they are fewer than the longer
//     opponent's length (each round before the opponents run out is won
//     by a different top card of the side),
//
// and no more in all than the leader holds cards.
func (e *engine) comboBound(l int) int {
	h := &e.hands
	hl, hp := h[l&3], h[(l+2)&3]
	h1, h2 := h[(l+1)&3], h[(l+3)&3]
	// Each suit's figures in its own 16-bit lane (see laneCounts).
	cL, cP := laneCounts(hl), laneCounts(hp)
	c1, c2 := laneCounts(h1), laneCounts(h2)
	t := (hl | hp) &^ laneSmear(h1|h2) // the side's top cards
	u := laneMax(cL, cP)
	// Fewer top cards than the longer opponent's length: those at most.
	u = laneSelect(laneGE(laneCounts(t), laneMax(c1, c2)), u, laneCounts(t))
	if tr := e.trump; tr < noTrump {
		// An opponent with trumps ruffs once out of a suit.
		lim := uint64(laneLow)
		if suitOf(h1, tr) != 0 {
			lim = laneMin(lim, c1)
		}
		if suitOf(h2, tr) != 0 {
			lim = laneMin(lim, c2)
		}
		lim |= 0xff << (16 * uint(tr&3)) // trumps are not ruffed
		u = laneMin(u, lim)
		// The leader's runs may end with partner's ruff (ruffAfter): in
		// a suit other than trumps the leader holds and partner, holding
		// trumps, does not.
		trl := uint64(0xffff) << (16 * uint(tr&3))
		if hp&trl != 0 && hl&^laneGE(cP, laneOne)&^trl != 0 {
			return min(laneSum(u)+1, laneSum(cL))
		}
	}
	return min(laneSum(u), laneSum(cL))
}

// quickPins returns quickTricks (q tricks, pins rw) cut down to need
// tricks when a plan for need tricks pins fewer cards (see comboWant), else
// unchanged.
func (e *engine) quickPins(d, need, q int, rw uint64) (int, uint64) {
	if need >= q {
		return q, rw
	}
	l := int(e.plays[d].seat)
	if n, crw := e.comboWant(l, need, need); n >= need && bits.OnesCount64(crw) < bits.OnesCount64(rw) {
		return need, crw
	}
	return q, rw
}

// behind lists, for the side on lead (0) and the other side (1), pairs of
// seats counted from the leader: the holder of the opponents' top trumps
// and the seat of the side that plays after it in every trick until the
// side wins one. LHO plays before partner (a trick is led by the leader,
// LHO or RHO until the leader's side wins one) and RHO before the leader
// once the leader's first lead is out; for the other side, the leader
// plays before LHO and partner before RHO.
var behind = [2][2][2]int{{{1, 2}, {3, 0}}, {{0, 1}, {2, 3}}}

// slowTrump returns one trick for a side (0: the leader's, 1: the other)
// whose opponents hold the top trump, when it surely makes a trump trick
// sooner or later:
//
//   - the second and third trumps in one hand: only the top trump beats
//     either, and it falls on one of their two tricks at most;
//   - the second trump and a smaller one in the hand behind the top trump,
//     or the third trump and two smaller ones behind both top trumps: the
//     hand plays its honour when it has to play a trump and no higher one
//     is in the trick yet (the honour wins: the hands still to play have
//     none higher), and a small trump when a higher one is already in the
//     trick, so the honour is never captured. The leader, whose first card
//     comes before its right-hand opponent, leads a card other than the
//     honour and the small trumps it needs, so it must hold one more card.
//
// The rank winners are the two or three top trumps; the rules depend only
// on their owners and the lengths.
func (e *engine) slowTrump(l, side int) (int, uint64) {
	tr := e.trump
	h := &e.hands
	sh := 16 * uint(tr) & 63
	// Trumps by seat from the leader on.
	x := [4]uint16{uint16(h[l&3] >> sh), uint16(h[(l+1)&3] >> sh), uint16(h[(l+2)&3] >> sh), uint16(h[(l+3)&3] >> sh)}
	all := x[0] | x[1] | x[2] | x[3]
	if all == 0 {
		return 0, 0
	}
	// The opponents must hold the top trump a (checked first: it is the
	// common way out).
	a := uint(topRank(all)) & 15
	if (x[(1-side)&3]|x[(3-side)&3])>>a&1 == 0 {
		return 0, 0
	}
	rest := all &^ (1 << a)
	if rest&(rest-1) == 0 {
		return 0, 0 // fewer than three trumps
	}
	k := uint(topRank(rest)) & 15
	q := uint(topRank(rest&^(1<<k))) & 15
	ab := uint16(1)<<a | 1<<k
	abq := ab | 1<<q
	kq := abq &^ (1 << a)
	if x[side&3]&kq == kq || x[(side+2)&3]&kq == kq {
		return 1, uint64(abq) << sh
	}
	for _, pr := range &behind[side&1] {
		hh, f := x[pr[0]&3], x[pr[1]&3]
		if hh>>a&1 == 0 {
			continue
		}
		nf := length(f)
		if pr[1] == 0 && bits.OnesCount64(h[l&3]) == nf {
			nf-- // the leader's first lead spends a trump
		}
		if f>>k&1 != 0 && nf >= 2 {
			return 1, uint64(ab) << sh
		}
		if hh>>k&1 != 0 && f>>q&1 != 0 && nf >= 3 {
			return 1, uint64(abq) << sh
		}
	}
	return 0, 0
}

// laterTricks returns tricks the side not on lead is sure to take at some
// point: in a trump contract, its top trumps (with one trick more when the
// leader's side has no trump, see ruffDefence), or one slow trump trick
// (slowTrump) when it has no top trump, or the trumps it holds beyond the
// leader's side's (trumpExcess, trumpMatch) when they are more — one trick
// more when it surely wins the first trick keeping them (firstTrick) —
// or in no trump — or when no trump is left — the tricks of defTops when
// it holds the top card of every suit the leader can lead.
func (e *engine) laterTricks(d int) (int, uint64) {
	return e.laterWant(d, 13)
}

// laterWant is laterTricks for a side that needs only want tricks: the
// count is cut down to want tricks and the pins to those want tricks need.
func (e *engine) laterWant(d, want int) (int, uint64) {
	l := int(e.plays[d].seat)
	h := &e.hands
	h1, h2 := h[(l+1)&3], h[(l+3)&3]
	all := h[0] | h[1] | h[2] | h[3]
	if tr := e.trump; tr < noTrump && suitOf(all, tr) != 0 {
		at, x1, x2 := suitOf(all, tr), suitOf(h1, tr), suitOf(h2, tr)
		if at&^(x1|x2) == 0 {
			return e.ruffDefence(l, want)
		}
		// A defender with more trumps than the leader's side holds takes
		// as many tricks as it has trumps beyond them, whatever the ranks
		// (trumpExcess).
		ex := trumpExcess(at, x1, x2)
		if ex >= want {
			return want, 0
		}
		n, rw := e.laterTrumps(l, want, at, x1, x2)
		if n >= want {
			return n, rw
		}
		byLen := false // the count is the trumps' (trumpExcess, trumpMatch)
		if ex >= n && ex > 0 {
			n, rw, byLen = ex, 0, true
		}
		if m, mpin := trumpMatch(at, x1, x2, n, want); m > n {
			n, rw, byLen = m, uint64(mpin)<<(16*uint(tr)&63), true
		}
		// One trick more when the defenders win the first trick and
		// keep every trump (firstTrick with no trump to spare).
		if byLen && n < want && n < bits.OnesCount64(h[l]) {
			if ok, frw := e.firstTrick(l, 13); ok {
				return n + 1, rw | frw
			}
		}
		return n, rw
	}
	return defTops(all, h[l], h1, h2, want)
}

// trumpExcess returns the trumps the longer trump hand of a side (trumps x
// and y, of all the trumps at) holds beyond the other side's trumps, or
// zero. Each of that hand's trumps falls on a trick of its own, and a
// trick to which the other side plays no trump is won by a trump of the
// side: the other side's trumps, one a trick, stop that many of them at
// most. The lengths alone settle this: it pins no card.
func trumpExcess(at, x, y uint16) int {
	return max(0, max(length(x), length(y))-length(at&^(x|y)))
}

// trumpMatch refines trumpExcess by the ranks: a trump of the other side
// stops a defender's trump only when it is higher. Going down the trumps,
// each of the defender's trumps is matched to a higher trump of the other
// side not matched yet (greedily: the best matching, as the trumps that
// beat one trump beat every lower one); the unmatched ones each win a
// trick, as trumpExcess argues. It returns the larger count of the two
// defenders (trumps x and y of all the trumps at), up to want, and the
// trumps it relied on: every trump down to the defender's last unmatched
// one (the defender's lower trumps and every lower trump play no part).
// Only a count above floor is of use: a defender with no more trumps than
// that is skipped, and zero returned when neither has more.
func trumpMatch(at, x, y uint16, floor, want int) (int, uint16) {
	side := at &^ (x | y)
	best, pin := 0, uint16(0)
	for _, d := range [2]uint16{x, y} {
		if length(d) <= floor {
			continue
		}
		avail, u, low := 0, 0, 0
		// Only the side's trumps and the defender's matter, down to the
		// defender's lowest.
		for m := side | d; d != 0 && u < want; {
			r := uint(topRank(m)) & 15
			m &^= 1 << r
			switch {
			case side>>r&1 != 0:
				avail++
			case avail > 0:
				avail--
				d &^= 1 << r
			default:
				u, low = u+1, int(r)
				d &^= 1 << r
			}
		}
		if p := atLeast(at, low); u > best || u == best && length(p) < length(pin) {
			best, pin = u, p
		}
	}
	return best, pin
}

// laterTrumps is laterWant's count of the top trumps, in a trump contract
// where both sides hold trumps (at: all the trumps, x1 and x2: the
// defenders'): the defenders' top trumps, with one more when they win the
// first trick keeping them (firstTrick), or without a top trump, one slow
// trump trick or the first trick.
func (e *engine) laterTrumps(l, want int, at, x1, x2 uint16) (int, uint64) {
	sh := 16 * uint(e.trump) & 63
	n, pin := topTrumps(at, x1, x2)
	if n == 0 {
		if s, srw := e.slowTrump(l, 1); s > 0 {
			return s, srw
		}
		if ok, frw := e.firstTrick(l, 0); ok {
			return 1, frw
		}
		return 0, 0
	}
	if n < want && n < bits.OnesCount64(e.hands[l&3]) {
		if ok, frw := e.firstTrick(l, n); ok {
			return n + 1, uint64(pin)<<sh | frw
		}
	}
	n = min(n, want)
	return n, uint64(topN(pin, n)) << sh
}

// ruffDefence counts, in a trump contract where the side on lead (leader l)
// has no trump left and the other side has some, the tricks the other side
// surely takes: each trump of its longer trump hand (k of them) wins a
// trick of its own, as nothing beats it. One trick more when the side also
// wins the first trick without that hand spending a trump: whatever suit
// the leader leads, a defender holds its top card, or a defender void in
// it ruffs while the other defender holds k trumps. The other defender then
// follows suit or discards a card other than a trump — or holds only
// trumps, and then k is the hand size, the cap of the count. The lengths
// settle all this but the top cards that win the first trick: those are
// the rank winners.
func (e *engine) ruffDefence(l, want int) (int, uint64) {
	tr := e.trump
	h := &e.hands
	hl, h1, h2 := h[l&3], h[(l+1)&3], h[(l+3)&3]
	n1, n2 := length(suitOf(h1, tr)), length(suitOf(h2, tr))
	k := max(n1, n2)
	size := bits.OnesCount64(hl)
	if k >= want || k >= size {
		return min(k, want), 0
	}
	all := h[0] | h[1] | h[2] | h[3]
	var rw uint64
	for su := 0; su < 4; su++ {
		if suitOf(hl, su) == 0 {
			continue
		}
		v1, v2 := suitOf(h1, su) == 0, suitOf(h2, su) == 0
		if (v1 && n1 > 0 && n2 == k) || (v2 && n2 > 0 && n1 == k) {
			continue // a ruff wins the trick
		}
		c := uint64(1) << (16*uint(su) + uint(topRank(suitOf(all, su))))
		if (h1|h2)&c == 0 {
			return k, 0
		}
		rw |= c
	}
	return k + 1, rw
}

// firstTrick reports whether, in a trump contract where the leader (l)
// holds no trump and partner holds some, the other side surely wins the
// first trick without spending any of its n top trumps (topTrumps), which
// then still take n tricks later: one trick more. With n = 13 no trump of
// the side is spent, for the counts of trumpExcess and trumpMatch. For
// every suit the leader can lead (none is trumps), partner must follow
// suit (partner's ruff, and an overruff, are left out), and either
//
//   - a defender holds the top card of the suit and plays it (second or
//     fourth hand: no card of the leader's side beats it), or
//   - a defender void in the suit ruffs it with a trump beyond the n top
//     ones (it holds more than n trumps, and its lowest is not one of
//     them; it keeps n or more): no other hand plays a trump but its
//     partner.
//
// The other defender follows suit or discards a card other than a trump,
// or, holding only trumps, plays its lowest, which is not one of the top n
// when it holds more than n. The lengths settle all this but the top cards
// that win the first trick: those are the rank winners. (The top n trumps
// are pinned by the caller.)
func (e *engine) firstTrick(l, n int) (bool, uint64) {
	tr := e.trump
	h := &e.hands
	hl, h1, hp, h2 := h[l&3], h[(l+1)&3], h[(l+2)&3], h[(l+3)&3]
	trl := uint64(rankMask) << (16 * uint(tr&3))
	if hl&trl != 0 {
		return false, 0
	}
	n1, n2 := length(suitOf(h1, tr)), length(suitOf(h2, tr))
	// spare1, spare2: each defender can play to a trick it does not win
	// without spending a top trump; ruff1, ruff2: it holds a trump to
	// spare for a ruff.
	ruff1, ruff2 := n1 > n, n2 > n
	spare1, spare2 := ruff1 || h1&^trl != 0, ruff2 || h2&^trl != 0
	all := hl | h1 | hp | h2
	var rw uint64
	for su := 0; su < 4; su++ {
		if suitOf(hl, su) == 0 {
			continue
		}
		if suitOf(hp, su) == 0 {
			return false, 0 // partner may ruff (or holds no trump: rare)
		}
		c := uint64(1) << (16*uint(su) + uint(topRank(suitOf(all, su))))
		switch {
		case h1&c != 0 && spare2, h2&c != 0 && spare1:
			rw |= c
		case ruff1 && suitOf(h1, su) == 0 && spare2:
		case ruff2 && suitOf(h2, su) == 0 && spare1:
		default:
			return false, 0
		}
	}
	return true, rw
}

// laterTricksNeed is laterTricks for a caller that only uses the result
// when it reaches need tricks: it returns what laterTricks returns whenever
// that is need or more, and otherwise some count below need. In a trump
// contract with trumps left, laterTricks counts no more than a defender's
// trumps less the leader's side's above them (trumpCountBound, which bounds
// topTrumps, trumpExcess and trumpMatch, and is one or more when slowTrump
// counts a trick), and one trick more only when the leader holds no trump
// (the first trick of firstTrick and ruffDefence): below need, it is not
// worked out.
func (e *engine) laterTricksNeed(d, need int) (int, uint64) {
	tr := e.trump
	if tr >= noTrump {
		return e.laterTricks(d)
	}
	l := int(e.plays[d].seat)
	h := &e.hands
	sh := 16 * uint(tr) & 63
	if (h[0]|h[1]|h[2]|h[3])>>sh&0xffff != 0 {
		side := uint16((h[l&3] | h[(l+2)&3]) >> sh)
		ub := trumpCountBound(uint16(h[(l+1)&3]>>sh), uint16(h[(l+3)&3]>>sh), side)
		if h[l&3]>>sh&0xffff == 0 {
			ub++
		}
		if ub < need {
			return 0, 0
		}
	}
	return e.laterTricks(d)
}

// laterPins returns laterTricks (n tricks, pins rw) cut down to need
// tricks when that pins fewer cards (laterWant).
func (e *engine) laterPins(d, need, n int, rw uint64) (int, uint64) {
	if need >= n {
		return n, rw
	}
	if c, crw := e.laterWant(d, need); c >= need && bits.OnesCount64(crw) < bits.OnesCount64(rw) {
		return need, crw
	}
	return n, rw
}

// defTops counts, in no trump, the tricks the side not on lead (hands h1
// and h2) surely takes when it holds the top card of every suit the leader
// (hand hl) holds. Whatever the leader leads, the defender with the top
// card of that suit wins the trick with it and, on lead, cashes every card
// of its own at the top of a suit (those above every card of the other
// three hands, one suit after another: no hand can beat them). The count
// is the smaller of the two defenders' top cards when each holds the top
// of some suit the leader can lead, else the one defender's.
//
// The rank winners are the top card of each suit the leader holds (which
// defender wins the first trick) and, for each defender that can win it,
// as many of its top cards as the count needs, taken first from the suits
// already pinned.
func defTops(all, hl, h1, h2 uint64, want int) (int, uint64) {
	var mand [2]uint64 // top cards of the leader's suits, by defender
	var wins [2]bool
	for su := 0; su < 4; su++ {
		if suitOf(hl, su) == 0 {
			continue
		}
		c := uint64(1) << (16*uint(su) + uint(topRank(suitOf(all, su))))
		switch {
		case h1&c != 0:
			wins[0] = true
			mand[0] |= c
		case h2&c != 0:
			wins[1] = true
			mand[1] |= c
		default:
			return 0, 0
		}
	}
	if !wins[0] && !wins[1] {
		return 0, 0 // the leader has no cards
	}
	// run[i][su]: the cards of defender i at the top of suit su.
	var run [2][4]uint16
	var sum [2]int
	n := 99
	for i, x := range [2]uint64{h1, h2} {
		if !wins[i] {
			continue
		}
		for su := 0; su < 4; su++ {
			a, xs := suitOf(all, su), suitOf(x, su)
			for a != 0 {
				t := uint16(1) << uint(topRank(a))
				if xs&t == 0 {
					break
				}
				run[i][su] |= t
				a &^= t
			}
			sum[i] += length(run[i][su])
		}
		n = min(n, sum[i])
	}
	n = min(n, want)
	var rw uint64
	for i := 0; i < 2; i++ {
		if !wins[i] {
			continue
		}
		rw |= mand[i]
		k := bits.OnesCount64(mand[i])
		// Deeper in the suits already pinned first, then the others.
		for pass := 0; pass < 2 && k < n; pass++ {
			for su := 0; su < 4 && k < n; su++ {
				have := suitOf(mand[i], su)
				if (pass == 0) != (have != 0) {
					continue
				}
				r := run[i][su]
				for r&^have != 0 && k < n {
					t := uint16(1) << uint(topRank(r&^have))
					have |= t
					rw |= uint64(t) << (16 * uint(su))
					k++
				}
			}
		}
	}
	return n, rw
}

// suitRun plays rounds of one suit in which hand x leads its highest card
// and its partner y follows with its lowest, for as long as x surely wins
// and keeps the lead. t holds the side's top cards of the suit (those above
// every opponent's card); any other card of the side is treated as a small
// card whose rank is unknown against the opponents' and the other hand's
// small cards, so the result holds for every position with the same owners
// of t and the same lengths. j rounds of the suit have been played, the
// opponents have no cards left after round m, and the suit may be played
// for r rounds before an opponent can ruff. It returns the rounds won, what
// remains of x and y, and the rounds on which y had to discard.
func suitRun(x, y, t uint16, j, m, r int) (k int, x2, y2 uint16, disc int) {
	for ; j < r && x != 0; j++ {
		c := topRank(x)
		top := t>>uint(c)&1 != 0
		if !top && j < m {
			break // a small card does not beat the opponents' cards
		}
		if y != 0 {
			if !top {
				break // two small cards: either hand may win
			}
			q := bottomRank(y)
			if q > c {
				break // y would overtake (q is then a top card too)
			}
			y &^= 1 << uint(q)
		} else {
			disc++
		}
		x &^= 1 << uint(c)
		k++
	}
	return k, x, y, disc
}

// crossRun returns the tricks the leader's side takes in one suit when the
// leader (cards x) cashes some rounds, then leads its lowest card to a top
// card of partner (cards y), who cashes on: the rounds won in all, the
// rounds on which the leader discards in partner's run, and the rounds won
// when partner stops before the leader would have to discard. It returns
// zeros when partner cannot be reached in the suit.
func crossRun(x, y, t uint16, m, r int) (best, bestDisc, best0 int) {
	pre := 0
	for j := 0; j < r && x != 0 && y != 0; j++ {
		c := bottomRank(x)
		w := y & t
		if t>>uint(c)&1 != 0 {
			w = atLeast(w, c+1)
		}
		if w != 0 {
			q := bottomRank(w)
			x1 := x &^ (1 << uint(c))
			k, _, _, d := suitRun(y&^(1<<uint(q)), x1, t, j+1, m, r)
			if n := pre + 1 + k; n > best {
				best, bestDisc = n, d
			}
			if n := pre + 1 + min(k, length(x1)); n > best0 {
				best0 = n
			}
		}
		// One more round cashed from the leader's hand first.
		c = topRank(x)
		if t>>uint(c)&1 == 0 {
			break
		}
		q := bottomRank(y)
		if q > c {
			break
		}
		x &^= 1 << uint(c)
		y &^= 1 << uint(q)
		pre++
	}
	return best, bestDisc, best0
}

// crossReaches reports whether the leader (cards x) can take exactly need
// tricks in a suit by cashing, leading to partner (cards y) within them and
// letting partner cash on, as crossRun plays it. Partner's run may stop
// early, so any play that crosses by trick need and would take at least
// need tricks will do; the leader then discards on need minus its length
// of the rounds, as in the play crossRun counted.
func crossReaches(x, y, t uint16, m, r, need int) bool {
	pre := 0
	for j := 0; j < r && x != 0 && y != 0 && pre < need; j++ {
		c := bottomRank(x)
		w := y & t
		if t>>uint(c)&1 != 0 {
			w = atLeast(w, c+1)
		}
		if w != 0 {
			q := bottomRank(w)
			k, _, _, _ := suitRun(y&^(1<<uint(q)), x&^(1<<uint(c)), t, j+1, m, r)
			if pre+1+k >= need {
				return true
			}
		}
		c = topRank(x)
		if t>>uint(c)&1 == 0 {
			break
		}
		q := bottomRank(y)
		if q > c {
			break
		}
		x &^= 1 << uint(c)
		y &^= 1 << uint(q)
		pre++
	}
	return false
}

// Roles of a suit in the plan of comboTricks.
const (
	roleA   = 1 + iota // the leader cashes the suit
	roleB              // partner cashes the suit after the entry
	roleE              // the entry suit
	roleTop            // the side's top trumps, counted after the plan
)

// comboTricks counts the tricks the side on lead (leader l) surely takes
// by a plan that spends no trump except in drawing them:
//
//  1. the leader cashes winners in some suits (roleA), keeping the lead —
//     in a trump contract it may first draw trumps this way;
//  2. it cashes in one more suit and leads to a top card of partner there
//     (roleE), and partner cashes on in that suit;
//  3. partner cashes winners in other suits (roleB), keeping the lead.
//
// Step 2 and 3 may be left out. The side's top trumps are then added when
// the plan did not draw trumps (roleTop): each wins the trick it is played
// to, none was played in the plan, and each hand plays its own in different
// tricks.
//
// A hand that shows out of a suit the other hand cashes discards, from the
// cards the plan does not need: cards of unused suits (trumps excepted, as
// a trump would ruff), and cards a hand has left over in a suit beyond the
// rounds it plays there (the highest, when it follows low, or the lowest,
// when it leads from the top; either can go at any time without changing
// the run). Partner discards only in step 1 and the leader only in steps 2
// and 3, so each count is checked against its own spare cards; when either
// falls short, every run stops while the other hand still follows. An
// opponent with trumps can ruff once out of a suit, so a suit is run only
// as many rounds as every such opponent holds cards in it.
//
// All the reasoning uses only which hand holds each of the side's top
// cards of a suit (those above every opponent's card) and the lengths, so
// the plan works in every position that agrees on them; the rank winners
// are those top cards, as few of them in each suit as that suit's part of
// the plan needs. Among plans of equal count the one with fewest pinned
// cards is kept. The count is capped at the hand size. The pins are worked
// out only when the count reaches need (see comboWant).
func (e *engine) comboTricks(l, need int) (int, uint64) {
	return e.comboWant(l, 13, need)
}

// comboWant is comboTricks for a side that needs only want tricks: a plan
// that takes more is cut down to want tricks (fewer rounds of some suits)
// when that pins fewer cards (see cutPins). The pins of a plan that takes
// fewer than need tricks are not worked out (half the plans of a search's
// bounds fall short of the cut-off, and their pins cost more than their
// count): a count below need comes with no pins.
func (e *engine) comboWant(l, want, need int) (int, uint64) {
	h := &e.hands
	hl, hp, h1, h2 := h[l], h[(l+2)&3], h[(l+1)&3], h[(l+3)&3]
	tr := e.trump
	var trumpMask uint64
	if tr < noTrump {
		trumpMask = rankMask << (16 * uint(tr))
	}
	o1Tr, o2Tr := h1&trumpMask != 0, h2&trumpMask != 0
	c := cashing{hl: hl, hp: hp}
	for su := 0; su < 4; su++ {
		L, P := suitOf(hl, su), suitOf(hp, su)
		if L|P == 0 {
			continue
		}
		cs := &c.suit[su]
		O := suitOf(h1|h2, su)
		n1, n2 := length(suitOf(h1, su)), length(suitOf(h2, su))
		m := max(n1, n2)
		r := 13
		if su != tr {
			cs.nl, cs.np = length(L), length(P)
			if o1Tr {
				r = min(r, n1)
			}
			if o2Tr {
				r = min(r, n2)
			}
		}
		t := L | P
		if O != 0 {
			t = atLeast(t, topRank(O)+1)
			c.pinOK |= 1 << uint(su)
		} else if L != 0 && P != 0 {
			c.pinOK |= 1 << uint(su)
		}
		cs.top, cs.m, cs.r = t, m, r
		cs.kA, _, _, cs.dA = suitRun(L, P, t, 0, m, r)
		if su == tr {
			continue
		}
		cs.kB, _, _, cs.dB = suitRun(P, L, t, 0, m, r)
		if L != 0 && P != 0 {
			cs.kE, cs.dE, cs.kE0 = crossRun(L, P, t, m, r)
		}
	}
	nTop, nPT := 0, 0
	if tr < noTrump {
		nTop, c.topPin = topTrumps(suitOf(hl|hp|h1|h2, tr), suitOf(hl, tr), suitOf(hp, tr))
		nPT = length(suitOf(hp, tr))
	}
	// One plan for each entry suit ent, and ent < 0 for the leader's runs
	// alone: pl gives each suit's tricks and role in the plan, pl0 the
	// same plan without discards.
	best := -1
	var rw uint64
	for ent := -1; ent < 4; ent++ {
		if ent >= 0 && c.suit[ent].kE == 0 {
			continue
		}
		var pl, pl0 cashPlan
		tot, tot0, discP, discL, spareP, spareL := 0, 0, 0, 0, 0, 0
		if ent >= 0 {
			ce := &c.suit[ent]
			tot, tot0, discL = ce.kE, ce.kE0, ce.dE
			pl[ent], pl0[ent] = cashStep{ce.kE, roleE}, cashStep{ce.kE0, roleE}
		}
		for su := 0; su < 4; su++ {
			if su == tr || su == ent {
				continue
			}
			cs := &c.suit[su]
			a, b := cs.kA, cs.kB
			if ent < 0 {
				b = 0
			}
			switch {
			case a > 0 && a >= b:
				pl[su] = cashStep{a, roleA}
				discP += cs.dA
				spareP += max(0, cs.np-a)
				spareL += cs.nl - a
			case b > 0:
				pl[su] = cashStep{b, roleB}
				discL += cs.dB
				spareP += cs.np - b
				spareL += max(0, cs.nl-b)
			default:
				spareP += cs.np
				spareL += cs.nl
			}
			tot += pl[su].k
			// Without discards: each run stops while the other hand still
			// follows.
			a0, b0 := min(a, cs.np), min(b, cs.nl)
			if a0 >= b0 {
				pl0[su] = cashStep{a0, roleA}
			} else {
				pl0[su] = cashStep{b0, roleB}
			}
			tot0 += pl0[su].k
		}
		if discP > spareP || discL > spareL {
			tot, pl = tot0, pl0
			discP, spareP = 0, -1
		}
		if tr < noTrump {
			pl[tr] = cashStep{nTop, roleTop}
			if kT := c.suit[tr].kA; kT > nTop && discP+c.suit[tr].dA <= spareP {
				pl[tr] = cashStep{kT, roleA}
			} else if kT = min(kT, nPT); kT > nTop {
				pl[tr] = cashStep{kT, roleA}
			}
			tot += pl[tr].k
		}
		// The leader's runs alone may end with partner's ruff
		// (ruffAfter), when the plan needs it.
		ruff, ruffPin := 0, uint64(0)
		if ent < 0 && tr < noTrump && tot < want {
			ruff, ruffPin = e.ruffAfter(l, &c, &pl, nTop)
		}
		full := tot + ruff
		tot = min(full, want)
		if tot < best {
			continue
		}
		if tot < need {
			best, rw = tot, 0
			continue
		}
		// Of plans that take as many tricks, keep the one that pins
		// fewest cards.
		var prw uint64
		switch {
		case ruff > 0:
			prw = c.planPins(&pl) | ruffPin
		case full > tot && full <= bits.OnesCount64(hl):
			prw = c.cutPins(&pl, want)
		default:
			prw = c.planPins(&pl)
		}
		if tot > best || bits.OnesCount64(prw) < bits.OnesCount64(rw) {
			best, rw = tot, prw
		}
	}
	return min(best, bits.OnesCount64(hl)), rw
}

// cashing is what the plans of comboWant know of the side on lead: its two
// hands, the figures of each suit, the suits whose top cards' owners
// matter and the side's top trumps.
type cashing struct {
	hl, hp uint64 // the leader's hand and partner's
	suit   [4]cashSuit
	pinOK  uint8  // suits where the owners of the top cards matter
	topPin uint16 // the side's top trumps (topTrumps)
}

// cashSuit is one suit of the side on lead, as the plans of comboWant use
// it.
type cashSuit struct {
	top    uint16 // the side's top cards, above every opponent's card
	m, r   int    // the longer opponent's length, and the rounds before an opponent ruffs (see suitRun)
	nl, np int    // the leader's and partner's lengths (zero in trumps)
	kA, dA int    // the leader cashing (suitRun): tricks, and partner's discards
	kB, dB int    // partner cashing: tricks, and the leader's discards
	kE, dE int    // crossing to partner (crossRun): tricks, and the leader's discards
	kE0    int    // crossing to partner with no discard by the leader: tricks
}

// cashStep is one suit's part in a plan of comboWant: its tricks k and its
// role (roleA, roleB, roleE or roleTop; zero when the plan leaves the suit
// alone).
type cashStep struct{ k, role int }

// cashPlan is a plan of comboWant, suit by suit.
type cashPlan [4]cashStep

// ruffAfter returns one trick more for a plan pl of comboTricks in which
// the leader only cashes its own winners: the leader then leads a suit s in
// which it still holds a card and partner is void, and partner ruffs with
// a trump no opponent beats on that trick. It returns the trick and the
// ruffing trump when its rank matters, or zeros.
//
// The plan keeps partner's trumps (partner discards other cards only) and
// the opponents' voids: an opponent with trumps follows suit on every round
// the plan cashes, so it is void in s at the ruff only if it is now or the
// plan cashes s until it runs out. Partner ruffs with a trump the plan
// does not count: when the plan draws trumps (roleA, partner following
// low), partner keeps its highest trumps beyond the rounds drawn; when the
// plan counts the side's top trumps afterwards (roleTop), partner keeps
// those and ruffs with another, and the longer hand still holds as many
// trumps as were counted. The trump must beat every trump of an opponent
// void in s (the trumps it holds now: it holds no others later); the ruff
// then wins whoever plays a trump to it. Its rank winner is that trump
// (the pattern keeps the owners of every trump above it), and none when
// no such opponent holds a trump: the lengths decide the rest.
//
// (A plan with an entry could end with the leader ruffing partner's lead
// in the same way; it saves few positions and its weaker comboBound costs
// more than they save.)
func (e *engine) ruffAfter(l int, c *cashing, pl *cashPlan, nTop int) (int, uint64) {
	tr := e.trump
	h := &e.hands
	hl, h1, hp, h2 := h[l&3], h[(l+1)&3], h[(l+2)&3], h[(l+3)&3]
	tp := suitOf(hp, tr)
	if tp == 0 {
		return 0, 0
	}
	t1, t2 := suitOf(h1, tr), suitOf(h2, tr)
	np := length(tp)
	// usable: the trumps partner may ruff with.
	var usable uint16
	if kt := pl[tr&3].k; pl[tr&3].role == roleA {
		if np <= kt {
			return 0, 0
		}
		usable = topN(tp, np-kt)
	} else {
		usable = tp &^ c.topPin
		if max(length(suitOf(hl, tr)), np-1) < nTop {
			return 0, 0
		}
	}
	if usable == 0 {
		return 0, 0
	}
	// Partner ruffs with its highest usable trump: the higher the rank
	// winner, the fewer cards the pattern pins.
	top := topRank(usable)
	found := false
	for su := 0; su < 4; su++ {
		k := pl[su].k
		if su == tr || c.suit[su].nl <= k || suitOf(hp, su) != 0 {
			continue
		}
		var over uint16 // trumps of the opponents void in s at the ruff
		if length(suitOf(h1, su)) <= k {
			over |= t1
		}
		if length(suitOf(h2, su)) <= k {
			over |= t2
		}
		if over == 0 {
			return 1, 0
		}
		if topRank(over) < top {
			found = true
		}
	}
	if !found {
		return 0, 0
	}
	return 1, uint64(1) << ((16*uint(tr&3) + uint(top)) & 63)
}

// planPins returns the cards plan pl relies on: the side's top cards of
// each suit the plan uses, no more of them than the suit's part of the
// plan needs.
func (c *cashing) planPins(pl *cashPlan) uint64 {
	var rw uint64
	for su := 0; su < 4; su++ {
		if pl[su].k == 0 {
			continue
		}
		cs := &c.suit[su]
		t := cs.top
		switch ro := pl[su].role; {
		case ro == roleTop:
			t = topN(c.topPin, pl[su].k)
		case c.pinOK>>uint(su)&1 == 0:
			t = 0
		default:
			L, P := suitOf(c.hl, su), suitOf(c.hp, su)
			if ro == roleB {
				L, P = P, L
			}
			t = runPins(L, P, t, cs.m, cs.r, pl[su].k, ro == roleE)
		}
		rw |= uint64(t) << (16 * uint(su))
	}
	return rw
}

// cutPins returns the fewest rank winners with which a plan pl of comboTricks
// still takes want tricks when each suit is played for fewer rounds: j of
// the k tricks of a suit need the top cards runPins finds for j. Fewer
// rounds never ask for more discards, so the plan stays sound; partner's
// suits (roleB) are kept only when the entry suit still crosses within its
// rounds (crossReaches). It chooses the rounds of each suit by a small
// knapsack over the suits, first without the entry, then with it.
func (c *cashing) cutPins(pl *cashPlan, want int) uint64 {
	var pins [4][14]uint16
	crossOK := uint16(0xffff) // rounds of the entry suit that still cross
	ent := -1
	for su := 0; su < 4; su++ {
		k, role := pl[su].k, pl[su].role
		if k == 0 {
			continue
		}
		if role == roleE {
			ent = su
		}
		L, P := suitOf(c.hl, su), suitOf(c.hp, su)
		if role == roleB {
			L, P = P, L
		}
		cs := &c.suit[su]
		for j := 1; j <= k; j++ {
			if role == roleE && !crossReaches(L, P, cs.top, cs.m, cs.r, j) {
				crossOK &^= 1 << uint(j)
			}
			switch {
			case role == roleTop:
				pins[su][j] = topN(c.topPin, j)
			case c.pinOK>>uint(su)&1 == 0:
			default:
				pins[su][j] = runPins(L, P, cs.top, cs.m, cs.r, j, role == roleE)
			}
		}
	}
	bestCost := int16(inf)
	var best uint64
	for cross := 0; cross < 2; cross++ {
		if cross == 1 && ent < 0 {
			break
		}
		// dp[n]: fewest pins for n tricks (n capped at want); copying a
		// row of inf is cheaper than filling one.
		dp := infRow
		dp[0] = 0
		var pick [4][14]int8
		var from [4][14]int8
		for su := 0; su < 4; su++ {
			role := pl[su].role
			lo, hi := 0, pl[su].k
			switch {
			case hi == 0:
			case c.pinOK>>uint(su)&1 == 0 && role != roleTop && (cross == 1 || (role != roleE && role != roleB)):
				lo = hi // free tricks: take them all
			case role == roleB && cross == 0:
				hi = 0
			case role == roleE:
				if cross == 0 {
					hi = 0
				} else {
					lo = 1
				}
			}
			nd := infRow
			for n := 0; n <= want; n++ {
				if dp[n] >= inf {
					continue
				}
				for j := lo; j <= hi; j++ {
					if role == roleE && crossOK>>uint(j)&1 == 0 {
						continue
					}
					m := min(n+j, want)
					cost := dp[n] + int16(length(pins[su][j]))
					if cost < nd[m] {
						nd[m], pick[su][m], from[su][m] = cost, int8(j), int8(n)
					}
				}
			}
			dp = nd
		}
		if dp[want] < bestCost {
			bestCost = dp[want]
			best = 0
			n := want
			for su := 3; su >= 0; su-- {
				j := int(pick[su][n])
				best |= uint64(pins[su][j]) << (16 * uint(su))
				n = int(from[su][n])
			}
		}
	}
	return best
}

// inf is more pins than any plan has: a number of tricks not reached.
const inf = 1 << 10

// infRow is the knapsack row of cutPins with no number of tricks reached.
var infRow = [14]int16{inf, inf, inf, inf, inf, inf, inf, inf, inf, inf, inf, inf, inf, inf}

// runPins returns the fewest top cards t of a suit (from the top) with
// which hand x still takes need tricks in the suit, cashing with partner y
// following, or crossing to y when cross is set.
func runPins(x, y, t uint16, m, r, need int, cross bool) uint16 {
	for n := 1; n < length(t); n++ {
		tn := topN(t, n)
		if cross {
			if crossReaches(x, y, tn, m, r, need) {
				return tn
			}
		} else if k, _, _, _ := suitRun(x, y, tn, 0, m, r); k >= need {
			return tn
		}
	}
	return t
}

// topTrumps counts the trumps at the top of the suit (all the trumps left)
// held by the side whose hands hold x and y, up to the longer hand's
// length, and returns them. They take that many tricks sooner or later,
// whoever leads.
func topTrumps(all, x, y uint16) (int, uint16) {
	lim := max(length(x), length(y))
	n := 0
	var pin uint16
	for a := all; a != 0 && n < lim; {
		c := topRank(a)
		if (x|y)>>uint(c)&1 == 0 {
			break
		}
		n++
		pin |= 1 << uint(c)
		a &^= 1 << uint(c)
	}
	return n, pin
}

// trumpCountBound returns an upper bound on trumpMatch for the hands with
// trumps x and y against the opponents' trumps o: a hand's count is at
// most its length less the opponents' trumps above its highest trump.
// (The greedy matching leaves a trump of the hand unmatched exactly when
// the excess of the hand's trumps over the opponents', counted from the
// top down to that trump, reaches a new high; that excess is at most the
// hand's length less those higher trumps.)
func trumpCountBound(x, y, o uint16) int {
	b := 0
	for _, z := range [2]uint16{x, y} {
		if z != 0 {
			b = max(b, length(z)-length(o>>(uint(topRank(z)+1)&15)))
		}
	}
	return b
}
