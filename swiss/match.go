package swiss

// matcher keeps a maximum matching of the graph whose vertices are the
// active entrants and whose edges join entrants that have not met. It uses
// Edmonds' blossom algorithm, searching for one augmenting path at a time,
// so that removing a vertex costs a single search from its old partner.
type matcher struct {
	n      int
	met    []uint8 // met[u*n+v]: times u and v have met
	active []bool
	mate   []int
	size   int // edges in the matching

	// scratch space for a search
	parent, base []int
	used, bloss  []bool
	inPath       []bool
	queue        []int
}

func newMatcher(n int, met []uint8) *matcher {
	m := &matcher{
		n: n, met: met,
		active: make([]bool, n), mate: make([]int, n),
		parent: make([]int, n), base: make([]int, n),
		used: make([]bool, n), bloss: make([]bool, n), inPath: make([]bool, n),
		queue: make([]int, 0, n),
	}
	for i := range m.mate {
		m.mate[i] = -1
		m.active[i] = true
	}
	return m
}

// edge reports whether u and v may be paired without a rematch.
func (m *matcher) edge(u, v int) bool {
	return u != v && m.active[u] && m.active[v] && m.met[u*m.n+v] == 0
}

// maximise grows the matching to a maximum one: a greedy pass in rank
// order, then one augmenting search from each free vertex.
func (m *matcher) maximise() {
	for u := 0; u < m.n; u++ {
		if !m.active[u] || m.mate[u] >= 0 {
			continue
		}
		for v := u + 1; v < m.n; v++ {
			if m.mate[v] < 0 && m.edge(u, v) {
				m.mate[u], m.mate[v] = v, u
				m.size++
				break
			}
		}
	}
	for u := 0; u < m.n; u++ {
		if m.active[u] && m.mate[u] < 0 && m.augment(u) {
			m.size++
		}
	}
}

// remove deletes v from the graph and restores a maximum matching: only an
// augmenting path from v's old partner can exist afterwards, because any
// other would have augmented the matching before.
func (m *matcher) remove(v int) {
	m.active[v] = false
	u := m.mate[v]
	if u < 0 {
		return
	}
	m.mate[v], m.mate[u] = -1, -1
	m.size--
	if m.augment(u) {
		m.size++
	}
}

// state is a saved copy of the parts of a matcher a trial changes.
type state struct {
	active []bool
	mate   []int
	size   int
}

func (m *matcher) save(s *state) {
	s.active = append(s.active[:0], m.active...)
	s.mate = append(s.mate[:0], m.mate...)
	s.size = m.size
}

func (m *matcher) restore(s *state) {
	copy(m.active, s.active)
	copy(m.mate, s.mate)
	m.size = s.size
}

// augment looks for an augmenting path from the free vertex root and, if
// it finds one, flips it.
func (m *matcher) augment(root int) bool {
	end := m.findPath(root)
	if end < 0 {
		return false
	}
	for v := end; v >= 0; {
		pv := m.parent[v]
		next := m.mate[pv]
		m.mate[v], m.mate[pv] = pv, v
		v = next
	}
	return true
}

// lca finds the base of the blossom closed by the edge a–b.
func (m *matcher) lca(a, b int) int {
	for i := range m.inPath {
		m.inPath[i] = false
	}
	for {
		a = m.base[a]
		m.inPath[a] = true
		if m.mate[a] < 0 {
			break
		}
		a = m.parent[m.mate[a]]
	}
	for {
		b = m.base[b]
		if m.inPath[b] {
			return b
		}
		b = m.parent[m.mate[b]]
	}
}

// markPath marks the blossom vertices on the path from v down to base b
// and points their parents back across the blossom.
func (m *matcher) markPath(v, b, child int) {
	for m.base[v] != b {
		m.bloss[m.base[v]] = true
		m.bloss[m.base[m.mate[v]]] = true
		m.parent[v] = child
		child = m.mate[v]
		v = m.parent[m.mate[v]]
	}
}

// findPath runs the alternating-tree search from root, contracting
// blossoms as it meets them, and returns the free vertex that ends an
// augmenting path, or -1.
func (m *matcher) findPath(root int) int {
	for i := 0; i < m.n; i++ {
		m.used[i] = false
		m.parent[i] = -1
		m.base[i] = i
	}
	m.used[root] = true
	m.queue = append(m.queue[:0], root)
	for qh := 0; qh < len(m.queue); qh++ {
		v := m.queue[qh]
		for to := 0; to < m.n; to++ {
			if !m.edge(v, to) || m.base[v] == m.base[to] || m.mate[v] == to {
				continue
			}
			if to == root || (m.mate[to] >= 0 && m.parent[m.mate[to]] >= 0) {
				b := m.lca(v, to)
				for i := range m.bloss {
					m.bloss[i] = false
				}
				m.markPath(v, b, to)
				m.markPath(to, b, v)
				for i := 0; i < m.n; i++ {
					if m.bloss[m.base[i]] {
						m.base[i] = b
						if !m.used[i] {
							m.used[i] = true
							m.queue = append(m.queue, i)
						}
					}
				}
			} else if m.parent[to] < 0 {
				m.parent[to] = v
				if m.mate[to] < 0 {
					return to
				}
				m.used[m.mate[to]] = true
				m.queue = append(m.queue, m.mate[to])
			}
		}
	}
	return -1
}
