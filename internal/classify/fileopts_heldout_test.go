package classify

import "testing"

// TestFileOptsHeldOut holds respellings written after the fileopts rows
// of redteamToolCases were done: other prefixes, other clusters, other
// tools. None is a table row; they check the option parser follows the
// class, not the rows' words.
func TestFileOptsHeldOut(t *testing.T) {
	for _, tc := range []classifyCase{
		dangerous(`mv x --target-dir=.claude`, "guard-file"),
		dangerous(`cp settings.json --target=.claude`, "guard-file"),
		dangerous(`rsync -a --suffix=.json -b x .claude/settings`, "guard-file"),
		high(`install -Dm644 x.desktop --targe=/root/.config/autostart`, "write-outside"),
		high(`ln -sfvt/root x`, "write-outside"),
		dangerous(`mv x .claude/settings --suffix=.json --backup`, "guard-file"),
		dangerous(`install -bS.json x .claude/settings`, "guard-file"),
		high(`rsync -a src/ dst/ --write-b=/root/x`, "write-outside"),
		high(`rsync -av --partial-dir=/root/p src/ dst/`, "write-outside"),
		high(`touch --nonsense x`, "option-unknown"),
		high(`mkdir --pa /root/x`, "write-outside"),
		high(`TMPDIR=/root mktemp -t x.XXXX`, "write-outside"),
		dangerous(`ln /usr/bin/sudo s`, "write-system"),
		low(`mkdir --parents build/out`, "file-create"),
		low(`touch -d 2024-01-01 x.txt`, "file-create"),
		low(`cp -rv src/ --target-directory=dist`, "file-copy"),
	} {
		checkCase(t, tc, testEnv)
	}
}
