package classify

import (
	"strings"
)

// What the query text given to a database client asks for: the
// statements of SQL, MongoDB shell code and Redis commands that destroy
// data, and the check the database clients' rows run on their options.

// dbHarm are the destructive query kinds infraQueryHarm reports, with
// their reasons.
var dbHarm = lazy[map[string]string]{build: func() map[string]string {
	return map[string]string{
		"drop":        "drops a database, schema, collection or table with all its data",
		"drop-column": "drops a column or partition of a table with all the data in it",
		"truncate":    "empties a table with TRUNCATE",
		"delete-all":  "deletes every row of a table (DELETE without a WHERE clause)",
		"update-all":  "overwrites every row of a table (UPDATE without a WHERE clause)",
		"flush":       "deletes every key in a Redis database (FLUSHALL or FLUSHDB)",
	}
}}

func infraDBCheck(p, sqlOpts, wordOpts string, pos int) func(c *call) {
	return func(c *call) {
		seen := map[string]bool{}
		dbClientOptions(c)
		judge := func(text string) {
			dbClientText(c, text)
			for _, kind := range infraQueryHarm(text) {
				if !seen[kind] {
					seen[kind] = true
					ru := destroy(p+"-"+kind, dbHarm.get()[kind])
					if kind == "update-all" {
						ru = danger(ru.id, ru.why) // every row rewritten, none deleted
					}
					c.raise(ru)
				}
			}
		}
		for _, a := range c.args {
			if !a.dyn {
				judge(a.val)
				if v, ok := gluedQuery(a.val); ok {
					// --execute='\! cmd', -e'\! cmd': the client's own
					// commands start the option's value
					dbClientText(c, v)
				}
			}
		}
		dynamic := false
		if sqlOpts != "" {
			if v, ok := c.optValue(sqlOpts); ok && v.dyn {
				dynamic = true
			}
		}
		if pos > 0 {
			ws := c.words(sqlOpts + " " + wordOpts)
			for i := pos - 1; i < len(ws); i++ {
				if ws[i].dyn {
					dynamic = true
				}
			}
		}
		if dynamic {
			c.raise(r(p+"-dynamic-query", High, "runs a query only known at run time"))
		}
		switch c.stdin.kind {
		case flowText:
			judge(c.stdin.text)
		case flowDownload:
			c.raise(danger(p+"-downloaded-query", "runs queries downloaded from the network against a database"))
		}
	}
}

// infraQueryHarm returns the kinds of destruction (keys of dbHarm) that
// text asks a database for. It reads SQL, MongoDB shell code and Redis
// commands. It errs on the side of finding harm: words inside string
// literals and comments count too, except that a WHERE clause in a comment
// does not save a DELETE.
func infraQueryHarm(text string) []string {
	var out []string
	add := func(k string) {
		for _, o := range out {
			if o == k {
				return
			}
		}
		out = append(out, k)
	}
	for _, stmt := range strings.Split(text, ";") {
		toks := sqlTokens(stmt)
		for i, t := range toks {
			switch t.word {
			case "DROP":
				if i+1 < len(toks) {
					switch toks[i+1].word {
					case "DATABASE", "SCHEMA", "TABLE", "KEYSPACE", "COLLECTION", "MEASUREMENT", "SERIES", "SHARD", "RETENTION", "TABLESPACE":
						add("drop")
					case "INDEX", "KEY", "CONSTRAINT", "FOREIGN", "PRIMARY", "CHECK", "DEFAULT", "NOT", "TRIGGER", "VIEW",
						"FUNCTION", "PROCEDURE", "EXPRESSION", "IDENTITY", "USER", "ROLE", "SEQUENCE", "TYPE", "EXTENSION":
					default:
						// ALTER TABLE t DROP [COLUMN] c, DROP PARTITION p: the
						// column's or partition's data goes with it
						if len(toks) > 0 && toks[0].word == "ALTER" {
							add("drop-column")
						}
					}
				}
			case "TRUNCATE":
				if !t.call {
					add("truncate")
				}
			case "FLUSHALL", "FLUSHDB":
				add("flush")
			case "DELETE":
				if t.call || (i > 0 && toks[i-1].word == "ON") {
					continue
				}
				for j := i + 1; j < len(toks) && j <= i+3; j++ {
					if toks[j].word == "FROM" {
						if !hasRealWhere(stmt) {
							add("delete-all")
						}
						break
					}
				}
			}
		}
		if clean := sqlTokens(stripSQLComments(stmt)); len(clean) > 0 && clean[0].word == "UPDATE" {
			for _, t := range clean {
				if t.word == "SET" {
					if !hasRealWhere(stmt) {
						add("update-all")
					}
					break
				}
			}
		}
	}
	compact := strings.ToLower(strings.Join(strings.Fields(text), ""))
	if strings.Contains(compact, "dropdatabase(") || strings.Contains(compact, ".drop()") {
		add("drop")
	}
	if strings.Contains(compact, "deletemany({})") || strings.Contains(compact, ".remove({})") {
		add("delete-all")
	}
	return out
}

// hasRealWhere reports whether the statement, without comments, has a
// WHERE clause that is not trivially true (WHERE 1=1).
func hasRealWhere(stmt string) bool {
	clean := stripSQLComments(stmt)
	for _, t := range sqlTokens(clean) {
		if t.word != "WHERE" {
			continue
		}
		switch strings.ToLower(strings.Join(strings.Fields(clean[t.end:]), "")) {
		case "", "1", "1=1", "true", "'1'='1'":
			return false
		}
		return true
	}
	return false
}

type sqlToken struct {
	word string // upper case
	end  int    // byte offset just after the word
	call bool   // followed by "(": a function such as MySQL's TRUNCATE(x, 1)
}

func isSQLWordByte(b byte) bool {
	return b == '_' || b == '$' || b >= '0' && b <= '9' || b >= 'A' && b <= 'Z' || b >= 'a' && b <= 'z' || b >= 0x80
}

// sqlTokens splits text into upper-case words.
func sqlTokens(text string) []sqlToken {
	var out []sqlToken
	for i := 0; i < len(text); {
		if !isSQLWordByte(text[i]) {
			i++
			continue
		}
		j := i
		for j < len(text) && isSQLWordByte(text[j]) {
			j++
		}
		k := j
		for k < len(text) && (text[k] == ' ' || text[k] == '\t' || text[k] == '\n' || text[k] == '\r') {
			k++
		}
		out = append(out, sqlToken{word: strings.ToUpper(text[i:j]), end: j, call: k < len(text) && text[k] == '('})
		i = j
	}
	return out
}

// stripSQLComments removes -- and # line comments and /* */ block
// comments, leaving single-quoted strings as they are.
func stripSQLComments(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '\'':
			end := strings.IndexByte(s[i+1:], '\'')
			if end < 0 {
				b.WriteString(s[i:])
				return b.String()
			}
			b.WriteString(s[i : i+end+2])
			i += end + 1
		case strings.HasPrefix(s[i:], "--") || s[i] == '#':
			for i < len(s) && s[i] != '\n' {
				i++
			}
			b.WriteByte(' ')
		case strings.HasPrefix(s[i:], "/*"):
			end := strings.Index(s[i+2:], "*/")
			if end < 0 {
				return b.String()
			}
			i += end + 3
			b.WriteByte(' ')
		default:
			b.WriteByte(s[i])
		}
	}
	return b.String()
}

// gluedQuery is the value glued to an option word (--execute=V, -eV),
// where a client's own commands are read from its start.
func gluedQuery(w string) (string, bool) {
	switch {
	case strings.HasPrefix(w, "--"):
		_, v, ok := strings.Cut(w, "=")
		return v, ok
	case len(w) > 2 && w[0] == '-':
		return w[2:], true
	}
	return "", false
}
