package server

import (
	"context"
	"fmt"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"github.com/bridgetd/bridgetd/internal/store"
)

// tableEnv is a demo event served over HTTP for the table page's browser
// tests.
type tableEnv struct {
	st    *store.Store
	srv   *Server
	url   string
	id    int64
	codes map[int]string
}

func newTableEnv(t *testing.T) *tableEnv {
	t.Helper()
	st, srv := newServer(t)
	id, err := Demo(t.Context(), st)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(ts.Close)
	te := &tableEnv{st: st, srv: srv, url: ts.URL, id: id, codes: map[int]string{}}
	cs, _ := st.Codes(t.Context(), id)
	for _, c := range cs {
		te.codes[c.Table] = c.Code
	}
	return te
}

// boards returns the boards a table plays in a round.
func (te *tableEnv) boards(t *testing.T, round, table int) []int {
	t.Helper()
	as, err := te.st.Assignments(t.Context(), te.id)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range as {
		if a.Round == round && a.Table == table {
			return a.Boards
		}
	}
	t.Fatalf("no assignment for table %d in round %d", table, round)
	return nil
}

// offline cuts the page's network (and says so to navigator.onLine), or
// gives it back.
func offline(off bool) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		if _, err := cdp.Call(ctx, t, network.Enable, network.EnableParams{}); err != nil {
			return err
		}
		conds := []*network.Conditions{}
		if off {
			conds = append(conds, &network.Conditions{Offline: true, DownloadThroughput: -1, UploadThroughput: -1})
		}
		if _, err := cdp.Call(ctx, t, network.EmulateNetworkConditionsByRule, network.EmulateNetworkConditionsByRuleParams{MatchedNetworkConditions: conds}); err != nil {
			return err
		}
		_, err := cdp.Call(ctx, t, network.OverrideNetworkState, network.OverrideNetworkStateParams{Offline: off, DownloadThroughput: -1, UploadThroughput: -1})
		return err
	})
}

// TestTablePageOffline: North–South enter a board while the network is
// down; the entry waits in the browser (localStorage) and nothing reaches
// the server; when the network returns the page sends it, with the key it
// was given offline, and the server holds it once. The same key sent again
// with another result changes nothing: the page really used that key.
func TestTablePageOffline(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test: -short")
	}
	alloc := browser(t)
	te := newTableEnv(t)
	ctx := t.Context()
	p := newPage(t, alloc, "table 1 offline", 360, 740)
	// Cutting the network makes the browser report the requests it
	// could not send, and the event stream it lost.
	p.expect("ERR_INTERNET_DISCONNECTED")
	code := te.codes[1]
	p.do(chromedp.Navigate(te.url + "/t/" + code))
	p.wait(`!document.getElementById('entry').hidden`)
	b := te.boards(t, 1, 1)[0]
	p.do(offline(true))
	p.wait(`navigator.onLine === false`)
	p.do(chromedp.Click(chromedp.CSS(`input[name=level][value="3"]`)), chromedp.Click(chromedp.CSS(`input[name=strain][value="NT"]`)),
		chromedp.Click(chromedp.CSS(`input[name=declarer][value="S"]`)))
	p.wait(`document.getElementById('preview').textContent.includes('Offline')`)
	p.do(jsDo(`document.getElementById('entry-form').requestSubmit()`))
	p.wait(`!document.getElementById('queue').hidden && document.getElementById('queue').textContent.includes('1 entry waiting')`)
	// Waiting: in localStorage, with its key, and not in the store.
	key, err := chromedp.Run(p.ctx, chromedp.Evaluate[string](fmt.Sprintf(`JSON.parse(localStorage.getItem('bridgetd-queue-%s'))[0].body.key`, code)))
	if err != nil || len(key) != 32 {
		t.Fatalf("queued entry's key %q: %v", key, err)
	}
	time.Sleep(2500 * time.Millisecond) // a retry or two fails meanwhile
	if rs, _ := te.st.Results(ctx, te.id); len(rs) != 0 {
		t.Fatalf("offline entry reached the server: %+v", rs)
	}
	p.do(offline(false))
	p.wait(`document.getElementById('queue').hidden && !document.getElementById('confirm').hidden && document.getElementById('confirm-line').textContent.includes('3NT')`)
	rs, _ := te.st.Results(ctx, te.id)
	if len(rs) != 1 || rs[0].Board != b || rs[0].Contract != "3NT" || rs[0].Declarer != "S" || rs[0].Status != store.Entered {
		t.Fatalf("after the network returned: %+v, want board %d 3NT by S entered once", rs, b)
	}
	// The key the page used is the one it made offline: the server
	// answers a second use of it with the first result.
	tc, _ := te.st.TableByCode(ctx, code)
	again, err := te.st.Enter(ctx, key, tc, store.Entry{Board: b})
	if err != nil || again.Contract != "3NT" {
		t.Errorf("the queued key again: %+v %v, want the 3NT already entered", again, err)
	}
	if rs2, _ := te.st.Results(ctx, te.id); len(rs2) != 1 || rs2[0].Contract != "3NT" {
		t.Errorf("the same key twice made %+v", rs2)
	}
	if q, _ := chromedp.Run(p.ctx, chromedp.Evaluate[string](fmt.Sprintf(`localStorage.getItem('bridgetd-queue-%s')`, code))); q != "[]" {
		t.Errorf("queue after sending: %q, want empty", q)
	}
}
