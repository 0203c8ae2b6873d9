package cli

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"
)

// Version and Commit are permguard's version and the commit it was built
// from, set by "make build" with -ldflags "-X <module>/internal/cli.Version=..."
// (from git describe) and Commit (git rev-parse HEAD). When they are not
// set, [BuildVersion] reads what the go command stamped into the binary:
// the module version for "go install ...@v1.2.3", the commit for a build
// in a checkout.
var (
	Version = ""
	Commit  = ""
)

// VersionInfo is what permguard knows of its own build. Field names are
// API (version --json).
type VersionInfo struct {
	Version  string `json:"version"`            // "v1.2.3", "v1.2.3-4-gabcdef0-dirty", or "dev"
	Commit   string `json:"commit,omitempty"`   // the full commit hash; "" when unknown
	Time     string `json:"time,omitempty"`     // the commit's time, RFC 3339; "" when unknown
	Modified bool   `json:"modified,omitempty"` // built from a checkout with uncommitted changes
	Go       string `json:"go"`                 // the Go release it was built with
	Platform string `json:"platform"`           // GOOS/GOARCH
}

// String is the one line "permguard version" prints: "v1.2.3 (commit
// abcdef012345)", "v1.2.3 (commit abcdef012345, modified)", or "dev".
func (v VersionInfo) String() string {
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

// BuildVersion returns what is known of this binary's build.
func BuildVersion() VersionInfo {
	info, _ := debug.ReadBuildInfo()
	return buildVersion(Version, Commit, info)
}

// buildVersion prefers what the linker was told (make build), then what
// the go command stamped (go install, go build in a checkout); info may be
// nil.
func buildVersion(version, commit string, info *debug.BuildInfo) VersionInfo {
	v := VersionInfo{Version: version, Commit: commit, Go: runtime.Version(), Platform: runtime.GOOS + "/" + runtime.GOARCH}
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

// VersionOptions is everything `permguard version` works from.
type VersionOptions struct {
	IO   *IOStreams
	Info func() VersionInfo
	JSON bool
}

// NewCmdVersion returns the version command.
func NewCmdVersion(f *Factory, runF func(*VersionOptions) error) *cobra.Command {
	opts := &VersionOptions{IO: f.IO, Info: BuildVersion}
	cmd := &cobra.Command{
		Use:   "version [--json]",
		Short: "Print permguard's version and the commit it was built from",
		Long: `Version prints permguard's version and the commit it was built from.

"make build" stamps both from git (git describe, git rev-parse); "go
install ...@VERSION" records the module version, and a build in a
checkout the commit. A binary built without either says "dev".`,
		Example: `  permguard version
  permguard version --json`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) > 0 {
				return usageErrorf(nil, "version takes no arguments, got %q", args[0])
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if runF != nil {
				return runF(opts)
			}
			return versionRun(opts)
		},
	}
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print the version, commit, Go release and platform as one JSON object")
	return cmd
}

func versionRun(opts *VersionOptions) error {
	v := opts.Info()
	if opts.JSON {
		return writeJSON(opts.IO.Out, v)
	}
	_, err := fmt.Fprintf(opts.IO.Out, "permguard %s\n", v)
	return err
}
