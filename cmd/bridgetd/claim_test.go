package main

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// TestClaimCommand adjudicates claims from the command line and compares
// the explanation with golden files (go test -update rewrites them).
func TestClaimCommand(t *testing.T) {
	cases := []struct {
		name string
		args []string
		law  string
	}{
		// 1997 70E: the unstated finesse of the queen is not accepted.
		{"claim-finesse-1997", []string{"--deal", "N:AQ... 65... 32... K4...", "--leader", "S", "--claimer", "S", "--tricks", "2", "--edition", "1997"}, "Law 70E\n"},
		// 70C: the trump West holds was not mentioned.
		{"claim-trump-2017", []string{"--deal", "N:..432. ...432 AK.A.. .2..76", "--trump", "H", "--leader", "S", "--claimer", "S", "--tricks", "3"}, "Law 70C\n"},
		// 71.2: a concession of a trick that cannot be lost is cancelled.
		{"claim-concession-2017", []string{"--deal", "N:.AKQ.. ...432 AKQ... ..432.", "--leader", "S", "--claimer", "S", "--tricks", "1", "--kind", "concession"}, "Law 71.2\n"},
		// a stated finesse in the middle of a trick (West led the ♠4)
		{"claim-trick-2017", []string{"--deal", "N:AQ... 65... 32... K...", "--leader", "W", "--trick", "S4", "--claimer", "S", "--tricks", "2", "--statement", "SQ"}, "Law 70A\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			code := run(&env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb}, append([]string{"claim"}, c.args...))
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errb.String())
			}
			first, _, _ := strings.Cut(out.String(), "\n")
			if !strings.HasSuffix(first+"\n", c.law) {
				t.Errorf("first line %q, want it to end with %q", first, c.law)
			}
			golden := "testdata/" + c.name + ".golden"
			if *update {
				if err := os.WriteFile(golden, out.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if out.String() != string(want) {
				t.Errorf("output differs from %s:\n%s", golden, out.String())
			}
		})
	}
	// --json carries the same award
	var out, errb bytes.Buffer
	if code := run(&env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb}, []string{"claim", "--json", "--deal", "N:AQ... 65... 32... K4...", "--leader", "S", "--claimer", "S", "--tricks", "2", "--statement", "finesse SQ"}); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var m map[string]any
	if err := json.Unmarshal(out.Bytes(), &m); err != nil {
		t.Fatal(err)
	}
	if m["awarded"] != 2.0 || m["law"] != "70A" {
		t.Errorf("JSON award %v law %v, want 2 under 70A", m["awarded"], m["law"])
	}
}

// TestClaimCommandErrors: bad input is refused with the flag named.
func TestClaimCommandErrors(t *testing.T) {
	base := []string{"--deal", "N:AQ... 65... 32... K4...", "--leader", "S", "--claimer", "S"}
	cases := []struct {
		args []string
		want string
	}{
		{append(base[:0:0], "--deal", "N:AQ", "--leader", "S", "--claimer", "S", "--tricks", "1"), "--deal"},
		{base, "--tricks"},
		{append(append([]string{}, base...), "--tricks", "2", "--statement", "finesse"), "--statement"},
		{append(append([]string{}, base...), "--tricks", "2", "--kind", "maybe"), "kind"},
		{append(append([]string{}, base...), "--tricks", "5"), "claim of 5 tricks"},
		{[]string{"--deal", "N:AQ... 65... 32... K...", "--leader", "S", "--claimer", "S", "--tricks", "1"}, "invalid position"},
		{append(append([]string{}, base...), "--tricks", "1", "--shown", "E"), "--shown"},
	}
	for _, c := range cases {
		var out, errb bytes.Buffer
		code := run(&env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb}, append([]string{"claim"}, c.args...))
		if code == 0 || !strings.Contains(errb.String(), c.want) {
			t.Errorf("%v: exit %d, stderr %q: want an error naming %q", c.args, code, errb.String(), c.want)
		}
	}
}
