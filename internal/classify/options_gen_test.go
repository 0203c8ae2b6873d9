package classify

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// toolOperands are operands each tool's command needs to be a command
// the tool's rules judge; "in.txt" for the others.
var toolOperands = map[string]string{
	"cp": "a.txt b.txt", "mv": "a.txt b.txt", "ln": "a.txt b.txt", "install": "a.txt b.txt",
	"rsync": "src/ dst/", "chmod": "644 x.txt", "chown": "u x.txt", "chgrp": "g x.txt",
	"sed": "s/a/b/ in.txt", "gsed": "s/a/b/ in.txt", "grep": "x in.txt", "egrep": "x in.txt", "fgrep": "x in.txt",
	"mktemp": "x.XXXX", "patch": "x.c fix.diff", "diff": "a b", "tr": "a b",
}

// specValues are values for an option, by what its value is: a startup
// file, a guard file, a secret and a workspace file, as fits.
var specValues = map[valueKind][]string{
	valWrite: {"$HOME/.bashrc", ".claude/settings.json", "out.txt"},
	valDir:   {"/root", ".claude", "out"},
	valRead:  {"$HOME/.ssh/id_rsa", "list.txt"},
	valRun:   {"gzip", "sh -c x"},
	valPlain: {"1", ".codex/config.toml"},
}

func optVerdictKey(v Verdict) string {
	ids := strings.Fields(ruleIDs(v))
	slices.Sort(ids)
	return fmt.Sprintf("%v dangerous=%v %s", v.Level, v.Dangerous, strings.Join(slices.Compact(ids), " "))
}

// specNames returns one name of each spec, sorted.
func specNames() []string {
	var out []string
	seen := map[*toolSpec]bool{}
	all := optionSpecs.get()
	for n, s := range all {
		if !seen[s] || toolOperands[n] != "" {
			seen[s] = true
			out = append(out, n)
		}
	}
	slices.Sort(out)
	return out
}

// genOperands are the operands a generated call of tool gets.
func genOperands(tool string) string {
	if ops := toolOperands[tool]; ops != "" {
		return ops
	}
	return "in.txt"
}

// TestSpecAbbreviations: for every tool with a spec, each unique
// abbreviation of each long option gets the verdict of the full option,
// with each value that fits what the option's value is, and an option the
// spec does not know is high.
func TestSpecAbbreviations(t *testing.T) {
	n := 0
	for _, tool := range specNames() {
		s, ops := optionSpecs.get()[tool], genOperands(tool)
		for long, e := range s.opts.long {
			var forms [][2]string // the full form and the abbreviated one
			vals := []string{""}
			if e.kind != optFlag {
				vals = specValues[e.val]
			}
			for p := 1; p < len(long); p++ {
				if _, full, _ := s.opts.lookupLong(long[:p]); full == "" || s.opts.long[full] != e {
					continue
				}
				for _, v := range vals {
					if v == "" {
						forms = append(forms, [2]string{"--" + long, "--" + long[:p]})
						continue
					}
					forms = append(forms, [2]string{"--" + long + "=" + v, "--" + long[:p] + "=" + v})
					if e.kind == optRequired {
						forms = append(forms, [2]string{"--" + long + " " + v, "--" + long[:p] + " " + v})
					}
				}
			}
			for _, f := range forms {
				full := Classify(tool+" "+f[0]+" "+ops, testEnv)
				abbr := Classify(tool+" "+f[1]+" "+ops, testEnv)
				n++
				if optVerdictKey(full) != optVerdictKey(abbr) {
					t.Errorf("%s %s %s = %s, but %s = %s", tool, f[1], ops, optVerdictKey(abbr), f[0], optVerdictKey(full))
				}
			}
		}
		cmd := tool + " --frobnicate-zz " + ops
		if v := Classify(cmd, testEnv); v.Level != High || !strings.Contains(ruleIDs(v), ruleOptionUnknown.id) {
			t.Errorf("Classify(%q) = %s, want high with %s", cmd, optVerdictKey(v), ruleOptionUnknown.id)
		}
	}
	if n < 1000 {
		t.Errorf("only %d abbreviations compared: the specs were not read", n)
	}
}

// knownGaps are spellings the agreement test leaves out, each with why.
var knownGaps = map[string]string{
	// a --prefix=PATH word is judged as naming PATH, a glued -BPATH is
	// not; the backup names patch makes from a prefix are not judged
	// (design §2.8, Not yet)
	"patch --prefix": "backup prefix",
}

// TestSpecShortLongAgree: for every option with a short and a long name
// that both take a value, -oV, -o V, --output V, --output=V and the
// shortest abbreviation of --output get one verdict.
func TestSpecShortLongAgree(t *testing.T) {
	n := 0
	for _, tool := range specNames() {
		s, ops := optionSpecs.get()[tool], genOperands(tool)
		for ch, e := range s.opts.short {
			if e.kind != optRequired || !strings.HasPrefix(e.canon, "--") {
				continue
			}
			long := strings.TrimPrefix(e.canon, "--")
			if le, ok := s.opts.long[long]; !ok || le.kind != optRequired || knownGaps[tool+" "+e.canon] != "" {
				continue
			}
			abbr := long
			for p := len(long) - 1; p >= 1; p-- {
				if _, full, _ := s.opts.lookupLong(long[:p]); full != "" && s.opts.long[full] == e {
					abbr = long[:p]
				}
			}
			for _, v := range specValues[e.val] {
				forms := []string{
					"-" + string(ch) + v, "-" + string(ch) + " " + v, "--" + long + " " + v,
					"--" + long + "=" + v, "--" + abbr + "=" + v,
				}
				want := optVerdictKey(Classify(tool+" "+forms[0]+" "+ops, testEnv))
				for _, f := range forms[1:] {
					n++
					if got := optVerdictKey(Classify(tool+" "+f+" "+ops, testEnv)); got != want {
						t.Errorf("%s %s %s = %s, but %s = %s", tool, f, ops, got, forms[0], want)
					}
				}
			}
		}
	}
	if n < 100 {
		t.Errorf("only %d spellings compared: the specs were not read", n)
	}
}
