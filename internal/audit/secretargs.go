package audit

import (
	"slices"
	"sort"
	"strings"
	"sync"

	"mvdan.cc/sh/v3/syntax"
)

// The secrets programs take as arguments, found by each program's own
// options rather than by a pattern (issue 22): -p is mysql's password and
// ls's "mark directories", so only a table that knows mysql can tell. The
// command is parsed with mvdan.cc/sh, and every simple command in it is
// read, those after wrappers (sudo, env, timeout, ...) and in the scripts
// sh -c, eval and ssh run included.

// argRule is one program's secret arguments. Options are listed as
// written, space-separated: "-p --password"; a one-dash word of several
// letters ("-storepass") is a long option of its own.
type argRule struct {
	id    string
	names string // the programs
	// sub is a word that must come before the secret, as the subcommand
	// that takes it: docker's -p is a port, docker login's a password.
	sub string
	// either: the value is a secret, glued (-pX, --password=X) or the
	// next word (-p X, --password X).
	either string
	// glued: the value is a secret only glued; alone the option asks
	// for it (mysql -p db: db is the database).
	glued string
	// user: the value is user:secret or user%secret (curl -u, smbclient
	// -U); the part after the separator is masked.
	user string
	// takes are the options that take a value that is no secret, so that
	// it is not read as an operand.
	takes string
	// lastIf: when this option is given, the last operand is a secret
	// (htpasswd -b FILE USER PASSWORD).
	lastIf string
	// after: the operand that follows this word is a secret (mysqladmin
	// password NEW, nmcli ... password PSK).
	after string
	// nth: the operand at this place (from 1) is a secret (smbclient
	// SERVICE PASSWORD).
	nth int
	// posix: options end at the first operand, as the program reads
	// them (htpasswd): a password may start with a dash.
	posix bool
	why   string
}

// argRules is the table. A program may have several rows.
var argRules = []argRule{
	{id: "mysql-password", names: "mysql mysqldump mysqladmin mysqlimport mysqlshow mysqlcheck mysqlpump mysqlslap mariadb mariadb-dump mariadb-admin mariadb-import mariadb-show mariadb-check",
		glued: "-p --password", takes: "-u --user -h --host -P --port -D --database -e --execute -S --socket", why: "the MySQL password, glued to -p"},
	{id: "mysqladmin-password", names: "mysqladmin mariadb-admin", after: "password", why: "the new MySQL password"},
	{id: "sshpass", names: "sshpass", either: "-p", takes: "-f -d -P", why: "the ssh password sshpass types"},
	{id: "registry-login", names: "docker podman buildah skopeo nerdctl oras crane helm", sub: "login", either: "-p --password", takes: "-u --username", why: "a registry password"},
	{id: "redis-cli", names: "redis-cli valkey-cli keydb-cli", either: "-a --pass --user-password", takes: "-h -p -s -n -u --user", why: "the Redis password"},
	{id: "ldap-password", names: "ldapsearch ldapmodify ldapadd ldapdelete ldapwhoami ldapcompare ldapmodrdn ldapexop ldapurl", either: "-w", takes: "-D -H -h -p -b -s -f", why: "the LDAP bind password"},
	{id: "ldappasswd", names: "ldappasswd", either: "-w -a -s", takes: "-D -H -h -p", why: "an LDAP password, old or new"},
	{id: "htpasswd", names: "htpasswd", lastIf: "-b", takes: "-C -r", posix: true, why: "the password htpasswd -b takes on its command line"},
	{id: "user-password", names: "curl", user: "-u --user -U --proxy-user", takes: "-H --header -d --data -o --output -X --request", why: "the password after user: in curl -u"},
	{id: "samba-user", names: "smbclient rpcclient smbcacls smbget", user: "-U --user", either: "--password", takes: "-W --workgroup -I --ip-address -p --port -c --command -D --directory", why: "the password after user% in -U"},
	{id: "smbclient-password", names: "smbclient", nth: 2, takes: "-U --user -W --workgroup -I --ip-address -p --port -c --command -D --directory -m --max-protocol -n --netbiosname -O --socket-options -s --configfile -t --timeout -T --tar", why: "the password smbclient takes after the service"},
	{id: "ssh-keygen", names: "ssh-keygen", either: "-N -P", takes: "-t -b -f -C -O", why: "a key's passphrase"},
	{id: "openssl-pass", names: "openssl", either: "-passin -passout -pass -k -K", takes: "-in -out -inkey -keyform -outform -certfile", why: "an openssl password or key"},
	{id: "zip-password", names: "zip unzip zipcloak", either: "-P --password", why: "the zip password"},
	{id: "7z-password", names: "7z 7za 7zr 7zz", glued: "-p", why: "the 7-Zip password, glued to -p"},
	{id: "keytool", names: "keytool", either: "-storepass -keypass -srcstorepass -deststorepass -srckeypass -destkeypass -new", takes: "-keystore -alias -file", why: "a Java keystore password"},
	{id: "azure-login", names: "az", sub: "login", either: "-p --password", takes: "-u --username -t --tenant", why: "an Azure password or client secret"},
	{id: "sqlcmd", names: "sqlcmd bcp", either: "-P", takes: "-S -U -d -Q -i -o", why: "the SQL Server password"},
	{id: "mongo", names: "mongo mongosh mongodump mongorestore mongoexport mongoimport mongostat mongotop", either: "-p --password", takes: "-u --username --host --port -d --db", why: "the MongoDB password"},
	{id: "nmcli", names: "nmcli", after: "password wifi-sec.psk 802-11-wireless-security.psk", why: "a Wi-Fi password"},
}

// wrapper is a program that runs another: its options, and how many
// operands of its own come before the command (timeout's duration, ssh's
// host).
type wrapper struct {
	names    string
	takes    string
	operands int
	// assigns: it takes NAME=VALUE words before the command (env)
	assigns bool
	// remote: the command is a shell line run elsewhere (ssh): a single
	// word is a script.
	remote bool
	// script: an option whose value is a command line (env -S)
	script string
}

var wrappers = []wrapper{
	{names: "sudo doas", takes: "-u --user -g --group -h --host -p --prompt -C --close-from -D --chdir -r --role -t --type -T --command-timeout -U --other-user"},
	{names: "env", takes: "-u --unset -C --chdir -S --split-string", assigns: true, script: "-S --split-string"},
	{names: "timeout", takes: "-s --signal -k --kill-after", operands: 1},
	{names: "nice", takes: "-n --adjustment"},
	{names: "ionice", takes: "-c --class -n --classdata -p --pid -t"},
	{names: "stdbuf", takes: "-i --input -o --output -e --error"},
	{names: "nohup setsid command exec builtin unbuffer chronic"},
	{names: "time", takes: "-o --output -f --format"},
	{names: "xargs", takes: "-a --arg-file -d --delimiter -E -e --eof -I -i --replace -L -l --max-lines -n --max-args -P --max-procs -s --max-chars"},
	{names: "sshpass", takes: "-p -f -d -P"},
	{names: "watch", takes: "-n --interval -d --differences"},
	{names: "ssh", takes: "-b -c -D -E -e -F -I -i -J -L -l -m -O -o -p -Q -R -S -W -w", operands: 1, remote: true},
}

// shells run the script their -c option names.
var shells = []string{"sh", "bash", "zsh", "dash", "ksh", "mksh", "ash", "yash", "fish"}

// argWord is one word of a command line.
type argWord struct {
	val        string // what the program receives
	start, end int    // its bytes in the text
	// plain: the text between start and end is val itself, no quotes or
	// escapes, so a part of it can be masked alone
	plain bool
	// dyn: it holds an expansion, so its value is not known
	dyn bool
	// script is where the text of a single-quoted word (or a plain one)
	// starts: it can be read again as a script at that offset; -1 if not
	script int
	// prefix is the static text before the first expansion of a dyn
	// word: -p"$x" is still mysql's -p.
	prefix string
}

// span is a part of the text to mask.
type span struct{ start, end int }

// parsers are reused: every decision logged parses its command and its
// detail, and a parser holds buffers worth keeping.
var parsers = sync.Pool{New: func() any {
	return syntax.NewParser(syntax.Variant(syntax.LangBash), syntax.RecoverErrors(8))
}}

// maxArgDepth bounds the scripts read inside scripts (sh -c 'sh -c ...').
const maxArgDepth = 4

// maskArgs masks the secret arguments of every command in s.
func maskArgs(s string) string {
	spans := argSpans(s, 0, 0)
	if len(spans) == 0 {
		return s
	}
	sort.Slice(spans, func(i, j int) bool { return spans[i].start < spans[j].start })
	var b strings.Builder
	last := 0
	for _, sp := range spans {
		if sp.start < last {
			sp.start = last // overlapping masks are one
		}
		if sp.end <= sp.start {
			continue
		}
		b.WriteString(s[last:sp.start])
		b.WriteString(Mask)
		last = sp.end
	}
	b.WriteString(s[last:])
	return b.String()
}

// argSpans parses src, which starts at offset base of the text, and
// returns the secrets of every simple command in it. Where src does not
// parse even with the parser's recovery, its words, split at blanks, are
// read as one command line after another.
func argSpans(src string, base, depth int) []span {
	p := parsers.Get().(*syntax.Parser)
	defer parsers.Put(p) // after the walk: a script inside gets another
	f, err := p.Parse(strings.NewReader(src), "")
	if err != nil || f == nil {
		return blankSplitSpans(src, base, depth)
	}
	var out []span
	syntax.Walk(f, func(n syntax.Node) bool {
		if ce, ok := n.(*syntax.CallExpr); ok && len(ce.Args) > 0 {
			words := make([]argWord, len(ce.Args))
			for i, w := range ce.Args {
				words[i] = wordOf(src, w, base)
			}
			out = append(out, commandSpans(words, depth)...)
		}
		return true
	})
	return out
}

// wordOf reads a parsed word: its value where it is static.
func wordOf(src string, w *syntax.Word, base int) argWord {
	start, end := int(w.Pos().Offset()), int(w.End().Offset())
	a := argWord{start: base + start, end: base + end, script: -1}
	if start < 0 || end > len(src) || start > end {
		a.dyn = true
		return a
	}
	var b strings.Builder
	dynamic := func() {
		if !a.dyn {
			a.dyn, a.prefix = true, b.String()
		}
	}
	for _, part := range w.Parts {
		switch p := part.(type) {
		case *syntax.Lit:
			b.WriteString(unescape(p.Value))
		case *syntax.SglQuoted:
			b.WriteString(p.Value)
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				lit, ok := q.(*syntax.Lit)
				if !ok {
					dynamic()
					continue
				}
				b.WriteString(unescape(lit.Value))
			}
		default:
			dynamic()
		}
	}
	a.val = b.String()
	text := src[start:end]
	a.plain = !a.dyn && text == a.val
	switch {
	case a.plain:
		a.script = a.start
	case len(w.Parts) == 1:
		if q, ok := w.Parts[0].(*syntax.SglQuoted); ok && !q.Dollar && len(text) == len(q.Value)+2 {
			a.script = a.start + 1
		}
	}
	return a
}

// unescape removes the backslashes bash removes from an unquoted word
// (and, which is near enough here, from a double-quoted one).
func unescape(s string) string {
	if !strings.Contains(s, `\`) {
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

// blankSplitSpans is the last resort for text that does not parse: its
// words split at blanks, a command ending at ; | or &.
func blankSplitSpans(src string, base, depth int) []span {
	var out []span
	var words []argWord
	flush := func() {
		if len(words) > 0 {
			out = append(out, commandSpans(words, depth)...)
		}
		words = nil
	}
	for i := 0; i < len(src); {
		for i < len(src) && isSpace(src[i]) {
			i++
		}
		j := i
		for j < len(src) && !isSpace(src[j]) {
			j++
		}
		if i == j {
			break
		}
		text := src[i:j]
		ends := strings.TrimRight(text, ";|&")
		val := strings.Trim(ends, `'"`)
		if val != "" {
			words = append(words, argWord{val: val, start: base + i, end: base + i + len(ends), plain: val == ends, script: -1})
		}
		if len(ends) < len(text) {
			flush()
		}
		i = j
	}
	flush()
	return out
}

// commandSpans returns the secrets of one command line, and of the
// commands it runs.
func commandSpans(words []argWord, depth int) []span {
	for len(words) > 0 && !words[0].dyn && isAssignment(words[0].val) {
		words = words[1:] // FOO=bar cmd: the variables are the word pass's
	}
	if len(words) == 0 || words[0].dyn {
		return nil
	}
	name := words[0].val
	if i := strings.LastIndexByte(name, '/'); i >= 0 {
		name = name[i+1:]
	}
	args := words[1:]
	prog := programs()[name]
	var out []span
	if prog != nil {
		for _, r := range prog.rules {
			out = append(out, r.spans(args)...)
		}
	}
	if depth >= maxArgDepth {
		return out
	}
	switch {
	case slices.Contains(shells, name):
		// -c, alone or in a cluster (bash -lc): the first operand is
		// the script
		script := false
		for _, a := range args {
			switch {
			case a.dyn:
			case strings.HasPrefix(a.val, "-") && !strings.HasPrefix(a.val, "--"):
				script = script || strings.Contains(a.val, "c")
				continue
			case strings.HasPrefix(a.val, "--"):
				continue
			case script:
				out = append(out, scriptSpans(a, depth)...)
			}
			break
		}
	case name == "eval" && len(args) == 1:
		out = append(out, scriptSpans(args[0], depth)...)
	case name == "eval":
		out = append(out, commandSpans(args, depth+1)...)
	}
	if prog != nil && prog.wrapper != nil {
		out = append(out, prog.wrapper.inner(args, depth)...)
	}
	return out
}

// program is what the tables say about one program name.
type program struct {
	rules   []*argRule
	wrapper *wrapper
}

// programs indexes the tables by program name, on first use rather than
// at start: most processes never log a decision.
var programs = sync.OnceValue(func() map[string]*program {
	index := map[string]*program{}
	get := func(name string) *program {
		if index[name] == nil {
			index[name] = &program{}
		}
		return index[name]
	}
	for i := range argRules {
		for name := range strings.FieldsSeq(argRules[i].names) {
			get(name).rules = append(get(name).rules, &argRules[i])
		}
	}
	for i := range wrappers {
		for name := range strings.FieldsSeq(wrappers[i].names) {
			get(name).wrapper = &wrappers[i]
		}
	}
	return index
})

// scriptSpans reads a word again as the script it holds.
func scriptSpans(w argWord, depth int) []span {
	if w.dyn || w.script < 0 {
		return nil
	}
	return argSpans(w.val, w.script, depth+1)
}

// inner returns the secrets of the command the wrapper runs.
func (wr *wrapper) inner(args []argWord, depth int) (out []span) {
	i := 0
	for ; i < len(args); i++ {
		a := args[i]
		if a.dyn {
			return out // the command is not known
		}
		if a.val == "--" {
			i++
			break
		}
		if wr.assigns && isAssignment(a.val) {
			continue
		}
		if !strings.HasPrefix(a.val, "-") || a.val == "-" {
			break
		}
		name, _, glued := cutOption(a.val)
		takesNext := false
		if strings.HasPrefix(a.val, "--") {
			takesNext = !glued && listed(wr.takes, name)
		} else {
			// -iu root: the last letter of a cluster may take the next word
			for k := 1; k < len(a.val); k++ {
				if opt := "-" + a.val[k:k+1]; listed(wr.takes, opt) {
					name, takesNext = opt, k == len(a.val)-1
					break
				}
			}
		}
		if takesNext && i+1 < len(args) {
			if listed(wr.script, name) {
				out = append(out, scriptSpans(args[i+1], depth)...)
			}
			i++ // its value
		}
	}
	i += wr.operands
	if i >= len(args) {
		return out
	}
	rest := args[i:]
	if wr.remote && len(rest) == 1 {
		return append(out, scriptSpans(rest[0], depth)...)
	}
	return append(out, commandSpans(rest, depth+1)...)
}

// spans returns the secrets among args, a command's words after its name.
func (r *argRule) spans(args []argWord) []span {
	var out []span
	mask := func(a argWord, from int) {
		if a.plain {
			out = append(out, span{a.start + from, a.end})
			return
		}
		out = append(out, span{a.start, a.end}) // quoted or escaped: the whole word
	}
	maskUser := func(a argWord, from int) {
		v := a.val[from:]
		if k := strings.IndexAny(v, ":%"); k >= 0 {
			mask(a, from+k+1)
		}
	}
	subSeen := r.sub == ""
	var operands []int
	flags := map[string]bool{}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a.dyn {
			// -p"$x": what is known of it may still start a secret
			if subSeen && r.secretPrefix(a.prefix) {
				mask(a, 0)
			}
			operands = append(operands, i)
			continue
		}
		if a.val == "--" || (r.posix && len(operands) > 0) {
			if a.val == "--" {
				i++
			}
			for j := i; j < len(args); j++ {
				operands = append(operands, j)
			}
			break
		}
		if !strings.HasPrefix(a.val, "-") || a.val == "-" {
			if r.after != "" && listed(r.after, a.val) && i+1 < len(args) {
				mask(args[i+1], 0)
				i++
				continue
			}
			subSeen = subSeen || a.val == r.sub
			operands = append(operands, i)
			continue
		}
		// a long option, or a one-dash word listed whole (-storepass)
		if name, value, glued := cutOption(a.val); strings.HasPrefix(a.val, "--") || r.kind(name) != optNone {
			flags[name] = true
			kind, at := r.kind(name), len(a.val)-len(value)
			switch {
			case !subSeen:
			case glued && (kind == optEither || kind == optGlued):
				mask(a, at)
			case glued && kind == optUser:
				maskUser(a, at)
			case kind == optEither && i+1 < len(args):
				mask(args[i+1], 0)
			case kind == optUser && i+1 < len(args):
				maskUser(args[i+1], 0)
			}
			if !glued && kind.valued() {
				i++
			}
			continue
		}
		// one-letter options, clustered: -bc, -uroot, -pX
		for k := 1; k < len(a.val); k++ {
			opt := a.val[:2] // -p of -pX, without an allocation
			if k > 1 {
				opt = "-" + a.val[k:k+1]
			}
			flags[opt] = true
			rest, kind := a.val[k+1:], r.kind(opt)
			if kind == optNone {
				continue
			}
			switch {
			case !subSeen:
			case rest != "" && (kind == optEither || kind == optGlued):
				mask(a, k+1)
			case rest != "" && kind == optUser:
				maskUser(a, k+1)
			case kind == optEither && i+1 < len(args):
				mask(args[i+1], 0)
			case kind == optUser && i+1 < len(args):
				maskUser(args[i+1], 0)
			}
			if rest == "" && kind.valued() {
				i++
			}
			break
		}
	}
	if r.lastIf != "" && flags[r.lastIf] && len(operands) > 0 {
		mask(args[operands[len(operands)-1]], 0)
	}
	if r.nth > 0 && len(operands) >= r.nth {
		mask(args[operands[r.nth-1]], 0)
	}
	return out
}

// optKind is what an option's value is to a rule.
type optKind uint8

const (
	optNone   optKind = iota // not listed: a flag
	optEither                // a secret, glued or the next word
	optGlued                 // a secret when glued; alone, it asks
	optUser                  // user:secret
	optTakes                 // no secret, but the next word is its value
)

// valued reports a kind that takes the next word when not glued.
func (k optKind) valued() bool { return k == optEither || k == optUser || k == optTakes }

func (r *argRule) kind(opt string) optKind {
	switch {
	case listed(r.either, opt):
		return optEither
	case listed(r.glued, opt):
		return optGlued
	case listed(r.user, opt):
		return optUser
	case listed(r.takes, opt):
		return optTakes
	}
	return optNone
}

// secretPrefix reports a word that starts with an option whose glued
// value is a secret: -pX, --password=X.
func (r *argRule) secretPrefix(p string) bool {
	for _, list := range []string{r.either, r.glued, r.user} {
		for f := range strings.FieldsSeq(list) {
			if strings.HasPrefix(f, "--") {
				f += "="
			}
			if len(p) > len(f) && strings.HasPrefix(p, f) {
				return true
			}
		}
	}
	return false
}

// cutOption splits --name=value (or -name=value) at its first =.
func cutOption(w string) (name, value string, glued bool) {
	return strings.Cut(w, "=")
}

// listed reports whether word is one of the space-separated list.
func listed(list, word string) bool {
	for f := range strings.FieldsSeq(list) {
		if f == word {
			return true
		}
	}
	return false
}

// isAssignment reports NAME=value.
func isAssignment(w string) bool {
	name, _, ok := strings.Cut(w, "=")
	return ok && isName(name)
}
