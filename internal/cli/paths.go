package cli

import (
	"fmt"
	"path/filepath"
)

// ConfigDir returns the directory that holds permguard's global settings
// (design §5). Precedence, highest first:
//  1. $PERMGUARD_CONFIG_DIR, which must be absolute;
//  2. $XDG_CONFIG_HOME/permguard (a relative XDG_CONFIG_HOME is ignored, as
//     the XDG spec says);
//  3. $HOME/.config/permguard.
func ConfigDir(getenv func(string) string) (string, error) {
	return resolveDir(getenv, "PERMGUARD_CONFIG_DIR", "XDG_CONFIG_HOME", ".config")
}

// StateDir returns the directory that holds permguard's state: sessions and
// the audit log. Precedence, highest first: $PERMGUARD_STATE_DIR (absolute),
// $XDG_STATE_HOME/permguard, $HOME/.local/state/permguard.
func StateDir(getenv func(string) string) (string, error) {
	return resolveDir(getenv, "PERMGUARD_STATE_DIR", "XDG_STATE_HOME", filepath.Join(".local", "state"))
}

func resolveDir(getenv func(string) string, ownVar, xdgVar, homeSubdir string) (string, error) {
	if dir := getenv(ownVar); dir != "" {
		// A relative path would depend on the directory permguard runs in,
		// which the agent chooses.
		if !filepath.IsAbs(dir) {
			return "", fmt.Errorf("%s=%q is not an absolute path", ownVar, dir)
		}
		return filepath.Clean(dir), nil
	}
	if dir := getenv(xdgVar); dir != "" && filepath.IsAbs(dir) {
		return filepath.Join(dir, "permguard"), nil
	}
	home := getenv("HOME")
	if home == "" || !filepath.IsAbs(home) {
		return "", fmt.Errorf("cannot find permguard's directory: set %s, or HOME to an absolute path", ownVar)
	}
	return filepath.Join(home, homeSubdir, "permguard"), nil
}
