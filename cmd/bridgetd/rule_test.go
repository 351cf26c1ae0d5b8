package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bridgetd/bridgetd/laws"
)

// TestRuleGolden runs "bridgetd rule" on every documented example log in
// laws/testdata and compares the JSON with the golden file beside it.
func TestRuleGolden(t *testing.T) {
	logs, err := filepath.Glob("../../laws/testdata/*.log")
	if err != nil || len(logs) == 0 {
		t.Fatalf("no example logs: %v", err)
	}
	for _, p := range logs {
		var out, errb bytes.Buffer
		code := run(&env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb}, []string{"rule", p})
		if code != 0 {
			t.Errorf("%s: exit %d: %s", p, code, errb.String())
			continue
		}
		var m map[string]any
		if err := json.Unmarshal(out.Bytes(), &m); err != nil {
			t.Fatalf("%s: bad JSON: %v", p, err)
		}
		for _, k := range []string{"edition", "rulings", "auction", "turn"} {
			if _, ok := m[k]; !ok {
				t.Errorf("%s: field %q missing", p, k)
			}
		}
		golden := strings.TrimSuffix(p, ".log") + ".json"
		if *update {
			if err := os.WriteFile(golden, out.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatalf("%s: %v (run go test -update)", golden, err)
		}
		if !bytes.Equal(out.Bytes(), want) {
			t.Errorf("%s: output differs from %s", p, golden)
		}
	}
}

// TestRuleGoldenLoads: every golden file reads back into laws.Result, the
// typed values (seats, sides, suits, cards, contracts) through their text
// forms, and writes out again byte for byte: the JSON is produced from the
// typed values and a program can read it as values.
func TestRuleGoldenLoads(t *testing.T) {
	goldens, err := filepath.Glob("../../laws/testdata/*.json")
	if err != nil || len(goldens) == 0 {
		t.Fatalf("no golden files: %v", err)
	}
	for _, p := range goldens {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		var res laws.Result
		if err := json.Unmarshal(data, &res); err != nil {
			t.Errorf("%s: does not load: %v", p, err)
			continue
		}
		var out bytes.Buffer
		enc := json.NewEncoder(&out)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		if err := enc.Encode(res); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		if !bytes.Equal(out.Bytes(), data) {
			t.Errorf("%s: loaded and written again, it differs", p)
		}
	}
}

func TestRuleErrors(t *testing.T) {
	for _, c := range []struct {
		name, in string
		args     []string
		code     int
		want     string
	}{
		{"bad line", "dealer N\nN 1NT\nN fish\n", []string{"rule", "-"}, 1, "line 3"},
		{"bad edition", "", []string{"rule", "--edition", "2007", "-"}, 2, "edition"},
		{"option by partner", "dealer N\nN 1NT\nE 1C\nN declines\n", []string{"rule"}, 1, "Law 10C2"},
		{"stdin", "dealer N\nN 1NT\n", []string{"rule", "--edition", "1997"}, 0, `"edition": 1997`},
		{"BOM", "\ufeffdealer E\nE 1NT\n", []string{"rule", "-"}, 0, `"dealer": "E"`},
		{"UTF-16", "\xff\xfed\x00e\x00", []string{"rule", "-"}, 1, "UTF-16"},
	} {
		var out, errb bytes.Buffer
		code := run(&env{stdin: strings.NewReader(c.in), stdout: &out, stderr: &errb}, c.args)
		if code != c.code {
			t.Errorf("%s: exit %d, want %d (%s)", c.name, code, c.code, errb.String())
		}
		if !strings.Contains(out.String()+errb.String(), c.want) {
			t.Errorf("%s: output lacks %q: %s%s", c.name, c.want, out.String(), errb.String())
		}
	}
}
