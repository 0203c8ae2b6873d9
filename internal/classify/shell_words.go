package classify

import (
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// resolve returns the fields bash would make of word, classifying any
// command it substitutes. A word whose value depends on run time ($x,
// $(...), $((...)), ~user) comes back as one dynamic arg holding the text as
// written; static words are expanded exactly as bash does (quotes, escapes,
// $'...', braces, ~), so \rm, "r"m, r”m and $'\x72m' all read "rm".
func (w *walker) resolve(word *syntax.Word) []arg {
	return w.resolveInto(nil, word)
}

// resolveInto is resolve appending to dst, which saves an allocation per
// word on the hot path.
func (w *walker) resolveInto(dst []arg, word *syntax.Word) []arg {
	p := w.pos(word.Pos())
	// (read now: the commands a substitution in the word runs reset it)
	inName := w.inName
	if w.histExpand && strings.Contains(w.text(word), "!") {
		// set -H: !$, !! and their kin are earlier words, not known here
		w.nested(word)
		return append(dst, arg{val: w.text(word), dyn: true, pos: p})
	}
	if len(word.Parts) == 1 {
		// the common words need no expansion at all
		switch x := word.Parts[0].(type) {
		case *syntax.Lit:
			if plainLit(x.Value) {
				return append(dst, arg{val: x.Value, pos: p})
			}
		case *syntax.SglQuoted:
			if !x.Dollar {
				return append(dst, arg{val: x.Value, pos: p})
			}
		case *syntax.DblQuoted:
			if len(x.Parts) == 1 && !x.Dollar {
				if lit, ok := x.Parts[0].(*syntax.Lit); ok && !strings.ContainsRune(lit.Value, '\\') {
					return append(dst, arg{val: lit.Value, pos: p})
				}
			}
		}
	}
	dyn, net, ext := false, false, false
	cand := ""
	var outputs map[*syntax.CmdSubst]string // static text a substitution prints
	if staticParts(word.Parts) {
		goto expand
	}
	syntax.Walk(word, func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.CmdSubst:
			dyn = true
			saved := w.enter(FrameCmdSubst, "", x)
			w.isolated(func() {
				out := w.lastOutput(x.Stmts)
				switch {
				case out.kind == flowDownload:
					net = true
				case out.kind == flowText && len(x.Stmts) == 1:
					if outputs == nil {
						outputs = map[*syntax.CmdSubst]string{}
					}
					outputs[x] = strings.TrimRight(out.text, "\n")
				}
			})
			w.frames = saved
			return false
		case *syntax.ProcSubst:
			dyn = true
			saved := w.enter(FrameProcSubst, "", x)
			w.isolated(func() {
				out := w.lastOutput(x.Stmts)
				net = net || out.kind == flowDownload
				if out.kind == flowText && len(word.Parts) == 1 && x.Op == syntax.CmdIn {
					// <(echo ...) is a file holding that text
					cand = out.text
				}
			})
			w.frames = saved
			return false
		case *syntax.ParamExp:
			dyn = true
			if x.Exp != nil && x.Exp.Op == syntax.OtherParamOps && x.Exp.Word != nil && x.Exp.Word.Lit() == "P" {
				w.promptExpansion(x)
			}
			if x.Index != nil && (x.Param == nil || !w.assoc[x.Param.Value]) {
				w.arith(x.Index)
			}
			if x.Exp != nil && (x.Exp.Op == syntax.AssignUnset || x.Exp.Op == syntax.AssignUnsetOrNull) {
				w.defaultAssign(x)
			}
			if x.Slice != nil {
				w.arith(x.Slice.Offset)
				w.arith(x.Slice.Length)
			}
			if x.Excl && x.Param != nil {
				// ${!x}: the value of x names the variable to read,
				// subscript included
				if v, ok := w.vars[x.Param.Value]; ok {
					w.arithVar(v, w.pos(x.Pos()), w.text(x))
				} else if !specialArith.get()[x.Param.Value] {
					w.raise(ruleArithUnknown, "", w.pos(x.Pos()), w.text(x))
				}
			}
		case *syntax.DblQuoted:
			w.quotedExpansions(x)
		case *syntax.ArithmExp:
			dyn = true
			w.arith(x.X)
			return false
		case *syntax.ExtGlob:
			dyn = true
			ext = true
		}
		return true
	})
expand:
	if !dyn && otherUsersHome(word) {
		dyn = true
	}
	if dyn && cand == "" && (outputs != nil || w.vars != nil || hasDefault(word)) {
		cand, _ = w.candidate(word.Parts, outputs)
	}
	if dyn {
		if rest, ok := w.underTmpdir(word); ok && !net {
			return append(dst, arg{val: rest, dyn: true, tmp: true, pos: p})
		}
		if v, ok := w.exactPath(word, outputs); ok && !net {
			// one path however it is spelled (design §2.6)
			return append(dst, arg{val: v, pos: p})
		}
		if v, ok := w.exactValue(word); ok && !net && !inName {
			return append(dst, arg{val: v, glob: hasGlob(word), pos: p})
		}
		if !net && !inName {
			// text whose every variable is known, of any shape: quoted, a
			// sed script "w $HOME/.bashrc" is the script it makes (design
			// §2.10); unquoted, exactText refuses what bash would split or
			// glob (-Wl,-Map=$HOME/x). A substitution's output is not
			// taken as text here.
			if v, ok := w.exactQuoted(word); ok {
				return append(dst, arg{val: v, glob: hasGlob(word), pos: p})
			}
			if v, ok := w.loopPattern(word); ok {
				return append(dst, arg{val: v, glob: true, pos: p})
			}
			if v, ok := w.exactText(word, nil); ok {
				return append(dst, arg{val: v, pos: p})
			}
		}
		a := arg{val: w.text(word), dyn: true, glob: hasGlob(word), pos: p, cand: cand, net: net}
		w.knowArg(&a, word, outputs)
		if v, ok := w.exactOption(word, outputs); ok && !net && !inName && a.head != "" {
			a.known, a.pat, a.exact = []string{v}, "", true
		}
		// an extended pattern (@(k), with shopt -s extglob) is a glob the
		// caller's search for links can expand, when nothing else in the
		// word is dynamic
		a.ext = ext && extOnly(word)
		a.cut = len(w.cutVars) > 0 && w.usesCutVar(word)
		return append(dst, a)
	}
	if n := braceFields(word, maxBraceFields); n > 1 {
		if n > maxBraceFields || w.braceTotal+n > maxBraceTotal {
			// counted, not expanded: see shell_braces.go
			return append(dst, arg{val: w.text(word), dyn: true, glob: hasGlob(word), pos: p, cut: true})
		}
		w.braceTotal += n
	}
	fields, err := expand.Fields(w.expandConfig(), word)
	if err != nil {
		return append(dst, arg{val: w.text(word), dyn: true, pos: p})
	}
	glob := hasGlob(word)
	for _, f := range fields {
		dst = append(dst, arg{val: f, glob: glob, pos: p})
	}
	return dst
}

// underTmpdir recognizes $TMPDIR/rest, ${TMPDIR}/rest and
// "${TMPDIR:-/tmp}/rest": the design counts $TMPDIR as a temporary
// directory, like /tmp. It returns the static rest; it fails when this
// input assigned TMPDIR itself or the rest is not static.
func (w *walker) underTmpdir(word *syntax.Word) (string, bool) {
	parts := word.Parts
	if len(parts) == 1 {
		if dq, ok := parts[0].(*syntax.DblQuoted); ok {
			parts = dq.Parts
		}
	}
	if len(parts) == 0 || w.tmpdirSet {
		return "", false
	}
	pe, ok := parts[0].(*syntax.ParamExp)
	if !ok || pe.Param == nil || pe.Param.Value != "TMPDIR" || pe.Index != nil || pe.Slice != nil || pe.Repl != nil ||
		pe.Excl || pe.Length || pe.Width || (pe.Exp != nil && pe.Exp.Op != syntax.DefaultUnsetOrNull && pe.Exp.Op != syntax.DefaultUnset) {
		return "", false
	}
	if pe.Exp != nil && !w.tempDefault(pe.Exp.Word) {
		// ${TMPDIR:-/}: the default may be what runs, and it is no
		// temporary directory
		return "", false
	}
	var rest strings.Builder
	for _, part := range parts[1:] {
		switch x := part.(type) {
		case *syntax.Lit:
			rest.WriteString(x.Value)
		case *syntax.SglQuoted:
			rest.WriteString(x.Value)
		default:
			return "", false
		}
	}
	r := rest.String()
	if strings.ContainsAny(r, "\\*?[{$`") || r != "" && r[0] != '/' {
		return "", false
	}
	return r, true
}

// promptExpansion judges ${x@P}, which expands x as a prompt string:
// command substitutions in the value run.
func (w *walker) promptExpansion(pe *syntax.ParamExp) {
	p := w.pos(pe.Pos())
	w.raise(rule{id: "prompt-expansion", level: High, effect: EffectRun, why: "expands a variable as a prompt, which runs the commands its value holds"}, "", p, w.text(pe))
	if pe.Param == nil {
		return
	}
	if v, ok := w.vars[pe.Param.Value]; ok {
		// the value is expanded like a double-quoted string
		w.script("echo \""+strings.ReplaceAll(v, `"`, `\"`)+"\"", &p)
	}
}

// lastOutput walks stmts and returns what the last one prints.
func (w *walker) lastOutput(stmts []*syntax.Stmt) flow {
	var out flow
	for _, s := range stmts {
		out = w.stmt(s, flow{})
	}
	return out
}

// candidate is the value a word will have if its substitutions print the
// static text they were seen to print: g$(printf it) is most likely git.
func (w *walker) candidate(parts []syntax.WordPart, outputs map[*syntax.CmdSubst]string) (string, bool) {
	var b strings.Builder
	for _, p := range parts {
		switch x := p.(type) {
		case *syntax.Lit:
			b.WriteString(x.Value)
		case *syntax.SglQuoted:
			b.WriteString(x.Value)
		case *syntax.DblQuoted:
			s, ok := w.candidate(x.Parts, outputs)
			if !ok {
				return "", false
			}
			b.WriteString(s)
		case *syntax.CmdSubst:
			s, ok := outputs[x]
			if !ok {
				return "", false
			}
			b.WriteString(s)
		case *syntax.ParamExp:
			if d, ok := defaultWord(x); ok {
				// ${x:-v}, ${x=v}: x's value when this input set it, else
				// the default, what it most likely holds
				s, set := w.vars[x.Param.Value]
				if !set || s == "" && (x.Exp.Op == syntax.DefaultUnsetOrNull || x.Exp.Op == syntax.AssignUnsetOrNull) {
					if s, ok = w.candidate(d, outputs); !ok {
						return "", false
					}
				}
				b.WriteString(s)
				continue
			}
			// $name or ${name} assigned a static value earlier
			if x.Param == nil || x.Exp != nil || x.Index != nil || x.Slice != nil || x.Repl != nil || x.Length || x.Excl || x.Width {
				return "", false
			}
			if x.Param.Value == "@" || x.Param.Value == "*" {
				// the positional parameters, when sh -c bound them
				var ps []string
				for i := 1; ; i++ {
					v, ok := w.vars[strconv.Itoa(i)]
					if !ok {
						break
					}
					ps = append(ps, v)
				}
				if len(ps) == 0 {
					return "", false
				}
				b.WriteString(strings.Join(ps, " "))
				continue
			}
			s, ok := w.vars[x.Param.Value]
			if !ok {
				return "", false
			}
			b.WriteString(s)
		default:
			return "", false
		}
	}
	return b.String(), true
}

// staticParts reports word parts that hold no expansion at all, so the
// walk for substitutions can be skipped.
func staticParts(parts []syntax.WordPart) bool {
	for _, p := range parts {
		switch x := p.(type) {
		case *syntax.Lit, *syntax.SglQuoted:
		case *syntax.DblQuoted:
			if !staticParts(x.Parts) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// plainLit reports whether a literal needs no expansion at all.
func plainLit(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\', '{', '~', '*', '?', '[', '$', '\'', '"', '`':
			return false
		}
	}
	return true
}

func (w *walker) expandConfig() *expand.Config {
	if w.expCfg != nil {
		return w.expCfg
	}
	home := w.env.Home
	if home == "" {
		// an unknown home must not expand to "" (rm -rf ~/ would read as /)
		home = "~"
	}
	w.expCfg = &expand.Config{Env: expand.ListEnviron("HOME=" + home)}
	return w.expCfg
}

// otherUsersHome reports a leading ~name, whose expansion needs the user
// database: its value is unknown here.
func otherUsersHome(word *syntax.Word) bool {
	lit, ok := word.Parts[0].(*syntax.Lit)
	if !ok || !strings.HasPrefix(lit.Value, "~") {
		return false
	}
	rest := lit.Value[1:]
	return rest != "" && rest[0] != '/'
}

// hasGlob reports unquoted, unescaped glob characters.
func hasGlob(word *syntax.Word) bool {
	for _, part := range word.Parts {
		lit, ok := part.(*syntax.Lit)
		if !ok {
			continue
		}
		v := lit.Value
		for i := 0; i < len(v); i++ {
			switch v[i] {
			case '\\':
				i++
			case '*', '?':
				return true
			case '[':
				// a bracket expression needs its closing ]
				if strings.IndexByte(v[i+1:], ']') >= 0 {
					return true
				}
			}
		}
	}
	return false
}

// globText reports a value that bash would expand as a pattern: a * or
// a ?, or a [ with a ] after it (a lone [ is itself: [/x runs ./[/x).
func globText(s string) bool {
	if strings.ContainsAny(s, "*?") {
		return true
	}
	i := strings.IndexByte(s, '[')
	return i >= 0 && strings.IndexByte(s[i+1:], ']') >= 0
}

// wordText returns the static value of a word, or ok=false when it is
// dynamic or expands to more than one field.
func (w *walker) staticWord(word *syntax.Word) (string, bool) {
	args := w.resolve(word)
	if len(args) != 1 || args[0].dyn {
		return "", false
	}
	return args[0].val, true
}

// usesCutVar reports a word that expands a variable whose value was too
// large to follow (cutVars).
func (w *walker) usesCutVar(word *syntax.Word) bool {
	found := false
	syntax.Walk(word, func(n syntax.Node) bool {
		if pe, ok := n.(*syntax.ParamExp); ok && pe.Param != nil && w.cutVars[pe.Param.Value] {
			found = true
		}
		return !found
	})
	return found
}

// extOnly reports a word whose only dynamic parts are extended patterns.
func extOnly(word *syntax.Word) bool {
	for _, p := range word.Parts {
		switch x := p.(type) {
		case *syntax.Lit, *syntax.SglQuoted, *syntax.ExtGlob:
		case *syntax.DblQuoted:
			if !staticParts(x.Parts) {
				return false
			}
		default:
			return false
		}
	}
	return true
}
