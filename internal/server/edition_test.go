package server

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/bridgetd/bridgetd/internal/store"
	"github.com/bridgetd/bridgetd/internal/store/storetest"
)

// TestEventLaws: an event is played under the 2017 Laws unless the
// director sets the 1997 code for it; the setting is kept with the event
// and is the ruling desk's default edition (the director may still pick
// the other code for one ruling).
func TestEventLaws(t *testing.T) { storetest.Run(t, testEventLaws) }

func testEventLaws(t *testing.T, bk storetest.Backend) {
	e := newEnv(t, bk)
	ctx := t.Context()
	b := e.state(1).Boards[0].Number
	laws := func() string {
		t.Helper()
		ev, err := e.st.Event(ctx, e.id)
		if err != nil {
			t.Fatal(err)
		}
		return ev.Laws
	}
	selected := func() string {
		t.Helper()
		page := e.get(e.deskPath(b))
		for _, ed := range []string{"2017", "1997"} {
			if strings.Contains(page, `<option selected>`+ed+`</option>`) {
				return ed
			}
		}
		t.Fatalf("the desk selects no edition:\n%s", page)
		return ""
	}
	if got := laws(); got != "2017" {
		t.Errorf("a new event's laws: %q, want 2017", got)
	}
	if got := selected(); got != "2017" {
		t.Errorf("the desk's default edition: %s, want 2017", got)
	}
	if code, body := e.send(e.dir, fmt.Sprintf("/console/%d/laws", e.id), url.Values{"laws": {"1997"}}); code != http.StatusSeeOther {
		t.Fatalf("set the 1997 laws: %d %s", code, body)
	}
	if got := laws(); got != "1997" {
		t.Errorf("the event's laws after setting 1997: %q", got)
	}
	if got := selected(); got != "1997" {
		t.Errorf("the desk's default edition: %s, want the event's 1997", got)
	}
	if page := e.get(fmt.Sprintf("/console/%d", e.id)); !strings.Contains(page, `<option value="1997" selected>1997</option>`) {
		t.Errorf("the console does not show the event's 1997 laws")
	}
	// A code that does not exist is refused and the setting stays.
	if err := e.st.SetLaws(ctx, e.id, "2007"); !errors.Is(err, store.ErrInvalid) {
		t.Errorf("laws 2007: %v, want ErrInvalid", err)
	}
	if got := laws(); got != "1997" {
		t.Errorf("the event's laws after a refused setting: %q, want 1997", got)
	}
}
