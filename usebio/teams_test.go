package usebio

import (
	"bytes"
	"context"
	"os"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/bridgetd/bridgetd/internal/eventtest"
	"github.com/bridgetd/bridgetd/publish"
)

// exportTeams writes results as USEBIO, checks the file against the DTD
// and reads it back.
func exportTeams(t *testing.T, r *publish.Results) (*File, string) {
	t.Helper()
	var b bytes.Buffer
	if err := Encode(&b, FromResults(r, Club{Name: "Teams club"})); err != nil {
		t.Fatal(err)
	}
	text := b.String()
	d, _ := usebioDTD(t)
	if bad, err := d.Validate(b.Bytes(), "USEBIO"); err != nil || len(bad) != 0 {
		t.Errorf("the teams export does not validate: %v %v", err, bad)
	}
	if strings.Contains(text, "NS_IMPS") {
		t.Errorf("the teams export writes NS_IMPS, which no real file has")
	}
	back, err := Decode(&b, "export")
	if err != nil {
		t.Fatal(err)
	}
	return back, text
}

// TestTeamsSplitScoreRoundTrip: a Swiss teams round scored by package
// event, in which team a v team b has a Law 12C1(b) split score on board 1
// (a assigned +420, b −50, against 4♠ by East making in the other room):
// a's own IMPs are +13, b's −9, and each team's VPs come from its own
// IMPs. Exported, the MATCH carries both teams' IMPs and VPs; read back,
// every figure of the matches and the ranking is as package event scored
// it, and Check finds nothing to differ.
func TestTeamsSplitScoreRoundTrip(t *testing.T) {
	ev, sc := eventtest.SplitScore(t)
	aVP, _ := sc.VP(13, 2)
	bVP, _ := sc.VP(-9, 2)
	r, err := publish.FromEvent(context.Background(), ev)
	if err != nil {
		t.Fatal(err)
	}
	back, text := exportTeams(t, r)
	for _, want := range []string{
		"<MATCH_SCORING_METHOD>VPS</MATCH_SCORING_METHOD>",
		"<TEAM>a</TEAM>", "<OPPOSING_TEAM>b</OPPOSING_TEAM>",
		"<TEAM_SCORE>" + num(aVP) + "</TEAM_SCORE>", "<OPPOSING_TEAM_SCORE>" + num(bVP) + "</OPPOSING_TEAM_SCORE>",
		"<TEAM_IMPS>13</TEAM_IMPS>", "<OPPOSING_TEAM_IMPS>-9</OPPOSING_TEAM_IMPS>",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("Law 12C1(b): the export lacks %s", want)
		}
	}
	got, err := back.Results()
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got.Matches, r.Matches) {
		t.Errorf("matches read back:\n%+v\nwant\n%+v", got.Matches, r.Matches)
	}
	if len(got.Fields) != 1 || len(got.Fields[0].Standings) != 4 {
		t.Fatalf("ranking read back: %+v", got.Fields)
	}
	for i, st := range r.Fields[0].Standings {
		g := got.Fields[0].Standings[i]
		if g.Entrant != st.Entrant || g.Place != st.Place || g.Tied != st.Tied || g.Score != st.Score {
			t.Errorf("ranking line %d read back %+v, want %+v", i+1, g, st)
		}
	}
	diffs, errs := Check(back)
	if len(diffs) != 0 || len(errs) != 0 {
		t.Errorf("our own teams export re-scores differently: %v %v", diffs, errs)
	}
}

// TestTeamsBoardsRoundTrip: the RealBridge teams file (a real event: 10
// boards, each match's two rooms) exported: each match a MATCH with its
// boards, each board's two traveller lines saying where the match's TEAM
// sat; read back, every line's IMPs (its room against the other, Law 78B)
// and every match's IMPs are those the PBN file's scoring gave, and Check
// re-scores the lines and matches with no difference. A TEAM_IMPS put
// wrong is found.
func TestTeamsBoardsRoundTrip(t *testing.T) {
	fh, err := os.Open("../publish/testdata/realbridge-teams-2021.pbn")
	if err != nil {
		t.Fatal(err)
	}
	r, _, err := publish.FromPBN(context.Background(), fh, "realbridge.pbn", publish.PBNOptions{})
	fh.Close()
	if err != nil {
		t.Fatal(err)
	}
	want := publish.MatchesFromBoards(r.Boards)
	back, text := exportTeams(t, r)
	if n := strings.Count(text, "<MATCH>"); n != len(want) || n == 0 {
		t.Errorf("%d MATCH elements, want %d", n, len(want))
	}
	if n := strings.Count(text, "<DIRECTION>"); n == 0 {
		t.Errorf("no traveller line says where its match's TEAM sat")
	}
	diffs, errs := Check(back)
	if len(diffs) != 0 || len(errs) != 0 {
		t.Errorf("our own teams export re-scores differently: %v %v", diffs, errs)
	}
	got, err := back.Results()
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got.Matches, want) {
		t.Errorf("matches read back:\n%+v\nwant\n%+v", got.Matches, want)
	}
	imps := func(bs []publish.BoardResult) map[[3]string]float64 {
		out := map[[3]string]float64{}
		for _, b := range bs {
			for _, row := range b.Rows {
				if row.Scored {
					out[[3]string{strconv.Itoa(b.Number), row.NS, row.EW}] = row.NSMP
				}
			}
		}
		return out
	}
	if g, w := imps(got.Boards), imps(r.Boards); !reflect.DeepEqual(g, w) || len(w) == 0 {
		t.Errorf("each line's IMPs read back:\n%v\nwant\n%v", g, w)
	}
	// A match's IMPs put wrong in the file: Check says which and where.
	m := &back.Events[0].Matches[0]
	m.TeamIMPs = "99"
	diffs, _ = Check(back)
	if len(diffs) != 1 || diffs[0].Field != "TEAM_IMPS" || diffs[0].File != "99" || !strings.Contains(diffs[0].Where, "match "+m.Team+" v "+m.Opposing) {
		t.Errorf("TEAM_IMPS 99: %v, want one difference naming the match", diffTexts(diffs))
	}
}
