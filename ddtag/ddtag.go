// Package ddtag adds double-dummy analysis to the games of a PBN file: it
// solves each complete deal with package dd and writes the results as the
// tags hand-record programs read, DoubleDummyTricks and OptimumResultTable,
// and on request the par tags OptimumScore and ParContract.
//
// A game's own DoubleDummyTricks tag can stand for a solve (Options.UseTags),
// but only when it is well formed and the deal can give it
// (pbn.TrickTable.CheckDeal); otherwise the deal is solved again and the
// rejected tag reported, since a file's own numbers are not to be trusted.
//
// Analyse goes further for games with a play record: declarer's
// double-dummy tricks after every card played, each card that cost its
// side a trick marked (dd.AnalysePlays). Each board's par is kept both
// dealer-based (Board.Par) and with each side bidding first
// (Board.SidesPar); a lone deal is solved on all cores (dd.ParallelTable).
package ddtag

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/dd"
	"github.com/bridgetd/bridgetd/pbn"
)

// Board is a game with its deal, double-dummy table and par.
type Board struct {
	Game   *pbn.Game
	Number bridge.Board // 0 if the game has no Board tag
	Deal   bridge.Deal
	Dealer bridge.Seat // from the Dealer tag, else from the board number
	Vul    bridge.Vulnerability
	Table  dd.Table
	Par    dd.Par
	// SidesPar is the par with each side bidding first (dd.SidesPar),
	// indexed by bridge.NS and bridge.EW; it differs from Par only when
	// both sides' best contracts are at the same level.
	SidesPar [2]dd.Par
	// FromTag is true when Table was read from the game's
	// DoubleDummyTricks tag rather than solved.
	FromTag bool
}

// Options says how Solve works.
type Options struct {
	// Workers is the number of deals solved at once; 0 means one per CPU.
	Workers int
	// UseTags takes a game's table from its DoubleDummyTricks tag when the
	// tag is sound (see the package doc); other games are solved.
	UseTags bool
	// Progress, if set, is called after each deal solved.
	Progress func(done, total int)
	// Warn, if set, is told of each game left out (ErrNoDeal) and of each
	// DoubleDummyTricks tag not trusted (ErrBadTag); g.Line is its line.
	Warn func(g *pbn.Game, err error)
}

// Sentinel errors given to Options.Warn.
var (
	// ErrNoDeal: the game has no complete, valid deal; it is left out.
	ErrNoDeal = errors.New("skipped, no complete deal")
	// ErrBadTag: the game's DoubleDummyTricks tag is malformed or
	// impossible for its deal; the deal is solved instead.
	ErrBadTag = errors.New("DoubleDummyTricks not used, the deal solved instead")
)

// Solve returns a Board for every game that has a complete deal, in the
// order of games, each with its table and par.
func Solve(ctx context.Context, games []*pbn.Game, o Options) ([]*Board, error) {
	warn := func(g *pbn.Game, err error) {
		if o.Warn != nil {
			o.Warn(g, err)
		}
	}
	var boards, need []*Board
	var deals []bridge.Deal
	for _, g := range games {
		d, err := g.Deal()
		if err == nil {
			err = d.Validate()
		}
		if err != nil {
			warn(g, fmt.Errorf("%w: %w", ErrNoDeal, err))
			continue
		}
		b := &Board{Game: g, Deal: d}
		b.Number, _ = g.Board()
		var derr, verr error
		b.Dealer, derr = g.Dealer()
		b.Vul, verr = g.Vulnerability()
		if b.Number.Valid() {
			if derr != nil {
				b.Dealer = b.Number.Dealer()
			}
			if verr != nil {
				b.Vul = b.Number.Vulnerability()
			}
		}
		boards = append(boards, b)
		if o.UseTags && g.Find("DoubleDummyTricks") != nil {
			t, err := g.DoubleDummyTricks()
			if err == nil {
				err = t.CheckDeal(d)
			}
			if err == nil {
				b.Table, b.FromTag = dd.Table(t), true
				b.setPar()
				continue
			}
			warn(g, fmt.Errorf("%w: %w", ErrBadTag, err))
		}
		deals = append(deals, d)
		need = append(need, b)
	}
	tables, err := solveDeals(ctx, deals, o)
	if err != nil {
		return nil, err
	}
	for i, b := range need {
		b.Table = tables[i]
		b.setPar()
	}
	return boards, nil
}

// solveDeals returns the tables of the deals: a lone deal (someone waiting
// for one board) is spread over the cores (dd.ParallelTable), several are
// shared out one deal to a worker (dd.Tables).
func solveDeals(ctx context.Context, deals []bridge.Deal, o Options) ([]dd.Table, error) {
	bo := dd.BatchOptions{Workers: o.Workers}
	if len(deals) != 1 {
		bo.Progress = o.Progress
		return dd.Tables(ctx, deals, bo)
	}
	t, err := dd.ParallelTable(ctx, deals[0], bo)
	if err != nil {
		return nil, err
	}
	if o.Progress != nil {
		o.Progress(1, 1)
	}
	return []dd.Table{t}, nil
}

// setPar sets the board's par and each side's par from its table.
func (b *Board) setPar() {
	b.Par = dd.ParOf(b.Table, b.Dealer, b.Vul)
	b.SidesPar = dd.SidesPar(b.Table, b.Vul)
}

// SetTags writes the board's table into its game as DoubleDummyTricks and
// OptimumResultTable, and with par the OptimumScore and ParContract tags.
func (b *Board) SetTags(par bool) {
	b.Game.SetTag("DoubleDummyTricks", pbn.TrickTable(b.Table).String())
	b.Game.SetTable("OptimumResultTable", resultTable(b.Table))
	if par {
		b.Game.SetTag("OptimumScore", b.Par.ScoreString())
		b.Game.SetTag("ParContract", b.Par.ContractsString())
	}
}

// resultTable returns the table as an OptimumResultTable, in the row order
// hand-record programs use: declarers N, E, S, W; strains ♠ ♥ ♦ ♣ NT.
func resultTable(t dd.Table) *pbn.Table {
	cols, _ := pbn.ParseColumns(`Declarer;Denomination\2R;Result\2R`)
	tab := &pbn.Table{Columns: cols}
	for s := bridge.North; s <= bridge.West; s++ {
		for _, st := range [5]bridge.Strain{bridge.SpadesStrain, bridge.HeartsStrain, bridge.DiamondsStrain, bridge.ClubsStrain, bridge.NoTrump} {
			tab.Rows = append(tab.Rows, []string{s.String(), st.ASCII(), strconv.Itoa(t[s][st])})
		}
	}
	return tab
}
