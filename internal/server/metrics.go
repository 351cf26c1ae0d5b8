package server

import (
	"fmt"
	"log/slog"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// latencyBuckets are the upper bounds, in seconds, of the request latency
// histogram.
var latencyBuckets = []float64{0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10}

// metrics counts the requests and their latency per route, for /metrics
// in the Prometheus text exposition format (version 0.0.4).
type metrics struct {
	mu       sync.Mutex
	routes   map[routeKey]*histogram
	inFlight atomic.Int64
}

// routeKey is a route (the ServeMux pattern, which names no table code) and
// the answer's status.
type routeKey struct {
	route string
	code  int
}

type histogram struct {
	counts []uint64 // per bucket, not cumulative; the last is +Inf
	sum    float64
	n      uint64
}

func newMetrics() *metrics { return &metrics{routes: map[routeKey]*histogram{}} }

func (m *metrics) observe(route string, code int, d time.Duration) {
	sec := d.Seconds()
	i, _ := slices.BinarySearch(latencyBuckets, sec)
	m.mu.Lock()
	h := m.routes[routeKey{route, code}]
	if h == nil {
		h = &histogram{counts: make([]uint64, len(latencyBuckets)+1)}
		m.routes[routeKey{route, code}] = h
	}
	h.counts[i]++
	h.sum += sec
	h.n++
	m.mu.Unlock()
}

// serve writes the metrics: bridgetd_http_requests_total by route and
// code, bridgetd_http_request_duration_seconds by route (a histogram), and
// bridgetd_http_requests_in_flight.
func (m *metrics) serve(w http.ResponseWriter, r *http.Request) {
	m.mu.Lock()
	keys := make([]routeKey, 0, len(m.routes))
	for k := range m.routes {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b routeKey) int {
		if c := strings.Compare(a.route, b.route); c != 0 {
			return c
		}
		return a.code - b.code
	})
	byRoute := map[string]*histogram{}
	var routes []string
	var b strings.Builder
	b.WriteString("# HELP bridgetd_http_requests_total Requests answered, by route and status code.\n")
	b.WriteString("# TYPE bridgetd_http_requests_total counter\n")
	for _, k := range keys {
		h := m.routes[k]
		fmt.Fprintf(&b, "bridgetd_http_requests_total{route=%s,code=\"%d\"} %d\n", quoteLabel(k.route), k.code, h.n)
		sum := byRoute[k.route]
		if sum == nil {
			sum = &histogram{counts: make([]uint64, len(latencyBuckets)+1)}
			byRoute[k.route] = sum
			routes = append(routes, k.route)
		}
		for i, c := range h.counts {
			sum.counts[i] += c
		}
		sum.sum += h.sum
		sum.n += h.n
	}
	m.mu.Unlock()
	b.WriteString("# HELP bridgetd_http_request_duration_seconds Time to answer a request, by route.\n")
	b.WriteString("# TYPE bridgetd_http_request_duration_seconds histogram\n")
	for _, route := range routes {
		h := byRoute[route]
		q := quoteLabel(route)
		var cum uint64
		for i, le := range latencyBuckets {
			cum += h.counts[i]
			fmt.Fprintf(&b, "bridgetd_http_request_duration_seconds_bucket{route=%s,le=\"%s\"} %d\n", q, strconv.FormatFloat(le, 'g', -1, 64), cum)
		}
		fmt.Fprintf(&b, "bridgetd_http_request_duration_seconds_bucket{route=%s,le=\"+Inf\"} %d\n", q, h.n)
		fmt.Fprintf(&b, "bridgetd_http_request_duration_seconds_sum{route=%s} %s\n", q, strconv.FormatFloat(h.sum, 'g', -1, 64))
		fmt.Fprintf(&b, "bridgetd_http_request_duration_seconds_count{route=%s} %d\n", q, h.n)
	}
	b.WriteString("# HELP bridgetd_http_requests_in_flight Requests being answered now (event streams included).\n")
	b.WriteString("# TYPE bridgetd_http_requests_in_flight gauge\n")
	fmt.Fprintf(&b, "bridgetd_http_requests_in_flight %d\n", m.inFlight.Load())
	w.Header().Set("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Write([]byte(b.String()))
}

// quoteLabel quotes a label value as the exposition format escapes it.
func quoteLabel(v string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`).Replace(v) + `"`
}

// statusWriter records the status a handler answered with; Unwrap lets
// http.ResponseController reach the connection (flushing event streams).
type statusWriter struct {
	http.ResponseWriter
	code int
}

func (w *statusWriter) WriteHeader(code int) {
	if w.code == 0 {
		w.code = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(p []byte) (int, error) {
	if w.code == 0 {
		w.code = http.StatusOK
	}
	return w.ResponseWriter.Write(p)
}

func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// observe counts, times and logs every request by its route: the
// ServeMux pattern ("POST /t/{code}/enter"), never the path, which may
// carry a table code. A request refused before routing (another origin,
// no such page) has the route "unmatched".
func (s *Server) observe(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		t0 := time.Now()
		s.metrics.inFlight.Add(1)
		sw := &statusWriter{ResponseWriter: w}
		defer func() {
			s.metrics.inFlight.Add(-1)
			d := time.Since(t0)
			code := sw.code
			if code == 0 {
				code = http.StatusOK
			}
			route := r.Pattern
			if route == "" {
				route = "unmatched"
			}
			s.metrics.observe(route, code, d)
			s.log.LogAttrs(r.Context(), slog.LevelInfo, "request", slog.String("method", r.Method), slog.String("route", route),
				slog.Int("status", code), slog.Float64("ms", float64(d.Microseconds())/1000))
		}()
		h.ServeHTTP(sw, r)
	})
}
