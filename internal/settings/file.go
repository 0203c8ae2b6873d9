package settings

import (
	"fmt"
	"math"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/agent-permguard/permguard/internal/classify"
)

// Caps on list sizes (design §5): past them, the rest is dropped with a
// warning. They bound the work a hostile project file can cause.
const (
	maxPatternsPerLevel = 100
	maxDenyPatterns     = 100
	maxPrefixMappings   = 50
)

// The caps on the lists that permguard allow and deny write.
const (
	MaxPatternsPerLevel = maxPatternsPerLevel
	MaxDenyPatterns     = maxDenyPatterns
)

// FullError is a pattern that was not added because the list it belongs
// to already holds as many valid patterns as a load reads: the new one
// would be dropped, so adding it would report a rule that never applies.
type FullError struct {
	Key   string // "deny", "overrides.high"
	Limit int
}

func (e *FullError) Error() string {
	return fmt.Sprintf("%s already holds %d patterns, the most permguard reads; a new one would be ignored, so it was not added", e.Key, e.Limit)
}

// CheckRoom returns a [*FullError] when list, the patterns written at key,
// has no room for one more that a load would read. It counts as Parse
// does: only valid patterns take a place.
func CheckRoom(key string, list []string, limit int) error {
	compile := CompileGlob
	if key == "deny" {
		compile = CompileDeny
	}
	n := 0
	for _, p := range list {
		if _, err := compile(p); err == nil {
			n++
		}
	}
	if n >= limit {
		return &FullError{Key: key, Limit: limit}
	}
	return nil
}

// File is one settings file as read: every valid entry, with its position.
type File struct {
	Src Source // Kind, Name (the path) and Trusted; no position

	Level          *Setting[Permission]
	Mode           *Setting[Mode]
	Notifications  *Setting[Notify]
	PromptTimeout  *Setting[time.Duration]
	HookAllow      *Setting[HookAllow]
	Sandbox        *Setting[Sandbox]
	ApprovalPin    *Setting[string] // a hash made by HashPin, or, before it is hashed, the PIN in clear
	Overrides      [numOverrides][]Rule
	Deny           []Rule
	PrefixMappings []Mapping
	Tools          [numLevels][]Rule
	MCP            [numLevels][]Rule
}

// Parse reads the content of a settings file. A file that is not a JSON
// object is an error (a *SyntaxError for bad JSON); anything else wrong is a
// problem, and the entry it is about is dropped.
func Parse(src Source, data []byte) (*File, []Problem, error) {
	f := &File{Src: src}
	p := &fileParser{f: f, data: data}
	if len(strings.TrimSpace(string(data))) == 0 {
		return f, nil, nil // an empty file sets nothing
	}
	root, err := parseJSON(data)
	if err != nil {
		return nil, nil, err
	}
	if root.kind != kindObject {
		return nil, nil, &SyntaxError{1, 1, fmt.Sprintf("is %s, not an object of settings", root.kind)}
	}
	seen := map[string]*node{}
	for i, k := range root.keys {
		v := root.vals[i]
		if prev := seen[k.str]; prev != nil {
			line, _ := lineCol(data, prev.off)
			p.problem(k, "%s is set twice (also on line %d); the last one is used", shown(k.str), line)
		}
		seen[k.str] = k
		switch k.str {
		case "$schema":
			// for editors; only its type is checked
			p.str(k.str, v)
		case "level":
			f.Level = enum(p, k.str, v, func(s string) (Permission, bool) {
				perm, ok, warning := ParseStoredPermission(s)
				if warning != "" {
					p.problem(v, "level: %s", warning)
				}
				return perm, ok
			})
		case "mode":
			f.Mode = enum(p, k.str, v, ParseMode)
		case "notifications":
			f.Notifications = enum(p, k.str, v, ParseNotify)
		case "hookAllow":
			f.HookAllow = enum(p, k.str, v, ParseHookAllow)
		case "sandbox":
			f.Sandbox = enum(p, k.str, v, ParseSandbox)
		case "promptTimeout":
			if d, ok := p.duration(v); ok {
				f.PromptTimeout = &Setting[time.Duration]{d, p.src(v)}
			}
		case "approvalPin":
			if s, ok := p.str(k.str, v); ok {
				if s == "" {
					p.problem(v, "approvalPin is empty; ignored")
				} else {
					f.ApprovalPin = &Setting[string]{s, p.src(v)}
				}
			}
		case "deny":
			f.Deny = p.patterns("deny", v, maxDenyPatterns, true)
		case "overrides":
			p.levelLists("overrides", v, true, f.Overrides[:])
		case "tools":
			p.levelLists("tools", v, false, f.Tools[:])
		case "mcp":
			p.levelLists("mcp", v, false, f.MCP[:])
		case "prefixMappings":
			f.PrefixMappings = p.mappings(v)
		default:
			msg := fmt.Sprintf("unknown setting %s; ignored", shown(k.str))
			if near := SuggestKey(k.str); near != "" {
				msg += fmt.Sprintf(" (did you mean %q?)", near)
			}
			p.problem(k, "%s", msg)
		}
	}
	return f, p.problems, nil
}

type fileParser struct {
	f        *File
	data     []byte
	problems []Problem
}

func (p *fileParser) src(n *node) Source {
	s := p.f.Src
	s.Line, s.Col = lineCol(p.data, n.off)
	return s
}

func (p *fileParser) problem(n *node, format string, args ...any) {
	line, col := lineCol(p.data, n.off)
	p.problems = append(p.problems, Problem{File: p.f.Src.Name, Line: line, Col: col, Msg: fmt.Sprintf(format, args...)})
}

// enum reads a setting whose value is one of a few words; what they are,
// and the one a typo likely meant, come from [Keys].
func enum[T any](p *fileParser, key string, n *node, parse func(string) (T, bool)) *Setting[T] {
	s, ok := p.str(key, n)
	if !ok {
		return nil
	}
	v, ok := parse(s)
	if !ok {
		k := KeyNamed(key)
		msg := fmt.Sprintf("%s %s is not %s; ignored", key, shown(s), k.Valid())
		if near := SuggestValue(key, s); near != "" {
			msg += fmt.Sprintf(" (did you mean %q?)", near)
		}
		p.problem(n, "%s", msg)
		return nil
	}
	return &Setting[T]{v, p.src(n)}
}

func (p *fileParser) str(name string, n *node) (string, bool) {
	if n.kind != kindString {
		p.problem(n, "%s is %s, not a string; ignored", name, n.kind)
		return "", false
	}
	return n.str, true
}

// duration reads a prompt timeout: seconds as a number, or a Go duration
// string ("90s", "2m").
func (p *fileParser) duration(n *node) (time.Duration, bool) {
	var d time.Duration
	switch n.kind {
	case kindNumber:
		secs, err := n.num.Float64()
		if err != nil || math.IsNaN(secs) || secs > maxPromptTimeout.Seconds() || secs < 0 {
			p.problem(n, "promptTimeout %s is not between 1 and 3600 seconds; ignored", n.num)
			return 0, false
		}
		d = time.Duration(secs * float64(time.Second))
	case kindString:
		var err error
		d, err = time.ParseDuration(n.str)
		if err != nil {
			p.problem(n, "promptTimeout %s is not a duration such as \"90s\" or \"2m\"; ignored", shown(n.str))
			return 0, false
		}
	default:
		p.problem(n, "promptTimeout is %s, not seconds or a duration; ignored", n.kind)
		return 0, false
	}
	if d < minPromptTimeout || d > maxPromptTimeout {
		p.problem(n, "promptTimeout %v is not between 1s and 1h; ignored", d)
		return 0, false
	}
	return d, true
}

// patterns reads a list of glob patterns, dropping each invalid one. With
// restricts (the deny list), what is dropped is a rule lost: the problem
// is marked Unusable, which caps the level at minimal until it is fixed,
// since the rule may have been the one that blocks the next call.
func (p *fileParser) patterns(name string, n *node, limit int, restricts bool) []Rule {
	ignored := "; ignored"
	if restricts {
		ignored = "; a deny rule cannot be read, so the level is capped at minimal until it is fixed"
	}
	lost := func() {
		if restricts {
			p.problems[len(p.problems)-1].Unusable = true
		}
	}
	if n.kind != kindArray {
		p.problem(n, "%s is %s, not a list of patterns%s", name, n.kind, ignored)
		lost()
		return nil
	}
	var out []Rule
	for i, e := range n.elems {
		if len(out) == limit {
			if restricts {
				p.problem(e, "%s holds %d patterns; only %d are read, so the level is capped at minimal until it holds no more", name, len(n.elems), limit)
			} else {
				p.problem(e, "%s holds %d patterns; only the first %d are used", name, len(n.elems), limit)
			}
			lost()
			break
		}
		if e.kind != kindString {
			p.problem(e, "%s[%d] is %s, not a pattern%s", name, i, e.kind, ignored)
			lost()
			continue
		}
		compile := CompileGlob
		if restricts {
			compile = CompileDeny
		}
		g, err := compile(e.str)
		if err != nil {
			p.problem(e, "%s[%d] %s %v%s", name, i, shown(e.str), err, ignored)
			lost()
			continue
		}
		if tool, _, ok := AgentSyntax(e.str); ok && (restricts || strings.HasPrefix(name, "overrides.")) {
			// kept as written, as it always was: it matches no command
			p.problem(e, "%s[%d] %s is in an agent's permission syntax (%s(...)), which permguard does not read: it matches no command; write the command itself (permguard allow --help, permguard deny --help)", name, i, shown(e.str), tool)
		}
		out = append(out, Rule{Glob: g, Src: p.src(e)})
	}
	return out
}

// maxShown bounds a string from a settings file quoted in a message: a
// 900 KB pattern is shown by its start and its length, not written whole
// to stderr on every call.
const maxShown = 80

// shown quotes s, a string read from a settings file, for a message.
func shown(s string) string {
	if len(s) <= maxShown {
		return fmt.Sprintf("%q", s)
	}
	cut := maxShown
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return fmt.Sprintf("%q… (%d bytes)", s[:cut], len(s))
}

// levelLists reads an object of level -> patterns (overrides, tools, mcp).
func (p *fileParser) levelLists(name string, n *node, withDangerous bool, into [][]Rule) {
	if n.kind != kindObject {
		p.problem(n, "%s is %s, not an object of levels; ignored", name, n.kind)
		return
	}
	for i, k := range n.keys {
		idx := -1
		if l, ok := classify.ParseLevel(k.str); ok && k.str == l.String() {
			idx = int(l)
		} else if withDangerous && k.str == "dangerous" {
			idx = overDanger
		}
		if idx < 0 {
			valid := "minimal, low, medium, high"
			if withDangerous {
				valid += ", dangerous"
			}
			p.problem(k, "%s.%s is not a level (%s); ignored", name, shown(k.str), valid)
			continue
		}
		into[idx] = append(into[idx], p.patterns(name+"."+k.str, n.vals[i], maxPatternsPerLevel, false)...)
	}
}

// mappings reads prefixMappings: a list of {"from": "...", "to": "..."}.
func (p *fileParser) mappings(n *node) []Mapping {
	if n.kind != kindArray {
		p.problem(n, "prefixMappings is %s, not a list; ignored", n.kind)
		return nil
	}
	var out []Mapping
	for i, e := range n.elems {
		if len(out) == maxPrefixMappings {
			p.problem(e, "prefixMappings holds %d mappings; only the first %d are used", len(n.elems), maxPrefixMappings)
			break
		}
		m, err := p.mapping(e)
		if err != "" {
			p.problem(e, "prefixMappings[%d] %s; ignored", i, err)
			continue
		}
		out = append(out, m)
	}
	return out
}

func (p *fileParser) mapping(n *node) (Mapping, string) {
	if n.kind != kindObject {
		return Mapping{}, fmt.Sprintf("is %s, not {\"from\": ..., \"to\": ...}", n.kind)
	}
	var from, to *string
	for i, k := range n.keys {
		v := n.vals[i]
		switch k.str {
		case "from", "to":
			if v.kind != kindString {
				return Mapping{}, fmt.Sprintf("%s is %s, not a string", shown(k.str), v.kind)
			}
			if k.str == "from" {
				from = &v.str
			} else {
				to = &v.str
			}
		default:
			return Mapping{}, fmt.Sprintf("has an unknown key %s (a mapping has \"from\" and \"to\")", shown(k.str))
		}
	}
	if from == nil || to == nil {
		return Mapping{}, `needs both "from" and "to"`
	}
	fromWords, err := mappingWords(*from)
	if err != "" {
		return Mapping{}, "from " + err
	}
	toWords, err := mappingWords(*to)
	if err != "" {
		return Mapping{}, "to " + err
	}
	if *from == *to {
		return Mapping{}, "maps a command to itself"
	}
	return Mapping{From: fromWords, To: toWords, Src: p.src(n)}, ""
}

// mappingWords splits a mapping's side into words: literal words, no
// wildcards, no quoting.
func mappingWords(s string) ([]string, string) {
	if err := checkPattern(s); err != nil {
		return nil, fmt.Sprintf("%s %v", shown(s), err)
	}
	if strings.ContainsAny(s, `*?\'"$`+"`") {
		return nil, fmt.Sprintf("%s holds a wildcard, quote or $; a mapping names plain words", shown(s))
	}
	return strings.Split(s, " "), ""
}

// nearest returns the known key closest to s, if it is a likely typo.
func nearest(s string, known []string) string {
	best, bestD := "", 3
	for _, k := range known {
		if strings.EqualFold(s, k) {
			return k
		}
		if d := editDistance(strings.ToLower(s), strings.ToLower(k)); d < bestD {
			best, bestD = k, d
		}
	}
	return best
}

func editDistance(a, b string) int {
	if len(a) > 64 || len(b) > 64 {
		return math.MaxInt
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
