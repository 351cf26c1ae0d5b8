package laws

import (
	"strings"
	"testing"

	"github.com/bridgetd/bridgetd/bridge"
)

// TestLogNSWBASlips: a log copied from written bidding slips ("slips
// nswba") reads the notation NSWBA 6.2.6 allows and refuses any other,
// citing the regulation.
func TestLogNSWBASlips(t *testing.T) {
	lg, err := ParseLog(strings.NewReader("board 1\nslips nswba\nN 1NT\nE /\nS 3NT\nW X\nN XX\nE //\nS /\nW /\n"))
	if err != nil {
		t.Fatal(err)
	}
	want := []bridge.Call{bridge.Bid(1, bridge.NoTrump), bridge.Pass, bridge.Bid(3, bridge.NoTrump), bridge.Double, bridge.Redouble, bridge.Pass, bridge.Pass, bridge.Pass}
	if !lg.Slips || len(lg.Events) != len(want) {
		t.Fatalf("slips %v, %d events", lg.Slips, len(lg.Events))
	}
	for i, ev := range lg.Events {
		if ev.Call.Call != want[i] {
			t.Errorf("event %d: %v, want %v", i, ev.Call.Call, want[i])
		}
	}
	for _, tt := range []struct{ line, why string }{
		{"N 1N", "N for no trump"}, // NSWBA 6.2.6: NT, never N
		{"N 1NT.", "full stop"},    // NSWBA 6.2.6: no full stops
		{"N pass", "6.2.6"},        // a pass is / or \
	} {
		_, err := ParseLog(strings.NewReader("board 1\nslips nswba\n" + tt.line + "\n"))
		if err == nil || !strings.Contains(err.Error(), "6.2.6") || !strings.Contains(err.Error(), "line 3") {
			t.Errorf("%q: %v; want refused at line 3 citing NSWBA 6.2.6", tt.line, err)
		}
	}
	// Without the header the usual notations stand.
	if _, err := ParseLog(strings.NewReader("board 1\nN 1N\nE pass\n")); err != nil {
		t.Errorf("without slips: %v", err)
	}
	if _, err := ParseLog(strings.NewReader("board 1\nslips acbl\n")); err == nil {
		t.Error("an unknown slip notation was accepted")
	}
}
