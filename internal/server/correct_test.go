package server

import (
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/bridgetd/bridgetd/internal/store"
	"github.com/bridgetd/bridgetd/internal/store/storetest"
)

var revisionField = regexp.MustCompile(`name="revision" value="(\d+)"`)

// login returns a new client logged in as the director (a second
// director at another computer, when e.dir is the first).
func (e *env) login() *http.Client {
	e.t.Helper()
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	tok, err := e.srv.DirectorToken(e.t.Context())
	if err != nil {
		e.t.Fatal(err)
	}
	r, err := c.PostForm(e.ts.URL+"/login", url.Values{"secret": {tok}})
	if err != nil {
		e.t.Fatal(err)
	}
	r.Body.Close()
	if r.StatusCode != http.StatusSeeOther {
		e.t.Fatalf("director login: %s", r.Status)
	}
	return c
}

// send posts a form as client c and returns the status and the body.
func (e *env) send(c *http.Client, path string, v url.Values) (int, string) {
	e.t.Helper()
	r, err := c.PostForm(e.ts.URL+path, v)
	if err != nil {
		e.t.Fatal(err)
	}
	defer r.Body.Close()
	return r.StatusCode, readAll(r)
}

func readAll(r *http.Response) string {
	b, _ := io.ReadAll(r.Body)
	return string(b)
}

// openResult loads the correction page of a result as client c and
// returns the revision its form carries.
func (e *env) openResult(c *http.Client, k store.Key) (int64, string) {
	e.t.Helper()
	r, err := c.Get(e.ts.URL + fmt.Sprintf("/console/%d/correct?round=%d&table=%d&board=%d", e.id, k.Round, k.Table, k.Board))
	if err != nil {
		e.t.Fatal(err)
	}
	defer r.Body.Close()
	body := readAll(r)
	if r.StatusCode != http.StatusOK {
		e.t.Fatalf("correction page: %s\n%s", r.Status, body)
	}
	m := revisionField.FindStringSubmatch(body)
	if m == nil {
		e.t.Fatalf("correction page has no revision field:\n%s", body)
	}
	rev, _ := strconv.ParseInt(m[1], 10, 64)
	return rev, body
}

// TestTwoDirectorsCorrectOneResult: two directors open the same confirmed
// result and both send a correction (NSWBA 13, issue 16): exactly one is
// made; the other gets 409 with the result as it now is, who changed it,
// and its own correction kept to send again; nothing is lost silently.
func TestTwoDirectorsCorrectOneResult(t *testing.T) {
	storetest.Run(t, testTwoDirectorsCorrectOneResult)
}

func testTwoDirectorsCorrectOneResult(t *testing.T, bk storetest.Backend) {
	e := newEnv(t, bk)
	b := e.state(1).Boards[0].Number
	if code, m := e.postJSON(nil, "/t/"+e.codes[1]+"/enter", entryBody("e1", b, "")); code != 200 {
		t.Fatalf("enter: %d %v", code, m)
	}
	if code, m := e.postJSON(nil, "/t/"+e.codes[1]+"/confirm", fmt.Sprintf(`{"key":"e2","board":%d,"accept":true}`, b)); code != 200 {
		t.Fatalf("confirm: %d %v", code, m)
	}
	k := store.Key{Round: 1, Table: 1, Board: b}
	dirs := []*http.Client{e.dir, e.login()}
	names := []string{"Alice", "Bobby"}
	contracts := []string{"3S", "5SX"}
	shown := []string{"3♠", "5♠X"}
	revs := make([]int64, 2)
	for i, c := range dirs {
		var page string
		revs[i], page = e.openResult(c, k)
		if !strings.Contains(page, "4♠") {
			t.Errorf("director %d's page does not show the result 4♠:\n%s", i+1, page)
		}
	}
	if revs[0] != revs[1] {
		t.Fatalf("the two directors read revisions %d and %d of one result", revs[0], revs[1])
	}
	codes, bodies := make([]int, 2), make([]string, 2)
	var wg sync.WaitGroup
	for i, c := range dirs {
		wg.Go(func() {
			codes[i], bodies[i] = e.send(c, fmt.Sprintf("/console/%d/results", e.id), url.Values{"round": {"1"}, "table": {"1"}, "board": {strconv.Itoa(b)},
				"contract": {contracts[i]}, "declarer": {"N"}, "tricks": {"9"}, "source": {"player"}, "by": {names[i]}, "why": {"wrong contract " + names[i]},
				"revision": {strconv.FormatInt(revs[i], 10)}})
		})
	}
	wg.Wait()
	win := -1
	for i, c := range codes {
		if c == http.StatusSeeOther {
			if win >= 0 {
				t.Fatalf("both corrections were made: %v", codes)
			}
			win = i
		}
	}
	if win < 0 {
		t.Fatalf("neither correction was made: %v\n%s\n%s", codes, bodies[0], bodies[1])
	}
	lose := 1 - win
	if codes[lose] != http.StatusConflict {
		t.Fatalf("the other correction: %d, want 409\n%s", codes[lose], bodies[lose])
	}
	lost := bodies[lose]
	// The 409 page: the result now (the winner's), who changed it, and
	// the loser's own correction still in the form.
	for _, want := range []string{`id="stale"`, shown[win], names[win], "wrong contract " + names[win],
		`value="` + contracts[lose] + `"`, `value="` + names[lose] + `"`, `value="wrong contract ` + names[lose] + `"`} {
		if !strings.Contains(lost, want) {
			t.Errorf("409 page lacks %q:\n%s", want, lost)
		}
	}
	rs := e.results()
	if len(rs) != 1 || rs[0].Contract != shown[win] || rs[0].By != names[win] {
		t.Fatalf("stored results %+v, want the one of %s", rs, names[win])
	}
	cs, err := e.st.Corrections(t.Context(), e.id)
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != 1 || cs[0].By != names[win] {
		t.Fatalf("corrections %+v, want only %s's", cs, names[win])
	}
	// The 409 page carries the new revision: sent again from it, the
	// loser's correction is made on top of the winner's.
	m := revisionField.FindStringSubmatch(lost)
	if m == nil || m[1] != strconv.FormatInt(rs[0].Revision, 10) {
		t.Fatalf("409 page's revision %v, want the result's %d", m, rs[0].Revision)
	}
	code, body := e.send(dirs[lose], fmt.Sprintf("/console/%d/results", e.id), url.Values{"round": {"1"}, "table": {"1"}, "board": {strconv.Itoa(b)},
		"contract": {contracts[lose]}, "declarer": {"N"}, "tricks": {"9"}, "by": {names[lose]}, "why": {"again"}, "revision": {m[1]}})
	if code != http.StatusSeeOther {
		t.Fatalf("sent again with the new revision: %d\n%s", code, body)
	}
	if rs := e.results(); len(rs) != 1 || rs[0].Contract != shown[lose] {
		t.Fatalf("after the second correction: %+v, want %s", rs, shown[lose])
	}
}
