package server

import (
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata")

// qrText is the fixed string of the golden QR code: a table's address.
const qrText = "http://192.168.1.20:8080/t/K7QX2M"

func matrixText(m [][]bool) string {
	var b strings.Builder
	for _, row := range m {
		for _, d := range row {
			if d {
				b.WriteByte('#')
			} else {
				b.WriteByte('.')
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// TestQRGolden compares the QR code of a table's address, module by
// module, with a known-good matrix (testdata/qr/table.txt; SOURCE: written
// by this encoder with -update and read back as the same text by the
// independent ZBar decoder, zbarimg 0.23.92, before it was committed).
func TestQRGolden(t *testing.T) {
	m, err := qrMatrix(qrText)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("testdata", "qr", "table.txt")
	got := matrixText(m)
	if *update {
		os.MkdirAll(filepath.Dir(path), 0o755)
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("QR code of %q differs from %s:\n%s", qrText, path, got)
	}
}

// TestQRStructure checks what ISO/IEC 18004 fixes in every symbol,
// whatever the encoder: the size of a version, the three finder patterns,
// the timing patterns, the dark module, and the format information, which
// must name error correction level M and carry a valid BCH code.
func TestQRStructure(t *testing.T) {
	for _, text := range []string{qrText, "http://10.0.0.1:8080/t/AB", "http://bridge-club.example.org:8080/t/ZZZZZZZZZZZZ"} {
		m, err := qrMatrix(text)
		if err != nil {
			t.Fatal(err)
		}
		const quiet = 4
		n := len(m) - 2*quiet
		if (n-17)%4 != 0 || n < 21 {
			t.Fatalf("%q: %d modules a side (quiet zone aside), not 17+4v", text, n)
		}
		at := func(x, y int) bool { return m[y+quiet][x+quiet] }
		for _, row := range m {
			if len(row) != len(m) {
				t.Fatalf("%q: not square", text)
			}
		}
		// The quiet zone is light.
		for i := range m {
			for j := range quiet {
				if m[i][j] || m[j][i] || m[i][len(m)-1-j] || m[len(m)-1-j][i] {
					t.Fatalf("%q: dark module in the quiet zone", text)
				}
			}
		}
		// Finder patterns: 7×7, dark ring, light ring, 3×3 dark centre.
		for _, c := range [][2]int{{0, 0}, {n - 7, 0}, {0, n - 7}} {
			for dy := range 7 {
				for dx := range 7 {
					ring := max(abs(dx-3), abs(dy-3))
					if want := ring != 2; at(c[0]+dx, c[1]+dy) != want {
						t.Fatalf("%q: finder at %v wrong at (%d,%d)", text, c, dx, dy)
					}
				}
			}
		}
		// Timing patterns alternate on row and column 6.
		for i := 8; i < n-8; i++ {
			if at(i, 6) != (i%2 == 0) || at(6, i) != (i%2 == 0) {
				t.Fatalf("%q: timing pattern wrong at %d", text, i)
			}
		}
		// The dark module beside the lower-left finder.
		if !at(8, n-8) {
			t.Errorf("%q: no dark module at (8, %d)", text, n-8)
		}
		// Format information, first copy: bits 14..0 along row 8 and
		// column 8 around the upper-left finder.
		var bits []bool
		for _, x := range []int{0, 1, 2, 3, 4, 5, 7, 8} {
			bits = append(bits, at(x, 8))
		}
		for _, y := range []int{7, 5, 4, 3, 2, 1, 0} {
			bits = append(bits, at(8, y))
		}
		f := 0
		for _, b := range bits {
			f <<= 1
			if b {
				f |= 1
			}
		}
		f ^= 0b101010000010010
		data := f >> 10
		if rem := bchFormat(data); rem != f&0x3ff {
			t.Errorf("%q: format information %015b fails its BCH check", text, f)
		}
		if level := data >> 3; level != 0b00 { // 00 is level M
			t.Errorf("%q: error correction level bits %02b, want 00 (M)", text, level)
		}
		// The second copy says the same.
		var bits2 []bool
		for y := n - 1; y >= n-7; y-- {
			bits2 = append(bits2, at(8, y))
		}
		for x := n - 8; x < n; x++ {
			bits2 = append(bits2, at(x, 8))
		}
		for i := range bits {
			if bits[i] != bits2[i] {
				t.Errorf("%q: the two copies of the format information differ at bit %d", text, 14-i)
			}
		}
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// bchFormat is the 10-bit BCH(15,5) remainder of 5 format bits, generator
// x^10+x^8+x^5+x^4+x^2+x+1.
func bchFormat(data int) int {
	v := data << 10
	for i := 14; i >= 10; i-- {
		if v&(1<<i) != 0 {
			v ^= 0b10100110111 << (i - 10)
		}
	}
	return v
}

// TestQRSVG reads the modules back out of the page's SVG: the same matrix
// as the encoder's, and the label is there for screen readers.
func TestQRSVG(t *testing.T) {
	m, err := qrMatrix(qrText)
	if err != nil {
		t.Fatal(err)
	}
	svg, err := qrSVG(qrText, `Table 1 <address>`)
	if err != nil {
		t.Fatal(err)
	}
	s := string(svg)
	if !strings.Contains(s, `role="img"`) || !strings.Contains(s, `aria-label="Table 1 &lt;address&gt;"`) {
		t.Errorf("SVG without an escaped label: %.200s", s)
	}
	got := make([][]bool, len(m))
	for i := range got {
		got[i] = make([]bool, len(m))
	}
	for _, g := range regexp.MustCompile(`M(\d+) (\d+)h(\d+)v1h-(\d+)z`).FindAllStringSubmatch(s, -1) {
		x, _ := strconv.Atoi(g[1])
		y, _ := strconv.Atoi(g[2])
		w, _ := strconv.Atoi(g[3])
		for i := range w {
			got[y][x+i] = true
		}
	}
	if matrixText(got) != matrixText(m) {
		t.Errorf("SVG draws another matrix:\n%s", matrixText(got))
	}
	if !strings.Contains(s, fmt.Sprintf(`viewBox="0 0 %d %d"`, len(m), len(m))) {
		t.Errorf("SVG viewBox does not fit the %d modules", len(m))
	}
}

// TestQRDecodes reads the code back with ZBar's zbarimg (Debian's
// zbar-tools) where it is installed: the text comes back whole.
func TestQRDecodes(t *testing.T) {
	zbar, err := exec.LookPath("zbarimg")
	if err != nil {
		t.Skip("zbarimg not found (apt-get install zbar-tools): the golden and structure tests still check the code")
	}
	m, err := qrMatrix(qrText)
	if err != nil {
		t.Fatal(err)
	}
	const scale = 6
	img := image.NewGray(image.Rect(0, 0, len(m)*scale, len(m)*scale))
	for y, row := range m {
		for x, d := range row {
			c := color.Gray{255}
			if d {
				c = color.Gray{0}
			}
			for dy := range scale {
				for dx := range scale {
					img.SetGray(x*scale+dx, y*scale+dy, c)
				}
			}
		}
	}
	path := filepath.Join(t.TempDir(), "qr.png")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := png.Encode(f, img); err != nil {
		t.Fatal(err)
	}
	f.Close()
	out, err := exec.Command(zbar, "--quiet", "--raw", path).Output()
	if err != nil {
		t.Fatalf("zbarimg: %v", err)
	}
	if got := strings.TrimSpace(string(out)); got != qrText {
		t.Errorf("zbarimg read %q, want %q", got, qrText)
	}
}

// TestConsoleShowsQR: the event's console shows one QR code per table,
// each of that table's address, labelled for screen readers.
func TestConsoleShowsQR(t *testing.T) {
	e := newEnv(t)
	r, err := e.dir.Get(e.ts.URL + fmt.Sprintf("/console/%d", e.id))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(r.Body)
	r.Body.Close()
	page := string(body)
	if n := strings.Count(page, `<svg class="qr"`); n != len(e.codes) {
		t.Errorf("console shows %d QR codes, want %d", n, len(e.codes))
	}
	host := strings.TrimPrefix(e.ts.URL, "http://")
	for table, code := range e.codes {
		want, _ := qrSVG("http://"+host+"/t/"+code, fmt.Sprintf("QR code of table %d's address", table))
		if !strings.Contains(page, string(want)) {
			t.Errorf("console lacks the QR code of table %d's address", table)
		}
	}
}
