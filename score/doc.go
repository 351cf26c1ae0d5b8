// Package score scores duplicate bridge events: matchpoints, IMPs against a
// datum (Butler), cross-IMPs, teams IMPs, total points (Law 78), Victory
// Points, adjusted scores (Law 12) and the scoring
// procedures of the NSWBA Tournament Regulations (8, 12, 13).
//
// It computes and nothing else: it reads no files and imports no
// regulation. Every figure a regulation fixes is a parameter with a
// documented default that names the clause it comes from, so a regulation
// package can supply its own.
//
// A board's traveller is a []Result, one row per table: the two pairs and
// North-South's score (Played), or an adjusted score (Assigned, Split,
// Weighted, Artificial). Results are compared only with those of their
// Group, the version of the board the table played (a fouled board, or the
// cards a pair actually held: see Turned90).
//
//	sc := score.Matchpoints(rows, score.MPOptions{Neuberg: true})
//	sc := score.Butler(rows, score.ButlerOptions{Trim: 1, Round: score.RoundAway})
//	imps := score.IMP(620 - 170)                // 10
//	us, them := score.VP(17, 8, score.WBF2013) // 15.75, 4.25
//	sheet, err := score.Event(boards, score.Options{Method: score.ButlerScoring})
//
// Event scores a whole event and ranks the pairs; a malformed row is left
// out and reported with its board and row, and the rest is still scored.
package score
