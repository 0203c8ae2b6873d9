package classify

import (
	"slices"
	"strings"
)

// One option parser for every tool with a spec (design §2.8): the tool's
// options are read the way the tool reads them, so that a spelling the
// rules do not list cannot slip past them. GNU getopt_long takes a unique
// prefix of a long option (--outp= is --output=), a value glued to a short
// option (-ofile) or inside a cluster (-no file), options after the
// operands, and "--" ending the options. An option the spec does not know
// could change what the tool reads, writes or runs, so it is not
// understood: high (fail closed).

var ruleOptionUnknown = rule{id: "option-unknown", level: High,
	why: "uses an option permguard does not understand, which could change what the program reads, writes or runs"}

// optKind says whether an option takes a value.
type optKind uint8

const (
	optFlag     optKind = iota
	optRequired         // the next word, or glued: -Sx, --suffix=x
	optOptional         // only glued: --backup=numbered, -i.bak
)

// valueKind says what an option's value is to the tool, which says which
// of the classifier's judgements it meets.
type valueKind uint8

const (
	valPlain valueKind = iota
	valWrite           // a file written: judged as a redirect to it
	valDir             // a directory files are written into
	valRead            // a file read: judged as reading it
	valRun             // a program or shell command run
)

var valueKinds = map[string]valueKind{"write": valWrite, "dir": valDir, "read": valRead, "run": valRun}

// optTable is what permguard knows of one tool's options: each name maps
// to the canonical name (the long one when there is one), its kind, and
// what its value is.
type optTable struct {
	short map[byte]optEntry
	long  map[string]optEntry
	// negate: --no-OPTION turns a flag off (rsync)
	negate bool
}

type optEntry struct {
	canon string
	kind  optKind
	val   valueKind
}

// newOptTable reads a spec of comma-separated groups of spellings of one
// option, "-o=/--output= write": a trailing "=" takes a value, "?" an
// optional one (glued only); a last word without a dash says what the
// value is (valueKinds), plain when there is none.
func newOptTable(spec string, negate bool) *optTable {
	t := &optTable{short: map[byte]optEntry{}, long: map[string]optEntry{}, negate: negate}
	for group := range strings.SplitSeq(spec, ",") {
		fields := strings.Fields(group)
		if len(fields) == 0 {
			continue
		}
		vk := valPlain
		if last := fields[len(fields)-1]; !strings.HasPrefix(last, "-") {
			k, ok := valueKinds[last]
			if !ok {
				panic("classify: option spec: unknown value kind " + last)
			}
			vk = k
			fields = fields[:len(fields)-1]
		}
		names := strings.Split(strings.Join(fields, ""), "/")
		canon := ""
		for _, n := range names {
			if strings.HasPrefix(n, "--") {
				canon = strings.TrimRight(n, "=?")
				break
			}
		}
		if canon == "" {
			canon = strings.TrimRight(names[0], "=?")
		}
		for _, n := range names {
			kind := optFlag
			switch {
			case strings.HasSuffix(n, "="):
				kind = optRequired
			case strings.HasSuffix(n, "?"):
				kind = optOptional
			}
			n = strings.TrimRight(n, "=?")
			if strings.HasPrefix(n, "--") {
				t.long[n[2:]] = optEntry{canon: canon, kind: kind, val: vk}
			} else if len(n) == 2 {
				t.short[n[1]] = optEntry{canon: canon, kind: kind, val: vk}
			}
		}
	}
	return t
}

// toolSpec is one tool's options and the convention it reads them by.
type toolSpec struct {
	opts *optTable
	// digits: a digit is an option letter (head -20, grep -3, fmt -72)
	digits bool
	// modes: a word that starts with a mode letter is the mode operand
	// (chmod -x f, chmod -rw f), as GNU chmod reads it
	modes bool
	// ownWords: the tool's rules read its words themselves (sed), so a
	// value stays the word it was
	ownWords bool
	// stops: the options end at the first operand, as POSIX getopt (and
	// GNU getopt_long with a "+" first) reads them; a wrapper's operand
	// is the command it runs, whose options are the command's own (env
	// -u X make -n)
	stops bool
	// dashStdout: a file written named "-" is standard output (curl -o -,
	// wget -O -), not a file
	dashStdout bool
	// oldStyle: a first word without a dash is a cluster of option
	// letters whose values are the next words in order (tar cvf x.tar
	// src); the values are not next to their letters, so a spec with
	// oldStyle has ownWords too
	oldStyle bool
	// from says where the option list came from
	from string
}

// optUse is one option as the parser read it.
type optUse struct {
	written string // the option as written: --outp, -o
	e       optEntry
	val     *arg
	// abbrev is the full long name when the word abbreviates it
	abbrev string
	// raw: the word is no option the spec knows; it stays as written
	raw bool
	// next: the value is the next word; j is the option's letter in a
	// cluster
	next bool
	j    int
	at   int // index of the option's word in the arguments
}

// optParse is what the parser made of a command's arguments.
type optParse struct {
	uses     []optUse
	operands []arg
	// bad says, for each option not understood, what is wrong with it
	bad []string
}

// parse reads args with the spec's table and conventions.
func (s *toolSpec) parse(name string, args []arg) optParse {
	var p optParse
	t := s.opts
	use := func(i int, written string, e optEntry, val *arg, abbrev string) {
		p.uses = append(p.uses, optUse{written: written, e: e, val: val, abbrev: abbrev, at: i})
	}
	useNext := func(i, j int, written string, e optEntry, abbrev string) {
		v := args[i+1]
		p.uses = append(p.uses, optUse{written: written, e: e, val: &v, abbrev: abbrev, at: i, next: true, j: j})
	}
	raw := func(i int, msg string) {
		p.bad = append(p.bad, msg)
		p.uses = append(p.uses, optUse{written: args[i].val, raw: true, at: i})
	}
	start := 0
	if s.oldStyle && len(args) > 0 && !args[0].dyn && args[0].val != "" && args[0].val[0] != '-' {
		start = 1
		w := args[0].val
		for j := 0; j < len(w); j++ {
			e, found := t.short[w[j]]
			if !found {
				raw(0, "unknown option -"+w[j:j+1]+" of "+name)
				break
			}
			switch {
			case e.kind != optRequired:
				use(0, "-"+w[j:j+1], e, nil, "")
			case start < len(args):
				v := args[start]
				p.uses = append(p.uses, optUse{written: "-" + w[j:j+1], e: e, val: &v, at: 0, j: j})
				start++
			default:
				p.bad = append(p.bad, "option -"+w[j:j+1]+" of "+name+" lacks its value")
				use(0, "-"+w[j:j+1], e, nil, "")
			}
		}
	}
	for i := start; i < len(args); i++ {
		a := args[i]
		w := optWord(a)
		if !a.dyn && a.val == "--" {
			p.operands = append(p.operands, args[i+1:]...)
			break
		}
		if w == "" || !strings.HasPrefix(w, "-") || w == "-" ||
			s.modes && !a.dyn && w[1] != '-' && strings.ContainsRune(chmodModeStart, rune(w[1])) {
			if s.stops {
				p.operands = append(p.operands, args[i:]...)
				break
			}
			p.operands = append(p.operands, a)
			continue
		}
		if strings.HasPrefix(w, "--") {
			optName, glued, hasEq := strings.Cut(w[2:], "=")
			if a.dyn && !hasEq {
				// the option's name itself is only known at run time
				raw(i, "an option of "+name+" only known at run time ("+a.val+")")
				continue
			}
			e, full, cands := t.lookupLong(optName)
			if len(cands) > 1 {
				raw(i, "ambiguous option --"+optName+" of "+name+" ("+strings.Join(cands, ", ")+")")
				continue
			}
			if full == "" {
				raw(i, "unknown option --"+optName+" of "+name)
				continue
			}
			abbrev := ""
			if full != optName {
				abbrev = full
			}
			switch {
			case hasEq && e.kind == optFlag:
				p.bad = append(p.bad, "option --"+full+" of "+name+" takes no value")
				use(i, "--"+optName, e, nil, abbrev)
			case hasEq:
				v := gluedValue(a, 2+len(optName)+1)
				if !a.dyn {
					v.val = glued
				}
				use(i, "--"+optName, e, &v, abbrev)
			case e.kind == optRequired:
				if i+1 >= len(args) {
					p.bad = append(p.bad, "option --"+full+" of "+name+" lacks its value")
					use(i, "--"+optName, e, nil, abbrev)
					continue
				}
				useNext(i, 0, "--"+optName, e, abbrev)
				i++
			default:
				use(i, "--"+optName, e, nil, abbrev)
			}
			continue
		}
		// a cluster of short options; the first that takes a value takes
		// the rest of the word, or (a required one) the next word
		valued := false
		for j := 1; j < len(w); j++ {
			e, found := t.short[w[j]]
			if !found && s.digits && w[j] >= '0' && w[j] <= '9' {
				e, found = optEntry{canon: "-NUM"}, true
			}
			if !found {
				raw(i, "unknown option -"+w[j:j+1]+" of "+name)
				break
			}
			if e.kind == optFlag {
				use(i, "-"+w[j:j+1], e, nil, "")
				continue
			}
			valued = true
			switch {
			case j+1 < len(w) || a.dyn:
				v := gluedValue(a, j+1)
				use(i, "-"+w[j:j+1], e, &v, "")
			case e.kind == optOptional:
				use(i, "-"+w[j:j+1], e, nil, "")
			case i+1 < len(args):
				useNext(i, j, "-"+w[j:j+1], e, "")
				i++
			default:
				p.bad = append(p.bad, "option -"+w[j:j+1]+" of "+name+" lacks its value")
				use(i, "-"+w[j:j+1], e, nil, "")
			}
			break
		}
		if a.dyn && !valued {
			// the letters after the static start are only known at run time
			p.bad = append(p.bad, "options of "+name+" only known at run time ("+a.val+")")
		}
	}
	return p
}

// chmodModeStart are the characters GNU chmod takes as the start of a
// mode when they follow a dash.
const chmodModeStart = "rwxXstugoa,+-=01234567"

// lookupLong resolves a long option name, or a unique prefix of one, as
// GNU getopt_long does: an exact name wins, and a prefix of several
// options that are not one option under other names is ambiguous. It
// returns the entry, the full name ("" when none), and the candidates.
func (t *optTable) lookupLong(name string) (optEntry, string, []string) {
	if e, ok := t.long[name]; ok {
		return e, name, nil
	}
	if t.negate && strings.HasPrefix(name, "no-") {
		if e, full, _ := t.lookupLong(name[3:]); full != "" && e.kind == optFlag {
			return optEntry{canon: "--no-" + strings.TrimPrefix(e.canon, "--")}, "no-" + full, nil
		}
	}
	if name == "" {
		return optEntry{}, "", nil
	}
	var hit optEntry
	full := ""
	var cands []string
	for l, e := range t.long {
		if !strings.HasPrefix(l, name) {
			continue
		}
		if full != "" && e == hit {
			// another name of the same option (--quiet, --silent)
			if l < full {
				full = l
			}
			continue
		}
		cands = append(cands, "--"+l)
		hit, full = e, l
	}
	if len(cands) != 1 {
		if len(cands) > 1 {
			slices.Sort(cands)
		}
		return optEntry{}, "", cands
	}
	return hit, full, nil
}

// parseOpts reads args with table t into the form the file tools' rules
// read: the options, each as its canonical name followed by its value
// when it has one, then "--" and the operands; ok is false when an option
// is not understood.
func parseOpts(args []arg, t *optTable) (norm []arg, ok bool) {
	p := (&toolSpec{opts: t}).parse("", args)
	var opts []arg
	for _, u := range p.uses {
		if u.raw {
			opts = append(opts, args[u.at])
			continue
		}
		o := args[u.at]
		o.val, o.dyn, o.glob, o.head, o.known, o.pat, o.cand = u.e.canon, false, false, "", nil, "", ""
		opts = append(opts, o)
		if u.val != nil {
			opts = append(opts, *u.val)
		}
	}
	norm = append(opts, arg{val: "--"})
	if len(args) > 0 {
		norm[len(norm)-1].pos = args[len(args)-1].pos
	}
	return append(norm, p.operands...), len(p.bad) == 0
}

// readOptions reads the options of a tool with a spec before its rules
// run: an option not understood raises option-unknown, naming it; an
// abbreviated long option is written out in full, and a value given as
// the next word is glued to its option (--output f is --output=f, -no f
// is -n -of), so that the rules, which name options by their full
// spelling and take the words that are not options for operands, read
// the call as the tool does. It returns the options read, for
// judgeOptions.
func readOptions(c *call) []optUse {
	s := optionSpecs.get()[c.name]
	if s == nil {
		return nil
	}
	p := s.parse(c.name, c.args)
	for _, msg := range p.bad {
		c.raiseWith(ruleOptionUnknown, occurrence{detail: msg})
	}
	glued := map[int]optUse{}
	for _, u := range p.uses {
		if u.abbrev != "" {
			c.args[u.at] = respell(c.args[u.at], u.written, "--"+u.abbrev)
		}
		if u.next && !s.ownWords && !u.val.tmp {
			glued[u.at] = u
		}
	}
	if len(glued) == 0 {
		return p.uses
	}
	out := make([]arg, 0, len(c.args))
	for i := 0; i < len(c.args); i++ {
		a := c.args[i]
		u, ok := glued[i]
		if !ok {
			out = append(out, a)
			continue
		}
		prefix := a.val + "="
		if u.j > 0 {
			if u.j > 1 {
				flags := a
				flags.val = a.val[:u.j]
				out = append(out, flags)
			}
			prefix = "-" + a.val[u.j:u.j+1]
		}
		out = append(out, glue(a, prefix, c.args[i+1]))
		i++
	}
	c.args = out
	return p.uses
}

// glue makes the word prefix+v, an option with its value glued on, at
// the option's place: dynamic when v is, with v's known values and
// pattern behind the same prefix.
func glue(at arg, prefix string, v arg) arg {
	out := v
	out.pos = at.pos
	out.val = prefix + v.val
	if v.dyn {
		out.head = prefix + v.head
	}
	if len(v.known) > 0 {
		out.known = make([]string, len(v.known))
		for i, k := range v.known {
			out.known[i] = prefix + k
		}
	}
	if v.pat != "" {
		out.pat = prefix + v.pat
	}
	return out
}

// specUses are the options of a call as its tool's spec reads them.
func specUses(c *call) []optUse {
	if s := optionSpecs.get()[c.name]; s != nil {
		return s.parse(c.name, c.args).uses
	}
	return nil
}

// specOperands are the operands of a call as its tool's spec reads them.
func specOperands(c *call) []arg {
	if s := optionSpecs.get()[c.name]; s != nil {
		return s.parse(c.name, c.args).operands
	}
	return positional(c.args)
}

// respell replaces the option at the start of a word, from to to, in
// every form the word carries.
func respell(a arg, from, to string) arg {
	re := func(s string) string {
		if strings.HasPrefix(s, from) {
			return to + s[len(from):]
		}
		return s
	}
	a.val, a.head, a.pat = re(a.val), re(a.head), re(a.pat)
	if len(a.known) > 0 {
		ks := make([]string, len(a.known))
		for i, k := range a.known {
			ks[i] = re(k)
		}
		a.known = ks
	}
	return a
}

// judgeOptions sends the value of each option to the judgement the rest
// of the classifier uses for what the value is: a file written is judged
// as a redirect to it, a file read as reading it, a program as running
// it. It runs after the tool's own rules, and raises no rule they already
// raised, so that an option they judge is not judged twice.
func judgeOptions(c *call, uses []optUse) {
	for _, u := range uses {
		if u.val == nil || u.e.val == valPlain {
			continue
		}
		v := *u.val
		if s := optionSpecs.get()[c.name]; s != nil && s.dashStdout && !v.dyn && v.val == "-" &&
			(u.e.val == valWrite || u.e.val == valDir) {
			continue
		}
		switch u.e.val {
		case valWrite:
			if ru, bad := c.ctx.writeRule(v); bad {
				raiseOnce(c, ru, occurrence{target: c.target(v), kind: EffectWrite})
			}
		case valDir:
			if ru, bad := c.ctx.writeInto(v); bad {
				raiseOnce(c, ru, occurrence{target: c.target(v), kind: EffectWrite})
			}
		case valRead:
			if c.ctx.readsSecret(v, false) {
				raiseOnce(c, ruleReadSecret, occurrence{target: c.target(v)})
			}
		case valRun:
			if raiseOnce(c, ruleRunsProgram, occurrence{detail: u.e.canon, target: v.val}) && !v.dyn && strings.ContainsAny(v.val, " ;|&") {
				c.runScript(FrameScript, v.val)
			}
		}
	}
}

// raiseOnce raises ru for o unless the call already holds a reason of its
// id, and reports whether it raised it.
func raiseOnce(c *call, ru rule, o occurrence) bool {
	if callHas(c, ru.id) {
		return false
	}
	c.raiseWith(ru, o)
	return true
}

func callHas(c *call, id string) bool {
	for _, re := range c.out.Reasons {
		if re.Rule == id {
			return true
		}
	}
	return false
}

// optionSpecs are the specs of every tool, by name, from the families'
// files (tools_files_opts.go, tools_text_opts.go, tools_archives_opts.go, tools_wrappers_opts.go,
// tools_files_readopts.go, tools_network_opts.go).
var optionSpecs = lazy[map[string]*toolSpec]{build: func() map[string]*toolSpec {
	m := map[string]*toolSpec{}
	for _, fam := range []map[string]*toolSpec{fileSpecs(), textSpecs(), archiveSpecs(), wrapperSpecs(), readSpecs(), netSpecs()} {
		for names, s := range fam {
			for n := range strings.FieldsSeq(names) {
				m[n] = s
			}
		}
	}
	return m
}}
