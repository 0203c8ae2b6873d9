package classify

import (
	"fmt"
	"slices"
	"strings"
	"sync"
)

// A tool describes one program: its level when nothing more specific
// matches, the global options that take a value (so the subcommand can be
// found after them), and its subcommands. Tools are data: every row carries a
// rule id and a reason a person can read, and the table is checked when the
// package loads (see checkTools).
type tool struct {
	names string // space-separated program names, lowercase
	rule         // the verdict when no subcommand row matches
	// valueOpts lists global options that consume the next word
	// ("-C" for git, "--namespace" for kubectl). "--opt=value" forms never
	// consume the next word.
	valueOpts string
	// subs are matched against the first non-option words: "run" matches
	// `npm run`, "system prune" matches `docker system prune`. The longest
	// matching row wins.
	subs []sub
	// check, when set, inspects the whole call after the table lookup and
	// may raise the verdict (never lower it).
	check func(c *call)

	ready sync.Once // guards finishRow
	once  sync.Once // guards the split of subs[].path
}

// rule is a verdict with its explanation.
type rule struct {
	id        string
	level     Level
	dangerous bool
	why       string
	// sends marks a network query: the program's arguments leave this
	// machine (a URL, a host to resolve, a package to look up), so an
	// argument built at run time can carry data out (see sendsCheck).
	sends bool
	// unseen marks a rule raised only because the command runs code
	// nobody has seen (Reason.Unseen).
	unseen bool
	// host marks a rule the box cannot serve (Reason.Host), besides the
	// rules and programs of hostRules and hostPrograms.
	host bool
	// effect is the kind of effect the rule judges (Reason.Effect). Zero
	// takes it from the other fields: sends is EffectSend, unseen is
	// EffectRun, and a rule a command raises is the tool's own action.
	effect EffectKind
	// policy marks a rule of the policy stage, a judgement of a path
	// (policy_paths.go, policy_guardpaths.go, tools_files_find.go, tool_follow.go): its reasons say
	// StagePolicy wherever they are raised.
	policy bool
	// via is the link a policy judgement reached its place through ("x
	// leads to y", throughLink): no part of the message, but of the
	// detail of every reason the rule gives.
	via string
	// target is the path a policy judgement judged (Effect.Target), set
	// by the judgement that returns the rule.
	target string
}

// sub is one subcommand row of a tool.
type sub struct {
	words string   // space-separated subcommand path
	path  []string // words split, filled when the index is built
	rule
	// flags raise the row when any listed option is present: "--force"
	// matches "--force" and "--force=...", "-f" matches "-f" and clusters
	// such as "-fd".
	flags []flagRule
	// check, when set, inspects the call after this row matched.
	check func(c *call)
}

// flagRule raises a subcommand when one of its options is present.
type flagRule struct {
	opts string // space-separated options
	rule
}

// r is shorthand for a rule row.
func r(id string, level Level, why string) rule { return rule{id: id, level: level, why: why} }

// unseen marks ru as running only code nobody has seen.
func unseen(ru rule) rule { ru.unseen = true; return ru }

// danger is shorthand for a dangerous rule row (always at least high).
func danger(id, why string) rule { return rule{id: id, level: High, dangerous: true, why: why} }

// destroy is a dangerous row whose action deletes what the tool holds or
// manages (a database, a stack, a queue, a volume, a disk's data): one
// class, the delete it is (issue 27, "destruction by class"), whatever
// the tool calls the verb. Its effect is a delete of what the action
// names.
func destroy(id, why string) rule {
	ru := danger(id, why)
	ru.effect = EffectDelete
	return ru
}

// s is shorthand for a subcommand row.
func s(words string, ru rule, flags ...flagRule) sub {
	return sub{words: words, rule: ru, flags: flags}
}

// f is shorthand for a flag row.
func f(opts string, ru rule) flagRule { return flagRule{opts: opts, rule: ru} }

// Looking a program up must cost nothing at start-up: permguard runs once
// per tool call. So the name index is a sorted array in the binary's data
// (tool_index.go, written by `go test -run TestToolIndex -update`), and the
// rows that are built by functions (the *InfraTools of the family files)
// are built only when one of their programs is first looked up.

// toolRef places one program name in a table.
type toolRef struct {
	name  string
	group uint8 // index into toolGroups
	index uint16
}

// toolTable is one table of rows: the rows of one family (tools_<family>.go)
// that need the same finishing steps.
type toolTable struct {
	rows func() []tool
	kind int // the finishing steps its rows need (finishRow)
}

// toolGroups lists the tables in index order, by family; the rows built by
// functions are built on demand. (Set in init: the rows' check functions
// reach back into the walker, which looks tools up, so a var initializer
// would be a cycle.)
var toolGroups [23]toolTable

// The tables whose rows are built by functions, each built on first use.
var (
	gitInfraTable       lazy[[]tool]
	packageInfraTable   lazy[[]tool]
	containerInfraTable lazy[[]tool]
	cloudInfraTable     lazy[[]tool]
	databaseInfraTable  lazy[[]tool]
	networkInfraTable   lazy[[]tool]
	systemInfraTable    lazy[[]tool]
)

// The kinds of table: the finishing steps a row needs are those of the
// table it was written in before the tables were split by family (core
// programs, development tools, infrastructure, everyday development tools).
const (
	groupCore = iota
	groupDev
	groupInfra
	groupEveryday
)

// init only names functions: it allocates nothing and touches no table
// (TestInitWork).
func init() {
	gitInfraTable.build = gitInfraTools
	packageInfraTable.build = packageInfraTools
	containerInfraTable.build = containerInfraTools
	cloudInfraTable.build = cloudInfraTools
	databaseInfraTable.build = databaseInfraTools
	networkInfraTable.build = networkInfraTools
	systemInfraTable.build = systemInfraTools
	handlers.build = buildHandlers
	builtinHandlers.build = buildBuiltinHandlers
	shorthandSubs.build = buildShorthandSubs
	toolGroups = [23]toolTable{
		{func() []tool { return gitInfraTable.get() }, groupInfra},
		{func() []tool { return fileTools }, groupCore},
		{func() []tool { return textTools }, groupCore},
		{func() []tool { return archiveTools }, groupCore},
		{func() []tool { return archiveEverydayTools }, groupEveryday},
		{func() []tool { return packageTools }, groupDev},
		{func() []tool { return packageInfraTable.get() }, groupInfra},
		{func() []tool { return packageEverydayTools }, groupEveryday},
		{func() []tool { return buildTools }, groupDev},
		{func() []tool { return buildEverydayTools }, groupEveryday},
		{func() []tool { return containerInfraTable.get() }, groupInfra},
		{func() []tool { return cloudInfraTable.get() }, groupInfra},
		{func() []tool { return databaseTools }, groupDev},
		{func() []tool { return databaseInfraTable.get() }, groupInfra},
		{func() []tool { return networkTools }, groupCore},
		{func() []tool { return networkInfraTable.get() }, groupInfra},
		{func() []tool { return systemTools }, groupCore},
		{func() []tool { return systemInfraTable.get() }, groupInfra},
		{func() []tool { return editorTools }, groupCore},
		{func() []tool { return trashTools }, groupCore},
		{func() []tool { return dataTools }, groupEveryday},
		{func() []tool { return docTools }, groupEveryday},
		{func() []tool { return appleTools }, groupEveryday},
	}
}

// finish readies a row of a table of kind the first time it is looked up.
func (t *tool) finish(kind int) { t.ready.Do(func() { finishRow(kind, t) }) }

// finishRow gives a static row what its literal cannot name without an
// initialization cycle (checks that reach back into the walker) and what
// it shares with other tables, in the order the steps depend on. It runs
// per row, on the row's first lookup, so a call pays for (and faults in)
// the rows it uses, not every table.
func finishRow(kind int, t *tool) {
	switch kind {
	case groupCore:
		addExtraSubs(t)
	case groupDev:
		finishPackageManager(t)
		addExtraSubs(t)
		addPMCheck(t)
		setRunners(t)
		addSourceCheck(t)
	case groupEveryday:
		setRunners(t)
	}
}

// lookupTool returns the table row of a program, or nil.
func lookupTool(name string) *tool {
	i, found := slices.BinarySearchFunc(toolRefs[:], name, func(r toolRef, n string) int { return strings.Compare(r.name, n) })
	if !found {
		return nil
	}
	ref := toolRefs[i]
	if g := toolGroups[ref.group].rows(); int(ref.index) < len(g) && hasWord(g[ref.index].names, name) {
		t := &g[ref.index]
		t.finish(toolGroups[ref.group].kind)
		return t
	}
	// tool_index.go is stale (TestToolIndex says so): find the row the slow way
	for _, g := range toolGroups {
		rows := g.rows()
		for i := range rows {
			if hasWord(rows[i].names, name) {
				rows[i].finish(g.kind)
				return &rows[i]
			}
		}
	}
	return nil
}

// hasWord reports whether the space-separated list holds w.
func hasWord(list, w string) bool {
	for off := 0; off <= len(list); {
		i := strings.Index(list[off:], w)
		if i < 0 {
			return false
		}
		start, end := off+i, off+i+len(w)
		if (start == 0 || list[start-1] == ' ') && (end == len(list) || list[end] == ' ') {
			return true
		}
		off = start + 1
	}
	return false
}

// allTools returns every table, building the lazy ones.
func allTools() [][]tool {
	out := make([][]tool, len(toolGroups))
	for i, g := range toolGroups {
		out[i] = g.rows()
		for k := range out[i] {
			out[i][k].finish(g.kind)
		}
	}
	return out
}

// buildToolRefs computes the index that tool_index.go must hold.
func buildToolRefs(groups [][]tool) []toolRef {
	var refs []toolRef
	for gi, g := range groups {
		for ti := range g {
			for n := range strings.FieldsSeq(g[ti].names) {
				refs = append(refs, toolRef{name: n, group: uint8(gi), index: uint16(ti)})
			}
		}
	}
	slices.SortFunc(refs, func(a, b toolRef) int { return strings.Compare(a.name, b.name) })
	return refs
}

// splitPaths fills the subcommand paths of t, once.
func (t *tool) splitPaths() {
	t.once.Do(func() {
		for k := range t.subs {
			t.subs[k].path = strings.Fields(t.subs[k].words)
		}
	})
}

// checkTools reports the first malformed row: a program listed twice, a
// missing id or reason, a dangerous row below high, a duplicate
// subcommand, or an upper-case name. TestToolTable runs it.
func checkTools(groups [][]tool) error {
	seenName := map[string]bool{}
	for _, g := range groups {
		for i := range g {
			t := &g[i]
			for _, n := range strings.Fields(t.names) {
				if seenName[n] {
					return fmt.Errorf("program %q is in the tool table twice", n)
				}
				if handlerOf(n) != nil && n != "cat" { // catCommand applies the cat row itself
					return fmt.Errorf("program %q has a handler and a table row; the row would never be used", n)
				}
				seenName[n] = true
			}
		}
	}
	checkRule := func(where string, ru rule) error {
		switch {
		case ru.id == "":
			return fmt.Errorf("%s: rule without an id", where)
		case ru.why == "":
			return fmt.Errorf("%s: rule %s has no reason", where, ru.id)
		case ru.dangerous && ru.level != High:
			return fmt.Errorf("%s: rule %s is dangerous but not high", where, ru.id)
		case ru.why != strings.ToLower(ru.why[:1])+ru.why[1:] || strings.HasSuffix(ru.why, "."):
			return fmt.Errorf("%s: reason of rule %s must start lowercase and not end with a period", where, ru.id)
		}
		return nil
	}
	for _, g := range groups {
		for i := range g {
			t := &g[i]
			if t.names != strings.ToLower(t.names) || strings.TrimSpace(t.names) == "" {
				return fmt.Errorf("tool %q: names must be lowercase and non-empty", t.names)
			}
			if err := checkRule("tool "+t.names, t.rule); err != nil {
				return err
			}
			seen := map[string]bool{}
			for _, sb := range t.subs {
				key := strings.Join(strings.Fields(sb.words), " ")
				if seen[key] {
					return fmt.Errorf("tool %q: subcommand %q listed twice", t.names, key)
				}
				seen[key] = true
				if err := checkRule("tool "+t.names+" "+key, sb.rule); err != nil {
					return err
				}
				for _, fr := range sb.flags {
					if err := checkRule("tool "+t.names+" "+key+" "+fr.opts, fr.rule); err != nil {
						return err
					}
				}
			}
		}
	}
	return nil
}

// lazy is a value built on first use. permguard runs once per tool call,
// and most calls need few of the package's lookup tables: a map literal at
// package level is built by init in every process, used or not, and
// allocates. A lazy is static data (a struct holding a func literal), so
// it costs nothing until a call asks for it.
type lazy[T any] struct {
	once  sync.Once
	build func() T
	v     T
}

// get returns the value, building it the first time.
func (l *lazy[T]) get() T {
	l.once.Do(func() { l.v = l.build() })
	return l.v
}
