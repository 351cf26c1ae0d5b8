package server

import (
	"net/http"
	"strings"
	"testing"

	"github.com/bridgetd/bridgetd/internal/store"
)

// FuzzEntry: a table's entry body never panics the decoder, and an entry it
// accepts passes the store's own check (Law 77: 0 to 13 tricks, a level of
// 1 to 7 or passed out).
func FuzzEntry(f *testing.F) {
	f.Add(`{"key":"k","board":1,"level":4,"strain":"S","declarer":"N","tricks":10,"lead":"HA"}`)
	f.Add(`{"key":"k","board":2,"level":0}`)
	f.Add(`{"board":"x"}`)
	f.Add(`[1,2]`)
	f.Fuzz(func(t *testing.T, body string) {
		r, _ := http.NewRequest("POST", "/", strings.NewReader(body))
		var in entryJSON
		if err := decode(r, &in); err != nil {
			return
		}
		e, err := in.entry()
		if err != nil {
			return
		}
		if err := e.Check(); err != nil {
			t.Errorf("entry %+v accepted by the page's decoder, refused by the store: %v", in, err)
		}
	})
}

// FuzzOutcomes: weighted outcomes (Law 12C1(c)) never panic the reader, and
// what it accepts has a number and a weight in each part.
func FuzzOutcomes(f *testing.F) {
	f.Add("420:0.6, -50:0.4")
	f.Add(":,:")
	f.Fuzz(func(t *testing.T, s string) {
		os, err := parseOutcomes(s)
		if err != nil {
			return
		}
		if n := strings.Count(s, ":"); len(os) != n {
			t.Errorf("parseOutcomes(%q) = %d outcomes from %d parts", s, len(os), n)
		}
	})
}

// FuzzAward: an artificial score (Law 12C2) is A+, A, A- or a percentage
// from 0 to 100, never anything else.
func FuzzAward(f *testing.F) {
	for _, s := range []string{"A+", "A", "A-", "60", "60%", "101", "-1", "NaN"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a, err := store.ParseAward(s)
		if err != nil {
			return
		}
		if a.Value < 0 || a.Value > 100 || a.Value != a.Value {
			t.Errorf("ParseAward(%q) = %v", s, a)
		}
	})
}
