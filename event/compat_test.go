package event

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestV1FilesStillRead: event files written before results and forfeits
// were typed (testdata/v1, see SOURCE.md) still load, rank exactly as the
// old code ranked them, and survive a write and a read unchanged.
func TestV1FilesStillRead(t *testing.T) {
	files, _ := filepath.Glob("testdata/v1/*.rank.json")
	if len(files) < 5 {
		t.Fatalf("want the five v1 fixtures, found %v", files)
	}
	for _, rf := range files {
		name := strings.TrimSuffix(rf, ".rank.json")
		ev, _, err := NewFileStore(name + ".json").Load(context.Background())
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		rep, err := ev.Report()
		if err != nil {
			t.Fatal(err)
		}
		// The percentages of a matchpoint ranking came after v1: compare
		// the rest, and check them against the scores.
		for i := range rep.Standings {
			s := &rep.Standings[i]
			if (ev.Scoring == Matchpoints) != (s.Percent > 0) {
				t.Errorf("%s: entrant %d: percent %.2f in a %s event", name, s.Entrant, s.Percent, ev.Scoring)
			}
			s.Percent = 0
		}
		var got bytes.Buffer
		enc := json.NewEncoder(&got)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		enc.Encode(rep)
		want, _ := os.ReadFile(rf)
		if !bytes.Equal(got.Bytes(), want) {
			t.Errorf("%s: the ranking differs from the old code's:\n%s\nwant\n%s", name, got.String(), want)
		}
		// Written again and read back, the event is the same event.
		var a, b bytes.Buffer
		ev.Write(&a)
		back, err := Read(bytes.NewReader(a.Bytes()), "again")
		if err != nil {
			t.Fatalf("%s: written file does not read back: %v", name, err)
		}
		back.Write(&b)
		if !bytes.Equal(a.Bytes(), b.Bytes()) {
			t.Errorf("%s: a write and read changed the event", name)
		}
		// Every result and forfeit kept its meaning: the old file's fields
		// are the new file's, forfeit moved within its match.
		old, _ := os.ReadFile(name + ".json")
		for _, field := range []string{`"contract"`, `"declarer"`, `"forfeit": "ns"`, `"forfeit": "ew"`, `"tricks"`} {
			if bytes.Count(old, []byte(field)) != bytes.Count(a.Bytes(), []byte(field)) {
				t.Errorf("%s: %s appears %d times in the old file, %d in the new", name, field, bytes.Count(old, []byte(field)), bytes.Count(a.Bytes(), []byte(field)))
			}
		}
	}
}
