package guard

import (
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"

	"github.com/agent-permguard/permguard/internal/classify"
	"github.com/agent-permguard/permguard/internal/hook"
)

// classifyEnv returns where call runs. The workspace is --cwd, else the
// project the agent names, else the call's cwd, else the current
// directory. The call's own cwd, when it is elsewhere, is where the command
// starts.
func classifyEnv(req Request, call *hook.Call, env Env) (classify.Env, error) {
	var ce classify.Env
	absolute := func(dir, what string) (string, error) {
		if strings.ContainsRune(dir, 0) {
			// no path holds one: the call names a place nothing can be
			// judged in, and the quoting of a rewrite could not carry it
			return "", fmt.Errorf("bad %s: it holds a NUL byte, which no path can", what)
		}
		if filepath.IsAbs(dir) {
			return filepath.Clean(dir), nil
		}
		if req.WdErr != nil {
			return "", fmt.Errorf("bad %s: cannot resolve %q: %w", what, dir, req.WdErr)
		}
		return filepath.Join(req.Wd, dir), nil
	}
	cwd := ""
	if call.Cwd != "" {
		c, err := absolute(call.Cwd, "cwd in the tool call")
		if err != nil {
			return ce, err
		}
		cwd = c
	}
	project := projectDir(call, env)
	switch {
	case req.Cwd != "":
		ws, err := absolute(req.Cwd, "--cwd")
		if err != nil {
			return ce, err
		}
		ce.Workspace = ws
	case project != "":
		ce.Workspace = project
	case cwd != "":
		ce.Workspace = cwd
	case req.WdErr == nil:
		ce.Workspace = filepath.Clean(req.Wd)
	}
	// An unknown workspace stays empty: every path is then outside it.
	start := cwd
	if call.Dir != "" {
		if strings.ContainsRune(call.Dir, 0) {
			return ce, fmt.Errorf("bad directory in the tool call: it holds a NUL byte, which no path can")
		}
		base := start
		if base == "" {
			base = ce.Workspace
		}
		if filepath.IsAbs(call.Dir) {
			start = filepath.Clean(call.Dir)
		} else if base != "" {
			start = filepath.Join(base, call.Dir)
		}
	}
	if start != "" && start != ce.Workspace {
		ce.Cwd = start
	}

	ce.Home = env.Home
	ce.Vars = pathVars(env)
	// /dev/shm is a tmpfs anyone may write, as /tmp is
	ce.TempDirs = []string{"/tmp", "/var/tmp", "/dev/shm"}
	if tmp := env.TempDir; tmp != "" && tmp != "/tmp" && tmp != "/var/tmp" {
		ce.TempDirs = append(ce.TempDirs, tmp)
	}
	// Where permguard keeps its settings and state, when they are not in
	// the default places the classifier already protects.
	for _, d := range []string{env.ConfigDir, env.StateDir} {
		if d != "" && !isDefaultOwnDir(d, ce.Home) {
			ce.OwnDirs = append(ce.OwnDirs, d)
		}
	}
	ce.Protected = protectedPaths(env, req.Self)
	ce.GuardVars = hook.GuardVars()
	ce.Secrets = secretPaths(env)
	ce.AgentFootholds = hook.AgentFootholds()
	if call.Over != nil {
		// past a limit: nothing is judged, so nothing is read for it
		return ce, nil
	}
	// what the call may run: the command, or an MCP tool's arguments,
	// which may be commands judged as the same text in a shell call
	src := call.Command
	switch call.Kind {
	case hook.KindShell:
	case hook.KindMCP:
		src = mcpText(call)
	default:
		return ce, nil
	}
	if mayLaunch(src) {
		dir := ce.Cwd
		if dir == "" {
			dir = ce.Workspace
		}
		ce.Installed = installedPrograms(dir)
	}
	if mayExtract(src) {
		dir := ce.Cwd
		if dir == "" {
			dir = ce.Workspace
		}
		ce.Archives = archivesOf(src, dir, ce.Workspace)
	}
	return ce, nil
}

// mcpText is an MCP call's argument values, one a line.
func mcpText(call *hook.Call) string {
	var b strings.Builder
	for _, a := range call.MCPArgs {
		b.WriteString(a.Value)
		b.WriteByte('\n')
	}
	return b.String()
}

// protectedPaths lists the files whose change could switch the guard off,
// from the hook registry: every agent install knows, in the user's
// directories and in any project. An agent that can be installed is
// protected by the same release.
func protectedPaths(env Env, self string) []classify.ProtectedPath {
	// sized up front (each user entry under two bases at most), as every
	// hook call builds this list
	size := 1 + strings.Count(env.Path, string(filepath.ListSeparator)) + 1
	for _, d := range hook.Dialects() {
		for _, t := range d.Targets {
			size += 2*len(t.Protect.User) + len(t.Protect.Project) + 3 // + the entry's own files
			for _, ps := range t.Protect.Vars {
				size += len(ps)
			}
		}
	}
	out := make([]classify.ProtectedPath, 0, size)
	add := func(p, what string, writeOnly bool) {
		tree := strings.HasSuffix(p, "/")
		out = append(out, classify.ProtectedPath{Path: filepath.Clean(p), Tree: tree, What: what, WriteOnly: writeOnly})
	}
	for _, d := range hook.Dialects() {
		for _, t := range d.Targets {
			// the agent reads the directory its variable names, and the
			// default when the variable is unset in its own environment,
			// which may differ from the hook's: both count
			var bases []string
			if env.Home != "" {
				bases = append(bases, filepath.Join(env.Home, t.UserDir))
			}
			if v := env.AgentDirs[t.UserDirVar]; t.UserDirVar != "" && v != "" {
				bases = append(bases, v)
			}
			// the file that holds permguard's own entry, whatever the
			// entries below say about the directory around it
			for _, b := range bases {
				if t.User != "" {
					add(filepath.Join(b, t.User), t.Protect.What, false)
				}
			}
			if t.Project != "" {
				add(t.Project, t.Protect.What, false)
			}
			for _, u := range t.Protect.User {
				for _, b := range bases {
					add(filepath.Join(b, u)+trailingSlash(u), t.Protect.What, slices.Contains(t.Protect.WriteOnly, u))
				}
			}
			for _, p := range t.Protect.Project {
				add(p, t.Protect.What, slices.Contains(t.Protect.WriteOnly, p))
			}
			for _, v := range slices.Sorted(maps.Keys(t.Protect.Vars)) {
				if d := env.AgentDirs[v]; d != "" {
					for _, p := range t.Protect.Vars[v] {
						add(filepath.Join(d, p)+trailingSlash(p), t.Protect.What, slices.Contains(t.Protect.WriteOnly, p))
					}
				}
			}
		}
	}
	if filepath.IsAbs(self) {
		add(self, "permguard's own program", false)
	}
	// A repository's entry runs permguard as PATH finds it: a program of
	// that name put in a directory on PATH, in the workspace or not, would
	// answer in its place. Only absolute directories: a relative one is
	// found from wherever the agent runs the entry.
	for _, dir := range filepath.SplitList(env.Path) {
		if filepath.IsAbs(dir) {
			add(filepath.Join(dir, "permguard"), "the permguard that PATH finds, which a repository's hook entry runs", false)
		}
	}
	return out
}

// secretPaths lists the agents' own credential files, from the hook
// registry: under the home directory, and under each directory a
// variable that moves them names. Every agent counts, installed or not:
// a login it keeps is a secret whether permguard guards it or not.
func secretPaths(env Env) []string {
	var out []string
	for _, d := range hook.Dialects() {
		for _, t := range d.Targets {
			if env.Home != "" {
				for _, p := range t.Secrets.Home {
					out = append(out, filepath.Join(env.Home, p))
				}
			}
			for _, sd := range t.Secrets.Vars {
				if dir := env.AgentDirs[sd.Var]; dir != "" {
					for _, p := range sd.Paths {
						out = append(out, filepath.Join(dir, p))
					}
				}
			}
		}
	}
	return out
}

// trailingSlash keeps the mark of a directory that filepath.Join drops.
func trailingSlash(p string) string {
	if strings.HasSuffix(p, "/") {
		return "/"
	}
	return ""
}

// isDefaultOwnDir reports a directory the classifier protects anyway.
func isDefaultOwnDir(d, home string) bool {
	return home != "" && (d == filepath.Join(home, ".config", "permguard") || d == filepath.Join(home, ".local", "state", "permguard"))
}

// projectDir returns the project directory of a call: the agent's own
// project variable, else the workspace the payload names. The cwd alone is
// a weak answer: an agent's shell can cd anywhere, so the project
// variables come first.
func projectDir(call *hook.Call, env Env) string {
	if d := env.ProjectDirs[call.Agent]; d != "" {
		return d
	}
	if filepath.IsAbs(call.Workspace) {
		return filepath.Clean(call.Workspace)
	}
	return ""
}

// toolKinds maps the decoder's kinds to the classifier's; a kind not here
// is unknown, and high.
var toolKinds = map[hook.Kind]classify.ToolKind{
	hook.KindFileRead: classify.ToolFileRead, hook.KindFileWrite: classify.ToolFileWrite,
	hook.KindFileDelete: classify.ToolFileDelete, hook.KindWeb: classify.ToolWeb,
	hook.KindBookkeeping: classify.ToolBookkeeping, hook.KindMCP: classify.ToolMCP,
}

// toolCallOf turns a decoded call into the classifier's tool call.
func toolCallOf(call *hook.Call) classify.ToolCall {
	tc := classify.ToolCall{Kind: toolKinds[call.Kind], Name: call.Tool, Paths: call.Paths, Target: call.Target,
		MCPTool: call.MCPTool, MCPServer: call.MCPServer}
	if len(call.MCPArgs) > 0 {
		tc.Args = make([]classify.MCPArg, len(call.MCPArgs))
		for i, a := range call.MCPArgs {
			tc.Args[i] = classify.MCPArg{Key: a.Key, Value: a.Value, Cut: a.Cut}
		}
	}
	return tc
}

// displayOf is how a call is shown to a person: the command, or the tool
// and what it is about.
func displayOf(call *hook.Call) string {
	if call.Kind == hook.KindShell {
		return call.Command
	}
	parts := []string{call.Tool}
	if len(call.Paths) > 0 {
		parts = append(parts, call.Paths...)
	} else if call.Target != "" && call.Kind != hook.KindMCP {
		parts = append(parts, call.Target)
	}
	return strings.Join(parts, " ")
}

// pathVars are the values the classifier resolves paths with: the
// environment's, and where permguard's own directories really are, which
// is what $PERMGUARD_CONFIG_DIR and $PERMGUARD_STATE_DIR would name.
func pathVars(env Env) map[string]string {
	vars := make(map[string]string, len(env.PathVars)+2)
	for k, v := range env.PathVars {
		vars[k] = v
	}
	if _, ok := vars["PERMGUARD_CONFIG_DIR"]; !ok && env.ConfigDir != "" {
		vars["PERMGUARD_CONFIG_DIR"] = env.ConfigDir
	}
	if _, ok := vars["PERMGUARD_STATE_DIR"]; !ok && env.StateDir != "" {
		vars["PERMGUARD_STATE_DIR"] = env.StateDir
	}
	return vars
}
