package ddtag

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/dd"
	"github.com/bridgetd/bridgetd/deal"
	"github.com/bridgetd/bridgetd/pbn"
)

// The certainties pbn.TrickTable.CheckDeal relies on hold for real tables:
// no solved deal is refused (seeded deals, reproducible).
func TestCheckDealAcceptsSolvedTables(t *testing.T) {
	set, err := deal.Seeded(13).Boards(1, 8)
	if err != nil {
		t.Fatal(err)
	}
	deals := make([]bridge.Deal, len(set))
	for i, b := range set {
		deals[i] = b.Deal
	}
	tables, err := dd.Tables(context.Background(), deals, dd.BatchOptions{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	for i, tab := range tables {
		if err := pbn.TrickTable(tab).CheckDeal(deals[i]); err != nil {
			t.Errorf("board %d %s: the solver's own table refused: %v", i+1, deals[i], err)
		}
	}
}

const solve3 = `[Board "13"]
[Dealer "N"]
[Vulnerable "All"]
[Deal "N:T82.KJT.AQ87.A92 A973.Q752.953.J8 K54.A4.KJ62.KT74 QJ6.9863.T4.Q653"]
[DoubleDummyTricks "dddddddddddddddddddd"]

[Board "14"]
[Deal "N:T82.KJT.AQ87.A92 - - -"]
`

// UseTags trusts no impossible tag: the all-13 table is reported and the
// deal solved; a game without a complete deal is left out and reported;
// the tags written read back as the solved table (issue 13 item 8).
func TestSolveDistrustsTags(t *testing.T) {
	f, err := pbn.Parse([]byte(solve3))
	if err != nil {
		t.Fatal(err)
	}
	var warned []error
	boards, err := Solve(context.Background(), f.Games, Options{Workers: 1, UseTags: true,
		Warn: func(g *pbn.Game, err error) { warned = append(warned, err) }})
	if err != nil {
		t.Fatal(err)
	}
	if len(boards) != 1 || boards[0].FromTag || boards[0].Number != 13 || boards[0].Dealer != bridge.North || boards[0].Vul != bridge.AllVul {
		t.Fatalf("boards %+v", boards)
	}
	if len(warned) != 2 || !errors.Is(warned[0], ErrBadTag) || !errors.Is(warned[1], ErrNoDeal) {
		t.Fatalf("warnings %v", warned)
	}
	b := boards[0]
	if err := pbn.TrickTable(b.Table).CheckDeal(b.Deal); err != nil || b.Table[bridge.North][bridge.NoTrump] == 13 {
		t.Errorf("solved table %v: %v", b.Table, err)
	}
	b.SetTags(true)
	got, err := b.Game.DoubleDummyTricks()
	if err != nil || dd.Table(got) != b.Table {
		t.Errorf("DoubleDummyTricks reads back %v (%v), want %v", got, err, b.Table)
	}
	rt, err := b.Game.Table("OptimumResultTable")
	if err != nil || len(rt.Rows) != 20 || rt.Value(0, "Declarer") != "N" || rt.Value(0, "Denomination") != "S" || rt.Value(4, "Denomination") != "NT" {
		t.Errorf("OptimumResultTable %v %v", rt, err)
	}
	if b.Game.Tag("OptimumScore") != b.Par.ScoreString() || b.Game.Tag("ParContract") == "" {
		t.Errorf("par tags %q %q", b.Game.Tag("OptimumScore"), b.Game.Tag("ParContract"))
	}

	// A sound tag stands for the solve.
	g := f.Games[0]
	g.SetTag("DoubleDummyTricks", pbn.TrickTable(b.Table).String())
	again, err := Solve(context.Background(), f.Games[:1], Options{UseTags: true})
	if err != nil || !again[0].FromTag || again[0].Table != b.Table || again[0].Par.Score != b.Par.Score {
		t.Errorf("sound tag: %+v %v", again, err)
	}
	if !strings.Contains(warned[0].Error(), "cannot take 13 tricks") {
		t.Errorf("warning does not say why: %v", warned[0])
	}
}

// analyseGames: one game with a play record of two tricks, one passed out,
// one without a Play tag, one whose opening lead is not the leader's card.
const analyseGames = `[Board "11"]
[Dealer "S"]
[Vulnerable "None"]
[Deal "N:KT8.A96.A95.7542 Q5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3 7643.QT3.32.KJ96"]
[Declarer "S"]
[Contract "1NT"]
[Result "7"]
[Play "W"]
S7 ST SQ SA
D3 D9 DQ D6
*

[Board "11"]
[Deal "N:KT8.A96.A95.7542 Q5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3 7643.QT3.32.KJ96"]
[Declarer ""]
[Contract "Pass"]
[Play "W"]
*

[Board "12"]
[Deal "N:KT8.A96.A95.7542 Q5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3 7643.QT3.32.KJ96"]
[Declarer "S"]
[Contract "1NT"]

[Board "13"]
[Deal "N:KT8.A96.A95.7542 Q5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3 7643.QT3.32.KJ96"]
[Declarer "S"]
[Contract "1NT"]
[Play "W"]
SA - - -
*
`

// TestAnalyse: only the game with a sound play record is analysed (Law 41A:
// the opening lead is declarer's LHO's, from West's hand here); the one
// whose lead West does not hold is reported as ErrBadPlay; the passed-out
// game and the game with no Play tag are left out silently. The analysis
// starts from the table's figure and follows the record card by card.
func TestAnalyse(t *testing.T) {
	f, err := pbn.Parse([]byte(analyseGames))
	if err != nil {
		t.Fatal(err)
	}
	var warned []error
	o := Options{Workers: 1, Warn: func(g *pbn.Game, err error) { warned = append(warned, err) }}
	played, err := Analyse(context.Background(), f.Games, o)
	if err != nil {
		t.Fatal(err)
	}
	if len(played) != 1 || played[0].Number != 11 || played[0].Declarer != bridge.South {
		t.Fatalf("analysed %d games, want board 11 only: %+v", len(played), played)
	}
	if len(warned) != 1 || !errors.Is(warned[0], ErrBadPlay) {
		t.Fatalf("warnings %v, want one ErrBadPlay", warned)
	}
	p := played[0]
	tabs, err := dd.Tables(context.Background(), []bridge.Deal{p.Deal}, dd.BatchOptions{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	if p.Analysis.Start != tabs[0][bridge.South][bridge.NoTrump] {
		t.Errorf("start %d, table's S NT %d", p.Analysis.Start, tabs[0][bridge.South][bridge.NoTrump])
	}
	// in the order played: South won the first trick and leads to the second
	want := []string{"♠7", "♠T", "♠Q", "♠A", "♦6", "♦3", "♦9", "♦Q"}
	if len(p.Analysis.Cards) != len(want) {
		t.Fatalf("%d cards analysed, want %d", len(p.Analysis.Cards), len(want))
	}
	for i, c := range p.Analysis.Cards {
		if c.Card.String() != want[i] {
			t.Errorf("card %d: %v, want %s", i+1, c.Card, want[i])
		}
	}
}

// TestSolveLoneDeal: a file of one deal is solved on all cores
// (dd.ParallelTable) with the table a batch solve gives, and the progress
// callback still told of it.
func TestSolveLoneDeal(t *testing.T) {
	f, err := pbn.Parse([]byte(solve3))
	if err != nil {
		t.Fatal(err)
	}
	calls := 0
	one, err := Solve(context.Background(), f.Games[:1], Options{Workers: 2, Progress: func(done, total int) { calls++ }})
	if err != nil {
		t.Fatal(err)
	}
	all, err := Solve(context.Background(), f.Games, Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(one) != 1 || one[0].Table != all[0].Table || one[0].Par.Score != all[0].Par.Score {
		t.Errorf("lone deal %v, in a batch %v", one[0].Table, all[0].Table)
	}
	if calls != 1 {
		t.Errorf("progress called %d times, want 1", calls)
	}
}
