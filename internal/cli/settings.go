package cli

import (
	"fmt"
	"io"
	"time"

	"github.com/permguard/permguard/internal/settings"
)

// settingsEnv is what loading the settings needs from the process.
type settingsEnv struct {
	Getenv func(string) string
	Now    func() time.Time
	ErrOut io.Writer
}

// settingsOptions turns the environment into settings.Options. It is the
// one place that reads PERMGUARD_MANAGED_FILE, PERMGUARD_LEVEL and
// PERMGUARD_MODE.
func settingsOptions(env settingsEnv, workspace, flagLevel string, sess settings.Session) (settings.Options, []string) {
	var warnings []string
	o := settings.Options{
		ManagedFile: env.Getenv("PERMGUARD_MANAGED_FILE"),
		Workspace:   workspace,
		FlagLevel:   flagLevel,
		EnvLevel:    env.Getenv("PERMGUARD_LEVEL"),
		EnvMode:     env.Getenv("PERMGUARD_MODE"),
		Now:         env.Now,

		SessionLevel: sess.Level,
		SessionMode:  sess.Mode,
	}
	var err error
	if o.ConfigDir, err = ConfigDir(env.Getenv); err != nil {
		warnings = append(warnings, fmt.Sprintf("%v; your settings are not read, using defaults", err))
	}
	if o.StateDir, err = StateDir(env.Getenv); err != nil {
		warnings = append(warnings, fmt.Sprintf("%v; no project file is trusted", err))
	}
	return o, warnings
}

// loadSettings loads the settings and prints every problem as a warning.
// It never fails: what cannot be read is reported and left out.
func loadSettings(env settingsEnv, workspace, flagLevel string, sess settings.Session) *settings.Effective {
	o, warnings := settingsOptions(env, workspace, flagLevel, sess)
	for _, w := range warnings {
		warnf(env.ErrOut, "%s", w)
	}
	e, problems := settings.Load(o)
	for _, p := range problems {
		warnf(env.ErrOut, "%s", printable(p.String()))
	}
	return e
}
