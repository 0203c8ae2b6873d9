package classify

import "testing"

// readOptCases are the read-only tools read through their specs: an
// option the spec does not know is high, an option that names a file
// read meets the judgement of reading it, and an abbreviation is the
// option it stands for.
var readOptCases = []classifyCase{
	// a file an option reads (issue 26)
	high(`du --files0-from=$HOME/.ssh/id_rsa`, "read-secret"),
	high(`du --files0=$HOME/.ssh/id_rsa`, "read-secret"),
	high(`du -sh --exclude-from=$HOME/.aws/credentials .`, "read-secret"),
	high(`du -sX$HOME/.ssh/id_ed25519 .`, "read-secret"),
	high(`file --files-from=$HOME/.ssh/id_rsa`, "read-secret"),
	high(`file -bf $HOME/.netrc`, "read-secret"),
	high(`file --magic=$HOME/.ssh/id_rsa x.bin`, "read-secret"),
	// closed world
	high(`ls --frobnicate`, "option-unknown"),
	high(`ls -lY src`, "option-unknown"),
	high(`du --exclude-frm=x .`, "option-unknown"),
	high(`stat --fromat=%s x`, "option-unknown"),
	high(`readlink --canon x`, "option-unknown"),
	high(`sha256sum --output=x y`, "option-unknown"),
	high(`which --skip-alias python3`, "option-unknown"),
	high(`cmp --frob a b`, "option-unknown"),
	// everyday spellings stay where they were
	minimal(`ls -la --color=auto src`, "read-only"),
	minimal(`ls -lhS --group-dir`, "read-only"),
	minimal(`ls -I '*.o' -w80 build`, "read-only"),
	minimal(`du -sh --exclude=.git .`, "read-only"),
	minimal(`du -d1 -h .`, "read-only"),
	minimal(`df -hT /`, "read-only"),
	minimal(`stat -c '%s %n' go.mod`, "read-only"),
	minimal(`stat --printf='%s\n' go.mod`, "read-only"),
	minimal(`readlink -f ./bin/permguard`, "read-only"),
	minimal(`realpath --relative-to=. src/x.go`, "read-only"),
	minimal(`basename -s .go main.go`, "read-only"),
	minimal(`dirname -- /a/b/c`, "read-only"),
	minimal(`cmp -s a.bin b.bin`, "read-only"),
	minimal(`comm -12 a.txt b.txt`, "text-filter"),
	minimal(`join -t, -1 2 -2 1 a.csv b.csv`, "text-filter"),
	minimal(`tac -s, list.txt`, "read-only"),
	minimal(`expand -4 main.c`, "text-filter"),
	minimal(`sha256sum -c SHA256SUMS --ignore-missing`, "read-only"),
	minimal(`file -bi --mime-type x.png`, "read-only"),
	minimal(`which -a python3`, "shell-builtin"),
}

func TestReadOptions(t *testing.T) {
	for _, tc := range readOptCases {
		checkCase(t, tc, testEnv)
	}
}
