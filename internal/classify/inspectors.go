package classify

// Read-only and workspace-only forms of programs whose other forms do
// more (issue 14, classes 3 and 4): an interpreter that only checks
// syntax, chmod of files in the workspace, xxd whose option values are
// no output file.
