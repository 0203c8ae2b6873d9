package classify

import (
	"path"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// Paths are resolved before they are judged (design §2.6): a word spelled
// with $HOME, ~, ~user, $XDG_CONFIG_HOME, $TMPDIR and their kin names a
// place the classifier can know, and that place is judged as well as the
// unknown value the word has for the rules that cannot see it. A known
// value never lowers a verdict: it only adds what the place means.
//
// Values come from one lookup, [walker.lookupVar]: a value this input
// assigned first (walker.vars), then the caller's environment (Env.Vars,
// Env.Home, the directory cd moved to), with the defaults the XDG spec and
// permguard give an unset variable. A variable the input may set in a way
// the walk cannot follow has no known value at all.
//
// The same file holds one more way a word is read before it is judged:
// the static option at the start of a dynamic word (--pre=$P). Glob
// patterns are matched against the tables of secrets and protected
// places by the policy (policy_pathvalues.go).

// PathVars are the variables paths are spelled with. The caller passes
// their values in [Env.Vars]; unset ones may be left out.
var PathVars = []string{
	"HOME", "USER", "LOGNAME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME",
	"PERMGUARD_CONFIG_DIR", "PERMGUARD_STATE_DIR", "TMPDIR", "PWD", "OLDPWD",
}

// maxKnown bounds the values one word can be known to take: each
// ${x:-default} doubles them.
const maxKnown = 4

// pathState is what the walker learned about the input's own use of
// PathVars, once.
type pathState struct {
	sets map[string]bool // variables the input may assign
	// dotglob: the input may make globs match dot files
	dotglob bool
}

func (w *walker) pathInfo() *pathState {
	if w.paths != nil {
		return w.paths
	}
	ps := &pathState{sets: map[string]bool{}}
	// quotes and backslashes gone, so eval HO""ME=/ counts too
	bare := strings.Map(func(r rune) rune {
		if r == '\'' || r == '"' || r == '\\' {
			return -1
		}
		return r
	}, w.input)
	for _, name := range PathVars {
		if mayAssign(bare, name) {
			ps.sets[name] = true
		}
	}
	ps.dotglob = strings.Contains(bare, "dotglob") || strings.Contains(bare, "GLOBIGNORE")
	w.paths = ps
	return ps
}

// mayAssign reports a mention of name in src other than a plain read
// ($name, ${name}, ${name:-x}): name=, read name, for name in, unset
// name, ${name:=x} all may change it, and telling them apart is not
// worth the risk.
func mayAssign(src, name string) bool {
	for off := 0; ; {
		i := strings.Index(src[off:], name)
		if i < 0 {
			return false
		}
		i += off
		end := i + len(name)
		off = end
		if i > 0 && isIdentByte(src[i-1]) && src[i-1] != '$' || end < len(src) && isIdentByte(src[end]) && src[end] != '$' {
			continue // part of a longer name: PWD in OLDPWD
		}
		switch {
		case i > 0 && src[i-1] == '$':
			continue
		case i > 1 && src[i-1] == '{' && src[i-2] == '$':
			rest := src[end:]
			if strings.HasPrefix(rest, ":=") || strings.HasPrefix(rest, "=") {
				return true
			}
			continue
		case i > 2 && src[i-1] == '!' && src[i-2] == '{' && src[i-3] == '$':
			continue
		}
		return true
	}
}

// lookupVar returns the value $name has where the walk is, when known.
func (w *walker) lookupVar(name string) (string, bool) {
	if v, ok := w.vars[name]; ok {
		return v, true
	}
	if !isPathVar(name) || w.pathInfo().sets[name] {
		return "", false
	}
	switch name {
	case "PWD":
		return w.cwd, !w.cwdDyn && w.cwd != ""
	case "OLDPWD":
		if w.dirs.set {
			// a cd in this input set it (shell_dirstack.go)
			return w.dirs.old.dir, !w.dirs.old.dyn && w.dirs.old.dir != ""
		}
	case "HOME":
		if w.env.Home != "" {
			return w.env.Home, true
		}
	}
	if v := w.env.Vars[name]; v != "" {
		return v, true
	}
	// unset: the default the program reading the variable falls back to,
	// which is where the files are
	sub := func(base, rel string) (string, bool) {
		if b, ok := w.lookupVar(base); ok && strings.HasPrefix(b, "/") {
			return path.Join(b, rel), true
		}
		return "", false
	}
	switch name {
	case "LOGNAME":
		return w.lookupVar("USER")
	case "XDG_CONFIG_HOME":
		return sub("HOME", ".config")
	case "XDG_DATA_HOME":
		return sub("HOME", ".local/share")
	case "XDG_STATE_HOME":
		return sub("HOME", ".local/state")
	case "XDG_CACHE_HOME":
		return sub("HOME", ".cache")
	case "PERMGUARD_CONFIG_DIR":
		return sub("XDG_CONFIG_HOME", "permguard")
	case "PERMGUARD_STATE_DIR":
		return sub("XDG_STATE_HOME", "permguard")
	}
	return "", false
}

func isPathVar(name string) bool {
	for _, v := range PathVars {
		if v == name {
			return true
		}
	}
	return false
}

// homeOf returns what ~name expands to: the home directory of user name
// (the user's own, root's, or where other users' homes are: another
// user's files are outside the workspace, and their secrets are
// secrets), or for ~+ and ~- the current and previous directory.
func (w *walker) homeOf(name string) (string, bool) {
	if u, ok := w.lookupVar("USER"); ok && u == name && w.env.Home != "" {
		return w.env.Home, true
	}
	switch {
	case name == "+":
		return w.lookupVar("PWD")
	case name == "-":
		return w.lookupVar("OLDPWD")
	case name == "root":
		return "/root", true
	case name == "" || strings.ContainsAny(name, "/$`*?[{"):
		return "", false
	}
	return "/home/" + name, true
}

// tildeExact returns what an unquoted leading ~name certainly expands to:
// ~ and the user's own ~name the home directory, ~+ and ~- the current and
// previous directory where the walk knows them. Another user's home is a
// guess (homeOf), not a certain value.
func (w *walker) tildeExact(name string) (string, bool) {
	switch name {
	case "+", "-":
		return w.homeOf(name)
	case "":
	default:
		if u, ok := w.lookupVar("USER"); !ok || u != name {
			return "", false
		}
	}
	return w.env.Home, w.env.Home != ""
}

// homeWord resolves a word as written that starts with $HOME or ${HOME}
// and continues with static text, when this input has not set HOME.
func (w *walker) homeWord(text string) (string, bool) {
	if w.env.Home == "" || !strings.Contains(text, "HOME") {
		return "", false
	}
	if _, set := w.vars["HOME"]; set {
		return "", false
	}
	t := strings.NewReplacer(`"`, "", `'`, "").Replace(text)
	for _, pre := range []string{"$HOME/", "${HOME}/"} {
		if rest, ok := strings.CutPrefix(t, pre); ok && !strings.ContainsAny(rest, "$`\\*?[{") {
			return w.env.Home + "/" + rest, true
		}
	}
	return "", false
}

// exactPath returns the one value a dynamic word certainly takes, when
// that value is a path (or an option with a path glued on, --out=/x):
// every part of it known exactly ($HOME, ${HOME}, ~user for the user's own
// name, a variable this input set to a static value, a command
// substitution whose output is static text), and nothing in the value
// that the shell would split or expand again. Such a word is the path it
// names, spelled another way, and is judged as that path is (design
// §2.6): "${HOME}/.zshenv" as ~/.zshenv. A default (${x:-d}) gives two
// values, and a guessed value (a loop's) is not certain: both stay
// dynamic, judged as their worst.
func (w *walker) exactPath(word *syntax.Word, outputs map[*syntax.CmdSubst]string) (string, bool) {
	v, ok := w.exactText(word, outputs)
	if !ok {
		return "", false
	}
	if strings.HasPrefix(v, "/") {
		return v, true
	}
	// an option or operand with the path glued on: --output=/x, of=/x
	if name, val, ok := strings.Cut(v, "="); ok && strings.HasPrefix(val, "/") && name != "" &&
		strings.Trim(name, "-_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") == "" {
		return v, true
	}
	return "", false
}

// exactText is the value exactPath reads, of any shape.
func (w *walker) exactText(word *syntax.Word, outputs map[*syntax.CmdSubst]string) (string, bool) {
	if w.inputIFS {
		return "", false // splitting the value may cut it anywhere
	}
	var b strings.Builder
	if !w.exactParts(&b, word.Parts, outputs, true) {
		return "", false
	}
	v := b.String()
	if strings.ContainsAny(v, " \t\n*?[\x00") {
		return "", false
	}
	return v, true
}

// exactQuoted is exactText for a word whose every expansion is inside
// quotes, which bash neither splits nor globs: its value may hold
// blanks ("w $HOME/.bashrc", "s|$HOME|~|p").
// Substitutions' output is not taken (outputs nil), so text decoded at
// run time stays code nobody has read.
func (w *walker) exactQuoted(word *syntax.Word) (string, bool) {
	if w.inputIFS {
		return "", false
	}
	for _, p := range word.Parts {
		switch p.(type) {
		case *syntax.Lit, *syntax.SglQuoted, *syntax.DblQuoted:
		default:
			return "", false // an expansion outside quotes is split and globbed
		}
	}
	var b strings.Builder
	if !w.exactParts(&b, word.Parts, nil, true) {
		return "", false
	}
	v := b.String()
	if strings.ContainsAny(v, "*?[\x00") {
		// a glob character may be a pattern a value stands for (a loop
		// over *.go), not text
		return "", false
	}
	return v, true
}

// exactOption returns the one value of a dynamic word that is a short
// option, or a cluster of them, spelled plainly with a value glued on
// whose every expansion is known: -o$HOME/.profile, -d@"$f". The word is
// kept dynamic (its letters and its value are read apart by each tool's
// options), and the value the option takes is the text after the
// option's letter, resolved as it would be as a word of its own
// (gluedValue). A long option (--out=$F) is exactPath's and exactValue's.
func (w *walker) exactOption(word *syntax.Word, outputs map[*syntax.CmdSubst]string) (string, bool) {
	h := staticHead(word.Parts)
	if len(h) < 2 || h[0] != '-' || h[1] == '-' || h[1] == '=' {
		return "", false
	}
	v, ok := w.exactText(word, outputs)
	if !ok {
		v, ok = w.exactField(word)
	}
	if !ok || len(v) <= len(h) || !strings.HasPrefix(v, h) {
		return "", false
	}
	return v, true
}

// exactParts writes the exact value of parts to b, or reports false.
// unquoted says the parts are outside double quotes.
func (w *walker) exactParts(b *strings.Builder, parts []syntax.WordPart, outputs map[*syntax.CmdSubst]string, unquoted bool) bool {
	for i, p := range parts {
		switch x := p.(type) {
		case *syntax.Lit:
			v := x.Value
			if !unquoted {
				if strings.ContainsRune(v, '\\') {
					return false
				}
				b.WriteString(v)
				continue
			}
			if strings.ContainsRune(v, '{') {
				return false // a brace expansion makes more words
			}
			if name, after, ok := strings.Cut(v, "="); i == 0 && ok && strings.HasPrefix(after, "~") && isIdentName(name) {
				// of=~/x: bash expands a tilde after the = of a word
				// that looks like an assignment
				b.WriteString(name + "=")
				v = after
			}
			if i == 0 && strings.HasPrefix(v, "~") {
				user, rest, slash := strings.Cut(v[1:], "/")
				if !slash && len(parts) > 1 {
					return false // ~$X is no tilde prefix
				}
				home, ok := w.tildeExact(user)
				if !ok {
					return false
				}
				b.WriteString(home)
				if slash {
					b.WriteString("/" + unescapeLit(rest))
				}
				continue
			}
			b.WriteString(unescapeLit(v))
		case *syntax.SglQuoted:
			if x.Dollar {
				return false
			}
			b.WriteString(x.Value)
		case *syntax.DblQuoted:
			if x.Dollar || !w.exactParts(b, x.Parts, outputs, false) {
				return false
			}
		case *syntax.CmdSubst:
			s, ok := outputs[x]
			if !ok {
				return false
			}
			b.WriteString(s)
		case *syntax.ParamExp:
			if x.Param == nil || x.Exp != nil || x.Index != nil || x.Slice != nil || x.Repl != nil || x.Length || x.Excl || x.Width {
				return false
			}
			name := x.Param.Value
			if (name == "$" || name == "BASHPID") && strings.HasSuffix(b.String(), "/proc/") {
				// the shell's own process: its root and its directory
				// are those of the command it runs
				b.WriteString("self")
				continue
			}
			if w.guessed[name] {
				return false
			}
			v, ok := w.lookupVar(name)
			if !ok {
				return false
			}
			b.WriteString(v)
		default:
			return false
		}
	}
	return true
}

// knowArg fills in what can be known about a dynamic word: its values
// when every variable in it is known, and the static option it starts
// with. outputs are the static texts its substitutions print.
func (w *walker) knowArg(a *arg, word *syntax.Word, outputs map[*syntax.CmdSubst]string) {
	if a.tmp || a.net {
		return
	}
	if vals, ok := w.knownValues(word.Parts, outputs, true, false); ok && len(vals) > 0 {
		a.known = vals
	} else if pats, ok := w.knownValues(word.Parts, outputs, true, true); ok && len(pats) == 1 {
		a.pat = pats[0]
	}
	if head := staticHead(word.Parts); len(head) >= 2 && head[0] == '-' && head[1] != '=' && (head[1] != '-' || len(head) > 3 && strings.Contains(head, "=")) {
		a.head = head
	}
}

// knownValues returns every value parts can take, or ok=false when one
// part is not known. first says the parts start a word, where ~ expands;
// wild makes an unknown part a * instead, for a glob of the values.
func (w *walker) knownValues(parts []syntax.WordPart, outputs map[*syntax.CmdSubst]string, first, wild bool) ([]string, bool) {
	vals := []string{""}
	add := func(alts ...string) bool {
		if len(vals)*len(alts) > maxKnown {
			return false
		}
		next := make([]string, 0, len(vals)*len(alts))
		for _, v := range vals {
			for _, s := range alts {
				next = append(next, v+s)
			}
		}
		vals = next
		return true
	}
	for i, p := range parts {
		var alts []string
		switch x := p.(type) {
		case *syntax.Lit:
			s := unescapeLit(x.Value)
			// ~$X is no tilde prefix: bash leaves it as it is
			if i == 0 && first && strings.HasPrefix(x.Value, "~") && (len(parts) == 1 || strings.Contains(x.Value, "/")) {
				user, rest, _ := strings.Cut(s[1:], "/")
				home, ok := w.env.Home, w.env.Home != ""
				if user != "" {
					home, ok = w.homeOf(user)
				}
				if !ok && wild {
					home, ok = "*", true
				}
				if !ok {
					return nil, false
				}
				s = home
				if strings.Contains(x.Value, "/") {
					s += "/" + rest
				}
			}
			alts = []string{s}
		case *syntax.SglQuoted:
			if x.Dollar {
				return nil, false
			}
			alts = []string{x.Value}
		case *syntax.DblQuoted:
			in, ok := w.knownValues(x.Parts, outputs, false, wild)
			if !ok {
				return nil, false
			}
			alts = in
		case *syntax.CmdSubst:
			s, ok := outputs[x]
			if !ok && wild {
				s, ok = "*", true
			}
			if !ok {
				return nil, false
			}
			alts = []string{s}
		case *syntax.ParamExp:
			var ok bool
			if alts, ok = w.paramValues(x, outputs); !ok && wild {
				alts, ok = []string{"*"}, true
			}
			if !ok {
				return nil, false
			}
		default:
			if !wild {
				return nil, false
			}
			alts = []string{"*"}
		}
		if !add(alts...) {
			return nil, false
		}
	}
	return vals, true
}

// paramValues returns the values of $name, ${name} and ${name:-default}.
// A default counts as a value even when the variable is known: the
// shell that runs the command may not have it set (design §2.6:
// ${TMPDIR:-/} counts as its worst value).
func (w *walker) paramValues(x *syntax.ParamExp, outputs map[*syntax.CmdSubst]string) ([]string, bool) {
	if x.Param == nil || x.Index != nil || x.Slice != nil || x.Repl != nil || x.Length || x.Excl || x.Width {
		return nil, false
	}
	v, known := w.lookupVar(x.Param.Value)
	if x.Exp == nil {
		if m, ok := w.dynVals[x.Param.Value]; ok && !known {
			// ${f:=v} earlier: f is the caller's or v; v is judged, as
			// the worst of the two (design §2.10)
			if a := w.markerArg(m); a.cand != "" && !a.net {
				return []string{a.cand}, true
			}
		}
		return []string{v}, known
	}
	switch x.Exp.Op {
	case syntax.DefaultUnset, syntax.DefaultUnsetOrNull, syntax.AssignUnset, syntax.AssignUnsetOrNull:
	default:
		return nil, false
	}
	var def []string
	if x.Exp.Word != nil {
		// (bash expands a ~ at the start of the default: ${x:-~/a})
		d, ok := w.knownValues(x.Exp.Word.Parts, outputs, true, false)
		if !ok {
			return nil, false
		}
		def = d
	} else {
		def = []string{""}
	}
	if known && v != "" {
		return append([]string{v}, def...), true
	}
	return def, true
}

// unescapeLit removes the backslashes of an unquoted literal.
func unescapeLit(s string) string {
	if !strings.ContainsRune(s, '\\') {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			i++
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// staticHead returns the static text a word starts with, up to its first
// expansion.
func staticHead(parts []syntax.WordPart) string {
	var b strings.Builder
	for _, p := range parts {
		switch x := p.(type) {
		case *syntax.Lit:
			if strings.ContainsAny(x.Value, "~*?[{") {
				return b.String()
			}
			b.WriteString(unescapeLit(x.Value))
		case *syntax.SglQuoted:
			if x.Dollar {
				return b.String()
			}
			b.WriteString(x.Value)
		case *syntax.DblQuoted:
			for _, q := range x.Parts {
				lit, ok := q.(*syntax.Lit)
				if !ok {
					return b.String()
				}
				b.WriteString(lit.Value)
			}
		default:
			return b.String()
		}
	}
	return b.String()
}

// knownArgs returns a dynamic word's known values as static words, for
// the path rules to judge besides the unknown.
func knownArgs(a arg) []arg {
	if !a.dyn || len(a.known) == 0 {
		return nil
	}
	out := make([]arg, 0, len(a.known))
	for _, k := range a.known {
		out = append(out, arg{val: k, glob: hasGlobChar(k), pos: a.pos})
	}
	return out
}

// tempDefault reports a default value, as in ${TMPDIR:-/tmp}, that is
// itself a temporary directory.
func (w *walker) tempDefault(word *syntax.Word) bool {
	if word == nil {
		return false
	}
	d, ok := w.staticWord(word)
	if !ok || !strings.HasPrefix(d, "/") {
		return false
	}
	return w.tempDir(path.Clean(d))
}

// optionValue returns the path an argument names: the word itself, or
// the value of --opt=PATH, with the known values cut the same way. An
// option without a value names none.
func optionValue(a arg) arg {
	cut := func(v string) (string, bool) {
		if !strings.HasPrefix(v, "-") {
			return v, true
		}
		_, after, ok := strings.Cut(v, "=")
		return after, ok
	}
	out := a
	out.known = nil
	for _, k := range a.known {
		if v, ok := cut(k); ok {
			out.known = append(out.known, v)
		}
	}
	if v, ok := cut(a.pat); ok {
		out.pat = v
	} else {
		out.pat = ""
	}
	if !a.dyn {
		v, ok := cut(a.val)
		if !ok {
			v = ""
		}
		out.val = v
	}
	return out
}

// optWord is the text the option parser reads for a: its value when
// static, the static option it starts with when dynamic (--pre= of
// --pre=$P), and "" when it is no option it can read.
func optWord(a arg) string {
	if a.dyn {
		return a.head
	}
	return a.val
}

// gluedValue returns the value of an option glued to it in a (the part
// after its first n bytes): dynamic when a is, with a's known values cut
// the same way.
func gluedValue(a arg, n int) arg {
	v := a
	v.head = ""
	if !a.dyn {
		v.val = a.val[n:]
		return v
	}
	if a.exact && len(a.known) == 1 && n <= len(a.head) && len(a.known[0]) > n {
		// -o$HOME/x: the value is known, as $HOME/x alone would be
		return arg{val: a.known[0][n:], pos: a.pos}
	}
	if strings.HasPrefix(a.val, a.head[:n]) {
		v.val = a.val[n:]
	}
	v.known = nil
	for _, k := range a.known {
		if len(k) >= n && k[:n] == a.head[:n] {
			v.known = append(v.known, k[n:])
		}
	}
	v.pat = ""
	if len(a.pat) >= n && a.pat[:n] == a.head[:n] {
		v.pat = a.pat[n:]
	}
	return v
}

// gluedOptValue is optValue for a dynamic word: its static start is one
// of opts with the start of a value glued on (--output=$F, -o"$F",
// -oProxyCommand=$X), and the value is unknown.
func gluedOptValue(a arg, opts string) (arg, bool) {
	h := a.head
	if h == "" {
		return arg{}, false
	}
	for o := range strings.FieldsSeq(opts) {
		switch {
		case len(o) == 2 && !strings.HasPrefix(h, "--") && strings.HasPrefix(h, o):
			return gluedValue(a, 2), true
		case len(o) > 2 && strings.HasPrefix(h, o+"="):
			return gluedValue(a, len(o)+1), true
		}
	}
	return arg{}, false
}

// isIdentName reports a shell variable name.
func isIdentName(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isIdentByte(s[i]) || i == 0 && s[i] >= '0' && s[i] <= '9' {
			return false
		}
	}
	return s != ""
}

// exactValue returns the one value a dynamic word certainly takes when
// every expansion in it reads a value this input set (or $HOME) and
// transforms it the way bash would: $f, "${a[1]}", ${x#pre}, ${x/a/b},
// ${x:0:5}, a name reference. The value is the word spelled plainly, and
// is judged as that word is, relative paths included (design §2.6): f=out;
// cat > "$f" writes ./out. Values that the plain word would not be (empty,
// several fields, a glob, a ~ bash does not expand again, an option) stay
// dynamic.
func (w *walker) exactValue(word *syntax.Word) (string, bool) {
	v, ok := w.exactField(word)
	if !ok {
		return "", false
	}
	if strings.HasPrefix(v, "-") {
		// --out=FILE: an option with the value glued on
		name, val, ok := strings.Cut(v, "=")
		if !ok || val == "" || strings.Trim(name, "-_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") != "" {
			return "", false
		}
	}
	return v, true
}

// exactField is the value exactValue reads, of any shape.
func (w *walker) exactField(word *syntax.Word) (string, bool) {
	if !w.hasValues() && !strings.Contains(w.text(word), "HOME") {
		return "", false
	}
	if ok, _ := followable(word); !ok || readsShellName(word) {
		return "", false
	}
	e := &stateEnv{w: w}
	fields, err := expand.Fields(&expand.Config{Env: e}, word)
	if err != nil || e.miss || e.marked || e.unset || len(fields) != 1 {
		// (an unset $1 is empty in bash -c, but only there: the same
		// words typed alone are not known, and must not judge higher)
		return "", false
	}
	v := fields[0]
	if v == "" || len(v) > maxValueBytes || strings.ContainsAny(v, " \t\n*?[\x00") || strings.HasPrefix(v, "~") {
		return "", false
	}
	return v, true
}

// readsShellName reports a word that reads $0, whose value the walk
// only assumes (the agent's shell is bash): not a value to take as exact.
func readsShellName(word *syntax.Word) bool {
	found := false
	syntax.Walk(word, func(n syntax.Node) bool {
		if pe, ok := n.(*syntax.ParamExp); ok && pe.Param != nil && pe.Param.Value == "0" {
			found = true
		}
		return !found
	})
	return found
}

// pathTarget is the target of an effect on the path a: where it resolves
// to from the current directory, or the word as written when that is not
// known (a dynamic word, a relative path after a cd to a dynamic place).
func (w *walker) pathTarget(a arg) string {
	if a.dyn {
		return a.val
	}
	if p, ok := w.abs(a.val); ok {
		return p
	}
	return a.val
}
