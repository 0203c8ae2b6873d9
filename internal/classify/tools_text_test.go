package classify

// textCases are the expected verdicts for the programs of text
// (tools_text.go, cat): the rows of the tables named after the work that
// added them, gathered here by the program each row runs. Each part says
// where its rows came from.
var textCases = []classifyCase{
	// ==== from redteamToolCases: under-ratings found by red-teaming the tool tables; redteam_tools_test.go lists the design sentences the comments quote ====
	// ===== A. minimal today, but runs arbitrary code =====
	// sort --compress-program=PROG runs PROG (PROG, PROG -d) on every temp
	// file; with sh the sorted data is executed (verified). §2.5.
	high(`sort --compress-program=./x big.txt`, ""),
	high(`sort -S 1k --compress-program=sh big.txt`, ""),

	// ===== B. minimal today, but writes outside the workspace =====
	// uniq [INPUT [OUTPUT]] and xxd [infile [outfile]] write the second operand.
	dangerous(`uniq in.txt /home/u/.bashrc`, "write-startup-unknown"),
	low(`uniq in.txt out.txt`, ""),

	// -o in a cluster: sort -uo FILE is the common "sort a file in place"
	// idiom; sort -o FILE alone is caught.
	dangerous(`sort -uo /home/u/.bashrc x`, "write-startup-unknown"),
	dangerous(`sort -mo /home/u/.bashrc x`, "write-startup-unknown"),
	// holds
	dangerous(`sort -o ~/.bashrc x`, "write-startup-unknown"),

	// shuf -o, iconv -o, tree -o, info -o, sdiff -o, espeak -w write files.
	dangerous(`shuf -o /home/u/.bashrc -e x`, "write-startup-unknown"),
	dangerous(`iconv -f utf8 -t utf8 -o /home/u/.bashrc x`, "write-startup-unknown"),
	dangerous(`iconv -f utf8 -t ascii --output=/home/u/.bashrc x`, "write-startup-unknown"),

	// yq (kislyuk) spells it --in-place; mikefarah's -i is caught but only
	// at low, even outside the workspace.
	dangerous(`yq --in-place -y '.a=1' /home/u/.bashrc`, "write-startup-unknown"),

	// Printing the environment: printenv/env/set are high ("prints
	// environment variables, which often hold secrets"); these print the same.
	high(`jq -n env`, ""),
	high(`jq -n '$ENV.AWS_SECRET_ACCESS_KEY'`, ""),
	high(`cat /proc/self/environ`, ""),

	// ===== C. minimal (or low) today, but reads a secret =====
	// recursive readers of a directory that holds keys
	high(`grep -r . ~/.ssh`, "read-secret"),

	// ===== D. low today, but writes outside the workspace or runs code =====
	// yq -i on a file outside the workspace
	dangerous(`yq -i '.a=1' /home/u/.kube/config`, "overwrite-startup"),

	// ==== a sed script or awk program whose every variable is known is
	// judged as the text it will be, besides the unknown (design §2.10);
	// a file awk's print writes is judged as a redirect's (§2.6) ====
	dangerous(`sed -n "w $HOME/.bashrc" README.md`, "write-startup-unknown"),
	dangerous(`sed "s/a/b/w ${HOME}/.zshenv" README.md`, "write-startup-unknown"),
	high(`sed -n "w $OUT" README.md`, "sed-dynamic"),
	high(`sed -n "w $HOME/notes.txt" README.md`, "write-outside"),
	low(`sed -n "w $PWD/build/out.txt" README.md`, "write-file"),
	minimal(`sed -n "s|$HOME|~|p" notes.txt`, "sed"),
	dangerous(`awk 'BEGIN { print "x" > "/home/u/.bashrc" }'`, "write-startup-unknown"),
	dangerous(`awk "{ print > \"$HOME/.profile\" }" data.txt`, "write-startup-unknown"),
	high(`awk '{ print > "out.txt" }' data.txt`, "awk-write"),
	dangerous(`awk -v f="$HOME/.bashrc" '{ print > f }' data.txt`, "write-startup-unknown"),
	dangerous(`awk '{ printf "%s", $0 >> out }' out=/home/u/.profile data.txt`, "write-startup-unknown"),
	dangerous(`awk -vf=.claude/settings.json 'BEGIN { print "{}" > f }'`, "guard-file"),
	dangerous(`awk 'BEGIN { print "a;b}" > "/home/u/.bashrc" }'`, "write-startup-unknown"),
	high(`awk -v f=build/out.txt '{ print > f }' data.txt`, "awk-write"),
	high(`awk "{ print > \"$OUT\" }" data.txt`, "awk-dynamic"),
}
