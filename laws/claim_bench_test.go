package laws

import (
	"math/rand/v2"
	"testing"

	"github.com/bridgetd/bridgetd/bridge"
)

// benchClaims returns claim positions of k cards a hand as a Director
// meets them: the claimer (declarer, on lead) holds the top cards of
// several suits, and claims what double dummy gives him, with no
// statement — the case where every normal line has to be tried.
func benchClaims(tb testing.TB, k int) ([]ClaimPosition, []int) {
	r := rand.New(rand.NewPCG(uint64(k), 99))
	a := NewAdjudicator(Edition2017)
	var out []ClaimPosition
	var claims []int
	for len(out) < 8 {
		pos := randomPosition(r, k)
		pos.Declarer = bridge.South
		pos.Leader = bridge.South
		// move the two top cards of each suit still in play to N-S
		for su := bridge.Clubs; su <= bridge.Spades; su++ {
			all := pos.Hands[0] | pos.Hands[1] | pos.Hands[2] | pos.Hands[3]
			for n := 0; n < 2 && all.InSuit(su) != 0; n++ {
				c := highest(all, su)
				all = all.Without(c)
				h, _ := pos.Hands.Holder(c)
				if h.Side() == bridge.NS {
					continue
				}
				// swap with the lowest card of the same suit in N-S, or any N-S card
				to := bridge.South
				if pos.Hands[to].Len() == 0 || r.IntN(2) == 0 {
					to = bridge.North
				}
				give := pos.Hands[to].Cards()[len(pos.Hands[to].Cards())-1]
				pos.Hands[to] = pos.Hands[to].Without(give).With(c)
				pos.Hands[h] = pos.Hands[h].Without(c).With(give)
			}
		}
		d, err := a.ddTricks(pos, bridge.NS)
		if err != nil {
			tb.Fatal(err)
		}
		if d < k-2 {
			continue
		}
		out = append(out, pos)
		claims = append(claims, d)
	}
	return out, claims
}

func benchmarkClaim(b *testing.B, k int) {
	pos, claims := benchClaims(b, k)
	a := NewAdjudicator(Edition2017)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		j := i % len(pos)
		if _, err := a.Contested(pos[j], Claim{Claimer: bridge.South, Tricks: claims[j]}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkClaim8 adjudicates a contested claim with 8 tricks left.
func BenchmarkClaim8(b *testing.B) { benchmarkClaim(b, 8) }

// BenchmarkClaim13 adjudicates a contested claim with 13 tricks left
// (target: under 1 s).
func BenchmarkClaim13(b *testing.B) { benchmarkClaim(b, 13) }
