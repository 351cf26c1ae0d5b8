package server

import (
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
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/deal"
	"github.com/bridgetd/bridgetd/internal/store"
	"github.com/bridgetd/bridgetd/movement"
)

var crashEntries = flag.Int("crash-entries", 1000, "result entries the crash test sends (the issue's figure is 10000)")

// TestMain doubles as the server process of the crash test: with
// BRIDGETD_TEST_SERVE set it serves that database until killed.
func TestMain(m *testing.M) {
	if db := os.Getenv("BRIDGETD_TEST_SERVE"); db != "" {
		err := Run(context.Background(), Config{Addr: os.Getenv("BRIDGETD_TEST_ADDR"), DB: db, Out: io.Discard, Log: quiet})
		fmt.Fprintln(os.Stderr, "serve:", err)
		os.Exit(1)
	}
	os.Exit(m.Run())
}

// crashEvent creates a Mitchell with about n board results to enter (tables
// × rounds × boards a round), every round started, and returns the table
// codes.
func crashEvent(t *testing.T, path string, n int) map[int]string {
	t.Helper()
	ctx := t.Context()
	tables, per := 5, max(1, n/25) // 5 tables × 5 rounds × per boards
	if n > 2500 {
		tables, per = 25, (n+624)/625
	}
	st, err := store.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	mv, err := movement.NewMitchell(movement.MitchellOptions{Tables: tables, PerSet: per})
	if err != nil {
		t.Fatal(err)
	}
	boards, err := deal.Seeded(3).Boards(1, mv.TotalBoards())
	if err != nil {
		t.Fatal(err)
	}
	id, err := st.CreateEvent(ctx, store.Setup{Name: "Crash", Movement: mv, Boards: boards})
	if err != nil {
		t.Fatal(err)
	}
	for r := range mv.Rounds {
		if err := st.StartRound(ctx, id, r+1); err != nil {
			t.Fatal(err)
		}
	}
	cs, err := st.Codes(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	codes := map[int]string{}
	for _, c := range cs {
		codes[c.Table] = c.Code
	}
	return codes
}

// serveProcess starts the test binary as a server process (TestMain) on
// the database db, listening on addr.
func serveProcess(t *testing.T, db, addr string) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "BRIDGETD_TEST_SERVE="+db, "BRIDGETD_TEST_ADDR="+addr)
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd
}

func freeAddr(t *testing.T) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// TestCrash sends result entries and confirmations from every table while
// the server process is killed with SIGKILL several times and restarted.
// Each write is resent with its key until acknowledged. At the end every
// acknowledged entry is in the database exactly once, with what was sent.
func TestCrash(t *testing.T) {
	if testing.Short() {
		t.Skip("crash test: -short")
	}
	dir := t.TempDir()
	db := filepath.Join(dir, "crash.db")
	codes := crashEvent(t, db, *crashEntries)
	addr := freeAddr(t)
	base := "http://" + addr

	var mu sync.Mutex
	var proc *exec.Cmd
	start := func() {
		cmd := serveProcess(t, db, addr)
		mu.Lock()
		proc = cmd
		mu.Unlock()
	}
	start()
	var ackMu sync.Mutex
	var acked []sent
	done := make(chan struct{})
	kills := 0
	var killer sync.WaitGroup
	killer.Go(func() {
		for kills < 5 {
			// Kill when the next sixth of the entries is acknowledged, so
			// the crashes fall inside the run however fast the server is.
			target := (kills + 1) * *crashEntries / 6
			for {
				ackMu.Lock()
				n := len(acked)
				ackMu.Unlock()
				if n >= target {
					break
				}
				select {
				case <-done:
					return
				case <-time.After(2 * time.Millisecond):
				}
			}
			mu.Lock()
			proc.Process.Signal(syscall.SIGKILL)
			proc.Wait()
			mu.Unlock()
			kills++
			start()
		}
	})
	defer func() {
		mu.Lock()
		proc.Process.Signal(syscall.SIGKILL)
		proc.Wait()
		mu.Unlock()
	}()

	errs := playTables(codes, func() string { return base }, func(a sent) {
		ackMu.Lock()
		acked = append(acked, a)
		ackMu.Unlock()
	})
	close(done)
	killer.Wait()
	for _, err := range errs {
		t.Error(err)
	}
	mu.Lock()
	proc.Process.Signal(syscall.SIGKILL)
	proc.Wait()
	mu.Unlock()

	st, err := store.Open(t.Context(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	checkAcked(t, st, acked)
	t.Logf("%d entries acknowledged and confirmed, server killed %d times", len(acked), kills)
	if kills < 3 && *crashEntries >= 1000 {
		t.Errorf("server killed only %d times: the entries were sent too fast to test the crashes", kills)
	}
}

// checkAcked checks the results of event 1 against the entries
// acknowledged: each is there exactly once, confirmed, with what was sent,
// and nothing else is.
func checkAcked(t *testing.T, st *store.Store, acked []sent) {
	t.Helper()
	res, err := st.Results(t.Context(), 1)
	if err != nil {
		t.Fatal(err)
	}
	got := map[[3]int]store.Result{}
	for _, r := range res {
		k := [3]int{r.Round, r.Table, r.Board}
		if _, dup := got[k]; dup {
			t.Errorf("round %d table %d board %d stored twice", k[0], k[1], k[2])
		}
		got[k] = r
	}
	seen := map[[3]int]bool{}
	for _, a := range acked {
		k := [3]int{a.round, a.table, a.board}
		if seen[k] {
			t.Errorf("round %d table %d board %d acknowledged twice under different keys", k[0], k[1], k[2])
		}
		seen[k] = true
		r, ok := got[k]
		if !ok {
			t.Errorf("acknowledged entry lost: round %d table %d board %d", k[0], k[1], k[2])
			continue
		}
		if r.Tricks != a.tricks || r.Status != store.Confirmed || r.Contract != "3NT" || r.Declarer != bridge.South.String() {
			t.Errorf("round %d table %d board %d = %+v, sent %d tricks", k[0], k[1], k[2], r, a.tricks)
		}
	}
	if len(got) != len(acked) {
		t.Errorf("%d results stored, %d acknowledged", len(got), len(acked))
	}
}

// sent is an entry a server acknowledged.
type sent struct {
	table, board, round, tricks int
	key                         string
}

// playTables plays every table's boards of event 1 to the end, each table
// on its own goroutine: it reads the table's state, enters and confirms
// each board not yet confirmed, and goes on to the next round. Every write
// is sent to base() (a load balancer's choice of instance) again, with its
// key, until a server answers 200 (committed); ack is told of each entry
// acknowledged. It returns what went wrong: a refusal, or an answer that
// differs from what was sent.
func playTables(codes map[int]string, base func() string, ack func(sent)) []error {
	client := &http.Client{Timeout: 10 * time.Second}
	// send posts until the server answers 200 (the write is committed) or a
	// 4xx (refused, which must not happen here).
	send := func(path, body string) (map[string]any, error) {
		for try := 0; ; try++ {
			r, err := client.Post(base()+path, "application/json", strings.NewReader(body))
			if err != nil {
				time.Sleep(20 * time.Millisecond)
				continue
			}
			var m map[string]any
			json.NewDecoder(r.Body).Decode(&m)
			r.Body.Close()
			switch {
			case r.StatusCode == 200:
				return m, nil
			case r.StatusCode >= 500:
				time.Sleep(20 * time.Millisecond)
				continue
			}
			return m, fmt.Errorf("%s: %d %v", path, r.StatusCode, m)
		}
	}
	var wg sync.WaitGroup
	errs := make(chan error, len(codes))
	for table, code := range codes {
		wg.Go(func() {
			for {
				var v tableView
				for {
					r, err := client.Get(base() + "/t/" + code + "/state")
					if err == nil {
						err = json.NewDecoder(r.Body).Decode(&v)
						r.Body.Close()
						if err == nil && r.StatusCode == 200 {
							break
						}
					}
					time.Sleep(20 * time.Millisecond)
				}
				if v.Done || v.Round == 0 {
					return
				}
				for _, b := range v.Boards {
					if b.Status == store.Confirmed {
						continue
					}
					tricks := (table + b.Number + v.Round) % 14
					key := fmt.Sprintf("crash-%d-%d-%d", v.Round, table, b.Number)
					if b.Status != store.Entered {
						body := fmt.Sprintf(`{"key":%q,"board":%d,"level":3,"strain":"NT","declarer":"S","tricks":%d}`, key+"-e", b.Number, tricks)
						m, err := send("/t/"+code+"/enter", body)
						if err != nil {
							errs <- err
							return
						}
						if int(m["Tricks"].(float64)) != tricks {
							errs <- fmt.Errorf("table %d board %d: answer %v, sent %d tricks", table, b.Number, m, tricks)
							return
						}
						ack(sent{table, b.Number, v.Round, tricks, key + "-e"})
					}
					if _, err := send("/t/"+code+"/confirm", fmt.Sprintf(`{"key":%q,"board":%d,"accept":true}`, key+"-c", b.Number)); err != nil {
						errs <- err
						return
					}
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	var out []error
	for err := range errs {
		out = append(out, err)
	}
	return out
}
