package cli

import (
	"io"
	"os"
)

// IOStreams is every stream a command reads or writes. Commands never touch
// os.Stdin, os.Stdout or os.Stderr; tests pass buffers (testStreams, in
// export_test.go).
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
