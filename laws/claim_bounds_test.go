package laws

import (
	"math/rand/v2"
	"testing"

	"github.com/bridgetd/bridgetd/bridge"
)

// worstTricks returns the side's tricks from a trick start when every
// seat, the side's own included, plays whatever legal card does worst for
// the side: a lower bound that holds "whatever anyone plays" must not
// exceed it.
func worstTricks(s *claimSearch, st claimState) int {
	if st.n == 4 {
		w := (st.leader + bridge.Seat(s.winning(&st))) & 3
		won := 0
		if w.Side() == s.side {
			won = 1
		}
		return won + worstTricks(s, claimState{hands: st.hands, leader: w})
	}
	seat := (st.leader + bridge.Seat(st.n)) & 3
	h := st.hands[seat]
	if h == 0 {
		return 0
	}
	legal := h
	if st.n > 0 {
		if f := h.InSuit(st.trick[0].Suit()); f != 0 {
			legal = f
		}
	}
	best := 14
	for _, c := range legal.Cards() {
		best = min(best, worstTricks(s, s.apply(st, claimMove{card: c})))
	}
	return best
}

// smallEnding deals k cards to each seat from a few suits' top cards, so
// that one side often holds a hand of winners, with a random trump.
func smallEnding(r *rand.Rand, k int) (claimState, bridge.Strain) {
	var pack []bridge.Card
	nsuits := 1 + r.IntN(4)
	suits := r.Perm(4)[:nsuits]
	for _, su := range suits {
		for rk := bridge.Ace; rk > bridge.Ace-bridge.Rank(2+r.IntN(8)) && rk >= bridge.Two; rk-- {
			pack = append(pack, bridge.NewCard(bridge.Suit(su), rk))
		}
	}
	for len(pack) < 4*k { // too few: fill from the whole pack
		c := bridge.NewCard(bridge.Suit(r.IntN(4)), bridge.Rank(2+r.IntN(13)))
		dup := false
		for _, d := range pack {
			dup = dup || d == c
		}
		if !dup {
			pack = append(pack, c)
		}
	}
	st := claimState{hands: dealOut(r, pack, k)}
	st.leader = bridge.Seat(r.IntN(4))
	return st, bridge.Strain(r.IntN(5))
}

// TestClaimBoundsSound checks the claim search's lower bounds on small
// endings against brute force: the tricks sure() credits (all of them)
// and masterTrumps' count are never more than the side takes when every
// seat, its own too, plays the worst card for it. A bound that failed
// here could cut the search of Law 70A's worst normal line short and
// change an award.
func TestClaimBoundsSound(t *testing.T) {
	r := rand.New(rand.NewPCG(70, 1))
	n := 2500
	if testing.Short() {
		n = 800
	}
	fired, dom, opp, trumps := 0, 0, 0, 0
	for i := 0; i < n; i++ {
		st, trump := smallEnding(r, 1+r.IntN(4))
		side := bridge.Side(r.IntN(2))
		s := newClaimSearch(ClaimPosition{Trump: trump}, side, Statement{}, modeNormal)
		sure, mt := s.sure(&st), s.masterTrumps(&st)
		if !sure && mt == 0 {
			continue
		}
		worst := worstTricks(s, st)
		if sure {
			fired++
			x, y := st.hands[side.Seats()[0]], st.hands[side.Seats()[1]]
			if (x|y)&^(s.winners(&st, bridge.Clubs)|s.winners(&st, bridge.Diamonds)|s.winners(&st, bridge.Hearts)|s.winners(&st, bridge.Spades)) != 0 {
				dom++ // by one hand's winners and lengths, not all the side's cards
			}
			if st.leader.Side() != side {
				opp++ // an opponent on lead
			}
			if k := st.hands[st.leader].Len(); worst != k {
				t.Fatalf("%v %s, %s on lead: sure() credits all %d tricks to %s, the worst play gives %d", st.hands, trump, st.leader, k, side, worst)
			}
		}
		if mt > 0 {
			trumps++
			if mt > worst {
				t.Fatalf("%v %s, %s on lead: masterTrumps credits %d tricks to %s, the worst play gives %d", st.hands, trump, st.leader, mt, side, worst)
			}
		}
	}
	if fired < n/20 || dom < n/100 || opp < n/100 || trumps < n/20 {
		t.Fatalf("only %d sure (%d by one hand, %d with an opponent on lead) and %d master-trump endings of %d", fired, dom, opp, trumps, n)
	}
}

// parseStatements parses each of words as a claim statement.
func parseStatements(t *testing.T, words ...string) []Statement {
	t.Helper()
	var sts []Statement
	for _, w := range words {
		st, err := ParseStatement(w)
		if err != nil {
			t.Fatal(err)
		}
		sts = append(sts, st)
	}
	return sts
}

// TestClaimModelCutsSound checks the claim search's cut-offs that hold
// only under the model of normal play (cashTricks, winsTrick) against the
// plain search, the same search with those cut-offs off, on small endings
// with statements that leave the line to the model, state a part of it or
// cover every case: a bound must never exceed the plain value, and the
// value with the cut-offs must equal it. A cut-off that failed here could
// change an award (Law 70A's worst normal line).
func TestClaimModelCutsSound(t *testing.T) {
	r := rand.New(rand.NewPCG(70, 2))
	n := 3000
	if testing.Short() {
		n = 1000
	}
	sts := parseStatements(t, "", "", "", "trumps-out", "trumps", "run S", "duck H", "finesse DQ", "crossruff", "SA", "best")
	cash, cashMany, wins := 0, 0, 0
	for i := 0; i < n; i++ {
		st, trump := smallEnding(r, 1+r.IntN(6))
		side := bridge.Side(r.IntN(2))
		if r.IntN(2) == 0 { // the side on lead, the opponents out of trumps: where cashTricks applies
			st.leader = side.Seats()[r.IntN(2)]
			// the side's hands take the top card of each suit
			for su := bridge.Clubs; su <= bridge.Spades; su++ {
				if c, ok := st.top(su); ok {
					h, _ := st.hands.Holder(c)
					to := side.Seats()[r.IntN(2)]
					if h.Side() != side {
						give := st.hands[to].Cards()[r.IntN(st.hands[to].Len())]
						st.hands[to] = st.hands[to].Without(give).With(c)
						st.hands[h] = st.hands[h].Without(c).With(give)
					}
				}
			}
			trump = bridge.Strain(r.IntN(5)) // now and then the opponents hold trumps
			if r.IntN(3) != 0 {
				trump = bridge.NoTrump
			}
			for su := bridge.Clubs; su <= bridge.Spades; su++ {
				o := side.Opponents().Seats()
				if (st.hands[o[0]]|st.hands[o[1]]).InSuit(su) == 0 && r.IntN(2) == 0 {
					trump = bridge.Strain(su)
				}
			}
		}
		stmt := sts[r.IntN(len(sts))]
		mode := modeNormal
		if r.IntN(8) == 0 {
			mode = modeLikely
		}
		search := func(plain bool) *claimSearch {
			s := newClaimSearch(ClaimPosition{Trump: trump}, side, stmt, mode)
			s.unaware = r.IntN(2) == 0
			s.plain = plain
			return s
		}
		ref := search(true)
		unaware := ref.unaware
		want := ref.exact(st, -1)
		s := search(false)
		s.unaware = unaware
		if lb := s.cashTricks(&st); lb > 0 {
			cash++
			if lb > 1 {
				cashMany++
			}
			if lb > want {
				t.Fatalf("%v %s, %s on lead, %s to play %q (unaware %v): cashTricks credits %d tricks, the model gives %d", st.hands, trump, st.leader, side, stmt, unaware, lb, want)
			}
		}
		if s.winsTrick(&st) {
			wins++
			if want < 1 {
				t.Fatalf("%v %s, %s on lead, %s to play %q (unaware %v): winsTrick, the model gives %d", st.hands, trump, st.leader, side, stmt, unaware, want)
			}
		}
		if got := s.exact(st, -1); got != want {
			t.Fatalf("%v %s, %s on lead, %s to play %q (unaware %v): %d tricks with the cut-offs, %d without", st.hands, trump, st.leader, side, stmt, unaware, got, want)
		}
	}
	if cash < n/10 || cashMany < n/20 || wins < n/10 {
		t.Fatalf("only %d cash bounds (%d above one trick) and %d sure tricks in %d endings", cash, cashMany, wins, n)
	}
	t.Logf("%d cash bounds (%d above one trick), %d sure tricks in %d endings", cash, cashMany, wins, n)
}

// TestClaimAwareBoundsSound checks the Law 70C question — would the
// claimer take more than w tricks had he known of the outstanding trump?
// — asked with the unaware search's table as lower bounds (awareAbove)
// against the plain aware search, on small endings with an opponent's
// trump out, for every w.
func TestClaimAwareBoundsSound(t *testing.T) {
	r := rand.New(rand.NewPCG(70, 3))
	n := 600
	if testing.Short() {
		n = 200
	}
	tested, differ := 0, 0
	for tested < n {
		st, trump := smallEnding(r, 2+r.IntN(5))
		if trump == bridge.NoTrump {
			continue
		}
		side := bridge.Side(r.IntN(2))
		s := newClaimSearch(ClaimPosition{Trump: trump}, side, Statement{}, modeNormal)
		s.root = st
		if !s.trumpOut() {
			continue
		}
		tested++
		s.unaware = true
		v := s.exact(st, -1)
		ref := newClaimSearch(ClaimPosition{Trump: trump}, side, Statement{}, modeNormal)
		ref.plain = true
		aware := ref.exact(st, -1)
		if aware != v {
			differ++
		}
		for w := 0; w <= st.hands[st.leader].Len(); w++ {
			if got := s.awareAbove(w); got != (aware > w) {
				t.Fatalf("%v %s, %s on lead, %s to play: aware of the trump above %d: %v, the plain search gives %d (unaware %d)", st.hands, trump, st.leader, side, w, got, aware, v)
			}
		}
	}
	if differ < n/50 {
		t.Fatalf("knowing of the trump changed the value in only %d of %d endings", differ, n)
	}
	t.Logf("knowing of the trump changed the value in %d of %d endings", differ, n)
}

// TestClaimCutsStatedFollow: a low lead to partner's ace is a sure trick
// only when partner's card is his normal choice; a stated duck or a stated
// card makes him play low, and the opponents then take every trick (Law
// 70A: the statement is followed). Endings the random ones rarely deal.
func TestClaimCutsStatedFollow(t *testing.T) {
	for _, tc := range []struct {
		deal, stmt string
		want       int
		sure       bool
	}{
		{"N:.2..2 .5..A .A3.. .4..K", "", 2, true}, // low to the ace: partner must beat the second hand
		{"N:.2..2 .5..A .A3.. .4..K", "duck H", 0, false},
		{"N:.2..2 .5..A .A3.. .4..K", "H3", 0, false},
		{"N:.2..2 .5..A .AJ.. .Q..K", "", 0, false}, // the jack a normal finesse against the queen (70E)
	} {
		d, err := bridge.ParseDeal(tc.deal)
		if err != nil {
			t.Fatal(err)
		}
		stmt, err := ParseStatement(tc.stmt)
		if err != nil {
			t.Fatal(err)
		}
		st := claimState{hands: d, leader: bridge.North}
		ref := newClaimSearch(ClaimPosition{Trump: bridge.NoTrump}, bridge.NS, stmt, modeNormal)
		ref.plain = true
		s := newClaimSearch(ClaimPosition{Trump: bridge.NoTrump}, bridge.NS, stmt, modeNormal)
		if got := ref.exact(st, -1); got != tc.want {
			t.Errorf("%s %q: the plain search gives %d, want %d", tc.deal, tc.stmt, got, tc.want)
		}
		if got := s.winsTrick(&st); got != tc.sure {
			t.Errorf("%s %q: winsTrick %v, want %v", tc.deal, tc.stmt, got, tc.sure)
		}
		if got := s.exact(st, -1); got != tc.want {
			t.Errorf("%s %q: the search with its cut-offs gives %d, want %d", tc.deal, tc.stmt, got, tc.want)
		}
	}
}

// TestClaimRelative checks relative, which keys the search's tables,
// against its definition card by card: each card still in play takes the
// rank the ace less the number of cards of its suit still in play above
// it, and stays with its holder. Positions that differ only in cards
// already played then share an entry; a wrong renumbering would merge
// positions whose play differs and could change an award.
func TestClaimRelative(t *testing.T) {
	r := rand.New(rand.NewPCG(70, 4))
	for i := 0; i < 20000; i++ {
		d := randomPosition(r, 1+r.IntN(13)).Hands
		all := d[0] | d[1] | d[2] | d[3]
		var want bridge.Deal
		for seat := range d {
			for _, c := range d[seat].Cards() {
				above := 0
				for _, o := range all.InSuit(c.Suit()).Cards() {
					if o.Rank() > c.Rank() {
						above++
					}
				}
				want[seat] = want[seat].With(bridge.NewCard(c.Suit(), bridge.Ace-bridge.Rank(above)))
			}
		}
		if got := relative(d); got != want {
			t.Fatalf("%v: relative gives %v, want %v", d, got, want)
		}
	}
}

// redealGaps deals the opponents' cards of each gap between the side's
// cards of a suit again at random, each opponent keeping his number of
// cards in each gap: a position with the same coarse key (coarseDeal).
func redealGaps(r *rand.Rand, st claimState, side bridge.Side) claimState {
	x := bridge.Seat(side)
	o1, o2 := x+1, (x+3)&3
	out := st
	out.hands[o1], out.hands[o2] = 0, 0
	for su := bridge.Clubs; su <= bridge.Spades; su++ {
		var ranks []bridge.Rank
		var owners []bridge.Seat
		flush := func() {
			r.Shuffle(len(owners), func(i, j int) { owners[i], owners[j] = owners[j], owners[i] })
			for i, o := range owners {
				out.hands[o] = out.hands[o].With(bridge.NewCard(su, ranks[i]))
			}
			ranks, owners = ranks[:0], owners[:0]
		}
		for rk := bridge.Ace; rk >= bridge.Two; rk-- {
			c := bridge.NewCard(su, rk)
			switch {
			case st.hands[x].Has(c) || st.hands[x+2].Has(c):
				flush()
			case st.hands[o1].Has(c):
				ranks, owners = append(ranks, rk), append(owners, o1)
			case st.hands[o2].Has(c):
				ranks, owners = append(ranks, rk), append(owners, o2)
			}
		}
		flush()
	}
	return out
}

// TestClaimCoarseSound checks the coarse table, whose lower bounds stand
// for every deal of the opponents' cards within the gaps between the
// claimer side's cards: a search that has solved an ending, its tables
// kept, must give the plain search's value on the ending with the
// opponents' cards dealt again within those gaps, although who of them
// wins a trick between themselves, and so who leads next, may change.
// A bound that held too widely could cut the search of Law 70A's worst
// normal line short and change an award.
func TestClaimCoarseSound(t *testing.T) {
	r := rand.New(rand.NewPCG(70, 5))
	n := 3000
	if testing.Short() {
		n = 1000
	}
	sts := parseStatements(t, "", "", "", "trumps-out", "trumps", "run S", "duck H", "ruff C", "crossruff", "best")
	cuts, differ := 0, 0
	for i := 0; i < n; i++ {
		st, trump := smallEnding(r, 2+r.IntN(5))
		side := bridge.Side(r.IntN(2))
		stmt := sts[r.IntN(len(sts))]
		unaware := r.IntN(2) == 0
		other := redealGaps(r, st, side)
		search := func(plain bool) *claimSearch {
			s := newClaimSearch(ClaimPosition{Trump: trump}, side, stmt, modeNormal)
			s.unaware = unaware
			s.plain = plain
			return s
		}
		want, wantOther := search(true).exact(st, -1), search(true).exact(other, -1)
		if want != wantOther {
			differ++
		}
		s := search(false)
		if got := s.exact(st, -1); got != want {
			t.Fatalf("%v %s, %s on lead, %s to play %q (unaware %v): %d tricks, the plain search gives %d", st.hands, trump, st.leader, side, stmt, unaware, got, want)
		}
		before := s.coarseCuts
		if got := s.exact(other, -1); got != wantOther {
			t.Fatalf("%v %s, %s on lead, %s to play %q (unaware %v), after %v: %d tricks, the plain search gives %d", other.hands, trump, other.leader, side, stmt, unaware, st.hands, got, wantOther)
		}
		if s.coarseCuts > before {
			cuts++
		}
	}
	if cuts < n/10 || differ < n/100 {
		t.Fatalf("the coarse table cut the second search in only %d of %d endings; the deal within the gaps changed the value in %d", cuts, n, differ)
	}
	t.Logf("the coarse table cut the second search in %d of %d endings; the deal within the gaps changed the value in %d", cuts, n, differ)
}
