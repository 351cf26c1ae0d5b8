package server

import (
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/bridgetd/bridgetd/internal/store/storetest"

	"github.com/bridgetd/bridgetd/dd"
)

// TestSolveSharesBudget: the board set's background solve draws on the
// server's one dd.Budget, gives all of it back when it is done, and its
// tables are those of a solver on its own.
func TestSolveSharesBudget(t *testing.T) { storetest.Run(t, testSolveSharesBudget) }

func testSolveSharesBudget(t *testing.T, bk storetest.Backend) {
	e := newEnv(t, bk)
	ctx := t.Context()
	srv, err := New(ctx, e.st, Options{DDMemory: 8 << 20, DDWorkers: 2})
	if err != nil {
		t.Fatal(err)
	}
	if got := srv.ddBudget.Limit(); got != 8<<20 {
		t.Fatalf("budget %d bytes, want %d", got, 8<<20)
	}
	if err := srv.Solve(ctx, e.id); err != nil {
		t.Fatal(err)
	}
	if used := srv.ddBudget.Used(); used != 0 {
		t.Errorf("budget still holds %d bytes after the solve", used)
	}
	bs, err := e.st.Boards(ctx, e.id)
	if err != nil {
		t.Fatal(err)
	}
	solo := dd.NewSolverOptions(dd.Options{})
	defer solo.Release()
	for i, b := range bs {
		if b.DD == nil {
			t.Fatalf("board %d not solved", b.Number)
		}
		if i >= 2 {
			continue // two boards checked against a lone solver are enough
		}
		want, err := solo.TableContext(ctx, b.Deal)
		if err != nil {
			t.Fatal(err)
		}
		if *b.DD != want {
			t.Errorf("board %d: table %v, a lone solver gives %v", b.Number, *b.DD, want)
		}
	}
}

// TestBoardPageSolves: a board shown to players before the background
// solve reached it is solved on the spot (dd.ParallelTable), stored, and
// its hand record carries the double-dummy table.
func TestBoardPageSolves(t *testing.T) { storetest.Run(t, testBoardPageSolves) }

func testBoardPageSolves(t *testing.T, bk storetest.Backend) {
	e := newEnv(t, bk)
	ctx := t.Context()
	playAll(t, e.st, e.id)
	r, err := e.dir.Get(e.ts.URL + fmt.Sprintf("/results/%d/board/1", e.id))
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(r.Body)
	r.Body.Close()
	if !strings.Contains(string(page), "Double-dummy tricks") {
		t.Errorf("board page without the double-dummy table")
	}
	if r.StatusCode != http.StatusOK {
		t.Fatalf("board page: %s", r.Status)
	}
	bs, err := e.st.Boards(ctx, e.id)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range bs {
		switch {
		case b.Number == 1 && b.DD == nil:
			t.Fatalf("board 1 shown but not solved")
		case b.Number == 1:
			s := dd.NewSolverOptions(dd.Options{})
			want, err := s.TableContext(ctx, b.Deal)
			s.Release()
			if err != nil {
				t.Fatal(err)
			}
			if *b.DD != want {
				t.Errorf("board 1: stored %v, want %v", *b.DD, want)
			}
		case b.DD != nil:
			t.Errorf("board %d solved though nobody looked at it and no solve ran", b.Number)
		}
	}
	if e.srv.ddBudget.Used() != 0 {
		t.Errorf("budget holds %d bytes after the page", e.srv.ddBudget.Used())
	}
}
