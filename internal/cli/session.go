package cli

import (
	"fmt"
	"os"
	"strings"

	"github.com/agent-permguard/permguard/internal/guard"
	"github.com/agent-permguard/permguard/internal/settings"
)

// parentProcess identifies our parent process: its pid and, where /proc
// says, its start time in clock ticks since boot.
func parentProcess() string {
	ppid := os.Getppid()
	if ppid <= 1 {
		return "" // orphaned: no session to speak of
	}
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", ppid))
	if err != nil {
		return fmt.Sprint(ppid)
	}
	// "pid (comm) state ppid ... starttime": comm may hold spaces and
	// parentheses, so count from the last ')'. starttime is field 22,
	// the 20th after the comm.
	s := string(data)
	if i := strings.LastIndexByte(s, ')'); i >= 0 {
		if f := strings.Fields(s[i+1:]); len(f) >= 20 {
			return fmt.Sprintf("%d@%s", ppid, f[19])
		}
	}
	return fmt.Sprint(ppid)
}

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
