package classify

import (
	"strings"
	"testing"
)

// The budgets of design §7 live here, as benchmarks: a 200-byte command
// in at most 20 µs, a 5 KB script in at most 300 µs, and no input at the
// limits over 100 ms. `make bench` prints them; scripts/bench-budget.sh
// fails when one is exceeded.

const pipeline200 = `cd "$HOME/src/app" && git fetch origin --prune || echo 'fetch failed'; npm ci --silent && npm test -- --grep "unit $(date +%F)" | tee "out-$(git rev-parse --short HEAD).log"; grep -c PASS out.log || true`

func script5k() string {
	var b strings.Builder
	for i := 0; b.Len() < 5000; i++ {
		b.WriteString("if [[ -f src/file.go ]]; then cat src/file.go | grep -n func | sort -u > out.txt; fi\n")
	}
	return b.String()
}

func benchClassify(b *testing.B, src string) {
	b.ReportAllocs()
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		Classify(src, testEnv)
	}
}

func BenchmarkLs(b *testing.B)          { benchClassify(b, "ls -la") }
func BenchmarkPipeline200(b *testing.B) { benchClassify(b, pipeline200) }
func BenchmarkScript5K(b *testing.B)    { benchClassify(b, script5k()) }

// limitInputs are the worst inputs just inside and just past each limit.
func limitInputs() map[string]string {
	depth := MaxNesting - 1
	return map[string]string{
		"size-max-args":     "echo " + strings.Repeat("a ", (MaxInputBytes-8)/2),
		"size-over":         strings.Repeat("a", MaxInputBytes+1),
		"nesting-parens":    strings.Repeat("(", depth) + "true" + strings.Repeat(")", depth),
		"nesting-subst":     "echo " + strings.Repeat("$(", depth) + "x" + strings.Repeat(")", depth),
		"nesting-over":      strings.Repeat("(", MaxNesting+1) + "true",
		"nesting-if":        strings.Repeat("if true; then ", depth) + "ls" + strings.Repeat("; fi", depth),
		"operators-max":     strings.Repeat("a && ", MaxOperators-1) + "a",
		"operators-pipes":   strings.Repeat("a | ", MaxOperators-1) + "a",
		"operators-over":    strings.Repeat("a && ", MaxOperators+1) + "a",
		"statements":        strings.Repeat("rm -rf x; ", MaxInputBytes/10-1),
		"heredoc-subst":     "cat <<EOF\n" + strings.Repeat("$x $(id) `id`\n", (MaxInputBytes-20)/15) + "EOF\n",
		"bash-c-nested":     nestedBashC(maxReparse + 2),
		"eval-wide":         "eval " + strings.Repeat("'ls -la' ", (MaxInputBytes-10)/9),
		"xargs-sh-wide":     strings.Repeat("echo 'rm -rf /' | xargs -I{} bash -c {}; ", MaxInputBytes/45),
		"parallel-wide":     "parallel bash -c {} ::: " + strings.Repeat("'ls -la' ", (MaxInputBytes-30)/9),
		"unterminated":      "rm -rf / ; " + strings.Repeat("$(", MaxNesting-2),
		"parse-error-chain": strings.Repeat("ls; ) ", MaxInputBytes/7),
		// brace expansion multiplies; each ends in a harm that must still count
		"braces-one-word":  "echo " + strings.Repeat("{a,b}", (MaxInputBytes-20)/5) + "; rm -rf ~",
		"braces-per-word":  "echo " + strings.Repeat("{a,b}{c,d}{e,f}{g,h}{i,j}{k,l}{m,n}{o,p} ", (MaxInputBytes-20)/41) + "; rm -rf ~",
		"braces-just-in":   "rm -f " + strings.Repeat("x{a,b}{c,d} ", (MaxInputBytes-20)/12) + "; rm -rf ~",
		"braces-sequences": "echo " + strings.Repeat("{1..2000000000} ", (MaxInputBytes-20)/16) + "; rm -rf ~",
		"braces-nested":    "echo " + strings.Repeat("{a,", MaxNesting-2) + "b" + strings.Repeat("}", MaxNesting-2) + strings.Repeat(" {a,b}{c,d}{e,f}", (MaxInputBytes-800)/16) + "; rm -rf ~",
		"braces-bash-c":    "bash -c " + strings.Repeat("'echo {a,b}{c,d}{e,f}{g,h}{i,j}{k,l}{m,n}{o,p}' ", (MaxInputBytes-20)/50) + "; rm -rf ~",
		// issue 13: every word a glob or a variable path to match against
		// the tables, every option glued to an unknown value
		"paths-globs":     "cat " + strings.Repeat(`~/.*/c*r*e*d*s ~/.[a-z]?*/*.p* "${XDG_CONFIG_HOME:-${HOME:-/}}/x"/../* `, (MaxInputBytes-10)/72),
		"paths-glob-long": "cat /home/*/" + strings.Repeat("*a", (MaxInputBytes-20)/2),
		"paths-tree-cd":   strings.Repeat("cd ../x; make -C\"$D\"; git -C ../y commit; ", MaxInputBytes/46),
		// functions and aliases judged again where they are used
		"function-calls": "f() { " + strings.Repeat(`"$@"; `, MaxInputBytes/14) + "}; " + strings.Repeat("f ls; ", 400),
		"alias-uses":     "alias a='" + strings.Repeat("ls;", MaxInputBytes/8) + "'\n" + strings.Repeat("a; ", 400),
		"value-args":     "a=(" + strings.Repeat("x ", 200) + "); " + strings.Repeat(`ls "${a[@]}"; `, 1000),
		// more commands than are judged: each is cheap, but 21,000 verdicts are not
		"commands-many": strings.Repeat("ls;", MaxInputBytes/3-1),
	}
}

func nestedBashC(n int) string {
	s := "rm -rf /"
	for i := 0; i < n; i++ {
		q := "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
		s = "bash -c " + q
	}
	return s
}

func BenchmarkLimits(b *testing.B) {
	for name, src := range limitInputs() {
		b.Run(name, func(b *testing.B) { benchClassify(b, src) })
	}
}

// TestLimitInputsFailClosed checks what the limit benchmarks measure: every
// worst input still gets a verdict, and those past a limit are high.
func TestLimitInputsFailClosed(t *testing.T) {
	for name, src := range limitInputs() {
		v := Classify(src, testEnv)
		if strings.HasSuffix(name, "-over") && (v.Level < High || v.Reasons[0].Rule != limitRule.id) {
			t.Errorf("%s: got %v (rule %s), want high by rule %s", name, v.Level, v.Reasons[0].Rule, limitRule.id)
		}
		if strings.HasPrefix(name, "braces-") && !v.Dangerous {
			t.Errorf("%s: got %v dangerous=%v, want dangerous (it ends in rm -rf ~)", name, v.Level, v.Dangerous)
		}
		if name == "commands-many" && (v.Level < High || len(v.Commands) > maxCommands+1) {
			t.Errorf("%s: got %v with %d commands, want high and at most %d", name, v.Level, len(v.Commands), maxCommands+1)
		}
		if name == "bash-c-nested" && !v.Dangerous && v.Level < High {
			t.Errorf("%s: got %v, want at least high", name, v.Level)
		}
	}
}

// TestCommandBudget: past maxCommands the rest of an input is not judged,
// so the verdict is at least high wherever a harm sits, and a harm judged
// before the budget ran out keeps its dangerous flag.
func TestCommandBudget(t *testing.T) {
	many := strings.Repeat("ls; ", maxCommands)
	for _, tc := range []struct {
		name, src     string
		level         Level
		dangerous     bool
		limitReported bool
	}{
		{name: "within", src: strings.Repeat("ls; ", maxCommands-1) + "ls", level: Minimal},
		{name: "over", src: many + "ls", level: High, limitReported: true},
		{name: "harm-first", src: "rm -rf ~; " + many, level: High, dangerous: true, limitReported: true},
		{name: "harm-after", src: many + "ls; rm -rf ~", level: High, limitReported: true},
		{name: "harm-in-function", src: "f() { " + many + "}; f; rm -rf ~", level: High, limitReported: true},
	} {
		v := Classify(tc.src, testEnv)
		limit := false
		for _, r := range v.Reasons {
			limit = limit || r.Rule == limitRule.id
		}
		if v.Level != tc.level || v.Dangerous != tc.dangerous || limit != tc.limitReported {
			t.Errorf("%s: got %v dangerous=%v limit=%v, want %v dangerous=%v limit=%v",
				tc.name, v.Level, v.Dangerous, limit, tc.level, tc.dangerous, tc.limitReported)
		}
	}
}
