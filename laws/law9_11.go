package laws

// Laws 9–11: procedure after an irregularity.
//
//   Law 9A  (1997 and 2017): during the auction any player may draw
//           attention to an irregularity (Table.Attention). During the play
//           dummy may not (1997 9A2(b); 2017 9A4(a)).
//   Law 9B2: no player acts until the Director has explained the
//           rectification; a call made meanwhile is cancelled (premature).
//   Law 9C:  premature correction by the offenders may be rectified further.
//   Law 10C (both codes): the Director states every option (Ruling.Options);
//           the player entitled chooses without consulting partner, so a
//           choice by anyone else is refused with ErrNotEntitled (Choose).
//   Law 11A (both codes): a non-offending player who acts before the
//           Director is summoned may forfeit the right to rectification; the
//           specific forms are acceptance by calling (27A, 29A, 25B1), the
//           correct player's call (28B) and condonation (35; 2017 36A, 37A,
//           39B). The general form is ruled when the other member of the
//           non-offending side calls while an option is open: the Director
//           finds "forfeited" (the irregularity stands as accepted and the
//           call is ruled as made) or "not-forfeited" (the call is
//           cancelled under 9B2 and the option stays open). It is also
//           ruled when a non-offender calls while the offender still has
//           to make his call (27B, 25B2(b)(2), 35–39): "forfeited" cancels
//           the call and lifts the ruling's bars, lead restrictions and
//           score cap, present and to come (Table.waive); "not-forfeited"
//           cancels it under 9B2. LHO's own call over an irregularity is
//           ruled under its specific law (acceptance or condonation); in
//           2017 25B1 it accepts a changed call only if intentional, which
//           the Director finds.
//
// The code of these laws lives in table.go (Choose, Attention, premature,
// forfeiture).
