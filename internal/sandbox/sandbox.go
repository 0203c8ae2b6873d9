// Package sandbox confines the program `permguard exec` is about to run:
// on Linux, with Landlock, it may write only to the directories it is
// given (the workspace, the temporary directories, the terminal and the
// usual character devices); it may still read and run everything else.
//
// The restriction is applied to permguard's own process just before it
// replaces itself with the program, and the kernel keeps it for that
// program and everything it starts; nothing can lift it. The package
// imports nothing else of permguard.
package sandbox

import "errors"

// Mode says what to do when the kernel cannot sandbox.
type Mode uint8

const (
	Off        Mode = iota
	BestEffort      // warn and run unconfined
	Require         // refuse to run
)

// ParseMode reads a --sandbox value: "best-effort" or "require"; "" is
// best-effort, as a bare --sandbox gives.
func ParseMode(s string) (Mode, bool) {
	switch s {
	case "", "best-effort":
		return BestEffort, true
	case "require":
		return Require, true
	case "off":
		return Off, true
	}
	return Off, false
}

func (m Mode) String() string { return [...]string{"off", "best-effort", "require"}[m] }

// ErrUnavailable reports a kernel (or system) without Landlock.
//
//lint:ignore ST1005 Landlock is a name, and names keep their capital
var ErrUnavailable = errors.New("Landlock is not available")

// Writable are the paths a confined program may write. Missing paths are
// skipped: a workspace under /tmp and $TMPDIR unset are both normal.
type Writable struct {
	Dirs  []string // writable with everything below them
	Files []string // writable themselves: devices such as /dev/null
	// Terminals are directories of pseudo-terminals whose ioctls are
	// allowed: only the build profile's own devpts instance.
	Terminals []string
}

// DefaultFiles are the character devices programs write to as a matter
// of course; writing them harms nothing.
var DefaultFiles = []string{"/dev/null", "/dev/zero", "/dev/full", "/dev/tty", "/dev/ptmx", "/dev/random", "/dev/urandom"}

// DefaultDirs hold the terminals a program may reopen (/dev/pts/N) and
// the process's own shared memory.
var DefaultDirs = []string{"/dev/pts", "/dev/shm"}
