package classify

import "testing"

// loopPatternCases pair a loop over a glob with the same command written
// with the glob in the variable's place (issue 29): the loop's verdict is
// the glob's, whichever the harm. A loop whose word is not a plain pattern
// of the loop (unquoted, a substring, a suffix the pattern does not end
// with) stays a word only known at run time, never lower than the glob.
var loopPatternCases = []struct {
	loop, direct string
	same         bool // the verdicts are equal; else the loop's is at least the glob's
}{
	{`for f in *.jpg; do mv "$f" "${f%.jpg}.jpeg"; done`, `mv *.jpg *.jpeg`, true},
	{`for f in *.jpg; do mv "$f" x/; done`, `mv *.jpg x/`, true},
	{`for f in src/*.ts; do cp "$f" "${f%.ts}.bak"; done`, `cp src/*.ts src/*.bak`, true},
	{`for f in src/*.go; do cp "$f" "${f#src/}"; done`, `cp src/*.go *.go`, true},
	{`for f in src/*; do rm -rf "${f#src/}"; done`, `rm -rf *`, true},
	{`for f in *.log; do rm "$f"; done`, `rm *.log`, true},
	{`for f in *; do rm -rf "$f"; done`, `rm -rf *`, true},
	{`for f in *.jpg; do rm -rf "${f%.jpg}"; done`, `rm -rf *`, true},
	{`for f in build/*; do rm -rf "$f"; done`, `rm -rf build/*`, true},
	{`for f in .claude/*; do rm "$f"; done`, `rm .claude/*`, true},
	{`for f in .git/hooks/*; do cp x "$f"; done`, `cp x .git/hooks/*`, true},
	{`for f in ../*; do rm -rf "$f"; done`, `rm -rf ../*`, true},
	{`for f in ~/*; do rm -rf "$f"; done`, `rm -rf ~/*`, true},
	{`for f in ~/.ssh/*; do cat "$f"; done`, `cat ~/.ssh/*`, true},
	{`for f in /etc/*.conf; do cp x "$f"; done`, `cp x /etc/*.conf`, true},
	{`for f in *.sh; do bash "$f"; done`, `bash *.sh`, true},
	// .* matches .. in bash before 5.2: .*/src may be ../src
	{`for f in .*; do rm -rf "$f/src"; done`, `rm -rf ../src`, true},
	{`for f in .*; do rm -rf "$f/src"; done`, `rm -rf .*/src`, true},
	{`for f in *.txt; do echo hi > "$f"; done`, `echo hi > *.txt`, true},
	{`for f in lib/*.py; do python3 "$f"; done`, `python3 lib/*.py`, true},
	// not a plain pattern of the loop: judged as unknown, never lower
	{`for f in *.jpg; do rm -rf $f; done`, `rm -rf *.jpg`, false},
	{`for f in *.jpg; do rm -rf "${f:0:1}"; done`, `rm -rf *`, false},
	{`for f in *.jpg; do rm -rf "${f%.png}"; done`, `rm -rf *.jpg`, false},
	{`for f in *.jpg; do rm -rf "${f/jpg/}"; done`, `rm -rf *.jpg`, false},
	{`for f in *.jpg; do rm -rf "$f"*; done`, `rm -rf *.jpg*`, false},
	{`for f in *.jpg; do rm -rf "$f/../.."; done`, `rm -rf ..`, false},
}

func TestLoopPattern(t *testing.T) {
	for _, tc := range loopPatternCases {
		t.Run(tc.loop, func(t *testing.T) {
			lv, dv := Classify(tc.loop, testEnv), Classify(tc.direct, testEnv)
			rank := func(v Verdict) int {
				if v.Dangerous {
					return int(v.Level) + 100
				}
				return int(v.Level)
			}
			switch {
			case tc.same && rank(lv) != rank(dv):
				t.Errorf("%s: %v dangerous=%v (%s); %s: %v dangerous=%v (%s): want the same", tc.loop, lv.Level, lv.Dangerous, ruleIDs(lv), tc.direct, dv.Level, dv.Dangerous, ruleIDs(dv))
			case !tc.same && rank(lv) < rank(dv):
				t.Errorf("%s: %v dangerous=%v (%s), lower than %s: %v dangerous=%v (%s)", tc.loop, lv.Level, lv.Dangerous, ruleIDs(lv), tc.direct, dv.Level, dv.Dangerous, ruleIDs(dv))
			}
		})
	}
}
