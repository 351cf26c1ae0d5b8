package bridge

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// parseAuction reads the calls of a test, separated by white space (see
// ParseCall), into a legal auction with the given dealer. "AP" (all pass) adds the passes that
// end the auction. The first illegal call is reported with its position.
func parseAuction(dealer Seat, text string) (*Auction, error) {
	a := NewAuction(dealer)
	for i, tok := range strings.Fields(text) {
		if strings.EqualFold(tok, "AP") {
			for !a.Ended() {
				a.Calls = append(a.Calls, Pass)
			}
			continue
		}
		c, err := ParseCall(tok)
		if err != nil {
			var ce *CallError
			if errors.As(err, &ce) {
				ce.Seat, ce.Index = a.Turn(), len(a.Calls)
				return a, ce
			}
			return a, fmt.Errorf("bridge: auction call %d: %w", i+1, err)
		}
		if err := a.Append(c); err != nil {
			return a, err
		}
	}
	return a, nil
}

func mustAuction(t *testing.T, dealer Seat, text string) *Auction {
	t.Helper()
	a, err := parseAuction(dealer, text)
	if err != nil {
		t.Fatalf("parseAuction(%q): %v", text, err)
	}
	return a
}

func TestAuctionLegality(t *testing.T) {
	tests := []struct {
		law    string
		dealer Seat
		before string
		call   string
		want   error
	}{
		{"Law 18B", North, "1H", "1S", nil},
		{"Law 18B", North, "1H", "2C", nil},
		{"Law 18D", North, "1H", "1D", ErrInsufficientBid},
		{"Law 18D", North, "1H", "1H", ErrInsufficientBid},
		{"Law 18D", North, "1NT X", "1S", ErrInsufficientBid},
		{"Law 18E", North, "1S", "1NT", nil},
		{"Law 19A1", North, "1H", "X", nil},
		{"Law 19A1", North, "1H P P", "X", nil},                    // balancing double: passes only between
		{"Law 19A1", North, "1H P", "X", ErrInadmissibleDouble},    // partner's bid
		{"Law 19A1", North, "", "X", ErrInadmissibleDouble},        // no bid yet
		{"Law 19A1", North, "P", "X", ErrInadmissibleDouble},       // no bid yet
		{"Law 19A1", North, "1H X", "X", ErrInadmissibleDouble},    // already doubled
		{"Law 19A1", North, "1H X XX", "X", ErrInadmissibleDouble}, // redoubled
		{"Law 19B1", North, "1H X", "XX", nil},
		{"Law 19B1", North, "1H X P P", "XX", nil},
		{"Law 19B1", North, "1H X P", "XX", ErrInadmissibleRedouble}, // partner's double
		{"Law 19B1", North, "1H", "XX", ErrInadmissibleRedouble},     // nothing doubled
		{"Law 19B1", North, "1H X XX", "XX", ErrInadmissibleRedouble},
		{"Law 17E", North, "P P P P", "1C", ErrAuctionEnded},
		{"Law 17E", North, "1C P P P", "P", ErrAuctionEnded},
		{"Law 17E", North, "1C X XX P P P", "2C", ErrAuctionEnded},
		{"Law 17E", North, "P P P", "1C", nil}, // fourth seat may still open
	}
	for _, tt := range tests {
		a := mustAuction(t, tt.dealer, tt.before)
		c, err := ParseCall(tt.call)
		if err != nil {
			t.Fatal(err)
		}
		err = a.Check(c)
		if !errors.Is(err, tt.want) || (tt.want == nil) != (err == nil) {
			t.Errorf("%s: after %q, %s: got %v, want %v", tt.law, tt.before, tt.call, err, tt.want)
		}
		var ce *CallError
		if err != nil && (!errors.As(err, &ce) || ce.Seat != a.Turn() || ce.Index != len(a.Calls)) {
			t.Errorf("%s: error %v does not carry the seat and position", tt.law, err)
		}
		if err == nil {
			if aerr := a.Append(c); aerr != nil {
				t.Errorf("Append after Check ok: %v", aerr)
			}
		} else if aerr := a.Append(c); aerr == nil || len(a.Calls) != len(strings.Fields(tt.before)) {
			t.Errorf("Append of illegal call changed the auction")
		}
	}
}

func TestAuctionContract(t *testing.T) {
	tests := []struct {
		law      string
		dealer   Seat
		calls    string
		contract string
		declarer Seat
	}{
		// Law 22A: four passes: no contract, the deal is not redealt.
		{"Law 22A", East, "P P P P", "Pass", North},
		// Law 22B: the last bid becomes the contract; declarer is the first of
		// the side to name its strain.
		{"Law 22B", North, "1H P 2H P 4H P P P", "4H", North},
		{"Law 22B", North, "1H P 1S P 2S P 4H P P P", "4H", North},
		{"Law 22B", North, "1C 1S 2C 2S 3C 3S P P P", "3S", East},
		{"Law 22B", North, "1D P 1NT P 3NT P P P", "3NT", South},
		{"Law 22B", West, "P 1S P 2S P 4S X P P P", "4SX", North},
		{"Law 19C", West, "P 1S P 2S P 4S X XX P P P", "4SXX", North},
		{"Law 19C", North, "1NT X 2C X P P P", "2CX", South},
		{"Law 22B", North, "1NT X 2C X P P XX P P P", "2CXX", South},
		{"Law 19C", North, "1C X 1S P P P", "1S", South}, // a later bid cancels the double
	}
	for _, tt := range tests {
		a := mustAuction(t, tt.dealer, tt.calls)
		c, decl, ok := a.Contract()
		if !ok {
			t.Errorf("%s: %q not ended", tt.law, tt.calls)
			continue
		}
		want, _ := ParseContract(tt.contract)
		if c != want || (!c.IsPassedOut() && decl != tt.declarer) {
			t.Errorf("%s: %q: contract %v by %v, want %v by %v", tt.law, tt.calls, c, decl, want, tt.declarer)
		}
	}
	if _, _, ok := mustAuction(t, North, "1C P P").Contract(); ok {
		t.Error("unfinished auction gave a contract")
	}
	if a := mustAuction(t, North, "P P P P"); !a.PassedOut() {
		t.Error("four passes not passed out")
	}
}

func TestLegalCalls(t *testing.T) {
	a := mustAuction(t, North, "1H")
	legal := a.LegalCalls()
	// Pass, X and every bid above 1H: 1S, 1NT and 30 more.
	if len(legal) != 2+2+30 || legal[0] != Pass || legal[1] != Double || legal[2] != Bid(1, SpadesStrain) {
		t.Errorf("LegalCalls after 1H = %v", legal)
	}
	a = mustAuction(t, North, "7NT X XX")
	if got := a.LegalCalls(); len(got) != 1 || got[0] != Pass {
		t.Errorf("LegalCalls after 7NT X XX = %v", got)
	}
}
