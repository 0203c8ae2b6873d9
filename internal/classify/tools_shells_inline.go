package classify

import (
	"strconv"
	"strings"
)

// execCalls are the calls through which inline code in the usual agent
// languages runs a shell command. The string passed to them is shell, so
// it is classified as a script: os.system("rm -rf /") is rm -rf /.
var execCalls = []string{
	"system(", "popen(", "os.system(", "subprocess.run(", "subprocess.call(", "subprocess.popen(", "check_call(",
	"check_output(", "getoutput(", "getstatusoutput(", "execsync(", "exec(", "spawnsync(", "spawn(", "execfilesync(",
	"execfile(", "shell_exec(", "passthru(", "proc_open(", "%x(", "open3.", "run(", "call(",
}

// shellStrings returns the shell commands inline code hands to a shell:
// string arguments of execCalls, argv lists joined into one command, and
// backquoted strings (Ruby, Perl, PHP).
func shellStrings(code string) []string {
	lc := strings.ToLower(code)
	var out []string
	for _, call := range execCalls {
		for off := 0; off < len(lc); {
			k := strings.Index(lc[off:], call)
			if k < 0 {
				break
			}
			i := off + k + len(call)
			off = i
			for i < len(code) && (code[i] == ' ' || code[i] == '\t') {
				i++
			}
			if i < len(code) && code[i] == '[' {
				var words []string
				for i++; i < len(code) && code[i] != ']'; {
					if code[i] == '"' || code[i] == '\'' {
						s, n := readLiteral(code[i:])
						words = append(words, syntaxQuote(s))
						i += n
						continue
					}
					i++
				}
				if len(words) > 0 {
					out = append(out, strings.Join(words, " "))
				}
				continue
			}
			if i < len(code) && (code[i] == '"' || code[i] == '\'' || code[i] == '`') {
				s, _ := readLiteral(code[i:])
				out = append(out, s)
			}
		}
	}
	for off := 0; ; {
		k := strings.IndexByte(code[off:], '`')
		if k < 0 {
			break
		}
		start := off + k + 1
		end := strings.IndexByte(code[start:], '`')
		if end < 0 {
			break
		}
		out = append(out, code[start:start+end])
		off = start + end + 1
	}
	return out
}

// readLiteral reads a quoted string at the start of s, decoding the
// backslash escapes these languages share, and returns it with the number
// of bytes read.
func readLiteral(s string) (string, int) {
	q := s[0]
	var b strings.Builder
	i := 1
	for i < len(s) && s[i] != q {
		if s[i] == '\\' && i+1 < len(s) && q != '`' {
			c := s[i+1]
			switch {
			case c == 'n':
				b.WriteByte('\n')
				i += 2
			case c == 't':
				b.WriteByte('\t')
				i += 2
			case c == 'x' && i+3 < len(s):
				if v, err := strconv.ParseUint(s[i+2:i+4], 16, 8); err == nil {
					b.WriteByte(byte(v))
					i += 4
					continue
				}
				b.WriteByte(c)
				i += 2
			case c >= '0' && c <= '7' && i+3 < len(s):
				if v, err := strconv.ParseUint(s[i+1:i+4], 8, 8); err == nil {
					b.WriteByte(byte(v))
					i += 4
					continue
				}
				b.WriteByte(c)
				i += 2
			default:
				b.WriteByte(c)
				i += 2
			}
			continue
		}
		b.WriteByte(s[i])
		i++
	}
	return b.String(), i + 1
}
