package textfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestNewReader(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want string
		err  error
	}{
		{"plain", "abc\n", "abc\n", nil},
		{"crlf", "a\r\nb\r\n", "a\r\nb\r\n", nil},
		{"utf8 bom", "\xEF\xBB\xBFabc", "abc", nil},
		{"empty", "", "", nil},
		{"utf16le bom", "\xFF\xFEa\x00b\x00", "", ErrUTF16},
		{"utf16be bom", "\xFE\xFF\x00a\x00b", "", ErrUTF16},
		{"utf16le no bom", "{\x00\"\x00a\x00\"\x00:\x001\x00}\x00", "", ErrUTF16},
		{"binary", "PK\x03\x04\x00\x00\x08\x00\x99\x11zz", "", ErrBinary},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := NewReader(strings.NewReader(tt.in), "x.txt")
			if !errors.Is(err, tt.err) {
				t.Fatalf("err = %v, want %v", err, tt.err)
			}
			if err != nil {
				if !strings.Contains(err.Error(), "x.txt") {
					t.Errorf("error %q does not name the file", err)
				}
				return
			}
			got, _ := io.ReadAll(r)
			if string(got) != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestWriteAtomicKeepsOldOnAbort(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "a.pbn")
	if err := WriteAtomic(p, []byte("old")); err != nil {
		t.Fatal(err)
	}
	f, err := Create(p)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("half a fi")
	f.Abort()
	got, _ := os.ReadFile(p)
	if string(got) != "old" {
		t.Fatalf("after abort: %q", got)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Fatalf("temporary file left behind: %v", ents)
	}
	if err := WriteAtomic(p, []byte("new")); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(p); string(got) != "new" {
		t.Fatalf("after commit: %q", got)
	}
}

func TestCreateRefusesDirectoryAndMissingFolder(t *testing.T) {
	dir := t.TempDir()
	if _, err := Create(dir); err == nil {
		t.Error("Create(directory) succeeded")
	}
	if err := WriteAtomic(filepath.Join(dir, "no", "such", "x"), []byte("x")); err == nil {
		t.Error("WriteAtomic into a missing folder succeeded")
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("left behind: %v", ents)
	}
}

func TestSame(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a")
	os.WriteFile(a, []byte("x"), 0o644)
	if err := Same(a, "other", a); !errors.Is(err, ErrOutputIsInput) {
		t.Errorf("Same(a, a) = %v", err)
	}
	if err := Same(filepath.Join(dir, ".", "a"), a); !errors.Is(err, ErrOutputIsInput) {
		t.Errorf("Same(./a, a) = %v", err)
	}
	if err := Same(filepath.Join(dir, "b"), a); err != nil {
		t.Errorf("Same(b, a) = %v", err)
	}
}
