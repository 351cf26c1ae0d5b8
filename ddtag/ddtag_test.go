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
