package classify

import "testing"

// textOptCases are the text tools read through their specs: an
// abbreviated option is the option, an option the spec does not know is
// high, and an option's value meets the judgement of what it is.
var textOptCases = []classifyCase{
	// abbreviations of the options that write (issue 26)
	dangerous(`shuf --output=$HOME/.profile in.txt`, "write-startup-unknown"),
	dangerous(`shuf --outp=$HOME/.profile in.txt`, "write-startup-unknown"),
	dangerous(`sort --outpu .claude/settings.json in.txt`, "guard-file"),
	dangerous(`sed -i s/a/b/ .codex/config.toml`, "guard-file"),
	dangerous(`sed --in-pla s/a/b/ .codex/config.toml`, "guard-file"),
	dangerous(`sed --in-place=.bak s/a/b/ .codex/config.toml`, "guard-file"),
	// a value met by the judgement of what it is
	high(`sort --compress-prog=gzip in.txt`, "runs-program"),
	dangerous(`patch --reject-file=$HOME/.bashrc -i fix.diff x.c`, "write-startup-unknown"),
	high(`sort -T /root in.txt`, "write-outside"),
	high(`wc --files0-from=$HOME/.ssh/id_rsa`, "read-secret"),
	// closed world: an option not in the spec
	high(`sort --frobnicate in.txt`, "option-unknown"),
	high(`head --frob x`, "option-unknown"),
	high(`sort --s in.txt`, "option-unknown"),
	high(`rm --frobnicate x`, "option-unknown"),
	// everyday spellings stay where they were
	minimal(`sort -k2,2n -t, -u data.csv`, "text-filter"),
	minimal(`head -20 main.go`, "read-only"),
	minimal(`tail -n +5 -f /tmp/x.log`, "read-only"),
	minimal(`grep -rn --include='*.go' -A3 -C 2 func .`, "search"),
	minimal(`grep -5 func main.go`, "search"),
	minimal(`cut -d' ' -f1 list.txt`, "text-filter"),
	minimal(`uniq -c sorted.txt`, "text-filter"),
	minimal(`diff -ru a b`, "read-only"),
	minimal(`diff --color=always -U3 a b`, "read-only"),
	minimal(`od -An -tx1 x.bin`, "read-only"),
	minimal(`fmt -72 notes.txt`, "read-only"),
	minimal(`tr -cd 'a-z' < in.txt`, "text-filter"),
	minimal(`wc -l --files0-from=list.txt`, "read-only"),
	medium(`rm -rf --one-file build`, "rm"),
	high(`chmod -x script.sh`, "chmod"),
}

func TestTextOptions(t *testing.T) {
	for _, tc := range textOptCases {
		checkCase(t, tc, testEnv)
	}
}
