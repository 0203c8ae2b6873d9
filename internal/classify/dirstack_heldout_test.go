package classify

import "testing"

// TestDirStackHeldOut holds spellings kept out of the tables while cd -,
// ~-, $OLDPWD, pushd and popd were made to lead where bash goes, run only
// once that was done: other commands, places and ways of going back.
func TestDirStackHeldOut(t *testing.T) {
	for _, tc := range []classifyCase{
		dangerous("cd /etc && cd /tmp && cd ~- && echo x > passwd", "write-system"),
		dangerous(`cd /etc; cd ~; cp x "$OLDPWD/hosts"`, "write-system"),
		high("pushd ~ && pushd /tmp && popd && cat .aws/credentials", "read-secret"),
		dangerous("cd ~; pushd /tmp; pushd; echo x > .profile", "overwrite-startup"),
		dangerous("(cd /etc; cd /tmp; cd -; echo x > hosts)", "write-system"),
		high("pushd /var/log && popd -n && echo x > out.txt", "write-outside"),
		// back in the workspace
		medium("cd dist; cd -; rm -rf build", "rm"),
		low("cd docs && ls && cd - >/dev/null && touch notes.txt", "file-create"),
		low("pushd src >/dev/null; pushd ../test >/dev/null; popd; popd; echo x > log.txt", "write-file"),
		// an entry counted from the top
		dangerous("pushd ~ && pushd src && pushd /tmp && pushd +2 && echo x > .zshrc", "overwrite-startup"),
		low("pushd /var && pushd /srv && popd +1 && popd && touch x", "file-create"),
	} {
		checkCase(t, tc, testEnv)
	}
}
