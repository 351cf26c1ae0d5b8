package server

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/event"
	"github.com/bridgetd/bridgetd/internal/store"
	"github.com/bridgetd/bridgetd/internal/store/storetest"
)

// playAll plays every round of the event through the store, each board
// 3NT by North making nine tricks at every table, so every pair of a
// field has the same matchpoints.
func playAll(t *testing.T, st *store.Store, id int64) {
	t.Helper()
	ctx := t.Context()
	codes, err := st.Codes(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	as, err := st.Assignments(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	rounds := 0
	for _, a := range as {
		rounds = max(rounds, a.Round)
	}
	nt, err := bridge.ParseContract("3NT")
	if err != nil {
		t.Fatal(err)
	}
	for r := 1; r <= rounds; r++ {
		if r > 1 {
			if err := st.StartRound(ctx, id, r); err != nil {
				t.Fatal(err)
			}
		}
		for _, c := range codes {
			tc, err := st.TableByCode(ctx, c.Code)
			if err != nil {
				t.Fatal(err)
			}
			ts, err := st.Table(ctx, tc)
			if err != nil {
				t.Fatal(err)
			}
			for _, b := range ts.Assignment.Boards {
				key := fmt.Sprintf("r%dt%db%d", r, c.Table, b)
				if _, err := st.Enter(ctx, key+"e", tc, store.Entry{Board: b, Contract: nt, Declarer: bridge.North, Tricks: 9}); err != nil {
					t.Fatal(err)
				}
				if _, err := st.Confirm(ctx, key+"c", tc, b, true); err != nil {
					t.Fatal(err)
				}
			}
		}
		if err := st.CloseRound(ctx, id, r); err != nil {
			t.Fatal(err)
		}
	}
}

// TestRankingIsEventReport: the server's ranking is bridgetd rank's on the
// same event: a field level on matchpoints is separated by the NSWBA 12
// steps in the same order, and a fine (NSWBA 7) is deducted alike.
func TestRankingIsEventReport(t *testing.T) { storetest.Run(t, testRankingIsEventReport) }

func testRankingIsEventReport(t *testing.T, bk storetest.Backend) {
	e := newEnv(t, bk)
	ctx := t.Context()
	playAll(t, e.st, e.id)
	if _, err := e.st.AddFine(ctx, e.id, store.Fine{Entrant: 1, Amount: 25, Kind: string(event.SlowPlay), Director: "TD"}); err != nil {
		t.Fatal(err)
	}
	got, err := e.srv.Ranking(ctx, e.id)
	if err != nil {
		t.Fatal(err)
	}
	// What bridgetd rank does with the exported event file.
	path := filepath.Join(t.TempDir(), "event.json")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := e.st.WriteEventFile(ctx, e.id, f); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	_, rep, err := event.Desk{Events: event.NewFileStore(path)}.Report(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(rep.Standings) || len(got) != 6 {
		t.Fatalf("server ranks %d pairs, bridgetd rank %d, want 6 each", len(got), len(rep.Standings))
	}
	field := map[string]string{event.FieldNS: "NS", event.FieldEW: "EW"}
	tieBroken := 0
	for i, w := range rep.Standings {
		g := got[i]
		by := string(w.By)
		if w.By == event.ByScore {
			by = ""
		}
		if g.Pair != w.Entrant || g.Rank != w.Place || g.Field != field[w.Field] || by != g.By ||
			math.Abs(g.MP-w.Total) > 1e-9 || math.Abs(g.Percent-w.Percent) > 1e-9 || math.Abs(g.Fines-w.Fines) > 1e-9 {
			t.Errorf("line %d: server %+v, bridgetd rank %+v", i+1, g, w)
		}
		if g.By != "" {
			tieBroken++
		}
	}
	// Every pair scored the same: in each field of three, the pairs
	// without a fine are level on matchpoints and an NSWBA 12 step, not
	// the score, separates them; no place is shared.
	if tieBroken < 1 {
		t.Errorf("no standing separated by an NSWBA 12 step: %+v", got)
	}
	for i, g := range got {
		if g.Tied {
			t.Errorf("line %d shown tied (=) after the NSWBA 12 steps: %+v", i+1, g)
		}
		// NSWBA 7: the fined pair drops below the two it was level with.
		if g.Pair == 1 && (g.Fines <= 0 || g.Rank != 3) {
			t.Errorf("pair 1's fine not deducted (want place 3 of its field): %+v", g)
		}
	}
}
