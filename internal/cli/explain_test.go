package cli

import (
	"strings"
	"testing"

	"github.com/agent-permguard/permguard/internal/classify"
)

// Colour only on a terminal, and never with NO_COLOR or TERM=dumb.
func TestExplainColour(t *testing.T) {
	tests := []struct {
		name      string
		tty       bool
		env       map[string]string
		wantColor bool
	}{
		{name: "terminal", tty: true, wantColor: true},
		{name: "pipe", tty: false},
		{name: "NO_COLOR", tty: true, env: map[string]string{"NO_COLOR": "1"}},
		{name: "dumb terminal", tty: true, env: map[string]string{"TERM": "dumb"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ios, _, out, errOut := testStreams()
			ios.StdoutIsTTY = tt.tty
			opts := &ExplainOptions{callOptions: callOptions{IO: ios, Getenv: envFunc(withState(t, tt.env)), Getwd: fixedWd("/ws"), Classify: classify.Classify}, Args: []string{"rm -rf ~ | cat"}}
			if err := explainRun(opts); err != nil {
				t.Fatal(err, errOut.String())
			}
			got := out.String()
			if has := strings.Contains(got, "\x1b[1;31mdangerous\x1b[0m"); has != tt.wantColor {
				t.Errorf("coloured: %v, want %v:\n%q", has, tt.wantColor, got)
			}
			if !tt.wantColor && strings.Contains(got, "\x1b") {
				t.Errorf("an escape sequence without colour:\n%q", got)
			}
		})
	}
}
