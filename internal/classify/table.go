package classify

import (
	"fmt"
	"strings"
)

// A tool describes one program: its level when nothing more specific
// matches, the global options that take a value (so the subcommand can be
// found after them), and its subcommands. Tools are data: every row carries a
// rule id and a reason a person can read, and the table is checked when the
// package loads (see checkTools).
type tool struct {
	names string // space-separated program names, lowercase
	rule         // the verdict when no subcommand row matches
	// valueOpts lists global options that consume the next word
	// ("-C" for git, "--namespace" for kubectl). "--opt=value" forms never
	// consume the next word.
	valueOpts string
	// subs are matched against the first non-option words: "run" matches
	// `npm run`, "system prune" matches `docker system prune`. The longest
	// matching row wins.
	subs []sub
	// check, when set, inspects the whole call after the table lookup and
	// may raise the verdict (never lower it).
	check func(c *call)
}

// rule is a verdict with its explanation.
type rule struct {
	id        string
	level     Level
	dangerous bool
	why       string
}

// sub is one subcommand row of a tool.
type sub struct {
	words string   // space-separated subcommand path
	path  []string // words split, filled when the index is built
	rule
	// flags raise the row when any listed option is present: "--force"
	// matches "--force" and "--force=...", "-f" matches "-f" and clusters
	// such as "-fd".
	flags []flagRule
	// check, when set, inspects the call after this row matched.
	check func(c *call)
}

// flagRule raises a subcommand when one of its options is present.
type flagRule struct {
	opts string // space-separated options
	rule
}

// r is shorthand for a rule row.
func r(id string, level Level, why string) rule { return rule{id: id, level: level, why: why} }

// danger is shorthand for a dangerous rule row (always at least high).
func danger(id, why string) rule { return rule{id: id, level: High, dangerous: true, why: why} }

// s is shorthand for a subcommand row.
func s(words string, ru rule, flags ...flagRule) sub {
	return sub{words: words, rule: ru, flags: flags}
}

// f is shorthand for a flag row.
func f(opts string, ru rule) flagRule { return flagRule{opts: opts, rule: ru} }

// toolIndex maps every program name to its tool; built once from tools.
// (In init, not a var initializer: rows hold check functions that reach
// back into the walker, which uses the index.)
var toolIndex map[string]*tool

func init() { toolIndex = buildToolIndex(allTools()) }

func allTools() [][]tool {
	return [][]tool{coreTools, devTools, infraTools}
}

func buildToolIndex(groups [][]tool) map[string]*tool {
	idx := map[string]*tool{}
	for _, g := range groups {
		for i := range g {
			t := &g[i]
			for k := range t.subs {
				t.subs[k].path = strings.Fields(t.subs[k].words)
			}
			for _, n := range strings.Fields(t.names) {
				if _, dup := idx[n]; dup {
					panic(fmt.Sprintf("classify: program %q is in the tool table twice", n))
				}
				idx[n] = t
			}
		}
	}
	if err := checkTools(groups); err != nil {
		panic("classify: " + err.Error())
	}
	return idx
}

// checkTools reports the first malformed row: a missing id or reason, a
// dangerous row below high, a duplicate subcommand, or an upper-case name.
func checkTools(groups [][]tool) error {
	checkRule := func(where string, ru rule) error {
		switch {
		case ru.id == "":
			return fmt.Errorf("%s: rule without an id", where)
		case ru.why == "":
			return fmt.Errorf("%s: rule %s has no reason", where, ru.id)
		case ru.dangerous && ru.level != High:
			return fmt.Errorf("%s: rule %s is dangerous but not high", where, ru.id)
		case ru.why != strings.ToLower(ru.why[:1])+ru.why[1:] || strings.HasSuffix(ru.why, "."):
			return fmt.Errorf("%s: reason of rule %s must start lowercase and not end with a period", where, ru.id)
		}
		return nil
	}
	for _, g := range groups {
		for _, t := range g {
			if t.names != strings.ToLower(t.names) || strings.TrimSpace(t.names) == "" {
				return fmt.Errorf("tool %q: names must be lowercase and non-empty", t.names)
			}
			if err := checkRule("tool "+t.names, t.rule); err != nil {
				return err
			}
			seen := map[string]bool{}
			for _, sb := range t.subs {
				key := strings.Join(strings.Fields(sb.words), " ")
				if seen[key] {
					return fmt.Errorf("tool %q: subcommand %q listed twice", t.names, key)
				}
				seen[key] = true
				if err := checkRule("tool "+t.names+" "+key, sb.rule); err != nil {
					return err
				}
				for _, fr := range sb.flags {
					if err := checkRule("tool "+t.names+" "+key+" "+fr.opts, fr.rule); err != nil {
						return err
					}
				}
			}
		}
	}
	return nil
}
