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
// The same file holds two more ways a word is read before it is judged:
// the static option at the start of a dynamic word (--pre=$P), and glob
// patterns matched against the tables of secrets and protected places.

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
			// a cd in this input set it (dirstack.go)
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
	if strings.Contains(w.input, "IFS") {
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

// worseOf judges a and every value it is known to take, and keeps the
// worst: a known place adds its meaning to the unknown.
// follow says what a link as the path's last element means: followed (a
// write) or not (a delete acts on the link itself); see linkAlts.
func (w *walker) worseOf(a arg, follow bool, judge func(arg) (rule, bool)) (rule, bool) {
	ru, ok := judge(a)
	known := knownArgs(a)
	for _, k := range known {
		// as bad as the unknown: the known place's reason says more
		if ru2, ok2 := judge(k); ok2 && (!ok || rank(ru2) >= rank(ru)) {
			ru, ok = ru2, ok2
		}
	}
	for _, k := range append(known, a) {
		for _, l := range w.linkAlts(k, follow) {
			if ru2, ok2 := judge(l); ok2 {
				if ru2 = w.throughLink(ru2, l); !ok || rank(ru2) > rank(ru) {
					ru, ok = ru2, true
				}
			}
		}
	}
	if !a.dyn && w.climbsUnknown(a.val) {
		// .. after a glob or a link someone else can plant: the parent
		// could be anywhere
		if ru2, ok2 := judge(arg{val: a.val, dyn: true, pos: a.pos}); ok2 && (!ok || rank(ru2) > rank(ru)) {
			ru, ok = ru2, ok2
		}
	}
	return ru, ok
}

// climbsUnknown reports a path whose .. follows a glob, or a directory
// inside a temporary directory, where anyone may have put a symbolic
// link: cleaning it lexically would guess where it leads.
func (w *walker) climbsUnknown(p string) bool {
	if !strings.Contains(p, "..") {
		return false
	}
	if !strings.HasPrefix(p, "/") {
		if w.cwdDyn || w.cwd == "" {
			return false
		}
		p = w.cwd + "/" + p
	}
	cur := ""
	glob := false
	for _, e := range strings.Split(p, "/") {
		switch e {
		case "", ".":
			continue
		case "..":
			if glob || w.insideTemp(cur) && !w.ownWorkspace(cur) {
				return true
			}
			cur = path.Dir(cur)
			continue
		}
		glob = glob || hasGlobChar(e)
		cur += "/" + e
	}
	return false
}

// ownWorkspace reports a directory in the workspace (or the workspace
// itself) when the workspace is not a temporary directory: its names are
// the user's, and a link among them is one the engine follows before the
// call is judged (design §2.6, Links), so a .. there climbs where it
// says, as it does in a workspace anywhere else.
func (w *walker) ownWorkspace(p string) bool {
	ws := path.Clean(w.env.Workspace)
	if w.env.Workspace == "" || ws == "/" || !within(p, ws) {
		return false
	}
	for _, t := range w.env.TempDirs {
		if path.Clean(t) == ws {
			return false
		}
	}
	return true
}

// insideTemp reports a path strictly below a temporary directory.
func (w *walker) insideTemp(p string) bool {
	for _, t := range w.env.TempDirs {
		if t = path.Clean(t); t != "/" && strings.HasPrefix(p, t+"/") {
			return true
		}
	}
	return false
}

// readsSecret reports whether reading the path a names could expose
// credentials: a as written, a glob that could match one, and every
// value a dynamic word is known to take. dirs counts a directory of
// credentials and any file in one, for tools that read a whole tree.
func (w *walker) readsSecret(a arg, dirs bool) bool {
	cands := knownArgs(a)
	if a.pat != "" && strings.HasPrefix(a.pat, "/") {
		// only an absolute pattern: a relative one is in the
		// workspace, or anywhere after a cd
		cands = append(cands, arg{val: a.pat, glob: true, pos: a.pos})
	}
	if !a.dyn || a.tmp || a.ext {
		// ($TMPDIR/x is followed under the caller's TMPDIR, and an
		// extended pattern expanded by the caller)
		cands = append(cands, a)
	}
	for _, k := range cands {
		for _, l := range w.linkAlts(k, true) {
			// (a name that could not be followed is read as a path only
			// known at run time is: not raised, design §2.3; the input
			// cannot push a path of its own past the search's budget,
			// which takes the paths as named first, nor past the list's,
			// which is a limit)
			if !l.dyn && (w.isSecret(l.val) || dirs && w.isSecretDir(l.val)) {
				return true
			}
		}
	}
	for _, k := range cands {
		v := k.val
		if v == "" || k.tmp || k.ext || w.insideWorkspace(v) {
			continue
		}
		if p, ok := w.abs(v); ok && (w.isSecret(p) || dirs && w.isSecretDir(p)) {
			return true
		}
	}
	return false
}

// A glob could match a secret or a protected place when the two patterns
// could match one common string, element by element: ~/.*/credentials
// and .aws/credentials, /home/*/.ssh/* and ~/.ssh/id_*. The tables below
// are such patterns; a path given as plain text is the simplest pattern.

// homePats are where homes are: any user's secrets are secrets.
var homePats = [][]string{{"root"}, {"home", "*"}, {"Users", "*"}, {"var", "root"}}

// secretPatsAbs are secrets outside any home, as trees: the path or
// anything below it.
var secretPatsAbs = [][]string{
	{"etc", "shadow"}, {"etc", "gshadow"}, {"etc", "sudoers"}, {"etc", "master.passwd"}, {"proc", "*", "environ"},
	{"etc", "ssh", "ssh_host_*_key"},
	// mounted service-account tokens and container secrets
	{"var", "run", "secrets"}, {"run", "secrets"},
}

// keySuffixes are key files, secrets wherever they are outside the
// workspace.
var keySuffixes = []string{"*.pem", "*.key", "*.p12", "*.pfx"}

// secretPatsHome are secretsHome as patterns: a name in that table is a
// prefix ("id_" is every id_*), and a trailing / is a directory.
var secretPatsHome = lazy[[][]string]{build: func() [][]string {
	var out [][]string
	for _, s := range secretsHome {
		segs := strings.Split(strings.TrimSuffix(s, "/"), "/")
		if !strings.HasSuffix(s, "/") {
			segs[len(segs)-1] += "*"
		}
		out = append(out, segs)
	}
	return out
}}

// splitPath splits an absolute clean path into its elements.
func splitPath(p string) []string {
	p = strings.Trim(p, "/")
	if p == "" {
		return nil
	}
	return strings.Split(p, "/")
}

// homeRels returns what follows a home directory in the elements pe, for
// every home pe could be in: the user's own, root's, anyone's.
func (w *walker) homeRels(pe []string) [][]string {
	var out [][]string
	hp := homePats
	if h := splitPath(w.env.Home); len(h) > 0 {
		hp = append([][]string{h}, hp...)
	}
	for _, h := range hp {
		if len(pe) > len(h) && w.elemsMeet(h, pe[:len(h)]) {
			out = append(out, pe[len(h):])
		}
	}
	return out
}

// treeMeets reports whether the elements pe could name pat or something
// below it.
func (w *walker) treeMeets(pat, pe []string) bool {
	return len(pe) >= len(pat) && w.elemsMeet(pat, pe[:len(pat)])
}

// elemsMeet reports whether two equally long lists of elements could
// match a common path.
func (w *walker) elemsMeet(a, b []string) bool {
	for i := range a {
		if !globsMeet(a[i], b[i], w.pathInfo().dotglob) {
			return false
		}
	}
	return true
}

// globSecret reports whether p, a path with glob characters or in
// another user's home, could name a secret.
func (w *walker) globSecret(p string) bool {
	pe := splitPath(p)
	for _, rel := range w.homeRels(pe) {
		for _, s := range secretPatsHome.get() {
			if w.treeMeets(s, rel) {
				return true
			}
		}
	}
	for _, s := range secretPatsAbs {
		if w.treeMeets(s, pe) {
			return true
		}
	}
	// a key file is known by its extension, so only a pattern that
	// names one (*.pem, id.p*) can be after one: a bare * in a directory
	// is not
	if last := pe[len(pe)-1:]; len(last) == 1 && strings.Contains(last[0], ".") && !within(p, w.env.Workspace) {
		for _, k := range keySuffixes {
			if globsMeet(k, last[0], false) {
				return true
			}
		}
	}
	return false
}

// globSecretDir is isSecretDir for a path with glob characters or in
// another user's home.
func (w *walker) globSecretDir(p string) bool {
	pe := splitPath(p)
	for _, rel := range w.homeRels(pe) {
		for _, d := range secretDirsHome {
			if w.treeMeets(strings.Split(d, "/"), rel) {
				return true
			}
		}
	}
	return false
}

// globUnderHome reports whether a glob path p could be at or below one of
// rels, relative to the user's home.
func (w *walker) globUnderHome(p string, rels []string) bool {
	h := splitPath(w.env.Home)
	pe := splitPath(p)
	if len(h) == 0 || len(pe) <= len(h) || !w.elemsMeet(h, pe[:len(h)]) {
		return false
	}
	for _, r := range rels {
		if w.treeMeets(strings.Split(r, "/"), pe[len(h):]) {
			return true
		}
	}
	return false
}

// otherHome reports a path in a home directory that is not the user's.
func (w *walker) otherHome(p string) bool {
	if within(p, w.env.Home) {
		return false
	}
	pe := splitPath(p)
	for _, h := range homePats {
		if len(pe) > len(h) && w.elemsMeet(h, pe[:len(h)]) {
			return true
		}
	}
	return false
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
	d = path.Clean(d)
	for _, t := range w.env.TempDirs {
		if t = path.Clean(t); t != "/" && within(d, t) {
			return true
		}
	}
	return false
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
