package cli

import (
	"github.com/spf13/cobra"
)

// NewCmdCompletion returns the completion command: scripts for bash, zsh and
// fish that complete subcommands, flags, levels and modes.
func NewCmdCompletion(f *Factory) *cobra.Command {
	return &cobra.Command{
		Use:   "completion bash|zsh|fish",
		Short: "Print a shell completion script",
		Long: `Completion prints a script that completes permguard's commands, flags,
levels and modes in your shell.

  bash:  source <(permguard completion bash)
  zsh:   permguard completion zsh > "${fpath[1]}/_permguard"
  fish:  permguard completion fish > ~/.config/fish/completions/permguard.fish

The bash script needs the bash-completion package (apt install
bash-completion, brew install bash-completion@2), which most distributions
install and load for interactive shells; without it, bash prints
"_get_comp_words_by_ref: command not found" at the first Tab.`,
		Example: `  source <(permguard completion bash)
  permguard completion zsh > "${fpath[1]}/_permguard"`,
		Args:      usageArgs(cobra.MatchAll(cobra.ExactArgs(1), cobra.OnlyValidArgs)),
		ValidArgs: []string{"bash", "zsh", "fish"},
		RunE: func(cmd *cobra.Command, args []string) error {
			root := cmd.Root()
			switch args[0] {
			case "bash":
				return root.GenBashCompletionV2(f.IO.Out, true)
			case "zsh":
				return root.GenZshCompletion(f.IO.Out)
			default:
				return root.GenFishCompletion(f.IO.Out, true)
			}
		},
	}
}
