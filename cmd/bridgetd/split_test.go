package main

import (
	"strings"
	"testing"
)

// TestSplit: the Law 12C1(b) split of a non-offending side's damage (seed
// 002's arithmetic, through score.SelfInflicted): the non-offenders keep the
// self-inflicted part, the offenders get the adjusted score in full.
func TestSplit(t *testing.T) {
	tests := []struct {
		args       []string
		want       []string
		wantFailed bool
	}{
		// Law 12C1(b): actual -10 IMPs, 0 without the infraction, -4
		// without the serious error: the infraction cost 4 IMPs, the
		// serious error 6, so the non-offenders are relieved of 4 only
		// (-10 + 4); the offenders get the assigned score in full.
		{[]string{"--actual", "-10", "--assigned", "0", "--without-error", "-4"},
			[]string{"part of the damage self-inflicted", "non-offending side: -6 IMPs", "offending side:     0 IMPs"}, false},
		// Law 12C1(b): no damage when the table result is as good.
		{[]string{"--actual", "3", "--assigned", "1", "--without-error", "2"},
			[]string{"non-offending side: 3 IMPs", "offending side:     -3 IMPs"}, false},
		// Matchpoints on a top of 10: the offenders get top minus the
		// assigned score.
		{[]string{"--actual", "2", "--assigned", "7", "--without-error", "4", "--top", "10"},
			[]string{"non-offending side: 5 matchpoints", "offending side:     3 matchpoints"}, false},
		{[]string{"--actual", "x", "--assigned", "0", "--without-error", "0"}, []string{"--actual"}, true},
		{[]string{"--actual", "1", "--assigned", "NaN", "--without-error", "0"}, []string{"--assigned"}, true},
		{[]string{"--actual", "1", "--assigned", "2", "--without-error", "0", "--top", "0"}, []string{"--top"}, true},
		{[]string{"--actual", "1", "--assigned", "12", "--without-error", "0", "--top", "10"}, []string{"--top"}, true},
	}
	for _, tt := range tests {
		code, out, errOut := runCmd(t, "", append([]string{"split"}, tt.args...)...)
		if tt.wantFailed != (code != 0) {
			t.Errorf("%v: exit %d: %s%s", tt.args, code, out, errOut)
			continue
		}
		for _, w := range tt.want {
			if !strings.Contains(out+errOut, w) {
				t.Errorf("%v: output %q lacks %q", tt.args, out+errOut, w)
			}
		}
	}
}
