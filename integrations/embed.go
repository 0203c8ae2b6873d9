// Package integrations holds the extensions that connect permguard to the
// agents that have no command hooks, pi (pi/permguard.ts) and opencode
// (opencode/permguard.js), embedded so that "permguard install" can write
// them. Each runs "permguard hook --agent generic" before every tool call;
// see the files themselves and test/ for their tests.
//
// The package knows the files' two markers and nothing else of permguard:
// the first line, which tells a file permguard wrote from one it did not,
// and the line that names the permguard binary, which [Extension] pins.
package integrations

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
)

var (
	//go:embed pi/permguard.ts
	pi []byte
	//go:embed opencode/permguard.js
	opencode []byte
)

// files are the extensions, by agent.
var files = map[string][]byte{"pi": pi, "opencode": opencode}

// binLine is the line of every extension that names the permguard binary,
// found on PATH until [Extension] pins an absolute path.
const binLine = `const INSTALLED_BIN = "permguard"; // permguard-install: bin` + "\n"

// Agents lists the agents there is an extension for.
func Agents() []string { return []string{"pi", "opencode"} }

// header is the first line of agent's extension, in every version.
func header(agent string) string { return "// permguard-extension: " + agent + " " }

// Extension returns agent's extension with the permguard binary pinned to
// bin, an absolute path.
func Extension(agent, bin string) ([]byte, error) {
	src, ok := files[agent]
	if !ok {
		return nil, fmt.Errorf("there is no permguard extension for %q", agent)
	}
	if n := bytes.Count(src, []byte(binLine)); n != 1 {
		// the tests catch this; a binary built without them must not
		// write a file that runs who knows what
		return nil, fmt.Errorf("the %s extension names the permguard binary %d times, not once", agent, n)
	}
	// A JSON string is a JavaScript string literal, whatever bin holds.
	quoted, err := json.Marshal(bin)
	if err != nil {
		return nil, err
	}
	pinned := `const INSTALLED_BIN = ` + string(quoted) + `; // permguard-install: bin` + "\n"
	return bytes.Replace(src, []byte(binLine), []byte(pinned), 1), nil
}

// Bin returns the permguard binary that data, an extension as
// [Extension] writes it, runs: an absolute path, or "permguard" for the
// one PATH finds. ok is false when no line of data names one.
func Bin(data []byte) (bin string, ok bool) {
	const prefix, suffix = "const INSTALLED_BIN = ", "; // permguard-install: bin"
	for line := range bytes.Lines(data) {
		rest, found := bytes.CutPrefix(bytes.TrimRight(line, "\r\n"), []byte(prefix))
		if !found {
			continue
		}
		quoted, found := bytes.CutSuffix(rest, []byte(suffix))
		if found && json.Unmarshal(quoted, &bin) == nil {
			return bin, true
		}
	}
	return "", false
}

// IsExtension reports whether data is agent's extension as permguard
// writes it, of this version or another: a file that begins with its
// header. It is how install and uninstall tell their own file from one
// that someone else put at the same path.
func IsExtension(agent string, data []byte) bool {
	return bytes.HasPrefix(data, []byte(header(agent)))
}
