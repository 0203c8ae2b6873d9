package cli

import (
	"io/fs"
	"time"

	"github.com/agent-permguard/permguard/internal/notify"
)

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
	// (see guard.SessionID); nil or "" means unknown.
	Parent func() string
	// Terminal opens the prompt on the controlling terminal; nil means
	// there is never one.
	Terminal openTerminal
	// Notifier sends desktop notifications; nil sends none.
	Notifier notify.Notifier
	// Stat looks at a path a flag names (--cwd); nil skips the check, for
	// tests that name directories of a machine of their own.
	Stat func(name string) (fs.FileInfo, error)
	// Namespaces reports why the box of a level cannot be made here, or
	// nil when it can; nil means it never can (design §4, boxed allow).
	Namespaces func() error
	// BoxAvailable says whether the boxes can be had here, and if not why
	// (sandbox.BoxAvailable: the namespaces and Landlock); nil means
	// unknown.
	BoxAvailable func() (bool, string)
}
