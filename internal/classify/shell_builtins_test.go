package classify

import (
	"slices"
	"strings"
	"testing"
)

// TestBuiltinByPath: a program outside the system directories whose base
// name is a builtin's (C:/tools/eval.exe, as WSL runs Windows programs) is
// judged as a local program and also as that builtin, like any program
// permguard knows by name (programName). The builtins and the programs
// are two tables (builtinHandlers, handlers); a lookup that saw only one
// would drop the builtin's judgement, and with eval the command it runs.
func TestBuiltinByPath(t *testing.T) {
	for name, tc := range map[string]struct {
		cmd       string
		rule      string // a rule the verdict must hold besides run-path
		dangerous bool
	}{
		"cd":           {`C:/tools/cd.exe /tmp`, "cd", false},
		"echo":         {`/opt/x/echo.exe hi`, "echo", false},
		"eval runs":    {`/opt/x/eval.exe ls`, "read-only", false},
		"eval harmful": {`/opt/x/eval.exe 'rm -rf ~'`, "eval", true},
	} {
		t.Run(name, func(t *testing.T) {
			v := Classify(tc.cmd, testEnv)
			ids := strings.Fields(ruleIDs(v))
			if !slices.Contains(ids, "run-path") || !slices.Contains(ids, tc.rule) || v.Dangerous != tc.dangerous {
				t.Errorf("Classify(%q) = %v dangerous=%v (rules %s), want run-path and %s, dangerous=%v",
					tc.cmd, v.Level, v.Dangerous, ids, tc.rule, tc.dangerous)
			}
		})
	}
}
