package laws

import "github.com/bridgetd/bridgetd/bridge"

// Law 16C (1997 and 2017; 16D in the 2007 code): information from a
// withdrawn or cancelled call is authorised for the non-offending side and
// unauthorised for the offending side. Some laws switch it off: 1997 Law
// 27B1(a); 2017 Laws 23B, 25A (for the substituted call), 26A and 27B1.
// The UI flags are recorded on the ruling so that a later Law 16B check
// (logical alternatives) knows who may not use what.
func (t *Table) withdrawnInfo(r *Ruling, offender bridge.Seat, what string) {
	r.Rect.Information = append(r.Rect.Information, Information{
		What:         "withdrawn " + what,
		Authorised:   offender.Side().Opponents().String(),
		Unauthorised: offender.Side().String(),
		Law:          "16C",
	})
}

// partnerUI records the 2017 clauses that let the offender's partner call
// freely but forbid him to use the cancelled call (Law 16C2).
func (t *Table) partnerUI(r *Ruling, offender bridge.Seat, what string) {
	r.Rect.Information = append(r.Rect.Information, Information{
		What:         "cancelled " + what,
		Authorised:   offender.Side().Opponents().String(),
		Unauthorised: offender.Side().String(),
		Law:          "16C2",
	})
}
