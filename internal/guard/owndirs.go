package guard

import (
	"path/filepath"

	"github.com/agent-permguard/permguard/internal/audit"
	"github.com/agent-permguard/permguard/internal/safefile"
	"github.com/agent-permguard/permguard/internal/settings"
)

// SandboxLayers is the directory, in the state directory, that holds the
// build sandbox's layers over the caches (see sandbox.CacheLayers).
const SandboxLayers = "sandbox-layers"

// ownPlace is a name permguard keeps in one of its own directories.
type ownPlace struct {
	name string
	want safefile.Want
}

// configPlaces are what permguard keeps in its configuration directory
// besides the settings file, which is checked where it is read
// (settings.Load): it may be a link to a file of the user's.
var configPlaces = []ownPlace{
	{settings.LockName(settings.FileName), safefile.File},
}

// statePlaces are what permguard keeps in its state directory. Every one
// is checked before a call is judged: one that is not the user's alone
// could grant a session a level, trust a project file, or receive what
// the audit log says.
var statePlaces = []ownPlace{
	{settings.SessionsFile, safefile.File},
	{settings.LockName(settings.SessionsFile), safefile.File},
	{settings.TrustFile, safefile.File},
	{settings.LockName(settings.TrustFile), safefile.File},
	{audit.FileName, safefile.File},
	{audit.FileName + ".1", safefile.File},
	{SandboxLayers, safefile.Dir},
}

// ConfigProblems returns every way permguard's configuration directory,
// and what it keeps there, is not the user's alone, each a
// *safefile.UnsafeError with its fix. A directory not made yet has none.
func ConfigProblems(dir string) []error { return ownProblems(dir, configPlaces) }

// StateProblems is [ConfigProblems] for the state directory.
func StateProblems(dir string) []error { return ownProblems(dir, statePlaces) }

func ownProblems(dir string, places []ownPlace) []error {
	var out []error
	if err := safefile.CheckPlace(dir, safefile.LinkedDir); err != nil {
		out = append(out, err)
	}
	for _, p := range places {
		if err := safefile.CheckPlace(filepath.Join(dir, p.name), p.want); err != nil {
			out = append(out, err)
		}
	}
	return out
}

// firstProblem is the first of problems, or nil.
func firstProblem(problems []error) error {
	if len(problems) == 0 {
		return nil
	}
	return problems[0]
}
