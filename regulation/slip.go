package regulation

import (
	"fmt"
	"strings"

	"github.com/bridgetd/bridgetd/bridge"
)

// NSWBASlipCall is one entry on a written bidding slip as NSWBA 6.2.6
// prescribes it: a call, and whether the player marked it as the final
// pass. Another body's slip notation would be a type of its own.
type NSWBASlipCall struct {
	Call  bridge.Call
	Final bool // written // or \\: the pass that ends the auction
}

// ParseNSWBASlip reads a call in the strict notation of NSWBA 6.2.6 for
// written bidding slips: a level 1–7 followed by C, D, H, S or NT; X; XX;
// / or \ for a pass; // or \\ for the final pass. Nothing else is legal: N
// for no trump, full stops and lower case are refused with the reason. A
// refusal wraps bridge.ErrNotACall.
func ParseNSWBASlip(s string) (NSWBASlipCall, error) {
	t := strings.TrimSpace(s)
	switch t {
	case "/", `\`:
		return NSWBASlipCall{Call: bridge.Pass}, nil
	case "//", `\\`:
		return NSWBASlipCall{Call: bridge.Pass, Final: true}, nil
	case "X":
		return NSWBASlipCall{Call: bridge.Double}, nil
	case "XX":
		return NSWBASlipCall{Call: bridge.Redouble}, nil
	}
	switch {
	case t == "":
		return NSWBASlipCall{}, fmt.Errorf("regulation: slip: empty entry (NSWBA 6.2.6): %w", bridge.ErrNotACall)
	case strings.Contains(t, "."):
		return NSWBASlipCall{}, fmt.Errorf("regulation: slip %q: full stops are not allowed (NSWBA 6.2.6): %w", s, bridge.ErrNotACall)
	case len(t) < 2 || t[0] < '1' || t[0] > '7':
		return NSWBASlipCall{}, fmt.Errorf("regulation: slip %q: want a level 1-7 and C, D, H, S or NT, or X, XX, /, // (NSWBA 6.2.6): %w", s, bridge.ErrNotACall)
	}
	var strain bridge.Strain
	switch t[1:] {
	case "C":
		strain = bridge.ClubsStrain
	case "D":
		strain = bridge.DiamondsStrain
	case "H":
		strain = bridge.HeartsStrain
	case "S":
		strain = bridge.SpadesStrain
	case "NT":
		strain = bridge.NoTrump
	case "N":
		return NSWBASlipCall{}, fmt.Errorf("regulation: slip %q: N for no trump is not allowed, write NT (NSWBA 6.2.6): %w", s, bridge.ErrNotACall)
	default:
		return NSWBASlipCall{}, fmt.Errorf("regulation: slip %q: %q is not one of C, D, H, S, NT (NSWBA 6.2.6): %w", s, t[1:], bridge.ErrNotACall)
	}
	return NSWBASlipCall{Call: bridge.Bid(int(t[0]-'0'), strain)}, nil
}
