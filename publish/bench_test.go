package publish

import (
	"bytes"
	"fmt"
	"io"
	"testing"

	"github.com/bridgetd/bridgetd/bridge"
)

// bigEvent is a matchpoint event of 100 tables and 36 boards, each board
// played at every table (a barometer): 200 pairs, 3600 rows. The deals are
// the JFR barometer's, repeated.
func bigEvent(b *testing.B) *Results {
	b.Helper()
	deals := jfr(b)
	r := &Results{Title: "Benchmark pairs", Date: "2024.03.05", Form: Matchpoints}
	for p := 1; p <= 200; p++ {
		r.Entrants = append(r.Entrants, Entrant{ID: fmt.Sprint(p), Names: fmt.Sprintf("Player %dA & Player %dB", p, p)})
	}
	c := bridge.Contract{Level: 4, Strain: bridge.SpadesStrain}
	f := Field{}
	for n := 1; n <= 36; n++ {
		bd := deals[(n-1)%len(deals)]
		bd.Number = n
		br := BoardResult{Board: bd}
		for t := 1; t <= 100; t++ {
			tricks := 8 + (t*7+n)%5
			score := bridge.Score(c, bridge.North, tricks, bd.Vul)
			br.Rows = append(br.Rows, Row{NS: fmt.Sprint(t), EW: fmt.Sprint(100 + t), HasContract: true, Contract: c,
				Declarer: bridge.North, Lead: "♣A", Tricks: tricks, HasScore: true, Score: score, Scored: true,
				NSMP: float64(t % 99), EWMP: float64(98 - t%99), NSPct: float64(t%99) / 0.98, EWPct: float64(98-t%99) / 0.98})
		}
		r.Boards = append(r.Boards, br)
	}
	for p := 1; p <= 200; p++ {
		f.Standings = append(f.Standings, Standing{Place: p, Entrant: fmt.Sprint(p), Score: float64(3000 - p), Percent: 50, Boards: 36})
	}
	r.Fields = []Field{f}
	return r
}

// BenchmarkSite100x36 builds every page of the site of a 100-table,
// 36-board event (438 pages) in memory.
func BenchmarkSite100x36(b *testing.B) {
	r := bigEvent(b)
	b.ResetTimer()
	for b.Loop() {
		pages, err := Site(r)
		if err != nil || len(pages) != 1+36+200 {
			b.Fatalf("%d pages, %v", len(pages), err)
		}
	}
}

// BenchmarkResultsPDF100x36 writes the results PDF (rankings and 36
// travellers of 100 rows) of the same event.
func BenchmarkResultsPDF100x36(b *testing.B) {
	r := bigEvent(b)
	b.ResetTimer()
	for b.Loop() {
		if err := ResultsPDF(io.Discard, r); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkHandRecordsPDF36 writes the 36 boards' hand records as PDF.
func BenchmarkHandRecordsPDF36(b *testing.B) {
	r := bigEvent(b)
	boards := make([]Board, len(r.Boards))
	for i := range r.Boards {
		boards[i] = r.Boards[i].Board
	}
	b.ResetTimer()
	for b.Loop() {
		var buf bytes.Buffer
		if err := HandRecordsPDF(&buf, boards, HandRecordOptions{Title: r.Title}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkWriteSite100x36 writes the same site's 237 pages to disk, each
// file replaced atomically (written beside, synced, renamed).
func BenchmarkWriteSite100x36(b *testing.B) {
	r := bigEvent(b)
	dir := b.TempDir()
	b.ResetTimer()
	for b.Loop() {
		if err := WriteSite(dir, r); err != nil {
			b.Fatal(err)
		}
	}
}
