package server

import (
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bridgetd/bridgetd/deal"
	"github.com/bridgetd/bridgetd/internal/store"
	"github.com/bridgetd/bridgetd/internal/store/storetest"
	"github.com/bridgetd/bridgetd/movement"
)

var (
	loadTables    = flag.Int("load-tables", 1000, "tables in BenchmarkLoad")
	loadRounds    = flag.Int("load-rounds", 9, "rounds of 3 boards each table plays in BenchmarkLoad (9: 27 boards)")
	loadDB        = flag.String("load-db", "sqlite", "BenchmarkLoad's database: sqlite, or postgres (a fresh database on the server of "+storetest.Env+")")
	loadInstances = flag.Int("load-instances", 1, "server instances in BenchmarkLoad, each with its own store and broker on the one database (postgres only for more than one); table t talks to instance t mod N")
)

// BenchmarkLoad runs an evening of -load-tables tables (1,000 by default)
// playing 27 boards each (9 rounds of 3) over the loopback interface: every
// table enters and confirms each board as fast as the server answers. It
// reports entries per second, the p50 and p99 latency of an acknowledged
// entry, and the heap the server held at the end. Run it once:
//
//	go test -run '^$' -bench BenchmarkLoad -benchtime 1x ./internal/server
//
// On PostgreSQL, with two instances behind one address (each with its own
// store, pool and LISTEN/NOTIFY broker, in this process):
//
//	go test -run '^$' -bench BenchmarkLoad -benchtime 1x ./internal/server -args -load-db postgres -load-instances 2
func BenchmarkLoad(b *testing.B) {
	var bk storetest.Backend
	switch *loadDB {
	case "sqlite":
		bk = storetest.SQLite
		if *loadInstances != 1 {
			b.Fatalf("-load-instances %d: several instances share a PostgreSQL database; use -load-db postgres", *loadInstances)
		}
	case "postgres":
		bk = storetest.Postgres
	default:
		b.Fatalf("-load-db %q: want sqlite or postgres", *loadDB)
	}
	if *loadRounds < 1 || *loadRounds > *loadTables {
		b.Fatalf("-load-rounds %d: want 1 to the number of tables", *loadRounds)
	}
	if *loadInstances < 1 {
		b.Fatalf("-load-instances %d: want 1 or more", *loadInstances)
	}
	for b.Loop() {
		b.StopTimer()
		tables := *loadTables
		dsn := storetest.DSN(b, bk)
		st, err := store.Open(b.Context(), dsn)
		if err != nil {
			b.Fatal(err)
		}
		mv := loadMitchell(tables, 3, *loadRounds)
		boards, err := deal.Seeded(11).Boards(1, mv.TotalBoards())
		if err != nil {
			b.Fatal(err)
		}
		id, err := st.CreateEvent(b.Context(), store.Setup{Name: "Load", Movement: mv, Boards: boards})
		if err != nil {
			b.Fatal(err)
		}
		for r := 1; r <= *loadRounds; r++ {
			if err := st.StartRound(b.Context(), id, r); err != nil {
				b.Fatal(err)
			}
		}
		codes, _ := st.Codes(b.Context(), id)
		stores := []*store.Store{st}
		var urls []string
		var closers []func()
		for i := range *loadInstances {
			if i > 0 {
				if st, err = store.Open(b.Context(), dsn); err != nil {
					b.Fatal(err)
				}
				stores = append(stores, st)
			}
			var o Options
			if bk == storetest.Postgres {
				pb, err := NewPGBroker(dsn, nil)
				if err != nil {
					b.Fatal(err)
				}
				closers = append(closers, func() { pb.Close() })
				o.Broker = pb
			}
			srv, err := New(b.Context(), st, o)
			if err != nil {
				b.Fatal(err)
			}
			ts := httptest.NewServer(srv.Handler())
			closers = append(closers, ts.Close)
			urls = append(urls, ts.URL)
		}
		st = stores[0]
		client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: tables, MaxConnsPerHost: tables}}
		as, _ := st.Assignments(b.Context(), id)
		byTable := map[int][]store.Assignment{}
		for _, a := range as {
			byTable[a.Table] = append(byTable[a.Table], a)
		}
		var mu sync.Mutex
		var lat []time.Duration
		var failed int
		var refusals []string
		post := func(table int, path, body string) (time.Duration, bool) {
			t0 := time.Now()
			r, err := client.Post(urls[table%len(urls)]+path, "application/json", strings.NewReader(body))
			d := time.Since(t0)
			if err != nil {
				return d, false
			}
			msg, _ := io.ReadAll(r.Body)
			r.Body.Close()
			if r.StatusCode != 200 {
				mu.Lock()
				if len(refusals) < 5 {
					refusals = append(refusals, fmt.Sprintf("%s: %s %s", path, r.Status, msg))
				}
				mu.Unlock()
			}
			return d, r.StatusCode == 200
		}
		b.StartTimer()
		t0 := time.Now()
		var wg sync.WaitGroup
		for _, c := range codes {
			wg.Go(func() {
				for _, a := range byTable[c.Table] {
					for _, bd := range a.Boards {
						key := fmt.Sprintf("%d-%d-%d", a.Round, a.Table, bd)
						d, ok := post(c.Table, "/t/"+c.Code+"/enter", fmt.Sprintf(`{"key":"%s-e","board":%d,"level":4,"strain":"H","declarer":"S","tricks":10}`, key, bd))
						_, ok2 := post(c.Table, "/t/"+c.Code+"/confirm", fmt.Sprintf(`{"key":"%s-c","board":%d,"accept":true}`, key, bd))
						mu.Lock()
						lat = append(lat, d)
						if !ok || !ok2 {
							failed++
						}
						mu.Unlock()
					}
				}
			})
		}
		wg.Wait()
		elapsed := time.Since(t0)
		b.StopTimer()
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		slices.Sort(lat)
		b.ReportMetric(float64(len(lat))/elapsed.Seconds(), "entries/s")
		b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
		b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "p99-ms")
		b.ReportMetric(float64(ms.HeapInuse)/(1<<20), "heap-MB")
		b.ReportMetric(float64(ms.Sys)/(1<<20), "sys-MB")
		b.ReportMetric(float64(len(lat)), "entries")
		var commits, writes int64
		for _, s := range stores {
			c, w := s.Stats()
			commits += c
			writes += w
		}
		b.ReportMetric(float64(writes)/float64(max(commits, 1)), "writes/commit")
		b.Logf("%s, %d instance(s), %d tables: %d entries in %v, %.0f entries/s, p50 %v, p99 %v",
			*loadDB, *loadInstances, tables, len(lat), elapsed.Round(time.Millisecond), float64(len(lat))/elapsed.Seconds(),
			lat[len(lat)/2].Round(time.Microsecond), lat[len(lat)*99/100].Round(time.Microsecond))
		if failed > 0 {
			b.Errorf("%d entries or confirmations refused; the first: %q", failed, refusals)
		}
		rs, _ := st.Results(b.Context(), id)
		if len(rs) != len(lat) {
			b.Errorf("%d results stored, %d entries sent", len(rs), len(lat))
		}
		for _, c := range closers {
			c()
		}
		for _, s := range stores {
			s.Close()
		}
		b.StartTimer()
	}
}

// loadMitchell builds a Mitchell schedule of any size for BenchmarkLoad:
// package movement stops a section at MaxMitchellTables, and a load test
// needs one event of a thousand tables. North–South pair t sits at table
// t, East–West pair T+k starts at table k and moves up a table a round,
// the boards move down one (as movement.NewMitchell for an odd section).
func loadMitchell(tables, perSet, rounds int) *movement.Movement {
	m := &movement.Movement{Kind: movement.Mitchell, Name: "Mitchell", Tables: tables, Sets: tables, PerSet: perSet,
		Entrants: 2 * tables, TwoWinner: true}
	for r := range rounds {
		rd := movement.Round{Number: r + 1}
		for t := range tables {
			rd.Tables = append(rd.Tables, movement.Seating{Table: t + 1, NS: t + 1, EW: tables + (t-r+tables)%tables + 1,
				Sets: []int{(t+r)%tables + 1}})
		}
		m.Rounds = append(m.Rounds, rd)
	}
	return m
}
