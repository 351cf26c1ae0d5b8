package swiss

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
)

// Entrant is one pair or team in the standings handed to a draw.
type Entrant struct {
	ID        int     `json:"id"`                  // entrant number, 1 or more
	Score     float64 `json:"score"`               // current total (VP), adjusted as the caller wishes
	Rating    float64 `json:"rating,omitempty"`    // seeding figure for a first round drawn by rating
	Opponents []int   `json:"opponents,omitempty"` // IDs met so far, once per match (repeats allowed)
	Byes      int     `json:"byes,omitempty"`      // byes or sit-outs had so far
}

// Standings is a frozen snapshot of the field from which a draw is made.
type Standings struct {
	Label    string    `json:"label,omitempty"` // e.g. "after session 2", for the record
	Entrants []Entrant `json:"entrants"`
}

// Freeze returns a deep copy of entrants labelled label. Take it when the
// last match of the session has been scored: the draw made from it stands
// even if an appeal later changes a score (NSWBA 14).
func Freeze(label string, entrants []Entrant) Standings {
	out := Standings{Label: label, Entrants: make([]Entrant, len(entrants))}
	for i, e := range entrants {
		e.Opponents = slices.Clone(e.Opponents)
		out.Entrants[i] = e
	}
	return out
}

// First says how the order of the field is decided.
type First int

const (
	// ByStanding ranks the field by score (the normal case after round 1).
	ByStanding First = iota
	// Random shuffles the field with the seed (a random first round).
	Random
	// ByRating seeds the field (highest Rating first, equal ratings in
	// entry order, i.e. by entrant number) and pairs the top half against
	// the bottom half: 1 v n/2+1, 2 v n/2+2, … It is never random: with
	// no ratings it seeds by entry order.
	ByRating
)

// String returns the name used on the command line.
func (f First) String() string {
	switch f {
	case ByStanding:
		return "standing"
	case Random:
		return "random"
	case ByRating:
		return "rating"
	}
	return fmt.Sprintf("First(%d)", int(f))
}

// Options control a draw. The zero value pairs by standing.
type Options struct {
	First First
	// Seed drives Random and SplitTies; the same seed gives the same draw.
	Seed uint64
	// SplitTies orders entrants on equal scores at random (from Seed)
	// instead of keeping the order in which the standings list them.
	SplitTies bool
	// Adjust, when set, is applied to a copy of the standings before the
	// draw, e.g. to substitute adjusted forfeit scores (NSWBA 13).
	Adjust func(Standings) (Standings, error)
}

// Match is one match of a draw.
type Match struct {
	Table int `json:"table"` // 1 for the top match, and so on down
	Home  int `json:"home"`  // the higher-placed entrant; sits North–South in Swiss pairs
	Away  int `json:"away"`
	// Met counts earlier meetings of the two: 0 unless a rematch could
	// not be avoided.
	Met int `json:"met,omitempty"`
}

// Draw is the result of Pair.
type Draw struct {
	Matches   []Match   `json:"matches"`
	Bye       int       `json:"bye,omitempty"` // entrant sitting out, 0 for none
	Rematches int       `json:"rematches"`     // matches between entrants that have met
	From      Standings `json:"from"`          // the standings drawn from, after Adjust
}

// Errors returned by Pair.
var (
	ErrEmpty       = errors.New("swiss: fewer than two entrants")
	ErrBadID       = errors.New("swiss: entrant ID must be 1 or more")
	ErrDuplicateID = errors.New("swiss: entrant listed twice")
)

// Pair draws the next round from st. Entrants are ranked by score
// (highest first; equal scores keep the order of st unless SplitTies),
// an odd field gives a bye, and the rest are paired from the top with the
// fewest rematches possible (see the package comment).
func Pair(st Standings, opt Options) (Draw, error) {
	st = Freeze(st.Label, st.Entrants)
	if opt.Adjust != nil {
		adj, err := opt.Adjust(st)
		if err != nil {
			return Draw{}, fmt.Errorf("swiss: adjusting standings: %w", err)
		}
		st = Freeze(adj.Label, adj.Entrants)
	}
	es := st.Entrants
	n := len(es)
	if n < 2 {
		return Draw{}, fmt.Errorf("%w: %d", ErrEmpty, n)
	}
	index := make(map[int]int, n)
	for i, e := range es {
		if e.ID < 1 {
			return Draw{}, fmt.Errorf("%w: entrant %d has ID %d", ErrBadID, i+1, e.ID)
		}
		if _, dup := index[e.ID]; dup {
			return Draw{}, fmt.Errorf("%w: ID %d", ErrDuplicateID, e.ID)
		}
		index[e.ID] = i
	}

	order := rankOrder(es, opt)
	// pos[k] is the position in es of the entrant ranked k.
	met := make([]uint8, n*n)
	rankOf := make([]int, n)
	for k, i := range order {
		rankOf[i] = k
	}
	for k, i := range order {
		for _, o := range es[i].Opponents {
			j, ok := index[o]
			if !ok || j == i {
				continue // a withdrawn entrant, or nonsense
			}
			if c := &met[k*n+rankOf[j]]; *c < 255 {
				*c++
			}
		}
	}
	// Make the relation symmetric, whichever side recorded the match.
	for a := 0; a < n; a++ {
		for b := a + 1; b < n; b++ {
			c := max(met[a*n+b], met[b*n+a])
			met[a*n+b], met[b*n+a] = c, c
		}
	}

	m := newMatcher(n, met)
	m.maximise()
	d := Draw{From: st}
	var s state
	if n%2 == 1 {
		bye := pickBye(m, order, es, &s)
		d.Bye = es[order[bye]].ID
	}
	if opt.First == ByRating {
		m = interleave(m, &order, met)
	}

	budget := m.count()/2 - m.size // rematches that cannot be avoided
	free := m.count()
	for top := 0; free > 0; top++ {
		if !m.active[top] {
			continue
		}
		c := pickOpponent(m, top, budget, &s)
		if m.met[top*n+c] > 0 {
			budget--
			d.Rematches++
		}
		home, away := top, c
		d.Matches = append(d.Matches, Match{
			Table: len(d.Matches) + 1,
			Home:  es[order[home]].ID,
			Away:  es[order[away]].ID,
			Met:   int(m.met[top*n+c]),
		})
		free -= 2
	}
	return d, nil
}

// rankOrder returns the positions of es in ranking order.
func rankOrder(es []Entrant, opt Options) []int {
	order := make([]int, len(es))
	for i := range order {
		order[i] = i
	}
	rng := rand.New(rand.NewPCG(opt.Seed, 0x5e1f))
	switch opt.First {
	case Random:
		rng.Shuffle(len(order), func(a, b int) { order[a], order[b] = order[b], order[a] })
	case ByRating:
		// Seeding: highest rating first; equal ratings (no ratings at
		// all, say) in the order of entry, which is the entrant number,
		// whatever order the standings list them in.
		slices.SortStableFunc(order, func(a, b int) int {
			if c := cmpDesc(es[a].Rating, es[b].Rating); c != 0 {
				return c
			}
			return es[a].ID - es[b].ID
		})
	default:
		if opt.SplitTies {
			rng.Shuffle(len(order), func(a, b int) { order[a], order[b] = order[b], order[a] })
		}
		slices.SortStableFunc(order, func(a, b int) int { return cmpDesc(es[a].Score, es[b].Score) })
	}
	return order
}

func cmpDesc(a, b float64) int {
	switch {
	case a > b:
		return -1
	case a < b:
		return 1
	}
	return 0
}

// count returns the number of active vertices.
func (m *matcher) count() int {
	c := 0
	for _, a := range m.active {
		if a {
			c++
		}
	}
	return c
}

// pickBye removes and returns the rank of the entrant to sit out: among
// those with the fewest byes, the lowest placed whose absence leaves a
// field that can be paired with the fewest rematches.
func pickBye(m *matcher, order []int, es []Entrant, s *state) int {
	fewest := es[order[0]].Byes
	for _, i := range order {
		fewest = min(fewest, es[i].Byes)
	}
	best, bestSize := -1, -1
	for k := m.n - 1; k >= 0; k-- {
		if es[order[k]].Byes != fewest {
			continue
		}
		m.save(s)
		m.remove(k)
		size := m.size
		m.restore(s)
		if size > bestSize {
			best, bestSize = k, size
		}
		if size == m.size { // as good as any entrant could leave
			break
		}
	}
	m.remove(best)
	return best
}

// interleave reorders the field ranked by rating so that pairing from the
// top sets the top half against the bottom half, and rebuilds the matcher
// in the new order.
func interleave(m *matcher, order *[]int, met []uint8) *matcher {
	n := m.n
	var act []int
	var bye []int
	for k := 0; k < n; k++ {
		if m.active[k] {
			act = append(act, k)
		} else {
			bye = append(bye, k)
		}
	}
	h := len(act) / 2
	perm := make([]int, 0, n)
	for i := 0; i < h; i++ {
		perm = append(perm, act[i], act[h+i])
	}
	perm = append(perm, bye...)
	newOrder := make([]int, n)
	newMet := make([]uint8, n*n)
	for a, pa := range perm {
		newOrder[a] = (*order)[pa]
		for b, pb := range perm {
			newMet[a*n+b] = met[pa*n+pb]
		}
	}
	*order = newOrder
	nm := newMatcher(n, newMet)
	for a := len(act); a < n; a++ {
		nm.active[a] = false
	}
	nm.maximise()
	return nm
}

// pickOpponent chooses top's opponent and removes both from m. It tries
// entrants not yet met, highest placed first, then (only when rematches
// are unavoidable) those met fewest times, and takes the first that leaves
// a field still pairable within the rematch budget.
func pickOpponent(m *matcher, top, budget int, s *state) int {
	n := m.n
	var cands []int
	for c := top + 1; c < n; c++ {
		if m.active[c] && m.met[top*n+c] == 0 {
			cands = append(cands, c)
		}
	}
	if budget > 0 {
		var again []int
		for c := top + 1; c < n; c++ {
			if m.active[c] && m.met[top*n+c] > 0 {
				again = append(again, c)
			}
		}
		slices.SortStableFunc(again, func(a, b int) int { return int(m.met[top*n+a]) - int(m.met[top*n+b]) })
		cands = append(cands, again...)
	}
	for _, c := range cands {
		b := budget
		if m.met[top*n+c] > 0 {
			b--
		}
		if m.mate[top] == c {
			// Already paired in the maximum matching: removing both keeps
			// the rest maximum, so this is feasible.
			m.active[top], m.active[c] = false, false
			m.mate[top], m.mate[c] = -1, -1
			m.size--
			return c
		}
		m.save(s)
		m.remove(top)
		m.remove(c)
		if m.count()/2-m.size <= b {
			return c
		}
		m.restore(s)
	}
	// Unreachable when the budget is right; fall back to the nearest.
	c := top + 1
	for !m.active[c] {
		c++
	}
	m.remove(top)
	m.remove(c)
	return c
}

// String renders the draw as a table list, one match a line, top match
// first, then the bye.
func (d Draw) String() string {
	var b []byte
	for _, m := range d.Matches {
		b = fmt.Appendf(b, "table %d: %d v %d", m.Table, m.Home, m.Away)
		if m.Met > 0 {
			b = fmt.Appendf(b, " (rematch: met %d before)", m.Met)
		}
		b = append(b, '\n')
	}
	if d.Bye != 0 {
		b = fmt.Appendf(b, "bye: %d\n", d.Bye)
	}
	return string(b)
}
