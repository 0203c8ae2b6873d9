package classify

import (
	"path"
	"strings"
)

// The file tools that are low inside the workspace (cp, mv, ln, install,
// mkdir, touch, mktemp, rsync) are judged by where they write, so their
// options must be read the way the tool reads them: GNU getopt takes a
// unique prefix of a long option (--targ= is --target-directory=), a value
// glued inside a cluster (-vt/root), and options after the operands. An
// option permguard does not know could change where the files land, so it
// is not understood: high (fail closed).

const commonFileOpts = "--help, --version, -v/--verbose, --debug"

// fileSpecs are the file tools' options, from GNU coreutils 9.1 --help
// (cp, mv, ln, install, mkdir, touch, mktemp, rm, rmdir, shred,
// truncate, chmod, chown, chgrp) and rsync 3's man page.
func fileSpecs() map[string]*toolSpec {
	gnu := func(opts string) *toolSpec {
		return &toolSpec{opts: newOptTable(opts, false), from: "GNU coreutils 9.1 --help"}
	}
	// the target directory, a destination, is judged by the tools' rules
	// with the operands (tools_files.go)
	backup := "-b/--backup?, -S=/--suffix=, -t=/--target-directory=, -T/--no-target-directory, -f/--force, -i/--interactive, "
	owner := "--help, --version, -c/--changes, -f/--silent/--quiet, -v/--verbose, --no-preserve-root, --preserve-root, -R/--recursive, "
	return map[string]*toolSpec{
		"cp": gnu(commonFileOpts + ", " + backup + "-a/--archive, --attributes-only, --copy-contents, -d, -H, " +
			"-l/--link, -L/--dereference, -n/--no-clobber, -P/--no-dereference, -p, --preserve?, --no-preserve=, --parents, " +
			"-r/-R/--recursive, --reflink?, --remove-destination, --sparse=, --strip-trailing-slashes, -s/--symbolic-link, " +
			"-u/--update?, -x/--one-file-system, -Z/--context?, --keep-directory-symlink"),
		"mv": gnu(commonFileOpts + ", " + backup + "-n/--no-clobber, --no-copy, --exchange, --strip-trailing-slashes, " +
			"-u/--update?, -Z/--context?"),
		"ln": gnu(commonFileOpts + ", " + backup + "-d/-F/--directory, -L/--logical, -n/--no-dereference, -P/--physical, " +
			"-r/--relative, -s/--symbolic"),
		// -c is accepted and ignored; --strip-program runs a program
		"install": gnu(commonFileOpts + ", -b/--backup?, -S=/--suffix=, -t=/--target-directory=, -T/--no-target-directory, " +
			"-C/--compare, -c, -d/--directory, -D, -g=/--group=, -m=/--mode=, -o=/--owner=, -p/--preserve-timestamps, " +
			"-s/--strip, --strip-program= run, --preserve-context, -Z/--context?"),
		"mkdir": gnu(commonFileOpts + ", -m=/--mode=, -p/--parents, -Z/--context?"),
		"touch": gnu(commonFileOpts + ", -a, -c/--no-create, -d=/--date=, -f, -h/--no-dereference, -m, " +
			"-r=/--reference=, -t=, --time="),
		"mktemp": gnu("--help, --version, -d/--directory, -u/--dry-run, -q/--quiet, --suffix=, -p=/--tmpdir?, -t"),
		"rsync":  {opts: newOptTable(rsyncOpts, true), from: "rsync 3.2 man page (OPTIONS SUMMARY)"},
		"rm": gnu("--help, --version, -f/--force, -i, -I, --interactive?, --one-file-system, --no-preserve-root, " +
			"--preserve-root?, -r/-R/--recursive, -d/--dir, -v/--verbose"),
		"rmdir": gnu("--help, --version, --ignore-fail-on-non-empty, -p/--parents, -v/--verbose"),
		"shred": gnu("--help, --version, -f/--force, -n=/--iterations=, --random-source= read, -s=/--size=, -u, " +
			"--remove?, -v/--verbose, -x/--exact, -z/--zero"),
		"truncate":    gnu("--help, --version, -c/--no-create, -o/--io-blocks, -r=/--reference=, -s=/--size="),
		"chmod":       {opts: newOptTable(owner+"--reference=", false), modes: true, from: "GNU coreutils 9.1 --help"},
		"chown chgrp": gnu(owner + "--dereference, -h/--no-dereference, --from=, --reference=, -H, -L, -P"),
	}
}

// rsyncOpts are rsync 3's options; -F adds a filter rule and takes nothing.
const rsyncOpts = "-v/--verbose, -q/--quiet, --no-motd, -c/--checksum, -a/--archive, -r/--recursive, -R/--relative, " +
	"--no-implied-dirs, -b/--backup, --backup-dir=, --suffix=, -u/--update, --inplace, --append, --append-verify, " +
	"-d/--dirs, --mkpath, -l/--links, -L/--copy-links, --copy-unsafe-links, --safe-links, --munge-links, " +
	"-k/--copy-dirlinks, -K/--keep-dirlinks, -H/--hard-links, -p/--perms, -E/--executability, --chmod=, " +
	"-A/--acls, -X/--xattrs, -o/--owner, -g/--group, --devices, --copy-devices, --write-devices, --specials, -D, " +
	"-t/--times, -U/--atimes, --open-noatime, -N/--crtimes, -O/--omit-dir-times, -J/--omit-link-times, --super, " +
	"--fake-super, -S/--sparse, --preallocate, -n/--dry-run, -W/--whole-file, --checksum-choice=/--cc=, " +
	"-x/--one-file-system, -B=/--block-size=, -e=/--rsh=, --rsync-path=, --existing/--ignore-non-existing, " +
	"--ignore-existing, --remove-source-files, --del, --delete, --delete-before, --delete-during, --delete-delay, " +
	"--delete-after, --delete-excluded, --ignore-missing-args, --delete-missing-args, --ignore-errors, --force, " +
	"--max-delete=, --max-size=, --min-size=, --max-alloc=, --partial, --partial-dir=, --delay-updates, " +
	"-m/--prune-empty-dirs, --numeric-ids, --usermap=, --groupmap=, --chown=, --timeout=, --contimeout=, " +
	"-I/--ignore-times, --size-only, --modify-window=/-@=, -T=/--temp-dir=, -y/--fuzzy, --compare-dest=, " +
	"--copy-dest=, --link-dest=, -z/--compress, --compress-choice=/--zc=, --compress-level=/--zl=, " +
	"--skip-compress=, -C/--cvs-exclude, -f=/--filter=, -F, --exclude=, --exclude-from=, --include=, " +
	"--include-from=, --files-from=, -0/--from0, --old-args, -s/--secluded-args/--protect-args, --trust-sender, " +
	"--copy-as=, --address=, --port=, --sockopts=, --blocking-io, --outbuf=, --stats, -8/--8-bit-output, " +
	"-h/--human-readable, --progress, -P, -i/--itemize-changes, -M=/--remote-option=, --out-format=/--log-format=, " +
	"--log-file=, --log-file-format=, --password-file=, --early-input=, --list-only, --bwlimit=, --stop-after=, " +
	"--stop-at=, --time-limit=, --fsync, --write-batch=, --only-write-batch=, --read-batch=, --protocol=, " +
	"--iconv=, --checksum-seed=, -4/--ipv4, -6/--ipv6, --info=, --debug=, --stderr=, --help, --version, " +
	"--daemon, --server, --sender, --config=, --dparam=, --no-detach, --old-dirs/--old-d"

// normalizeFileOpts rewrites c.args of a file tool into the form its
// rules read (canonical options, "--", operands), and raises
// option-unknown when an option is not understood.
func normalizeFileOpts(c *call) {
	s := optionSpecs.get()[c.name]
	if s == nil {
		return
	}
	norm, ok := parseOpts(c.args, s.opts)
	if !ok {
		// (readOptions raised it already, naming the option, when the
		// call came through dispatch)
		raiseOnce(c, ruleOptionUnknown, occurrence{})
	}
	c.args = norm
}

// fileOperands are the operands of args as normalizeFileOpts leaves them:
// everything after its "--", where the words before are options and
// their values (rsync --exclude .git src/ dst/ copies no .git).
func fileOperands(args []arg) []arg {
	for i, a := range args {
		if !a.dyn && a.val == "--" {
			return args[i+1:]
		}
	}
	return positional(args)
}

// withFileOpts runs h after reading the options of the file tool.
func withFileOpts(h func(c *call) flow) func(c *call) flow {
	return func(c *call) flow {
		normalizeFileOpts(c)
		return h(c)
	}
}

// backupRules judges the backups cp, mv, ln, install and rsync make of
// the files they replace: the existing file is renamed to its name plus
// the suffix, which may be a guard file or a foothold (x + .json =
// x.json). dests are the paths written; srcs land in dests when they are
// directories.
func backupRules(c *call, suffixOpt string, dests, srcs []arg) {
	suffix, ok := c.optValue(suffixOpt)
	if !ok {
		if s, set := c.env["SIMPLE_BACKUP_SUFFIX"]; set {
			suffix = arg{val: s, pos: c.pos}
		} else {
			suffix = arg{val: "~", pos: c.pos}
		}
	}
	if suffix.dyn || strings.Contains(suffix.val, "/") {
		c.raise(r("backup-suffix", High, "makes backups under a name only known at run time or in another directory"))
		return
	}
	judge := func(p arg) {
		if p.dyn {
			c.raise(r("backup-suffix", High, "makes backups under a name only known at run time or in another directory"))
			return
		}
		p.val += suffix.val
		p.glob = p.glob || strings.ContainsAny(suffix.val, "*?[")
		if ru, bad := c.ctx.writeRule(p); bad && ru.level > Low {
			c.raiseWith(ru, occurrence{detail: "the backup it makes", target: c.target(p)})
		}
	}
	for _, d := range dests {
		judge(d)
		for _, s := range srcs {
			if !s.dyn && !d.dyn {
				in := d
				in.val = strings.TrimSuffix(d.val, "/") + "/" + path.Base(s.val)
				judge(in)
			}
		}
	}
}

// underDest judges the paths a copy makes when it keeps the source's path
// below the destination (cp --parents, rsync -R): dest/src, where rsync
// starts the kept part after a "/./".
func underDest(c *call, dest arg, srcs []arg) {
	for _, s := range srcs {
		if s.dyn || dest.dyn {
			c.raise(r("copy-parents", High, "copies into a path only known at run time"))
			continue
		}
		rel := s.val
		if _, after, found := strings.Cut(rel, "/./"); found && c.name == "rsync" {
			rel = after
		}
		p := dest
		p.val = strings.TrimSuffix(dest.val, "/") + "/" + strings.TrimPrefix(rel, "/")
		p.glob = p.glob || s.glob
		if ru, bad := c.ctx.writeInto(p); bad && ru.level > Low {
			c.raise(ru)
		}
		if ru, bad := c.ctx.writeRule(p); bad && ru.level > Low {
			c.raise(ru)
		}
	}
}

// mktempCheck judges where mktemp creates its file: in the directory of
// -p/--tmpdir, of $TMPDIR with -t or a bare --tmpdir, else at the
// template's own path.
func mktempCheck(c *call) {
	normalizeFileOpts(c)
	ps := positional(c.args)
	tmpl := arg{val: "tmp.XXXXXXXXXX", pos: c.pos}
	if len(ps) > 0 {
		tmpl = ps[len(ps)-1]
	}
	var dir arg
	inDir := false
	if vs := normValues(c, "--tmpdir"); len(vs) > 0 {
		dir, inDir = vs[len(vs)-1], true
	} else if c.hasOpt("--tmpdir -t") || len(ps) == 0 {
		inDir = true
		if t, set := c.env["TMPDIR"]; set {
			dir = arg{val: t, pos: c.pos}
		} else {
			dir = arg{val: "/tmp", pos: c.pos}
		}
	}
	p := tmpl
	if inDir {
		if dir.dyn {
			if !dir.tmp {
				c.raise(r("mktemp-dir", High, "creates a file in a directory only known at run time"))
			}
			return
		}
		if tmpl.dyn {
			c.raise(r("mktemp-name", High, "creates a file under a name only known at run time"))
			return
		}
		p = dir
		p.val = strings.TrimSuffix(dir.val, "/") + "/" + tmpl.val
	}
	if ru, bad := c.ctx.writeRule(p); bad && ru.level > Low {
		c.raise(ru)
	}
}
