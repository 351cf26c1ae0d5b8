package regulation

import (
	"errors"
	"testing"

	"github.com/bridgetd/bridgetd/bridge"
)

func TestParseNSWBASlip(t *testing.T) {
	// NSWBA 6.2.6: the only legal notations on a written bidding slip are
	// the levels 1-7, C D H S NT, X, XX, / or \ (pass) and // or \\ (final pass).
	tests := []struct {
		in    string
		want  bridge.Call
		final bool
		ok    bool
	}{
		{"1C", bridge.Bid(1, bridge.ClubsStrain), false, true},
		{"3NT", bridge.Bid(3, bridge.NoTrump), false, true},
		{"7S", bridge.Bid(7, bridge.SpadesStrain), false, true},
		{"X", bridge.Double, false, true},
		{"XX", bridge.Redouble, false, true},
		{"/", bridge.Pass, false, true},
		{`\`, bridge.Pass, false, true},
		{"//", bridge.Pass, true, true},
		{`\\`, bridge.Pass, true, true},
		{"3N", 0, false, false},   // NSWBA 6.2.6: N for no trumps is not allowed
		{"1S.", 0, false, false},  // NSWBA 6.2.6: no full stops after bids
		{"1.S", 0, false, false},  // NSWBA 6.2.6: no full stops
		{"P", 0, false, false},    // NSWBA 6.2.6: pass is written / or \
		{"Pass", 0, false, false}, // likewise
		{"1♠", 0, false, false},   // only the listed letters
		{"8S", 0, false, false},   // only levels 1-7
		{"D", 0, false, false},    // X, not D, is double
		{"1s", 0, false, false},   // the listed notations are capitals
		{"", 0, false, false},
	}
	for _, tt := range tests {
		got, err := ParseNSWBASlip(tt.in)
		if (err == nil) != tt.ok {
			t.Errorf("ParseNSWBASlip(%q) error = %v, want ok=%v", tt.in, err, tt.ok)
			continue
		}
		if err != nil && !errors.Is(err, bridge.ErrNotACall) {
			t.Errorf("ParseNSWBASlip(%q) error %v does not wrap bridge.ErrNotACall", tt.in, err)
		}
		if tt.ok && (got.Call != tt.want || got.Final != tt.final) {
			t.Errorf("ParseNSWBASlip(%q) = %+v, want %v final=%v", tt.in, got, tt.want, tt.final)
		}
	}
	// NSWBA 6.2.6: a pass is written /, bids in capitals with NT.
	if slipNotation(bridge.Pass) != "/" || slipNotation(bridge.Bid(2, bridge.NoTrump)) != "2NT" {
		t.Error("slip notation wrong")
	}
}

// FuzzParseNSWBASlip: ParseNSWBASlip never panics; what it accepts is a
// valid call that bridge.ParseCall reads the same way (a slip's notation
// is a strict subset of the players' one, passes apart), and its slip form
// parses back to it; a refusal wraps bridge.ErrNotACall.
func FuzzParseNSWBASlip(f *testing.F) {
	for _, s := range []string{"1C", "3NT", "X", "XX", "/", `\\`, "3N", "1S.", "P", "8S", "", "1s"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sc, err := ParseNSWBASlip(s)
		if err != nil {
			if !errors.Is(err, bridge.ErrNotACall) {
				t.Fatalf("ParseNSWBASlip(%q): error %v does not wrap ErrNotACall", s, err)
			}
			return
		}
		if !sc.Call.Valid() {
			t.Fatalf("ParseNSWBASlip(%q) = invalid call %d", s, sc.Call)
		}
		if sc.Call != bridge.Pass {
			if c, err := bridge.ParseCall(s); err != nil || c != sc.Call {
				t.Fatalf("ParseNSWBASlip(%q) = %v, ParseCall = %v, %v", s, sc.Call, c, err)
			}
		}
		back, err := ParseNSWBASlip(slipNotation(sc.Call))
		if err != nil || back.Call != sc.Call {
			t.Fatalf("ParseNSWBASlip(%q) = %v, its slip form %q parses to %v, %v", s, sc.Call, slipNotation(sc.Call), back.Call, err)
		}
	})
}

// slipNotation writes a call as NSWBA 6.2.6 has it written on a slip (/
// for a pass), for the round-trip checks.
func slipNotation(c bridge.Call) string {
	if c == bridge.Pass {
		return "/"
	}
	return c.ASCII()
}
