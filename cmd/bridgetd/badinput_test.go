package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestEventBadInput: issue 13 items 1, 2 and 6 through the commands: each
// bad value is refused with a non-zero exit and a message naming the field,
// and the event file is left as it was.
func TestEventBadInput(t *testing.T) {
	loc := time.Local
	time.Local = time.FixedZone("AEST", 10*3600)
	t.Cleanup(func() { time.Local = loc })
	dir := t.TempDir()
	ev := filepath.Join(dir, "e.json")
	must := func(args ...string) string {
		t.Helper()
		code, out, errOut := runCmd(t, "", args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s%s", args, code, out, errOut)
		}
		return out + errOut
	}
	must("event", "new", ev, "--name", "E", "--boards", "2", "--vp-total", "20")
	for i, n := range []string{"A", "B", "C", "D"} {
		must("event", "add", ev, "--name", n, "--player", n+" One:"+string(rune('1'+i))+"01", "--player", n+" Two:"+string(rune('1'+i))+"02")
	}
	must("event", "session", ev, "--start", "2026-05-02 10:00")
	must("event", "session", ev, "--start", "2026-05-02 14:00")
	must("swiss", "draw", ev, "--session", "1", "--at", "2026-05-02 10:00")
	must("event", "results", ev, "--round", "1", "--table", "1", "1 4S N 11", "2 3NT N 9")
	// Item 1: a result line's field is whole and valid, or the line is
	// refused naming the field; nothing is entered.
	for _, tt := range []struct{ line, msg string }{
		{"2 3NT N 1O", "tricks"},      // letter O for zero
		{"2x 3NT N 9", "board"},       // junk after the board number
		{"2 =-5O0", "assigned score"}, // letter O in a score
		{"2 3NT N +5", "tricks"},      // 3NT cannot make 14 tricks
	} {
		before, _ := os.ReadFile(ev)
		code, _, errOut := runCmd(t, "", "event", "results", ev, "--round", "1", "--table", "2", tt.line)
		if code != 1 || !strings.Contains(errOut, tt.msg) {
			t.Errorf("results %q: exit %d, %q; want exit 1 naming %q", tt.line, code, errOut, tt.msg)
		}
		if after, _ := os.ReadFile(ev); !bytes.Equal(before, after) {
			t.Errorf("results %q: the event file changed", tt.line)
		}
	}
	// The same board twice in one command is refused (item 2).
	if code, _, errOut := runCmd(t, "", "event", "results", ev, "--round", "1", "--table", "2", "1 4S N 10", "1 4S N 9"); code != 1 || !strings.Contains(errOut, "twice") {
		t.Errorf("the same board twice: exit %d, %q", code, errOut)
	}
	// Posting with a result missing warns, naming it (item 2).
	must("event", "results", ev, "--round", "1", "--table", "2", "1 4S N 10")
	if out := must("event", "post", ev, "--session", "1", "--at", "2026-05-02 12:00"); !strings.Contains(out, "warning: round 1 table 2 board 2: no result entered") {
		t.Errorf("posting with a result missing: %q", out)
	}
	tests := []struct {
		why  string
		args []string
		msg  string
	}{
		// Item 1: a field is whole and valid, or the line is refused naming it.
		{"correct: letter O", []string{"correct", ev, "--round", "1", "--table", "1", "1 4S N 1O", "--by", "X", "--why", "y", "--at", "2026-05-02 12:10"}, "tricks"},
		{"correct: margin not a number", []string{"correct", ev, "--round", "1", "--table", "1", "--imps", "5x", "--by", "X", "--why", "y", "--at", "2026-05-02 12:10"}, "--imps"},
		// Item 2.
		{"a board the table never played", []string{"correct", ev, "--round", "1", "--table", "1", "99 6NT N 12", "--by", "X", "--why", "y", "--at", "2026-05-02 12:10"}, "board 99"},
		{"a margin in a pairs event", []string{"correct", ev, "--round", "1", "--table", "1", "--imps", "5", "--by", "X", "--why", "y", "--at", "2026-05-02 12:10"}, "teams match"},
		{"the closed room in a pairs event", []string{"correct", ev, "--round", "1", "--table", "1", "--room", "closed", "1 4S N 9", "--by", "X", "--why", "y", "--at", "2026-05-02 12:10"}, "closed room"},
		{"before the posting", []string{"correct", ev, "--round", "1", "--table", "1", "1 4S N 9", "--by", "X", "--why", "y", "--at", "2026-05-02 11:00"}, "posted at"},
		{"NSWBA 13.6(a): an impossible score", []string{"correct", ev, "--round", "1", "--table", "1", "1 =421", "--by", "X", "--why", "y", "--at", "2026-05-02 12:10"}, "assigned score"},
		{"a score of a billion", []string{"correct", ev, "--round", "1", "--table", "1", "1 =1000000000", "--by", "X", "--why", "y", "--at", "2026-05-02 12:10"}, "assigned score"},
		// Item 6.
		{"negative minutes late", []string{"fine", "late", ev, "--entrant", "1", "--minutes", "-5", "--at", "2026-05-02 10:20"}, "minutes -5"},
		{"an amount of NaN", []string{"fine", "other", ev, "--entrant", "1", "--amount", "NaN", "--at", "2026-05-02 10:20"}, "amount NaN"},
		{"a session that does not exist", []string{"fine", "late", ev, "--entrant", "1", "--minutes", "12", "--session", "7", "--at", "2026-05-02 10:20"}, "session 7"},
	}
	for _, tt := range tests {
		before, _ := os.ReadFile(ev)
		code, _, errOut := runCmd(t, "", tt.args...)
		if code != 1 || !strings.Contains(errOut, tt.msg) || strings.Contains(errOut, "panic") {
			t.Errorf("%s: exit %d, %q; want exit 1 naming %q", tt.why, code, errOut, tt.msg)
		}
		if after, _ := os.ReadFile(ev); !bytes.Equal(before, after) {
			t.Errorf("%s: the event file changed", tt.why)
		}
	}
	// Item 6: event new refuses figures no one can mean, and writes nothing.
	for _, tt := range []struct {
		flag, value, msg string
	}{
		{"--vp-total", "0", "VP total 0"},
		{"--vp-total", "NaN", "VP total NaN"},
		{"--trim", "1000000", "trim 1000000"},
	} {
		path := filepath.Join(dir, "new.json")
		os.Remove(path)
		code, _, errOut := runCmd(t, "", "event", "new", path, "--name", "N", tt.flag, tt.value)
		if code != 1 || !strings.Contains(errOut, tt.msg) {
			t.Errorf("event new %s %s: exit %d, %q; want exit 1 naming %q", tt.flag, tt.value, code, errOut, tt.msg)
		}
		if _, err := os.Stat(path); err == nil {
			t.Errorf("event new %s %s wrote a file", tt.flag, tt.value)
		}
	}
	// Item 1: the contract command reads tricks the same way.
	for _, tt := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"4S", "N", "+1"}, 0, "450"}, // Law 77: one overtrick
		{[]string{"4S", "N", "="}, 0, "420"},
		{[]string{"4S", "N", "--", "-1"}, 0, "-50"}, // "--": -1 is not a flag
		{[]string{"4S", "N", "1O"}, 1, "tricks"},
		{[]string{"4S", "N", "+4"}, 1, "tricks"},
	} {
		code, out, errOut := runCmd(t, "", append([]string{"contract"}, tt.args...)...)
		if code != tt.code || (code == 0 && strings.TrimSpace(out) != tt.want) || !strings.Contains(out+errOut, tt.want) {
			t.Errorf("contract %v: exit %d, %q; want %d and %q", tt.args, code, out+errOut, tt.code, tt.want)
		}
	}
}
