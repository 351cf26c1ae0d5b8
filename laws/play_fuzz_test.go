package laws

import (
	"errors"
	"strings"
	"testing"
)

// FuzzPlayLog feeds play lines after a fixed auction and deal to the
// table-log parser and plays what parses: never a panic, every error names
// its line, every ruling cites a law.
func FuzzPlayLog(f *testing.F) {
	f.Add(trick1 + "S plays S6\nE plays SJ\nN requires-lowest\nW plays S5\n")
	f.Add("W leads D3\nN declines\nN requires D\nE plays DJ\n")
	f.Add("W leads D3\nN spread\nN plays D2\n")
	f.Add(trick1 + "N claims 12 trumps, run H, finesse DQ\nW objects\n")
	f.Add(trick1 + "E concedes\nW objects\nE exposes HJ\n")
	f.Add(trick1 + "N concedes 3\nE agrees\nN withdraws-agreement\nend-of-play\n")
	f.Add("E plays CJ\nS plays CA\nW plays H2\nN plays C2\nN claims 12\nE agrees\nend-of-play\n")
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > maxFuzzLog {
			s = s[:maxFuzzLog]
		}
		lg, err := ParseLog(strings.NewReader(playHeader + s))
		if err != nil {
			var le *LineError
			if !errors.As(err, &le) || le.Line == 0 {
				t.Fatalf("parse error without a line: %v", err)
			}
			return
		}
		if lg.Deal == nil {
			t.Fatal("deal header lost")
		}
		tb, err := lg.Play(0)
		if err != nil {
			var le *LineError
			if !errors.As(err, &le) || le.Line == 0 {
				t.Fatalf("error without a line: %v", err)
			}
		}
		if p := tb.Play(); p != nil {
			for _, r := range p.Rulings() {
				if r.Law == "" {
					t.Fatalf("ruling without a law: %+v", r)
				}
			}
			_ = p.Result()
		}
	})
}

// FuzzParseStatement: a statement that parses prints in a form that
// parses to the same steps.
func FuzzParseStatement(f *testing.F) {
	for _, s := range []string{"trumps, run H, finesse DQ", "SA SK then crossruff", "duck C and ruff D", "trumps-out best", "finesse", "H8 S ♠K"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		st, err := ParseStatement(s)
		if err != nil {
			if !errors.Is(err, ErrStatement) {
				t.Fatalf("error %v does not wrap ErrStatement", err)
			}
			return
		}
		again, err := ParseStatement(st.String())
		if err != nil || again.String() != st.String() {
			t.Fatalf("%q printed as %q, read back as %q (%v)", s, st.String(), again.String(), err)
		}
	})
}
