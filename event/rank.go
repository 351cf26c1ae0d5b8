package event

import (
	"cmp"
	"fmt"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
)

// Method is a tie-break procedure of NSWBA 12.
type Method int

// The tie-break procedures.
const (
	// SwissMethod: steps (a) opponents' total, (b) head-to-head, (c) capped
	// IMP difference, (d) wins, (e) deleting worst results, (f) lot
	// (NSWBA 12, Swiss teams or pairs).
	SwissMethod Method = iota
	// RoundRobinMethod: the Swiss steps without (a) (NSWBA 12, round robins).
	RoundRobinMethod
	// MatchpointMethod: (a) opponents' total in an incomplete movement,
	// (b) comparison on the boards, (c) head-to-head round, (d) scores
	// against the highest placed pairs in turn (NSWBA 12, matchpoints),
	// then lot. Individual events use it with a board's two opponents
	// where the pairs' steps have one opponent.
	MatchpointMethod
)

// Step names what separated an entrant from the one placed above it.
type Step string

// The steps, as the NSWBA 12 lettering has them.
const (
	ByScore       Step = "score"             // the total, fractions included (NSWBA 12)
	ByOpponents   Step = "(a) opponents"     // Swiss (a), matchpoints (a)
	ByHeadToHead  Step = "(b) head-to-head"  // Swiss (b); matchpoints (c) is labelled ByRound
	ByIMPs        Step = "(c) capped IMPs"   // Swiss (c)
	ByWins        Step = "(d) wins"          // Swiss (d)
	ByDropWorst   Step = "(e) worst dropped" // Swiss (e)
	ByLot         Step = "(f) lot"           // Swiss (f); also the last resort for matchpoints
	ByBoards      Step = "(b) boards"        // matchpoints (b)
	ByRound       Step = "(c) head-to-head"  // matchpoints (c)
	ByHigherPlace Step = "(d) v higher placed"
)

// MatchRecord is an entrant's result in one match, for ranking.
type MatchRecord struct {
	Round    int
	Opponent int     // 0 for a bye
	VP       float64 // the entrant's VP
	OppVP    float64 // the opponent's VP
	IMPs     float64 // the entrant's net IMPs (0 when not known)
	// Cap is the IMP cap of Swiss step (c) for this match: the fewest IMPs
	// that win 25–5 on the 30-VP basis. 0 means no cap.
	Cap float64
	// Weight is the share of a match this record counts for: ½ for each
	// half of a split match played by the pair that played both halves
	// (NSWBA 13.7); 0 means 1.
	Weight float64
	// SatOut marks the half match of the pair that would otherwise have
	// had the bye (NSWBA 13.7); a Swiss draw counts it as a bye.
	SatOut bool
}

func (m MatchRecord) weight() float64 {
	if m.Weight == 0 {
		return 1
	}
	return m.Weight
}

// BoardRecord is a matchpoint pair's (or individual player's) result on
// one board, for ranking.
type BoardRecord struct {
	Board    int
	Round    int
	Opponent int
	// SecondOpponent and Partner are set in an individual event, 0 for
	// pairs: a North–South player's opponents are East (Opponent) and West
	// (SecondOpponent), an East–West player's North and South.
	SecondOpponent int
	Partner        int
	// Side is NS or EW: the direction the pair sat.
	Side int
	// Score is the pair's score from its own side (NS score, or its
	// negation for EW).
	Score int
	// MP and Top are the pair's matchpoints on the board and the top.
	MP, Top float64
}

// against reports whether id was an opponent on the board.
func (b BoardRecord) against(id int) bool {
	return id != 0 && (b.Opponent == id || b.SecondOpponent == id)
}

// Record is what ranking knows of an entrant.
type Record struct {
	Entrant int
	// Total is the entrant's score after fines.
	Total   float64
	Matches []MatchRecord
	Boards  []BoardRecord
	// Eligible is false for a non-qualified unit (NSWBA 12): ranked, but
	// not to qualify or win a prize.
	Eligible bool
	// Field is the field the entrant is ranked in: FieldNS or FieldEW in a
	// two-winner movement, empty when the event has one winner.
	Field string
}

// The fields of a two-winner movement (a Mitchell without arrow switch):
// the North–South and the East–West pairs are ranked separately.
const (
	FieldNS = "NS"
	FieldEW = "EW"
)

// FieldName names a field of a two-winner movement as results show it:
// "North–South" or "East–West"; "" for the one field of a single-winner
// event.
func FieldName(field string) string {
	switch field {
	case FieldNS:
		return "North–South"
	case FieldEW:
		return "East–West"
	}
	return ""
}

// fieldOrder lists North–South before East–West, and entrants in no field
// (one winner, or a pair that never sat) before both.
func fieldOrder(f string) int {
	switch f {
	case FieldNS:
		return 1
	case FieldEW:
		return 2
	}
	return 0
}

// Standing is an entrant's place in the ranking.
type Standing struct {
	Place   int     `json:"place"`
	Entrant int     `json:"entrant"`
	Total   float64 `json:"total"`
	// By is what separated the entrant from the one placed immediately
	// above it (empty for the first).
	By Step `json:"by,omitempty"`
	// Detail gives the figures of that step, e.g. "opponents 121.3 v 118.6".
	Detail   string `json:"detail,omitempty"`
	Eligible bool   `json:"eligible"`
	// Field is the entrant's field in a two-winner movement (FieldNS or
	// FieldEW); places run from 1 in each field.
	Field string `json:"field,omitempty"`
}

// RankOptions tunes Rank.
type RankOptions struct {
	// Incomplete says a matchpoint movement was incomplete, which enables
	// matchpoint step (a) (NSWBA 12, matchpoints (a)).
	Incomplete bool
	// Seed seeds the lot; the same seed and field give the same lot.
	Seed int64
}

// eps: totals closer than this are equal; fractions of a point separate
// (NSWBA 12, fractions).
const eps = 1e-9

// Rank orders the records by total and breaks ties by the method's steps,
// each applied to the entrants still tied after the previous ones; a step
// that separates some of a group leaves the rest to the next step (NSWBA
// 12). Every standing says what separated it from the one above. Records
// in different fields (a two-winner movement) are ranked separately, the
// North–South field first, each with places from 1; matchpoint step (d)
// still takes the opponents in the order of their totals.
func Rank(recs []Record, m Method, o RankOptions) []Standing {
	byID := make(map[int]*Record, len(recs))
	for i := range recs {
		byID[recs[i].Entrant] = &recs[i]
	}
	r := ranker{recs: byID, method: m, opts: o}
	ids := make([]int, len(recs))
	for i, rec := range recs {
		ids[i] = rec.Entrant
	}
	slices.SortStableFunc(ids, func(a, b int) int {
		if c := cmpDesc(byID[a].Total, byID[b].Total); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	})
	// The provisional order by total, for matchpoint step (d).
	r.provisional = slices.Clone(ids)
	slices.SortStableFunc(ids, func(a, b int) int { return cmp.Compare(fieldOrder(byID[a].Field), fieldOrder(byID[b].Field)) })
	var out []Standing
	place := 0
	for i := 0; i < len(ids); {
		field := byID[ids[i]].Field
		if i == 0 || field != byID[ids[i-1]].Field {
			place = 0
		}
		j := i + 1
		for j < len(ids) && byID[ids[j]].Field == field && math.Abs(byID[ids[j]].Total-byID[ids[i]].Total) <= eps {
			j++
		}
		order, by, detail := r.resolve(ids[i:j], 0)
		for k, id := range order {
			place++
			s := Standing{Place: place, Entrant: id, Total: byID[id].Total, Eligible: byID[id].Eligible, Field: field}
			switch {
			case k > 0:
				s.By, s.Detail = by[k], detail[k]
			case place > 1:
				s.By = ByScore
				s.Detail = fmt.Sprintf("%s v %s", num(s.Total), num(out[len(out)-1].Total))
			}
			out = append(out, s)
		}
		i = j
	}
	return out
}

func cmpDesc(a, b float64) int {
	if math.Abs(a-b) <= eps {
		return 0
	}
	return -cmp.Compare(a, b)
}

func num(x float64) string {
	return strings.TrimSuffix(strings.TrimRight(fmt.Sprintf("%.2f", x), "0"), ".")
}

type ranker struct {
	recs        map[int]*Record
	method      Method
	opts        RankOptions
	provisional []int
}

// A step splits a tied group into ordered subgroups, best first, with the
// figure that decided each entrant; it returns nil when it does not apply.
type step struct {
	name  Step
	split func(r *ranker, group []int) (parts [][]int, figure map[int]string)
}

func (r *ranker) steps() []step {
	switch r.method {
	case RoundRobinMethod:
		return []step{
			{ByHeadToHead, (*ranker).headToHead},
			{ByIMPs, (*ranker).cappedIMPs},
			{ByWins, (*ranker).wins},
			{ByDropWorst, (*ranker).dropWorst},
			{ByLot, (*ranker).lot},
		}
	case MatchpointMethod:
		return []step{
			{ByOpponents, (*ranker).mpOpponents},
			{ByBoards, (*ranker).boards},
			{ByRound, (*ranker).headToHead},
			{ByHigherPlace, (*ranker).higherPlaced},
			{ByLot, (*ranker).lot},
		}
	default:
		return []step{
			{ByOpponents, (*ranker).opponents},
			{ByHeadToHead, (*ranker).headToHead},
			{ByIMPs, (*ranker).cappedIMPs},
			{ByWins, (*ranker).wins},
			{ByDropWorst, (*ranker).dropWorst},
			{ByLot, (*ranker).lot},
		}
	}
}

// resolve orders a tied group from step i on. by[k] and detail[k] say what
// separated order[k] from order[k-1].
func (r *ranker) resolve(group []int, i int) (order []int, by []Step, detail []string) {
	steps := r.steps()
	if len(group) == 1 || i >= len(steps) {
		return group, make([]Step, len(group)), make([]string, len(group))
	}
	parts, fig := steps[i].split(r, group)
	if len(parts) <= 1 {
		return r.resolve(group, i+1)
	}
	for pi, part := range parts {
		o, b, d := r.resolve(part, i+1)
		if pi > 0 {
			prev := order[len(order)-1]
			b[0] = steps[i].name
			d[0] = fmt.Sprintf("%s v %s", fig[o[0]], fig[prev])
		}
		order, by, detail = append(order, o...), append(by, b...), append(detail, d...)
	}
	return order, by, detail
}

// splitBy orders the group by key, highest first, and groups equal keys.
func splitBy(group []int, key func(id int) float64) ([][]int, map[int]string) {
	g := slices.Clone(group)
	k := make(map[int]float64, len(g))
	fig := make(map[int]string, len(g))
	for _, id := range g {
		k[id] = key(id)
		fig[id] = num(k[id])
	}
	slices.SortStableFunc(g, func(a, b int) int { return cmpDesc(k[a], k[b]) })
	var parts [][]int
	for i := 0; i < len(g); {
		j := i + 1
		for j < len(g) && math.Abs(k[g[j]]-k[g[i]]) <= eps {
			j++
		}
		parts = append(parts, g[i:j])
		i = j
	}
	return parts, fig
}

// opponents is Swiss step (a): the total score of all opponents met, the
// highest ranked first (NSWBA 12, Swiss (a)).
func (r *ranker) opponents(group []int) ([][]int, map[int]string) {
	return splitBy(group, func(id int) float64 {
		var t float64
		for _, m := range r.recs[id].Matches {
			if o, ok := r.recs[m.Opponent]; ok && m.Opponent != 0 {
				t += o.Total * m.weight()
			}
		}
		return t
	})
}

// mpOpponents is matchpoint step (a): the opponents' totals, used only
// when the movement was incomplete (NSWBA 12, matchpoints (a)). In an
// individual event both opponents of every board count, each once.
func (r *ranker) mpOpponents(group []int) ([][]int, map[int]string) {
	if !r.opts.Incomplete {
		return nil, nil
	}
	return splitBy(group, func(id int) float64 {
		seen := map[int]bool{}
		var t float64
		for _, b := range r.recs[id].Boards {
			for _, opp := range []int{b.Opponent, b.SecondOpponent} {
				if o, ok := r.recs[opp]; ok && opp != 0 && !seen[opp] {
					seen[opp] = true
					t += o.Total
				}
			}
		}
		return t
	})
}

// headToHead is Swiss (b) and matchpoint (c): for a two-way tie only, the
// winner of the match (or round) between the two, if they met (NSWBA 12).
// In an individual event it compares the two players' matchpoints on every
// board on which one was an opponent of the other (in the 2- and 3-table
// individual movements each two players oppose in two rounds).
func (r *ranker) headToHead(group []int) ([][]int, map[int]string) {
	if len(group) != 2 {
		return nil, nil
	}
	a, b := group[0], group[1]
	var sa, sb float64
	met := false
	if r.method == MatchpointMethod {
		for _, x := range r.recs[a].Boards {
			if x.against(b) {
				met, sa, sb = true, sa+x.MP, sb+x.Top-x.MP
			}
		}
	} else {
		for _, m := range r.recs[a].Matches {
			if m.Opponent == b {
				met, sa, sb = true, sa+m.VP, sb+m.OppVP
			}
		}
	}
	if !met {
		return nil, nil
	}
	return splitBy(group, func(id int) float64 {
		if id == a {
			return sa
		}
		return sb
	})
}

// cappedIMPs is Swiss (c): the net IMP difference, each match's positive
// margin capped at the 25–5 margin (NSWBA 12, Swiss (c)).
func (r *ranker) cappedIMPs(group []int) ([][]int, map[int]string) {
	return splitBy(group, func(id int) float64 {
		var t float64
		for _, m := range r.recs[id].Matches {
			v := m.IMPs
			if m.Cap > 0 && v > m.Cap {
				v = m.Cap
			}
			t += v
		}
		return t
	})
}

// wins is Swiss (d): matches won in VP, a draw counting a half (NSWBA 12,
// Swiss (d)). A bye counts as neither.
func (r *ranker) wins(group []int) ([][]int, map[int]string) {
	return splitBy(group, func(id int) float64 {
		var w float64
		for _, m := range r.recs[id].Matches {
			if m.Opponent == 0 {
				continue
			}
			switch cmpDesc(m.VP, m.OppVP) {
			case -1:
				w += m.weight()
			case 0:
				w += 0.5 * m.weight()
			}
		}
		return w
	})
}

// dropWorst is Swiss (e): delete each entrant's worst result, then the
// second worst and so on, until the totals differ (NSWBA 12, Swiss (e)).
func (r *ranker) dropWorst(group []int) ([][]int, map[int]string) {
	seqs := map[int][]float64{}
	n := 0
	for _, id := range group {
		vps := make([]float64, len(r.recs[id].Matches))
		for i, m := range r.recs[id].Matches {
			vps[i] = m.VP * m.weight()
		}
		slices.Sort(vps)
		t := r.recs[id].Total
		var s []float64
		for _, v := range vps {
			t -= v
			s = append(s, t)
		}
		seqs[id] = s
		n = max(n, len(s))
	}
	for k := 0; k < n; k++ {
		at := func(id int) float64 {
			if k < len(seqs[id]) {
				return seqs[id][k]
			}
			return math.Inf(-1)
		}
		first := at(group[0])
		for _, id := range group[1:] {
			if math.Abs(at(id)-first) > eps {
				parts, fig := splitByLex(group, seqs, k)
				for id := range fig {
					fig[id] = fmt.Sprintf("%s after %d dropped", fig[id], k+1)
				}
				return parts, fig
			}
		}
	}
	return nil, nil
}

// splitByLex orders by the sequences from index 0 lexicographically, so
// that entrants equal up to index k fall into one part for the next step.
func splitByLex(group []int, seqs map[int][]float64, k int) ([][]int, map[int]string) {
	g := slices.Clone(group)
	at := func(id, i int) float64 {
		if i < len(seqs[id]) {
			return seqs[id][i]
		}
		return math.Inf(-1)
	}
	c := func(a, b int) int {
		for i := 0; i <= k; i++ {
			if x := cmpDesc(at(a, i), at(b, i)); x != 0 {
				return x
			}
		}
		return 0
	}
	slices.SortStableFunc(g, c)
	fig := map[int]string{}
	var parts [][]int
	for i := 0; i < len(g); {
		j := i + 1
		for j < len(g) && c(g[i], g[j]) == 0 {
			j++
		}
		parts = append(parts, g[i:j])
		i = j
	}
	for _, id := range g {
		// The figure at the first index where this entrant's part differs.
		fig[id] = num(at(id, k))
	}
	return parts, fig
}

// boards is matchpoint step (b): on boards both played in the same
// direction, 2 for each tied pair beaten and 1 for each equalled; on the
// other boards, 2 above average, 1 for average (NSWBA 12, matchpoints
// (b)(i)–(iii)). In an individual event the same: two tied players who were
// partners on a board share its score and are level on it, and a board on
// which they were opponents goes against average for each.
func (r *ranker) boards(group []int) ([][]int, map[int]string) {
	type played struct {
		side  int
		score int
	}
	on := map[int]map[int]played{} // board -> pair -> result
	for _, id := range group {
		for _, b := range r.recs[id].Boards {
			if on[b.Board] == nil {
				on[b.Board] = map[int]played{}
			}
			on[b.Board][id] = played{b.Side, b.Score}
		}
	}
	return splitBy(group, func(id int) float64 {
		var pts float64
		for _, b := range r.recs[id].Boards {
			compared := false
			for other, p := range on[b.Board] {
				if other == id || p.side != b.Side {
					continue
				}
				compared = true
				switch {
				case b.Score > p.score:
					pts += 2
				case b.Score == p.score:
					pts++
				}
			}
			if compared || b.Top <= 0 {
				continue
			}
			switch cmpDesc(b.MP, b.Top/2) {
			case -1:
				pts += 2
			case 0:
				pts++
			}
		}
		return pts
	})
}

// higherPlaced is matchpoint step (d): the score against the highest placed
// pair, then the next, and so on, counting only opponents every tied pair
// met (NSWBA 12, matchpoints (d)). In an individual event a player's score
// against another is his percentage on the boards where that player was
// one of his two opponents.
func (r *ranker) higherPlaced(group []int) ([][]int, map[int]string) {
	against := func(id, opp int) (float64, bool) {
		var mp, top float64
		for _, b := range r.recs[id].Boards {
			if b.against(opp) {
				mp, top = mp+b.MP, top+b.Top
			}
		}
		if top == 0 {
			return 0, false
		}
		return 100 * mp / top, true
	}
	seqs := map[int][]float64{}
	var names []int
	for _, opp := range r.provisional {
		if slices.Contains(group, opp) {
			continue
		}
		vals := map[int]float64{}
		all := true
		for _, id := range group {
			v, ok := against(id, opp)
			if !ok {
				all = false
				break
			}
			vals[id] = v
		}
		if !all {
			continue
		}
		names = append(names, opp)
		for _, id := range group {
			seqs[id] = append(seqs[id], vals[id])
		}
	}
	for k := range names {
		first := seqs[group[0]][k]
		for _, id := range group[1:] {
			if math.Abs(seqs[id][k]-first) > eps {
				parts, fig := splitByLex(group, seqs, k)
				for id := range fig {
					fig[id] = fmt.Sprintf("%s%% v %d", fig[id], names[k])
				}
				return parts, fig
			}
		}
	}
	return nil, nil
}

// lot orders the group by lot, drawn from the event's seed and the tied
// entrants, so that the same file always gives the same lot (NSWBA 12,
// Swiss (f)).
func (r *ranker) lot(group []int) ([][]int, map[int]string) {
	g := slices.Clone(group)
	slices.Sort(g)
	h := fnv.New64a()
	for _, id := range g {
		fmt.Fprintf(h, "%d,", id)
	}
	rng := rand.New(rand.NewPCG(uint64(r.opts.Seed), h.Sum64()))
	rng.Shuffle(len(g), func(i, j int) { g[i], g[j] = g[j], g[i] })
	parts := make([][]int, len(g))
	fig := map[int]string{}
	for i, id := range g {
		parts[i] = []int{id}
		fig[id] = fmt.Sprintf("drawn %d", i+1)
	}
	fig[g[0]] = fmt.Sprintf("drawn 1 (seed %d)", r.opts.Seed)
	return parts, fig
}
