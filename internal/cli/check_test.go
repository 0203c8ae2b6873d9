package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/agent-permguard/permguard/internal/audit"
	"github.com/agent-permguard/permguard/internal/classify"
	"github.com/agent-permguard/permguard/internal/hook"
	"github.com/agent-permguard/permguard/internal/settings"
)

func TestNewCmdCheck(t *testing.T) {
	tests := []struct {
		name     string
		args     []string
		want     CheckOptions // only JSON, Cwd, Level and Args are compared
		wantCode int
	}{
		{name: "plain", args: []string{"ls", "-la"}, want: CheckOptions{Args: []string{"ls", "-la"}}},
		{name: "dash", args: []string{"--", "ls", "-la"}, want: CheckOptions{Args: []string{"ls", "-la"}}},
		{name: "dash with flag-like words", args: []string{"--", "rm", "-rf", "/"}, want: CheckOptions{Args: []string{"rm", "-rf", "/"}}},
		{name: "all flags", args: []string{"--json", "--cwd", "/ws", "--level", "medium", "--", "git", "push"},
			want: CheckOptions{JSON: true, Cwd: "/ws", Level: "medium", Args: []string{"git", "push"}}},
		// a flag of check after the command is a mistake (issue 16); after
		// "--" it is the command's own
		{name: "flags after the command", args: []string{"--json", "ls", "--json", "--level", "high"}, wantCode: ExitUsage},
		{name: "flags after the command and --", args: []string{"--json", "--", "ls", "--json", "--level", "high"},
			want: CheckOptions{JSON: true, Args: []string{"ls", "--json", "--level", "high"}}},
		{name: "other flags after the command are its own", args: []string{"ls", "--color=auto", "-la"},
			want: CheckOptions{Args: []string{"ls", "--color=auto", "-la"}}},
		{name: "dash after the command belongs to it", args: []string{"git", "log", "--", "x"}, want: CheckOptions{Args: []string{"git", "log", "--", "x"}}},
		{name: "a dash as the command", args: []string{"--", "--json"}, want: CheckOptions{Args: []string{"--json"}}},
		{name: "one quoted argument", args: []string{"git status && go test ./..."}, want: CheckOptions{Args: []string{"git status && go test ./..."}}},
		{name: "no command", args: nil, want: CheckOptions{}},
		{name: "empty level", args: []string{"--level=", "ls"}, wantCode: ExitUsage},
		{name: "empty cwd", args: []string{"--cwd", "", "ls"}, wantCode: ExitUsage},
		{name: "unknown flag", args: []string{"--bogus", "ls"}, wantCode: ExitUsage},
		{name: "missing flag value", args: []string{"--level"}, wantCode: ExitUsage},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ios, _, _, _ := testStreams()
			f := &Factory{IO: ios, Getenv: envFunc(nil), Getwd: fixedWd("/wd")}
			var got *CheckOptions
			root := NewCmdRoot(f)
			// Swap the real check for one that captures its options.
			for _, c := range root.Commands() {
				if c.Name() == "check" {
					root.RemoveCommand(c)
				}
			}
			root.AddCommand(NewCmdCheck(f, func(o *CheckOptions) error { got = o; return nil }))
			root.SetArgs(append([]string{"check"}, tt.args...))
			err := root.Execute()
			if code := exitCode(err); code != tt.wantCode {
				t.Fatalf("check %q: exit %d (%v), want %d", tt.args, code, err, tt.wantCode)
			}
			if tt.wantCode != ExitOK {
				return
			}
			if got == nil {
				t.Fatalf("check %q: runF not called", tt.args)
			}
			gotCmp := CheckOptions{JSON: got.JSON, Cwd: got.Cwd, Level: got.Level, Args: got.Args}
			if len(gotCmp.Args) == 0 {
				gotCmp.Args = nil
			}
			if !reflect.DeepEqual(gotCmp, tt.want) {
				t.Errorf("check %q parsed into %+v, want %+v", tt.args, gotCmp, tt.want)
			}
		})
	}
}

func fixedWd(dir string) func() (string, error) {
	return func() (string, error) { return dir, nil }
}

// fixedVerdict returns a classifier that always answers v and records what it
// was asked.
func fixedVerdict(v classify.Verdict, gotSrc *string, gotEnv *classify.Env) func(string, classify.Env) classify.Verdict {
	return func(src string, env classify.Env) classify.Verdict {
		if gotSrc != nil {
			*gotSrc = src
		}
		if gotEnv != nil {
			*gotEnv = env
		}
		return v
	}
}

var (
	verdictMinimal = classify.Verdict{Level: classify.Minimal, Reasons: []classify.Reason{
		{Rule: "read-only", Level: classify.Minimal, Message: "lists files", Pos: classify.Pos{Line: 1, Col: 1}, Snippet: "ls -la"},
	}}
	verdictHigh = classify.Verdict{Level: classify.High, Reasons: []classify.Reason{
		{Rule: "git-read", Level: classify.Minimal, Message: "shows the working tree status", Pos: classify.Pos{Line: 1, Col: 1}, Snippet: "git status"},
		{Rule: "git-push", Level: classify.High, Message: "pushes commits to a remote", Pos: classify.Pos{Line: 1, Col: 15}, Snippet: "git push",
			Stage: classify.StageTools, Effect: classify.Effect{Kind: classify.EffectAction, Target: "git push"}},
	}}
	verdictDangerous = classify.Verdict{Level: classify.High, Dangerous: true, Reasons: []classify.Reason{
		{Rule: "unknown-program", Level: classify.High, Message: "runs a program permguard does not know", Pos: classify.Pos{Line: 1, Col: 1}, Snippet: "x"},
		{Rule: "rm-recursive-force", Level: classify.High, Dangerous: true, Message: "deletes your home directory", Pos: classify.Pos{Line: 1, Col: 4}, Snippet: "rm -rf ~"},
	}}
)

type checkResult struct {
	stdout, stderr string
	code           int
}

// runCheckOpts runs checkRun the way Main would: errors printed, then mapped.
func runCheckOpts(t *testing.T, opts *CheckOptions, stdin string) checkResult {
	t.Helper()
	ios, in, out, errOut := testStreams()
	in.WriteString(stdin)
	opts.IO = ios
	if opts.Getenv == nil {
		opts.Getenv = envFunc(withState(t, map[string]string{"HOME": "/home/u"}))
	}
	if opts.Getwd == nil {
		opts.Getwd = fixedWd("/wd")
	}
	if opts.Classify == nil {
		opts.Classify = classify.Classify
	}
	err := checkRun(opts)
	printError(errOut, err)
	return checkResult{stdout: out.String(), stderr: errOut.String(), code: exitCode(err)}
}

func TestCheckRunDecision(t *testing.T) {
	tests := []struct {
		name       string
		verdict    classify.Verdict
		level      string
		env        map[string]string
		wantCode   int
		wantStdout string
		wantStderr string
	}{
		{
			name: "minimal at minimal is allowed", verdict: verdictMinimal,
			wantStdout: "minimal: allow at level minimal\n  1:1 ls -la: minimal: lists files (rule read-only)\n",
		},
		{
			name: "high at minimal is blocked", verdict: verdictHigh, wantCode: ExitBlocked,
			wantStdout: "high: block at level minimal\n" +
				"  1:1 git status: minimal: shows the working tree status (rule git-read)\n" +
				"  1:15 git push: high: pushes commits to a remote (rule git-push)\n",
			wantStderr: "CMD\n" +
				"Blocked at level minimal. Allowed at this level: read-only: no file changes, no network\n" +
				"Needs: high — pushes commits to a remote\n" +
				"To allow it: PERMGUARD_LEVEL=high permguard check 'CMD'\n",
		},
		{
			name: "high at medium from the environment is blocked", verdict: verdictHigh, env: map[string]string{"PERMGUARD_LEVEL": "medium"}, wantCode: ExitBlocked,
			wantStdout: "high: block at level medium\n" +
				"  1:1 git status: minimal: shows the working tree status (rule git-read)\n" +
				"  1:15 git push: high: pushes commits to a remote (rule git-push)\n",
			wantStderr: "CMD\n" +
				"Blocked at level medium. Allowed at this level: development work: build, test, install dependencies, local git\n" +
				"Needs: high — pushes commits to a remote\n" +
				"To allow it: PERMGUARD_LEVEL=high permguard check 'CMD'\n",
		},
		{
			name: "high at high is allowed", verdict: verdictHigh, level: "high",
			wantStdout: "high: allow at level high\n" +
				"  1:1 git status: minimal: shows the working tree status (rule git-read)\n" +
				"  1:15 git push: high: pushes commits to a remote (rule git-push)\n",
		},
		{
			name: "flag beats the environment", verdict: verdictHigh, level: "HIGH", env: map[string]string{"PERMGUARD_LEVEL": "minimal"},
			wantStdout: "high: allow at level high\n" +
				"  1:1 git status: minimal: shows the working tree status (rule git-read)\n" +
				"  1:15 git push: high: pushes commits to a remote (rule git-push)\n",
		},
		{
			name: "dangerous at high is blocked", verdict: verdictDangerous, level: "high", wantCode: ExitBlocked,
			wantStdout: "high, dangerous: block at level high\n" +
				"  1:1 x: high: runs a program permguard does not know (rule unknown-program)\n" +
				"  1:4 rm -rf ~: dangerous: deletes your home directory (rule rm-recursive-force)\n",
			wantStderr: "CMD\n" +
				"Blocked at level high. Allowed at this level: everything except dangerous commands\n" +
				"Needs: high, dangerous — deletes your home directory\n" +
				"Only a person can approve this: it is dangerous at every level.\n",
		},
		{
			name: "dangerous when bypassed is allowed", verdict: verdictDangerous, env: map[string]string{"PERMGUARD_LEVEL": "bypassed"},
			wantStdout: "high, dangerous: allow at level bypassed\n" +
				"  1:1 x: high: runs a program permguard does not know (rule unknown-program)\n" +
				"  1:4 rm -rf ~: dangerous: deletes your home directory (rule rm-recursive-force)\n",
		},
		{
			name: "invalid environment level warns and uses minimal", verdict: verdictHigh, env: map[string]string{"PERMGUARD_LEVEL": "hgih"}, wantCode: ExitBlocked,
			wantStdout: "high: block at level minimal\n" +
				"  1:1 git status: minimal: shows the working tree status (rule git-read)\n" +
				"  1:15 git push: high: pushes commits to a remote (rule git-push)\n",
			wantStderr: "permguard: warning: PERMGUARD_LEVEL=\"hgih\" is not a level; using minimal (levels are minimal, low, medium, high, bypassed)\n" +
				"CMD\n" +
				"Blocked at level minimal. Allowed at this level: read-only: no file changes, no network\n" +
				"Needs: high — pushes commits to a remote\n" +
				"To allow it: PERMGUARD_LEVEL=high permguard check 'CMD'\n",
		},
		{
			name: "invalid flag level is a usage error", verdict: verdictMinimal, level: "everything", wantCode: ExitUsage,
			wantStderr: "permguard: error: invalid level \"everything\" for --level\n" +
				"permguard: hint: levels are minimal, low, medium, high, bypassed\n",
		},
		{
			name: "no prompt is accepted", verdict: verdictHigh, env: map[string]string{"PERMGUARD_NO_PROMPT": "1", "PERMGUARD_LEVEL": "high"},
			wantStdout: "high: allow at level high\n" +
				"  1:1 git status: minimal: shows the working tree status (rule git-read)\n" +
				"  1:15 git push: high: pushes commits to a remote (rule git-push)\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			state := filepath.Join(t.TempDir(), "state")
			env := map[string]string{"HOME": "/home/u", "PERMGUARD_STATE_DIR": state}
			for k, v := range tt.env {
				env[k] = v
			}
			opts := &CheckOptions{callOptions: callOptions{Getenv: envFunc(env), Classify: fixedVerdict(tt.verdict, nil, nil)}, Level: tt.level, Args: []string{"CMD"}}
			got := runCheckOpts(t, opts, "")
			if got.code != tt.wantCode {
				t.Errorf("exit %d, want %d", got.code, tt.wantCode)
			}
			// every decision is in the audit log; a usage error decides nothing
			wantLog := map[int]string{ExitOK: "allow", ExitBlocked: "block"}[tt.wantCode]
			recs, _, err := audit.Read(state)
			if err != nil || len(recs) != min(1, len(wantLog)) || len(recs) == 1 && (recs[0].Decision != wantLog || recs[0].Via != "check") {
				t.Errorf("audit log %+v (%v), want one %q record", recs, err, wantLog)
			}
			if got.stdout != tt.wantStdout {
				t.Errorf("stdout:\n%s\nwant:\n%s", got.stdout, tt.wantStdout)
			}
			if got.stderr != tt.wantStderr {
				t.Errorf("stderr:\n%s\nwant:\n%s", got.stderr, tt.wantStderr)
			}
		})
	}
}

func TestCheckRunJSON(t *testing.T) {
	opts := &CheckOptions{callOptions: callOptions{Classify: fixedVerdict(verdictHigh, nil, nil)}, JSON: true, Args: []string{"git status && git push"}}
	got := runCheckOpts(t, opts, "")
	if got.code != ExitBlocked {
		t.Errorf("exit %d, want %d", got.code, ExitBlocked)
	}
	// Exactly one JSON object, with exactly these fields: they are API. A
	// reason no stage raised has no stage and no effect.
	want := `{"command":"git status && git push","level":"high","dangerous":false,"decision":"block","effective_level":"minimal","effective_level_source":"default","mode":"ask","approval":"none","box":null,"deny_rule":null,"reasons":[` +
		`{"rule":"git-read","level":"minimal","dangerous":false,"message":"shows the working tree status","pos":"1:1","snippet":"git status","detail":"","stage":"","effect":null},` +
		`{"rule":"git-push","level":"high","dangerous":false,"message":"pushes commits to a remote","pos":"1:15","snippet":"git push","detail":"","stage":"tools","effect":{"kind":"action","target":"git push"}}]}` + "\n"
	if got.stdout != want {
		t.Errorf("stdout:\n%s\nwant:\n%s", got.stdout, want)
	}
	if !strings.HasPrefix(got.stderr, "git status && git push\nBlocked at level minimal.") {
		t.Errorf("stderr does not start with the block message:\n%s", got.stderr)
	}

	opts = &CheckOptions{callOptions: callOptions{Classify: fixedVerdict(verdictDangerous, nil, nil)}, JSON: true, Level: "bypassed", Args: []string{"rm", "-rf", "~"}}
	got = runCheckOpts(t, opts, "")
	var v map[string]any
	if err := json.Unmarshal([]byte(got.stdout), &v); err != nil {
		t.Fatalf("stdout is not JSON: %v\n%s", err, got.stdout)
	}
	if got.code != ExitOK || v["decision"] != "allow" || v["effective_level"] != "bypassed" || v["dangerous"] != true || v["command"] != "rm -rf ~" {
		t.Errorf("bypassed: exit %d, %v", got.code, v)
	}
	if got.stderr != "" {
		t.Errorf("bypassed: stderr %q, want none", got.stderr)
	}

	// Reasons is a list even when the classifier broke its promise.
	opts = &CheckOptions{callOptions: callOptions{Classify: fixedVerdict(classify.Verdict{Level: classify.Minimal}, nil, nil)}, JSON: true, Level: "high", Args: []string{"x"}}
	got = runCheckOpts(t, opts, "")
	if !strings.Contains(got.stdout, `"reasons":[]`) {
		t.Errorf("no reasons: stdout %s, want \"reasons\":[]", got.stdout)
	}
}

func TestCheckRunInput(t *testing.T) {
	big := `{"tool_name":"Bash","tool_input":{"command":"` + strings.Repeat("a", hook.MaxPayloadBytes) + `"}}`
	tests := []struct {
		name       string
		args       []string
		cwd        string
		stdin      string
		stdinTTY   bool
		env        map[string]string
		wantCode   int
		wantSrc    string
		wantEnv    classify.Env
		wantStderr string // a substring
	}{
		{name: "one argument as it is", args: []string{"ls  -la | wc"}, wantSrc: "ls  -la | wc",
			wantEnv: classify.Env{Workspace: "/wd", Home: "/home/u", TempDirs: []string{"/tmp", "/var/tmp", "/dev/shm"}}},
		{name: "several arguments joined", args: []string{"ls", "-la", "a b"}, wantSrc: "ls -la a b",
			wantEnv: classify.Env{Workspace: "/wd", Home: "/home/u", TempDirs: []string{"/tmp", "/var/tmp", "/dev/shm"}}},
		{name: "relative cwd", args: []string{"ls"}, cwd: "sub/../proj/", wantSrc: "ls",
			wantEnv: classify.Env{Workspace: "/wd/proj", Home: "/home/u", TempDirs: []string{"/tmp", "/var/tmp", "/dev/shm"}}},
		{name: "TMPDIR", args: []string{"ls"}, env: map[string]string{"HOME": "/home/u/", "TMPDIR": "/var/folders/x/T/"}, wantSrc: "ls",
			wantEnv: classify.Env{Workspace: "/wd", Home: "/home/u", TempDirs: []string{"/tmp", "/var/tmp", "/dev/shm", "/var/folders/x/T"}}},
		{name: "TMPDIR /tmp is not repeated, relative HOME is unknown", args: []string{"ls"}, env: map[string]string{"HOME": "home", "TMPDIR": "/tmp/"}, wantSrc: "ls",
			wantEnv: classify.Env{Workspace: "/wd", TempDirs: []string{"/tmp", "/var/tmp", "/dev/shm"}}},
		{name: "stdin tool call", stdin: `{"session_id":"s","tool_name":"Bash","tool_input":{"command":"ls -la","description":"list"},"cwd":"/ws/proj"}`, wantSrc: "ls -la",
			wantEnv: classify.Env{Workspace: "/ws/proj", Home: "/home/u", TempDirs: []string{"/tmp", "/var/tmp", "/dev/shm"}}},
		{name: "--cwd beats the tool call", cwd: "/other", stdin: `{"tool_name":"Bash","tool_input":{"command":"ls"},"cwd":"/ws/proj"}`, wantSrc: "ls",
			wantEnv: classify.Env{Workspace: "/other", Cwd: "/ws/proj", Home: "/home/u", TempDirs: []string{"/tmp", "/var/tmp", "/dev/shm"}}},
		{name: "other tool with a command", stdin: `{"tool_name":"run_shell_command","tool_input":{"command":"git push"}}`, wantSrc: "git push",
			wantEnv: classify.Env{Workspace: "/wd", Home: "/home/u", TempDirs: []string{"/tmp", "/var/tmp", "/dev/shm"}}},
		{name: "argument vector", stdin: `{"tool_name":"shell","tool_input":{"command":["bash","-lc","rm -rf ~"]}}`, wantSrc: "bash -lc 'rm -rf ~'",
			wantEnv: classify.Env{Workspace: "/wd", Home: "/home/u", TempDirs: []string{"/tmp", "/var/tmp", "/dev/shm"}}},
		{name: "NUL in the command", stdin: `{"tool_name":"Bash","tool_input":{"command":"ls\u0000rm"}}`, wantSrc: "ls\x00rm",
			wantEnv: classify.Env{Workspace: "/wd", Home: "/home/u", TempDirs: []string{"/tmp", "/var/tmp", "/dev/shm"}}},

		{name: "stdin a terminal", stdinTTY: true, wantCode: ExitUsage, wantStderr: "permguard: error: no command to check\npermguard: hint: pass the command itself"},
		{name: "empty stdin", stdin: " \n", wantCode: ExitBlocked, wantStderr: "permguard: error: no command given and stdin is empty\n"},
		{name: "bad JSON", stdin: `{"tool_name":"Bash",`, wantCode: ExitBlocked, wantStderr: "permguard: error: cannot read the tool call on stdin: the payload is not a JSON object: unexpected end of JSON input\n"},
		{name: "not an object", stdin: `["ls"]`, wantCode: ExitBlocked, wantStderr: "permguard: error: cannot read the tool call on stdin: the payload is a JSON array, not an object\n"},
		{name: "two values", stdin: `{"tool_input":{"command":"ls"}} {"tool_input":{"command":"rm -rf /"}}`, wantCode: ExitBlocked, wantStderr: "invalid character '{' after top-level value"},
		{name: "no command", stdin: `{"tool_name":"Bash","tool_input":{}}`, wantCode: ExitBlocked, wantStderr: "permguard: error: cannot read the tool call on stdin: the Bash tool call has no tool_input.command\n"},
		{name: "command of the wrong type", stdin: `{"tool_name":"Bash","tool_input":{"command":42}}`, wantCode: ExitBlocked, wantStderr: "neither a string nor a list of strings"},
		{name: "invalid UTF-8", stdin: "{\"tool_name\":\"Bash\",\"tool_input\":{\"command\":\"ls \xff\"}}", wantCode: ExitBlocked, wantStderr: "not valid UTF-8"},
		{name: "oversized stdin", stdin: big, wantCode: ExitBlocked, wantStderr: "permguard: error: cannot read the tool call on stdin: the payload is over the 8 MiB limit and was not read: send a smaller tool call (a large file in parts)\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env := tt.env
			if env == nil {
				env = map[string]string{"HOME": "/home/u"}
			}
			var gotSrc string
			var gotEnv classify.Env
			called := false
			env = withState(t, env)
			opts := &CheckOptions{callOptions: callOptions{Getenv: envFunc(env), Classify: func(src string, e classify.Env) classify.Verdict {
				called = true
				return fixedVerdict(verdictMinimal, &gotSrc, &gotEnv)(src, e)
			}}, Args: tt.args, Cwd: tt.cwd, Level: "high"}
			ios, in, out, errOut := testStreams()
			in.WriteString(tt.stdin)
			ios.StdinIsTTY = tt.stdinTTY
			opts.IO = ios
			opts.Getwd = fixedWd("/wd")
			err := checkRun(opts)
			printError(errOut, err)
			if code := exitCode(err); code != tt.wantCode {
				t.Fatalf("exit %d (%v), want %d", code, err, tt.wantCode)
			}
			if !strings.Contains(errOut.String(), tt.wantStderr) {
				t.Errorf("stderr %q, want it to contain %q", errOut.String(), tt.wantStderr)
			}
			if tt.wantCode != ExitOK {
				if called || out.Len() > 0 {
					t.Errorf("classified after an input error; stdout %q", out.String())
				}
				return
			}
			if gotSrc != tt.wantSrc {
				t.Errorf("classified %q, want %q", gotSrc, tt.wantSrc)
			}
			// the test's own state directory is protected like any other
			gotEnv.OwnDirs = slices.DeleteFunc(gotEnv.OwnDirs, func(d string) bool { return d == env["PERMGUARD_STATE_DIR"] })
			if len(gotEnv.OwnDirs) == 0 {
				gotEnv.OwnDirs = nil
			}
			// the registry's protected files and variables are guard's to
			// test (TestProtectedFromRegistry, TestProtectedAgentVars,
			// TestAgentFootholdsFromRegistry)
			gotEnv.Protected = nil
			gotEnv.GuardVars = nil
			// and the agents' credential files (TestSecretsFromRegistry)
			gotEnv.Secrets = nil
			gotEnv.AgentFootholds = nil
			// so are the path variables (TestPathVars)
			gotEnv.Vars = nil
			if !reflect.DeepEqual(gotEnv, tt.wantEnv) {
				t.Errorf("env %+v, want %+v", gotEnv, tt.wantEnv)
			}
		})
	}
}

func TestCheckRunNoWorkingDirectory(t *testing.T) {
	noWd := func() (string, error) { return "", errors.New("getwd: no such file or directory") }
	var gotEnv classify.Env
	opts := &CheckOptions{callOptions: callOptions{Getwd: noWd, Classify: fixedVerdict(verdictMinimal, nil, &gotEnv)}, Args: []string{"ls"}, Level: "high"}
	if got := runCheckOpts(t, opts, ""); got.code != ExitOK || gotEnv.Workspace != "" {
		t.Errorf("no cwd: exit %d, workspace %q; want 0 and an unknown workspace", got.code, gotEnv.Workspace)
	}
	opts = &CheckOptions{callOptions: callOptions{Getwd: noWd, Classify: fixedVerdict(verdictMinimal, nil, nil)}, Args: []string{"ls"}, Cwd: "rel"}
	if got := runCheckOpts(t, opts, ""); got.code != ExitBlocked || !strings.Contains(got.stderr, "bad --cwd") {
		t.Errorf("relative --cwd without a cwd: exit %d, stderr %q; want 2 and bad --cwd", got.code, got.stderr)
	}
}

// The tests below run the real classifier. Their expectations hold for the
// classifier of design §2, not for a stub.

func TestCheckWithClassifier(t *testing.T) {
	tests := []struct {
		args          []string
		level         string
		wantCode      int
		wantLevel     string
		wantDangerous bool
		wantRule      string // a rule id among the reasons, if set
	}{
		{args: []string{"ls", "-la"}, wantLevel: "minimal"},
		{args: []string{"git status"}, wantLevel: "minimal"},
		{args: []string{"git", "push"}, wantCode: ExitBlocked, wantLevel: "high"},
		{args: []string{"git", "push"}, level: "high", wantLevel: "high"},
		{args: []string{"rm -rf ~"}, level: "high", wantCode: ExitBlocked, wantLevel: "high", wantDangerous: true, wantRule: "rm-recursive-force"},
		{args: []string{"rm -rf ~"}, level: "bypassed", wantLevel: "high", wantDangerous: true, wantRule: "rm-recursive-force"},
		{args: []string{"echo \"unterminated"}, wantCode: ExitBlocked, wantLevel: "high"},
		{args: []string{"ls \xff"}, wantCode: ExitBlocked, wantLevel: "high"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " ")+"@"+tt.level, func(t *testing.T) {
			opts := &CheckOptions{JSON: true, Level: tt.level, Args: tt.args, Cwd: "/ws"}
			got := runCheckOpts(t, opts, "")
			var v struct {
				Level     string
				Dangerous bool
				Reasons   []struct{ Rule string }
			}
			if err := json.NewDecoder(bytes.NewReader([]byte(got.stdout))).Decode(&v); err != nil {
				t.Fatalf("stdout is not JSON: %v\n%s", err, got.stdout)
			}
			if got.code != tt.wantCode || v.Level != tt.wantLevel || v.Dangerous != tt.wantDangerous {
				t.Errorf("check %q at %q = exit %d, %s dangerous=%v; want exit %d, %s dangerous=%v\n%s",
					tt.args, tt.level, got.code, v.Level, v.Dangerous, tt.wantCode, tt.wantLevel, tt.wantDangerous, got.stdout)
			}
			if tt.wantRule != "" {
				found := false
				for _, r := range v.Reasons {
					found = found || r.Rule == tt.wantRule
				}
				if !found {
					t.Errorf("check %q: no reason with rule %s\n%s", tt.args, tt.wantRule, got.stdout)
				}
			}
		})
	}
}

// TestReadmeLevelSources: the list of effective_level_source values in
// docs/usage.md (the README's before issue 28) names every kind of source
// the settings know (issue 16).
func TestReadmeLevelSources(t *testing.T) {
	data, err := os.ReadFile("../../docs/usage.md")
	if err != nil {
		t.Fatal(err)
	}
	var row string
	for _, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(line, "| `effective_level_source` |") {
			row = line
		}
	}
	if row == "" {
		t.Fatal("docs/usage.md has no effective_level_source row")
	}
	for k := settings.FromDefault; k <= settings.FromFlag; k++ {
		want := k.String()
		switch k {
		case settings.FromDefault:
			want = "`default`"
		case settings.FromFlag:
			want = "`flag --level`"
		case settings.FromEnv:
			want = "`env PERMGUARD_LEVEL`"
		case settings.FromSession:
			want = "`session permguard level`"
		default:
			want = "`" + want + " PATH:L:C`"
		}
		if !strings.Contains(row, want) {
			t.Errorf("docs/usage.md's effective_level_source row does not name %s", want)
		}
	}
	if !strings.Contains(row, "`trusted project PATH:L:C`") {
		t.Error("docs/usage.md's effective_level_source row does not name trusted project files")
	}
}
