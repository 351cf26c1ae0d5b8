package server

import (
	"encoding/json"
	"fmt"
	"github.com/bridgetd/bridgetd/internal/store/storetest"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// registeredRoutes reads the patterns that routes() in server.go
// registers, from the source: the route table as written, so that a new
// route is seen by the test without being listed by hand.
func registeredRoutes(t *testing.T) []string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "server.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	ast.Inspect(f, func(n ast.Node) bool {
		fn, ok := n.(*ast.FuncDecl)
		if !ok || fn.Name.Name != "routes" {
			return true
		}
		ast.Inspect(fn.Body, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) == 0 {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok || (sel.Sel.Name != "HandleFunc" && sel.Sel.Name != "Handle") {
				return true
			}
			lit, ok := call.Args[0].(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				t.Fatalf("server.go: a route whose pattern is not a literal: %v", call.Args[0])
			}
			p, _ := strconv.Unquote(lit.Value)
			out = append(out, p)
			return true
		})
		return false
	})
	if len(out) < 10 {
		t.Fatalf("found only %d routes in server.go: %v", len(out), out)
	}
	return out
}

// badReq is one bad request to a route and the answer it must get.
type badReq struct {
	why    string
	method string
	path   string
	body   string // a form, or JSON when it starts with '{' or is json
	json   bool
	anon   bool // sent without the director's cookie
	code   int
}

// snapshot is everything a request could change, to compare before and
// after the bad requests.
func (e *env) snapshot() string {
	e.t.Helper()
	ctx := e.t.Context()
	var b strings.Builder
	add := func(name string, v any, err error) {
		if err != nil {
			e.t.Fatalf("snapshot %s: %v", name, err)
		}
		js, _ := json.Marshal(v)
		fmt.Fprintf(&b, "%s: %s\n", name, js)
	}
	evs, err := e.st.Events(ctx)
	add("events", evs, err)
	for _, ev := range evs {
		for _, part := range []struct {
			name string
			read func() (any, error)
		}{
			{"results", func() (any, error) { return e.st.Results(ctx, ev.ID) }},
			{"rulings", func() (any, error) { return e.st.Rulings(ctx, ev.ID) }},
			{"fines", func() (any, error) { return e.st.Fines(ctx, ev.ID) }},
			{"corrections", func() (any, error) { return e.st.Corrections(ctx, ev.ID) }},
			{"calls", func() (any, error) { return e.st.Calls(ctx, ev.ID) }},
			{"entrants", func() (any, error) { return e.st.Entrants(ctx, ev.ID) }},
			{"rounds", func() (any, error) { return e.st.Rounds(ctx, ev.ID) }},
			{"sessions", func() (any, error) { return e.st.Sessions(ctx, ev.ID) }},
		} {
			v, err := part.read()
			add(part.name, v, err)
		}
	}
	pw, _, err := e.st.Setting(ctx, "director_password")
	add("password", pw, err)
	return b.String()
}

// TestEveryRouteRefusesBadInput walks every route that server.go
// registers: each must have cases here (a new route without them fails the
// test), each unsafe one is also sent a huge body and a cross-site post
// with the director's cookie, and every bad request gets a 4xx that says
// what is wrong and changes nothing in the store.
func TestEveryRouteRefusesBadInput(t *testing.T) { storetest.Run(t, testEveryRouteRefusesBadInput) }

func testEveryRouteRefusesBadInput(t *testing.T, bk storetest.Backend) {
	e := newEnv(t, bk)
	v1 := e.state(1)
	b := v1.Boards[0].Number
	c1 := e.codes[1]
	ev := fmt.Sprintf("/console/%d", e.id)
	res := fmt.Sprintf("/results/%d", e.id)
	entry := func(field string) string { // an entry with one field wrong
		m := map[string]string{"key": `"k"`, "board": strconv.Itoa(b), "level": "4", "strain": `"S"`, "declarer": `"N"`, "tricks": "10"}
		k, v, _ := strings.Cut(field, "=")
		m[k] = v
		var parts []string
		for k, v := range m {
			parts = append(parts, strconv.Quote(k)+":"+v)
		}
		sort.Strings(parts)
		return "{" + strings.Join(parts, ",") + "}"
	}
	cases := map[string][]badReq{
		"GET /static/":     {{why: "no such file", path: "/static/nothing.js", code: 404}},
		"GET /{$}":         {{why: "no such page", path: "/nothing", code: 404}},
		"GET /favicon.ico": {{why: "nothing to refuse: the icon, whatever the query", path: "/favicon.ico?x=%zz", code: 200}},
		"GET /healthz":     {{why: "nothing to refuse: alive, whatever the query", path: "/healthz?x=%zz", code: 200}},
		"GET /readyz":      {{why: "nothing to refuse: ready, whatever the query", path: "/readyz?x=%zz", code: 200}},
		"GET /metrics":     {{why: "nothing to refuse: the metrics, whatever the query", path: "/metrics?x=%zz", code: 200}},
		"GET /login":       {{why: "a next address off the site is ignored, not followed", path: "/login?next=//evil.example", code: 200}},
		"POST /login": {
			{why: "wrong secret", path: "/login", body: "secret=nope", anon: true, code: 401},
			{why: "bad form encoding", path: "/login", body: "secret=%zz", anon: true, code: 400},
		},
		"POST /logout":  {{why: "not logged in: nothing to undo, still fine", path: "/logout", anon: true, code: 303}},
		"GET /password": {{why: "not the director", path: "/password", anon: true, code: 303}},
		"POST /password": {
			{why: "not the director", path: "/password", body: "password=abcdefgh&confirm=abcdefgh", anon: true, code: 401},
			{why: "7 characters", path: "/password", body: "password=abcdefg&confirm=abcdefg", code: 400},
			{why: "two passwords differ", path: "/password", body: "password=abcdefgh&confirm=abcdefgx", code: 400},
		},
		"GET /console": {{why: "not the director", path: "/console", anon: true, code: 303}},
		"POST /console/events": {
			{why: "tables not a number", path: "/console/events", body: "name=X&movement=mitchell&tables=three&per_round=3", code: 400},
			{why: "9 boards a round", path: "/console/events", body: "name=X&movement=mitchell&tables=3&per_round=9", code: 400},
			{why: "unknown movement", path: "/console/events", body: "name=X&movement=spiral&tables=3&per_round=3", code: 400},
			{why: "no name", path: "/console/events", body: "movement=mitchell&tables=3&per_round=3", code: 400},
			{why: "not the director", path: "/console/events", body: "name=X&movement=mitchell&tables=3&per_round=3", anon: true, code: 401},
		},
		"GET /console/{id}": {
			{why: "id not a number", path: "/console/abc", code: 400},
			{why: "no such event", path: "/console/999", code: 404},
		},
		"GET /console/{id}/grid": {{why: "no such event", path: "/console/999/grid", code: 404}},
		"POST /console/{id}/rounds/{n}/start": {
			{why: "round not a number", path: ev + "/rounds/two/start", code: 400},
			{why: "round 0", path: ev + "/rounds/0/start", code: 400},
			{why: "round 99", path: ev + "/rounds/99/start", code: 404},
			{why: "no such event", path: "/console/999/rounds/2/start", code: 404},
		},
		"POST /console/{id}/rounds/{n}/close": {
			{why: "round not a number", path: ev + "/rounds/x/close", code: 400},
			{why: "round 99, which the store calls not started", path: ev + "/rounds/99/close", code: 409},
			{why: "round 2 not started", path: ev + "/rounds/2/close", code: 409},
		},
		"POST /console/{id}/rounds/{n}/undo": {
			{why: "a Mitchell's rounds are not drawn", path: ev + "/rounds/1/undo", body: "director=TD&why=wrong+draw", code: 400},
			{why: "no reason", path: ev + "/rounds/1/undo", body: "director=TD", code: 400},
			{why: "round not a number", path: ev + "/rounds/x/undo", body: "director=TD&why=x", code: 400},
			{why: "no such event", path: "/console/999/rounds/1/undo", body: "director=TD&why=x", code: 404},
		},
		"POST /console/import": {
			{why: "no event file in the form", path: "/console/import", body: "name=x", code: 400},
			{why: "not the director", path: "/console/import", body: "name=x", anon: true, code: 401},
		},
		"POST /console/{id}/draw": {
			{why: "a Mitchell has no Swiss draw", path: ev + "/draw", code: 400},
			{why: "no such event", path: "/console/999/draw", code: 404},
			{why: "id not a number", path: "/console/x/draw", code: 400},
		},
		"POST /console/{id}/post":    {{why: "no such event", path: "/console/999/post", code: 404}},
		"POST /console/{id}/publish": {{why: "no such event", path: "/console/999/publish", body: "on=1", code: 404}},
		"POST /console/{id}/laws": {
			{why: "no such code of laws", path: ev + "/laws", body: "laws=2007", code: 400},
			{why: "no such event", path: "/console/999/laws", body: "laws=1997", code: 404},
			{why: "not the director", path: ev + "/laws", body: "laws=1997", anon: true, code: 401},
		},
		"POST /console/{id}/pairs/{n}": {
			{why: "pair not a number", path: ev + "/pairs/x", body: "player1=A", code: 400},
			{why: "pair 99", path: ev + "/pairs/99", body: "player1=A", code: 404},
		},
		"POST /console/{id}/results": {
			{why: "14 tricks (Law 77)", path: ev + "/results", body: fmt.Sprintf("round=1&table=1&board=%d&contract=4S&declarer=N&tricks=14&by=TD&why=x", b), code: 400},
			{why: "board not a number", path: ev + "/results", body: "round=1&table=1&board=one&contract=4S&declarer=N&tricks=10&by=TD&why=x", code: 400},
			{why: "bad contract", path: ev + "/results", body: fmt.Sprintf("round=1&table=1&board=%d&contract=8S&declarer=N&tricks=10&by=TD&why=x", b), code: 400},
			{why: "declarer Q", path: ev + "/results", body: fmt.Sprintf("round=1&table=1&board=%d&contract=4S&declarer=Q&tricks=10&by=TD&why=x", b), code: 400},
			{why: "revision not a number", path: ev + "/results", body: fmt.Sprintf("round=1&table=1&board=%d&contract=4S&declarer=N&tricks=10&by=TD&why=x&revision=new", b), code: 400},
			{why: "form -1 (Law 87)", path: ev + "/results", body: fmt.Sprintf("round=1&table=1&board=%d&form=-1&by=TD&why=x", b), code: 400},
			{why: "a fouled form (Law 87) of a board with no result", path: ev + "/results", body: fmt.Sprintf("round=1&table=1&board=%d&form=1&by=TD&why=x", b), code: 400},
			{why: "revision -1", path: ev + "/results", body: fmt.Sprintf("round=1&table=1&board=%d&contract=4S&declarer=N&tricks=10&by=TD&why=x&revision=-1", b), code: 400},
			{why: "a revision the result never had: stale", path: ev + "/results", body: fmt.Sprintf("round=1&table=1&board=%d&contract=4S&declarer=N&tricks=10&by=TD&why=x&revision=7", b), code: 409},
		},
		"GET /console/{id}/correct": {
			{why: "board not a number", path: ev + "/correct?round=1&table=1&board=one", code: 400},
			{why: "round 0", path: fmt.Sprintf("%s/correct?round=0&table=1&board=%d", ev, b), code: 400},
			{why: "no table", path: fmt.Sprintf("%s/correct?round=1&board=%d", ev, b), code: 400},
			{why: "no such event", path: fmt.Sprintf("/console/999/correct?round=1&table=1&board=%d", b), code: 404},
			{why: "not the director", path: fmt.Sprintf("%s/correct?round=1&table=1&board=%d", ev, b), anon: true, code: 303},
		},
		"POST /console/{id}/forfeits": {
			{why: "a Mitchell scored by matchpoints has no forfeits (NSWBA 13.9)", path: ev + "/forfeits", body: "round=1&match=1&offender=1", code: 400},
			{why: "match not a number", path: ev + "/forfeits", body: "round=1&match=one&offender=1", code: 400},
			{why: "no offender", path: ev + "/forfeits", body: "round=1&match=1", code: 400},
			{why: "no such event", path: "/console/999/forfeits", body: "round=1&match=1&offender=1", code: 404},
		},
		"POST /console/{id}/rulings": {
			{why: "unknown kind", path: ev + "/rulings", body: fmt.Sprintf("round=1&table=1&board=%d&kind=magic&director=TD", b), code: 400},
			{why: "score not a number", path: ev + "/rulings", body: fmt.Sprintf("round=1&table=1&board=%d&kind=assigned&ns_score=lots&director=TD", b), code: 400},
			{why: "bad outcome", path: ev + "/rulings", body: fmt.Sprintf("round=1&table=1&board=%d&kind=weighted&outcomes=420&director=TD", b), code: 400},
		},
		"POST /console/{id}/fines": {
			{why: "amount not a number", path: ev + "/fines", body: "pair=1&amount=much&kind=late&director=TD", code: 400},
			{why: "pair not a number", path: ev + "/fines", body: "pair=x&amount=25&kind=late&director=TD", code: 400},
		},
		"POST /console/{id}/calls/{call}/answer": {
			{why: "call not a number", path: ev + "/calls/x/answer", code: 400},
			{why: "no such call", path: ev + "/calls/999/answer", code: 404},
		},
		"POST /console/{id}/calls/{call}/accept": {
			{why: "call not a number", path: ev + "/calls/x/accept", body: "round=1&table=1&director=TD", code: 400},
			{why: "round not a number", path: ev + "/calls/1/accept", body: "round=one&table=1&director=TD", code: 400},
			{why: "table 0", path: ev + "/calls/1/accept", body: "round=1&table=0&director=TD", code: 400},
			{why: "no such call", path: ev + "/calls/999/accept", body: "round=1&table=1&director=TD", code: 404},
		},
		"POST /console/{id}/calls/{call}/dismiss": {
			{why: "call not a number", path: ev + "/calls/x/dismiss", body: "director=TD&why=x", code: 400},
			{why: "no reason", path: ev + "/calls/999/dismiss", body: "director=TD", code: 400},
			{why: "no such call", path: ev + "/calls/999/dismiss", body: "director=TD&why=replayed", code: 404},
		},
		"GET /console/{id}/export.json": {{why: "no such event", path: "/console/999/export.json", code: 404}},
		"GET /console/{id}/export.pbn":  {{why: "id not a number", path: "/console/x/export.pbn", code: 400}},
		"GET /console/{id}/stream":      {{why: "not the director", path: ev + "/stream", anon: true, code: 401}},
		"GET /console/{id}/cards": {
			{why: "no such event", path: "/console/999/cards", code: 404},
			{why: "not the director", path: ev + "/cards", anon: true, code: 303},
		},
		"GET /console/{id}/desk": {
			{why: "board not a number", path: ev + "/desk?round=1&table=1&board=one", code: 400},
			{why: "board 99, not played at the table", path: ev + "/desk?round=1&table=1&board=99", code: 400},
			{why: "no such event", path: fmt.Sprintf("/console/999/desk?round=1&table=1&board=%d", b), code: 404},
			{why: "not the director", path: fmt.Sprintf("%s/desk?round=1&table=1&board=%d", ev, b), anon: true, code: 303},
		},
		"POST /console/{id}/desk/rule": {
			{why: "a log line that is no event", path: ev + "/desk/rule", body: fmt.Sprintf("round=1&table=1&board=%d&edition=2017&log=N+fish", b), code: 400},
			{why: "edition 1996", path: ev + "/desk/rule", body: fmt.Sprintf("round=1&table=1&board=%d&edition=1996&log=N+1S", b), code: 400},
			{why: "an empty log", path: ev + "/desk/rule", body: fmt.Sprintf("round=1&table=1&board=%d&edition=2017&log=", b), code: 400},
			{why: "board not played at the table", path: ev + "/desk/rule", body: "round=1&table=1&board=99&edition=2017&log=N+1S", code: 400},
		},
		"POST /console/{id}/desk/claim": {
			{why: "14 tricks", path: ev + "/desk/claim", body: fmt.Sprintf("round=1&table=1&board=%d&edition=2017&deal=%s&contract=4S&declarer=N&claimer=N&tricks=14&kind=contested", b, url.QueryEscape(deskDeal)), code: 400},
			{why: "a deal of 51 cards", path: ev + "/desk/claim", body: fmt.Sprintf("round=1&table=1&board=%d&edition=2017&deal=N:AKQ2&contract=4S&declarer=N&claimer=N&tricks=3&kind=contested", b), code: 400},
			{why: "a card played out of turn", path: ev + "/desk/claim", body: fmt.Sprintf("round=1&table=1&board=%d&edition=2017&deal=%s&contract=4S&declarer=N&claimer=N&tricks=3&kind=contested&played=SA", b, url.QueryEscape(deskDeal)), code: 400},
			{why: "an unknown kind of decision", path: ev + "/desk/claim", body: fmt.Sprintf("round=1&table=1&board=%d&edition=2017&deal=%s&contract=4S&declarer=N&claimer=N&tricks=3&kind=maybe", b, url.QueryEscape(deskDeal)), code: 400},
		},
		"POST /console/{id}/desk/apply": {
			{why: "14 tricks (Law 77)", path: ev + "/desk/apply", body: fmt.Sprintf("round=1&table=1&board=%d&apply=result&contract=4S&declarer=N&tricks=14", b), code: 400},
			{why: "nothing to apply", path: ev + "/desk/apply", body: fmt.Sprintf("round=1&table=1&board=%d&apply=magic", b), code: 400},
			{why: "an unknown kind of ruling", path: ev + "/desk/apply", body: fmt.Sprintf("round=1&table=1&board=%d&apply=ruling&kind=magic", b), code: 400},
			{why: "a fouled form (Law 87) of a board with no confirmed result", path: ev + "/desk/apply", body: fmt.Sprintf("round=1&table=1&board=%d&apply=form&form=1", b), code: 400},
			{why: "round not a number", path: ev + "/desk/apply", body: "round=x&table=1&board=1&apply=result&contract=4S&declarer=N&tricks=10", code: 400},
		},
		"GET /t":        {{why: "an empty code shows the form again", path: "/t?code=", code: 200}},
		"GET /t/{code}": {{why: "wrong code", path: "/t/NOSUCH", code: 403}},
		"GET /t/{code}/state": {
			{why: "wrong code", path: "/t/NOSUCH/state", code: 403},
		},
		"POST /t/{code}/check": {
			{why: "board a string", path: "/t/" + c1 + "/check", body: entry(`board="one"`), json: true, code: 400},
			{why: "14 tricks", path: "/t/" + c1 + "/check", body: entry("tricks=14"), json: true, code: 400},
			{why: "board out of range", path: "/t/" + c1 + "/check", body: entry("board=99"), json: true, code: 400},
		},
		"POST /t/{code}/enter": {
			{why: "board a string", path: "/t/" + c1 + "/enter", body: entry(`board="one"`), json: true, code: 400},
			{why: "14 tricks (Law 77)", path: "/t/" + c1 + "/enter", body: entry("tricks=14"), json: true, code: 400},
			{why: "board out of range", path: "/t/" + c1 + "/enter", body: entry("board=99"), json: true, code: 400},
			{why: "another table's board", path: "/t/" + c1 + "/enter", body: entry("board=" + strconv.Itoa(e.state(2).Boards[0].Number)), json: true, code: 400},
			{why: "level a list", path: "/t/" + c1 + "/enter", body: entry("level=[4]"), json: true, code: 400},
			{why: "round -1", path: "/t/" + c1 + "/enter", body: entry("round=-1"), json: true, code: 400},
			{why: "a wrong board the event does not have, even sent as one (Law 15)", path: "/t/" + c1 + "/enter", body: entry(`board=99,"wrong_board":true`), json: true, code: 400},
			{why: "wrong code", path: "/t/NOSUCH/enter", body: entry(""), json: true, code: 403},
		},
		"POST /t/{code}/confirm": {
			{why: "accept a string", path: "/t/" + c1 + "/confirm", body: fmt.Sprintf(`{"key":"c","board":%d,"accept":"yes"}`, b), json: true, code: 400},
			{why: "nothing entered", path: "/t/" + c1 + "/confirm", body: fmt.Sprintf(`{"key":"c","board":%d,"accept":true}`, b), json: true, code: 409},
			{why: "board of another table", path: "/t/" + c1 + "/confirm", body: fmt.Sprintf(`{"key":"c","board":%d,"accept":true}`, e.state(2).Boards[0].Number), json: true, code: 400},
		},
		"POST /t/{code}/call": {
			{why: "note a number", path: "/t/" + c1 + "/call", body: `{"key":"n","note":5}`, json: true, code: 400},
			{why: "no key", path: "/t/" + c1 + "/call", body: `{"note":"help"}`, json: true, code: 400},
		},
		"GET /t/{code}/board/{n}": {
			{why: "board not a number", path: "/t/" + c1 + "/board/x", code: 400},
			{why: "board not played yet", path: fmt.Sprintf("/t/%s/board/%d", c1, b), code: 403},
		},
		"GET /t/{code}/stream": {{why: "wrong code", path: "/t/NOSUCH/stream", code: 403}},
		"GET /results":         {{why: "nothing to refuse: junk in the query is ignored", path: "/results?x=%zz", code: 200}},
		"GET /results/{id}": {
			{why: "id not a number", path: "/results/x", code: 400},
			{why: "unpublished, to the public", path: res, anon: true, code: 404},
		},
		"GET /results/{id}/board/{n}": {
			{why: "board 0", path: res + "/board/0", code: 400},
			{why: "board 99", path: res + "/board/99", code: 404},
		},
		"GET /results/{id}/pair/{n}": {
			{why: "pair not a number", path: res + "/pair/x", code: 400},
			{why: "pair 99", path: res + "/pair/99", code: 404},
		},
		"GET /results/{id}/hands":  {{why: "session not over, to the public", path: res + "/hands", anon: true, code: 404}},
		"GET /results/{id}/stream": {{why: "no such event", path: "/results/999/stream", code: 404}},
	}
	anon := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	send := func(c badReq) (int, string) {
		t.Helper()
		req, _ := http.NewRequestWithContext(t.Context(), c.method, e.ts.URL+c.path, strings.NewReader(c.body))
		switch {
		case c.json:
			req.Header.Set("Content-Type", "application/json")
		case c.body != "":
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		}
		cl := e.dir
		if c.anon {
			cl = anon
		}
		r, err := cl.Do(req)
		if err != nil {
			t.Fatalf("%s %s: %v", c.method, c.path, err)
		}
		defer r.Body.Close()
		body, _ := io.ReadAll(io.LimitReader(r.Body, 4096))
		return r.StatusCode, string(body)
	}
	before := e.snapshot()
	routes := registeredRoutes(t)
	// Logging out last: its huge and cross-site posts carry the
	// director's cookie, which a logout would end.
	sort.SliceStable(routes, func(i, j int) bool { return routes[j] == "POST /logout" && routes[i] != routes[j] })
	for _, pattern := range routes {
		method, _, _ := strings.Cut(pattern, " ")
		cs, ok := cases[pattern]
		if !ok {
			t.Errorf("route %q has no bad-input cases in TestEveryRouteRefusesBadInput", pattern)
			continue
		}
		delete(cases, pattern)
		if method == http.MethodPost {
			// Every unsafe route: a huge body, and a cross-site post
			// carrying the director's cookie (CSRF).
			path := cs[0].path
			cs = append(cs,
				badReq{why: "huge body", path: path, body: "x=" + strings.Repeat("y", 2*MaxBody), code: 413},
				badReq{why: "huge JSON body", path: path, body: `{"key":"` + strings.Repeat("y", 2*MaxBody) + `"}`, json: true, code: 413},
				badReq{why: "cross-site post", path: "cross-site " + path, code: 403})
			switch {
			case strings.HasPrefix(pattern, "POST /console/") || pattern == "POST /password":
				// Every director's write, tried by someone else.
				cs = append(cs, badReq{why: "not the director", path: path, anon: true, code: 401,
					body: "round=1&table=1&board=1&contract=7NT&declarer=N&tricks=13&by=x&why=x&kind=assigned&ns_score=2220&director=x&pair=1&amount=50&on=1&password=abcdefgh&confirm=abcdefgh"})
			case strings.HasPrefix(pattern, "POST /t/"):
				// Every table's write, with a code no table has.
				wrong := strings.Replace(path, c1, "NOSUCH", 1)
				cs = append(cs, badReq{why: "no table has the code", path: wrong, body: entry(""), json: true, code: 403})
			}
		}
		for _, c := range cs {
			c.method = method
			var code int
			var body string
			if p, ok := strings.CutPrefix(c.path, "cross-site "); ok {
				req, _ := http.NewRequestWithContext(t.Context(), method, e.ts.URL+p, strings.NewReader("on=1&player1=X&amount=5"))
				req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
				req.Header.Set("Sec-Fetch-Site", "cross-site")
				req.Header.Set("Origin", "http://evil.example")
				r, err := e.dir.Do(req)
				if err != nil {
					t.Fatal(err)
				}
				b, _ := io.ReadAll(r.Body)
				r.Body.Close()
				code, body = r.StatusCode, string(b)
			} else {
				code, body = send(c)
			}
			if code != c.code {
				t.Errorf("%s, %s (%s): %d, want %d\n%.300s", pattern, c.why, c.path, code, c.code, body)
				continue
			}
			if code >= 400 && strings.TrimSpace(body) == "" {
				t.Errorf("%s, %s: %d with no message", pattern, c.why, code)
			}
		}
	}
	for p := range cases {
		t.Errorf("cases for %q, which server.go does not register", p)
	}
	if after := e.snapshot(); after != before {
		t.Errorf("bad requests changed the store:\nbefore %s\nafter  %s", before, after)
	}
}
