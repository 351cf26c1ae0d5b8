package systemcard

import (
	"fmt"
	"strings"
	"testing"
)

// largestCard builds a card of nearly MaxCardSize bytes: every opening
// with MaxVariations variations and the rest filled with overcalls, the
// most work a card file can ask of Decode and Classify.
func largestCard() []byte {
	var b strings.Builder
	b.WriteString(`{"name": "W", "players": [{"name": "A", "rank": "club"}, {"name": "B", "rank": "club"}], "openings": {`)
	calls := []string{"1C", "1D", "1H", "1S", "1NT", "2C", "2D", "2H", "2S", "2NT", "3C", "3D", "3H", "3S"}
	for i, c := range calls {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `"%s": {"hcp": [11, 21], "varies": [`, c)
		for j := range MaxVariations {
			if j > 0 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, `{"by": "seat", "when": ["3rd"], "hcp": [%d, 21]}`, j)
		}
		b.WriteString("]}")
	}
	b.WriteString(`}, "overcalls": [`)
	for i := 0; b.Len() < MaxCardSize-200; i++ {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString(`{"over": ["1C"], "bid": "2NT", "hcp": [5, 9], "two_suited": {"min": [5, 3]}}`)
	}
	b.WriteString("]}")
	return []byte(b.String())
}

// BenchmarkLargestCard decodes and classifies the largest card a file may
// hold (issue 13: a size limit bounds the work).
func BenchmarkLargestCard(b *testing.B) {
	data := largestCard()
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		c, err := DecodeBytes(data, "w.json")
		if err != nil {
			b.Fatal(err)
		}
		Classify(c)
	}
}
