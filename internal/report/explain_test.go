package report

import (
	"testing"

	"github.com/agent-permguard/permguard/internal/classify"
)

// Each frame that a command runs (a script, xargs' command) sits one step
// under that command.
func TestIndentOf(t *testing.T) {
	f := func(k classify.FrameKind) classify.Frame { return classify.Frame{Kind: k} }
	tests := []struct {
		frames []classify.Frame
		want   int
	}{
		{frames: nil, want: 0},
		{frames: []classify.Frame{f(classify.FramePipeline)}, want: 1},
		{frames: []classify.Frame{f(classify.FrameScript)}, want: 2},
		{frames: []classify.Frame{f(classify.FramePipeline), f(classify.FrameRunBy), f(classify.FrameSubshell)}, want: 4},
	}
	for _, tt := range tests {
		if got := len(indentOf(tt.frames)) / 2; got != tt.want {
			t.Errorf("indentOf(%v) = %d steps, want %d", tt.frames, got, tt.want)
		}
	}
}
