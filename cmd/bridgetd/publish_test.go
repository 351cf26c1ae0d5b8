package main

import (
	"encoding/json"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	bt "github.com/bridgetd/bridgetd/internal/browsertest"
	"github.com/bridgetd/bridgetd/pbn"
)

// publishSite runs "bridgetd publish" on a file into a fresh directory.
func publishSite(t *testing.T, file string, args ...string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "site")
	code, _, errOut := runCmd(t, "", append(append([]string{"publish", "-o", dir}, args...), file)...)
	if code != 0 {
		t.Fatalf("publish %s: exit %d: %s", file, code, errOut)
	}
	return dir
}

// printed prints a page of a site in Chromium and returns the chunks of
// its first page; the PDF and its page images stay in the test's
// artefacts, with screenshots at phone and desktop sizes when shots is set.
func printed(t *testing.T, site, page, artefacts string, shots bool) []bt.Chunk {
	t.Helper()
	dir := bt.ArtefactDir(t, artefacts)
	base := strings.TrimSuffix(page, ".html")
	pdf := filepath.Join(dir, base+".pdf")
	bt.PrintPDF(t, filepath.Join(site, page), pdf)
	bt.RenderPages(t, pdf, filepath.Join(dir, base+"-a4"), 50)
	for _, s := range []struct {
		name string
		w, h int
	}{{"phone", 390, 844}, {"desktop", 1280, 900}} {
		if !shots {
			break
		}
		shot := filepath.Join(dir, base+"-"+s.name+".png")
		bt.Screenshot(t, filepath.Join(site, page), shot, s.w, s.h)
		f, err := os.Open(shot)
		if err != nil {
			t.Fatal(err)
		}
		cfg, err := png.DecodeConfig(f)
		f.Close()
		if err != nil || cfg.Width != s.w || cfg.Height != s.h {
			t.Errorf("%s screenshot of %s: %dx%d (%v), want %dx%d", s.name, page, cfg.Width, cfg.Height, err, s.w, s.h)
		}
	}
	return bt.Chunks(bt.PDFWords(t, pdf)[0], 9)
}

// lineOf returns the cells of the printed row whose first cell is first
// and which has want cells or more, in the first column.
func lineOf(cs []bt.Chunk, first string) []string {
	for _, c := range bt.Find(cs, first) {
		if l := bt.Line(cs, c); len(l) > 0 && l[0] == first {
			return l
		}
	}
	return nil
}

// TestPublishPairsInBrowser publishes the JFR barometer (a real
// matchpoint pairs event) and reads the pages back as Chromium prints
// them: the ranking's first line and its tie, and on board 1's traveller
// every row's percentages as JFR published them, beside the right pairs,
// contract, lead and score.
func TestPublishPairsInBrowser(t *testing.T) {
	src := "testdata/score-jfr-barometer-2013-mp.pbn"
	site := publishSite(t, src)
	for _, name := range []string{"index.html", "board-1.html", "board-27.html", "card-13.html", "card-24.html"} {
		if _, err := os.Stat(filepath.Join(site, name)); err != nil {
			t.Errorf("site lacks %s", name)
		}
	}
	// The ranking: place, pair, percentage, matchpoints, boards.
	cs := printed(t, site, "index.html", "publish-jfr", true)
	// The print stylesheet leaves out the navigation and the footer.
	if len(bt.Find(cs, "Published by bridgetd")) != 0 || len(bt.Find(cs, "Results (PDF)")) != 0 {
		t.Errorf("the printed ranking shows the navigation or footer")
	}
	if got, want := lineOf(cs, "1"), []string{"1", "13", "61.87", "334.1", "27"}; !slices.Equal(got, want) {
		t.Errorf("ranking line 1: %q, want %q\n%s", got, want, bt.PageText(cs))
	}
	// Pairs 16 and 22 tie for fourth (NSWBA 12.1: only equal totals tie).
	var tied []string
	for _, c := range bt.Find(cs, "4=") {
		tied = append(tied, bt.Line(cs, c)[1])
	}
	if slices.Sort(tied); !slices.Equal(tied, []string{"16", "22"}) {
		t.Errorf("pairs tied fourth: %q, want 16 and 22", tied)
	}

	// Board 1's traveller against the file's own figures.
	f, err := pbn.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	tab, err := f.Games[0].Table("ScoreTable")
	if err != nil {
		t.Fatal(err)
	}
	cs = printed(t, site, "board-1.html", "publish-jfr", true)
	for r := range tab.Rows {
		ns, ew := tab.Value(r, "PairId_NS"), tab.Value(r, "PairId_EW")
		line := lineOf(cs, ns)
		if len(line) < 2 || line[1] != ew {
			t.Errorf("board 1: no row %s v %s: %q", ns, ew, line)
			continue
		}
		for _, col := range []string{"Percentage_NS", "Percentage_EW"} {
			if v := tab.Value(r, col); !slices.Contains(line, v) {
				t.Errorf("board 1, %s v %s: %s %s not on the row %q", ns, ew, col, v, line)
			}
		}
		if c := tab.Value(r, "Contract"); c != "TD" && !slices.Contains(line, strings.Replace(strings.Replace(c, "S", "♠", 1), "C", "♣", 1)) {
			t.Errorf("board 1, %s v %s: contract %s not on the row %q", ns, ew, c, line)
		}
	}
	if got, want := lineOf(cs, "1"), []string{"1", "2", "4♠", "N", "♣A", "9", "50", "2", "18", "10.00", "90.00"}; !slices.Equal(got, want) {
		t.Errorf("board 1, 1 v 2: %q, want %q", got, want)
	}
	for _, s := range []string{"Par: N–S +420 — 4♠ by North or South, 10 tricks", "♥ 10 7 5 2"} {
		if !strings.Contains(strings.Join(textOf(cs), "\n"), s) {
			t.Errorf("board 1 lacks %q", s)
		}
	}
	// The chart of the spread: a bar for each different score.
	data, err := os.ReadFile(filepath.Join(site, "board-1.html"))
	if err != nil {
		t.Fatal(err)
	}
	scores := map[string]bool{}
	for r := range tab.Rows {
		if v := tab.Value(r, "Score_NS"); v != "-" {
			scores[v] = true
		} else if v := tab.Value(r, "Score_EW"); v != "-" {
			scores["-"+v] = true
		}
	}
	if n := strings.Count(string(data), `<rect class="bar"`); n != len(scores) {
		t.Errorf("the chart has %d bars, want %d (one a different score)", n, len(scores))
	}

	// Pair 13's score card adds up to its total.
	cs = printed(t, site, "card-13.html", "publish-jfr", false)
	if got := lineOf(cs, "Total"); !slices.Equal(got, []string{"Total", "334.1"}) {
		t.Errorf("pair 13's card total: %q, want 334.1", got)
	}
}

// textOf returns the texts of chunks.
func textOf(cs []bt.Chunk) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.Text
	}
	return out
}

// TestPublishTeamsInBrowser publishes the RealBridge teams qualifier:
// each match's IMPs, as the export's own ScoreIMP tags give them, are
// printed beside the two teams.
func TestPublishTeamsInBrowser(t *testing.T) {
	src := "testdata/score-realbridge-teams-2021.pbn"
	site := publishSite(t, src)
	f, err := pbn.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	// The IMPs each team won in its match, from the file's figures: the
	// table where the first-named team (alphabetically) sat North–South
	// holds the board's IMPs from its side (the other table the same,
	// negated).
	won := map[[2]string]int{}
	for _, g := range f.Games {
		home, away := g.Tag("HomeTeam"), g.Tag("VisitTeam")
		imps, ok := scoreIMPNS(g.Tag("ScoreIMP"))
		if !ok || home > away {
			continue
		}
		if imps > 0 {
			won[[2]string{home, away}] += imps
		} else {
			won[[2]string{away, home}] -= imps
		}
	}
	cs := printed(t, site, "matches.html", "publish-teams", true)
	for _, m := range [][2]string{{"ENGLAND", "SCOTLAND"}, {"CROATIA", "SWEDEN"}, {"AUSTRIA", "DENMARK"}} {
		want := strconv.Itoa(won[m]) + "–" + strconv.Itoa(won[[2]string{m[1], m[0]}])
		if got := lineOf(cs, m[0]); len(got) != 4 || got[1] != m[1] || got[3] != want {
			t.Errorf("%s v %s: %q, want IMPs %s", m[0], m[1], got, want)
		}
	}
	cs = printed(t, site, "board-11.html", "publish-teams", false)
	if got, want := lineOf(cs, "ROMANIA"), []string{"ROMANIA", "ISRAEL", "1NT", "N", "♦4", "8", "120", "1", "−1 DD 7, 1 error"}; !slices.Equal(got, want) {
		t.Errorf("board 11, Romania v Israel: %q, want %q", got, want)
	}
	// Under the traveller, each table's play analysed double dummy (issue
	// 19): Romania v Israel's 1NT by North is 7 tricks before the lead
	// (the board's double-dummy table), East's ♦4 at trick 1 gave one
	// away, and the rest was claimed after 7 tricks for 8 in all.
	var all []string
	for _, page := range bt.PDFWords(t, filepath.Join(bt.ArtefactDir(t, "publish-teams"), "board-11.pdf")) {
		for _, c := range bt.Chunks(page, 9) {
			all = append(all, c.Text)
		}
	}
	txt := strings.Join(all, " ")
	for _, s := range []string{
		"Play analysis (double dummy)",
		"1NT by N: 7 tricks double dummy before the lead, 8 taken (the rest claimed after 7 tricks). Cost a trick: trick 1 E ♦4 (−1 trick).",
		"The rest claimed: declarer's side took 8 tricks in all.",
	} {
		if !strings.Contains(txt, s) {
			t.Errorf("board 11: no %q in the printed page:\n%s", s, txt)
		}
	}
}

// scoreIMPNS reads North–South's IMPs from a ScoreIMP tag, "NS 4 EW -4".
func scoreIMPNS(s string) (int, bool) {
	f := strings.Fields(s)
	if len(f) != 4 || f[0] != "NS" {
		return 0, false
	}
	n, err := strconv.Atoi(f[1])
	return n, err == nil
}

// TestPaperAndPDFs: "paper" prints the director's paper of a movement
// written by "movement --json"; "handrecord -o X.pdf" and "publish" write
// PDFs that poppler reads.
func TestPaperAndPDFs(t *testing.T) {
	dir := t.TempDir()
	code, js, errOut := runCmd(t, "", "movement", "mitchell", "--tables", "3", "--boards", "6", "--json")
	if code != 0 {
		t.Fatalf("movement: exit %d: %s", code, errOut)
	}
	mv := filepath.Join(dir, "m.json")
	if err := os.WriteFile(mv, []byte(js), 0o644); err != nil {
		t.Fatal(err)
	}
	pdf := filepath.Join(dir, "paper.pdf")
	if code, _, errOut := runCmd(t, "", "paper", "--title", "Club", "-o", pdf, mv); code != 0 {
		t.Fatalf("paper: exit %d: %s", code, errOut)
	}
	// 2 pages of table cards, 2 of guide cards (6 pairs, 3 a page), 3 of
	// travellers (6 boards), 2 of slips (3 tables x 3 rounds x 2 boards).
	if n, _, _ := bt.PDFPages(t, pdf); n != 2+2+3+2 {
		t.Errorf("paper: %d pages, want 9", n)
	}
	if code, _, errOut := runCmd(t, "", "paper", "-o", pdf, "testdata/solve3.pbn"); code == 0 || !strings.Contains(errOut, "not a movement") {
		t.Errorf("paper of a PBN file: exit %d, %q", code, errOut)
	}
	hr := filepath.Join(dir, "hr.pdf")
	if code, _, errOut := runCmd(t, "", "handrecord", "-o", hr, "testdata/solve3.pbn"); code != 0 {
		t.Fatalf("handrecord -o hr.pdf: exit %d: %s", code, errOut)
	}
	if n, _, _ := bt.PDFPages(t, hr); n != 1 {
		t.Errorf("hand records of 3 boards: %d pages, want 1", n)
	}
	// The RealBridge file carries its double-dummy tables: nothing to
	// solve. Its 10 boards make 3 pages of hand records (the plays'
	// analysis is on the travellers, not in the printed hand records).
	site := publishSite(t, "testdata/score-realbridge-teams-2021.pbn")
	if n, _, _ := bt.PDFPages(t, filepath.Join(site, "handrecords.pdf")); n != 3 {
		t.Errorf("published hand records of 10 boards: %d pages, want 3", n)
	}
	if n, _, _ := bt.PDFPages(t, filepath.Join(site, "results.pdf")); n < 2 {
		t.Errorf("published results: %d pages", n)
	}
}

// TestPublishSwissEvent publishes the Swiss teams event of
// testdata/teams.script from its event file: the ranking in VPs, each
// match's VPs beside its teams, and a line per team through its place
// after each round, as "rank" ranks the event cut after that round.
func TestPublishSwissEvent(t *testing.T) {
	dir := t.TempDir()
	runScript(t, "testdata/teams.script", dir)
	evPath := filepath.Join(dir, "event.json")
	site := publishSite(t, evPath)
	code, js, errOut := runCmd(t, "", "rank", evPath, "--json")
	if code != 0 {
		t.Fatalf("rank: exit %d: %s", code, errOut)
	}
	var rep struct {
		Standings []struct {
			Place int     `json:"place"`
			Name  string  `json:"name"`
			Total float64 `json:"total"`
		} `json:"standings"`
	}
	if err := json.Unmarshal([]byte(js), &rep); err != nil {
		t.Fatal(err)
	}
	cs := printed(t, site, "index.html", "publish-swiss", false)
	for _, s := range rep.Standings {
		line := lineOf(cs, strconv.Itoa(s.Place))
		if line == nil {
			line = lineOf(cs, strconv.Itoa(s.Place)+"=")
		}
		if !slices.Contains(line, s.Name) || !slices.Contains(line, strings.Replace(strconv.FormatFloat(s.Total, 'f', -1, 64), "-", "−", 1)) {
			t.Errorf("ranking: %s placed %d with %v: printed %q", s.Name, s.Place, s.Total, line)
		}
	}
	data, err := os.ReadFile(filepath.Join(site, "matches.html"))
	if err != nil {
		t.Fatal(err)
	}
	page := string(data)
	if n := strings.Count(page, `<polyline class="line"`); n != 4 {
		t.Errorf("%d lines in the position chart, want 4 teams", n)
	}
	winner := rep.Standings[0].Name
	re := regexp.MustCompile(`data-entrant="` + regexp.QuoteMeta(winner) + `" data-places="\d+ (\d+)"`)
	if m := re.FindStringSubmatch(page); m == nil || m[1] != "1" {
		t.Errorf("the winner %s's line does not end first: %v", winner, m)
	}
	cs = printed(t, site, "matches.html", "publish-swiss", true)
	if len(bt.Find(cs, "VPs")) != 1 || len(bt.Find(cs, "Round")) != 1 {
		t.Errorf("matches page lacks its VPs and Round columns:\n%s", bt.PageText(cs))
	}
}

// TestPublishUSEBIOInBrowser publishes a USEBIO file in Compscore3's form
// (package usebio's test data): the rankings as the file gives
// them, North–South's winner first, and board 1's traveller with its
// artificial score and its hands, solved, as Chromium prints them.
func TestPublishUSEBIOInBrowser(t *testing.T) {
	site := publishSite(t, "../../usebio/testdata/invented-mp_pairs_mitchell.xml")
	cs := printed(t, site, "index.html", "publish-usebio", true)
	if got, want := lineOf(cs, "1"), []string{"1", "1NS", "LORELEI THISTLEWOOD & ULRIC GORRINGE", "59.49", "199.9", "24"}; !slices.Equal(got, want) {
		t.Errorf("North–South's winner: %q, want %q", got, want)
	}
	cs = printed(t, site, "board-1.html", "publish-usebio", false)
	if got, want := lineOf(cs, "2NS"), []string{"2NS", "2EW", "A60/40", "8.4", "5.6", "60.00", "40.00"}; !slices.Equal(got, want) {
		t.Errorf("board 1, the A6040 row: %q, want %q", got, want)
	}
	txt := bt.PageText(cs)
	for _, s := range []string{"Tricks (double dummy)", "Par: E–W +100 — 5♦X by North or South, 10 tricks (1 down); 5♥X by North or South, 10 tricks (1 down)"} {
		if !strings.Contains(txt, s) {
			t.Errorf("board 1: no %q in\n%s", s, txt)
		}
	}
}
