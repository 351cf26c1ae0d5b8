package server

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/bridgetd/bridgetd/internal/store/storetest"
)

// waitReady polls base's /readyz until it answers 200.
func waitReady(t *testing.T, base string) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for {
		r, err := http.Get(base + "/readyz")
		if err == nil {
			io.Copy(io.Discard, r.Body)
			r.Body.Close()
			if r.StatusCode == 200 {
				return
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s not ready in 60 s (%v)", base, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestTwoInstances runs two server processes (the test binary, as
// TestCrash does) on loopback ports against one PostgreSQL database, as
// behind a load balancer (issue 16):
//   - a result entered and confirmed through one instance reaches a browser
//     on the other's event stream, and that instance's traveller page,
//     within a second (LISTEN/NOTIFY);
//   - every table plays its boards through both instances; one is killed
//     with SIGKILL a third of the way; the tables carry on through the
//     other, and every acknowledged entry is in the database exactly once.
func TestTwoInstances(t *testing.T) {
	if testing.Short() {
		t.Skip("two server processes: -short")
	}
	dsn := storetest.DSN(t, storetest.Postgres)
	codes := crashEvent(t, dsn, 250) // 5 tables × 5 rounds × 10 boards
	st := storetest.OpenDSN(t, dsn)
	if err := st.SetPublished(t.Context(), 1, true); err != nil {
		t.Fatal(err)
	}
	var bases [2]string
	var procs [2]*exec.Cmd
	for i := range procs {
		addr := freeAddr(t)
		bases[i] = "http://" + addr
		procs[i] = serveProcess(t, dsn, addr)
		p := procs[i]
		t.Cleanup(func() {
			p.Process.Signal(syscall.SIGKILL)
			p.Wait()
		})
	}
	for _, b := range bases {
		waitReady(t, b)
	}
	a, b := bases[0], bases[1]

	// Live: table 1's first board, entered and confirmed through a, seen
	// on b's stream and b's traveller.
	var v tableView
	r, err := http.Get(a + "/t/" + codes[1] + "/state")
	if err != nil {
		t.Fatal(err)
	}
	json.NewDecoder(r.Body).Decode(&v)
	r.Body.Close()
	if len(v.Boards) == 0 {
		t.Fatalf("table 1 has no boards: %+v", v)
	}
	board := v.Boards[0].Number
	sr, err := http.Get(b + "/results/1/stream")
	if err != nil {
		t.Fatal(err)
	}
	defer sr.Body.Close()
	updates := make(chan struct{}, 16)
	connected := make(chan struct{})
	go func() {
		sc := bufio.NewScanner(sr.Body)
		for sc.Scan() {
			switch {
			case strings.HasPrefix(sc.Text(), ": connected"):
				close(connected)
			case sc.Text() == "event: update":
				updates <- struct{}{}
			}
		}
	}()
	<-connected
	traveller := func() string {
		r, err := http.Get(fmt.Sprintf("%s/results/1/board/%d", b, board))
		if err != nil {
			t.Fatal(err)
		}
		defer r.Body.Close()
		p, _ := io.ReadAll(r.Body)
		if r.StatusCode != 200 {
			t.Fatalf("traveller on the second instance: %s", r.Status)
		}
		return string(p)
	}
	if strings.Contains(traveller(), "3NT") {
		t.Fatal("traveller shows 3NT before any entry")
	}
	post := func(path, body string) {
		t.Helper()
		r, err := http.Post(a+path, "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		r.Body.Close()
		if r.StatusCode != 200 {
			t.Fatalf("%s on the first instance: %s", path, r.Status)
		}
	}
	post("/t/"+codes[1]+"/enter", fmt.Sprintf(`{"key":"live-e","board":%d,"level":3,"strain":"NT","declarer":"S","tricks":9}`, board))
	select {
	case <-updates:
	case <-time.After(time.Second):
		t.Fatal("an entry through the first instance did not reach the second's stream within a second")
	}
	post("/t/"+codes[1]+"/confirm", fmt.Sprintf(`{"key":"live-c","board":%d,"accept":true}`, board))
	acked := time.Now()
	// The page shows it within a second; the stream's notice, paced
	// (UpdateGap) after the entry's, within a second of the gap's end.
	for !strings.Contains(traveller(), "3NT") {
		if time.Since(acked) > time.Second {
			t.Fatal("the second instance's traveller lacks, a second later, the result confirmed through the first")
		}
		time.Sleep(10 * time.Millisecond)
	}
	shown := time.Since(acked)
	select {
	case <-updates:
	case <-time.After(time.Second + UpdateGap):
		t.Fatal("a confirmation through the first instance did not reach the second's stream")
	}
	t.Logf("confirmed through one instance: on the other's page after %v, its stream after %v", shown.Round(time.Millisecond), time.Since(acked).Round(time.Millisecond))

	// Failover: the tables play through both instances, round robin; the
	// first is killed a third of the way and the tables go on.
	var mu sync.Mutex
	var sents []sent
	var n atomic.Int64
	killed := make(chan struct{})
	var once sync.Once
	errs := playTables(codes, func() string { return bases[n.Add(1)%2] }, func(s sent) {
		mu.Lock()
		sents = append(sents, s)
		k := len(sents)
		mu.Unlock()
		if k >= 80 {
			once.Do(func() {
				procs[0].Process.Signal(syscall.SIGKILL)
				procs[0].Wait()
				close(killed)
			})
		}
	})
	for _, err := range errs {
		t.Error(err)
	}
	select {
	case <-killed:
	default:
		t.Fatal("the first instance was never killed")
	}
	// The first board's entry was acknowledged before the round robin.
	sents = append(sents, sent{table: 1, board: board, round: 1, tricks: 9})
	checkAcked(t, st, sents)
	if len(sents) != 250 {
		t.Errorf("%d entries acknowledged, want all 250 boards played", len(sents))
	}
}

// proxy forwards TCP connections to a server until stopped; started again
// on the same address it forwards again. It stands for a network between
// an instance and its database that can fail.
type proxy struct {
	t      *testing.T
	addr   string
	target string
	mu     sync.Mutex
	ln     net.Listener
	conns  []net.Conn
}

func newProxy(t *testing.T, target string) *proxy {
	p := &proxy{t: t, target: target, addr: freeAddr(t)}
	p.start()
	t.Cleanup(p.stop)
	return p
}

func (p *proxy) start() {
	ln, err := net.Listen("tcp", p.addr)
	if err != nil {
		p.t.Fatal(err)
	}
	p.mu.Lock()
	p.ln = ln
	p.mu.Unlock()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			d, err := net.Dial("tcp", p.target)
			if err != nil {
				c.Close()
				continue
			}
			p.mu.Lock()
			p.conns = append(p.conns, c, d)
			p.mu.Unlock()
			go func() { io.Copy(d, c); d.Close() }()
			go func() { io.Copy(c, d); c.Close() }()
		}
	}()
}

// stop closes the listener and cuts every connection.
func (p *proxy) stop() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.ln != nil {
		p.ln.Close()
		p.ln = nil
	}
	for _, c := range p.conns {
		c.Close()
	}
	p.conns = nil
}

// TestDatabaseLost: an instance whose database becomes unreachable answers
// 503 on /readyz (while /healthz stays 200); when the database is back it
// is ready again, and its broker, listening again, delivers another
// instance's notices.
func TestDatabaseLost(t *testing.T) {
	dsn := storetest.DSN(t, storetest.Postgres)
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatal(err)
	}
	px := newProxy(t, u.Host)
	u.Host = px.addr
	via := u.String()
	st := storetest.OpenDSN(t, via)
	pb, err := NewPGBroker(via, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer pb.Close()
	srv, err := New(t.Context(), st, Options{Broker: pb})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv.Handler())
	defer ts.Close()
	// Another instance's broker, straight to the database.
	other, err := NewPGBroker(dsn, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	probe := func(path string) int { return getStatus(t, ts.URL+path) }
	until := func(what string, ok func() bool) {
		t.Helper()
		for deadline := time.Now().Add(20 * time.Second); !ok(); time.Sleep(20 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("%s: not within 20 s", what)
			}
		}
	}
	until("ready", func() bool { return probe("/readyz") == 200 && other.Listening() })
	ch, cancel := srv.broker.Subscribe(7)
	defer cancel()
	delivered := func() bool {
		other.Publish(7)
		select {
		case <-ch:
			return true
		case <-time.After(100 * time.Millisecond):
			return false
		}
	}
	until("a notice from the other instance", delivered)

	px.stop()
	until("readyz 503 with the database unreachable", func() bool { return probe("/readyz") == http.StatusServiceUnavailable })
	until("the broker notices its lost connection", func() bool { return !pb.Listening() })
	if c := probe("/healthz"); c != 200 {
		t.Errorf("healthz with the database unreachable: %d, want 200", c)
	}
	px.start()
	until("ready again", func() bool { return probe("/readyz") == 200 })
	// A fresh subscriber: the reconnection's own notice to every
	// subscriber went out before the broker said it listened.
	ch, cancel = srv.broker.Subscribe(8)
	defer cancel()
	until("a notice from the other instance after reconnecting", func() bool {
		other.Publish(8)
		select {
		case <-ch:
			return true
		case <-time.After(100 * time.Millisecond):
			return false
		}
	})
}
