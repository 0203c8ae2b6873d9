package cli

import (
	"fmt"
	"os"
	"strings"

	"github.com/permguard/permguard/internal/hook"
	"github.com/permguard/permguard/internal/settings"
)

// sessionID names the session a call belongs to (issue 5): the agent's own
// session id from the hook payload; else $PERMGUARD_SESSION; else the
// process that ran permguard (the shell a person types in, or the agent),
// identified with its start time so that a reused pid is a new session.
// The prefixes keep the three kinds apart.
func sessionID(call *hook.Call, getenv func(string) string, parent func() string) string {
	if call != nil && call.SessionID != "" {
		return "agent:" + string(call.Agent) + ":" + call.SessionID
	}
	if s := getenv("PERMGUARD_SESSION"); s != "" {
		return "env:" + s
	}
	if parent != nil {
		if p := parent(); p != "" {
			return "process:" + p
		}
	}
	return ""
}

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
// mode): $PERMGUARD_SESSION, else the shell.
func (s settingsIO) session() (id string, sess settings.Session, stateDir string) {
	id = sessionID(nil, s.Getenv, s.Parent)
	dir, err := StateDir(s.Getenv)
	if err != nil || id == "" {
		return id, settings.Session{}, ""
	}
	sess, p := settings.ReadSession(dir, id, s.Now())
	if p != nil {
		warnf(s.IO.ErrOut, "%s", printable(p.String()))
	}
	return id, sess, dir
}
