package usebio

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// usebioDTD returns the DTD the tests validate against: the official
// usebio_v1_2.dtd when it has been put in testdata, else bridgetd's
// reconstruction (testdata/usebio-1.2-reconstructed.dtd, which says what
// it is built from and what it cannot check).
func usebioDTD(t testing.TB) (*DTD, string) {
	t.Helper()
	name := "testdata/usebio_v1_2.dtd"
	if _, err := os.Stat(name); err != nil {
		name = "testdata/usebio-1.2-reconstructed.dtd"
	}
	fh, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	d, err := ParseDTD(fh, name)
	if err != nil {
		t.Fatal(err)
	}
	return d, name
}

// documents are what must validate: the real files, the hand-written one
// and bridgetd's own export of a scored event.
func documents(t *testing.T) map[string][]byte {
	t.Helper()
	docs := map[string][]byte{}
	names, _ := filepath.Glob("testdata/*.xml")
	for _, n := range names {
		data, err := os.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		docs[n] = data
	}
	var b bytes.Buffer
	if err := Encode(&b, FromResults(results(), Club{Name: "Test club", ID: "42"})); err != nil {
		t.Fatal(err)
	}
	docs["export"] = b.Bytes()
	return docs
}

// TestValidateDocuments: the files in Compscore3's form, the hand-written
// file and bridgetd's export all validate against the DTD.
func TestValidateDocuments(t *testing.T) {
	d, name := usebioDTD(t)
	t.Logf("validating against %s", name)
	docs := documents(t)
	if len(docs) < 7 {
		t.Fatalf("%d documents, want the 5 in Compscore3's form, the hand-written one and the export", len(docs))
	}
	for n, data := range docs {
		bad, err := d.Validate(data, "USEBIO")
		if err != nil || len(bad) != 0 {
			t.Errorf("%s: %v %v", n, err, bad)
		}
	}
}

// TestValidateInvalid: each way a document can break a DTD is listed with
// its line and element.
func TestValidateInvalid(t *testing.T) {
	d, _ := usebioDTD(t)
	for _, tc := range []struct{ doc, want string }{
		{`<USEBIO><CLUB/></USEBIO>`, "line 1: USEBIO: required attribute Version missing"},
		{`<USEBIO Version="1.2" Colour="red"/>`, "line 1: USEBIO: attribute Colour not declared"},
		{"<USEBIO Version=\"1.2\">\n<CLUB><TRAVELLER_LINE/></CLUB></USEBIO>", "line 2: USEBIO/CLUB: children (TRAVELLER_LINE) do not fit the content model"},
		{"<USEBIO Version=\"1.2\">\n<EVENT EVENT_TYPE=\"MP_PAIRS\"><BOARD>7</BOARD></EVENT></USEBIO>", "line 2: USEBIO/EVENT/BOARD: text where the content model"},
		{`<USEBIO Version="1.2"><EVENT/></USEBIO>`, "USEBIO/EVENT: required attribute EVENT_TYPE missing"},
		{`<USEBIO Version="1.2"><GRADE>A</GRADE></USEBIO>`, "USEBIO/GRADE: element not declared"},
		{`<PBN/>`, "PBN: the root is PBN, the DTD's is USEBIO"},
		{`<USEBIO Version="1.2"><CLUB><CLUB_NAME>X<B/></CLUB_NAME></CLUB></USEBIO>`, "USEBIO/CLUB/CLUB_NAME: children (B) do not fit the content model (#PCDATA)"},
	} {
		bad, err := d.Validate([]byte(tc.doc), "USEBIO")
		var all []string
		for _, b := range bad {
			all = append(all, b.Error())
		}
		if err != nil || !strings.Contains(strings.Join(all, "\n"), tc.want) {
			t.Errorf("%q: %v %q, want %q", tc.doc, err, all, tc.want)
		}
	}
	if _, err := d.Validate([]byte(`<USEBIO Version="1.2"><CLUB>`), "USEBIO"); err == nil {
		t.Errorf("a document not closed validated without error")
	}
}

// TestContentModels: order and cardinality (?, *, +), choices, mixed
// content and EMPTY, as a validating parser reads a DTD (XML 1.0 §3.2).
func TestContentModels(t *testing.T) {
	dtd := `<!ELEMENT R (A, (B | C)?, D+, E*)>
<!ELEMENT M (#PCDATA | A)*>
<!ELEMENT A EMPTY> <!ELEMENT B EMPTY> <!ELEMENT C EMPTY> <!ELEMENT D (#PCDATA)> <!ELEMENT E ANY>
<!ATTLIST A kind (x | y) #IMPLIED v CDATA #FIXED "1">`
	d, err := ParseDTD(strings.NewReader(dtd), "t.dtd")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		doc   string
		valid bool
	}{
		{`<R><A/><D/></R>`, true},
		{`<R><A/><B/><D/><D/><E><A/>text</E></R>`, true},
		{`<R><A/><C/><D>text</D><E/><E/></R>`, true},
		{`<R><D/></R>`, false},              // A is required
		{`<R><A/><B/><C/><D/></R>`, false},  // B or C, once
		{`<R><A/><B/></R>`, false},          // D at least once
		{`<R><A/><D/><A/></R>`, false},      // A after D
		{`<R><A/><D/><E/><D/></R>`, false},  // D after E
		{`<M>text<A/>more<A/></M>`, true},   // mixed content
		{`<M><B/></M>`, false},              // B not in M
		{`<R><A>x</A><D/></R>`, false},      // EMPTY holds nothing
		{`<R><A kind="y"/><D/></R>`, true},  // an enumerated value
		{`<R><A kind="z"/><D/></R>`, false}, // not one of them
		{`<R><A v="2"/><D/></R>`, false},    // #FIXED
	} {
		bad, err := d.Validate([]byte(tc.doc), "")
		if err != nil {
			t.Fatalf("%s: %v", tc.doc, err)
		}
		// Only the root's name is not checked here ("" matches nothing).
		var real []Invalid
		for _, b := range bad {
			if !strings.Contains(b.What, "the DTD's is") {
				real = append(real, b)
			}
		}
		if (len(real) == 0) != tc.valid {
			t.Errorf("%s: %v, want valid %v", tc.doc, real, tc.valid)
		}
	}
}

func TestParseDTDErrors(t *testing.T) {
	for _, tc := range []struct{ dtd, want string }{
		{"<!ELEMENT A (B, C | D)>", "t.dtd:1: usebio: DTD syntax: element A: \"(B,C|D)\": , and | mixed in one group"},
		{"\n<!ELEMENT A (B>", "t.dtd:2:"},
		{"<!ELEMENT 1A EMPTY>", "\"1A\" is not a name"},
		{"<!ATTLIST A x CDATA #IMPLIED>", "attributes declared for A, which has no ELEMENT declaration"},
		{"<!ELEMENT A EMPTY><!ELEMENT A EMPTY>", "element A declared twice"},
		{"<!-- no end", "comment not closed"},
		{"", "no ELEMENT declaration"},
	} {
		_, err := ParseDTD(strings.NewReader(tc.dtd), "t.dtd")
		if err == nil || !strings.Contains(err.Error(), tc.want) || !errors.Is(err, ErrDTD) {
			t.Errorf("%q: %v, want %q", tc.dtd, err, tc.want)
		}
	}
}

// TestValidateAgreesWithXmllint: libxml2's validating parser (xmllint
// --dtdvalid, Debian's libxml2-utils) gives the same verdict as Validate
// on every document and on broken ones, against the same DTD. Without
// xmllint the test is skipped, unless CI is set.
func TestValidateAgreesWithXmllint(t *testing.T) {
	xmllint, err := exec.LookPath("xmllint")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("xmllint not found: install libxml2-utils")
		}
		t.Skip("xmllint not found (apt-get install libxml2-utils)")
	}
	d, name := usebioDTD(t)
	docs := documents(t)
	docs["broken-1"] = []byte(`<USEBIO Version="1.2"><CLUB><TRAVELLER_LINE/></CLUB></USEBIO>`)
	docs["broken-2"] = []byte(`<USEBIO><EVENT EVENT_TYPE="MP_PAIRS"><BOARD>7</BOARD></EVENT></USEBIO>`)
	docs["broken-3"] = []byte(`<USEBIO Version="1.2"><EVENT/></USEBIO>`)
	dir := t.TempDir()
	for n, data := range docs {
		file := filepath.Join(dir, filepath.Base(n)+".xml")
		if err := os.WriteFile(file, data, 0o644); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command(xmllint, "--noout", "--nonet", "--dtdvalid", name, file).CombinedOutput()
		var ee *exec.ExitError
		if err != nil && !errors.As(err, &ee) {
			t.Fatal(err)
		}
		bad, verr := d.Validate(data, "USEBIO")
		if ours, theirs := verr == nil && len(bad) == 0, err == nil; ours != theirs {
			t.Errorf("%s: Validate says valid %v (%v %v), xmllint %v:\n%s", n, ours, verr, bad, theirs, out)
		}
	}
}

// FuzzParseDTD: no DTD text makes ParseDTD panic, and what it reads
// validates any document without panicking.
func FuzzParseDTD(f *testing.F) {
	data, err := os.ReadFile("testdata/usebio-1.2-reconstructed.dtd")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(string(data), `<USEBIO Version="1.2"><CLUB/></USEBIO>`)
	f.Add(`<!ELEMENT R (A, (B | C)?, D+)><!ATTLIST R k (a|b) "a">`, `<R><A/><D/></R>`)
	f.Fuzz(func(t *testing.T, dtd, doc string) {
		d, err := ParseDTD(strings.NewReader(dtd), "fuzz.dtd")
		if err != nil {
			return
		}
		d.Validate([]byte(doc), "R")
	})
}
