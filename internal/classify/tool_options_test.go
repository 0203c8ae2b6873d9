package classify

import (
	"strings"
	"testing"
)

// TestOptionParser checks the parser's reading of GNU getopt_long's
// conventions on a small table: each row gives the words and what the
// parser must make of them, as "canon=value" for each option, "|", the
// operands, and "!" when an option is not understood.
func TestOptionParser(t *testing.T) {
	spec := &toolSpec{opts: newOptTable("-o=/--output= write, --outline, -n/--number, -q/--quiet/--silent, "+
		"-i?/--in-place?, -k=/--key=, --color?/--colour?, -v", false)}
	digits := &toolSpec{opts: spec.opts, digits: true}
	modes := &toolSpec{opts: newOptTable("-R/--recursive, -v", false), modes: true}
	stops := &toolSpec{opts: spec.opts, stops: true}
	for name, tc := range map[string]struct {
		spec *toolSpec
		in   string
		want string
	}{
		"long with =":                {spec, "--output=f x", "--output=f | x"},
		"long then word":             {spec, "--output f x", "--output=f | x"},
		"unique prefix":              {spec, "--outp=f x", "--output=f | x"},
		"exact name wins":            {spec, "--output x", "--output=x |"},
		"prefix of two is ambiguous": {spec, "--out=f x", "! | x"},
		"aliases are one option":     {spec, "--sil x", "--quiet | x"},
		"colour and color are one":   {spec, "--col=always x", "--color=always | x"},
		"optional only glued":        {spec, "--in-place x", "--in-place | x"},
		"optional glued":             {spec, "--in-place=.bak x", "--in-place=.bak | x"},
		"short optional glued":       {spec, "-i.bak x", "--in-place=.bak | x"},
		"short glued value":          {spec, "-of x", "--output=f | x"},
		"short value next word":      {spec, "-o f x", "--output=f | x"},
		"cluster then value":         {spec, "-no f x", "--number --output=f | x"},
		"cluster value glued":        {spec, "-nof x", "--number --output=f | x"},
		"options after operands":     {spec, "x -n y --key 2", "--number --key=2 | x y"},
		"double dash ends options":   {spec, "-n -- -o x", "--number | -o x"},
		"lone dash is an operand":    {spec, "- -n", "--number | -"},
		"unknown long":               {spec, "--frobnicate x", "! | x"},
		"unknown short":              {spec, "-nZ x", "! --number | x"},
		"flag given a value":         {spec, "--number=3 x", "! --number | x"},
		"value missing":              {spec, "x -o", "! --output | x"},
		"digits not options":         {spec, "-20 x", "! | x"},
		"digits as options":          {digits, "-20 x", "-NUM -NUM | x"},
		"chmod mode word":            {modes, "-R -x f", "--recursive | -x f"},
		"chmod mode letters":         {modes, "-rw,g+s f -v", "-v | -rw,g+s f"},
		"stops at the first operand": {stops, "-n x -o f --key 2", "--number | x -o f --key 2"},
		"stops after a value":        {stops, "-o f x -n", "--output=f | x -n"},
	} {
		t.Run(name, func(t *testing.T) {
			var args []arg
			for f := range strings.FieldsSeq(tc.in) {
				args = append(args, arg{val: f})
			}
			p := tc.spec.parse("t", args)
			var got []string
			if len(p.bad) > 0 {
				got = append(got, "!")
			}
			for _, u := range p.uses {
				if u.raw {
					continue
				}
				s := u.e.canon
				if u.val != nil {
					s += "=" + u.val.val
				}
				got = append(got, s)
			}
			got = append(got, "|")
			for _, o := range p.operands {
				got = append(got, o.val)
			}
			if g := strings.Join(got, " "); g != tc.want {
				t.Errorf("parse(%q) = %q, want %q (problems %q)", tc.in, g, tc.want, p.bad)
			}
		})
	}
}

// TestOptionUnknownNamesTheOption checks the reason names the option and
// the tool, so that a person sees what permguard did not know.
func TestOptionUnknownNamesTheOption(t *testing.T) {
	for cmd, want := range map[string]string{
		"sort --frobnicate in.txt": "unknown option --frobnicate of sort",
		"sort --s in.txt":          "ambiguous option --s of sort (--sort, --stable)",
		"grep -Y x f":              "unknown option -Y of grep",
	} {
		v := Classify(cmd, testEnv)
		found := false
		for _, re := range v.Reasons {
			if re.Rule == ruleOptionUnknown.id && re.Detail == want {
				found = true
			}
		}
		if !found || v.Level != High {
			t.Errorf("Classify(%q) = %v, reasons %+v; want high with a reason naming %q", cmd, v.Level, v.Reasons, want)
		}
	}
}

// FuzzOptionParser: whatever the words, the parser accounts for each of
// them once (an operand, an option's word, a value taken from the next
// word, or the "--" that ends the options), and an abbreviation it
// writes out is a name of the option it stands for.
func FuzzOptionParser(f *testing.F) {
	for _, s := range []string{"-o f x", "--outp=f -- -x", "-nof --key 2 y", "--s", "-", "--", "-20 --k=1,2"} {
		f.Add(s)
	}
	s := optionSpecs.get()["sort"]
	f.Fuzz(func(t *testing.T, in string) {
		var args []arg
		for w := range strings.FieldsSeq(in) {
			args = append(args, arg{val: w})
		}
		p := s.parse("sort", args)
		seen := map[int]bool{}
		for _, u := range p.uses {
			seen[u.at] = true
			if u.next {
				seen[u.at+1] = true
			}
			if u.abbrev != "" && s.opts.long[u.abbrev].canon != u.e.canon {
				t.Fatalf("parse(%q): %s written out as --%s, another option", in, u.written, u.abbrev)
			}
		}
		dashes := 0
		for i, a := range args {
			if a.val == "--" && !seen[i] {
				dashes = 1
				break
			}
		}
		if got := len(seen) + len(p.operands) + dashes; got != len(args) {
			t.Fatalf("parse(%q) accounts for %d of %d words (uses %+v, operands %d)", in, got, len(args), p.uses, len(p.operands))
		}
	})
}
