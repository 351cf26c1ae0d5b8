package main

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// The streams under testdata were written by `go test -json` on small
// throwaway packages: one whose test skips, one with a failing test, one
// that does not build.
func TestReport(t *testing.T) {
	for _, c := range []struct {
		file   string
		failed bool
		want   []string // lines the report must contain
	}{
		{"skip.json", false, []string{"ok  \tskipx", "1 tests skipped:", "- no pg", "    skipx: TestA"}},
		{"fail.json", true, []string{"--- FAIL skipx/b TestFails", "b_test.go:3: boom", "FAIL\tskipx/b"}},
		{"notests.json", false, []string{"?   \tskipx/d\t[no test files]"}},
		{"buildfail.json", true, []string{"(build failed)", "undefined: undefined", "FAIL\tskipx/c [build failed]"}},
	} {
		in, err := os.ReadFile("testdata/" + c.file)
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		failed, err := report(bytes.NewReader(in), &out)
		if err != nil {
			t.Fatalf("%s: %v", c.file, err)
		}
		if failed != c.failed {
			t.Errorf("%s: failed = %v, want %v\n%s", c.file, failed, c.failed, out.String())
		}
		for _, w := range c.want {
			if !strings.Contains(out.String(), w) {
				t.Errorf("%s: report lacks %q:\n%s", c.file, w, out.String())
			}
		}
	}
}

// A stream that is not go test's, or one cut off before a package ended,
// is a failure: the command must never pass on what it could not read.
func TestReportRefusesBadStreams(t *testing.T) {
	in, err := os.ReadFile("testdata/skip.json")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(in), "\n")
	cut := strings.Join(lines[:2], "") // start and a run line, no result
	for name, stream := range map[string]string{
		"empty":    "",
		"not json": "hello\nworld\n",
		"cut off":  cut,
	} {
		var out bytes.Buffer
		failed, err := report(strings.NewReader(stream), &out)
		if !failed && err == nil {
			t.Errorf("%s: passed:\n%s", name, out.String())
		}
	}
}
