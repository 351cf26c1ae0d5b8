package scoresheet

import (
	"bytes"
	"strings"
	"testing"

	"github.com/bridgetd/bridgetd/pbn"
)

// FuzzScore: whatever the file holds, Score reports or scores it, never
// panics, and what it writes for a file it read is PBN again with the same
// number of games.
func FuzzScore(f *testing.F) {
	f.Add(small, "")
	f.Add(small, "butler")
	f.Add("[Board \"1\"]\n[North \"a\"]\n[South \"b\"]\n[East \"c\"]\n[West \"d\"]\n[Contract \"4S\"]\n[Declarer \"N\"]\n[Result \"10\"]\n\n[Board \"#\"]\n[Contract \"4S\"]\n[Declarer \"N\"]\n[Result \"9\"]\n", "mp")
	f.Add("[Board \"1\"]\n[Scoring \"IMP\"]\n[Competition \"Teams\"]\n[HomeTeam \"A\"]\n[VisitTeam \"B\"]\n[Contract \"3NT\"]\n[Declarer \"S\"]\n[Result \"9\"]\n\n[Board \"1\"]\n[HomeTeam \"B\"]\n[VisitTeam \"A\"]\n[Contract \"3NT\"]\n[Declarer \"S\"]\n[Result \"8\"]\n", "")
	f.Add("[Board \"1\"]\n[ScoreTable \"PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW;Percentage_NS\"]\n1 2 TD - - - - 60\n3 4 - - - 110 -\n5 6 4HX W -3 800 -\n", "cross-imp")
	f.Fuzz(func(t *testing.T, text, method string) {
		if method != "" && !validMethod(method) {
			method = ""
		}
		var out bytes.Buffer
		rep, err := Score(strings.NewReader(text), "f.pbn", Options{Method: method, Neuberg: true, Rows: true}, &out)
		if err != nil {
			return
		}
		if rep == nil {
			t.Fatal("no report and no error")
		}
		in, err1 := pbn.Parse([]byte(text))
		got, err2 := pbn.Parse(out.Bytes())
		if err1 == nil && (err2 != nil || len(got.Games) != len(in.Games)) {
			t.Fatalf("output does not read back: %v (%d games, want %d)\n%s", err2, len(got.Games), len(in.Games), out.Bytes())
		}
	})
}
