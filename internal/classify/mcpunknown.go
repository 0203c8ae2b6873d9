package classify

import (
	"path"
	"slices"
	"strconv"
	"strings"
)

// The arguments of MCP tools no table describes (design §3, "Any other
// tool"): a tool of a server nobody mapped, an argument a table does not
// list, an open object's leaves, and the arguments of a tool permguard
// does not know at all. They are read for what would matter whatever the
// tool does with them.

// unknown reads arguments no table describes for what matters whatever
// the tool does. A value under a key that names a command, and any value
// of a tool whose name says it runs something, is the command it would be
// and keeps that whole verdict (cat ~/.ssh/id_ed25519 is high), run in the
// directory a key beside it names. Any other value counts only when it
// would be a dangerous command, or when it is a path to a secret, or a
// path that matters to a tool whose name says it writes: prose read as a
// command is an unknown program, which says nothing about the tool.
func (m *mcpJudge) unknown(args []MCPArg) {
	if len(args) == 0 {
		return
	}
	var does toolDoes
	for _, word := range nameWords(m.toolName()) {
		does.writes = does.writes || mcpWriteWords.get()[word]
		does.destroys = does.destroys || mcpDestroyWords.get()[word] || mcpDeleteWords.get()[word]
		does.moves = does.moves || mcpMoveWords.get()[word]
		does.runs = does.runs || mcpRunWords.get()[word]
	}
	lines := commandLines(args)
	if !m.withinScan(args, lines) {
		return
	}
	m.unknownPaths(args, does)
	dirs := m.siblingDirs(args)
	for _, a := range args {
		name, parent := keyName(a.Key)
		_, isList := listOf(a.Key)
		mode := scanDanger
		switch {
		case mcpProseKeys.get()[name]:
			mode = scanProse
		case jsonScalar(a.Value), mcpDirKeys.get()[name], mcpRootKeys.get()[name], mcpSettingKeys.get()[name]:
			// a number, a directory or a setting: not a command
		case mcpCommandKeys.get()[name]:
			// a list under a key for one command's words is read whole
			// (commandLines), not word by word
			if !isList || !mcpWordKeys.get()[name] {
				mode = scanFull
			}
		case does.runs && !m.underSetting(a.Key):
			mode = scanFull
		}
		m.scan(a.Key, a.Value, dirs.env(*m.ctx.environment(), parent), mode)
	}
	for _, line := range lines {
		m.scan(line.key, line.text, dirs.env(*m.ctx.environment(), line.parent), scanFull)
	}
}

// scanMode is what of a value's verdict as a command counts.
type scanMode uint8

const (
	scanDanger scanMode = iota // only a dangerous verdict (and a limit)
	scanFull                   // the whole verdict: the value is a command
	// scanProse is scanDanger for text people write (a title, a body, a
	// note), where a line that starts with a word that is also a program
	// dangerous by its name alone ("Shutdown procedure for the lab",
	// "Format dates in UTC", "sudo prompts twice") is far more often
	// prose than a command: such a rule alone does not count
	scanProse
)

// withinScan reports that every value of args and every command line
// they join into is read whole within the budget of text read for
// commands, counted before any is read, and else puts the call past the
// tool input limit (pastInput): a value not read whole could be
// anything. A call past a limit is judged no further, since no setting
// and no level but bypassed lets it through.
func (m *mcpJudge) withinScan(args []MCPArg, lines []commandLine) bool {
	if m.ctx.limit() != LimitNone {
		return false
	}
	total := m.scanBytes
	for _, a := range args {
		if a.Cut {
			m.pastInput(a, whyCut())
			return false
		}
		if strings.TrimSpace(a.Value) == "" {
			continue
		}
		if total += len(a.Value); total > maxMCPScanBytes {
			m.pastInput(a, whyUnread())
			return false
		}
	}
	for _, l := range lines {
		if total += len(l.text); total > maxMCPScanBytes {
			m.pastInput(MCPArg{Key: l.key}, whyUnread())
			return false
		}
	}
	return true
}

// toolDoes is what the words of a tool's name say it does.
type toolDoes struct{ writes, destroys, moves, runs bool }

// unknownPaths judges the values of args that are paths: named as a
// person names a file (pathLike), or under a key that names a path
// ({"path": ".envrc"}). A secret is what reading it needs, whatever the
// tool; for a tool whose name says it writes, a path is raised to what
// writing it needs when that is high or more; one whose name says it
// deletes deletes each path as rm -rf would; one whose name moves moves
// the paths under a source key (every path that is under neither kind
// of key) to the one under a destination key, as mv does.
func (m *mcpJudge) unknownPaths(args []MCPArg, does toolDoes) {
	if m.noPaths || m.ctx.limit() != LimitNone {
		return
	}
	var from, to []MCPArg
	roots := m.siblingRoots(args)
	for _, a := range args {
		name, parent := keyName(a.Key)
		if a.Cut || !m.isPath(name, a.Value) {
			if !a.Cut && len(a.Value) > maxMCPPathBytes && m.pathShaped(name, a.Value) {
				m.raise(ruleMCPPathLong, a)
			}
			continue
		}
		v := a.Value
		if p, ok := fileURL(v); ok {
			v = p
		}
		// where a relative path starts: the workspace, and any directory
		// a key beside it names ({"root": "~", "path": ".ssh/id_rsa"}),
		// the worse counting
		paths := []arg{m.path(v)}
		if !strings.HasPrefix(v, "/") && !strings.HasPrefix(v, "~") {
			for _, root := range roots[parent] {
				paths = append(paths, arg{val: path.Join(root, v), pos: Pos{1, 1}})
			}
		}
		for _, p := range paths {
			if m.ctx.readsSecret(p, true) {
				m.raise(ruleReadSecret, a)
			}
			if does.writes {
				if ru, ok := m.ctx.writeRule(p); ok && (ru.level >= High || ru.dangerous) {
					m.raise(ru, a)
				}
			}
			if does.destroys {
				if ru, ok := m.ctx.deleteRuleTree(p, true, true); ok && (ru.level >= High || ru.dangerous) {
					m.raise(ru, a)
				}
			}
		}
		if does.moves {
			if mcpToKeys.get()[name] {
				to = append(to, a)
			} else {
				from = append(from, a)
			}
		}
	}
	m.move(from, to)
}

// siblingRoots are the directories the keys of args that name one (a
// working directory, a root, a base) resolve to, by the object they sit
// in.
func (m *mcpJudge) siblingRoots(args []MCPArg) map[string][]string {
	var roots map[string][]string
	for _, a := range args {
		name, parent := keyName(a.Key)
		if a.Cut || !mcpDirKeys.get()[name] && !mcpRootKeys.get()[name] {
			continue
		}
		if dir, ok := mcpDir(m.ctx, a.Value); ok && dir != "" {
			if roots == nil {
				roots = map[string][]string{}
			}
			roots[parent] = append(roots[parent], dir)
		}
	}
	return roots
}

// isPath reports a value the key name holds that names a file: any value
// of a key that names a path, else one written as a person writes a path;
// none longer than a path can be (PATH_MAX).
func (m *mcpJudge) isPath(name, v string) bool {
	return len(v) <= maxMCPPathBytes && m.pathShaped(name, v)
}

// pathShaped is isPath whatever the value's length.
func (m *mcpJudge) pathShaped(name, v string) bool {
	if v == "" || strings.ContainsAny(v, "\n\x00") {
		return false
	}
	return mcpPathKeys.get()[name] || strings.HasSuffix(name, "path") || pathLike(m.ctx, v)
}

// toolName is the tool's own name: the MCP tool's, or a tool's that
// permguard does not know.
func (m *mcpJudge) toolName() string {
	if m.tc.MCPTool != "" {
		return m.tc.MCPTool
	}
	return m.tc.Name
}

// underSetting reports a key inside an object of settings ({"env":
// {"FOO": "bar"}}): its values are not commands.
func (m *mcpJudge) underSetting(key string) bool {
	for k := key; ; {
		name, parent := keyName(k)
		if mcpSettingKeys.get()[name] {
			return true
		}
		if parent == "" {
			return false
		}
		k = parent
	}
}

// scan reads text, which the argument key holds, as the shell command it
// would be if it were run in env, within the call's budget of text read
// so, and keeps what mode says counts of its verdict. An interactive
// shell or interpreter is not dangerous here: the server's child has no
// terminal to type into.
func (m *mcpJudge) scan(key, text string, env Env, mode scanMode) {
	if strings.TrimSpace(text) == "" || m.ctx.limit() != LimitNone {
		return
	}
	if m.scanBytes += len(text); m.scanBytes > maxMCPScanBytes {
		m.pastInput(MCPArg{Key: key}, whyUnread())
		return
	}
	v := classifyWith(text, env, m.ctx.guard())
	switch {
	case mode == scanFull || v.Limit != LimitNone || dangerBeyond(v, mode == scanProse):
		// past a limit of its own (4,100 commands, then rm -rf ~): as
		// the same text in a Bash call is
		m.scripts = append(m.scripts, mcpScript{v: withoutTerminalDanger(v), text: text, frame: m.tc.Name + " (argument " + key + ")",
			snip: m.tc.Name + " " + key + "=", detail: "argument " + key + ", if it is run"})
	case len(v.Commands) > 0 && !hasRuleID(v, ruleUnknown.id) && !hasRuleID(v, parseRule.id):
		// it reads as commands: a link on one of its paths could make
		// it dangerous, which the second look shows (design §2.6)
		for _, p := range v.Paths {
			if !m.ctx.notePath(p) {
				break
			}
		}
	}
}

// dirsByParent are the directories the keys of an unmapped call name as
// where it works (cwd, workdir, ...), by the object they sit in.
type dirsByParent map[string]struct {
	dir string
	ok  bool
}

// siblingDirs finds the directory each object of args names.
func (m *mcpJudge) siblingDirs(args []MCPArg) dirsByParent {
	var dirs dirsByParent
	for _, a := range args {
		name, parent := keyName(a.Key)
		if !mcpDirKeys.get()[name] {
			continue
		}
		if _, seen := dirs[parent]; seen {
			continue
		}
		if dirs == nil {
			dirs = dirsByParent{}
		}
		d := dirs[parent]
		if !a.Cut {
			d.dir, d.ok = mcpDir(m.ctx, a.Value)
		}
		dirs[parent] = d
	}
	return dirs
}

// env is base with the working directory the object parent names: a
// command there runs in it, as a known tool's runs in its argDir. One
// that cannot be told makes every path outside the workspace.
func (dirs dirsByParent) env(base Env, parent string) Env {
	d, ok := dirs[parent]
	switch {
	case !ok:
	case !d.ok:
		base.Workspace, base.Cwd = "", ""
	case d.dir != "":
		base.Cwd = d.dir
	}
	return base
}

// withoutTerminalDanger is v with the dangerous flag of starting an
// interactive shell or interpreter cleared (dangerBeyond).
func withoutTerminalDanger(v Verdict) Verdict {
	if !v.Dangerous || dangerBeyond(v, false) {
		return v
	}
	clear := func(rs []Reason) []Reason {
		out := slices.Clone(rs)
		for i := range out {
			out[i].Dangerous = false
		}
		return out
	}
	v.Dangerous = false
	v.Reasons, v.Floors = clear(v.Reasons), clear(v.Floors)
	v.Commands = slices.Clone(v.Commands)
	for i := range v.Commands {
		v.Commands[i].Dangerous = false
		v.Commands[i].Reasons = clear(v.Commands[i].Reasons)
	}
	return v
}

// jsonScalar reports a value as JSON writes a number, a boolean or null:
// a count or a flag, which no server runs.
func jsonScalar(v string) bool {
	switch v {
	case "true", "false", "null":
		return true
	}
	_, err := strconv.ParseFloat(v, 64)
	return err == nil && strings.Trim(v, "0123456789.eE+-") == ""
}

// Keys that name a command, compared as keyName writes them: a string
// under one is a command line, a list under one of mcpWordKeys is one
// command's words ({"argv": ["rm", "-rf", "x"]}), and a list under one
// of mcpArgsKeys beside it holds the arguments of the command it names
// ({"command": "rm", "args": ["-rf", "x"]}).
var (
	mcpWordKeys = lazy[map[string]bool]{build: func() map[string]bool {
		return setOf("command cmd argv commandline cmdline shellcommand bashcommand")
	}}
	mcpArgsKeys = lazy[map[string]bool]{build: func() map[string]bool { return setOf("args argv arguments") }}
	// mcpCommandKeys hold a command line, or (mcpWordKeys) its words
	mcpCommandKeys = lazy[map[string]bool]{build: func() map[string]bool {
		return setOf("command commands cmd cmds cmdline commandline shellcommand bashcommand script scripts shellscript code argv")
	}}
	// mcpDirKeys name where a command runs and relative paths start
	mcpDirKeys = lazy[map[string]bool]{build: func() map[string]bool {
		return setOf("cwd workdir workingdir workingdirectory dir directory")
	}}
	// mcpRootKeys name a directory relative paths beside them may start
	// in, as mcpDirKeys do
	mcpRootKeys = lazy[map[string]bool]{build: func() map[string]bool {
		return setOf("root rootdir rootpath base basedir basepath folder")
	}}
	// mcpSettingKeys hold settings of how a command runs, not commands:
	// {"shell": "bash"}, {"language": "python"}, {"env": {...}}
	mcpSettingKeys = lazy[map[string]bool]{build: func() map[string]bool {
		return setOf("shell interpreter language lang runtime env environment timeout timeoutms")
	}}
	// mcpProseKeys hold text people write: a title, a message, a note
	mcpProseKeys = lazy[map[string]bool]{build: func() map[string]bool {
		return setOf("title summary body content text description message comment notes observations prompt query name")
	}}
	// mcpWriteWords in a tool's name say it writes: write_file,
	// createNote, overwrite, copy_file, download, git_clone, apply_diff
	mcpWriteWords = lazy[map[string]bool]{build: func() map[string]bool {
		return setOf("write create update edit editor save put set move mv rename delete remove append patch replace upload push " +
			"overwrite modify change alter copy cp store persist record insert add new make mkdir touch download ln link symlink " +
			"extract unzip untar unpack decompress clone chmod chown apply export import dump tee install restore sync generate")
	}}
	// mcpDeleteWords say a tool deletes, beside mcpDestroyWords (which
	// also set the name's floor)
	mcpDeleteWords = lazy[map[string]bool]{build: func() map[string]bool { return setOf("rm rmdir unlink trash") }}
	// mcpMoveWords say a tool moves what it is given: its sources leave
	mcpMoveWords = lazy[map[string]bool]{build: func() map[string]bool { return setOf("move mv rename") }}
	// mcpPathKeys name a path, even a bare name ({"path": ".envrc"}); so
	// does any key whose name ends in "path" (outputPath)
	mcpPathKeys = lazy[map[string]bool]{build: func() map[string]bool {
		return setOf("path paths file files filename filenames dst dest destination destinations target targets output outputs " +
			"out outfile src source sources to from")
	}}
	// mcpToKeys name where a move puts what it moves
	mcpToKeys = lazy[map[string]bool]{build: func() map[string]bool {
		return setOf("dst dest destination destinations target to newpath newname")
	}}
	// mcpRunWords in a tool's name say it runs what it is given:
	// run_command, execute, shell_exec, terminal_write, spawn_process
	mcpRunWords = lazy[map[string]bool]{build: func() map[string]bool {
		return setOf("run exec execute shell terminal command spawn process bash sh cmd eval")
	}}
)

func setOf(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}

// keyName is the last name of an argument's key, in lower case without
// _, - or list indexes, so that spellings meet: "shell_command",
// "shellCommand" and "steps[0].shell-command" are "shellcommand". parent
// is the key of the object it sits in ("steps[0]"), "" at the top.
func keyName(key string) (name, parent string) {
	if list, ok := listOf(key); ok {
		key = list
	}
	if i := strings.LastIndexByte(key, '.'); i >= 0 {
		parent, key = key[:i], key[i+1:]
	}
	key = argKey(key)
	return strings.ToLower(strings.NewReplacer("_", "", "-", "").Replace(key)), parent
}

// commandLine is a command an unmapped call gives in pieces, and the keys
// that hold them.
type commandLine struct{ key, parent, text string }

// commandLines joins the command lines a call gives as words: a list
// under a key that names a command, and a command with the list of its
// arguments beside it, each into the one line the words make (quoteArgv).
// Each word is read on its own too; the line is read once more, whole.
func commandLines(args []MCPArg) []commandLine {
	type piece struct {
		key        string
		text       string   // a command line, for a string
		words      []string // the words of a list
		head, tail bool     // under a key that names a command; a list of arguments
	}
	var parents []string
	byParent := map[string][]piece{}
	for _, a := range args {
		name, parent := keyName(a.Key)
		list, isList := listOf(a.Key)
		head, tail := mcpWordKeys.get()[name], isList && mcpArgsKeys.get()[name]
		if !head && !tail {
			continue
		}
		if _, ok := byParent[parent]; !ok {
			parents = append(parents, parent)
		}
		ps := byParent[parent]
		if !isList {
			byParent[parent] = append(ps, piece{key: a.Key, text: a.Value, head: true})
			continue
		}
		i := slices.IndexFunc(ps, func(p piece) bool { return p.key == list })
		if i < 0 {
			ps, i = append(ps, piece{key: list, head: head, tail: tail}), len(ps)
		}
		ps[i].words = append(ps[i].words, a.Value)
		byParent[parent] = ps
	}
	var out []commandLine
	for _, parent := range parents {
		ps := byParent[parent]
		for _, h := range ps {
			if !h.head {
				continue
			}
			line := h.text
			if h.words != nil {
				// the list is the command's words
				line = quoteArgv(h.words)
				out = append(out, commandLine{key: h.key, parent: parent, text: line})
			}
			for _, t := range ps {
				if t.tail && t.key != h.key {
					out = append(out, commandLine{key: h.key + ", " + t.key, parent: parent, text: line + " " + quoteArgv(t.words)})
				}
			}
		}
	}
	return out
}

// pathLike reports a value that names a file the way a person writes one:
// absolute, from a home (~), from here (./, ../), a file: URL, or with a
// / and a name that matters (a relative path that is not a plain one of
// the workspace). A URL or a sentence is none.
func pathLike(w toolCtx, v string) bool {
	if v == "" || strings.ContainsAny(v, "\n\x00") {
		return false
	}
	if strings.ContainsAny(v, " \t") && strings.Contains(v, "[") && strings.Contains(v, "]") {
		// a sentence with a Markdown link ("See [the design](./d.md)"),
		// not a glob's [...]
		return false
	}
	for _, p := range []string{"/", "~", "./", "../"} {
		if strings.HasPrefix(v, p) {
			return true
		}
	}
	if _, ok := fileURL(v); ok {
		return true
	}
	return strings.Contains(v, "/") && !strings.Contains(v, "://") && !w.insideWorkspace(v)
}

// dangerBeyond reports a verdict dangerous for a reason other than
// starting an interactive shell or interpreter: what is typed into one
// later passes no check, but a value an MCP server is given has no
// terminal to type into, and "bash" or "python" alone is far more often a
// setting ({"shell": "bash"}, {"language": "python"}) than a command. For
// prose, a reason that comes from a program's name alone
// (mcpNameAloneRules) does not count either.
func dangerBeyond(v Verdict, prose bool) bool {
	if !v.Dangerous {
		return false
	}
	for _, r := range v.Reasons {
		if r.Dangerous && r.Rule != ruleShellTTY.id && r.Rule != ruleInterpTTY.id && !(prose && mcpNameAloneRules.get()[r.Rule]) {
			return true
		}
	}
	return false
}

// mcpNameAloneRules are the rules that make a command dangerous by its
// program's name whatever words follow it (shutdown, reboot, halt,
// poweroff, init, telinit; format; fdisk, parted; sudo, su, doas): a
// sentence that starts with one of those words is one.
var mcpNameAloneRules = lazy[map[string]bool]{build: func() map[string]bool {
	return setOf("power disk-format disk-partition sudo")
}}

func hasRuleID(v Verdict, id string) bool {
	for _, r := range v.Reasons {
		if r.Rule == id {
			return true
		}
	}
	return false
}
