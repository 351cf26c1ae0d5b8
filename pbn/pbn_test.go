package pbn

import (
	"bytes"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bridgetd/bridgetd/bridge"
)

var update = flag.Bool("update", false, "rewrite golden files")

func fixtures(t testing.TB) []string {
	t.Helper()
	names, err := filepath.Glob("testdata/*.pbn")
	if err != nil || len(names) < 9 {
		t.Fatalf("fixtures: %v (%d files)", err, len(names))
	}
	return names
}

func mustParse(t testing.TB, text string) *File {
	t.Helper()
	f, err := Parse([]byte(text))
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	return f
}

// Reading then writing an unmodified file reproduces it byte for byte
// (issue 2, item 7) for every real file.
func TestRoundTripFixtures(t *testing.T) {
	for _, name := range fixtures(t) {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := Parse(data)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if len(f.Games) == 0 {
			t.Errorf("%s: no games", name)
		}
		if got := f.Bytes(); !bytes.Equal(got, data) {
			t.Errorf("%s: round trip differs at byte %d", name, firstDiff(got, data))
		}
	}
}

func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// The same holds for what real programs write loosely: CRLF line ends,
// Latin-1 text, no final line end, several tags on a line, comments inside
// sections and between games, blank lines with spaces.
func TestRoundTripVariants(t *testing.T) {
	schiphol, err := os.ReadFile("testdata/Schiphol.pbn")
	if err != nil {
		t.Fatal(err)
	}
	tests := map[string]string{
		"crlf":            strings.ReplaceAll(string(schiphol), "\n", "\r\n"),
		"latin1":          "[Event \"Coupe de l'\xe9t\xe9\"]\n[Board \"1\"]\n",
		"no final eol":    "[Board \"1\"]\n[Deal \"N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432\"]",
		"tags on a line":  "[Board \"1\"] [Dealer \"N\"]\n[Vulnerable \"None\"]\n",
		"section comment": "[Auction \"N\"]\n1S { strong } Pass ; why not\n2S AP\n\n\n{between}\n[Board \"2\"]\n",
		"spaces line":     "[Board \"1\"]\n   \n[Board \"2\"]\n  \n",
		"directives":      "% PBN 2.1\n%Creator: x\n\n[Board \"1\"]\n%mid game\n[Dealer \"E\"]\n",
		"empty":           "",
		"only comment":    "{ nothing here }\n",
		"escaped quote":   "[Event \"The \\\"Big\\\" one \\\\ yes\"]\n",
	}
	for name, text := range tests {
		f, err := Parse([]byte(text))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if got := string(f.Bytes()); got != text {
			t.Errorf("%s: round trip\n got %q\nwant %q", name, got, text)
		}
	}
}

// Lenient reading (issue 2, item 7): Latin-1 values come out as UTF-8, and a
// changed tag is written back in the file's encoding and line ends.
func TestLatin1AndCRLF(t *testing.T) {
	f := mustParse(t, "[Event \"\xe9t\xe9\"]\r\n[Board \"1\"]\r\n")
	if !f.Latin1 || !f.CRLF {
		t.Fatalf("Latin1 %v CRLF %v, want both", f.Latin1, f.CRLF)
	}
	g := f.Games[0]
	if got := g.Tag("Event"); got != "été" {
		t.Errorf("Event = %q, want été", got)
	}
	g.SetTag("Site", "Zürich")
	want := "[Event \"\xe9t\xe9\"]\r\n[Board \"1\"]\r\n[Site \"Z\xfcrich\"]\r\n"
	if got := string(f.Bytes()); got != want {
		t.Errorf("after SetTag:\n got %q\nwant %q", got, want)
	}
	u := mustParse(t, "[Event \"été\"]\n")
	if u.Latin1 || u.Games[0].Tag("Event") != "été" {
		t.Errorf("UTF-8 file read as Latin1=%v Event=%q", u.Latin1, u.Games[0].Tag("Event"))
	}
}

// Every decoding error carries the line and says what was expected.
func TestDecodeErrors(t *testing.T) {
	tests := []struct {
		name, text string
		line       int
		want       string
	}{
		{"no name", "[Board \"1\"]\n[ \"x\"]\n", 2, "expected a tag name"},
		{"no quote", "[Board 1]\n", 1, "expected '\"'"},
		{"unclosed value", "[Board \"1\"]\n\n[Event \"x]\n", 3, "value not closed"},
		{"no bracket", "[Board \"1\" \n", 1, "expected ']'"},
		{"stray text", "\nhello\n", 2, "expected '[' to open a tag"},
		{"stray bracket", "[Board \"1\"]\n]\n", 2, "unexpected ']'"},
		{"open comment", "[Board \"1\"]\n{ never closed\n\n", 2, "expected '}'"},
		{"open string", "[ScoreTable \"A;B\"]\n1 \"x\n", 2, "string not closed"},
	}
	for _, tt := range tests {
		_, err := Parse([]byte(tt.text))
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("%s: error %v is not an *Error", tt.name, err)
			continue
		}
		if e.Line != tt.line || !strings.Contains(e.Msg, tt.want) || !errors.Is(err, ErrSyntax) {
			t.Errorf("%s: got line %d %q, want line %d containing %q", tt.name, e.Line, e.Msg, tt.line, tt.want)
		}
	}
	// ReadFile puts the file name in front: FILE:LINE: message.
	dir := t.TempDir()
	name := filepath.Join(dir, "bad.pbn")
	if err := os.WriteFile(name, []byte("\nxx\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadFile(name); err == nil || !strings.HasPrefix(err.Error(), name+":2: ") {
		t.Errorf("ReadFile error = %v, want prefix %s:2:", err, name)
	}
}

// PBN 2.1 §4.8: "#" copies the previous game's value, "##" copies it with
// its number increased; a game without its identification tags inherits
// them (as endplay-example3 lists two tables per board).
func TestInheritance(t *testing.T) {
	f := mustParse(t, `[Event "Club"]
[Board "7"]
[Deal "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]
[North "Ann"]

[Event "#"]
[Board "##"]
[North "Bob"]

[Board "##"]
[North "#"]
`)
	tests := []struct {
		game       int
		tag, want  string
		wantExists bool
	}{
		{1, "Event", "Club", true},                // "#" copies
		{1, "Board", "8", true},                   // "##" increments
		{2, "Board", "9", true},                   // "##" over "##"
		{2, "Event", "Club", true},                // missing identification tag inherited
		{2, "North", "Bob", true},                 // "#" on a player tag
		{1, "Deal", f.Games[0].Tag("Deal"), true}, // missing Deal inherited
		{1, "Contract", "", false},                // not an identification tag
	}
	for _, tt := range tests {
		got, ok := f.Games[tt.game].Get(tt.tag)
		if got != tt.want || ok != tt.wantExists {
			t.Errorf("game %d %s = %q, %v; want %q, %v", tt.game, tt.tag, got, ok, tt.want, tt.wantExists)
		}
	}
	if b, err := f.Games[2].Board(); err != nil || b != 9 {
		t.Errorf("Board() = %v, %v", b, err)
	}
}

// The typed accessors on the example game of the PBN 2.1 standard.
func TestAccessorsSchiphol(t *testing.T) {
	f, err := ReadFile("testdata/Schiphol.pbn")
	if err != nil {
		t.Fatal(err)
	}
	g := f.Games[0]
	d, err := g.Deal()
	if err != nil || d.Validate() != nil {
		t.Fatalf("Deal: %v %v", err, d.Validate())
	}
	if want, _ := bridge.ParseHand(".63.AKQ987.A9732"); d[bridge.North] != want {
		t.Errorf("North holds %v, want %v", d[bridge.North], want)
	}
	if b, err := g.Board(); b != 1 || err != nil {
		t.Errorf("Board = %v, %v", b, err)
	}
	if s, err := g.Dealer(); s != bridge.North || err != nil {
		t.Errorf("Dealer = %v, %v", s, err)
	}
	if v, err := g.Vulnerability(); v != bridge.NoneVul || err != nil {
		t.Errorf("Vulnerability = %v, %v", v, err)
	}
	c, decl, err := g.Contract()
	if want := (bridge.Contract{Level: 5, Strain: bridge.HeartsStrain, Risk: bridge.Doubled}); c != want || decl != bridge.South || err != nil {
		t.Errorf("Contract = %v by %v, %v", c, decl, err)
	}
	if r, err := g.Result(); r != 9 || err != nil {
		t.Errorf("Result = %v, %v", r, err)
	}
	// Law 77: 5♥X down two, not vulnerable, is -300 for the declaring side NS.
	if s, err := g.Score(); s != -300 || err != nil {
		t.Errorf("Score = %v, %v; want -300", s, err)
	}
	a, err := g.Auction()
	if err != nil {
		t.Fatalf("Auction: %v", err)
	}
	if len(a.Calls) != 15 || !a.Ended() {
		t.Errorf("auction has %d calls, ended %v", len(a.Calls), a.Ended())
	}
	if a.Marks[2].Note != 1 || a.Marks[4].Note != 2 || a.Notes[2] != "two colors: clubs and diamonds" {
		t.Errorf("auction notes: marks %v notes %v", a.Marks, a.Notes)
	}
	// Law 22: the auction's final contract and declarer agree with the tags.
	if ac, ad, _ := a.Contract(); ac != c || ad != decl {
		t.Errorf("auction contract %v by %v", ac, ad)
	}
	p, err := g.Play()
	if err != nil {
		t.Fatalf("Play: %v", err)
	}
	if p.Leader != bridge.West || len(p.Tricks) != 7 || !p.Ended || p.Tricks[0].Marks[0].Note != 1 || p.Notes[1] != "highest of series" {
		t.Errorf("play: leader %v tricks %d ended %v notes %v", p.Leader, len(p.Tricks), p.Ended, p.Notes)
	}
	if p.Tricks[6].Known[0] || !p.Tricks[6].Known[3] {
		t.Errorf("trick 7 known = %v, want only South's ♥2", p.Tricks[6].Known)
	}
	// Laws 41, 44: the six complete tricks replay legally.
	bp, err := p.Replay(d, c, decl)
	if err != nil || len(bp.Tricks()) < 6 {
		t.Fatalf("Replay: %v", err)
	}
	if len(g.Comments) != 1 || g.Comments[0].After != "Result" || !strings.Contains(g.Comments[0].Text, "S K Q 10 2") {
		t.Errorf("comments = %+v", g.Comments)
	}
	if errs := f.Check(); len(errs) != 0 {
		t.Errorf("Check: %v", errs)
	}
}

// Annotations: suffixes, NAGs, note references, and "AP" (PBN 2.1 §3.5, §3.7).
func TestAuctionAnnotations(t *testing.T) {
	f := mustParse(t, "[Auction \"e\"]\n1S! $12 Pass =1= 2S!? AP\n[Note \"1:weak\"]\n")
	a, err := f.Games[0].Auction()
	if err != nil {
		t.Fatal(err)
	}
	if a.Dealer != bridge.East || len(a.Calls) != 6 || !a.Ended() {
		t.Fatalf("auction %v dealer %v", a.Auction.String(), a.Dealer)
	}
	if got := a.Marks[0].Annotations; len(got) != 2 || got[0] != "!" || got[1] != "$12" {
		t.Errorf("marks of 1S = %v", got)
	}
	if a.Marks[1].Note != 1 || a.Notes[1] != "weak" || a.Marks[2].Annotations[0] != "!?" {
		t.Errorf("marks %v notes %v", a.Marks, a.Notes)
	}
	want := []string{"1S ! $12 Pass =1= 2S !? Pass", "Pass Pass"}
	if got := a.Lines(); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("Lines = %q, want %q", got, want)
	}
}

// Illegal auctions and plays are refused with the rule they break and the
// line where they are.
func TestCheckFindsIllegalRecords(t *testing.T) {
	const deal = `[Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"]`
	tests := []struct {
		name, body string
		line       int
		want       error
		msg        string
	}{
		{"insufficient bid", "[Auction \"N\"]\n1NT 1S\n", 3, bridge.ErrInsufficientBid, "Law 18"},                  // Law 18D
		{"double own side", "[Auction \"N\"]\n1S Pass X\n", 3, bridge.ErrInadmissibleDouble, "Law 19A"},            // Law 19A
		{"redouble no double", "[Auction \"N\"]\n1S XX\n", 3, bridge.ErrInadmissibleRedouble, "Law 19B"},           // Law 19B
		{"call after end", "[Auction \"N\"]\nPass Pass Pass Pass 1C\n", 3, bridge.ErrAuctionEnded, "17E"},          // Law 17E
		{"level eight", "[Auction \"N\"]\n8S\n", 3, bridge.ErrBidAboveSeven, "Law 38"},                             // Law 38
		{"wrong declarer", "[Declarer \"S\"]\n[Contract \"1S\"]\n[Auction \"N\"]\n1S AP\n", 4, ErrValue, "Law 22"}, // Law 22
		{"revoke", "[Declarer \"N\"]\n[Contract \"1NT\"]\n[Play \"E\"]\nJT9 \n", 0, nil, ""},
	}
	_ = tests[len(tests)-1]
	for _, tt := range tests[:len(tests)-1] {
		f := mustParse(t, deal+"\n"+tt.body)
		errs := f.Check()
		if len(errs) != 1 {
			t.Errorf("%s: %d problems %v, want 1", tt.name, len(errs), errs)
			continue
		}
		e := errs[0]
		if e.Line != tt.line || !errors.Is(e, tt.want) || !strings.Contains(e.Error(), tt.msg) {
			t.Errorf("%s: got line %d %v; want line %d wrapping %v with %q", tt.name, e.Line, e, tt.line, tt.want, tt.msg)
		}
	}
	plays := []struct {
		name, play string
		line       int
		want       error
	}{
		// Law 44C: East leads a spade; South holds spades and plays a heart.
		{"revoke", "ST H6 S2 SA", 5, bridge.ErrMustFollow},
		// South plays a card West holds.
		{"not held", "ST S2 SA S3", 5, bridge.ErrNotHeld},
	}
	for _, tt := range plays {
		f := mustParse(t, deal+"\n[Declarer \"N\"]\n[Contract \"1NT\"]\n[Play \"E\"]\n"+tt.play+"\n")
		errs := f.Check()
		if len(errs) != 1 || errs[0].Line != tt.line || !errors.Is(errs[0], tt.want) {
			t.Errorf("%s: %v; want one problem on line %d wrapping %v", tt.name, errs, tt.line, tt.want)
		}
	}
	// Law 41A: the opening lead is made by declarer's LHO.
	f := mustParse(t, deal+"\n[Declarer \"N\"]\n[Contract \"1NT\"]\n[Play \"W\"]\nS2 SA ST S3\n")
	if errs := f.Check(); len(errs) != 1 || !strings.Contains(errs[0].Msg, "Law 41A") {
		t.Errorf("lead by the wrong hand: %v", errs)
	}
	// Law 6: a card given twice is refused with the card named.
	f = mustParse(t, `[Deal "N:AKQJ.AKQ.AKQ.AKQ AT98.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"]`+"\n")
	if errs := f.Check(); len(errs) != 1 || errs[0].Line != 1 || !strings.Contains(errs[0].Msg, "♠A") {
		t.Errorf("duplicate card: %v", errs)
	}
	// A complete play must agree with the Result.
	var b strings.Builder
	b.WriteString(deal + "\n[Declarer \"N\"]\n[Contract \"7NT\"]\n[Result \"12\"]\n[Play \"E\"]\n")
	for _, tr := range []string{"ST S3 S2 SA", "S9 S4 H2 SK", "S8 S5 H3 SQ", "S7 S6 H4 SJ"} {
		b.WriteString(tr + "\n")
	}
	f = mustParse(t, b.String()+"*\n")
	if errs := f.Check(); len(errs) != 0 {
		t.Errorf("claimed play: %v", errs)
	}
}

// The game's own auction and play in endplay-example3 (3,816 boards): every
// auction is a legal sequence of calls (Laws 17-21), and every play record
// of a no-trump contract is legal (Laws 41, 44). See the package report for
// the suit contracts, whose records do not follow PBN's column order.
func TestEndplayArchiveLegal(t *testing.T) {
	f, err := ReadFile("testdata/endplay-example3.pbn")
	if err != nil {
		t.Fatal(err)
	}
	var auctions, nt, suit, suitBad int
	for _, g := range f.Games {
		if g.Find("Auction") != nil {
			if _, err := g.Auction(); err != nil {
				t.Errorf("game at line %d: %v", g.Line, err)
			}
			auctions++
		}
		if g.Find("Play") == nil {
			continue
		}
		d, err := g.Deal()
		if err != nil || d.Validate() != nil {
			t.Errorf("game at line %d: deal %v", g.Line, err)
			continue
		}
		c, decl, err := g.Contract()
		if err != nil {
			t.Errorf("game at line %d: %v", g.Line, err)
			continue
		}
		p, err := g.Play()
		if err != nil {
			t.Errorf("game at line %d: %v", g.Line, err)
			continue
		}
		_, err = p.Replay(d, c, decl)
		if c.Strain == bridge.NoTrump {
			nt++
			if err != nil {
				t.Errorf("game at line %d: %v", g.Line, err)
			}
		} else {
			suit++
			if err != nil {
				suitBad++
			}
		}
	}
	if auctions < 7000 || nt < 2000 {
		t.Errorf("only %d auctions and %d no-trump plays checked", auctions, nt)
	}
	t.Logf("%d legal auctions, %d legal no-trump plays; %d of %d suit-contract plays do not replay", auctions, nt, suitBad, suit)
}

// Tables: column specs with widths, alignment and sort prefixes (PBN 2.1
// §5.2), rows as strings, and writing a table back.
func TestTables(t *testing.T) {
	cols, err := ParseColumns(`+Rank\2R;PairId;Names\20L;-MP_Total\5r`)
	if err != nil {
		t.Fatal(err)
	}
	want := []Column{{Name: "Rank", Width: 2, Align: 'R', Sort: '+'}, {Name: "PairId"}, {Name: "Names", Width: 20, Align: 'L'}, {Name: "MP_Total", Width: 5, Align: 'R', Sort: '-'}}
	for i := range want {
		if cols[i] != want[i] {
			t.Errorf("column %d = %+v, want %+v", i, cols[i], want[i])
		}
	}
	for _, bad := range []string{"", "A;;B", `A\xR`, `A\2LR`} {
		if _, err := ParseColumns(bad); err == nil {
			t.Errorf("ParseColumns(%q) accepted", bad)
		}
	}

	_, tab := firstTable(t, "testdata/Hazlemere_Trophy.pbn", "OptimumResultTable")
	if len(tab.Rows) != 20 || tab.Value(0, "Declarer") != "N" || tab.Value(2, "denomination") != "D" || tab.Value(2, "Result") != "10" {
		t.Errorf("OptimumResultTable rows %d, row 2 %v", len(tab.Rows), tab.Rows[2])
	}

	jfr, st := firstTable(t, "testdata/jfr-barometer-2013-mp.pbn", "ScoreTable")
	if len(st.Rows) != 12 || st.Value(0, "Lead") != "CA" || st.Value(11, "Contract") != "TD" || st.Value(2, "Percentage_NS") != "70.00" {
		t.Errorf("ScoreTable: %d rows, first %v", len(st.Rows), st.Rows[0])
	}
	// Set a table, write, read back: the same columns and rows; the rest of
	// the file is unchanged.
	orig := string(jfr.Bytes())
	st.Rows[0][9] = "91.00"
	jfr.Games[0].SetTable("ScoreTable", st)
	tot := &Table{Columns: []Column{{Name: "PairId", Width: 2, Align: 'R'}, {Name: "Names", Quoted: true}}, Rows: [][]string{{"1", "Ann Lee"}, {"2", ""}}}
	jfr.Games[0].SetTable("TotalScoreTable", tot)
	back := mustParse(t, string(jfr.Bytes()))
	st2, err := back.Games[0].Table("ScoreTable")
	if err != nil || st2.Value(0, "Percentage_EW") != "91.00" || st2.Value(0, "Lead") != "CA" || st2.Spec() != st.Spec() {
		t.Errorf("ScoreTable after write: %v %v", st2, err)
	}
	tot2, err := back.Games[0].Table("TotalScoreTable")
	if err != nil || tot2.Value(0, "Names") != "Ann Lee" || tot2.Value(1, "Names") != "" || len(tot2.Rows) != 2 {
		t.Errorf("TotalScoreTable after write: %+v %v", tot2, err)
	}
	if i := strings.Index(orig, "\n[Event"); i < 0 || !strings.HasSuffix(string(jfr.Bytes()), orig[strings.Index(orig, "\n\n[Event"):]) {
		t.Errorf("games after the changed one were not kept byte for byte")
	}
	// A row with the wrong number of values is reported on its line.
	bad := mustParse(t, "[Board \"1\"]\n[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\nN S 9\nN H\n")
	if _, err := bad.Games[0].Table("OptimumResultTable"); err == nil || err.(*Error).Line != 4 {
		t.Errorf("short row: %v", err)
	}
}

// firstTable reads a file and the named table of its first game.
func firstTable(t *testing.T, name, table string) (*File, *Table) {
	t.Helper()
	f, err := ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	tab, err := f.Games[0].Table(table)
	if err != nil {
		t.Fatal(err)
	}
	return f, tab
}

// Setting tags keeps every other byte of the file: only the changed tag is
// written anew (and new tags at the end of their game).
func TestSetTagKeepsTheRest(t *testing.T) {
	data, err := os.ReadFile("testdata/Hand_Trophy_Pairs.pbn")
	if err != nil {
		t.Fatal(err)
	}
	f := mustParse(t, string(data))
	g := f.Games[0]
	g.SetTag("Contract", "3NT")
	g.SetTag("OptimumScore", "NS 400")
	out := string(f.Bytes())
	want := strings.Replace(string(data), "[Contract \"\"]", "[Contract \"3NT\"]", 1)
	want = strings.Replace(want, "W NT  8\n", "W NT  8\n[OptimumScore \"NS 400\"]\n", 1)
	if !strings.Contains(string(data), "W NT  8\n") || out != want {
		t.Errorf("after SetTag the file differs elsewhere (first difference at byte %d)", firstDiff([]byte(out), []byte(want)))
	}
	// An added game is separated by a blank line and written canonically.
	ng := NewGame()
	ng.SetTag("Board", "27")
	f.Append(ng)
	if got := string(f.Bytes()); !strings.HasSuffix(got, "\n\n[Board \"27\"]\n") {
		t.Errorf("appended game: ...%q", got[len(got)-40:])
	}
}

// Canonical writing: Format of a file is stable (formatting the formatted
// text changes nothing) and reads back to the same values.
func TestFormatIsCanonical(t *testing.T) {
	for _, name := range fixtures(t) {
		if strings.Contains(name, "example3") && testing.Short() {
			continue
		}
		f, err := ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		var one, two bytes.Buffer
		if err := f.Format(&one); err != nil {
			t.Fatal(err)
		}
		g, err := Parse(one.Bytes())
		if err != nil {
			t.Errorf("%s: formatted text does not parse: %v", name, err)
			continue
		}
		if err := g.Format(&two); err != nil {
			t.Fatal(err)
		}
		if one.String() != two.String() {
			t.Errorf("%s: Format is not stable (differs at byte %d)", name, firstDiff(one.Bytes(), two.Bytes()))
		}
		if len(g.Games) != len(f.Games) {
			t.Errorf("%s: %d games after Format, want %d", name, len(g.Games), len(f.Games))
		}
		for i := range f.Games {
			a, b := f.Games[i], g.Games[i]
			da, _ := a.Deal()
			db, _ := b.Deal()
			ba, _ := a.Board()
			bb, _ := b.Board()
			ca, sa, _ := a.Contract()
			cb, sb, _ := b.Contract()
			ra, _ := a.Result()
			rb, _ := b.Result()
			if da != db || ba != bb || ca != cb || sa != sb || ra != rb {
				t.Fatalf("%s game %d: values changed by Format", name, i)
			}
		}
	}
}

// The canonical form of the standard's example game, as a golden file.
func TestFormatGolden(t *testing.T) {
	f, err := ReadFile("testdata/Schiphol.pbn")
	if err != nil {
		t.Fatal(err)
	}
	f.Games[0].SetTag("Vulnerable", "love") // lenient in, canonical out
	var b bytes.Buffer
	if err := f.Format(&b); err != nil {
		t.Fatal(err)
	}
	const golden = "testdata/Schiphol.golden"
	if *update {
		if err := os.WriteFile(golden, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if b.String() != string(want) {
		t.Errorf("Format differs from %s:\n%s", golden, b.String())
	}
}

// largeFile reads endplay-example3.pbn (3,816 boards, 7,632 games) and
// sets up the benchmark to report its throughput.
func largeFile(b *testing.B) []byte {
	data, err := os.ReadFile("testdata/endplay-example3.pbn")
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	return data
}

// BenchmarkDecodeLarge decodes a large file (1.9 MB, 7,632 games).
func BenchmarkDecodeLarge(b *testing.B) {
	data := largeFile(b)
	for b.Loop() {
		f, err := Parse(data)
		if err != nil || len(f.Games) != 7632 {
			b.Fatal(err)
		}
	}
}

// BenchmarkDecodeLargeTyped also turns every game into bridge values.
func BenchmarkDecodeLargeTyped(b *testing.B) {
	data := largeFile(b)
	for b.Loop() {
		f, err := Parse(data)
		if err != nil {
			b.Fatal(err)
		}
		for _, g := range f.Games {
			g.Deal()
			g.Contract()
			g.Auction()
			g.Play()
		}
	}
}
