package publish

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/bridgetd/bridgetd/bridge"
)

// twoWinner is a small two-winner Mitchell: pairs 1NS and 2NS sit North–South,
// 1EW and 2EW East–West, two boards.
func twoWinner(t *testing.T) *Results {
	t.Helper()
	bs := jfr(t)
	c4s := bridge.Contract{Level: 4, Strain: bridge.SpadesStrain}
	return &Results{
		Title: "Club pairs", Date: "2024.03.05", Form: Matchpoints,
		Entrants: []Entrant{{ID: "1NS", Names: "Ann & Bob"}, {ID: "2NS"}, {ID: "1EW"}, {ID: "2EW", Names: "Cy & Di"}},
		Fields: []Field{
			{Name: "North–South", Standings: []Standing{
				{Place: 1, Tied: true, Entrant: "1NS", Score: 2, Percent: 50, Boards: 2, Qualified: true},
				{Place: 1, Tied: true, Entrant: "2NS", Score: 2, Percent: 50, Boards: 2}}},
			{Name: "East–West", Standings: []Standing{
				{Place: 1, Entrant: "2EW", Score: 3, Percent: 75, Boards: 2},
				{Place: 2, Entrant: "1EW", Score: 1, Percent: 25, Boards: 2}}},
		},
		Boards: []BoardResult{
			{Board: bs[0], Rows: []Row{
				{NS: "1NS", EW: "1EW", HasContract: true, Contract: c4s, Declarer: bridge.North, Lead: "♣A", Tricks: 10, HasScore: true, Score: 420, Scored: true, NSMP: 2, EWMP: 0, NSPct: 100, EWPct: 0},
				{NS: "2NS", EW: "2EW", HasContract: true, Contract: c4s, Declarer: bridge.North, Lead: "♣A", Tricks: 9, HasScore: true, Score: -50, Scored: true, NSMP: 0, EWMP: 2, NSPct: 0, EWPct: 100},
			}},
			{Board: bs[1], Rows: []Row{
				{NS: "1NS", EW: "2EW", Note: "A40/60", Scored: true, NSMP: 0, EWMP: 1, NSPct: 40, EWPct: 60},
				{NS: "2NS", EW: "1EW", HasContract: true, Contract: bridge.Contract{}, Scored: true, HasScore: true, NSMP: 2, EWMP: 1},
			}},
		},
	}
}

func page(t *testing.T, pages []Page, name string) string {
	t.Helper()
	for _, p := range pages {
		if p.Name == name {
			return string(p.Data)
		}
	}
	t.Fatalf("no page %s", name)
	return ""
}

// TestSiteTwoWinner: a two-winner event has a ranking per direction with
// places shared by equal totals (NSWBA 12.1) written "1=", qualifiers
// marked, and a score card per pair whose total adds its boards.
func TestSiteTwoWinner(t *testing.T) {
	pages, err := Site(twoWinner(t))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, p := range pages {
		names = append(names, p.Name)
	}
	if got, want := strings.Join(names, " "), "index.html board-1.html board-2.html card-1NS.html card-2NS.html card-1EW.html card-2EW.html"; got != want {
		t.Errorf("pages %q, want %q", got, want)
	}
	idx := page(t, pages, "index.html")
	for _, s := range []string{
		"<h2>North–South</h2>", "<h2>East–West</h2>", "5 March 2024",
		`<tr class="q"><td class="place">1=</td><td class="l"><a href="card-1NS.html">1NS</a></td><td class="names">Ann &amp; Bob</td><td class="pct">50.00</td>`,
		`<td class="place">1=</td><td class="l"><a href="card-2NS.html">2NS</a>`,
		`<td class="place">2</td><td class="l"><a href="card-1EW.html">1EW</a>`,
		"Q: qualifies for the next stage.",
	} {
		if !strings.Contains(idx, s) {
			t.Errorf("index lacks %q", s)
		}
	}
	if strings.Index(idx, "East–West") < strings.Index(idx, "card-2NS") {
		t.Errorf("East–West ranked before North–South's pairs")
	}
	card := page(t, pages, "card-2EW.html")
	for _, s := range []string{"Place 1 (East–West), 75.00%, 3 MP", `<td class="mp">2</td>`, `<td class="mp">1</td>`, `<th class="mp">3</th>`, "A40/60", `<td class="score">50</td>`} {
		if !strings.Contains(card, s) {
			t.Errorf("2EW's card lacks %q", s)
		}
	}
	for _, p := range pages {
		if regexp.MustCompile(`(?i)<script|https?://|@import|<link`).Match(p.Data) {
			t.Errorf("%s loads something from outside or runs a script", p.Name)
		}
	}
}

// TestSpreadChart: one bar per different score, as high as its count.
func TestSpreadChart(t *testing.T) {
	rows := []Row{{HasScore: true, Score: 420}, {HasScore: true, Score: -50}, {HasScore: true, Score: 420}, {Note: "A60/40"}}
	svg := spreadChart(rows)
	for _, s := range []string{`data-score="-50" data-count="1"`, `data-score="420" data-count="2"`, ">−50<"} {
		if !strings.Contains(svg, s) {
			t.Errorf("chart lacks %q:\n%s", s, svg)
		}
	}
	if n := strings.Count(svg, "<rect"); n != 2 {
		t.Errorf("%d bars, want 2", n)
	}
	if spreadChart([]Row{{Note: "TD"}}) != "" {
		t.Errorf("a chart for a board without scores")
	}
}

// TestProgressChart: a line per entrant through its places.
func TestProgressChart(t *testing.T) {
	svg := progressChart([]Progress{{Entrant: "Lions", Places: []int{2, 1, 1}}, {Entrant: "Tigers", Places: []int{1, 2, 2}}})
	for _, s := range []string{`data-entrant="Lions" data-places="2 1 1"`, `data-entrant="Tigers" data-places="1 2 2"`, ">R3<"} {
		if !strings.Contains(svg, s) {
			t.Errorf("chart lacks %q", s)
		}
	}
}

// TestMatchesFromBoards: each team scores the IMPs it won, board by board
// (Law 78B), from the table where the first-named team sat North–South.
func TestMatchesFromBoards(t *testing.T) {
	boards := []BoardResult{
		{Rows: []Row{{NS: "A", EW: "B", Scored: true, NSMP: 5}, {NS: "B", EW: "A", Scored: true, NSMP: -5}}},
		{Rows: []Row{{NS: "A", EW: "B", Scored: true, NSMP: -3}, {NS: "B", EW: "A", Scored: true, NSMP: 3}}},
		{Rows: []Row{{NS: "A", EW: "B", Scored: true, NSMP: 0}, {NS: "B", EW: "A", Scored: true, NSMP: 0}}},
	}
	ms := MatchesFromBoards(boards)
	if len(ms) != 1 || ms[0].Home != "A" || ms[0].HomeIMPs != 5 || ms[0].AwayIMPs != 3 || ms[0].Boards != 3 {
		t.Errorf("%+v, want A 5 – B 3 over 3 boards", ms)
	}
}

func TestSiteErrors(t *testing.T) {
	r := twoWinner(t)
	r.Boards[1].Rows[0].EW = "9EW"
	if _, err := Site(r); err == nil || !strings.Contains(err.Error(), `board 2, row 1: entrant "9EW"`) {
		t.Errorf("unknown entrant: %v", err)
	}
	r = twoWinner(t)
	r.Boards[1].Number = 1
	if _, err := Site(r); err == nil || !strings.Contains(err.Error(), "board 1 listed twice") {
		t.Errorf("board twice: %v", err)
	}
	// WriteSite into a path that is a file fails and says where.
	file := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := WriteSite(file, twoWinner(t)); err == nil || errors.Is(err, nil) {
		t.Errorf("site into a file: %v", err)
	}
}

// TestSiteLinks: every link of every page leads to a page of the site,
// with travellers (score cards for every pair) and without (an event file's
// ranking and matches: no score cards, so no links to them).
func TestSiteLinks(t *testing.T) {
	noBoards := &Results{Title: "Swiss", Form: Teams, Unit: "VP",
		Entrants: []Entrant{{ID: "Lions"}, {ID: "Tigers"}},
		Fields:   []Field{{Standings: []Standing{{Place: 1, Entrant: "Lions", Score: 12}, {Place: 2, Entrant: "Tigers", Score: 8}}}},
		Matches:  []Match{{Round: 1, Home: "Lions", Away: "Tigers", HomeIMPs: 5, HasVP: true, HomeVP: 12, AwayVP: 8, Boards: 8}},
		Progress: []Progress{{Entrant: "Lions", Places: []int{1}}, {Entrant: "Tigers", Places: []int{2}}}}
	href := regexp.MustCompile(`href="([^"#]+)"`)
	for _, r := range []*Results{twoWinner(t), noBoards} {
		pages, err := Site(r)
		if err != nil {
			t.Fatal(err)
		}
		have := map[string]bool{}
		for _, p := range pages {
			have[p.Name] = true
		}
		for _, p := range pages {
			for _, m := range href.FindAllStringSubmatch(string(p.Data), -1) {
				if !have[m[1]] {
					t.Errorf("%s: %s links to %s, which is not a page", r.Title, p.Name, m[1])
				}
			}
		}
		if r == noBoards && !strings.Contains(page(t, pages, "index.html"), "<th>VP</th>") {
			t.Errorf("the ranking's totals are not headed VP")
		}
	}
}
