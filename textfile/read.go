package textfile

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
)

// ErrUTF16 reports a file encoded in UTF-16 (it starts with a UTF-16
// byte-order mark or has the NUL bytes of UTF-16 text).
var ErrUTF16 = errors.New("the file is UTF-16 text; save it as UTF-8")

// ErrBinary reports data that is not text at all (NUL bytes, not UTF-16).
var ErrBinary = errors.New("the file is not text")

// ErrEmpty reports an input with nothing in it but white space.
var ErrEmpty = errors.New("the input is empty")

var bomUTF8 = []byte{0xEF, 0xBB, 0xBF}

// sniffLen is how much of the start of a file is examined for UTF-16 and
// binary data.
const sniffLen = 512

// NewReader returns a reader of r's text with a leading UTF-8 byte-order
// mark removed. It reads the first bytes at once: a UTF-16 file fails with
// [ErrUTF16] and data with NUL bytes with [ErrBinary], each wrapped with
// name. CRLF line ends are passed through; every parser in bridgetd accepts
// them.
func NewReader(r io.Reader, name string) (io.Reader, error) {
	br := bufio.NewReaderSize(r, 4096)
	head, err := br.Peek(sniffLen)
	if err != nil && err != io.EOF && !errors.Is(err, bufio.ErrBufferFull) {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if err := Check(head, name); err != nil {
		return nil, err
	}
	if bytes.HasPrefix(head, bomUTF8) {
		br.Discard(len(bomUTF8))
	}
	return br, nil
}

// Check examines the start of a file (head) for UTF-16 and binary data; it
// is what [NewReader] does, for callers that already hold the bytes.
func Check(head []byte, name string) error {
	if len(head) > sniffLen {
		head = head[:sniffLen]
	}
	if bytes.HasPrefix(head, []byte{0xFF, 0xFE}) || bytes.HasPrefix(head, []byte{0xFE, 0xFF}) {
		return fmt.Errorf("%s: %w", name, ErrUTF16)
	}
	nul := bytes.IndexByte(head, 0)
	if nul < 0 {
		return nil
	}
	// UTF-16 text without a mark: ASCII characters alternate with NULs.
	even, odd := 0, 0
	for i, b := range head {
		if b == 0 {
			if i%2 == 0 {
				even++
			} else {
				odd++
			}
		}
	}
	if half := len(head) / 2; half > 0 && (even*10 >= half*9 || odd*10 >= half*9) {
		return fmt.Errorf("%s: %w", name, ErrUTF16)
	}
	return fmt.Errorf("%s: %w (a NUL byte at offset %d)", name, ErrBinary, nul)
}

// Decode returns data without a leading UTF-8 byte-order mark, or the
// error [Check] gives for it.
func Decode(data []byte, name string) ([]byte, error) {
	if err := Check(data, name); err != nil {
		return nil, err
	}
	return bytes.TrimPrefix(data, bomUTF8), nil
}
