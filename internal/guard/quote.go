package guard

import (
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

// Quote quotes s as one shell word, always quoted: '…' when s is one
// line of Printable text, else bash's $'…' so the result stays on one line.
func Quote(s string) string {
	if Printable(s) == s {
		return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
	}
	var b strings.Builder
	b.WriteString("$'")
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r == '\\' || r == '\'':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\r':
			b.WriteString(`\r`)
		case isShown(r):
			b.WriteRune(r)
		case r < 0x80:
			fmt.Fprintf(&b, `\x%02x`, r)
		default:
			fmt.Fprintf(&b, `\u%04x`, r)
		}
		i += size
	}
	b.WriteByte('\'')
	return b.String()
}
