package classify

// textSpecs are the options of the text tools, each list from the
// tool's own --help on Debian 12 (GNU coreutils 9.1, GNU sed 4.9, GNU
// grep 3.8, GNU diffutils 3.8, GNU patch 2.7.6) and, for options --help
// leaves out, the short-option string of the tool's source. A text tool
// reads its operands and writes its output; the options that name a file
// written, a file read, or a program run say so, and meet the judgement
// the rest of the classifier uses for that (tool_options.go, judgeOptions).
func textSpecs() map[string]*toolSpec {
	const gnu = "--help, --version, "
	spec := func(from, opts string) *toolSpec {
		return &toolSpec{opts: newOptTable(gnu+opts, false), from: from}
	}
	words := func(from, opts string) *toolSpec {
		s := spec(from, opts)
		s.ownWords = true
		return s
	}
	counted := func(from, opts string) *toolSpec {
		s := spec(from, opts)
		s.digits = true
		return s
	}
	return map[string]*toolSpec{
		"sort": spec("sort (GNU coreutils 9.1) --help",
			"-b/--ignore-leading-blanks, -d/--dictionary-order, -f/--ignore-case, -g/--general-numeric-sort, "+
				"-i/--ignore-nonprinting, -M/--month-sort, -h/--human-numeric-sort, -n/--numeric-sort, -R/--random-sort, "+
				"--random-source= read, -r/--reverse, --sort=, -V/--version-sort, --batch-size=, -c/--check?, -C, "+
				"--compress-program= run, --debug, --files0-from= read, -k=/--key=, -m/--merge, -o=/--output= write, "+
				"-s/--stable, -S=/--buffer-size=, -t=/--field-separator=, -T=/--temporary-directory= dir, --parallel=, "+
				"-u/--unique, -z/--zero-terminated"),
		"shuf": spec("shuf (GNU coreutils 9.1) --help",
			"-e/--echo, -i=/--input-range=, -n=/--head-count=, -o=/--output= write, --random-source= read, "+
				"-r/--repeat, -z/--zero-terminated"),
		// -f's file is judged by sedCommand (sed-script-file); -I is BSD
		// sed's in-place edit, which sedCommand reads as -i
		"sed gsed": words("sed (GNU sed 4.9) --help; -I from BSD sed(1)",
			"-n/--quiet/--silent, --debug, -e=/--expression=, -f=/--file=, --follow-symlinks, -i?/--in-place?, -I, "+
				"-l=/--line-length=, --posix, -E/-r/--regexp-extended, -s/--separate, --sandbox, -u/--unbuffered, "+
				"-z/--null-data"),
		"tee": spec("tee (GNU coreutils 9.1) --help",
			"-a/--append, -i/--ignore-interrupts, -p, --output-error?"),
		"uniq": counted("uniq (GNU coreutils 9.1) --help",
			"-c/--count, -d/--repeated, -D, --all-repeated?, -f=/--skip-fields=, --group?, -i/--ignore-case, "+
				"-s=/--skip-chars=, -u/--unique, -z/--zero-terminated, -w=/--check-chars="),
		"head": counted("head (GNU coreutils 9.1) --help",
			"-c=/--bytes=, -n=/--lines=, -q/--quiet/--silent, -v/--verbose, -z/--zero-terminated"),
		"tail": counted("tail (GNU coreutils 9.1) --help",
			"-c=/--bytes=, -f/--follow?, -F, -n=/--lines=, --max-unchanged-stats=, --pid=, -q/--quiet/--silent, "+
				"--retry, -s=/--sleep-interval=, -v/--verbose, -z/--zero-terminated"),
		"cut": spec("cut (GNU coreutils 9.1) --help",
			"-b=/--bytes=, -c=/--characters=, -d=/--delimiter=, -f=/--fields=, -n, --complement, "+
				"-s/--only-delimited, --output-delimiter=, -z/--zero-terminated"),
		"paste": spec("paste (GNU coreutils 9.1) --help", "-d=/--delimiters=, -s/--serial, -z/--zero-terminated"),
		"tr": spec("tr (GNU coreutils 9.1) --help",
			"-c/-C/--complement, -d/--delete, -s/--squeeze-repeats, -t/--truncate-set1"),
		"wc": spec("wc (GNU coreutils 9.1) --help",
			"-c/--bytes, -m/--chars, -l/--lines, --files0-from= read, -L/--max-line-length, -w/--words"),
		"cat": spec("cat (GNU coreutils 9.1) --help",
			"-A/--show-all, -b/--number-nonblank, -e, -E/--show-ends, -n/--number, -s/--squeeze-blank, -t, "+
				"-T/--show-tabs, -u, -v/--show-nonprinting"),
		"nl": spec("nl (GNU coreutils 9.1) --help",
			"-b=/--body-numbering=, -d=/--section-delimiter=, -f=/--footer-numbering=, -h=/--header-numbering=, "+
				"-i=/--line-increment=, -l=/--join-blank-lines=, -n=/--number-format=, -p/--no-renumber, "+
				"-s=/--number-separator=, -v=/--starting-line-number=, -w=/--number-width="),
		"fold": counted("fold (GNU coreutils 9.1) --help", "-b/--bytes, -s/--spaces, -w=/--width="),
		"fmt": counted("fmt (GNU coreutils 9.1) --help",
			"-c/--crown-margin, -p=/--prefix=, -s/--split-only, -t/--tagged-paragraph, -u/--uniform-spacing, "+
				"-w=/--width=, -g=/--goal="),
		// the letters after -x are od's source (A:aBbcDdeFfHhIij:LlN:OoS:st:vw::Xx)
		"od": spec("od (GNU coreutils 9.1) --help and its short-option string",
			"-A=/--address-radix=, --endian=, -j=/--skip-bytes=, -N=/--read-bytes=, -S=/--strings?, -t=/--format=, "+
				"-v/--output-duplicates, -w?/--width?, --traditional, -a, -b, -B, -c, -d, -D, -e, -f, -F, -h, -H, "+
				"-i, -I, -l, -L, -o, -O, -s, -x, -X"),
		// -D and -o/--output are BSD base64's (macOS): decode, and the
		// file written
		"base64": spec("base64 (GNU coreutils 9.1) --help; -D, -o, --output from BSD base64(1)",
			"-d/--decode, -D, -i/--ignore-garbage, -w=/--wrap=, -o=/--output= write"),
		// the letters after -y are grep's source (0-9A:B:C:D:EFGHIJLNPRTUVX:abcd:e:f:hilm:noqRrsuvwxyZz)
		"grep egrep fgrep": counted("grep (GNU grep 3.8) --help and its short-option string",
			"-E/--extended-regexp, -F/--fixed-strings, -G/--basic-regexp, -P/--perl-regexp, -e=/--regexp=, "+
				"-f=/--file= read, -i/-y/--ignore-case, --no-ignore-case, -w/--word-regexp, -x/--line-regexp, "+
				"-z/--null-data, -s/--no-messages, -v/--invert-match, -V, -m=/--max-count=, -b/--byte-offset, "+
				"-n/--line-number, --line-buffered, -H/--with-filename, -h/--no-filename, --label=, "+
				"-o/--only-matching, -q/--quiet/--silent, --binary-files=, -a/--text, -I, -d=/--directories=, "+
				"-D=/--devices=, -r/--recursive, -R/--dereference-recursive, --include=, --exclude=, "+
				"--exclude-from= read, --exclude-dir=, -L/--files-without-match, -l/--files-with-matches, "+
				"-c/--count, -T/--initial-tab, -Z/--null, -B=/--before-context=, -A=/--after-context=, "+
				"-C=/--context=, --group-separator=, --no-group-separator, --color?/--colour?, -U/--binary, "+
				"-u/--unix-byte-offsets, -X="),
		// the letters after -f are diff's source (0-9abBcC:dD:eEfF:hHiI:lL:nNpPqrsS:tTuU:vwW:xX:yZ)
		"diff": counted("diff (GNU diffutils 3.8) --help and its short-option string",
			"--normal, -q/--brief, -s/--report-identical-files, -c, -C=, --context?, -u, -U=, --unified?, -e/--ed, "+
				"-n/--rcs, -y/--side-by-side, -W=/--width=, --left-column, --suppress-common-lines, "+
				"-p/--show-c-function, -F=/--show-function-line=, -L=/--label=, -t/--expand-tabs, -T/--initial-tab, "+
				"--tabsize=, --suppress-blank-empty, -l/--paginate, -r/--recursive, --no-dereference, -N/--new-file, "+
				"-P/--unidirectional-new-file, --ignore-file-name-case, --no-ignore-file-name-case, -x=/--exclude=, "+
				"-X=/--exclude-from= read, -S=/--starting-file=, --from-file=, --to-file=, -i/--ignore-case, "+
				"-E/--ignore-tab-expansion, -Z/--ignore-trailing-space, -b/--ignore-space-change, "+
				"-w/--ignore-all-space, -B/--ignore-blank-lines, -I=/--ignore-matching-lines=, -a/--text, "+
				"--strip-trailing-cr, -D=/--ifdef=, --old-group-format=, --new-group-format=, "+
				"--unchanged-group-format=, --changed-group-format=, --line-format=, --old-line-format=, "+
				"--new-line-format=, --unchanged-line-format=, -d/--minimal, --horizon-lines=, --speed-large-files, "+
				"-H, -f/--forward-ed, -h, --color?, --palette=, -v"),
		// -d's directory is judged by patch's row (writeInto); -B, -Y and
		// -z make backup names from a prefix or suffix, not judged here
		"patch": spec("patch (GNU patch 2.7.6) --help",
			"-p=/--strip=, -F=/--fuzz=, -l/--ignore-whitespace, -c/--context, -e/--ed, -n/--normal, -u/--unified, "+
				"-N/--forward, -R/--reverse, -i=/--input= read, -o=/--output= write, -r=/--reject-file= write, "+
				"-D=/--ifdef=, --merge?, -E/--remove-empty-files, -Z/--set-utc, -T/--set-time, --quoting-style=, "+
				"-b/--backup, --backup-if-mismatch, --no-backup-if-mismatch, -V=/--version-control=, -B=/--prefix=, "+
				"-Y=/--basename-prefix=, -z=/--suffix=, -g=/--get=, -t/--batch, -f/--force, -s/--quiet/--silent, "+
				"--verbose, --dry-run, --posix, -d=/--directory=, --reject-format=, --binary, --read-only=, "+
				"--follow-symlinks, -x=/--debug=, -v"),
	}
}
