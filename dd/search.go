package dd

import "math/bits"

// play is the state of one card of the search: depth d is the d-th card
// played from the start of the current trick at the root.
type play struct {
	seat  int8
	card  int8
	win   int8 // depth of the card winning the trick so far
	nsWon int8 // NS tricks won from the root up to this trick
	// moves holds the ordered moves (at most 13); 16 of them and the
	// fields below make a play 32 bytes, so that plays[d] is a shift away
	// and moves[i&15] needs no bounds check.
	moves [16]int8
	// kkey is expand's key to the killer table (see killerKey). Kept
	// here rather than in a local, which the compiler would reload at
	// every turn of expand's move loop.
	kkey uint64
}

// trickState is what the search knows about a trick.
type trickState struct {
	all   uint64 // every card left at the start of the trick, this trick's included
	lead  int    // suit led
	shape uint64 // suit lengths of each hand at the start of the trick
	w     [2]uint64
	// eqv holds the spans of the equivalence skips the result of the
	// trick's search relied on (see expand): for each card skipped as
	// equivalent to a card tried, at a node that searched all its moves,
	// the cards from one to the other.
	eqv uint64
}

// engine is one search: the hands, trump, the stack of plays and the tables.
// It is not safe for concurrent use.
type engine struct {
	hands  [4]uint64
	trump  int
	root   int
	plays  [64]play       // indexed d&63: 52 cards, the mask spares bounds checks
	tricks [16]trickState // indexed d>>2&15
	tt     *transTable
	killer *killerTable
	nodes  int64
	// done is the Done channel of the context of the solve under way,
	// looked at every stopEvery positions (see search); nil when the solve
	// cannot be cancelled.
	done <-chan struct{}
	// own holds for each suit the seat holding each rank, 2 bits a rank
	// (0 for ranks no hand held): the owner words of describe are its
	// fields for the cards still left. Set by describe at the first trick
	// start of a search; the cards never change hands.
	own [4]uint32
}

func newEngine(maxBytes int, b *Budget) *engine {
	return &engine{tt: newTransTable(maxBytes, b), killer: new(killerTable)}
}

// stopEvery is how often, in positions at the start of a trick, the search
// looks whether its context is done: a thousand positions take well under
// a millisecond, and the look costs nothing measurable at that rate.
const stopEvery = 1 << 10

// stopSignal is the panic with which the search abandons a cancelled
// solve; the Solver's method that started it recovers it (see
// Solver.run). Nothing the search stored is left half done: it stops only
// between positions, and an entry of the table is stored only after its
// whole search.
type stopSignal struct{}

// checkStop abandons the search when its context is done.
func (e *engine) checkStop() {
	select {
	case <-e.done:
		panic(stopSignal{})
	default:
	}
}

// clear forgets what the engine learnt about positions with the previous
// trump: the transposition table and the killer leads (whose keys do not
// include the trump, and which mislead in another strain).
func (e *engine) clear() {
	e.tt.clear()
	*e.killer = killerTable{}
}

func isNS(seat int8) bool { return seat&1 == 0 }

// search returns the number of tricks NS take from the root when both sides
// play well, as a fail-soft bound against beta: a result below beta is an
// upper bound, one at or above beta a lower bound. The second result is the
// set of cards whose ranks decided it ("rank winners"), with the flag
// sideOnly when the result did not depend on who is on lead.
func (e *engine) search(d int, beta int) (int, uint64) {
	p := &e.plays[d&63]
	if d&3 != 0 {
		prev := &e.plays[(d-1)&63]
		p.nsWon = prev.nsWon
		p.seat = (prev.seat + 1) & 3
		return e.expand(d, beta)
	}
	if d > 0 {
		prev := &e.plays[(d-1)&63]
		w := e.plays[prev.win&63].seat
		p.seat = w
		p.nsWon = prev.nsWon
		if isNS(w) {
			p.nsWon++
		}
	}
	won := int(p.nsWon)
	if won >= beta {
		return won, sideOnly
	}
	all := e.hands[0] | e.hands[1] | e.hands[2] | e.hands[3]
	rem := bits.OnesCount64(all) >> 2
	if won+rem < beta {
		return won + rem, sideOnly
	}
	if rem == 1 {
		return e.lastTrick(d)
	}
	e.nodes++
	if e.nodes&(stopEvery-1) == 0 && e.done != nil {
		e.checkStop()
	}
	t := &e.tricks[d>>2&15]
	t.all = all
	e.describe(t, d)
	seat := uint8(p.seat)
	var h ttHint
	if hit, v, ks := e.tt.lookup(t.shape, seat, t.w[0], t.w[1], beta-won, &h); hit {
		return v + won, topCards(all, ks)
	}
	t.eqv = 0
	v, rw := e.trickStart(d, beta, rem)
	lo, hi := 0, rem
	if v < beta {
		hi = v - won
	} else {
		lo = v - won
	}
	ks, rw := e.pattern(all, rw, t.eqv)
	e.tt.store(t.shape, seat, t.w[0], t.w[1], ks, lo, hi, &h)
	return v, rw
}

// describe computes the shape and relative-rank owner words of the position
// at the start of the trick at depth d, from the previous trick's when the
// search played that trick: only the suits it touched change, and their
// words are taken again from own.
func (e *engine) describe(t *trickState, d int) {
	if d-4 >= e.root {
		prev := &e.tricks[(d>>2-1)&15]
		// Each card of the trick takes one from its hand's length in its
		// suit: one bit a card at nibble su of 16-bit lane j for the j-th
		// card, rotated to the leader's lane (no nibble takes two).
		q := e.plays[(d-4)&60 : (d-4)&60+4]
		gone := uint64(1)<<(uint(q[0].card)>>2&12) | 1<<(16+uint(q[1].card)>>2&12) |
			1<<(32+uint(q[2].card)>>2&12) | 1<<(48+uint(q[3].card)>>2&12)
		t.shape = prev.shape - bits.RotateLeft64(gone, 16*int(q[0].seat&3))
		// The suits touched: nibble su of any lane.
		touched := uint(gone|gone>>16|gone>>32|gone>>48) & 0x1111
		w := prev.w
		for ; touched != 0; touched &= touched - 1 {
			su := bits.TrailingZeros(touched) >> 2 & 3
			sh := 32 * uint(su&1)
			w[su>>1] = w[su>>1]&^((1<<26-1)<<sh) | suitWord(suitOf(t.all, su), e.own[su])<<sh
		}
		t.w = w
		return
	}
	h := &e.hands
	var shape uint64
	for s := 0; s < 4; s++ {
		for su := 0; su < 4; su++ {
			shape |= uint64(bits.OnesCount16(suitOf(h[s], su))) << (4 * uint(s*4+su))
		}
	}
	t.shape = shape
	odd := h[1] | h[3] // E or W: owner bit 0
	hi := h[2] | h[3]  // S or W: owner bit 1
	for su := 0; su < 4; su++ {
		e.own[su] = interleave(suitOf(odd, su), suitOf(hi, su))
		sh := 32 * uint(su&1)
		t.w[su>>1] = t.w[su>>1]&^((1<<26-1)<<sh) | suitWord(suitOf(t.all, su), e.own[su])<<sh
	}
}

// suitWord returns the owner word of a suit whose cards are a and whose
// ranks' seats are own (see engine.own): 26 bits, two a card, the top card
// in the highest two. It extracts the 2-bit fields of the cards of a from
// own, four ranks at a time (see pext2).
func suitWord(a uint16, own uint32) uint64 {
	m0, m1, m2, m3 := a&15, a>>4&15, a>>8&15, a>>12&15
	w := uint64(pext2[m0][own&255])
	sh := 2 * uint(pop8[m0])
	w |= uint64(pext2[m1][own>>8&255]) << (sh & 63)
	sh += 2 * uint(pop8[m1])
	w |= uint64(pext2[m2][own>>16&255]) << (sh & 63)
	sh += 2 * uint(pop8[m2])
	w |= uint64(pext2[m3][own>>24&255]) << (sh & 63)
	sh += 2 * uint(pop8[m3])
	return w << ((26 - sh) & 63)
}

// topCards turns the masks of a table entry back into the cards of the
// current position they pin: the top k cards of each suit (topN of no
// cards is none, so the suits need no test).
func topCards(all uint64, ks uint16) uint64 {
	return uint64(topN(uint16(all), int(ks&15))) |
		uint64(topN(uint16(all>>16), int(ks>>4&15)))<<16 |
		uint64(topN(uint16(all>>32), int(ks>>8&15)))<<32 |
		uint64(topN(uint16(all>>48), int(ks>>12)))<<48
}

// pattern turns the rank winners of a search into table masks, pinning in
// each suit every card from the lowest rank winner up. The lowest one is
// extended down through the cards equivalent to it in its holder's hand
// when the move generator treated those as one card (eqv, the spans of the
// equivalence skips the result relied on): a position where a card below
// the pins took the place of the skipped card would offer a move the search
// never looked at. A skip whose span lies wholly above or wholly below the
// lowest pin needs nothing: above, the cards are pinned and stay equivalent;
// below, any of the hand's unpinned cards gives the tried card's result, as
// the pins below the search show. Conversely, the lowest cards of a suit
// held by one hand need no pin (their owner follows from the lengths). It
// returns the masks and the pinned cards.
func (e *engine) pattern(all, rw, eqv uint64) (ks uint16, pinned uint64) {
	h := &e.hands
	// The holder of a card, from the hands (as the owner words of the
	// position say: the hands are those of the start of the trick): bit 0
	// from East or West, bit 1 from South or West.
	odd, hi := h[1]|h[3], h[2]|h[3]
	holder := func(c uint) uint64 { return h[(odd>>(c&63)&1|(hi>>(c&63)&1)<<1)&3] }
	for su := 0; su < 4; su++ {
		sw := suitOf(rw, su)
		if sw == 0 {
			continue
		}
		a := suitOf(all, su)
		b := bottomRank(sw)
		if es := suitOf(eqv, su); es>>uint(b)&1 != 0 {
			hs := suitOf(holder(16*uint(su)+uint(b)), su)
			for es>>uint(b)&1 != 0 {
				below := a & (1<<uint(b) - 1)
				if below == 0 {
					break
				}
				nb := topRank(below)
				if hs>>uint(nb)&1 == 0 || es>>uint(nb)&1 == 0 {
					break
				}
				b = nb
			}
		}
		// The lowest cards of the suit, when one hand holds them, belong
		// to that hand in every position with the same lengths and the
		// same owners of the cards above them: they need no pin.
		x := suitOf(holder(16*uint(su)+uint(bottomRank(a))), su)
		if other := a &^ x; other == 0 {
			b = 16
		} else if o := bottomRank(other); b < o {
			b = o
		}
		if b == 16 {
			continue
		}
		top := atLeast(a, b)
		pinned |= uint64(top) << (16 * uint(su))
		ks |= uint16(length(top)) << (4 * uint(su))
	}
	return ks, pinned
}

// lastTrick scores the last trick, where every hand has one card.
func (e *engine) lastTrick(d int) (int, uint64) {
	p := &e.plays[d&63]
	leader := p.seat
	best := int8(bits.TrailingZeros64(e.hands[leader&3]))
	winner := leader
	for i := int8(1); i < 4; i++ {
		s := (leader + i) & 3
		c := int8(bits.TrailingZeros64(e.hands[s&3]))
		if beats(c, best, e.trump) {
			best, winner = c, s
		}
	}
	v := int(p.nsWon)
	if isNS(winner) {
		v++
	}
	// The winner needs its rank only against an opponent's card of its
	// suit: partner's card, if it were higher, would win the trick for the
	// same side.
	opp := e.hands[(winner+1)&3] | e.hands[(winner+3)&3]
	var rw uint64
	if suitOf(opp, int(best>>4)) != 0 {
		rw = 1 << uint(best&63)
	}
	return v, rw
}

// trickStart applies the sure-trick bounds at the start of a trick, then
// searches the moves.
func (e *engine) trickStart(d, beta, rem int) (int, uint64) {
	p := &e.plays[d&63]
	won := int(p.nsWon)
	ns := isNS(p.seat)
	// A bound that is cut off is cut down to the tricks the cut-off needs
	// when that pins fewer cards: a weaker bound that answers for more
	// positions.
	// The bounds are computed only as far as a cut-off needs: each
	// returns its exact value when that reaches need.
	qneed := beta - won
	if !ns {
		qneed = won + rem - beta + 1
	}
	q, qrw := e.quickTricksNeed(d, qneed)
	if ns && won+q >= beta {
		q, qrw = e.quickPins(d, beta-won, q, qrw)
		return won + q, qrw
	}
	if !ns && won+rem-q < beta {
		q, qrw = e.quickPins(d, won+rem-beta+1, q, qrw)
		return won + rem - q, qrw
	}
	lneed := won + rem - beta + 1
	if !ns {
		lneed = beta - won
	}
	sl, srw := e.laterTricksNeed(d, lneed)
	if ns && won+rem-sl < beta {
		sl, srw = e.laterPins(d, won+rem-beta+1, sl, srw)
		return won + rem - sl, srw
	}
	if !ns && won+sl >= beta {
		sl, srw = e.laterPins(d, beta-won, sl, srw)
		return won + sl, srw
	}
	return e.expand(d, beta)
}

// playCard plays card c at depth d.
func (e *engine) playCard(d int, c int8) {
	p := &e.plays[d&63]
	p.card = c
	e.hands[p.seat&3] &^= 1 << uint(c&63)
	win := int8(d)
	if d&3 == 0 {
		e.tricks[d>>2&15].lead = int(c >> 4)
	} else if pw := e.plays[(d-1)&63].win; !beats(c, e.plays[pw&63].card, e.trump) {
		win = pw
	}
	p.win = win
}

// sideOnly flags the rank winners search returns (bit 0 stands for no
// card) when the result depends only on the tricks each side has won so
// far, not on who is on lead: one side has already reached the cut-off, or
// can no longer reach it. trickPins consumes the flag; no other caller of
// search reads the rank winners of a trick start.
const sideOnly = 1

// trickPins returns the rank winners of the trick just completed at depth
// d joined to rw, those of the search from the next trick. The card that
// won the trick needs its rank when it beat a card of its own suit, which
// with another rank could have won the trick for another hand. When the
// search from the next trick depended only on which side won this one (rw
// has sideOnly), a card of the winner's suit that its partner played does
// not count: had partner's card been higher, the same side would have won
// (as in lastTrick).
func (e *engine) trickPins(d int, rw uint64) uint64 {
	wp := &e.plays[e.plays[d&63].win&63]
	wc := wp.card
	side := rw & sideOnly
	for i := d - 3; i <= d; i++ {
		q := &e.plays[i&63]
		if q != wp && q.card>>4 == wc>>4 && (side == 0 || (q.seat^wp.seat)&1 != 0) {
			return rw&^sideOnly | 1<<uint(wc&63)
		}
	}
	return rw &^ sideOnly
}

// sureCutPins returns the rank winners of the cut-off that card c, which
// surely wins the trick for the player at depth d (see sureWinner), brings
// when winning the trick decides the search: c when an opponent played a
// card of its suit to the trick, or LHO, playing after, may play one.
// Those are the rank winners trickPins would give c in every line the
// search could play after it, the search from the next trick depending
// only on the side that won this one (its rank winners are sideOnly).
func (e *engine) sureCutPins(d int, c int8) uint64 {
	seat := e.plays[d&63].seat
	su := int(c >> 4)
	for i := d &^ 3; i < d; i++ {
		if q := &e.plays[i&63]; (q.seat^seat)&1 != 0 && int(q.card>>4) == su {
			return 1 << uint(c&63)
		}
	}
	if d&3 == 3 {
		return 0
	}
	lho := e.hands[(seat+1)&3]
	ls := e.tricks[d>>2&15].lead & 3
	if f := suitOf(lho, ls); (f != 0 && su == ls) || (f == 0 && suitOf(lho, su) != 0) {
		return 1 << uint(c&63)
	}
	return 0
}

// legal returns the cards the player at depth d may play.
func (e *engine) legal(d int) uint64 {
	hand := e.hands[e.plays[d&63].seat&3]
	if d&3 == 0 {
		return hand
	}
	if f := hand & (rankMask << (16 * uint(e.tricks[d>>2&15].lead&3))); f != 0 {
		return f
	}
	return hand
}

// equivalent reports whether card c is equivalent to a card already tried
// (no card outside the hand lies between them among the cards left at the
// start of the trick) by returning the cards from one to the other, or 0.
func equivalent(all, hand, tried uint64, c int8) uint64 {
	su := int(c >> 4)
	ts := suitOf(tried, su)
	if ts == 0 {
		return 0
	}
	a := suitOf(all, su) &^ suitOf(hand, su)
	r := uint(c & 15)
	if above := ts >> (r + 1); above != 0 {
		t := r + 1 + uint(bits.TrailingZeros16(above))
		if a&(1<<t-1)>>(r+1) == 0 {
			return (all >> (16 * uint(su)) & (2<<t - 1) &^ (1<<r - 1)) << (16 * uint(su))
		}
	}
	if below := ts & (1<<r - 1); below != 0 {
		t := uint(topRank(below))
		if a&(1<<r-1)>>(t+1) == 0 {
			return (all >> (16 * uint(su)) & (2<<r - 1) &^ (1<<t - 1)) << (16 * uint(su))
		}
	}
	return 0
}

// expand searches the moves of the player at depth d.
func (e *engine) expand(d, beta int) (int, uint64) {
	p := &e.plays[d&63]
	seat := p.seat
	hp := &e.hands[seat&3]
	hand := *hp
	legal := e.legal(d)
	inTrick := d&3 != 3
	if inTrick {
		// Within the trick the next player and the tricks won are the
		// same for every move: set them once and expand directly.
		next := &e.plays[(d+1)&63]
		next.nsWon = p.nsWon
		next.seat = (seat + 1) & 3
	}
	if legal&(legal-1) == 0 {
		// A forced card: nothing to order or compare.
		c := int8(bits.TrailingZeros64(legal))
		e.playCard(d, c)
		var v int
		var rw uint64
		if inTrick {
			v, rw = e.expand(d+1, beta)
		} else {
			e.tricks[d>>2&15].eqv = 0 // no equivalence skips below
			v, rw = e.search(d+1, beta)
			rw = e.trickPins(d, rw)
		}
		*hp = hand
		return v, rw
	}
	maxNode := isNS(seat)
	best := 99
	if maxNode {
		best = -1
	}
	// The card that last caused a cut-off in the same situation (see
	// killerKey) is tried first, and the others are ordered only if it
	// fails. Fourth hand following suit uses it too: which card wins
	// cheaply or goes low is usually clear, but with long suits and voids
	// about (the four-void deal) the card that keeps an entry or a stopper
	// is not, and the killer finds it (a third of the trump strains'
	// positions there; as many as before on random deals).
	var rest uint64
	n := 0
	// When this trick alone reaches the cut-off for the side to play, a
	// card that surely wins it cuts off: it comes before the killer, and
	// its cut-off, which it surely brings, is not recorded as one (it would
	// displace a killer that serves where the trick is not enough). In
	// third and fourth seat the search ends here, with the value and rank
	// winners the search after the card would give, without playing the
	// trick out (only the opponent in fourth seat, if any, has cards to
	// try, and none changes the result). In second seat the trick is
	// played out: there partner's card in fourth seat after each of the
	// opponent's is a cut-off that the killer table learns from (ending
	// the search here too: 7% more positions on the four-void deal).
	sure := int8(-1)
	if won := int(p.nsWon); d&3 != 0 && ((maxNode && won+1 == beta) ||
		(!maxNode && won+bits.OnesCount64(e.tricks[d>>2&15].all)>>2 == beta)) {
		sure = e.sureWinner(d, legal)
	}
	if sure >= 0 && d&3 != 1 {
		if maxNode {
			return beta, e.sureCutPins(d, sure)
		}
		return beta - 1, e.sureCutPins(d, sure)
	}
	if sure >= 0 {
		p.moves[0] = sure
		n, rest = 1, legal&^(1<<uint(sure&63))
	} else {
		p.kkey = e.killerKey(d)
		// k is a card, 0..63, or -1: masked, the shifts need no check.
		if k := e.killer.get(p.kkey); k >= 0 && legal>>(uint(k)&63)&1 != 0 {
			p.moves[0] = k
			n, rest = 1, legal&^(1<<(uint(k)&63))
		}
	}
	if n == 0 {
		// Order every legal card (two or more: see order), without the
		// call through order.
		if d&3 == 0 {
			n = e.orderLead(int(seat), legal, &p.moves)
			if bits.OnesCount64(e.tricks[d>>2&15].all) >= 4*etcTricks {
				e.leadByTable(d, beta, &p.moves, n)
			}
		} else {
			n = e.orderFollow(d, legal, &p.moves)
		}
	}
	var rw, tried, spans uint64
	// below holds, in each suit, the cards lower than every rank winner
	// of a card of the suit tried (see the end of the loop).
	var below uint64
	ts := &e.tricks[d>>2&15]
	for i := 0; ; i++ {
		if i == n {
			if rest == 0 {
				break
			}
			// Every move so far is tried: tried|rest is the legal cards
			// (one value fewer kept through the loop).
			n += e.order(d, tried|rest, rest, n)
			rest = 0
		}
		c := p.moves[i&15]
		if below>>uint(c&63)&1 != 0 {
			tried |= 1 << uint(c&63)
			continue
		}
		su := int(c >> 4)
		// No card of the suit tried yet (the common case): no call.
		if suitOf(tried, su) != 0 {
			if sp := equivalent(ts.all, *hp, tried, c); sp != 0 {
				spans |= sp
				tried |= 1 << uint(c&63)
				continue
			}
		}
		tried |= 1 << uint(c&63)
		// playCard, written out (the call costs more than its body here:
		// the compiler reloads every value the loop keeps after it).
		p.card = c
		*hp &^= 1 << uint(c&63)
		win := int8(d)
		if d&3 == 0 {
			ts.lead = int(c >> 4)
		} else if pw := e.plays[(d-1)&63].win; !beats(c, e.plays[pw&63].card, e.trump) {
			win = pw
		}
		p.win = win
		ts.eqv = 0
		var v int
		var crw uint64
		if inTrick {
			v, crw = e.expand(d+1, beta)
		} else {
			v, crw = e.search(d+1, beta)
			crw = e.trickPins(d, crw)
		}
		cs := ts.eqv
		*hp |= 1 << uint(c&63) // the hand as it was
		// The side to play read again from p rather than kept in a local
		// (one value fewer for the loop to reload after the call).
		if isNS(p.seat) {
			if v > best {
				best = v
			}
			if best >= beta {
				if c != sure {
					e.killer.put(p.kkey, c)
				}
				ts.eqv = cs
				return best, crw
			}
		} else {
			if v < best {
				best = v
			}
			if best < beta {
				if c != sure {
					e.killer.put(p.kkey, c)
				}
				ts.eqv = cs
				return best, crw
			}
		}
		rw |= crw
		spans |= cs
		// A card of this suit lower than every rank winner of the suit
		// would have given the same result.
		sw := suitOf(crw, su)
		if sw == 0 {
			below |= 0xffff << (16 * uint(su&3))
		} else if b := bottomRank(sw); int(c&15) < b {
			below |= uint64(1<<uint(b)-1) << (16 * uint(su&3))
		}
	}
	ts.eqv = spans
	return best, rw
}
