package guard

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/agent-permguard/permguard/internal/classify"

	"github.com/agent-permguard/permguard/internal/hook"
)

// Env is everything permguard takes from the environment, read once by
// [ReadEnv]. Paths are absolute and clean, or empty.
type Env struct {
	Home string // $HOME, when absolute

	// ConfigDir holds the global settings; StateDir sessions, trust and
	// the audit log. When one cannot be found, its error says why; when
	// it, or what permguard keeps in it, is not the user's alone (see
	// [ConfigProblems]), the directory is set and its error is a
	// *safefile.UnsafeError: it is not used, and the level is capped at
	// minimal.
	ConfigDir    string
	ConfigDirErr error
	StateDir     string
	StateDirErr  error

	ManagedFile string // $PERMGUARD_MANAGED_FILE: "" means the default
	Level       string // $PERMGUARD_LEVEL, as given
	Mode        string // $PERMGUARD_MODE, as given
	Session     string // $PERMGUARD_SESSION
	NoPrompt    bool   // $PERMGUARD_NO_PROMPT set to anything but 0
	Accessible  bool   // $PERMGUARD_ACCESSIBLE set, or TERM=dumb: the plain-text prompt
	TempDir     string // $TMPDIR, when absolute
	Path        string // $PATH, for exec's lookup

	// ProjectDirs maps an agent to the project directory it names in its
	// own variable ($CLAUDE_PROJECT_DIR, ...), when absolute.
	ProjectDirs map[hook.Agent]string

	// AgentDirs maps the variables that move an agent's own directory
	// ($PI_CODING_AGENT_DIR, $XDG_CONFIG_HOME, $CODEX_HOME; see
	// [hook.InstallTarget.UserDirVar], [hook.Protect.Vars] and
	// [hook.Secrets.Vars]) to their
	// values, when absolute: the
	// agent's files there are protected too.
	AgentDirs map[string]string

	// PathVars maps the variables paths are spelled with
	// ([classify.PathVars]: $USER, $XDG_CONFIG_HOME, $PWD, ...) to their
	// values, when set and usable: directories absolute, names plain.
	PathVars map[string]string
}

// ReadEnv reads the environment through getenv, and checks that the
// directories of permguard's own it names are the user's alone.
func ReadEnv(getenv func(string) string) Env {
	e := Env{
		ManagedFile: getenv("PERMGUARD_MANAGED_FILE"),
		Level:       getenv("PERMGUARD_LEVEL"),
		Mode:        getenv("PERMGUARD_MODE"),
		Session:     getenv("PERMGUARD_SESSION"),
		NoPrompt:    set(getenv("PERMGUARD_NO_PROMPT")),
		Accessible:  getenv("TERM") == "dumb" || set(getenv("PERMGUARD_ACCESSIBLE")),
		TempDir:     absolute(getenv("TMPDIR")),
		Path:        getenv("PATH"),
		Home:        absolute(getenv("HOME")),
	}
	e.ConfigDir, e.ConfigDirErr = ConfigDir(getenv)
	e.StateDir, e.StateDirErr = StateDir(getenv)
	for _, a := range hook.Agents() {
		if v := a.ProjectDirVar(); v != "" {
			if d := absolute(getenv(v)); d != "" {
				if e.ProjectDirs == nil {
					e.ProjectDirs = map[hook.Agent]string{}
				}
				e.ProjectDirs[a] = d
			}
		}
	}
	for _, v := range slices.Concat(hook.UserDirVars(), hook.ProtectVars(), hook.SecretVars()) {
		if d := absolute(getenv(v)); d != "" {
			if e.AgentDirs == nil {
				e.AgentDirs = map[string]string{}
			}
			e.AgentDirs[v] = d
		}
	}
	for _, v := range classify.PathVars {
		val := getenv(v)
		switch v {
		case "USER", "LOGNAME":
			if strings.ContainsAny(val, "/ \t\n") {
				val = ""
			}
		default:
			val = absolute(val)
		}
		if val != "" {
			if e.PathVars == nil {
				e.PathVars = map[string]string{}
			}
			e.PathVars[v] = val
		}
	}
	return e
}

// set reports a flag variable that is set to anything but 0.
func set(v string) bool { return v != "" && v != "0" }

func absolute(p string) string {
	if !filepath.IsAbs(p) {
		return ""
	}
	return filepath.Clean(p)
}

// ConfigDir returns the directory that holds permguard's global settings
// (design §5). Precedence, highest first:
//  1. $PERMGUARD_CONFIG_DIR, which must be absolute;
//  2. $XDG_CONFIG_HOME/permguard (a relative XDG_CONFIG_HOME is ignored, as
//     the XDG spec says);
//  3. $HOME/.config/permguard.
//
// A directory that is not the user's alone is returned with the first of
// its [ConfigProblems].
func ConfigDir(getenv func(string) string) (string, error) {
	dir, err := resolveDir(getenv, "PERMGUARD_CONFIG_DIR", "XDG_CONFIG_HOME", ".config")
	if err != nil {
		return "", err
	}
	return dir, firstProblem(ConfigProblems(dir))
}

// StateDir returns the directory that holds permguard's state: sessions and
// the audit log. Precedence, highest first: $PERMGUARD_STATE_DIR (absolute),
// $XDG_STATE_HOME/permguard, $HOME/.local/state/permguard. A directory
// that is not the user's alone is returned with the first of its
// [StateProblems].
func StateDir(getenv func(string) string) (string, error) {
	dir, err := resolveDir(getenv, "PERMGUARD_STATE_DIR", "XDG_STATE_HOME", filepath.Join(".local", "state"))
	if err != nil {
		return "", err
	}
	return dir, firstProblem(StateProblems(dir))
}

func resolveDir(getenv func(string) string, ownVar, xdgVar, homeSubdir string) (string, error) {
	if dir := getenv(ownVar); dir != "" {
		// A relative path would depend on the directory permguard runs in,
		// which the agent chooses.
		if !filepath.IsAbs(dir) {
			return "", fmt.Errorf("%s=%q is not an absolute path", ownVar, dir)
		}
		return filepath.Clean(dir), nil
	}
	if dir := getenv(xdgVar); dir != "" && filepath.IsAbs(dir) {
		return filepath.Join(dir, "permguard"), nil
	}
	home := getenv("HOME")
	if home == "" || !filepath.IsAbs(home) {
		return "", fmt.Errorf("cannot find permguard's directory: set %s, or HOME to an absolute path", ownVar)
	}
	return filepath.Join(home, homeSubdir, "permguard"), nil
}
