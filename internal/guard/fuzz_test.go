package guard

import (
	"strings"
	"testing"
	"unicode"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"

	"github.com/agent-permguard/permguard/internal/classify"
	"github.com/agent-permguard/permguard/internal/settings"
)

var fuzzSeeds = []string{
	"ls -la", "", "it's", "a\nb\n", "rm -rf ~", "echo $(rm -rf /)", "\x1b[2J", "\xff\xfe", "tab\there",
	"\u202egnp.exe", strings.Repeat("é", 300), "\\'\\\\", "\r\n\r\n", "x\x00y",
}

// FuzzBlockMessage checks that the block message is always exactly four
// lines, with nothing a terminal would interpret, past a limit too.
func FuzzBlockMessage(f *testing.F) {
	for i, s := range fuzzSeeds {
		f.Add(s, uint8(3), false, uint8(i))
	}
	f.Fuzz(func(t *testing.T, command string, level uint8, dangerous bool, limit uint8) {
		lvl := classify.Level(level % 4)
		v := classify.Verdict{Level: lvl, Dangerous: dangerous, Reasons: []classify.Reason{{Level: lvl, Dangerous: dangerous, Message: command}}}
		if l := classify.Limit(limit % 16); l <= classify.LimitToolInput {
			v.Limit = l
		}
		msg := blockEval(command, v, blockInfo{perm: settings.Permission{Level: classify.Minimal}}).BlockText()
		if n := strings.Count(msg, "\n"); n != 4 || !strings.HasSuffix(msg, "\n") {
			t.Fatalf("blockMessage(%q) has %d lines:\n%s", command, n, msg)
		}
		for _, r := range strings.TrimSuffix(msg, "\n") {
			if r != '\n' && r != '\t' && !unicode.IsPrint(r) {
				t.Fatalf("blockMessage(%q) holds %U:\n%q", command, r, msg)
			}
		}
	})
}

// FuzzShellQuote checks that Quote gives one line that bash reads back
// as the very same word.
func FuzzShellQuote(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if strings.ContainsRune(s, 0) {
			return // bash words cannot hold NUL
		}
		q := Quote(s)
		if strings.ContainsAny(q, "\r\n") {
			t.Fatalf("Quote(%q) = %q, not one line", s, q)
		}
		file, err := syntax.NewParser().Parse(strings.NewReader("x "+q), "")
		if err != nil {
			t.Fatalf("Quote(%q) = %s, which does not parse: %v", s, q, err)
		}
		call, ok := file.Stmts[0].Cmd.(*syntax.CallExpr)
		if !ok || len(file.Stmts) != 1 || len(call.Args) != 2 {
			t.Fatalf("Quote(%q) = %s, not one word", s, q)
		}
		got, err := expand.Fields(nil, call.Args[1])
		if err != nil || len(got) != 1 || got[0] != s {
			t.Fatalf("Quote(%q) = %s, which bash reads as %q (%v)", s, q, got, err)
		}
	})
}
