package laws

import (
	"strings"

	"github.com/bridgetd/bridgetd/bridge"
)

// Law 16C (1997 and 2017; 16D in the 2007 code): information from a
// withdrawn or cancelled call is authorised for the non-offending side and
// unauthorised for the offending side. Some laws switch it off: 1997 Law
// 27B1(a); 2017 Laws 23B, 25A (for the substituted call), 26A and 27B1.
// The UI flags are recorded on the ruling so that a later Law 16B check
// (logical alternatives) knows who may not use what.
func (t *Table) withdrawnInfo(r *Ruling, offender bridge.Seat, what string) {
	r.inform(Information{
		What:         "withdrawn " + what,
		Authorised:   offender.Side().Opponents(),
		Unauthorised: offender.Side(),
		Law:          "16C",
	})
}

// partnerUI records the 2017 clauses that let the offender's partner call
// freely but forbid him to use the cancelled call (Law 16C2).
func (t *Table) partnerUI(r *Ruling, offender bridge.Seat, what string) {
	r.inform(Information{
		What:         "cancelled " + what,
		Authorised:   offender.Side().Opponents(),
		Unauthorised: offender.Side(),
		Law:          "16C2",
	})
}

// inform records who may use the information from an action, once: a
// second record of the same action for the same sides (a call cancelled
// under 16C2 and later found not comparable, 16C) adds nothing.
func (r *Ruling) inform(in Information) {
	key := func(s string) string {
		return strings.TrimPrefix(strings.TrimPrefix(s, "withdrawn "), "cancelled ")
	}
	for _, x := range r.Rect.Information {
		if key(x.What) == key(in.What) && x.Authorised == in.Authorised && x.Unauthorised == in.Unauthorised {
			return
		}
	}
	r.Rect.Information = append(r.Rect.Information, in)
}
