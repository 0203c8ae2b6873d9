package classify

import (
	"slices"
	"strings"
)

// sedCommand: reading is minimal; -i edits files; the script's e command
// and s///e flag run shell commands; w writes files.
func sedCommand(c *call) flow {
	c.raise(r("sed", Minimal, "edits text as it passes through"))
	var scripts []arg
	var files []arg
	explicit := false
	args := c.args
	for i := 0; i < len(args); i++ {
		a := args[i]
		v := a.val
		switch {
		case a.dyn:
			if !explicit && len(scripts) == 0 {
				scripts = append(scripts, a)
			} else {
				files = append(files, a)
			}
		case v == "-e" || v == "--expression":
			explicit = true
			if i+1 < len(args) {
				scripts = append(scripts, args[i+1])
				i++
			}
		case strings.HasPrefix(v, "--expression="):
			explicit = true
			scripts = append(scripts, arg{val: v[len("--expression="):]})
		case v == "-f" || v == "--file" || strings.HasPrefix(v, "--file="):
			explicit = true
			c.raise(r("sed-script-file", High, "runs a sed script from a file, which can run commands"))
			if v == "-f" || v == "--file" {
				i++
			}
		case v == "-l" || v == "--line-length":
			i++
		case v == "--":
			for _, x := range args[i+1:] {
				if !explicit && len(scripts) == 0 {
					scripts = append(scripts, x)
				} else {
					files = append(files, x)
				}
			}
			i = len(args)
		case strings.HasPrefix(v, "-") && v != "-":
			if strings.HasPrefix(v, "-e") && len(v) > 2 && !strings.HasPrefix(v, "--") && !strings.ContainsAny(v[2:], "-") {
				// -eSCRIPT
				explicit = true
				scripts = append(scripts, arg{val: v[2:]})
			} else if !strings.HasPrefix(v, "--") && isLetters(v[1:]) && !strings.HasPrefix(v, "-i") {
				// a cluster: -nf FILE, -ne SCRIPT
				switch v[len(v)-1] {
				case 'f':
					explicit = true
					c.raise(r("sed-script-file", High, "runs a sed script from a file, which can run commands"))
					i++
				case 'e':
					explicit = true
					if i+1 < len(args) {
						scripts = append(scripts, args[i+1])
						i++
					}
				}
			}
		default:
			if !explicit && len(scripts) == 0 {
				scripts = append(scripts, a)
			} else {
				files = append(files, a)
			}
		}
	}
	specInPlace := false
	for _, u := range specUses(c) {
		if u.e.canon == "--file" && !callHas(c, "sed-script-file") {
			// a file glued to -f, alone or in a cluster: -fx.sed, -nfx.sed
			c.raise(r("sed-script-file", High, "runs a sed script from a file, which can run commands"))
		}
		// -i with its suffix glued inside a cluster: -nEi.orig
		specInPlace = specInPlace || u.e.canon == "--in-place" || u.e.canon == "-I"
	}
	inPlace := specInPlace || c.hasOpt("-i --in-place") || hasPrefixOpt(c.args, "-i") || c.hasOpt("-I")
	if suffix, ok := c.optValue("--in-place"); ok && strings.Contains(suffix.val, "/") {
		// the backup name may be a path: sed writes the backup there
		if ru, bad := c.ctx.writeRule(arg{val: strings.ReplaceAll(suffix.val, "*", "x")}); bad && ru.level > Low {
			c.raise(ru)
		}
	}
	if inPlace {
		c.raise(ruleWriteFile)
		for _, f := range files {
			if ru, ok := c.ctx.writeRule(f); ok && ru.level > Low {
				c.raise(ru)
			}
		}
	} else {
		for _, f := range files {
			if c.ctx.readsSecret(f, false) {
				c.raise(ruleReadSecret)
			}
		}
	}
	sandbox := c.hasOpt("--sandbox")
	var added strings.Builder
	var static []string
	for _, s := range scripts {
		if s.dyn {
			c.raise(r("sed-dynamic", High, "runs a sed script only known at run time, which can run commands"))
			// a script whose every variable is known ("w $HOME/.bashrc")
			// is also judged as the script it will be
			for _, k := range knownArgs(s) {
				added.WriteString(sedScript(c, k.val, sandbox))
			}
			continue
		}
		static = append(static, s.val)
	}
	if len(static) > 0 {
		// sed joins its -e scripts with newlines: -e 'a\' -e TEXT is
		// one a command
		added.WriteString(sedScript(c, strings.Join(static, "\n"), sandbox))
	}
	// the text the script adds lands in the output, or in each file
	// edited in place, whatever the lines read are
	out := flow{kind: flowData, known: added.String()}
	if inPlace && out.known != "" {
		for _, f := range files {
			if ru, ok := c.ctx.writeRuleOf(f, c.ctx.landed(out)); ok && ru.dangerous {
				c.raise(ru)
			}
		}
	}
	return out
}

// sedScript judges one sed script's text: the files it reads and writes
// and the commands it runs. It returns the text the script adds to what
// it prints (sedScan).
func sedScript(c *call, s string, sandbox bool) string {
	execs, writes, added := sedScan(s)
	for _, rf := range sedReads(s) {
		if q, ok := c.ctx.abs(rf); ok && (c.ctx.isSecret(q) || c.ctx.isSecretDir(q)) {
			c.raise(ruleReadSecret)
		}
	}
	if execs && !sandbox {
		c.raise(r("sed-exec", High, "the sed script runs shell commands (e)"))
		if destructiveCode(s) {
			c.raise(ruleInlineDel)
		}
	}
	for _, wf := range writes {
		if ru, ok := c.ctx.writeRule(arg{val: wf, pos: c.pos}); ok && !sandbox {
			c.raise(ru)
		}
	}
	return added
}

// sedReads returns the files a sed program reads with r and R.
func sedReads(prog string) []string {
	var out []string
	for _, line := range strings.FieldsFunc(prog, func(r rune) bool { return r == '\n' || r == ';' }) {
		l := strings.TrimLeft(line, " \t0123456789$,/!")
		if len(l) > 1 && (l[0] == 'r' || l[0] == 'R') && (l[1] == ' ' || l[1] == '\t') {
			out = append(out, strings.TrimSpace(l[1:]))
		}
	}
	return out
}

// sedScan reads a sed program far enough to find the commands that run
// shell commands (e, s///e) or write files (w, W, s///w), and the text it
// adds to what it prints: the lines of a, i and c (GNU's one-line form
// and the form continued by backslashes) and each s///'s replacement,
// with GNU sed's escapes decoded, one a line.
func sedScan(prog string) (execs bool, writes []string, added string) {
	var text strings.Builder
	i := 0
	n := len(prog)
	restOfLine := func() string {
		j := i
		for j < n && prog[j] != '\n' {
			j++
		}
		s := strings.TrimSpace(prog[i:j])
		i = j
		return s
	}
	skipDelimited := func(parts int) bool {
		if i >= n {
			return false
		}
		d := prog[i]
		i++
		for p := 0; p < parts; p++ {
			for i < n && prog[i] != d {
				if prog[i] == '\\' {
					i++
				}
				i++
			}
			if i >= n {
				return false
			}
			i++
		}
		return true
	}
	for i < n {
		ch := prog[i]
		switch {
		case ch == ' ' || ch == '\t' || ch == '\n' || ch == ';' || ch == '{' || ch == '}' || ch == '!' || ch == ',':
			i++
		case ch >= '0' && ch <= '9' || ch == '$' || ch == '~' || ch == '+':
			i++
		case ch == '/':
			// an address regexp
			i--
			i++
			skipDelimited(1)
		case ch == '\\':
			i++
			skipDelimited(1)
		case ch == 's':
			i++
			if !skipDelimited(1) {
				return execs, writes, text.String()
			}
			// the replacement: from the delimiter that ended the regexp
			from := i
			i--
			if !skipDelimited(1) {
				return execs, writes, text.String()
			}
			text.WriteString(decodeEscapes(prog[from : i-1]))
			text.WriteByte('\n')
			for i < n && strings.IndexByte("gpiImMe0123456789w", prog[i]) >= 0 {
				if prog[i] == 'e' {
					execs = true
				}
				if prog[i] == 'w' {
					i++
					writes = append(writes, restOfLine())
					break
				}
				i++
			}
		case ch == 'y':
			i++
			skipDelimited(2)
		case ch == 'e':
			execs = true
			i++
			restOfLine()
		case ch == 'w' || ch == 'W':
			i++
			writes = append(writes, restOfLine())
		case ch == 'a' || ch == 'i' || ch == 'c':
			i++
			for i < n && (prog[i] == ' ' || prog[i] == '\t') {
				i++
			}
			if i < n && prog[i] == '\\' {
				// a\ then the text on the next lines, or a\text
				i++
				if i < n && prog[i] == '\n' {
					i++
				}
			}
			// the text runs to the end of a line that does not end in a
			// backslash
			for i < n {
				j := i
				for j < n && prog[j] != '\n' {
					j++
				}
				line := prog[i:j]
				i = j
				cont := strings.HasSuffix(line, "\\")
				text.WriteString(decodeEscapes(strings.TrimSuffix(line, "\\")))
				text.WriteByte('\n')
				if !cont || i >= n {
					break
				}
				i++
			}
		case ch == 'r' || ch == 'R' || ch == ':' || ch == 'b' || ch == 't' || ch == 'T' || ch == '#':
			i++
			for i < n && prog[i] != '\n' && (ch == 'r' || ch == 'R' || ch == '#' || prog[i] != ';') {
				i++
			}
		default:
			i++
		}
	}
	return execs, writes, text.String()
}

// awkCommand: awk programs that call system(), pipe to or from commands,
// or print into files do more than read.
func awkCommand(c *call) flow {
	c.raise(r("awk", Minimal, "processes text"))
	if c.hasOpt("-E --exec -i --include -l --load") || hasPrefixOpt(c.args, "-W") && hasWord(joinArgsRaw(c.args), "exec") {
		c.raise(r("awk-program-file", High, "runs awk code from a file or a loaded extension"))
	}
	writeOpts(c, "-o --pretty-print --profile -p --dump-variables -d")
	if v, ok := c.optValue("-i --include"); ok && v.val == "inplace" {
		// the inplace extension rewrites every file operand
		ps := valueArgs(c.args, "-i --include -v -F -f -l -E --assign --field-separator", "")
		for _, t := range ps[min(1, len(ps)):] {
			if ru, bad := c.ctx.writeRule(t); bad {
				c.raise(ru)
			}
		}
	}
	args := c.args
	var prog *arg
	for i := 0; i < len(args); i++ {
		a := args[i]
		v := a.val
		if a.dyn && prog == nil {
			prog = &args[i]
			break
		}
		if v == "-f" || v == "--file" || strings.HasPrefix(v, "--file=") || (strings.HasPrefix(v, "-f") && len(v) > 2 && v[1] == 'f') {
			c.raise(r("awk-program-file", High, "runs awk code from a file or a loaded extension"))
			return flow{kind: flowData}
		}
		if v == "-v" || v == "-F" || v == "--assign" || v == "--field-separator" || v == "-i" || v == "--include" || v == "-l" {
			i++
			continue
		}
		if v == "--" {
			if i+1 < len(args) {
				prog = &args[i+1]
			}
			break
		}
		if strings.HasPrefix(v, "-") && v != "-" {
			continue
		}
		prog = &args[i]
		break
	}
	if prog == nil {
		return flow{kind: flowData}
	}
	if prog.dyn {
		c.raise(r("awk-dynamic", High, "runs an awk program only known at run time"))
		// a program whose every variable is known is also judged as the
		// program it will be
		for _, k := range knownArgs(*prog) {
			awkProgram(c, k.val)
		}
		return flow{kind: flowData}
	}
	awkProgram(c, prog.val)
	return flow{kind: flowData}
}

// awkProgram judges one awk program's text: the commands it runs, the
// files it writes and reads, the environment it reads.
func awkProgram(c *call, p string) {
	if strings.Contains(p, "system") || strings.Contains(p, "|") {
		c.raise(r("awk-exec", High, "the awk program runs shell commands"))
		if destructiveCode(p) {
			c.raise(ruleInlineDel)
		}
		for _, sh := range shellStrings(p) {
			c.runScript(FrameScript, sh)
		}
	}
	if writes, files := awkWrites(p); writes {
		c.raise(r("awk-write", High, "the awk program writes to files"))
		targets := awkAssigned(c, awkTargetNames(p))
		for _, f := range files {
			targets = append(targets, arg{val: f, pos: c.pos})
		}
		for _, t := range targets {
			if ru, ok := c.ctx.writeRule(t); ok && ru.level > Low {
				c.raiseWith(ru, occurrence{target: c.target(t)})
			}
		}
		if what, ok := c.ctx.mentionsGuard(p); ok {
			c.raiseWith(ruleInlineGuard, occurrence{detail: what})
		}
	}
	if strings.Contains(p, "@include") || strings.Contains(p, "@load") {
		c.raise(r("awk-program-file", High, "runs awk code from a file or a loaded extension"))
	}
	if strings.Contains(p, "ENVIRON") || strings.Contains(p, "PROCINFO") {
		c.raise(r("read-env", High, "reads environment variables, which often hold secrets"))
	}
	if strings.Contains(p, "getline") {
		// getline < "file" reads any file
		for _, lit := range quotedLiterals(p) {
			if q, ok := c.ctx.abs(lit); ok && !c.ctx.insideWorkspace(lit) && (c.ctx.isSecret(q) || c.ctx.isSecretDir(q)) {
				c.raise(ruleReadSecret)
			}
		}
	}
}

// quotedLiterals returns the double-quoted strings of a program.
func quotedLiterals(p string) []string {
	var out []string
	for i := 0; i < len(p); i++ {
		if p[i] == '"' {
			s, n := readLiteral(p[i:])
			out = append(out, s)
			i += n - 1
		}
	}
	return out
}

// awkRedirects are the targets of the program's print and printf
// redirects into files (print > T, print >> T): the text after the >,
// up to the end of the statement; a ; or } inside a string does not end
// it.
func awkRedirects(p string) []string {
	var out []string
	for _, kw := range []string{"print", "printf"} {
		for off := 0; ; {
			k := strings.Index(p[off:], kw)
			if k < 0 {
				break
			}
			rest := p[off+k+len(kw):]
			stmt := rest[:awkStmtEnd(rest)]
			if gt := awkUnquotedIndex(stmt, '>'); gt >= 0 {
				out = append(out, strings.TrimLeft(stmt[gt+1:], "> \t"))
			}
			off += k + len(kw)
		}
	}
	return out
}

// awkStmtEnd is where the statement s starts ends: at a ;, } or newline
// outside a string.
func awkStmtEnd(s string) int {
	for _, sep := range []byte{';', '}', '\n'} {
		if i := awkUnquotedIndex(s, sep); i >= 0 {
			s = s[:i]
		}
	}
	return len(s)
}

// awkUnquotedIndex is the index of the first b in s outside a
// double-quoted string, or -1.
func awkUnquotedIndex(s string, b byte) int {
	quoted := false
	for i := 0; i < len(s); i++ {
		switch {
		case quoted && s[i] == '\\':
			i++
		case s[i] == '"':
			quoted = !quoted
		case !quoted && s[i] == b:
			return i
		}
	}
	return -1
}

// awkWrites finds print or printf redirected into a file, and the files
// named by a string literal.
func awkWrites(p string) (writes bool, files []string) {
	for _, t := range awkRedirects(p) {
		switch {
		case strings.HasPrefix(t, "\""):
			f, _ := readLiteral(t)
			files = append(files, f)
			writes = true
		case strings.HasPrefix(t, "$") || t != "" && (t[0] >= 'a' && t[0] <= 'z' || t[0] >= 'A' && t[0] <= 'Z'):
			writes = true
		}
	}
	return writes, files
}

// awkTargetNames are the variables a print or printf redirects into
// (print > f).
func awkTargetNames(p string) []string {
	var names []string
	for _, t := range awkRedirects(p) {
		n := 0
		for n < len(t) && isIdentByte(t[n]) {
			n++
		}
		if n > 0 && (t[0] < '0' || t[0] > '9') {
			names = append(names, t[:n])
		}
	}
	return names
}

// awkAssigned are the values the command line gives the variables names
// (-v NAME=V, --assign=NAME=V, -vNAME=V, and an operand NAME=V): the
// files a print > NAME writes; one only known at run time is a write to a
// place not known.
func awkAssigned(c *call, names []string) []arg {
	if len(names) == 0 {
		return nil
	}
	var out []arg
	take := func(at arg, a string) {
		if name, v, ok := strings.Cut(a, "="); ok && slices.Contains(names, name) {
			out = append(out, arg{val: v, dyn: at.dyn, pos: at.pos})
		}
	}
	for i := 0; i < len(c.args); i++ {
		at := c.args[i]
		a := at.val
		switch {
		case (a == "-v" || a == "--assign") && i+1 < len(c.args):
			i++
			take(c.args[i], c.args[i].val)
		case strings.HasPrefix(a, "--assign="):
			take(at, a[len("--assign="):])
		case strings.HasPrefix(a, "-v") && len(a) > 2:
			take(at, a[2:])
		case !strings.HasPrefix(a, "-"):
			take(at, a)
		}
	}
	return out
}

// operandWrites checks programs whose n-th operand is an output file
// (uniq IN OUT, xxd IN OUT).
func operandWrites(c *call, n int) {
	if ps := positional(c.args); len(ps) >= n {
		if ru, bad := c.ctx.writeRule(ps[n-1]); bad {
			c.raise(ru)
		}
	}
}

// hasWordFunc reports name as a word of a jq program ("env", "env.X").
func hasWordFunc(prog, name string) bool {
	for i := strings.Index(prog, name); i >= 0; {
		before := i == 0 || !isIdentByte(prog[i-1])
		end := i + len(name)
		after := end >= len(prog) || !isIdentByte(prog[end])
		if before && after {
			return true
		}
		next := strings.Index(prog[end:], name)
		if next < 0 {
			break
		}
		i = end + next
	}
	return false
}
