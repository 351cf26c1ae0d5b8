// Package deal shuffles and deals boards (Law 6).
//
// By default the cards come from the operating system's cryptographically
// secure generator (crypto/rand), so that nobody can predict a deal from
// earlier ones. Seeded returns a reproducible dealer instead: the same seed
// always gives the same boards, which is what tests and reprinting a set
// need. A seeded set is NOT secret: anyone who knows or guesses the seed can
// recreate every deal, so never use it for boards to be played.
//
// Each deal is a uniformly random permutation of the pack (a Fisher–Yates
// shuffle with unbiased bounded random numbers from math/rand/v2), cut into
// four hands of thirteen.
package deal

import (
	crand "crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/bridgetd/bridgetd/bridge"
)

// Shuffler deals random deals. It is not safe for concurrent use.
type Shuffler struct {
	r    *rand.Rand
	pack [52]bridge.Card
}

// cryptoSource is a rand.Source reading crypto/rand, a few kilobytes at a
// time.
type cryptoSource struct {
	buf [4096]byte
	n   int // bytes of buf already used
}

func newCryptoSource() *cryptoSource { return &cryptoSource{n: 4096} }

func (c *cryptoSource) Uint64() uint64 {
	if c.n+8 > len(c.buf) {
		_, _ = crand.Read(c.buf[:]) // crypto/rand.Read never returns an error (Go 1.24+)
		c.n = 0
	}
	v := binary.LittleEndian.Uint64(c.buf[c.n:])
	c.n += 8
	return v
}

// New returns a Shuffler drawing from crypto/rand: the secure default for
// boards that will be played (Law 6).
func New() *Shuffler { return &Shuffler{r: rand.New(newCryptoSource()), pack: bridge.Pack()} }

// Seeded returns a reproducible Shuffler: a ChaCha8 stream keyed by the
// seed (its 8 bytes little-endian, the rest of the key zero). The deals are
// as uniform as New's but NOT secret: the seed recreates them all.
func Seeded(seed uint64) *Shuffler {
	var key [32]byte
	binary.LittleEndian.PutUint64(key[:], seed)
	return &Shuffler{r: rand.New(rand.NewChaCha8(key)), pack: bridge.Pack()}
}

// Deal shuffles the pack and deals it: the first thirteen cards of the
// shuffled pack to North, then East, South and West (Law 6).
func (s *Shuffler) Deal() bridge.Deal {
	p := &s.pack
	for i := len(p) - 1; i > 0; i-- {
		j := s.r.IntN(i + 1)
		p[i], p[j] = p[j], p[i]
	}
	var d bridge.Deal
	for i, c := range p {
		d[i/13] = d[i/13].With(c)
	}
	return d
}

// Board is a dealt board: its number and the dealer and vulnerability the
// number gives (Law 2), with the deal.
type Board struct {
	Number        bridge.Board
	Dealer        bridge.Seat
	Vulnerability bridge.Vulnerability
	Deal          bridge.Deal
}

// NewBoard returns board n with deal d, dealer and vulnerability by Law 2.
func NewBoard(n bridge.Board, d bridge.Deal) Board {
	return Board{Number: n, Dealer: n.Dealer(), Vulnerability: n.Vulnerability(), Deal: d}
}

// Boards deals boards first to last inclusive, in order.
func (s *Shuffler) Boards(first, last int) ([]Board, error) {
	if first < 1 || last < first {
		return nil, fmt.Errorf("deal: boards %d-%d: %w", first, last, ErrRange)
	}
	out := make([]Board, 0, last-first+1)
	for n := first; n <= last; n++ {
		out = append(out, NewBoard(bridge.Board(n), s.Deal()))
	}
	return out, nil
}

// ErrRange is wrapped when a board range is not "N" or "N-M" with
// 1 <= N <= M.
var ErrRange = errors.New("want a board number or a range such as 1-32, from 1 up")

// MaxBoards limits the size of a range ParseRange accepts.
const MaxBoards = 100000

// ParseRange reads a range of board numbers: "1-32" or a single "7".
func ParseRange(s string) (first, last int, err error) {
	a, b, isRange := strings.Cut(strings.TrimSpace(s), "-")
	if !isRange {
		b = a
	}
	first, err1 := strconv.Atoi(strings.TrimSpace(a))
	last, err2 := strconv.Atoi(strings.TrimSpace(b))
	if err1 != nil || err2 != nil || first < 1 || last < first {
		return 0, 0, fmt.Errorf("deal: %q: %w", s, ErrRange)
	}
	if last-first >= MaxBoards {
		return 0, 0, fmt.Errorf("deal: %q: more than %d boards", s, MaxBoards)
	}
	return first, last, nil
}
