package classify

import "testing"

// TestArchiversHeldOut holds spellings kept out of the tables while tar
// was put under the one option parser and the archivers that delete what
// they pack were judged as deletes (issue 26), written after the fixes:
// they check that each fix works by mechanism, not by the table's words.
func TestArchiversHeldOut(t *testing.T) {
	for _, tc := range []classifyCase{
		// -f glued after a cluster, appending or updating
		dangerous(`tar -rvf$HOME/.profile notes`, "write-startup-unknown"),
		dangerous(`tar -uf"${HOME}/.zshrc" notes`, "write-startup-unknown"),
		// old style: the letters' values in order, -T then -f
		dangerous(`tar cTf list.txt /home/u/.bashrc`, "write-startup-unknown"),
		// an old-style action, then --file as the next word
		dangerous(`tar c --file /home/u/.bashrc src`, "write-startup-unknown"),
		// --fil is --file or --files-from: not understood
		high(`tar --create --fil=out.tar src`, "option-unknown"),
		// -I glued inside a cluster runs a program
		high(`tar -cvI./pack.sh -f x.tar src`, "tar-exec"),
		// deleting what was packed
		dangerous(`tar --create --remove-files --file=/tmp/a.tar ./`, "delete-workspace"),
		dangerous(`zip -9rm /tmp/a.zip ./`, "delete-workspace"),
		medium(`7za a /tmp/a.7z -sdel src`, "rm"),
		medium(`tar -C build --remove-files -cf /tmp/b.tar out`, "rm"),
	} {
		checkCase(t, tc, testEnv)
	}
}
