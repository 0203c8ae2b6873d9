package classify

// wrapperSpecs are the options of the programs that run another
// program: their options end at the first operand (stops), which is a
// variable's assignment or the command, and everything after it is the
// command's own (env -u X make -n: -n is make's).
func wrapperSpecs() map[string]*toolSpec {
	return map[string]*toolSpec{
		// envCommand reads the uses itself (-S's string, -C's directory,
		// -u's name), so the words stay as written; -P, BSD env's search
		// path for the command, is one agents use on macOS
		"env": {opts: newOptTable("--help, --version, -i/--ignore-environment, -0/--null, -u=/--unset=, "+
			"-C=/--chdir=, -S=/--split-string=, --block-signal?, --default-signal?, --ignore-signal?, "+
			"--list-signal-handling, -v/--debug, -P=", false),
			stops: true, ownWords: true, from: "env (GNU coreutils 9.1) --help; -P from BSD env(1)"},
	}
}
