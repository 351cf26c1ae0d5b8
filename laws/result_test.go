package laws

import (
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"github.com/bridgetd/bridgetd/bridge"
)

// TestMadeCall: the auction list of the ruling JSON types each call (kind,
// level, strain); a bid of more than seven odd tricks is none of the 38
// calls and is written with its level and strain, marked inadmissible (Law
// 38; 2017 Law 35), not as text; the JSON loads back to the same value.
func TestMadeCall(t *testing.T) {
	tests := []struct {
		clause string
		entry  Entry
		json   string
		text   string
		call   bool // one of the 38 calls
	}{
		{"Law 18A: a pass", Entry{Call: bridge.Pass}, `{"kind":"pass"}`, "Pass", true},
		{"Law 19A: a double", Entry{Call: bridge.Double}, `{"kind":"double"}`, "X", true},
		{"Law 19B: a redouble", Entry{Call: bridge.Redouble}, `{"kind":"redouble"}`, "XX", true},
		{"Law 18A: a bid names a level and a strain", Entry{Call: bridge.Bid(4, bridge.SpadesStrain)}, `{"kind":"bid","level":4,"strain":"♠"}`, "4♠", true},
		{"Law 18A: a bid in no trump", Entry{Call: bridge.Bid(7, bridge.NoTrump)}, `{"kind":"bid","level":7,"strain":"NT"}`, "7NT", true},
		{"Law 38: a bid of more than seven is inadmissible, kept with its level and strain", Entry{Text: "8S"}, `{"kind":"bid","level":8,"strain":"♠","inadmissible":true}`, "8♠", false},
		{"Law 38: a bid of ten no trump", Entry{Text: "10NT"}, `{"kind":"bid","level":10,"strain":"NT","inadmissible":true}`, "10NT", false},
	}
	for _, tt := range tests {
		m := madeCall(tt.entry)
		b, err := json.Marshal(m)
		if err != nil || string(b) != tt.json {
			t.Errorf("%s: JSON %s %v, want %s", tt.clause, b, err, tt.json)
			continue
		}
		if m.String() != tt.text {
			t.Errorf("%s: %q, want %q", tt.clause, m.String(), tt.text)
		}
		c, ok := m.Call()
		if ok != tt.call || (ok && c != tt.entry.Call) {
			t.Errorf("%s: Call() %v %v, want %v %v", tt.clause, c, ok, tt.entry.Call, tt.call)
		}
		var back MadeCall
		if err := json.Unmarshal(b, &back); err != nil || back.String() != m.String() || back.Inadmissible != m.Inadmissible {
			t.Errorf("%s: loads back as %+v, %v", tt.clause, back, err)
		}
	}
}

// TestCancelledCalls: a ruling lists the calls it cancelled, typed, each
// once with its seat and line (Law 38B cancels the bid above seven and the
// call after it); a call replaced under Law 25A and made again as a new
// entry is no longer listed as cancelled by the ruling that restored it.
func TestCancelledCalls(t *testing.T) {
	tb, err := playLog(t, Edition2017, "N 8S; E P; E 1H")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range tb.Result().Rulings {
		for _, c := range r.Rect.Cancelled {
			got = append(got, fmt.Sprintf("%s %s line %d inadmissible=%v", c.Seat, c.Call, c.Line, c.Call.Inadmissible))
		}
	}
	want := []string{"N 8♠ line 2 inadmissible=true", "E Pass line 3 inadmissible=false"}
	if !slices.Equal(got, want) {
		t.Errorf("Law 38B: cancelled %q, want %q", got, want)
	}
	x := cancelledCall(Entry{Seat: bridge.North, Call: bridge.Bid(1, bridge.DiamondsStrain), Line: 3})
	y := cancelledCall(Entry{Seat: bridge.North, Call: bridge.Bid(1, bridge.DiamondsStrain), Line: 3})
	if !x.same(y) || x.same(cancelledCall(Entry{Seat: bridge.North, Text: "1D", Line: 3})) {
		t.Errorf("Law 25A: the same call at the same seat and line must match, and only it")
	}
}
