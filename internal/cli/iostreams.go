package cli

import (
	"bytes"
	"io"
	"os"
	"time"

	"github.com/permguard/permguard/internal/notify"
)

// IOStreams is every stream a command reads or writes. Commands never touch
// os.Stdin, os.Stdout or os.Stderr; tests pass buffers (see [TestIO]).
type IOStreams struct {
	In     io.Reader
	Out    io.Writer
	ErrOut io.Writer

	// StdinIsTTY reports whether In is a terminal. When it is, check does
	// not wait for a tool call on stdin.
	StdinIsTTY bool
	// StdoutIsTTY reports whether Out is a terminal: explain colours
	// its text only then.
	StdoutIsTTY bool
}

// System returns the process's own streams.
func System() *IOStreams {
	return &IOStreams{
		In:          os.Stdin,
		Out:         os.Stdout,
		ErrOut:      os.Stderr,
		StdinIsTTY:  isTerminal(os.Stdin),
		StdoutIsTTY: isTerminal(os.Stdout),
	}
}

// TestIO returns streams backed by buffers, with stdin not a terminal, and
// the buffers: stdin (write to it before running), stdout and stderr.
func TestIO() (ios *IOStreams, in, out, errOut *bytes.Buffer) {
	in, out, errOut = new(bytes.Buffer), new(bytes.Buffer), new(bytes.Buffer)
	return &IOStreams{In: in, Out: out, ErrOut: errOut}, in, out, errOut
}

// Factory holds what commands need from the process. Everything is injected
// so that no command reads the real environment in a test.
type Factory struct {
	IO     *IOStreams
	Getenv func(key string) string
	Getwd  func() (string, error)
	Now    func() time.Time
	// Executable is the path of the running binary, for the hook entries
	// permguard install writes.
	Executable func() (string, error)
	// Parent identifies the process that ran permguard, for sessions
	// (see sessionID); nil or "" means unknown.
	Parent func() string
	// Terminal opens the prompt on the controlling terminal; nil means
	// there is never one.
	Terminal openTerminal
	// Notifier sends desktop notifications; nil sends none.
	Notifier notify.Notifier
}
