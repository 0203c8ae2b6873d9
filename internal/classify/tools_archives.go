package classify

import (
	"slices"
	"strings"
)

// Compressors and archivers that have a table row (tar has a handler:
// tools_archives_tar.go).

var archiveTools = []tool{
	{names: "gzip gunzip bzip2 bunzip2 xz unxz zstd unzstd lz4 zip unzip 7z 7za rar unrar compress uncompress " +
		"pigz unpigz pbzip2 lbzip2 lzip plzip clzip lzma unlzma pixz zstdmt unlz4 brotli lzop", rule: archiveW,
		check: func(c *call) {
			if c.name == "zip" {
				execOpts(c, "-TT --unzip-command") // the program that tests the archive
				if move, recursive := zipMoves(c.args); move {
					c.raise(ruleRm)
					if ps := positional(c.args); len(ps) > 1 {
						deletesPacked(c, ps[1:], nil, recursive)
					}
				}
			}
			if strings.HasPrefix(c.name, "7z") && slices.ContainsFunc(c.args, func(a arg) bool { return !a.dyn && a.val == "-sdel" }) {
				// 7z a ARCHIVE FILES -sdel deletes FILES, directories
				// with all below them
				c.raise(ruleRm)
				if ps := positional(c.args); len(ps) > 2 {
					deletesPacked(c, ps[2:], nil, true)
				}
			}
			if c.name == "rar" {
				// rar m ARCHIVE FILES moves them in (mf: files only), and
				// -df deletes what a or u packed; a directory is packed
				// with all below it
				ps := positional(c.args)
				if len(ps) > 0 && !ps[0].dyn && (ps[0].val == "m" || ps[0].val == "mf") ||
					slices.ContainsFunc(c.args, func(a arg) bool { return !a.dyn && a.val == "-df" }) {
					c.raise(ruleRm)
					if len(ps) > 2 {
						deletesPacked(c, ps[2:], nil, true)
					}
				}
			}
			if c.name == "unzip" && c.hasOpt("-:") {
				c.raise(r("unzip-unsafe-paths", High, "extracts paths that may point outside the target directory"))
			}
			dir, ok := c.optValue("-d")
			if strings.HasPrefix(c.name, "7z") {
				dir, ok = arg{}, false
				for _, a := range c.args {
					if !a.dyn && strings.HasPrefix(a.val, "-o") && len(a.val) > 2 {
						dir, ok = arg{val: a.val[2:], pos: a.pos}, true
					}
				}
			}
			if ok {
				if ru, bad := c.ctx.writeRule(dir); bad && ru.level > Low {
					c.raise(ru)
				}
			}
			// (7z's options are words, -o DIR glued: -osrc is no -c)
			if c.name == "unzip" && c.hasOpt("-l -v -t -Z -p -c -z") ||
				!strings.HasPrefix(c.name, "7z") && c.name != "zip" && c.hasOpt("-c --stdout -l --list -t --test") ||
				strings.HasPrefix(c.name, "7z") && slices.ContainsFunc(c.args, func(a arg) bool { return !a.dyn && a.val == "-so" }) {
				return
			}
			if deletes, recursive := compressorDeletes(c.name, c.args); deletes {
				// the file is replaced by its copy, the name it had gone
				deletesPacked(c, positional(c.args), nil, recursive)
			}
			if ps := positional(c.args); c.name == "unzip" || strings.HasPrefix(c.name, "7z") && len(ps) > 0 && (ps[0].val == "x" || ps[0].val == "e") {
				// an archive's members are not known now, unless the
				// engine listed them (design §2.9)
				if !ok || countOpt(c.args, "-d", "") > 1 {
					dir = arg{val: ".", pos: c.pos}
				}
				pf, pd, plain := plainUnzip(c)
				if ms, known := c.ctx.archiveMembers(pf, "zip"); c.name == "unzip" && plain && known {
					c.extractInto(pd, ms)
				} else if ru, bad := c.ctx.unknownInto(dir); bad {
					c.raise(ru)
				}
			}
			for _, t := range positional(c.args) {
				if ru, ok := c.ctx.writeRule(t); ok && ru.level > Low {
					c.raise(r("archive-outside", High, "packs or unpacks files outside the workspace"))
					return
				}
			}
		}},
	{names: "zcat bzcat xzcat zless zmore", rule: readFiles},
}

// compressorDeletes reports whether a compressor deletes each file it
// reads, and whether it recurses into directories. gzip, bzip2, xz,
// compress, their parallel and lzip kin (pigz, pbzip2, lbzip2, lzip,
// plzip, clzip, lzma, pixz; each one's man page) and their decompressors
// replace each file with its (de)compressed copy unless -k/--keep; zstd,
// lz4 and brotli keep it unless --rm (brotli's -j), lzop unless -U
// (--unlink, --delete). -r recurses (gzip, pigz, zstd, lz4). Writing to
// standard output, a test and a list delete nothing; the caller has
// returned for them. A cluster is read up to a letter that takes a value
// (gzip -S.k: .k is the suffix).
func compressorDeletes(name string, args []arg) (deletes, recursive bool) {
	var valueLetters string
	rmLetter := rune(0) // the letter that makes a keeping one delete
	switch name {
	case "gzip", "gunzip", "bzip2", "bunzip2", "compress", "uncompress":
		deletes, valueLetters = true, "Sb"
	case "pigz", "unpigz":
		deletes, valueLetters = true, "bpSIJCM"
	case "pbzip2":
		deletes, valueLetters = true, "bpm"
	case "lbzip2":
		deletes, valueLetters = true, "n"
	case "lzip", "plzip", "clzip":
		deletes, valueLetters = true, "oBmsbn"
	case "xz", "unxz", "lzma", "unlzma":
		deletes, valueLetters = true, "CFMT"
	case "pixz":
		deletes, valueLetters = true, "piof"
	case "zstd", "unzstd", "zstdmt", "lz4", "unlz4":
		valueLetters = "oDTBLM"
	case "brotli":
		valueLetters, rmLetter = "oqwSD", 'j'
	case "lzop":
		valueLetters, rmLetter = "oSE", 'U'
	default:
		return false, false
	}
	for _, a := range args {
		v := optWord(a)
		switch {
		case v == "--":
			return
		case v == "--keep" || v == "--stdout" || v == "--to-stdout":
			deletes = false
		case v == "--rm" || name == "lzop" && (v == "--unlink" || v == "--delete"):
			deletes = true
		case v == "--recursive":
			recursive = true
		case len(v) > 1 && v[0] == '-' && v[1] != '-':
			for _, l := range v[1:] {
				if strings.ContainsRune(valueLetters, l) {
					break
				}
				switch l {
				case 'k', 'c':
					deletes = false
				case 'r':
					recursive = true
				case rmLetter:
					deletes = true
				}
			}
		}
	}
	return deletes, recursive
}

// zipMoves reports zip's -m/--move (delete what it packed) and -r/-R
// (recurse into directories), alone or in a cluster of zip's flags (-rm);
// a cluster with a letter it does not know is not read.
func zipMoves(args []arg) (move, recursive bool) {
	for _, a := range args {
		v := optWord(a)
		switch {
		case v == "--":
			return
		case v == "--move":
			move = true
		case v == "--recurse-paths" || v == "--recurse-patterns":
			recursive = true
		case len(v) > 1 && v[0] == '-' && v[1] != '-' && strings.Trim(v[1:], zipFlagLetters) == "":
			move = move || strings.Contains(v, "m")
			recursive = recursive || strings.ContainsAny(v, "rR")
		}
	}
	return
}

// zipFlagLetters are zip 3.0's one-letter options that take no value
// (zip -h2), which may be clustered with -m.
const zipFlagLetters = "0123456789ADFJLRSTUXcdefgjklmoqruvwyz$@"

var archiveEverydayTools = []tool{
	{names: "jar", rule: archiveW, check: func(c *call) {
		if _, list := jarList(c, nil); !list {
			writeOpts(c, "-f --file -C")
		}
	}},
}
