package sandbox

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
)

// errConfigSyntax is a git config file this parser does not read as git
// would; its repository is treated as one that can run programs.
var errConfigSyntax = errors.New("not a git config file this check can read")

// configKeys returns the keys a git config file sets, spelled as git
// spells them to its callbacks: section[.subsection].name, the section
// and the name in lower case. It follows git's own parser (config.c,
// git_parse_source, Git 2.39): comments after # or ;, a key on the same
// line as its section header ("[core] pager = x"), values with quotes,
// escapes and backslash-newline continuations, "\r\n" line ends, a
// leading UTF-8 BOM. Whatever git would refuse is an error, and so is a
// NUL byte, which would make the names git's C code compares differ from
// the ones read here: the caller treats an error as "may run programs".
func configKeys(data []byte) ([]string, error) {
	if bytes.IndexByte(data, 0) >= 0 {
		return nil, fmt.Errorf("%w: a NUL byte", errConfigSyntax)
	}
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	s := &cfgScanner{b: data}
	var keys []string
	section := ""
	comment := false
	for {
		c := s.next()
		switch {
		case c == '\n':
			if s.eof {
				return keys, nil
			}
			comment = false
		case comment, isConfigSpace(c):
		case c == '#' || c == ';':
			comment = true
		case c == '[':
			name, err := s.sectionHeader()
			if err != nil {
				return nil, err
			}
			section = name
		case isAlpha(c):
			name, err := s.keyAndValue(c)
			if err != nil {
				return nil, err
			}
			if section != "" {
				name = section + "." + name
			}
			keys = append(keys, name)
		default:
			return nil, fmt.Errorf("%w: unexpected %q at byte %d", errConfigSyntax, c, s.i)
		}
	}
}

// cfgScanner reads a config file byte by byte as git's get_next_char
// does: "\r\n" is one newline, and the end of the data reads as newlines.
type cfgScanner struct {
	b   []byte
	i   int
	eof bool
}

func (s *cfgScanner) next() byte {
	if s.i >= len(s.b) {
		s.eof = true
		return '\n'
	}
	c := s.b[s.i]
	s.i++
	if c == '\r' && s.i < len(s.b) && s.b[s.i] == '\n' {
		s.i++
		return '\n'
	}
	return c
}

// sectionHeader reads what follows "[": "name]", "name.sub]" (the old
// spelling) or `name "sub"]`, and returns git's stem for the keys below:
// the name in lower case, then the subsection as written.
func (s *cfgScanner) sectionHeader() (string, error) {
	bad := func(what string) (string, error) {
		return "", fmt.Errorf("%w: %s in a section header", errConfigSyntax, what)
	}
	var name strings.Builder
	for {
		c := s.next()
		if s.eof {
			return bad("the end of the file")
		}
		if c == ']' {
			break
		}
		if isConfigSpace(c) {
			// [name "subsection"]
			for isConfigSpace(c) {
				if c == '\n' {
					return bad("a line end")
				}
				c = s.next()
			}
			if c != '"' {
				return bad("no quoted subsection")
			}
			name.WriteByte('.')
			for {
				c = s.next()
				if c == '\n' {
					return bad("a line end")
				}
				if c == '"' {
					break
				}
				if c == '\\' {
					if c = s.next(); c == '\n' {
						return bad("a line end")
					}
				}
				name.WriteByte(c)
			}
			if s.next() != ']' {
				return bad("no ]")
			}
			break
		}
		if !isKeyChar(c) && c != '.' {
			return bad(fmt.Sprintf("%q", c))
		}
		name.WriteByte(lower(c))
	}
	if name.Len() == 0 {
		return bad("an empty name")
	}
	return name.String(), nil
}

// keyAndValue reads a key whose first letter is first, and its value if
// it has one, through the end of its line; it returns the key in lower
// case.
func (s *cfgScanner) keyAndValue(first byte) (string, error) {
	var name strings.Builder
	name.WriteByte(lower(first))
	c := s.next()
	for !s.eof && isKeyChar(c) {
		name.WriteByte(lower(c))
		c = s.next()
	}
	for c == ' ' || c == '\t' {
		c = s.next()
	}
	if c == '\n' {
		return name.String(), nil // a boolean
	}
	if c != '=' {
		return "", fmt.Errorf("%w: %q after the key %q", errConfigSyntax, c, name.String())
	}
	quote, comment := false, false
	for {
		c := s.next()
		switch {
		case c == '\n':
			if quote {
				return "", fmt.Errorf("%w: an unclosed quote in the value of %q", errConfigSyntax, name.String())
			}
			return name.String(), nil
		case comment:
		case !quote && (c == '#' || c == ';'):
			comment = true
		case c == '\\':
			switch s.next() {
			case '\n', 't', 'b', 'n', '\\', '"':
			default:
				return "", fmt.Errorf("%w: an unknown escape in the value of %q", errConfigSyntax, name.String())
			}
		case c == '"':
			quote = !quote
		}
	}
}

// The character classes of git's own ctype (git-compat-util.h), which
// are not the C library's: only these four bytes are space.
func isConfigSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }
func isAlpha(c byte) bool       { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
func isKeyChar(c byte) bool     { return isAlpha(c) || '0' <= c && c <= '9' || c == '-' }
func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// inertKeys are the keys a repository's own config may set and still
// make git run nothing the repository chose: what git init and git clone
// write, a test's user.name, remotes and branches. A key of a section
// that has subsections is written section.*.name. The list need only be
// right in one direction: a key missing here (however harmless) only
// makes a repository that a sandboxed run created or changed one to set
// aside. Keys that run programs, or pull in other files that may, are
// absent on purpose: core.fsmonitor, core.hooksPath, core.pager,
// core.editor, core.sshCommand, diff.external, filter.*, merge.*.driver,
// credential.helper, gpg.program, include.path, includeIf.*, alias.*,
// submodule.*.update ("!command"), remote.*.uploadpack, protocol.*, ...
var inertKeys = map[string]bool{
	"core.repositoryformatversion": true, "core.filemode": true, "core.bare": true,
	"core.logallrefupdates": true, "core.ignorecase": true, "core.precomposeunicode": true,
	"core.symlinks": true, "core.autocrlf": true, "core.eol": true, "core.safecrlf": true,
	"core.worktree": true, "core.sparsecheckout": true, "core.sparsecheckoutcone": true,
	"core.quotepath": true, "core.longpaths": true,
	"extensions.objectformat": true, "extensions.worktreeconfig": true, "extensions.refstorage": true,
	"extensions.partialclone": true,
	"remote.*.url":            true, "remote.*.pushurl": true, "remote.*.fetch": true, "remote.*.push": true,
	"remote.*.tagopt": true, "remote.*.mirror": true, "remote.*.prune": true, "remote.*.promisor": true,
	"remote.*.partialclonefilter": true,
	"branch.*.remote":             true, "branch.*.merge": true, "branch.*.rebase": true, "branch.*.pushremote": true,
	"submodule.*.url": true, "submodule.*.active": true, "submodule.*.branch": true,
	"user.name": true, "user.email": true, "init.defaultbranch": true,
	"commit.gpgsign": true, "tag.gpgsign": true, "pull.rebase": true, "pull.ff": true,
	"lfs.repositoryformatversion": true,
}

// inertKey reports whether key (as [configKeys] spells it) is one of
// [inertKeys].
func inertKey(key string) bool {
	first, last := strings.IndexByte(key, '.'), strings.LastIndexByte(key, '.')
	if first <= 0 || last == len(key)-1 {
		return false
	}
	if first == last {
		return inertKeys[key]
	}
	return inertKeys[key[:first]+".*"+key[last:]]
}
