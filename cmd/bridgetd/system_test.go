package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const cards = "../../systemcard/testdata/"

func runSystemCmd(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := run(&env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb}, append([]string{"system"}, args...))
	return code, out.String(), errb.String()
}

func TestSystemClassify(t *testing.T) {
	tests := []struct {
		card   string
		colour string
		brown  bool
		want   string // a line of the text output
	}{
		{"sayc.json", "Green", false, "brown sticker: no"},
		{"precision.json", "Blue", false, "Part B 2.2(a) 1♣: artificial, forcing and always strong (16+ HCP)"},
		{"polish.json", "Red", false, "Part B 2.3(a) 1♣"},
		{"strongpass.json", "Yellow", false, "Part B 2.4(a) Pass"},
		{"multi.json", "Green", false, "exempt        Part B 2.5(a)(ii) 2♦"},
		{"anytwo.json", "Green", true, "brown-sticker Part B 2.5(a) 2♥"},
	}
	for _, tt := range tests {
		t.Run(tt.card, func(t *testing.T) {
			code, out, errs := runSystemCmd("classify", cards+tt.card)
			if code != 0 || errs != "" {
				t.Fatalf("exit %d, stderr %q", code, errs)
			}
			first := strings.SplitN(out, "\n", 2)[0]
			if !strings.HasSuffix(first, ": "+tt.colour) || !strings.Contains(out, tt.want) {
				t.Errorf("output lacks %s or %q:\n%s", tt.colour, tt.want, out)
			}
			code, out, _ = runSystemCmd("classify", "--json", cards+tt.card)
			if code != 0 {
				t.Fatalf("--json exit %d", code)
			}
			var r struct {
				Colour       string `json:"colour"`
				BrownSticker bool   `json:"brown_sticker"`
				Findings     []struct {
					Clause, Bid, Kind, Text string
				} `json:"findings"`
			}
			if err := json.Unmarshal([]byte(out), &r); err != nil {
				t.Fatalf("JSON: %v\n%s", err, out)
			}
			if r.Colour != tt.colour || r.BrownSticker != tt.brown || r.Findings == nil {
				t.Errorf("JSON %+v, want %s brown=%v", r, tt.colour, tt.brown)
			}
			for _, f := range r.Findings {
				if f.Clause == "" || f.Kind == "" {
					t.Errorf("finding without clause or kind: %+v", f)
				}
			}
		})
	}
}

func TestSystemClassifyErrors(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "bad.json")
	if err := os.WriteFile(bad, []byte("{\n  \"name\": \"x\",\n  \"colour\": \"green\"\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errs := runSystemCmd("classify", bad)
	if code != 1 || !strings.Contains(errs, "bad.json:3: colour: unknown field") {
		t.Errorf("exit %d, stderr %q", code, errs)
	}
	// Issue 13 item 7: a byte-order mark is accepted, UTF-16 is named,
	// and a truncated card says where it ends and in which field.
	good, err := os.ReadFile(cards + "sayc.json")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, tc := range []struct {
		name string
		data []byte
		code int
		want string
	}{
		{"bom.json", append([]byte("\xef\xbb\xbf"), good...), 0, "Standard American Yellow Card: Green"},
		{"utf16.json", utf16LE(good), 1, "utf16.json:1: the file is UTF-16 text; save it as UTF-8"},
		{"cut.json", good[:bytes.Index(good, []byte(`"1D"`))+10], 1, "cut.json:"},
		{"empty.json", nil, 1, "empty.json:1: the input is empty"},
	} {
		path := filepath.Join(dir, tc.name)
		if err := os.WriteFile(path, tc.data, 0o644); err != nil {
			t.Fatal(err)
		}
		code, out, errs := runSystemCmd("classify", path)
		if code != tc.code || !strings.Contains(out+errs, tc.want) {
			t.Errorf("%s: exit %d, want %d with %q; stdout %q stderr %q", tc.name, code, tc.code, tc.want, out, errs)
		}
		if tc.name == "cut.json" && !strings.Contains(errs, `openings["1D"]`) || tc.name == "cut.json" && !strings.Contains(errs, "the file ends at line") {
			t.Errorf("truncated card: %q does not say where it ends", errs)
		}
	}
	for _, args := range [][]string{{}, {"sort"}, {"classify"}, {"classify", "a", "b"}, {"check", cards + "sayc.json"}} {
		if code, _, _ := runSystemCmd(args...); code != 2 {
			t.Errorf("%v: exit %d, want 2 (usage)", args, code)
		}
	}
	if code, _, errs := runSystemCmd("check", "--event", "weekly", cards+"sayc.json"); code != 1 || !strings.Contains(errs, "bad event kind") {
		t.Errorf("bad event: exit %d, %q", code, errs)
	}
	if code, _, errs := runSystemCmd("check", "--event", "other", "--date", "9/11/2026", cards+"sayc.json"); code != 1 || !strings.Contains(errs, "YYYY-MM-DD") {
		t.Errorf("bad date: exit %d, %q", code, errs)
	}
}

func TestSystemCheck(t *testing.T) {
	tests := []struct {
		name string
		args []string
		code int
		want []string
	}{
		{"Yellow at a club session plays its second card (second_card)",
			[]string{"--event", "other", "--date", "2026-11-09", cards + "strongpass.json"}, 0,
			[]string{`verdict: may play "Acol, weak no trump" (Green)`, "NSWBA 5.4.4", "NSWBA 5.7"}},
		{"Red at matchpoint pairs",
			[]string{"--event", "matchpoint", "--date", "2026-11-09", cards + "polish.json"}, 0,
			[]string{`verdict: may play "Polish Club (Wspólny Język)" (Red)`, "NSWBA 5.4.2"}},
		{"Yellow against a protected pair at a congress",
			[]string{"--event", "congress", "--date", "2026-11-09", "--opponents", cards + "sayc.json", cards + "strongpass.json"}, 0,
			[]string{"the opponents are a protected pair", "NSWBA 5.8"}},
		{"Yellow submitted too late, second card given explicitly but Yellow",
			[]string{"--event", "congress", "--date", "2026-11-08", "--second", cards + "strongpass.json", cards + "strongpass.json"}, 1,
			[]string{`verdict: may not play "Strong Pass" (Yellow)`, "NSWBA 5.5.1", "fewer than 7 days", "Yellow too"}},
		{"Brown Sticker against a protected pair",
			[]string{"check", "--event", "red", "--opponents", cards + "multi.json", cards + "anytwo.json"}, 0,
			[]string{"may not use its Brown Sticker conventions against a protected pair: 2♥"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := tt.args
			if args[0] != "check" {
				args = append([]string{"check"}, args...)
			}
			code, out, errs := runSystemCmd(args...)
			if code != tt.code {
				t.Errorf("exit %d, want %d; stderr %q\n%s", code, tt.code, errs, out)
			}
			for _, w := range tt.want {
				if !strings.Contains(out, w) {
					t.Errorf("output lacks %q:\n%s", w, out)
				}
			}
		})
	}
	// NSWBA 5.1, 5.3: the second card must be the pair's own.
	code, out, errs := runSystemCmd("check", "--event", "other", "--date", "2026-11-09", cards+"strongpass.json", "--second", cards+"sayc.json")
	if code != 1 || !strings.Contains(errs, "second card "+cards+"sayc.json: systemcard: the second card belongs to another partnership: \"Standard American Yellow Card\" is the card of Ann Lee and Bob Ng, not of Max Ode and Nia Holt") {
		t.Errorf("another pair's second card: exit %d, stderr %q\n%s", code, errs, out)
	}
	code, out, _ = runSystemCmd("check", "--json", "--event", "other", "--date", "2026-11-09", cards+"strongpass.json", "--second", cards+"strongpass_acol.json")
	var v struct {
		Allowed bool   `json:"allowed"`
		Plays   string `json:"plays"`
		Colour  string `json:"colour"`
		Reasons []struct{ Clause string }
	}
	if err := json.Unmarshal([]byte(out), &v); code != 0 || err != nil || !v.Allowed || v.Plays != "Acol, weak no trump" || v.Colour != "Green" {
		t.Errorf("check --json: exit %d, %v, %+v\n%s", code, err, v, out)
	}
}

// utf16LE encodes ASCII-compatible text as UTF-16 little-endian with a
// byte-order mark, as Windows "Unicode" saves it.
func utf16LE(b []byte) []byte {
	out := []byte{0xFF, 0xFE}
	for _, r := range string(b) {
		if r > 0xFFFF {
			r = '?'
		}
		out = append(out, byte(r), byte(r>>8))
	}
	return out
}
