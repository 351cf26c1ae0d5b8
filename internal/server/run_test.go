package server

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// syncBuffer is a bytes.Buffer safe for the server's writes and the test's
// reads.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestRunDemo starts the server as "bridgetd serve --demo" does: it prints
// one http:// line per address (console, results, each table with its
// code), every address answers, and the server stops when told.
func TestRunDemo(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	var out syncBuffer
	ready := make(chan string, 1)
	done := make(chan error, 1)
	db := filepath.Join(t.TempDir(), "demo.db")
	go func() {
		done <- Run(ctx, Config{Addr: "127.0.0.1:0", DB: db, Demo: true, Out: &out, Ready: ready, Log: nil})
	}()
	select {
	case <-ready:
	case err := <-done:
		t.Fatalf("Run: %v", err)
	case <-time.After(30 * time.Second):
		t.Fatal("server not ready in 30 s")
	}
	text := out.String()
	urls := regexp.MustCompile(`http://127\.0\.0\.1:\d+/\S*`).FindAllString(text, -1)
	if len(urls) != 5 {
		t.Fatalf("printed %d addresses, want 5 (console, results, 3 tables):\n%s", len(urls), text)
	}
	for _, want := range []string{"console", "results", "table 1", "table 2", "table 3", "code "} {
		if !strings.Contains(text, want) {
			t.Errorf("output lacks %q:\n%s", want, text)
		}
	}
	for _, u := range urls {
		r, err := http.Get(u)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, r.Body)
		r.Body.Close()
		// The console redirects to the login page, which answers 200.
		if r.StatusCode != 200 {
			t.Errorf("GET %s: %s", u, r.Status)
		}
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("Run after stop: %v", err)
	}
	// A second --demo on the same database is refused: the demo wants a
	// fresh one.
	if err := Run(t.Context(), Config{Addr: "127.0.0.1:0", DB: db, Demo: true, Out: io.Discard}); err == nil || !strings.Contains(err.Error(), "fresh") {
		t.Errorf("--demo on an existing database: %v", err)
	}
}
