package publish

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/bridgetd/bridgetd/scoresheet"
)

// twoWinnerPBN: pairs 1 and 2 sit North–South, 3 and 4 East–West. Pair 1
// beats pair 2 on both boards (+450 against +420), so 3 and 4, who each
// meet pair 1 once, finish level.
const twoWinnerPBN = `[Event "Two winner"]
[Board "1"]
[Vulnerable "None"]
[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Lead"]
1 3 4S N 11 HT
2 4 4S N 10 CA

[Board "2"]
[Vulnerable "NS"]
[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Lead"]
1 4 3NT S 10 -
2 3 3NT S 9 D2
`

// oneRowBothWays adds a board on which pair 3 sits North–South.
const oneRowBothWays = `
[Board "3"]
[Vulnerable "EW"]
[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result"]
3 1 4H E 10
4 2 TD - -
`

func fields(fs []Field) string {
	got := ""
	for _, f := range fs {
		got += f.Name + ":"
		for _, s := range f.Standings {
			got += " " + PlaceText(s.Place, s.Tied) + " " + s.Entrant
		}
		got += "\n"
	}
	return got
}

// TestFromPBNTwoWinner: when no pair sat both ways (a Mitchell without
// arrow switch) the pairs are ranked per direction, each field from place
// 1, equal scores sharing a place (NSWBA 12.1); one pair sitting both
// ways makes one field. Each row carries how it was played, the lead in
// players' notation.
func TestFromPBNTwoWinner(t *testing.T) {
	r, rep, err := FromPBN(context.Background(), strings.NewReader(twoWinnerPBN), "two.pbn", PBNOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Errors) > 0 {
		t.Fatalf("errors: %v", rep.Errors)
	}
	if want := "North–South: 1 1 2 2\nEast–West: 1= 3 1= 4\n"; fields(r.Fields) != want {
		t.Errorf("fields:\n%swant:\n%s", fields(r.Fields), want)
	}
	if r.Form != Matchpoints || r.Title != "Two winner" || len(r.Boards) != 2 {
		t.Fatalf("form %v, title %q, %d boards", r.Form, r.Title, len(r.Boards))
	}
	row := r.Boards[0].Rows[0]
	if !row.HasContract || row.Contract.String() != "4♠" || row.Declarer.String() != "N" || row.Tricks != 11 || row.Lead != "♥10" || row.Score != 450 || row.NSPct != 100 {
		t.Errorf("board 1 row 1: %+v", row)
	}
	if l := r.Boards[1].Rows[0].Lead; l != "" {
		t.Errorf("lead - read as %q", l)
	}
	if r.Boards[0].Tricks != nil {
		t.Errorf("a board solved without PBNOptions.Solve")
	}

	r, _, err = FromPBN(context.Background(), strings.NewReader(twoWinnerPBN+oneRowBothWays), "one.pbn", PBNOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Fields) != 1 || r.Fields[0].Name != "" {
		t.Errorf("a one-winner event ranked in fields:\n%s", fields(r.Fields))
	}
	if td := r.Boards[2].Rows[1]; td.HasContract || !strings.HasPrefix(td.Note, "Director: ") {
		t.Errorf("director's row: %+v", td)
	}
}

// TestFromPBNErrors: an unknown method and a file without games are
// refused.
func TestFromPBNErrors(t *testing.T) {
	_, _, err := FromPBN(context.Background(), strings.NewReader(twoWinnerPBN), "two.pbn", PBNOptions{Method: "total"})
	if !errors.Is(err, scoresheet.ErrMethod) {
		t.Errorf("method total: %v", err)
	}
	if _, _, err := FromPBN(context.Background(), strings.NewReader(""), "empty.pbn", PBNOptions{}); err == nil || !strings.Contains(err.Error(), "empty.pbn") {
		t.Errorf("empty file: %v", err)
	}
}
