package pbn

import (
	"errors"
	"fmt"
)

// Error is a problem found while decoding or checking a PBN file: where it
// is and what was expected there.
type Error struct {
	File string // file name, if known
	Line int    // 1-based line number; 0 if the problem has no single line
	Msg  string // what is wrong and what was expected
	Err  error  // the underlying error, if any (a sentinel or a bridge error)
}

// Error returns "FILE:LINE: message" (or "line LINE: message" without a
// file name).
func (e *Error) Error() string {
	switch {
	case e.File != "" && e.Line > 0:
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	case e.File != "":
		return fmt.Sprintf("%s: %s", e.File, e.Msg)
	case e.Line > 0:
		return fmt.Sprintf("line %d: %s", e.Line, e.Msg)
	}
	return e.Msg
}

// Unwrap returns the underlying error.
func (e *Error) Unwrap() error { return e.Err }

// Sentinel errors wrapped by *Error.
var (
	// ErrSyntax: the text is not well-formed PBN.
	ErrSyntax = errors.New("pbn: syntax error")
	// ErrNoTag: the game has no such tag, or its value is empty or "?".
	ErrNoTag = errors.New("pbn: tag missing")
	// ErrValue: a tag value or section does not mean what its tag requires.
	ErrValue = errors.New("pbn: bad value")
)

func errorf(line int, sentinel error, format string, args ...any) *Error {
	msg := fmt.Sprintf(format, args...)
	return &Error{Line: line, Msg: msg, Err: sentinel}
}

// wrapf makes an *Error for a bad value: its Err wraps both ErrValue and
// err (so errors.Is finds a bridge sentinel through it), and its message is
// msg followed by err's text.
func wrapf(line int, err error, format string, args ...any) *Error {
	msg := fmt.Sprintf(format, args...)
	return &Error{Line: line, Msg: msg + ": " + err.Error(), Err: fmt.Errorf("%w: %w", ErrValue, err)}
}
