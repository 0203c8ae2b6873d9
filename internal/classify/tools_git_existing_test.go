package classify

import (
	"slices"
	"testing"
)

// TestGitCheckoutMaybePath: the one operand of git checkout is listed for
// the caller to look at (Verdict.MaybePaths), and where the caller found
// a file there (Env.Existing) the checkout discards that file's changes.
func TestGitCheckoutMaybePath(t *testing.T) {
	file := testEnv.Workspace + "/Gemfile.lock"
	v := Classify("git checkout Gemfile.lock", testEnv)
	if v.Level != Medium || !slices.Contains(v.MaybePaths, file) {
		t.Fatalf("without a look: %v, maybe paths %q; want medium, listing %s", v.Level, v.MaybePaths, file)
	}
	env := testEnv
	env.Existing = []string{file}
	if v := Classify("git checkout Gemfile.lock", env); v.Level != High || !containsRule(v, gitDiscard.id) {
		t.Errorf("with the file there: %v (%s), want high (%s)", v.Level, ruleIDs(v), gitDiscard.id)
	}
	if v := Classify("git checkout main", env); v.Level != Medium {
		t.Errorf("another name: %v (%s), want medium", v.Level, ruleIDs(v))
	}
	if v := Classify("git checkout -b Gemfile.lock", env); v.Level != Medium {
		t.Errorf("a new branch: %v (%s), want medium", v.Level, ruleIDs(v))
	}
	// a word no branch name can be is a pathspec, with or without a look
	for _, cmd := range []string{`git checkout '*.lock'`, `git checkout *.lock`, `git checkout G*`, `git checkout ':(glob)**/*.go'`,
		`git checkout ':(icase)GEMFILE.LOCK'`, `git checkout 'src/[ab].go'`, `for f in *.lock; do git checkout "$f"; done`} {
		if v := Classify(cmd, testEnv); v.Level != High || !containsRule(v, gitDiscard.id) {
			t.Errorf("%s: %v (%s), want high (%s)", cmd, v.Level, ruleIDs(v), gitDiscard.id)
		}
	}
	if v := Classify("git checkout '*'", testEnv); !v.Dangerous {
		t.Errorf("git checkout '*': %v (%s), want dangerous: the whole tree", v.Level, ruleIDs(v))
	}
}
