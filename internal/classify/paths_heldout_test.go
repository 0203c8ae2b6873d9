package classify

import (
	"testing"
)

// TestPathsHeldOut holds spellings kept out of pathCases while the
// mechanisms of issue 13 were written, and run only once they were done:
// other programs, other variables and defaults, other glob forms, other
// options and other build tools. They check that the fix is about how
// paths and options are read, not about the table's words.
func TestPathsHeldOut(t *testing.T) {
	for _, tc := range []classifyCase{
		// variables, ~user and defaults
		high(`xxd "${HOME}/.kube/config"`, "read-secret"),
		high("tar czf /tmp/k.tgz ~root/.ssh", "read-secret"),
		high("less /home/bob/.config/gcloud/credentials.db", "read-secret"),
		dangerous(`cp x "${XDG_DATA_HOME:-$HOME/.local/share}/../state/permguard/x"`, "self-protect"),
		dangerous(`touch "$PERMGUARD_STATE_DIR"/x`, ""),
		dangerous("cp x ${TMPDIR-/etc}/cron.d/x", ""),
		dangerous("cp x /var/tmp/a/../../../etc/cron.d/y", ""),
		// globs
		high("cat /Users/*/.aws/credentials", "read-secret"),
		high("cat ~/.s[s]h/id_ed25519", "read-secret"),
		high("cat /home/u/.aws/cred?ntials", "read-secret"),
		high("strings /var/run/secrets/*/serviceaccount/token", "read-secret"),
		dangerous("cp x ~/.zsh*", "write-startup-unknown"),
		high("cp x .git/[h]ooks/pre-commit", "write-persistence"),
		high("mv x .git/*/pre-commit", "write-persistence"),
		high("cp x .vscode/t*.json", "write-persistence"),
		high("cp x .git/modules/m/h*/post-checkout", "write-persistence"),
		high("install -m 755 x .githo?ks/pre-push", "write-persistence"),
		high("cp x vendor/lib/.git/co*g", "write-persistence"),
		high("tee .git/co[[:alpha:]]fig < x", "write-persistence"),
		high("cat ~/.[[:alpha:]]sh/id_rsa", "read-secret"),
		dangerous("cp x .[[:alpha:]]laude/settings.json", "guard-file"),
		high("shopt -s globstar; cp x .git/modules/**/pre-commit", "write-persistence"),
		high("cp x .ENVRC", "write-persistence"),
		high("cp x .VSCODE/tasks.json", "write-persistence"),
		high("install -m 644 x .venv/lib/python3.11/site-packages/usercustomize.py", "write-persistence"),
		high("cp -r githooks/pre-push .git/hooks/", "write-persistence"),
		// glued option values
		dangerous("sort --output=$HOME/.profile x", "write-startup-unknown"), // content not known now (§2.9)
		high(`rg --pre="$(cat p)" x`, "rg-pre"),
		high(`tar -xf x.tar --to-command="$CMD"`, "tar-exec"),
		high("cp -t$DEST a b", "write-unknown"),
		high(`shuf -o"$F" x`, "write-unknown"),
		high(`make --directory="$D"`, "build-elsewhere"),
		high(`git --work-tree="$W" add .`, "git-outside"),
		high(`less -o"$F" x`, "write-unknown"),
		// development work elsewhere
		high("cd ../sibling && cargo test", "build-outside"),
		high("pushd /srv/app && make && popd", "build-outside"),
		high("cd ~ && npm install", "build-outside"),
		high("git -C .. commit -m x", "git-outside"),
		high("git -C ~/dotfiles commit -am x", "git-outside"),
		high("gradle --project-dir ../x build", "build-outside"),
		high("mvn --file /srv/x/pom.xml install", "build-outside"),
		medium("git --git-dir=../other/.git log", "git-dir"),
		medium("cd /tmp/scratch && go test ./...", "build"),
	} {
		checkCase(t, tc, testEnv)
	}
}
