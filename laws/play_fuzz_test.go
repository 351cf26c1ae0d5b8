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
	// Laws 42-48, 58-60, 65-67 (playcards.go, dummy.go, law59_60.go, law65_67.go)
	f.Add(trick1 + "N touches S6\nW holds S3\nN names win\nE adds H9\nN changes-designation S7\n")
	f.Add(trick1 + "N names any\nW designates H6\nW plays H2 also DQ\nN plays HA hidden HK\nE retracts H9 explanation\n")
	f.Add(trick1 + "W plays S3\nS plays S6 sim\nS misplaced S6\nN names 8\nN designates H8\n")
	f.Add("E plays CJ\nS looks-at W\nS plays CA\nW plays C5\nN plays S2\nS asks-revoke\nN corrects-revoke C3\nS warns\nE chooses N\nS attention\n")
	f.Add("E plays CJ\nS plays CA\nW omits\nN plays C2\nS plays S6\nW plays S3\nW supplies C5\nW points-out 1 N\nE inspects 1\n")
	f.Add("W leads D3\nE plays SJ\nN faces\nS suggests S6\nW retracts D3 turn\n")
	// Laws 13-16, 79, 87, 90 (law12_16play.go, law79_90.go)
	f.Add(trick1 + "W found D3\nE hesitates\nN wrong-count correctable\nTD damaged\nN penalty slow 10%\nwrong-board first-time\n")
	f.Add(trick1 + "N claims 12\nE agrees\nW agrees\nend-of-play\nN records 12\nend-of-round\nE disputes-tricks\nend-of-correction\nE mixes\nfouled N:AKQ2.AKQ.AK2.732 JT9.JT9.JT9.JT98 876.876.876.AKQ4 543.5432.Q543.65\n")
	// Laws 14B, 58B3, 58B4, 60A, 67A2, 67B2 (law12_16play.go, playcards.go, law65_67.go)
	f.Add(trick1 + "W found H2 exposed\nS plays CK\nW plays D3\nN plays C3\nE plays C8\nW replaced C6\nW extra C6 1 exposed\n")
	f.Add(trick1 + "S plays S6\nW plays S3 also H2\nN plays SA\nN changes-card S2\nE plays S9\nE changes-card SJ\nW extra D3 2\nW surplus HJ played\n")
	f.Add(trick1 + "W exposes DQ\nS plays S6\nW plays S3\nN plays SA\nE plays S9\nE plays H9\nS plays H6\nW extra C6 1\n")
	// Laws 53B/53C, 54C, 60A (law59_60.go); 67B2 unknown, 14B1 after the play (law65_67.go)
	f.Add("W leads D3\nS plays S6\n")
	// 60C: plays before declarer's 57A or 50D2 choice; 55 over 50D2; 13C
	f.Add(trick1 + "S plays H6\nE plays HT\nW plays H5\nN requires-lowest\nW plays H2\n")
	f.Add("W leads D3\nN declines\nE plays DT\nN prohibits D\nE plays HJ\n")
	f.Add("E plays CJ\nS plays C7\nW plays C5\nN plays C2\nW plays H2\nN declines\nN plays SA\nW declines\nN requires H\n")
	f.Add("E plays CJ\nS plays C7\nW plays CA surplus\nN plays C2\nW surplus CA played\nTD damaged\n")
	f.Add(trick1 + "N plays SA\nW plays S3\nN requires-lowest\n")
	f.Add(trick1 + "W plays H2\nS plays S6\nE plays CJ\n")
	f.Add(trick1 + "S plays S6\nW plays S3\nN plays SA\nE plays S9\nW extra C6 1 unknown exposed\n")
	f.Add(trick1 + agreedRest + "W extra C6 1 unknown\nend-of-correction\nW extra C6 1\n")
	f.Add(trick1 + "end-of-play\nE agrees-tricks 2\nhands-returned\nN agrees-tricks 1\nW adds H2 led\n")
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
