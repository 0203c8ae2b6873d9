package sandbox

import (
	"strings"
	"testing"
)

// The macOS profile says, in Seatbelt's words, what the Linux one does;
// later rules win there, so the holes and secrets come after the
// writable directories.
func TestSandboxExecProfile(t *testing.T) {
	p := Profile{
		Writable: Writable{Dirs: []string{"/ws"}, Files: []string{"/dev/null"}},
		ReadOnly: []string{"/ws/.git/hooks"},
		Hidden:   []string{"/home/u/.ssh"},
	}
	want := `(version 1)
(allow default)
(deny file-write*)
(allow file-write* (subpath "/ws"))
(allow file-write* (literal "/dev/null"))
(deny file-write* (subpath "/ws/.git/hooks"))
(deny file-read* file-write* (subpath "/home/u/.ssh"))
(deny network-outbound (remote ip))
(deny network-outbound (remote unix-socket))
`
	if got := SandboxExecProfile(p); got != want {
		t.Errorf("SandboxExecProfile =\n%s\nwant\n%s", got, want)
	}
	p.Network = true
	if got := SandboxExecProfile(p); strings.Contains(got, "network") {
		t.Errorf("with the network kept, the profile still denies it:\n%s", got)
	}
}
