package guard

import (
	"strings"
	"testing"

	"github.com/agent-permguard/permguard/internal/hook"
)

// TestReadEnv checks what is read, and that a relative path is never
// taken: it would depend on the directory the agent chose.
func TestReadEnv(t *testing.T) {
	env := map[string]string{
		"HOME": "/home/u/", "TMPDIR": "tmp", "PERMGUARD_NO_PROMPT": "0", "PERMGUARD_ACCESSIBLE": "1",
		"PERMGUARD_LEVEL": "medium", "PERMGUARD_SESSION": "s", "CLAUDE_PROJECT_DIR": "/w/p/", "GEMINI_PROJECT_DIR": "rel",
	}
	e := ReadEnv(func(k string) string { return env[k] })
	if e.Home != "/home/u" || e.TempDir != "" || e.NoPrompt || !e.Accessible || e.Level != "medium" || e.Session != "s" {
		t.Errorf("ReadEnv = %+v", e)
	}
	if e.ConfigDir != "/home/u/.config/permguard" || e.StateDir != "/home/u/.local/state/permguard" {
		t.Errorf("directories %q, %q", e.ConfigDir, e.StateDir)
	}
	if e.ProjectDirs[hook.Claude] != "/w/p" || e.ProjectDirs[hook.Gemini] != "" {
		t.Errorf("project directories %v", e.ProjectDirs)
	}
	if e := ReadEnv(func(k string) string { return map[string]string{"TERM": "dumb", "PERMGUARD_NO_PROMPT": "yes"}[k] }); !e.Accessible || !e.NoPrompt || e.ConfigDirErr == nil {
		t.Errorf("ReadEnv with TERM=dumb and no HOME = %+v", e)
	}
}

// TestSessionID checks the order: the agent's session, then
// PERMGUARD_SESSION, then the parent process.
func TestSessionID(t *testing.T) {
	tests := []struct {
		name, session, env, parent, want string
	}{
		{"payload first", "abc", "mine", "42@1000", "agent:claude:abc"},
		{"then PERMGUARD_SESSION", "", "mine", "42@1000", "env:mine"},
		{"then the parent", "", "", "42@1000", "process:42@1000"},
		{"else none", "", "", "", ""},
	}
	for _, tt := range tests {
		if got := SessionID(hook.Claude, tt.session, Env{Session: tt.env}, tt.parent); got != tt.want {
			t.Errorf("%s: SessionID = %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestConfigDir(t *testing.T) {
	tests := []struct {
		name    string
		env     map[string]string
		want    string
		wantErr string
	}{
		{name: "own variable wins", env: map[string]string{"PERMGUARD_CONFIG_DIR": "/cfg/pg/", "XDG_CONFIG_HOME": "/xdg", "HOME": "/home/u"}, want: "/cfg/pg"},
		{name: "own variable must be absolute", env: map[string]string{"PERMGUARD_CONFIG_DIR": "cfg", "HOME": "/home/u"}, wantErr: `PERMGUARD_CONFIG_DIR="cfg" is not an absolute path`},
		{name: "xdg", env: map[string]string{"XDG_CONFIG_HOME": "/xdg", "HOME": "/home/u"}, want: "/xdg/permguard"},
		{name: "relative xdg is ignored", env: map[string]string{"XDG_CONFIG_HOME": "xdg", "HOME": "/home/u"}, want: "/home/u/.config/permguard"},
		{name: "home", env: map[string]string{"HOME": "/home/u"}, want: "/home/u/.config/permguard"},
		{name: "nothing set", env: map[string]string{}, wantErr: "set PERMGUARD_CONFIG_DIR"},
		{name: "relative home", env: map[string]string{"HOME": "home"}, wantErr: "set PERMGUARD_CONFIG_DIR"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ConfigDir(func(k string) string { return tt.env[k] })
			checkDir(t, "ConfigDir", got, err, tt.want, tt.wantErr)
		})
	}
}

func TestStateDir(t *testing.T) {
	tests := []struct {
		name    string
		env     map[string]string
		want    string
		wantErr string
	}{
		{name: "own variable wins", env: map[string]string{"PERMGUARD_STATE_DIR": "/st", "XDG_STATE_HOME": "/xdg", "HOME": "/home/u"}, want: "/st"},
		{name: "own variable must be absolute", env: map[string]string{"PERMGUARD_STATE_DIR": "./st"}, wantErr: `PERMGUARD_STATE_DIR="./st" is not an absolute path`},
		{name: "xdg", env: map[string]string{"XDG_STATE_HOME": "/xdg/state", "HOME": "/home/u"}, want: "/xdg/state/permguard"},
		{name: "home", env: map[string]string{"HOME": "/home/u"}, want: "/home/u/.local/state/permguard"},
		{name: "config variable does not move state", env: map[string]string{"PERMGUARD_CONFIG_DIR": "/cfg", "HOME": "/home/u"}, want: "/home/u/.local/state/permguard"},
		{name: "nothing set", env: map[string]string{}, wantErr: "set PERMGUARD_STATE_DIR"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := StateDir(func(k string) string { return tt.env[k] })
			checkDir(t, "StateDir", got, err, tt.want, tt.wantErr)
		})
	}
}

func checkDir(t *testing.T, fn, got string, err error, want, wantErr string) {
	t.Helper()
	if wantErr != "" {
		if err == nil || !strings.Contains(err.Error(), wantErr) {
			t.Fatalf("%s() = %q, %v; want error containing %q", fn, got, err, wantErr)
		}
		return
	}
	if err != nil || got != want {
		t.Fatalf("%s() = %q, %v; want %q, nil", fn, got, err, want)
	}
}

// TestPathVars checks the variables passed on for resolving paths: only
// usable values, and permguard's own directories where they really are.
func TestPathVars(t *testing.T) {
	env := map[string]string{
		"HOME": "/home/u", "USER": "u", "LOGNAME": "a/b", "XDG_CONFIG_HOME": "/xdg/", "XDG_CACHE_HOME": "rel",
		"PWD": "/home/u/proj", "TMPDIR": "/tmp/u",
	}
	e := ReadEnv(func(k string) string { return env[k] })
	want := map[string]string{"HOME": "/home/u", "USER": "u", "XDG_CONFIG_HOME": "/xdg", "PWD": "/home/u/proj", "TMPDIR": "/tmp/u"}
	if len(e.PathVars) != len(want) {
		t.Errorf("PathVars = %v, want %v", e.PathVars, want)
	}
	for k, v := range want {
		if e.PathVars[k] != v {
			t.Errorf("PathVars[%s] = %q, want %q", k, e.PathVars[k], v)
		}
	}
	vars := pathVars(e)
	if vars["PERMGUARD_CONFIG_DIR"] != "/xdg/permguard" || vars["PERMGUARD_STATE_DIR"] != "/home/u/.local/state/permguard" {
		t.Errorf("pathVars = %v", vars)
	}
}
