package event

import (
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/bridgetd/bridgetd/movement"
	"github.com/bridgetd/bridgetd/score"
)

// TestButlerMovementDatum: in a Butler pairs event on a Mitchell or a
// Howell a board travels from round to round, and every result of it
// belongs to one datum, whatever round it was played in: the datum
// convention of package score's Butler traveller (score.Butler: the board's
// North–South scores, Trim dropped from each end, then the mean), which is
// what `bridgetd score --method butler` applies to the same results. A
// pair sitting out a round (a half table) scores on each board it would
// have played the average its own direction scored on that board over the
// whole event (NSWBA 13.8). Each table's match is of the boards it played.
// The reference figures come from package score on the board's rows, not
// from the event's own datums.
func TestButlerMovementDatum(t *testing.T) {
	mitchell := func() (*movement.Movement, error) {
		return movement.NewMitchell(movement.MitchellOptions{Tables: 4, PerSet: 2, Pairs: 7})
	}
	arrow := func() (*movement.Movement, error) {
		return movement.NewMitchell(movement.MitchellOptions{Tables: 4, PerSet: 2, Pairs: 7, ArrowSwitch: []int{2, 3}})
	}
	howell := func() (*movement.Movement, error) {
		return movement.NewHowell(movement.HowellOptions{Tables: 3, PerSet: 2, Pairs: 5})
	}
	tests := []struct {
		name   string
		mv     func() (*movement.Movement, error)
		pairs  int
		trim   int
		median bool
	}{
		{"Butler datum of all the board's results: a Mitchell with a half table, mean of all", mitchell, 7, 0, false},
		{"Butler datum of all the board's results: a Mitchell with a half table, one score trimmed from each end", mitchell, 7, 1, false},
		{"Butler datum of all the board's results: a Mitchell with arrow switch, one trimmed from each end", arrow, 7, 1, false},
		{"Butler datum of all the board's results: a Howell with a sit-out, mean of all", howell, 5, 0, false},
		{"Butler datum of all the board's results: a Howell with a sit-out, one trimmed from each end", howell, 5, 1, false},
		{"Butler datum of all the board's results: a Mitchell, the median (NSWBA 13.8's median-scored event)", mitchell, 7, 0, true},
		{"Butler datum of all the board's results: a Howell, the median", howell, 5, 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			mv, err := tt.mv()
			if err != nil {
				t.Fatal(err)
			}
			ev := New("butler movement", MatchpointPairs, ButlerVP)
			ev.VPTotal, ev.DatumTrim, ev.DatumMedian = 20, tt.trim, tt.median
			for i := 1; i <= tt.pairs; i++ {
				ev.AddEntrant(Entrant{Name: fmt.Sprintf("pair %d", i)})
			}
			ev.AddSession(time.Date(2026, 6, 9, 19, 30, 0, 0, time.UTC), 0)
			if err := ev.AddMovement(1, mv, time.Time{}); err != nil {
				t.Fatal(err)
			}
			// Enter varied results: 4♠ by North, 8 to 12 tricks.
			byes := 0
			for _, rd := range ev.Rounds() {
				for _, m := range rd.Matches {
					if m.Bye() {
						byes++
						if len(m.Boards) == 0 {
							t.Errorf("round %d: pair %d sits out with no boards to be averaged", rd.Number, m.NS)
						}
						continue
					}
					var rs []Result
					for _, b := range m.Boards {
						r, err := ParseResult(fmt.Sprintf("%d 4S N %d", b, 8+(3*b+5*rd.Number+m.Table)%5))
						if err != nil {
							t.Fatal(err)
						}
						rs = append(rs, r)
					}
					if err := ev.EnterRoom(rd.Number, m.Table, false, rs); err != nil {
						t.Fatal(err)
					}
				}
			}
			if byes == 0 {
				t.Fatal("the movement has no sit-out: the test needs one")
			}
			sc, err := ev.NewScorer()
			if err != nil {
				t.Fatal(err)
			}
			if err := ev.Score(sc); err != nil {
				t.Fatal(err)
			}
			// The reference: each board's rows over the whole event,
			// scored by package score's Butler traveller.
			type at struct{ round, table int }
			rows := map[int][]score.Result{}
			where := map[int][]at{}
			for _, rd := range ev.Rounds() {
				for _, m := range rd.Matches {
					for _, r := range m.Results {
						ns, ew := m.NS, m.EW
						if m.Switch {
							ns, ew = ew, ns
						}
						rows[r.Board] = append(rows[r.Board], score.Table(ns, ew, r.Score))
						where[r.Board] = append(where[r.Board], at{rd.Number, m.Table})
					}
				}
			}
			want := map[at]float64{}
			several := false
			avg := map[int][2]float64{}
			for b, rs := range rows {
				several = several || len(rs) > 1
				var ns, ew float64
				o := score.ButlerOptions{Trim: tt.trim}
				if tt.median {
					o.Datum = score.Median
				}
				for k, x := range score.Butler(rs, o) {
					want[where[b][k]] += x.NS
					ns += x.NS
					ew += x.EW
				}
				avg[b] = [2]float64{ns / float64(len(rs)), ew / float64(len(rs))}
			}
			if !several {
				t.Fatal("no board is played more than once: the test shows nothing")
			}
			for _, rd := range ev.Rounds() {
				for _, m := range rd.Matches {
					if m.Bye() {
						// NSWBA 13.8: the average of the pair's own
						// direction on each board it would have played.
						side := NS
						if m.SitOutEW {
							side = EW
						}
						var w float64
						for _, b := range m.Boards {
							w += avg[b][side]
						}
						if m.IMPs == nil || math.Abs(*m.IMPs-w) > 0.006 {
							t.Errorf("NSWBA 13.8: round %d: pair %d sitting out scores %v IMPs, want %.2f (its direction's average over the event)", rd.Number, m.NS, deref(m.IMPs), w)
						}
						continue
					}
					w := want[at{rd.Number, m.Table}]
					if m.Switch {
						w = -w
					}
					if m.IMPs == nil || math.Abs(*m.IMPs-w) > 1e-9 {
						t.Errorf("round %d table %d: NS %v IMPs, want %g (datum of every result of the board)", rd.Number, m.Table, deref(m.IMPs), w)
						continue
					}
					// The match is of the table's boards.
					ns, ew := sc.VP(w, len(m.Boards))
					if m.VP == nil || m.VP[NS] != ns || m.VP[EW] != ew {
						t.Errorf("round %d table %d: VP %v, want %g–%g on the scale for %d boards", rd.Number, m.Table, m.VP, ns, ew, len(m.Boards))
					}
				}
			}
		})
	}
}
