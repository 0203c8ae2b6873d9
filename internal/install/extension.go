package install

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/agent-permguard/permguard/integrations"
	"github.com/agent-permguard/permguard/internal/settings"
)

// installExtension writes permguard's extension for an agent without
// command hooks (pi, opencode) to o.Path. The file is permguard's alone,
// so it is written whole, never merged: a file there that permguard did
// not write is not touched, unless o.Force replaces it (keeping a backup).
func installExtension(o Options) (Result, error) {
	old, _, err := settings.ReadCurrent(o.Path)
	if err != nil {
		return Result{}, fmt.Errorf("cannot read %s: %w", o.Path, err)
	}
	ours := old != nil && integrations.IsExtension(o.Target.Name, old)
	exe := EntryExe(o.Exe, o.Project)
	want, err := integrations.Extension(o.Target.Name, exe)
	if err != nil {
		return Result{}, err
	}
	if bytes.Equal(old, want) {
		return Result{Outcome: Unchanged}, nil
	}
	if old != nil && !ours && !o.Force {
		return Result{}, &kindError{o.Path + " is not permguard's extension; nothing was changed", ErrNotOurs}
	}

	runs := "it runs " + o.Target.Command(exe) + " before every tool call"
	var res Result
	switch {
	case old == nil:
		res.Changes = []string{"added permguard's extension: " + runs}
	case ours:
		res.Changes = []string{"updated permguard's extension: " + runs}
	default:
		res.Changes = []string{"replaced a file permguard did not write with permguard's extension: " + runs}
	}
	if o.DryRun {
		return res, nil
	}
	if old != nil && !ours {
		// Only someone else's file is worth a backup: an older
		// extension of ours is written again from the binary at will.
		res.Backup, err = settings.Backup(o.Path, old, o.Now())
		if err != nil {
			return Result{}, fmt.Errorf("cannot back up %s, so it was not replaced: %w", o.Path, err)
		}
	}
	// A temporary file renamed over the path: the agent never loads half
	// an extension, and a file changed meanwhile is not overwritten.
	if err := settings.WriteFileAtomic(o.Path, want, old); err != nil {
		return Result{}, fmt.Errorf("failed to write %s: %w", o.Path, err)
	}
	return res, nil
}

// uninstallExtension removes permguard's extension at o.Path, and nothing
// else: a file there that permguard did not write stays.
func uninstallExtension(o Options) (Result, error) {
	old, _, err := settings.ReadCurrent(o.Path)
	if err != nil {
		return Result{}, fmt.Errorf("cannot read %s: %w", o.Path, err)
	}
	res := Result{Changes: []string{"removed permguard's extension"}}
	switch {
	case old == nil:
		return Result{Outcome: Missing}, nil
	case !integrations.IsExtension(o.Target.Name, old):
		return Result{Outcome: Foreign}, nil
	case o.DryRun:
		return res, nil
	}
	if err := os.Remove(o.Path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return Result{}, fmt.Errorf("failed to remove %s: %w", o.Path, err)
	}
	res.Changes = append(res.Changes, removeEmptyDirs(o)...)
	return res, nil
}
