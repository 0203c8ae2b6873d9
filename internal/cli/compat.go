package cli

import (
	"fmt"
	"io"
	"time"

	"github.com/permguard/permguard/internal/guard"
	"github.com/permguard/permguard/internal/settings"
)

// ConfigDir and StateDir are guard's (see guard.ConfigDir).
var (
	ConfigDir = guard.ConfigDir
	StateDir  = guard.StateDir
)

// settingsEnv is what loading the settings needs from the process.
type settingsEnv struct {
	Getenv func(string) string
	Now    func() time.Time
	ErrOut io.Writer
}

// loadSettings loads the settings in force in workspace, printing every
// problem as a warning (see guard.LoadSettings).
func loadSettings(env settingsEnv, workspace, flagLevel string, sess settings.Session) *settings.Effective {
	return guard.LoadSettings(guard.ReadEnv(env.Getenv), workspace, flagLevel, sess, guard.Deps{Now: env.Now, ErrOut: env.ErrOut})
}

// warnf prints a "permguard: warning:" line.
func warnf(w io.Writer, format string, args ...any) {
	fmt.Fprintf(w, "permguard: warning: "+format+"\n", args...)
}

// promptDisabled reports PERMGUARD_NO_PROMPT set to anything but 0.
func promptDisabled(getenv func(string) string) bool { return guard.ReadEnv(getenv).NoPrompt }

// accessible reports whether the plain-text prompt is wanted.
func accessible(getenv func(string) string) bool { return guard.ReadEnv(getenv).Accessible }
