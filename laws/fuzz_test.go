package laws

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzParseLog feeds arbitrary text to the table-log parser and plays what
// parses: never a panic, and every error names a line.
func FuzzParseLog(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.log")
	for _, p := range files {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(string(b))
		}
	}
	f.Add("dealer N\nN 1NT\nE 1C\nS declines\nE 2C nat\n")
	f.Add("board 3\nW 8S\nN P\nattention\nTD both-at-fault\n")
	f.Fuzz(func(t *testing.T, s string) {
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
			_ = tb.Result()
		}
	})
}
