package main

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The hostile-input suite drives every command that reads a file or a number
// with what a careless or hostile user gives it: empty, garbage, truncated,
// byte-order-marked, UTF-16, CRLF and Latin-1 files, a directory, a missing
// file, an output that cannot be written, and absurd or overflowing numbers.
// Each must end with a non-zero exit and a message that names the file, line
// or flag at fault; none may panic, hang or change a file that already
// existed (issue "Bad input never becomes data").

// hostileTimeout bounds one command: the inputs are tiny, so anything near
// it is a hang, not slowness.
const hostileTimeout = 60 * time.Second

// hostileFile is one kind of bad file content.
type hostileFile struct {
	name string
	data []byte
}

// hostileFiles returns the bad contents for a file whose good form starts
// with valid (a real file of the kind the command reads).
func hostileFiles(valid string) []hostileFile {
	half := valid[:len(valid)/2]
	return []hostileFile{
		{"empty", nil},
		{"blank", []byte(" \n\r\n\t\n")},
		{"garbage", []byte("\x00\x01\x02PK\x03\x04\xff\xfe\xfd garbage \x00\x00")},
		{"text", []byte("this is not the file you are looking for\n")},
		{"truncated", []byte(half)},
		{"bom-truncated", append([]byte("\xEF\xBB\xBF"), half...)},
		{"utf16", utf16LE([]byte(valid))},
		{"crlf-truncated", []byte(strings.ReplaceAll(half, "\n", "\r\n"))},
		{"latin1-junk", []byte("\xe9t\xe9 \xe0 la plage\n\xff\xfe\n")},
	}
}

// outcome is what one run of a command gave.
type outcome struct {
	code           int
	stdout, stderr string
	panicked       any
	timedOut       bool
}

// runHostile runs bridgetd with args in-process, catching a panic and
// giving up after hostileTimeout.
func runHostile(stdin string, stdout *failWriter, args ...string) outcome {
	done := make(chan outcome, 1)
	go func() {
		var o outcome
		var errb bytes.Buffer
		var out bytes.Buffer
		w := &failWriter{w: &out}
		if stdout != nil {
			w = stdout
		}
		defer func() {
			if p := recover(); p != nil {
				o.panicked = p
				done <- o
			}
		}()
		o.code = run(&env{stdin: strings.NewReader(stdin), stdout: w, stderr: &errb}, args)
		o.stdout, o.stderr = out.String(), errb.String()
		done <- o
	}()
	select {
	case o := <-done:
		return o
	case <-time.After(hostileTimeout):
		return outcome{timedOut: true}
	}
}

// failWriter passes writes through to w until limit bytes have been
// written (limit < 0: no limit), then fails as a full device does.
type failWriter struct {
	w     *bytes.Buffer
	limit int
	n     int
}

var errDeviceFull = errors.New("no space left on device")

func (f *failWriter) Write(p []byte) (int, error) {
	if f.limit > 0 && f.n+len(p) > f.limit {
		k := max(0, f.limit-f.n)
		f.n += k
		if f.w != nil {
			f.w.Write(p[:k])
		}
		return k, errDeviceFull
	}
	f.n += len(p)
	if f.w != nil {
		return f.w.Write(p)
	}
	return len(p), nil
}

// snapshot hashes every file below dir, to show that nothing changed.
func snapshot(t *testing.T, dir string) map[string][32]byte {
	t.Helper()
	m := map[string][32]byte{}
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return nil
		}
		m[p] = sha256.Sum256(data)
		return nil
	})
	return m
}

// checkRefused asserts a hostile run failed cleanly: non-zero exit, no
// panic or hang, a message containing one of want, and every file that
// existed before unchanged.
func checkRefused(t *testing.T, dir string, before map[string][32]byte, o outcome, want ...string) {
	t.Helper()
	switch {
	case o.panicked != nil:
		t.Fatalf("panic: %v", o.panicked)
	case o.timedOut:
		t.Fatalf("no answer within %v", hostileTimeout)
	case o.code == 0:
		t.Errorf("exit 0 (stdout %.200q, stderr %.200q)", o.stdout, o.stderr)
	}
	msg := o.stderr
	if strings.TrimSpace(msg) == "" {
		t.Errorf("exit %d with no message", o.code)
	} else if len(want) > 0 {
		ok := false
		for _, w := range want {
			ok = ok || strings.Contains(msg, w)
		}
		if !ok {
			t.Errorf("message %.300q names none of %q", msg, want)
		}
	}
	after := snapshot(t, dir)
	for p, h := range before {
		if h2, ok := after[p]; !ok {
			t.Errorf("%s was removed", p)
		} else if h2 != h {
			t.Errorf("%s was changed", p)
		}
	}
}

// hostileFixtures writes one good file of each kind the commands read and
// returns their paths by kind.
func hostileFixtures(t *testing.T, dir string) map[string]string {
	t.Helper()
	copyIn := func(kind, src string) string {
		data, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dir, "good-"+kind+filepath.Ext(src))
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	files := map[string]string{
		"pbn":  copyIn("pbn", "testdata/score-small.pbn"),
		"deal": copyIn("deal", "testdata/solve3.pbn"),
		"log":  copyIn("log", "../../laws/testdata/incident_1nt_xx_2017.log"),
		"card": copyIn("card", "../../systemcard/testdata/precision.json"),
	}
	ev := filepath.Join(dir, "good-event.json")
	for _, args := range [][]string{
		{"event", "new", ev, "--name", "Hostile", "--kind", "mp-pairs", "--scoring", "matchpoints", "--seed", "1"},
		{"event", "add", ev, "--name", "A", "--player", "Al:1:"},
		{"event", "add", ev, "--name", "B", "--player", "Bo:2:"},
		{"event", "add", ev, "--name", "C", "--player", "Cy:3:"},
		{"event", "add", ev, "--name", "D", "--player", "Di:4:"},
		{"event", "add", ev, "--name", "E", "--player", "Ed:5:"},
		{"event", "add", ev, "--name", "F", "--player", "Fy:6:"},
		{"event", "session", ev, "--start", "2026-06-11 19:30"},
		{"event", "movement", ev, "mitchell", "--tables", "3", "--per-round", "2", "--at", "2026-06-11 19:30"},
	} {
		if code, _, errOut := runCmd(t, "", args...); code != 0 {
			t.Fatalf("setting up the event: %q: %s", args, errOut)
		}
	}
	files["event"] = ev
	return files
}

// fileCommands are the commands that read one file; FILE stands for it.
var fileCommands = []struct {
	kind string
	args []string
}{
	{"pbn", []string{"pbn", "check", "FILE"}},
	{"pbn", []string{"pbn", "fmt", "FILE"}},
	{"pbn", []string{"score", "FILE"}},
	{"deal", []string{"solve", "FILE"}},
	{"deal", []string{"handrecord", "FILE"}},
	{"log", []string{"rule", "FILE"}},
	{"card", []string{"system", "classify", "FILE"}},
	{"card", []string{"system", "check", "--event", "congress", "FILE"}},
	{"event", []string{"event", "show", "FILE"}},
	{"event", []string{"rank", "FILE"}},
	{"event", []string{"event", "add", "FILE", "--name", "Z", "--player", "Zed:9:"}},
	{"event", []string{"event", "results", "FILE", "--round", "1", "--table", "1", "1 4S N 10"}},
	{"event", []string{"swiss", "draw", "FILE", "--at", "2026-06-11 19:30"}},
	{"event", []string{"fine", "late", "FILE", "--entrant", "1", "--minutes", "5", "--at", "2026-06-11 19:40"}},
	{"event", []string{"correct", "FILE", "--round", "1", "--table", "1", "1 4S N 10", "--by", "TD", "--why", "x"}},
}

func withFile(args []string, path string) []string {
	out := make([]string, len(args))
	for i, a := range args {
		if a == "FILE" {
			a = path
		}
		out[i] = a
	}
	return out
}

func TestHostileFiles(t *testing.T) {
	dir := t.TempDir()
	good := hostileFixtures(t, dir)
	for _, fc := range fileCommands {
		valid, err := os.ReadFile(good[fc.kind])
		if err != nil {
			t.Fatal(err)
		}
		for _, hf := range hostileFiles(string(valid)) {
			name := strings.Join(fc.args[:2], " ") + "/" + hf.name
			t.Run(name, func(t *testing.T) {
				p := filepath.Join(dir, fc.kind+"-"+hf.name+".in")
				if err := os.WriteFile(p, hf.data, 0o644); err != nil {
					t.Fatal(err)
				}
				defer os.Remove(p)
				before := snapshot(t, dir)
				o := runHostile("", nil, withFile(fc.args, p)...)
				checkRefused(t, dir, before, o, p)
			})
		}
		t.Run(strings.Join(fc.args[:2], " ")+"/directory", func(t *testing.T) {
			sub := filepath.Join(dir, "a-directory")
			os.MkdirAll(sub, 0o755)
			before := snapshot(t, dir)
			checkRefused(t, dir, before, runHostile("", nil, withFile(fc.args, sub)...), sub)
		})
		t.Run(strings.Join(fc.args[:2], " ")+"/missing", func(t *testing.T) {
			p := filepath.Join(dir, "no-such-file")
			before := snapshot(t, dir)
			checkRefused(t, dir, before, runHostile("", nil, withFile(fc.args, p)...), p)
		})
	}
}

// TestHostileStdin: "-" reads standard input; an empty one is an error.
func TestHostileStdin(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{
		{"pbn", "check", "-"},
		{"rule", "-"},
		{"rule"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			checkRefused(t, dir, nil, runHostile("", nil, args...), "empty", "standard input")
		})
	}
}

// TestHostileNumbers gives absurd, negative and overflowing numbers to every
// flag and argument that takes one; each must be refused before any work,
// naming the flag or field.
func TestHostileNumbers(t *testing.T) {
	dir := t.TempDir()
	good := hostileFixtures(t, dir)
	ev, pbnFile := good["event"], good["pbn"]
	cases := []struct {
		args []string
		want []string // one of these in the message
	}{
		{[]string{"movement", "mitchell", "--tables", "0"}, []string{"tables"}},
		{[]string{"movement", "mitchell", "--tables", "-3"}, []string{"tables"}},
		{[]string{"movement", "mitchell", "--tables", "100000"}, []string{"tables"}},
		{[]string{"movement", "mitchell", "--tables", "2147483648"}, []string{"tables"}},
		{[]string{"movement", "mitchell", "--tables", "99999999999999999999"}, []string{"tables"}},
		{[]string{"movement", "howell", "--tables", "100000"}, []string{"tables"}},
		{[]string{"movement", "roundrobin", "--tables", "100000"}, []string{"tables", "teams"}},
		{[]string{"movement", "mitchell", "--tables", "5", "--per-round", "1000000"}, []string{"per-round"}},
		{[]string{"movement", "mitchell", "--tables", "5", "--per-round", "-2"}, []string{"per-round"}},
		{[]string{"deal", "--boards", "1-100000000"}, []string{"boards"}},
		{[]string{"deal", "--boards", "0"}, []string{"boards"}},
		{[]string{"deal", "--boards", "5-2"}, []string{"boards"}},
		{[]string{"deal", "--seed", "18446744073709551616"}, []string{"too large"}},
		{[]string{"deal", "--seed", "12abc"}, []string{"seed"}},
		{[]string{"vp", "--boards", "0", "12"}, []string{"boards"}},
		{[]string{"vp", "--boards", "-8", "12"}, []string{"boards"}},
		{[]string{"vp", "--boards", "8", "12x"}, []string{"IMP", "imp", "12x"}},
		{[]string{"vp", "--boards", "8", "NaN"}, []string{"IMP", "imp", "NaN"}},
		{[]string{"contract", "4S", "N", "14"}, []string{"tricks", "14"}},
		{[]string{"contract", "4S", "N", "-1"}, []string{"tricks", "-1"}},
		{[]string{"contract", "4S", "N", "1O"}, []string{"tricks", "1O"}},
		{[]string{"contract", "8S", "N", "10"}, []string{"contract", "8S"}},
		{[]string{"solve", "-j", "-1", good["deal"]}, []string{"-j", "workers"}},
		{[]string{"handrecord", "--per-page", "0", good["deal"]}, []string{"per-page"}},
		{[]string{"handrecord", "--per-page", "1000", good["deal"]}, []string{"per-page"}},
		{[]string{"score", "--method", "butler", "--trim", "1000", pbnFile}, []string{"trim"}},
		{[]string{"score", "--method", "nonsense", pbnFile}, []string{"method"}},
		{[]string{"event", "new", filepath.Join(dir, "new1.json"), "--name", "X", "--vp-total", "0"}, []string{"vp-total", "VP total"}},
		{[]string{"event", "new", filepath.Join(dir, "new2.json"), "--name", "X", "--trim", "1000000"}, []string{"trim"}},
		{[]string{"event", "new", filepath.Join(dir, "new3.json"), "--name", "X", "--boards", "-1"}, []string{"boards"}},
		{[]string{"event", "results", ev, "--round", "1", "--table", "1", "1 4S N 1O"}, []string{"tricks", "1O"}},
		{[]string{"event", "results", ev, "--round", "1", "--table", "1", "2x 3S E 9"}, []string{"board", "2x"}},
		{[]string{"event", "results", ev, "--round", "1", "--table", "1", "1 =-5O0"}, []string{"score", "-5O0"}},
		{[]string{"event", "results", ev, "--round", "1", "--table", "1", "1 4S N 14"}, []string{"tricks", "14"}},
		{[]string{"event", "results", ev, "--round", "99", "--table", "1", "1 4S N 10"}, []string{"round"}},
		{[]string{"event", "results", ev, "--round", "1", "--table", "99", "1 4S N 10"}, []string{"table"}},
		{[]string{"fine", "late", ev, "--entrant", "1", "--minutes", "-5", "--at", "2026-06-11 19:40"}, []string{"minutes"}},
		{[]string{"fine", "other", ev, "--entrant", "1", "--amount", "NaN", "--at", "2026-06-11 19:40"}, []string{"amount"}},
		{[]string{"fine", "other", ev, "--entrant", "1", "--amount", "-3", "--at", "2026-06-11 19:40"}, []string{"amount"}},
		{[]string{"fine", "late", ev, "--entrant", "1", "--minutes", "5", "--session", "7", "--at", "2026-06-11 19:40"}, []string{"session"}},
		{[]string{"fine", "late", ev, "--entrant", "99", "--minutes", "5", "--at", "2026-06-11 19:40"}, []string{"entrant"}},
	}
	for _, c := range cases {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			before := snapshot(t, dir)
			checkRefused(t, dir, before, runHostile("", nil, c.args...), c.want...)
		})
	}
}

// TestHostileOutputs: an output that cannot be written, or that is also
// an input, is an error and leaves every existing file as it was.
func TestHostileOutputs(t *testing.T) {
	dir := t.TempDir()
	good := hostileFixtures(t, dir)
	pbnFile := good["deal"]
	sub := filepath.Join(dir, "a-directory")
	os.MkdirAll(sub, 0o755)
	missing := filepath.Join(dir, "no", "such", "folder", "out")
	cases := [][]string{
		{"deal", "--boards", "1-4", "--seed", "1", "-o", sub},
		{"deal", "--boards", "1-4", "--seed", "1", "-o", missing},
		{"solve", "-o", sub, pbnFile},
		{"solve", "-o", missing, pbnFile},
		{"solve", "-o", pbnFile, pbnFile},
		{"handrecord", "-o", pbnFile, pbnFile},
		{"handrecord", "-o", sub, pbnFile},
	}
	for _, args := range cases {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			before := snapshot(t, dir)
			checkRefused(t, dir, before, runHostile("", nil, args...))
		})
	}
}

// TestHostileFullStdout: a command whose standard output fails (a full
// device) must not report success.
func TestHostileFullStdout(t *testing.T) {
	dir := t.TempDir()
	good := hostileFixtures(t, dir)
	cases := [][]string{
		{"deal", "--boards", "1-4", "--seed", "1"},
		{"deal", "--boards", "1-4", "--seed", "1", "--text"},
		{"pbn", "fmt", good["pbn"]},
		{"score", good["pbn"]},
		{"rank", good["event"]},
		{"event", "show", good["event"]},
		{"rule", good["log"]},
		{"system", "classify", good["card"]},
		{"movement", "mitchell", "--tables", "5"},
		{"vp", "--boards", "8", "12"},
		{"contract", "4S", "N", "10"},
	}
	for _, args := range cases {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			before := snapshot(t, dir)
			o := runHostile("", &failWriter{limit: 1}, args...)
			checkRefused(t, dir, before, o, "space", "write")
		})
	}
}

// TestHostileReadOnlyFolder: an event in a folder that cannot be written
// refuses the change, says so, and does not print the new entrant as if it
// had been saved. Root writes through permissions, so as root the folder
// is made immutable (chattr +i) instead.
func TestHostileReadOnlyFolder(t *testing.T) {
	dir := t.TempDir()
	good := hostileFixtures(t, dir)
	if os.Geteuid() == 0 {
		if out, err := exec.Command("chattr", "+i", dir).CombinedOutput(); err != nil {
			t.Fatalf("chattr +i %s: %v: %s (the test needs a folder root cannot write)", dir, err, out)
		}
		defer exec.Command("chattr", "-i", dir).Run()
	} else {
		if err := os.Chmod(dir, 0o555); err != nil {
			t.Fatal(err)
		}
		defer os.Chmod(dir, 0o755)
	}
	before := snapshot(t, dir)
	o := runHostile("", nil, "event", "add", good["event"], "--name", "Zed Pair", "--player", "Zed:9:")
	checkRefused(t, dir, before, o, good["event"])
	if strings.Contains(o.stdout, "Zed") {
		t.Errorf("printed the new entrant although the save failed: %q", o.stdout)
	}
}
