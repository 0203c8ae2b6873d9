package cli

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"

	"github.com/permguard/permguard/integrations"
	"github.com/permguard/permguard/internal/settings"
)

// installExtension writes permguard's extension for an agent without
// command hooks (pi, opencode) to path, or with Uninstall removes it. The
// file is permguard's alone, so it is written whole, never merged: a file
// at path that permguard did not write is not touched, unless --force
// replaces it (keeping a backup). The report follows installRun's.
func installExtension(opts *InstallOptions, t installTarget, path, exe string) error {
	old, _, err := settings.ReadCurrent(path)
	if err != nil {
		return fmt.Errorf("cannot read %s: %w", path, err)
	}
	ours := old != nil && integrations.IsExtension(opts.Agent, old)
	if opts.Uninstall {
		return uninstallExtension(opts, path, old, ours)
	}
	want, err := integrations.Extension(opts.Agent, exe)
	if err != nil {
		return err
	}
	if bytes.Equal(old, want) {
		_, err := fmt.Fprintf(opts.IO.Out, "install %s: %s already says so; nothing changed\n", opts.Agent, path)
		return err
	}
	if old != nil && !ours && !opts.Force {
		return withHints(fmt.Errorf("%s is not permguard's extension; nothing was changed", path),
			fmt.Sprintf(`move it aside, or run "permguard install %s --force" to replace it (it is kept as a backup)`, opts.Agent))
	}

	runs := "it runs " + t.command(exe) + " before every tool call"
	var b strings.Builder
	if opts.DryRun {
		fmt.Fprintf(&b, "install %s (dry run, nothing written): %s\n", opts.Agent, path)
	} else {
		fmt.Fprintf(&b, "install %s: %s\n", opts.Agent, path)
	}
	switch {
	case old == nil:
		fmt.Fprintf(&b, "  added permguard's extension: %s\n", runs)
	case ours:
		fmt.Fprintf(&b, "  updated permguard's extension: %s\n", runs)
	default:
		fmt.Fprintf(&b, "  replaced a file permguard did not write with permguard's extension: %s\n", runs)
	}
	if opts.DryRun {
		_, err := fmt.Fprint(opts.IO.Out, b.String())
		return err
	}
	if old != nil && !ours {
		// Only someone else's file is worth a backup: an older
		// extension of ours is written again from the binary at will.
		backup, err := settings.Backup(path, old, opts.Now())
		if err != nil {
			return fmt.Errorf("cannot back up %s, so it was not replaced: %w", path, err)
		}
		fmt.Fprintf(&b, "  the previous file is kept as %s\n", backup)
	}
	// A temporary file renamed over path: the agent never loads half an
	// extension, and a file changed meanwhile is not overwritten.
	if err := settings.WriteFileAtomic(path, want, old); err != nil {
		return fmt.Errorf("failed to write %s: %w", path, err)
	}
	fmt.Fprintf(&b, "  %s\n", t.AfterInstall)
	_, err = fmt.Fprint(opts.IO.Out, b.String())
	return err
}

// uninstallExtension removes permguard's extension at path, and nothing
// else: a file there that permguard did not write stays.
func uninstallExtension(opts *InstallOptions, path string, old []byte, ours bool) error {
	switch {
	case old == nil:
		_, err := fmt.Fprintf(opts.IO.Out, "uninstall %s: %s does not exist; nothing changed\n", opts.Agent, path)
		return err
	case !ours:
		_, err := fmt.Fprintf(opts.IO.Out, "uninstall %s: %s is not permguard's extension; left as it is\n", opts.Agent, path)
		return err
	case opts.DryRun:
		_, err := fmt.Fprintf(opts.IO.Out, "uninstall %s (dry run, nothing written): %s\n  removed permguard's extension\n", opts.Agent, path)
		return err
	}
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("failed to remove %s: %w", path, err)
	}
	_, err := fmt.Fprintf(opts.IO.Out, "uninstall %s: %s\n  removed permguard's extension\n", opts.Agent, path)
	return err
}
