package hook

import (
	"errors"
	"strings"
	"testing"
)

// TestServeFailsClosed: whatever goes wrong before or during the
// judgement, the one reply is the agent's deny, and a call denied without
// a judgement is recorded; a judged call gets the judgement's reply.
func TestServeFailsClosed(t *testing.T) {
	const payload = `{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"}}`
	allow := Output{Stdout: []byte("allowed\n"), Exit: ExitOK}
	tests := map[string]struct {
		args       []string
		stdin      string
		answer     func(*Call) (Output, error)
		wantOut    string // in stdout or stderr
		wantFailed string // in the reason recorded; "" for none recorded
	}{
		"judged":          {args: []string{"--agent", "claude"}, stdin: payload, wantOut: "allowed"},
		"unknown agent":   {args: []string{"--agent", "nosuch"}, stdin: payload, wantOut: "is not one of", wantFailed: "is not one of"},
		"bad flag":        {args: []string{"--agent", "claude", "--bogus"}, stdin: payload, wantOut: `"deny"`, wantFailed: "unknown flag: --bogus"},
		"not a call":      {args: []string{"--agent", "claude"}, stdin: "{", wantOut: `"deny"`, wantFailed: "the tool call is denied"},
		"no dialect":      {stdin: `{"tool_name":"Bash","tool_input":{"command":"ls"}}`, wantOut: "denied", wantFailed: "the tool call is denied"},
		"judgement fails": {args: []string{"--agent", "claude"}, stdin: payload, answer: func(*Call) (Output, error) { return Output{}, errors.New("no settings") }, wantOut: `"deny"`, wantFailed: "permguard: no settings; the tool call is denied"},
		"panic":           {args: []string{"--agent", "claude"}, stdin: payload, answer: func(*Call) (Output, error) { panic("boom") }, wantOut: "internal error (boom)", wantFailed: "internal error: boom"},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			var writes []Output
			var failed []string
			answer := tt.answer
			if answer == nil {
				answer = func(*Call) (Output, error) { return allow, nil }
			}
			s := &Server{Args: tt.args, In: strings.NewReader(tt.stdin), Answer: answer,
				Write:  func(o Output) error { writes = append(writes, o); return nil },
				Failed: func(_ Agent, _ *Call, reason string) { failed = append(failed, reason) }}
			if err := s.Serve(); err != nil {
				t.Fatalf("Serve: %v", err)
			}
			if len(writes) != 1 {
				t.Fatalf("%d replies, want exactly one", len(writes))
			}
			if got := string(writes[0].Stdout) + writes[0].Stderr; !strings.Contains(got, tt.wantOut) {
				t.Errorf("reply %q, want it to hold %q", got, tt.wantOut)
			}
			switch {
			case tt.wantFailed == "" && len(failed) > 0:
				t.Errorf("recorded as denied unjudged: %q", failed)
			case tt.wantFailed != "" && (len(failed) != 1 || !strings.Contains(failed[0], tt.wantFailed)):
				t.Errorf("recorded %q, want one record with %q", failed, tt.wantFailed)
			}
		})
	}
}
