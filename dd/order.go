package dd

import "math/bits"

// hiBit returns the highest bit of a rank set, or bit 15, which holds no
// card, when the set is empty (masking the shift count spares its check).
func hiBit(x uint16) uint16 { return 1 << (uint(bits.Len16(x)-1) & 15) }

// order writes the cards of set, a subset of the legal cards, to
// e.plays[d].moves from index start, most promising first, and returns how
// many it wrote. Good ordering only saves time: every legal card is still
// searched or proven equivalent.
func (e *engine) order(d int, legal, set uint64, start int) int {
	p := &e.plays[d&63] // indexes masked as in search.go: no bounds checks
	if set&(set-1) == 0 {
		p.moves[start] = int8(bits.TrailingZeros64(set))
		return 1
	}
	if set == legal && start == 0 {
		if d&3 == 0 {
			return e.orderLead(int(p.seat), legal, &p.moves)
		}
		return e.orderFollow(d, legal, &p.moves)
	}
	// The order of a subset is that of all the legal cards, filtered.
	var all [16]int8
	var k int
	if d&3 == 0 {
		k = e.orderLead(int(p.seat), legal, &all)
	} else {
		k = e.orderFollow(d, legal, &all)
	}
	mv := p.moves[start:]
	n := 0
	for _, c := range all[:k] {
		if set>>(uint(c)&63)&1 != 0 {
			mv[n] = c
			n++
		}
	}
	return n
}

// orderLead writes the legal leads of seat l to mv in the order to try
// them, and returns how many there are. Each suit falls in one category
// with a score; its top and bottom cards come first, by score (the card to
// try first scores two categories more; strong suits of equal category are
// broken by a tie score; on equal scores the lower suit first), then
// the cards between them of every suit, by rank from the lowest (lower
// suits first on equal ranks).
func (e *engine) orderLead(l int, legal uint64, mv *[16]int8) int {
	h := &e.hands
	hp, lho, rho := h[(l+2)&3], h[(l+1)&3], h[(l+3)&3]
	all := h[0] | h[1] | h[2] | h[3]
	tr := e.trump
	trumps := tr < noTrump
	var lhT, rhT, pdT uint16 // the trumps of LHO, RHO and partner
	if trumps {
		lhT, rhT, pdT = suitOf(lho, tr), suitOf(rho, tr), suitOf(hp, tr)
	}
	// keys[:k], highest first, are the top and bottom cards as
	// score<<6 | 63-card: unique, and in the order to try them.
	var keys [8]int
	k := 0
	var mid uint64 // the cards between each suit's top and bottom
	for su := 0; su < 4; su++ {
		my := suitOf(legal, su)
		if my == 0 {
			continue
		}
		pd, lh, rh := suitOf(hp, su), suitOf(lho, su), suitOf(rho, su)
		a := suitOf(all, su)
		ours := my | pd
		// The top three cards of the suit still out, as one bit each (bit
		// 15, no card, when there are fewer); the fourth and fifth are
		// only needed for a tenace of partner's.
		t0 := hiBit(a)
		t1 := hiBit(a &^ t0)
		t2 := hiBit(a &^ (t0 | t1))
		cat := 40
		lowFirst := false
		switch {
		case trumps && su == tr:
			cat = 25
			// Draw trumps when our side holds the top one and both
			// opponents still have some: cash it, or lead low to partner's.
			if my&t0 != 0 && lh != 0 && rh != 0 {
				cat = 41
			} else if pd&t0 != 0 && lh != 0 && rh != 0 {
				cat = 41
				lowFirst = true
			}
		case trumps && ((lhT != 0 && lh == 0) || (rhT != 0 && rh == 0)):
			cat = 5 // an opponent ruffs
		case trumps && pd == 0 && lh != 0 && rh != 0 && pdT != 0:
			cat = 65 // partner ruffs
			if length(pdT) > length(suitOf(legal, tr)) {
				// A ruff in the long trump hand seldom gains a trick:
				// rank it below the strong suits and the cashed winners.
				cat = 44
			}
		case !trumps && lh == 0:
			// In no trump, a suit LHO is void in lets him discard any
			// card he likes: where the lead must cut off, each of his
			// discards is a search of its own. Below the ordinary suits
			// (the four-void deal: 1.4% fewer positions; 1.6% fewer on
			// random deals).
			cat = 30
		case pd&(pd-1) != 0 && lh != 0 && towardsTenace(a, pd, lh, ours, t0, t1, t2):
			// Lead towards partner's tenace, the top card first: it
			// forces LHO's honour or runs to partner's, and it leaves the
			// suit's low cards out of the proof (the four-void deal's no
			// trump, West leading the queen from Q853 through AJ962 to
			// KT74: 28% fewer positions over the five strains; as
			// many as before on random deals).
			cat = 70
		case my&(my-1) != 0 && rh&(rh-1) != 0 && my&t0 != 0 && rh&t1 != 0:
			cat = 42 // the top card, over RHO's second
		case my&(my-1) != 0 && rh&(rh-1) != 0 && my&t1 != 0 && rh&t0 != 0 && ours&t2 == 0:
			cat = 10 // leading away from a tenace
		case lh != 0 && rh != 0 && twoOrMore(ours&(t0|t1|t2)):
			cat = 60 // a strong suit: cash the top card, else lead towards partner's
			lowFirst = my&t0 == 0
		case ours&t0 != 0 && my&t0 == 0 && pd != 0:
			cat = 50 // partner holds the top card
			lowFirst = true
		case my&t0 != 0:
			cat = 45 // cash a winner
		}
		hi, lo := topRank(my), bottomRank(my)
		first, second := hi, lo
		if lowFirst {
			first, second = lo, hi
		}
		// The score is the category times 8 plus a tie-break of 0..7
		// between suits of the same category. Strong suits: the one
		// where our side holds more of the top three cards first, and on
		// equal counts the one led towards partner's top card.
		tie := 0
		if cat == 60 {
			tie = 2 * length(ours&(t0|t1|t2))
			if lowFirst {
				tie++
			}
		}
		k = insertKey(&keys, k, ((cat+2)*8+tie)<<6|(63-16*su-first))
		if second != first {
			k = insertKey(&keys, k, (cat*8+tie)<<6|(63-16*su-second))
		}
		mid |= uint64(my&^(1<<uint(hi&15)|1<<uint(lo&15))) << (16 * uint(su))
	}
	for i, key := range keys[:k] {
		mv[i] = int8(63 - key&63)
	}
	return byRank(mv, k, mid)
}

// towardsTenace reports whether partner's cards pd, with ours ours, make a
// tenace over LHO's lh to lead towards: partner's second card over LHO's
// top, or his top over LHO's second with the third (or the third and fourth
// between us), or his second over LHO's third with the fourth (or the
// fourth and fifth between us). a is the suit's cards still out and t0..t2
// its top three, one bit each.
func towardsTenace(a, pd, lh, ours, t0, t1, t2 uint16) bool {
	if pd&t1 != 0 && lh&t0 != 0 {
		return true
	}
	t3 := hiBit(a &^ (t0 | t1 | t2))
	if pd&t0 != 0 && lh&t1 != 0 && (pd&t2 != 0 || (ours&t2 != 0 && ours&t3 != 0)) {
		return true
	}
	if pd&t1 != 0 && lh&t2 != 0 {
		t4 := hiBit(a &^ (t0 | t1 | t2 | t3))
		return pd&t3 != 0 || (ours&t3 != 0 && ours&t4 != 0)
	}
	return false
}

// twoOrMore reports whether the rank set x has at least two ranks.
func twoOrMore(x uint16) bool { return x&(x-1) != 0 }

// insertKey inserts key into keys[:k], which is sorted highest first and
// holds at most seven keys, and returns their new number. Indexes are
// masked with 7 so that the compiler drops their checks.
func insertKey(keys *[8]int, k, key int) int {
	j := k
	for j > 0 && keys[(j-1)&7] < key {
		keys[j&7] = keys[(j-1)&7]
		j--
	}
	keys[j&7] = key
	return k + 1
}

// byRank writes the cards of x to mv from index n by rank from the lowest,
// lower suits first on equal ranks, and returns the new index. Like
// ascending and descending, it masks its indexes with 15 (a hand has at
// most 13 cards) so that the compiler drops their bounds checks.
func byRank(mv *[16]int8, n int, x uint64) int {
	for ranks := uint16(x | x>>16 | x>>32 | x>>48); ranks != 0; ranks &= ranks - 1 {
		r := uint(bits.TrailingZeros16(ranks))
		// The suits holding rank r, as four bits: the product moves bits
		// 0, 16, 32 and 48 to bits 48..51, and none of its other terms
		// reaches bit 48 or overlaps another, so nothing carries.
		s := (x >> r & 0x0001000100010001) * (1<<48 | 1<<33 | 1<<18 | 1<<3) >> 48
		for ; s != 0; s &= s - 1 {
			mv[n&15] = int8(16*bits.TrailingZeros64(s) + int(r))
			n++
		}
	}
	return n
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
func (e *engine) orderFollow(d int, legal uint64, mv *[16]int8) int {
	// Indexes are masked as in search.go, so that the compiler drops their
	// bounds checks.
	seat := int(e.plays[d&63].seat)
	pos := d & 3
	ls := e.tricks[d>>2&15].lead & 3
	wp := &e.plays[e.plays[(d-1)&63].win&63]
	wc := wp.card
	wr := int(wc & 15)
	ws := int(wc >> 4) // the suit of the card winning
	partnerWins := int(wp.seat) == (seat+2)&3
	tr := e.trump
	h := &e.hands
	lho := h[(seat+1)&3]
	lhoFollow := suitOf(lho, ls)
	// Is partner's card sure to hold the trick?
	partnerSafe := partnerWins && (pos == 3 ||
		(lhoFollow != 0 && ws == ls && topRank(lhoFollow) < wr) ||
		(lhoFollow != 0 && ws != ls) ||
		(lhoFollow == 0 && (tr == noTrump || suitOf(lho, tr) == 0 || (ws == tr && topRank(suitOf(lho, tr)) < wr))))
	base := int8(16 * ls)
	if my := suitOf(legal, ls); my != 0 {
		if ws != ls || topRank(my) < wr || partnerSafe {
			return ascending(mv, 0, my, base)
		}
		// Third hand over partner's card: low when LHO holds no card
		// between partner's and our top, so that ours wins no more.
		if partnerWins && lhoFollow != 0 && atLeast(lhoFollow, wr+1)&^atLeast(lhoFollow, topRank(my)) == 0 {
			return ascending(mv, 0, my, base)
		}
		if pos == 1 {
			pd := suitOf(h[(seat+2)&3], ls)
			if pd != 0 && topRank(pd) > wr {
				// Second hand: low when partner, fourth, can win the
				// trick, or when third hand's top beats ours and
				// partner's and no card of his lies between the two
				// (a card of ours would not make him play any higher).
				if lhoFollow == 0 || topRank(pd) > topRank(lhoFollow) ||
					(topRank(lhoFollow) > topRank(pd|my) && atLeast(lhoFollow, topRank(pd))&^atLeast(lhoFollow, topRank(my)) == 0) {
					return ascending(mv, 0, my, base)
				}
			}
		}
		over := atLeast(my, wr+1)
		var n int
		if pos == 3 || lhoFollow == 0 || bottomRank(over) > topRank(lhoFollow) {
			n = ascending(mv, 0, over, base)
		} else if sure := atLeast(over, topRank(lhoFollow)+1); sure != 0 {
			// The cheapest card that LHO cannot beat, then the others
			// from the top.
			c := bottomRank(sure)
			mv[0] = base + int8(c)
			n = descending(mv, 1, over&^(1<<uint(c&15)), base)
		} else {
			n = descending(mv, 0, over, base)
		}
		return ascending(mv, n, my&^over, base)
	}
	// Void in the suit led: ruff or discard.
	n := 0
	rest := legal
	// Second hand does not ruff first when partner, fourth, follows above
	// both the card led and third hand's cards.
	pdWins := false
	if pos == 1 && lhoFollow != 0 {
		if pd := suitOf(h[(seat+2)&3], ls); pd != 0 && topRank(pd) > max(wr, topRank(lhoFollow)) {
			pdWins = true
		}
	}
	if tr < noTrump && !partnerSafe && !pdWins {
		if myT := suitOf(legal, tr); myT != 0 {
			need := 0
			if ws == tr {
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
				rest &^= 1 << (uint(c) & 63)
			}
		}
	}
	// The lowest card of each side suit, from the longest suit (on equal
	// lengths, the lower suit first); a suit where we keep length with an
	// opponent and partner does not counts as three cards longer. keys[:k],
	// highest first, hold the suits' lengths as key<<8 | 255-card: unique,
	// and in the order to try them.
	pdH, rhoH := h[(seat+2)&3], h[(seat+3)&3]
	var keys [4]int
	k := 0
	for su := 0; su < 4; su++ {
		x := suitOf(legal, su)
		if x == 0 || su == tr {
			continue
		}
		c := 16*su + bottomRank(x)
		l := length(x)
		ol := max(length(suitOf(lho, su)), length(suitOf(rhoH, su)))
		key := 8 * l
		if ol > 0 && l >= ol && length(suitOf(pdH, su)) < ol {
			key += 20
		}
		key = key<<8 | (255 - c)
		j := k
		for j > 0 && keys[(j-1)&3] < key {
			keys[j&3] = keys[(j-1)&3]
			j--
		}
		keys[j&3] = key
		k++
		rest &^= 1 << (uint(c) & 63)
	}
	for _, key := range keys[:k] {
		mv[n&15] = int8(255 - key&255)
		n++
	}
	// The rest by rank from the bottom, lower suits first on equal ranks.
	return byRank(mv, n, rest)
}

// ascending writes the ranks of x as cards (base+rank) to mv from index n,
// from the lowest up, and returns the new index.
func ascending(mv *[16]int8, n int, x uint16, base int8) int {
	for ; x != 0; x &= x - 1 {
		mv[n&15] = base + int8(bits.TrailingZeros16(x))
		n++
	}
	return n
}

// descending writes the ranks of x as cards (base+rank) to mv from index
// n, from the highest down, and returns the new index.
func descending(mv *[16]int8, n int, x uint16, base int8) int {
	for ; x != 0; n++ {
		r := uint(topRank(x)) & 15
		mv[n&15] = base + int8(r)
		x &^= 1 << r
	}
	return n
}

// killerKey describes the situation of the player at depth d for the
// killer table: on lead, the leader's hand and, in a trump contract,
// partner's; when following suit, the suit's cards, the card winning so
// far and LHO's holding in it; when void, the hand, the card winning and
// the cards of the suit led.
func (e *engine) killerKey(d int) uint64 {
	p := &e.plays[d&63]
	// Seats and suits are masked with 3 (they are 0..3 anyway), depths as
	// in search.go, so that the compiler drops the bounds and shift-count
	// checks.
	seat := uint64(p.seat) & 3
	pos := uint64(d & 3)
	var k uint64
	switch {
	case pos == 0 && e.trump == noTrump:
		// In no trump the leader's hand alone: the lead that worked
		// stays good while partner's small cards change with his
		// discards, which on deals with long suits and voids come at
		// every trick (the four-void deal's no trump: a quarter fewer
		// positions; as many as before on random deals).
		k = e.hands[seat]
	case pos == 0:
		// The leader's hand and partner's: which suit partner can win or
		// ruff decides the lead as much as the leader's own cards.
		k = e.hands[seat] ^ bits.RotateLeft64(e.hands[(seat+2)&3]*hashGolden, 17)
	default:
		t := &e.tricks[d>>2&15]
		w := &e.plays[e.plays[(d-1)&63].win&63]
		sh := 16 * (uint(t.lead) & 3) // the suit led's shift
		lead := t.all >> sh & rankMask
		if f := e.hands[seat] & (rankMask << sh); f != 0 {
			// The suit's cards, what is winning and LHO's cards. Not
			// partner's, in second seat: the card that worked stays good
			// while partner's small cards in the suit change, as the
			// leader's killer in no trump ignores partner's hand (the
			// four-void deal: 5% fewer positions; 0.4% more on random
			// deals).
			k = lead<<sh ^ uint64(uint8(w.card))<<56 ^
				uint64(uint16(e.hands[(seat+1)&3]>>sh))*hashGolden
		} else {
			// Void: the hand, what is winning and the suit's cards.
			k = e.hands[seat] ^ uint64(uint8(w.card))<<56 ^ lead*hashGolden
		}
	}
	// The place in the trick in the top two bits, the seat and the place
	// at bits 48..51.
	k ^= pos << 62
	k ^= (seat<<2 | pos) << 48
	h := k * hashFinal
	return h ^ h>>31
}

// etcTricks is the fewest tricks left at which leadByTable looks leads up
// in the table. A look-up costs about two thirds of a position searched
// and finds a lead to move up at one lead node in sixty or so: it pays
// only near the top of the tree, where the search under a lead is large
// (on 250 random deals, from 11 tricks left: 5.5% fewer positions for
// 2% more look-ups than positions; from 10, 6.3% fewer for 5% more).
const etcTricks = 11

// leadByTable moves to the front of mv[:n], the leads of the trick at
// depth d in the order to try them, the first lead after which the trick
// played the likely way reaches a position whose table entry already
// decides the null-window search against beta for the leader's side (an
// enhanced transposition cut-off, used for ordering only): each follower
// plays the killer card of its situation if it holds it, else the first
// card orderFollow gives. The likely trick is not a proof, since the
// opponents may have better, but such a lead usually cuts off, and at the
// cost of little more than a look-up where the heuristics' first lead
// may need a large search. The trick is played on the engine's stacks
// above depth d, which the search overwrites before reading, and the
// hands are put back as they were.
func (e *engine) leadByTable(d, beta int, mv *[16]int8, n int) {
	hands := e.hands
	next := e.plays[(d+1)&63]
	for i := 0; i < n; i++ {
		good := e.likelyTrickCuts(d, beta, mv[i&15])
		e.hands = hands
		if good {
			c := mv[i&15]
			copy(mv[1:i+1], mv[:i])
			mv[0] = c
			break
		}
	}
	e.plays[(d+1)&63] = next
}

// likelyTrickCuts plays lead c at depth d and the likely cards of the
// three followers (see leadByTable), and reports whether the position
// reached is known, by the tricks won and left or by the table, to
// decide the search against beta in favour of the side that led. It
// leaves the hands without the trick's cards.
func (e *engine) likelyTrickCuts(d, beta int, c int8) bool {
	p := &e.plays[d&63]
	e.playCard(d, c)
	var mv [16]int8
	for j := 1; j < 4; j++ {
		q := &e.plays[(d+j)&63]
		q.seat = (p.seat + int8(j)) & 3
		legal := e.legal(d + j)
		f := int8(bits.TrailingZeros64(legal))
		if legal&(legal-1) != 0 {
			if k := e.killer.get(e.killerKey(d + j)); k >= 0 && legal>>uint(k)&1 != 0 {
				f = k
			} else {
				e.orderFollow(d+j, legal, &mv)
				f = mv[0]
			}
		}
		e.playCard(d+j, f)
	}
	ns := isNS(p.seat)
	w := e.plays[e.plays[(d+3)&63].win&63].seat
	won := int(p.nsWon)
	if isNS(w) {
		won++
	}
	t := &e.tricks[(d+4)>>2&15]
	t.all = e.hands[0] | e.hands[1] | e.hands[2] | e.hands[3]
	rem := bits.OnesCount64(t.all) >> 2
	if won >= beta || won+rem < beta {
		return (won >= beta) == ns
	}
	e.describe(t, d+4)
	var h ttHint
	hit, v, _ := e.tt.lookup(t.shape, uint8(w), t.w[0], t.w[1], beta-won, &h)
	return hit && (v+won >= beta) == ns
}

// sureWinner returns a card of legal, the cards of the player at depth d
// following to the trick, with which that player's side surely wins the
// trick, or -1 when there is none, or when the side wins it whatever the
// player plays (any card then does). A card following suit must beat the
// card winning so far and every card of the suit LHO holds, if LHO plays
// after us, with LHO unable to ruff; a ruff must beat the card winning so
// far and, when LHO plays after us void in the suit led, his trumps. Of
// the winning cards it gives the highest: the cut-off it brings pins the
// winner's rank when it beat an opponent's card of its suit, and a higher
// rank pins fewer cards (see pattern). Leads need no such card: the
// sure-trick bounds at the trick start already count a winner that cuts
// off.
func (e *engine) sureWinner(d int, legal uint64) int8 {
	seat := int(e.plays[d&63].seat)
	ls := e.tricks[d>>2&15].lead & 3
	wp := &e.plays[e.plays[(d-1)&63].win&63]
	if (int(wp.seat)^seat)&1 == 0 {
		return -1 // partner is winning: see above
	}
	wr, ws := int(wp.card&15), int(wp.card>>4)
	tr := e.trump
	var lho uint64 // LHO's cards when he plays after us
	if d&3 < 3 {
		lho = e.hands[(seat+1)&3]
	}
	lhoT := uint16(0)
	if tr < noTrump {
		lhoT = suitOf(lho, tr)
	}
	lf := suitOf(lho, ls)
	if my := suitOf(legal, ls); my != 0 {
		if ws != ls || (lf == 0 && ls != tr && lhoT != 0) {
			return -1 // ruffed already, or LHO may ruff
		}
		if top := topRank(my); top > max(wr, topRank(lf)) {
			return int8(16*ls + top)
		}
		return -1
	}
	if tr == noTrump || ls == tr {
		return -1
	}
	myT := suitOf(legal, tr)
	if myT == 0 {
		return -1
	}
	need := -1
	if ws == tr {
		need = wr
	}
	if lf == 0 {
		need = max(need, topRank(lhoT))
	}
	if top := topRank(myT); top > need {
		return int8(16*tr + top)
	}
	return -1
}
