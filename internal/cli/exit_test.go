package cli

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

func TestExitCode(t *testing.T) {
	tests := []struct {
		err  error
		want int
	}{
		{nil, ExitOK},
		{ErrBlocked, ExitBlocked},
		{fmt.Errorf("wrapped: %w", ErrBlocked), ExitBlocked},
		{usageErrorf(nil, "bad flag"), ExitUsage},
		{fmt.Errorf("wrapped: %w", usageErrorf(nil, "bad flag")), ExitUsage},
		{errors.New("anything else"), ExitBlocked},
		{withHints(errors.New("bad stdin"), "fix it"), ExitBlocked},
		{refuseExec(ErrBlocked), ExitExecBlocked},
		{refuseExec(withHints(errors.New("no sandbox"), "fix it")), ExitExecBlocked},
	}
	for _, tt := range tests {
		if got := exitCode(tt.err); got != tt.want {
			t.Errorf("exitCode(%v) = %d, want %d", tt.err, got, tt.want)
		}
	}
}

func runMain(t *testing.T, f *Factory, args ...string) checkResult {
	t.Helper()
	ios, _, out, errOut := testStreams()
	if f == nil {
		f = &Factory{Getenv: envFunc(nil), Getwd: fixedWd("/wd")}
	}
	f.IO = ios
	code := run(f, args)
	return checkResult{stdout: out.String(), stderr: errOut.String(), code: code}
}

func TestRun(t *testing.T) {
	tests := []struct {
		args       []string
		wantCode   int
		wantStdout string
		wantStderr string
	}{
		{args: []string{"version"}, wantStdout: "permguard dev\n"},
		{args: []string{"--version"}, wantStdout: "permguard dev\n"},
		{args: []string{"version", "x"}, wantCode: ExitUsage, wantStderr: "permguard: error: version takes no arguments, got \"x\"\n"},
		{args: []string{"chekc", "ls"}, wantCode: ExitUsage,
			wantStderr: "permguard: error: unknown command \"chekc\"\npermguard: hint: did you mean \"permguard check\"?\npermguard: hint: run \"permguard --help\" for the list of commands\n"},
		{args: []string{"check", "--bogus", "ls"}, wantCode: ExitUsage,
			wantStderr: "permguard: error: unknown flag: --bogus\npermguard: hint: run \"permguard check --help\" for usage\n"},
		{args: []string{"--bogus"}, wantCode: ExitUsage, wantStderr: "permguard: error: unknown flag: --bogus\n"},
		{args: []string{"check", "--level", "max", "ls"}, wantCode: ExitUsage, wantStderr: "permguard: error: invalid level \"max\" for --level\n"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			got := runMain(t, nil, tt.args...)
			if got.code != tt.wantCode || got.stdout != tt.wantStdout || !strings.HasPrefix(got.stderr, tt.wantStderr) {
				t.Errorf("permguard %q = exit %d, stdout %q, stderr %q; want exit %d, stdout %q, stderr starting %q",
					tt.args, got.code, got.stdout, got.stderr, tt.wantCode, tt.wantStdout, tt.wantStderr)
			}
			if tt.wantStderr == "" && got.stderr != "" {
				t.Errorf("permguard %q: stderr %q, want none", tt.args, got.stderr)
			}
		})
	}
}

func TestRunHelp(t *testing.T) {
	for _, args := range [][]string{nil, {"--help"}, {"check", "--help"}, {"help", "check"}} {
		got := runMain(t, nil, args...)
		if got.code != ExitOK || !strings.Contains(got.stdout, "Usage:") {
			t.Errorf("permguard %q = exit %d, stdout %q; want 0 and usage", args, got.code, got.stdout)
		}
	}
}

func TestRunPanicFailsClosed(t *testing.T) {
	f := &Factory{Getenv: envFunc(nil), Getwd: func() (string, error) { panic("boom") }}
	got := runMain(t, f, "check", "ls")
	if got.code != ExitBlocked {
		t.Errorf("exit %d after a panic, want %d", got.code, ExitBlocked)
	}
	if !strings.HasPrefix(got.stderr, "permguard: error: internal error: boom\n") {
		t.Errorf("stderr %q", got.stderr)
	}
}

// TestEveryCommandHasExamples: every command's --help shows how it is
// used, as gh's and git's do (issue 16).
func TestEveryCommandHasExamples(t *testing.T) {
	ios, _, _, _ := testStreams()
	root := NewCmdRoot(&Factory{IO: ios, Getenv: envFunc(nil), Getwd: fixedWd("/wd")})
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		if c.IsAvailableCommand() || c == root {
			if strings.TrimSpace(c.Example) == "" {
				t.Errorf("%q has no examples in its --help", c.CommandPath())
			}
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
}
