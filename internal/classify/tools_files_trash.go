package classify

import "strings"

// Moving files to the trash, or away with a tool that deletes what it
// moved, is a delete of each (design §2.6, Deletes): the home directory
// or the workspace put in the trash is gone from where every program
// looks for it. A trash asks nothing and takes a directory whole, so it
// is judged as a recursive delete that is not forced.

var ruleTrash = rule{id: "trash", level: Medium, why: "moves files to the trash, which deletes them from where they were", effect: EffectDelete}

// trashTools are the programs whose job is the trash: trash-cli's
// trash-put (and its trash alias, macOS's trash and rmtrash), GNOME's gio
// trash and the older gvfs-trash, KDE's kioclient (move to trash:/,
// remove). Emptying the trash deletes for good what was put there.
var trashTools = []tool{
	{names: "trash-put trash rmtrash gvfs-trash", rule: ruleTrash, check: func(c *call) { trashes(c, positional(c.args)) }},
	{names: "trash-empty", rule: destroy("trash-empty", "empties the trash, deleting for good what was put there")},
	{names: "gio", rule: rule{id: "open", level: High, why: "opens a file or URL in another application"}, subs: []sub{
		{words: "trash", rule: ruleTrash, check: func(c *call) {
			if c.hasOpt("--empty") {
				c.raise(destroy("trash-empty", "empties the trash, deleting for good what was put there"))
			}
			trashes(c, afterSub(c, 1))
		}},
		{words: "remove", rule: ruleRm, check: func(c *call) { trashes(c, afterSub(c, 1)) }},
		{words: "move", rule: ruleMove, check: func(c *call) { movesAway(c, afterSub(c, 1)) }},
	}},
	{names: "kioclient kioclient5 kioclient6", rule: rule{id: "open", level: High, why: "opens a file or URL in another application"}, subs: []sub{
		{words: "move", rule: ruleMove, check: func(c *call) { movesAway(c, afterSub(c, 1)) }},
		{words: "mv", rule: ruleMove, check: func(c *call) { movesAway(c, afterSub(c, 1)) }},
		{words: "remove", rule: ruleRm, check: func(c *call) { trashes(c, afterSub(c, 1)) }},
		{words: "rm", rule: ruleRm, check: func(c *call) { trashes(c, afterSub(c, 1)) }},
	}},
}

// trashes judges each operand as deleted: a directory goes whole, so
// the home directory, the workspace or a parent of it is dangerous.
func trashes(c *call, operands []arg) {
	for _, o := range operands {
		if ru, bad := c.ctx.deleteRuleTree(o, true, false); bad {
			c.raiseWith(ru, occurrence{target: c.target(o), kind: EffectDelete})
		}
	}
}

// movesAway judges a move's sources as deleted from where they were (mv
// ~ /tmp/x moves the home directory away); the last operand is where
// they go, a URL such as trash:/ included.
func movesAway(c *call, operands []arg) {
	if len(operands) < 2 {
		return
	}
	trashes(c, operands[:len(operands)-1])
	if dest := operands[len(operands)-1]; dest.dyn || !strings.Contains(dest.val, ":/") {
		if ru, bad := c.ctx.writeRule(dest); bad && ru.level > Low {
			c.raise(ru)
		}
	}
}

// afterSub returns the operands of c after its first n words (the
// subcommand's), options left out.
func afterSub(c *call, n int) []arg {
	ps := positional(c.args)
	if len(ps) <= n {
		return nil
	}
	return ps[n:]
}

// localPath reports an operand of rclone that names a local path, not a
// remote (remote:path): a colon before any slash makes a remote.
func localPath(a arg) bool {
	if a.dyn {
		return false
	}
	i, j := strings.IndexByte(a.val, ':'), strings.IndexByte(a.val, '/')
	return i < 0 || j >= 0 && j < i
}
