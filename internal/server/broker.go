package server

import (
	"fmt"
	"net/http"
	"sync"
	"time"

	"github.com/bridgetd/bridgetd/internal/store"
)

// Broker carries the news that an event changed to the pages that show it.
// Only the event's id travels; a page reads the state again from the store.
// The in-process broker (NewBroker) serves one instance on SQLite; several
// instances on one PostgreSQL database share notices through LISTEN/NOTIFY
// (NewPGBroker).
type Broker interface {
	Publish(event int64)
	// Subscribe returns a channel that receives after each Publish of the
	// event (changes close together may arrive as one), and a cancel func.
	Subscribe(event int64) (<-chan struct{}, func())
}

type localBroker struct {
	mu   sync.Mutex
	subs map[int64]map[chan struct{}]struct{}
}

// NewBroker returns the in-process broker.
func NewBroker() Broker { return &localBroker{subs: map[int64]map[chan struct{}]struct{}{}} }

func (b *localBroker) Publish(ev int64) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for ch := range b.subs[ev] {
		select {
		case ch <- struct{}{}:
		default: // a notice is already waiting: one re-read covers both
		}
	}
}

// publishAll sends a notice to every subscriber of every event.
func (b *localBroker) publishAll() {
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, subs := range b.subs {
		for ch := range subs {
			select {
			case ch <- struct{}{}:
			default:
			}
		}
	}
}

func (b *localBroker) Subscribe(ev int64) (<-chan struct{}, func()) {
	ch := make(chan struct{}, 1)
	b.mu.Lock()
	if b.subs[ev] == nil {
		b.subs[ev] = map[chan struct{}]struct{}{}
	}
	b.subs[ev][ch] = struct{}{}
	b.mu.Unlock()
	return ch, func() {
		b.mu.Lock()
		delete(b.subs[ev], ch)
		b.mu.Unlock()
	}
}

// Heartbeat is how often an idle event stream sends a comment, so that
// proxies keep it open and a dead client is noticed.
var Heartbeat = 20 * time.Second

// ReconnectAfter is the delay, in milliseconds, a browser waits before it
// opens a stream again when the server closes it (on shutdown, so that it
// reconnects to another instance).
const ReconnectAfter = 500

// sse streams "update" events for one event until the client goes or the
// server shuts down; then it sends "retry:" and a "reconnect" event and
// closes, and the browser's EventSource opens the stream again (behind a
// load balancer, on another instance). Every stream starts with an event
// id, so a browser that reconnects sends Last-Event-ID and is sent an
// update at once: it may have missed notices while away.
func (s *Server) sse(w http.ResponseWriter, r *http.Request, id int64) {
	rc := http.NewResponseController(w)
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Accel-Buffering", "no")
	ch, cancel := s.broker.Subscribe(id)
	defer cancel()
	seq := 0
	fmt.Fprintf(w, "retry: 2000\nid: 0\n: connected\n\n")
	if r.Header.Get("Last-Event-ID") != "" {
		seq++
		fmt.Fprintf(w, "id: %d\nevent: update\ndata: %d\n\n", seq, id)
	}
	if err := rc.Flush(); err != nil {
		return
	}
	t := time.NewTicker(Heartbeat)
	defer t.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case <-s.closing:
			fmt.Fprintf(w, "retry: %d\nevent: reconnect\ndata: %d\n\n", ReconnectAfter, id)
			rc.Flush()
			return
		case <-ch:
			seq++
			fmt.Fprintf(w, "id: %d\nevent: update\ndata: %d\n\n", seq, id)
		case <-t.C:
			fmt.Fprintf(w, ": ping\n\n")
		}
		if err := rc.Flush(); err != nil {
			return
		}
	}
}

func (s *Server) stream(w http.ResponseWriter, r *http.Request, id int64) { s.sse(w, r, id) }

func (s *Server) tableStream(w http.ResponseWriter, r *http.Request, tc store.TableCode) {
	s.sse(w, r, tc.Event)
}
