package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/bridgetd/bridgetd/event"
)

// eventFiles holds event files run with the command line and what
// bridgetd rank --json printed for each: package event's generated v1
// files (see SOURCE.md there), read in place rather than copied.
var eventFiles = filepath.Join("..", "..", "event", "testdata", "v1")

// TestImportRealEventFiles: event files run with the command line are
// uploaded to the console and ranked there exactly as bridgetd rank --json
// ranked them: places, totals and the NSWBA 12 step that separated each
// entrant from the one above.
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
			file, err := os.ReadFile(filepath.Join(eventFiles, c.name+".json"))
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
			rank, err := os.ReadFile(filepath.Join(eventFiles, c.name+".rank.json"))
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
			// The file exported again holds the same matches and results.
			orig, err := event.Read(bytes.NewReader(file), c.name)
			if err != nil {
				t.Fatal(err)
			}
			e.id = id
			back := e.exported()
			if a, b := matchResults(orig), matchResults(back); !reflect.DeepEqual(a, b) {
				t.Errorf("exported again:\n%v\nwant\n%v", b, a)
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

// matchResults lists an event's matches with their entrants, forfeit and
// board results (board, score, adjustment), for comparing two files.
func matchResults(ev *event.Event) []string {
	var out []string
	for _, rd := range ev.Rounds() {
		for _, m := range rd.Matches {
			line := fmt.Sprintf("r%d t%d %v forfeit=%v:", rd.Number, m.Table, m.Entrants(), m.Forfeit != nil)
			for _, room := range [][]event.Result{m.Results, m.Closed} {
				for _, r := range room {
					line += fmt.Sprintf(" %d:%d", r.Board, r.Score)
					if r.EWScore != nil {
						line += fmt.Sprintf("/%d", *r.EWScore)
					}
					if r.Adjusted() {
						line += fmt.Sprintf("(%v %s)", r.Weighted, r.Award)
					}
				}
				line += " |"
			}
			out = append(out, line)
		}
	}
	return out
}
