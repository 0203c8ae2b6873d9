package cli

import (
	"fmt"

	"github.com/spf13/cobra"
)

// Version is permguard's version, set at build time with
// -ldflags "-X github.com/permguard/permguard/internal/cli.Version=v1.2.3".
var Version = "dev"

// NewCmdVersion returns the version command.
func NewCmdVersion(f *Factory) *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print permguard's version",
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) > 0 {
				return usageErrorf(nil, "version takes no arguments, got %q", args[0])
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			_, err := fmt.Fprintf(f.IO.Out, "permguard %s\n", Version)
			return err
		},
	}
}
