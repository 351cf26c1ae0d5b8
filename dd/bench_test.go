package dd

import (
	"context"
	"runtime"
	"sort"
	"syscall"
	"testing"
	"time"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/deal"
)

// benchDeals returns n random deals from the project's dealer with a fixed
// seed, the same every run.
func benchDeals(n int) []bridge.Deal {
	sh := deal.Seeded(20260801)
	out := make([]bridge.Deal, n)
	for i := range out {
		out[i] = sh.Deal()
	}
	return out
}

// cpuTime returns the CPU time the process has used (user + system); on a
// shared machine it is steadier than the wall clock.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// reportPerDeal adds ms/deal figures (wall, CPU, the median and the 99th
// percentile deal) to a benchmark.
func reportPerDeal(b *testing.B, deals int, wall, cpu time.Duration, each []time.Duration) {
	b.ReportMetric(float64(wall.Milliseconds())/float64(deals), "ms/deal")
	b.ReportMetric(float64(cpu.Milliseconds())/float64(deals), "cpu-ms/deal")
	if len(each) > 0 {
		sort.Slice(each, func(i, j int) bool { return each[i] < each[j] })
		b.ReportMetric(float64(each[len(each)/2].Microseconds())/1000, "median-ms")
		b.ReportMetric(float64(each[len(each)*99/100].Microseconds())/1000, "p99-ms")
	}
}

// BenchmarkTable: one full 20-result table per op, one core, going through
// 1,000 random deals (seeded); -benchtime 1000x measures them all, the
// same measure as the figures quoted for DDS and bridge-solver.
func BenchmarkTable(b *testing.B) {
	deals := benchDeals(1000)
	s := NewSolverOptions(Options{})
	var each []time.Duration
	b.ResetTimer()
	c0, w0 := cpuTime(), time.Now()
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		if _, err := s.Table(deals[i%len(deals)]); err != nil {
			b.Fatal(err)
		}
		each = append(each, time.Since(t0))
	}
	reportPerDeal(b, b.N, time.Since(w0), cpuTime()-c0, each)
	// Positions searched: a machine-independent measure of the search.
	b.ReportMetric(float64(s.Nodes())/float64(b.N), "nodes/deal")
}

// BenchmarkStrain: one single-strain solve (declarer South, West leads)
// per op, cycling over the strains of 50 random deals.
func BenchmarkStrain(b *testing.B) {
	deals := benchDeals(50)
	s := NewSolverOptions(Options{})
	b.ResetTimer()
	c0, w0 := cpuTime(), time.Now()
	for i := 0; i < b.N; i++ {
		d := deals[(i/5)%len(deals)]
		if _, err := s.Lead(d, bridge.South, bridge.Strain(i%5)); err != nil {
			b.Fatal(err)
		}
	}
	reportPerDeal(b, b.N, time.Since(w0), cpuTime()-c0, nil)
}

// BenchmarkBatch100: tables for 100 random deals per op with all cores.
func BenchmarkBatch100(b *testing.B) {
	deals := benchDeals(100)
	b.ResetTimer()
	c0, w0 := cpuTime(), time.Now()
	for i := 0; i < b.N; i++ {
		if _, err := Tables(context.Background(), deals, BatchOptions{}); err != nil {
			b.Fatal(err)
		}
	}
	reportPerDeal(b, b.N*len(deals), time.Since(w0), cpuTime()-c0, nil)
	b.ReportMetric(float64(runtime.GOMAXPROCS(0)), "workers")
}

// BenchmarkList1000: the tables of DDS's list1000 per op, one core, the
// way DDS's "dtest -f 1000 -s calc" computes them: the 1,000 hands in
// batches of 40, a deal repeated within a batch solved once (DDS's
// CalcAllTables does the same; the list holds 639 distinct deals, 646
// tables to solve batch by batch). ms/hand divides the time by the 1,000
// hands, as dtest's "Avg user time" does; ms/table by the tables solved.
func BenchmarkList1000(b *testing.B) {
	cs := readDDSList(b, "testdata/list1000.txt")
	var deals []bridge.Deal
	for i := 0; i < len(cs); i += 40 {
		seen := map[bridge.Deal]bool{}
		for _, c := range cs[i:min(i+40, len(cs))] {
			if !seen[c.deal] {
				seen[c.deal] = true
				deals = append(deals, c.deal)
			}
		}
	}
	s := NewSolverOptions(Options{})
	var each []time.Duration
	b.ResetTimer()
	c0, w0 := cpuTime(), time.Now()
	for i := 0; i < b.N; i++ {
		for _, d := range deals {
			t0 := time.Now()
			if _, err := s.Table(d); err != nil {
				b.Fatal(err)
			}
			each = append(each, time.Since(t0))
		}
	}
	wall := time.Since(w0)
	reportPerDeal(b, b.N*len(deals), wall, cpuTime()-c0, each)
	b.ReportMetric(float64(wall.Microseconds())/1000/float64(b.N*len(cs)), "ms/hand")
	b.ReportMetric(float64(len(deals)), "tables")
}

// BenchmarkFourVoid: the full table of the symmetric four-void deal per op,
// one core, from a fresh solver (its table grows as in a first solve).
func BenchmarkFourVoid(b *testing.B) {
	d, err := bridge.ParseDeal(fourVoid)
	if err != nil {
		b.Fatal(err)
	}
	var nodes int64
	b.ResetTimer()
	c0 := cpuTime()
	for i := 0; i < b.N; i++ {
		s := NewSolverOptions(Options{})
		if _, err := s.Table(d); err != nil {
			b.Fatal(err)
		}
		nodes += s.Nodes()
		s.Release()
	}
	b.ReportMetric(float64((cpuTime()-c0).Milliseconds())/float64(b.N), "cpu-ms/table")
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/table")
}
