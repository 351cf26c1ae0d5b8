package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// runBounded runs the command and fails the test if it takes more than a
// few seconds (a hang) or panics.
func runBounded(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	type result struct {
		code     int
		out, err string
		panic    any
	}
	done := make(chan result, 1)
	go func() {
		var r result
		defer func() {
			r.panic = recover()
			done <- r
		}()
		var out, errb bytes.Buffer
		r.code = run(&env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb}, args)
		r.out, r.err = out.String(), errb.String()
	}()
	select {
	case r := <-done:
		if r.panic != nil {
			t.Fatalf("%v: panic: %v", args, r.panic)
		}
		return r.code, r.out, r.err
	case <-time.After(20 * time.Second):
		t.Fatalf("%v: no answer in 20 s", args)
	}
	return 0, "", ""
}

// Issue 13: hostile input to the system card commands. Every bad file gets
// a non-zero exit and a message naming the file (and the line where there
// is one); a byte-order mark and CRLF line ends are accepted; the files are
// not changed.
func TestSystemHostileFiles(t *testing.T) {
	good, err := os.ReadFile(cards + "sayc.json")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	latin1 := bytes.Replace(good, []byte("Bob Ng"), []byte("Bob N\xe9"), 1)
	tests := []struct {
		name string
		data []byte // nil: do not create (a missing file); "dir": a directory
		ok   bool
		want string
	}{
		{"empty.json", []byte{}, false, "empty.json:1: the input is empty"},
		{"garbage.json", []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), false, "garbage.json"},
		{"truncated.json", good[:len(good)/2], false, "the file ends at line"},
		{"bom.json", append([]byte("\xef\xbb\xbf"), good...), true, "Green"},
		{"crlf.json", bytes.ReplaceAll(good, []byte("\n"), []byte("\r\n")), true, "Green"},
		{"utf16.json", utf16LE(good), false, "utf16.json:1: the file is UTF-16 text"},
		{"latin1.json", latin1, false, "latin1.json:5: byte 0xe9 is not UTF-8"},
		{"huge-number.json", bytes.Replace(good, []byte("[12, 21]"), []byte("[12, 99999999999999999999999]"), 1), false, "huge-number.json:10:"},
		{"dir.json", []byte("dir"), false, "dir.json"},
		{"missing.json", nil, false, "missing.json"},
	}
	for _, tc := range tests {
		path := filepath.Join(dir, tc.name)
		switch {
		case string(tc.data) == "dir":
			if err := os.Mkdir(path, 0o755); err != nil {
				t.Fatal(err)
			}
		case tc.data != nil:
			if err := os.WriteFile(path, tc.data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		for _, args := range [][]string{
			{"system", "classify", path},
			{"system", "check", "--event", "congress", "--date", "2026-11-09", path},
			{"system", "check", "--event", "congress", "--date", "2026-11-09", "--opponents", path, cards + "sayc.json"},
			{"system", "check", "--event", "congress", "--date", "2026-11-09", "--second", path, cards + "sayc.json"},
		} {
			code, out, errs := runBounded(t, args...)
			if tc.ok {
				if code != 0 && !strings.Contains(errs, "second card") {
					t.Errorf("%v: exit %d: %s", args, code, errs)
				}
				continue
			}
			if code == 0 || !strings.Contains(errs, tc.want) {
				t.Errorf("%v: exit %d, want non-zero with %q; stdout %q stderr %q", args, code, tc.want, out, errs)
			}
		}
		if tc.data != nil && string(tc.data) != "dir" {
			if after, err := os.ReadFile(path); err != nil || !bytes.Equal(after, tc.data) {
				t.Errorf("%s changed", tc.name)
			}
		}
	}
}

// Issue 13: hostile numbers to the movement command: absurd, negative and
// overflowing sizes are refused at once with the flag named.
func TestMovementHostileNumbers(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"mitchell", "--tables", "-1"}, "--tables -1:"},
		{[]string{"mitchell", "--tables", "9223372036854775807"}, "--tables 9223372036854775807:"},
		{[]string{"mitchell", "--tables", "99999999999999999999"}, "-tables"},
		{[]string{"howell", "--tables", "1000000"}, "--tables 1000000:"},
		{[]string{"individual", "--tables", "1000000"}, "--tables 1000000:"},
		{[]string{"roundrobin", "--teams", "9223372036854775807"}, "--teams 9223372036854775807:"},
		{[]string{"roundrobin", "--tables", "-4"}, "--tables -4:"},
		{[]string{"mitchell", "--tables", "5", "--per-round", "-1"}, "--per-round -1:"},
		{[]string{"mitchell", "--tables", "5", "--per-round", "9223372036854775807"}, "--per-round 9223372036854775807:"},
		{[]string{"mitchell", "--tables", "5", "--boards", "9223372036854775807"}, "--boards 9223372036854775807:"},
		{[]string{"mitchell", "--tables", "5", "--boards", "-9223372036854775808"}, "--boards -9223372036854775808:"},
		{[]string{"mitchell", "--tables", "5", "--rounds", "9223372036854775807"}, "--rounds 9223372036854775807:"},
		{[]string{"howell", "--tables", "5", "--rounds", "-3"}, "--rounds -3:"},
		{[]string{"mitchell", "--tables", "5", "--pairs", "9223372036854775807"}, "--pairs 9223372036854775807:"},
		{[]string{"mitchell", "--tables", "5", "--arrow-switch", "9223372036854775807"}, "--arrow-switch 9223372036854775807:"},
		{[]string{"mitchell", "--tables", "5", "--arrow-switch", "99999999999999999999"}, "--arrow-switch"},
	}
	for _, tc := range tests {
		args := append([]string{"movement"}, tc.args...)
		code, out, errs := runBounded(t, args...)
		if code == 0 || !strings.Contains(errs, tc.want) {
			t.Errorf("%v: exit %d, want non-zero with %q; stdout %.200q stderr %q", args, code, tc.want, out, errs)
		}
	}
}
