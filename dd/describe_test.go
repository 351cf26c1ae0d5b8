package dd

import (
	"math/rand"
	"testing"
)

// TestDescribeIncremental: the shape and owner words describe works out
// from the previous trick's, dropping the cards played, are those it works
// out from the hands alone, at every trick of random deals played out with
// random legal cards (tricks of one suit, discards and ruffs alike).
func TestDescribeIncremental(t *testing.T) {
	rng := rand.New(rand.NewSource(19))
	for deal := 0; deal < 200; deal++ {
		e := newEngine(1<<20, nil)
		e.trump = rng.Intn(5)
		var cards []int
		for su := 0; su < 4; su++ {
			for r := 2; r <= 14; r++ {
				cards = append(cards, 16*su+r)
			}
		}
		rng.Shuffle(len(cards), func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
		e.hands = [4]uint64{}
		for i, c := range cards {
			e.hands[i%4] |= 1 << uint(c)
		}
		e.root = 0
		e.plays[0].seat = int8(rng.Intn(4))
		for d := 0; d < 52; d++ {
			if d&3 == 0 {
				tr := &e.tricks[d>>2&15]
				tr.all = e.hands[0] | e.hands[1] | e.hands[2] | e.hands[3]
				e.describe(tr, d)
				var fresh trickState
				fresh.all = tr.all
				root := e.root
				e.root = d // from the hands alone
				e.describe(&fresh, d)
				e.root = root
				if fresh.shape != tr.shape || fresh.w != tr.w {
					t.Fatalf("deal %d, depth %d: shape %#x words %#x, want %#x %#x",
						deal, d, tr.shape, tr.w, fresh.shape, fresh.w)
				}
				if d > 0 {
					e.plays[d].seat = e.plays[e.plays[d-1].win].seat
				}
			} else {
				e.plays[d].seat = (e.plays[d-1].seat + 1) & 3
			}
			legal := e.legal(d)
			var opts []int8
			for c := 0; c < 64; c++ {
				if legal>>uint(c)&1 != 0 {
					opts = append(opts, int8(c))
				}
			}
			e.playCard(d, opts[rng.Intn(len(opts))])
		}
	}
}
