// Package browsertest checks pages in a real browser for tests: Chromium
// (headless) prints a page to PDF or takes a screenshot, and poppler's
// pdfinfo, pdftotext and pdftoppm read the PDF back, word by word with
// where each word is on its page. Install them with
//
//	apt-get install -y chromium poppler-utils
//
// A test on a machine without them is skipped with a message saying what to
// install, so that "go test ./..." passes on a fresh machine; under CI (the
// CI variable set) a missing tool fails the test, since .ci/run installs
// them. Pages are checked for accessibility with axe-core (Axe), which
// .ci/axe installs from npm. What the tests make
// (PDFs, page images, screenshots) goes under testdata/out of the test's
// package, or under $BRIDGETD_ARTEFACTS, for a person to look at.
package browsertest

import (
	"context"
	"encoding/xml"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"
)

// Tool returns the path of the first program in names found on PATH.
func Tool(t testing.TB, names ...string) string {
	t.Helper()
	for _, n := range names {
		if p, err := exec.LookPath(n); err == nil {
			return p
		}
	}
	msg := fmt.Sprintf("%s not found: install chromium and poppler-utils (apt-get install -y chromium poppler-utils)", strings.Join(names, " or "))
	if os.Getenv("CI") != "" {
		t.Fatalf("%s; CI is set and .ci/run installs them", msg)
	}
	t.Skipf("browser test skipped: %s", msg)
	return ""
}

// Axe returns the source of axe-core's axe.min.js, the accessibility
// checker a test injects into a page, from the file BRIDGETD_AXE names
// (.ci/axe installs the pinned npm package and sets it). Without it the
// test is skipped with a message saying so, except under CI, where it
// fails.
func Axe(t testing.TB) string {
	t.Helper()
	path := os.Getenv("BRIDGETD_AXE")
	if path == "" {
		msg := "BRIDGETD_AXE not set: run `source .ci/axe` to install axe-core and set it"
		if os.Getenv("CI") != "" {
			t.Fatalf("%s; CI is set and .ci/run sources .ci/axe", msg)
		}
		t.Skipf("accessibility test skipped: %s", msg)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("BRIDGETD_AXE: %v", err)
	}
	return string(b)
}

// ArtefactDir returns (and makes) the directory for a test's artefacts.
func ArtefactDir(t testing.TB, name string) string {
	t.Helper()
	base := os.Getenv("BRIDGETD_ARTEFACTS")
	if base == "" {
		base = filepath.Join("testdata", "out")
	}
	dir := filepath.Join(base, name)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// runProg runs a program with a time limit and returns its standard output.
func runProg(t testing.TB, prog string, args ...string) []byte {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, prog, args...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", prog, strings.Join(args, " "), err, stderr.String())
	}
	return out
}

// chromiumRun runs headless Chromium with its own profile on a local file.
func chromiumRun(t testing.TB, htmlPath string, args ...string) {
	t.Helper()
	prog := Tool(t, "chromium", "chromium-browser", "google-chrome")
	abs, err := filepath.Abs(htmlPath)
	if err != nil {
		t.Fatal(err)
	}
	all := append([]string{"--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
		"--user-data-dir=" + t.TempDir(), "--hide-scrollbars"}, args...)
	all = append(all, "file://"+abs)
	runProg(t, prog, all...)
}

// PrintPDF prints an HTML file to PDF as Chromium prints it on paper.
func PrintPDF(t testing.TB, htmlPath, pdfPath string) {
	t.Helper()
	chromiumRun(t, htmlPath, "--no-pdf-header-footer", "--print-to-pdf="+pdfPath)
	if fi, err := os.Stat(pdfPath); err != nil || fi.Size() == 0 {
		t.Fatalf("Chromium wrote no PDF at %s: %v", pdfPath, err)
	}
}

// Screenshot takes a screenshot of an HTML file in a window of the given
// size in CSS pixels.
func Screenshot(t testing.TB, htmlPath, pngPath string, width, height int) {
	t.Helper()
	chromiumRun(t, htmlPath, fmt.Sprintf("--window-size=%d,%d", width, height), "--screenshot="+pngPath)
	if fi, err := os.Stat(pngPath); err != nil || fi.Size() == 0 {
		t.Fatalf("Chromium wrote no screenshot at %s: %v", pngPath, err)
	}
}

// PDFPages returns the number of pages of a PDF and the size of its first
// page in points.
func PDFPages(t testing.TB, pdfPath string) (pages int, width, height float64) {
	t.Helper()
	out := runProg(t, Tool(t, "pdfinfo"), pdfPath)
	for line := range strings.SplitSeq(string(out), "\n") {
		k, v, _ := strings.Cut(line, ":")
		v = strings.TrimSpace(v)
		switch k {
		case "Pages":
			pages, _ = strconv.Atoi(v)
		case "Page size":
			f := strings.Fields(v) // 594.96 x 841.92 pts (A4)
			if len(f) >= 3 {
				width, _ = strconv.ParseFloat(f[0], 64)
				height, _ = strconv.ParseFloat(f[2], 64)
			}
		}
	}
	return pages, width, height
}

// RenderPages renders every page of a PDF to PNG (prefix-N.png) at the
// given resolution.
func RenderPages(t testing.TB, pdfPath, prefix string, dpi int) []string {
	t.Helper()
	runProg(t, Tool(t, "pdftoppm"), "-r", strconv.Itoa(dpi), "-png", pdfPath, prefix)
	files, err := filepath.Glob(prefix + "-*.png")
	if err != nil || len(files) == 0 {
		t.Fatalf("pdftoppm wrote no pages for %s", pdfPath)
	}
	sort.Strings(files)
	return files
}

// Word is a word on a PDF page with its box in points, y downwards.
type Word struct {
	Text                   string
	XMin, YMin, XMax, YMax float64
}

// rawWord is a word as pdftotext -bbox writes it.
type rawWord struct {
	Text string `xml:",chardata"`
	XMin string `xml:"xMin,attr"`
	YMin string `xml:"yMin,attr"`
	XMax string `xml:"xMax,attr"`
	YMax string `xml:"yMax,attr"`
}

// Chunk is a run of words on one line of a page with no wide gap between
// them: a phrase as a reader sees it, and where it is.
type Chunk struct {
	Text                   string
	XMin, YMin, XMax, YMax float64
}

// String gives the text and the box, for error messages.
func (c Chunk) String() string {
	return fmt.Sprintf("%q at (%.0f,%.0f)-(%.0f,%.0f)", c.Text, c.XMin, c.YMin, c.XMax, c.YMax)
}

// PDFWords returns the words of each page of a PDF (pdftotext -bbox).
func PDFWords(t testing.TB, pdfPath string) [][]Word {
	t.Helper()
	out := runProg(t, Tool(t, "pdftotext"), "-bbox", pdfPath, "-")
	var doc struct {
		Body struct {
			Doc struct {
				Pages []struct {
					Words []rawWord `xml:"word"`
				} `xml:"page"`
			} `xml:"doc"`
		} `xml:"body"`
	}
	d := xml.NewDecoder(strings.NewReader(string(out)))
	d.Strict = false
	d.AutoClose = xml.HTMLAutoClose
	d.Entity = xml.HTMLEntity
	if err := d.Decode(&doc); err != nil {
		t.Fatalf("pdftotext -bbox %s: %v", pdfPath, err)
	}
	pages := make([][]Word, len(doc.Body.Doc.Pages))
	for i, p := range doc.Body.Doc.Pages {
		for _, r := range p.Words {
			w := Word{Text: r.Text}
			w.XMin, _ = strconv.ParseFloat(r.XMin, 64)
			w.YMin, _ = strconv.ParseFloat(r.YMin, 64)
			w.XMax, _ = strconv.ParseFloat(r.XMax, 64)
			w.YMax, _ = strconv.ParseFloat(r.YMax, 64)
			pages[i] = append(pages[i], w)
		}
	}
	return pages
}

// Chunks groups a page's words into lines (the same baseline, within a
// point) and splits each line where the gap between two words is wider
// than gap points.
func Chunks(words []Word, gap float64) []Chunk {
	ws := append([]Word(nil), words...)
	sort.SliceStable(ws, func(i, j int) bool {
		if math.Abs(ws[i].YMax-ws[j].YMax) > 1 {
			return ws[i].YMax < ws[j].YMax
		}
		return ws[i].XMin < ws[j].XMin
	})
	var out []Chunk
	for i, w := range ws {
		if i > 0 && len(out) > 0 {
			c := &out[len(out)-1]
			if math.Abs(w.YMax-c.YMax) <= 1 && w.XMin-c.XMax <= gap {
				c.Text += " " + w.Text
				c.XMax = max(c.XMax, w.XMax)
				c.YMin = min(c.YMin, w.YMin)
				continue
			}
		}
		out = append(out, Chunk{Text: w.Text, XMin: w.XMin, YMin: w.YMin, XMax: w.XMax, YMax: w.YMax})
	}
	return out
}

// Find returns the chunks whose text is exactly s.
func Find(cs []Chunk, s string) []Chunk {
	var out []Chunk
	for _, c := range cs {
		if c.Text == s {
			out = append(out, c)
		}
	}
	return out
}

// PageText joins a page's chunks, one a line, for error messages.
func PageText(cs []Chunk) string {
	var b strings.Builder
	for _, c := range cs {
		b.WriteString(c.String())
		b.WriteByte('\n')
	}
	return b.String()
}

// Line returns the texts of the chunks on the same line as c (within 2
// points of its baseline), left to right: the cells of a table row.
func Line(cs []Chunk, c Chunk) []string {
	var on []Chunk
	for _, o := range cs {
		if math.Abs(o.YMax-c.YMax) <= 2 {
			on = append(on, o)
		}
	}
	sort.Slice(on, func(i, j int) bool { return on[i].XMin < on[j].XMin })
	out := make([]string, len(on))
	for i, o := range on {
		out[i] = o.Text
	}
	return out
}
