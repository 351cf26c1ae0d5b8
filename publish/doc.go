// Package publish turns boards and scored results into what players,
// clubs and directors read: printable hand records, a static results site
// and PDFs of the results, the hand records and the director's paper.
//
// It computes no scores: callers give it the numbers (package score and
// package event work them out) as Results, and it lays them out. Pages are
// plain HTML with an inline stylesheet (phone first, A4 when printed) and
// inline SVG charts: no script, no external font or asset, so a site works
// from a USB stick or any web host.
//
//	err := publish.HandRecords(w, boards, publish.HandRecordOptions{PerPage: 4})
//	err = publish.WriteSite(dir, results)   // index.html, board-N.html, card-ID.html, matches.html
//	err = publish.ResultsPDF(w, results)
//	err = publish.DirectorPDF(w, movement, publish.DirectorOptions{Title: "Tuesday pairs"})
//
// Hand records print four boards to an A4 page by default (one to six);
// each board shows the four hands (tens written 10, as the text output
// writes them), the high-card points of each hand around the compass, the
// dealer and vulnerability, the double-dummy table and the par in words.
//
// The site ranks each field (North–South and East–West apart in a
// two-winner event) with shared places written "3=" and qualifiers marked
// Q; each board's page has the diagram, the double-dummy table, the par,
// the traveller (contract, declarer, lead, tricks, score and each side's
// matchpoints or IMPs) and a chart of how the scores were spread; each
// pair's score card lists its boards with the opponents and links to the
// boards; a teams or Swiss event adds its matches and a chart of each
// entrant's place after each round. A match whose teams' IMPs do not
// cancel (a Law 12C1(b) split score, average-minus to both) shows each
// team's own net figure, "+13 / −9", beside the VPs package event scored
// each team from its own.
//
// Where a table's play was recorded, its double-dummy analysis (issue 19,
// ddtag.Analyse) is shown as a results site shows it: declarer's tricks
// with best play before the lead and after every card, the card led in
// each trick underlined, each card that cost its side a trick in red with
// what it cost, and a claim or concession that ended the play. A
// traveller links each row to its table's play under it and the results
// PDF sums each up in words (Played.Summary); hand records print the
// plays after the boards (AttachPlays).
//
// The PDFs embed DejaVu Sans (fonts/LICENSE), the core PDF fonts having no
// suit symbols, and print hearts and diamonds in red. The director's paper
// of a pairs movement (package movement) has a card for each table saying
// where East–West and the boards go after each round (a table, the bye
// stand, the relay tables), a guide card for each pair, a traveller for
// each board with its pairs filled in, and pick-up slips.
package publish
