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

var ruleFileOptUnknown = rule{id: "file-option-unknown", level: High,
	why: "uses an option permguard does not know, which could change where files are written"}

// optKind says whether an option takes a value.
type optKind uint8

const (
	optFlag     optKind = iota
	optRequired         // the next word, or glued: -Sx, --suffix=x
	optOptional         // only glued to a long option: --backup=numbered
)

// optTable is what permguard knows of one tool's options: each name maps
// to the canonical name (the long one when there is one) and its kind.
type optTable struct {
	short map[byte]optEntry
	long  map[string]optEntry
	// negate: --no-OPTION turns a flag off (rsync)
	negate bool
}

type optEntry struct {
	canon string
	kind  optKind
}

// newOptTable reads a spec of comma-separated groups of spellings of one
// option, "-S=/--suffix=": a trailing "=" takes a value, "?" on a long
// option an optional one.
func newOptTable(spec string, negate bool) *optTable {
	t := &optTable{short: map[byte]optEntry{}, long: map[string]optEntry{}, negate: negate}
	for group := range strings.SplitSeq(spec, ",") {
		names := strings.Split(strings.TrimSpace(group), "/")
		canon := ""
		for _, n := range names {
			if strings.HasPrefix(n, "--") {
				canon = strings.TrimRight(n, "=?")
			}
		}
		if canon == "" {
			canon = strings.TrimRight(names[0], "=?")
		}
		for _, n := range names {
			kind := optFlag
			switch {
			case strings.HasSuffix(n, "="):
				kind = optRequired
			case strings.HasSuffix(n, "?"):
				kind = optOptional
			}
			n = strings.TrimRight(n, "=?")
			if strings.HasPrefix(n, "--") {
				t.long[n[2:]] = optEntry{canon: canon, kind: kind}
			} else if len(n) == 2 {
				t.short[n[1]] = optEntry{canon: canon, kind: kind}
			}
		}
	}
	return t
}

const commonFileOpts = "--help, --version, -v/--verbose, --debug"

var fileOptTables = lazy[map[string]*optTable]{build: func() map[string]*optTable {
	backup := "-b/--backup?, -S=/--suffix=, -t=/--target-directory=, -T/--no-target-directory, -f/--force, -i/--interactive, "
	return map[string]*optTable{
		"cp": newOptTable(commonFileOpts+", "+backup+"-a/--archive, --attributes-only, --copy-contents, -d, -H, "+
			"-l/--link, -L/--dereference, -n/--no-clobber, -P/--no-dereference, -p, --preserve?, --no-preserve=, --parents, "+
			"-r/-R/--recursive, --reflink?, --remove-destination, --sparse=, --strip-trailing-slashes, -s/--symbolic-link, "+
			"-u/--update?, -x/--one-file-system, -Z/--context?, --keep-directory-symlink", false),
		"mv": newOptTable(commonFileOpts+", "+backup+"-n/--no-clobber, --no-copy, --exchange, --strip-trailing-slashes, "+
			"-u/--update?, -Z/--context?", false),
		"ln": newOptTable(commonFileOpts+", "+backup+"-d/-F/--directory, -L/--logical, -n/--no-dereference, -P/--physical, "+
			"-r/--relative, -s/--symbolic", false),
		// -c is accepted and ignored; --strip-program runs a program
		"install": newOptTable(commonFileOpts+", -b/--backup?, -S=/--suffix=, -t=/--target-directory=, -T/--no-target-directory, "+
			"-C/--compare, -c, -d/--directory, -D, -g=/--group=, -m=/--mode=, -o=/--owner=, -p/--preserve-timestamps, "+
			"-s/--strip, --preserve-context, -Z/--context?", false),
		"mkdir": newOptTable(commonFileOpts+", -m=/--mode=, -p/--parents, -Z/--context?", false),
		"touch": newOptTable(commonFileOpts+", -a, -c/--no-create, -d=/--date=, -f, -h/--no-dereference, -m, "+
			"-r=/--reference=, -t=, --time=", false),
		"mktemp": newOptTable("--help, --version, -d/--directory, -u/--dry-run, -q/--quiet, --suffix=, -p=/--tmpdir?, -t", false),
		"rsync":  newOptTable(rsyncOpts, true),
	}
}}

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

// parseOpts reads args with table t. It returns the options, each as its
// canonical name followed by its value when it has one, then "--" and the
// operands; ok is false when an option is unknown, ambiguous, or lacks
// its value.
func parseOpts(args []arg, t *optTable) (norm []arg, ok bool) {
	var opts, operands []arg
	ok = true
	add := func(at arg, canon string, val *arg) {
		o := at
		o.val, o.dyn, o.glob, o.head, o.known, o.pat, o.cand = canon, false, false, "", nil, "", ""
		opts = append(opts, o)
		if val != nil {
			opts = append(opts, *val)
		}
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		w := optWord(a)
		if !a.dyn && a.val == "--" {
			operands = append(operands, args[i+1:]...)
			break
		}
		if w == "" || !strings.HasPrefix(w, "-") || w == "-" {
			operands = append(operands, a)
			continue
		}
		if strings.HasPrefix(w, "--") {
			name, glued, hasEq := strings.Cut(w[2:], "=")
			if a.dyn && !hasEq {
				// the option's name itself is only known at run time
				ok = false
				opts = append(opts, a)
				continue
			}
			e, found := t.lookupLong(name)
			if !found {
				ok = false
				opts = append(opts, a)
				continue
			}
			switch {
			case hasEq && e.kind == optFlag:
				ok = false
				add(a, e.canon, nil)
			case hasEq:
				v := gluedValue(a, 2+len(name)+1)
				if !a.dyn {
					v.val = glued
				}
				add(a, e.canon, &v)
			case e.kind == optRequired:
				if i+1 >= len(args) {
					ok = false
					add(a, e.canon, nil)
					continue
				}
				i++
				v := args[i]
				add(a, e.canon, &v)
			default:
				add(a, e.canon, nil)
			}
			continue
		}
		// a cluster of short options; the first that takes a value takes
		// the rest of the word, or the next word
		valued := false
		for j := 1; j < len(w); j++ {
			e, found := t.short[w[j]]
			if !found {
				ok = false
				opts = append(opts, a)
				break
			}
			if e.kind != optRequired {
				add(a, e.canon, nil)
				continue
			}
			valued = true
			if j+1 < len(w) || a.dyn {
				v := gluedValue(a, j+1)
				add(a, e.canon, &v)
			} else if i+1 < len(args) {
				i++
				v := args[i]
				add(a, e.canon, &v)
			} else {
				ok = false
				add(a, e.canon, nil)
			}
			break
		}
		if a.dyn && !valued {
			// the letters after the static start are only known at run time
			ok = false
		}
	}
	norm = append(opts, arg{val: "--"})
	if len(args) > 0 {
		norm[len(norm)-1].pos = args[len(args)-1].pos
	}
	return append(norm, operands...), ok
}

// lookupLong resolves a long option name, or a unique prefix of one, as
// GNU getopt does; a prefix of several different options is ambiguous.
func (t *optTable) lookupLong(name string) (optEntry, bool) {
	if e, ok := t.long[name]; ok {
		return e, true
	}
	if t.negate && strings.HasPrefix(name, "no-") {
		if e, ok := t.lookupLong(name[3:]); ok && e.kind == optFlag {
			return optEntry{canon: "--no-" + strings.TrimPrefix(e.canon, "--")}, true
		}
	}
	if name == "" {
		return optEntry{}, false
	}
	var hit optEntry
	n := 0
	for l, e := range t.long {
		if strings.HasPrefix(l, name) {
			if n > 0 && e.canon == hit.canon {
				continue
			}
			hit = e
			n++
		}
	}
	return hit, n == 1
}

// normalizeFileOpts rewrites c.args of a file tool into the form its
// rules read (canonical options, "--", operands), and raises
// file-option-unknown when an option is not understood.
func normalizeFileOpts(c *call) {
	t := fileOptTables.get()[c.name]
	if t == nil {
		return
	}
	norm, ok := parseOpts(c.args, t)
	if !ok {
		c.raise(ruleFileOptUnknown)
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
			c.raise(r("backup-suffix", High, "makes backups under a name only known at run time"))
			return
		}
		p.val += suffix.val
		p.glob = p.glob || strings.ContainsAny(suffix.val, "*?[")
		if ru, bad := c.w.writeRule(p); bad && ru.level > Low {
			c.raiseMsg(ru, "the backup it makes: "+ru.why)
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
		if ru, bad := c.w.writeInto(p); bad && ru.level > Low {
			c.raise(ru)
		}
		if ru, bad := c.w.writeRule(p); bad && ru.level > Low {
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
			c.raise(r("mktemp-dir", High, "creates a file under a name only known at run time"))
			return
		}
		p = dir
		p.val = strings.TrimSuffix(dir.val, "/") + "/" + tmpl.val
	}
	if ru, bad := c.w.writeRule(p); bad && ru.level > Low {
		c.raise(ru)
	}
}
