package settings

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"time"

	"github.com/agent-permguard/permguard/internal/safefile"
)

// TrustFile is the name, in the state directory, of the list of project
// settings files the user has trusted, each pinned by the SHA-256 of its
// content. Any edit to a trusted file changes its hash and un-trusts it.
const TrustFile = "trusted.json"

// trustStore is the content of TrustFile.
type trustStore struct {
	Files map[string]string `json:"files"` // absolute path -> "sha256:<hex>"
}

// ContentHash returns the pin of a file's content.
func ContentHash(data []byte) string {
	sum := sha256.Sum256(data)
	return "sha256:" + hex.EncodeToString(sum[:])
}

// readTrust reads the trust store. An unreadable store trusts nothing, and
// so does one that is not the user's alone (see [ReadSession]).
func readTrust(stateDir string) (trustStore, *Problem) {
	var ts trustStore
	if stateDir == "" {
		return ts, nil
	}
	path := filepath.Join(stateDir, TrustFile)
	data, err := readOwn(path)
	if errors.Is(err, fs.ErrNotExist) {
		return ts, nil
	}
	if err == nil {
		err = json.Unmarshal(data, &ts)
	}
	if err != nil {
		return trustStore{}, &Problem{File: path, Msg: fmt.Sprintf("cannot be read (%v); no project file is trusted until it is fixed or removed", err)}
	}
	return ts, nil
}

// Trust trusts the content the project settings file at path has now,
// in the trust store of stateDir, or with revoke withdraws the trust. A
// file with problems is not trusted: they are returned. It reports whether
// anything changed, and the hash of the content (see [ContentHash]).
func Trust(stateDir, path string, revoke bool, now time.Time) (changed bool, hash string, problems []Problem, err error) {
	data, hash, err := ReadCurrent(path)
	switch {
	case err != nil:
		return false, "", nil, fmt.Errorf("cannot read %s: %w", path, err)
	case data == nil && !revoke:
		return false, "", nil, fmt.Errorf("%s: %w", path, fs.ErrNotExist)
	}
	if !revoke {
		if problems, err := Check(path, FromProject); err != nil || len(problems) > 0 {
			return false, "", problems, err
		}
	}
	if changed, err = SetTrust(stateDir, path, data, revoke, now); err != nil {
		return false, "", nil, fmt.Errorf("failed to record the trust: %w", err)
	}
	return changed, hash, nil, nil
}

// SetTrust pins path to the hash of data in the trust store, or, with
// revoke, removes it. It reports whether anything changed.
func SetTrust(stateDir, path string, data []byte, revoke bool, now time.Time) (changed bool, err error) {
	if stateDir == "" {
		return false, errors.New("permguard's state directory is not known")
	}
	if err := ownDir(stateDir); err != nil {
		return false, err
	}
	store := filepath.Join(stateDir, TrustFile)
	_, err = update(store, now, safefile.NoFollow, func(d *Document) error {
		files := map[string]string{}
		if raw, ok := d.Raw("files"); ok {
			if err := json.Unmarshal(raw, &files); err != nil {
				return fmt.Errorf("%s: \"files\" is not an object of paths: %w", store, err)
			}
		}
		hash := ContentHash(data)
		switch {
		case revoke && files[path] == "":
			return ErrUnchanged
		case revoke:
			delete(files, path)
		case files[path] == hash:
			return ErrUnchanged
		default:
			files[path] = hash
		}
		changed = true
		return d.Set("files", files)
	})
	return changed, err
}
