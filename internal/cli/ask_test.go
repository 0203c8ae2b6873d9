package cli

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/agent-permguard/permguard/internal/classify"
	"github.com/agent-permguard/permguard/internal/notify"
	"github.com/agent-permguard/permguard/internal/prompt"
)

// recorder is a notifier that keeps what it was given.
type recorder struct {
	sent           []notify.Message
	focused, known bool
}

func (r *recorder) Notify(_ context.Context, m notify.Message) error {
	r.sent = append(r.sent, m)
	return nil
}
func (r *recorder) Focused(context.Context) (bool, bool) { return r.focused, r.known }

// panicker is an asker with a bug.
type panicker struct{}

func (panicker) Ask(context.Context, prompt.Question) prompt.Answer { panic("boom") }

// askCase is one call that may need a person, and what must come of it.
type askCase struct {
	name     string
	command  string            // for check; "" means hook with stdin
	stdin    string            // a hook payload
	settings string            // the global settings file
	env      map[string]string // on top of the test's own
	answers  []prompt.Answer   // nil: there is no terminal
	asker    asker             // instead of a Fake with answers
	json     bool              // check --json
	noPrompt bool              // check --no-prompt

	wantCode     int
	wantOpened   bool            // the terminal was asked for (it may not exist)
	wantChoices  []prompt.Choice // offered, Deny first; checked when set
	wantPattern  string
	wantPin      bool // Confirm.Verify is set
	wantNotified []notify.Message
	wantOut      string // in stdout
	wantErr      string // in stderr
	wantSaved    string // in the settings file afterwards
}

var askCases = []askCase{
	{name: "no terminal: check blocks", command: "git push origin main", wantCode: ExitBlocked, wantOpened: true, wantErr: "Blocked at level minimal."},
	{name: "allow once", command: "git push origin main", answers: []prompt.Answer{{Choice: prompt.AllowOnce}},
		wantCode: ExitOK, wantOpened: true, wantOut: "high: allow at level minimal (allow-once)\n",
		wantChoices: []prompt.Choice{prompt.Deny, prompt.AllowOnce, prompt.AllowSession, prompt.AlwaysAllow}, wantPattern: "git push origin main *",
		wantNotified: []notify.Message{{Title: "permguard: approval needed in the terminal", Body: "git push origin main\nneeds high"}}},
	{name: "deny", command: "git push origin main", answers: []prompt.Answer{{Choice: prompt.Deny, Why: "denied at the prompt"}},
		wantCode: ExitBlocked, wantOpened: true, wantOut: "(denied)", wantErr: "git push origin main\npermguard: denied by the user at the terminal prompt"},
	{name: "timeout", command: "git push origin main", answers: []prompt.Answer{prompt.Denied("nobody answered within 2m0s")},
		wantCode: ExitBlocked, wantOpened: true, wantErr: "the user was asked at the terminal and nobody answered within 2m0s; the call was denied"},
	{name: "the asker panics: denied", command: "git push origin main", asker: panicker{},
		wantCode: ExitBlocked, wantOpened: true, wantErr: "the prompt failed: boom"},
	{name: "glob characters are escaped in the suggested rule", command: "git push origin 'feat*'", answers: []prompt.Answer{{Choice: prompt.Deny}},
		wantCode: ExitBlocked, wantOpened: true, wantPattern: `git push origin feat\* *`},
	{name: "dangerous: deny and allow once only, confirmed by a word", command: "rm -rf /", answers: []prompt.Answer{{Choice: prompt.AllowOnce}},
		wantCode: ExitOK, wantOpened: true, wantChoices: []prompt.Choice{prompt.Deny, prompt.AllowOnce}},
	{name: "dangerous with a PIN", command: "rm -rf /", settings: `{"approvalPin": "2468"}`, answers: []prompt.Answer{{Choice: prompt.Deny}},
		wantCode: ExitBlocked, wantOpened: true, wantPin: true},
	{name: "two commands above the level: no single rule", command: "git push && npm publish", answers: []prompt.Answer{{Choice: prompt.Deny}},
		wantCode: ExitBlocked, wantOpened: true, wantChoices: []prompt.Choice{prompt.Deny, prompt.AllowOnce, prompt.AllowSession}},
	{name: "a redirection outside: no rule would allow it", command: "git push > /srv/log", answers: []prompt.Answer{{Choice: prompt.Deny}},
		wantCode: ExitBlocked, wantOpened: true, wantChoices: []prompt.Choice{prompt.Deny, prompt.AllowOnce, prompt.AllowSession}},
	{name: "always allow saves the rule at the level in force", command: "npm publish", settings: `{"level": "low"}`,
		answers:  []prompt.Answer{{Choice: prompt.AlwaysAllow, Pattern: "npm publish *"}},
		wantCode: ExitOK, wantOpened: true, wantErr: `permguard: added "npm publish *" to overrides.low in`, wantSaved: `"low": [
      "npm publish *"
    ]`},
	{name: "no state directory: no session approval to offer", command: "git push origin main", env: map[string]string{"PERMGUARD_STATE_DIR": "relative/state"},
		answers: []prompt.Answer{{Choice: prompt.Deny}}, wantCode: ExitBlocked, wantOpened: true,
		wantChoices: []prompt.Choice{prompt.Deny, prompt.AllowOnce, prompt.AlwaysAllow}},
	{name: "mode block never opens the terminal", command: "git push", settings: `{"mode": "block"}`, answers: []prompt.Answer{{Choice: prompt.AllowOnce}},
		wantCode: ExitBlocked},
	{name: "PERMGUARD_NO_PROMPT never opens the terminal", command: "git push", env: map[string]string{"PERMGUARD_NO_PROMPT": "1"},
		answers: []prompt.Answer{{Choice: prompt.AllowOnce}}, wantCode: ExitBlocked},
	{name: "PERMGUARD_NO_PROMPT=0 prompts", command: "git push", env: map[string]string{"PERMGUARD_NO_PROMPT": "0"},
		answers: []prompt.Answer{{Choice: prompt.AllowOnce}}, wantCode: ExitOK, wantOpened: true},
	// a program reads --json and cannot answer a prompt, which on a
	// person's terminal could save an "Always allow" rule (issue 28)
	{name: "check --json never opens the terminal", command: "git push", json: true, answers: []prompt.Answer{{Choice: prompt.AlwaysAllow, Pattern: "git push *"}},
		wantCode: ExitBlocked, wantOut: `"decision":"block"`, wantErr: "Blocked at level minimal."},
	{name: "check --no-prompt never opens the terminal", command: "git push", noPrompt: true, answers: []prompt.Answer{{Choice: prompt.AllowOnce}},
		wantCode: ExitBlocked, wantErr: "Blocked at level minimal."},
	{name: "check --json, allowed: no terminal needed", command: "ls", json: true, answers: []prompt.Answer{{Choice: prompt.Deny}},
		wantCode: ExitOK, wantOut: `"decision":"allow"`},
	{name: "a deny rule never asks", command: "git push", settings: `{"deny": ["git push*"]}`, answers: []prompt.Answer{{Choice: prompt.AllowOnce}},
		wantCode: ExitBlocked, wantErr: "Blocked by the deny rule"},
	{name: "allowed needs no one", command: "ls", answers: []prompt.Answer{{Choice: prompt.Deny}}, wantCode: ExitOK},
	{name: "notifications off", command: "git push", settings: `{"notifications": "off"}`, answers: []prompt.Answer{{Choice: prompt.Deny}},
		wantCode: ExitBlocked, wantOpened: true, wantNotified: []notify.Message{}},
	{name: "persistent notifications are critical", command: "git push", settings: `{"notifications": "persistent"}`, answers: []prompt.Answer{{Choice: prompt.Deny}},
		wantCode: ExitBlocked, wantOpened: true, wantNotified: []notify.Message{{Title: "permguard: approval needed in the terminal", Body: "git push\nneeds high", Critical: true}}},

	// the hook never opens the terminal (design §4): the agent owns it
	{name: "hook: the agent's own prompt, with a notification", stdin: `{"session_id":"s","permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"git push"}}`,
		wantCode: ExitOK, wantOut: `"permissionDecision":"ask"`,
		wantNotified: []notify.Message{{Title: "permguard: approval needed in Claude Code", Body: "git push\nneeds high"}}},
	{name: "hook, dangerous: denied, never asked", stdin: `{"session_id":"s","permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"rm -rf ~"}}`,
		wantCode: ExitBlocked, wantOut: `"permissionDecision":"deny"`, wantNotified: []notify.Message{}},
	{name: "hook, no native ask (Codex): denied", stdin: `{"session_id":"s","turn_id":"t","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"git push"}}`,
		wantCode: ExitOK, wantOut: `"permissionDecision":"deny"`, wantNotified: []notify.Message{}},
	{name: "hook, bypassPermissions: an ask would be dropped, so denied", stdin: `{"session_id":"s","permission_mode":"bypassPermissions","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"git push"}}`,
		wantCode: ExitBlocked, wantOut: `"permissionDecision":"deny"`, wantNotified: []notify.Message{}},
	{name: "hook, auto mode: Claude Code shows the ask, so asked", stdin: `{"session_id":"s","permission_mode":"auto","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"git push"}}`,
		wantCode: ExitOK, wantOut: `"permissionDecision":"ask"`,
		wantNotified: []notify.Message{{Title: "permguard: approval needed in Claude Code", Body: "git push\nneeds high"}}},
	{name: "hook, with a terminal: never opened, the agent's own prompt", stdin: `{"session_id":"s","permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"git push"}}`,
		answers:  []prompt.Answer{{Choice: prompt.AllowOnce}},
		wantCode: ExitOK, wantOut: `"permissionDecision":"ask"`},
}

func TestAskPerson(t *testing.T) {
	for _, tt := range askCases {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			env := map[string]string{"HOME": dir, "PERMGUARD_CONFIG_DIR": filepath.Join(dir, "cfg"), "PERMGUARD_STATE_DIR": filepath.Join(dir, "state"), "PERMGUARD_SESSION": "t"}
			for k, v := range tt.env {
				env[k] = v
			}
			if tt.settings != "" {
				os.MkdirAll(filepath.Join(dir, "cfg"), 0o700)
				os.WriteFile(filepath.Join(dir, "cfg", "settings.json"), []byte(tt.settings), 0o600)
			}
			fake := &prompt.Fake{Answers: tt.answers}
			opened := false
			terminal := func(bool) (asker, error) {
				opened = true
				switch {
				case tt.asker != nil:
					return tt.asker, nil
				case tt.answers == nil:
					return nil, prompt.ErrNoTerminal
				}
				return fake, nil
			}
			rec := &recorder{}
			ios, in, out, errOut := testStreams()
			var err error
			if tt.command != "" {
				err = checkRun(&CheckOptions{callOptions: callOptions{IO: ios, Getenv: envFunc(env), Getwd: fixedWd(dir), Now: time.Now, Terminal: terminal, Notifier: rec, Classify: classify.Classify}, Args: []string{tt.command}, JSON: tt.json, NoPrompt: tt.noPrompt})
			} else {
				in.WriteString(tt.stdin)
				err = hookRun(&HookOptions{callOptions: callOptions{IO: ios, Getenv: envFunc(env), Getwd: fixedWd(dir), Now: time.Now, Terminal: terminal, Notifier: rec, Classify: classify.Classify}})
			}
			printError(errOut, err)
			if code := exitCode(err); code != tt.wantCode {
				t.Errorf("exit %d, want %d\nstdout: %s\nstderr: %s", code, tt.wantCode, out, errOut)
			}
			if opened != tt.wantOpened {
				t.Errorf("terminal asked for = %v, want %v", opened, tt.wantOpened)
			}
			if !strings.Contains(out.String(), tt.wantOut) {
				t.Errorf("stdout %q, want it to contain %q", out, tt.wantOut)
			}
			if !strings.Contains(errOut.String(), tt.wantErr) {
				t.Errorf("stderr %q, want it to contain %q", errOut, tt.wantErr)
			}
			if len(fake.Questions) > 0 {
				q := fake.Questions[0]
				if tt.wantChoices != nil {
					if got := offeredChoices(q); !reflect.DeepEqual(got, tt.wantChoices) {
						t.Errorf("choices %v, want %v", got, tt.wantChoices)
					}
				}
				if tt.wantPattern != "" && q.Pattern != tt.wantPattern {
					t.Errorf("suggested rule %q, want %q", q.Pattern, tt.wantPattern)
				}
				if (q.Confirm.Verify != nil) != tt.wantPin {
					t.Errorf("PIN confirmation = %v, want %v", q.Confirm.Verify != nil, tt.wantPin)
				}
				if tt.wantPin && (!q.Confirm.Verify("2468") || q.Confirm.Verify("1357")) {
					t.Error("the PIN check does not check the PIN")
				}
			}
			if tt.wantNotified != nil && !(len(rec.sent) == 0 && len(tt.wantNotified) == 0) && !reflect.DeepEqual(rec.sent, tt.wantNotified) {
				t.Errorf("notified %+v, want %+v", rec.sent, tt.wantNotified)
			}
			if tt.wantSaved == "" && tt.settings == "" {
				if _, err := os.Stat(filepath.Join(dir, "cfg", "settings.json")); err == nil {
					t.Error("a settings file was written, and nobody chose Always allow")
				}
			}
			if tt.wantSaved != "" {
				data, _ := os.ReadFile(filepath.Join(dir, "cfg", "settings.json"))
				if !strings.Contains(string(data), tt.wantSaved) {
					t.Errorf("settings file:\n%s\nwant it to contain %q", data, tt.wantSaved)
				}
			}
		})
	}
}

// offeredChoices is what the person sees: Deny, then q.Choices as the
// prompt filters them.
func offeredChoices(q prompt.Question) []prompt.Choice {
	out := []prompt.Choice{prompt.Deny}
	for _, c := range q.Choices {
		if q.Dangerous && (c == prompt.AllowSession || c == prompt.AlwaysAllow) {
			continue
		}
		out = append(out, c)
	}
	return out
}

// A session approval that cannot be written still allows the call once,
// and says so.
func TestSessionNotWritable(t *testing.T) {
	dir := t.TempDir()
	state := filepath.Join(dir, "state")
	os.WriteFile(state, []byte("a file, not a directory"), 0o600)
	env := map[string]string{"HOME": dir, "PERMGUARD_CONFIG_DIR": filepath.Join(dir, "cfg"), "PERMGUARD_STATE_DIR": state, "PERMGUARD_SESSION": "t"}
	ios, _, out, errOut := testStreams()
	fake := &prompt.Fake{Answers: []prompt.Answer{{Choice: prompt.AllowSession}}}
	err := checkRun(&CheckOptions{callOptions: callOptions{IO: ios, Getenv: envFunc(env), Getwd: fixedWd(dir), Now: time.Now, Terminal: func(bool) (asker, error) { return fake, nil }, Classify: classify.Classify}, Args: []string{"git push"}})
	if err != nil {
		t.Fatalf("check: %v\n%s", err, errOut)
	}
	if !strings.Contains(errOut.String(), "permguard: warning: allowed once, but not remembered for the session") || !strings.Contains(out.String(), "(allow-session)") {
		t.Errorf("stdout %q, stderr %q", out, errOut)
	}
}

// Unfocused: no notification when the person is looking at the terminal.
func TestNotifyUnfocused(t *testing.T) {
	for _, tc := range []struct {
		focused, known bool
		want           int
	}{{true, true, 0}, {false, true, 1}, {false, false, 1}} {
		dir := t.TempDir()
		os.MkdirAll(filepath.Join(dir, "cfg"), 0o700)
		os.WriteFile(filepath.Join(dir, "cfg", "settings.json"), []byte(`{"notifications": "unfocused"}`), 0o600)
		env := map[string]string{"HOME": dir, "PERMGUARD_CONFIG_DIR": filepath.Join(dir, "cfg"), "PERMGUARD_STATE_DIR": filepath.Join(dir, "state")}
		rec := &recorder{focused: tc.focused, known: tc.known}
		ios, _, _, _ := testStreams()
		checkRun(&CheckOptions{callOptions: callOptions{IO: ios, Getenv: envFunc(env), Getwd: fixedWd(dir), Now: time.Now, Notifier: rec, Terminal: func(bool) (asker, error) { return &prompt.Fake{}, nil }, Classify: classify.Classify}, Args: []string{"git push"}})
		if len(rec.sent) != tc.want {
			t.Errorf("focused %v known %v: %d notifications, want %d", tc.focused, tc.known, len(rec.sent), tc.want)
		}
	}
}
