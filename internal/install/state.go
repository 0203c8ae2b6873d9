package install

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/agent-permguard/permguard/integrations"
	"github.com/agent-permguard/permguard/internal/settings"
)

// Found is what is in one place install writes to, as doctor reports it.
type Found struct {
	Target  Target
	Project bool   // the repository's file, not the user's
	Path    string // "" when Err says why it is unknown
	Err     error
	// State is "not installed", "installed, current", "installed, out of
	// date" and the like; Installed is whether it begins "installed".
	State     string
	Installed bool
	// Fix says what is wrong and what to run, when something is.
	Fix string
	// Problems are what keeps the agent from running an installed
	// entry, and what doctor cannot tell for sure.
	Problems []Problem
}

// Survey looks at every place install writes to, the user's files and
// the repository's, and says whether each holds permguard's entry (or
// extension) as install would write it for exe now. exe is "" when this
// binary's path is unknown, which leaves an installed entry unchecked.
func Survey(env Env, exe string) []Found {
	var out []Found
	for _, t := range Targets() {
		for _, project := range []bool{false, true} {
			if !project && t.User == "" {
				continue
			}
			f := Found{Target: t, Project: project}
			f.Path, f.Err = t.Path(env, project)
			if f.Err == nil {
				f.State, f.Fix = state(t, f.Path, exe, project)
				f.Installed = strings.HasPrefix(f.State, "installed")
				if f.Installed {
					f.Problems = problems(env, t, f.Path, exe, project)
				}
			}
			out = append(out, f)
		}
	}
	return out
}

// state says whether path holds permguard's entry (or extension) as
// install would write it for exe now, and what to run when it is not
// current. A repository's entry runs [PathName], whatever exe is.
func state(t Target, path, exe string, project bool) (state, fix string) {
	if exe != "" || project {
		exe = EntryExe(exe, project)
	}
	reinstall := "permguard install " + t.Name
	if project {
		reinstall += " --project"
	}
	old, _, err := settings.ReadCurrent(path)
	if err != nil {
		return "unreadable", fmt.Sprintf("cannot read it: %v", err)
	}
	if old == nil {
		return "not installed", ""
	}
	if t.Extension {
		if !integrations.IsExtension(t.Name, old) {
			return "not installed (another file is there)", ""
		}
		if exe == "" {
			return "installed, not checked", ""
		}
		want, err := integrations.Extension(t.Name, exe)
		switch {
		case err != nil:
			return "installed, not checked", ""
		case !bytes.Equal(old, want):
			return "installed, out of date", "it is another version, or runs another permguard; run " + reinstall
		}
		return "installed, current", ""
	}
	doc, err := parseConfig(t, old)
	if err != nil {
		return "invalid JSON", fmt.Sprintf("the agent cannot read it either (%v); fix it, then run %s", err, reinstall)
	}
	if !hasPermguardEntry(doc) {
		return "not installed", ""
	}
	for _, event := range t.Events {
		if !hasEntryUnder(doc, event) {
			what := t.Unguarded[event]
			if what == "" {
				what = "the calls it is sent for run unguarded"
			}
			return "installed, out of date", fmt.Sprintf("no permguard entry under hooks.%s: %s; run %s", event, what, reinstall)
		}
	}
	if exe == "" {
		return "installed, not checked", ""
	}
	changes, err := addEntries(doc, t, t.Command(exe))
	switch {
	case err != nil:
		return "installed, damaged", fmt.Sprintf("%v; run %s", err, reinstall)
	case len(changes) > 0:
		return "installed, out of date", fmt.Sprintf("%s; run %s", changes[0], reinstall)
	}
	return "installed, current", ""
}
