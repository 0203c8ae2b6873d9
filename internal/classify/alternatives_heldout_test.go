package classify

import "testing"

// TestAlternativesHeldOut holds spellings kept out of the tables while a
// loop's variable and a name assigned in branches were made to be judged
// with each value they may hold, run only once that was done: other
// tools, positions (operands, option values, a cd) and constructs.
func TestAlternativesHeldOut(t *testing.T) {
	for _, tc := range []classifyCase{
		// the worst value counts, wherever it is used
		dangerous(`for cfg in .claude/settings.json README.md; do echo '{}' > "$cfg"; done`, "guard-file"),
		high(`for k in ~/.aws/credentials notes.txt; do grep -c x "$k"; done`, "read-secret"),
		dangerous(`for p in /etc/hosts docs/hosts; do sort -o "$p" "$p"; done`, "write-system"),
		dangerous(`for op in status 'push --force'; do git $op; done`, "git-force-push"),
		high(`case "$OS" in Linux) rc=~/.bashrc;; Darwin) rc=~/.zshrc;; *) rc=~/.profile;; esac; echo 'export X=1' >> "$rc"`, "write-persistence"),
		dangerous(`if [ -f a ]; then t=build; else t=~; fi; cd "$t" && echo x > .profile`, "overwrite-startup"),
		// every value known and in the workspace: as low as each
		medium(`for d in dist build; do rm -rf "./$d"; done`, "rm"),
		low(`if [ "$CI" = 1 ]; then log=ci.log; else log=local.log; fi; tee "$log" < out.txt`, "write-file"),
		low(`for f in src/a.go src/b.go; do sed -i 's/x/y/' "$f"; done`, "write-file"),
		low(`for i in 1 2; do mkdir -p "run$i" && echo ok > "run$i/status"; done`, "write-file"),
		low(`for x in one two; do out="logs/$x.log"; date > "$out"; done`, "write-file"),
		low(`if [ -f a ]; then t=build; else t=dist; fi; cd "$t" && echo x > out.txt`, "write-file"),
	} {
		checkCase(t, tc, testEnv)
	}
}
