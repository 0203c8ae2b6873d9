# test-progress.awk: read "go test -json" and show progress as it runs: a
# dot for each test that passes (top-level tests, and each script of
# TestScript), a line for each package when it is done, and the whole
# output of every test or package that fails. Exits 1 if anything failed.
# Used by scripts/test.sh.
#
# Everything is written through emit, which flushes: awk buffers its output
# when stdout is not a terminal (mawk, Debian's awk, and gawk alike), so
# through a pipe (CI, make test | tee) the progress would otherwise arrive
# all at once at the end.

# field returns the string value of key in a line of go test -json.
function field(line, key,    m) {
	if (match(line, "\"" key "\":\"([^\"\\\\]|\\\\.)*\"")) {
		m = substr(line, RSTART + length(key) + 4, RLENGTH - length(key) - 5)
		return m
	}
	return ""
}

# elapsed is a package's time as a person reads it, "10.5s": go test
# writes the float as it is (10.475999999999999).
function elapsed(line) {
	if (match(line, /"Elapsed":[0-9.eE+-]+/))
		return sprintf("%.1fs", substr(line, RSTART + 10, RLENGTH - 10) + 0)
	return "?s"
}

function plural(n, one, many) {
	return n == 1 ? n " " one : n " " many
}

# emit writes s and flushes it, so that it is seen as it happens.
function emit(s) {
	printf "%s", s
	fflush()
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
		emit("\n")
		dots = 0
	}
}

{
	line = $0
	if (line !~ /^\{/) {
		newline()
		emit(line "\n")
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
			emit(".")
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
		emit(out[key])
		delete out[key]
		failed = 1
		next
	}
	if (action == "build-fail") {
		newline()
		emit(out[key])
		failed = 1
		next
	}
	if (test == "" && (action == "pass" || action == "fail" || action == "skip")) {
		newline()
		if (action == "fail") {
			emit(out[key])
			emit(sprintf("FAIL  %s (%s)\n", short(pkg), elapsed(line)))
			failed = 1
		} else if (action == "skip") {
			emit(sprintf("      %s (no tests)\n", short(pkg)))
		} else {
			emit(sprintf("ok    %s (%s, %s)\n", short(pkg), plural(count[pkg] + 0, "test", "tests"), elapsed(line)))
		}
		delete out[key]
	}
}

END {
	newline()
	exit failed
}
