package classify

import (
	"slices"
	"strings"
)

// Compressors and archivers that have a table row (tar has a handler:
// archives.go).

var archiveTools = []tool{
	{names: "gzip gunzip bzip2 bunzip2 xz unxz zstd unzstd lz4 zip unzip 7z 7za unrar compress uncompress", rule: archiveW,
		check: func(c *call) {
			if c.name == "zip" {
				execOpts(c, "-TT --unzip-command", "makes zip run another program to test the archive")
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
				if ru, bad := c.w.writeRule(dir); bad && ru.level > Low {
					c.raise(ru)
				}
			}
			// (7z's options are words, -o DIR glued: -osrc is no -c)
			if c.name == "unzip" && c.hasOpt("-l -v -t -Z -p -c -z") ||
				!strings.HasPrefix(c.name, "7z") && c.name != "zip" && c.hasOpt("-c --stdout -l --list -t --test") ||
				strings.HasPrefix(c.name, "7z") && slices.ContainsFunc(c.args, func(a arg) bool { return !a.dyn && a.val == "-so" }) {
				return
			}
			if ps := positional(c.args); c.name == "unzip" || strings.HasPrefix(c.name, "7z") && len(ps) > 0 && (ps[0].val == "x" || ps[0].val == "e") {
				// an archive's members are not known now, unless the
				// engine listed them (design §2.9)
				if !ok || countOpt(c.args, "-d", "") > 1 {
					dir = arg{val: ".", pos: c.pos}
				}
				pf, pd, plain := plainUnzip(c)
				if ms, known := c.w.archiveMembers(pf, "zip"); c.name == "unzip" && plain && known {
					c.extractInto(pd, ms)
				} else if ru, bad := c.w.unknownInto(dir); bad {
					c.raise(ru)
				}
			}
			for _, t := range positional(c.args) {
				if ru, ok := c.w.writeRule(t); ok && ru.level > Low {
					c.raise(r("archive-outside", High, "packs or unpacks files outside the workspace"))
					return
				}
			}
		}},
	{names: "zcat bzcat xzcat zless zmore", rule: readFiles},
}

var archiveEverydayTools = []tool{
	{names: "jar", rule: archiveW, check: func(c *call) {
		if _, list := jarList(c, nil); !list {
			writeOpts(c, "-f --file -C")
		}
	}},
}
