package classify

import "testing"

// TestOptionsHeldOut holds respellings written after the option parser
// was done: other tools, other prefixes, other clusters. None is a table
// row; they check the parser follows GNU getopt_long, not the rows'
// words.
func TestOptionsHeldOut(t *testing.T) {
	for _, tc := range []classifyCase{
		dangerous(`sort -u --ou=$HOME/.zshrc names.txt`, "write-startup-unknown"),
		dangerous(`sort names.txt -suo .claude/settings.json`, "guard-file"),
		dangerous(`shuf -n 3 in.txt --o .codex/config.toml`, "guard-file"),
		dangerous(`sed -nEi.orig s/x/y/ .claude/settings.json`, "guard-file"),
		dangerous(`gsed --in-pl=.b s/a/b/ .codex/config.toml`, "guard-file"),
		high(`sed -nfscript.sed in.txt`, "sed-script-file"),
		high(`patch --reject-fi=/root/x.rej -i fix.diff x.c`, "write-outside"),
		high(`patch --rej=x.rej -i fix.diff x.c`, "option-unknown"),
		high(`sort --compress=xz big.txt`, "runs-program"),
		high(`uniq --frob a b`, "option-unknown"),
		high(`grep --colr=always x f`, "option-unknown"),
		high(`tail --fo=name -Q log`, "option-unknown"),
		minimal(`uniq -w 3 sorted.txt`, "text-filter"),
		minimal(`grep --col=always -in --exclude-d=.git TODO -r .`, "search"),
		minimal(`tail --foll=name -n50 app.log`, "read-only"),
		minimal(`head -qn3 a.txt b.txt`, "read-only"),
		minimal(`cut --delim=, --fie=2 data.csv`, "text-filter"),
	} {
		checkCase(t, tc, testEnv)
	}
}
