package store_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/deal"
	"github.com/bridgetd/bridgetd/internal/store"
	"github.com/bridgetd/bridgetd/internal/store/storetest"
	"github.com/bridgetd/bridgetd/movement"
)

// BenchmarkWrites measures the store's write throughput: one op is a
// table's entry and East–West's confirmation of one board (two write
// transactions), by 1 and by 64 writers at once, each writer the device
// of its own tables, on SQLite and on PostgreSQL with a transaction per
// write (the default) and with group commit (SetGroupCommit).
//
//	go test ./internal/store -run '^$' -bench Writes -benchtime 2000x
//
// (-benchtime above 8,000x runs out of boards at 64 writers.)
func BenchmarkWrites(b *testing.B) {
	for _, bk := range []string{"sqlite", "postgres", "postgres-group"} {
		for _, writers := range []int{1, 64} {
			b.Run(fmt.Sprintf("%s/writers=%d", bk, writers), func(b *testing.B) { benchWrites(b, bk, writers) })
		}
	}
}

// benchWrites runs the benchmark on backend bk: sqlite, postgres (a
// transaction per write) or postgres-group (group commit).
func benchWrites(b *testing.B, bk string, writers int) {
	ctx := b.Context()
	s := storetest.Open(b, storetest.Backend(strings.TrimSuffix(bk, "-group")))
	if strings.HasSuffix(bk, "-group") {
		s.SetGroupCommit(true)
	}
	// Two 33-table Mitchells, 4 boards a round, every round open: 66
	// tables of 132 boards each, 8,712 in all.
	const tables, perSet = 33, 4
	mv, err := movement.NewMitchell(movement.MitchellOptions{Tables: tables, PerSet: perSet})
	if err != nil {
		b.Fatal(err)
	}
	boards, err := deal.Seeded(5).Boards(1, mv.TotalBoards())
	if err != nil {
		b.Fatal(err)
	}
	// Each writer's boards: its tables', round by round.
	type slot struct {
		tc    store.TableCode
		board int
	}
	work := make([][]slot, writers)
	for ev := range 2 {
		id, err := s.CreateEvent(ctx, store.Setup{Name: fmt.Sprint("Bench ", ev), Movement: mv, Boards: boards})
		if err != nil {
			b.Fatal(err)
		}
		for r := 1; r <= len(mv.Rounds); r++ {
			if err := s.StartRound(ctx, id, r); err != nil {
				b.Fatal(err)
			}
		}
		as, err := s.Assignments(ctx, id)
		if err != nil {
			b.Fatal(err)
		}
		for _, a := range as {
			if !a.Active() {
				continue
			}
			w := (ev*tables + a.Table - 1) % writers
			for _, bd := range a.Boards {
				work[w] = append(work[w], slot{store.TableCode{Event: id, Session: 1, Table: a.Table}, bd})
			}
		}
	}
	share := (b.N + writers - 1) / writers
	for w := range work {
		if len(work[w]) < share {
			b.Fatalf("writer %d has %d boards for %d ops: run fewer (-benchtime Nx)", w, len(work[w]), share)
		}
	}
	c3nt, _ := bridge.ParseContract("3NT")
	retries := s.Retries()
	b.ResetTimer()
	start := time.Now()
	var wg sync.WaitGroup
	for w := range writers {
		n := min(share, b.N-w*share)
		wg.Go(func() {
			for i := range max(n, 0) {
				sl := work[w][i]
				tc := sl.tc
				key := fmt.Sprintf("e%dt%db%d", tc.Event, tc.Table, sl.board)
				if _, err := s.Enter(ctx, key+"e", tc, store.Entry{Board: sl.board, Contract: c3nt, Declarer: bridge.North, Tricks: 9}); err != nil {
					b.Error(err)
					return
				}
				if _, err := s.Confirm(ctx, key+"c", tc, sl.board, true); err != nil {
					b.Error(err)
					return
				}
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	b.StopTimer()
	b.ReportMetric(float64(b.N)/elapsed.Seconds(), "entries/s")
	b.ReportMetric(float64(s.Retries()-retries)/float64(b.N), "retries/op")
}
