// Package publish turns boards and scored results into what players,
// clubs and directors read: printable hand records, a static results site
// (rankings, travellers, personal score cards, charts) and their PDFs.
//
// It computes no scores: callers give it the numbers (package score and
// package event work them out) and it lays them out. Pages are plain HTML
// with an inline stylesheet and inline SVG charts: no script, no external
// font or asset, so a site works from a USB stick and prints well on A4.
//
//	err := publish.HandRecords(w, boards, publish.HandRecordOptions{PerPage: 4})
//
// Hand records print four boards to an A4 page by default; each board shows
// the four hands (tens written 10, as the text output writes them), the
// high-card points of each hand around the compass, the dealer and
// vulnerability, the double-dummy table and the par in words.
package publish
