package guard

import (
	"fmt"
	"slices"
	"strings"

	"github.com/agent-permguard/permguard/internal/classify"
	"github.com/agent-permguard/permguard/internal/settings"
)

// AddAllowRule saves pattern as an allow rule at level in the user's
// settings file, as "permguard allow" does, and says where. change moves
// the pattern into the rules of level (see the allow command).
func AddAllowRule(env Env, deps Deps, pattern string, level classify.Level) (path string, changed bool, err error) {
	if env.ConfigDirErr != nil {
		return "", false, env.ConfigDirErr
	}
	path = settings.GlobalFile(env.ConfigDir)
	problems, err := settings.Update(path, deps.now(), func(d *settings.Document) error {
		var err error
		_, changed, err = MoveOverride(d, pattern, level.String())
		return err
	})
	for _, p := range problems {
		warnf(deps.errOut(), "%s", Printable(p.String()))
	}
	return path, changed, err
}

// OverrideKeys are the keys of "overrides", most restrictive first: the
// order they are checked in.
var OverrideKeys = []string{"dangerous", "high", "medium", "low", "minimal"}

// MoveOverride puts pattern in overrides.<level> and takes it out of
// every other level (level "" takes it out of all). It returns what it
// removed, and ErrUnchanged when the document already says so.
func MoveOverride(d *settings.Document, pattern, level string) (notes []string, changed bool, err error) {
	for _, key := range OverrideKeys {
		list, ok := d.Strings("overrides", key)
		if !ok {
			return nil, false, fmt.Errorf("overrides.%s is not a list of patterns; fix it with \"permguard config edit\"", key)
		}
		if i := slices.Index(list, pattern); i >= 0 && key != level {
			if err := d.SetStrings("overrides", key, slices.Delete(list, i, i+1)); err != nil {
				return nil, false, err
			}
			notes = append(notes, "removed it from overrides."+key)
			changed = true
		} else if key == level && i < 0 {
			if err := settings.CheckRoom("overrides."+key, list, settings.MaxPatternsPerLevel); err != nil {
				return nil, false, err
			}
			if err := d.SetStrings("overrides", key, append(list, pattern)); err != nil {
				return nil, false, err
			}
			changed = true
		}
	}
	if !changed {
		return notes, false, settings.ErrUnchanged
	}
	return notes, true, nil
}

// RulePattern compiles the pattern of permguard allow or deny (verb),
// and refuses, as a [*PatternError] with the form to use, what would not
// do what it looks like: an agent's own permission syntax, which matches no
// command, and, for allow, the "$" that only a deny rule reads. A pattern
// to remove is only checked as any pattern was before, so a rule written
// so earlier can be taken out.
func RulePattern(verb, pattern string, remove bool) (settings.Glob, error) {
	if remove {
		g, err := settings.CompileGlob(pattern)
		if err != nil {
			return settings.Glob{}, patternError(nil, "pattern %s %v", Printable(fmt.Sprintf("%q", pattern)), err)
		}
		return g, nil
	}
	if tool, arg, ok := settings.AgentSyntax(pattern); ok {
		hint := `permguard's patterns match shell commands; a tool gets a level by its name in "tools" (for example "tools": {"LEVEL": ["` + tool + `"]}): permguard config edit`
		if native, shell := NativePattern(tool, arg); shell {
			hint = fmt.Sprintf("write the command itself: permguard %s %s", verb, Quote(native))
		}
		return settings.Glob{}, patternError([]string{Printable(hint)},
			"pattern %s is in an agent's permission syntax (%s(...)), which permguard does not read: it would match no command", Printable(fmt.Sprintf("%q", pattern)), Printable(tool))
	}
	if verb == "allow" && settings.EndsExact(pattern) {
		body := strings.TrimSuffix(pattern, "$")
		return settings.Glob{}, patternError([]string{
			fmt.Sprintf("an allow pattern without \"*\" is already exact: permguard allow %s", Quote(body)),
			`for a command that ends in a dollar sign, write \$`,
		}, "pattern %s ends in \"$\", which marks an exact deny rule; in an allow rule it would be a dollar sign", Printable(fmt.Sprintf("%q", pattern)))
	}
	compile := settings.CompileGlob
	if verb == "deny" {
		compile = settings.CompileDeny
	}
	g, err := compile(pattern)
	if err != nil {
		return settings.Glob{}, patternError(nil, "pattern %s %v", Printable(fmt.Sprintf("%q", pattern)), err)
	}
	return g, nil
}

// PatternError is a pattern that permguard allow or deny refuses: Msg
// says why, Hints the form to use.
type PatternError struct {
	Msg   string
	Hints []string
}

func (e *PatternError) Error() string { return e.Msg }

func patternError(hints []string, format string, args ...any) error {
	return &PatternError{Msg: fmt.Sprintf(format, args...), Hints: hints}
}

// EditDeny adds pattern to the deny rules of d, or with remove takes it
// out. It is [settings.ErrUnchanged] when d already says so.
func EditDeny(d *settings.Document, pattern string, remove bool) error {
	list, ok := d.Strings("deny", "")
	if !ok {
		return fmt.Errorf("deny is not a list of patterns; fix it with \"permguard config edit\"")
	}
	i := slices.Index(list, pattern)
	switch {
	case remove && i >= 0:
		list = slices.Delete(list, i, i+1)
	case !remove && i < 0:
		if err := settings.CheckRoom("deny", list, settings.MaxDenyPatterns); err != nil {
			return err
		}
		list = append(list, pattern)
	default:
		return settings.ErrUnchanged
	}
	return d.SetStrings("deny", "", list)
}
