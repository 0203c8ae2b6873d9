package classify

import (
	"fmt"
	"path"
	"slices"
	"strings"
)

// A program permguard does not know may run its arguments as a command,
// as every wrapper does (design §2.4): mystery-wrapper --flag rm -rf ~
// deletes the home directory if mystery-wrapper is one. Failing closed,
// each suffix of its arguments that starts with a known program's name is
// judged as a command line of its own, and when its words make it
// dangerous (not its program's name alone) the suffix is walked where it
// stands, so its reasons are the verdict's. A
// quoted argument is one word ("rm -rf ~" names no program), so a message
// given to an unknown tool is not a command line.

// maxHeldNames bounds the distinct program names whose suffixes are
// judged per unknown program, and maxHeldWords the words of all suffixes
// judged in one input, each counted with 8 more for its walker (a suffix
// that does not fit in what is left is passed over): each is walked twice
// on its own (whole, and its first word alone), so the work is at most
// twice maxHeldWords words, tens of milliseconds at worst (design §7).
// The first suffix of each name is judged first, then the suffixes of a
// name met again (w sh x sh -c '...': the second sh is a command the
// first one's walk reads as an operand), as long as words are left. A
// program whose arguments name more programs than maxHeldNames is
// dangerous (ruleArgsPastBudget): the input may hide a command past what
// is judged. A suffix passed over for words stays high: the program is
// not known.
const (
	maxHeldNames = 8
	maxHeldWords = 2048
)

var (
	ruleArgsHoldCommand = rule{id: "args-hold-command", level: High, dangerous: true, effect: EffectRun,
		why: "is a program permguard does not know whose arguments hold a command that is dangerous on its own, which it may run"}
	ruleArgsPastBudget = rule{id: "args-hold-commands-past-budget", level: High, dangerous: true, effect: EffectRun,
		why: "is a program permguard does not know whose arguments name more programs than permguard judges as commands (8), so a command it may run was not judged"}
)

// heldCommand judges the suffixes of c's arguments that start with a
// known program's name, the first dangerous one counting.
func (w *walker) heldCommand(c *call) {
	if w.heldOff || strings.Contains(c.name, "=") {
		// a word with = in the program's place is an assignment bash
		// could not read: it runs nothing (testdata/deviations.tsv)
		return
	}
	var names []string // the distinct names met, in order
	var first, again []int
	for i, a := range c.args {
		if !namesKnownProgram(a) {
			continue
		}
		n := strings.ToLower(path.Base(a.val))
		if slices.Contains(names, n) {
			again = append(again, i)
			continue
		}
		names = append(names, n)
		if len(names) > maxHeldNames {
			c.raiseWith(ruleArgsPastBudget, occurrence{detail: fmt.Sprintf("its arguments name more than %d programs; the %dth is %s", maxHeldNames, len(names), a.val), target: joinArgs(c.args[i:])})
			break
		}
		first = append(first, i)
	}
	for _, i := range slices.Concat(first, again) {
		suffix := c.args[i:]
		// a walk costs a walker of its own too: 8 words' worth
		cost := len(suffix) + 8
		if w.heldWords+cost > maxHeldWords {
			continue
		}
		w.heldWords += cost
		if !w.dangerousByArgs(suffix) {
			continue
		}
		c.raiseWith(ruleArgsHoldCommand, occurrence{detail: "its arguments from " + c.args[i].val + " on", target: joinArgs(suffix)})
		w.heldOff = true
		w.inner(c, c.name, suffix, flow{})
		w.heldOff = false
		return
	}
}

// namesKnownProgram: a static word, one word, that is a program or
// builtin permguard knows (by its base name when it is a path).
func namesKnownProgram(a arg) bool {
	if a.dyn || a.glob || a.val == "" || strings.HasPrefix(a.val, "-") || strings.ContainsAny(a.val, " \t\n=") {
		return false
	}
	n := strings.ToLower(path.Base(a.val))
	return handlerOf(n) != nil || lookupTool(n) != nil ||
		strings.HasPrefix(n, "mkfs") || strings.HasPrefix(n, "python")
}

// dangerousByArgs: argv, walked on its own, has a dangerous reason that
// its program's name alone does not have. A word that names a program is
// weak evidence of a command: setcap's file /usr/bin/python3, pass's verb
// init, jupyter's format script; what counts is what the words after it
// make that program do (rm -rf ~, sh -c '...', sudo reboot).
func (w *walker) dangerousByArgs(argv []arg) bool {
	if len(argv) < 2 {
		return false
	}
	byName := w.dangerAlone(argv[:1])
	for _, id := range w.dangerAlone(argv) {
		if !slices.Contains(byName, id) {
			return true
		}
	}
	return false
}

// dangerAlone walks argv in a walker of its own, which judges no further
// suffixes, from the directory the command runs in, and returns the ids
// of its dangerous reasons.
func (w *walker) dangerAlone(argv []arg) []string {
	env := w.env
	if !w.cwdDyn {
		env.Cwd = w.cwd
	}
	src := joinArgs(argv)
	sub := newWalker(env, min(len(src), MaxInputBytes))
	defer parsers.Put(sub.parser)
	sub.guards = w.guards
	sub.selfVars = w.selfVars
	sub.input = src
	sub.heldOff = true
	sub.script(src, nil)
	var ids []string
	for _, r := range sub.v.Reasons {
		if r.Dangerous {
			ids = append(ids, r.Rule)
		}
	}
	return ids
}
