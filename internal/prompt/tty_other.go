//go:build !(linux || darwin || dragonfly || freebsd || netbsd || openbsd)

package prompt

import "os"

// Open reports that no terminal prompt is possible on this system.
func Open() (*os.File, error) { return nil, ErrNoTerminal }

func catchSignals(cancel func()) (stop func()) { return func() {} }

func noEcho(*os.File) (restore func()) { return func() {} }
