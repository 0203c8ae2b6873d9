package install

import (
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/agent-permguard/permguard/integrations"
	"github.com/agent-permguard/permguard/internal/hook"
)

const exe = "/usr/local/bin/permguard"

var now = func() time.Time { return time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC) }

// TestTargets: every agent install knows has what install, uninstall and
// doctor need, so that a new dialect's target cannot be half there.
func TestTargets(t *testing.T) {
	for _, name := range integrations.Agents() {
		if tg, ok := Find(name); !ok || !tg.Extension {
			t.Errorf("integrations/ has an extension for %s, but no dialect installs it", name)
		}
	}
	for _, tg := range Targets() {
		if tg.Extension {
			ext, err := integrations.Extension(tg.Name, exe)
			if err != nil || !integrations.IsExtension(tg.Name, ext) {
				t.Errorf("%s: no extension in integrations/: %v", tg.Name, err)
			}
			continue
		}
		if len(tg.Events) == 0 || tg.Entry == nil {
			t.Errorf("%s: no events or no entry to install", tg.Name)
			continue
		}
		// uninstall and doctor find permguard's entries by their command:
		// an entry that hides it would stay behind forever
		asks := false
		for _, event := range tg.Events {
			if entry := mustJSON(tg.Entry(event, tg.Command(exe))); !isPermguardEntry(entry) {
				t.Errorf("%s: the entry under %s is not one uninstall can find: %s", tg.Name, event, entry)
			}
			asks = asks || hook.CanAsk(&hook.Call{Agent: tg.Dialect, Event: event, Mode: "default"})
		}
		// install tells of an agent that cannot ask what it does instead
		if !asks && tg.NoAsk == "" {
			t.Errorf("%s cannot ask, and NoAsk does not say what it does instead", tg.Name)
		}
	}
}

func TestCommand(t *testing.T) {
	tg, _ := Find("claude")
	fallback := " || { [ $? -eq 2 ] || echo 'permguard: error: the hook could not run permguard (missing, not on PATH, killed or crashed), so every tool call is blocked until it can: run permguard doctor' >&2; exit 2; }"
	for _, tt := range []struct{ exe, want string }{
		{exe, `'/usr/local/bin/permguard' hook --agent claude` + fallback},
		{"/opt/my tools/permguard", `'/opt/my tools/permguard' hook --agent claude` + fallback},
		{"/opt/it's/permguard", `"/opt/it's/permguard" hook --agent claude` + fallback},
		// a repository's entry: permguard as PATH finds it, unquoted
		{PathName, `permguard hook --agent claude` + fallback},
	} {
		got := tg.Command(tt.exe)
		if got != tt.want {
			t.Errorf("Command(%q) = %s, want %s", tt.exe, got, tt.want)
		}
		if !isPermguardCommand(got) {
			t.Errorf("isPermguardCommand(%s) = false", got)
		}
	}
	for _, c := range []string{"permguard-other hook", "/bin/notify", "/x/permguard check -- ls", ""} {
		if isPermguardCommand(c) {
			t.Errorf("isPermguardCommand(%q) = true", c)
		}
	}
	if got := EntryExe(exe, false); got != exe {
		t.Errorf("EntryExe(%s, user) = %s", exe, got)
	}
	if got := EntryExe(exe, true); got != PathName {
		t.Errorf("EntryExe(%s, project) = %s, want %s", exe, got, PathName)
	}
}

// TestCommandFallback runs each agent's entry as the agent does, through a
// shell, with permguard missing (by its path, and not on PATH), crashing
// and answering: whatever could not answer must come out as that agent's
// block, with a reason that says what happened and to run permguard
// doctor, and an answer must come out unchanged.
func TestCommandFallback(t *testing.T) {
	dir := t.TempDir()
	script := func(name, body string) string {
		p := filepath.Join(dir, name, "permguard")
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("#!/bin/sh\n"+body+"\n"), 0o755); err != nil {
			t.Fatal(err)
		}
		return p
	}
	bins := map[string]string{
		"missing": filepath.Join(dir, "gone", "permguard"),
		"no PATH": PathName, // run with a PATH that has no permguard
		"exit1":   script("exit1", "exit 1"),
		"killed":  script("killed", "kill -9 $$"),
		"allow":   script("allow", `echo '{"ok":true}'; exit 0`),
		"deny":    script("deny", `echo '{"ok":false}'; echo denied >&2; exit 2`),
	}
	const why = "permguard: error: the hook could not run permguard (missing, not on PATH, killed or crashed), so every tool call is blocked until it can: run permguard doctor"
	for _, tg := range Targets() {
		if tg.Extension {
			continue
		}
		// An agent whose own deny has status 0 reads status 2 only with
		// a reason on stderr (Codex, Gemini CLI): the fallback gives one.
		deny := hook.Encode(&hook.Call{Agent: tg.Dialect, Event: tg.Events[0]}, hook.Reply{Decision: hook.Deny, Reason: "x"})
		denyIsTwo := deny.Exit != hook.ExitOK
		for how, bin := range bins {
			cmd := exec.Command("/bin/sh", "-c", tg.Command(bin))
			cmd.Env = append(os.Environ(), "PATH="+filepath.Join(dir, "empty"))
			var stdout, stderr strings.Builder
			cmd.Stdin, cmd.Stdout, cmd.Stderr = strings.NewReader("{}"), &stdout, &stderr
			err := cmd.Run()
			status := 0
			if ee, ok := err.(*exec.ExitError); ok {
				status = ee.ExitCode()
			} else if err != nil {
				t.Fatal(err)
			}
			switch {
			case how == "allow":
				if status != 0 || stdout.String() != "{\"ok\":true}\n" {
					t.Errorf("%s/%s: status %d, stdout %q: the answer was changed", tg.Name, how, status, stdout.String())
				}
			case tg.Name == "copilot":
				// permguard answers Copilot with status 0 only
				if !strings.Contains(stdout.String(), `"permissionDecision":"deny","permissionDecisionReason":"permguard: `+strings.TrimPrefix(why, "permguard: error: ")) {
					t.Errorf("%s/%s: stdout %q, want Copilot's deny JSON with the reason", tg.Name, how, stdout.String())
				}
			case how == "deny" && denyIsTwo:
				// permguard's own deny: its reason, and nothing of the fallback's
				if status != 2 || stdout.String() != "{\"ok\":false}\n" || stderr.String() != "denied\n" {
					t.Errorf("%s/%s: status %d, stdout %q, stderr %q: the answer was changed", tg.Name, how, status, stdout.String(), stderr.String())
				}
			case how == "deny":
				// the other agents' denies have status 0
			case status != 2:
				t.Errorf("%s/%s: status %d, want 2, the agent's block", tg.Name, how, status)
			case !strings.HasSuffix(stderr.String(), why+"\n"):
				t.Errorf("%s/%s: stderr %q, want it to end in %q", tg.Name, how, stderr.String(), why)
			}
		}
	}
}

func testEnv(t *testing.T) (Env, string) {
	dir := t.TempDir()
	home, repo := filepath.Join(dir, "home"), filepath.Join(dir, "repo")
	for _, d := range []string{home, filepath.Join(repo, ".git")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	env := map[string]string{"HOME": home}
	return Env{
		Getenv: func(k string) string { return env[k] },
		Getwd:  func() (string, error) { return repo, nil },
	}, dir
}

// TestSurveyAfterInstall: Survey reports every agent install knows, in
// every place install writes to, and takes what install wrote as current;
// after uninstall, none is installed.
func TestSurveyAfterInstall(t *testing.T) {
	env, _ := testEnv(t)
	for _, f := range Survey(env, exe) {
		if f.Err != nil || f.State != "not installed" || f.Installed {
			t.Errorf("before install, %s (project %v): %q, %v", f.Target.Name, f.Project, f.State, f.Err)
		}
	}
	each := func(do func(Options) (Result, error)) {
		for _, tg := range Targets() {
			for _, project := range []bool{false, true} {
				if !project && tg.User == "" {
					continue
				}
				path, err := tg.Path(env, project)
				if err != nil {
					t.Fatal(err)
				}
				res, err := do(Options{Target: tg, Path: path, Project: project, Exe: exe, Now: now})
				if err != nil || res.Outcome != Changed {
					t.Fatalf("%s (project %v): %+v, %v", tg.Name, project, res, err)
				}
			}
		}
	}
	each(Install)
	found, unchecked := Survey(env, exe), Survey(env, "")
	places := 0
	for _, tg := range Targets() {
		places += map[bool]int{false: 1, true: 2}[tg.User != ""]
	}
	if len(found) != places {
		t.Errorf("Survey reports %d places, want %d", len(found), places)
	}
	for i, f := range found {
		if f.State != "installed, current" || !f.Installed || f.Fix != "" {
			t.Errorf("after install, %s (project %v): %q, fix %q", f.Target.Name, f.Project, f.State, f.Fix)
		}
		// a repository's entry runs permguard from PATH, whatever this
		// binary's path: it is checked all the same
		want := map[bool]string{false: "installed, not checked", true: "installed, current"}[f.Project]
		if u := unchecked[i]; u.State != want || !u.Installed {
			t.Errorf("with no exe, %s (project %v): %q, want %q", f.Target.Name, f.Project, u.State, want)
		}
	}
	each(Uninstall)
	for _, f := range Survey(env, exe) {
		if f.State != "not installed" {
			t.Errorf("after uninstall, %s (project %v): %q", f.Target.Name, f.Project, f.State)
		}
	}
}

// TestInstallKeepsTheRest: install adds to what is there, replaces an
// entry that runs another permguard, drops a second one, and uninstall
// leaves everything else.
func TestInstallKeepsTheRest(t *testing.T) {
	tg, _ := Find("claude")
	path := filepath.Join(t.TempDir(), "settings.json")
	old := `{"model":"opus","hooks":{"PreToolUse":[` +
		`{"matcher":"Bash","hooks":[{"type":"command","command":"other-guard"}]},` +
		`{"matcher":"*","hooks":[{"type":"command","command":"/old/permguard hook --agent claude"}]},` +
		`{"matcher":"*","hooks":[{"type":"command","command":"'/old/permguard' hook"}]}]}}`
	if err := os.WriteFile(path, []byte(old), 0o600); err != nil {
		t.Fatal(err)
	}
	o := Options{Target: tg, Path: path, Exe: exe, Now: now}
	res, err := Install(o)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Changes) != 3 || !strings.HasPrefix(res.Changes[0], "updated hooks.PreToolUse: ") ||
		res.Changes[1] != "removed a second permguard entry from hooks.PreToolUse" ||
		!strings.HasPrefix(res.Changes[2], "added hooks.PreSkillShellCommand: ") {
		t.Errorf("Install: %q", res.Changes)
	}
	if backup, err := os.ReadFile(res.Backup); err != nil || string(backup) != old {
		t.Errorf("backup %s: %q, %v", res.Backup, backup, err)
	}
	if res, err := Install(o); err != nil || res.Outcome != Unchanged {
		t.Errorf("Install again: %+v, %v", res, err)
	}
	if res, err := Uninstall(o); err != nil || len(res.Changes) != 2 {
		t.Errorf("Uninstall: %+v, %v", res, err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	if err := json.Unmarshal(data, &got); err != nil {
		t.Fatal(err)
	}
	want := `{"hooks":{"PreToolUse":[{"hooks":[{"command":"other-guard","type":"command"}],"matcher":"Bash"}]},"model":"opus"}`
	if s := string(mustJSON(got)); s != want {
		t.Errorf("after uninstall:\n%s\nwant\n%s", s, want)
	}
}

func TestErrors(t *testing.T) {
	env, dir := testEnv(t)
	copilot, _ := Find("copilot")
	if _, err := copilot.Path(env, false); !errors.Is(err, ErrRepositoryOnly) || err.Error() != "copilot reads hooks from the repository only" {
		t.Errorf("copilot's user path: %v", err)
	}

	claude, _ := Find("claude")
	path := filepath.Join(dir, "broken.json")
	os.WriteFile(path, []byte(`{"hooks": [,]}`), 0o600)
	if _, err := Install(Options{Target: claude, Path: path, Exe: exe, Now: now}); !errors.Is(err, ErrInvalidJSON) {
		t.Errorf("Install into invalid JSON: %v", err)
	}

	pi, _ := Find("pi")
	path = filepath.Join(dir, "permguard.ts")
	os.WriteFile(path, []byte("export default function (pi) {}\n"), 0o600)
	o := Options{Target: pi, Path: path, Exe: exe, Now: now}
	if _, err := Install(o); !errors.Is(err, ErrNotOurs) {
		t.Errorf("Install over a foreign extension: %v", err)
	}
	if res, err := Uninstall(o); err != nil || res.Outcome != Foreign {
		t.Errorf("Uninstall a foreign extension: %+v, %v", res, err)
	}
	o.Force = true
	if res, err := Install(o); err != nil || res.Backup == "" {
		t.Errorf("Install --force: %+v, %v", res, err)
	}
}
