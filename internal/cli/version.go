package cli

import (
	"fmt"
	"runtime/debug"

	"github.com/spf13/cobra"

	"github.com/agent-permguard/permguard/internal/buildinfo"
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

// VersionInfo is what permguard knows of its own build (version --json).
type VersionInfo = buildinfo.Info

// BuildVersion returns what is known of this binary's build.
func BuildVersion() VersionInfo {
	info, _ := debug.ReadBuildInfo()
	return buildinfo.Of(Version, Commit, info)
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
