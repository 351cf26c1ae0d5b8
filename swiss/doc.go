// Package swiss makes the draw for the next round of a Swiss pairs or Swiss
// teams event.
//
// The draw is Monrad-style, as bridge practises it: the field is ranked by
// current score and paired from the top, first against second, third
// against fourth and so on, moving an entrant down the list only as far as
// is needed to avoid a rematch. The search is exact, not greedy: before an
// entrant is paired with a candidate, a maximum-matching test (Edmonds'
// blossom algorithm over the graph of pairs not yet met) proves that the
// rest of the field can still be paired with no more rematches than the
// fewest possible for the whole field. A rematch therefore happens only
// when no draw at all avoids it, and the result is the best such draw read
// from the top of the standings.
//
// An odd field gives a bye (a sit-out, or half matches in Swiss pairs) to
// the lowest-placed entrant with the fewest byes so far, chosen so that
// the rest of the field can still be paired with the fewest rematches.
//
// The first round is drawn at random from a seed, or by rating (the top
// half of the field against the bottom half).
//
// # Frozen standings
//
// A draw is made from a Standings value: a deep copy of the scores,
// opponents and byes at the moment it is taken (Freeze). Draws are made
// when all matches of the session have been scored and a later appeal
// that changes a score does not alter a draw already made (NSWBA 14);
// the caller takes the snapshot at the end of the session and keeps it
// with the draw, and nothing it changes afterwards reaches either.
//
// # Forfeits
//
// Before a draw after 50% and after 75% of the matches, the score awarded
// to the non-offender in a forfeited match is raised to the highest of the
// award, its own mean in completed matches and the mean of the offender's
// opponents in completed matches (NSWBA 13, forfeited matches). Package
// event computes the figure from its regulation profile; Options.Adjust
// lets the caller substitute the adjusted scores into the standings just
// before the draw.
package swiss
