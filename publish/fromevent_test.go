package publish

import (
	"context"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	bt "github.com/bridgetd/bridgetd/internal/browsertest"
	"github.com/bridgetd/bridgetd/internal/eventtest"
)

// TestFromEventSplitScore: Law 12C1(b) at teams. A split score gives each
// team IMPs of its own that do not cancel; the match page shows both
// ("+13 / −9", not "13–0") and the VPs package event scored each team
// from its own IMPs, and the ranking totals those VPs.
func TestFromEventSplitScore(t *testing.T) {
	ev, sc := eventtest.SplitScore(t)
	aVP, _ := sc.VP(13, 2) // Law 12C1(b): team a's VPs from its own +13
	bVP, _ := sc.VP(-9, 2) // and team b's from its own −9
	if aVP+bVP == 20 {
		t.Fatalf("the test needs VPs that do not add to 20: %g and %g", aVP, bVP)
	}
	r, err := FromEvent(context.Background(), ev)
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(r.Matches, func(m Match) bool { return m.Home == "a" })
	if i < 0 {
		t.Fatalf("no match of team a: %+v", r.Matches)
	}
	m := r.Matches[i]
	if !m.Own || m.HomeOwn != 13 || m.AwayOwn != -9 || !m.HasVP || m.HomeVP != aVP || m.AwayVP != bVP {
		t.Errorf("Law 12C1(b): match %+v, want own IMPs +13 and −9, VPs %g and %g", m, aVP, bVP)
	}
	pages, err := Site(r)
	if err != nil {
		t.Fatal(err)
	}
	matches := page(t, pages, "matches.html")
	row := fmt.Sprintf(`<td class="imps own" title="each team's own IMPs (adjusted score)">+13 / −9</td><td class="vps">%s–%s</td>`, fmtScore(aVP), fmtScore(bVP))
	if !strings.Contains(matches, row) {
		t.Errorf("Law 12C1(b): matches page lacks %s", row)
	}
	// The other match balances: written as each team's IMPs won.
	if !strings.Contains(matches, `<td class="imps">13–0</td>`) {
		t.Errorf("the balanced match c v d is not written 13–0")
	}
	index := page(t, pages, "index.html")
	for _, want := range []struct {
		team string
		vp   float64
	}{{"a", aVP}, {"b", bVP}} {
		if !strings.Contains(index, ">"+want.team+"</") || !rankedWith(index, want.team, fmtScore(want.vp)) {
			t.Errorf("ranking: team %s lacks its %s VPs", want.team, fmtScore(want.vp))
		}
	}

	// In Chromium: the matches page printed, and shot at phone size.
	dir := bt.ArtefactDir(t, "split-score")
	html := filepath.Join(t.TempDir(), "site")
	if err := WriteSite(html, r); err != nil {
		t.Fatal(err)
	}
	pdf := filepath.Join(dir, "matches.pdf")
	bt.PrintPDF(t, filepath.Join(html, "matches.html"), pdf)
	cs := bt.Chunks(bt.PDFWords(t, pdf)[0], 9)
	var line []string
	for _, c := range bt.Find(cs, "a") {
		if l := bt.Line(cs, c); len(l) > 1 && l[0] == "1" && l[1] == "a" {
			line = l
		}
	}
	if want := []string{"1", "a", "b", "2", "+13 / −9", fmtScore(aVP) + "–" + fmtScore(bVP)}; !slices.Equal(line, want) {
		t.Errorf("Law 12C1(b): printed row of a v b %q, want %q\n%s", line, want, bt.PageText(cs))
	}
	shot := filepath.Join(dir, "matches-phone.png")
	bt.Screenshot(t, filepath.Join(html, "matches.html"), shot, 390, 844)
	f, err := os.Open(shot)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if cfg, err := png.DecodeConfig(f); err != nil || cfg.Width != 390 || cfg.Height != 844 {
		t.Errorf("phone screenshot: %dx%d (%v), want 390x844", cfg.Width, cfg.Height, err)
	}
	// At phone width the matches table fits the screen: both teams'
	// figures and the VPs are in view without scrolling sideways.
	if phoneOverflow(t, filepath.Join(html, "matches.html"), 390) {
		t.Errorf("at 390 px the matches table is wider than the screen")
	}
}

// phoneOverflow shows a page in headless Chromium in a window width CSS
// pixels wide and reports whether a table's box there scrolls sideways
// (some of it out of view): a script added to a copy of the page paints
// the page red when one does and green when none does, and the test reads
// the colour from the screenshot (kept beside the others).
func phoneOverflow(t *testing.T, page string, width int) bool {
	t.Helper()
	data, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	// Chromium lays the page out wider before it sizes the window for
	// the screenshot: the script checks again on every resize.
	probe := `<script>function probe(){var over=false;document.querySelectorAll(".scroll").forEach(function(e){if(e.scrollWidth>e.clientWidth)over=true});document.documentElement.style.background=over?"#f00":"#0f0"}addEventListener("load",probe);addEventListener("resize",probe)</script></body>`
	copyPath := filepath.Join(t.TempDir(), "probe.html")
	if err := os.WriteFile(copyPath, []byte(strings.Replace(string(data), "</body>", probe, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	shot := filepath.Join(bt.ArtefactDir(t, "split-score"), fmt.Sprintf("probe-%d.png", width))
	bt.Screenshot(t, copyPath, shot, width, 844)
	f, err := os.Open(shot)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	// The bottom corner, below the page's content: the page's background.
	r, g, _, _ := img.At(img.Bounds().Max.X-3, img.Bounds().Max.Y-3).RGBA()
	switch {
	case r > 0xf000 && g < 0x1000:
		return true
	case g > 0xf000 && r < 0x1000:
		return false
	}
	t.Fatalf("the probe did not run on %s (corner colour %x %x)", page, r, g)
	return false
}

// rankedWith reports whether the ranking row of team holds the total.
func rankedWith(html, team, total string) bool {
	for row := range strings.SplitSeq(html, "<tr") {
		if strings.Contains(row, ">"+team+"<") && strings.Contains(row, ">"+total+"<") {
			return true
		}
	}
	return false
}
