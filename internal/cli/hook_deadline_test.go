package cli

import (
	"bytes"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/agent-permguard/permguard/internal/classify"
)

// lockedBuffer is written by the deadline's goroutine and read by the test.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestHookDeadline: a call that never gets its answer (here, stdin that
// is never closed) is denied at the deadline, in the agent's dialect, and
// the process ends with that reply as its only output.
func TestHookDeadline(t *testing.T) {
	for _, tt := range []struct {
		agent    string
		wantCode int
		wantOut  string
	}{
		{"claude", ExitBlocked, `"permissionDecision":"deny"`},
		{"codex", 0, `"permissionDecision":"deny"`},
		{"gemini", 0, `"decision":"deny"`},
		{"copilot", 0, `"permissionDecision":"deny"`},
	} {
		t.Run(tt.agent, func(t *testing.T) {
			stdin, never := io.Pipe()
			defer never.Close()
			out, errOut := &lockedBuffer{}, &lockedBuffer{}
			exited := make(chan int, 1)
			opts := &HookOptions{
				callOptions: callOptions{IO: &IOStreams{In: stdin, Out: out, ErrOut: errOut}, Getenv: envFunc(map[string]string{}),
					Getwd: fixedWd("/home/dev/proj"), Now: time.Now, Classify: classify.Classify},
				Args: []string{"--agent", tt.agent}, Deadline: 50 * time.Millisecond, Exit: func(code int) { exited <- code },
			}
			go hookRun(opts) // stays blocked on stdin: the process would end at Exit
			select {
			case code := <-exited:
				if code != tt.wantCode {
					t.Errorf("exit %d, want %d", code, tt.wantCode)
				}
			case <-time.After(10 * time.Second):
				t.Fatal("no reply at the deadline")
			}
			if got := out.String(); !strings.Contains(got, tt.wantOut) || strings.Count(got, "\n") > 1 {
				t.Errorf("stdout %q, want one reply with %s", got, tt.wantOut)
			}
			if !strings.Contains(out.String()+errOut.String(), "no decision within 50ms") {
				t.Errorf("the reply does not say why: %q %q", out.String(), errOut.String())
			}
		})
	}
}
