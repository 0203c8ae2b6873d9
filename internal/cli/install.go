package cli

import (
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/permguard/permguard/internal/hook"
	"github.com/permguard/permguard/internal/settings"
)

// installTarget is an agent install knows (hook-protocols.md §1-7), with
// the dialect that its hook entry or extension names.
type installTarget struct {
	hook.InstallTarget
	dialect hook.Agent
}

// installTargets lists the agents install knows, in the order of the
// dialects that speak them, which is the order help lists them in.
func installTargets() []installTarget {
	var out []installTarget
	for _, d := range hook.Dialects() {
		for _, t := range d.Targets {
			out = append(out, installTarget{t, d.Agent})
		}
	}
	return out
}

// installNames are the names of installTargets, or of those among them
// that are extensions.
func installNames(extensionsOnly bool) []string {
	var names []string
	for _, t := range installTargets() {
		if t.Extension || !extensionsOnly {
			names = append(names, t.Name)
		}
	}
	return names
}

func findTarget(name string) (installTarget, bool) {
	for _, t := range installTargets() {
		if t.Name == name {
			return t, true
		}
	}
	return installTarget{}, false
}

// command is what t's hook entry, or extension, runs.
func (t installTarget) command(exe string) string {
	return shellQuote(exe) + " hook --agent " + string(t.dialect)
}

// sayList joins names the way a sentence lists them: "a, b or c".
func sayList(names []string, conj string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " " + conj + " " + names[len(names)-1]
}

// userDir returns where an agent keeps its user files: the directory that
// variable names when it is set (pi's PI_CODING_AGENT_DIR, the XDG
// configuration home), else dir under the home directory.
func userDir(variable, dir string) func(getenv func(string) string) (string, error) {
	return func(getenv func(string) string) (string, error) {
		if variable != "" {
			switch v := getenv(variable); {
			case v == "":
				// unset: the default under the home directory
			case filepath.IsAbs(v):
				return filepath.Clean(v), nil
			default:
				return "", fmt.Errorf("%s is %q, not an absolute path, so the agent's configuration cannot be found", variable, v)
			}
		}
		home := getenv("HOME")
		if !filepath.IsAbs(home) {
			return "", errors.New("HOME is not set to an absolute path, so the agent's configuration cannot be found")
		}
		return filepath.Join(home, dir), nil
	}
}

// InstallOptions is everything `permguard install` and `uninstall` work from.
type InstallOptions struct {
	IO         *IOStreams
	Getenv     func(string) string
	Getwd      func() (string, error)
	Now        func() time.Time
	Executable func() (string, error)

	Agent     string // the name of one of installTargets
	Project   bool
	DryRun    bool
	Force     bool // install: replace an extension file permguard did not write
	Uninstall bool
}

// NewCmdInstall returns the install command, or with uninstall the
// uninstall command.
func NewCmdInstall(f *Factory, uninstall bool, runF func(*InstallOptions) error) *cobra.Command {
	opts := &InstallOptions{IO: f.IO, Getenv: f.Getenv, Getwd: f.Getwd, Now: f.Now, Executable: f.Executable, Uninstall: uninstall}
	cmd := &cobra.Command{
		Use:   "install AGENT [--project] [--dry-run] [--force]",
		Short: "Make permguard the pre-tool hook of an agent: " + sayList(installNames(false), "or"),
		Long: `Install adds permguard's hook entry to the agent's configuration file: the
user's (~/.claude/settings.json, ~/.codex/hooks.json, ~/.gemini/settings.json,
~/.cursor/hooks.json) or, with --project, the repository's (.claude/,
.codex/, .gemini/, .cursor/; Copilot reads .github/hooks/permguard.json
only). The entry runs this binary by its absolute path with --agent named.

Every other key and hook in the file is kept; running it twice changes
nothing; the previous file is copied to FILE.permguard-backup-<time>; a file
that is not valid JSON is refused and left as it is. --dry-run prints what
would change and writes nothing.

pi and opencode have no command hooks: for them install writes an extension
that runs this binary, by its absolute path, before every tool call:
~/.pi/agent/extensions/permguard.ts (under $PI_CODING_AGENT_DIR when set)
and ~/.config/opencode/plugin/permguard.js (under $XDG_CONFIG_HOME when
set), or with --project .pi/extensions/ and .opencode/plugin/ in the
repository. The file is permguard's: install replaces it, uninstall removes
it. A file of that name that permguard did not write is left alone, unless
--force, which replaces it and keeps it as FILE.permguard-backup-<time>.`,
		Example: `  permguard install claude
  permguard install cursor --project
  permguard install codex --dry-run
  permguard install pi`,
		Args:      usageArgs(cobra.ExactArgs(1)),
		ValidArgs: installNames(false),
		RunE: func(cmd *cobra.Command, args []string) error {
			t, ok := findTarget(args[0])
			if !ok {
				return unknownTarget(args[0])
			}
			if opts.Force && !t.Extension {
				extensions := installNames(true)
				return usageErrorf([]string{"--force replaces a " + sayList(extensions, "or") + " extension file that permguard did not write; " + args[0] + "'s configuration is merged, never replaced"},
					"--force is for %s only", sayList(extensions, "and"))
			}
			opts.Agent = args[0]
			if runF != nil {
				return runF(opts)
			}
			return installRun(opts)
		},
	}
	if uninstall {
		cmd.Use = "uninstall AGENT [--project] [--dry-run]"
		cmd.Short = "Remove permguard's hook entries from an agent's configuration"
		cmd.Long = `Uninstall removes every permguard hook entry from the agent's configuration
file (see "permguard install"), keeps everything else, and copies the
previous file to FILE.permguard-backup-<time>. For pi and opencode it
removes permguard's extension file, and only a file that permguard wrote.`
		cmd.Example = "  permguard uninstall claude\n  permguard uninstall cursor --project\n  permguard uninstall opencode"
	}
	cmd.Flags().BoolVar(&opts.Project, "project", false, "the repository's configuration instead of the user's")
	cmd.Flags().BoolVar(&opts.DryRun, "dry-run", false, "print what would change, write nothing")
	if !uninstall {
		cmd.Flags().BoolVar(&opts.Force, "force", false, strings.Join(installNames(true), ", ")+": replace an extension file that permguard did not write (a backup is kept)")
	}
	return cmd
}

func unknownTarget(name string) error {
	return usageErrorf([]string{"agents are " + strings.Join(installNames(false), ", ")}, "unknown agent %q", name)
}

// configPath returns the agent's configuration file.
func (opts *InstallOptions) configPath(t installTarget) (string, error) {
	if opts.Project || t.User == "" {
		if !opts.Project {
			return "", usageErrorf([]string{fmt.Sprintf("run \"permguard install %s --project\" in the repository", opts.Agent)},
				"%s reads hooks from the repository only", opts.Agent)
		}
		wd, err := opts.Getwd()
		if err != nil {
			return "", err
		}
		root, ok := settings.RepoRoot(wd)
		if !ok {
			root = filepath.Clean(wd)
		}
		return filepath.Join(root, t.Project), nil
	}
	dir, err := userDir(t.UserDirVar, t.UserDir)(opts.Getenv)
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, t.User), nil
}

// executable is the absolute path of this binary, which the hook entries
// and the extensions run.
func (opts *InstallOptions) executable() (string, error) {
	exe, err := opts.Executable()
	if err != nil {
		return "", fmt.Errorf("cannot find permguard's own path: %w", err)
	}
	if resolved, err := filepath.EvalSymlinks(exe); err == nil {
		exe = resolved
	}
	return exe, nil
}

func installRun(opts *InstallOptions) error {
	t, ok := findTarget(opts.Agent)
	if !ok {
		return unknownTarget(opts.Agent)
	}
	path, err := opts.configPath(t)
	if err != nil {
		return err
	}
	exe, err := opts.executable()
	if err != nil {
		return err
	}
	if t.Extension {
		return installExtension(opts, t, path, exe)
	}
	old, _, err := settings.ReadCurrent(path)
	if err != nil {
		return fmt.Errorf("cannot read %s: %w", path, err)
	}
	doc, err := settings.ParseDocument(old)
	if err != nil {
		return withHints(fmt.Errorf("%s is not valid JSON (%v); nothing was changed", path, err),
			"fix the file, or move it aside, then run this again")
	}
	var changes []string
	if opts.Uninstall {
		changes, err = removeEntries(doc)
	} else {
		changes, err = addEntries(doc, t, t.command(exe))
	}
	if err != nil {
		return fmt.Errorf("%s: %w; nothing was changed", path, err)
	}
	verb := map[bool]string{false: "install", true: "uninstall"}[opts.Uninstall]
	if len(changes) == 0 {
		_, err := fmt.Fprintf(opts.IO.Out, "%s %s: %s already says so; nothing changed\n", verb, opts.Agent, path)
		return err
	}
	var b strings.Builder
	if opts.DryRun {
		fmt.Fprintf(&b, "%s %s (dry run, nothing written): %s\n", verb, opts.Agent, path)
	} else {
		fmt.Fprintf(&b, "%s %s: %s\n", verb, opts.Agent, path)
	}
	for _, c := range changes {
		fmt.Fprintf(&b, "  %s\n", c)
	}
	if opts.DryRun {
		_, err := fmt.Fprint(opts.IO.Out, b.String())
		return err
	}
	data, err := doc.MarshalJSON()
	if err != nil {
		return err
	}
	if old != nil {
		backup, err := settings.Backup(path, old, opts.Now())
		if err != nil {
			return fmt.Errorf("cannot back up %s, so it was not changed: %w", path, err)
		}
		fmt.Fprintf(&b, "  the previous file is kept as %s\n", backup)
	}
	if err := settings.WriteFileAtomic(path, append(data, '\n'), old); err != nil {
		return fmt.Errorf("failed to write %s: %w", path, err)
	}
	if t.AfterInstall != "" && !opts.Uninstall {
		fmt.Fprintf(&b, "  %s\n", t.AfterInstall)
	}
	_, err = fmt.Fprint(opts.IO.Out, b.String())
	return err
}

// addEntries puts permguard's entry under every event of t, replacing a
// permguard entry that runs another command, and returns what it did.
func addEntries(doc *settings.Document, t installTarget, command string) ([]string, error) {
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
		want := t.Entry(event, command)
		wantRaw := mustJSON(want)
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
	for _, c := range cmds {
		if isPermguardCommand(c) {
			return true
		}
	}
	return false
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
