package deal

import (
	"errors"
	"math"
	"testing"

	"github.com/bridgetd/bridgetd/bridge"
)

// Law 6: every deal is a complete pack, thirteen cards to each player.
func TestDealIsCompletePack(t *testing.T) {
	for name, s := range map[string]*Shuffler{"crypto": New(), "seeded": Seeded(1)} {
		for i := range 1000 {
			d := s.Deal()
			if err := d.Validate(); err != nil {
				t.Fatalf("%s deal %d: %v (%v)", name, i, err, d)
			}
		}
	}
}

// Law 6 (a seeded set is reproducible for reprinting; different seeds and
// the secure source give different deals).
func TestSeededIsReproducible(t *testing.T) {
	a, _ := Seeded(42).Boards(1, 32)
	b, _ := Seeded(42).Boards(1, 32)
	c, _ := Seeded(43).Boards(1, 32)
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("board %d differs between two runs with seed 42", i+1)
		}
	}
	if a[0].Deal == c[0].Deal {
		t.Errorf("seeds 42 and 43 give the same first deal %v", a[0].Deal)
	}
	x, y := New().Deal(), New().Deal()
	if x == y {
		t.Errorf("two crypto deals are equal: %v", x)
	}
}

// Law 2: each board of a set carries the dealer and vulnerability its
// number gives, for any range.
func TestBoardsCarryDealerAndVulnerability(t *testing.T) {
	tests := []struct {
		n      int
		dealer bridge.Seat
		vul    bridge.Vulnerability
	}{
		{1, bridge.North, bridge.NoneVul},  // Law 2: board 1, N dealer, none vul
		{2, bridge.East, bridge.NSVul},     // board 2
		{3, bridge.South, bridge.EWVul},    // board 3
		{4, bridge.West, bridge.AllVul},    // board 4
		{5, bridge.North, bridge.NSVul},    // board 5
		{16, bridge.West, bridge.EWVul},    // board 16
		{17, bridge.North, bridge.NoneVul}, // the cycle repeats from 17
		{36, bridge.West, bridge.AllVul},   // 36 = 4 + 32
	}
	bs, err := Seeded(7).Boards(1, 36)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		b := bs[tt.n-1]
		if int(b.Number) != tt.n || b.Dealer != tt.dealer || b.Vulnerability != tt.vul {
			t.Errorf("board %d: got number %d dealer %v vul %v, want %v %v", tt.n, b.Number, b.Dealer, b.Vulnerability, tt.dealer, tt.vul)
		}
	}
	mid, err := Seeded(7).Boards(33, 35)
	if err != nil || len(mid) != 3 || mid[0].Number != 33 || mid[2].Dealer != bridge.South {
		t.Errorf("Boards(33, 35) = %v, %v", mid, err)
	}
}

func TestParseRange(t *testing.T) {
	tests := []struct {
		in          string
		first, last int
		ok          bool
	}{
		{"1-32", 1, 32, true},
		{"7", 7, 7, true},
		{" 5 - 8 ", 5, 8, true},
		{"0-3", 0, 0, false},      // Law 2: boards are numbered from 1
		{"9-3", 0, 0, false},      // empty range
		{"a-b", 0, 0, false},      // not numbers
		{"", 0, 0, false},         // nothing
		{"-3", 0, 0, false},       // no first board
		{"1-100001", 0, 0, false}, // above MaxBoards
	}
	for _, tt := range tests {
		f, l, err := ParseRange(tt.in)
		if (err == nil) != tt.ok || f != tt.first || l != tt.last {
			t.Errorf("ParseRange(%q) = %d, %d, %v; want %d, %d, ok=%v", tt.in, f, l, err, tt.first, tt.last, tt.ok)
		}
		if err != nil && tt.in != "1-100001" && !errors.Is(err, ErrRange) {
			t.Errorf("ParseRange(%q) error %v does not wrap ErrRange", tt.in, err)
		}
	}
	if _, err := Seeded(1).Boards(0, 3); !errors.Is(err, ErrRange) {
		t.Errorf("Boards(0, 3) error = %v, want ErrRange", err)
	}
}

// chiSquareQuantile approximates the p-quantile of the chi-square
// distribution with k degrees of freedom (Wilson–Hilferty), given the
// standard normal quantile z of p.
func chiSquareQuantile(k, z float64) float64 {
	h := 2 / (9 * k)
	return k * math.Pow(1-h+z*math.Sqrt(h), 3)
}

// chiSquare returns the statistic of the counts of where each card fell in
// n deals, against the uniform n/4 for each seat.
func chiSquare(count *[64][bridge.NumSeats]int, n int) float64 {
	exp := float64(n) / 4
	chi := 0.0
	for _, c := range bridge.Pack() {
		for seat := range bridge.NumSeats {
			diff := float64(count[c][seat]) - exp
			chi += diff * diff / exp
		}
	}
	return chi
}

// Law 6 requires a random deal: every card must be equally likely to go to
// each of the four players. Over 20,000 seeded deals the chi-square
// statistic of the 52×4 counts (156 degrees of freedom) must lie inside the
// central 99.8% of its distribution: a biased shuffle lands above it, a
// fake "too even" one below. The seed is fixed, so the test is
// deterministic.
func TestUniformChiSquare(t *testing.T) {
	const n = 20000
	var count [64][bridge.NumSeats]int
	s := Seeded(20260101)
	for range n {
		d := s.Deal()
		for seat, h := range d {
			for _, c := range h.Cards() {
				count[c][seat]++
			}
		}
	}
	chi := chiSquare(&count, n)
	const dof = 52 * 3
	lo, hi := chiSquareQuantile(dof, -3.0902), chiSquareQuantile(dof, 3.0902)
	t.Logf("chi-square %.1f with %d degrees of freedom; accepted range %.1f-%.1f", chi, dof, lo, hi)
	if chi < lo || chi > hi {
		t.Errorf("chi-square %.1f outside %.1f-%.1f: the deals are not uniform", chi, lo, hi)
	}
}

// The same statistic must reject a biased dealer: dealing the shuffled pack
// with one fixed card always to North must fail the test above.
func TestChiSquareDetectsBias(t *testing.T) {
	const n = 20000
	var count [64][bridge.NumSeats]int
	s := Seeded(5)
	ace := bridge.NewCard(bridge.Spades, bridge.Ace)
	for range n {
		d := s.Deal()
		if holder, _ := d.Holder(ace); holder != bridge.North {
			// swap the ace with one of North's cards: a biased deal
			c := d[bridge.North].Cards()[0]
			d[bridge.North] = d[bridge.North].Without(c).With(ace)
			d[holder] = d[holder].Without(ace).With(c)
		}
		for seat, h := range d {
			for _, c := range h.Cards() {
				count[c][seat]++
			}
		}
	}
	chi := chiSquare(&count, n)
	if hi := chiSquareQuantile(52*3, 3.0902); chi <= hi {
		t.Errorf("biased dealer passed: chi-square %.1f <= %.1f", chi, hi)
	}
}

// BenchmarkDeal100k deals 100,000 boards from a seeded shuffler per op.
func BenchmarkDeal100k(b *testing.B) {
	s := Seeded(1)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := s.Boards(1, 100000); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDeal100kCrypto deals 100,000 boards from crypto/rand per op.
func BenchmarkDeal100kCrypto(b *testing.B) {
	s := New()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := s.Boards(1, 100000); err != nil {
			b.Fatal(err)
		}
	}
}
