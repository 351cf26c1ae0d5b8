package pbn

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// FuzzDecode: the decoder never panics; whatever it accepts it writes back
// byte for byte, its canonical form decodes again, and the typed accessors
// and Check never panic on it.
func FuzzDecode(f *testing.F) {
	names, _ := filepath.Glob("testdata/*.pbn")
	for _, n := range names {
		data, err := os.ReadFile(n)
		// Small files only: the fuzzer minimises every new input, and a
		// large seed makes each minimisation take a minute.
		if err != nil || len(data) > 2<<10 {
			continue
		}
		f.Add(data)
	}
	f.Add([]byte("[Auction \"N\"]\n1S! =1= $3 AP\n[Note \"1:x\"]\n[Play \"E\"]\nSA - * \n"))
	f.Add([]byte("[Board \"1\"]\n[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\nN S 9\nN NT 10\n\n" +
		"[ScoreTable \"PairId_NS\\2R;Contract\\4L;Lead\\3L;+Percentage_NS\\6R\"]\n1 4S \"CA\" 10.00\n"))
	f.Add([]byte("[Board \"##\"]\r\n[Event \"#\"]\r\n{c}\r\n; d\r\n%e\r\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		// A decoder that hangs is a bug too: give each input ten seconds.
		done := make(chan struct{})
		defer close(done)
		go func() {
			select {
			case <-done:
			case <-time.After(10 * time.Second):
				panic(fmt.Sprintf("pbn: input of %d bytes still running after 10s", len(data)))
			}
		}()
		if utf8.Valid(data) {
			sameAsParse(t, data) // the streaming decoder reads it alike
		}
		file, err := Parse(data)
		if err != nil {
			if _, ok := err.(*Error); !ok {
				t.Fatalf("error %v is not an *Error", err)
			}
			return
		}
		if got := file.Bytes(); !bytes.Equal(got, data) {
			t.Fatalf("round trip differs at byte %d", firstDiff(got, data))
		}
		for _, g := range file.Games {
			g.Deal()
			g.Board()
			g.Dealer()
			g.Vulnerability()
			g.Contract()
			g.Result()
			g.Score()
			if a, err := g.Auction(); err == nil {
				a.Lines()
			}
			if p, err := g.Play(); err == nil {
				p.Lines()
			}
			for _, tag := range g.Tags() {
				if len(tag.Name) > 5 && tag.Name[len(tag.Name)-5:] == "Table" {
					if tab, err := g.Table(tag.Name); err == nil {
						tab.Lines()
					}
				}
			}
		}
		file.Check()
		var out bytes.Buffer
		if err := file.Format(&out); err != nil {
			t.Fatal(err)
		}
		again, err := Parse(out.Bytes())
		if err != nil {
			t.Fatalf("canonical form does not decode: %v\n%s", err, out.Bytes())
		}
		if len(again.Games) != len(file.Games) {
			t.Fatalf("canonical form has %d games, want %d\n%s", len(again.Games), len(file.Games), out.Bytes())
		}
	})
}

// FuzzParseTrickTable: any accepted DoubleDummyTricks value writes back to
// itself (in lower case), and nothing panics.
func FuzzParseTrickTable(f *testing.F) {
	for _, s := range []string{"979a8979a84633546335", "1441514415998a8998a8", "b7bbab7bba2622326223", "DDDDDDDDDDDDDDDDDDDD"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tab, err := ParseTrickTable(s)
		if err != nil {
			return
		}
		if got := tab.String(); got != strings.ToLower(s) {
			t.Fatalf("%q -> %q", s, got)
		}
	})
}
