package classify

import (
	"strings"
	"testing"
)

// TestOptionValues: the one option reader (optionValues, which optValue
// is the first of) reads every spelling its convention allows, and only
// those.
func TestOptionValues(t *testing.T) {
	words := func(s string) []arg {
		var out []arg
		for w := range strings.FieldsSeq(s) {
			out = append(out, arg{val: w})
		}
		return out
	}
	tests := []struct {
		args string
		dyn  *arg // appended after args
		opts string
		conv optConv
		want string // the values found, space-separated; "?" for a dynamic one
	}{
		{args: "--file x", opts: "-f --file", want: "x"},
		{args: "--file=x", opts: "-f --file", want: "x"},
		{args: "-f x", opts: "-f --file", want: "x"},
		{args: "-fx", opts: "-f --file", want: "x"},
		{args: "-f=x", opts: "-f --file", want: "x"},
		{args: "-sf x", opts: "-f --file", want: "x"},
		{args: "-sfx", opts: "-f --file", want: ""},
		{args: "-sfx", opts: "-f --file", conv: optConv{flags: "-s"}, want: "x"},
		{args: "-Ifoo/x", opts: "-o", want: ""},
		{args: "-f a t -f b", opts: "-f", want: "a b"},
		{args: "-f a -f b", opts: "-f", conv: optConv{first: true}, want: "a"},
		{args: "-f a -- -f b", opts: "-f", want: "a"},
		{args: "--fi x", opts: "--file", want: ""},
		{args: "--fi x", opts: "--file", conv: optConv{abbrev: true}, want: "x"},
		{args: "--fi=x", opts: "--file", conv: optConv{abbrev: true}, want: "x"},
		{args: "-file x", opts: "--file", want: ""},
		{args: "-file x", opts: "--file", conv: optConv{dashLong: true}, want: "x"},
		{args: "--f x", opts: "-f", conv: optConv{dashLong: true}, want: "x"},
		{args: "-toolexec=x", opts: "-toolexec", want: "x"},
		{args: "-toolexec x", opts: "-toolexec", want: "x"},
		{args: "app.js -r x", opts: "-r", conv: optConv{stops: true}, want: ""},
		{args: "-r x app.js", opts: "-r", conv: optConv{stops: true}, want: "x"},
		{args: "--title t -r x app.js", opts: "-r", conv: optConv{stops: true, values: "--title"}, want: "x"},
		{args: "-c -p x", opts: "-c -p", want: "-p x"},
		{args: "-f", opts: "-f", want: ""},
		{opts: "-f", dyn: &arg{val: "-f$X", dyn: true, head: "-f"}, want: "?"},
		{opts: "-f", dyn: &arg{val: "-sf$X", dyn: true, head: "-sf"}, want: "?"},
		{opts: "--file", dyn: &arg{val: "--file=$X", dyn: true, head: "--file="}, want: "?"},
		{opts: "--file", dyn: &arg{val: "--file$X", dyn: true, head: ""}, want: ""},
	}
	for _, tt := range tests {
		args := words(tt.args)
		if tt.dyn != nil {
			args = append(args, *tt.dyn)
		}
		var got []string
		for _, h := range optionValues(args, tt.opts, tt.conv) {
			if h.val.dyn {
				got = append(got, "?")
			} else {
				got = append(got, h.val.val)
			}
		}
		if g := strings.Join(got, " "); g != tt.want {
			what := tt.args
			if tt.dyn != nil {
				what += " " + tt.dyn.val
			}
			t.Errorf("optionValues(%q, %q, %+v) = %q, want %q", what, tt.opts, tt.conv, g, tt.want)
		}
	}
}
