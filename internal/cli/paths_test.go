package cli

import (
	"path/filepath"
	"strings"
	"testing"
)

// envFunc returns a Getenv over kv. Unless kv names one, the managed
// settings file is one that does not exist, so no test reads the
// machine's /etc/permguard.
func envFunc(kv map[string]string) func(string) string {
	return func(k string) string {
		if v, ok := kv[k]; ok {
			return v
		}
		switch k {
		case "PERMGUARD_MANAGED_FILE":
			return "/nonexistent/permguard/settings.json"
		case "PERMGUARD_STATE_DIR":
			// nothing can be created under /dev/null, not even by root: a
			// test that writes state (the audit log, sessions) must name a
			// directory of its own, and never writes to the real HOME
			return "/dev/null/permguard-state"
		}
		return ""
	}
}

// withState returns env with a state directory of the test's own, unless
// env names one.
func withState(t *testing.T, env map[string]string) map[string]string {
	out := map[string]string{"PERMGUARD_STATE_DIR": filepath.Join(t.TempDir(), "state")}
	for k, v := range env {
		out[k] = v
	}
	return out
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
