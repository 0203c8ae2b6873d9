package classify

// Operands and options of a command line, read the same way by the handlers
// of every tool family.

import (
	"strings"
)

// positional returns the non-option words (everything after "--" counts).
func positional(args []arg) []arg {
	var out []arg
	for i, a := range args {
		if !a.dyn && a.val == "--" {
			return append(out, args[i+1:]...)
		}
		if a.dyn || !strings.HasPrefix(a.val, "-") || a.val == "-" {
			out = append(out, a)
		}
	}
	return out
}

func hasPrefixOpt(args []arg, p string) bool {
	for _, a := range args {
		if !a.dyn && strings.HasPrefix(a.val, p) && !strings.HasPrefix(a.val, "--") {
			return true
		}
	}
	return false
}
