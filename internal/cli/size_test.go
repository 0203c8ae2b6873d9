package cli

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// maxLines bounds the non-test Go of this package (issue 28, item 8):
// the command line is cobra, flags copied into options, and a run
// function that wires the engine's packages together and prints what they
// return. What is engine (the evaluation and its text, the boxes' and the
// sandbox's plumbing, the checks doctor makes, the hook's protocol) lives
// in the package that owns it (docs/architecture.md).
const maxLines = 3500

// TestCLISize fails when this package's non-test Go grows past maxLines,
// counted as `find internal/cli -name '*.go' ! -name '*_test.go' | xargs
// cat | wc -l` counts it, and names the largest files.
func TestCLISize(t *testing.T) {
	type file struct {
		path  string
		lines int
	}
	var files []file
	total := 0
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		n := bytes.Count(data, []byte("\n"))
		files = append(files, file{path, n})
		total += n
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if total <= maxLines {
		return
	}
	slices.SortFunc(files, func(a, b file) int { return b.lines - a.lines })
	var largest []string
	for _, f := range files[:min(5, len(files))] {
		largest = append(largest, fmt.Sprintf("%s %d", f.path, f.lines))
	}
	t.Errorf("internal/cli holds %d lines of non-test Go, more than %d: move what is not the command line to the package that owns it (docs/architecture.md); the largest files: %s",
		total, maxLines, strings.Join(largest, ", "))
}
