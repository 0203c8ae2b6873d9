//go:build linux

package sandbox

import (
	"fmt"

	"github.com/landlock-lsm/go-landlock/landlock"
	llsys "github.com/landlock-lsm/go-landlock/landlock/syscall"
)

// ABI returns the Landlock ABI version of the running kernel, or
// ErrUnavailable with the kernel's reason.
func ABI() (int, error) {
	v, err := llsys.LandlockGetABIVersion()
	if err != nil || v < 1 {
		return 0, fmt.Errorf("%w: %v (Linux 5.13 or later with Landlock enabled is needed)", ErrUnavailable, err)
	}
	return v, nil
}

// Restrict confines this process and every program it runs from now on
// to writing w. It returns ErrUnavailable when the kernel has no
// Landlock, and changes nothing then.
func Restrict(w Writable) error {
	if _, err := ABI(); err != nil {
		return err
	}
	// BestEffort uses what the kernel's ABI knows; every version since
	// the first restricts writing and creating files, which is the point.
	rules := []landlock.Rule{
		landlock.RODirs("/"),
		landlock.RWDirs(w.Dirs...).IgnoreIfMissing().WithRefer(),
		landlock.RWFiles(w.Files...).IgnoreIfMissing().WithIoctlDev(),
	}
	if len(w.Terminals) > 0 {
		rules = append(rules, landlock.RWDirs(w.Terminals...).WithIoctlDev())
	}
	err := landlock.V7.BestEffort().RestrictPaths(rules...)
	if err != nil {
		return fmt.Errorf("failed to restrict writes with Landlock: %w", err)
	}
	return nil
}
