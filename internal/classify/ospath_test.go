package classify

import (
	"path"
	"testing"
)

// FuzzOSPath: osPath looks up only the first levels of a path, and agrees
// with walking up the whole of it, as it once did, on the path made clean
// (/usr//local is /usr/local, which walking up unclean took for /usr).
func FuzzOSPath(f *testing.F) {
	for _, p := range []string{"/etc", "/etc/passwd", "/usr/local/bin/x", "/usr/lib/x", "/var/lib/dpkg", "/var/log/x", "/opt/app",
		"/", "", "etc/x", "/usr//local/x", "/usr/./lib", "/home/u/x", "/private/etc/hosts", "/a/../etc/x"} {
		f.Add(p)
	}
	f.Fuzz(func(t *testing.T, p string) {
		want := false
		if _, top := systemDirs.get()[p]; top {
			want = true
		} else {
			for d := path.Clean(p); d != "/" && d != "."; d = path.Dir(d) {
				if isOS, ok := systemDirs.get()[d]; ok {
					want = isOS
					break
				}
			}
		}
		if got := osPath(p); got != want {
			t.Errorf("osPath(%q) = %v, walking up it says %v", p, got, want)
		}
	})
}
