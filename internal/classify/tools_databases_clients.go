package classify

import "strings"

// What a database client does on this machine besides its queries: its
// own commands (psql's backslash commands, the sqlite3 and duckdb shells'
// dot commands, mysql's client commands) and options write files, read
// them, and run shell commands. A file written is judged as a redirect to
// it, a file read as reading it, and a command as the script it is, so
// `psql -c '\! CMD'` is CMD and `sqlite3 x.db '.output F'` writes F
// (design §2.6, §2.8).

// dbClientDialect is how one client spells its own commands.
type dbClientDialect uint8

const (
	dbNone   dbClientDialect = iota
	dbPsql                   // \o FILE, \! CMD, \copy ... to 'FILE'
	dbSqlite                 // .output FILE, .shell CMD, at the start of a line
	dbMysql                  // tee FILE, system CMD, \! CMD, source FILE
)

// dbDialect is the dialect of the client named name, dbNone for a
// program that is no client whose commands are read.
func dbDialect(name string) dbClientDialect {
	switch name {
	case "psql", "pgcli":
		return dbPsql
	case "sqlite3", "sqlite", "litecli", "duckdb":
		return dbSqlite
	case "mysql", "mariadb", "mycli":
		return dbMysql
	}
	return dbNone
}

// ruleDBClientCommand: a client command whose target is only known at
// run time, or one that opens another program (sqlite3's .once -e).
var ruleDBClientCommand = rule{id: "db-client-command", level: High,
	why: "a database client command writes, reads or runs something only known at run time"}

// dbClientOptions judges the options that make a client write a file or
// run a program: psql -o and -L, mysql --tee and --pager.
func dbClientOptions(c *call) {
	switch dbDialect(c.name) {
	case dbPsql:
		for _, o := range []string{"-o --output", "-L --log-file"} {
			if f, ok := c.optValue(o); ok {
				dbClientTarget(c, f, c.ctx.writeRule)
			}
		}
	case dbMysql:
		if f, ok := c.optValue("--tee"); ok {
			dbClientTarget(c, f, c.ctx.writeRule)
		}
		if p, ok := c.optValue("--pager"); ok {
			c.raiseWith(ruleRunsProgram, occurrence{detail: "--pager", target: p.val})
			if !p.dyn {
				c.runScript(FrameScript, p.val)
			}
		}
	}
}

// dbClientText judges the client commands in text, a query argument or
// what the client reads on its input.
func dbClientText(c *call, text string) {
	d := dbDialect(c.name)
	if d == dbNone {
		return
	}
	for line := range strings.SplitSeq(text, "\n") {
		for _, cmd := range dbClientCommands(d, line) {
			name, rest := cmd[0], strings.TrimSpace(cmd[1])
			switch dbCommandKind(d, name) {
			case 'w':
				dbClientFile(c, rest, c.ctx.writeRule)
			case 'r':
				dbClientFile(c, rest, func(a arg) (rule, bool) {
					if c.ctx.readsSecret(a, false) {
						return ruleReadSecret, true
					}
					return rule{}, false
				})
			case 'x':
				if rest != "" {
					c.runScript(FrameScript, rest)
				}
			case 'c':
				dbClientCopy(c, rest)
			case 'e':
				c.raise(ruleDBClientCommand)
			}
		}
	}
}

// dbClientCommands splits a line into the client commands it holds, each
// as its name and the rest of its text: psql's backslash commands anywhere
// in the line (each ends at the next backslash command), the others' at the
// start of the line.
func dbClientCommands(d dbClientDialect, line string) [][2]string {
	line = strings.TrimLeft(line, " \t")
	switch d {
	case dbSqlite:
		if !strings.HasPrefix(line, ".") {
			return nil
		}
		name, rest, _ := strings.Cut(line, " ")
		return [][2]string{{name, rest}}
	case dbMysql:
		name, rest, _ := strings.Cut(line, " ")
		if strings.HasPrefix(name, `\`) {
			// \Tfile: the command's letter with its argument glued on;
			// case matters (\T is tee, \t notee)
			if len(name) > 2 {
				name, rest = name[:2], name[2:]+" "+rest
			}
		} else {
			name = strings.ToLower(name)
		}
		return [][2]string{{name, strings.TrimSuffix(strings.TrimSpace(rest), ";")}}
	case dbPsql:
		var out [][2]string
		for i := strings.IndexByte(line, '\\'); i >= 0; {
			j := i + 1
			if j < len(line) && line[j] == '!' {
				// \! takes the rest of the line, backslashes included
				return append(out, [2]string{`\!`, line[j+1:]})
			}
			for j < len(line) && line[j] >= 'a' && line[j] <= 'z' {
				j++
			}
			rest := line[j:]
			next := strings.IndexByte(rest, '\\')
			if next >= 0 {
				rest = rest[:next]
			}
			if j > i+1 {
				out = append(out, [2]string{line[i:j], rest})
			}
			if next < 0 {
				break
			}
			i = j + next
		}
		return out
	}
	return nil
}

// dbCommandKind says what a client command does with its argument: 'w'
// writes the file it names, 'r' reads it, 'x' runs it as a shell command,
// 'c' is psql's \copy, 'e' opens another program; 0 is none of these.
func dbCommandKind(d dbClientDialect, name string) byte {
	switch d {
	case dbPsql:
		switch name {
		case `\o`, `\out`, `\w`, `\write`, `\g`, `\gx`:
			return 'w'
		case `\i`, `\include`, `\ir`, `\include_relative`:
			return 'r'
		case `\!`:
			return 'x'
		case `\copy`:
			return 'c'
		}
	case dbSqlite:
		switch name {
		case ".output", ".once", ".save", ".backup", ".log", ".open":
			return 'w'
		case ".read", ".import", ".restore":
			return 'r'
		case ".shell", ".system":
			return 'x'
		case ".excel":
			return 'e'
		}
	case dbMysql:
		switch name {
		case "tee", `\T`:
			return 'w'
		case "source", `\.`:
			return 'r'
		case "system", `\!`:
			return 'x'
		}
	}
	return 0
}

// dbClientFile judges the files a client command names: each word past
// the command's own options, unquoted (.backup DB FILE names one file,
// but judging DB as a name written too errs on the side of care); a
// target starting with | is a command the output is piped to.
func dbClientFile(c *call, rest string, judge func(arg) (rule, bool)) {
	words := strings.Fields(rest)
	for len(words) > 0 && strings.HasPrefix(words[0], "-") {
		if words[0] == "-e" || words[0] == "-x" {
			c.raise(ruleDBClientCommand) // opened in an editor or a spreadsheet
		}
		words = words[1:]
	}
	if len(words) > 0 && strings.HasPrefix(words[0], "|") {
		c.runScript(FrameScript, strings.TrimPrefix(strings.Join(words, " "), "|"))
		return
	}
	for _, w := range words {
		f := strings.Trim(w, `'"`)
		if strings.ContainsAny(f, "$`") {
			c.raise(ruleDBClientCommand)
			continue
		}
		dbClientTarget(c, arg{val: f, pos: c.pos}, judge)
	}
}

// dbClientCopy judges psql's \copy: TO a file writes it, FROM one reads
// it, TO or FROM PROGRAM runs the command.
func dbClientCopy(c *call, rest string) {
	words := strings.Fields(rest)
	for i := 0; i+1 < len(words); i++ {
		dir := strings.ToLower(words[i])
		if dir != "to" && dir != "from" {
			continue
		}
		target := words[i+1]
		if strings.EqualFold(target, "program") && i+2 < len(words) {
			c.runScript(FrameScript, strings.Trim(strings.Join(words[i+2:], " "), `'"`))
			return
		}
		if strings.EqualFold(target, "stdin") || strings.EqualFold(target, "stdout") || strings.EqualFold(target, "pstdin") || strings.EqualFold(target, "pstdout") {
			return
		}
		if dir == "to" {
			dbClientFile(c, target, c.ctx.writeRule)
		} else {
			dbClientFile(c, target, func(a arg) (rule, bool) {
				if c.ctx.readsSecret(a, false) {
					return ruleReadSecret, true
				}
				return rule{}, false
			})
		}
		return
	}
}

// dbClientTarget raises what judge says of f when it is high or
// dangerous (the client is high already), and judges a pipe target
// (psql -o '|cmd') as the command it runs.
func dbClientTarget(c *call, f arg, judge func(arg) (rule, bool)) {
	if !f.dyn && strings.HasPrefix(f.val, "|") {
		c.runScript(FrameScript, f.val[1:])
		return
	}
	if ru, bad := judge(f); bad && ru.level >= High {
		c.raiseWith(ru, occurrence{target: c.target(f)})
	}
}
