package server

import (
	"fmt"
	"html/template"
	"net/http"
	"strings"

	qrcode "github.com/skip2/go-qrcode"
)

// qrMatrix returns the modules of the QR code (ISO/IEC 18004, error
// correction level M) of text, quiet zone of four modules included, row by
// row: true is dark.
func qrMatrix(text string) ([][]bool, error) {
	q, err := qrcode.New(text, qrcode.Medium)
	if err != nil {
		return nil, fmt.Errorf("QR code of %q: %w", text, err)
	}
	return q.Bitmap(), nil
}

// qrSVG returns the QR code of text as an inline SVG image, one path of
// unit squares, labelled for screen readers with label. It prints sharp at
// any size.
func qrSVG(text, label string) (template.HTML, error) {
	m, err := qrMatrix(text)
	if err != nil {
		return "", err
	}
	var p strings.Builder
	for y, row := range m {
		for x := 0; x < len(row); x++ {
			if !row[x] {
				continue
			}
			run := 1
			for x+run < len(row) && row[x+run] {
				run++
			}
			fmt.Fprintf(&p, "M%d %dh%dv1h-%dz", x, y, run, run)
			x += run - 1
		}
	}
	n := len(m)
	return template.HTML(fmt.Sprintf(`<svg class="qr" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" role="img" aria-label="%s" shape-rendering="crispEdges"><rect width="%d" height="%d" fill="#fff"/><path fill="#000" d="%s"/></svg>`,
		n, n, template.HTMLEscapeString(label), n, n, p.String())), nil
}

// tableCard is one table's join card: its code, the address of its entry
// page and that address as a QR code.
type tableCard struct {
	Table int
	Code  string
	URL   string
	QR    template.HTML
}

// tableCards shows a printable card per table: the table number, its code,
// its address and the QR code of the address, which a phone's camera opens.
func (s *Server) tableCards(w http.ResponseWriter, r *http.Request, id int64) {
	ev, err := s.st.Event(r.Context(), id)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	codes, err := s.st.Codes(r.Context(), id)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var cards []tableCard
	for _, c := range codes {
		u := joinURL(r, c.Code)
		svg, err := qrSVG(u, fmt.Sprintf("QR code of table %d's address, %s", c.Table, u))
		if err != nil {
			s.fail(w, r, err)
			return
		}
		cards = append(cards, tableCard{Table: c.Table, Code: c.Code, URL: u, QR: svg})
	}
	s.render(w, r, "cards.html", map[string]any{"E": ev, "Cards": cards})
}

// joinURL is the address of a table's entry page as the director's browser
// reached the server.
func joinURL(r *http.Request, code string) string {
	return "http://" + r.Host + "/t/" + code
}
