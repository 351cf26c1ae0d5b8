package store_test

import (
	"fmt"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/internal/store"
	"github.com/bridgetd/bridgetd/internal/store/storetest"
	"github.com/bridgetd/bridgetd/movement"
)

// cpuTime returns the CPU time the process has used, user and system.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkEnterConfirm measures the writer: every table of a 59-table
// Mitchell (9 rounds of 3 boards, all started) enters and confirms its
// boards at once, without HTTP, so the group commit takes them in batches.
// It reports the entries per second, the CPU time per entry (an entry and
// its confirmation: two writes) and the mean batch of the group commit.
func BenchmarkEnterConfirm(b *testing.B) {
	ctx := b.Context()
	mv, err := movement.NewMitchell(movement.MitchellOptions{Tables: 59, PerSet: 3, Rounds: 9})
	if err != nil {
		b.Fatal(err)
	}
	var entries int
	var wall, cpu time.Duration
	var commits, writes int64
	for b.Loop() {
		b.StopTimer()
		s, err := store.Open(ctx, filepath.Join(b.TempDir(), "bench.db"))
		if err != nil {
			b.Fatal(err)
		}
		id, codes := storetest.Evening(b, s, "Bench", mv, 5)
		as, err := s.Assignments(ctx, id)
		if err != nil {
			b.Fatal(err)
		}
		c0, w0 := s.Stats()
		b.StartTimer()
		t0, u0 := time.Now(), cpuTime()
		var wg sync.WaitGroup
		var mu sync.Mutex
		var failed error
		for _, c := range codes {
			wg.Go(func() {
				tc, err := s.TableByCode(ctx, c.Code)
				n := 0
				for _, a := range as {
					if err != nil || a.Table != c.Table || !a.Active() {
						continue
					}
					for _, bd := range a.Boards {
						key := fmt.Sprintf("%d-%d-%d", a.Round, a.Table, bd)
						if _, err = s.Enter(ctx, key+"e", tc, entry(bd, "4H", bridge.South, 10)); err == nil {
							_, err = s.Confirm(ctx, key+"c", tc, bd, true)
						}
						n++
					}
				}
				mu.Lock()
				failed = cmpErr(failed, err)
				entries += n
				mu.Unlock()
			})
		}
		wg.Wait()
		wall, cpu = wall+time.Since(t0), cpu+cpuTime()-u0
		b.StopTimer()
		if failed != nil {
			b.Fatal(failed)
		}
		c1, w1 := s.Stats()
		commits, writes = commits+c1-c0, writes+w1-w0
		s.Close()
		b.StartTimer()
	}
	b.ReportMetric(float64(entries)/wall.Seconds(), "entries/s")
	b.ReportMetric(float64(cpu.Microseconds())/float64(entries), "cpu-µs/entry")
	b.ReportMetric(float64(writes)/float64(max(commits, 1)), "writes/commit")
}

// cmpErr keeps the first error.
func cmpErr(a, b error) error {
	if a != nil {
		return a
	}
	return b
}
