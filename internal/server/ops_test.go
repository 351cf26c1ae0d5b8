package server

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bridgetd/bridgetd/internal/store"
	"github.com/bridgetd/bridgetd/internal/store/storetest"
)

// sample is one line of the Prometheus text exposition format.
type sample struct {
	name   string
	labels map[string]string
	value  float64
}

var sampleLine = regexp.MustCompile(`^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})? (\S+)$`)
var labelPair = regexp.MustCompile(`([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(,|$)`)

// parseExposition reads the text format: # HELP and # TYPE lines, and
// samples name{label="value",…} number. A line of any other form fails.
func parseExposition(t *testing.T, text string) []sample {
	t.Helper()
	var out []sample
	for i, line := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		if strings.HasPrefix(line, "# HELP ") || strings.HasPrefix(line, "# TYPE ") {
			continue
		}
		m := sampleLine.FindStringSubmatch(line)
		if m == nil {
			t.Fatalf("metrics line %d is not a sample: %q", i+1, line)
		}
		v, err := strconv.ParseFloat(m[4], 64)
		if err != nil {
			t.Fatalf("metrics line %d: value %q: %v", i+1, m[4], err)
		}
		s := sample{name: m[1], labels: map[string]string{}, value: v}
		rest := m[3]
		for rest != "" {
			p := labelPair.FindStringSubmatchIndex(rest)
			if p == nil || p[0] != 0 {
				t.Fatalf("metrics line %d: labels %q", i+1, m[3])
			}
			val := strings.NewReplacer(`\\`, `\`, `\"`, `"`, `\n`, "\n").Replace(rest[p[4]:p[5]])
			s.labels[rest[p[2]:p[3]]] = val
			rest = rest[p[1]:]
		}
		out = append(out, s)
	}
	return out
}

// getStatus GETs url and returns the answer's status.
func getStatus(t *testing.T, url string) int {
	t.Helper()
	r, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, r.Body)
	r.Body.Close()
	return r.StatusCode
}

// TestMetricsAndRequestLog makes requests of several routes, then reads
// /metrics: each route's count and latency histogram are there, by the
// route's pattern and never by a table's code; the log has one JSON line
// per request with its method, route, status and duration, and no code.
func TestMetricsAndRequestLog(t *testing.T) {
	var logs syncBuffer
	st, _ := newServer(t, storetest.SQLite)
	srv, err := New(t.Context(), st, Options{Log: slog.New(slog.NewJSONHandler(&logs, nil))})
	if err != nil {
		t.Fatal(err)
	}
	id, err := Demo(t.Context(), st)
	if err != nil {
		t.Fatal(err)
	}
	codes, err := st.Codes(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	code := codes[0].Code
	ts := httptest.NewServer(srv.Handler())
	defer ts.Close()
	get := func(path string) int { return getStatus(t, ts.URL+path) }
	for range 3 {
		if c := get("/t/" + code + "/state"); c != 200 {
			t.Fatalf("table state: %d", c)
		}
	}
	if c := get("/results"); c != 200 {
		t.Fatalf("results: %d", c)
	}
	if c := get("/no/such/page"); c != 404 {
		t.Fatalf("no such page: %d", c)
	}
	r, err := http.Get(ts.URL + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(r.Body)
	r.Body.Close()
	if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/plain; version=0.0.4") {
		t.Errorf("metrics Content-Type %q", ct)
	}
	text := string(body)
	if strings.Contains(text, code) {
		t.Errorf("metrics name a table code:\n%s", text)
	}
	samples := parseExposition(t, text)
	find := func(name string, labels map[string]string) (float64, bool) {
	next:
		for _, s := range samples {
			if s.name != name {
				continue
			}
			for k, v := range labels {
				if s.labels[k] != v {
					continue next
				}
			}
			return s.value, true
		}
		return 0, false
	}
	want := []struct {
		route, code string
		n           float64
	}{
		{"GET /t/{code}/state", "200", 3},
		{"GET /results", "200", 1},
		{"unmatched", "404", 1},
	}
	for _, w := range want {
		n, ok := find("bridgetd_http_requests_total", map[string]string{"route": w.route, "code": w.code})
		if !ok || n != w.n {
			t.Errorf("requests_total{route=%q,code=%q} = %v (found %v), want %v", w.route, w.code, n, ok, w.n)
		}
		cnt, ok := find("bridgetd_http_request_duration_seconds_count", map[string]string{"route": w.route})
		if !ok || cnt != w.n {
			t.Errorf("duration count of %q = %v, want %v", w.route, cnt, w.n)
		}
		inf, ok := find("bridgetd_http_request_duration_seconds_bucket", map[string]string{"route": w.route, "le": "+Inf"})
		if !ok || inf != w.n {
			t.Errorf("+Inf bucket of %q = %v, want %v", w.route, inf, w.n)
		}
		// Buckets are cumulative: never fewer at a larger bound.
		prev := -1.0
		for _, s := range samples {
			if s.name == "bridgetd_http_request_duration_seconds_bucket" && s.labels["route"] == w.route {
				if s.value < prev {
					t.Errorf("bucket le=%s of %q = %v, below the one before (%v)", s.labels["le"], w.route, s.value, prev)
				}
				prev = s.value
			}
		}
	}
	if n, ok := find("bridgetd_http_requests_in_flight", nil); !ok || n != 1 {
		t.Errorf("in flight while /metrics answers = %v (found %v), want 1", n, ok)
	}

	lines := strings.Split(strings.TrimSpace(logs.String()), "\n")
	var reqs int
	for _, l := range lines {
		if strings.Contains(l, code) {
			t.Errorf("log names a table code: %s", l)
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("log line is not JSON: %q", l)
		}
		if m["msg"] != "request" || m["route"] == "GET /metrics" { // logged after its answer: maybe not yet
			continue
		}
		reqs++
		for _, k := range []string{"method", "route", "status", "ms"} {
			if _, ok := m[k]; !ok {
				t.Errorf("request log line lacks %q: %s", k, l)
			}
		}
	}
	if reqs != 5 {
		t.Errorf("%d request log lines before /metrics, want 5:\n%s", reqs, logs.String())
	}
}

// TestProbes: /healthz answers 200 while the process serves; /readyz 200
// on a reachable database with every migration, and 503 once the server
// is shutting down (Drain). On PostgreSQL the broker must be listening too.
func TestProbes(t *testing.T) { storetest.Run(t, testProbes) }

func testProbes(t *testing.T, bk storetest.Backend) {
	_, srv := newServer(t, bk)
	ts := httptest.NewServer(srv.Handler())
	defer ts.Close()
	status := func(path string) (int, string) {
		r, err := http.Get(ts.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(r.Body)
		r.Body.Close()
		return r.StatusCode, string(b)
	}
	if c, _ := status("/healthz"); c != 200 {
		t.Errorf("healthz: %d", c)
	}
	// The PostgreSQL broker connects its listener in the background.
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		c, b := status("/readyz")
		if c == 200 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("readyz: %d %s", c, b)
		}
	}
	srv.Drain()
	if c, b := status("/readyz"); c != 503 || !strings.Contains(b, "shutting down") {
		t.Errorf("readyz while draining: %d %q, want 503 shutting down", c, b)
	}
	if c, _ := status("/healthz"); c != 200 {
		t.Errorf("healthz while draining: %d", c)
	}
}

// TestWrongCodesAcrossInstances: the limit on wrong table codes lives in
// the database, so wrong codes tried on one instance count on another
// (issue 16: no instance holds state another needs).
func TestWrongCodesAcrossInstances(t *testing.T) {
	path := filepath.Join(t.TempDir(), "two.db")
	var ts [2]*httptest.Server
	var st *store.Store
	for i := range ts {
		s, err := store.Open(t.Context(), path)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		srv, err := New(t.Context(), s, Options{})
		if err != nil {
			t.Fatal(err)
		}
		ts[i] = httptest.NewServer(srv.Handler())
		t.Cleanup(ts[i].Close)
		st = s
	}
	id, err := Demo(t.Context(), st)
	if err != nil {
		t.Fatal(err)
	}
	codes, _ := st.Codes(t.Context(), id)
	state := func(i int, code string) int {
		r, err := http.Get(ts[i].URL + "/t/" + code + "/state")
		if err != nil {
			t.Fatal(err)
		}
		r.Body.Close()
		return r.StatusCode
	}
	if c := state(1, codes[0].Code); c != 200 {
		t.Fatalf("right code on instance 2: %d", c)
	}
	for i := range 10 {
		if c := state(0, fmt.Sprintf("WRONG%d", i)); c != http.StatusForbidden {
			t.Fatalf("wrong code %d on instance 1: %d, want 403", i, c)
		}
	}
	if c := state(1, codes[0].Code); c != http.StatusTooManyRequests {
		t.Errorf("right code on instance 2 after 10 wrong ones on instance 1: %d, want 429", c)
	}
}

// quiet logs warnings and errors only, on standard error.
var quiet = slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))

// TestGracefulShutdown stops a server (as SIGTERM does) with an entry in
// flight and a browser on an event stream: readiness turns 503 while it
// drains, the stream is told to reconnect (retry:) and closed, the entry
// completes and is acknowledged, it is in the database, and then nothing
// listens.
func TestGracefulShutdown(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	var out syncBuffer
	ready := make(chan string, 1)
	done := make(chan error, 1)
	db := filepath.Join(t.TempDir(), "g.db")
	go func() {
		done <- Run(ctx, Config{Addr: "127.0.0.1:0", DB: db, Demo: true, Out: &out, Ready: ready, Drain: 2 * time.Second, Log: quiet})
	}()
	var base string
	select {
	case base = <-ready:
	case err := <-done:
		t.Fatalf("Run: %v", err)
	}
	m := regexp.MustCompile(`(?m)^table 1 .*\(code (\w+)\)`).FindStringSubmatch(out.String())
	ev := regexp.MustCompile(`/results/(\d+)`).FindStringSubmatch(out.String())
	if m == nil || ev == nil {
		t.Fatalf("no table code or event in:\n%s", out.String())
	}
	code := m[1]
	r, err := http.Get(base + "/t/" + code + "/state")
	if err != nil {
		t.Fatal(err)
	}
	var v tableView
	json.NewDecoder(r.Body).Decode(&v)
	r.Body.Close()
	if len(v.Boards) == 0 {
		t.Fatalf("table 1 has no boards: %+v", v)
	}
	board := v.Boards[0].Number

	// A browser on the public event stream.
	sr, err := http.Get(base + "/results/" + ev[1] + "/stream")
	if err != nil {
		t.Fatal(err)
	}
	defer sr.Body.Close()
	sse := bufio.NewReader(sr.Body)
	if l, err := sse.ReadString('\n'); err != nil || !strings.HasPrefix(l, "retry:") {
		t.Fatalf("stream starts %q, %v", l, err)
	}

	// An entry whose body is half sent: the handler is in flight.
	body := entryBody("graceful-1", board, "")
	conn, err := net.Dial("tcp", strings.TrimPrefix(base, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "POST /t/%s/enter HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s", code, len(body), body[:10])
	inFlight := func() float64 {
		r, err := http.Get(base + "/metrics")
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(r.Body)
		r.Body.Close()
		for _, s := range parseExposition(t, string(b)) {
			if s.name == "bridgetd_http_requests_in_flight" {
				return s.value
			}
		}
		return 0
	}
	for inFlight() < 3 { // the stream, the entry and /metrics itself
		time.Sleep(10 * time.Millisecond)
	}

	cancel() // SIGTERM
	for {
		r, err := http.Get(base + "/readyz")
		if err != nil {
			t.Fatalf("readyz while draining: %v", err)
		}
		r.Body.Close()
		if r.StatusCode == http.StatusServiceUnavailable {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	// After the drain the stream is told to reconnect, then closed.
	rest, err := io.ReadAll(sse)
	if err != nil {
		t.Fatalf("stream: %v", err)
	}
	if !strings.Contains(string(rest), "event: reconnect") || !strings.Contains(string(rest), fmt.Sprintf("retry: %d", ReconnectAfter)) {
		t.Errorf("stream ended without retry: and reconnect: %q", rest)
	}
	// The entry in flight completes and is acknowledged.
	fmt.Fprint(conn, body[10:])
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("entry in flight: %v", err)
	}
	ack, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(ack), `"Tricks":10`) {
		t.Errorf("entry in flight: %s %s", resp.Status, ack)
	}
	if err := <-done; err != nil {
		t.Errorf("Run: %v", err)
	}
	if _, err := http.Get(base + "/healthz"); err == nil {
		t.Error("the server still answers after it stopped")
	}
	st, err := store.Open(t.Context(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	id, _ := strconv.ParseInt(ev[1], 10, 64)
	rs, err := st.Results(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != 1 || rs[0].Board != board || rs[0].Tricks != 10 {
		t.Errorf("results after the shutdown = %+v, want the entry in flight", rs)
	}
}
