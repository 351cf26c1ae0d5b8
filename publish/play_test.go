package publish

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bridgetd/bridgetd/ddtag"
	bt "github.com/bridgetd/bridgetd/internal/browsertest"
	"github.com/bridgetd/bridgetd/pbn"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// realbridgeBoard returns board n of the RealBridge teams qualifier (a
// real event whose tables' play records end in claims) with the plays of
// its tables analysed double dummy.
func realbridgeBoard(t *testing.T, n int) Board {
	t.Helper()
	f, err := pbn.ReadFile("testdata/realbridge-teams-2021.pbn")
	if err != nil {
		t.Fatal(err)
	}
	var games []*pbn.Game
	for _, g := range f.Games {
		if b, err := g.Board(); err == nil && int(b) == n {
			games = append(games, g)
		}
	}
	if len(games) == 0 {
		t.Fatalf("no board %d", n)
	}
	solved, err := ddtag.Solve(context.Background(), games[:1], ddtag.Options{UseTags: true})
	if err != nil {
		t.Fatal(err)
	}
	played, err := ddtag.Analyse(context.Background(), games, ddtag.Options{Warn: func(g *pbn.Game, err error) { t.Errorf("line %d: %v", g.Line, err) }})
	if err != nil {
		t.Fatal(err)
	}
	boards := Boards(solved)
	AttachPlays(boards, played)
	return boards[0]
}

// TestPlayAnalysisAgrees: every table's analysis of board 11 starts from
// the board's double-dummy table (declarer's tricks in the strain before
// the lead), the tricks are led by declarer's left-hand opponent and then
// by each trick's winner (Law 44G, 44D… by package bridge), and where the
// record runs to the last card the tricks declarer's side won in it are
// the Result tag's.
func TestPlayAnalysisAgrees(t *testing.T) {
	b := realbridgeBoard(t, 11)
	if len(b.Plays) < 20 {
		t.Fatalf("%d plays analysed, want the board's tables (over 20)", len(b.Plays))
	}
	claimed := 0
	for i, p := range b.Plays {
		if want := b.Tricks[p.Declarer][p.Contract.Strain]; p.Analysis.Start != want {
			t.Errorf("play %d (%s): %d tricks before the lead, the table says %d", i, p.Table, p.Analysis.Start, want)
		}
		tr := p.Tricks()
		if len(tr) == 0 || tr[0].Leader != p.Declarer.LHO() {
			t.Errorf("play %d: first trick %+v, want it led by %s", i, tr, p.Declarer.LHO())
			continue
		}
		won := 0
		for k, x := range tr {
			if k > 0 && x.Leader != tr[k-1].Winner {
				t.Errorf("play %d trick %d: led by %s, won by %s before", i, k+1, x.Leader, tr[k-1].Winner)
			}
			if len(x.Cards) == 4 && x.Winner.Side() == p.Declarer.Side() {
				won++
			}
		}
		if p.Claimed() {
			claimed++
			if p.Result < won {
				t.Errorf("play %d: claimed with %d tricks in all, %d already won", i, p.Result, won)
			}
		} else if won != p.Result {
			t.Errorf("play %d: %d tricks won in the play, the Result tag says %d", i, won, p.Result)
		}
	}
	if claimed == 0 {
		t.Errorf("no play of board 11 ends in a claim: the claims are lost")
	}
}

// TestPlayHTMLGolden: the first table's play of board 11 as the site and
// the hand records show it, against testdata/play-board11.golden.html
// (go test -run PlayHTMLGolden -update rewrites it).
func TestPlayHTMLGolden(t *testing.T) {
	b := realbridgeBoard(t, 11)
	var s strings.Builder
	playHTML(&s, &b.Plays[0], "play-1")
	golden := filepath.Join("testdata", "play-board11.golden.html")
	if *update {
		if err := os.WriteFile(golden, []byte(s.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if s.String() != string(want) {
		t.Errorf("play HTML differs from %s (run with -update to rewrite):\n%s", golden, s.String())
	}
	// What the page must say, whatever the layout: East's ♦4 at trick 1
	// cost a trick (7 → 8 for declarer), and the claim.
	for _, w := range []string{
		`<td class="led cost" title="cost −1 trick; declarer 8 after it"><span class="card"><span class="d">♦</span>4</span><sub>8</sub><i>−1</i></td>`,
		"The rest claimed: declarer's side took 8 tricks in all.",
	} {
		if !strings.Contains(s.String(), w) {
			t.Errorf("no %q in\n%s", w, s.String())
		}
	}
}

// TestHandRecordsPlayPDF: the hand record of board 11 with its tables'
// plays: the board's page, then the plays analysed, three or four to a
// page; pdftotext finds each play's heading and its summary in words,
// East's costly ♦4 with its "−1" on the same row, and pdftoppm renders
// every page for a person to look at.
func TestHandRecordsPlayPDF(t *testing.T) {
	b := realbridgeBoard(t, 11)
	b.Plays = b.Plays[:6]
	var buf bytes.Buffer
	o := HandRecordOptions{Title: "2021 Online Qual: Open R2", Date: "2021.08.23"}
	if err := HandRecordsPDF(&buf, []Board{b}, o); err != nil {
		t.Fatal(err)
	}
	dir := bt.ArtefactDir(t, "handrecord-play-pdf")
	pdf := filepath.Join(dir, "handrecord.pdf")
	if err := os.WriteFile(pdf, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	pages := bt.RenderPages(t, pdf, filepath.Join(dir, "page"), 70)
	if len(pages) != 3 {
		t.Fatalf("%d pages, want 3 (the board, then six plays three to a page)", len(pages))
	}
	words := bt.PDFWords(t, pdf)
	cs := bt.Chunks(words[1], 6)
	for _, s := range []string{"Play analysis", "Board 11 — ROMANIA v ISRAEL", "The rest claimed: declarer's side took 8 tricks in all."} {
		if len(bt.Find(cs, s)) == 0 {
			t.Errorf("page 2: no %q in\n%s", s, bt.PageText(cs))
		}
	}
	if txt := pageWords(words[1]); !strings.Contains(txt, "1NT by N: 7 tricks double dummy before the lead, 8 taken (the rest claimed after 7 tricks). Cost a trick: trick 1 E ♦4 (−1 trick).") {
		t.Errorf("page 2: the first play's summary is not there: %s", txt)
	}
	// Trick 1 of Romania v Israel: E leads ♦4 (cost 1), S ♦J, W ♦3, N ♦5, each
	// with declarer's tricks after it, and the winner S.
	row := lineText(cs, "1", "♦3 8")
	if want := "1 ♦3 8 ♦5 8 ♦4 8 −1 ♦J 8 S"; row != want {
		t.Errorf("page 2, trick 1: %q, want %q\n%s", row, want, bt.PageText(cs))
	}
	// The same boards give the same bytes.
	var again bytes.Buffer
	if err := HandRecordsPDF(&again, []Board{b}, o); err != nil || !bytes.Equal(again.Bytes(), buf.Bytes()) {
		t.Errorf("a second run gave a different PDF (%v)", err)
	}
}

// lineText returns the first printed line whose first chunk is first and
// whose second is second, its chunks joined by spaces.
func lineText(cs []bt.Chunk, first, second string) string {
	for _, c := range bt.Find(cs, first) {
		l := bt.Line(cs, c)
		if len(l) > 1 && l[0] == first && l[1] == second {
			return strings.Join(l, " ")
		}
	}
	return ""
}

// TestHandRecordsPlayInBrowser prints the HTML hand record of board 11
// with two plays in Chromium: the analysis starts on a page of its own,
// after the board.
func TestHandRecordsPlayInBrowser(t *testing.T) {
	b := realbridgeBoard(t, 11)
	b.Plays = b.Plays[:2]
	pdf := printHandRecords(t, "handrecord-play", []Board{b}, HandRecordOptions{Title: "2021 Online Qual: Open R2", Date: "2021.08.23"})
	words := bt.PDFWords(t, pdf)
	if len(words) != 2 {
		t.Fatalf("%d pages, want 2 (the board, then its plays)", len(words))
	}
	if txt := pageWords(words[0]); strings.Contains(txt, "Play analysis") {
		t.Errorf("page 1 holds the analysis: %s", txt)
	}
	txt := pageWords(words[1])
	for _, s := range []string{"Play analysis", "ROMANIA v ISRAEL", "SWEDEN v CROATIA", "Cost a trick: trick 1 E ♦4 (−1 trick)", "no card cost a trick"} {
		if !strings.Contains(txt, s) {
			t.Errorf("page 2: no %q in %s", s, txt)
		}
	}
}
