// Package scoresheet scores an event recorded in PBN. It reads each
// board's results from the games' ScoreTable tags (PBN 2.1 §5.9), or from
// each game's own Contract, Declarer and Result when a file gives one
// table result a game; scores the event with package score (matchpoints,
// Butler, cross-IMPs, total points, or teams IMPs table against table);
// and writes the file back with the computed columns filled in, ScoreMP,
// ScorePercentage or ScoreIMP tags on one-result games, and a
// TotalScoreTable in the first game.
//
// The file is read as a stream, twice: once to gather the results and once
// to write it, so that memory holds the results, not the file.
//
//	rep, err := scoresheet.Score(file, "event.pbn", scoresheet.Options{Method: "mp", Neuberg: true}, os.Stdout)
//
// A row that cannot be read or scored is reported in Report.Errors with the
// file, line, board and row, and marked "?" in the output; everything else
// is still scored and written.
package scoresheet
