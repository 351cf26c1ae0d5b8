package server

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	rtmetrics "runtime/metrics"
	"runtime/pprof"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/bridgetd/bridgetd/internal/store"
	"github.com/bridgetd/bridgetd/internal/store/storetest"
	"github.com/bridgetd/bridgetd/movement"
)

var (
	loadTables  = flag.Int("load-tables", 1000, "tables in BenchmarkLoad")
	loadEvery   = flag.Duration("load-every", 0, "BenchmarkLoad: each table starts a board this often (0: as fast as the server answers)")
	loadProfile = flag.String("load-profile", "", "BenchmarkLoad: write the server process's cpu, mutex, block and heap profiles into this directory")
	loadRounds  = flag.Int("load-rounds", 9, "BenchmarkLoad: rounds of 3 boards each table plays (9: 27 boards)")
	loadDB      = flag.String("load-db", "sqlite", "BenchmarkLoad's database: sqlite, or postgres (a fresh database on the server of "+storetest.Env+")")
	loadInst    = flag.Int("load-instances", 1, "BenchmarkLoad: server processes on the one database (more than one: postgres only); table t talks to instance t mod N")
	loadBoards  = flag.Int("load-boards", 0, "BenchmarkLoad: boards each table plays, the first of its rounds (0: all; with -load-every, a realistic pace in a short run)")
)

// The server process of BenchmarkLoad: with BRIDGETD_LOAD_SERVE set to a
// database, the test binary serves it on a loopback port (printed on
// standard output) until standard input closes, then prints its figures
// (loadFigures, JSON) and exits. It runs before the tests and TestMain.
func init() {
	if db := os.Getenv("BRIDGETD_LOAD_SERVE"); db != "" {
		if err := loadServe(db, os.Getenv("BRIDGETD_LOAD_PROFILE")); err != nil {
			fmt.Fprintln(os.Stderr, "load server:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
}

// loadFigures is what the server process reports at the end.
type loadFigures struct {
	CPU        time.Duration // user and system time while serving
	HeapInuse  uint64        // after a final collection
	HeapPeak   uint64        // the most heap in live and not yet swept objects, sampled every 50 ms
	Sys        uint64        // memory obtained from the system
	Commits    int64
	Writes     int64
	Statements int64 // run through the store's statement cache, with BEGIN and COMMIT (store.Statements)
	// Enter is the server-side latency of each acknowledged entry: its
	// handler's start (the request read) to its return (the answer
	// written), in nanoseconds.
	Enter []int64
}

// serverTimes records how long each acknowledged entry (POST
// /t/{code}/enter answered 200) took inside the server.
type serverTimes struct {
	mu sync.Mutex
	d  []int64
}

func (st *serverTimes) wrap(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasSuffix(r.URL.Path, "/enter") {
			h.ServeHTTP(w, r)
			return
		}
		t0 := time.Now()
		sw := &statusWriter{ResponseWriter: w} // metrics.go
		h.ServeHTTP(sw, r)
		if sw.code == http.StatusOK {
			d := int64(time.Since(t0))
			st.mu.Lock()
			st.d = append(st.d, d)
			st.mu.Unlock()
		}
	})
}

// heapPeak samples the heap every 50 ms until stop closes and returns
// the most it saw.
func heapPeak(stop <-chan struct{}) <-chan uint64 {
	out := make(chan uint64, 1)
	go func() {
		sample := []rtmetrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}, {Name: "/memory/classes/heap/unused:bytes"}}
		var peak uint64
		t := time.NewTicker(50 * time.Millisecond)
		defer t.Stop()
		for {
			rtmetrics.Read(sample)
			peak = max(peak, sample[0].Value.Uint64()+sample[1].Value.Uint64())
			select {
			case <-stop:
				out <- peak
				return
			case <-t.C:
			}
		}
	}()
	return out
}

func loadServe(db, profiles string) error {
	ctx := context.Background()
	st, err := store.Open(ctx, db)
	if err != nil {
		return err
	}
	defer st.Close()
	var o Options
	if store.IsPostgres(db) {
		pb, err := NewPGBroker(db, nil)
		if err != nil {
			return err
		}
		defer pb.Close()
		o.Broker = pb
	}
	srv, err := New(ctx, st, o)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	var times serverTimes
	hs := &http.Server{Handler: times.wrap(srv.Handler())}
	go hs.Serve(ln)
	if profiles != "" {
		runtime.SetMutexProfileFraction(10)
		runtime.SetBlockProfileRate(int(100 * time.Microsecond))
		f, err := os.Create(filepath.Join(profiles, "cpu.out"))
		if err != nil {
			return err
		}
		defer f.Close()
		pprof.StartCPUProfile(f)
	}
	c0, w0 := st.Stats()
	s0 := st.Statements()
	cpu0 := cpuTime(syscall.RUSAGE_SELF)
	stop := make(chan struct{})
	peak := heapPeak(stop)
	fmt.Println(ln.Addr())
	io.Copy(io.Discard, os.Stdin) // until the benchmark is done
	out := loadFigures{CPU: cpuTime(syscall.RUSAGE_SELF) - cpu0, Statements: st.Statements() - s0}
	close(stop)
	out.HeapPeak = <-peak
	if profiles != "" {
		pprof.StopCPUProfile()
		for _, p := range []string{"mutex", "block", "heap"} {
			f, err := os.Create(filepath.Join(profiles, p+".out"))
			if err != nil {
				return err
			}
			pprof.Lookup(p).WriteTo(f, 0)
			f.Close()
		}
	}
	hs.Close()
	times.mu.Lock()
	out.Enter = times.d
	times.mu.Unlock()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	out.HeapInuse, out.Sys = ms.HeapInuse, ms.Sys
	c1, w1 := st.Stats()
	out.Commits, out.Writes = c1-c0, w1-w0
	return json.NewEncoder(os.Stdout).Encode(out)
}

// cpuTime returns the user and system time used by who (RUSAGE_SELF).
func cpuTime(who int) time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(who, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkLoad runs an evening of -load-tables tables (1,000 by default)
// playing 27 boards each (9 rounds of 3, every round started) over the
// loopback interface: every table enters and confirms each board as fast as
// the server answers (or, with -load-every, starts a board that often). The
// server runs in a process of its own (this test binary, see init), so that
// its CPU time and memory are its own; each table is one client keeping its
// connection open, as a phone does, writing its requests by hand to keep
// the client's share of the two cores small. It reports entries per second;
// the p50 and p99 latency of an acknowledged entry as the client sees it
// (p50-ms, p99-ms: its request sent to its answer read) and as the server
// does (srv-p50-ms, srv-p99-ms: the handler's start to its answer); the
// SQL statements per entry (stmts/entry: an entry and its confirmation,
// store.Statements); the CPU time per entry of the server and of the
// clients; the server's heap after the run, its peak heap (sampled every
// 50 ms) and peak resident memory; and the commits and mean batch of the
// group commit. It logs the machine's load average before and after, the
// machine being shared. Run it once:
//
//	go test -run '^$' -bench BenchmarkLoad -benchtime 1x ./internal/server -args -load-tables 1000
//
// In a closed loop every table keeps one request in flight, so the mean
// latency is the tables over the throughput (Little's law) whatever the
// server does; the server's own latency shows how much of it is queueing
// in the server. An open loop at a pace, each table starting a board every
// -load-every, shows the latency a table sees on a real evening; with
// -load-boards 1 each table plays one board, so a realistic pace (a board
// every 7 minutes a table) takes one interval to run:
//
//	go test -run '^$' -bench BenchmarkLoad -benchtime 1x -timeout 30m ./internal/server -args -load-tables 1000 -load-every 7m -load-boards 1
//
// On PostgreSQL (a fresh database on the server of BRIDGETD_TEST_POSTGRES),
// with one or more server processes on it, each with its own pool and
// LISTEN/NOTIFY broker, table t talking to process t mod N:
//
//	go test -run '^$' -bench BenchmarkLoad -benchtime 1x ./internal/server -args -load-tables 1000 -load-db postgres -load-instances 2
//
// The server figures (CPU, heap, RSS, commits) are summed over the
// processes (RSS: the largest).
func BenchmarkLoad(b *testing.B) {
	switch {
	case *loadDB != "sqlite" && *loadDB != "postgres":
		b.Fatalf("-load-db %q: want sqlite or postgres", *loadDB)
	case *loadInst < 1, *loadInst > 1 && *loadDB != "postgres":
		b.Fatalf("-load-instances %d: one, or several on -load-db postgres", *loadInst)
	case *loadRounds < 1 || *loadRounds > *loadTables:
		b.Fatalf("-load-rounds %d: want 1 to the number of tables", *loadRounds)
	}
	for b.Loop() {
		b.StopTimer()
		loadRun(b, *loadTables)
		b.StartTimer()
	}
}

func loadRun(b *testing.B, tables int) {
	ctx := b.Context()
	db := storetest.DSN(b, storetest.Backend(*loadDB))
	st, err := store.Open(ctx, db)
	if err != nil {
		b.Fatal(err)
	}
	id, codes := storetest.Evening(b, st, "Load", loadMitchell(tables, 3, *loadRounds), 11)
	as, err := st.Assignments(ctx, id)
	if err != nil {
		b.Fatal(err)
	}
	st.Close()
	byTable := map[int][]store.Assignment{}
	for _, a := range as {
		byTable[a.Table] = append(byTable[a.Table], a)
	}

	type instance struct {
		cmd   *exec.Cmd
		stdin io.WriteCloser
		out   *bufio.Reader
		addr  string
	}
	insts := make([]instance, *loadInst)
	for k := range insts {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		prof := ""
		if *loadProfile != "" {
			prof = filepath.Join(*loadProfile, fmt.Sprint(k+1))
			if k == 0 && len(insts) == 1 {
				prof = *loadProfile
			}
			os.MkdirAll(prof, 0o755)
		}
		cmd.Env = append(os.Environ(), "BRIDGETD_LOAD_SERVE="+db, "BRIDGETD_LOAD_PROFILE="+prof)
		cmd.Stderr = os.Stderr
		stdin, err := cmd.StdinPipe()
		if err != nil {
			b.Fatal(err)
		}
		stdout, err := cmd.StdoutPipe()
		if err != nil {
			b.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			b.Fatal(err)
		}
		defer cmd.Process.Kill()
		out := bufio.NewReader(stdout)
		addr, err := out.ReadString('\n')
		if err != nil {
			b.Fatalf("load server: %v", err)
		}
		insts[k] = instance{cmd, stdin, out, strings.TrimSpace(addr)}
	}
	load0 := loadAvg()

	lats := make([][]time.Duration, len(codes))
	errs := make([]error, len(codes))
	b.StartTimer()
	t0, cpu0 := time.Now(), cpuTime(syscall.RUSAGE_SELF)
	var wg sync.WaitGroup
	for i, c := range codes {
		wg.Go(func() {
			start := t0.Add(*loadEvery * time.Duration(i) / time.Duration(len(codes)))
			lats[i], errs[i] = loadTable(insts[c.Table%len(insts)].addr, c.Code, byTable[c.Table], start, *loadEvery, *loadBoards)
		})
	}
	wg.Wait()
	elapsed, client := time.Since(t0), cpuTime(syscall.RUSAGE_SELF)-cpu0
	b.StopTimer()

	load1 := loadAvg()
	var fig loadFigures
	var maxRSS int64
	var srvLat []int64
	for _, in := range insts {
		in.stdin.Close()
		var f loadFigures
		if err := json.NewDecoder(in.out).Decode(&f); err != nil {
			b.Fatalf("load server figures: %v", err)
		}
		if err := in.cmd.Wait(); err != nil {
			b.Fatalf("load server: %v", err)
		}
		fig.CPU += f.CPU
		fig.HeapInuse += f.HeapInuse
		fig.Sys += f.Sys
		fig.Commits += f.Commits
		fig.Writes += f.Writes
		fig.Statements += f.Statements
		fig.HeapPeak += f.HeapPeak
		srvLat = append(srvLat, f.Enter...)
		maxRSS = max(maxRSS, in.cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss)
	}
	// A table stops at its first refused write: count them, and report
	// the figures of what was acknowledged all the same.
	var stopped []error
	for _, err := range errs {
		if err != nil {
			stopped = append(stopped, err)
		}
	}
	lat := slices.Concat(lats...)
	if len(lat) == 0 {
		b.Fatalf("no entry acknowledged: %v", stopped)
	}
	slices.Sort(lat)
	n := float64(len(lat))
	b.ReportMetric(n/elapsed.Seconds(), "entries/s")
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "p99-ms")
	// The same entries timed inside the server (handler start to
	// answer): the rest of the client's figure is the wait to be read,
	// in the kernel's and the server's queues, and the client's own.
	slices.Sort(srvLat)
	if len(srvLat) > 0 {
		b.ReportMetric(float64(srvLat[len(srvLat)/2])/1e6, "srv-p50-ms")
		b.ReportMetric(float64(srvLat[len(srvLat)*99/100])/1e6, "srv-p99-ms")
	}
	b.ReportMetric(float64(fig.Statements)/n, "stmts/entry")
	b.ReportMetric(float64(fig.CPU.Microseconds())/n, "server-cpu-µs/entry")
	b.ReportMetric(float64(client.Microseconds())/n, "client-cpu-µs/entry")
	b.ReportMetric(float64(fig.HeapInuse)/(1<<20), "heap-MB")
	b.ReportMetric(float64(fig.HeapPeak)/(1<<20), "heap-peak-MB")
	b.ReportMetric(float64(maxRSS)/1024, "rss-MB")
	b.ReportMetric(float64(fig.Commits), "commits")
	b.ReportMetric(float64(fig.Writes)/float64(max(fig.Commits, 1)), "writes/commit")
	b.ReportMetric(n, "entries")
	b.Logf("%s, %d instance(s), %d tables × %d boards: %d entries acknowledged in %v: %.0f entries/s, p50 %v, p99 %v",
		*loadDB, len(insts), tables, len(lat)/max(tables, 1), len(lat), elapsed.Round(time.Millisecond), n/elapsed.Seconds(),
		lat[len(lat)/2].Round(time.Microsecond), lat[len(lat)*99/100].Round(time.Microsecond))
	b.Logf("load average (1, 5, 15 min) before %s, after %s", load0, load1)
	if len(stopped) > 0 {
		b.Errorf("%d of %d tables stopped at a refused write; the first: %v", len(stopped), len(codes), stopped[0])
	}

	st, err = store.Open(context.Background(), db)
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	rs, err := st.Results(context.Background(), id)
	if err != nil {
		b.Fatal(err)
	}
	if len(rs) != len(lat) {
		b.Errorf("%d results stored, %d entries acknowledged", len(rs), len(lat))
	}
	for _, r := range rs {
		if r.Status != store.Confirmed {
			b.Errorf("board %d at table %d round %d: %s, want every entry confirmed", r.Board, r.Table, r.Round, r.Status)
			break
		}
	}
}

// loadTable plays a table's boards on one connection: for each board the
// entry, then the confirmation, each answered 200 before the next is sent;
// with every > 0 a board starts no sooner than every after the one before.
// It returns the latency of each entry.
func loadTable(addr, code string, rounds []store.Assignment, start time.Time, every time.Duration, boards int) ([]time.Duration, error) {
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		return nil, err
	}
	defer conn.Close()
	r, w := bufio.NewReader(conn), bufio.NewWriter(conn)
	var body bytes.Buffer
	send := func(path string) error {
		fmt.Fprintf(w, "POST /t/%s/%s HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n", code, path, addr, body.Len())
		w.Write(body.Bytes())
		if err := w.Flush(); err != nil {
			return err
		}
		resp, err := http.ReadResponse(r, nil)
		if err != nil {
			return err
		}
		msg, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			return err
		}
		if resp.StatusCode != http.StatusOK {
			return fmt.Errorf("table code %s: %s: %s %s", code, path, resp.Status, msg)
		}
		return nil
	}
	var lat []time.Duration
	next := start
	played := 0
	for _, a := range rounds {
		for _, bd := range a.Boards {
			if boards > 0 && played == boards {
				return lat, nil
			}
			played++
			if every > 0 {
				time.Sleep(time.Until(next))
				next = next.Add(every)
			}
			key := fmt.Sprintf("%d-%d-%d", a.Round, a.Table, bd)
			body.Reset()
			fmt.Fprintf(&body, `{"key":"%s-e","board":%d,"level":4,"strain":"H","declarer":"S","tricks":10}`, key, bd)
			t0 := time.Now()
			if err := send("enter"); err != nil {
				return lat, err
			}
			lat = append(lat, time.Since(t0))
			body.Reset()
			fmt.Fprintf(&body, `{"key":"%s-c","board":%d,"accept":true}`, key, bd)
			if err := send("confirm"); err != nil {
				return lat, err
			}
		}
	}
	return lat, nil
}

// loadAvg returns the machine's load average (/proc/loadavg): the
// benchmark runs on a shared machine, and its figures are read beside it.
func loadAvg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
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
