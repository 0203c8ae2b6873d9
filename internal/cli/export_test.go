package cli

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/agent-permguard/permguard/internal/notify"
	"github.com/agent-permguard/permguard/internal/sandbox"
)

// SetTestNotifier makes the permguard command of the test binary append
// each notification to path instead of sending it, and report the focus
// as focus says: "focused", "unfocused", or "" for unknown.
func SetTestNotifier(path, focus string) { testOnlyNotifier = fileNotifier{path: path, focus: focus} }

// SetTestNamespaces makes the permguard command of the test binary answer
// that a box can be made here (ok) or cannot, whatever the kernel says.
func SetTestNamespaces(ok bool) {
	testOnlyNamespaces = func() error { return nil }
	if !ok {
		testOnlyNamespaces = func() error { return errors.New("no box here: faked by the test (TEST_NAMESPACES=0)") }
	}
}

// SetTestPlantedEntries makes the permguard command of the test binary
// check at most n directory entries for the git repositories a confined
// run planted, so a script can see what an incomplete check does.
func SetTestPlantedEntries(n int) { testOnlyPlantedBudget = &sandbox.Budget{Entries: n} }

type fileNotifier struct{ path, focus string }

func (n fileNotifier) Notify(_ context.Context, m notify.Message) error {
	f, err := os.OpenFile(n.path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o600)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = fmt.Fprintf(f, "title=%q body=%q critical=%v\n", m.Title, m.Body, m.Critical)
	return err
}

func (n fileNotifier) Focused(context.Context) (bool, bool) {
	return n.focus == "focused", n.focus != ""
}

// testStreams returns streams backed by buffers, with stdin not a terminal, and
// the buffers: stdin (write to it before running), stdout and stderr.
func testStreams() (ios *IOStreams, in, out, errOut *bytes.Buffer) {
	in, out, errOut = new(bytes.Buffer), new(bytes.Buffer), new(bytes.Buffer)
	return &IOStreams{In: in, Out: out, ErrOut: errOut}, in, out, errOut
}
