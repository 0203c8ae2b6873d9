package classify

// archiveSpecs are the options of the archivers and compressors that
// read the GNU way. zip and unzip (single-letter options in their own
// conventions) and bsdtar are read by their rows in tools_archives.go and
// tools_archives_tar.go.
func archiveSpecs() map[string]*toolSpec {
	return map[string]*toolSpec{
		// tar's handler (tools_archives_tar.go) judges -f and -C by the action,
		// and the options that run a program (tar-exec); the spec says
		// the rest. -o is --old-archive when creating, --no-same-owner
		// when extracting: a flag either way.
		"tar gtar": {opts: newOptTable("-A/--catenate/--concatenate, -c/--create, --delete, -d/--diff/--compare, "+
			"-r/--append, --test-label, -t/--list, -u/--update, -x/--extract/--get, --check-device, "+
			"-g=/--listed-incremental= write, -G/--incremental, --hole-detection=, --ignore-failed-read, --level=, "+
			"--no-check-device, --no-seek, -n/--seek, --occurrence?, --sparse-version=, -S/--sparse, "+
			"--add-file= read, -C=/--directory=, --exclude=, --exclude-backups, --exclude-caches, "+
			"--exclude-caches-all, --exclude-caches-under, --exclude-ignore=, --exclude-ignore-recursive=, "+
			"--exclude-tag=, --exclude-tag-all=, --exclude-tag-under=, --exclude-vcs, --exclude-vcs-ignores, "+
			"--no-null, --no-recursion, --no-unquote, --no-verbatim-files-from, --null, --verbatim-files-from, "+
			"--recursion, -T=/--files-from= read, --unquote, -X=/--exclude-from= read, --anchored, --ignore-case, "+
			"--no-anchored, --no-ignore-case, --no-wildcards, --no-wildcards-match-slash, --wildcards, "+
			"--wildcards-match-slash, --keep-directory-symlink, --keep-newer-files, -k/--keep-old-files, "+
			"--no-overwrite-dir, --one-top-level?, --overwrite, --overwrite-dir, --recursive-unlink, "+
			"--remove-files, --skip-old-files, -U/--unlink-first, -W/--verify, --ignore-command-error, "+
			"--no-ignore-command-error, -O/--to-stdout, --to-command=, --atime-preserve?, --clamp-mtime, "+
			"--delay-directory-restore, --group=, --group-map= read, --mode=, --mtime=, -m/--touch, "+
			"--no-delay-directory-restore, --no-same-owner, --no-same-permissions, --numeric-owner, --owner=, "+
			"--owner-map= read, -p/--preserve-permissions/--same-permissions, --same-owner, --sort=, "+
			"-s/--preserve-order/--same-order, --acls, --no-acls, --no-selinux, --no-xattrs, --selinux, "+
			"--xattrs, --xattrs-exclude=, --xattrs-include=, --force-local, -f=/--file=, "+
			"-F=/--info-script=/--new-volume-script=, -L=/--tape-length=, -M/--multi-volume, --rmt-command=, "+
			"--rsh-command=, --volno-file= write, -b=/--blocking-factor=, -B/--read-full-records, "+
			"-i/--ignore-zeros, --record-size=, -H=/--format=, --old-archive/--portability, --pax-option=, "+
			"--posix, -V=/--label=, -a/--auto-compress, -I=/--use-compress-program=, -j/--bzip2, -J/--xz, "+
			"--lzip, --lzma, --lzop, --no-auto-compress, --zstd, -z/--gzip/--gunzip/--ungzip, "+
			"-Z/--compress/--uncompress, --backup?, --hard-dereference, -h/--dereference, "+
			"-K=/--starting-file=, --newer-mtime=, -N=/--newer=/--after-date=, --one-file-system, "+
			"-P/--absolute-names, --suffix=, --strip-components=, --transform=/--xform=, --checkpoint?, "+
			"--checkpoint-action=, --full-time, --index-file= write, -l/--check-links, --no-quote-chars=, "+
			"--quote-chars=, --quoting-style=, -R/--block-number, --show-defaults, --show-omitted-dirs, "+
			"--show-snapshot-field-ranges, --show-transformed-names/--show-stored-names, --totals?, --utc, "+
			"-v/--verbose, --warning=, -w/--interactive/--confirmation, -o, -?/--help, --restrict, --usage, "+
			"--version", false),
			ownWords: true, oldStyle: true, from: "GNU tar 1.34 --help"},
		// -2 to -8 are levels as -1 and -9 are
		"gzip gunzip": {opts: newOptTable("-c/--stdout, -d/--decompress/--uncompress, -f/--force, -h/--help, "+
			"-k/--keep, -l/--list, -L/--license, -n/--no-name, -N/--name, -q/--quiet, -r/--recursive, --rsyncable, "+
			"-S=/--suffix=, --synchronous, -t/--test, -v/--verbose, -V/--version, -1/--fast, -9/--best", false),
			digits: true, from: "gzip 1.12 --help"},
	}
}
