package cli

import (
	"github.com/agent-permguard/permguard/internal/guard"
	"github.com/agent-permguard/permguard/internal/settings"
)

// session is the session of a command typed in a shell (permguard level,
// mode): $PERMGUARD_SESSION, else the shell. stateDir is "" when the
// state directory cannot be used, and stateErr says why.
func (s settingsIO) session() (id string, sess settings.Session, stateDir string, stateErr error) {
	env := guard.ReadEnv(s.Getenv)
	parent := ""
	if s.Parent != nil {
		parent = s.Parent()
	}
	id = guard.SessionID("", "", env, parent)
	if env.StateDirErr != nil || id == "" {
		return id, settings.Session{}, "", env.StateDirErr
	}
	return id, guard.ReadSession(env, id, guard.Deps{Now: s.Now, ErrOut: s.IO.ErrOut}), env.StateDir, nil
}
