package server

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/internal/store"
	"github.com/bridgetd/bridgetd/internal/store/storetest"
)

// TestIndividualTableNamesFourPlayers: at an individual event a table's
// page names its four players by seat, as the movement seats them (Law 5A:
// North and South partners against East and West), in the round's header
// and at East–West's check; a pairs table names its two pairs.
func TestIndividualTableNamesFourPlayers(t *testing.T) {
	storetest.Run(t, testIndividualTableNamesFourPlayers)
}

func testIndividualTableNamesFourPlayers(t *testing.T, bk storetest.Backend) {
	e := newEnv(t, bk)
	if v := e.state(1); len(v.Seats) != 0 || v.NS == "" || v.EW == "" {
		t.Errorf("a pairs table: seats %v, NS %q EW %q; want no seats and two pairs", v.Seats, v.NS, v.EW)
	}
	id := e.createEvent(url.Values{"name": {"Individual"}, "movement": {"individual"}, "tables": {"2"}, "per_round": {"1"}})
	ctx := t.Context()
	ens, err := e.st.Entrants(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	for _, en := range ens {
		if err := e.st.SetEntrant(ctx, id, store.Entrant{Number: en.Number, Players: []store.Player{{Name: fmt.Sprintf("Player%02d", en.Number)}}}); err != nil {
			t.Fatal(err)
		}
	}
	if code, body := e.postForm(fmt.Sprintf("/console/%d/rounds/1/start", id), nil); code != http.StatusSeeOther {
		t.Fatalf("start round 1: %d %s", code, body)
	}
	e.refreshCodes()
	seats, err := e.st.Seatings(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	for table := 1; table <= 2; table++ {
		var want []int
		for _, s := range seats {
			if s.Round == 1 && s.Table == table {
				want = s.Players
			}
		}
		if len(want) != 4 {
			t.Fatalf("table %d: the movement seats %v", table, want)
		}
		name := func(s bridge.Seat) string { return fmt.Sprintf("%s %d Player%02d", s.Name(), want[s], want[s]) }
		v := e.state(table)
		var got []string
		for _, s := range v.Seats {
			got = append(got, s.Seat+" "+s.Player)
		}
		wantSeats := []string{name(bridge.North), name(bridge.South), name(bridge.East), name(bridge.West)}
		if strings.Join(got, "|") != strings.Join(wantSeats, "|") {
			t.Errorf("table %d seats %v, want %v", table, got, wantSeats)
		}
		page := e.get("/t/" + e.codes[table])
		head, _, _ := strings.Cut(page, `id="queue"`)
		for _, w := range wantSeats {
			if !strings.Contains(head, w) {
				t.Errorf("table %d's round header lacks %q", table, w)
			}
		}
		_, check, _ := strings.Cut(page, `id="confirm-seats"`)
		check, _, _ = strings.Cut(check, "</p>")
		checker := strings.Index(check, "to check")
		if checker < 0 || !strings.Contains(check[:checker], name(bridge.North)) || !strings.Contains(check[checker:], name(bridge.West)) {
			t.Errorf("table %d's East–West check %q: want North–South as entering and East–West to check", table, check)
		}
	}
}
