package classify

import (
	"fmt"
	"strings"
	"testing"
)

// limitCases are inputs that go past each limit of design §7, each hiding
// a harm where the classifier no longer looks, and inputs just inside.
// The harm is what made a verdict of high unsafe (issue 22, item 4): at
// level high it was allowed.
var limitCases = []struct {
	name  string
	src   string
	limit Limit
}{
	{name: "size", src: "sudo true; " + strings.Repeat("#", MaxInputBytes), limit: LimitSize},
	{name: "size just inside", src: "ls " + strings.Repeat("a", MaxInputBytes-3), limit: LimitNone},
	{name: "nesting brackets", src: strings.Repeat("(", MaxNesting+2) + "rm -rf ~" + strings.Repeat(")", MaxNesting+2), limit: LimitNesting},
	{name: "nesting brackets just inside", src: strings.Repeat("(", MaxNesting-1) + "ls" + strings.Repeat(")", MaxNesting-1), limit: LimitNone},
	{name: "nesting keywords", src: strings.Repeat("if true; then ", MaxNesting+1) + "rm -rf ~" + strings.Repeat("; fi", MaxNesting+1), limit: LimitNesting},
	{name: "operators", src: strings.Repeat("true && ", MaxOperators+1) + "rm -rf ~", limit: LimitOperators},
	{name: "operators just inside", src: strings.Repeat("true && ", MaxOperators) + "ls", limit: LimitNone},
	{name: "NUL byte", src: "ls\x00rm -rf ~", limit: LimitBytes},
	{name: "invalid UTF-8", src: "ls \xff; rm -rf ~", limit: LimitBytes},
	{name: "scripts in scripts", src: strings.Repeat("eval ", maxReparse+2) + "ls", limit: LimitScripts},
	{name: "scripts in scripts just inside", src: strings.Repeat("eval ", maxReparse) + "ls", limit: LimitNone},
	{name: "script budget", src: strings.Repeat("bash -c x; ", 1000) + "rm -rf ~", limit: LimitWork},
	{name: "commands", src: strings.Repeat("ls; ", maxCommands) + "rm -rf ~", limit: LimitCommands},
	{name: "commands just inside", src: strings.Repeat("ls; ", maxCommands-1) + "ls", limit: LimitNone},
	{name: "an alias past the follows", src: "C=ls; " + strings.Repeat("$C build; ", 70) + "\nalias l='rm -rf ~'\nl", limit: LimitFollows},
	{name: "a hashed name past the follows", src: "C=ls; " + strings.Repeat("$C build; ", 70) + "\nhash -p /bin/rm l; l -rf ~", limit: LimitFollows},
	{name: "an alias just inside", src: "C=ls; " + strings.Repeat("$C build; ", 10) + "\nalias l='rm -rf ~'\nl", limit: LimitNone},
	// past the follows, values and functions are judged as written:
	// unknown, their worst (design §2.3), a level and no limit
	{name: "values past the follows", src: "C=ls; " + strings.Repeat("$C build; ", 70) + "X=~; rm -rf $X", limit: LimitNone},
	{name: "functions past the follows", src: `f() { "$@"; }; ` + strings.Repeat("f ls; ", 70) + "f rm -rf ~", limit: LimitNone},
	{name: "arithmetic names too deep", src: "a0=1; " + arithChain(maxReparse+1) + "echo $((a9))", limit: LimitScripts},
	{name: "parallel inputs", src: "parallel ::: " + strings.Repeat("ls ", maxCandidates) + "'rm -rf ~'", limit: LimitInputs},
	{name: "parallel inputs on stdin", src: "printf '" + strings.Repeat(`ls\n`, maxCandidates) + `rm -rf ~\n' | parallel`, limit: LimitInputs},
	{name: "parallel inputs just inside", src: "parallel gzip ::: " + strings.Repeat("f ", maxCandidates), limit: LimitNone},
}

// arithChain assigns a1=a0, a2=a1, ... up to an: arithmetic over an
// names a variable that names another, n deep.
func arithChain(n int) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "a%d=a%d; ", i, i-1)
	}
	return b.String()
}

// TestLimitKinds checks that the verdict names the limit an input went
// past, and that a floor (which no setting replaces) reports it.
func TestLimitKinds(t *testing.T) {
	for _, tc := range limitCases {
		t.Run(tc.name, func(t *testing.T) {
			v := Classify(tc.src, testEnv)
			if v.Limit != tc.limit {
				t.Fatalf("Classify(%.60q).Limit = %s, want %s (reasons %v)", tc.src, v.Limit, tc.limit, v.Floors)
			}
			checkLimit(t, tc.src, v)
			if tc.limit == LimitNone {
				return
			}
			if r := v.LimitReason(); r.Limit != tc.limit || r.Message == "" {
				t.Errorf("LimitReason() = %+v, want a reason for %s", r, tc.limit)
			}
		})
	}
}

// TestLimitNames checks that every limit has a name for the block message.
func TestLimitNames(t *testing.T) {
	seen := map[string]bool{}
	for _, l := range Limits() {
		n := l.String()
		if n == "" || strings.HasPrefix(n, "Limit(") || seen[n] {
			t.Errorf("limit %d is named %q", l, n)
		}
		seen[n] = true
	}
	if got := len(Limits()); got != int(LimitPaths) {
		t.Errorf("Limits() has %d entries, want %d", got, LimitPaths)
	}
}

// TestPastLimit checks the verdict built for a tool call the decoder
// found past a bound.
func TestPastLimit(t *testing.T) {
	v := PastLimit(LimitToolInput, "tool_input.file_path is 9000 bytes, over the limit of 4096", "Write /x")
	if v.Level != High || v.Limit != LimitToolInput || len(v.Reasons) != 1 || len(v.Floors) != 1 || v.LimitReason().Rule != limitRule.id {
		t.Errorf("PastLimit = %+v", v)
	}
}

// TestCutWordsRun: a word that a budget left unknown (a brace expansion
// too large, a value too long to follow) and that then runs as code is
// past a limit, so that no level but bypassed allows what a deny rule
// never saw (issue 22, second red team); unknown the ordinary way, it is
// only high.
func TestCutWordsRun(t *testing.T) {
	long := strings.Repeat("x", maxValueBytes+1)
	for _, tc := range []struct {
		cmd   string
		limit bool
	}{
		{`eval 'git push origin main #'{1..300}`, true},
		{`v='git push origin main; ` + long + `'; eval "$v"`, true},
		{`v='git push origin main; ` + long + `'; bash -c "$v"`, true},
		{`c=$(cat f); $c`, false},
		{`eval "$X"`, false},
		{`echo {1..300}`, false},
	} {
		v := Classify(tc.cmd, testEnv)
		if got := v.Limit != LimitNone; got != tc.limit {
			t.Errorf("Classify(%.60q).Limit = %v, want past a limit %v", tc.cmd, v.Limit, tc.limit)
		}
	}
}
