package hook

import (
	"encoding/json"
	"io"
	"path/filepath"
	"time"
)

// StatusInput is what Claude Code's statusLine command receives.
type StatusInput struct {
	SessionID string `json:"session_id"`
	Cwd       string `json:"cwd"`
	Workspace struct {
		CurrentDir string `json:"current_dir"`
		ProjectDir string `json:"project_dir"`
	} `json:"workspace"`
}

// statusStdinWait bounds the wait for a status payload: a prompt must
// never hang on a stdin that nobody writes to.
const statusStdinWait = 200 * time.Millisecond

// ReadStatusInput reads a statusLine payload from r into in, giving up
// after statusStdinWait or on anything that is not one.
func ReadStatusInput(r io.Reader, in *StatusInput) {
	done := make(chan []byte, 1)
	go func() {
		data, _ := io.ReadAll(io.LimitReader(r, 1<<20))
		done <- data
	}()
	select {
	case data := <-done:
		var got StatusInput
		if json.Unmarshal(data, &got) == nil {
			*in = got
		}
	case <-time.After(statusStdinWait):
	}
}

// Dir is the payload's project directory, else its current directory,
// else its cwd: the first that is an absolute path; "" when none is.
func (in StatusInput) Dir() string {
	return firstAbs(in.Workspace.ProjectDir, in.Workspace.CurrentDir, in.Cwd)
}

func firstAbs(dirs ...string) string {
	for _, d := range dirs {
		if filepath.IsAbs(d) {
			return filepath.Clean(d)
		}
	}
	return ""
}
