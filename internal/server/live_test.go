package server

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/internal/store"
	"github.com/bridgetd/bridgetd/internal/store/storetest"
)

// play enters and confirms a board at a table over HTTP.
func (e *env) play(table, board int, key string) {
	e.t.Helper()
	if code, m := e.postJSON(nil, "/t/"+e.codes[table]+"/enter", entryBody(key+"e", board, "")); code != 200 {
		e.t.Fatalf("enter board %d at table %d: %d %v", board, table, code, m)
	}
	if code, m := e.postJSON(nil, "/t/"+e.codes[table]+"/confirm", fmt.Sprintf(`{"key":%q,"board":%d,"accept":true}`, key+"c", board)); code != 200 {
		e.t.Fatalf("confirm board %d at table %d: %d %v", board, table, code, m)
	}
}

// boardsRanked returns the boards counted in the shared ranking, all pairs
// together.
func (e *env) boardsRanked() int {
	e.t.Helper()
	st, err := e.srv.Ranking(e.t.Context(), e.id)
	if err != nil {
		e.t.Fatal(err)
	}
	n := 0
	for _, s := range st {
		n += s.Boards
	}
	return n
}

// TestRankingSharedUntilChange: many viewers of the results at once cost
// one ranking and one rendering of the page; a change made here (an entry
// confirmed) is in the next ranking and page anyone gets, and one made
// elsewhere (another instance, whose notice comes through the inner
// broker) is in it once the notice has reached the pages. The shared
// ranking is always the one computed afresh.
func TestRankingSharedUntilChange(t *testing.T) { storetest.Run(t, testRankingSharedUntilChange) }

func testRankingSharedUntilChange(t *testing.T, bk storetest.Backend) {
	e := newEnv(t, bk)
	ctx := t.Context()
	if err := e.st.SetPublished(ctx, e.id, true); err != nil {
		t.Fatal(err)
	}
	bs := e.state(1).Boards
	e.play(1, bs[0].Number, "s1")
	computed := func(name string) int {
		e.srv.live.mu.Lock()
		defer e.srv.live.mu.Unlock()
		return e.srv.live.computed[name]
	}
	page := func() string {
		r, err := http.Get(e.ts.URL + fmt.Sprintf("/results/%d", e.id))
		if err != nil {
			t.Fatal(err)
		}
		defer r.Body.Close()
		b, _ := io.ReadAll(r.Body)
		return string(b)
	}
	// The page links the score card of every ranked pair.
	linksRanked := func() {
		t.Helper()
		st, err := e.srv.Ranking(ctx, e.id)
		if err != nil {
			t.Fatal(err)
		}
		p := page()
		for _, x := range st {
			if link := fmt.Sprintf("/results/%d/pair/%d\"", e.id, x.Pair); !strings.Contains(p, link) {
				t.Errorf("public ranking page has no %s for ranked pair %d", link, x.Pair)
			}
		}
	}
	// The play's own notices reach the shared values asynchronously (the
	// inner broker's subscription, live.go) and each is a change: viewers
	// share one computation per change they see, so the changes that land
	// while they load are allowed for.
	gen := func() uint64 {
		e.srv.live.mu.Lock()
		defer e.srv.live.mu.Unlock()
		return e.srv.live.event(e.id).gen
	}
	before, pagesBefore, gen0 := computed("standings"), computed("ranking.html"), gen()
	var wg sync.WaitGroup
	for range 20 {
		wg.Go(func() {
			r, err := http.Get(e.ts.URL + fmt.Sprintf("/results/%d", e.id))
			if err != nil {
				t.Error(err)
				return
			}
			r.Body.Close()
			if r.StatusCode != 200 {
				t.Errorf("ranking page: %s", r.Status)
			}
		})
	}
	wg.Wait()
	changes := int(gen() - gen0)
	if got := computed("standings") - before; got < 1 || got > 1+changes {
		t.Errorf("20 viewers at once computed the ranking %d times across %d late notices, want once per change seen", got, changes)
	}
	if got := computed("ranking.html") - pagesBefore; got < 1 || got > 1+changes {
		t.Errorf("20 viewers at once rendered the ranking page %d times across %d late notices, want once per change seen", got, changes)
	}
	if n := e.boardsRanked(); n != 2 {
		t.Errorf("%d pair-boards ranked after one result, want 2 (North–South and East–West)", n)
	}
	// A change made here (table 2's first result): the next ranking and
	// page have it, with no wait.
	e.play(2, e.state(2).Boards[0].Number, "s2")
	if n := e.boardsRanked(); n != 4 {
		t.Errorf("%d pair-boards ranked after two results, want 4", n)
	}
	linksRanked()
	// A change made elsewhere: the store written behind the server's back,
	// its notice sent on the inner broker as another instance's would be.
	pages, cancel := e.srv.broker.Subscribe(e.id)
	defer cancel()
	select { // the notice of s2, if it is still on its way
	case <-pages:
	case <-time.After(100 * time.Millisecond):
	}
	tc, err := e.st.TableByCode(ctx, e.codes[1])
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.st.Enter(ctx, "s3e", tc, entryOf(t, bs[1].Number)); err != nil {
		t.Fatal(err)
	}
	if _, err := e.st.Confirm(ctx, "s3c", tc, bs[1].Number, true); err != nil {
		t.Fatal(err)
	}
	e.srv.live.inner.Publish(e.id)
	select {
	case <-pages:
	case <-time.After(5 * time.Second):
		t.Fatal("no notice reached the pages")
	}
	if n := e.boardsRanked(); n != 6 {
		t.Errorf("%d pair-boards ranked after the notice of a third result, want 6", n)
	}
	shared, _, err := e.srv.standings(ctx, e.id)
	if err != nil {
		t.Fatal(err)
	}
	fresh, _, err := e.srv.rankEvent(ctx, e.id)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(shared, fresh) {
		t.Errorf("shared ranking differs from one computed afresh:\n%+v\n%+v", shared, fresh)
	}
}

// TestNoticesPaced: a flood of changes reaches a page as one notice at
// once and one at the end of each gap, never one per change; the last
// change is always announced.
func TestNoticesPaced(t *testing.T) { storetest.Run(t, testNoticesPaced) }

func testNoticesPaced(t *testing.T, bk storetest.Backend) {
	e := newEnv(t, bk)
	e.srv.live.gap = 300 * time.Millisecond
	pages, cancel := e.srv.broker.Subscribe(e.id)
	defer cancel()
	var mu sync.Mutex
	got := 0
	done := make(chan struct{})
	go func() {
		for {
			select {
			case <-pages:
				mu.Lock()
				got++
				mu.Unlock()
			case <-done:
				return
			}
		}
	}()
	const changes = 30
	start := time.Now()
	for range changes {
		e.srv.broker.Publish(e.id)
		time.Sleep(5 * time.Millisecond)
	}
	took := time.Since(start)
	time.Sleep(3 * e.srv.live.gap)
	close(done)
	mu.Lock()
	defer mu.Unlock()
	most := 2 + int(took/e.srv.live.gap)
	if got < 2 || got > most {
		t.Errorf("%d changes in %v made %d notices, want 2 to %d (one at once, one a gap of %v)", changes, took, got, most, e.srv.live.gap)
	}
}

// entryOf is 4♠ by North making ten tricks on board b.
func entryOf(t *testing.T, b int) store.Entry {
	t.Helper()
	c, err := bridge.ParseContract("4S")
	if err != nil {
		t.Fatal(err)
	}
	return store.Entry{Board: b, Contract: c, Declarer: bridge.North, Tricks: 10}
}

// deafBroker is a broker whose notices never arrive: another instance's
// broker that is slow, as far as this one can tell.
type deafBroker struct{}

func (deafBroker) Publish(int64)                             {}
func (deafBroker) Subscribe(int64) (<-chan struct{}, func()) { return nil, func() {} }

// TestSharedForgottenOnPublish: a value shared by the viewers is computed
// once until a change; a change made here is forgotten by Publish itself,
// before it returns, whatever the inner broker's delivery.
func TestSharedForgottenOnPublish(t *testing.T) {
	lb := newLiveBroker(t.Context(), deafBroker{})
	n := 0
	get := func() int {
		t.Helper()
		v, err := lb.shared(t.Context(), 7, "n", func(context.Context) (any, error) { n++; return n, nil })
		if err != nil {
			t.Fatal(err)
		}
		return v.(int)
	}
	if a, b := get(), get(); a != 1 || b != 1 {
		t.Errorf("two reads without a change: %d, %d; want 1, 1 (computed once)", a, b)
	}
	lb.Publish(7)
	if a := get(); a != 2 {
		t.Errorf("read after Publish: %d, want 2 (computed again)", a)
	}
	lb.Publish(8) // another event
	if a := get(); a != 2 {
		t.Errorf("read after another event's change: %d, want 2", a)
	}
}
