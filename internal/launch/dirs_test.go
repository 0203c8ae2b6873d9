package launch

import (
	"slices"
	"testing"

	"github.com/agent-permguard/permguard/internal/guard"
)

// envFunc is a Getenv over a fixed map.
func envFunc(env map[string]string) func(string) string {
	return func(k string) string { return env[k] }
}

// TestCacheDirs: the caches a sandboxed build may write, from the
// variables that move them, and never the home directory, a parent of it,
// or permguard's own settings (issue 16).
func TestCacheDirs(t *testing.T) {
	tests := []struct {
		name      string
		env       map[string]string
		workspace string
		want      []string
	}{
		{name: "defaults", env: map[string]string{"HOME": "/home/u"},
			want: []string{"/home/u/.cache", "/home/u/go/pkg/mod", "/home/u/.npm", "/home/u/.cargo/registry", "/home/u/.cargo/git"}},
		{name: "moved by their variables", env: map[string]string{"HOME": "/home/u", "XDG_CACHE_HOME": "/c", "GOCACHE": "/runner/go-build",
			"GOPATH": "/gp:/other", "npm_config_cache": "/n", "PIP_CACHE_DIR": "/p", "CARGO_HOME": "/cargo"},
			want: []string{"/c", "/runner/go-build", "/gp/pkg/mod", "/n", "/p", "/cargo/registry", "/cargo/git"}},
		{name: "GOMODCACHE over GOPATH", env: map[string]string{"HOME": "/home/u", "GOMODCACHE": "/m", "GOPATH": "/gp"},
			want: []string{"/home/u/.cache", "/m", "/home/u/.npm", "/home/u/.cargo/registry", "/home/u/.cargo/git"}},
		{name: "relative values are ignored", env: map[string]string{"HOME": "/home/u", "GOCACHE": "cache", "XDG_CACHE_HOME": "x"},
			want: []string{"/home/u/.cache", "/home/u/go/pkg/mod", "/home/u/.npm", "/home/u/.cargo/registry", "/home/u/.cargo/git"}},
		{name: "never home, a parent of it, the root or permguard's settings", env: map[string]string{"HOME": "/home/u",
			"GOCACHE": "/home/u", "XDG_CACHE_HOME": "/home/u/.config", "npm_config_cache": "/home", "PIP_CACHE_DIR": "/", "GOMODCACHE": "/home/u/.local/state", "PERMGUARD_STATE_DIR": "/home/u/.local/state/permguard"},
			want: []string{"/home/u/.cargo/registry", "/home/u/.cargo/git"}},
		{name: "no home: only what the variables say", env: map[string]string{"GOCACHE": "/g"}, want: []string{"/g"}},
		{name: "never a cache that holds the workspace", env: map[string]string{"HOME": "/home/u", "GOCACHE": "/g"}, workspace: "/home/u/.cache/proj",
			want: []string{"/g", "/home/u/go/pkg/mod", "/home/u/.npm", "/home/u/.cargo/registry", "/home/u/.cargo/git"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			getenv := envFunc(tt.env)
			got := cacheDirs(guard.ReadEnv(getenv), getenv, tt.workspace)
			if !slices.Equal(got, tt.want) {
				t.Errorf("cacheDirs = %q, want %q", got, tt.want)
			}
		})
	}
}
