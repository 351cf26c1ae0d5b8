package dd

import (
	"fmt"
	"strings"

	"github.com/bridgetd/bridgetd/bridge"
)

// Par is the par result of a deal as DDS's DealerPar defines it: the score
// when both sides bid optimally knowing the double-dummy table, the side of
// the dealer bidding first, with sacrifices (always doubled, never
// redoubled) when they cost less than the opponents' contract is worth.
type Par struct {
	// Score is the par score from North-South's side (Law 77 scoring).
	Score int
	// Contracts are the contracts that score par, each at the lowest level
	// that keeps its score and leaves the opponents no profitable
	// sacrifice. Empty when the deal is passed out at par.
	Contracts []ParContract
}

// ParContract is one par contract: the contract, the seats of the side
// that can declare it with the par number of tricks, and the tricks over
// (positive) or under (negative) the contract.
type ParContract struct {
	Contract  bridge.Contract
	Declarers []bridge.Seat // one or both seats of the declaring side
	Over      int           // tricks taken minus tricks needed
}

// String returns the contract as BridgeComposer writes ParContract items:
// "NS 3NT+2", "S 4HX-1", "EW 6S=".
func (c ParContract) String() string {
	var b strings.Builder
	if len(c.Declarers) == 2 {
		b.WriteString(c.Declarers[0].Side().String())
	} else {
		for _, s := range c.Declarers {
			b.WriteString(s.String())
		}
	}
	b.WriteByte(' ')
	b.WriteString(c.Contract.ASCII())
	switch {
	case c.Over > 0:
		fmt.Fprintf(&b, "+%d", c.Over)
	case c.Over == 0:
		b.WriteByte('=')
	default:
		fmt.Fprintf(&b, "%d", c.Over)
	}
	return b.String()
}

// ContractsString joins the par contracts with "; ", or returns "Pass".
func (p Par) ContractsString() string {
	if len(p.Contracts) == 0 {
		return "Pass"
	}
	s := make([]string, len(p.Contracts))
	for i, c := range p.Contracts {
		s[i] = c.String()
	}
	return strings.Join(s, "; ")
}

// ScoreString returns the score as PBN's OptimumScore writes it, from
// North-South's side: "NS +620", "NS -100", "NS 0".
func (p Par) ScoreString() string {
	if p.Score > 0 {
		return fmt.Sprintf("NS +%d", p.Score)
	}
	return fmt.Sprintf("NS %d", p.Score)
}

// bid is a contract level and strain as a single ordinal: 0 for 1♣ up to 34
// for 7NT, in the order of the auction (Law 18E).
type bid int

func mkBid(level int, s bridge.Strain) bid { return bid((level-1)*5 + int(s)) }
func (b bid) level() int                   { return int(b)/5 + 1 }
func (b bid) strain() bridge.Strain        { return bridge.Strain(int(b) % 5) }

// ParOf computes the par of a deal from its double-dummy table, the dealer
// and the vulnerability.
func ParOf(t Table, dealer bridge.Seat, v bridge.Vulnerability) Par {
	// best[side][strain] is the side's best tricks in the strain.
	var best [2][bridge.NumStrains]int
	for s := bridge.North; s <= bridge.West; s++ {
		for st := bridge.Strain(0); st < bridge.NumStrains; st++ {
			best[s.Side()][st] = max(best[s.Side()][st], t[s][st])
		}
	}
	// The highest contract each side makes.
	top := [2]bid{-1, -1}
	for side := 0; side < 2; side++ {
		for st := bridge.Strain(0); st < bridge.NumStrains; st++ {
			if lv := best[side][st] - 6; lv >= 1 {
				top[side] = max(top[side], mkBid(lv, st))
			}
		}
	}
	if top[0] < 0 && top[1] < 0 {
		return Par{}
	}
	// Primacy: the side with the higher contract; on a tie, the side of the
	// first seat from the dealer that makes it.
	a := bridge.NS
	switch {
	case top[1] > top[0]:
		a = bridge.EW
	case top[1] == top[0]:
		st := top[0].strain()
		for i := 0; i < 4; i++ {
			s := (dealer + bridge.Seat(i)) & 3
			if t[s][st] == best[s.Side()][st] {
				a = s.Side()
				break
			}
		}
	}
	b := a.Opponents()
	vulA, vulB := v.Vulnerable(a), v.Vulnerable(b)
	// sacrifice returns the cheapest sacrifice of side b over contract c
	// (the penalty b pays, negative if b makes its contract), and whether
	// any exists.
	type sac struct {
		bid  bid
		cost int
	}
	sacrifices := func(c bid) (int, []sac) {
		cost := 1 << 30
		var list []sac
		for st := bridge.Strain(0); st < bridge.NumStrains; st++ {
			lv := c.level()
			if st <= c.strain() {
				lv++
			}
			if lv > 7 {
				continue
			}
			k := mkBid(lv, st)
			con := bridge.Contract{Level: uint8(lv), Strain: st, Risk: bridge.Doubled}
			sc := con.Score(best[b][st], vulB)
			if sc >= 0 {
				// b makes a contract above c: undoubled is what it scores.
				sc = bridge.Contract{Level: uint8(lv), Strain: st}.Score(best[b][st], vulB)
			}
			p := -sc
			if p < cost {
				cost = p
				list = list[:0]
			}
			if p == cost {
				list = append(list, sac{k, p})
			}
		}
		return cost, list
	}
	// Each contract side a makes is worth its score, or the penalty of the
	// opponents' cheapest sacrifice if that is less.
	bestVal := -1 << 30
	type cand struct {
		bid   bid
		score int
	}
	var made []cand
	for c := bid(0); c <= top[a]; c++ {
		st := c.strain()
		if best[a][st] < c.level()+6 {
			continue
		}
		sc := bridge.Contract{Level: uint8(c.level()), Strain: st}.Score(best[a][st], vulA)
		cost, _ := sacrifices(c)
		val := min(sc, cost)
		if val > bestVal {
			bestVal = val
		}
		made = append(made, cand{c, sc})
	}
	par := Par{Score: bestVal}
	if a == bridge.EW {
		par.Score = -bestVal
	}
	// Par contracts: a's contracts worth par undoubled, each strain at its
	// lowest such level; otherwise b's cheapest sacrifices.
	seen := map[bridge.Strain]bool{}
	for _, m := range made {
		st := m.bid.strain()
		if m.score != bestVal || seen[st] {
			continue
		}
		if cost, _ := sacrifices(m.bid); cost < bestVal {
			continue
		}
		seen[st] = true
		par.Contracts = append(par.Contracts, ParContract{
			Contract:  bridge.Contract{Level: uint8(m.bid.level()), Strain: st},
			Declarers: declarers(t, a, st, best[a][st]),
			Over:      best[a][st] - m.bid.level() - 6,
		})
	}
	if len(par.Contracts) > 0 {
		return par
	}
	// The par is a sacrifice: over the highest contract of side a that
	// forces it.
	for i := len(made) - 1; i >= 0; i-- {
		m := made[i]
		cost, list := sacrifices(m.bid)
		if cost != bestVal || m.score <= cost {
			continue
		}
		for _, s := range list {
			st := s.bid.strain()
			if seen[st] {
				continue
			}
			seen[st] = true
			par.Contracts = append(par.Contracts, ParContract{
				Contract:  bridge.Contract{Level: uint8(s.bid.level()), Strain: st, Risk: bridge.Doubled},
				Declarers: declarers(t, b, st, best[b][st]),
				Over:      best[b][st] - s.bid.level() - 6,
			})
		}
		break
	}
	return par
}

// SidesPar returns the par of the deal for each side as the side that
// bids first (DDS's SidesPar), indexed by bridge.NS and bridge.EW: the
// dealer-based par (ParOf) with the dealer of that side who gives it the
// better score. The side that bids first matters only when both sides'
// highest making contract is the same; otherwise both are ParOf's for any
// dealer. Scores are from North-South's side, as in Par.
func SidesPar(t Table, v bridge.Vulnerability) [2]Par {
	var out [2]Par
	for _, side := range [2]bridge.Side{bridge.NS, bridge.EW} {
		seats := side.Seats()
		p, q := ParOf(t, seats[0], v), ParOf(t, seats[1], v)
		better := q.Score > p.Score
		if side == bridge.EW {
			better = q.Score < p.Score
		}
		if better {
			p = q
		}
		out[side] = p
	}
	return out
}

// declarers returns the seats of the side that take n tricks in the strain.
func declarers(t Table, side bridge.Side, st bridge.Strain, n int) []bridge.Seat {
	var out []bridge.Seat
	for _, s := range side.Seats() {
		if t[s][st] == n {
			out = append(out, s)
		}
	}
	return out
}
