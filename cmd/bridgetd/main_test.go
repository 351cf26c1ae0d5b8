package main

import (
	"bytes"
	"flag"
	"reflect"
	"strings"
	"testing"
)

// update rewrites the golden files under testdata/ instead of comparing:
// go test ./cmd/bridgetd -update.
var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// runCmd runs bridgetd with args and returns the exit status and output.
func runCmd(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(&env{stdin: strings.NewReader(stdin), stdout: &out, stderr: &errb}, args)
	return code, out.String(), errb.String()
}

func TestHelpListsEveryCommand(t *testing.T) {
	code, out, _ := runCmd(t, "", "help")
	if code != 0 {
		t.Fatalf("help exited %d", code)
	}
	for name, c := range commands {
		if !strings.Contains(out, name) || !strings.Contains(out, c.summary) {
			t.Errorf("help does not list %q", name)
		}
	}
	for name := range commands {
		code, _, errOut := runCmd(t, "", name, "-h")
		if code != 0 || !strings.Contains(errOut, "Usage: bridgetd "+name) {
			t.Errorf("%s -h: exit %d, %q", name, code, errOut)
		}
	}
}

func TestUnknownCommand(t *testing.T) {
	code, _, errOut := runCmd(t, "", "frobnicate")
	if code != 2 || !strings.Contains(errOut, `unknown command "frobnicate"`) {
		t.Errorf("exit %d, %q", code, errOut)
	}
}

func TestParseFlagsInterleaved(t *testing.T) {
	c := &command{name: "x", usage: "A B", summary: "test"}
	var stderr bytes.Buffer
	fs := newFlagSet(&env{stderr: &stderr}, c)
	vul := fs.String("vul", "", "")
	n := fs.Int("n", 0, "")
	pos, err := parseFlags(fs, []string{"4SX", "--vul", "NS", "S", "-n", "3", "8", "-", "--", "-x"})
	if err != nil {
		t.Fatal(err)
	}
	if *vul != "NS" || *n != 3 || !reflect.DeepEqual(pos, []string{"4SX", "S", "8", "-", "-x"}) {
		t.Errorf("vul %q n %d pos %q", *vul, *n, pos)
	}
	if _, err := parseFlags(fs, []string{"--nope"}); err != errUsage {
		t.Errorf("unknown flag: %v", err)
	}
	if _, err := parseFlags(fs, []string{"-h"}); err != flag.ErrHelp {
		t.Errorf("-h: %v", err)
	}
}
