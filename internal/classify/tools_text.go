package classify

import "strings"

// Readers and filters of text: printers of files, searches, sorts, and
// the JSON and YAML processors.

var textTools = []tool{
	{names: "cat head tail bat batcat tac nl od hexdump strings fold fmt rev", rule: readFiles},
	{names: "grep egrep fgrep zgrep ag ack", rule: searchRule},
	{names: "sort", rule: textRule, check: func(c *call) {
		writeOpts(c, "-o --output")
		execOpts(c, "--compress-program") // runs on its temporary files
	}},
	{names: "uniq", rule: textRule, check: func(c *call) { operandWrites(c, 2) }},
	{names: "shuf iconv", rule: textRule, check: func(c *call) { writeOpts(c, "-o --output") }},
	{names: "cut tr column paste join comm expand unexpand tsort numfmt expr factor seq yes jless", rule: textRule},
	{names: "jq gojq", rule: textRule, check: func(c *call) {
		for _, a := range positional(c.args) {
			if strings.Contains(a.val, "$ENV") || hasWordFunc(a.val, "env") {
				c.raise(r("print-env", High, "prints environment variables, which often hold secrets"))
				return
			}
		}
	}},
	{names: "yq", rule: textRule, subs: nil, check: func(c *call) {
		if c.hasOpt("-i --inplace --in-place") {
			c.raise(ruleWriteFile)
			for _, t := range positional(c.args)[1:] {
				if ru, ok := c.ctx.writeRule(t); ok && ru.level > Low {
					c.raise(ru)
				}
			}
		}
	}},
}
