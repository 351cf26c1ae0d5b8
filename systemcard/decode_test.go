package systemcard

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/bridgetd/bridgetd/bridge"
)

const baseOpenings = `    "1C": {"hcp": [12, 21], "length": {"C": 3}},
    "1D": {"hcp": [12, 21], "length": {"D": 3}},
    "1H": {"hcp": [12, 21], "length": {"H": 5}},
    "1S": {"hcp": [12, 21], "length": {"S": 5}},
    "1NT": {"hcp": [15, 17]}`

// doc builds a card file from top-level fields and openings.
func doc(top, openings string) string {
	return "{\n  \"name\": \"T\",\n" +
		"  \"players\": [{\"name\": \"A\", \"rank\": \"club\"}, {\"name\": \"B\", \"rank\": \"club\"}],\n" +
		top +
		"  \"openings\": {\n" + openings + "\n  }\n}\n"
}

func TestDecodeExamples(t *testing.T) {
	files, err := filepath.Glob("testdata/*.json")
	if err != nil || len(files) < 7 {
		t.Fatalf("example cards: %v %v", files, err)
	}
	for _, f := range files {
		if _, err := Load(f); err != nil {
			t.Errorf("%v", err)
		}
	}
}

// Suits and bids are read as players write them: letters or symbols.
func TestDecodeNotation(t *testing.T) {
	c := load(t, "acol.json") // written with ♣ ♦ ♥ ♠
	o := c.Openings[call(t, "1H")]
	if o == nil || o.Meanings[0].Length[bridge.Hearts] != 4 {
		t.Fatalf("1♥ from \"1♥\": %+v", o)
	}
	if got := c.Openings[call(t, "1NT")].Meanings[0].Shapes; len(got) != 3 || got[2] != (Shape{5, 3, 3, 2}) {
		t.Errorf("shapes from 4-3-3-3 notation: %v", got)
	}
	if c.Players[0].Rank != State || c.Players[1].Rank != National {
		t.Errorf("ranks %v %v, want state national", c.Players[0].Rank, c.Players[1].Rank)
	}
	p := load(t, "strongpass.json")
	if p.Yellow == nil || p.Yellow.Submitted.Format("2006-01-02") != "2026-11-02" || !p.Yellow.DefenceApproved || p.Yellow.DefenceCopies != 2 {
		t.Errorf("yellow paperwork %+v", p.Yellow)
	}
	if p.SecondCard != "strongpass_acol.json" {
		t.Errorf("second card %q", p.SecondCard)
	}
}

// Bad cards are refused with the field path and the line (FORMAT.md).
func TestDecodeErrors(t *testing.T) {
	tests := []struct {
		name string
		text string
		path string // the Error's Path
		at   string // the error's line is the first line holding this
		msg  string // part of the message
	}{
		{"unknown top field", doc("  \"nmae\": \"x\",\n", baseOpenings), "nmae", `"nmae"`, "unknown field"},
		{"1♥ promising 3+ and 0+ hearts",
			doc("", strings.Replace(baseOpenings, `"length": {"H": 5}`, `"length": {"H": 3, "♥": 0}`, 1)),
			`openings["1H"].length.♥`, `"♥": 0`, "appears twice"},
		{"1♥ promising 3+ hearts and at most 0",
			doc("", strings.Replace(baseOpenings, `"length": {"H": 5}`, "\"length\": {\"H\": 3},\n      \"short\": {\"H\": 0}", 1)),
			`openings["1H"].short.H`, `"short"`, "contradicts length.H"},
		{"raw duplicate key", doc("", strings.Replace(baseOpenings, `"length": {"D": 3}`, `"length": {"D": 3, "D": 0}`, 1)),
			`openings["1D"].length.D`, `"D": 0`, "appears twice"},
		{"duplicate field", doc("  \"name\": \"again\",\n", baseOpenings), "name", `"again"`, "appears twice"},
		{"hcp upside down", doc("", strings.Replace(baseOpenings, `[15, 17]`, `[17, 15]`, 1)),
			`openings["1NT"].hcp`, `"1NT"`, "above maximum"},
		{"hcp above 37", doc("", strings.Replace(baseOpenings, `[15, 17]`, `[15, 38]`, 1)),
			`openings["1NT"].hcp[1]`, `"1NT"`, "outside 0–37"},
		{"hcp not a pair", doc("", strings.Replace(baseOpenings, `[15, 17]`, `[15]`, 1)),
			`openings["1NT"].hcp`, `"1NT"`, "[min, max]"},
		{"fractional length", doc("", strings.Replace(baseOpenings, `{"C": 3}`, `{"C": 3.5}`, 1)),
			`openings["1C"].length.C`, `"1C"`, "whole number"},
		{"missing hcp", doc("", strings.Replace(baseOpenings, `"hcp": [12, 21], "length": {"S": 5}`, `"length": {"S": 5}`, 1)),
			`openings["1S"].hcp`, `"1S"`, "missing"},
		{"not a call", doc("", baseOpenings+",\n    \"1X\": {\"hcp\": [5, 10]}"),
			`openings["1X"]`, `"1X"`, "not a call"},
		{"double as an opening", doc("", baseOpenings+",\n    \"X\": {\"hcp\": [5, 10]}"),
			`openings["X"]`, `"X"`, "cannot open"},
		{"same opening twice", doc("", baseOpenings+",\n    \"1♥\": {\"hcp\": [12, 21], \"length\": {\"H\": 5}}"),
			`openings["1♥"]`, `"1♥"`, "described twice"},
		{"missing one-level opening", doc("", strings.Replace(baseOpenings, ",\n    \"1NT\": {\"hcp\": [15, 17]}", "", 1)),
			`openings["1NT"]`, `"openings"`, "every one-level opening"},
		{"wrong type", doc("", strings.Replace(baseOpenings, `"1C": {`, `"1C": {"artificial": "yes", `, 1)),
			`openings["1C"].artificial`, `"1C"`, "true or false"},
		{"unknown field in an alternative", doc("", baseOpenings+",\n    \"2D\": {\"hcp\": [5, 10], \"length\": {\"D\": 6},\n      \"or\": [{\"hcp\": [20, 22], \"artificial\": true}]}"),
			`openings["2D"].or[0].artificial`, `"or"`, "unknown field"},
		{"two-suiter over 13 cards", doc("", baseOpenings+",\n    \"2H\": {\"hcp\": [5, 10], \"two_suited\": {\"min\": [7, 7]}}"),
			`openings["2H"].two_suited.min`, `"2H"`, "more than 13"},
		{"lengths over 13 cards", doc("", baseOpenings+",\n    \"2H\": {\"hcp\": [5, 10], \"length\": {\"H\": 7, \"S\": 7}}"),
			`openings["2H"].length`, `"2H"`, "more than 13"},
		{"club exception on 1♦", doc("", strings.Replace(baseOpenings, `"length": {"D": 3}`, `"length": {"D": 2}, "club_4432": true`, 1)),
			`openings["1D"].club_4432`, `"1D"`, "only to a 1C"},
		{"bad shape", doc("", strings.Replace(baseOpenings, `[15, 17]}`, `[15, 17], "shapes": ["4441x"]}`, 1)),
			`openings["1NT"].shapes[0]`, `"1NT"`, "four suit lengths"},
		{"shape against lengths", doc("", strings.Replace(baseOpenings, `[15, 17]}`, `[15, 17], "length": {"C": 5}, "shapes": ["4333"]}`, 1)),
			`openings["1NT"].shapes[0]`, `"1NT"`, "cannot hold"},
		{"either with one suit", doc("", baseOpenings+",\n    \"2D\": {\"hcp\": [5, 10], \"either\": [{\"suits\": [\"H\"], \"min\": 6}]}"),
			`openings["2D"].either[0].suits`, `"2D"`, "two or more suits"},
		{"one player", strings.Replace(doc("", baseOpenings), `, {"name": "B", "rank": "club"}`, "", 1),
			"players", `"players"`, "two players"},
		{"unknown rank", strings.Replace(doc("", baseOpenings), `"rank": "club"}]`, `"rank": "grand poobah"}]`, 1),
			"players[1].rank", `"players"`, "not an ABF masterpoint rank"},
		{"overcall below the opening", doc("  \"overcalls\": [\n    {\"over\": [\"1S\"], \"bid\": \"1H\", \"hcp\": [8, 16], \"length\": {\"H\": 5}}\n  ],\n", baseOpenings),
			"overcalls[0].over[0]", `"over"`, "not a legal overcall"},
		{"stopper ask that is not a cue bid", doc("  \"overcalls\": [\n    {\"over\": [\"1S\"], \"bid\": \"3H\", \"hcp\": [8, 16], \"asks_stopper\": true}\n  ],\n", baseOpenings),
			"overcalls[0].asks_stopper", `"over"`, "cue bid"},
		{"overcall over nothing", doc("  \"overcalls\": [\n    {\"bid\": \"2C\", \"hcp\": [8, 16], \"length\": {\"C\": 5}}\n  ],\n", baseOpenings),
			"overcalls[0].over", `"bid": "2C"`, "which openings"},
		{"bad defence kind", doc("  \"overcalls\": [\n    {\"defence_to\": \"weak\", \"bid\": \"2C\", \"hcp\": [8, 16]}\n  ],\n", baseOpenings),
			"overcalls[0].defence_to", `"defence_to"`, "want 1NT, strong"},
		{"response not higher", doc("  \"responses\": [\n    {\"after\": \"2C\", \"bid\": \"1NT\", \"hcp\": [0, 7]}\n  ],\n", baseOpenings),
			"responses[0].bid", `"after"`, "not a legal response"},
		{"bad date", doc("  \"yellow\": {\"submitted\": \"1/11/2026\"},\n", baseOpenings),
			"yellow.submitted", `"yellow"`, "YYYY-MM-DD"},
		{"bad variation", doc("", strings.Replace(baseOpenings, `[15, 17]}`, `[15, 17], "varies": [{"by": "moon", "change": "hcp"}]}`, 1)),
			`openings["1NT"].varies[0].by`, `"1NT"`, "seat or vulnerability"},
		{"syntax error", strings.Replace(doc("", baseOpenings), `"1D": {`, `"1D" {`, 1),
			`openings["1D"]`, `"1D"`, "JSON syntax error"},
		{"trailing data", doc("", baseOpenings) + "{}\n", "", "{}", "after the card"},
		{"not an object", "[1, 2]\n", "", "[1, 2]", "want an object"},
		{"empty file", "", "", "", "the input is empty"},
		{"white space only", "\r\n  \n", "", "", "the input is empty"},
		// Issue 13 item 7: a truncated file reports where it ends and the
		// field it cuts off, not line 1.
		{"truncated in an opening", truncateAt(doc("", baseOpenings), `"length": {"D"`),
			`openings["1D"].length.D`, `"length": {"D"`, "the file ends at line 6, column 43, with 4 object(s) or array(s) not closed"},
		{"truncated after a field", truncateAt(doc("", baseOpenings), `"openings"`),
			"openings", `"openings"`, "the file ends at line 4, column 13, with 1 object(s)"},
		{"UTF-16", "\xff\xfe{\x00\"\x00", "", "", "the file is UTF-16 text; save it as UTF-8"},
		{"binary", "{\x00\x01\x02", "", "", "the file is not text"},
		{"Latin-1", strings.Replace(doc("", baseOpenings), `"name": "B"`, "\"name\": \"Zaj\xb1c\"", 1),
			"", `Zaj`, "byte 0xb1 is not UTF-8"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := DecodeBytes([]byte(tt.text), "card.json")
			if err == nil {
				t.Fatal("decoded without error")
			}
			if !errors.Is(err, ErrInvalid) {
				t.Errorf("error does not wrap ErrInvalid: %v", err)
			}
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("not an *Error: %v", err)
			}
			if e.Path != tt.path {
				t.Errorf("path %q, want %q (%v)", e.Path, tt.path, err)
			}
			wantLine := 1
			if tt.at != "" {
				i := strings.Index(tt.text, tt.at)
				if i < 0 {
					t.Fatalf("test text lacks %q", tt.at)
				}
				wantLine = strings.Count(tt.text[:i], "\n") + 1
			}
			if e.Line != wantLine {
				t.Errorf("line %d, want %d (%v)", e.Line, wantLine, err)
			}
			if !strings.Contains(err.Error(), tt.msg) || !strings.HasPrefix(err.Error(), "card.json:") {
				t.Errorf("message %q lacks %q or the file name", err.Error(), tt.msg)
			}
		})
	}
}

func TestLoadMissingFile(t *testing.T) {
	_, err := Load(filepath.Join(t.TempDir(), "none.json"))
	if !errors.Is(err, os.ErrNotExist) {
		t.Errorf("got %v, want a not-exist error", err)
	}
}

func TestParseRank(t *testing.T) {
	tests := []struct {
		in   string
		want ABFRank
	}{
		{"nil", Nil}, {"Local Master", Local}, {"*Local", BronzeLocal}, {"**Local", SilverLocal},
		{"bronze national", BronzeNational}, {"Diamond Grand", DiamondGrand},
	}
	for _, tt := range tests {
		got, err := ParseRank(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("ParseRank(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
		}
	}
	if _, err := ParseRank("master"); err == nil {
		t.Error("ParseRank(master) succeeded")
	}
}

// truncateAt cuts text just after the first occurrence of at.
func truncateAt(text, at string) string {
	i := strings.Index(text, at)
	if i < 0 {
		panic("no " + at)
	}
	return text[:i+len(at)]
}

// A card saved with a UTF-8 byte-order mark (Notepad, Excel) and CRLF
// line ends reads as without them, and its errors keep their lines.
func TestDecodeBOMAndCRLF(t *testing.T) {
	plain := doc("", baseOpenings)
	want, err := DecodeBytes([]byte(plain), "card.json")
	if err != nil {
		t.Fatal(err)
	}
	bom := "\xef\xbb\xbf" + strings.ReplaceAll(plain, "\n", "\r\n")
	got, err := DecodeBytes([]byte(bom), "card.json")
	if err != nil {
		t.Fatalf("with a byte-order mark: %v", err)
	}
	if got.Name != want.Name || len(got.Openings) != len(want.Openings) || Classify(got).Colour != Classify(want).Colour {
		t.Errorf("with a byte-order mark: %+v, want %+v", got, want)
	}
	bad := "\xef\xbb\xbf" + strings.Replace(plain, `[15, 17]`, `[17, 15]`, 1)
	_, err = DecodeBytes([]byte(bad), "card.json")
	var e *Error
	if !errors.As(err, &e) || e.Line != strings.Count(plain[:strings.Index(plain, `"1NT"`)], "\n")+1 || e.Path != `openings["1NT"].hcp` {
		t.Errorf("error after a byte-order mark: %v", err)
	}
}

// FuzzDecode checks that no input makes the decoder panic, that every error
// is an *Error wrapping ErrInvalid, and that every card it accepts can be
// classified and checked.
func FuzzDecode(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.json")
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(doc("", baseOpenings)))
	f.Add([]byte(`{"openings": {"1H": {"hcp": [1, 2], "length": {"H": 3, "♥": 0}}}}`))
	f.Add([]byte(`[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]`))
	card := doc("", baseOpenings)
	f.Add([]byte("\xef\xbb\xbf" + card))                  // byte-order mark
	f.Add([]byte(strings.ReplaceAll(card, "\n", "\r\n"))) // CRLF
	f.Add([]byte(card[:len(card)/2]))                     // truncated
	f.Add([]byte("\xff\xfe{\x00}\x00"))                   // UTF-16
	f.Add([]byte(""))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := DecodeBytes(data, "fuzz.json")
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || !errors.Is(err, ErrInvalid) || e.Line < 1 {
				t.Fatalf("bad error %T %v", err, err)
			}
			// The error names the file and a line of it.
			if lines := bytes.Count(data, []byte{'\n'}) + 1; e.Line > lines || !strings.HasPrefix(err.Error(), "fuzz.json:") {
				t.Fatalf("error at line %d of a %d-line file: %v", e.Line, lines, err)
			}
			return
		}
		r := Classify(c)
		if r.Colour > Yellow {
			t.Fatalf("colour %v", r.Colour)
		}
		if _, err := Check(Congress, c.yellowDay(), Pair{Card: c}, c); err != nil {
			t.Fatal(err)
		}
	})
}

// yellowDay returns a day for Check in the fuzz test.
func (c *Card) yellowDay() time.Time {
	if c.Yellow != nil {
		return c.Yellow.Submitted.AddDate(0, 0, 7)
	}
	return time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
}

// FuzzNotation fuzzes the small parsers (shapes, ranks, event kinds): no
// panics, and whatever they accept prints back to text they read the same.
func FuzzNotation(f *testing.F) {
	for _, s := range []string{"4432", "4-4-3-2", "10-1-1-1", "7=6=0=0", "**Local", "Bronze National Master", "congress,matchpoint", "state", "mp, red"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if sh, err := ParseShape(s); err == nil {
			if sh[0]+sh[1]+sh[2]+sh[3] != 13 || sh[0] < sh[1] || sh[1] < sh[2] || sh[2] < sh[3] {
				t.Fatalf("ParseShape(%q) = %v", s, sh)
			}
			if again, err := ParseShape(sh.String()); err != nil || again != sh {
				t.Fatalf("ParseShape(%q) = %v, reparsed %v %v", s, sh, again, err)
			}
		}
		if r, err := ParseRank(s); err == nil {
			if again, err := ParseRank(r.String()); err != nil || again != r {
				t.Fatalf("ParseRank(%q) = %v, reparsed %v %v", s, r, again, err)
			}
		}
		if e, err := ParseEvent(s); err == nil {
			if again, err := ParseEvent(e.String()); err != nil || again != e {
				t.Fatalf("ParseEvent(%q) = %v, reparsed %v %v", s, e, again, err)
			}
		}
	})
}
