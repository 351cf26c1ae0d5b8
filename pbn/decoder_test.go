package pbn

import (
	"bytes"
	"errors"
	"io"
	"os"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/bridgetd/bridgetd/textfile"
)

// streamed decodes data with a Decoder and writes it back with its Encoder
// and a Formatter; it returns the games, the two outputs and the error
// that stopped the decoder (nil at the end).
func streamed(t testing.TB, data []byte) (games []*Game, enc, canon []byte, err error) {
	t.Helper()
	d := NewDecoder(bytes.NewReader(data), "x.pbn")
	var eb, fb bytes.Buffer
	e := d.NewEncoder(&eb)
	fm := NewFormatter(&fb)
	for {
		g, gerr := d.Next()
		if gerr == io.EOF {
			break
		}
		if gerr != nil {
			err = gerr
			break
		}
		games = append(games, g)
		if werr := e.Encode(g); werr != nil {
			t.Fatal(werr)
		}
		if werr := fm.Format(g); werr != nil {
			t.Fatal(werr)
		}
	}
	e.Close()
	fm.Close()
	return games, eb.Bytes(), fb.Bytes(), err
}

// sameAsParse fails unless the Decoder reads data as Parse does: the same
// games with the same resolved tags and lines, the same problems found by
// Check, the same bytes written back and the same canonical form.
func sameAsParse(t testing.TB, data []byte) {
	t.Helper()
	f, perr := Parse(data)
	games, enc, canon, derr := streamed(t, data)
	if err := textfile.Check(data, "x.pbn"); err != nil {
		// Parse reads bytes; the decoder refuses UTF-16 and binary input.
		if derr == nil || derr.Error() != err.Error() {
			t.Fatalf("%v: decoder says %v", err, derr)
		}
		return
	}
	if perr != nil {
		if derr == nil {
			t.Fatalf("Parse: %v; the decoder accepts it", perr)
		}
		var pe, de *Error
		errors.As(perr, &pe)
		errors.As(derr, &de)
		if de == nil || pe.Line != de.Line || pe.Msg != de.Msg {
			t.Fatalf("Parse: %v; decoder: %v", perr, derr)
		}
		return
	}
	if len(f.Games) == 0 {
		if !errors.Is(derr, ErrNoGames) {
			t.Fatalf("no games: decoder says %v", derr)
		}
		return
	}
	if derr != nil {
		t.Fatalf("decoder: %v", derr)
	}
	if len(games) != len(f.Games) {
		t.Fatalf("%d games, Parse has %d", len(games), len(f.Games))
	}
	for i, g := range games {
		w := f.Games[i]
		if g.Line != w.Line || len(g.Tags()) != len(w.Tags()) {
			t.Fatalf("game %d: line %d, %d tags; Parse: line %d, %d tags", i+1, g.Line, len(g.Tags()), w.Line, len(w.Tags()))
		}
		for _, name := range append([]string{"Event", "Site", "Date", "Board", "Dealer", "Vulnerable", "Deal", "Scoring"}, tagNames(w)...) {
			gv, gok := g.Get(name)
			wv, wok := w.Get(name)
			if gv != wv || gok != wok {
				t.Fatalf("game %d tag %s: %q %v; Parse: %q %v", i+1, name, gv, gok, wv, wok)
			}
		}
		ge, we := g.Check(), w.Check()
		if len(ge) != len(we) {
			t.Fatalf("game %d: Check finds %v; with Parse %v", i+1, ge, we)
		}
		for j := range ge {
			if ge[j].Line != we[j].Line || ge[j].Msg != we[j].Msg {
				t.Fatalf("game %d: Check finds %v; with Parse %v", i+1, ge[j], we[j])
			}
		}
	}
	if !bytes.Equal(enc, data) {
		t.Fatalf("Encoder output differs from the input at byte %d", firstDiff(enc, data))
	}
	var fb bytes.Buffer
	f.Format(&fb)
	if !bytes.Equal(canon, fb.Bytes()) {
		t.Fatalf("Formatter output differs from File.Format at byte %d", firstDiff(canon, fb.Bytes()))
	}
}

func tagNames(g *Game) []string {
	var out []string
	for _, t := range g.Tags() {
		out = append(out, t.Name)
	}
	return out
}

// The Decoder reads every real file exactly as Parse does (issue 13 item 9:
// the streaming commands must not change what they read or write).
func TestDecoderMatchesParse(t *testing.T) {
	for _, name := range fixtures(t) {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if !utf8.Valid(data) {
			continue // Latin-1 is decided per game; see TestDecoderLatin1
		}
		t.Run(name, func(t *testing.T) { sameAsParse(t, data) })
	}
	for _, text := range []string{
		"[Board \"1\"]\n[Event \"e\"]\n\n\n[Board \"##\"]\n[Event \"#\"]\n\n[Board \"##\"]\n",
		"{a comment\n\nover a blank line}\n[Board \"1\"]\n\n% directive\n; comment\n\n[Board \"2\"]\n{ trailing }\n",
		"[Board \"1\"]\r\n[Note \"1:{ not a comment\"]\r\n\r\n[Board \"2\"]\r\n",
		"[Auction \"N\"]\n1S \"quoted ; text\" Pass\n\n[Board \"2\"]\n",
		"% only a directive\n; and a comment\n",
		"[Board \"1\"]\n\n[Deal \"N:\n",
		"[Board \"1\"]\n\n{never closed\n\n[Board \"2\"]\n",
		"[Board \"1\"]\n\n[Board \"2\"]\n]\n",
		"\uFEFF[Board \"1\"]\n\n[Board \"2\"]\n",
		"[Board \"1\"]\n\n  \n\t\n[Board \"2\"]",
	} {
		sameAsParse(t, []byte(text))
	}
}

// An empty input and one with no game say so (issue 13 item 4); UTF-16 is
// named.
func TestDecoderEmptyAndUTF16(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", "x.pbn: the input is empty"},
		{" \n\r\n", "x.pbn: the input is empty"},
		{"% PBN 2.1\n", "x.pbn: no games in the input"},
		{"\xFF\xFE[\x00B\x00", "x.pbn: the file is UTF-16"},
	} {
		_, err := NewDecoder(strings.NewReader(c.in), "x.pbn").Next()
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.in, err, c.want)
		}
	}
}

// Latin-1 is recognised from the first game that is not UTF-8, and its
// text is converted; the file is written back byte for byte.
func TestDecoderLatin1(t *testing.T) {
	data := []byte("[Event \"Caf\xe9\"]\n[Board \"1\"]\n\n[Event \"#\"]\n[Board \"2\"]\n")
	games, enc, _, err := streamed(t, data)
	if err != nil || len(games) != 2 {
		t.Fatalf("%d games, %v", len(games), err)
	}
	if games[1].Tag("Event") != "Café" {
		t.Errorf("Event %q", games[1].Tag("Event"))
	}
	if !bytes.Equal(enc, data) {
		t.Errorf("written back %q", enc)
	}
}
