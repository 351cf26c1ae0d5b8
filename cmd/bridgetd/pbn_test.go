package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// bridgetd pbn check exits 0 on a valid file, and 1 with FILE:LINE:
// message on standard error for each problem.
func TestPBNCheck(t *testing.T) {
	for _, name := range []string{"Schiphol.pbn", "realbridge-teams-2021.pbn", "Hazlemere_Trophy.pbn"} {
		path := filepath.Join("..", "..", "pbn", "testdata", name)
		if code, _, errOut := runCmd(t, "", "pbn", "check", path); code != 0 {
			t.Errorf("check %s: exit %d\n%s", name, code, errOut)
		}
	}
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.pbn")
	text := `[Board "1"]
[Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"]
[Declarer "N"]
[Contract "1NT"]
[Auction "N"]
1NT Pass 1S
[Play "E"]
ST H6 S2 SA
`
	if err := os.WriteFile(bad, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut := runCmd(t, "", "pbn", "check", bad)
	lines := strings.Split(strings.TrimSpace(errOut), "\n")
	if code != 1 || len(lines) != 2 ||
		!strings.HasPrefix(lines[0], bad+":6: ") || !strings.Contains(lines[0], "insufficient bid (Law 18D)") ||
		!strings.HasPrefix(lines[1], bad+":8: ") || !strings.Contains(lines[1], "must follow suit (Law 44C)") {
		t.Errorf("exit %d, stderr:\n%s", code, errOut)
	}
	// A syntax error stops the file with its line; standard input is "-".
	code, _, errOut = runCmd(t, "[Board \"1\"]\n[Deal N:]\n", "pbn", "check", "-")
	if code != 1 || !strings.HasPrefix(errOut, "-:2: ") {
		t.Errorf("syntax error: exit %d %q", code, errOut)
	}
	if code, _, _ := runCmd(t, "", "pbn", "check", filepath.Join(dir, "missing.pbn")); code != 1 {
		t.Errorf("missing file: exit %d", code)
	}
	if code, _, _ := runCmd(t, "", "pbn", "lint", bad); code != 2 {
		t.Errorf("unknown subcommand: exit %d", code)
	}
}

// bridgetd pbn fmt prints the canonical form: normalised values, inherited
// tags written out.
func TestPBNFmt(t *testing.T) {
	in := "[Board \"1\"]\r\n[Dealer \"s\"]\r\n[Vulnerable \"N-S \"]\r\n[Contract \"3n\"]\r\n[Declarer \"e\"]\r\n\r\n[Board \"##\"]\r\n"
	code, out, errOut := runCmd(t, in, "pbn", "fmt", "-")
	want := "% PBN 2.1\n% EXPORT\n[Board \"1\"]\n[Dealer \"S\"]\n[Vulnerable \"NS\"]\n[Declarer \"E\"]\n[Contract \"3NT\"]\n\n[Board \"2\"]\n[Dealer \"S\"]\n[Vulnerable \"NS\"]\n"
	if code != 0 || out != want {
		t.Errorf("exit %d %s\n got %q\nwant %q", code, errOut, out, want)
	}
}
