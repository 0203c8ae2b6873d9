package classify

import "strings"

// Deleting inside the workspace is development work, like make clean
// (design §2.6, issue 14 class 6): rm of project files, find -delete and
// find | xargs rm below a directory of the project are medium. What stays
// dangerous: the workspace root, its parents, the repository's history
// (.git), guard files, and anything only known at run time. The rules
// are the policy's (policy_paths.go: deleteRuleAt, gitDirRule); this file holds
// what find adds to them (the walk's part, a cd that may have failed, is
// shell_builtins.go's: altDir, andThen).

// foundPath is the path a file that find lists has, as a word for the
// command that receives it (find -exec, xargs): below its single static
// root, with the literal -name it was searched by when there is one.
func foundPath(roots []arg, name string, at Pos) (arg, bool) {
	if len(roots) != 1 || roots[0].dyn || roots[0].glob {
		return arg{}, false
	}
	leaf := "{}"
	if name != "" && !strings.ContainsAny(name, "*?[\\") {
		leaf = name
	}
	return arg{val: strings.TrimSuffix(roots[0].val, "/") + "/" + leaf, pos: at}, true
}

// findName returns the literal value of find's -name or -iname, if any.
func findName(args []arg) string {
	for i, a := range args {
		if !a.dyn && (a.val == "-name" || a.val == "-iname") && i+1 < len(args) && !args[i+1].dyn {
			return args[i+1].val
		}
	}
	return ""
}

// narrows reports whether find's test at args[i] limits what is found to
// some files by name or path: -name '*.pyc' does, -type f or -name '*'
// do not (every file, .git's too).
func narrows(test string, args []arg, i int) bool {
	switch test {
	case "-name", "-iname", "-path", "-ipath", "-wholename", "-iwholename", "-lname", "-ilname", "-regex", "-iregex":
	default:
		return false
	}
	if i+1 >= len(args) || args[i+1].dyn {
		return false
	}
	switch args[i+1].val {
	case "*", ".*", "*.*", "**", "*/*", "./*", ".*.*":
		return false
	}
	return true
}

// findOutput is what find writes on its standard output: paths below its
// single static root (filtered: not the root itself), or unknown when it
// follows links or prints text of its own.
func findOutput(roots []arg, args []arg, filtered bool, at Pos) flow {
	out := flow{kind: flowData}
	for _, a := range args {
		if a.dyn || a.val == "-printf" || a.val == "-fprintf" || a.val == "-L" || a.val == "-follow" || a.val == "-exec" ||
			a.val == "-execdir" || a.val == "-ok" || a.val == "-okdir" {
			return out
		}
	}
	if len(roots) != 1 || roots[0].dyn || roots[0].glob {
		return out
	}
	if !filtered {
		r := roots[0]
		out.found = &r
		return out
	}
	if p, ok := foundPath(roots, findName(args), at); ok {
		out.found = &p
	}
	return out
}

// deleter reports an -exec command that deletes what it is given: without
// a test by name, it deletes every file below find's root.
func deleter(inner []arg) bool {
	n, ok := firstName(inner)
	return !ok || n == "rm" || n == "unlink" || n == "shred" || n == "rmdir"
}
