package server

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/deal"
	"github.com/bridgetd/bridgetd/internal/store"
	"github.com/bridgetd/bridgetd/internal/store/storetest"
)

// env is a server on a fresh database with the demo event (a 3-table
// Mitchell, round 1 started).
type env struct {
	t     *testing.T
	st    *store.Store
	srv   *Server
	ts    *httptest.Server
	id    int64
	codes map[int]string
	dir   *http.Client // logged in as the director
}

// newServer opens a fresh database on backend bk (storetest: a file in the
// test's folder, or a new PostgreSQL database) and a server on it, with the
// broker bridgetd serve would choose (LISTEN/NOTIFY on PostgreSQL); all
// close when the test ends.
func newServer(t *testing.T, bk storetest.Backend) (*store.Store, *Server) {
	t.Helper()
	dsn := storetest.DSN(t, bk)
	st := storetest.OpenDSN(t, dsn)
	var o Options
	if store.IsPostgres(dsn) {
		pb, err := NewPGBroker(dsn, nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { pb.Close() })
		o.Broker = pb
	}
	srv, err := New(t.Context(), st, o)
	if err != nil {
		t.Fatal(err)
	}
	return st, srv
}

func newEnv(t *testing.T, bk storetest.Backend) *env {
	t.Helper()
	ctx := t.Context()
	st, srv := newServer(t, bk)
	id, err := Demo(ctx, st)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(ts.Close)
	// As a load balancer would, wait until the instance says it is ready:
	// on PostgreSQL the broker's LISTEN connection comes up a moment after
	// the server (readyz is 503 until then, which TestEveryRouteRefusesBadInput
	// once saw).
	waitReady(t, ts.URL)
	e := &env{t: t, st: st, srv: srv, ts: ts, id: id, codes: map[int]string{}}
	cs, err := st.Codes(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cs {
		e.codes[c.Table] = c.Code
	}
	e.dir = e.login()
	return e
}

// postJSON posts a JSON body and returns the status and the decoded answer.
func (e *env) postJSON(c *http.Client, path, body string) (int, map[string]any) {
	e.t.Helper()
	req, _ := http.NewRequest("POST", e.ts.URL+path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	if c == nil {
		c = http.DefaultClient
	}
	r, err := c.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer r.Body.Close()
	var m map[string]any
	json.NewDecoder(r.Body).Decode(&m)
	return r.StatusCode, m
}

func (e *env) state(table int) tableView {
	e.t.Helper()
	r, err := http.Get(e.ts.URL + "/t/" + e.codes[table] + "/state")
	if err != nil {
		e.t.Fatal(err)
	}
	defer r.Body.Close()
	var v tableView
	if err := json.NewDecoder(r.Body).Decode(&v); err != nil {
		e.t.Fatal(err)
	}
	return v
}

func (e *env) results() []store.Result {
	e.t.Helper()
	rs, err := e.st.Results(e.t.Context(), e.id)
	if err != nil {
		e.t.Fatal(err)
	}
	return rs
}

func entryBody(key string, board int, extra string) string {
	b := fmt.Sprintf(`{"key":%q,"board":%d,"level":4,"strain":"S","declarer":"N","tricks":10`, key, board)
	if extra != "" {
		b += "," + extra
	}
	return b + "}"
}

func TestTableEntryOverHTTP(t *testing.T) { storetest.Run(t, testTableEntryOverHTTP) }

func testTableEntryOverHTTP(t *testing.T, bk storetest.Backend) {
	e := newEnv(t, bk)
	v := e.state(1)
	if v.Round != 1 || len(v.Boards) != 3 {
		t.Fatalf("table 1 state = %+v, want round 1 with 3 boards", v)
	}
	b := v.Boards[0].Number
	code, m := e.postJSON(nil, "/t/"+e.codes[1]+"/enter", entryBody("a1", b, ""))
	if code != 200 || m["Status"] != store.Entered {
		t.Fatalf("enter: %d %v", code, m)
	}
	// The same key again (a resend after a lost answer): the same answer,
	// one result.
	code2, m2 := e.postJSON(nil, "/t/"+e.codes[1]+"/enter", entryBody("a1", b, ""))
	if code2 != 200 || m2["Score"] != m["Score"] || len(e.results()) != 1 {
		t.Fatalf("resend: %d %v, %d results", code2, m2, len(e.results()))
	}
	code, m = e.postJSON(nil, "/t/"+e.codes[1]+"/confirm", fmt.Sprintf(`{"key":"a2","board":%d,"accept":true}`, b))
	if code != 200 || m["Status"] != store.Confirmed {
		t.Fatalf("confirm: %d %v", code, m)
	}
}

// TestForbiddenWrites tries each write a role may not make; each is refused
// and nothing changes.
func TestForbiddenWrites(t *testing.T) { storetest.Run(t, testForbiddenWrites) }

func testForbiddenWrites(t *testing.T, bk storetest.Backend) {
	e := newEnv(t, bk)
	t1, t2 := e.state(1), e.state(2)
	other := t2.Boards[0].Number // a board table 2 plays in round 1, not table 1
	if (store.Assignment{Boards: boardsOf(t1)}).Plays(other) {
		t.Fatalf("test set-up: board %d is played at both tables", other)
	}
	anon := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	director := []string{
		"/console/events", fmt.Sprintf("/console/%d/rounds/2/start", e.id), fmt.Sprintf("/console/%d/rounds/1/close", e.id),
		fmt.Sprintf("/console/%d/post", e.id), fmt.Sprintf("/console/%d/publish", e.id), fmt.Sprintf("/console/%d/pairs/1", e.id),
		fmt.Sprintf("/console/%d/results", e.id), fmt.Sprintf("/console/%d/rulings", e.id), fmt.Sprintf("/console/%d/fines", e.id),
		fmt.Sprintf("/console/%d/calls/1/answer", e.id),
	}
	for _, p := range director {
		r, err := anon.PostForm(e.ts.URL+p, url.Values{"round": {"1"}, "table": {"1"}, "board": {"1"}, "contract": {"7NT"}, "declarer": {"N"},
			"tricks": {"13"}, "by": {"x"}, "why": {"x"}, "kind": {"assigned"}, "ns_score": {"2220"}, "director": {"x"}, "pair": {"1"}, "amount": {"50"}, "on": {"1"}})
		if err != nil {
			t.Fatal(err)
		}
		r.Body.Close()
		if r.StatusCode != http.StatusUnauthorized {
			t.Errorf("POST %s without the director: %s, want 401", p, r.Status)
		}
	}
	// A director page for a table or the public: redirected to log in.
	if r, _ := anon.Get(e.ts.URL + fmt.Sprintf("/console/%d", e.id)); r.StatusCode != http.StatusSeeOther {
		t.Errorf("console without login: %s, want a redirect to log in", r.Status)
	}
	// A table enters another table's board: refused.
	if code, m := e.postJSON(nil, "/t/"+e.codes[1]+"/enter", entryBody("f1", other, "")); code != 400 || !strings.Contains(fmt.Sprint(m["error"]), "not played at table 1") {
		t.Errorf("another table's board: %d %v, want 400", code, m)
	}
	// A table confirms another table's board.
	if code, _ := e.postJSON(nil, "/t/"+e.codes[2]+"/enter", entryBody("f2", other, "")); code != 200 {
		t.Fatalf("table 2 enters its board: %d", code)
	}
	if code, _ := e.postJSON(nil, "/t/"+e.codes[1]+"/confirm", fmt.Sprintf(`{"key":"f3","board":%d,"accept":true}`, other)); code != 400 {
		t.Errorf("table 1 confirms table 2's board: %d, want 400", code)
	}
	// The public cannot see an unpublished event.
	if r, _ := anon.Get(e.ts.URL + fmt.Sprintf("/results/%d", e.id)); r.StatusCode != http.StatusNotFound {
		t.Errorf("unpublished results to the public: %s, want 404", r.Status)
	}
	// A cross-site form post, even with the director's cookie, is refused
	// (CSRF: http.CrossOriginProtection).
	req, _ := http.NewRequest("POST", e.ts.URL+fmt.Sprintf("/console/%d/publish", e.id), strings.NewReader("on=1"))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	req.Header.Set("Origin", "http://evil.example")
	if r, err := e.dir.Do(req); err != nil || r.StatusCode != http.StatusForbidden {
		t.Errorf("cross-site post: %v %v, want 403", r.Status, err)
	}
	if ev, _ := e.st.Event(t.Context(), e.id); ev.Published {
		t.Error("cross-site post published the event")
	}
	if rs := e.results(); len(rs) != 1 || rs[0].Status != store.Entered {
		t.Errorf("results after forbidden writes = %+v, want table 2's one entry", rs)
	}
	// Wrong table codes: 403, then 429 from the same address.
	for i := range 10 {
		if code, _ := e.postJSON(nil, "/t/WRONG"+fmt.Sprint(i)+"/enter", entryBody("w", 1, "")); code != http.StatusForbidden {
			t.Fatalf("wrong code %d: %d, want 403", i, code)
		}
	}
	if code, _ := e.postJSON(nil, "/t/"+e.codes[1]+"/enter", entryBody("w2", t1.Boards[0].Number, "")); code != http.StatusTooManyRequests {
		t.Errorf("after 10 wrong codes: %d, want 429", code)
	}
}

func boardsOf(v tableView) []int {
	var out []int
	for _, b := range v.Boards {
		out = append(out, b.Number)
	}
	return out
}

// TestBadInput sends malformed entries: each gets a 4xx that says what is
// wrong, and nothing is saved.
func TestBadInput(t *testing.T) { storetest.Run(t, testBadInput) }

func testBadInput(t *testing.T, bk storetest.Backend) {
	e := newEnv(t, bk)
	b := e.state(1).Boards[0].Number
	path := "/t/" + e.codes[1] + "/enter"
	cases := []struct {
		name, body string
		code       int
		mention    string
	}{
		{"wrong type", `{"key":"b1","board":"one","level":4,"strain":"S","declarer":"N","tricks":10}`, 400, "board"},
		{"board out of range", entryBody("b2", 99, ""), 400, "board 99"},
		{"board 0", entryBody("b3", 0, ""), 400, "board"},
		{"14 tricks (Law 77)", fmt.Sprintf(`{"key":"b4","board":%d,"level":4,"strain":"S","declarer":"N","tricks":14}`, b), 400, "tricks"},
		{"level 8", fmt.Sprintf(`{"key":"b5","board":%d,"level":8,"strain":"S","declarer":"N","tricks":10}`, b), 400, "level"},
		{"strain Z", fmt.Sprintf(`{"key":"b6","board":%d,"level":4,"strain":"Z","declarer":"N","tricks":10}`, b), 400, "strain"},
		{"declarer Q", fmt.Sprintf(`{"key":"b7","board":%d,"level":4,"strain":"S","declarer":"Q","tricks":10}`, b), 400, "declarer"},
		{"bad lead", entryBody("b8", b, `"lead":"S1"`), 400, "lead"},
		{"unknown field", entryBody("b9", b, `"score":2000`), 400, "score"},
		{"not JSON", `4S N 10`, 400, "body"},
		{"two objects", entryBody("b10", b, "") + `{}`, 400, "after"},
		{"no key", fmt.Sprintf(`{"board":%d,"level":4,"strain":"S","declarer":"N","tricks":10}`, b), 400, "key"},
		{"huge body", `{"key":"` + strings.Repeat("x", 2*MaxBody) + `"}`, 413, ""},
	}
	for _, c := range cases {
		code, m := e.postJSON(nil, path, c.body)
		if code != c.code || !strings.Contains(fmt.Sprint(m["error"]), c.mention) {
			t.Errorf("%s: %d %v, want %d mentioning %q", c.name, code, m["error"], c.code, c.mention)
		}
	}
	// The director's forms too.
	form := func(p string, v url.Values) int {
		r, err := e.dir.PostForm(e.ts.URL+p, v)
		if err != nil {
			t.Fatal(err)
		}
		r.Body.Close()
		return r.StatusCode
	}
	ev := fmt.Sprintf("/console/%d", e.id)
	if c := form(ev+"/results", url.Values{"round": {"1"}, "table": {"1"}, "board": {fmt.Sprint(b)}, "contract": {"4S"}, "declarer": {"N"}, "tricks": {"14"}, "by": {"TD"}, "why": {"x"}}); c != 400 {
		t.Errorf("correction with 14 tricks: %d, want 400", c)
	}
	if c := form(ev+"/rulings", url.Values{"round": {"1"}, "table": {"1"}, "board": {fmt.Sprint(b)}, "kind": {"weighted"}, "outcomes": {"420:0.5, -50:0.2"}, "director": {"TD"}}); c != 400 {
		t.Errorf("weights not adding to 1: %d, want 400", c)
	}
	if c := form(ev+"/fines", url.Values{"pair": {"abc"}, "amount": {"25"}, "kind": {"late"}, "director": {"TD"}}); c != 400 {
		t.Errorf("fine on pair abc: %d, want 400", c)
	}
	if c := form("/console/events", url.Values{"name": {"X"}, "movement": {"mitchell"}, "tables": {"0"}, "per_round": {"3"}}); c != 400 {
		t.Errorf("event with 0 tables: %d, want 400", c)
	}
	if c := form("/console/xyz/post", nil); c != 400 {
		t.Errorf("event id xyz: %d, want 400", c)
	}
	if rs := e.results(); len(rs) != 0 {
		t.Errorf("bad input saved results: %+v", rs)
	}
	if rs, _ := e.st.Rulings(t.Context(), e.id); len(rs) != 0 {
		t.Errorf("bad input saved rulings: %+v", rs)
	}
}

// TestLiveUpdates: a results page's event stream announces a confirmed
// result.
func TestLiveUpdates(t *testing.T) { storetest.Run(t, testLiveUpdates) }

func testLiveUpdates(t *testing.T, bk storetest.Backend) {
	e := newEnv(t, bk)
	if err := e.st.SetPublished(t.Context(), e.id, true); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(t.Context(), 5*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", e.ts.URL+fmt.Sprintf("/results/%d/stream", e.id), nil)
	r, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Body.Close()
	if ct := r.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("stream content type %q", ct)
	}
	rd := bufio.NewReader(r.Body)
	for { // the greeting
		l, err := rd.ReadString('\n')
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasPrefix(l, ": connected") {
			break
		}
	}
	b := e.state(1).Boards[0].Number
	if code, _ := e.postJSON(nil, "/t/"+e.codes[1]+"/enter", entryBody("l1", b, "")); code != 200 {
		t.Fatal(code)
	}
	for {
		l, err := rd.ReadString('\n')
		if err != nil {
			t.Fatalf("no update on the stream: %v", err)
		}
		if l == "event: update\n" {
			break
		}
	}
}

// TestPagesRender fetches every page once as the director and checks a
// piece of its content.
func TestPagesRender(t *testing.T) { storetest.Run(t, testPagesRender) }

func testPagesRender(t *testing.T, bk storetest.Backend) {
	e := newEnv(t, bk)
	b := e.state(1).Boards[0].Number
	e.postJSON(nil, "/t/"+e.codes[1]+"/enter", entryBody("p1", b, `"lead":"HA"`))
	e.postJSON(nil, "/t/"+e.codes[1]+"/confirm", fmt.Sprintf(`{"key":"p2","board":%d,"accept":true}`, b))
	pages := map[string]string{
		"/":                              "Director",
		"/console":                       "New event",
		fmt.Sprintf("/console/%d", e.id): "Tables × rounds",
		fmt.Sprintf("/results/%d", e.id): "Travellers",
		fmt.Sprintf("/results/%d/board/%d", e.id, b): "4♠",
		fmt.Sprintf("/results/%d/pair/1", e.id):      "Pair 1",
		fmt.Sprintf("/results/%d/hands", e.id):       "dealer",
		"/t/" + e.codes[1]:                           "Table 1",
		"/t":                                         "Table code",
		"/login":                                     "Token or password",
		"/password":                                  "Set the director",
		fmt.Sprintf("/console/%d/cards", e.id):       "<svg class=\"qr\"",
	}
	for p, want := range pages {
		r, err := e.dir.Get(e.ts.URL + p)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(r.Body)
		r.Body.Close()
		if r.StatusCode != 200 || !strings.Contains(string(body), want) {
			t.Errorf("GET %s: %s, want 200 with %q", p, r.Status, want)
		}
	}
}

// TestSolvedBoards: once package dd has solved the boards, the hand records
// show the double-dummy table and par, and an entry far from the table is
// flagged for the director.
func TestSolvedBoards(t *testing.T) { storetest.Run(t, testSolvedBoards) }

func testSolvedBoards(t *testing.T, bk storetest.Backend) {
	e := newEnv(t, bk)
	if err := e.srv.Solve(t.Context(), e.id); err != nil {
		t.Fatal(err)
	}
	bs, _ := e.st.Boards(t.Context(), e.id)
	v := e.state(1)
	b := v.Boards[0].Number
	var dd *[4][5]int
	for _, x := range bs {
		if int(x.Number) == b && x.DD != nil {
			t := [4][5]int(*x.DD)
			dd = &t
		}
	}
	if dd == nil {
		t.Fatalf("board %d not solved", b)
	}
	// North in no trump taking 13 tricks when double dummy gives fewer
	// than 11 is flagged; so is one taking 0 when it gives 3 or more.
	tricks := 13
	if dd[0][4] > 10 {
		tricks = 0
	}
	body := fmt.Sprintf(`{"key":"s1","board":%d,"level":1,"strain":"NT","declarer":"N","tricks":%d}`, b, tricks)
	code, m := e.postJSON(nil, "/t/"+e.codes[1]+"/enter", body)
	if code != 200 || !strings.Contains(fmt.Sprint(m["Warnings"]), "double dummy") {
		t.Errorf("entry far from the double-dummy table: %d %v, want a warning", code, m["Warnings"])
	}
	r, err := e.dir.Get(e.ts.URL + fmt.Sprintf("/results/%d/hands", e.id))
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(r.Body)
	r.Body.Close()
	if !strings.Contains(string(page), "Double-dummy tricks") || !strings.Contains(string(page), "par") {
		t.Errorf("hand records without the double-dummy table and par")
	}
}

// TestHandRecordOrder: a hand record writes each suit from the top card
// down, as players read a hand.
func TestHandRecordOrder(t *testing.T) {
	d, err := bridge.ParseDeal("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
	if err != nil {
		t.Fatal(err)
	}
	h := handOf(store.Board{Board: deal.NewBoard(1, d)})
	if got, want := h.Hands[0], [4]string{"AKQJ", "T98", "765", "432"}; got != want {
		t.Errorf("North's hand = %v, want %v", got, want)
	}
	if got := h.Hands[3][1]; got != "AKQJ" {
		t.Errorf("West's hearts = %q, want AKQJ", got)
	}
}
