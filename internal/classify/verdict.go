// Package classify turns a shell command into a verdict: the least permission
// level that may run it, whether it can do irreversible harm, and the reasons,
// each tied to a rule, a source position and a snippet.
//
// The package is pure. It reads no environment, files, clock or terminal: the
// workspace, home and temporary directories come in through [Env], so the same
// input always gives the same verdict. It imports nothing else of permguard and
// no UI library (scripts/check-deps.sh enforces this).
//
// Classification fails closed: input it cannot parse, input over the limits in
// shell_limits.go, and words whose value is only known at run time never lower a
// verdict; an unknown program is [High].
//
// It works in stages, and a file's name says its stage: the shell
// (classify.go, shell_*.go) parses and walks the input and follows its
// values; the tools (tool_*.go, the engine; tools_<family>*.go, what each
// program does with its arguments) judge each command the walk finds,
// asking the walk only through toolCtx; effects.go gives each reason its
// stage and effect; the policy (policy*.go) judges the paths a command
// reads, writes and deletes; mcp*.go and toolcalls.go judge structured
// tool calls; verdict*.go and vocabulary.go are what a verdict is made of.
package classify

import (
	"fmt"
	"strings"
)

// Level is the least permission level that may run a command.
type Level uint8

// The levels, in increasing order of what they allow.
const (
	Minimal Level = iota // reading only
	Low                  // writing files inside the workspace
	Medium               // development work: build, test, install, local git
	High                 // anything else
)

var levelNames = [...]string{"minimal", "low", "medium", "high"}

func (l Level) String() string {
	if int(l) < len(levelNames) {
		return levelNames[l]
	}
	return fmt.Sprintf("Level(%d)", l)
}

// ParseLevel returns the level named s ("minimal", "low", "medium", "high").
func ParseLevel(s string) (Level, bool) {
	for i, n := range levelNames {
		if strings.EqualFold(s, n) {
			return Level(i), true
		}
	}
	return 0, false
}

// Levels lists every level, lowest first.
func Levels() []Level { return []Level{Minimal, Low, Medium, High} }

// Pos is a 1-based line and column in the classified input.
type Pos struct {
	Line, Col int
}

func (p Pos) String() string { return fmt.Sprintf("%d:%d", p.Line, p.Col) }

// Reason is one thing that raised a verdict.
type Reason struct {
	Rule      string // stable rule id, e.g. "rm-recursive-force"
	Level     Level
	Dangerous bool
	// Message is the rule's own sentence, lowercase, no final period:
	// the same for every reason of one rule id.
	Message string
	// Detail is what this occurrence adds to the message: the variable
	// set ("sets CC"), the argument of a tool call ("argument path"), the
	// link written through, the path or option named. Empty when the
	// message says it all. A person reads both, as [Reason.Text] joins
	// them.
	Detail  string
	Pos     Pos    // where the command or word that triggered the rule starts
	Snippet string // the command as written (one line, shortened)
	// Stage is the part of the classifier that raised the reason.
	Stage Stage
	// Effect is what the command does that the rule judged.
	Effect Effect
	// Limit is the bound of design §7 this reason reports passing, or
	// LimitNone.
	Limit Limit
	// Unseen: the rule is raised only because the command runs code
	// nobody has seen: the project's own (a build, a test runner, a
	// package script), inline code given to an interpreter, a script or
	// program file in the workspace or a temporary directory, a program
	// permguard does not know. Run in the box of the level in force, such
	// code can harm nothing that level does not already let the agent
	// change (design §4, sandboxed allow). Never set on a reason for a
	// known effect: the network, a write outside, a secret read, anything
	// dangerous.
	Unseen bool
	// Host: the command's whole point is the host outside any box (a
	// process or socket inspector, a container engine's or service
	// manager's client, a terminal multiplexer), or it needs the network
	// at its level and is not an install: no box can serve it, so it runs
	// unboxed at its verdict (design §4, "What the box cannot serve").
	Host bool
	// Network: a package install from a registry, which only the medium
	// box can serve, with the network open (design §4, "Installs in the
	// medium box"). Never set with Host.
	Network bool
	// Listen: a server or watcher, which runs on and is reached on the
	// ports it listens on: only the medium box that carries connections
	// from the machine's loopback to its own serves it (design §4,
	// "Servers in the medium box"). Never set with Host.
	Listen bool
}

// String renders a reason the way `permguard check` prints it:
// "1:9 cp x ~/.bashrc -S .bak: high: the backup it makes: writes a file outside the workspace (rule write-outside)".
func (r Reason) String() string {
	sev := r.Level.String()
	if r.Dangerous {
		sev = "dangerous"
	}
	return fmt.Sprintf("%s %s: %s: %s (rule %s)", r.Pos, r.Snippet, sev, r.Text(), r.Rule)
}

// Text is what a person reads of a reason: the detail, then the rule's
// message ("sets CC: makes the build run another program").
func (r Reason) Text() string {
	if r.Detail == "" {
		return r.Message
	}
	return r.Detail + ": " + r.Message
}

// Stage is the part of the classifier a reason comes from (design §2).
type Stage uint8

// The stages.
const (
	// StageShell: the shell itself — the limits of the parse, its
	// constructs, the data flow, builtins and assignments.
	StageShell Stage = iota + 1
	// StageTools: what a program does with its arguments, by its table
	// row or its handler.
	StageTools
	// StagePolicy: a judgement of a path — its place, the write, delete
	// and read rules, guard files, secrets, startup files, footholds.
	StagePolicy
	// StageToolCall: a structured tool call or an MCP call judged as
	// such, not through a shell command it runs.
	StageToolCall
)

var stageNames = [...]string{StageShell: "shell", StageTools: "tools", StagePolicy: "policy", StageToolCall: "toolcall"}

func (s Stage) String() string {
	if int(s) < len(stageNames) && stageNames[s] != "" {
		return stageNames[s]
	}
	return fmt.Sprintf("Stage(%d)", s)
}

// Effect is what a command does that a rule judged: its kind, and what it
// acts on when the place that raised the reason knows it.
type Effect struct {
	Kind EffectKind
	// Target is the resolved path, the program, the variable's name or
	// the URL; for EffectAction, the program and the subcommand its row
	// names ("git push"). Empty when not known.
	Target string
}

// EffectKind is the sort of thing an [Effect] does.
type EffectKind uint8

// The effect kinds.
const (
	EffectRead        EffectKind = iota + 1 // reads a file
	EffectWrite                             // writes, creates, moves onto or changes the mode of a file
	EffectDelete                            // deletes or moves away a file
	EffectRun                               // runs code: from a file, from text, or a program another one starts
	EffectSend                              // sends data to the network
	EffectDaemon                            // talks to a daemon: a container engine, a service manager
	EffectEnvironment                       // sets a variable for later commands or programs
	EffectAction                            // the tool's own action, as its row or handler names it
)

var effectKindNames = [...]string{
	EffectRead: "read", EffectWrite: "write", EffectDelete: "delete", EffectRun: "run", EffectSend: "send",
	EffectDaemon: "daemon", EffectEnvironment: "environment", EffectAction: "action",
}

func (k EffectKind) String() string {
	if int(k) < len(effectKindNames) && effectKindNames[k] != "" {
		return effectKindNames[k]
	}
	return fmt.Sprintf("EffectKind(%d)", k)
}

// EffectKinds lists every effect kind.
func EffectKinds() []EffectKind {
	out := make([]EffectKind, 0, len(effectKindNames)-1)
	for k := EffectRead; int(k) < len(effectKindNames); k++ {
		out = append(out, k)
	}
	return out
}

// Stages lists every stage.
func Stages() []Stage { return []Stage{StageShell, StageTools, StagePolicy, StageToolCall} }

// Command is one simple command the input would run, after wrappers were
// unwrapped, with the verdict for that command alone. Settings match their
// patterns against Argv.
type Command struct {
	Argv      []string // resolved words; a dynamic word is shown as written
	Pos       Pos
	Snippet   string
	Level     Level
	Dangerous bool
	Reasons   []Reason
	// Where lists the constructs the command sits inside, outermost
	// first; nil at top level. Commands inside the same construct share
	// the slice, so it must not be modified.
	Where []Frame
}

// Frame is one construct a command sits inside: a pipeline, a subshell, a
// $( ), the script a bash -c runs, the command an xargs runs.
type Frame struct {
	Kind FrameKind
	// Name says which one, when the kind alone does not: the program
	// that runs a script or a command (bash, eval, git, xargs, find -exec),
	// the variable whose value is run (GIT_SSH_COMMAND), the function's
	// name, or coproc's.
	Name string
	// Pos is where the construct starts. Inside a re-parsed script every
	// position is the script's own, as for commands.
	Pos Pos
	// Snippet is the construct as written (one line, shortened); for a
	// script, the code it runs.
	Snippet string
	// ID tells frames apart that read alike, such as two pipelines in one
	// bash -c string, which share its position. It is unique within one
	// verdict, larger for a frame inside another, and the same for every
	// command in the frame.
	ID int
}

// FrameKind is the sort of construct a [Frame] is.
type FrameKind uint8

// The frame kinds. Sudo, time, env, nice and their kin have none: the
// command they run is unwrapped into their own [Command].
const (
	FramePipeline    FrameKind = iota + 1 // a | b | c, however many commands
	FrameSubshell                         // ( )
	FrameGroup                            // { }
	FrameIf                               // if, its conditions and every branch
	FrameWhile                            // while, its condition and body
	FrameUntil                            // until, its condition and body
	FrameFor                              // for, its words and body
	FrameSelect                           // select, its words and body
	FrameCase                             // case, its word, patterns and branches
	FrameFunction                         // a function's body, where it is defined
	FrameCoproc                           // coproc
	FrameCmdSubst                         // $( ) and backticks
	FrameProcSubst                        // <( ) and >( )
	FrameScript                           // text run as shell code: bash -c, eval, a git alias, GIT_SSH_COMMAND
	FrameStdinScript                      // shell code read from standard input: sh <<EOF, echo ... | sh
	FrameRunBy                            // a command another one runs: xargs, find -exec, npx
	FrameExpanded                         // the command again, with the values this input gave its words ($c, "$@", hash -p)
	FrameWritten                          // code from a file this input wrote earlier, run by a shell or a tool (make, npm)
)

var frameNames = [...]string{
	FramePipeline: "pipeline", FrameSubshell: "subshell", FrameGroup: "group", FrameIf: "if",
	FrameWhile: "while", FrameUntil: "until", FrameFor: "for", FrameSelect: "select", FrameCase: "case",
	FrameFunction: "function", FrameCoproc: "coproc", FrameCmdSubst: "command substitution",
	FrameProcSubst: "process substitution", FrameScript: "script", FrameStdinScript: "stdin script",
	FrameRunBy: "run by", FrameExpanded: "expanded", FrameWritten: "written file",
}

// String names the kind the way a person reads it: "pipeline",
// "command substitution", "run by".
func (k FrameKind) String() string {
	if int(k) < len(frameNames) && frameNames[k] != "" {
		return frameNames[k]
	}
	return fmt.Sprintf("FrameKind(%d)", k)
}

// Verdict is the result of classifying an input: the maximum over every
// command it would run, plus floors from redirections and paths.
type Verdict struct {
	Level     Level
	Dangerous bool
	Reasons   []Reason // every reason, in source order; never empty
	// Commands are every simple command found, in the order they start:
	// a command after the substitutions in its words, and before the
	// commands it runs (bash -c, xargs), which follow it.
	Commands []Command
	// Floors are the reasons that belong to no single command:
	// redirections, assignments, parse errors, limits. Settings that
	// replace a command's classification never replace these.
	Floors []Reason
	// Paths are the paths the verdict judged, absolute and spelled as the
	// kernel will walk them (.. kept): where a link may lead elsewhere.
	// The caller looks for links on them and classifies again with what
	// it found in [Env.Links] (design §2.6, "Links").
	Paths []string
	// Trees are the directories, spelled as Paths are, that a command
	// walks following the links it meets (grep -R, find -L, zip -r): the
	// caller lists the links below each and where they lead
	// ([Env.TreeLinks]).
	Trees []string
	// Reads are the files outside the workspace the verdict judged as
	// read and found no secret by name, absolute and clean: a file with
	// a generic name may still hold a private key. ReadTrees are the
	// directories outside the workspace read whole (grep -r, tar, cp -r)
	// and found to hold no secret by name. The caller looks at the first
	// bytes of each file, and at the names and first bytes of the files
	// below each tree, and classifies again with the secrets it found in
	// [Env.FoundSecrets] (design §2.6, "Secrets found on disk").
	Reads     []string
	ReadTrees []string
	// MaybePaths are absolute paths that a word names only if a file is
	// there: the one operand of git checkout is a branch to switch to, or
	// files whose uncommitted changes it discards. The caller reports
	// those that exist in [Env.Existing] and classifies again (issue 29).
	MaybePaths []string
	// Limit is the first bound of design §7 the input went past, or
	// LimitNone. Past one, part of the input was not judged: no level
	// but bypassed allows it, whatever Level says (design §4, row
	// past-limit). What was judged keeps its verdict, a dangerous flag
	// included, so that a deny rule still matches.
	Limit Limit
}

// LimitReason is the reason that reports v's limit, or the zero Reason
// when v is past none.
func (v Verdict) LimitReason() Reason {
	if v.Limit == LimitNone {
		return Reason{}
	}
	for _, r := range v.Floors {
		if r.Limit == v.Limit {
			return r
		}
	}
	for _, r := range v.Reasons {
		if r.Limit == v.Limit {
			return r
		}
	}
	return Reason{Rule: limitRule.id, Level: High, Message: limitRule.why, Detail: "input is past permguard's " + v.Limit.String() + " limit", Limit: v.Limit,
		Stage: StageShell, Effect: Effect{Kind: limitRule.effect}}
}

// LevelBesidesUnseen is the level v needs for everything but running
// code nobody has seen: the highest level of the reasons that are not
// [Reason.Unseen]. It is v.Level when v is dangerous, or when its level is
// not explained by its reasons (which fails closed).
func (v Verdict) LevelBesidesUnseen() Level {
	if v.Dangerous {
		return v.Level
	}
	var rest, all Level
	for _, r := range v.Reasons {
		if r.Dangerous {
			return v.Level
		}
		all = max(all, r.Level)
		if !r.Unseen {
			rest = max(rest, r.Level)
		}
	}
	if all < v.Level {
		return v.Level
	}
	return rest
}

// Boxable reports whether the box of a level, which has no network, can
// serve v: none of its reasons or floors is [Reason.Host],
// [Reason.Network] or [Reason.Listen].
func (v Verdict) Boxable() bool {
	host, network, listen := v.boxNeeds()
	return !host && !network && !listen
}

// BoxableWithNetwork reports whether v can be served only by a box with
// the network (the medium box's, design §4, "Installs in the medium
// box"): no reason or floor is [Reason.Host], and one is
// [Reason.Network]. A server beside the install is reached there too,
// since that box shares the machine's network.
func (v Verdict) BoxableWithNetwork() bool {
	host, network, _ := v.boxNeeds()
	return !host && network
}

// BoxableListening reports whether v can be served only by the medium
// box whose listening ports are reached from the machine's loopback
// (design §4, "Servers in the medium box"): no reason or floor is
// [Reason.Host] or [Reason.Network], and one is [Reason.Listen].
func (v Verdict) BoxableListening() bool {
	host, network, listen := v.boxNeeds()
	return !host && !network && listen
}

// boxNeeds reports whether a reason or floor of v is Host, whether one
// is Network, and whether one is Listen.
func (v Verdict) boxNeeds() (host, network, listen bool) {
	for _, rs := range [][]Reason{v.Reasons, v.Floors} {
		for _, r := range rs {
			host = host || r.Host
			network = network || r.Network
			listen = listen || r.Listen
		}
	}
	return host, network, listen
}

// Env is what classification needs to know about where the command runs.
// Paths must be absolute and clean; empty fields are treated as unknown.
type Env struct {
	Workspace string // the project directory; relative paths resolve here
	// Cwd is where the input starts, when that is not the workspace (an
	// agent's shell that moved to a subdirectory). Relative paths are then
	// judged against it and against the workspace, and the worse counts.
	Cwd  string
	Home string // the user's home directory
	// Vars are the values of the variables paths are spelled with
	// ($HOME, $USER, $XDG_CONFIG_HOME, $TMPDIR, $PWD, ...; see
	// [PathVars]), as the caller's environment has them, with the XDG
	// defaults filled in. A path that uses one is judged with its value as
	// well as an unknown one, so a value here never lowers a verdict.
	// Variables the input itself sets take their value from the input.
	Vars     map[string]string
	TempDirs []string // directories that count as workspace for writes (/tmp, $TMPDIR)
	// OwnDirs are where permguard keeps its settings and state when they
	// are not in the default places (PERMGUARD_CONFIG_DIR, ...). Changing
	// anything there, or in the defaults, is dangerous.
	OwnDirs []string
	// PrefixMappings rewrite the start of a command before it is judged
	// (the user's prefixMappings setting: "fvm flutter" -> "flutter").
	PrefixMappings []PrefixMapping
	// Protected are the files whose change could switch the guard off:
	// each agent's hook configuration and extensions, permguard's binary.
	// Writing, moving, deleting or changing the mode of one, or of a
	// directory that holds one, is dangerous however it is spelled. The
	// classifier cannot know which agents are installed, so the caller
	// lists them (internal/guard builds the list from the hook registry).
	Protected []ProtectedPath
	// Secrets are the agents' own credential and token files (an OAuth
	// login, an API key), absolute and clean, each the file or directory
	// with everything below it; an element may be a pattern as
	// [path.Match] reads it. Reading one, or a tree that holds one, is
	// reading a secret (design §2.6). The caller lists them
	// (internal/guard, from the hook registry), as it does Protected.
	Secrets []string
	// FoundSecrets are the files the caller found to be secrets on disk
	// among what a first classification read ([Verdict.Reads],
	// [Verdict.ReadTrees]): a file that holds a private key's marker in
	// its first bytes ([HoldsPrivateKey]), whatever its name, and below a
	// tree, a file whose name makes it a secret ([SecretName]). Each is
	// a secret, and a directory above one holds a secret.
	FoundSecrets []string
	// GuardVars are the variables that move an agent's configuration
	// (CLAUDE_CONFIG_DIR, CODEX_HOME, ...): set for a child or written
	// into a startup file, they take the agent away from the protected
	// files, so they count as permguard's own variables.
	GuardVars []string
	// AgentFootholds are the agents' files that run code later without
	// switching the guard off (slash commands, skills, sub-agents): paths
	// relative to a project or to an agent's user directory, "/" at the
	// end for a directory and all below, met at any depth of a path as
	// the footholds of design §2.9 are. internal/guard lists them from
	// the hook registry ([hook.Protect.Later]).
	AgentFootholds []string
	// Installed are the programs the project has installed where the
	// input starts (Cwd, else Workspace): the names in node_modules/.bin
	// and the packages package.json depends on. npx of one of them runs
	// the project's own copy, not a download. The caller reads them
	// (internal/guard); empty means none is known.
	Installed []string
	// Existing are the paths of [Verdict.MaybePaths] that exist on disk,
	// as the caller found them.
	Existing []string
	// Archives are the member lists of the archives in the workspace that
	// the input extracts, as the caller read them within its budgets; an
	// archive not listed here has members not known now.
	Archives []Archive
	// Links are the other names of paths a first classification listed in
	// [Verdict.Paths], as the caller found them on disk: for each path that
	// is a symbolic link or passes through one, every path it reaches, one
	// link followed at a time, the last one where it really leads (absolute
	// and clean); [LinkNotKnown] for a name that could not be followed. A
	// path listed here is judged as written and as each of its names, and
	// the worst counts.
	Links map[string][]string
	// TreeLinks are, for each directory of [Verdict.Trees], the names the
	// links below it lead to, as the caller found them within a budget
	// ([LinkNotKnown] past it): a command that walks the tree following
	// links reads (or changes) each.
	TreeLinks map[string][]string
}

// Archive is one entry of [Env.Archives].
type Archive struct {
	Path string // absolute and clean
	// Members are the names the archive holds, as written in it.
	Members []string
	// Unsafe says a member is a link, a device or a name that leaves the
	// directory it is extracted into: the names then say too little.
	Unsafe bool
	// Format is "tar" or "zip": what the caller read the file as. unzip
	// reads no tar, whatever a tar's contents may look like to it.
	Format string
	// Links are the members that are links, with where each leads (an
	// archive with links is Unsafe).
	Links []ArchiveLink
}

// ArchiveLink is a member of an archive that is a link.
type ArchiveLink struct {
	Name   string // the member's name
	Target string // where it leads, as written in the archive
	// Hard: a hard link, whose target is another member's name, read
	// from the directory the archive is extracted into
	Hard bool
}

// ProtectedPath is one entry of [Env.Protected].
type ProtectedPath struct {
	// Path is absolute (a file of the user's, "/home/u/.claude/settings.json")
	// or relative: then it is a project's file, and matches below any
	// directory, because the agent can open any directory as a project.
	// Each element may be a pattern as [path.Match] reads it
	// ("settings*.json"). Matching ignores case: macOS does.
	Path string
	// Tree protects everything below Path as well.
	Tree bool
	// What names the file for the reason, as "could switch the guard
	// off: changes <What>": "Claude Code's settings and hooks".
	What string
	// WriteOnly marks an entry guarded against writes only, such as a
	// directory of the scripts hooks run: writing there is dangerous,
	// deleting there is an ordinary delete, since the files that hold
	// permguard's entry (the settings file) are listed on their own.
	WriteOnly bool
}

// PrefixMapping says that a command starting with the words From runs what
// To names: `fvm flutter build` is judged as `flutter build`. From[0] is a
// program name; the other words must match exactly.
type PrefixMapping struct {
	From, To []string
}
