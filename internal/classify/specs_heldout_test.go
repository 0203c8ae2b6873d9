package classify

import "testing"

// TestSpecsHeldOut holds spellings written after the env and read-only
// specs were done (tools_wrappers_opts.go, tools_files_readopts.go); none is a table row.
func TestSpecsHeldOut(t *testing.T) {
	for _, tc := range []classifyCase{
		dangerous(`env --unse PERMGUARD_MODE go test ./...`, "self-protect"),
		dangerous(`env -0vuPERMGUARD_MODE npm test`, "self-protect"),
		dangerous(`env --ignore-env -- make`, "self-protect-env"),
		high(`env --default-signal=INT --frob make`, "option-unknown"),
		high(`du -a --files0-fr=$HOME/.ssh/id_ecdsa`, "read-secret"),
		high(`file -kf$HOME/.aws/credentials`, "read-secret"),
		high(`ls -la --colour=auto src`, "option-unknown"),
		high(`df -hZ /`, "option-unknown"),
		high(`realpath --relative=. x`, "option-unknown"),
		minimal(`ls -1tr --time-st=long-iso logs`, "read-only"),
		minimal(`du --max-d=2 -ch src`, "read-only"),
		minimal(`readlink -ne ./current`, "read-only"),
		minimal(`sha1sum --tag --zero a b`, "read-only"),
	} {
		checkCase(t, tc, testEnv)
	}
}
