package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/deal"
)

// bigPBN names where BenchmarkBigFile keeps its 50 MB file, so that the
// built binary can be measured on the same file:
//
//	go test ./cmd/bridgetd -run '^$' -bench BigFile/check -benchtime 1x -args -bigpbn /tmp/big.pbn
//	go build -o /tmp/bridgetd ./cmd/bridgetd
//	/usr/bin/time -v /tmp/bridgetd pbn check /tmp/big.pbn
var bigPBN = flag.String("bigpbn", "", "BenchmarkBigFile: the big PBN file to use, written if missing")

// bigGames is the size of the file of issue 13 item 9: 99,216 games, 50 MB.
const bigGames = 99216

// writeBigPBN writes a results file of n games, one table result a game
// as vugraph archives write them: 36 boards (seeded deals), each played
// at n/36 tables by pairs known by their players' names, with a legal
// contract and result. About 520 bytes a game, 51 MB in all.
func writeBigPBN(tb testing.TB, path string, n int) {
	tb.Helper()
	set, err := deal.Seeded(2026).Boards(1, 36)
	if err != nil {
		tb.Fatal(err)
	}
	f, err := os.Create(path)
	if err != nil {
		tb.Fatal(err)
	}
	w := bufio.NewWriter(f)
	fmt.Fprint(w, "% PBN 2.1\n% EXPORT\n")
	contracts := []string{"4S", "3NT", "2H", "5DX", "1NT", "6C", "3S", "2NT"}
	for i := range n {
		b := set[i%36]
		table := i / 36
		con := contracts[(i/7)%len(contracts)]
		c, _ := bridge.ParseContract(con)
		tricks := int(c.Level) + 6 + (i%5 - 2)
		tricks = max(0, min(13, tricks))
		decl := bridge.Seat(i % 4)
		if i > 0 {
			w.WriteString("\n")
		}
		fmt.Fprintf(w, "[Event \"Big pairs\"]\n[Site \"Sydney\"]\n[Date \"2026.12.02\"]\n[Board \"%d\"]\n", b.Number)
		fmt.Fprintf(w, "[West \"West %d\"]\n[North \"North %d\"]\n[East \"East %d\"]\n[South \"South %d\"]\n", table, table, table, table)
		fmt.Fprintf(w, "[Dealer \"%s\"]\n[Vulnerable \"%s\"]\n[Deal \"%s\"]\n[Scoring \"MP\"]\n", b.Dealer, b.Vulnerability, b.Deal.Format(b.Dealer))
		fmt.Fprintf(w, "[Declarer \"%s\"]\n[Contract \"%s\"]\n[Result \"%d\"]\n", decl, con, tricks)
		fmt.Fprintf(w, "[Room \"Open\"]\n[Application \"bridgetd benchmark\"]\n[Stage \"Final session\"]\n[Annotator \"bridgetd benchmark\"]\n[Time \"19:%02d:00\"]\n", table%60)
		fmt.Fprintf(w, "{ table %d, round %d: a comment such as scorers write about the board }\n", table, table/4+1)
	}
	if err := w.Flush(); err != nil {
		tb.Fatal(err)
	}
	if err := f.Close(); err != nil {
		tb.Fatal(err)
	}
}

// bigFile returns the big file: the -bigpbn file (written if missing) or
// one written in the benchmark's temporary folder.
func bigFile(b *testing.B) string {
	path := *bigPBN
	if path == "" {
		path = filepath.Join(b.TempDir(), "big.pbn")
	}
	if fi, err := os.Stat(path); err == nil && fi.Size() > 40<<20 {
		return path
	}
	writeBigPBN(b, path, bigGames)
	return path
}

// peakHeap runs f and returns the largest heap in use while it ran,
// sampled every millisecond.
func peakHeap(f func()) uint64 {
	runtime.GC()
	var peak uint64
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		var m runtime.MemStats
		for {
			runtime.ReadMemStats(&m)
			peak = max(peak, m.HeapInuse)
			select {
			case <-stop:
				return
			case <-time.After(time.Millisecond):
			}
		}
	}()
	f()
	close(stop)
	<-done
	return peak
}

// BenchmarkBigFile: pbn check, pbn fmt and score on a 50 MB file of
// 99,216 games (issue 13 item 9); reports the peak heap in MB.
func BenchmarkBigFile(b *testing.B) {
	path := bigFile(b)
	fi, err := os.Stat(path)
	if err != nil {
		b.Fatal(err)
	}
	for _, args := range [][]string{{"pbn", "check", path}, {"pbn", "fmt", path}, {"score", path}} {
		b.Run(args[len(args)-2], func(b *testing.B) {
			b.SetBytes(fi.Size())
			var peak uint64
			for range b.N {
				var errb strings.Builder
				p := peakHeap(func() {
					if code := run(&env{stdin: strings.NewReader(""), stdout: io.Discard, stderr: &errb}, args); code != 0 {
						b.Fatalf("%v: exit %d: %.500s", args, code, errb.String())
					}
				})
				peak = max(peak, p)
			}
			b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MB")
		})
	}
}
