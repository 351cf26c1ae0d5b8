package server

import (
	"encoding/json"
	"math"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestImportRealEventFiles: event files run with the command line
// (testdata/events, see SOURCE.md) are uploaded to the console and ranked
// there exactly as bridgetd rank --json ranked them: places, totals and
// the NSWBA 12 step that separated each entrant from the one above.
func TestImportRealEventFiles(t *testing.T) {
	cases := []struct{ name, why string }{
		{"mppairs", "NSWBA 12 matchpoint tie-breaks"},
		{"individual", "NSWBA 12 with both opponents of a board"},
		{"swisspairs", "Butler IMPs to VPs"},
		{"swissodd", "an odd Swiss field's bye"},
		{"teams", "both rooms of each match, IMPs to VPs"},
	}
	e := newEnv(t)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			file, err := os.ReadFile(filepath.Join("testdata", "events", c.name+".json"))
			if err != nil {
				t.Fatal(err)
			}
			var want struct {
				Standings []struct {
					Place, Entrant int
					Total          float64
					By, Field      string
				}
			}
			rank, err := os.ReadFile(filepath.Join("testdata", "events", c.name+".rank.json"))
			if err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(rank, &want); err != nil {
				t.Fatal(err)
			}
			code, loc := e.upload(map[string][]byte{"event": file})
			if code != http.StatusSeeOther {
				t.Fatalf("import (%s): %d %s", c.why, code, loc)
			}
			id, _ := strconv.ParseInt(strings.TrimPrefix(loc, "/console/"), 10, 64)
			got, err := e.srv.Ranking(t.Context(), id)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(want.Standings) {
				t.Fatalf("%d ranked, bridgetd rank %d", len(got), len(want.Standings))
			}
			for i, w := range want.Standings {
				g := got[i]
				by := w.By
				if by == "score" {
					by = ""
				}
				if g.Pair != w.Entrant || g.Rank != w.Place || math.Abs(g.MP-w.Total) > 1e-9 || g.By != by {
					t.Errorf("%s line %d: server %d place %d total %g by %q; bridgetd rank %+v", c.why, i+1, g.Pair, g.Rank, g.MP, g.By, w)
				}
			}
		})
	}
}
