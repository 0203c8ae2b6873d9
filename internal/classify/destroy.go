package classify

import (
	"strings"
)

// Destructive verbs of less common tools (design §2.8): the checks below
// find the verb in a tool's own grammar, where a table row cannot.

// pkillCheck: pkill -u USER or killall -u USER with no pattern signals
// every process of the user, which ends the session; so does a pattern
// that matches every name.
func pkillCheck(c *call) {
	user := c.hasOpt("-u --user -U --uid --euid --ruid")
	ps := valueArgs(c.args, "-u --user -U --uid --euid --ruid -g --pgroup -G --group -P --parent -s --session -t --terminal --signal -n -o --ns --nslist -F --pidfile -y --younger-than -o --older-than -Z --context", "")
	all := len(ps) == 0 && user
	for _, p := range ps {
		if !p.dyn && (p.val == "." || p.val == ".*" || p.val == "" || p.val == "^") {
			all = true
		}
	}
	if all {
		c.raise(danger("pkill-all", "stops every process of a user, or every process, which ends their session"))
	}
}

// btrfsCheck: btrfs accepts any unambiguous prefix of its command words
// (btrfs sub del), so the destructive verbs are matched by prefix; the
// table's read rows know only the full words, and a shortened read stays
// high.
func btrfsCheck(c *call) {
	ps := positional(c.args)
	if len(ps) < 2 || ps[0].dyn || ps[1].dyn {
		if len(ps) > 0 && ps[0].dyn {
			c.raise(ruleToolDynamic)
		}
		return
	}
	group, verb := ps[0].val, ps[1].val
	prefix := func(word, full string, min int) bool { return len(word) >= min && strings.HasPrefix(full, word) }
	switch {
	case prefix(group, "subvolume", 2) && prefix(verb, "delete", 1):
		c.raise(danger("btrfs-subvolume-delete", "deletes a btrfs subvolume and every file in it"))
	case prefix(group, "check", 2) && c.hasOpt("--repair --init-csum-tree --init-extent-tree"):
		c.raise(danger("btrfs-check-repair", "rewrites filesystem metadata, which can lose data beyond repair"))
	case prefix(group, "rescue", 2) && (prefix(verb, "zero-log", 1) || prefix(verb, "chunk-recover", 2)):
		c.raise(danger("btrfs-rescue", "rewrites filesystem metadata, which can lose data beyond repair"))
	case prefix(group, "device", 3) && prefix(verb, "delete", 3) || prefix(group, "device", 3) && prefix(verb, "remove", 3):
		c.raise(r("btrfs-device-remove", High, "removes a device from a btrfs filesystem"))
	}
}

// secureRm: srm and wipe delete the files they name, as rm -f does, and
// overwrite them first; what they delete is judged as rm would judge it
// (a file of the workspace is ordinary work, / or ~ or a device is not).
func secureRm(c *call) {
	flags := "-f"
	if c.hasOpt("-r -R --recursive") {
		flags = "-rf"
	}
	argv := append([]arg{{val: "rm", pos: c.pos}, {val: flags, pos: c.pos}, {val: "--", pos: c.pos}}, positional(c.args)...)
	c.w.inner(c, c.name, argv, flow{})
}
