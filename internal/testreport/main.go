// Command testreport reads the JSON stream of `go test -json` on its
// standard input and prints what a person running the whole suite needs:
// the package lines of plain `go test` (ok, FAIL, no test files), the full
// output of every test that failed or every package that did not build,
// and at the end every skipped test with the reason it gave. Plain
// `go test ./...` hides the skip reasons of passing packages, so the tests
// that need a PostgreSQL server or a browser would pass silently without
// them; this says which ones did not run and why.
//
// It exits 1 when any test or package failed, when a package did not
// build, or when the stream is not the output of `go test -json`, so
//
//	go test -json ./... | go run ./internal/testreport
//
// fails exactly when `go test ./...` does.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
)

func main() {
	failed, err := report(os.Stdin, os.Stdout)
	if err != nil {
		fmt.Fprintln(os.Stderr, "testreport:", err)
		os.Exit(1)
	}
	if failed {
		os.Exit(1)
	}
}

// event is one line of `go test -json` (cmd/test2json).
type event struct {
	Action     string
	Package    string
	ImportPath string // build-output and build-fail lines
	Test       string
	Output     string
}

// skip is a test that was skipped, with the reason it printed.
type skip struct{ pkg, test, reason string }

// report copies the summary of the stream in to out and reports whether
// anything failed.
func report(in io.Reader, out io.Writer) (failed bool, err error) {
	var (
		// output holds each running test's (or package's) lines until
		// it ends: printed in full only if it failed.
		output = map[string][]string{}
		build  = map[string][]string{}
		skips  []skip
		events int
		ended  = map[string]bool{} // packages with a pass or fail line
		seen   = map[string]bool{} // packages that started
	)
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	line := 0
	for sc.Scan() {
		line++
		text := sc.Bytes()
		if len(strings.TrimSpace(string(text))) == 0 {
			continue
		}
		var e event
		if err := json.Unmarshal(text, &e); err != nil || e.Action == "" {
			// go test prints a few plain lines of its own (e.g. "go:
			// downloading …"); pass them on. A build failure of the
			// test command itself also lands here.
			fmt.Fprintln(out, string(text))
			continue
		}
		events++
		key := e.Package + "\x00" + e.Test
		switch e.Action {
		case "start":
			seen[e.Package] = true
		case "build-output":
			build[e.ImportPath] = append(build[e.ImportPath], e.Output)
		case "build-fail":
			failed = true
			fmt.Fprintf(out, "# %s (build failed)\n%s", e.ImportPath, strings.Join(build[e.ImportPath], ""))
		case "output":
			output[key] = append(output[key], e.Output)
			if e.Test == "" && isSummary(e.Output) {
				fmt.Fprint(out, e.Output)
			}
		case "skip":
			if e.Test != "" {
				skips = append(skips, skip{e.Package, e.Test, reason(output[key])})
			} else {
				ended[e.Package] = true // a package with no test files
			}
			delete(output, key)
		case "pass":
			if e.Test == "" {
				ended[e.Package] = true
			}
			delete(output, key)
		case "fail":
			failed = true
			if e.Test == "" {
				ended[e.Package] = true
			}
			if e.Test != "" {
				fmt.Fprintf(out, "--- FAIL %s %s\n%s", e.Package, e.Test, strings.Join(output[key], ""))
			} else if lines := packageOutput(output[key]); len(lines) > 0 {
				// Package-level output (a panic outside a test, TestMain).
				fmt.Fprintf(out, "--- FAIL %s\n%s", e.Package, strings.Join(lines, ""))
			}
			delete(output, key)
		}
	}
	if err := sc.Err(); err != nil {
		return true, fmt.Errorf("standard input, line %d: %w", line, err)
	}
	if events == 0 {
		return true, fmt.Errorf("standard input: no `go test -json` events (run: go test -json ./... | go run ./internal/testreport)")
	}
	var unfinished []string
	for p := range seen {
		if !ended[p] {
			unfinished = append(unfinished, p)
		}
	}
	sort.Strings(unfinished)
	for _, p := range unfinished {
		failed = true
		fmt.Fprintf(out, "FAIL\t%s: the test binary stopped without a result\n", p)
	}
	if len(skips) > 0 {
		printSkips(out, skips)
	}
	return failed, nil
}

// printSkips lists the skipped tests grouped by the reason they gave, so
// that forty tests skipped for one missing server read as one line of why
// and the tests' names under it.
func printSkips(out io.Writer, skips []skip) {
	byReason := map[string]map[string][]string{} // reason → package → tests
	var reasons []string
	for _, s := range skips {
		if byReason[s.reason] == nil {
			byReason[s.reason] = map[string][]string{}
			reasons = append(reasons, s.reason)
		}
		byReason[s.reason][s.pkg] = append(byReason[s.reason][s.pkg], s.test)
	}
	sort.Strings(reasons)
	fmt.Fprintf(out, "\n%d tests skipped:\n", len(skips))
	for _, r := range reasons {
		fmt.Fprintf(out, "- %s\n", r)
		var pkgs []string
		for p := range byReason[r] {
			pkgs = append(pkgs, p)
		}
		sort.Strings(pkgs)
		for _, p := range pkgs {
			tests := byReason[r][p]
			sort.Strings(tests)
			fmt.Fprintf(out, "    %s: %s\n", p, strings.Join(tests, ", "))
		}
	}
}

// packageOutput is a failed package's own output without the lines plain
// go test prints for every package (its result lines).
func packageOutput(lines []string) []string {
	var keep []string
	for _, l := range lines {
		if isSummary(l) || l == "PASS\n" || l == "FAIL\n" {
			continue
		}
		keep = append(keep, l)
	}
	return keep
}

// isSummary reports whether a package output line is one that plain
// `go test ./...` prints for the package.
func isSummary(s string) bool {
	for _, p := range []string{"ok  \t", "FAIL\t", "?   \t"} {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// reason is the text a skipped test gave: its last output line that is
// not the "--- SKIP" header, without the file:line prefix.
func reason(lines []string) string {
	for i := len(lines) - 1; i >= 0; i-- {
		l := strings.TrimSpace(lines[i])
		if l == "" || strings.HasPrefix(l, "--- SKIP") || strings.HasPrefix(l, "=== ") {
			continue
		}
		if _, rest, ok := strings.Cut(l, ": "); ok && strings.Contains(l[:len(l)-len(rest)], ".go:") {
			l = rest
		}
		return l
	}
	return "(no reason given)"
}
