package classify

import "strings"

// arg is one resolved word of a command line.
type arg struct {
	val  string // the value bash would pass; for a dynamic word, the text as written
	dyn  bool   // the value is only known at run time ($x, $(...), ...)
	glob bool   // holds unquoted glob characters that bash would expand
	pos  Pos
	// cand is a value a dynamic word will most likely have, known from
	// static text ($(cat <<EOF ...), echo TEXT | xargs CMD): rules judge it
	// as well as the unknown.
	cand string
	// net marks a word filled from the network: "$(curl ...)", <(curl ...).
	net bool
	// tmp marks a path under $TMPDIR ($TMPDIR/build): dynamic, but known
	// to be in a temporary directory; val then holds the part after it.
	tmp bool
	// known are the values a dynamic word takes when every variable in it
	// is known ($HOME, ~user, $XDG_CONFIG_HOME, a value set earlier; see
	// shell_pathresolve.go); path rules judge each as well as the unknown.
	known []string
	// pat is the word with its unknown parts as *, a glob of every value
	// it can take: /home/$X/.ssh/id_rsa could read anyone's key.
	pat string
	// head is the static start of a dynamic word that is an option with
	// its value glued on (--pre=$P, -o"$F"): the option is certainly
	// there, and its value is unknown.
	head string
	// via is set on a name a path reaches through a link (shell_links.go): the
	// word as written, for the reason; to is where it leads, "" when that
	// is not known.
	via, to string
	// into marks a probe of writing into a directory (writeInto): its
	// last element is no name the input gave
	into bool
	// cut marks a word that is dynamic only because a budget cut it short
	// (a brace expansion too large, a value too long to follow): run as
	// code, it is past a limit (design §2.1), not merely unknown
	cut bool
	// ext marks a word whose only dynamic parts are extended patterns
	// (@(a|b)): its text, a glob, is searched for links like any glob
	ext bool
	// exact marks a dynamic word whose one value, known[0], is certain:
	// a short option with a known value glued on (-o$HOME/x). The word
	// stays dynamic for the rules that read it whole, and the value the
	// option parser cuts from it is that value, as a word of its own
	// would be (gluedValue).
	exact bool
}

// flowKind says what a command reads on its standard input.
type flowKind uint8

const (
	flowNone     flowKind = iota // inherited: a terminal, or nothing
	flowText                     // static text known now (echo, printf, heredoc, here-string)
	flowData                     // data only known at run time (a file, another program's output)
	flowDownload                 // content fetched from the network
)

// flow is what reaches a command's standard input.
type flow struct {
	kind flowKind
	text string // for flowText
	// decoded: the text was decoded from something else (base64 -d):
	// known, but written so that nobody reads it
	decoded bool
	// known is text known now that lands among data that is not (the
	// lines sed's a, i and c add, its s/// replacements): what it names,
	// the written text names (walker.landed)
	known string
	// found is where the files lie that find lists on its output, as a
	// path for the command that reads them (xargs rm); nil when unknown
	found *arg
	// from is the file a < redirect reads, when its name is static
	from *arg
	// fds are the texts heredocs and here-strings give file descriptors
	// other than standard input (3<<EOF), by number: a command that opens
	// /dev/fd/3 reads that text
	fds map[string]flow
}

// call is one simple command being classified, after wrappers were
// unwrapped. Rules inspect it and raise its verdict; nothing lowers it.
type call struct {
	ctx     toolCtx // the classification in progress, as the tools stage sees it
	name    string  // program name as looked up: lowercase, system directory removed
	args    []arg   // the words after the name
	pos     Pos
	snippet string
	stdin   flow
	out     *Command
	// env holds the static variables set for this command only
	// (FOO=1 cmd, env FOO=1 cmd): git reads configuration from them.
	env map[string]string
	// dynEnv are the variables set for this command with a value not
	// known now (HOME=$PWD/fake cmd), which env does not hold.
	dynEnv []string
	// abbrev: the program accepts a prefix of a long option (git's
	// --har is --hard), so hasOpt matches prefixes too.
	abbrev bool
	// mapped: a prefix mapping was applied; one is enough, and a second
	// could loop (a -> b, b -> a).
	mapped bool
	// slot is 1 + the index of the command's entry in Commands, taken
	// when it starts running; 0 before.
	slot int
	// stage raises the call's reasons: StageTools, or StageToolCall for
	// a tool call's own (zero is StageTools).
	stage Stage
	// action is the program and the subcommand its table row names
	// ("git push"), the target of its rules' effect; "" before a row
	// matched, when the program's name stands for it.
	action string
}

// setEnv records a variable set for this command.
func (c *call) setEnv(name, val string) {
	if c.env == nil {
		c.env = map[string]string{}
	}
	c.env[name] = val
}

// raise records a reason on the call and lifts its verdict.
func (c *call) raise(ru rule) {
	c.raiseWith(ru, occurrence{})
}

// raiseWith is raise for one occurrence of ru: the reason keeps the rule's
// message, and o says what this occurrence adds to it.
func (c *call) raiseWith(ru rule, o occurrence) {
	if ru.id == ruleDynScript.id && c.ctx.limit() == LimitNone {
		// code only known at run time because a budget cut it short: a
		// deny rule never saw it
		for _, a := range c.args {
			if a.cut {
				c.ctx.pastLimit(LimitWork, limitRule, "runs as code a word that was cut short by a budget (a brace expansion or a value too large to follow)", c.pos, c.snippet)
				break
			}
		}
	}
	if c.out.Reasons == nil {
		c.out.Reasons = make([]Reason, 0, 2)
	}
	action := c.action
	if action == "" {
		action = c.name
	}
	if o.target == "" {
		o.target = ru.target
	}
	stage, effect := stageEffect(ru, o, c.stage, true, action)
	if effect.Kind == EffectAction && daemonClient(c.name) {
		effect.Kind = EffectDaemon
	}
	host, listen := hostReason(ru, c.name), listenReason(ru, c.name)
	if listen && c.ctx.inBackground() {
		// a server left running in the background (npm run dev &)
		// would outlive the call, which no box lets anything do: it is
		// not served by a box, and runs unboxed at its verdict
		host, listen = true, false
		o.detail = joinDetail(o.detail, "left running in the background, which no box lets outlive the call")
	}
	c.out.Reasons = append(c.out.Reasons, Reason{
		Rule: ru.id, Level: ru.level, Dangerous: ru.dangerous, Unseen: ru.unseen, Host: host, Network: networkReason(ru, c.name), Listen: listen,
		Message: ru.why, Detail: joinDetail(o.detail, ru.via), Pos: c.pos, Snippet: c.snippet, Stage: stage, Effect: effect,
	})
	if ru.level > c.out.Level {
		c.out.Level = ru.level
	}
	if ru.dangerous {
		c.out.Dangerous = true
		c.out.Level = High
	}
	if ru.sends {
		c.sendsCheck()
	}
}

// raiseRunFile raises ru for running the file a names: as code nobody has
// seen (design §4, sandboxed allow) when a lies inside the workspace or a
// temporary directory, where the agent writes the code it runs; a file in
// the home directory or anywhere else is the user's or the system's, and
// a name only known at run time could be either.
func (c *call) raiseRunFile(ru rule, a arg) {
	if !a.net && (!a.dyn || a.tmp) {
		if pl, _ := c.ctx.placeOf(a); pl == placeWorkspace || pl == placeTemp {
			ru = unseen(ru)
		}
	}
	c.raise(ru)
}

// hasOpt reports whether any option in opts (space-separated) is present.
// "--force" matches "--force" and "--force=..."; a one-letter "-f" also
// matches inside a cluster such as "-rf". Scanning stops at "--".
func (c *call) hasOpt(opts string) bool {
	if c.abbrev {
		return hasOptAbbrev(c.args, opts)
	}
	return hasOpt(c.args, opts)
}

// hasOptAbbrev is hasOpt for programs that accept abbreviated long
// options: "--forc" matches "--force". An ambiguous prefix is an error in
// git; counting it as a match only errs toward a higher verdict.
func hasOptAbbrev(args []arg, opts string) bool {
	if hasOpt(args, opts) {
		return true
	}
	for _, a := range args {
		v := optWord(a)
		if v == "" {
			continue
		}
		if v == "--" {
			return false
		}
		name, _, _ := strings.Cut(v, "=")
		if len(name) < 4 || !strings.HasPrefix(name, "--") {
			continue
		}
		for o := range strings.FieldsSeq(opts) {
			if strings.HasPrefix(o, "--") && strings.HasPrefix(o, name) {
				return true
			}
		}
	}
	return false
}

func hasOpt(args []arg, opts string) bool {
	for _, a := range args {
		// a dynamic word is read by its static start: --pre=$P has --pre
		v := optWord(a)
		if v == "" {
			continue
		}
		if v == "--" {
			return false
		}
		for o := range strings.FieldsSeq(opts) {
			if optMatches(v, o) {
				return true
			}
		}
	}
	return false
}

func optMatches(a, o string) bool {
	if a == o {
		return true
	}
	if strings.HasPrefix(o, "--") || len(o) > 2 {
		// --opt=value, and single-dash long options: go's -toolexec=x
		return strings.HasPrefix(a, o+"=")
	}
	if len(o) == 2 && strings.HasPrefix(a, o+"=") {
		return true // go's flag syntax: -w=true
	}
	if len(o) == 2 && o[0] == '-' && len(a) > 2 && a[0] == '-' && a[1] != '-' {
		// a short-option cluster: -rf holds -r and -f
		for _, ch := range a[1:] {
			if ch < 'A' || ch > 'z' {
				return false
			}
		}
		return strings.ContainsRune(a[1:], rune(o[1]))
	}
	return false
}

// optValue returns the value of option o ("--file=x", "--file x", "-fx",
// "-f x", "-sf x", "-sfx") and whether it was found: the first of
// optionValues, read the way the program reads a prefix of a long option
// when it does (c.abbrev). A dynamic value is returned as written with
// dyn set, and so is a value glued to its option ("-o$F").
func (c *call) optValue(opts string) (arg, bool) {
	if hs := optionValues(c.args, opts, optConv{abbrev: c.abbrev, first: true}); len(hs) > 0 {
		return hs[0].val, true
	}
	return arg{}, false
}

// optConv is how a program reads its options beyond the forms every
// reader here takes: --opt=v, --opt v, -o v, -ov, -o=v, a single-dash
// long option written out (-toolexec v, -toolexec=v), and a cluster of
// one-letter options whose first that takes a value takes the rest of
// the word or the next word (-sf x, -sfx).
type optConv struct {
	// abbrev: a prefix of a long option stands for it, as GNU
	// getopt_long, Ruby's OptionParser, argparse and PEAR's Console_Getopt
	// read them (--makef is --makefile). A prefix of several options is
	// an error to the program; counting it only errs toward a higher
	// verdict.
	abbrev bool
	// dashLong: -name is the long option --name and --o the short -o, as
	// Gradle's forgiving parser reads them
	dashLong bool
	// stops: the options end at the first operand, and the words after
	// it are another program's (an interpreter's script: node x.js -r y)
	stops bool
	// values are the program's other options that take the next word as
	// their value, so that with stops a value is not taken for the first
	// operand, and a cluster ends at one of them
	values string
	// flags are the program's one-letter options that take no value: in
	// a cluster, the letters before the option must be among them for a
	// value glued on after it to be its (-sfx.mk)
	flags string
	// first: only the first value is wanted
	first bool
}

// optHit is one value of an option, as the program reads it.
type optHit struct {
	val  arg
	opt  string // the spelling in opts it matched
	at   int    // the index of the word that holds the option
	next bool   // the value is the word after it
}

// optionValues returns every value of the options in opts
// (space-separated spellings) in args, in order, read by conv. Scanning
// stops at "--". The word after an option that takes it is its value
// even when it starts with a dash, as getopt reads it, and is read as an
// option too: a program whose option takes an optional value (rollup
// -c -p x) would, and reading it twice only finds more.
func optionValues(args []arg, opts string, conv optConv) []optHit {
	var hits []optHit
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !a.dyn && a.val == "--" {
			break
		}
		w := optWord(a)
		if len(w) < 2 || w[0] != '-' {
			if conv.stops {
				break // the first operand: the options are over
			}
			continue
		}
		spell, n, next, other := matchOption(w, opts, conv)
		switch {
		case spell == "" && other && !a.dyn && i+1 < len(args):
			i++ // another option's value
		case spell == "":
		case next && a.dyn && len(spell) == 2 && !strings.HasPrefix(w, "--"):
			// -f$X, -sf"$X": the value is what is only known at run time
			hits = append(hits, optHit{val: gluedValue(a, len(w)), opt: spell, at: i})
		case next && a.dyn:
			// the option's name itself runs on into what is only known
			// at run time (--file$X): not this option for certain
		case next:
			if i+1 < len(args) {
				hits = append(hits, optHit{val: args[i+1], opt: spell, at: i, next: true})
				if v := args[i+1]; v.dyn || !strings.HasPrefix(v.val, "-") || v.val == "-" {
					i++
				}
			}
		default:
			hits = append(hits, optHit{val: gluedValue(a, n), opt: spell, at: i})
		}
		if conv.first && len(hits) > 0 {
			return hits
		}
	}
	return hits
}

// matchOption reads the option word w (the static start of a dynamic
// word) against opts: the spelling it matched, and where its value is:
// glued on from byte n, or the next word (next). other reports an option
// of conv.values that takes the next word.
func matchOption(w, opts string, conv optConv) (spell string, n int, next, other bool) {
	long := strings.HasPrefix(w, "--")
	name, _, eq := strings.Cut(w, "=")
	// a long option written out (--file, -toolexec) or, where the program
	// takes them, abbreviated (--fi) or with the other number of dashes
	// (-file, --f)
	longMatch := func(f string) bool {
		return name == f || conv.abbrev && long && strings.HasPrefix(f, "--") && len(name) > 2 && strings.HasPrefix(f, name)
	}
	for o := range strings.FieldsSeq(opts) {
		if len(o) < 2 || o[0] != '-' {
			continue
		}
		hit := len(o) > 2 && longMatch(o)
		if !hit && conv.dashLong {
			switch {
			case strings.HasPrefix(o, "--"):
				hit = longMatch(o[1:])
			case len(o) == 2:
				hit = len(name) == 3 && long && name[2] == o[1]
			}
		}
		if hit {
			if eq {
				return o, len(name) + 1, false, false
			}
			return o, 0, true, false
		}
	}
	if long {
		if !eq && hasWord(conv.values, name) {
			return "", 0, false, true
		}
		return "", 0, false, false
	}
	if len(w) > 2 && w[2] == '=' && hasWord(opts, w[:2]) {
		return w[:2], 3, false, false // -f=x, as Gradle, yargs and Go's flag read it
	}
	if hasWord(opts, w[:2]) {
		if len(w) > 2 {
			return w[:2], 2, false, false // -fx
		}
		return w[:2], 0, true, false
	}
	// a cluster: one-letter options the program takes no value for, then
	// one that takes the rest of the word or the next word (-sf x, and
	// with conv.flags -sfx). Without a list of the flags, the letters
	// before are taken for flags only when the option ends the word:
	// -Ifoo/x may be -I with the value foo/x, not -o with /x.
	flags := true
	for j := 1; j < len(w); j++ {
		ch := w[j]
		if !(ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z') {
			break
		}
		o, mine := shortOpt(opts, ch)
		switch {
		case mine && j+1 == len(w):
			return o, 0, true, false
		case mine && flags && conv.flags != "":
			return o, j + 1, false, false
		}
		if _, ok := shortOpt(conv.values, ch); ok {
			// the rest of the word, or the next word, is that option's
			return "", 0, false, j+1 == len(w)
		}
		_, flag := shortOpt(conv.flags, ch)
		flags = flags && flag
	}
	return "", 0, false, false
}

// shortOpt returns the one-letter option -ch of the space-separated
// list, without building its name.
func shortOpt(list string, ch byte) (string, bool) {
	for o := range strings.FieldsSeq(list) {
		if len(o) == 2 && o[0] == '-' && o[1] == ch {
			return o, true
		}
	}
	return "", false
}

func isLetters(s string) bool {
	for i := 0; i < len(s); i++ {
		if !(s[i] >= 'a' && s[i] <= 'z' || s[i] >= 'A' && s[i] <= 'Z') {
			return false
		}
	}
	return true
}

// anyDynamic reports whether any argument is only known at run time.
func (c *call) anyDynamic() bool {
	for _, a := range c.args {
		if a.dyn {
			return true
		}
	}
	return false
}

// words returns the arguments that are not options, stopping nothing:
// values of options listed in valueOpts are skipped.
func (c *call) words(valueOpts string) []arg {
	var out []arg
	for i := 0; i < len(c.args); i++ {
		a := c.args[i]
		if a.dyn {
			out = append(out, a)
			continue
		}
		if a.val == "--" {
			out = append(out, c.args[i+1:]...)
			break
		}
		if strings.HasPrefix(a.val, "-") && len(a.val) > 1 {
			for o := range strings.FieldsSeq(valueOpts) {
				if a.val == o {
					i++
					break
				}
			}
			continue
		}
		out = append(out, a)
	}
	return out
}

// shellRaise raises ru on the call for what the shell judged of it: an
// assignment before the command, a builtin's.
func (c *call) shellRaise(ru rule, o occurrence) {
	if o.stage == 0 {
		// a judged path keeps its own stage (a cache variable pointed
		// at the home directory is the policy's delete)
		o.stage = StageShell
	}
	c.raiseWith(ru, o)
}

// target is the target of an effect of the call on the path a
// (walker.pathTarget).
func (c *call) target(a arg) string { return c.ctx.pathTarget(a) }

// raiseJudged raises what judge says of a, when it is more than the low
// of work in the workspace, which the tool's own row already covers.
func (c *call) raiseJudged(judge func(arg) (rule, bool), a arg) {
	if ru, bad := judge(a); bad && ru.level > Low {
		c.raiseWith(ru, occurrence{target: c.target(a)})
	}
}
