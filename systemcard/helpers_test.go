package systemcard

import (
	"strings"
	"testing"

	"github.com/bridgetd/bridgetd/bridge"
)

// load decodes a card from testdata, failing the test on error.
func load(t *testing.T, name string) *Card {
	t.Helper()
	c, err := Load("testdata/" + name)
	if err != nil {
		t.Fatalf("load %s: %v", name, err)
	}
	return c
}

// call parses a call, failing the test on error.
func call(t *testing.T, s string) bridge.Call {
	t.Helper()
	c, err := bridge.ParseCall(s)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// m builds a meaning: an HCP range and known suit lengths such as "H5 S4".
func m(lo, hi int, lengths string) Meaning {
	mm := Meaning{HCP: Range{lo, hi}}
	for _, f := range strings.Fields(lengths) {
		s, err := bridge.ParseSuit(f[:1])
		if err != nil {
			panic(err)
		}
		if mm.Length == nil {
			mm.Length = map[bridge.Suit]int{}
		}
		mm.Length[s] = int(f[1] - '0')
	}
	return mm
}

// setOpening replaces or adds an opening on c.
func setOpening(t *testing.T, c *Card, bid string, artificial, forcing bool, ms ...Meaning) {
	t.Helper()
	b := call(t, bid)
	c.Openings[b] = &Opening{Call: b, Artificial: artificial, Forcing: forcing, Meanings: ms}
}

// has reports whether r has a finding of the kind with the clause and bid.
func has(r Result, kind Kind, clause, bid string) bool {
	for _, f := range r.Findings {
		if f.Kind == kind && f.Clause == clause && (bid == "" || f.Bid == bid) {
			return true
		}
	}
	return false
}
