// Command schemagen writes the JSON Schema of permguard's settings file
// (settings.Schema, made from the list of settings) to the file its
// argument names: "go generate ./internal/settings" or "make schema"
// writes docs/settings.schema.json, and TestSchemaFile fails until the
// committed file is what the list makes.
package main

import (
	"fmt"
	"os"

	"github.com/agent-permguard/permguard/internal/settings"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "permguard: error: usage: schemagen FILE")
		os.Exit(1)
	}
	data, err := settings.Schema()
	if err == nil {
		err = os.WriteFile(os.Args[1], data, 0o644)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "permguard: error: %v\n", err)
		os.Exit(1)
	}
}
