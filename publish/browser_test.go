package publish

// Helpers that check pages in a real browser: Chromium (headless) prints a
// page to PDF or takes a screenshot, and poppler's pdfinfo, pdftotext and
// pdftoppm read the PDF back. Install them with
//
//	apt-get install -y chromium poppler-utils
//
// Set BRIDGETD_NO_BROWSER=1 to skip these tests on a machine without them.

import (
	"context"
	"encoding/xml"
	"flag"
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

var (
	update    = flag.Bool("update", false, "rewrite the golden files")
	artefacts = flag.String("artefacts", "testdata/out", "directory for the PDFs, page images and screenshots the browser tests make, for a person to look at")
)

// tool returns the path of the first program in names found on PATH.
func tool(t testing.TB, names ...string) string {
	t.Helper()
	for _, n := range names {
		if p, err := exec.LookPath(n); err == nil {
			return p
		}
	}
	if os.Getenv("BRIDGETD_NO_BROWSER") != "" {
		t.Skipf("%s not installed and BRIDGETD_NO_BROWSER set", names[0])
	}
	t.Fatalf("%s not found: install chromium and poppler-utils (apt-get install -y chromium poppler-utils), or set BRIDGETD_NO_BROWSER=1", strings.Join(names, " or "))
	return ""
}

// artefactDir returns (and makes) the directory for a test's artefacts.
func artefactDir(t testing.TB, name string) string {
	t.Helper()
	dir := filepath.Join(*artefacts, name)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// run runs a program with a time limit and returns its standard output.
func run(t testing.TB, prog string, args ...string) []byte {
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

// chromium runs headless Chromium with its own profile on a local file.
func chromium(t testing.TB, htmlPath string, args ...string) {
	t.Helper()
	prog := tool(t, "chromium", "chromium-browser", "google-chrome")
	abs, err := filepath.Abs(htmlPath)
	if err != nil {
		t.Fatal(err)
	}
	all := append([]string{"--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
		"--user-data-dir=" + t.TempDir(), "--hide-scrollbars"}, args...)
	all = append(all, "file://"+abs)
	run(t, prog, all...)
}

// printPDF prints an HTML file to PDF as Chromium prints it on paper.
func printPDF(t testing.TB, htmlPath, pdfPath string) {
	t.Helper()
	chromium(t, htmlPath, "--no-pdf-header-footer", "--print-to-pdf="+pdfPath)
	if fi, err := os.Stat(pdfPath); err != nil || fi.Size() == 0 {
		t.Fatalf("Chromium wrote no PDF at %s: %v", pdfPath, err)
	}
}

// screenshot takes a screenshot of an HTML file in a window of the given
// size in CSS pixels.
func screenshot(t testing.TB, htmlPath, pngPath string, width, height int) {
	t.Helper()
	chromium(t, htmlPath, fmt.Sprintf("--window-size=%d,%d", width, height), "--screenshot="+pngPath)
	if fi, err := os.Stat(pngPath); err != nil || fi.Size() == 0 {
		t.Fatalf("Chromium wrote no screenshot at %s: %v", pngPath, err)
	}
}

// pdfPages returns the number of pages of a PDF and the size of its first
// page in points.
func pdfPages(t testing.TB, pdfPath string) (pages int, width, height float64) {
	t.Helper()
	out := run(t, tool(t, "pdfinfo"), pdfPath)
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

// renderPages renders every page of a PDF to PNG (prefix-N.png) at the
// given resolution.
func renderPages(t testing.TB, pdfPath, prefix string, dpi int) []string {
	t.Helper()
	run(t, tool(t, "pdftoppm"), "-r", strconv.Itoa(dpi), "-png", pdfPath, prefix)
	files, err := filepath.Glob(prefix + "-*.png")
	if err != nil || len(files) == 0 {
		t.Fatalf("pdftoppm wrote no pages for %s", pdfPath)
	}
	sort.Strings(files)
	return files
}

// word is a word on a PDF page with its box in points, y downwards.
type word struct {
	Text                   string  `xml:",chardata"`
	XMin, YMin, XMax, YMax float64 `xml:"-"`
	RawXMin                string  `xml:"xMin,attr"`
	RawYMin                string  `xml:"yMin,attr"`
	RawXMax                string  `xml:"xMax,attr"`
	RawYMax                string  `xml:"yMax,attr"`
}

// chunk is a run of words on one line of a page with no wide gap between
// them: a phrase as a reader sees it, and where it is.
type chunk struct {
	Text                   string
	XMin, YMin, XMax, YMax float64
}

func (c chunk) String() string {
	return fmt.Sprintf("%q at (%.0f,%.0f)-(%.0f,%.0f)", c.Text, c.XMin, c.YMin, c.XMax, c.YMax)
}

// pdfWords returns the words of each page of a PDF (pdftotext -bbox).
func pdfWords(t testing.TB, pdfPath string) [][]word {
	t.Helper()
	out := run(t, tool(t, "pdftotext"), "-bbox", pdfPath, "-")
	var doc struct {
		Body struct {
			Doc struct {
				Pages []struct {
					Words []word `xml:"word"`
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
	pages := make([][]word, len(doc.Body.Doc.Pages))
	for i, p := range doc.Body.Doc.Pages {
		for _, w := range p.Words {
			w.XMin, _ = strconv.ParseFloat(w.RawXMin, 64)
			w.YMin, _ = strconv.ParseFloat(w.RawYMin, 64)
			w.XMax, _ = strconv.ParseFloat(w.RawXMax, 64)
			w.YMax, _ = strconv.ParseFloat(w.RawYMax, 64)
			pages[i] = append(pages[i], w)
		}
	}
	return pages
}

// chunks groups a page's words into lines (the same baseline, within a
// point) and splits each line where the gap between two words is wider
// than gap points.
func chunks(words []word, gap float64) []chunk {
	ws := append([]word(nil), words...)
	sort.SliceStable(ws, func(i, j int) bool {
		if math.Abs(ws[i].YMax-ws[j].YMax) > 1 {
			return ws[i].YMax < ws[j].YMax
		}
		return ws[i].XMin < ws[j].XMin
	})
	var out []chunk
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
		out = append(out, chunk{Text: w.Text, XMin: w.XMin, YMin: w.YMin, XMax: w.XMax, YMax: w.YMax})
	}
	return out
}

// find returns the chunks whose text is exactly s.
func find(cs []chunk, s string) []chunk {
	var out []chunk
	for _, c := range cs {
		if c.Text == s {
			out = append(out, c)
		}
	}
	return out
}

// pageText joins a page's chunks, one a line, for error messages.
func pageText(cs []chunk) string {
	var b strings.Builder
	for _, c := range cs {
		b.WriteString(c.String())
		b.WriteByte('\n')
	}
	return b.String()
}
