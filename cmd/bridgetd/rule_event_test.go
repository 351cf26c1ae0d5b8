package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRuleIntoEvent: "bridgetd rule --event" enters the board ruled from
// the table log in the event: the tricks scored (Law 79) and the Law 90
// procedural penalty as a fine (NSWBA 7); a ruling that calls for an
// adjusted score (2017 13B2) is refused and nothing is entered.
func TestRuleIntoEvent(t *testing.T) {
	dir := t.TempDir()
	ev := filepath.Join(dir, "e.json")
	// a Swiss pairs event of four named pairs (fines go to players, NSWBA 7.1)
	setup := [][]string{{"event", "new", ev, "--name", "E", "--boards", "2", "--vp-total", "20"}}
	for _, n := range []string{"A", "B", "C", "D"} {
		setup = append(setup, []string{"event", "add", ev, "--name", n, "--player", n + " One", "--player", n + " Two"})
	}
	setup = append(setup, []string{"event", "session", ev, "--start", "2026-05-02 10:00"}, []string{"swiss", "draw", ev, "--session", "1", "--at", "2026-05-02 10:00"})
	for _, args := range setup {
		if code, _, errs := runCmd(t, "", args...); code != 0 {
			t.Fatalf("%q: %s", args, errs)
		}
	}
	const log = "board 1\ndeal N:AKQ2.AKQ.AK2.432 JT9.JT9.JT9.JT98 876.876.876.AKQ7 543.5432.Q543.65\nN 1NT\nE P\nS P\nW P\n" +
		"E plays CJ\nS plays CA\nW plays C5\nN plays C2\n"
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	good := write("good.log", log+"N claims 12\nE agrees\nW agrees\nend-of-play\nN penalty touching 1VP\n")
	code, out, errOut := runCmd(t, "", "rule", "--event", ev, "--round", "1", "--table", "1", "--at", "2026-05-02 11:00", good)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	out = errOut
	if !strings.Contains(out, "board 1: 1NT N 13 +270") || !strings.Contains(out, "other") {
		t.Errorf("output %q: want the board entered, 1NT N 13 +270, and the fine", out)
	}
	bad := write("bad.log", log+"N wrong-count not-correctable\nend-of-play\n")
	code, _, errOut = runCmd(t, "", "rule", "--event", ev, "--round", "1", "--table", "2", bad)
	if code == 0 || !strings.Contains(errOut, "adjusted score") {
		t.Errorf("2017 13B2: exit %d %q: want a refusal naming the adjusted score", code, errOut)
	}
	if b, _ := os.ReadFile(ev); strings.Count(string(b), `"contract": "1NT"`) != 1 {
		t.Errorf("event file: want board 1 entered once, at table 1 only")
	}
}
