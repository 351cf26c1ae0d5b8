package main

import (
	"strings"
	"testing"
)

func TestContractCommand(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"4SX", "S", "8", "--vul", "NS"}, "-500"},     // Law 77: doubled, vulnerable, two down
		{[]string{"4S", "S", "10", "--vul", "NONE"}, "420"},    // Law 77: game bonus 300 non-vulnerable
		{[]string{"3NT", "E", "9", "--vul", "EW"}, "-600"},     // Law 77: EW declarer, vulnerable game, NS sees -600
		{[]string{"7NTXX", "N", "13", "--vul", "ALL"}, "2980"}, // Law 77: the classic maximum
		{[]string{"1CX", "W", "7", "--vul", "NONE"}, "-140"},   // Law 77: 1♣X just made, insult 50
		{[]string{"--vul", "all", "6H", "n", "12"}, "1430"},    // flags first, lower case
		{[]string{"Pass", "N", "0"}, "0"},                      // Law 22A: passed out scores 0
	}
	for _, tt := range tests {
		code, out, errOut := runCmd(t, "", append([]string{"contract"}, tt.args...)...)
		if code != 0 || strings.TrimSpace(out) != tt.want {
			t.Errorf("contract %v: exit %d, out %q, err %q; want %s", tt.args, code, out, errOut, tt.want)
		}
	}
	bad := []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"4S", "S"}, 2, "Usage"},
		{[]string{"4S", "S", "14"}, 1, "0-13"},
		{[]string{"8S", "S", "10"}, 1, "level"},
		{[]string{"4S", "Q", "10"}, 1, "seat"},
		{[]string{"4S", "S", "10", "--vul", "RED"}, 1, "vulnerability"},
	}
	for _, tt := range bad {
		code, _, errOut := runCmd(t, "", append([]string{"contract"}, tt.args...)...)
		if code != tt.code || !strings.Contains(errOut, tt.msg) {
			t.Errorf("contract %v: exit %d, err %q; want exit %d mentioning %q", tt.args, code, errOut, tt.code, tt.msg)
		}
	}
}
