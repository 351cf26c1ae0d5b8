package event

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// New returns an empty event of the given kind and scoring, on the NSWBA
// 2011 profile.
func New(name string, kind Kind, scoring Scoring) *Event {
	return &Event{Format: FormatID, Name: name, Kind: kind, Scoring: scoring, Entrants: []Entrant{}, Sessions: []Session{}}
}

// Read decodes an event file from r and validates it. name (usually the file
// name) and the line of a JSON error are given in the error.
func Read(r io.Reader, name string) (*Event, error) {
	var ev Event
	if err := decodeStrict(r, name, &ev); err != nil {
		return nil, err
	}
	if err := ev.Validate(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return &ev, nil
}

// decodeStrict decodes one JSON object from r into v, refusing unknown
// fields and trailing data; errors name the file and line.
func decodeStrict(r io.Reader, name string, v any) error {
	data, err := io.ReadAll(r)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("%s: %w", name, jsonError(data, dec, err))
	}
	if dec.More() {
		return fmt.Errorf("%s: %w: data after the object", name, ErrInvalid)
	}
	return nil
}

func jsonError(data []byte, dec *json.Decoder, err error) error {
	off := dec.InputOffset()
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		off = se.Offset
	case errors.As(err, &te):
		off = te.Offset
		if te.Field != "" {
			err = fmt.Errorf("field %s: %w", te.Field, err)
		}
	case errors.Is(err, io.ErrUnexpectedEOF):
		// A truncated file: say where it ends, not where the object began.
		end := bytes.TrimRight(data, " \t\r\n")
		line := 1 + bytes.Count(end, []byte("\n"))
		return fmt.Errorf("%w: line %d: the file ends in the middle of the event (truncated?): %w", ErrInvalid, line, err)
	}
	off = max(0, min(off, int64(len(data))))
	line := 1 + bytes.Count(data[:off], []byte("\n"))
	return fmt.Errorf("%w: line %d: %w", ErrInvalid, line, err)
}

// Write encodes the event as indented JSON.
func (ev *Event) Write(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(ev)
}
