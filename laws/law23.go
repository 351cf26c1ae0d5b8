package laws

import "fmt"

// Law 23.
//
//   1997 Law 23 (awareness of potential damage): when a rectification
//   compels the offender's partner to pass, and the offender could have
//   known at the time that the enforced pass would be likely to damage the
//   non-offending side, the Director lets the auction and play go on and
//   then considers an adjusted score. 2017 moved this rule to Law 72C.
//
//   2017 Law 23 (comparable call): 23A defines a comparable call (same or
//   similar meaning; a subset of the withdrawn call's meanings; the same
//   purpose). 23B: after a call out of rotation is cancelled, a comparable
//   call at the offender's turn brings no further rectification and Law
//   16C2 does not apply. 23C: at the end of play the Director adjusts if
//   the result could well have been different without the help of the
//   infraction and the non-offending side was damaged (12C1(b)).
//
// Both are "later damage checks": the engine raises a flag the Director
// answers after play (TD could-have-known / could-not-have-known for the
// enforced pass; TD damaged / not-damaged for 23C and 27D).

type damageCheck struct {
	ruling *Ruling
	law    string
	answer string
}

// enforcedPassCheck flags the enforced-pass damage check (1997 23, 2017 72C).
func (t *Table) enforcedPassCheck(r *Ruling) {
	t.damageCheck(r, t.law("23", "72C"))
}

// damageCheck adds a later damage check under law to the ruling, once.
func (t *Table) damageCheck(r *Ruling, law string) { addDamageCheck(r, law, &t.findings) }

// addDamageCheck adds a damage check under law to r, once, and lists it in
// *open for the finding that answers it.
func addDamageCheck(r *Ruling, law string, open *[]*damageCheck) {
	for _, l := range r.Rect.DamageCheck {
		if l == law {
			return
		}
	}
	r.Rect.DamageCheck = append(r.Rect.DamageCheck, law)
	*open = append(*open, &damageCheck{ruling: r, law: law})
}

// adjustment describes the assigned adjusted score that follows a damage
// check under law: 1997 assigned scores are Law 12C2, 2017 ones 12C1(b).
// The 1997 enforced-pass rule (Law 23) refers to Law 72B1; its 2017 home
// is Law 72C.
func (t *Table) adjustment(law string) string {
	switch law {
	case "23":
		return "assigned adjusted score (Law 23, see 72B1; Law 12C2): the offender could have known the enforced pass would likely damage the non-offending side"
	case "72C":
		return "assigned adjusted score (Law 72C; Law 12C1(b)): the offender could have been aware the irregularity could well damage the non-offending side"
	case "43B3", "43B2(c)":
		return fmt.Sprintf("the defenders' score alone is adjusted, taking away what their irregularity gained; declarer's side keeps the table result (Law %s)", law)
	}
	return fmt.Sprintf("assigned adjusted score for the non-offending side (Law %s; Law %s)", law, t.law("12C2", "12C1(b)"))
}

// damageFinding answers the latest open damage check that the answer fits.
func (t *Table) damageFinding(ans string) bool {
	enforced := ans == "could-have-known" || ans == "could-not-have-known"
	damage := ans == "damaged" || ans == "not-damaged"
	if !enforced && !damage {
		return false
	}
	for i := len(t.findings) - 1; i >= 0; i-- {
		c := t.findings[i]
		isEnforced := c.law == "23" || c.law == "72C"
		if c.answer != "" || isEnforced != enforced {
			continue
		}
		c.answer = ans
		c.ruling.Findings = append(c.ruling.Findings, ans)
		switch ans {
		case "could-have-known", "damaged":
			c.ruling.Rect.AdjustedScore = t.adjustment(c.law)
		default:
			c.ruling.note(fmt.Sprintf("Law %s: no adjustment", c.law))
		}
		return true
	}
	return false
}

// comparable asks (or decides) whether a replacement call is comparable
// to the withdrawn one (2017 Law 23A). It decides only when the two calls
// are the same call and both were stated natural.
func (t *Table) comparable(r *Ruling, withdrawn, replacement Entry, answers []string, then func(ans string) error) error {
	if withdrawn.Text == "" && withdrawn.Call == replacement.Call && withdrawn.Meaning.Natural && replacement.Meaning.Natural {
		r.note("Law 23A1: the same call with the same stated natural meaning is comparable")
		r.Findings = append(r.Findings, "comparable")
		return then("comparable")
	}
	if answers == nil {
		answers = []string{"comparable", "not-comparable"}
	}
	t.wait(&decision{kind: NeedsFinding, ruling: r, answers: answers, resolve: then,
		question: fmt.Sprintf("is %s comparable to the withdrawn %s (Law 23A)?", replacement, withdrawn)})
	return nil
}
