package classify

// permguard itself, as a program an agent runs: changing its own rules or
// setup is a decision for the user.

import (
	"strings"
)

func permguardCommand(c *call) flow {
	ps := positional(c.args)
	if len(ps) > 0 && !ps[0].dyn {
		switch ps[0].val {
		case "check", "explain", "version", "help", "statusline", "doctor", "log", "completion":
			c.raise(r("permguard-read", Minimal, "asks permguard about a command or its state"))
			return flow{kind: flowData}
		case "exec":
			c.raise(r("permguard-exec", Minimal, "runs a command through permguard (classified on its own)"))
			// exec's flags stop at "--" or at the program: it runs
			// "permguard exec rm -rf ~" as surely as with "--"
			i := 0
			for i < len(c.args) && (c.args[i].dyn || c.args[i].val != "exec") {
				i++
			}
			for i++; i < len(c.args); i++ {
				a := c.args[i]
				if a.dyn || a.val == "--level" || strings.HasPrefix(a.val, "--level=") {
					// the agent would pick the level its own command is
					// judged at; a dynamic word may be that flag
					c.raise(danger("self-protect-level", "could switch the guard off: runs a command at a level the agent chooses"))
				}
				if a.val == "--" {
					i++
					break
				}
				if !a.dyn && !strings.HasPrefix(a.val, "-") {
					break
				}
				if a.val == "--level" || a.val == "--writable" {
					i++ // the flag's value
				}
			}
			if i < len(c.args) {
				return c.ctx.inner(c, "permguard exec", c.args[i:], c.stdin)
			}
			return flow{}
		case "config", "rules":
			if len(ps) > 1 && !ps[1].dyn && (ps[1].val == "show" || ps[1].val == "path" || ps[1].val == "validate") || ps[0].val == "rules" {
				c.raise(r("permguard-read", Minimal, "asks permguard about a command or its state"))
				return flow{kind: flowData}
			}
		case "level", "mode":
			if len(ps) == 1 {
				c.raise(r("permguard-read", Minimal, "asks permguard about a command or its state"))
				return flow{kind: flowData}
			}
		}
	}
	c.raise(ruleWriteOwn)
	return flow{kind: flowData}
}
