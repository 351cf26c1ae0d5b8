package server

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/event"
	"github.com/bridgetd/bridgetd/internal/store/storetest"
)

// TestConsoleForfeit: the director declares a teams match forfeited in
// the console; package event's rule scores it (NSWBA 13.9: the side in
// default 0 VPs, the other at least the award of 18 VPs of 30 on the
// event's scale) and the ranking shows it, as bridgetd rank would from the
// exported event file. A forfeit the rule refuses changes nothing.
func TestConsoleForfeit(t *testing.T) { storetest.Run(t, testConsoleForfeit) }

func testConsoleForfeit(t *testing.T, bk storetest.Backend) {
	e := newEnv(t, bk)
	demo := e.id
	// A pairs movement scored by matchpoints has no forfeits.
	if code, body := e.postForm(fmt.Sprintf("/console/%d/forfeits", demo), url.Values{"round": {"1"}, "match": {"1"}, "offender": {"1"}}); code != http.StatusBadRequest {
		t.Errorf("forfeit at a Mitchell: %d %s, want 400", code, body)
	}
	id := e.createEvent(url.Values{"name": {"Teams"}, "movement": {"round-robin"}, "entrants": {"4"}, "per_round": {"2"}})
	for n := 1; n <= 3; n++ {
		e.playRound(n)
	}
	ev := e.exported()
	_, _, m, err := ev.Match(2, 1)
	if err != nil {
		t.Fatal(err)
	}
	home, away := m.NS, m.EW
	other := 1
	for other == home || other == away {
		other++
	}
	path := fmt.Sprintf("/console/%d/forfeits", id)
	for _, c := range []struct {
		why  string
		v    url.Values
		code int
	}{
		{"a team not at the table", url.Values{"round": {"2"}, "match": {"1"}, "offender": {fmt.Sprint(other)}}, http.StatusBadRequest},
		{"no such match", url.Values{"round": {"2"}, "match": {"9"}, "offender": {fmt.Sprint(home)}}, http.StatusNotFound},
		{"offender not a number", url.Values{"round": {"2"}, "match": {"1"}, "offender": {"home"}}, http.StatusBadRequest},
	} {
		if code, body := e.postForm(path, c.v); code != c.code {
			t.Errorf("%s: %d %s, want %d", c.why, code, body, c.code)
		}
	}
	if f := e.exported(); mustMatch(t, f, 2, 1).Forfeit != nil {
		t.Fatal("a refused forfeit was recorded")
	}
	if code, body := e.postForm(path, url.Values{"round": {"2"}, "match": {"1"}, "offender": {fmt.Sprint(away)}}); code != http.StatusSeeOther {
		t.Fatalf("forfeit: %d %s", code, body)
	}
	if code, _ := e.postForm(path, url.Values{"round": {"2"}, "match": {"1"}, "offender": {fmt.Sprint(home)}}); code != http.StatusConflict {
		t.Errorf("second forfeit of one match: %d, want 409", code)
	}
	ev = e.exported()
	if f := mustMatch(t, ev, 2, 1).Forfeit; f == nil || *f != bridge.EW {
		t.Fatalf("exported forfeit %v, want the away team (East–West)", f)
	}
	lines, err := e.srv.matchLines(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	award := 18.0 / 30 * ev.VPTotal // NSWBA 13.9(a)
	found := false
	for _, l := range lines {
		if l.Round != 2 || l.Table != 1 {
			continue
		}
		found = true
		if l.VP == nil || l.VP[1] != 0 || l.VP[0] < award-0.01 || l.Forfeit == "" {
			t.Errorf("forfeited match line %+v: want the away team 0 VP, the home team at least %g", l, award)
		}
	}
	if !found {
		t.Fatal("no match line for round 2 match 1")
	}
	got, err := e.srv.Ranking(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	sameRanking(t, "after the forfeit", got, ev)
	page := e.get(fmt.Sprintf("/results/%d", id))
	if !strings.Contains(page, "forfeited by") {
		t.Error("the ranking page does not show the forfeit")
	}
}

// mustMatch returns match t of round r of the event file.
func mustMatch(t *testing.T, ev *event.Event, r, table int) *event.Match {
	t.Helper()
	_, _, m, err := ev.Match(r, table)
	if err != nil {
		t.Fatal(err)
	}
	return m
}
