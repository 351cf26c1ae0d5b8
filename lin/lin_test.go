package lin

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/laws"
	"github.com/bridgetd/bridgetd/pbn"
)

func readDeals(t *testing.T) []*Deal {
	t.Helper()
	fh, err := os.Open("testdata/gabi-pleven-2018-r5.lin")
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	ds, err := Decode(fh, "gabi-pleven-2018-r5.lin")
	if err != nil {
		t.Fatal(err)
	}
	return ds
}

// TestVugraph reads the real vugraph excerpt: four tables, each auction
// replayed legally (Laws 17-21) and each card played legally (Laws 41-44),
// and each table's contract and tricks agree with the results the record
// itself lists in its rs line (boards 9 and 10, open then closed).
func TestVugraph(t *testing.T) {
	ds := readDeals(t)
	want := []struct {
		board  int
		room   string
		result string // from the record's rs line
		north  string
	}{
		{9, "open", "2HN+1", "Andonov"},
		{9, "closed", "1NSx=", "Videnova"},
		{10, "open", "3CN+2", "Andonov"},
		{10, "closed", "3HW-4", "Videnova"},
	}
	if len(ds) != len(want) {
		t.Fatalf("%d deals, want %d", len(ds), len(want))
	}
	for i, w := range want {
		d := ds[i]
		c, decl, ok := d.Contract()
		tricks, tok := d.Tricks()
		if !ok || !tok {
			t.Errorf("board %d %s: no contract or tricks", w.board, w.room)
			continue
		}
		if d.Board != w.board || d.Room != w.room || d.Players[bridge.North] != w.north {
			t.Errorf("deal %d: board %d %s, North %q; want %d %s %q", i, d.Board, d.Room, d.Players[bridge.North], w.board, w.room, w.north)
		}
		if got := rsText(c, decl, tricks); got != w.result {
			t.Errorf("board %d %s: %s, the record says %s", w.board, w.room, got, w.result)
		}
		if d.Claim < 0 && !d.Result.Ended() {
			t.Errorf("board %d %s: the play neither ended nor was claimed", w.board, w.room)
		}
	}
	// Board 10's dealer is East (md 4), both vulnerable (sv b); the alerts
	// are kept.
	if d := ds[2]; d.Dealer != bridge.East || d.Vul != bridge.AllVul {
		t.Errorf("board 10: dealer %v vul %v", d.Dealer, d.Vul)
	}
	if _, ok := ds[0].Alerts[2]; !ok {
		t.Errorf("board 9 open: South's 1♦! lost its alert")
	}
	// The closed room of board 9 was played out: 13 tricks, 7 to declarer.
	if d := ds[1]; d.Claim != -1 || !d.Result.Ended() || d.Result.DeclarerTricks() != 7 {
		t.Errorf("board 9 closed: claim %d, ended %v, %d tricks", d.Claim, d.Result.Ended(), d.Result.DeclarerTricks())
	}
}

// rsText writes a result as LIN's rs line does: 2HN+1, 1NSx=.
func rsText(c bridge.Contract, decl bridge.Seat, tricks int) string {
	s := strings.NewReplacer("♠", "S", "♥", "H", "♦", "D", "♣", "C", "NT", "N").Replace(
		bridge.Contract{Level: c.Level, Strain: c.Strain}.String()) + decl.String()
	switch c.Risk {
	case bridge.Doubled:
		s += "x"
	case bridge.Redoubled:
		s += "xx"
	}
	switch d := tricks - int(c.Level) - 6; {
	case d == 0:
		s += "="
	case d > 0:
		s += "+" + itoa(d)
	default:
		s += "-" + itoa(-d)
	}
	return s
}

func itoa(n int) string { return strings.TrimSpace(string(rune('0' + n))) }

// TestGamePBN: each deal becomes a PBN game that package pbn reads back and
// checks against the laws (File.Check): deal, auction, contract, result
// and play agree.
func TestGamePBN(t *testing.T) {
	var b strings.Builder
	for i, d := range readDeals(t) {
		if i > 0 {
			b.WriteString("\n")
		}
		f := &pbn.File{}
		f.Append(Game(d))
		if err := f.Encode(&b); err != nil {
			t.Fatal(err)
		}
	}
	f, err := pbn.Parse([]byte(b.String()))
	if err != nil {
		t.Fatalf("%v\n%s", err, b.String())
	}
	if errs := f.Check(); len(errs) != 0 {
		t.Errorf("PBN check: %v\n%s", errs, b.String())
	}
	if len(f.Games) != 4 {
		t.Fatalf("%d games", len(f.Games))
	}
	g := f.Games[1]
	if g.Tag("Room") != "Closed" || g.Tag("Contract") != "1NTX" || g.Tag("Declarer") != "S" || g.Tag("Result") != "7" || g.Tag("North") != "Videnova" {
		t.Errorf("board 9 closed: Room %q Contract %q Declarer %q Result %q North %q", g.Tag("Room"), g.Tag("Contract"), g.Tag("Declarer"), g.Tag("Result"), g.Tag("North"))
	}
	if s, err := f.Games[3].Score(); err != nil || s != 400 {
		t.Errorf("board 10 closed: score %d %v, want NS +400 (3H by W four down, vulnerable)", s, err)
	}
}

// TestLog: the table log of a deal holds its deal, its calls in order by
// seat, every card played and the claim as the log's claim event, agreed
// by both defenders (Law 69A).
func TestLog(t *testing.T) {
	ds := readDeals(t)
	log := Log(ds[3])
	for _, s := range []string{"board 10\n", "dealer E\n", "vul All\n", "\ndeal N:", "E 1D # alerted\n", "S P\n", "W 1H\n", "N 3C\n", "E X\n", "W 3H\n",
		"N leads CK\n", "W claims 2 # declarer's side takes 5 tricks in all\nN agrees\nS agrees\nend-of-play\n"} {
		if !strings.Contains(log, s) {
			t.Errorf("log lacks %q:\n%s", s, log)
		}
	}
	// Ten tricks were played out before the claim of 2 of the last 3.
	if n := strings.Count(log, " plays ") + strings.Count(log, " leads "); n != 40 {
		t.Errorf("%d cards in the log, want 40:\n%s", n, log)
	}
}

// TestLogRules runs every table's log through the laws engine: the
// auction and the play replay without a ruling, a claim is a claim by
// declarer agreed by both defenders (Law 69A), and declarer's tricks are
// those the record gives (its rs line, TestVugraph).
func TestLogRules(t *testing.T) {
	for _, d := range readDeals(t) {
		name := fmt.Sprintf("board %d %s", d.Board, d.Room)
		res, err := laws.Rule(strings.NewReader(Log(d)), laws.Edition2017)
		if err != nil {
			t.Errorf("%s: %v\n%s", name, err, Log(d))
			continue
		}
		p := res.Play
		want, _ := d.Tricks()
		if p == nil || !p.Ended || p.DeclarerTricks != want || len(p.Rulings) != 0 || len(res.Rulings) != 0 {
			t.Errorf("%s: play %+v, auction rulings %v; want %d tricks to declarer and no ruling", name, p, res.Rulings, want)
			continue
		}
		switch c := p.Claim; {
		case d.Claim < 0 && c != nil:
			t.Errorf("%s: a claim the record does not have: %+v", name, c)
		case d.Claim >= 0 && c == nil:
			t.Errorf("%s: the claim is lost", name)
		case d.Claim >= 0:
			if c.Seat != d.Result.Declarer || c.Kind != "claim" || len(c.Agreed) != 2 || c.Tricks != d.Claim-d.Result.DeclarerTricks() {
				t.Errorf("%s: claim %+v; want declarer's claim of %d agreed by both defenders", name, c, d.Claim-d.Result.DeclarerTricks())
			}
		}
	}
}

// TestLogConcession: a claim that adds no trick to what declarer's side
// has won is its concession of the rest (Law 68B), agreed by the
// defenders.
func TestLogConcession(t *testing.T) {
	ds, err := Decode(strings.NewReader("md|3SAKQJT98765432,HAKQJT98765432,DAKQJT98765432,|mb|1S|mb|p|mb|p|mb|p|pc|CA|pc|S2|pc|HA|pc|DA|mc|1|"), "c.lin")
	if err != nil {
		t.Fatal(err)
	}
	log := Log(ds[0])
	if !strings.Contains(log, "N concedes # declarer's side takes 1 tricks in all\nE agrees\nW agrees\n") {
		t.Fatalf("no concession:\n%s", log)
	}
	res, err := laws.Rule(strings.NewReader(log), laws.Edition2017)
	if err != nil {
		t.Fatal(err)
	}
	if c := res.Play.Claim; c == nil || c.Kind != "concession" || res.Play.DeclarerTricks != 1 {
		t.Errorf("claim %+v, declarer tricks %d; want a concession and 1 trick", c, res.Play.DeclarerTricks)
	}
}

func TestDecodeErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"md|5SAKQ|", "x.lin: command 1: lin: syntax error: deal \"5SAKQ\": want the dealer 1-4 first"},
		{"qx|o3|md|3SAKQJT98765432,HAKQJT98765432,DAKQJT98765432,|mb|1S|mb|1H|", "x.lin: command 4 (board 3, open room): call 1♥"},
		{"md|3SAKQJT98765432,HAKQJT98765432,DAKQJT98765432,|mb|1S|mb|p|mb|p|mb|p|pc|SA|", "card ♠A"},
		{"mb|1S|", "a call before the deal"},
		{"md|3SAKQJT98765432,HAKQJT98765432,DAKQJT98765432,|mb|1S|mb|p|mb|p|mb|p|pc|CA|mc|14|", "claim \"14\""},
	} {
		_, err := Decode(strings.NewReader(tc.in), "x.lin")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want %q", tc.in, err, tc.want)
		}
	}
	_, err := Decode(strings.NewReader("md|9|"), "x.lin")
	var le *Error
	if !errors.As(err, &le) || !errors.Is(err, ErrSyntax) {
		t.Errorf("not an *Error wrapping ErrSyntax: %v", err)
	}
}

// FuzzDecode: nothing panics, and whatever decodes converts to PBN and to
// a log that the laws engine reads.
func FuzzDecode(f *testing.F) {
	data, err := os.ReadFile("testdata/gabi-pleven-2018-r5.lin")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(string(data))
	f.Add("md|3SAKQJT98765432,HAKQJT98765432,DAKQJT98765432,|mb|1S|mb|p|mb|p|mb|p|pc|CA|mc|7|")
	f.Fuzz(func(t *testing.T, s string) {
		ds, err := Decode(strings.NewReader(s), "fuzz")
		if err != nil {
			return
		}
		for _, d := range ds {
			Game(d)
			if _, err := laws.ParseLog(strings.NewReader(Log(d))); err != nil {
				t.Fatalf("the log does not parse: %v\n%s", err, Log(d))
			}
		}
	})
}
