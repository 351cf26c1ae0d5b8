package ddtag

import (
	"context"
	"errors"
	"fmt"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/dd"
	"github.com/bridgetd/bridgetd/pbn"
)

// ErrBadPlay: the game's contract or play record cannot be read or
// replayed on its deal; its play is not analysed (given to Options.Warn).
var ErrBadPlay = errors.New("play not analysed")

// Played is a game whose play record has been analysed double dummy.
type Played struct {
	Game     *pbn.Game
	Number   bridge.Board // 0 if the game has no Board tag
	Deal     bridge.Deal
	Contract bridge.Contract
	Declarer bridge.Seat
	// Analysis holds declarer's double-dummy tricks before the opening
	// lead and after every card recorded, each card's cost marked.
	Analysis dd.PlayAnalysis
}

// Analyse returns the double-dummy analysis of the play (dd.AnalysePlays)
// of every game that has a complete deal, a contract that was played and
// a Play record, in the order of games. Games with no Play tag, or passed
// out, are left out silently; a game whose deal, contract or play cannot
// be read or replayed by the laws of play is left out and reported
// through o.Warn (ErrNoDeal or ErrBadPlay). o.UseTags has no effect.
func Analyse(ctx context.Context, games []*pbn.Game, o Options) ([]*Played, error) {
	var out []*Played
	var recs []dd.PlayRecord
	for _, g := range games {
		if g.Find("Play") == nil {
			continue
		}
		p, rec, err := playRecord(g)
		if err != nil {
			if o.Warn != nil {
				o.Warn(g, err)
			}
			continue
		}
		if p == nil {
			continue // passed out
		}
		out = append(out, p)
		recs = append(recs, rec)
	}
	if len(recs) == 0 {
		return out, nil
	}
	as, err := dd.AnalysePlays(ctx, recs, dd.BatchOptions{Workers: o.Workers, Progress: o.Progress})
	if err != nil {
		return nil, err
	}
	for i, p := range out {
		p.Analysis = as[i]
	}
	return out, nil
}

// playRecord reads a game's deal, contract and play as a dd.PlayRecord;
// a passed-out game gives a nil Played and no error.
func playRecord(g *pbn.Game) (*Played, dd.PlayRecord, error) {
	d, err := g.Deal()
	if err == nil {
		err = d.Validate()
	}
	if err != nil {
		return nil, dd.PlayRecord{}, fmt.Errorf("%w: %w", ErrNoDeal, err)
	}
	con, decl, err := g.Contract()
	if err != nil {
		return nil, dd.PlayRecord{}, fmt.Errorf("%w: %w", ErrBadPlay, err)
	}
	if con.IsPassedOut() {
		return nil, dd.PlayRecord{}, nil
	}
	play, err := g.Play()
	var bp *bridge.Play
	if err == nil {
		bp, err = play.Replay(d, con, decl)
	}
	if err != nil {
		return nil, dd.PlayRecord{}, fmt.Errorf("%w: %w", ErrBadPlay, err)
	}
	var cards []bridge.Card
	for _, tr := range bp.Tricks() {
		cards = append(cards, tr.Cards[:tr.N]...)
	}
	p := &Played{Game: g, Deal: d, Contract: con, Declarer: decl}
	p.Number, _ = g.Board()
	return p, dd.PlayRecord{Deal: d, Strain: con.Strain, Declarer: decl, Cards: cards}, nil
}
