package guard

import (
	"errors"
	"fmt"

	"github.com/agent-permguard/permguard/internal/safefile"
	"github.com/agent-permguard/permguard/internal/settings"
)

// SettingsOptions turns the environment into settings.Options, with the
// warnings about directories that could not be found.
func SettingsOptions(env Env, workspace, flagLevel string, sess settings.Session, deps Deps) (settings.Options, []string) {
	var warnings []string
	o := settings.Options{
		ManagedFile: env.ManagedFile,
		Workspace:   workspace,
		FlagLevel:   flagLevel,
		EnvLevel:    env.Level,
		EnvMode:     env.Mode,
		Now:         deps.now,

		SessionLevel: sess.Level,
		SessionMode:  sess.Mode,
	}
	var unsafe *safefile.UnsafeError
	switch {
	case errors.As(env.ConfigDirErr, &unsafe):
		o.UnsafeConfig = env.ConfigDirErr // a cap, with its own warning
	case env.ConfigDirErr != nil:
		warnings = append(warnings, fmt.Sprintf("%v; your settings are not read, using defaults", env.ConfigDirErr))
	default:
		o.ConfigDir = env.ConfigDir
	}
	switch {
	case errors.As(env.StateDirErr, &unsafe):
		o.UnsafeState = env.StateDirErr
	case env.StateDirErr != nil:
		warnings = append(warnings, fmt.Sprintf("%v; no project file is trusted", env.StateDirErr))
	default:
		o.StateDir = env.StateDir
	}
	return o, warnings
}

// LoadSettings loads the settings in force in workspace and prints every
// problem as a warning. It never fails: what cannot be read is reported
// and left out.
func LoadSettings(env Env, workspace, flagLevel string, sess settings.Session, deps Deps) *settings.Effective {
	o, warnings := SettingsOptions(env, workspace, flagLevel, sess, deps)
	for _, w := range warnings {
		warnf(deps.errOut(), "%s", w)
	}
	e, problems := settings.Load(o)
	for _, p := range problems {
		warnf(deps.errOut(), "%s", Printable(p.String()))
	}
	return e
}
