# test-progress.awk: read "go test -json" and show progress as it runs: a
# dot for each test that passes (top-level tests, and each script of
# TestScript), a line for each package when it is done, and the whole
# output of every test or package that fails. Exits 1 if anything failed.
# Used by scripts/test.sh.

# field returns the string value of key in a line of go test -json.
function field(line, key,    m) {
	if (match(line, "\"" key "\":\"([^\"\\\\]|\\\\.)*\"")) {
		m = substr(line, RSTART + length(key) + 4, RLENGTH - length(key) - 5)
		return m
	}
	return ""
}

function elapsed(line) {
	if (match(line, /"Elapsed":[0-9.]+/))
		return substr(line, RSTART + 10, RLENGTH - 10)
	return ""
}

# unescape turns a JSON string body back into text (the escapes go test
# writes: \n \t \" \\ and \u00XX for control characters and <>&).
function unescape(s) {
	gsub(/\\n/, "\n", s)
	gsub(/\\t/, "\t", s)
	gsub(/\\u003c/, "<", s)
	gsub(/\\u003e/, ">", s)
	gsub(/\\u0026/, "\\&", s)
	gsub(/\\"/, "\"", s)
	gsub(/\\\\/, "\\", s)
	return s
}

function short(pkg) {
	sub(/^[^\/]+\/[^\/]+\/[^\/]+\//, "", pkg) # the module path
	return pkg
}

# dots holds how many dots are on the current line, so a package line
# starts on a line of its own.
function newline() {
	if (dots > 0) {
		printf "\n"
		dots = 0
	}
}

{
	line = $0
	if (line !~ /^\{/) {
		newline()
		print line
		next
	}
	action = field(line, "Action")
	pkg = field(line, "Package")
	if (pkg == "")
		pkg = field(line, "ImportPath")
	test = field(line, "Test")
	key = pkg SUBSEP test
	if (action == "output" || action == "build-output") {
		out[key] = out[key] unescape(field(line, "Output"))
		next
	}
	if (action == "pass" && test != "") {
		count[pkg]++
		if (test !~ /\// || test ~ /^TestScript\/[^\/]+$/) {
			printf "."
			dots++
			if (dots == 72)
				newline()
		}
		delete out[key]
		next
	}
	if (action == "skip" && test != "") {
		delete out[key]
		next
	}
	if (action == "fail" && test != "") {
		newline()
		printf "%s", out[key]
		delete out[key]
		failed = 1
		next
	}
	if (action == "build-fail") {
		newline()
		printf "%s", out[key]
		failed = 1
		next
	}
	if (test == "" && (action == "pass" || action == "fail" || action == "skip")) {
		newline()
		if (action == "fail") {
			printf "%s", out[key]
			printf "FAIL  %s (%ss)\n", short(pkg), elapsed(line)
			failed = 1
		} else if (action == "skip") {
			printf "      %s (no tests)\n", short(pkg)
		} else {
			printf "ok    %s (%d tests, %ss)\n", short(pkg), count[pkg], elapsed(line)
		}
		delete out[key]
	}
}

END {
	newline()
	exit failed
}
