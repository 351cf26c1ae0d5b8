package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/bridgetd/bridgetd/deal"
	"github.com/bridgetd/bridgetd/internal/store"
	"github.com/bridgetd/bridgetd/internal/store/storetest"
	"github.com/bridgetd/bridgetd/movement"
)

// TestDBExportImport moves an event from an SQLite file to each backend
// with the db command and back out: the two archives are the same.
func TestDBExportImport(t *testing.T) {
	storetest.Run(t, func(t *testing.T, bk storetest.Backend) {
		src := storetest.DSN(t, storetest.SQLite)
		st, err := store.Open(t.Context(), src)
		if err != nil {
			t.Fatal(err)
		}
		st.SetClock(func() time.Time { return time.Date(2026, 5, 2, 19, 0, 0, 0, time.UTC) })
		mv, err := movement.NewMitchell(movement.MitchellOptions{Tables: 3, PerSet: 2})
		if err != nil {
			t.Fatal(err)
		}
		boards, err := deal.Seeded(3).Boards(1, mv.TotalBoards())
		if err != nil {
			t.Fatal(err)
		}
		id, err := st.CreateEvent(t.Context(), store.Setup{Name: "Tuesday pairs", Movement: mv, Boards: boards})
		st.Close()
		if err != nil {
			t.Fatal(err)
		}
		dir := t.TempDir()
		first := filepath.Join(dir, "first.json")
		if code, _, errs := runCmd(t, "", "db", "export", "--db", src, "--event", "1", "-o", first); code != 0 || id != 1 {
			t.Fatalf("export: exit %d %s", code, errs)
		}
		dst := storetest.DSN(t, bk)
		code, out, errs := runCmd(t, "", "db", "import", "--db", dst, first)
		if code != 0 || !strings.Contains(out, "as event 1") {
			t.Fatalf("import: exit %d %q %s", code, out, errs)
		}
		code, second, errs := runCmd(t, "", "db", "export", "--db", dst, "--event", "1")
		want, _ := os.ReadFile(first)
		if code != 0 || second != string(want) {
			t.Errorf("export after the move: exit %d %s; the archives differ:\n%s\n%s", code, errs, want, second)
		}
	})
}

func TestDBRefusals(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "x.db")
	bad := filepath.Join(dir, "bad.json")
	if err := os.WriteFile(bad, []byte(`{"format": "bridgetd-archive/9"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"db"}, 2, "Usage"},
		{[]string{"db", "copy"}, 2, "Usage"},
		{[]string{"db", "export", "--event", "1"}, 2, "Usage"},
		{[]string{"db", "import", "--db", db}, 2, "Usage"},
		{[]string{"db", "export", "--db", db}, 1, "--event"},
		{[]string{"db", "export", "--db", db, "--event", "4"}, 1, "event 4: not found"},
		{[]string{"db", "import", "--db", db, bad}, 1, "bad.json: format"},
		{[]string{"db", "import", "--db", db, filepath.Join(dir, "none.json")}, 1, "none.json"},
	}
	for _, c := range cases {
		code, _, errs := runCmd(t, "", c.args...)
		if code != c.code || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d %q; want %d with %q", c.args, code, errs, c.code, c.want)
		}
	}
}
