package event

import (
	"math"
	"testing"
	"time"
)

// TestReportRoundsPlayed checks the standings report against a round that
// is drawn but not played: it is not counted, its bye is not credited and,
// before any result, no place is given (let alone one decided by lot, which
// NSWBA 12 keeps for ties in results).
func TestReportRoundsPlayed(t *testing.T) {
	ev := New("odd field", SwissPairs, IMPVP)
	ev.VPTotal, ev.BoardsPerRound = 20, 2
	for range 3 {
		ev.AddEntrant(Entrant{Name: "p"})
	}
	ev.AddSession(time.Date(2026, 1, 1, 10, 0, 0, 0, time.UTC), 0)
	if _, err := ev.AddRound(1, []Pairing{{1, 2}, {3, 0}}, nil, time.Time{}); err != nil {
		t.Fatal(err)
	}
	rep, err := ev.Report()
	if err != nil {
		t.Fatal(err)
	}
	if rep.Rounds != 0 {
		t.Errorf("a drawn round with no result: standings after %d rounds, want 0", rep.Rounds)
	}
	for _, s := range rep.Standings {
		if s.Place != 0 || s.By != "" || s.Total != 0 {
			t.Errorf("before any result: %+v, want no place, no step, no score (NSWBA 12 ranks results)", s.Standing)
		}
	}
	if _, err := ev.Record(Entry{Round: 1, Table: 1, IMPs: ptr(4.0)}); err != nil {
		t.Fatal(err)
	}
	if rep, err = ev.Report(); err != nil {
		t.Fatal(err)
	}
	if rep.Rounds != 1 {
		t.Errorf("after round 1's result: standings after %d rounds, want 1", rep.Rounds)
	}
	for _, s := range rep.Standings {
		if s.Place == 0 {
			t.Errorf("entrant %d unplaced after a result", s.Entrant)
		}
		if s.Entrant == 3 && s.Total == 0 {
			t.Errorf("the bye of a played round is not credited (NSWBA 13.7)")
		}
	}
	// A second round drawn: still standings after 1 round, and its bye
	// (pair 1's) not yet credited.
	before := total(rep, 1)
	if _, err := ev.AddRound(1, []Pairing{{2, 3}, {1, 0}}, nil, time.Time{}); err != nil {
		t.Fatal(err)
	}
	if rep, err = ev.Report(); err != nil {
		t.Fatal(err)
	}
	if rep.Rounds != 1 || math.Abs(total(rep, 1)-before) > 1e-9 {
		t.Errorf("round 2 drawn, not played: %d rounds, pair 1 %.2f (was %.2f); want 1 round and no bye credit yet",
			rep.Rounds, total(rep, 1), before)
	}
}

func total(rep *Report, id int) float64 {
	for _, s := range rep.Standings {
		if s.Entrant == id {
			return s.Total
		}
	}
	return math.NaN()
}

func ptr[T any](v T) *T { return &v }

// TestCreateDefaultScoring: an event created without a scoring takes its
// kind's: matchpoints for a pairs movement (Law 78A) and an individual,
// Butler for Swiss pairs, IMPs to VPs for teams matches, IMPs alone for a
// knock-out (NSWBA 12, knock-out teams: decided on IMPs).
func TestCreateDefaultScoring(t *testing.T) {
	want := map[Kind]Scoring{SwissPairs: ButlerVP, SwissTeams: IMPVP, RoundRobin: IMPVP,
		MatchpointPairs: Matchpoints, Individual: Matchpoints, KnockoutTeams: IMPs}
	if len(want) != len(Kinds) {
		t.Fatalf("%d kinds listed, %d checked", len(Kinds), len(want))
	}
	for _, k := range Kinds {
		ev, err := Create(Settings{Name: "x", Kind: k, VPScale: "wbf2013", VPTotal: 20})
		if err != nil {
			t.Errorf("%s: %v", k, err)
			continue
		}
		if ev.Scoring != want[k] {
			t.Errorf("%s: scored by %s by default, want %s", k, ev.Scoring, want[k])
		}
		if k.Describe() == "" {
			t.Errorf("%s: no description for the help", k)
		}
	}
}
