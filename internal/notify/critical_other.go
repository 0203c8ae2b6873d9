//go:build !((linux || freebsd || netbsd || openbsd || illumos) && !nodbus)

package notify

import "errors"

// critical is not available here; the caller sends a normal notification.
func critical(Message) error { return errors.New("critical urgency is not supported here") }
