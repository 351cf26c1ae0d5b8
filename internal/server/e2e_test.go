package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	cdplog "github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/bridgetd/bridgetd/internal/browsertest"
	"github.com/bridgetd/bridgetd/internal/store"
	"github.com/bridgetd/bridgetd/internal/store/storetest"
)

// browser starts Debian's headless Chromium, or skips the test when there
// is none (only outside CI: see browsertest.Tool) or under -short.
func browser(t *testing.T) context.Context {
	t.Helper()
	if testing.Short() {
		t.Skip("browser test: -short")
	}
	chromium := browsertest.Tool(t, "chromium")
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(chromium), chromedp.NoSandbox,
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true), chromedp.Flag("disable-quic", true))
	alloc, cancel := chromedp.NewExecAllocator(t.Context(), opts...)
	t.Cleanup(cancel)
	return alloc
}

// page is one browser tab with the errors its pages raised.
type page struct {
	t    *testing.T
	ctx  context.Context
	name string
	mu   sync.Mutex
	errs []string
	// allow holds the texts of browser messages a test expects (a 403
	// it provokes, the network it cuts).
	allow []string
}

// expect makes the page accept browser error messages containing text.
func (p *page) expect(text string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.allow = append(p.allow, text)
}

func (p *page) expected(msg string) bool {
	for _, a := range p.allow {
		if strings.Contains(msg, a) {
			return true
		}
	}
	return false
}

func newPage(t *testing.T, parent context.Context, name string, w, h int64, opts ...chromedp.ContextOption) *page {
	t.Helper()
	ctx, cancel := chromedp.NewContext(parent, opts...)
	t.Cleanup(cancel)
	p := &page{t: t, ctx: ctx, name: name}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(w, h)); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Listen(ctx, func(ev any) {
		p.mu.Lock()
		defer p.mu.Unlock()
		switch ev := ev.(type) {
		case *runtime.EventExceptionThrown:
			p.errs = append(p.errs, "exception: "+ev.ExceptionDetails.Text)
		case *cdplog.EventEntryAdded:
			// The browser's own messages: a resource that failed to
			// load, a blocked request, a deprecation.
			if ev.Entry.Level == cdplog.EntryLevelError && !p.expected(ev.Entry.Text+" "+ev.Entry.URL) {
				p.errs = append(p.errs, "browser: "+ev.Entry.Text+" "+ev.Entry.URL)
			}
		case *runtime.EventConsoleAPICalled:
			if ev.Type == runtime.ConsoleAPICalledTypeError {
				var parts []string
				for _, a := range ev.Args {
					parts = append(parts, string(a.Value)+a.Description)
				}
				p.errs = append(p.errs, "console.error: "+strings.Join(parts, " "))
			}
		}
	}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		p.mu.Lock()
		defer p.mu.Unlock()
		for _, e := range p.errs {
			t.Errorf("%s: browser console: %s", p.name, e)
		}
	})
	return p
}

func (p *page) do(steps ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 60*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, steps...); err != nil {
		p.t.Fatalf("%s: %v\n%s", p.name, err, p.dump())
	}
}

// dump returns the page's address and text, for a failure message.
func (p *page) dump() string {
	ctx, cancel := context.WithTimeout(p.ctx, 5*time.Second)
	defer cancel()
	loc, _ := chromedp.Run(ctx, chromedp.Location())
	body, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body ? document.body.innerText : ''`))
	if len(body) > 2000 {
		body = body[:2000]
	}
	return "at " + loc + ":\n" + body
}

func (p *page) text(sel string) string {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 60*time.Second)
	defer cancel()
	s, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(sel)))
	if err != nil {
		p.t.Fatalf("%s: text of %s: %v", p.name, sel, err)
	}
	return s
}

// click clicks a button that posts a form and waits for the page the
// server answers with. The button is found and clicked by the page's own
// script, in one task: a live update (live.js) may swap the part of the
// page that holds it between the browser tool finding the node and
// clicking it (seen on a loaded machine as "Could not find node with
// given id"), and no swap can come between the two steps of one script.
func (p *page) click(id string) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 60*time.Second)
	defer cancel()
	button := fmt.Sprintf("document.getElementById(%q)", id)
	p.wait(button + " !== null")
	resp, err := chromedp.RunResponse(ctx, chromedp.Evaluate[chromedp.Void](button+".click()"))
	if err != nil {
		p.t.Fatalf("%s: click %s: %v\n%s", p.name, id, err, p.dump())
	}
	if resp.Status != 200 {
		p.t.Fatalf("%s: click %s: HTTP %d\n%s", p.name, id, resp.Status, p.dump())
	}
}

// fill sets the fields of a form, given as id and value pairs, and submits
// the form of the first, all from the page's own script in one task: on a
// live page (live.js) an update may swap the form between the browser
// tool's steps, leaving a value set on the form swapped out (seen on a
// loaded machine as a fine refused for its empty pair).
func (p *page) fill(idValue ...string) {
	p.t.Helper()
	if len(idValue)%2 != 0 {
		p.t.Fatalf("fill: %d arguments, want id and value pairs", len(idValue))
	}
	v := map[string]string{}
	for i := 0; i < len(idValue); i += 2 {
		v[idValue[i]] = idValue[i+1]
	}
	js, err := json.Marshal(v)
	if err != nil {
		p.t.Fatal(err)
	}
	p.wait(fmt.Sprintf("document.getElementById(%q) !== null", idValue[0]))
	p.do(chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(function (v, first) {
		for (var id in v) { document.getElementById(id).value = v[id]; }
		document.getElementById(first).form.requestSubmit();
	})(%s, %q)`, js, idValue[0])))
}

// wait polls a JavaScript condition until it is true.
func (p *page) wait(cond string) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 60*time.Second)
	defer cancel()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](cond)); err != nil {
		p.t.Fatalf("%s: waiting for %s: %v\n%s", p.name, cond, err, p.dump())
	}
}

// shot writes a full-page screenshot as a test artefact.
func (p *page) shot(dir, name string) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 60*time.Second)
	defer cancel()
	buf, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		p.t.Fatalf("screenshot %s: %v", name, err)
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), buf, 0o644); err != nil {
		p.t.Fatal(err)
	}
}

// enter plays North–South's entry of one board on the table page and
// waits until the server has answered.
func (p *page) enter(level int, strain, decl string, tricks int) {
	p.t.Helper()
	p.do(chromedp.WaitVisible(chromedp.ID("entry")),
		chromedp.Click(chromedp.CSS(fmt.Sprintf(`input[name=level][value="%d"]`, level))),
		chromedp.Click(chromedp.CSS(fmt.Sprintf(`input[name=strain][value="%s"]`, strain))),
		chromedp.Click(chromedp.CSS(fmt.Sprintf(`input[name=declarer][value="%s"]`, decl))),
		chromedp.SetValue(chromedp.ID("tricks"), strconv.Itoa(tricks)))
	if _, err := chromedp.Run(p.ctx, chromedp.Evaluate[bool](`document.getElementById('tricks').dispatchEvent(new Event('change', {bubbles: true}))`)); err != nil {
		p.t.Fatal(err)
	}
	// The page shows the score (Law 77) before North–South send it.
	p.wait(fmt.Sprintf(`document.getElementById('preview').textContent.includes('Law 77') && document.getElementById('tricks').value === '%d'`, tricks))
	// Send: the form's own submit (the button's click, without the
	// geometry a loaded machine makes flaky).
	if _, err := chromedp.Run(p.ctx, chromedp.Evaluate[bool](`document.getElementById('entry-form').requestSubmit(), true`)); err != nil {
		p.t.Fatal(err)
	}
	p.wait(`document.getElementById('queue').hidden && !document.getElementById('confirm').hidden && document.getElementById('confirm-line').textContent.includes('North–South')`)
}

func (p *page) answer(accept bool) {
	p.t.Helper()
	btn := "reject"
	if accept {
		btn = "accept"
	}
	// The element's own click (not a mouse click at its position, which
	// a loaded machine makes flaky), as a person's tap does.
	p.wait(fmt.Sprintf(`!document.getElementById('confirm').hidden && !!document.getElementById('%s')`, btn))
	if _, err := chromedp.Run(p.ctx, chromedp.Evaluate[bool](fmt.Sprintf(`document.getElementById('%s').click(), true`, btn))); err != nil {
		p.t.Fatalf("%s: %s: %v\n%s", p.name, btn, err, p.dump())
	}
	p.wait(`document.getElementById('queue').hidden`)
}

// TestEvening drives a whole 3-table Mitchell evening in Chromium: the
// director sets it up in the console, three table sessions enter and
// confirm every board (one East–West reject an entry, which is entered
// again), the ranking equals what "bridgetd score" computes from the PBN
// export, the director enters a weighted adjusted score (Law 12C1(c)) and a
// fine (NSWBA 7), posts and publishes, and the public sees the ranking.
// Screenshots of each kind of page, phone- and desktop-sized, are written
// as test artefacts.
func TestEvening(t *testing.T) { storetest.Run(t, testEvening) }

func testEvening(t *testing.T, bk storetest.Backend) {
	if testing.Short() {
		t.Skip("end-to-end test: -short")
	}
	alloc := browser(t)
	shots := browsertest.ArtefactDir(t, "evening")
	t.Logf("screenshots in %s", shots)
	ctx := t.Context()
	st, srv := newServer(t, bk)
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(ts.Close) // after the tabs close (cleanups run last first)
	token, _ := srv.DirectorToken(ctx)

	// The director logs in and creates the event from a Mitchell.
	dir := newPage(t, alloc, "director", 1280, 900)
	// At first start (no password yet) the token leads to the password
	// page; the director sets one and goes on to the console.
	dir.do(chromedp.Navigate(ts.URL+"/login"), chromedp.SendKeys(chromedp.ID("secret"), token),
		chromedp.Submit(chromedp.ID("secret")), chromedp.WaitVisible(chromedp.ID("password-form")))
	dir.shot(shots, "password-desktop")
	dir.do(chromedp.SendKeys(chromedp.ID("password"), "tuesday pairs"), chromedp.SendKeys(chromedp.ID("confirm"), "tuesday pairs"),
		chromedp.Submit(chromedp.ID("password")), chromedp.WaitVisible(chromedp.ID("new-title")))
	dir.fill("name", "Tuesday evening pairs", "movement", "mitchell", "tables", "3", "per_round", "3")
	dir.do(chromedp.WaitVisible(chromedp.ID("grid")))
	evs, _ := st.Events(ctx)
	if len(evs) != 1 {
		t.Fatalf("%d events after creating one", len(evs))
	}
	id := evs[0].ID
	console := fmt.Sprintf("%s/console/%d", ts.URL, id)
	// Players for two pairs.
	dir.fill("p1a", "Ann Lee", "p1b", "Bob Chan")
	dir.do(chromedp.WaitVisible(chromedp.ID("grid")))
	dir.click("start-1")

	codes, _ := st.Codes(ctx, id)
	// The printable table cards: one QR code per table, of its address.
	dir.do(chromedp.Navigate(console+"/cards"), chromedp.WaitVisible(chromedp.ID("cards")))
	if n, err := chromedp.Run(dir.ctx, chromedp.Evaluate[int](`document.querySelectorAll('#cards li svg.qr path').length`)); err != nil || n != len(codes) {
		t.Errorf("table cards show %d QR codes (%v), want %d", n, err, len(codes))
	}
	dir.shot(shots, "cards-desktop")
	tables := make([]*page, 4)
	codeOf := map[int]string{}
	for _, c := range codes {
		codeOf[c.Table] = c.Code
		tables[c.Table] = newPage(t, alloc, fmt.Sprintf("table %d", c.Table), 360, 740)
		tables[c.Table].do(chromedp.Navigate(ts.URL + "/t/" + c.Code))
	}
	strains := []string{"C", "D", "H", "S", "NT"}
	for round := 1; round <= 3; round++ {
		for table := 1; table <= 3; table++ {
			p := tables[table]
			p.do(chromedp.Navigate(ts.URL + "/t/" + codeOf[table]))
			p.wait(fmt.Sprintf(`document.getElementById('round-label').textContent.includes('Round %d') && !document.getElementById('entry').hidden`, round))
			as, _ := st.Assignments(ctx, id)
			var boards []int
			for _, a := range as {
				if a.Round == round && a.Table == table {
					boards = append(boards, a.Boards...)
				}
			}
			for i, b := range boards {
				level := 1 + (b+table)%4
				strain := strains[(b*7+table)%5]
				decl := []string{"N", "E", "S", "W"}[(b+round)%4]
				tricks := min(13, level+6+(b+table+round)%3-1)
				if round == 1 && table == 2 && i == 0 {
					// A wrong entry: East–West reject it and North–South
					// enter it again.
					p.enter(level, strain, decl, tricks-1)
					p.shot(shots, "table-confirm-phone")
					p.answer(false)
					p.wait(`!document.getElementById('entry').hidden`)
				}
				if round == 1 && table == 1 && i == 1 {
					p.shot(shots, "table-entry-phone")
				}
				p.enter(level, strain, decl, tricks)
				p.answer(true)
			}
			if round == 1 && table == 1 {
				p.do(chromedp.EmulateViewport(1280, 900))
				p.shot(shots, "table-done-desktop")
				p.do(chromedp.EmulateViewport(360, 740))
			}
		}
		dir.do(chromedp.Navigate(console))
		dir.click(fmt.Sprintf("close-%d", round))
		if round < 3 {
			dir.click(fmt.Sprintf("start-%d", round+1))
		}
	}
	res, _ := st.Results(ctx, id)
	for _, r := range res {
		if r.Status != store.Confirmed {
			t.Errorf("board %d table %d round %d left %s", r.Board, r.Table, r.Round, r.Status)
		}
	}
	if len(res) != 27 {
		t.Errorf("%d results, want 27 (3 tables × 3 rounds × 3 boards)", len(res))
	}

	// The ranking now equals what "bridgetd score" makes of the PBN export.
	dir.do(chromedp.Navigate(fmt.Sprintf("%s/results/%d", ts.URL, id)), chromedp.WaitVisible(chromedp.ID("ranking")))
	page := rankingOnPage(t, dir)
	want := scoreCommand(t, st, id)
	if len(page) != 6 {
		t.Errorf("ranking shows %d pairs, want 6", len(page))
	}
	for pair, pct := range want {
		if got, ok := page[pair]; !ok || got != pct {
			t.Errorf("pair %d: ranking page %q%%, bridgetd score %q%%", pair, got, pct)
		}
	}

	// A weighted adjusted score (Law 12C1(c)) on board 1 at table 1, round
	// 1, and a fine of 25% of a top on pair 2 (NSWBA 7).
	as, _ := st.Assignments(ctx, id)
	b1 := as[0].Boards[0]
	dir.do(chromedp.Navigate(console), chromedp.WaitVisible(chromedp.ID("ruling-form")))
	dir.fill("r-round", "1", "r-table", "1", "r-board", strconv.Itoa(b1), "r-kind", "weighted",
		"r-outcomes", "420:0.6, -50:0.4", "r-law", "12C1(c)", "r-director", "Chief TD", "r-why", "misinformation")
	dir.do(chromedp.WaitVisible(chromedp.ID("fine-form")))
	dir.fill("f-pair", "2", "f-amount", "25", "f-kind", "late", "f-director", "Chief TD")
	dir.do(chromedp.WaitVisible(chromedp.ID("grid")))
	if rs, _ := st.Rulings(ctx, id); len(rs) != 1 || rs[0].Kind != store.RulingWeighted {
		t.Errorf("rulings = %+v, want one weighted", rs)
	}
	if fs, _ := st.Fines(ctx, id); len(fs) != 1 || fs[0].Entrant != 2 {
		t.Errorf("fines = %+v, want one on pair 2", fs)
	}
	// Posting ends the session: the open table pages, told by the event
	// stream, find their codes expired (403 from /state) and say so.
	for _, p := range tables[1:] {
		p.expect("status of 403 (Forbidden) " + ts.URL + "/t/")
	}
	dir.click("post-session")
	dir.click("publish")
	dir.shot(shots, "console-desktop")
	dir.do(chromedp.EmulateViewport(360, 740))
	dir.shot(shots, "console-phone")
	dir.do(chromedp.EmulateViewport(1280, 900))
	want2, err := srv.Ranking(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range want2 {
		if s.Pair == 2 && (s.Fines < 0.99 || s.Fines > 1.01) {
			t.Errorf("pair 2 fined %.2f MP, want 1 (25%% of a top of 4)", s.Fines)
		}
	}

	// The public, in a browser context of its own (no director's cookie),
	// sees the published ranking, travellers, score cards and hand records.
	pub := newPage(t, dir.ctx, "public", 360, 740, chromedp.WithNewBrowserContext())
	pub.do(chromedp.Navigate(fmt.Sprintf("%s/results/%d", ts.URL, id)), chromedp.WaitVisible(chromedp.ID("ranking")))
	shown := rankingOnPage(t, pub)
	for _, s := range want2 {
		if got := shown[s.Pair]; got != fmt.Sprintf("%.2f", s.Percent) {
			t.Errorf("public ranking: pair %d %q%%, want %.2f%%", s.Pair, got, s.Percent)
		}
	}
	pub.shot(shots, "ranking-phone")
	pub.do(chromedp.EmulateViewport(1280, 900))
	pub.shot(shots, "ranking-desktop")
	pub.do(chromedp.EmulateViewport(360, 740))
	pub.do(chromedp.Navigate(fmt.Sprintf("%s/results/%d/board/%d", ts.URL, id, b1)), chromedp.WaitVisible(chromedp.ID("traveller")))
	if tr := pub.text("#traveller"); !strings.Contains(tr, "weighted") {
		t.Errorf("traveller of board %d does not show the weighted score:\n%s", b1, tr)
	}
	pub.shot(shots, "traveller-phone")
	pub.do(chromedp.Navigate(fmt.Sprintf("%s/results/%d/pair/2", ts.URL, id)), chromedp.WaitVisible(chromedp.ID("scorecard")))
	pub.shot(shots, "scorecard-phone")
	if err := srv.Solve(ctx, id); err != nil {
		t.Fatal(err)
	}
	pub.do(chromedp.Navigate(fmt.Sprintf("%s/results/%d/hands", ts.URL, id)), chromedp.WaitVisible(chromedp.CSS("table.dd")))
	pub.shot(shots, "hands-phone")
	pub.do(chromedp.EmulateViewport(1280, 900))
	pub.shot(shots, "hands-desktop")
	// The table codes expired with the session (the browser reports the
	// 403 it is expected to get).
	tables[1].expect("status of 403 (Forbidden) " + ts.URL + "/t/" + codeOf[1])
	resp, err := chromedp.Run(tables[1].ctx, chromedp.NavigateResponse(ts.URL+"/t/"+codeOf[1]))
	if err != nil || resp.Status != 403 {
		t.Errorf("table page after the session: %v %v, want 403", resp, err)
	}
}

// rankingOnPage reads the ranking table: pair number → percentage.
func rankingOnPage(t *testing.T, p *page) map[int]string {
	t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 10*time.Second)
	defer cancel()
	rows, err := chromedp.Run(ctx, chromedp.Evaluate[[][]string](`Array.from(document.querySelectorAll('#ranking tbody tr')).map(r => [r.cells[2].textContent, r.cells[4].textContent])`))
	if err != nil {
		t.Fatal(err)
	}
	out := map[int]string{}
	for _, r := range rows {
		n, err := strconv.Atoi(strings.Fields(r[0])[0])
		if err != nil {
			t.Fatalf("ranking row %q", r)
		}
		out[n] = r[1]
	}
	return out
}

// scoreCommand runs "bridgetd score --json" on the event's PBN export and
// returns each pair's percentage as the command prints it.
func scoreCommand(t *testing.T, st *store.Store, id int64) map[int]string {
	t.Helper()
	f, err := st.PBN(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "export.pbn")
	out, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Encode(out); err != nil {
		t.Fatal(err)
	}
	out.Close()
	cmd := exec.Command("go", "run", "github.com/bridgetd/bridgetd/cmd/bridgetd", "score", "--method", "mp", "--json", path)
	b, err := cmd.Output()
	if err != nil {
		t.Fatalf("bridgetd score: %v\n%s", err, b)
	}
	var js struct {
		Totals []struct {
			Pair    string   `json:"pair"`
			Percent *float64 `json:"percent"`
		} `json:"totals"`
	}
	if err := json.Unmarshal(b, &js); err != nil {
		t.Fatalf("bridgetd score --json: %v\n%s", err, b)
	}
	res := map[int]string{}
	for _, x := range js.Totals {
		n, _ := strconv.Atoi(x.Pair)
		if x.Percent != nil {
			res[n] = fmt.Sprintf("%.2f", *x.Percent)
		}
	}
	if len(res) == 0 {
		t.Fatalf("bridgetd score gave no totals:\n%s", b)
	}
	return res
}
