package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLinToPBNAndRule converts the real vugraph excerpt to PBN, which
// "pbn check" accepts, and to table logs, which "rule" replays to the
// same contracts with no irregularity (Laws 17-21).
func TestLinToPBNAndRule(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "match.pbn")
	code, _, errOut := runCmd(t, "", "lin", "-o", out, "--logs", dir, "../../lin/testdata/gabi-pleven-2018-r5.lin")
	if code != 0 {
		t.Fatalf("lin: exit %d: %s", code, errOut)
	}
	if code, stdout, errOut := runCmd(t, "", "pbn", "check", out); code != 0 {
		t.Errorf("pbn check: exit %d: %s %s", code, stdout, errOut)
	}
	for _, tc := range []struct{ log, contract, declarer string }{
		{"board-9-open.log", "2♥", "N"}, {"board-9-closed.log", "1NTX", "S"},
		{"board-10-open.log", "3♣", "N"}, {"board-10-closed.log", "3♥", "W"},
	} {
		code, stdout, errOut := runCmd(t, "", "rule", filepath.Join(dir, tc.log))
		if code != 0 {
			t.Errorf("rule %s: exit %d: %s", tc.log, code, errOut)
			continue
		}
		var res struct {
			Rulings  []json.RawMessage `json:"rulings"`
			Ended    bool              `json:"ended"`
			Contract struct {
				Contract string `json:"contract"`
				Declarer string `json:"declarer"`
			} `json:"contract"`
		}
		if err := json.Unmarshal([]byte(stdout), &res); err != nil {
			t.Fatalf("rule %s: %v\n%s", tc.log, err, stdout)
		}
		if !res.Ended || res.Contract.Contract != tc.contract || res.Contract.Declarer != tc.declarer || len(res.Rulings) != 0 {
			t.Errorf("rule %s: ended %v, %s by %s, %d rulings; want %s by %s, none", tc.log, res.Ended, res.Contract.Contract, res.Contract.Declarer, len(res.Rulings), tc.contract, tc.declarer)
		}
	}
	data, err := os.ReadFile(filepath.Join(dir, "board-10-closed.log"))
	if err != nil || !strings.Contains(string(data), "W claims 2 # declarer's side takes 5 tricks in all\nN agrees\nS agrees\n") {
		t.Errorf("board 10 closed: the claim is not in the log (%v)", err)
	}
}
