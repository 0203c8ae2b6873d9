// Package buildinfo says what permguard knows of its own build: the
// version and commit "make build" stamps into it, else what the go
// command recorded (the module version for "go install ...@v1.2.3", the
// commit for a build in a checkout), the Go release and the platform.
package buildinfo

import (
	"runtime"
	"runtime/debug"
	"strings"
)

// Info is what permguard knows of its own build. Field names are API
// (version --json).
type Info struct {
	Version  string `json:"version"`            // "v1.2.3", "v1.2.3-4-gabcdef0-dirty", or "dev"
	Commit   string `json:"commit,omitempty"`   // the full commit hash; "" when unknown
	Time     string `json:"time,omitempty"`     // the commit's time, RFC 3339; "" when unknown
	Modified bool   `json:"modified,omitempty"` // built from a checkout with uncommitted changes
	Go       string `json:"go"`                 // the Go release it was built with
	Platform string `json:"platform"`           // GOOS/GOARCH
}

// String is the one line "permguard version" prints: "v1.2.3 (commit
// abcdef012345)", "v1.2.3 (commit abcdef012345, modified)", or "dev".
func (v Info) String() string {
	var notes []string
	if v.Commit != "" {
		notes = append(notes, "commit "+short(v.Commit))
	}
	if v.Modified && !strings.HasSuffix(v.Version, "-dirty") && !strings.HasSuffix(v.Version, "+dirty") {
		notes = append(notes, "modified")
	}
	if len(notes) == 0 {
		return v.Version
	}
	return v.Version + " (" + strings.Join(notes, ", ") + ")"
}

func short(commit string) string {
	if len(commit) > 12 {
		return commit[:12]
	}
	return commit
}

// Of is the build of a binary whose linker was told version and commit
// ("" when it was not), and whose go command recorded info (nil when
// none): what the linker was told (make build) comes first, then what the
// go command stamped (go install, go build in a checkout).
func Of(version, commit string, info *debug.BuildInfo) Info {
	v := Info{Version: version, Commit: commit, Go: runtime.Version(), Platform: runtime.GOOS + "/" + runtime.GOARCH}
	if info != nil {
		if info.GoVersion != "" {
			v.Go = info.GoVersion
		}
		if v.Version == "" && info.Main.Version != "" && info.Main.Version != "(devel)" {
			v.Version = info.Main.Version
		}
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				if v.Commit == "" {
					v.Commit = s.Value
				}
			case "vcs.time":
				v.Time = s.Value
			case "vcs.modified":
				v.Modified = s.Value == "true"
			}
		}
	}
	if strings.HasSuffix(v.Version, "-dirty") || strings.HasSuffix(v.Version, "+dirty") {
		v.Modified = true
	}
	if v.Version == "" {
		v.Version = "dev"
	}
	return v
}
