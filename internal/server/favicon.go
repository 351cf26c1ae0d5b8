package server

import "net/http"

// favicon serves the site's icon where browsers look for it unasked.
func favicon(w http.ResponseWriter, r *http.Request) {
	b, err := assets.ReadFile("static/favicon.svg")
	if err != nil {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Cache-Control", "max-age=86400")
	w.Write(b)
}
