package classify

import "testing"

// TestGlobTildeHeldOut holds spellings written after the fixes of issue 26
// for globs that match every name and for ~+ and ~-, kept out of pathCases:
// they check that the verdict follows what the word means.
func TestGlobTildeHeldOut(t *testing.T) {
	for _, tc := range []classifyCase{
		// every name a * matches, spelled otherwise
		dangerous("rm -rf -- ?***", "rm-recursive-force"),
		dangerous("rm -fr *?*", "rm-recursive-force"),
		dangerous("rm -rf [^.]*", "rm-recursive-force"),
		dangerous("rm -rf ~/*?", "rm-recursive-force"),
		dangerous("rm -rf /?*", "rm-recursive-force"),
		medium("cd src && rm -rf *?", "rm"),
		medium("rm -rf ?*.log", "rm"),
		medium("rm -rf build/?*", "rm"),
		// ~+ and ~-
		low("tee ~+/dist/out.txt < in.txt", "write-file"),
		medium("rm -r ~+/dist", "rm"),
		minimal("cat ~+/README.md", "read-only"),
		low("cd /tmp && echo x > ~-/out.txt", "write-file"),
	} {
		checkCase(t, tc, testEnv)
	}
}
