package server

import (
	"bytes"
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/bridgetd/bridgetd/event"
	"github.com/bridgetd/bridgetd/internal/store"
	"github.com/bridgetd/bridgetd/score"
)

// What every viewer of an event is shown alike (the standings with their
// score sheet, the table assignments, the pairs' labels) is read from the
// store and computed once per change of the event and shared by every
// request until the next change, instead of once per viewer: with a
// thousand tables and their phones following the event live, a change
// would otherwise make every page read the whole event again.
//
// A change is known by its notice on the broker: the server's own writes
// announce theirs through Publish, which forgets the event's shared values
// before anyone hears of it; notices from elsewhere (another instance on
// one PostgreSQL database) reach the shared values through the one
// subscription the event has on the inner broker, which forgets them before
// passing the notice on to the pages. So a page that reloads on a notice
// never gets what was computed before the change. Notices to the pages are
// also paced (UpdateGap), so that a flood of entries costs each page at
// most one reload per gap.

// UpdateGap is the least time between two notices of one event to the
// pages that follow it: the first change after a quiet spell is passed on
// at once, the changes within the gap after it as one notice at its end.
var UpdateGap = time.Second

// shared is the values of one event shared by its viewers.
type shared struct {
	gen     uint64 // changes of the event seen so far
	byName  map[string]*memo
	pages   map[chan struct{}]struct{}
	pending bool // a notice waits for the end of the gap
}

// memo is one shared value: computed at gen, or being computed (done open).
type memo struct {
	gen  uint64
	done chan struct{}
	val  any
	err  error
}

// liveBroker is the server's broker: the inner broker (in-process, or
// PostgreSQL's) wrapped so that the shared values follow the changes and
// each event has one subscription on the inner broker, fanned out to its
// pages.
type liveBroker struct {
	inner Broker
	ctx   context.Context // the server's lifetime: the subscriptions end with it
	gap   time.Duration   // UpdateGap when the server started
	mu    sync.Mutex
	evs   map[int64]*shared
	// computed counts the computations of each shared value (tests).
	computed map[string]int
}

func newLiveBroker(ctx context.Context, inner Broker) *liveBroker {
	return &liveBroker{inner: inner, ctx: ctx, gap: UpdateGap, evs: map[int64]*shared{}, computed: map[string]int{}}
}

// event returns the shared values of ev, subscribing to the inner broker
// for its changes the first time; b.mu is held.
func (b *liveBroker) event(ev int64) *shared {
	sh := b.evs[ev]
	if sh == nil {
		sh = &shared{byName: map[string]*memo{}, pages: map[chan struct{}]struct{}{}}
		b.evs[ev] = sh
		ch, cancel := b.inner.Subscribe(ev)
		go b.follow(ev, sh, ch, cancel)
	}
	return sh
}

// follow passes the inner broker's notices of ev on to its pages, the
// shared values forgotten first, at most one per UpdateGap.
func (b *liveBroker) follow(ev int64, sh *shared, ch <-chan struct{}, cancel func()) {
	defer cancel()
	var gap *time.Timer
	var gapC <-chan time.Time
	for {
		select {
		case <-b.ctx.Done():
			return
		case <-ch:
			b.mu.Lock()
			sh.gen++
			if gapC != nil {
				sh.pending = true
				b.mu.Unlock()
				continue
			}
			b.notify(sh)
			b.mu.Unlock()
			gap = time.NewTimer(b.gap)
			gapC = gap.C
		case <-gapC:
			b.mu.Lock()
			if !sh.pending {
				gapC = nil
				b.mu.Unlock()
				continue
			}
			sh.pending = false
			b.notify(sh)
			b.mu.Unlock()
			gap.Reset(b.gap)
		}
	}
}

// notify tells each page of sh; b.mu is held.
func (b *liveBroker) notify(sh *shared) {
	for ch := range sh.pages {
		select {
		case ch <- struct{}{}:
		default: // a notice is already waiting: one reload covers both
		}
	}
}

// Publish announces a change of ev made here: its shared values are
// forgotten at once, so the writer's next page shows the change, and the
// inner broker carries the notice to the pages.
func (b *liveBroker) Publish(ev int64) {
	b.mu.Lock()
	if sh := b.evs[ev]; sh != nil {
		sh.gen++
	}
	b.mu.Unlock()
	b.inner.Publish(ev)
}

// Listening reports whether the inner broker hears the database's notices
// (readiness, health.go); an in-process broker always does.
func (b *liveBroker) Listening() bool {
	if l, ok := b.inner.(listening); ok {
		return l.Listening()
	}
	return true
}

// Subscribe returns a channel that receives after changes of ev, paced by
// UpdateGap.
func (b *liveBroker) Subscribe(ev int64) (<-chan struct{}, func()) {
	ch := make(chan struct{}, 1)
	b.mu.Lock()
	b.event(ev).pages[ch] = struct{}{}
	b.mu.Unlock()
	return ch, func() {
		b.mu.Lock()
		delete(b.evs[ev].pages, ch)
		b.mu.Unlock()
	}
}

// shared returns the value name of event ev as computed by compute since
// the last change, computing it if no request has; requests that come
// while it is computed wait for it. compute runs without the request's
// cancellation, since others may wait for it. A failure is returned to
// those waiting but not kept.
func (b *liveBroker) shared(ctx context.Context, ev int64, name string, compute func(context.Context) (any, error)) (any, error) {
	b.mu.Lock()
	sh := b.event(ev)
	m := sh.byName[name]
	if m == nil || m.gen != sh.gen || (isClosed(m.done) && m.err != nil) {
		m = &memo{gen: sh.gen, done: make(chan struct{})}
		sh.byName[name] = m
		b.computed[name]++
		b.mu.Unlock()
		m.val, m.err = compute(context.WithoutCancel(ctx))
		close(m.done)
		return m.val, m.err
	}
	b.mu.Unlock()
	select {
	case <-m.done:
		return m.val, m.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

func isClosed(ch chan struct{}) bool {
	select {
	case <-ch:
		return true
	default:
		return false
	}
}

// standingsOf is the shared ranking of an event: the standings and the
// score sheet beside them.
type standingsOf struct {
	st []Standing
	sh *score.Sheet
}

// standings returns the event's ranking (rankEvent), computed once per
// change and shared by every page.
func (s *Server) standings(ctx context.Context, id int64) ([]Standing, *score.Sheet, error) {
	v, err := s.live.shared(ctx, id, "standings", func(ctx context.Context) (any, error) {
		st, sh, err := s.rankEvent(ctx, id)
		return standingsOf{st, sh}, err
	})
	r, _ := v.(standingsOf)
	return r.st, r.sh, err
}

// assignments returns every table of every round of the event, read once
// per change and shared (callers must not change it).
func (s *Server) assignments(ctx context.Context, id int64) ([]store.Assignment, error) {
	v, err := s.live.shared(ctx, id, "assignments", func(ctx context.Context) (any, error) {
		return s.st.Assignments(ctx, id)
	})
	as, _ := v.([]store.Assignment)
	return as, err
}

// labels returns the pairs' labels by number (pairLabel), read once per
// change and shared.
func (s *Server) labels(ctx context.Context, id int64) (map[int]string, error) {
	v, err := s.live.shared(ctx, id, "labels", func(ctx context.Context) (any, error) {
		ens, err := s.st.Entrants(ctx, id)
		if err != nil {
			return nil, err
		}
		out := make(map[int]string, len(ens))
		for _, e := range ens {
			out[e.Number] = pairLabel(e)
		}
		return out, nil
	})
	m, _ := v.(map[int]string)
	return m, err
}

// visible reports whether board n of the event may be shown to a table
// that played it (store.VisibleIn), on the shared assignments.
func (s *Server) visible(ctx context.Context, id int64, n int) (bool, error) {
	as, err := s.assignments(ctx, id)
	if err != nil {
		return false, err
	}
	return s.st.VisibleIn(ctx, id, n, as)
}

// eventFile returns a private copy of the event file (store.EventFile),
// which the caller may change (score it, empty matches): the file is built
// from the store once per change of the event and shared as its text, so
// that each caller pays for reading the text, never for the store's
// queries.
func (s *Server) eventFile(ctx context.Context, id int64) (*event.Event, error) {
	v, err := s.live.shared(ctx, id, "eventfile", func(ctx context.Context) (any, error) {
		ev, err := s.st.EventFile(ctx, id)
		if err != nil {
			return nil, err
		}
		var buf bytes.Buffer
		if err := ev.Write(&buf); err != nil {
			return nil, err
		}
		return buf.Bytes(), nil
	})
	if err != nil {
		return nil, err
	}
	text, _ := v.([]byte)
	return event.Read(bytes.NewReader(text), fmt.Sprintf("event %d", id))
}
