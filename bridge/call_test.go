package bridge

import (
	"errors"
	"testing"
)

func TestParseCall(t *testing.T) {
	tests := []struct {
		in   string
		want Call
		err  error
	}{
		{"P", Pass, nil}, {"Pass", Pass, nil}, {"pass", Pass, nil},
		{"X", Double, nil}, {"Dbl", Double, nil}, {"XX", Redouble, nil}, {"R", Redouble, nil},
		{"1NT", Bid(1, NoTrump), nil}, {"1N", Bid(1, NoTrump), nil}, {"1nt", Bid(1, NoTrump), nil},
		{"1C", Bid(1, ClubsStrain), nil}, {"1♣", Bid(1, ClubsStrain), nil},
		{"4S", Bid(4, SpadesStrain), nil}, {"4♠", Bid(4, SpadesStrain), nil},
		{"7NT", Bid(7, NoTrump), nil}, {"3sa", Bid(3, NoTrump), nil},
		{"8S", 0, ErrBidAboveSeven},   // Law 38
		{"10NT", 0, ErrBidAboveSeven}, // Law 38
		{"0S", 0, ErrNotACall},
		{"AP", 0, ErrNotACall},
		{"", 0, ErrNotACall},
		{"1Z", 0, ErrNotACall},
		{"S1", 0, ErrNotACall},
		{"100S", 0, ErrNotACall},
	}
	for _, tt := range tests {
		got, err := ParseCall(tt.in)
		if tt.err != nil {
			if !errors.Is(err, tt.err) {
				t.Errorf("ParseCall(%q) error = %v, want %v", tt.in, err, tt.err)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("ParseCall(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
		}
	}
}

func TestCallOrder(t *testing.T) {
	// Law 18E: within a level the strains rank C, D, H, S, NT; a bid
	// supersedes when it names more tricks, or as many in a higher strain.
	calls := Calls()
	if len(calls) != 38 {
		t.Fatalf("%d calls, want 38", len(calls))
	}
	prev := Call(0)
	for _, c := range calls[3:] {
		if c.IsBid() && prev.IsBid() {
			higher := c.Level() > prev.Level() || (c.Level() == prev.Level() && c.Strain() > prev.Strain())
			if !higher {
				t.Errorf("%v does not rank above %v", c, prev)
			}
		}
		back, err := ParseCall(c.ASCII())
		if err != nil || back != c {
			t.Errorf("ParseCall(%q) = %v, %v", c.ASCII(), back, err)
		}
		back, err = ParseCall(c.String())
		if err != nil || back != c {
			t.Errorf("ParseCall(%q) = %v, %v", c.String(), back, err)
		}
		prev = c
	}
	if Bid(1, ClubsStrain).String() != "1♣" || Bid(3, NoTrump).ASCII() != "3NT" {
		t.Error("bid notation wrong")
	}
}

func TestParseSlip(t *testing.T) {
	// NSWBA 6.2.6: the only legal notations on a written bidding slip are
	// the levels 1-7, C D H S NT, X, XX, / or \ (pass) and // or \\ (final pass).
	tests := []struct {
		in    string
		want  Call
		final bool
		ok    bool
	}{
		{"1C", Bid(1, ClubsStrain), false, true},
		{"3NT", Bid(3, NoTrump), false, true},
		{"7S", Bid(7, SpadesStrain), false, true},
		{"X", Double, false, true},
		{"XX", Redouble, false, true},
		{"/", Pass, false, true},
		{`\`, Pass, false, true},
		{"//", Pass, true, true},
		{`\\`, Pass, true, true},
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
		got, err := ParseSlip(tt.in)
		if (err == nil) != tt.ok {
			t.Errorf("ParseSlip(%q) error = %v, want ok=%v", tt.in, err, tt.ok)
			continue
		}
		if tt.ok && (got.Call != tt.want || got.Final != tt.final) {
			t.Errorf("ParseSlip(%q) = %+v, want %v final=%v", tt.in, got, tt.want, tt.final)
		}
	}
	if Pass.Slip() != "/" || Bid(2, NoTrump).Slip() != "2NT" {
		t.Error("Slip notation wrong")
	}
}
