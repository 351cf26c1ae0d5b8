package bridge

import "testing"

var sink int

func BenchmarkContractScore(b *testing.B) {
	contracts := make([]Contract, 0, 105)
	for level := 1; level <= 7; level++ {
		for strain := Strain(0); strain < NumStrains; strain++ {
			for risk := Undoubled; risk <= Redoubled; risk++ {
				contracts = append(contracts, Contract{Level: uint8(level), Strain: strain, Risk: risk})
			}
		}
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		c := contracts[i%len(contracts)]
		sink += Score(c, Seat(i&3), i%14, Vulnerability(i&3))
	}
}

func BenchmarkParseContract(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		c, _ := ParseContract("4SX")
		sink += int(c.Level)
	}
}
