package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// runTo runs bridgetd with stdout going to w.
func runTo(t *testing.T, w interface{ Write([]byte) (int, error) }, stdin string, args ...string) (int, string) {
	t.Helper()
	var errb bytes.Buffer
	done := make(chan int, 1)
	go func() { done <- run(&env{stdin: strings.NewReader(stdin), stdout: w, stderr: &errb}, args) }()
	select {
	case code := <-done:
		return code, errb.String()
	case <-time.After(60 * time.Second):
		t.Fatalf("%v: still running after 60s", args)
	}
	return 0, ""
}

// Every command of this file that writes a result fails, with a message
// and a non-zero exit, when standard output cannot be written (issue 13
// item 4); on Linux the same through /dev/full as standard output.
func TestWriteErrorIsAnError(t *testing.T) {
	cmds := [][]string{
		{"pbn", "fmt", "testdata/solve3.pbn"},
		{"solve", "-j", "1", "testdata/solve3.pbn"},
		{"solve", "-j", "1", "--json", "testdata/solve3.pbn"},
		{"score", "testdata/score-small.pbn"},
		{"score", "--json", "testdata/score-small.pbn"},
		{"deal", "--boards", "1-4", "--seed", "1"},
		{"deal", "--boards", "1-4", "--seed", "1", "--text"},
		{"vp", "--boards", "8", "12"},
	}
	for _, args := range cmds {
		code, errOut := runTo(t, &failWriter{limit: 1}, "", args...)
		if code == 0 || !strings.Contains(errOut, "no space left on device") {
			t.Errorf("%v to a failing stdout: exit %d, %q", args, code, errOut)
		}
	}
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Logf("no /dev/full here (%v): only the failing writer was tried", err)
		return
	}
	defer full.Close()
	for _, args := range cmds {
		if code, errOut := runTo(t, full, "", args...); code == 0 || errOut == "" {
			t.Errorf("%v > /dev/full: exit %d, %q", args, code, errOut)
		}
	}
}

// An empty input, or one with no game, says so and exits 1 (issue 13
// item 4); a UTF-16 file is named as such, a byte-order mark and CRLF line
// ends are read (item 7).
func TestPBNInputs(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	empty := write("empty.pbn", "")
	blank := write("blank.pbn", "\n  \r\n")
	comments := write("comments.pbn", "% PBN 2.1\n; nothing else\n")
	utf16 := write("u16.pbn", "\xFF\xFE[\x00B\x00o\x00a\x00r\x00d\x00")
	for _, args := range [][]string{{"pbn", "check"}, {"pbn", "fmt"}, {"solve"}, {"score"}} {
		for _, c := range []struct{ file, want string }{
			{empty, "empty.pbn: the input is empty"},
			{blank, "blank.pbn: the input is empty"},
			{comments, "comments.pbn: no games in the input"},
			{utf16, "u16.pbn: the file is UTF-16"},
			{dir, "is a directory"},
			{filepath.Join(dir, "missing.pbn"), "missing.pbn"},
		} {
			code, _, errOut := runCmd(t, "", append(args, c.file)...)
			if code != 1 || !strings.Contains(errOut, c.want) {
				t.Errorf("%v %s: exit %d, %q; want 1 and %q", args, filepath.Base(c.file), code, errOut, c.want)
			}
		}
		if code, _, errOut := runCmd(t, "", append(args, "-")...); code != 1 || !strings.Contains(errOut, "the input is empty") {
			t.Errorf("%v on empty stdin: exit %d, %q", args, code, errOut)
		}
	}
	// A byte-order mark and CRLF: read, and written back as they were.
	src, err := os.ReadFile("testdata/score-small.pbn")
	if err != nil {
		t.Fatal(err)
	}
	bom := write("bom.pbn", "\uFEFF"+strings.ReplaceAll(string(src), "\n", "\r\n"))
	if code, _, errOut := runCmd(t, "", "pbn", "check", bom); code != 0 {
		t.Errorf("check BOM+CRLF: exit %d %s", code, errOut)
	}
	code, out, errOut := runCmd(t, "", "score", bom)
	if code != 0 || !strings.HasPrefix(out, "\uFEFF% Butler") || !strings.Contains(out, "[TotalScoreTable \"") || strings.Contains(strings.ReplaceAll(out, "\r\n", ""), "\n") {
		t.Errorf("score BOM+CRLF: exit %d %s\n%q", code, errOut, out)
	}
}

// An output file is written whole or not at all: an output that is also
// the input is refused, a failed run leaves the old file as it was, and
// no temporary file is left behind (issue 13 item 3).
func TestOutputFiles(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.pbn")
	data, err := os.ReadFile("testdata/solve3.pbn")
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(in, data, 0o644)
	for _, args := range [][]string{
		{"solve", in, "-o", in},
		{"score", in, "-o", filepath.Join(dir, ".", "in.pbn")},
	} {
		code, _, errOut := runCmd(t, "", args...)
		if code != 1 || !strings.Contains(errOut, "would overwrite an input") {
			t.Errorf("%v: exit %d, %q", args, code, errOut)
		}
	}
	if got, _ := os.ReadFile(in); !bytes.Equal(got, data) {
		t.Error("the input was changed")
	}
	// A failed solve (a syntax error) leaves an existing output alone.
	out := filepath.Join(dir, "out.pbn")
	os.WriteFile(out, []byte("keep me"), 0o644)
	bad := filepath.Join(dir, "bad.pbn")
	os.WriteFile(bad, []byte("[Board \"1\"]\n[Deal \"N:\n"), 0o644)
	for _, args := range [][]string{{"solve", bad, "-o", out}, {"score", bad, "-o", out}} {
		if code, _, errOut := runCmd(t, "", args...); code != 1 || !strings.Contains(errOut, "bad.pbn:2:") {
			t.Errorf("%v: exit %d, %q", args, code, errOut)
		}
		if got, _ := os.ReadFile(out); string(got) != "keep me" {
			t.Errorf("%v: the old output became %q", args, got)
		}
	}
	// -o into a directory or a missing folder fails.
	for _, o := range []string{dir, filepath.Join(dir, "no", "such", "x.pbn")} {
		if code, _, _ := runCmd(t, "", "deal", "--seed", "1", "-o", o); code != 1 {
			t.Errorf("deal -o %s: exit %d", o, code)
		}
	}
	// Success replaces the file in one piece.
	if code, _, errOut := runCmd(t, "", "deal", "--boards", "1-2", "--seed", "1", "-o", out); code != 0 {
		t.Fatalf("deal -o: %d %s", code, errOut)
	}
	if got, _ := os.ReadFile(out); !strings.Contains(string(got), "[Board \"2\"]") {
		t.Errorf("deal -o wrote %q", got)
	}
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if strings.Contains(e.Name(), ".tmp") {
			t.Errorf("temporary file left: %s", e.Name())
		}
	}
}
