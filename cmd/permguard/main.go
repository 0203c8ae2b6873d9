// Command permguard stands between an AI coding agent and the commands it is
// about to run: it classifies a command, then allows or blocks it.
//
// All of the program lives in internal/cli; this is a thin adapter so that the
// tests run the very same entry point.
package main

import (
	"os"

	"github.com/agent-permguard/permguard/internal/cli"
)

func main() {
	os.Exit(cli.Main())
}
