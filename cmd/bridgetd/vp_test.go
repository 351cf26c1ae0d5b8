package main

import (
	"os"
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
	for _, args := range [][]string{{"vp", "12"}, {"vp", "--boards", "8"}, {"vp", "--boards", "8", "x"}} {
		if code, _, _ := runCmd(t, "", args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
	if code, _, _ := runCmd(t, "", "vp", "--boards", "8", "--scale", "old25", "5"); code != 1 {
		t.Error("unknown scale accepted")
	}
}
