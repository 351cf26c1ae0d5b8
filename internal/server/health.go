package server

import (
	"context"
	"net/http"
	"time"
)

// Listening is what a broker that depends on a connection reports for the
// readiness probe (PGBroker).
type listening interface{ Listening() bool }

// ReadyTimeout bounds the readiness probe's look at the database.
var ReadyTimeout = 2 * time.Second

// healthz answers 200 while the process serves at all (liveness).
func (s *Server) healthz(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	w.Write([]byte("ok\n"))
}

// readyz answers 200 when this instance should be sent requests: the
// database answers and carries every migration, the broker is listening,
// and the server is not shutting down; 503 otherwise, with the reason.
func (s *Server) readyz(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	if err := s.Ready(r.Context()); err != nil {
		http.Error(w, "not ready: "+err.Error(), http.StatusServiceUnavailable)
		return
	}
	w.Write([]byte("ready\n"))
}

// errNotReady is a reason readyz gives.
type errNotReady string

func (e errNotReady) Error() string { return string(e) }

// Ready reports why the server should not be sent requests, or nil.
func (s *Server) Ready(ctx context.Context) error {
	if s.draining.Load() {
		return errNotReady("shutting down")
	}
	if l, ok := s.live.inner.(listening); ok && !l.Listening() {
		return errNotReady("live updates: not listening to the database")
	}
	ctx, cancel := context.WithTimeout(ctx, ReadyTimeout)
	defer cancel()
	return s.st.Ready(ctx)
}

// Drain marks the server as shutting down: readiness answers 503 so that a
// load balancer stops sending it requests; it goes on serving them.
func (s *Server) Drain() { s.draining.Store(true) }

// CloseStreams ends every event stream, telling each browser to reconnect
// (to another instance, behind a load balancer). http.Server.Shutdown does
// not end them itself: it waits for requests in flight, which a stream
// always is.
func (s *Server) CloseStreams() {
	s.draining.Store(true)
	s.closeOnce.Do(func() { close(s.closing) })
}
