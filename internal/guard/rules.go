package guard

import (
	"fmt"
	"slices"

	"github.com/agent-permguard/permguard/internal/classify"
	"github.com/agent-permguard/permguard/internal/settings"
)

// AddAllowRule saves pattern as an allow rule at level in the user's
// settings file, as "permguard allow" does, and says where. change moves
// the pattern into the rules of level (see the allow command).
func AddAllowRule(env Env, deps Deps, pattern string, level classify.Level) (path string, changed bool, err error) {
	if env.ConfigDirErr != nil {
		return "", false, env.ConfigDirErr
	}
	path = settings.GlobalFile(env.ConfigDir)
	problems, err := settings.Update(path, deps.now(), func(d *settings.Document) error {
		var err error
		_, changed, err = MoveOverride(d, pattern, level.String())
		return err
	})
	for _, p := range problems {
		warnf(deps.errOut(), "%s", Printable(p.String()))
	}
	return path, changed, err
}

// OverrideKeys are the keys of "overrides", most restrictive first: the
// order they are checked in.
var OverrideKeys = []string{"dangerous", "high", "medium", "low", "minimal"}

// MoveOverride puts pattern in overrides.<level> and takes it out of
// every other level (level "" takes it out of all). It returns what it
// removed, and ErrUnchanged when the document already says so.
func MoveOverride(d *settings.Document, pattern, level string) (notes []string, changed bool, err error) {
	for _, key := range OverrideKeys {
		list, ok := d.Strings("overrides", key)
		if !ok {
			return nil, false, fmt.Errorf("overrides.%s is not a list of patterns; fix it with \"permguard config edit\"", key)
		}
		if i := slices.Index(list, pattern); i >= 0 && key != level {
			if err := d.SetStrings("overrides", key, slices.Delete(list, i, i+1)); err != nil {
				return nil, false, err
			}
			notes = append(notes, "removed it from overrides."+key)
			changed = true
		} else if key == level && i < 0 {
			if err := settings.CheckRoom("overrides."+key, list, settings.MaxPatternsPerLevel); err != nil {
				return nil, false, err
			}
			if err := d.SetStrings("overrides", key, append(list, pattern)); err != nil {
				return nil, false, err
			}
			changed = true
		}
	}
	if !changed {
		return notes, false, settings.ErrUnchanged
	}
	return notes, true, nil
}
