package guard

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/agent-permguard/permguard/internal/settings"
)

// TestRulePattern: allow and deny refuse, with the form to use, a
// pattern in an agent's syntax (it would match no command) and, in an
// allow rule, the "$" that only a deny rule reads; a deny rule is
// compiled as one (its words, or exact with "$"); a pattern to remove is
// only compiled, so a rule written before the refusals can be taken out.
func TestRulePattern(t *testing.T) {
	tests := map[string]struct {
		verb, pattern string
		remove        bool
		refused       string   // a part of the refusal; "" when accepted
		hints         []string // the refusal's hints
		matches       []string // commands the compiled rule matches
		misses        []string // commands it does not
	}{
		"an allow rule in Claude Code's prefix form": {
			verb: "allow", pattern: "Bash(npm run test:*)",
			refused: "is in an agent's permission syntax (Bash(...))",
			hints:   []string{"write the command itself: permguard allow 'npm run test *'"},
		},
		"a deny rule in Gemini CLI's syntax": {
			verb: "deny", pattern: "run_shell_command(git push)",
			refused: "which permguard does not read: it would match no command",
			hints:   []string{"write the command itself: permguard deny 'git push'"},
		},
		"a rule for a tool that is not the shell": {
			verb: "deny", pattern: "WebFetch(domain:example.com)",
			refused: "(WebFetch(...))",
			hints:   []string{`permguard's patterns match shell commands; a tool gets a level by its name in "tools" (for example "tools": {"LEVEL": ["WebFetch"]}): permguard config edit`},
		},
		"an allow rule ending in $": {
			verb: "allow", pattern: "npm publish$",
			refused: `ends in "$", which marks an exact deny rule`,
			hints:   []string{`an allow pattern without "*" is already exact: permguard allow 'npm publish'`, `for a command that ends in a dollar sign, write \$`},
		},
		"a pattern that does not compile": {
			verb: "deny", pattern: "$",
			refused: `pattern "$" is only "$"`,
		},
		"a deny rule matches its words": {
			verb: "deny", pattern: "git push",
			matches: []string{"git push", "git push origin main"}, misses: []string{"git pushx", "echo git push"},
		},
		"an exact deny rule": {
			verb: "deny", pattern: "git push$",
			matches: []string{"git push"}, misses: []string{"git push origin main"},
		},
		"an allow rule is the whole command": {
			verb: "allow", pattern: "npm run dev",
			matches: []string{"npm run dev"}, misses: []string{"npm run dev --port 3000"},
		},
		"an agent's syntax can be removed": {
			verb: "allow", pattern: "Bash(npm run test:*)", remove: true,
			matches: []string{"Bash(npm run test:x)"},
		},
		"an allow rule ending in $ can be removed": {
			verb: "allow", pattern: "npm publish$", remove: true,
			matches: []string{"npm publish$"},
		},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			g, err := RulePattern(tt.verb, tt.pattern, tt.remove)
			var pe *PatternError
			switch {
			case tt.refused == "" && err != nil:
				t.Fatalf("RulePattern(%q, %q, %v): %v, want it accepted", tt.verb, tt.pattern, tt.remove, err)
			case tt.refused != "" && !errors.As(err, &pe):
				t.Fatalf("RulePattern(%q, %q, %v): %v, want a *PatternError", tt.verb, tt.pattern, tt.remove, err)
			case tt.refused != "":
				if !strings.Contains(pe.Msg, tt.refused) || !reflect.DeepEqual(pe.Hints, tt.hints) {
					t.Errorf("refused with %q, hints %q; want %q in it, hints %q", pe.Msg, pe.Hints, tt.refused, tt.hints)
				}
				return
			}
			for _, s := range tt.matches {
				if !g.Match(s) {
					t.Errorf("%q does not match %q", tt.pattern, s)
				}
			}
			for _, s := range tt.misses {
				if g.Match(s) {
					t.Errorf("%q matches %q", tt.pattern, s)
				}
			}
		})
	}
}

// TestEditDeny: deny adds a pattern once, removes it, changes nothing
// when the file already says so, and refuses a "deny" that is not a list
// and a list that is full.
func TestEditDeny(t *testing.T) {
	full := make([]string, settings.MaxDenyPatterns)
	for i := range full {
		full[i] = fmt.Sprintf("rule %d", i)
	}
	tests := map[string]struct {
		file    string // the settings file's content
		list    []string
		pattern string
		remove  bool
		want    []string // the deny rules afterwards
		err     error    // matched with errors.Is; nil for none
		errText string   // or a part of the error
	}{
		"add":                  {file: `{}`, pattern: "git push", want: []string{"git push"}},
		"add after the rest":   {list: []string{"make clean"}, pattern: "git push", want: []string{"make clean", "git push"}},
		"add one already in":   {list: []string{"git push"}, pattern: "git push", want: []string{"git push"}, err: settings.ErrUnchanged},
		"remove":               {list: []string{"make clean", "git push", "npm publish"}, pattern: "git push", remove: true, want: []string{"make clean", "npm publish"}},
		"remove one not in":    {list: []string{"git push"}, pattern: "make clean", remove: true, want: []string{"git push"}, err: settings.ErrUnchanged},
		"deny is not a list":   {file: `{"deny": "git push"}`, pattern: "make clean", errText: "deny is not a list of patterns"},
		"no room for one more": {list: full, pattern: "git push", want: full, errText: "deny already holds 100 patterns"},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			d, err := settings.ParseDocument([]byte(tt.file))
			if err != nil {
				t.Fatal(err)
			}
			if tt.list != nil {
				if err := d.SetStrings("deny", "", tt.list); err != nil {
					t.Fatal(err)
				}
			}
			err = EditDeny(d, tt.pattern, tt.remove)
			switch {
			case tt.errText != "":
				if err == nil || !strings.Contains(err.Error(), tt.errText) {
					t.Fatalf("EditDeny: %v, want an error with %q", err, tt.errText)
				}
			case !errors.Is(err, tt.err):
				t.Fatalf("EditDeny: %v, want %v", err, tt.err)
			}
			if tt.want == nil {
				return
			}
			if got, _ := d.Strings("deny", ""); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("deny = %q, want %q", got, tt.want)
			}
		})
	}
}
