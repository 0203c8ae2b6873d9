package cli

import (
	"fmt"
	"os"
	"time"

	"github.com/agent-permguard/permguard/internal/notify"
)

// Main runs permguard with the process's arguments, streams and environment,
// and returns the exit status. A panic is reported and becomes [ExitBlocked].
func Main() int {
	f := &Factory{
		IO:         System(),
		Getenv:     os.Getenv,
		Getwd:      os.Getwd,
		Now:        time.Now,
		Executable: os.Executable,
		Parent:     parentProcess,
		Terminal:   systemTerminal,
		Notifier:   notify.Desktop{Getenv: os.Getenv},
		Stat:       os.Stat,
	}
	if testOnlyNotifier != nil {
		f.Notifier = testOnlyNotifier
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
	root := NewCmdRoot(f)
	root.SetArgs(args)
	err := root.Execute()
	printError(f.IO.ErrOut, err)
	return exitCode(err)
}

// testOnlyNotifier replaces the desktop notifier in the test binary's
// permguard command (see export_test.go), so scripts can read what would
// have been sent.
var testOnlyNotifier notify.Notifier
