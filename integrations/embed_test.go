package integrations

import (
	"bytes"
	"strings"
	"testing"
)

func TestExtension(t *testing.T) {
	tests := []struct {
		agent, bin string
		wantLine   string
	}{
		{"pi", "/usr/local/bin/permguard", `const INSTALLED_BIN = "/usr/local/bin/permguard"; // permguard-install: bin`},
		{"opencode", "/home/dev/go/bin/permguard", `const INSTALLED_BIN = "/home/dev/go/bin/permguard"; // permguard-install: bin`},
		// whatever the path holds, it stays one string literal on one line
		{"pi", "/tmp/a \"b\"\n\\c/permguard", `const INSTALLED_BIN = "/tmp/a \"b\"\n\\c/permguard"; // permguard-install: bin`},
		{"opencode", "/tmp/<x>&\u2028/permguard", `const INSTALLED_BIN = "/tmp/\u003cx\u003e\u0026\u2028/permguard"; // permguard-install: bin`},
	}
	for _, tt := range tests {
		got, err := Extension(tt.agent, tt.bin)
		if err != nil {
			t.Fatalf("Extension(%s, %q) = %v", tt.agent, tt.bin, err)
		}
		lines := strings.Split(string(got), "\n")
		n := 0
		for _, l := range lines {
			if strings.Contains(l, "permguard-install: bin") {
				n++
				if l != tt.wantLine {
					t.Errorf("Extension(%s, %q) pins %s, want %s", tt.agent, tt.bin, l, tt.wantLine)
				}
			}
		}
		if n != 1 {
			t.Errorf("Extension(%s, %q) has %d lines naming the binary, want 1", tt.agent, tt.bin, n)
		}
		if bin, ok := Bin(got); !ok || bin != tt.bin {
			t.Errorf("Bin(Extension(%s, %q)) = %q, %v", tt.agent, tt.bin, bin, ok)
		}
		if !IsExtension(tt.agent, got) || !IsExtension(tt.agent, files[tt.agent]) {
			t.Errorf("IsExtension(%s) does not know its own file", tt.agent)
		}
		// nothing else changes
		if want := bytes.Replace(files[tt.agent], []byte(binLine), nil, 1); !bytes.Equal(bytes.Replace(got, []byte(tt.wantLine+"\n"), nil, 1), want) {
			t.Errorf("Extension(%s, %q) changed more than the binary's line", tt.agent, tt.bin)
		}
	}
	for _, agent := range Agents() {
		if bin, ok := Bin(files[agent]); !ok || bin != "permguard" {
			t.Errorf("Bin of the %s extension as embedded = %q, %v; want permguard, found on PATH", agent, bin, ok)
		}
	}
	if bin, ok := Bin([]byte("const INSTALLED_BIN = process.env.X; // permguard-install: bin\n")); ok {
		t.Errorf("Bin of a line that names no string = %q", bin)
	}
	if _, err := Extension("windsurf", "/x"); err == nil || err.Error() != `there is no permguard extension for "windsurf"` {
		t.Errorf("Extension(windsurf) = %v", err)
	}
}

// TestFiles: every extension begins with its header and names the binary
// once, where Extension finds it; no file passes for another agent's.
func TestFiles(t *testing.T) {
	for _, agent := range Agents() {
		src := files[agent]
		if first, _, _ := strings.Cut(string(src), "\n"); !strings.HasPrefix(first, header(agent)) {
			t.Errorf("%s: first line %q, want the header %q", agent, first, header(agent))
		}
		if n := bytes.Count(src, []byte(binLine)); n != 1 {
			t.Errorf("%s: the binary's line appears %d times, want 1", agent, n)
		}
		for _, other := range Agents() {
			if other != agent && IsExtension(other, src) {
				t.Errorf("IsExtension(%s) takes the %s extension for its own", other, agent)
			}
		}
	}
	for _, data := range []string{"", "// permguard-extension: pi", "export default function () {}\n", " // permguard-extension: pi (x)\n"} {
		if IsExtension("pi", []byte(data)) {
			t.Errorf("IsExtension(pi, %q) = true", data)
		}
	}
}
