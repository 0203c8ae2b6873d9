package install

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/agent-permguard/permguard/internal/settings"
)

// editConfig applies edit to the JSON configuration at o.Path and writes
// it back, after a backup of the previous file.
func editConfig(o Options, edit func(*settings.Document) ([]string, error)) (Result, error) {
	old, doc, err := readConfig(o.Target, o.Path)
	if err != nil {
		return Result{}, err
	}
	changes, err := edit(doc)
	if err != nil {
		return Result{}, fmt.Errorf("%s: %w; nothing was changed", o.Path, err)
	}
	if len(changes) == 0 {
		return Result{Outcome: Unchanged}, nil
	}
	return writeConfig(o, old, doc, changes)
}

// readConfig reads t's configuration at path: its bytes (nil when there
// is no file) and its document.
func readConfig(t Target, path string) ([]byte, *settings.Document, error) {
	old, _, err := settings.ReadCurrent(path)
	if err != nil {
		return nil, nil, fmt.Errorf("cannot read %s: %w", path, err)
	}
	doc, err := parseConfig(t, old)
	if err != nil {
		return nil, nil, &kindError{fmt.Sprintf("%s is not valid JSON (%v); nothing was changed", path, err), ErrInvalidJSON}
	}
	return old, doc, nil
}

// parseConfig reads data as t's agent does: as JSON, or, for an agent
// that takes comments, as JSON once they are blanked out.
func parseConfig(t Target, data []byte) (*settings.Document, error) {
	if t.JSONC {
		data, _ = settings.BlankComments(data)
	}
	return settings.ParseDocument(data)
}

// renderConfig is the file that doc, read from old, makes: the document
// in old's indentation, unchanged values as written; and where old has
// comments (an agent that takes them), old itself with only what changed
// changed, so that every comment outside a changed value stays.
func renderConfig(t Target, old []byte, doc *settings.Document) ([]byte, error) {
	data, err := doc.MarshalJSON()
	if err != nil {
		return nil, err
	}
	if _, comments := settings.BlankComments(old); t.JSONC && comments {
		out, err := settings.SpliceJSONC(old, data)
		if err != nil {
			return nil, fmt.Errorf("%w, so nothing was changed; move the comments out of permguard's entries, or remove them", err)
		}
		return out, nil
	}
	return append(data, '\n'), nil
}

// writeConfig writes doc over old at o.Path, after a backup of old.
func writeConfig(o Options, old []byte, doc *settings.Document, changes []string) (Result, error) {
	data, err := renderConfig(o.Target, old, doc)
	if err != nil {
		return Result{}, fmt.Errorf("%s: %w", o.Path, err)
	}
	res := Result{Changes: changes}
	if o.DryRun {
		return res, nil
	}
	return res, replace(o, old, data, &res)
}

// replace writes data over old at o.Path, keeping old as a backup.
func replace(o Options, old, data []byte, res *Result) error {
	var err error
	if old != nil {
		res.Backup, err = settings.Backup(o.Path, old, o.Now())
		if err != nil {
			return fmt.Errorf("cannot back up %s, so it was not changed: %w", o.Path, err)
		}
	}
	if err := settings.WriteFileAtomic(o.Path, data, old); err != nil {
		return fmt.Errorf("failed to write %s: %w", o.Path, err)
	}
	return nil
}

// installed is the file install writes for command over prev (nil: no
// file), and whether it changes anything.
func installed(t Target, prev []byte, command string) ([]byte, bool) {
	doc, err := parseConfig(t, prev)
	if err != nil {
		return nil, false
	}
	changes, err := addEntries(doc, t, command)
	if err != nil || len(changes) == 0 {
		return nil, false
	}
	data, err := renderConfig(t, prev, doc)
	if err != nil {
		return nil, false
	}
	return data, true
}

// uninstallConfig takes permguard's entries out of the configuration at
// o.Path. When the file is exactly what install made of an earlier one,
// that file comes back byte for byte, from its backup; when install
// created it, and nothing else is in it, it is removed, and with it the
// directories around it that are left empty.
func uninstallConfig(o Options) (Result, error) {
	old, doc, err := readConfig(o.Target, o.Path)
	if err != nil {
		return Result{}, err
	}
	command := permguardCommand(doc)
	before, backup, found := beforeInstall(o, doc, old, command)
	var was *settings.Document // the file before install, if known
	if backup != "" {
		if data, _, err := settings.ReadCurrent(backup); err == nil {
			was, _ = parseConfig(o.Target, data)
		}
	}
	changes, err := removeEntries(doc, was)
	if err != nil {
		return Result{}, fmt.Errorf("%s: %w; nothing was changed", o.Path, err)
	}
	if len(changes) == 0 {
		return Result{Outcome: Unchanged}, nil
	}
	res := Result{Changes: changes}
	switch {
	case found && before == nil, !found && backup == "" && leftEmpty(doc, o.Target):
		// install created the file, and nothing else is in it
		res.Changes = append(res.Changes, "removed the file, which install created")
		if o.DryRun {
			return res, nil
		}
		if err := settings.RemoveFileIf(o.Path, old); err != nil {
			return Result{}, fmt.Errorf("failed to remove %s: %w", o.Path, err)
		}
		res.Changes = append(res.Changes, removeEmptyDirs(o)...)
		return res, nil
	case found:
		res.Changes = append(res.Changes, "restored the file as it was before install, from "+backup)
		if o.DryRun {
			return res, nil
		}
		return res, replace(o, old, before, &res)
	}
	return writeConfig(o, old, doc, changes)
}

// beforeInstall finds what the file at o.Path was before install made it
// old (doc), running command: nothing (found, with before nil) when
// install created it, else a backup that install turned into exactly old.
// backup is the newest backup that holds no permguard entry, even when
// none is found: it says a file was there before. Install is replayed
// with the events old has permguard's entry under, so that a file an
// older install wrote, before the target had all its events, is found
// too.
func beforeInstall(o Options, doc *settings.Document, old []byte, command string) (before []byte, backup string, found bool) {
	if command == "" {
		return nil, "", false
	}
	t := o.Target
	t.Events = slices.DeleteFunc(slices.Clone(t.Events), func(event string) bool { return !hasEntryUnder(doc, event) })
	if data, ok := installed(t, nil, command); ok && bytes.Equal(data, old) {
		return nil, "", true
	}
	backups, _ := filepath.Glob(globEscape(o.Path) + ".permguard-backup-*")
	slices.Reverse(backups) // newest first: the names end in the time
	for i, name := range backups {
		if i == 20 {
			break
		}
		prev, _, err := settings.ReadCurrent(name)
		if err != nil || prev == nil {
			continue
		}
		if doc, err := parseConfig(t, prev); err != nil || hasPermguardEntry(doc) {
			continue // not what was there before permguard
		}
		if backup == "" {
			backup = name
		}
		if data, ok := installed(t, prev, command); ok && bytes.Equal(data, old) {
			return prev, name, true
		}
	}
	return nil, backup, false
}

// globEscape quotes the characters of path that filepath.Glob reads.
func globEscape(path string) string {
	var b strings.Builder
	for _, r := range path {
		if strings.ContainsRune(`*?[\`, r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// leftEmpty reports a document that holds nothing but what install sets
// beside its entries.
func leftEmpty(doc *settings.Document, t Target) bool {
	for _, k := range doc.Keys() {
		v, ok := t.Top[k]
		raw, _ := doc.Raw(k)
		if !ok || string(compact(raw)) != string(mustJSON(v)) {
			return false
		}
	}
	return true
}

// removeEmptyDirs removes the directories between o.Path and the
// directory its target's path is relative to (the home or agent
// directory, the repository), innermost first, while they are empty.
func removeEmptyDirs(o Options) []string {
	var rel string
	for _, r := range []string{o.Target.Project, o.Target.User} {
		if r != "" && strings.HasSuffix(o.Path, string(filepath.Separator)+filepath.FromSlash(r)) {
			rel = filepath.FromSlash(r)
			break
		}
	}
	var out []string
	dir := filepath.Dir(o.Path)
	for up := filepath.Dir(rel); up != "." && up != string(filepath.Separator); up = filepath.Dir(up) {
		if os.Remove(dir) != nil {
			break // not empty, or not ours to remove
		}
		out = append(out, "removed the empty directory "+dir)
		dir = filepath.Dir(dir)
	}
	return out
}

// permguardCommand returns the command of the first permguard entry.
func permguardCommand(doc *settings.Document) string {
	hooks, err := subDocument(doc, "hooks")
	if err != nil {
		return ""
	}
	for _, event := range hooks.Keys() {
		list, _ := entries(hooks, event)
		for _, raw := range list {
			if c := entryCommand(raw); c != "" {
				return c
			}
		}
	}
	return ""
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

// removeEntries takes every permguard entry out of every event. A list,
// or the hooks object, left empty goes, unless was (the file before
// install, or nil) had it.
func removeEntries(doc, was *settings.Document) ([]string, error) {
	var before *settings.Document
	if was != nil {
		before, _ = subDocument(was, "hooks")
	}
	hadEvent := func(event string) bool {
		if before == nil {
			return false
		}
		_, ok := before.Raw(event)
		return ok
	}
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
		if len(kept) == 0 && !hadEvent(event) {
			hooks.Delete(event)
		} else if err := hooks.Set(event, kept); err != nil {
			return nil, err
		}
	}
	if len(changes) == 0 {
		return nil, nil
	}
	if hooks.Len() == 0 && before == nil {
		doc.Delete("hooks")
	} else if err := doc.Set("hooks", hooks); err != nil {
		return nil, err
	}
	return changes, nil
}

// hasEntryUnder reports a permguard entry under event.
func hasEntryUnder(doc *settings.Document, event string) bool {
	hooks, err := subDocument(doc, "hooks")
	if err != nil {
		return false
	}
	list, _ := entries(hooks, event)
	return slices.ContainsFunc(list, isPermguardEntry)
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
func isPermguardEntry(raw json.RawMessage) bool { return entryCommand(raw) != "" }

// entryCommand returns the command of raw, or of one of its nested hooks,
// that runs permguard's hook; "" when none does.
func entryCommand(raw json.RawMessage) string {
	var e struct {
		Command string `json:"command"`
		Bash    string `json:"bash"`
		Hooks   []struct {
			Command string `json:"command"`
		} `json:"hooks"`
	}
	if json.Unmarshal(raw, &e) != nil {
		return ""
	}
	cmds := []string{e.Command, e.Bash}
	for _, h := range e.Hooks {
		cmds = append(cmds, h.Command)
	}
	if i := slices.IndexFunc(cmds, isPermguardCommand); i >= 0 {
		return cmds[i]
	}
	return ""
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

// mustJSON encodes v as it reads: a fallback's >&2 stays >&2, not
// \u003e\u0026.
func mustJSON(v any) json.RawMessage {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		panic(err) // maps of strings, numbers and bools always encode
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}

func compact(raw json.RawMessage) json.RawMessage {
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return raw
	}
	return mustJSON(v)
}
