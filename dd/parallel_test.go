package dd

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/bridgetd/bridgetd/bridge"
)

// TestParallelTable: the table of one deal on several workers equals the
// list's TABLE line, whatever the number of workers; an invalid deal and a
// cancelled solve give errors.
func TestParallelTable(t *testing.T) {
	cs := readDDSList(t, "testdata/list100.txt")
	for _, workers := range []int{1, 2, 3, 10} {
		for _, c := range cs[:6] {
			got, err := ParallelTable(context.Background(), c.deal, BatchOptions{Workers: workers})
			if err != nil {
				t.Fatal(err)
			}
			if got != c.table {
				t.Errorf("%d workers, line %d: table %v, want %v", workers, c.line, got, c.table)
			}
		}
	}
	bad := cs[0].deal
	bad[0] = bad[0].Without(bad[0].Cards()[0])
	if _, err := ParallelTable(context.Background(), bad, BatchOptions{}); !errors.Is(err, ErrInvalidPosition) {
		t.Errorf("partial deal: error %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	if _, err := ParallelTable(ctx, mustDeal(t, fourVoid), BatchOptions{Workers: 2}); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("deadline: error %v", err)
	}
}

// TestStrainOrder: ParallelTable hands out every strain once, no trump
// first, then the suits from the most evenly shared between the sides
// (the longer side's length) to the least.
func TestStrainOrder(t *testing.T) {
	for _, d := range append(benchDeals(50), mustDeal(t, fourVoid)) {
		order := strainOrder(d)
		if order[0] != bridge.NoTrump {
			t.Fatalf("%v: order %v, no trump not first", d, order)
		}
		seen := map[bridge.Strain]bool{}
		prev := 0
		for _, st := range order {
			if seen[st] {
				t.Fatalf("%v: order %v has %v twice", d, order, st)
			}
			seen[st] = true
			if st == bridge.NoTrump {
				continue
			}
			su := bridge.Suit(st)
			ns := d[bridge.North].SuitLen(su) + d[bridge.South].SuitLen(su)
			fit := max(ns, 13-ns)
			if fit < prev {
				t.Fatalf("%v: order %v puts a %d-card fit after a %d-card one", d, order, fit, prev)
			}
			prev = fit
		}
	}
}

// TestParallelTricks: one solve on several workers gives what one solver
// gives. From the opening lead of every strain of 12 deals of DDS's
// list100 (each checked against the list's TABLE line), after every card
// of their play records (against DDS's TRACE line, many in the middle of
// a trick), and on random positions of 2 to 5 tricks against plain
// minimax; on 2, 3 and 5 workers.
func TestParallelTricks(t *testing.T) {
	cs := readDDSList(t, "testdata/list100.txt")[:12]
	ctx := context.Background()
	for _, workers := range []int{2, 3, 5} {
		o := BatchOptions{Workers: workers}
		for _, c := range cs {
			for strain := bridge.Strain(0); strain < bridge.NumStrains; strain++ {
				p := Position{Hands: c.deal, Trump: strain, Leader: c.first}
				got, err := ParallelTricks(ctx, p, o)
				if err != nil {
					t.Fatal(err)
				}
				if want := 13 - c.table[c.first.RHO()][strain]; got != want {
					t.Errorf("%d workers, line %d, %v, %v leads: %d tricks, want %d", workers, c.line, strain, c.first, got, want)
				}
			}
			decl := c.first.RHO().Side()
			for k := 1; k < len(c.trace) && k < len(c.play); k += 3 {
				p, won := positionAfter(c.deal, c.trump, c.first, c.play, k)
				v, err := ParallelTricks(ctx, p, o)
				if err != nil {
					t.Fatal(err)
				}
				if p.Turn().Side() != decl {
					v = p.Tricks() - v
				}
				if got := won[decl] + v; got != c.trace[k] {
					t.Errorf("%d workers, line %d after %d cards: declarer %d tricks, want %d", workers, c.line, k, got, c.trace[k])
				}
			}
		}
		r := rand.New(rand.NewPCG(7, uint64(workers)))
		for i := 0; i < 100; i++ {
			p := randomPosition(r, 2+i%4, i%4)
			got, err := ParallelTricks(ctx, p, o)
			if err != nil {
				t.Fatal(err)
			}
			if want := refTricks(p); got != want {
				t.Fatalf("%d workers, %v trump %v leader %v trick %v: %d tricks, want %d", workers, p.Hands, p.Trump, p.Leader, p.Trick, got, want)
			}
		}
	}
}

// TestParallelTricksErrors: an invalid position and a cancelled solve give
// errors, on one worker and on several.
func TestParallelTricksErrors(t *testing.T) {
	d := mustDeal(t, fourVoid)
	for _, workers := range []int{1, 2} {
		bad := Position{Hands: d}
		bad.Hands[0] = bad.Hands[0].Without(bad.Hands[0].Cards()[0])
		if _, err := ParallelTricks(context.Background(), bad, BatchOptions{Workers: workers}); !errors.Is(err, ErrInvalidPosition) {
			t.Errorf("%d workers, partial deal: error %v", workers, err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
		start := time.Now()
		_, err := ParallelTricks(ctx, Position{Hands: d, Trump: bridge.SpadesStrain, Leader: bridge.West}, BatchOptions{Workers: workers})
		cancel()
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("%d workers, deadline: error %v", workers, err)
		}
		// issue 12's bound for a cancelled solve, on a loaded machine
		if el := time.Since(start); el > time.Second {
			t.Errorf("%d workers: stopped after %v", workers, el)
		}
	}
}

// BenchmarkParallelTable: one table per op of 20 random deals (seeded),
// on one worker, on every CPU (GOMAXPROCS), and cut into the ten halves
// of strains (as for ten or more workers); the ratio of the ms/deal
// figures of the first two is the speed-up.
func BenchmarkParallelTable(b *testing.B) {
	deals := benchDeals(20)
	for _, bc := range []struct {
		name    string
		workers int
	}{{"serial", 1}, {"all-cores", 0}, {"halves", 2 * int(bridge.NumStrains)}} {
		b.Run(bc.name, func(b *testing.B) {
			c0, w0 := cpuTime(), time.Now()
			for i := 0; i < b.N; i++ {
				if _, err := ParallelTable(context.Background(), deals[i%len(deals)], BatchOptions{Workers: bc.workers}); err != nil {
					b.Fatal(err)
				}
			}
			reportPerDeal(b, b.N, time.Since(w0), cpuTime()-c0, nil)
		})
	}
}

// BenchmarkAnalysePlay: the analysis of one whole board per op (the play
// records of DDS's list100, 45 to 52 cards, one solver reused).
func BenchmarkAnalysePlay(b *testing.B) {
	cs := readDDSList(b, "testdata/list100.txt")
	s := NewSolverOptions(Options{})
	b.ResetTimer()
	c0, w0 := cpuTime(), time.Now()
	cards := 0
	for i := 0; i < b.N; i++ {
		c := cs[i%len(cs)]
		a, err := s.AnalysePlay(context.Background(), PlayRecord{Deal: c.deal, Strain: c.trump, Declarer: c.first.RHO(), Cards: c.play})
		if err != nil {
			b.Fatal(err)
		}
		cards += len(a.Cards)
	}
	reportPerDeal(b, b.N, time.Since(w0), cpuTime()-c0, nil)
	b.ReportMetric(float64(cards)/float64(b.N), "cards/board")
}

// hardSolves are the slowest single solves (the opening leader of one
// strain, from a cleared table) of the first 250 deals of benchDeals, as
// deal, strain and leader: 0.4 to 2.8 million positions each.
var hardSolves = [][3]int{
	{70, 4, 2}, {212, 4, 2}, {121, 4, 1}, {121, 1, 0}, {183, 4, 3}, {25, 3, 2},
	{39, 4, 1}, {50, 4, 0}, {85, 0, 3}, {206, 4, 0}, {141, 4, 1}, {220, 3, 3},
}

// BenchmarkParallelTricks: one hard solve per op (hardSolves in turn,
// then the four-void deal in hearts with West leading, 3 million
// positions), on one solver and on two workers; the ratio of the ms/solve
// figures is the speed-up on 2 cores. nodes/solve counts the positions
// all workers searched, crit-nodes/solve those of the busiest worker (a
// measure of the wall time that does not depend on the machine's load).
func BenchmarkParallelTricks(b *testing.B) {
	deals := benchDeals(250)
	var ps []Position
	for _, h := range hardSolves {
		ps = append(ps, Position{Hands: deals[h[0]], Trump: bridge.Strain(h[1]), Leader: bridge.Seat(h[2])})
	}
	ps = append(ps, Position{Hands: mustDeal(b, fourVoid), Trump: bridge.HeartsStrain, Leader: bridge.West})
	for _, workers := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers-%d", workers), func(b *testing.B) {
			var total, crit int64
			c0, w0 := cpuTime(), time.Now()
			for i := 0; i < b.N; i++ {
				nodes := make([]int64, workers)
				if _, err := parallelTricks(context.Background(), ps[i%len(ps)], BatchOptions{Workers: workers}, nodes); err != nil {
					b.Fatal(err)
				}
				for _, n := range nodes {
					total += n
				}
				crit += slices.Max(nodes)
			}
			wall, cpu := time.Since(w0), cpuTime()-c0
			b.ReportMetric(float64(wall.Microseconds())/1000/float64(b.N), "ms/solve")
			b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms/solve")
			b.ReportMetric(float64(total)/float64(b.N), "nodes/solve")
			b.ReportMetric(float64(crit)/float64(b.N), "crit-nodes/solve")
		})
	}
}
