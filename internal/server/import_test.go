package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/bridgetd/bridgetd/event"
	"github.com/bridgetd/bridgetd/internal/store/storetest"
)

// eventFiles holds event files run with the command line and what
// bridgetd rank --json printed for each: package event's generated v1
// files (see SOURCE.md there), read in place rather than copied.
var eventFiles = filepath.Join("..", "..", "event", "testdata", "v1")

// TestImportRealEventFiles: event files run with the command line are
// uploaded to the console and ranked there exactly as bridgetd rank --json
// ranked them: places, totals and the NSWBA 12 step that separated each
// entrant from the one above.
func TestImportRealEventFiles(t *testing.T) { storetest.Run(t, testImportRealEventFiles) }

func testImportRealEventFiles(t *testing.T, bk storetest.Backend) {
	cases := []struct{ name, why string }{
		{"mppairs", "NSWBA 12 matchpoint tie-breaks"},
		{"individual", "NSWBA 12 with both opponents of a board"},
		{"swisspairs", "Butler IMPs to VPs"},
		{"swissodd", "an odd Swiss field's bye"},
		{"teams", "both rooms of each match, IMPs to VPs"},
	}
	e := newEnv(t, bk)
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
			// Everything the file held comes back: the register's entries,
			// the corrections with who, when and why, the postings with
			// whom they showed as qualifying (NSWBA 7, 13).
			for _, part := range []struct {
				name       string
				orig, back any
			}{{"offences", orig.Offences, back.Offences}, {"corrections", orig.Corrections, back.Corrections}, {"postings", postingsUTC(orig.Postings), back.Postings}} {
				a, _ := json.Marshal(part.orig)
				b, _ := json.Marshal(part.back)
				if !bytes.Equal(a, b) {
					t.Errorf("%s exported again:\n%s\nwant\n%s", part.name, b, a)
				}
			}
			// The console lists the register's entries as the file has them.
			page := e.get(fmt.Sprintf("/console/%d", id))
			for _, o := range orig.Offences {
				if want := fmt.Sprintf("%g %s, %s", o.Fine, o.Unit, o.Kind); o.Fine > 0 && !strings.Contains(page, want) {
					t.Errorf("console does not list the offence %q", want)
				}
			}
			// Export, import, export: the same file.
			first := e.exportedText()
			code, loc = e.upload(map[string][]byte{"event": first})
			if code != http.StatusSeeOther {
				t.Fatalf("import of the export: %d %s", code, loc)
			}
			e.id, _ = strconv.ParseInt(strings.TrimPrefix(loc, "/console/"), 10, 64)
			if second := e.exportedText(); !bytes.Equal(first, second) {
				t.Errorf("export → import → export differs:\n%s\nwant\n%s", second, first)
			}
			// The server ranks as package event's Report ranks the file.
			rep, err := orig.Report()
			if err != nil {
				t.Fatal(err)
			}
			if len(rep.Standings) != len(got) {
				t.Fatalf("%d ranked, Report %d", len(got), len(rep.Standings))
			}
			for i, w := range rep.Standings {
				g := got[i]
				if g.Pair != w.Entrant || g.Rank != w.Place || math.Abs(g.MP-w.Total) > 1e-9 {
					t.Errorf("%s line %d: server %d place %d total %g; event.Report %+v", c.why, i+1, g.Pair, g.Rank, g.MP, w.Standing)
				}
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

// exportedText downloads the event file from the console as it is.
func (e *env) exportedText() []byte {
	e.t.Helper()
	r, err := e.dir.Get(fmt.Sprintf("%s/console/%d/export.json", e.ts.URL, e.id))
	if err != nil {
		e.t.Fatal(err)
	}
	defer r.Body.Close()
	b, err := io.ReadAll(r.Body)
	if err != nil || r.StatusCode != 200 {
		e.t.Fatalf("export: %d %v", r.StatusCode, err)
	}
	return b
}

// postingsUTC is the postings with their times in UTC, as the store keeps
// them (RFC 3339 in UTC).
func postingsUTC(ps []event.Posting) []event.Posting {
	out := slices.Clone(ps)
	for i := range out {
		out[i].At = out[i].At.UTC()
	}
	return out
}
