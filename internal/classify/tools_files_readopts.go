package classify

// readSpecs are the options of the tools that only read: they list,
// measure, compare or name files and write nothing but their output.
// Their world is closed as every spec's is (an option they do not know
// could be one that writes), and an option that names a file they read
// (--files0-from, --exclude-from, -f, -m) meets the judgement of reading
// it. Each list is the tool's --help on Debian 12 (GNU coreutils 9.1,
// GNU diffutils 3.8, file 5.44, debianutils which) and, for options
// --help leaves out, the tool's short-option string.
func readSpecs() map[string]*toolSpec {
	const gnu = "--help, --version, "
	spec := func(from, opts string) *toolSpec {
		return &toolSpec{opts: newOptTable(gnu+opts, false), from: from}
	}
	counted := func(from, opts string) *toolSpec {
		s := spec(from, opts)
		s.digits = true
		return s
	}
	const sums = "-b/--binary, -c/--check, --tag, -t/--text, -z/--zero, --ignore-missing, --quiet, --status, " +
		"--strict, -w/--warn"
	return map[string]*toolSpec{
		// the letters without a long name are ls's short-option string
		// (abcdfghiklmnopqrstuvw:xABCDFGHI:LNQRST:UXZ1)
		"ls": spec("ls (GNU coreutils 9.1) --help and its short-option string",
			"-a/--all, -A/--almost-all, --author, -b/--escape, --block-size=, -B/--ignore-backups, -c, -C, --color?, "+
				"-d/--directory, -D/--dired, -f, -F/--classify?, --file-type, --format=, --full-time, -g, "+
				"--group-directories-first, -G/--no-group, -h/--human-readable, --si, -H/--dereference-command-line, "+
				"--dereference-command-line-symlink-to-dir, --hide=, --hyperlink?, --indicator-style=, -i/--inode, "+
				"-I=/--ignore=, -k/--kibibytes, -l, -L/--dereference, -m, -n/--numeric-uid-gid, -N/--literal, -o, -p, "+
				"-q/--hide-control-chars, --show-control-chars, -Q/--quote-name, --quoting-style=, -r/--reverse, "+
				"-R/--recursive, -s/--size, -S, --sort=, --time=, --time-style=, -t, -T=/--tabsize=, -u, -U, -v, "+
				"-w=/--width=, -x, -X, -Z/--context, --zero, -1"),
		"du": spec("du (GNU coreutils 9.1) --help",
			"-0/--null, -a/--all, --apparent-size, -B=/--block-size=, -b/--bytes, -c/--total, -D/--dereference-args, "+
				"-d=/--max-depth=, --files0-from= read, -H, -h/--human-readable, --inodes, -k, -L/--dereference, "+
				"-l/--count-links, -m, -P/--no-dereference, -S/--separate-dirs, --si, -s/--summarize, "+
				"-t=/--threshold=, --time?, --time-style=, -X=/--exclude-from= read, --exclude=, "+
				"-x/--one-file-system"),
		// -F (Solaris' -t) and -m (BSD's megabytes) are in df's
		// short-option string (aB:iF:hHklmPTt:vx:)
		"df": spec("df (GNU coreutils 9.1) --help and its short-option string",
			"-a/--all, -B=/--block-size=, -h/--human-readable, -H/--si, -i/--inodes, -k, -l/--local, --no-sync, "+
				"--output?, -P/--portability, --sync, --total, -t=/--type=, -F=, -m, -T/--print-type, "+
				"-x=/--exclude-type=, -v"),
		"stat": spec("stat (GNU coreutils 9.1) --help",
			"-L/--dereference, -f/--file-system, --cached=, -c=/--format=, --printf=, -t/--terse"),
		"readlink": spec("readlink (GNU coreutils 9.1) --help",
			"-f/--canonicalize, -e/--canonicalize-existing, -m/--canonicalize-missing, -n/--no-newline, -q/--quiet, "+
				"-s/--silent, -v/--verbose, -z/--zero"),
		"realpath": spec("realpath (GNU coreutils 9.1) --help",
			"-e/--canonicalize-existing, -m/--canonicalize-missing, -L/--logical, -P/--physical, -q/--quiet, "+
				"--relative-to=, --relative-base=, -s/--strip/--no-symlinks, -z/--zero"),
		"basename": spec("basename (GNU coreutils 9.1) --help", "-a/--multiple, -s=/--suffix=, -z/--zero"),
		"dirname":  spec("dirname (GNU coreutils 9.1) --help", "-z/--zero"),
		// cmp's -v is its version
		"cmp": spec("cmp (GNU diffutils 3.8) --help",
			"-b/--print-bytes, -i=/--ignore-initial=, -l/--verbose, -n=/--bytes=, -s/--quiet/--silent, -v"),
		"comm": spec("comm (GNU coreutils 9.1) --help",
			"-1, -2, -3, --check-order, --nocheck-order, --output-delimiter=, --total, -z/--zero-terminated"),
		"join": spec("join (GNU coreutils 9.1) --help",
			"-a=, -e=, -i/--ignore-case, -j=, -o=, -t=, -v=, -1=, -2=, --check-order, --nocheck-order, --header, "+
				"-z/--zero-terminated"),
		"tac": spec("tac (GNU coreutils 9.1) --help", "-b/--before, -r/--regex, -s=/--separator="),
		// -NUM is an old spelling of -t NUM
		"expand":   counted("expand (GNU coreutils 9.1) --help", "-i/--initial, -t=/--tabs="),
		"unexpand": counted("unexpand (GNU coreutils 9.1) --help", "-a/--all, --first-only, -t=/--tabs="),
		"md5sum sha1sum sha224sum sha256sum sha384sum sha512sum": spec("md5sum, sha*sum (GNU coreutils 9.1) --help",
			sums),
		"b2sum": spec("b2sum (GNU coreutils 9.1) --help", sums+", -l=/--length="),
		// -C writes a compiled magic file (its row judges it); -E is in
		// file's short-option string (bcCde:Ef:F:hiklLm:nNpP:rsSvzZ0)
		"file": {opts: newOptTable("--help, -v/--version, -m=/--magic-file= read, -z/--uncompress, "+
			"-Z/--uncompress-noreport, -b/--brief, -c/--checking-printout, -e=/--exclude=, --exclude-quiet=, "+
			"-f=/--files-from= read, -F=/--separator=, -i/--mime, --apple, --extension, --mime-type, "+
			"--mime-encoding, -k/--keep-going, -l/--list, -L/--dereference, -h/--no-dereference, -n/--no-buffer, "+
			"-N/--no-pad, -0/--print0, -p/--preserve-date, -P=/--parameter=, -r/--raw, -s/--special-files, "+
			"-S/--no-sandbox, -C/--compile, -d/--debug, -E", false),
			from: "file 5.44 --help and its short-option string"},
		// a shell script reading its options with getopts, which stops
		// at the first operand; -s is BSD which(1)'s
		"which": {opts: newOptTable("-a, -s", false), stops: true,
			from: "which (debianutils 5.7) which(1); -s from BSD which(1)"},
	}
}
