package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestServeCommand checks the command's flags and its refusals; the server
// itself is tested in internal/server (TestRunDemo runs what --demo runs).
func TestServeCommand(t *testing.T) {
	for _, args := range [][]string{{"serve", "extra"}, {"serve", "--port", "80"}} {
		if code, _, _ := runCmd(t, "", args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
	if code, out, _ := runCmd(t, "", "serve", "-h"); code != 0 && !strings.Contains(out, "--demo") {
		t.Errorf("serve -h: exit %d %q", code, out)
	}
	// An address that cannot be listened on is an error, not a hang.
	db := filepath.Join(t.TempDir(), "x.db")
	if code, _, errs := runCmd(t, "", "serve", "--addr", "256.0.0.1:1", "--db", db); code != 1 || errs == "" {
		t.Errorf("serve on a bad address: exit %d %q, want 1 with a message", code, errs)
	}
}
