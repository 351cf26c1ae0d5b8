package main

import (
	"os"
	"strings"
	"testing"
)

// TestVPCommand: bridgetd vp prints the split (reference/scoring.md §2.2,
// §2.3; WBF discrete 8 boards 10-12 IMPs = 14-6).
func TestVPCommand(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"vp", "--boards", "8", "12"}, "14.39-5.61\n"},
		{[]string{"vp", "--boards", "8", "-12"}, "5.61-14.39\n"},
		{[]string{"vp", "-12", "--boards", "8"}, "5.61-14.39\n"},
		{[]string{"vp", "--boards", "10", "47"}, "19.96-0.04\n"},
		{[]string{"vp", "--boards", "8", "60"}, "20-0\n"},
		{[]string{"vp", "--boards", "8", "--scale", "wbf-discrete", "12"}, "14-6\n"},
		{[]string{"vp", "--boards", "8", "--scale", "acbl30", "5"}, "22-8\n"},
	}
	for _, c := range cases {
		code, out, errs := runCmd(t, "", c.args...)
		if code != 0 || out != c.want {
			t.Errorf("%v: exit %d %q %s, want %q", c.args, code, out, errs, c.want)
		}
	}
	// A table from a file.
	dir := t.TempDir()
	path := dir + "/old.txt"
	if err := os.WriteFile(path, []byte("boards 8\n0 15-15\n3 16-14\n7 17-13\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, _ := runCmd(t, "", "vp", "--boards", "8", "--scale", path, "5"); code != 0 || out != "16-14\n" {
		t.Errorf("table file: %d %q", code, out)
	}
	// The same table saved with a byte-order mark; a UTF-16 one is named.
	os.WriteFile(path, []byte("\uFEFFboards 8\r\n0 15-15\r\n3 16-14\r\n7 17-13\r\n"), 0o644)
	if code, out, errs := runCmd(t, "", "vp", "--boards", "8", "--scale", path, "5"); code != 0 || out != "16-14\n" {
		t.Errorf("table file with BOM and CRLF: %d %q %s", code, out, errs)
	}
	os.WriteFile(path, []byte("\xFF\xFEb\x00o\x00"), 0o644)
	if code, _, errs := runCmd(t, "", "vp", "--boards", "8", "--scale", path, "5"); code != 1 || !strings.Contains(errs, "UTF-16") {
		t.Errorf("UTF-16 table file: %d %s", code, errs)
	}
	// Sizes outside their documented range are refused before any work.
	for _, args := range [][]string{{"vp", "--boards", "1001", "5"}, {"vp", "--boards", "100000000000", "5"}, {"vp", "--boards", "0", "5"}} {
		if code, _, errs := runCmd(t, "", args...); code != 2 || !strings.Contains(errs, "1-1000") {
			t.Errorf("%v: exit %d %s", args, code, errs)
		}
	}
	for _, args := range [][]string{{"vp", "12"}, {"vp", "--boards", "8"}, {"vp", "--boards", "8", "x"}} {
		if code, _, _ := runCmd(t, "", args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
	if code, _, _ := runCmd(t, "", "vp", "--boards", "8", "--scale", "old25", "5"); code != 1 {
		t.Error("unknown scale accepted")
	}
}
