package classify

import "strings"

// How the family tables (mcp_*.go) are written. Each file holds one
// function per family, listed in mcpFamilyTables (mcptable.go), and
// mcpFamilies builds the tables only at the first MCP call, so a table
// costs nothing to a call that is not one, not even at init.
//
// A tool's arguments are listed as roles(set, ignored): the keys set gives
// a role (a path read, a command, ...) and the space-separated keys of
// ignored, which change nothing by themselves (a title, a message, text
// sent to a service). Every key the server's schema names is in one or the
// other, so that an argument left out is a key the schema does not have,
// judged as an unknown server's would be (TestMCPSchemas holds the tables
// to the schemas in testdata/mcp).

// argRoles is a tool's arguments with a role other than argIgnored.
type argRoles = map[string]argRole

// roles is a tool's argument map: set's keys with their roles, and each
// key of ignored as argIgnored. A key in both keeps its role.
func roles(set argRoles, ignored string) map[string]argRole {
	out := make(map[string]argRole, len(set)+strings.Count(ignored, " ")+1)
	for _, k := range strings.Fields(ignored) {
		out[k] = argIgnored
	}
	for k, role := range set {
		out[k] = role
	}
	return out
}
