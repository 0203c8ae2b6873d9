package install

import (
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/permguard/permguard/internal/settings"
)

// editConfig applies edit to the JSON configuration at o.Path and writes
// it back, after a backup of the previous file.
func editConfig(o Options, edit func(*settings.Document) ([]string, error)) (Result, error) {
	old, _, err := settings.ReadCurrent(o.Path)
	if err != nil {
		return Result{}, fmt.Errorf("cannot read %s: %w", o.Path, err)
	}
	doc, err := settings.ParseDocument(old)
	if err != nil {
		return Result{}, &kindError{fmt.Sprintf("%s is not valid JSON (%v); nothing was changed", o.Path, err), ErrInvalidJSON}
	}
	changes, err := edit(doc)
	if err != nil {
		return Result{}, fmt.Errorf("%s: %w; nothing was changed", o.Path, err)
	}
	if len(changes) == 0 {
		return Result{Outcome: Unchanged}, nil
	}
	res := Result{Changes: changes}
	if o.DryRun {
		return res, nil
	}
	data, err := doc.MarshalJSON()
	if err != nil {
		return Result{}, err
	}
	if old != nil {
		res.Backup, err = settings.Backup(o.Path, old, o.Now())
		if err != nil {
			return Result{}, fmt.Errorf("cannot back up %s, so it was not changed: %w", o.Path, err)
		}
	}
	if err := settings.WriteFileAtomic(o.Path, append(data, '\n'), old); err != nil {
		return Result{}, fmt.Errorf("failed to write %s: %w", o.Path, err)
	}
	return res, nil
}

// addEntries puts permguard's entry under every event of t, replacing a
// permguard entry that runs another command, and returns what it did.
func addEntries(doc *settings.Document, t Target, command string) ([]string, error) {
	var changes []string
	for k, v := range t.Top {
		if _, ok := doc.Raw(k); !ok {
			if err := doc.Set(k, v); err != nil {
				return nil, err
			}
			changes = append(changes, fmt.Sprintf("set %s: %v", k, v))
		}
	}
	hooks, err := subDocument(doc, "hooks")
	if err != nil {
		return nil, err
	}
	for _, event := range t.Events {
		list, err := entries(hooks, event)
		if err != nil {
			return nil, err
		}
		wantRaw := mustJSON(t.Entry(event, command))
		found := false
		for i, raw := range list {
			if !isPermguardEntry(raw) {
				continue
			}
			if found || string(compact(raw)) != string(wantRaw) {
				if found {
					list = append(list[:i], list[i+1:]...)
					changes = append(changes, fmt.Sprintf("removed a second permguard entry from hooks.%s", event))
					break
				}
				list[i] = wantRaw
				changes = append(changes, fmt.Sprintf("updated hooks.%s: %s", event, wantRaw))
			}
			found = true
		}
		if !found {
			list = append(list, wantRaw)
			changes = append(changes, fmt.Sprintf("added hooks.%s: %s", event, wantRaw))
		}
		if err := hooks.Set(event, list); err != nil {
			return nil, err
		}
	}
	if len(changes) > 0 {
		if err := doc.Set("hooks", hooks); err != nil {
			return nil, err
		}
	}
	return changes, nil
}

// removeEntries takes every permguard entry out of every event.
func removeEntries(doc *settings.Document) ([]string, error) {
	raw, ok := doc.Raw("hooks")
	if !ok {
		return nil, nil
	}
	hooks, err := settings.ParseDocument(raw)
	if err != nil {
		return nil, errors.New(`"hooks" is not an object`)
	}
	var changes []string
	for _, event := range hooks.Keys() {
		list, err := entries(hooks, event)
		if err != nil {
			continue // not a list of entries: not ours to touch
		}
		kept := list[:0:0]
		for _, e := range list {
			if isPermguardEntry(e) {
				changes = append(changes, fmt.Sprintf("removed from hooks.%s: %s", event, compact(e)))
				continue
			}
			kept = append(kept, e)
		}
		if len(kept) == len(list) {
			continue
		}
		if len(kept) == 0 {
			hooks.Delete(event)
		} else if err := hooks.Set(event, kept); err != nil {
			return nil, err
		}
	}
	if len(changes) == 0 {
		return nil, nil
	}
	if hooks.Len() == 0 {
		doc.Delete("hooks")
	} else if err := doc.Set("hooks", hooks); err != nil {
		return nil, err
	}
	return changes, nil
}

// hasPermguardEntry reports a permguard entry under any event.
func hasPermguardEntry(doc *settings.Document) bool {
	hooks, err := subDocument(doc, "hooks")
	if err != nil {
		return false
	}
	for _, event := range hooks.Keys() {
		list, err := entries(hooks, event)
		if err != nil {
			continue
		}
		if slices.ContainsFunc(list, isPermguardEntry) {
			return true
		}
	}
	return false
}

func subDocument(doc *settings.Document, key string) (*settings.Document, error) {
	raw, ok := doc.Raw(key)
	if !ok {
		return settings.ParseDocument(nil)
	}
	sub, err := settings.ParseDocument(raw)
	if err != nil {
		return nil, fmt.Errorf("%q is not an object", key)
	}
	return sub, nil
}

// entries reads the list of hook entries of event.
func entries(hooks *settings.Document, event string) ([]json.RawMessage, error) {
	raw, ok := hooks.Raw(event)
	if !ok {
		return nil, nil
	}
	var list []json.RawMessage
	if err := json.Unmarshal(raw, &list); err != nil {
		return nil, fmt.Errorf("hooks.%s is not a list", event)
	}
	return list, nil
}

// isPermguardEntry reports an entry whose command, or one of whose nested
// hooks' command, runs permguard's hook.
func isPermguardEntry(raw json.RawMessage) bool {
	var e struct {
		Command string `json:"command"`
		Bash    string `json:"bash"`
		Hooks   []struct {
			Command string `json:"command"`
		} `json:"hooks"`
	}
	if json.Unmarshal(raw, &e) != nil {
		return false
	}
	cmds := []string{e.Command, e.Bash}
	for _, h := range e.Hooks {
		cmds = append(cmds, h.Command)
	}
	return slices.ContainsFunc(cmds, isPermguardCommand)
}

// isPermguardCommand reports "…/permguard hook …", quoted or not.
func isPermguardCommand(c string) bool {
	i := strings.Index(c, " hook")
	if i < 0 {
		return false
	}
	exe := strings.Trim(c[:i], `'" `)
	return filepath.Base(exe) == "permguard"
}

func mustJSON(v any) json.RawMessage {
	data, err := json.Marshal(v)
	if err != nil {
		panic(err) // maps of strings, numbers and bools always encode
	}
	return data
}

func compact(raw json.RawMessage) json.RawMessage {
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return raw
	}
	return mustJSON(v)
}
