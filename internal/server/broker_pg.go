package server

import (
	"context"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgxlisten"
)

// notifyChannel is the PostgreSQL channel the instances' brokers share.
const notifyChannel = "bridgetd_events"

// PGBroker carries live updates between every instance on one PostgreSQL
// database with LISTEN/NOTIFY. A Publish reaches this instance's
// subscribers at once and the others' through a notification whose payload
// is "instance/event" (ids only: a page re-reads the store, and a
// notification is neither durable nor large). Notifications are sent by one
// goroutine on its own connection, so a burst of writes to one event costs
// one notification. The listening connection (pgxlisten) is re-established
// after it is lost; on every (re)connection all local subscribers are told
// to re-read, since notices may have been missed in between.
type PGBroker struct {
	local    *localBroker
	dsn      string
	instance string
	log      *slog.Logger

	mu      sync.Mutex
	pending map[int64]struct{}
	wake    chan struct{}

	listening atomic.Bool
	cancel    context.CancelFunc
	wg        sync.WaitGroup
}

// ReconnectDelay is how long the PostgreSQL broker waits before it
// connects again after losing its listening connection.
var ReconnectDelay = time.Second

// NewPGBroker starts a broker on the PostgreSQL database at dsn (a
// postgres:// URL); it runs until Close.
func NewPGBroker(dsn string, log *slog.Logger) (*PGBroker, error) {
	if _, err := pgx.ParseConfig(dsn); err != nil {
		return nil, fmt.Errorf("broker: %w", err)
	}
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	ctx, cancel := context.WithCancel(context.Background())
	b := &PGBroker{local: NewBroker().(*localBroker), dsn: dsn, instance: randomHex(6), log: log,
		pending: map[int64]struct{}{}, wake: make(chan struct{}, 1), cancel: cancel}
	l := &pgxlisten.Listener{
		Connect: func(ctx context.Context) (*pgx.Conn, error) {
			b.listening.Store(false)
			return pgx.Connect(ctx, dsn)
		},
		LogError: func(ctx context.Context, err error) {
			b.listening.Store(false)
			if ctx.Err() == nil {
				log.Warn("broker: listening connection", "err", err)
			}
		},
		ReconnectDelay: ReconnectDelay,
	}
	l.Handle(notifyChannel, (*pgHandler)(b))
	b.wg.Go(func() { l.Listen(ctx) })
	b.wg.Go(func() { b.sender(ctx) })
	return b, nil
}

// Publish tells this instance's subscribers at once and queues the
// notification for the others.
func (b *PGBroker) Publish(ev int64) {
	b.local.Publish(ev)
	b.mu.Lock()
	b.pending[ev] = struct{}{}
	b.mu.Unlock()
	select {
	case b.wake <- struct{}{}:
	default:
	}
}

// Subscribe is the local broker's: notices from other instances arrive
// through the listening connection.
func (b *PGBroker) Subscribe(ev int64) (<-chan struct{}, func()) { return b.local.Subscribe(ev) }

// Listening reports whether the listening connection is up (readiness).
func (b *PGBroker) Listening() bool { return b.listening.Load() }

// Close stops listening and sending.
func (b *PGBroker) Close() error {
	b.cancel()
	b.wg.Wait()
	return nil
}

// sender sends the pending notifications on its own connection,
// reconnecting after an error.
func (b *PGBroker) sender(ctx context.Context) {
	var conn *pgx.Conn
	defer func() {
		if conn != nil {
			conn.Close(context.Background())
		}
	}()
	for {
		select {
		case <-ctx.Done():
			return
		case <-b.wake:
		}
		b.mu.Lock()
		evs := make([]string, 0, len(b.pending))
		for ev := range b.pending {
			evs = append(evs, b.instance+"/"+strconv.FormatInt(ev, 10))
		}
		clear(b.pending)
		b.mu.Unlock()
		for try := 0; len(evs) > 0; try++ {
			if conn == nil {
				c, err := pgx.Connect(ctx, b.dsn)
				if err != nil {
					if ctx.Err() != nil {
						return
					}
					b.log.Warn("broker: notify connection", "err", err)
					select {
					case <-ctx.Done():
						return
					case <-time.After(ReconnectDelay):
					}
					continue
				}
				conn = c
			}
			// One statement for the whole batch: unnest the payloads.
			if _, err := conn.Exec(ctx, `SELECT pg_notify($1, p) FROM unnest($2::text[]) AS p`, notifyChannel, evs); err != nil {
				conn.Close(context.Background())
				conn = nil
				if ctx.Err() != nil {
					return
				}
				b.log.Warn("broker: notify", "err", err)
				if try >= 2 {
					break // the others' pages catch up on their next notice or reconnection
				}
				continue
			}
			break
		}
	}
}

// pgHandler is the broker seen by pgxlisten.
type pgHandler PGBroker

// HandleNotification passes another instance's notice to the local
// subscribers.
func (h *pgHandler) HandleNotification(_ context.Context, n *pgconn.Notification, _ *pgx.Conn) error {
	inst, id, ok := strings.Cut(n.Payload, "/")
	ev, err := strconv.ParseInt(id, 10, 64)
	if !ok || err != nil {
		return fmt.Errorf("broker: notification %q is not instance/event", n.Payload)
	}
	if inst != h.instance {
		h.local.Publish(ev)
	}
	return nil
}

// HandleBacklog runs on each (re)connection, once listening: notices sent
// while the connection was down are lost, so every subscriber re-reads.
func (h *pgHandler) HandleBacklog(context.Context, string, *pgx.Conn) error {
	h.local.publishAll()
	h.listening.Store(true)
	return nil
}
