//go:build !linux

package sandbox

import (
	"fmt"
	"os"
)

// InitArg: see the Linux build.
const InitArg = "__permguard-sandbox-init"

// Run runs nothing: namespaces are a Linux feature.
func Run(Profile, string, []string, []string) (int, error) {
	return 0, fmt.Errorf("%w: they are a Linux feature", ErrNoNamespaces)
}

// NamespacesAllowed reports that there are none: see Run.
func NamespacesAllowed() error { _, err := Run(Profile{}, "", nil, nil); return err }

// Init exits: there is no sandbox init outside Linux.
func Init() { os.Exit(126) }

// DenyTerminalInput refuses: seccomp is a Linux feature.
func DenyTerminalInput() error {
	return fmt.Errorf("cannot keep the program from typing into the terminal: seccomp is a Linux feature")
}

// Spawn runs nothing: exec runs a program unconfined by replacing itself
// with it, as everywhere but on Linux.
func Spawn(string, []string, []string) (int, error) {
	return 0, fmt.Errorf("%w: they are a Linux feature", ErrNoNamespaces)
}
