package server

import (
	"context"
	"fmt"
	"github.com/bridgetd/bridgetd/internal/store/storetest"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/internal/browsertest"
	"github.com/bridgetd/bridgetd/internal/store"
)

// boards returns the boards a table plays in a round.
func (te *env) boards(t *testing.T, round, table int) []int {
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
	alloc := browser(t)
	te := newEnv(t, storetest.SQLite)
	ctx := t.Context()
	p := newPage(t, alloc, "table 1 offline", 360, 740)
	// Cutting the network makes the browser report the requests it
	// could not send, and the event stream it lost.
	p.expect("ERR_INTERNET_DISCONNECTED")
	code := te.codes[1]
	p.do(chromedp.Navigate(te.ts.URL + "/t/" + code))
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

// warnedEntry finds, on one of the boards, an entry that draws the three
// warnings that need the deal: a lead the leader did not hold (Law 54A:
// declarer's left-hand opponent leads), tricks far from the double-dummy
// table, and a contract the other side would make (the wrong side).
func warnedEntry(t *testing.T, te *env, a store.Assignment) (store.Entry, []string) {
	t.Helper()
	bs, err := te.st.Boards(t.Context(), te.id)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range a.Boards {
		for _, b := range bs {
			if int(b.Number) != n || b.DD == nil {
				continue
			}
			for decl := bridge.North; decl <= bridge.West; decl++ {
				for strain := bridge.ClubsStrain; strain <= bridge.NoTrump; strain++ {
					for level := uint8(1); level <= 7; level++ {
						dd := b.DD.Tricks(decl, strain)
						tricks := dd + store.FarTricks
						if tricks > 13 {
							tricks = dd - store.FarTricks
						}
						e := store.Entry{Board: n, Contract: bridge.Contract{Level: level, Strain: strain}, Declarer: decl, Tricks: tricks,
							Lead: b.Deal[decl].Cards()[0], HasLead: true} // declarer's own card
						w := store.Warnings(e, b, a)
						if len(w) == 3 {
							return e, w
						}
					}
				}
			}
		}
	}
	t.Skip("no entry on these boards draws all three warnings")
	return store.Entry{}, nil
}

// TestTablePageWarnings: the table page shows the warnings of an entry
// before it is sent (a lead the leader did not hold, tricks far from the
// double-dummy table, a contract for the wrong side), East–West see them
// when they check it, and the director sees them later on the console.
// An entry that waited in the browser while the round moved on (the board
// is no longer in this round) is not counted, the table is told, and it is
// held for the director as a call with what it was (Law 15 workflow).
func TestTablePageWarnings(t *testing.T) {
	alloc := browser(t)
	te := newEnv(t, storetest.SQLite)
	ctx := t.Context()
	if err := te.srv.Solve(ctx, te.id); err != nil {
		t.Fatal(err)
	}
	var a store.Assignment
	as, _ := te.st.Assignments(ctx, te.id)
	for _, x := range as {
		if x.Round == 1 && x.Table == 1 {
			a = x
		}
	}
	e, want := warnedEntry(t, te, a)
	p := newPage(t, alloc, "table 1", 360, 740)
	p.do(chromedp.Navigate(te.ts.URL + "/t/" + te.codes[1]))
	p.wait(`!document.getElementById('entry').hidden`)
	// Choose the board, then the entry, as North–South do.
	p.do(jsDo(fmt.Sprintf(`Array.from(document.querySelectorAll('#boards button')).find(b => b.textContent.startsWith('Board %d ')).click()`, e.Board)))
	p.wait(fmt.Sprintf(`document.querySelector('#entry .bn').textContent === '%d'`, e.Board))
	strain := []string{"C", "D", "H", "S", "NT"}[e.Contract.Strain]
	p.do(chromedp.Click(chromedp.CSS(fmt.Sprintf(`input[name=level][value="%d"]`, e.Contract.Level))),
		chromedp.Click(chromedp.CSS(fmt.Sprintf(`input[name=strain][value="%s"]`, strain))),
		chromedp.Click(chromedp.CSS(fmt.Sprintf(`input[name=declarer][value="%s"]`, e.Declarer))),
		chromedp.SetValue(chromedp.ID("tricks"), strconv.Itoa(e.Tricks)),
		chromedp.SendKeys(chromedp.ID("lead"), e.Lead.ASCII()))
	p.do(jsDo(`document.getElementById('tricks').dispatchEvent(new Event('change', {bubbles: true}))`))
	// Before it is sent: the score and the three warnings.
	p.wait(`document.querySelectorAll('#preview .warning').length === 3`)
	shown := p.text("#preview")
	for _, w := range []string{"did not hold", "double dummy gives", "wrong side"} {
		if !strings.Contains(shown, w) {
			t.Errorf("preview does not warn %q:\n%s", w, shown)
		}
	}
	if rs, _ := te.st.Results(ctx, te.id); len(rs) != 0 {
		t.Fatalf("the preview saved a result: %+v", rs)
	}
	p.do(jsDo(`document.getElementById('entry-form').requestSubmit()`))
	p.wait(`document.getElementById('queue').hidden && document.querySelectorAll('#confirm-warnings li').length === 3`)
	rs, _ := te.st.Results(ctx, te.id)
	if len(rs) != 1 || strings.Join(rs[0].Warnings, "|") != strings.Join(want, "|") {
		t.Fatalf("saved %+v, want one result with the warnings %q", rs, want)
	}

	// The director sees them on the console.
	if err := te.srv.SetPassword(ctx, "director pw 1"); err != nil {
		t.Fatal(err)
	}
	d := newPage(t, p.ctx, "director", 1280, 900, chromedp.WithNewBrowserContext())
	d.do(chromedp.Navigate(te.ts.URL+"/login"), chromedp.SendKeys(chromedp.ID("secret"), "director pw 1"),
		chromedp.Submit(chromedp.ID("secret")), chromedp.WaitVisible(chromedp.ID("new-title")))
	d.do(chromedp.Navigate(fmt.Sprintf("%s/console/%d", te.ts.URL, te.id)), chromedp.WaitVisible(chromedp.ID("warn-title")))
	board := d.text("#warn-title + ul")
	for _, w := range want {
		if !strings.Contains(board, w) {
			t.Errorf("console does not show the warning %q:\n%s", w, board)
		}
	}

	// An entry waiting offline while the director moves the round on: it
	// is not counted (a table writes only its current round's boards) but
	// held for the director with the result entered and why.
	other := a.Boards[0]
	if other == e.Board {
		other = a.Boards[1]
	}
	p.expect("ERR_INTERNET_DISCONNECTED")
	p.do(jsDo(`document.getElementById('accept').click()`))
	p.wait(`document.getElementById('queue').hidden && !document.getElementById('entry').hidden`)
	p.do(jsDo(fmt.Sprintf(`Array.from(document.querySelectorAll('#boards button')).find(b => b.textContent.startsWith('Board %d ')).click()`, other)))
	p.do(offline(true))
	p.wait(`navigator.onLine === false`)
	p.do(chromedp.Click(chromedp.CSS(`input[name=level][value="0"]`)))
	p.do(jsDo(`document.getElementById('entry-form').requestSubmit()`))
	p.wait(`document.getElementById('queue').textContent.includes('1 entry waiting')`)
	if err := te.st.CloseRound(ctx, te.id, 1); err != nil {
		t.Fatal(err)
	}
	if err := te.st.StartRound(ctx, te.id, 2); err != nil {
		t.Fatal(err)
	}
	p.do(offline(false))
	p.wait(`document.getElementById('queue').hidden && !document.getElementById('message').hidden`)
	if msg := p.text("#message"); !strings.Contains(msg, fmt.Sprintf("Board %d was not counted: entered for round 1, but the table is at round 2 now", other)) {
		t.Errorf("the table is told %q, want that board %d was not counted, the round having moved on", msg, other)
	}
	var calls []store.Call
	for range 50 {
		if calls, _ = te.st.Calls(ctx, te.id); len(calls) > 0 {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if len(calls) != 1 || calls[0].Board != other || calls[0].Entry == nil || calls[0].Entry.Contract != "Pass" || calls[0].Round != 1 ||
		!strings.Contains(calls[0].Note, "the table is at round 2 now") {
		t.Errorf("director calls %+v, want one holding board %d passed out in round 1 and why", calls, other)
	}
	if rs, _ := te.st.Results(ctx, te.id); len(rs) != 1 {
		t.Errorf("the held entry was counted: %+v", rs)
	}
	d.do(chromedp.Navigate(fmt.Sprintf("%s/console/%d", te.ts.URL, te.id)), chromedp.WaitVisible(chromedp.ID("calls-title")))
	if got := d.text("#calls-title + ul"); !strings.Contains(got, "Entered: Pass") || !strings.Contains(got, fmt.Sprintf("Let board %d stand", other)) {
		t.Errorf("console calls do not show the held entry:\n%s", got)
	}
}

// TestTableTravellerVisibility: a table that has confirmed a board sees
// its traveller and hand record only once every table that plays the
// board has played it; before then the page says so and the address
// answers 403, to it and to a table that will play the board later. Once
// the last table has played it, the first table's page links it among the
// boards played earlier, and the traveller shows every table's result.
func TestTableTravellerVisibility(t *testing.T) {
	alloc := browser(t)
	te := newEnv(t, storetest.SQLite)
	ctx := t.Context()
	b := te.boards(t, 1, 1)[0]
	// Who plays board b, round by round.
	as, _ := te.st.Assignments(ctx, te.id)
	var plays []store.Assignment
	for _, a := range as {
		if a.Active() && a.Plays(b) {
			plays = append(plays, a)
		}
	}
	if len(plays) != 3 || plays[0].Round != 1 || plays[0].Table != 1 {
		t.Fatalf("board %d is played %+v, want by table 1 in round 1 and two tables later", b, plays)
	}
	later := plays[1].Table
	play := func(a store.Assignment, key string) {
		t.Helper()
		tc, err := te.st.TableByCode(ctx, te.codes[a.Table])
		if err != nil {
			t.Fatal(err)
		}
		if _, err := te.st.Enter(ctx, key+"e", tc, store.Entry{Board: b, Contract: bridge.Contract{Level: 2, Strain: bridge.HeartsStrain}, Declarer: bridge.South, Tricks: 8}); err != nil {
			t.Fatal(err)
		}
		if _, err := te.st.Confirm(ctx, key+"c", tc, b, true); err != nil {
			t.Fatal(err)
		}
	}
	p := newPage(t, alloc, "table 1", 360, 740)
	p.do(chromedp.Navigate(te.ts.URL + "/t/" + te.codes[1]))
	p.wait(`!document.getElementById('entry').hidden`)
	p.do(jsDo(fmt.Sprintf(`Array.from(document.querySelectorAll('#boards button')).find(b => b.textContent.startsWith('Board %d ')).click()`, b)))
	p.enter(2, "H", "S", 8)
	p.answer(true)
	p.do(jsDo(fmt.Sprintf(`Array.from(document.querySelectorAll('#boards button')).find(b => b.textContent.startsWith('Board %d ')).click()`, b)))
	p.wait(`!document.getElementById('done').hidden`)
	if got := p.text("#done-link"); !strings.Contains(got, "when every table has played") {
		t.Errorf("done board %d says %q, want that the traveller waits for every table", b, got)
	}
	if n, _ := chromedp.Run(p.ctx, chromedp.Evaluate[int](`document.querySelectorAll('#done-link a').length`)); n != 0 {
		t.Errorf("done board %d links its traveller before the other tables played it", b)
	}
	boardURL := func(table int) string { return fmt.Sprintf("%s/t/%s/board/%d", te.ts.URL, te.codes[table], b) }
	status := func(pg *page, u string) int64 {
		t.Helper()
		pg.expect("status of 403 (Forbidden) " + u)
		resp, err := chromedp.Run(pg.ctx, chromedp.NavigateResponse(u))
		if err != nil {
			t.Fatal(err)
		}
		return resp.Status
	}
	if s := status(p, boardURL(1)); s != 403 {
		t.Errorf("table 1 opens board %d before the others played it: %d, want 403", b, s)
	}
	q := newPage(t, p.ctx, fmt.Sprintf("table %d", later), 360, 740, chromedp.WithNewBrowserContext())
	if s := status(q, boardURL(later)); s != 403 {
		t.Errorf("table %d, which plays board %d later, opens it: %d, want 403", later, b, s)
	}
	// Round 2: the second table plays it; still hidden from table 1.
	for _, rd := range []int{1, 2} {
		if err := te.st.CloseRound(ctx, te.id, rd); err != nil {
			t.Fatal(err)
		}
		if err := te.st.StartRound(ctx, te.id, rd+1); err != nil {
			t.Fatal(err)
		}
		play(plays[rd], fmt.Sprintf("r%d", rd+1))
		p.do(chromedp.Navigate(te.ts.URL + "/t/" + te.codes[1]))
		p.wait(`!document.getElementById('earlier').hidden`)
		links, _ := chromedp.Run(p.ctx, chromedp.Evaluate[int](fmt.Sprintf(`Array.from(document.querySelectorAll('#earlier-list a')).filter(a => a.textContent.startsWith('Board %d ')).length`, b)))
		if rd == 1 {
			if links != 0 {
				t.Errorf("round 2: table 1 links board %d, which table %d plays in round 3", b, plays[2].Table)
			}
			if s := status(p, boardURL(1)); s != 403 {
				t.Errorf("round 2: table 1 opens board %d: %d, want 403", b, s)
			}
			continue
		}
		if links != 1 {
			t.Fatalf("round 3: table 1's page has %d links to board %d, want 1 once every table played it", links, b)
		}
	}
	// With axe-core at hand (BRIDGETD_AXE), the page with its earlier
	// boards and the table's traveller and hand record are checked too.
	axe := ""
	if os.Getenv("BRIDGETD_AXE") != "" {
		axe = browsertest.Axe(t)
		p.axeCheck(axe, "table: boards played earlier")
	}
	p.do(jsDo(fmt.Sprintf(`Array.from(document.querySelectorAll('#earlier-list a')).find(a => a.textContent.startsWith('Board %d ')).click()`, b)))
	p.do(chromedp.WaitVisible(chromedp.ID("traveller")))
	if axe != "" {
		p.axeCheck(axe, "table: traveller and hand record")
	}
	if n, _ := chromedp.Run(p.ctx, chromedp.Evaluate[int](`document.querySelectorAll('#traveller tbody tr').length`)); n != 3 {
		t.Errorf("traveller of board %d has %d rows, want the 3 tables'", b, n)
	}
	if n, _ := chromedp.Run(p.ctx, chromedp.Evaluate[int](`document.querySelectorAll('.hand .seat').length`)); n != 4 {
		t.Errorf("hand record of board %d shows %d hands, want 4", b, n)
	}
}

// TestTablePageKeyboard: North–South enter a board and East–West confirm
// it with the keyboard alone (Tab between the groups, arrows and space in
// a group of choices, Enter on a button), as a person without a pointer
// does. Passing level 1 on the way to 4 leaves the result at "made
// exactly": a change of level keeps the result relative to the contract.
func TestTablePageKeyboard(t *testing.T) {
	alloc := browser(t)
	te := newEnv(t, storetest.SQLite)
	p := newPage(t, alloc, "table 1 keyboard", 360, 740)
	p.do(chromedp.Navigate(te.ts.URL + "/t/" + te.codes[1]))
	p.wait(`!document.getElementById('entry').hidden`)
	// tabTo presses Tab until the focus is on the element the selector
	// names: it must be reachable by Tab, in fewer than 40 presses.
	tabTo := func(sel string) {
		t.Helper()
		for range 40 {
			at, err := chromedp.Run(p.ctx, chromedp.Evaluate[bool](fmt.Sprintf(`document.activeElement && document.activeElement.matches(%q)`, sel)))
			if err != nil {
				t.Fatal(err)
			}
			if at {
				return
			}
			p.do(chromedp.KeyEvent(kb.Tab))
		}
		t.Fatalf("Tab never reaches %s\n%s", sel, p.dump())
	}
	tabTo(`input[name=level]`)
	p.do(chromedp.KeyEvent(" "), chromedp.KeyEvent(kb.ArrowRight+kb.ArrowRight+kb.ArrowRight)) // level 1, then 4
	tabTo(`input[name=strain]`)
	p.do(chromedp.KeyEvent(" "), chromedp.KeyEvent(kb.ArrowRight+kb.ArrowRight)) // ♣, then ♥
	tabTo(`input[name=declarer]`)
	p.do(chromedp.KeyEvent(" ")) // N
	tabTo(`#tricks`)
	p.wait(`document.getElementById('preview').textContent.includes('Law 77')`)
	tabTo(`#entry-form button[type=submit]`)
	p.do(chromedp.KeyEvent(kb.Enter))
	p.wait(`document.getElementById('queue').hidden && !document.getElementById('confirm').hidden`)
	rs, _ := te.st.Results(t.Context(), te.id)
	if len(rs) != 1 || rs[0].Contract != "4♥" || rs[0].Declarer != "N" || rs[0].Tricks != 10 || rs[0].Status != store.Entered {
		t.Fatalf("entered by keyboard: %+v, want 4♥ by N, 10 tricks, waiting for East–West", rs)
	}
	tabTo(`#accept`)
	p.do(chromedp.KeyEvent(kb.Enter))
	p.wait(`document.getElementById('queue').hidden && document.querySelector('.board.confirmed') !== null`)
	if rs, _ := te.st.Results(t.Context(), te.id); len(rs) != 1 || rs[0].Status != store.Confirmed {
		t.Errorf("confirmed by keyboard: %+v", rs)
	}
}
