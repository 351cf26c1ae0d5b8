package laws

import (
	"fmt"
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

// BenchmarkClaim13 adjudicates a contested claim with 13 tricks left on
// benchClaims's eight positions (target: under 1 s). Most are trump
// contracts with an opponent's trump out that the claim does not mention,
// which take far longer than the no-trump ones: run it with -benchtime 1x
// and a long -timeout.
func BenchmarkClaim13(b *testing.B) { benchmarkClaim(b, 13) }

// benchmarkClaim13 adjudicates one of benchClaims's 13-trick positions,
// an unstated claim of the double-dummy tricks by South.
func benchmarkClaim13(b *testing.B, j int, trump bool) {
	pos, claims := benchClaims(b, 13)
	p := pos[j]
	a := NewAdjudicator(Edition2017)
	s := newClaimSearch(p, bridge.NS, Statement{}, modeNormal)
	if got := p.Trump != bridge.NoTrump && s.trumpOut(); got != trump {
		b.Fatalf("position %d: an opponent's trump out %v, want %v", j, got, trump)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		a := a
		if i > 0 {
			a = NewAdjudicator(Edition2017) // no table carried over between runs
		}
		if _, err := a.Contested(p, Claim{Claimer: bridge.South, Tricks: claims[j]}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkClaim13NT: a claim at no trump with 13 tricks left.
func BenchmarkClaim13NT(b *testing.B) { benchmarkClaim13(b, 0, false) }

// BenchmarkClaim13Trump: a claim in hearts with 13 tricks left and an
// opponent's trump out that the statement does not mention (Law 70C: the
// claimer may have forgotten it, so he cashes winners into the ruff).
func BenchmarkClaim13Trump(b *testing.B) { benchmarkClaim13(b, 1, true) }

// benchmarkClaimEach adjudicates each of benchClaims's positions of k
// cards a hand in its own sub-benchmark (p0 … p7), a fresh adjudicator
// each time: the figure per position the target is set on. It
// reports the positions the searches visit (positions/op), which unlike
// the time does not depend on the machine's load, and their split between
// the value, the line with its "another normal card" tests, and the 70C
// question (value-, line-, 70C-positions/op).
func benchmarkClaimEach(b *testing.B, k int) {
	pos, claims := benchClaims(b, k)
	for j := range pos {
		b.Run(fmt.Sprintf("p%d", j), func(b *testing.B) {
			nodes := 0
			var phases [3]int
			for i := 0; i < b.N; i++ {
				a := NewAdjudicator(Edition2017) // what Adjudicate does
				if _, err := a.Contested(pos[j], Claim{Claimer: bridge.South, Tricks: claims[j]}); err != nil {
					b.Fatal(err)
				}
				nodes += a.nodes
				for i, n := range a.phases {
					phases[i] += n
				}
			}
			b.ReportMetric(float64(nodes)/float64(b.N), "positions/op")
			for i, name := range []string{"value", "line", "70C"} {
				b.ReportMetric(float64(phases[i])/float64(b.N), name+"-positions/op")
			}
		})
	}
}

// BenchmarkClaimEach8 times each 8-trick position on its own.
func BenchmarkClaimEach8(b *testing.B) { benchmarkClaimEach(b, 8) }

// BenchmarkClaimEach13 times each 13-trick position on its own (target:
// under 1 s each); run it with -benchtime 1x.
func BenchmarkClaimEach13(b *testing.B) { benchmarkClaimEach(b, 13) }
