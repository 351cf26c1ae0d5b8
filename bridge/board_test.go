package bridge

import "testing"

func TestBoardDealerAndVulnerability(t *testing.T) {
	// Law 2: the board's number fixes the dealer (N, E, S, W in turn) and the
	// vulnerability (the standard cycle of 16).
	tests := []struct {
		board  Board
		dealer Seat
		vul    Vulnerability
	}{
		{1, North, NoneVul}, {2, East, NSVul}, {3, South, EWVul}, {4, West, AllVul},
		{5, North, NSVul}, {6, East, EWVul}, {7, South, AllVul}, {8, West, NoneVul},
		{9, North, EWVul}, {10, East, AllVul}, {11, South, NoneVul}, {12, West, NSVul},
		{13, North, AllVul}, {14, East, NoneVul}, {15, South, NSVul}, {16, West, EWVul},
		{17, North, NoneVul}, {18, East, NSVul}, {32, West, EWVul}, {33, North, NoneVul},
		{36, West, AllVul}, {1000, West, NoneVul}, {1001, North, EWVul},
	}
	for _, tt := range tests {
		if d, v := tt.board.Dealer(), tt.board.Vulnerability(); d != tt.dealer || v != tt.vul {
			t.Errorf("board %d: dealer %v vul %v, want %v %v", tt.board, d, v, tt.dealer, tt.vul)
		}
	}
}

func TestSeats(t *testing.T) {
	// Law 2 / Law 17: rotation is clockwise N, E, S, W.
	for s := North; s <= West; s++ {
		if s.LHO().RHO() != s || s.Partner().Partner() != s || s.Next() != s.LHO() {
			t.Errorf("%v: rotation inconsistent", s)
		}
		if s.Side() != s.Partner().Side() || s.Side() == s.LHO().Side() {
			t.Errorf("%v: sides inconsistent", s)
		}
		p, err := ParseSeat(s.Name())
		if err != nil || p != s {
			t.Errorf("ParseSeat(%q) = %v, %v", s.Name(), p, err)
		}
	}
	if North.LHO() != East || North.RHO() != West || North.Partner() != South {
		t.Error("North's neighbours wrong")
	}
}

func TestVulnerability(t *testing.T) {
	tests := []struct {
		in     string
		want   Vulnerability
		ns, ew bool
	}{
		{"None", NoneVul, false, false}, {"Love", NoneVul, false, false}, {"-", NoneVul, false, false},
		{"NS", NSVul, true, false}, {"n-s", NSVul, true, false},
		{"EW", EWVul, false, true}, {"E-W", EWVul, false, true},
		{"All", AllVul, true, true}, {"Both", AllVul, true, true},
	}
	for _, tt := range tests {
		v, err := ParseVulnerability(tt.in)
		if err != nil || v != tt.want || v.Vulnerable(NS) != tt.ns || v.Vulnerable(EW) != tt.ew {
			t.Errorf("ParseVulnerability(%q) = %v, %v", tt.in, v, err)
		}
	}
	if _, err := ParseVulnerability("Some"); err == nil {
		t.Error("ParseVulnerability(Some) succeeded")
	}
}
