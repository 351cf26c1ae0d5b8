package server

import (
	"net/http"
	"unicode/utf8"
)

// hasPassword reports whether the director's password has been set.
func (s *Server) hasPassword(r *http.Request) (bool, error) {
	_, found, err := s.st.Setting(r.Context(), "director_password")
	return found, err
}

// passwordPage asks the director, logged in, for a new password: at first
// start (no password yet, logged in with the token) or to change it.
func (s *Server) passwordPage(w http.ResponseWriter, r *http.Request, _ int64) {
	has, err := s.hasPassword(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.render(w, r, "password.html", map[string]any{"Next": safeNext(r.URL.Query().Get("next")), "Change": has})
}

// setPassword sets the director's password from the password page: at
// least 8 characters, typed twice; a change also needs the current one.
// A refusal answers 400 (401 for a wrong current password) with the page
// and its reason, and changes nothing.
func (s *Server) setPassword(w http.ResponseWriter, r *http.Request, _ int64) {
	if err := parseForm(r); err != nil {
		s.fail(w, r, err)
		return
	}
	has, err := s.hasPassword(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	next := safeNext(r.PostFormValue("next"))
	refuse := func(code int, msg string) {
		w.WriteHeader(code)
		s.render(w, r, "password.html", map[string]any{"Next": next, "Change": has, "Error": msg})
	}
	pw, again := r.PostFormValue("password"), r.PostFormValue("confirm")
	if has {
		stored, _, err := s.st.Setting(r.Context(), "director_password")
		if err != nil {
			s.fail(w, r, err)
			return
		}
		if !checkPassword(stored, r.PostFormValue("current")) {
			refuse(http.StatusUnauthorized, "The current password is not right.")
			return
		}
	}
	switch {
	case utf8.RuneCountInString(pw) < 8:
		refuse(http.StatusBadRequest, "The password needs at least 8 characters.")
		return
	case pw != again:
		refuse(http.StatusBadRequest, "The two passwords differ: type the same one twice.")
		return
	}
	if err := s.SetPassword(r.Context(), pw); err != nil {
		s.fail(w, r, err)
		return
	}
	http.Redirect(w, r, next, http.StatusSeeOther)
}
