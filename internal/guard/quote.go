package guard

import (
	"mvdan.cc/sh/v3/syntax"

	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// maxDisplayRunes is how much of a command the block message shows.
const maxDisplayRunes = 200

// DisplayCommand returns command as a person should see it in one line: its
// first non-blank line, shortened to about 200 characters, with "…" where
// something was left out, and nothing that a terminal would interpret.
func DisplayCommand(command string) string {
	s := strings.TrimLeft(command, " \t\r\n")
	cut := false
	if i := strings.IndexAny(s, "\r\n"); i >= 0 {
		cut = strings.TrimSpace(s[i:]) != ""
		s = s[:i]
	}
	s = strings.TrimRight(s, " \t")
	if utf8.RuneCountInString(s) > maxDisplayRunes {
		n := 0
		for i := range s {
			if n == maxDisplayRunes {
				s = s[:i]
				break
			}
			n++
		}
		cut = true
	}
	s = Printable(s)
	if cut {
		s += " …"
	}
	if s == "" {
		s = "(empty command)"
	}
	return s
}

// Printable escapes what a terminal would interpret or hide: control
// characters, invisible formatting characters (bidi overrides, zero-width
// spaces) and bytes that are not UTF-8. Tabs and Printable text stay.
func Printable(s string) string {
	clean := true
	for _, r := range s {
		if !isShown(r) {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case isShown(r):
			b.WriteRune(r)
		case r < 0x80:
			fmt.Fprintf(&b, `\x%02x`, r)
		default:
			fmt.Fprintf(&b, `\u%04x`, r)
		}
		i += size
	}
	return b.String()
}

func isShown(r rune) bool {
	return r == '\t' || (r != utf8.RuneError && unicode.IsPrint(r))
}

// Quote quotes s as one bash word that reads back as s, on one line, and
// is visibly quoted even when it needs no quoting, so that a command in a
// message stands apart from the sentence around it.
func Quote(s string) string {
	q := QuoteWord(s)
	if q == s {
		return "'" + s + "'"
	}
	return q
}

// QuoteWord quotes s as one bash word, only as much as it needs:
// syntax.Quote's '…', "…" or $'…' (which keeps control characters on one
// line). No shell word can hold a NUL, so one is shown as $'\x00' between
// the quoted parts.
func QuoteWord(s string) string {
	if strings.IndexByte(s, 0) >= 0 {
		var b strings.Builder
		for i, part := range strings.Split(s, "\x00") {
			if i > 0 {
				b.WriteString(`$'\x00'`)
			}
			if part != "" {
				b.WriteString(QuoteWord(part))
			}
		}
		return b.String()
	}
	q, err := syntax.Quote(s, syntax.LangBash)
	if err != nil {
		// For bash only a NUL fails, and there is none here.
		panic(err)
	}
	return q
}

// CommandLine is argv as one shell command that means exactly argv. An
// argument keeps an "=" unquoted (--format=%H): only in the program's
// place would the shell read it as an assignment.
func CommandLine(argv []string) string {
	words := make([]string, len(argv))
	for i, a := range argv {
		words[i] = QuoteWord(a)
		if i > 0 && words[i] != a && strings.Contains(a, "=") {
			if rest := strings.ReplaceAll(a, "=", ""); rest != "" && QuoteWord(rest) == rest {
				words[i] = a
			}
		}
	}
	return strings.Join(words, " ")
}

// PosixCommandLine is argv as one command that means exactly argv to any
// POSIX shell, bash, dash and zsh alike: each word that needs quoting is
// in single quotes, where everything, a newline included, is literal, and
// a single quote closes the quotes, is escaped and opens them again:
//
//	'\''
//
// A word cannot hold a NUL (argv comes from strings the kernel would cut
// there); one is refused by panic, as QuoteWord does for bash.
func PosixCommandLine(argv []string) string {
	words := make([]string, len(argv))
	for i, a := range argv {
		words[i] = posixWord(a)
	}
	return strings.Join(words, " ")
}

func posixWord(s string) string {
	if strings.IndexByte(s, 0) >= 0 {
		panic("a shell word cannot hold a NUL byte")
	}
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./,:+@%") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
