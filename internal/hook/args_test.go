package hook

import (
	"strings"
	"testing"
)

// TestParseHookArgs checks that the agent is found wherever it stands, so
// that every other mistake is answered in its dialect.
func TestParseHookArgs(t *testing.T) {
	tests := []struct {
		args      []string
		wantAgent string
		wantErr   string
	}{
		{nil, "auto", ""},
		{[]string{"--agent", "codex"}, "codex", ""},
		{[]string{"--agent=gemini"}, "gemini", ""},
		{[]string{"--agent", "claude", "--agent=cursor"}, "cursor", ""},
		{[]string{"--bogus", "--agent", "copilot"}, "copilot", "unknown flag: --bogus"},
		{[]string{"--agent", "copilot", "--bogus=1"}, "copilot", "unknown flag: --bogus"},
		{[]string{"-x", "--agent=copilot"}, "copilot", "unknown flag: -x"},
		{[]string{"extra", "--agent", "copilot"}, "copilot", `hook takes no arguments, got ["extra" "--agent" "copilot"]`},
		{[]string{"--agent", "copilot", "--", "x"}, "copilot", `hook takes no arguments, got ["x"]`},
		{[]string{"--agent", "copilot", "--"}, "copilot", ""},
		{[]string{"--", "--agent", "copilot"}, "auto", `hook takes no arguments, got ["--agent" "copilot"]`},
		{[]string{"--agent"}, "auto", "flag needs an argument: --agent"},
		{[]string{"--agent="}, "", ""},
		{[]string{"-"}, "auto", `hook takes no arguments, got ["-"]`},
	}
	for _, tt := range tests {
		agent, err := ParseArgs(tt.args)
		gotErr := ""
		if err != nil {
			gotErr = err.Error()
		}
		if agent != tt.wantAgent || (tt.wantErr == "") != (err == nil) || (err != nil && !strings.Contains(gotErr, tt.wantErr)) {
			t.Errorf("ParseArgs(%q) = %q, %q; want %q, %q", tt.args, agent, gotErr, tt.wantAgent, tt.wantErr)
		}
	}
}
