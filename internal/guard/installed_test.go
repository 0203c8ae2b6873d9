package guard

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/agent-permguard/permguard/internal/classify"
	"github.com/agent-permguard/permguard/internal/hook"
)

func TestInstalledPrograms(t *testing.T) {
	tests := []struct {
		name    string
		bins    []string
		pkgJSON string
		want    []string
	}{
		{name: "nothing installed", want: nil},
		{name: "bins only", bins: []string{"vitest", "tsc"}, want: []string{"tsc", "vitest"}},
		{
			name:    "dependencies and devDependencies, not peer or optional",
			pkgJSON: `{"dependencies":{"react":"^18"},"devDependencies":{"typescript":"^5"},"peerDependencies":{"vue":"3"},"optionalDependencies":{"fsevents":"2"}}`,
			want:    []string{"react", "typescript"},
		},
		{name: "both, once each", bins: []string{"eslint"}, pkgJSON: `{"devDependencies":{"eslint":"^9"}}`, want: []string{"eslint"}},
		{name: "bad package.json keeps the bins", bins: []string{"jest"}, pkgJSON: `{"devDependencies":`, want: []string{"jest"}},
		{
			name:    "package.json past its budget is not read",
			pkgJSON: `{"devDependencies":{"vitest":"1"},"x":"` + strings.Repeat("a", maxPackageJSON) + `"}`,
			want:    nil,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			if len(tt.bins) > 0 {
				bin := filepath.Join(dir, "node_modules", ".bin")
				if err := os.MkdirAll(bin, 0o755); err != nil {
					t.Fatal(err)
				}
				for _, b := range tt.bins {
					if err := os.WriteFile(filepath.Join(bin, b), nil, 0o755); err != nil {
						t.Fatal(err)
					}
				}
			}
			if tt.pkgJSON != "" {
				if err := os.WriteFile(filepath.Join(dir, "package.json"), []byte(tt.pkgJSON), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if got := installedPrograms(dir); !slices.Equal(got, tt.want) {
				t.Errorf("installedPrograms() = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestInstalledReachesClassify: npx of a program the workspace has
// installed is judged as that program; the same call in a workspace
// without it stays a download.
func TestInstalledReachesClassify(t *testing.T) {
	with, without := t.TempDir(), t.TempDir()
	if err := os.WriteFile(filepath.Join(with, "package.json"), []byte(`{"devDependencies":{"vitest":"^2"}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	env := ReadEnv(func(string) string { return "" })
	for _, tc := range []struct {
		dir  string
		want classify.Level
	}{{with, classify.Medium}, {without, classify.High}} {
		call := &hook.Call{Kind: hook.KindShell, Command: "npx vitest run"}
		ce, err := classifyEnv(Request{Cwd: tc.dir, Wd: tc.dir}, call, env)
		if err != nil {
			t.Fatal(err)
		}
		if v := classify.Classify(call.Command, ce); v.Level != tc.want {
			t.Errorf("in %s: Classify(%q) = %v, want %v", tc.dir, call.Command, v.Level, tc.want)
		}
	}
	// pnpm NAME of a program the tables do not know, which the project
	// has: code nobody has seen (boxed), where without it the word is a
	// script not known (issue 29's red team: the relaxation was never
	// reached, since node_modules was not read for pnpm)
	if err := os.WriteFile(filepath.Join(with, "package.json"), []byte(`{"devDependencies":{"vitest":"^2","@glint/core":"^1"}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(with, "node_modules", ".bin"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(with, "node_modules", ".bin", "glint"), []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		dir     string
		besides classify.Level
	}{{with, classify.Minimal}, {without, classify.High}} {
		call := &hook.Call{Kind: hook.KindShell, Command: "pnpm glint -p jsconfig.json"}
		ce, err := classifyEnv(Request{Cwd: tc.dir, Wd: tc.dir}, call, env)
		if err != nil {
			t.Fatal(err)
		}
		if v := classify.Classify(call.Command, ce); v.LevelBesidesUnseen() != tc.besides {
			t.Errorf("in %s: Classify(%q) besides unseen code = %v, want %v", tc.dir, call.Command, v.LevelBesidesUnseen(), tc.besides)
		}
	}
	// an MCP call whose argument runs it is judged with the same
	// knowledge (a command argument is judged as the shell call would be)
	call := &hook.Call{Kind: hook.KindMCP, Tool: "mcp__dc__execute_command", MCPServer: "dc", MCPTool: "execute_command",
		MCPArgs: []hook.MCPArg{{Key: "command", Value: "npx vitest run"}}}
	ce, err := classifyEnv(Request{Cwd: with, Wd: with}, call, env)
	if err != nil || !slices.Contains(ce.Installed, "vitest") {
		t.Errorf("an MCP call running npx vitest: installed %q (%v), want vitest among them", ce.Installed, err)
	}
}

// The project's node_modules is read only for a command that may launch
// an installed program, not for every npm or bun command.
func TestMayLaunch(t *testing.T) {
	for src, want := range map[string]bool{
		"npx vitest":                   true,
		"bunx vitest":                  true,
		"npm exec eslint .":            true,
		"npm --prefix web exec eslint": true,
		"npm x -- tsc":                 true,
		"bun x eslint":                 true,
		"pnpm glint":                   true,
		"yarn glint":                   true,
		"npm test":                     false,
		"npm run build && bun install": false,
		"go test ./... && cargo build": false,
	} {
		if got := mayLaunch(src); got != want {
			t.Errorf("mayLaunch(%q) = %v, want %v", src, got, want)
		}
	}
}
