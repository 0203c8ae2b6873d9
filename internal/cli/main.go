package cli

import (
	"fmt"
	"os"
	"time"

	"github.com/agent-permguard/permguard/internal/guard"
	"github.com/agent-permguard/permguard/internal/notify"
	"github.com/agent-permguard/permguard/internal/prompt"
	"github.com/agent-permguard/permguard/internal/sandbox"
)

// Main runs permguard with the process's arguments, streams and environment,
// and returns the exit status. A panic is reported and becomes [ExitBlocked].
func Main() int {
	if len(os.Args) > 1 && os.Args[1] == sandbox.InitArg {
		sandbox.Init() // never returns
	}
	f := &Factory{
		IO:           System(),
		Getenv:       os.Getenv,
		Getwd:        os.Getwd,
		Now:          time.Now,
		Executable:   os.Executable,
		Parent:       guard.ParentProcess,
		Terminal:     prompt.OpenTerminal,
		Notifier:     notify.Desktop{Getenv: os.Getenv},
		Stat:         os.Stat,
		Namespaces:   sandbox.NamespacesAllowed,
		BoxAvailable: sandbox.BoxAvailable,
	}
	if testOnlyNotifier != nil {
		f.Notifier = testOnlyNotifier
	}
	if testOnlyNamespaces != nil {
		f.Namespaces = testOnlyNamespaces
		f.BoxAvailable = func() (bool, string) {
			if err := testOnlyNamespaces(); err != nil {
				return false, err.Error()
			}
			return true, "faked by the test"
		}
	}
	return run(f, os.Args[1:])
}

// run is [Main] with its inputs injected.
func run(f *Factory, args []string) (code int) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(f.IO.ErrOut, "permguard: error: internal error: %v\n", r)
			fmt.Fprintf(f.IO.ErrOut, "permguard: hint: this is a bug in permguard; the command was not allowed\n")
			code = ExitBlocked
		}
	}()
	if isHookCall(args) {
		// Every tool call an agent makes starts permguard hook, and the
		// hook reads its own flags: building the whole command tree would
		// be start-up cost for nothing. The same run function, error
		// printing and exit codes as through cobra (TestHookDispatch).
		err := hookRun(newHookOptions(f, args[1:]))
		printError(f.IO.ErrOut, err)
		return exitCode(err)
	}
	return runTree(f, args)
}

// runTree runs args through the whole command tree.
func runTree(f *Factory, args []string) int {
	root := NewCmdRoot(f)
	root.SetArgs(args)
	err := root.Execute()
	printError(f.IO.ErrOut, err)
	return exitCode(err)
}

// testOnlyNamespaces replaces the kernel's answer to whether a box can be
// made, in the test binary's permguard command (see export_test.go), so
// that scripts decide the same on every machine.
var testOnlyNamespaces func() error

// testOnlyNotifier replaces the desktop notifier in the test binary's
// permguard command (see export_test.go), so scripts can read what would
// have been sent.
var testOnlyNotifier notify.Notifier
