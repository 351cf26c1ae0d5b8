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
