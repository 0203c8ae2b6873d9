package classify

import "testing"

// TestCaseOpsHeldOut holds spellings kept out of the tables while bash
// 5.1's case operators (${x@L}, ${x@U}, ${x@u}) were made to follow the
// value as ${x,,} does, run only once that was done: other paths, tools
// and positions than the table rows.
func TestCaseOpsHeldOut(t *testing.T) {
	for _, tc := range []classifyCase{
		// a path, an option's value, an operand, a command name
		dangerous(`p=~/.ZSHENV; cp notes.txt "${p@L}"`, ""),
		dangerous(`o=$HOME/.BASH_PROFILE; sort -o "${o@L}" a.txt`, ""),
		high(`k=~/.SSH/ID_ED25519; cat "${k@L}"`, "read-secret"),
		dangerous(`g=GIT; ${g@L} push --force`, "git-force-push"),
		dangerous(`c=chmod; ${c@U} -R 777 /`, ""),
		// an element of an array, a relative value
		low(`a=(README.MD OUT.TXT); echo x > "${a[1]@L}"`, "write-file"),
		dangerous(`d=.CLAUDE; echo '{}' > "${d@L}/settings.json"`, ""),
		// still dynamic: quoting and escapes
		high(`e='/home/u/.bash\x72c'; echo x > "${e@E}"`, "write-unknown"),
	} {
		checkCase(t, tc, testEnv)
	}
}
