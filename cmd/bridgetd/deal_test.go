package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/pbn"
)

// bridgetd deal writes a PBN board set: each board with the dealer and
// vulnerability of its number (Law 2) and a complete deal (Law 6).
func TestDealCommandPBN(t *testing.T) {
	code, out, errOut := runCmd(t, "", "deal", "--boards", "3-18", "--seed", "9")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	f, err := pbn.Parse([]byte(out))
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Games) != 16 {
		t.Fatalf("%d boards, want 16", len(f.Games))
	}
	for i, g := range f.Games {
		b, err := g.Board()
		if err != nil || int(b) != i+3 {
			t.Fatalf("game %d: board %v %v", i, b, err)
		}
		dealer, _ := g.Dealer()
		vul, _ := g.Vulnerability()
		if dealer != b.Dealer() || vul != b.Vulnerability() {
			t.Errorf("board %d: dealer %v vul %v, want %v %v", b, dealer, vul, b.Dealer(), b.Vulnerability())
		}
		d, err := g.Deal()
		if err != nil || d.Validate() != nil {
			t.Errorf("board %d: deal %v %v", b, err, d.Validate())
		}
		if !strings.HasPrefix(g.Tag("Deal"), dealer.String()+":") {
			t.Errorf("board %d: deal %q not written from the dealer", b, g.Tag("Deal"))
		}
	}
	if errs := f.Check(); len(errs) != 0 {
		t.Errorf("pbn check of the board set: %v", errs)
	}
	// The same seed gives the same set; the output says it is not secret.
	_, again, _ := runCmd(t, "", "deal", "--seed", "9", "--boards", "3-18")
	if again != out || !strings.Contains(out, "not secret") {
		t.Errorf("seeded output is not reproducible or lacks the warning")
	}
	// Without a seed two runs differ (crypto/rand).
	_, a, _ := runCmd(t, "", "deal")
	_, b, _ := runCmd(t, "", "deal")
	if a == b || strings.Count(a, "[Board ") != 32 {
		t.Errorf("unseeded: equal %v, %d boards", a == b, strings.Count(a, "[Board "))
	}
}

func TestDealCommandFileAndText(t *testing.T) {
	name := filepath.Join(t.TempDir(), "set.pbn")
	if code, out, errOut := runCmd(t, "", "deal", "--boards", "1-4", "--seed", "1", "-o", name); code != 0 || out != "" {
		t.Fatalf("exit %d, out %q, err %q", code, out, errOut)
	}
	f, err := pbn.ReadFile(name)
	if err != nil || len(f.Games) != 4 {
		t.Fatalf("read back: %v", err)
	}
	code, out, _ := runCmd(t, "", "deal", "--boards", "2", "--seed", "1", "--text")
	if code != 0 || !strings.HasPrefix(out, "Board 2   Dealer East   Vulnerable N–S\n") || strings.Count(out, "♠") != 4 {
		t.Errorf("text hand record:\n%s", out)
	}
	// The diagram holds the deal of the PBN output for the same seed.
	_, p, _ := runCmd(t, "", "deal", "--boards", "2", "--seed", "1")
	pf, _ := pbn.Parse([]byte(p))
	d, _ := pf.Games[0].Deal()
	for _, c := range d[bridge.North].InSuit(bridge.Spades).Cards() {
		if !strings.Contains(strings.Split(out, "\n")[1], c.Rank().String()) && c.Rank() != bridge.Ten {
			t.Errorf("North's spade %v missing from %q", c, strings.Split(out, "\n")[1])
		}
	}
	for _, args := range [][]string{{"--boards", "0-3"}, {"--boards", "x"}, {"--seed", "-1"}, {"extra"}} {
		if code, _, _ := runCmd(t, "", append([]string{"deal"}, args...)...); code == 0 {
			t.Errorf("deal %v succeeded", args)
		}
	}
	if _, err := os.Stat(name); err != nil {
		t.Error(err)
	}
}
