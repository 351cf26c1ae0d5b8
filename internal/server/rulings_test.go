package server

import (
	"context"
	"fmt"
	"html"
	"html/template"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/internal/browsertest"
	"github.com/bridgetd/bridgetd/internal/store"
	"github.com/bridgetd/bridgetd/internal/store/storetest"
	"github.com/bridgetd/bridgetd/laws"
)

// The table logs the desk tests rule on. The deal (FORMAT.md's example)
// is given in the log, as a director replaces the board's with the one
// played when they differ.
const deskDeal = "N:AKQ2.AKQ.AK2.432 JT9.JT9.JT9.JT98 876.876.876.AKQ7 543.5432.Q543.65"

const deskAuction = `dealer N
vul None
deal ` + deskDeal + `
N 1S
E P
S 2S
W P
N 4S
E P
S P
W P
`

// revokeLog: E ruffs the heart ace holding hearts (a revoke, 61A), wins
// that trick and the next, N claims the rest and the defenders agree;
// at the end of play 2017 Law 64A1 transfers the revoke trick and one
// later trick won by the offending side; N's slow play gets a procedural
// penalty (90B2).
const revokeLog = deskAuction + `E leads DJ
S plays D6
W plays D3
N plays DA
N plays HA
E plays S9
S plays H6
W plays H2
E plays CT
S plays C7
W plays C5
N plays C2
N claims 10
E agrees
W agrees
end-of-play
N penalty slow 25%
`

// incidentLog is laws/testdata/incident_1nt_xx_1997.log (SOURCE: the seed
// 001, "Inadmissible Calls"): W's inadmissible redouble, called over by
// N, found after the lead: 1997 35A, no auction can be completed, both
// sides at fault: average minus to both (12C1).
const incidentLog = `board 1
edition 1997
N 1NT
E X
S P
W XX
N P
E P
S P
lead
attention
TD both-at-fault
`

// lootLog: W leads when E is on lead (Law 54) and declarer declines: the
// card is a major penalty card and declarer has the lead options of 50D2.
const lootLog = deskAuction + "W leads D3\nN declines\n"

// deskClaimDeal: 7NT by N; after E's club lead won by dummy's ace, N
// claims the rest without stating the spade finesse (the king is with W,
// LHO of dummy, on lead): 2017 Law 70E1 gives the defenders a trick.
const deskClaimDeal = "N:AQ.AKQJT.AKQ.KQJ 8765.654.JT9.T98 32.987.765.A5432 KJT94.32.8432.76"

// suitHTML is text as the pages show it (the template's suit function).
func suitHTML(s string) string { return string(funcs["suit"].(func(string) template.HTML)(s)) }

// deskPath is the desk of board b at table 1 in round 1.
func (e *env) deskPath(b int) string {
	return fmt.Sprintf("/console/%d/desk?round=1&table=1&board=%d", e.id, b)
}

// deskPost posts a desk form for board b at table 1, round 1, as the
// director.
func (e *env) deskPost(action string, b int, v url.Values) (int, string) {
	e.t.Helper()
	v.Set("round", "1")
	v.Set("table", "1")
	v.Set("board", strconv.Itoa(b))
	return e.send(e.dir, fmt.Sprintf("/console/%d/desk/%s", e.id, action), v)
}

// TestDeskRulesTheLog: the desk's rulings are laws.Rule's on the log, as
// "bridgetd rule" gives them, each with its law, options, penalty cards,
// lead restrictions and trick transfers on the page.
func TestDeskRulesTheLog(t *testing.T) {
	e := newEnv(t, storetest.SQLite)
	b := e.state(1).Boards[0].Number
	cases := []struct {
		name, log, edition string
		want               []string // besides every ruling's outcome
	}{
		// Law 64A1 (2017): the offending PLAYER won the revoke trick; it
		// goes across with one later trick of his side: N scores 13.
		{"revoke 2017", revokeLog, "2017", []string{"Law 64A1", "2 trick(s) transferred to NS", "the offending player won the revoke trick",
			"Score 4" + suitHTML("♠") + " by N with 13 tricks", "Procedural penalty on N (Law 90B2, slow)"}},
		// 1997 64A1 reads the offending SIDE.
		{"revoke 1997", revokeLog, "1997", []string{"Law 64A1", "the offending side won the revoke trick", "Score 4" + suitHTML("♠") + " by N with 13 tricks"}},
		// Law 54: the option is declarer's; Law 54D and 50D2 after he
		// declines: a major penalty card and his lead options.
		{"lead out of turn", lootLog, "2017", []string{"Law 54", "opening lead out of turn: W led " + suitHTML("♦") + "3 when E was on lead",
			"<code>spread</code> (N)", "<code>accept</code> (N)", "<code>decline</code> (N)",
			"Penalty cards on the table: W " + suitHTML("♦") + "3 (major)", "<code>requires</code>"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, page := e.deskPost("rule", b, url.Values{"log": {c.log}, "edition": {c.edition}})
			if code != http.StatusOK {
				t.Fatalf("rule: %d\n%s", code, page)
			}
			ed, _ := laws.ParseEdition(c.edition)
			res, err := laws.Rule(strings.NewReader(c.log), ed)
			if err != nil {
				t.Fatal(err)
			}
			rs := allRulings(res)
			if len(rs) == 0 {
				t.Fatal("laws.Rule gave no ruling")
			}
			for _, r := range rs {
				// The same rulings as the command: each outcome, law and
				// irregularity is on the page.
				for _, s := range []string{r.Outcome, "Law " + r.Law + ": " + r.Irregularity} {
					if !strings.Contains(page, suitHTML(s)) {
						t.Errorf("the page lacks %q", s)
					}
				}
			}
			for _, w := range c.want {
				if !strings.Contains(page, w) {
					t.Errorf("the page lacks %q", w)
				}
			}
		})
	}
	// Bad input: the log's line is named, the log kept on the page.
	code, page := e.deskPost("rule", b, url.Values{"log": {deskAuction + "N fish\n"}, "edition": {"2017"}})
	if code != http.StatusBadRequest || !strings.Contains(page, "line 12") || !strings.Contains(page, "N fish") {
		t.Errorf("a bad log line: %d, want 400 naming line 12 and keeping the log\n%.2000s", code, page)
	}
	if code, _ := e.deskPost("rule", b, url.Values{"log": {lootLog}, "edition": {"1996"}}); code != http.StatusBadRequest {
		t.Errorf("edition 1996: %d, want 400", code)
	}
}

// TestDeskClaim: the desk decides a claim with laws.Adjudicate on the
// position after the cards played, and shows the award and the line as
// "bridgetd claim" explains them.
func TestDeskClaim(t *testing.T) {
	e := newEnv(t, storetest.SQLite)
	b := e.state(1).Boards[0].Number
	cases := []struct {
		name, statement, edition string
		award, total             int
		law                      string
	}{
		// Law 70E1 (2017): the finesse he did not state is not allowed;
		// cashing the ace first is normal and loses to the king.
		{"unstated finesse 2017", "", "2017", 11, 12, "70E1"},
		{"unstated finesse 1997", "", "1997", 11, 12, "70E"},
		// Stated, the finesse is his line: all the tricks (70A).
		{"stated finesse", "finesse SQ", "2017", 12, 13, "70A"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, page := e.deskPost("claim", b, url.Values{"deal": {deskClaimDeal}, "contract": {"7NT"}, "declarer": {"N"},
				"played": {"CT CA C6 CJ"}, "claimer": {"N"}, "tricks": {"12"}, "statement": {c.statement}, "kind": {"contested"}, "edition": {c.edition}})
			if code != http.StatusOK {
				t.Fatalf("claim: %d\n%s", code, page)
			}
			want := fmt.Sprintf("Award: %d of the 12 tricks left", c.award)
			if !strings.Contains(page, want) || !strings.Contains(page, "Law "+c.law+".") {
				t.Errorf("the page lacks %q with Law %s", want, c.law)
			}
			if !strings.Contains(page, fmt.Sprintf("Declarer's tricks on the board: %d.", c.total)) {
				t.Errorf("the page lacks declarer's %d tricks on the board", c.total)
			}
			if !strings.Contains(page, fmt.Sprintf("Score 7NT by N with %d tricks", c.total)) {
				t.Errorf("no proposal to score %d tricks", c.total)
			}
			// The command's explanation, card by card: the same function
			// on the same position.
			ed, _ := laws.ParseEdition(c.edition)
			d, _ := bridge.ParseDeal(deskClaimDeal)
			p, err := laws.Replay(ed, d, bridge.Contract{Level: 7, Strain: bridge.NoTrump}, bridge.North, cards(t, "CT CA C6 CJ"))
			if err != nil {
				t.Fatal(err)
			}
			st, _ := laws.ParseStatement(c.statement)
			aw, err := laws.Adjudicate(ed, laws.Contested, p.Position(), laws.Claim{Claimer: bridge.North, Tricks: 12, Statement: st})
			if err != nil {
				t.Fatal(err)
			}
			if aw.Tricks != c.award || aw.Law != c.law {
				t.Fatalf("laws.Adjudicate: %d tricks, Law %s; the case says %d, Law %s", aw.Tricks, aw.Law, c.award, c.law)
			}
			if !strings.Contains(page, html.EscapeString(aw.Explain())) {
				t.Errorf("the page lacks the command's explanation:\n%s", aw.Explain())
			}
		})
	}
	for _, bad := range []struct{ why, field, value, says string }{
		{"a card out of turn", "played", "CA CT", "card 1"},
		{"a card played twice", "played", "CT CA C6 CJ CT", "card 5"},
		{"14 tricks", "tricks", "14", "tricks"},
		{"a bad statement", "statement", "finesse", "statement"},
		{"a passed-out contract", "contract", "Pass", "contract"},
	} {
		v := url.Values{"deal": {deskClaimDeal}, "contract": {"7NT"}, "declarer": {"N"}, "played": {"CT CA C6 CJ"}, "claimer": {"N"},
			"tricks": {"12"}, "kind": {"contested"}, "edition": {"2017"}}
		v.Set(bad.field, bad.value)
		code, page := e.deskPost("claim", b, v)
		if code != http.StatusBadRequest || !strings.Contains(page, `id="claim-error"`) || !strings.Contains(page, bad.says) {
			t.Errorf("%s: %d, want 400 saying %q\n%.1500s", bad.why, code, bad.says, page)
		}
	}
}

// TestDeskClaimFromLog: a log ruled with a disputed claim in it fills the
// claim form with the position the log reached (its deal, the contract,
// the cards played, the claim and its statement), and the form decides it
// as the log's own adjudication did (Law 70).
func TestDeskClaimFromLog(t *testing.T) {
	e := newEnv(t, storetest.SQLite)
	b := e.state(1).Boards[0].Number
	// SOURCE: laws/testdata/play_loot_claim_2017.log (FORMAT.md, example 9).
	log := `edition 2017
dealer N
deal N:AKQ2.AKQ.AK2.432 JT9.JT9.JT9.JT98 876.876.876.AKQ7 543.5432.Q543.65
N 1NT
E P
S P
W P
W leads D3
N declines
N requires D
E plays DJ
S plays D6
W plays D4
N plays DA
N claims 12 run S, run H
W objects
end-of-play
`
	res, err := laws.Rule(strings.NewReader(log), laws.Edition2017)
	if err != nil || res.Play == nil || res.Play.Claim == nil || res.Play.Claim.Awarded == nil {
		t.Fatalf("laws.Rule: %v, %+v", err, res.Play)
	}
	code, page := e.deskPost("rule", b, url.Values{"log": {log}, "edition": {"2017"}})
	if code != 200 {
		t.Fatalf("rule: %d\n%s", code, page)
	}
	var claim url.Values
	for _, f := range forms(page) {
		if strings.HasSuffix(f.action, "/desk/claim") {
			claim = f.v
		}
	}
	want := map[string]string{"deal": deskDeal, "contract": "1NT", "declarer": "N", "played": "DJ D6 D4 DA", "claimer": "N", "tricks": "12",
		"statement": "run S, run H", "kind": "contested"}
	for k, w := range want {
		if claim.Get(k) != w {
			t.Errorf("the claim form's %s: %q, want %q", k, claim.Get(k), w)
		}
	}
	code, page = e.send(e.dir, fmt.Sprintf("/console/%d/desk/claim", e.id), claim)
	if code != 200 {
		t.Fatalf("claim: %d\n%s", code, page)
	}
	cl := res.Play.Claim
	if s := fmt.Sprintf("Award: %d of the %d tricks left", *cl.Awarded, cl.Remaining); !strings.Contains(page, s) || !strings.Contains(page, "Law "+cl.Law+".") {
		t.Errorf("the desk's award differs from the log's (%s, Law %s)", s, cl.Law)
	}
}

func cards(t *testing.T, s string) []bridge.Card {
	t.Helper()
	cs, err := laws.ParseCards(s)
	if err != nil {
		t.Fatal(err)
	}
	return cs
}

var (
	formTag     = regexp.MustCompile(`(?s)<form method="post" action="([^"]+)"[^>]*>(.*?)</form>`)
	inputTag    = regexp.MustCompile(`<input[^>]*>`)
	attr        = regexp.MustCompile(`(\w+)="([^"]*)"`)
	textareaTag = regexp.MustCompile(`(?s)<textarea[^>]* name="([^"]+)"[^>]*>(.*?)</textarea>`)
	selectedOp  = regexp.MustCompile(`(?s)<select id="[^"]*" name="([^"]+)">.*?<option(?: value="([^"]*)")? selected>([^<]*)</option>`)
)

// forms returns the posting forms of a page but the header's logout, each its action and fields
// as a browser sends them (the inputs' values, the textareas', the
// selected options).
func forms(page string) []struct {
	action string
	v      url.Values
} {
	var out []struct {
		action string
		v      url.Values
	}
	for _, m := range formTag.FindAllStringSubmatch(page, -1) {
		if m[1] == "/logout" { // the header's
			continue
		}
		v := url.Values{}
		for _, in := range inputTag.FindAllString(m[2], -1) {
			a := map[string]string{}
			for _, kv := range attr.FindAllStringSubmatch(in, -1) {
				a[kv[1]] = html.UnescapeString(kv[2])
			}
			if a["type"] == "checkbox" || a["name"] == "" {
				continue
			}
			v.Set(a["name"], a["value"])
		}
		for _, ta := range textareaTag.FindAllStringSubmatch(m[2], -1) {
			v.Set(ta[1], html.UnescapeString(ta[2]))
		}
		for _, s := range selectedOp.FindAllStringSubmatch(m[2], -1) {
			val := s[2]
			if val == "" {
				val = s[3]
			}
			v.Set(s[1], html.UnescapeString(val))
		}
		out = append(out, struct {
			action string
			v      url.Values
		}{html.UnescapeString(m[1]), v})
	}
	return out
}

// TestDeskApply: a ruling applied to the board's result goes through the
// console's writes after the director confirms it: the tricks after a
// revoke transfer as a correction (with its revision, who and why), the
// procedural penalty as a fine; nothing changes before the confirmation.
func TestDeskApply(t *testing.T) { storetest.Run(t, testDeskApply) }

func testDeskApply(t *testing.T, bk storetest.Backend) {
	e := newEnv(t, bk)
	b := e.state(1).Boards[0].Number
	// The table entered 4♠ by N making 10.
	if code, m := e.postJSON(nil, "/t/"+e.codes[1]+"/enter", entryBody("d1", b, "")); code != 200 {
		t.Fatalf("enter: %d %v", code, m)
	}
	if code, m := e.postJSON(nil, "/t/"+e.codes[1]+"/confirm", fmt.Sprintf(`{"key":"d2","board":%d,"accept":true}`, b)); code != 200 {
		t.Fatalf("confirm: %d %v", code, m)
	}
	// The desk starts the log with the board and the entered contract.
	r, err := e.dir.Get(e.ts.URL + e.deskPath(b))
	if err != nil {
		t.Fatal(err)
	}
	page := readAll(r)
	r.Body.Close()
	boards, _ := e.st.Boards(t.Context(), e.id)
	var bd store.Board
	for _, x := range boards {
		if int(x.Number) == b {
			bd = x
		}
	}
	for _, w := range []string{fmt.Sprintf("board %d\n", b), "deal " + bd.Deal.Format(bd.Dealer), "# entered: 4S by N", "Result now: 4" + suitHTML("♠") + " by N, 10 tricks"} {
		if r.StatusCode != 200 || !strings.Contains(html.UnescapeString(page), html.UnescapeString(w)) {
			t.Errorf("the desk page lacks %q (%d)", w, r.StatusCode)
		}
	}
	code, page := e.deskPost("rule", b, url.Values{"log": {revokeLog}, "edition": {"2017"}})
	if code != 200 {
		t.Fatalf("rule: %d\n%s", code, page)
	}
	var apply []url.Values
	for _, f := range forms(page) {
		if strings.HasSuffix(f.action, "/desk/apply") {
			apply = append(apply, f.v)
		}
	}
	if len(apply) != 2 || apply[0].Get("apply") != "result" || apply[0].Get("tricks") != "13" || apply[1].Get("apply") != "fine" {
		t.Fatalf("proposals %v, want the result with 13 tricks and a fine", apply)
	}
	before := e.snapshot()
	// Applying shows the change and asks to confirm; nothing is written.
	code, confirm := e.send(e.dir, fmt.Sprintf("/console/%d/desk/apply", e.id), apply[0])
	if code != 200 || !strings.Contains(confirm, "Change it to: 4"+suitHTML("♠")+" by N, 13 tricks: North–South 510") {
		t.Fatalf("apply: %d, want the change to 4♠ by N, 13 tricks, +510\n%s", code, confirm)
	}
	if after := e.snapshot(); after != before {
		t.Fatalf("the confirmation page changed the store:\n%s\n%s", before, after)
	}
	fs := forms(confirm)
	if len(fs) == 0 || fs[0].action != fmt.Sprintf("/console/%d/results", e.id) {
		t.Fatalf("the confirmation's form posts to %v, want the console's correction", fs)
	}
	v := fs[0].v
	v.Set("by", "Dana")
	if code, body := e.send(e.dir, fs[0].action, v); code != http.StatusSeeOther {
		t.Fatalf("confirm the correction: %d\n%s", code, body)
	}
	var got *store.Result
	for _, x := range e.results() {
		if x.Round == 1 && x.Table == 1 && x.Board == b {
			got = &x
		}
	}
	if got == nil || got.Contract != "4♠" || got.Tricks != 13 || got.Score != 510 {
		t.Fatalf("the result after the correction: %+v, want 4♠ by N, 13 tricks, 510", got)
	}
	corr, _ := e.st.Corrections(t.Context(), e.id)
	if len(corr) != 1 || corr[0].By != "Dana" || !strings.Contains(corr[0].Why, "Law 64A1") || corr[0].Old == nil || corr[0].Old.Tricks != 10 {
		t.Errorf("the correction record: %+v, want Dana's, from 10 tricks, citing Law 64A1", corr)
	}
	// The confirmation once more: its revision is stale now (409), nothing
	// changes.
	if code, _ := e.send(e.dir, fs[0].action, v); code != http.StatusConflict {
		t.Errorf("the same confirmation again: %d, want 409 (stale revision)", code)
	}
	// Ruled again, the log's tricks are the result now: nothing to apply.
	if code, page := e.deskPost("rule", b, url.Values{"log": {revokeLog}, "edition": {"2017"}}); code != 200 ||
		!strings.Contains(page, "The board's result is this already") || strings.Contains(page, `id="apply-0"`) {
		t.Errorf("ruled again after the correction: %d, want the result marked as applied, no button", code)
	}
	// The procedural penalty (Law 90B2, 25% of a top) as a fine on the
	// pair holding the North–South cards.
	code, confirm = e.send(e.dir, fmt.Sprintf("/console/%d/desk/apply", e.id), apply[1])
	if code != 200 {
		t.Fatalf("apply the fine: %d\n%s", code, confirm)
	}
	fs = forms(confirm)
	if len(fs) == 0 || fs[0].action != fmt.Sprintf("/console/%d/fines", e.id) || fs[0].v.Get("amount") != "25" || fs[0].v.Get("kind") != "slow-play" {
		t.Fatalf("the fine's form: %+v", fs)
	}
	fs[0].v.Set("director", "Dana")
	if code, body := e.send(e.dir, fs[0].action, fs[0].v); code != http.StatusSeeOther {
		t.Fatalf("confirm the fine: %d\n%s", code, body)
	}
	as, _ := e.st.Assignments(t.Context(), e.id)
	nsPair := 0
	for _, a := range as {
		if a.Round == 1 && a.Table == 1 {
			nsPair, _ = a.CardPairs()
		}
	}
	fines, _ := e.st.Fines(t.Context(), e.id)
	if len(fines) != 1 || fines[0].Entrant != nsPair || fines[0].Amount != 25 || fines[0].Kind != "slow-play" || fines[0].Director != "Dana" {
		t.Errorf("fines %+v, want 25%% on pair %d for slow play by Dana", fines, nsPair)
	}
	// An artificial adjusted score (1997 Law 35A with 12C1: no auction
	// can be completed, both at fault) as the console's ruling.
	code, page = e.deskPost("rule", b, url.Values{"log": {incidentLog}, "edition": {"1997"}})
	if code != 200 {
		t.Fatalf("rule: %d\n%s", code, page)
	}
	apply = nil
	for _, f := range forms(page) {
		if strings.HasSuffix(f.action, "/desk/apply") {
			apply = append(apply, f.v)
		}
	}
	if len(apply) != 1 || apply[0].Get("apply") != "ruling" || apply[0].Get("kind") != "artificial" || apply[0].Get("law") != "35A" {
		t.Fatalf("proposals %v, want an artificial adjusted score under Law 35A", apply)
	}
	code, confirm = e.send(e.dir, fmt.Sprintf("/console/%d/desk/apply", e.id), apply[0])
	fs = forms(confirm)
	if code != 200 || len(fs) == 0 || fs[0].action != fmt.Sprintf("/console/%d/rulings", e.id) || fs[0].v.Get("kind") != "artificial" || fs[0].v.Get("law") != "35A" {
		t.Fatalf("the adjusted score's confirmation: %d %+v", code, fs)
	}
	fs[0].v.Set("ns_award", "A-")
	fs[0].v.Set("ew_award", "A-")
	fs[0].v.Set("director", "Dana")
	if code, body := e.send(e.dir, fs[0].action, fs[0].v); code != http.StatusSeeOther {
		t.Fatalf("confirm the adjusted score: %d\n%s", code, body)
	}
	rulings, _ := e.st.Rulings(t.Context(), e.id)
	if len(rulings) != 1 || rulings[0].Board != b || rulings[0].Kind != store.RulingArtificial || rulings[0].Law != "35A" || rulings[0].NSAward != "A-" ||
		!strings.Contains(rulings[0].Why, "average minus to both sides") {
		t.Errorf("rulings %+v, want the 35A average minus to both", rulings)
	}
}

// TestDeskForbidden: the desk is the director's: the public and the
// tables (which hold no director's cookie: a table's code is in its
// paths) are refused, and nothing changes. (TestEveryRouteRefusesBadInput
// also sends each desk route a cross-site post with the director's cookie,
// CSRF, which must get 403.)
func TestDeskForbidden(t *testing.T) {
	e := newEnv(t, storetest.SQLite)
	b := e.state(1).Boards[0].Number
	before := e.snapshot()
	anon := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	r, err := anon.Get(e.ts.URL + e.deskPath(b))
	if err != nil {
		t.Fatal(err)
	}
	r.Body.Close()
	if r.StatusCode != http.StatusSeeOther || !strings.HasPrefix(r.Header.Get("Location"), "/login") {
		t.Errorf("the desk to the public: %d %s, want the login", r.StatusCode, r.Header.Get("Location"))
	}
	form := url.Values{"round": {"1"}, "table": {"1"}, "board": {strconv.Itoa(b)}, "log": {revokeLog}, "edition": {"2017"},
		"apply": {"result"}, "contract": {"4S"}, "declarer": {"N"}, "tricks": {"13"}, "why": {"x"}}
	for _, action := range []string{"rule", "claim", "apply"} {
		if code, _ := e.send(anon, fmt.Sprintf("/console/%d/desk/%s", e.id, action), form); code != http.StatusUnauthorized {
			t.Errorf("%s by the public or a table: %d, want 401", action, code)
		}
	}
	// The console's writes the confirmation posts to, likewise.
	for _, path := range []string{"results", "rulings", "fines"} {
		if code, _ := e.send(anon, fmt.Sprintf("/console/%d/%s", e.id, path), url.Values{"round": {"1"}, "table": {"1"}, "board": {strconv.Itoa(b)},
			"contract": {"4S"}, "declarer": {"N"}, "tricks": {"13"}, "by": {"x"}, "why": {"x"}, "kind": {"assigned"}, "director": {"x"}, "pair": {"1"}, "amount": {"25"}}); code != http.StatusUnauthorized {
			t.Errorf("%s by the public or a table: %d, want 401", path, code)
		}
	}
	if after := e.snapshot(); after != before {
		t.Errorf("refused requests changed the store")
	}
}

// TestDeskInBrowser runs the desk in headless Chromium, phone- and
// desktop-sized: axe-core finds no violation on the desk, its rulings,
// its claim and the confirmation page, which raise no browser error;
// screenshots are written as artefacts.
func TestDeskInBrowser(t *testing.T) {
	src := browsertest.Axe(t)
	alloc := browser(t)
	shots := browsertest.ArtefactDir(t, "rulings")
	e := newEnv(t, storetest.SQLite)
	b := e.state(1).Boards[0].Number
	for _, p := range e.directorTabs(alloc, "desk", e.deskPath(b), "rule-form") {
		sz := p.size
		p.axeCheck(src, sz.name+" desk")
		p.do(jsDo(`document.getElementById('log').value = ` + strconv.Quote(revokeLog)))
		p.click("rule")
		p.wait(`document.getElementById('rulings') !== null`)
		p.axeCheck(src, sz.name+" desk: rulings")
		p.shot(shots, sz.name+"-rulings")
		p.do(jsDo(`document.getElementById('c-deal').value = ` + strconv.Quote(deskClaimDeal) + `;
			document.getElementById('c-contract').value = '7NT'; document.getElementById('c-declarer').value = 'N';
			document.getElementById('c-played').value = 'CT CA C6 CJ'; document.getElementById('c-claimer').value = 'N';
			document.getElementById('c-tricks').value = '12'`))
		p.click("adjudicate")
		p.wait(`document.getElementById('award') !== null`)
		p.axeCheck(src, sz.name+" desk: claim")
		p.shot(shots, sz.name+"-claim")
		p.click("apply-0")
		p.wait(`document.getElementById('confirm-form') !== null`)
		p.axeCheck(src, sz.name+" desk: confirm")
		p.shot(shots, sz.name+"-confirm")
	}
}

// tabSize is a browser tab's size, phone or desktop.
type tabSize struct {
	name string
	w, h int64
}

// directorTab is a browser tab logged in as the director at one size.
type directorTab struct {
	*page
	size tabSize
}

// directorTabs starts the browser and opens the console page at path as
// the director, phone- and desktop-sized, each tab in a browser context
// of its own, waiting until the element id is visible.
func (e *env) directorTabs(alloc context.Context, name, path, id string) []directorTab {
	e.t.Helper()
	tok, _ := e.srv.DirectorToken(e.t.Context())
	root := newPage(e.t, alloc, "browser", 360, 740) // starts the browser
	root.do(chromedp.Navigate("about:blank"))
	var out []directorTab
	for _, sz := range []tabSize{{"phone", 360, 740}, {"desktop", 1280, 900}} {
		p := newPage(e.t, root.ctx, name+" "+sz.name, sz.w, sz.h, chromedp.WithNewBrowserContext())
		p.do(chromedp.Navigate(e.ts.URL+"/login?next="+url.QueryEscape(path)), chromedp.SendKeys(chromedp.ID("secret"), tok),
			chromedp.Submit(chromedp.ID("secret")), chromedp.WaitVisible(chromedp.ID("password-form")))
		p.do(chromedp.Navigate(e.ts.URL+path), chromedp.WaitVisible(chromedp.ID(id)))
		out = append(out, directorTab{p, sz})
	}
	return out
}

// FuzzDeskClaim: the desk's claim form never panics the reader or the
// replay of the cards played, and what the reader accepts is a claim of 0
// to 13 tricks on a deal of four hands (Law 1).
func FuzzDeskClaim(f *testing.F) {
	f.Add(deskClaimDeal, "7NT", "N", "CT CA C6 CJ", "N", "12", "finesse SQ")
	f.Add(deskDeal, "4SX", "E", "SA,", "W", "0", "trumps, run H")
	f.Add("N:AKQ2", "8S", "Q", "S1", "", "-1", "finesse")
	f.Fuzz(func(t *testing.T, deal, contract, declarer, played, claimer, tricks, statement string) {
		f := deskForm{Edition: "2017", Deal: deal, Contract: contract, Declarer: declarer, Played: played, Claimer: claimer,
			Tricks: tricks, Statement: statement, Kind: laws.Contested}
		in, err := f.claim()
		if err != nil {
			return
		}
		if in.claim.Tricks < 0 || in.claim.Tricks > 13 {
			t.Errorf("accepted %+v", in)
		}
		if _, err := laws.Replay(in.ed, in.deal, in.contract, in.declarer, in.played); err == nil && in.deal.Validate() != nil {
			t.Errorf("the cards were replayed on a deal that is not four hands of thirteen: %q", deal)
		}
	})
}
