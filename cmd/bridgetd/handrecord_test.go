package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestHandRecord: the HTML has a diagram, the high-card points, the
// double-dummy table and the par in words of every board, the event and the
// date on each page; golden file testdata/handrecord.golden.html (go test
// -update to rewrite it). How it prints is checked in Chromium by package
// publish's tests.
func TestHandRecord(t *testing.T) {
	code, out, errOut := runCmd(t, "", "handrecord", "testdata/solve3.pbn", "--per-page", "2", "--date", "2021.08.23")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	checkGolden(t, out, "testdata/handrecord.golden.html")
	for _, s := range []string{
		"<title>Hand records RealBridge teams</title>",
		"<h1>RealBridge teams</h1>", "23 August 2021", "Page 1 of 2", "Page 2 of 2",
		"Board 13", "Dealer East", "Vul N–S", // board 18
		"Par: N–S +460 — ", // board 19, NS +460 as the RealBridge export gives it
		`<span class="h">♥</span>` + "\u00a0K 9 8 6 4",
		`<span class="pc">HCP</span>`,
		"@page { size: A4",
	} {
		if !strings.Contains(out, s) {
			t.Errorf("output lacks %q", s)
		}
	}
	if n := strings.Count(out, `<div class="page"`); n != 2 {
		t.Errorf("%d pages, want 2 (3 boards, 2 a page)", n)
	}
	if strings.Contains(out, "http") {
		t.Errorf("output refers to external assets")
	}
	// -o writes the file; the default is four boards a page.
	file := filepath.Join(t.TempDir(), "hr.html")
	if code, _, errOut := runCmd(t, "", "handrecord", "testdata/solve3.pbn", "-o", file); code != 0 {
		t.Fatalf("-o: exit %d: %s", code, errOut)
	}
	if data, err := os.ReadFile(file); err != nil || !strings.Contains(string(data), "Board 19") ||
		strings.Count(string(data), `<div class="page"`) != 1 {
		t.Errorf("-o file (3 boards on one page): %v", err)
	}
	for _, n := range []string{"0", "7"} {
		if code, _, _ := runCmd(t, "", "handrecord", "testdata/solve3.pbn", "--per-page", n); code != 2 {
			t.Errorf("--per-page %s: exit %d, want 2", n, code)
		}
	}
	if code, _, errOut := runCmd(t, "", "handrecord", "testdata/solve3.pbn", "-o", "testdata/solve3.pbn"); code == 0 {
		t.Errorf("-o the input: exit 0, want a refusal")
	} else if !strings.Contains(errOut, "solve3.pbn") {
		t.Errorf("-o the input: %q does not name the file", errOut)
	}
}

// TestHandRecordAnalysis: the hand records of testdata/analyse4.pbn (three
// play records, two ending in a claim) end with each play analysed double
// dummy (issue 19); --analysis=false leaves the analysis out.
func TestHandRecordAnalysis(t *testing.T) {
	code, out, errOut := runCmd(t, "", "handrecord", "testdata/analyse4.pbn")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if n := strings.Count(out, `<div class="play"`); n != 3 {
		t.Errorf("%d plays analysed, want 3", n)
	}
	for _, s := range []string{
		`<div class="analysis">`,
		"SWEDEN v CROATIA", "LITHUANIA v FRANCE", "ESTONIA v RUSSIA",
		"1NT by S: 7 tricks double dummy before the lead, 7 taken (the rest claimed after 8 tricks); no card cost a trick.",
		`2<span class="d">♦</span> by E: 7 tricks double dummy before the lead, 8 taken (the rest claimed after 8 tricks). Cost a trick: trick 1 S <span class="d">♦</span>6 (−1 trick).`,
		"The rest claimed: declarer's side took 8 tricks in all.",
	} {
		if !strings.Contains(out, s) {
			t.Errorf("output lacks %q", s)
		}
	}
	code, out, errOut = runCmd(t, "", "handrecord", "--analysis=false", "testdata/analyse4.pbn")
	if code != 0 || strings.Contains(out, `class="play"`) || strings.Contains(out, "analysis") {
		t.Errorf("--analysis=false: exit %d (%s), the analysis is still there", code, errOut)
	}
}
