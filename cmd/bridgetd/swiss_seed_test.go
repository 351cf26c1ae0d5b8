package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
)

// swiss draw --first rating seeds the first round by the players' ABF
// masterpoint ranks (equal ranks in entry order) and sets the top half
// against the bottom half, 1 v n/2+1 (the seeded Swiss convention that
// package swiss documents for ByRating); it was a random draw.
func TestSwissDrawFirstByRating(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "s.json")
	steps := [][]string{
		{"event", "new", file, "--name", "Seeded", "--boards", "3", "--vp-total", "20", "--rounds", "3", "--seed", "42"},
		{"event", "add", file, "--name", "A", "--player", "A1:1:Club", "--player", "A2:2:Club"},
		{"event", "add", file, "--name", "B", "--player", "B1:3:Grand Master", "--player", "B2:4:Life Master"},
		{"event", "add", file, "--name", "C", "--player", "C1:5:", "--player", "C2:6:"},
		{"event", "add", file, "--name", "D", "--player", "D1:7:National Master", "--player", "D2:8:State Master"},
		{"event", "add", file, "--name", "E", "--player", "E1:9:", "--player", "E2:10:"},
		{"event", "add", file, "--name", "F", "--player", "F1:11:Regional Master", "--player", "F2:12:Club"},
		{"event", "session", file, "--start", "2026-05-02 10:00"},
	}
	for _, s := range steps {
		var out, errb bytes.Buffer
		if code := run(&env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb}, s); code != 0 {
			t.Fatalf("%v: exit %d: %s", s, code, errb.String())
		}
	}
	var out, errb bytes.Buffer
	code := run(&env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb},
		[]string{"swiss", "draw", file, "--first", "rating", "--at", "2026-05-02 10:00"})
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	// Seeds: B (Grand + Life), D (National + State), F (Regional + Club),
	// A (Club + Club), then C and E with no rank, in entry order.
	// 1 v 4, 2 v 5, 3 v 6: B v A, D v C, F v E.
	want := [][2]string{{"2 B", "1 A"}, {"4 D", "3 C"}, {"6 F", "5 E"}}
	lines := strings.Split(out.String(), "\n")
	for i, w := range want {
		if i+1 >= len(lines) || !strings.Contains(lines[i+1], w[0]+"  v "+w[1]) {
			t.Errorf("table %d: want %s v %s\n%s", i+1, w[0], w[1], out.String())
		}
	}
}
