package hook

import (
	"fmt"
	"slices"
	"strings"
)

// A Dialect is everything permguard knows of one agent's hook protocol:
// how to tell its payload from the others', read it, answer it, and where
// install puts permguard so the agent runs it. Each dialect is one file of
// this package (claude.go, codex.go, …) and one row of [Dialects].
type Dialect struct {
	// Agent is the dialect's name, as --agent takes it.
	Agent Agent
	// Display is how a person calls the agent ("Claude Code").
	Display string
	// ProjectDirVar is the environment variable in which the agent names
	// its project directory for the hook, or "".
	ProjectDirVar string
	// OnlyNamed marks a dialect that [Auto] never detects: it is spoken
	// only when --agent names it.
	OnlyNamed bool
	// Targets are the agents that speak the dialect and that install
	// knows; most dialects have one, named like the dialect.
	Targets []InstallTarget

	// decode fills c from f; c.Agent is set, and c.Variant too when
	// detection told it.
	decode func(c *Call, f fields) error
	// encode writes r, which [Encode] has readied: clipped, with a
	// summary, and an ask the agent cannot put already a deny.
	encode func(r Reply) Output
	// canAsk reports whether the agent, for this call (its event, the
	// permission mode it names), shows an ask to a person and honours a
	// refusal. Where that is not known, it cannot: an ask it drops or
	// cannot show would let the call through, or hang a headless run.
	canAsk func(c *Call) bool
}

// An InstallTarget is an agent that "permguard install" makes run
// permguard, and where (docs/agents.md §1-7).
type InstallTarget struct {
	// Name is what install, uninstall and doctor call the agent.
	Name string
	// User is the path of the user's file under UserDirVar, when that
	// variable is set, else under UserDir in the home directory; "" when
	// the agent reads hooks from the repository only.
	User       string
	UserDirVar string
	UserDir    string
	// Project is the path of the repository's file under its root.
	Project string
	// Extension marks an agent without command hooks: the file is
	// permguard's own extension for it (see integrations/), written
	// whole, not a configuration that permguard's entry is merged into.
	Extension bool
	// Top holds the keys the configuration needs beside "hooks", with
	// the values install sets when they are missing.
	Top map[string]any
	// Events are the hook events permguard's entry goes under.
	Events []string
	// Unguarded says, for an event whose entry guards less than every
	// tool call, what runs unguarded while permguard's entry is missing
	// there: doctor says so of a file installed before the event was.
	Unguarded map[string]string
	// Entry is permguard's entry under event, running command.
	Entry func(event, command string) map[string]any
	// Fallback is what the agent's shell runs, after "||", when permguard
	// could not answer at all: the binary is gone or not on PATH (sh
	// exits 127), it was killed, or it crashed. The agents run the call
	// on such a status, so the entry turns it into the agent's block,
	// with a reason that says what happened and to run permguard doctor.
	// "" for an extension.
	Fallback string
	// JSONC marks an agent that reads its file as JSON with // and /* */
	// comments (Gemini CLI): install reads it so, and keeps the comments.
	JSONC bool
	// NoAsk says what the agent does with a call that needs more than
	// the level in force, when it cannot put it to a person (docs/agents.md
	// §8): install says so, with the command that lets the agent edit
	// the workspace. "" for an agent that asks.
	NoAsk string
	// AfterInstall is what the person still has to know, or do, once
	// install has written the file.
	AfterInstall string
	// ProjectNote is what the person must know of a --project install; %s
	// is the repository's root.
	ProjectNote string
	// Protect lists the agent's files that would switch permguard off
	// if the agent changed them; the classifier makes changing them
	// dangerous (design §2.9). Every installable agent needs it: the
	// registry tests fail without it.
	Protect Protect
	// Secrets are the agent's own credential and token files: reading
	// one hands the agent's login to whoever reads it, so the classifier
	// makes reading one a secret read (design §2.6). Every installable
	// agent needs it: the registry tests fail without it.
	Secrets Secrets
}

// Secrets lists where an agent keeps its login: OAuth tokens, API keys,
// a state database that holds them. Each entry says in a comment where
// it comes from (the agent's documentation or source).
type Secrets struct {
	// Home are paths under the home directory; an element may be a
	// pattern ("mcp-oauth-tokens*.json"), a path ending in "/" a
	// directory with everything in it.
	Home []string
	// Vars are the variables that move them (CODEX_HOME,
	// XDG_DATA_HOME), each with the paths under the directory it names.
	// Where one is set, those paths are secrets too. (A list, not a map:
	// the registry is static data, built without work at init.)
	Vars []SecretDir
}

// SecretDir is one entry of [Secrets.Vars].
type SecretDir struct {
	Var   string
	Paths []string
}

// Protect is the part of an agent's configuration that decides whether
// its hooks, and so permguard, run: settings that can turn hooks off,
// the hook files, extensions and plugins, and MCP servers, which start
// programs of their own.
type Protect struct {
	// What names the files in a reason: "could switch the guard off:
	// changes <What>".
	What string
	// User are paths under the same directory as [InstallTarget.User]
	// ($UserDirVar, else UserDir in the home directory). Project are
	// paths under a repository's root, which the agent may open anywhere.
	// A path ending in "/" is a directory with everything in it; an
	// element may be a pattern ("settings*.json").
	User, Project []string
	// Vars are the variables that move the agent's files elsewhere
	// (CODEX_HOME), each with the paths under the directory it names
	// ("." for the file it names, none for a variable whose value is
	// settings themselves, OPENCODE_CONFIG_CONTENT). Where one is set,
	// those paths are protected too; setting one for a child or in a
	// startup file is dangerous in itself.
	Vars map[string][]string
	// WriteOnly are the entries above (as written there) guarded against
	// writes only: the scripts hooks run, a directory of configuration.
	// Writing there runs code later or turns hooks off; deleting there
	// does not switch the guard off, because the files that hold
	// permguard's own entry are listed on their own.
	WriteOnly []string
	// Later are the agent's files that run a command, or load code, later
	// without switching the guard off: slash commands and skills whose
	// text runs shell when loaded, sub-agents and plugins that carry
	// hooks. Each is a path as a project holds it ("/" at the end for a
	// directory and all below), met at any depth, so that the user's own
	// copy (~/.claude/commands/) is met too. Writing there is a foothold
	// (design §2.9): high, not dangerous. Files that are only prompts
	// (rules, output styles, instructions) are not listed: what the model
	// does with them goes through the guard as tool calls.
	Later []string
}

// dialects is the registry: every list of agents permguard shows derives
// from it, in this order.
var dialects = []*Dialect{claude, codex, gemini, cursor, copilot, generic}

// A signature is what marks a payload as one dialect's (docs/agents.md
// §9).
type signature struct {
	agent   Agent
	variant string
	matches func(f fields) bool
}

// detection is the order in which [Auto] tries the signatures; the first
// that a payload bears names its dialect. The dialects copy each other's
// fields, so the order matters: the markers only one agent sends come
// first, and the fields that several share are tried last, each behind
// the ones that tell its copies apart.
var detection = []signature{
	cursorSignature,
	copilotSignature,
	vscodeSignature,
	geminiSignature,
	// Codex sends Claude Code's PreToolUse, and a turn_id besides.
	codexSignature,
	claudeSignature,
	copilotSnakeSignature,
	claudeCopySignature,
	bareSignature,
}

// Dialects lists the dialects in the registry's order. The dialects are
// shared: read them, never change them.
func Dialects() []*Dialect { return slices.Clone(dialects) }

// lookup returns a's dialect, or nil for [Auto] and names it does not know.
func lookup(a Agent) *Dialect {
	for _, d := range dialects {
		if d.Agent == a {
			return d
		}
	}
	return nil
}

// Agents lists the dialects --agent accepts, auto first.
func Agents() []Agent {
	out := []Agent{Auto}
	for _, d := range dialects {
		out = append(out, d.Agent)
	}
	return out
}

// AgentNames are the names of [Agents]: the values --agent takes.
func AgentNames() []string {
	names := make([]string, 0, len(dialects)+1)
	for _, a := range Agents() {
		names = append(names, string(a))
	}
	return names
}

// ParseAgent parses an --agent value.
func ParseAgent(s string) (Agent, bool) {
	for _, a := range Agents() {
		if string(a) == s {
			return a, true
		}
	}
	return "", false
}

// UnknownAgentError is the reason a hook gives when --agent names no
// dialect: the call is denied, with the names it would have taken.
func UnknownAgentError(s string) string {
	return fmt.Sprintf("permguard: --agent %q is not one of %s; the tool call is denied", s, strings.Join(AgentNames(), ", "))
}

// Display is how a person calls the agent that speaks a.
func (a Agent) Display() string {
	if d := lookup(a); d != nil {
		return d.Display
	}
	return "the agent"
}

// ProjectDirVar is the environment variable in which a's agent names its
// project directory for the hook, or "" when it names none.
func (a Agent) ProjectDirVar() string {
	if d := lookup(a); d != nil {
		return d.ProjectDirVar
	}
	return ""
}

// ProjectDirVars lists every dialect's [Agent.ProjectDirVar], once each,
// so the environment can be read before the dialect is known.
func ProjectDirVars() []string {
	var out []string
	for _, d := range dialects {
		if d.ProjectDirVar != "" && !slices.Contains(out, d.ProjectDirVar) {
			out = append(out, d.ProjectDirVar)
		}
	}
	return out
}

// UserDirVars lists every target's [InstallTarget.UserDirVar], once
// each, so the environment can be read before the agent is known.
func UserDirVars() []string {
	var out []string
	for _, d := range dialects {
		for _, t := range d.Targets {
			if t.UserDirVar != "" && !slices.Contains(out, t.UserDirVar) {
				out = append(out, t.UserDirVar)
			}
		}
	}
	return out
}

// GuardVars lists every variable that moves an agent's files: each
// [Protect.Vars] and each [InstallTarget.UserDirVar] but XDG_CONFIG_HOME,
// which every program reads and no agent owns. Sorted, once each.
func GuardVars() []string {
	var out []string
	for _, d := range dialects {
		for _, t := range d.Targets {
			if t.UserDirVar != "" && t.UserDirVar != "XDG_CONFIG_HOME" {
				out = append(out, t.UserDirVar)
			}
			for v := range t.Protect.Vars {
				out = append(out, v)
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// AgentFootholds lists every [Protect.Later] path, once each, for the
// classifier's Env.AgentFootholds.
func AgentFootholds() []string {
	var out []string
	for _, d := range dialects {
		for _, t := range d.Targets {
			out = append(out, t.Protect.Later...)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// ProtectVars lists every [Protect.Vars] variable, once each, so the
// environment can be read before the agent is known.
func ProtectVars() []string {
	var out []string
	for _, d := range dialects {
		for _, t := range d.Targets {
			for v := range t.Protect.Vars {
				out = append(out, v)
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// SecretVars lists every variable of a [Secrets.Vars], sorted, once
// each, so the environment can be read before the agent is known.
func SecretVars() []string {
	var out []string
	for _, d := range dialects {
		for _, t := range d.Targets {
			for _, sd := range t.Secrets.Vars {
				out = append(out, sd.Var)
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// detectedNames lists the dialects [Auto] can tell apart.
func detectedNames() string {
	var names []string
	for _, d := range dialects {
		if !d.OnlyNamed {
			names = append(names, string(d.Agent))
		}
	}
	return strings.Join(names, ", ")
}

func always(*Call) bool { return true }
func never(*Call) bool  { return false }

// fallbackReason is what every entry's fallback says when permguard
// could not answer. It is written into a shell's single quotes and a JSON
// string, so it holds neither quote nor backslash.
const fallbackReason = "the hook could not run permguard (missing, not on PATH, killed or crashed), so every tool call is blocked until it can: run permguard doctor"

// exitTwo is the fallback of the agents whose own deny is status 2
// (Claude Code, Cursor): that status passes as it is, with permguard's
// reason; any other is said on stderr and made a 2. It is POSIX sh, which
// those agents run the entry with, and expands nothing but $?.
const exitTwo = `{ [ $? -eq 2 ] || echo 'permguard: error: ` + fallbackReason + `' >&2; exit 2; }`

// exitTwoSaying is the fallback of the agents that block on status 2
// only with a reason on stderr (Codex, Gemini CLI). Their own denies have
// status 0, so this runs only when permguard did not answer. It is
// spelled so that sh, bash, zsh and fish read it alike: Codex runs the
// entry with the person's $SHELL. /bin/sh by its path: a PATH that lacks
// permguard may lack sh too, and its 127 would let the call through.
const exitTwoSaying = `/bin/sh -c 'echo "permguard: error: ` + fallbackReason + `" >&2; exit 2'`

// copilotFallback denies with JSON: Copilot blocks on nothing else.
const copilotFallback = `echo '{"permissionDecision":"deny","permissionDecisionReason":"permguard: ` + fallbackReason + `"}'`
