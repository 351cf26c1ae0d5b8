package laws

import (
	"encoding/json"
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
