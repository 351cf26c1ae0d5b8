package laws

import (
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// maxFuzzLog caps the part of a fuzz input that is used. Go's minimizer
// tries removing every substring of a new interesting input (about n²/2
// runs), and reports no execs meanwhile: with inputs of several kilobytes
// a run stalled at "0/sec" for up to a minute per input. Bytes past the cap
// change no coverage, so the minimizer cuts them first and the quadratic
// pass stays short. Long logs are covered by TestRandomTable and
// TestLongLogMemory.
const maxFuzzLog = 512

// FuzzParseLog feeds arbitrary text to the table-log parser and plays what
// parses: never a panic, and every error names a line.
func FuzzParseLog(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.log")
	for _, p := range files {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(stripComments(string(b)))
		}
	}
	f.Add("dealer N\nN 1NT\nE 1C\nS declines\nE 2C nat\n")
	f.Add("board 3\nW 8S\nN P\nattention\nTD both-at-fault\n")
	f.Add("N 1C\nE P\nN 1D change\nTD unintended\nE keeps\nS review\nW explain\n")
	f.Add("E 1D\nN 1C sim\nS 1H\nW P\nN 4H\nE P\nS P\nW P\nS prohibits S\nW leads HA\n")
	f.Add("N 1C\nE P\nW wrong-count seen\nS wrong-count unseen\nN wrong-count correctable\n") // Law 13 in the auction
	f.Add("N 1NT\nE 1C\nS declines\nS 2C\nTD forfeited\nE P\nN 1C\nN 1D\nTD intended\nE P\nTD not-intentional\n")
	f.Add("N 1C\nE P\nS 1H\nW P\nN P\nE P\nlead\nend-of-play\nW corrects\nW review for-partner\n")
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > maxFuzzLog {
			s = s[:maxFuzzLog]
		}
		lg, err := ParseLog(strings.NewReader(s))
		if err != nil {
			if !strings.HasPrefix(err.Error(), "line ") {
				t.Fatalf("error without a line: %v", err)
			}
			return
		}
		for _, ed := range []Edition{Edition1997, Edition2017} {
			tb, err := lg.Play(ed)
			if err != nil && !strings.HasPrefix(err.Error(), "line ") && !strings.Contains(err.Error(), "laws:") {
				t.Fatalf("play error: %v", err)
			}
			// The result is typed values: it always writes as JSON and
			// reads back (bridge's text methods).
			b, err := json.Marshal(tb.Result())
			if err != nil {
				t.Fatalf("%v: result does not marshal: %v", ed, err)
			}
			var back Result
			if err := json.Unmarshal(b, &back); err != nil {
				t.Fatalf("%v: result does not load back: %v\n%s", ed, err, b)
			}
		}
	})
}

// stripComments drops "#" comments and blank lines so that the seeds fit
// under maxFuzzLog.
func stripComments(s string) string {
	var b strings.Builder
	for _, l := range strings.Split(s, "\n") {
		if k := strings.IndexByte(l, '#'); k >= 0 {
			l = l[:k]
		}
		if l = strings.TrimSpace(l); l != "" {
			b.WriteString(l + "\n")
		}
	}
	return b.String()
}

// TestLongLogMemory plays a long log that used to make the table's
// snapshots (one per admitted call, each a full copy of the state) grow
// with the square of its length: 3000 exposed cards, then 3000 calls each
// cancelled as made with cards from a wrong board (2017 Law 15A1(b)).
func TestLongLogMemory(t *testing.T) {
	var b strings.Builder
	b.WriteString("dealer N\n")
	for k := 0; k < 3000; k++ {
		b.WriteString("N shows H2\n")
	}
	for k := 0; k < 3000; k++ {
		b.WriteString("N 1C\nN wrong-board\n")
	}
	lg, err := ParseLog(strings.NewReader(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	if _, err := lg.Play(Edition2017); err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	if got := after.TotalAlloc - before.TotalAlloc; got > 64<<20 {
		t.Errorf("playing a 9000-line log allocated %d MB: the snapshots grow with the square of the log", got>>20)
	}
}
