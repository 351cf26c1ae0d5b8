package server

import (
	"context"
	"encoding/json"
	"fmt"
	"github.com/bridgetd/bridgetd/internal/store/storetest"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/event"
	"github.com/bridgetd/bridgetd/internal/browsertest"
	"github.com/bridgetd/bridgetd/internal/store"
)

// axeAllowed lists the axe rules whose violations the test lets pass, and
// why. It is empty: every rule of WCAG 2.0, 2.1 and 2.2 levels A and AA
// and axe's best practices must pass, whatever its impact.
var axeAllowed = map[string]string{}

// axeViolation is one rule a page breaks, as axe reports it.
type axeViolation struct {
	ID     string `json:"id"`
	Impact string `json:"impact"`
	Help   string `json:"help"`
	Nodes  []struct {
		Target  []any  `json:"target"`
		Summary string `json:"failureSummary"`
	} `json:"nodes"`
}

// axeCheck runs axe-core on the page as it is now and reports each
// violation as a test error naming the page, the rule and the elements.
func (p *page) axeCheck(src, what string) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 60*time.Second)
	defer cancel()
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](src+"\n;true")); err != nil {
		p.t.Fatalf("%s: injecting axe-core: %v", what, err)
	}
	js, err := chromedp.Run(ctx, chromedp.Evaluate[string](`axe.run(document, {
		runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']},
		resultTypes: ['violations']
	}).then(r => JSON.stringify(r.violations))`, chromedp.EvalAwaitPromise))
	if err != nil {
		p.t.Fatalf("%s: axe.run: %v", what, err)
	}
	var vs []axeViolation
	if err := json.Unmarshal([]byte(js), &vs); err != nil {
		p.t.Fatalf("%s: axe's answer: %v", what, err)
	}
	for _, v := range vs {
		if _, ok := axeAllowed[v.ID]; ok {
			continue
		}
		var where []string
		for _, n := range v.Nodes {
			where = append(where, fmt.Sprint(n.Target)+": "+strings.ReplaceAll(n.Summary, "\n", " "))
		}
		p.t.Errorf("%s: axe %s (%s): %s\n\t%s", what, v.ID, v.Impact, v.Help, strings.Join(where, "\n\t"))
	}
}

// TestAccessibility runs axe-core in headless Chromium on every kind of
// page, phone-sized and desktop-sized, in each state a table's page goes
// through (entry, score shown, East–West's check, board done), and fails
// on any violation; the pages must also raise no error in the browser's
// console (newPage).
func TestAccessibility(t *testing.T) {
	src := browsertest.Axe(t)
	alloc := browser(t)
	ctx := t.Context()
	e := newEnv(t, storetest.SQLite)
	st, srv, ts, id, code := e.st, e.srv, e.ts, e.id, e.codes
	if err := srv.Solve(ctx, id); err != nil {
		t.Fatal(err)
	}
	as, _ := st.Assignments(ctx, id)
	var t2 store.Assignment
	for _, a := range as {
		if a.Round == 1 && a.Table == 2 {
			t2 = a
		}
	}
	// Content for the pages: a confirmed result at table 2, a call, the
	// event published.
	tc2, err := st.TableByCode(ctx, code[2])
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.Enter(ctx, "a11y-1", tc2, store.Entry{Board: t2.Boards[0], Contract: bridge.Contract{Level: 3, Strain: bridge.NoTrump}, Declarer: bridge.North, Tricks: 9}); err != nil {
		t.Fatal(err)
	}
	if _, err := st.Confirm(ctx, "a11y-2", tc2, t2.Boards[0], true); err != nil {
		t.Fatal(err)
	}
	if _, err := st.CallDirector(ctx, "a11y-3", tc2, "revoke"); err != nil {
		t.Fatal(err)
	}
	// A board played by mistake, sent after the warning: held for the
	// director, with the forms to let it stand or not count it (Law 15).
	var wrongBoard int
	for _, a := range as {
		if a.Round == 1 && a.Table == 1 {
			wrongBoard = a.Boards[0]
		}
	}
	if _, err := st.Enter(ctx, "a11y-held", tc2, store.Entry{Board: wrongBoard, Contract: bridge.Contract{Level: 2, Strain: bridge.NoTrump}, Declarer: bridge.South, Tricks: 8, Round: 1, WrongBoard: true}); err != nil {
		t.Fatal(err)
	}
	if err := st.SetPublished(ctx, id, true); err != nil {
		t.Fatal(err)
	}
	tok, _ := srv.DirectorToken(ctx)
	// A teams round robin whose match 1 has played a board in both rooms:
	// the table page's match so far, the console's forfeit form.
	teams := e.createEvent(url.Values{"name": {"Teams"}, "movement": {"round-robin"}, "entrants": {"4"}, "per_round": {"2"}})
	if code, body := e.postForm(fmt.Sprintf("/console/%d/rounds/1/start", teams), nil); code != http.StatusSeeOther {
		t.Fatalf("start the teams round: %d %s", code, body)
	}
	e.refreshCodes()
	tb1 := e.state(1).Boards[0].Number
	for _, table := range []int{1, 2} {
		if c, m := e.postJSON(nil, "/t/"+e.codes[table]+"/enter", entryBody(fmt.Sprint("a11y-t", table), tb1, "")); c != 200 {
			t.Fatalf("teams table %d: %d %v", table, c, m)
		}
		if c, m := e.postJSON(nil, "/t/"+e.codes[table]+"/confirm", fmt.Sprintf(`{"key":"a11y-c%d","board":%d,"accept":true}`, table, tb1)); c != 200 {
			t.Fatalf("teams table %d: %d %v", table, c, m)
		}
	}
	teamsCode := e.codes[1]
	// A Swiss with a draw undone and drawn again: the undo form and the
	// list of undone draws.
	swissID := e.createEvent(url.Values{"name": {"Swiss"}, "movement": {"swiss-pairs"}, "entrants": {"4"}, "per_round": {"2"}, "rounds": {"2"}})
	for _, step := range []struct {
		path string
		form url.Values
	}{{"/draw", nil}, {"/rounds/1/undo", url.Values{"director": {"TD"}, "why": {"wrong field"}}}, {"/draw", nil}} {
		if code, body := e.postForm(fmt.Sprintf("/console/%d%s", swissID, step.path), step.form); code != http.StatusSeeOther {
			t.Fatalf("swiss %s: %d %s", step.path, code, body)
		}
	}

	// An event file run with the command line, imported whole: its
	// offences register and corrections on the console.
	file, err := os.ReadFile(filepath.Join(eventFiles, "swisspairs.json"))
	if err != nil {
		t.Fatal(err)
	}
	code2, imported := e.upload(map[string][]byte{"event": file})
	if code2 != http.StatusSeeOther {
		t.Fatalf("import swisspairs.json: %d %s", code2, imported)
	}

	// A fouled board (Law 87): its traveller shows each form apart.
	fouledID := e.importEdited("mppairs", func(ev *event.Event) {
		for _, rt := range [][2]int{{2, 3}, {4, 3}} {
			editResult(ev, rt[0], rt[1], 2, func(r *event.Result) { r.Form = 1 })
		}
	})

	sizes := []struct {
		name string
		w, h int64
	}{{"phone", 360, 740}, {"desktop", 1280, 900}}
	for _, sz := range sizes {
		// The public and a table, in a browser context with no cookie.
		pub := newPage(t, alloc, "public "+sz.name, sz.w, sz.h)
		for _, path := range []string{"/", "/login", "/t", "/results", fmt.Sprintf("/results/%d", id),
			fmt.Sprintf("/results/%d/board/%d", id, t2.Boards[0]), fmt.Sprintf("/results/%d/pair/1", id)} {
			pub.do(chromedp.Navigate(ts.URL + path))
			pub.axeCheck(src, sz.name+" "+path)
		}
		// A table's page in each of its states.
		tb := newPage(t, pub.ctx, "table "+sz.name, sz.w, sz.h, chromedp.WithNewBrowserContext())
		tb.do(chromedp.Navigate(ts.URL + "/t/" + code[1]))
		tb.wait(`!document.getElementById('entry').hidden`)
		tb.axeCheck(src, sz.name+" table: entry")
		tb.do(chromedp.Click(chromedp.CSS(`input[name=level][value="4"]`)), chromedp.Click(chromedp.CSS(`input[name=strain][value="H"]`)),
			chromedp.Click(chromedp.CSS(`input[name=declarer][value="N"]`)))
		tb.wait(`document.getElementById('preview').textContent.includes('Law 77')`)
		tb.axeCheck(src, sz.name+" table: score shown")
		if _, err := chromedp.Run(tb.ctx, chromedp.Evaluate[bool](`document.getElementById('entry-form').requestSubmit(), true`)); err != nil {
			t.Fatal(err)
		}
		tb.wait(`document.getElementById('queue').hidden && !document.getElementById('confirm').hidden && document.getElementById('confirm-line').textContent.includes('North–South')`)
		tb.axeCheck(src, sz.name+" table: East–West check")
		if _, err := chromedp.Run(tb.ctx, chromedp.Evaluate[bool](`document.getElementById('accept').click(), true`)); err != nil {
			t.Fatal(err)
		}
		tb.wait(`document.getElementById('queue').hidden && document.querySelector('.board.confirmed') !== null`)
		tb.axeCheck(src, sz.name+" table: a board done")
		// A board not in the round (Law 15): warned, sent on the second
		// press, held for the director and said so.
		tb.do(chromedp.SendKeys(chromedp.ID("other-board"), fmt.Sprint(t2.Boards[1])), jsDo(`document.getElementById('other-form').requestSubmit()`))
		tb.wait(fmt.Sprintf(`!document.getElementById('entry').hidden && document.querySelector('#entry .bn').textContent === '%d'`, t2.Boards[1]))
		tb.do(chromedp.Click(chromedp.CSS(`input[name=level][value="2"]`)), chromedp.Click(chromedp.CSS(`input[name=strain][value="D"]`)),
			chromedp.Click(chromedp.CSS(`input[name=declarer][value="S"]`)))
		tb.wait(`document.getElementById('preview').textContent.includes('Law 15')`)
		tb.axeCheck(src, sz.name+" table: a wrong board warned")
		tb.do(jsDo(`document.getElementById('entry-form').requestSubmit()`))
		tb.wait(`document.getElementById('message').textContent.includes('Press Send again')`)
		tb.do(jsDo(`document.getElementById('entry-form').requestSubmit()`))
		tb.wait(`document.getElementById('queue').hidden && document.getElementById('message').textContent.includes('was not counted')`)
		tb.axeCheck(src, sz.name+" table: a wrong board held for the director")
		tb.do(chromedp.Navigate(ts.URL + "/t/" + teamsCode))
		tb.wait(`!document.getElementById('match').hidden`)
		tb.axeCheck(src, sz.name+" teams table: the match so far")

		// The director: logs in with the token, meets the password page.
		dir := newPage(t, pub.ctx, "director "+sz.name, sz.w, sz.h, chromedp.WithNewBrowserContext())
		dir.do(chromedp.Navigate(ts.URL+"/login"), chromedp.SendKeys(chromedp.ID("secret"), tok),
			chromedp.Submit(chromedp.ID("secret")), chromedp.WaitVisible(chromedp.ID("password-form")))
		dir.axeCheck(src, sz.name+" /password (first start)")
		// A refused password: the page with its error (its 400 is
		// expected).
		dir.expect("status of 400 (Bad Request) " + ts.URL + "/password")
		dir.do(chromedp.SendKeys(chromedp.ID("password"), "short"), chromedp.SendKeys(chromedp.ID("confirm"), "short"),
			jsDo(`document.getElementById('password').removeAttribute('minlength'), document.getElementById('confirm').removeAttribute('minlength')`),
			chromedp.Submit(chromedp.ID("password")), chromedp.WaitVisible(chromedp.ID("password-error")))
		dir.axeCheck(src, sz.name+" /password (refused)")
		for _, path := range []string{"/console", fmt.Sprintf("/console/%d", id), fmt.Sprintf("/console/%d/cards", id), fmt.Sprintf("/results/%d/hands", id),
			fmt.Sprintf("/console/%d", teams), fmt.Sprintf("/console/%d", swissID), imported,
			fmt.Sprintf("/results/%d/board/2", fouledID),
			// Last: the refused correction below starts from it.
			fmt.Sprintf("/console/%d/correct?round=1&table=2&board=%d", id, t2.Boards[0])} {
			dir.do(chromedp.Navigate(ts.URL + path))
			dir.axeCheck(src, sz.name+" "+path)
		}
		// A correction refused because the result changed since it was
		// read: the 409 page (its status is expected).
		dir.expect("status of 409 (Conflict) " + ts.URL + fmt.Sprintf("/console/%d/results", id))
		dir.do(jsDo(`document.querySelector('input[name=revision]').value = '999'`), chromedp.SendKeys(chromedp.ID("c-contract"), "3NT"),
			chromedp.SendKeys(chromedp.ID("c-tricks"), "9"), chromedp.SendKeys(chromedp.ID("c-by"), "TD"), chromedp.SendKeys(chromedp.ID("c-why"), "stale"),
			chromedp.Submit(chromedp.ID("c-why")), chromedp.WaitVisible(chromedp.ID("stale")))
		dir.axeCheck(src, sz.name+" correction refused as stale")
		// The wrong-token login page (its 401 is expected).
		pub.expect("status of 401 (Unauthorized) " + ts.URL + "/login")
		pub.do(chromedp.Navigate(ts.URL+"/login"), chromedp.SendKeys(chromedp.ID("secret"), "wrong"),
			chromedp.Submit(chromedp.ID("secret")), chromedp.WaitVisible(chromedp.CSS("p.error")))
		pub.axeCheck(src, sz.name+" /login (refused)")
	}
	var rules []string
	for r := range axeAllowed {
		rules = append(rules, r)
	}
	sort.Strings(rules)
	t.Logf("axe-core rules allowed: %v", rules)
}

// jsDo is a step that runs a script in the page.
func jsDo(expr string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := chromedp.Evaluate[any](expr)(ctx, t)
		return err
	})
}
