// Package regulation holds the figures a sponsoring organisation fixes for its
// events: the fines for late arrival, slow play and mobile phones, the windows
// after which an offence counts as a first offence again, the tie-break caps,
// the time limits on corrections, forfeit and adjusted scores.
//
// A Profile names every figure, so that a club or another body can supply its
// own: Load reads a JSON object over the defaults, and any field left out keeps
// the NSWBA value. NSWBA2011 returns the New South Wales Bridge Association
// Tournament Regulations valid as at 1 July 2011, the profile bridgetd uses when
// an event names none.
//
// Citations: the transcription of the NSWBA regulations in the project's seeds
// keeps section numbers but drops most sub-clause numbers, so fields cite the
// section and the paragraph's subject, e.g. "NSWBA 7 (late arrival)" or
// "NSWBA 12 (Swiss (c))"; where the transcription keeps a number (7.1, 7.4,
// 13.6) it is given.
//
// The package is data and small look-ups; it neither reads event files nor
// decides who is fined. Packages event and score apply these figures: the
// forfeit award and its re-adjustments (NSWBA 13.9), average plus and minus
// (NSWBA 8.3), unplayed boards (NSWBA 13.10) and half matches (NSWBA 13.7).
//
// Notations that belong to one body are here too, named as that body's:
// ParseNSWBASlip reads the written bidding slip of NSWBA 6.2.6 (/ for a
// pass, // for the final pass, NT and never N); table logs copied from
// slips read their calls through it (package laws, header "slips nswba").
package regulation
