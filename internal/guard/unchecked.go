package guard

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// UncheckedDir is the directory of the state directory that holds a
// mark for each workspace where a check for planted repositories did not
// complete (box red team RT-11): while it is there, git is not run
// unboxed in that workspace without a person's approval. A person
// removes it once they have looked (UncheckedPath).
const UncheckedDir = "unchecked"

// maxUncheckedWhy bounds what a mark says: it is read on every git call
// that would run unboxed.
const maxUncheckedWhy = 1024

// UncheckedPath is the mark of workspace in the state directory.
func UncheckedPath(stateDir, workspace string) string {
	sum := sha256.Sum256([]byte(workspace))
	return filepath.Join(stateDir, UncheckedDir, hex.EncodeToString(sum[:16]))
}

// MarkUnchecked records that the check of workspace for planted
// repositories did not complete, and why.
func MarkUnchecked(env Env, workspace, why string) error {
	if env.StateDirErr != nil {
		return env.StateDirErr
	}
	p := UncheckedPath(env.StateDir, workspace)
	if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
		return err
	}
	return os.WriteFile(p, []byte(workspace+"\n"+why+"\n"), 0o600)
}

// ClearUnchecked removes workspace's mark. Only the run that made it
// clears it, once its own check completed: a later run's check compares
// the workspace with how it found it, so it does not see what an earlier
// run planted where its check did not reach.
func ClearUnchecked(env Env, workspace string) error {
	if env.StateDirErr != nil {
		return nil
	}
	if err := os.Remove(UncheckedPath(env.StateDir, workspace)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

// UncheckedWhy says why a check of workspace did not complete, or ""
// when none is marked. A mark that cannot be read counts as one.
func UncheckedWhy(env Env, workspace string) string {
	if env.StateDirErr != nil || workspace == "" {
		return ""
	}
	f, err := os.Open(UncheckedPath(env.StateDir, workspace))
	if errors.Is(err, fs.ErrNotExist) {
		return ""
	}
	if err != nil {
		return "its mark cannot be read: " + err.Error()
	}
	defer f.Close()
	buf := make([]byte, maxUncheckedWhy)
	n, _ := f.Read(buf)
	_, why, _ := strings.Cut(string(buf[:n]), "\n")
	if why = strings.TrimSpace(why); why == "" {
		why = "no reason recorded"
	}
	return why
}
