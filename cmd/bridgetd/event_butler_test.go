package main

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/event"
)

// TestEventButlerMitchellMatchesScore: a Butler pairs event on a Mitchell
// with a half table and arrow-switched rounds, set up and entered through
// `bridgetd event`, scores every board against one datum of all its
// results, whatever round each was played in: the same IMPs as
// `bridgetd score --method butler` gives the same results written as one
// PBN traveller per board (package score's Butler datum convention: the
// board's North–South scores, --trim dropped from each end, the mean
// rounded to 10). The pair sitting out a round scores its direction's
// average on the boards it would have played (NSWBA 13.8).
func TestEventButlerMitchellMatchesScore(t *testing.T) {
	for _, c := range []struct {
		trim   int
		median bool
	}{{0, false}, {1, false}, {0, true}} {
		trim := c.trim
		t.Run(fmt.Sprintf("trim %d median %v", trim, c.median), func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "butler.json")
			ev := newMitchellEvent(t, path, 7,
				[]string{"--scoring", "butler-vp", "--trim", strconv.Itoa(trim), "--median=" + strconv.FormatBool(c.median)},
				"--tables", "4", "--pairs", "7", "--arrow-switch", "3")
			// Varied results, 4♠ by North making 8 to 12 tricks, entered
			// table by table; the same rows written as PBN travellers.
			type rowAt struct{ round, table int }
			travellers := map[int][]string{}
			tableOf := map[int][]rowAt{}
			byes := 0
			for _, rd := range ev.Rounds() {
				for _, m := range rd.Matches {
					if m.Bye() {
						byes++
						continue
					}
					args := []string{"event", "results", path, "--round", strconv.Itoa(rd.Number), "--table", strconv.Itoa(m.Table)}
					for _, b := range m.Boards {
						tricks := 8 + (3*b+5*rd.Number+m.Table)%5
						args = append(args, fmt.Sprintf("%d 4S N %d", b, tricks))
						c, err := bridge.ParseContract("4S")
						if err != nil {
							t.Fatal(err)
						}
						s := bridge.Score(c, bridge.North, tricks, bridge.Board(b).Vulnerability())
						nsScore, ewScore := strconv.Itoa(s), "-"
						if s < 0 {
							nsScore, ewScore = "-", strconv.Itoa(-s)
						}
						ns, ew := m.NS, m.EW
						if m.Switch {
							ns, ew = ew, ns // the pair seated North–South held East–West's cards
						}
						travellers[b] = append(travellers[b], fmt.Sprintf("%d %d 4S N %d %s %s", ns, ew, tricks, nsScore, ewScore))
						tableOf[b] = append(tableOf[b], rowAt{rd.Number, m.Table})
					}
					if code, _, errs := runCmd(t, "", args...); code != 0 {
						t.Fatalf("%q: %s", args, errs)
					}
				}
			}
			if byes == 0 {
				t.Fatal("the movement has no sit-out: the test needs one")
			}
			var pbn strings.Builder
			for b := 1; b <= 8; b++ {
				fmt.Fprintf(&pbn, "[Event \"Butler Mitchell\"]\n[Board \"%d\"]\n[Dealer \"%s\"]\n[Vulnerable \"%s\"]\n[Scoring \"IMP;Butler\"]\n[ScoreTable \"PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW\"]\n%s\n\n",
					b, bridge.Board(b).Dealer(), bridge.Board(b).Vulnerability(), strings.Join(travellers[b], "\n"))
			}
			pbnPath := filepath.Join(dir, "travellers.pbn")
			if err := os.WriteFile(pbnPath, []byte(pbn.String()), 0o644); err != nil {
				t.Fatal(err)
			}
			datum := "mean"
			if c.median {
				datum = "median"
			}
			js, code, errs := scoreJSONRun(t, "--method", "butler", "--trim", strconv.Itoa(trim), "--datum", datum, pbnPath)
			if code != 0 {
				t.Fatalf("score --method butler: exit %d: %s", code, errs)
			}
			// Each table's IMPs for the pair holding the North–South cards,
			// and each board's average by direction (NSWBA 13.8).
			want := map[rowAt]float64{}
			avg := map[int][2]float64{}
			several := false
			for _, bs := range js.Boards {
				several = several || len(bs.Rows) > 1
				if len(bs.Rows) != len(tableOf[bs.Board]) {
					t.Fatalf("board %d: score read %d rows, %d written", bs.Board, len(bs.Rows), len(tableOf[bs.Board]))
				}
				var a [2]float64
				for k, r := range bs.Rows {
					if r.NSValue == nil || r.EWValue == nil {
						t.Fatalf("board %d row %d: no IMPs: %+v", bs.Board, k+1, r)
					}
					want[tableOf[bs.Board][k]] += *r.NSValue
					a[0] += *r.NSValue
					a[1] += *r.EWValue
				}
				n := float64(len(bs.Rows))
				avg[bs.Board] = [2]float64{a[0] / n, a[1] / n}
			}
			if !several {
				t.Fatal("no board played more than once: the test shows nothing")
			}
			ev, _ = rankedEvent(t, path)
			for _, rd := range ev.Rounds() {
				for _, m := range rd.Matches {
					if m.Bye() {
						side := 0
						if m.SitOutEW {
							side = 1
						}
						var w float64
						for _, b := range m.Boards {
							w += avg[b][side]
						}
						if m.IMPs == nil || math.Abs(*m.IMPs-w) > 0.006 {
							t.Errorf("NSWBA 13.8: round %d: pair %d sitting out scores %v IMPs, want %.2f", rd.Number, m.NS, deref(m.IMPs), w)
						}
						continue
					}
					w := want[rowAt{rd.Number, m.Table}]
					if m.Switch {
						w = -w
					}
					if m.IMPs == nil || math.Abs(*m.IMPs-w) > 1e-9 {
						t.Errorf("round %d table %d: the event gives NS %v IMPs, score --method butler %g", rd.Number, m.Table, deref(m.IMPs), w)
					}
				}
			}
		})
	}
}

// deref is the value of an optional IMP figure for a message ("none" when
// nil).
func deref(p *float64) string {
	if p == nil {
		return "none"
	}
	return strconv.FormatFloat(*p, 'f', -1, 64)
}

// TestEventResultsRecordAdjustedScores: every procedure issue 14 item 7
// lists is recorded through `bridgetd event results`, kept by the event
// file as entered, and scored by `rank`: an artificial adjusted score
// (Law 12C2), the Director's error (Law 82C), a mis-marked bidding pad
// (NSWBA 6.2.3), a seen traveller (NSWBA 13.11), a board unplayed through
// no fault (NSWBA 13.10), split and weighted scores (Law 12C1(b), (c)), a
// fouled form (Law 87, NSWBA 8.1) and a board turned through 90° (NSWBA
// 8.4). (Sit-outs, NSWBA 13.8, in TestEventButlerMitchellMatchesScore.)
func TestEventResultsRecordAdjustedScores(t *testing.T) {
	for _, scoring := range []string{"butler-vp", "matchpoints"} {
		t.Run(scoring, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "adjusted.json")
			ev := newMitchellEvent(t, path, 6, []string{"--scoring", scoring}, "--tables", "3")
			forms := []string{
				"A+/A-",              // Law 12C2
				"82C",                // Law 82C
				"pad NS",             // NSWBA 6.2.3
				"seen",               // NSWBA 13.11
				"unplayed",           // NSWBA 13.10
				"=140/-110",          // Law 12C1(b)
				"=140@0.6 =-110@0.4", // Law 12C1(c)
				"2S N 8 form=1",      // Law 87, NSWBA 8.1
				"4S N 10 turned",     // NSWBA 8.4
			}
			if scoring == "matchpoints" {
				// NSWBA 13.10 assigns IMPs: a matchpoint event refuses it.
				forms = slices.DeleteFunc(forms, func(f string) bool { return f == "unplayed" })
			}
			type at struct{ round, table, board int }
			entered := map[at]string{}
			next := 0
			for _, rd := range ev.Rounds() {
				for _, m := range rd.Matches {
					args := []string{"event", "results", path, "--round", strconv.Itoa(rd.Number), "--table", strconv.Itoa(m.Table)}
					for _, b := range m.Boards {
						line := fmt.Sprintf("%d 4S N %d", b, 9+(b+rd.Number)%3)
						if next < len(forms) && rd.Number > 1 {
							line = fmt.Sprintf("%d %s", b, forms[next])
							next++
						}
						entered[at{rd.Number, m.Table, b}] = line
						args = append(args, line)
					}
					if code, _, errs := runCmd(t, "", args...); code != 0 {
						t.Fatalf("%q: %s", args, errs)
					}
				}
			}
			if next < len(forms) {
				t.Fatalf("only %d of the %d forms entered", next, len(forms))
			}
			ev, sc := rankedEvent(t, path)
			for _, rd := range ev.Rounds() {
				for _, m := range rd.Matches {
					for _, r := range m.Results {
						line := entered[at{rd.Number, m.Table, r.Board}]
						want, err := event.ParseResult(line)
						if err != nil {
							t.Fatal(err)
						}
						if !reflect.DeepEqual(r, want) {
							t.Errorf("round %d table %d: %q kept as %+v, want %+v", rd.Number, m.Table, line, r, want)
						}
					}
				}
			}
			if len(ev.Standings(sc)) != 6 {
				t.Errorf("standings: %d pairs, want 6", len(ev.Standings(sc)))
			}
		})
	}
}

// newMitchellEvent creates, through `bridgetd event`, a pairs event at path
// (event new with newArgs, 2 boards a round), its pairs entered, and seats
// a Mitchell with mvArgs; it returns the event as the file holds it.
func newMitchellEvent(t *testing.T, path string, pairs int, newArgs []string, mvArgs ...string) *event.Event {
	t.Helper()
	setup := [][]string{append([]string{"event", "new", path, "--name", "Mitchell", "--kind", "mp-pairs", "--boards", "2"}, newArgs...)}
	for i := 1; i <= pairs; i++ {
		setup = append(setup, []string{"event", "add", path, "--name", fmt.Sprintf("pair %d", i)})
	}
	setup = append(setup,
		[]string{"event", "session", path, "--start", "2026-06-11 19:30"},
		append([]string{"event", "movement", path, "mitchell", "--per-round", "2", "--at", "2026-06-11 19:30"}, mvArgs...))
	for _, args := range setup {
		if code, _, errs := runCmd(t, "", args...); code != 0 {
			t.Fatalf("%q: %s", args, errs)
		}
	}
	ev, err := loadEvent(path)
	if err != nil {
		t.Fatal(err)
	}
	return ev
}

// rankedEvent runs `bridgetd rank` on the event file at path and returns
// the event it holds, scored.
func rankedEvent(t *testing.T, path string) (*event.Event, event.Scorer) {
	t.Helper()
	if code, out, errs := runCmd(t, "", "rank", path); code != 0 || out == "" {
		t.Fatalf("rank: exit %d: %s", code, errs)
	}
	ev, err := loadEvent(path)
	if err != nil {
		t.Fatal(err)
	}
	sc, err := ev.NewScorer()
	if err != nil {
		t.Fatal(err)
	}
	if err := ev.Score(sc); err != nil {
		t.Fatalf("scoring %s: %v", path, err)
	}
	return ev, sc
}
