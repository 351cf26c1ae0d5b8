package dd

import (
	"context"
	"errors"
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
