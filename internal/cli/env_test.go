package cli

import (
	"path/filepath"
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
