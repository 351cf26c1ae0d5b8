package event

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/bridgetd/bridgetd/bridge"
)

// The event file writes typed values in the notation of a traveller, as it
// always has: a contract "4S", "3NTX" or "Pass", a declarer "N", a side in
// default "ns" or "ew". Reading accepts what bridge.ParseContract,
// bridge.ParseSeat and bridge.ParseSide accept. A value that does not read
// is kept as the element's error and reported by Validate with its place
// (session, round, table, result), as every other mistake in the file is.

// resultJSON is a Result as the event file writes it.
type resultJSON struct {
	Board    int       `json:"board"`
	Contract string    `json:"contract,omitempty"`
	Declarer string    `json:"declarer,omitempty"`
	Tricks   int       `json:"tricks,omitempty"`
	Score    int       `json:"score"`
	Appeal   string    `json:"appeal,omitempty"`
	EWScore  *int      `json:"ew_score,omitempty"`
	Weighted []Outcome `json:"weighted,omitempty"`
	Award    string    `json:"award,omitempty"`
	Form     int       `json:"form,omitempty"`
	// Played is written in PBN notation from North ("N:AKQ2.… …").
	Played   *bridge.Deal `json:"played,omitempty"`
	Turned   bool         `json:"turned,omitempty"`
	Unplayed bool         `json:"unplayed,omitempty"`
}

// MarshalJSON writes the result with its contract and declarer in
// traveller notation.
func (r Result) MarshalJSON() ([]byte, error) {
	w := resultJSON{Board: r.Board, Tricks: r.Tricks, Score: r.Score, Appeal: r.Appeal,
		EWScore: r.EWScore, Weighted: r.Weighted, Award: r.Award, Form: r.Form, Played: r.Played, Turned: r.Turned, Unplayed: r.Unplayed}
	if r.Contract != nil {
		w.Contract = r.Contract.ASCII()
		if !r.Contract.IsPassedOut() {
			w.Declarer = r.Declarer.String()
		}
	}
	return marshal(w)
}

// UnmarshalJSON reads a result written by MarshalJSON or by an earlier
// version (any contract and seat notation the bridge package reads).
func (r *Result) UnmarshalJSON(data []byte) error {
	var w resultJSON
	if err := strictUnmarshal(data, &w); err != nil {
		return err
	}
	*r = Result{Board: w.Board, Tricks: w.Tricks, Score: w.Score, Appeal: w.Appeal,
		EWScore: w.EWScore, Weighted: w.Weighted, Award: w.Award, Form: w.Form, Played: w.Played, Turned: w.Turned, Unplayed: w.Unplayed}
	if w.Contract == "" {
		return nil
	}
	c, err := bridge.ParseContract(w.Contract)
	if err != nil {
		r.err = fmt.Errorf("contract %q: %w: %w", w.Contract, ErrBadResult, err)
		return nil
	}
	r.Contract = &c
	if c.IsPassedOut() && w.Declarer == "" {
		return nil
	}
	if r.Declarer, err = bridge.ParseSeat(w.Declarer); err != nil {
		r.err = fmt.Errorf("declarer %q: %w: %w", w.Declarer, ErrBadResult, err)
	}
	return nil
}

// matchFields is Match without its methods, for the default encoding of
// every field but Forfeit.
type matchFields Match

// matchJSON is a Match as the event file writes it: Forfeit as "ns" or
// "ew" (the outer field hides matchFields' own).
type matchJSON struct {
	matchFields
	Forfeit string `json:"forfeit,omitempty"`
}

// MarshalJSON writes the match, its side in default as "ns" or "ew".
func (m Match) MarshalJSON() ([]byte, error) {
	w := matchJSON{matchFields: matchFields(m)}
	if m.Forfeit != nil {
		w.Forfeit = strings.ToLower(m.Forfeit.String())
	}
	return marshal(w)
}

// UnmarshalJSON reads a match written by MarshalJSON.
func (m *Match) UnmarshalJSON(data []byte) error {
	var w matchJSON
	if err := strictUnmarshal(data, &w); err != nil {
		return err
	}
	*m = Match(w.matchFields)
	m.Forfeit, m.err = nil, nil
	switch w.Forfeit {
	case "":
	case "ns", "ew":
		s, _ := bridge.ParseSide(w.Forfeit)
		m.Forfeit = &s
	default:
		m.err = fmt.Errorf("forfeit must be \"ns\" or \"ew\", got %q", w.Forfeit)
	}
	return nil
}

// marshal encodes v as compact JSON without escaping HTML characters, as
// the event file is written.
func marshal(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimRight(buf.Bytes(), "\n"), nil
}

// strictUnmarshal decodes data into v refusing unknown fields, as the
// event file is read.
func strictUnmarshal(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}
