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
