package classify

import (
	"fmt"
	"path"
	"strings"
)

// MCP tool calls judged by what their arguments are (design §3, issue 23).
//
// A tool of a family the tables know (mcptable.go, mcp_*.go) is judged by
// its rule, then each argument by its role, with the functions the shell
// and the agents' own file tools use: a command is classified as the same
// text in a shell call would be, a path by the same path policy (links,
// guard files, footholds, secrets), a URL as the network, a repository
// operation as the git command it is. A call of a tool nobody mapped, one
// with an argument the table does not list, and one found by its tool's
// name alone (mcpservers.go) are read as an unknown server's
// (mcpunknown.go): the words of the tool's name a floor (mcpRule), and
// every argument for what would matter whatever the tool does with it.
// What is judged is counted first, within the budgets of design §3 and
// §7.

// ruleMCPArgCut is a cut argument judged as what it names (a path, a
// URL): what is missing is not known. One judged as a command puts the
// call past a limit instead (pastInput).
var (
	ruleMCPArgCut   = rule{id: "mcp-arg-cut", level: High, why: "is cut short by the bound on a tool call's input, so what it holds is not known"}
	ruleMCPPathLong = rule{id: "mcp-path-long", level: High, why: "is a path longer than any file's can be (4,096 bytes, PATH_MAX), so what it names is not known"}
)

// The text of one call read as shell code: the commands its arguments
// are (their roles say so), and the unmapped arguments read for
// dangerous commands. Each budget is one shell input's (MaxInputBytes),
// which keeps a call within design §7's 100 ms however many arguments it
// has.
const (
	maxMCPCommandBytes = MaxInputBytes
	maxMCPScanBytes    = MaxInputBytes
	// maxMCPPathBytes: a longer value names no file (PATH_MAX)
	maxMCPPathBytes = 4096
	// maxMCPPathElems bounds the elements of the paths one call's
	// arguments name, counted before any is judged: each element is
	// compared with every table's patterns. 256 paths of 16 elements is
	// more than a batch of real ones holds; two paths of two thousand
	// glob elements each cost a quarter of a call's 100 ms
	maxMCPPathElems = 4096
)

// mcpScript is text an argument runs, classified on its own, and how its
// reasons name the argument.
type mcpScript struct {
	v      Verdict
	text   string
	frame  string // the frame's name: the tool and the argument
	snip   string // put before each reason's snippet: "mcp__x__run command="
	detail string // put before each reason's detail: "argument command runs"
}

// judgeMCPCall judges an MCP tool call's arguments into c, the tool's own
// command, and returns the scripts they run, which the caller adds once c
// is recorded (adopt), so that the tool reads first. A tool permguard does
// not know (ToolUnknown) is looked up by its name alone, as opencode's
// <server>_<tool> needs; not found, it is high, and its arguments are
// read as an unknown server's.
func judgeMCPCall(w toolCtx, c *call, tc ToolCall) []mcpScript {
	floor := ruleToolUnknown
	server, name := "", tc.Name
	if tc.Kind == ToolMCP {
		floor = mcpRule(tc.MCPTool)
		server, name = tc.MCPServer, tc.MCPTool
	}
	tool, match := mcpToolOf(server, name)
	if tc.Kind != ToolMCP && match == mcpByServer {
		tc.MCPTool = tc.Name
	}
	m := mcpJudge{ctx: w, c: c, tc: tc, dirOK: true}
	if match == mcpNotFound {
		c.raise(floor)
		m.countPaths(nil, true)
		m.unknown(tc.Args)
		return m.scripts
	}
	c.raise(tool.rule)
	whole := false
	if match == mcpByToolName {
		// a name only one family's tool has, under a server that is not
		// known to be that family's: judged as that tool and as an
		// unknown server's, the worse counting
		c.raise(floor)
		whole = true
	}
	var from, to []MCPArg
	var stdin, shell *MCPArg
	var leaves map[string]bool
	for i, a := range tc.Args {
		r, ok := tool.args[argKey(a.Key)]
		switch {
		case !ok && !whole:
			if leaves == nil {
				leaves = make(map[string]bool, len(tc.Args))
				for _, a := range tc.Args {
					leaves[a.Key] = true
				}
			}
			if !inListedString(tool, leaves, a.Key) {
				// an argument the tool's schema does not have: the
				// server may not be the one the table was written from,
				// so the whole call is judged as an unknown server's
				// too, the worse counting
				c.raise(floor)
				whole = true
			}
		case ok && r == argDir && !m.hasDir:
			m.hasDir = true
			if a.Cut {
				m.dirOK = false
			} else {
				m.dir, m.dirOK = mcpDir(w, a.Value)
			}
		case ok && r == argStdin && stdin == nil:
			stdin = &tc.Args[i]
		case ok && r == argShell && shell == nil:
			shell = &tc.Args[i]
		}
	}
	m.countPaths(&tool, whole)
	m.countCommands(tool)
	if w.limit() != LimitNone {
		// judged no further: no setting, and no level but bypassed,
		// lets a call past a limit through
		return m.scripts
	}
	otherShell := shell != nil && !posixShell(shell.Value)
	if otherShell {
		// the command is read by another program than a shell (node,
		// python3, ./sh): what it does is not known from bash's reading
		m.raise(rule{id: "mcp-other-shell", level: High, effect: EffectRun, why: "runs its command with a program permguard does not read as a shell"}, *shell)
	}
	run := func(key, text string) {
		env := *w.environment()
		if m.hasDir {
			if m.dir != "" {
				env.Cwd = m.dir
			}
			if !m.dirOK {
				// where it runs is not known: every path is outside
				// (an unknown workspace, design §2.6)
				env.Workspace, env.Cwd = "", ""
			}
		}
		if stdin != nil {
			// the command fed its standard input, as a heredoc is (a
			// cut one's start: the call is past the limit anyway)
			text = withStdin(text, stdin.Value)
		}
		m.command(key, text, env, tc.Name+" "+key+"=", "argument "+key+" runs", tc.Name+" (argument "+key+")")
		if otherShell {
			// and the program that reads it, as the words the server
			// runs (SHELL -c COMMAND): ./sh is a program of the
			// workspace, as it is in a shell call
			line := quoteWords([]string{shell.Value, "-c", text})
			m.command(key, line, env, tc.Name+" "+shell.Key+"=", "argument "+shell.Key+" runs", tc.Name+" (arguments "+shell.Key+", "+key+")")
		}
	}
	var words wordLists // command words given as a list, by the list's key
	for _, a := range tc.Args {
		role, listed := tool.args[argKey(a.Key)]
		switch {
		case !listed, role == argIgnored:
			continue
		case a.Cut && (role == argCommand || role == argStdin || role == argArgv || role == argJS):
			m.pastInput(a, whyCut())
			continue
		case a.Cut:
			m.raise(ruleMCPArgCut, a)
			continue
		case role.isPath() && m.noPaths:
			continue
		case role.isPath() && len(a.Value) > maxMCPPathBytes:
			m.raise(ruleMCPPathLong, a)
			continue
		}
		switch role {
		case argStdin, argShell:
			// judged with the command (below) and above
			continue
		case argCommand, argArgv:
			if list, ok := listOf(a.Key); ok {
				// a command given as words (["rm", "-rf", "~"]): one
				// command line, not a command line each (a list for a
				// command line is read so too, as Bash's is, §9.3)
				words.add(list, a.Value)
				continue
			}
			run(a.Key, a.Value)
		case argJS:
			// code a browser's page or its Node driver runs: as Node
			// would run it (inline code is high; one that starts rm -rf ~
			// through child_process is dangerous)
			m.command(a.Key, quoteWords([]string{"node", "-e", a.Value}), *w.environment(), tc.Name+" "+a.Key+"=", "argument "+a.Key+", run as JavaScript",
				tc.Name+" (argument "+a.Key+", as node -e)")
		case argPathRead:
			if w.readsSecret(m.path(a.Value), true) {
				m.raise(ruleReadSecret, a)
			}
		case argPathList:
			// the names in a directory, not what the files hold
			if w.readsSecret(m.path(a.Value), false) {
				m.raise(ruleReadSecret, a)
			}
		case argPathWrite:
			if ru, ok := w.writeRule(m.path(a.Value)); ok {
				m.raise(ru, a)
			}
		case argPathDelete:
			m.delete(a)
		case argPathMoveFrom:
			from = append(from, a)
		case argPathMoveTo:
			to = append(to, a)
		case argURL:
			if p, ok := fileURL(a.Value); ok {
				// a page of the local disk: a read
				if w.readsSecret(m.path(p), true) {
					m.raise(ruleReadSecret, a)
				}
				continue
			}
			m.raise(ruleToolWeb, a)
		case argRepo:
			if tool.git == nil && w.readsSecret(m.path(a.Value), true) {
				m.raise(ruleReadSecret, a)
			}
		}
	}
	for _, l := range words {
		run(l.key, quoteArgv(l.words))
	}
	m.move(from, to)
	if tool.git != nil {
		m.git(tool)
	}
	if whole {
		m.unknown(tc.Args)
	}
	return m.scripts
}

// isPath reports a role whose value is judged as a path.
func (r argRole) isPath() bool {
	switch r {
	case argPathRead, argPathList, argPathWrite, argPathDelete, argPathMoveFrom, argPathMoveTo, argRepo:
		return true
	}
	return false
}

// countPaths counts the paths the call's arguments name, and their
// elements, by their roles in tool (nil for none) and, when the call is
// read as an unknown server's too (unknown), every value that is a path,
// before any is judged. Past the paths the search for links looks at, or
// past maxMCPPathElems, the call is past the paths limit and none is
// judged: each costs, and none past the limit would be searched for
// links.
func (m *mcpJudge) countPaths(tool *mcpTool, unknown bool) {
	n, elems := 0, 0
	count := func(v string) {
		n++
		elems += strings.Count(v, "/") + 1
	}
	for _, a := range m.tc.Args {
		if a.Cut {
			continue
		}
		if tool != nil {
			if role, ok := tool.args[argKey(a.Key)]; ok && role.isPath() {
				count(a.Value)
			} else if _, file := fileURL(a.Value); ok && role == argURL && file {
				count(a.Value)
			}
		}
		if unknown {
			if name, _ := keyName(a.Key); m.isPath(name, a.Value) {
				count(a.Value)
			}
		}
	}
	why := ""
	switch {
	case n > maxLinkPaths:
		why = fmt.Sprintf("names more than %d paths, past which permguard does not look for links", maxLinkPaths)
	case elems > maxMCPPathElems:
		why = fmt.Sprintf("names paths of more than %d elements in all, past which permguard does not judge them", maxMCPPathElems)
	default:
		return
	}
	m.noPaths = true
	if m.ctx.limit() == LimitNone {
		m.ctx.pastLimit(LimitPaths, limitRule, why, Pos{1, 1}, m.tc.Name)
	}
}

// countCommands puts the call past the tool input limit when the values
// its table says are commands hold more text than the budget of commands,
// counted before any is read.
func (m *mcpJudge) countCommands(tool mcpTool) {
	total := 0
	for _, a := range m.tc.Args {
		switch tool.args[argKey(a.Key)] {
		case argCommand, argArgv, argJS, argStdin:
			if total += len(a.Value); total > maxMCPCommandBytes && m.ctx.limit() == LimitNone {
				m.ctx.pastLimit(LimitToolInput, limitRule, fmt.Sprintf("%s: the call's arguments hold more than %d bytes of commands, past what permguard reads", a.Key, maxMCPCommandBytes),
					Pos{1, 1}, m.tc.Name+" "+a.Key)
			}
		}
	}
}

// inListedString reports an argument the decoder read out of a string of
// JSON (internal/hook, jsonStrings) that is itself an argument the tool's
// table gives a role: a file's content that is JSON, say. The role
// judged the string; what it holds is not the server's arguments. (A key
// that is a leaf of the call and the start of another's can only be such
// a string.)
func inListedString(tool mcpTool, leaves map[string]bool, key string) bool {
	for i := 1; i < len(key); i++ {
		if key[i] != '.' && key[i] != '[' {
			continue
		}
		if _, listed := tool.args[argKey(key[:i])]; listed && leaves[key[:i]] {
			return true
		}
	}
	return false
}

// mcpJudge is the state of judging one call's arguments.
type mcpJudge struct {
	ctx toolCtx
	c   *call
	tc  ToolCall
	// dir is where a command the tool runs starts, and where relative
	// paths start (argDir); dirOK is false when it is given but not known
	dir           string
	dirOK, hasDir bool
	scripts       []mcpScript
	// the bytes read as commands so far, of the two budgets
	commandBytes, scanBytes int
	noPaths                 bool // past the paths limit: no path is judged
}

// raise raises ru on the tool for the argument a, with a reason that
// names it: "mcp__fs__write_file path=~/.bashrc", "argument path: ...".
func (m *mcpJudge) raise(ru rule, a MCPArg) {
	m.c.snippet = snippet(m.tc.Name + " " + a.Key + "=" + a.Value)
	o := occurrence{detail: "argument " + a.Key}
	if !a.Cut && len(a.Value) <= maxMCPPathBytes {
		o.target = a.Value
	}
	m.c.raiseWith(ru, o)
}

// pastInput puts the call past the tool input limit for the argument a,
// which would be judged as a command but is not read whole (why says
// how): what is not read could be anything, as the rest of a Bash command
// over the input limit could, so no level or setting lets the call
// through (design §4, row past-limit).
func (m *mcpJudge) pastInput(a MCPArg, why string) {
	if m.ctx.limit() == LimitNone {
		m.ctx.pastLimit(LimitToolInput, limitRule, "argument "+a.Key+" "+why, Pos{1, 1}, m.tc.Name+" "+a.Key)
	}
}

// The ways an argument judged as a command is not read whole: functions,
// not variables, so that nothing is formatted at init (TestInitWork).
func whyCut() string {
	return fmt.Sprintf("is longer than the %d bytes permguard reads of a command, so what it runs is not known", maxMCPCommandBytes)
}

func whyUnread() string {
	return fmt.Sprintf("was not read for commands: the call's arguments hold more than the %d bytes of text permguard reads", maxMCPScanBytes)
}

// command classifies text as the shell command it is, within the call's
// budget of command text.
func (m *mcpJudge) command(key, text string, env Env, snip, detail, frame string) {
	if m.commandBytes += len(text); m.commandBytes > maxMCPCommandBytes {
		if m.ctx.limit() == LimitNone {
			m.ctx.pastLimit(LimitToolInput, limitRule, fmt.Sprintf("%s: the call's arguments hold more than %d bytes of commands, past what permguard reads", key, maxMCPCommandBytes),
				Pos{1, 1}, m.tc.Name+" "+key)
		}
		return
	}
	m.scripts = append(m.scripts, mcpScript{v: classifyWith(text, env, m.ctx.guard()), text: text, frame: frame, snip: snip, detail: detail})
}

// path is an argument's value as a path word. A server expands ~ itself
// (the reference filesystem server does), and reads a relative path from
// where it runs: the directory the tool names, else the workspace.
func (m *mcpJudge) path(v string) arg {
	if strings.HasPrefix(v, "~") {
		user, rest, slash := strings.Cut(v[1:], "/")
		home, ok := m.ctx.environment().Home, m.ctx.environment().Home != ""
		if user != "" {
			home, ok = m.ctx.homeOf(user)
		}
		if !ok {
			// any user's home: a secret there is one
			return arg{val: v, dyn: true, pat: "/home/*/" + rest, pos: Pos{1, 1}}
		}
		v = home
		if slash {
			v += "/" + rest
		}
	}
	if m.hasDir && !strings.HasPrefix(v, "/") {
		if !m.dirOK {
			return arg{val: v, dyn: true, pos: Pos{1, 1}}
		}
		if m.dir != "" {
			v = m.dir + "/" + v
		}
	}
	return arg{val: v, pos: Pos{1, 1}}
}

// fileURL returns the path a file: URL names, read as a browser or
// Node's fileURLToPath reads one: the scheme in any case, an empty or
// localhost host, the path percent-decoded, a query or fragment no part
// of it (file:///a, FILE:/a, file://localhost/%2Essh). Another host is
// read as the path's first directory (file://home/u is /home/u), what a
// person who wrote two slashes for three meant.
func fileURL(v string) (string, bool) {
	if len(v) < 5 || !strings.EqualFold(v[:5], "file:") {
		return "", false
	}
	rest := v[5:]
	if i := strings.IndexAny(rest, "?#"); i >= 0 {
		rest = rest[:i]
	}
	if r, ok := strings.CutPrefix(rest, "//"); ok {
		host, p, _ := strings.Cut(r, "/")
		rest = "/" + p
		if host != "" && !strings.EqualFold(host, "localhost") {
			rest = "/" + host + rest
		}
	}
	return percentDecoded(rest), true
}

// percentDecoded is s with each %XX (X a hex digit) the byte it names; a %
// not followed by two hex digits stays as written.
func percentDecoded(s string) string {
	if !strings.Contains(s, "%") {
		return s
	}
	hex := func(c byte) (byte, bool) {
		switch {
		case '0' <= c && c <= '9':
			return c - '0', true
		case 'a' <= c && c <= 'f':
			return c - 'a' + 10, true
		case 'A' <= c && c <= 'F':
			return c - 'A' + 10, true
		}
		return 0, false
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) {
			hi, ok1 := hex(s[i+1])
			lo, ok2 := hex(s[i+2])
			if ok1 && ok2 {
				b.WriteByte(hi<<4 | lo)
				i += 2
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// mcpDir resolves the directory a tool names: ~ expanded, a relative one
// under the workspace; ok is false when that is not known.
func mcpDir(w toolCtx, v string) (string, bool) {
	if v == "" {
		return "", true
	}
	m := mcpJudge{ctx: w}
	a := m.path(v)
	switch {
	case a.dyn:
		return "", false
	case strings.HasPrefix(a.val, "/"):
		return path.Clean(a.val), true
	case w.environment().Workspace == "":
		return "", false
	}
	return path.Join(w.environment().Workspace, a.val), true
}

// delete judges an argument the tool deletes. A tool's delete may take a
// directory with everything in it, as rm -r does, so the files that
// matter everywhere (keys, startup files, the guard's) count as they do
// for rm -rf; a file outside the workspace is high.
func (m *mcpJudge) delete(a MCPArg) {
	ru, ok := m.ctx.deleteRuleTree(m.path(a.Value), true, false)
	if !ok {
		ru = ruleToolDelete
	}
	m.raise(ru, a)
}

// move judges a move as mv judges it (writesTo): the sources deleted
// from where they were, the destination written, and what the sources
// carry into it. One source is renamed to the destination (mv -T).
func (m *mcpJudge) move(from, to []MCPArg) {
	if len(from) == 0 && len(to) == 0 || m.noPaths {
		return
	}
	if len(to) != 1 {
		// no one destination: each source leaves, each destination is
		// written
		for _, a := range from {
			m.delete(a)
		}
		for _, a := range to {
			if ru, ok := m.ctx.writeRule(m.path(a.Value)); ok {
				m.raise(ru, a)
			}
		}
		return
	}
	mv := &call{ctx: m.ctx, name: "mv", pos: m.c.pos, out: &Command{Pos: m.c.pos}}
	if len(from) == 1 {
		mv.args = append(mv.args, arg{val: "-T", pos: Pos{1, 1}})
	}
	mv.args = append(mv.args, arg{val: "--", pos: Pos{1, 1}})
	var keys, shown []string
	for _, a := range append(from, to[0]) {
		if a.Cut {
			m.raise(ruleMCPArgCut, a)
			return
		}
		mv.args = append(mv.args, m.path(a.Value))
		keys = append(keys, a.Key)
		shown = append(shown, a.Key+"="+a.Value)
	}
	mv.snippet = snippet(m.tc.Name + " " + strings.Join(shown, " "))
	writesTo(mv, ruleMove, true)
	for _, r := range mv.out.Reasons {
		m.c.snippet = mv.snippet
		m.c.raiseWith(rule{id: r.Rule, level: r.Level, dangerous: r.Dangerous, unseen: r.Unseen, why: r.Message},
			occurrence{detail: joinDetail("arguments "+strings.Join(keys, ", "), r.Detail), target: r.Effect.Target, kind: r.Effect.Kind, stage: r.Stage})
	}
}

// git judges a repository tool as the git command line it is (mcpTool.git),
// run in the repository its argRepo names.
func (m *mcpJudge) git(tool mcpTool) {
	words := []string{"git"}
	for _, a := range m.tc.Args {
		if tool.args[argKey(a.Key)] == argRepo && !a.Cut {
			if r := m.path(a.Value); !r.dyn {
				words = append(words, "-C", r.val)
			} else {
				words = append(words, "-C", "$REPO") // not known: judged as a path only known at run time
			}
			break
		}
	}
	tmpl := tool.git
	if len(tmpl) > 0 && tmpl[0] == "git" {
		tmpl = tmpl[1:]
	}
	for _, t := range tmpl {
		words = append(words, m.expand(t)...)
	}
	line := quoteWords(words)
	m.command("git", line, *m.ctx.environment(), m.tc.Name+" as ", "as the git command it runs", m.tc.Name+" (as git)")
}

// expand fills a template word's "{key}" with the argument's value, and a
// word that is only "{key...}" becomes each value of the list; so does a
// word that is only "{key}" when the call gives a list there (["--",
// "."] for a branch: the server passes each on). A word that names an
// argument the call does not give is left out.
func (m *mcpJudge) expand(t string) []string {
	values := func(key string) []string {
		var out []string
		for _, a := range m.tc.Args {
			if argKey(a.Key) == key {
				if a.Cut {
					// a word of the git command line not read whole
					m.pastInput(a, whyCut())
				}
				out = append(out, a.Value)
			}
		}
		return out
	}
	if k, ok := strings.CutPrefix(t, "{"); ok {
		if k, ok := strings.CutSuffix(k, "}"); ok {
			if k = strings.TrimSuffix(k, "..."); !strings.ContainsAny(k, "{}") {
				return values(k)
			}
		}
	}
	out := t
	for {
		i := strings.IndexByte(out, '{')
		if i < 0 {
			return []string{out}
		}
		j := strings.IndexByte(out[i+1:], '}')
		if j < 0 {
			return []string{out}
		}
		key := strings.TrimSuffix(out[i+1:i+1+j], "...")
		vs := values(key)
		if len(vs) == 0 {
			return nil
		}
		out = out[:i] + vs[0] + out[i+2+j:]
		if strings.Contains(vs[0], "{") {
			// a value is never read as a template
			return []string{out}
		}
	}
}

// wordLists are lists of words, each one command's, in the order their
// keys first came.
type wordLists []struct {
	key   string
	words []string
}

func (ls *wordLists) add(key, word string) {
	for i := range *ls {
		if (*ls)[i].key == key {
			(*ls)[i].words = append((*ls)[i].words, word)
			return
		}
	}
	*ls = append(*ls, struct {
		key   string
		words []string
	}{key, []string{word}})
}

// listOf returns the key of the list an argument is an element of:
// "command" for "command[2]".
func listOf(key string) (string, bool) {
	if !strings.HasSuffix(key, "]") {
		return "", false
	}
	i := strings.LastIndexByte(key, '[')
	if i <= 0 {
		return "", false
	}
	return key[:i], true
}

// quoteArgv joins a command's words into the shell command line that
// reads them as those words, with exceptions that read them as a server
// may: a word that is only a shell operator (|, >, >>, <, ;, &&, ||, &)
// is that operator, as mcp-shell-server makes |, > and < (and refuses the
// rest); a leading ~ or ~user is the home directory, as a server that
// expands it, or joins the words into a shell line, reads it; and first
// words NAME=value are assignments, as in such a line. Each reading can
// only add to what the line is judged to do.
func quoteArgv(words []string) string {
	var b strings.Builder
	for i, w := range words {
		if i > 0 {
			b.WriteByte(' ')
		}
		switch w {
		case "|", ">", ">>", "<", ";", "&&", "||", "&":
			b.WriteString(w)
			continue
		}
		if strings.HasPrefix(w, "~") {
			user, rest, slash := strings.Cut(w[1:], "/")
			if strings.Trim(user, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.") == "" {
				// the tilde prefix ends at the first unquoted /
				b.WriteString("~" + user)
				if !slash {
					continue
				}
				b.WriteByte('/')
				if w = rest; w == "" {
					continue
				}
			}
		}
		quoteWord(&b, w)
	}
	return b.String()
}

// quoteWord writes w as one shell word that means exactly w.
func quoteWord(b *strings.Builder, w string) {
	if w != "" && strings.Trim(w, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:,+@%^") == "" {
		b.WriteString(w)
		return
	}
	b.WriteByte('\'')
	b.WriteString(strings.ReplaceAll(w, "'", `'\''`))
	b.WriteByte('\'')
}

// quoteWords joins words into the shell command that runs exactly them.
func quoteWords(words []string) string {
	var b strings.Builder
	for i, w := range words {
		if i > 0 {
			b.WriteByte(' ')
		}
		if w == "$REPO" {
			b.WriteString(`"$REPO"`)
			continue
		}
		quoteWord(&b, w)
	}
	return b.String()
}

// posixShell reports a program that reads a command line as a POSIX shell
// does: sh, bash, dash, zsh, ksh, by its bare name or from a directory of
// the system's programs; "" is the server's default shell. Anywhere else
// (./sh, a path in the workspace or a temporary directory) it is a
// program of that name, which may be anything.
func posixShell(p string) bool {
	p = strings.TrimSpace(p)
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		switch p[:i] {
		case "/bin", "/usr/bin", "/usr/local/bin", "/opt/homebrew/bin":
		default:
			return false
		}
		p = p[i+1:]
	}
	switch p {
	case "", "sh", "bash", "dash", "zsh", "ksh", "mksh", "ash", "busybox":
		return true
	}
	return false
}

// withStdin is the shell text of command fed text on its standard input:
// a quoted heredoc, whose delimiter text does not hold as a line.
func withStdin(command, text string) string {
	delim := "PERMGUARD_STDIN"
	for strings.Contains("\n"+text+"\n", "\n"+delim+"\n") {
		delim += "_"
	}
	return command + " <<'" + delim + "'\n" + text + "\n" + delim
}
