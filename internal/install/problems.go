package install

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"

	"github.com/agent-permguard/permguard/integrations"
	"github.com/agent-permguard/permguard/internal/settings"
)

// A Problem is something in or around an installed entry that keeps the
// agent from running it, with what to do about it. Hint alone, without
// Text, is something doctor cannot tell for sure.
type Problem struct {
	Text string
	Hint string
}

// problems looks, for an installed entry or extension at path, at what
// makes the agent skip it or block every call: the binary it runs is gone,
// or not on PATH, a repository's entry runs a path in a home directory,
// the agent's hooks are off, the hook or the folder is not trusted. exe
// is this binary, or "" when its path is unknown.
func problems(env Env, t Target, path, exe string, project bool) []Problem {
	var out []Problem
	reinstall := "permguard install " + t.Name
	if project {
		reinstall += " --project"
	}
	old, _, err := settings.ReadCurrent(path)
	if err != nil || old == nil {
		return nil
	}
	var doc *settings.Document
	var prog string
	if t.Extension {
		prog, _ = integrations.Bin(old)
	} else {
		if doc, err = parseConfig(t, old); err != nil {
			return nil
		}
		prog = commandExe(permguardCommand(doc))
	}
	out = append(out, binaryProblems(env, prog, exe, project, reinstall)...)
	switch t.Name {
	case "claude":
		out = append(out, claudeHooksOff(env)...)
	case "codex":
		out = append(out, codexTrust(env, path, doc)...)
	case "gemini":
		out = append(out, geminiTrust(env)...)
	}
	return out
}

// binaryProblems says what keeps prog, the program an entry runs, from
// answering: an absolute path that is gone, a repository's entry that
// runs a path in a home directory, which a teammate does not have, and
// [PathName] when PATH here finds no permguard, or another than exe. The
// agent's PATH may differ from doctor's (an agent started from a desktop
// launcher has the session's): what doctor finds is the shell's.
func binaryProblems(env Env, prog, exe string, project bool, reinstall string) []Problem {
	var out []Problem
	switch {
	case prog == "":
	case filepath.IsAbs(prog):
		if !executable(prog) {
			out = append(out, Problem{
				Text: fmt.Sprintf("the hook runs %s, which does not exist or cannot be run: the agent blocks every call", prog),
				Hint: "run " + reinstall + " with the permguard you use now",
			})
		}
		if project && inHome(env, prog) {
			out = append(out, Problem{
				Text: fmt.Sprintf("the repository's entry runs %s, a path in a home directory: teammates without this path have every call blocked", prog),
				Hint: "run " + reinstall + ": the entry then runs permguard as PATH finds it on each machine",
			})
		}
	case prog == PathName:
		found, ok := LookPath(env, PathName)
		switch {
		case !ok:
			hint := "install permguard in a directory on PATH"
			if exe != "" {
				hint = fmt.Sprintf("add %s to PATH in your shell's startup file, or install permguard in a directory on PATH", filepath.Dir(exe))
			}
			out = append(out, Problem{
				Text: "the hook runs permguard as PATH finds it, and PATH here has none: the agent blocks every call",
				Hint: hint,
			})
		case exe != "" && !sameFile(found, exe):
			out = append(out, Problem{Hint: fmt.Sprintf("the hook runs %s, the first permguard on PATH here, not this one (%s)", found, exe)})
		}
	}
	return out
}

// CheckPath says what keeps a repository's entry, which runs
// [PathName], from running here: no permguard on env's PATH, or another
// than exe, this binary ("" when unknown).
func CheckPath(env Env, exe string) []Problem {
	return binaryProblems(env, PathName, exe, true, "")
}

// LookPath finds name as a POSIX shell does on env's PATH: the first
// regular, executable file of that name in its directories, an empty
// entry or a relative one being taken from the working directory.
func LookPath(env Env, name string) (string, bool) {
	for _, dir := range filepath.SplitList(env.Getenv("PATH")) {
		if !filepath.IsAbs(dir) {
			wd, err := env.Getwd()
			if err != nil {
				continue
			}
			dir = filepath.Join(wd, dir)
		}
		if p := filepath.Join(dir, name); executable(p) {
			return p, true
		}
	}
	return "", false
}

// homes are where home directories are, besides $HOME.
var homes = []string{"/home", "/Users", "/root", "/var/home"}

// inHome reports a path inside a home directory: $HOME's, or one of
// [homes].
func inHome(env Env, path string) bool {
	dirs := homes
	if h := env.Getenv("HOME"); filepath.IsAbs(h) && h != "/" {
		dirs = append(slices.Clone(homes), h)
	}
	for _, d := range dirs {
		if rel, err := filepath.Rel(d, path); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return true
		}
	}
	return false
}

func sameFile(a, b string) bool {
	ia, err := os.Stat(a)
	if err != nil {
		return false
	}
	ib, err := os.Stat(b)
	return err == nil && os.SameFile(ia, ib)
}

// commandExe is the program of an entry's command: "'/x/permguard' hook"
// is /x/permguard, "permguard hook" is permguard.
func commandExe(command string) string {
	i := strings.Index(command, " hook")
	if i < 0 {
		return ""
	}
	exe := strings.TrimSpace(command[:i])
	if len(exe) >= 2 && (exe[0] == '\'' || exe[0] == '"') && exe[len(exe)-1] == exe[0] {
		exe = exe[1 : len(exe)-1]
	}
	return exe
}

func executable(path string) bool {
	info, err := os.Stat(path)
	return err == nil && info.Mode().IsRegular() && info.Mode().Perm()&0o111 != 0
}

// readJSON reads path as a JSON object; nil when it is missing or cannot
// be read.
func readJSON(path string) map[string]any { return readObject(path, false) }

// readJSONC reads path as a JSON object that may hold comments, as Gemini
// CLI reads its files.
func readJSONC(path string) map[string]any { return readObject(path, true) }

func readObject(path string, comments bool) map[string]any {
	data, _, err := settings.ReadCurrent(path)
	if err != nil || data == nil {
		return nil
	}
	if comments {
		data, _ = settings.BlankComments(data)
	}
	var m map[string]any
	if json.Unmarshal(data, &m) != nil {
		return nil
	}
	return m
}

// projectRoot is the repository around the working directory, as install
// finds it, or the working directory.
func projectRoot(env Env) string {
	wd, err := env.Getwd()
	if err != nil {
		return ""
	}
	if root, ok := settings.RepoRoot(wd); ok {
		return root
	}
	return filepath.Clean(wd)
}

// claudeManaged is where Claude Code reads its managed settings.
func claudeManaged() string {
	if runtime.GOOS == "darwin" {
		return "/Library/Application Support/ClaudeCode/managed-settings.json"
	}
	return "/etc/claude-code/managed-settings.json"
}

// claudeHooksOff reports disableAllHooks set in a settings file of Claude
// Code that applies here: no hook runs then, permguard's included.
func claudeHooksOff(env Env) []Problem {
	var files []string
	if home := env.Getenv("HOME"); filepath.IsAbs(home) {
		files = append(files, filepath.Join(home, ".claude", "settings.json"))
	}
	if root := projectRoot(env); root != "" {
		files = append(files, filepath.Join(root, ".claude", "settings.json"), filepath.Join(root, ".claude", "settings.local.json"))
	}
	if m := env.Getenv("PERMGUARD_CLAUDE_MANAGED_FILE"); m != "" {
		files = append(files, m) // for tests: the machine's file is not ours
	} else {
		files = append(files, claudeManaged())
	}
	var out []Problem
	for _, f := range files {
		if off, _ := readJSON(f)["disableAllHooks"].(bool); off {
			out = append(out, Problem{
				Text: fmt.Sprintf("hooks are off: %s sets \"disableAllHooks\": true, so Claude Code runs no hook, permguard's included", f),
				Hint: "remove \"disableAllHooks\" from " + f,
			})
		}
	}
	return out
}

// codexTrust reports a hook Codex has not trusted: Codex records trust in
// config.toml, as [hooks.state."<hooks.json>:pre_tool_use:<entry>:<hook>"]
// with a trusted_hash, and skips an untrusted hook silently. The hash
// itself is not checked: an entry trusted once and changed since is
// skipped too, which doctor cannot tell.
func codexTrust(env Env, path string, doc *settings.Document) []Problem {
	if doc == nil {
		return nil
	}
	dir := env.Getenv("CODEX_HOME")
	if !filepath.IsAbs(dir) {
		home := env.Getenv("HOME")
		if !filepath.IsAbs(home) {
			return nil
		}
		dir = filepath.Join(home, ".codex")
	}
	config := filepath.Join(dir, "config.toml")
	data, _, err := settings.ReadCurrent(config)
	if err != nil {
		return []Problem{{Hint: "not known whether Codex trusts the hook: " + config + " cannot be read"}}
	}
	hooks, err := subDocument(doc, "hooks")
	if err != nil {
		return nil
	}
	list, _ := entries(hooks, "PreToolUse")
	for i, raw := range list {
		var e struct {
			Hooks []struct {
				Command string `json:"command"`
			} `json:"hooks"`
		}
		if json.Unmarshal(raw, &e) != nil {
			continue
		}
		for j, h := range e.Hooks {
			if !isPermguardCommand(h.Command) {
				continue
			}
			key := fmt.Sprintf("%s:pre_tool_use:%d:%d", path, i, j)
			if !tomlHasTable(string(data), "hooks.state."+strconv.Quote(key), "trusted_hash") {
				return []Problem{{
					Text: "installed but not trusted: Codex skips the hook, and lets every call through, until you trust it",
					Hint: "open /hooks in Codex and trust permguard's hook",
				}}
			}
			return []Problem{{Hint: "Codex has trusted permguard's hook; if it was changed since, Codex skips it until trusted again in /hooks (doctor does not check the hash)"}}
		}
	}
	return nil
}

// tomlHasTable reports a table [name] in text that sets key, read line
// by line as Codex writes config.toml.
func tomlHasTable(text, name, key string) bool {
	in := false
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "[") {
			in = strings.ReplaceAll(line, " ", "") == "["+name+"]"
			continue
		}
		if in && strings.HasPrefix(line, key) && strings.HasPrefix(strings.TrimSpace(line[len(key):]), "=") {
			return true
		}
	}
	return false
}

// geminiTrust reports a working directory that Gemini CLI does not trust:
// with folder trust on (the default), Gemini runs no hook there at all,
// the user's included.
func geminiTrust(env Env) []Problem {
	home := env.Getenv("HOME")
	wd, err := env.Getwd()
	if !filepath.IsAbs(home) || err != nil {
		return nil
	}
	switch env.Getenv("GEMINI_CLI_TRUST_WORKSPACE") {
	case "true":
		return nil
	}
	system := env.Getenv("GEMINI_CLI_SYSTEM_SETTINGS_PATH")
	if system == "" {
		system = "/etc/gemini-cli/settings.json"
		if runtime.GOOS == "darwin" {
			system = "/Library/Application Support/GeminiCli/settings.json"
		}
	}
	for _, f := range []string{system, filepath.Join(home, ".gemini", "settings.json")} {
		sec, _ := readJSONC(f)["security"].(map[string]any)
		ft, _ := sec["folderTrust"].(map[string]any)
		if on, ok := ft["enabled"].(bool); ok && !on {
			return nil // folder trust off: every folder is trusted
		}
	}
	trust := env.Getenv("GEMINI_CLI_TRUSTED_FOLDERS_PATH")
	if trust == "" {
		trust = filepath.Join(home, ".gemini", "trustedFolders.json")
	}
	rules := readJSONC(trust)
	if real, err := filepath.EvalSymlinks(wd); err == nil {
		wd = real
	}
	best, level := -1, ""
	for p, v := range rules {
		l, _ := v.(string)
		eff := p
		if l == "TRUST_PARENT" {
			eff = filepath.Dir(p)
		}
		if real, err := filepath.EvalSymlinks(eff); err == nil {
			eff = real
		}
		if (wd == eff || strings.HasPrefix(wd, strings.TrimSuffix(eff, "/")+"/")) && len(p) > best {
			best, level = len(p), l
		}
	}
	if level == "TRUST_FOLDER" || level == "TRUST_PARENT" {
		return nil
	}
	why := "it is not in " + trust
	if level == "DO_NOT_TRUST" {
		why = trust + " says not to trust it"
	}
	return []Problem{{
		Text: fmt.Sprintf("Gemini CLI does not trust %s (%s): in an untrusted folder it runs no hook at all", wd, why),
		Hint: "trust the folder when Gemini asks, or with /permissions in Gemini (an IDE's trust, which doctor cannot see, may differ)",
	}}
}
