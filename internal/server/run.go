package server

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"time"

	"github.com/bridgetd/bridgetd/internal/store"
)

// Config is how bridgetd serve starts.
type Config struct {
	Addr string // listen address, 127.0.0.1:8080
	// DB is an SQLite file ("" with Demo: a new file in the temporary
	// directory) or a PostgreSQL URL (postgres://…), which several
	// instances may share: live updates then go through LISTEN/NOTIFY.
	DB   string
	Demo bool // a fresh database with the demo event
	Out  io.Writer
	Log  *slog.Logger
	// DDMemory is the double-dummy solvers' shared memory in bytes
	// (Options.DDMemory); 0 means DefaultDDMemory.
	DDMemory int
	// Password, if set, becomes the director's password (stored hashed,
	// Server.SetPassword) before the server starts listening.
	Password string
	// Ready, if set, receives the listening address once serving.
	Ready chan<- string
	// Drain is how long the server goes on serving after ctx ends, with
	// its readiness probe (/readyz) answering 503, so that a load balancer
	// stops sending it requests before it stops listening.
	Drain time.Duration
	// ShutdownTimeout bounds the wait for requests in flight once the
	// server stops listening; 0 means 10 seconds.
	ShutdownTimeout time.Duration
}

// Run opens the database (creating it and applying the migrations), with
// Demo creates the demo event on a fresh one, prints the addresses to Out
// and serves until ctx ends. Then it shuts down gracefully: readiness
// answers 503 for c.Drain while it goes on serving; then it stops
// listening, tells every event stream's browser to reconnect (elsewhere)
// and finishes the requests in flight.
func Run(ctx context.Context, c Config) error {
	if c.Log == nil {
		c.Log = slog.New(slog.NewTextHandler(os.Stderr, nil))
	}
	if c.Demo && !store.IsPostgres(c.DB) {
		if c.DB == "" {
			c.DB = filepath.Join(os.TempDir(), fmt.Sprintf("bridgetd-demo-%d.db", time.Now().UnixNano()))
		} else if _, err := os.Stat(c.DB); err == nil {
			return fmt.Errorf("--demo starts on a fresh database, and %s exists: remove it or choose another --db", c.DB)
		}
	}
	if c.DB == "" {
		c.DB = "bridgetd.db"
	}
	st, err := store.Open(ctx, c.DB)
	if err != nil {
		return err
	}
	defer st.Close()
	// The requests' context outlives ctx, so that those in flight at a
	// shutdown finish; the background work stops after them.
	life, stopLife := context.WithCancel(context.WithoutCancel(ctx))
	defer stopLife()
	var broker Broker
	if store.IsPostgres(c.DB) {
		pb, err := NewPGBroker(c.DB, c.Log)
		if err != nil {
			return err
		}
		defer pb.Close()
		broker = pb
	}
	srv, err := New(life, st, Options{Log: c.Log, DDMemory: c.DDMemory, Broker: broker})
	if err != nil {
		return err
	}
	if c.Password != "" {
		if err := srv.SetPassword(ctx, c.Password); err != nil {
			return err
		}
	}
	token, err := srv.DirectorToken(ctx)
	if err != nil {
		return err
	}
	var demo int64
	if c.Demo {
		if demo, err = Demo(ctx, st); err != nil {
			return fmt.Errorf("demo event: %w", err)
		}
		if err := st.SetPublished(ctx, demo, true); err != nil {
			return err
		}
		srv.solveLater(demo)
	}
	ln, err := net.Listen("tcp", c.Addr)
	if err != nil {
		return err
	}
	base := baseURL(ln.Addr().(*net.TCPAddr))
	fmt.Fprintf(c.Out, "database  %s\n", redactDSN(c.DB))
	fmt.Fprintf(c.Out, "console   %s/console   (director token %s)\n", base, token)
	if demo != 0 {
		fmt.Fprintf(c.Out, "results   %s/results/%d\n", base, demo)
		codes, err := st.Codes(ctx, demo)
		if err != nil {
			return err
		}
		for _, tc := range codes {
			fmt.Fprintf(c.Out, "table %-3d %s/t/%s   (code %s)\n", tc.Table, base, tc.Code, tc.Code)
		}
	} else {
		fmt.Fprintf(c.Out, "results   %s/results\n", base)
		fmt.Fprintf(c.Out, "tables    %s/t\n", base)
	}
	hs := &http.Server{Handler: srv.Handler(), ReadHeaderTimeout: 10 * time.Second, BaseContext: func(net.Listener) context.Context { return life }}
	hs.RegisterOnShutdown(srv.CloseStreams)
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	c.Log.Info("serving", "addr", ln.Addr().String(), "postgres", store.IsPostgres(c.DB))
	if c.Ready != nil {
		c.Ready <- base
	}
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	c.Log.Info("shutting down", "drain", c.Drain.String())
	srv.Drain()
	if c.Drain > 0 {
		time.Sleep(c.Drain)
	}
	if c.ShutdownTimeout <= 0 {
		c.ShutdownTimeout = 10 * time.Second
	}
	shut, cancel := context.WithTimeout(context.Background(), c.ShutdownTimeout)
	defer cancel()
	if err := hs.Shutdown(shut); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	c.Log.Info("stopped")
	return nil
}

// redactDSN hides the password of a PostgreSQL URL.
func redactDSN(db string) string {
	if !store.IsPostgres(db) {
		return db
	}
	u, err := url.Parse(db)
	if err != nil {
		return "postgres://…"
	}
	return u.Redacted()
}

// baseURL names the address phones should use: the listening address, or
// for an unspecified one (0.0.0.0) the machine's first LAN address.
func baseURL(a *net.TCPAddr) string {
	host := a.IP.String()
	if a.IP.IsUnspecified() {
		host = "127.0.0.1"
		if addrs, err := net.InterfaceAddrs(); err == nil {
			for _, x := range addrs {
				if ip, ok := x.(*net.IPNet); ok && !ip.IP.IsLoopback() && ip.IP.To4() != nil {
					host = ip.IP.String()
					break
				}
			}
		}
	}
	return fmt.Sprintf("http://%s", net.JoinHostPort(host, fmt.Sprint(a.Port)))
}
