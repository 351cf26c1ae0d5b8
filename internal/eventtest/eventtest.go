// Package eventtest builds scored events (package event) for the tests of
// the packages that lay events out: publish, usebio.
package eventtest

import (
	"testing"
	"time"

	"github.com/bridgetd/bridgetd/event"
)

// SplitScore is a Swiss teams round of two 2-board matches (WBF 2013 VPs
// out of 20) in which team a v team b has a Law 12C1(b) split score on
// board 1: the open room's North–South (a) are assigned +420 and its
// East–West (b) −50 (from North–South's side), against 4♠ by East making
// in the closed room (−420). Team a's own IMPs are 840 → +13, team b's
// 370 → −9 (the Law 78B scale); board 2 is a push, and c v d is an
// ordinary 13–0. It returns the event, scored, and its scorer.
func SplitScore(t testing.TB) (*event.Event, event.Scorer) {
	t.Helper()
	ev, err := event.Create(event.Settings{Name: "Split Swiss", Kind: event.SwissTeams, VPScale: "wbf2013", VPTotal: 20, BoardsPerRound: 2, PlannedRounds: 3, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"a", "b", "c", "d"} {
		if _, err := ev.AddEntrant(event.Entrant{Name: n}); err != nil {
			t.Fatal(err)
		}
	}
	ev.AddSession(time.Date(2026, 1, 1, 10, 0, 0, 0, time.UTC), 0)
	if _, err := ev.AddRound(1, []event.Pairing{{NS: 1, EW: 2}, {NS: 3, EW: 4}}, []int{1, 2}, time.Time{}); err != nil {
		t.Fatal(err)
	}
	for _, room := range []struct {
		table  int
		closed bool
		rows   []string
	}{
		{1, false, []string{"1 =420/-50", "2 3NT E 9"}}, // Law 12C1(b)
		{1, true, []string{"1 4S E 10", "2 3NT E 9"}},
		{2, false, []string{"1 4S N 10", "2 3NT E 9"}},
		{2, true, []string{"1 4S E 10", "2 3NT E 9"}},
	} {
		var rs []event.Result
		for _, s := range room.rows {
			r, err := event.ParseResult(s)
			if err != nil {
				t.Fatal(err)
			}
			rs = append(rs, r)
		}
		if err := ev.EnterRoom(1, room.table, room.closed, rs); err != nil {
			t.Fatal(err)
		}
	}
	sc, err := ev.NewScorer()
	if err != nil {
		t.Fatal(err)
	}
	if err := ev.Score(sc); err != nil {
		t.Fatal(err)
	}
	return ev, sc
}
