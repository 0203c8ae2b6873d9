// Package audit owns permguard's audit log: one JSON line per decision in
// <state dir>/audit.jsonl, appended by any number of concurrent permguard
// processes without interleaving, rotated at [MaxBytes], and read back for
// `permguard log`. What it records has secrets redacted ([Redact]).
//
// The log is a record, never a gate: a failed write is returned to the
// caller to report and changes nothing about the decision. The package
// imports nothing else of permguard but internal/safefile
// (scripts/check-deps.sh).
package audit

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/agent-permguard/permguard/internal/safefile"
)

// FileName is the log's name in the state directory; the previous
// generation is FileName + ".1".
const FileName = "audit.jsonl"

// MaxBytes is the size at which the log is rotated.
const MaxBytes = 10 << 20

// Bounds on what one line holds, so a line stays one small write and a
// 64 KiB heredoc does not fill the log. The command keeps its start, which
// is what a person scanning the log reads.
const (
	maxCommandBytes = 4096
	maxFieldBytes   = 1024
)

// Decisions, as the log and `permguard log --decision` name them.
const (
	Allow = "allow"
	Ask   = "ask" // handed to the agent's own prompt
	Block = "block"
)

// Who decided: the By field.
const (
	ByRule    = "rule"    // a deny rule in the settings
	BySetting = "setting" // the level or the mode in force
	ByPerson  = "person"  // a person answered the terminal prompt
	ByTimeout = "timeout" // nobody answered the prompt in time
	BySession = "session" // a person allowed it earlier in this session
	ByAgent   = "agent"   // handed to the agent's own prompt
	ByNobody  = "nobody"  // it needed a person and none could be asked
	ByError   = "error"   // the call could not be read or judged
	ByLimit   = "limit"   // the call is past a limit of what permguard judges (design §7)
	// BySandbox is a block after the fact: a call that ran in the build
	// sandbox left a git repository that could run programs, which was
	// set aside, or the workspace could not all be checked for one.
	BySandbox = "sandbox"
)

// Record is one decision. The JSON names are API: people grep the file
// and tools read it.
type Record struct {
	Time    time.Time `json:"time"`
	Via     string    `json:"via"`             // check, hook or exec
	Agent   string    `json:"agent,omitempty"` // the hook dialect; empty for a person's check or exec
	Session string    `json:"session,omitempty"`
	Cwd     string    `json:"cwd,omitempty"`
	Tool    string    `json:"tool,omitempty"`
	// Skill names the skill or slash command whose inline shell the
	// command is (Claude Code's PreSkillShellCommand); empty for a tool
	// call.
	Skill     string `json:"skill,omitempty"`
	Command   string `json:"command"` // redacted
	Level     string `json:"level,omitempty"`
	Dangerous bool   `json:"dangerous,omitempty"`
	// Effective is the level in force when it was decided.
	Effective string `json:"effective_level,omitempty"`
	Decision  string `json:"decision"`
	By        string `json:"by"`
	Detail    string `json:"detail,omitempty"` // which rule, setting or answer; redacted
}

// Append writes r as one line at the end of dir's log, creating dir (0700)
// and the log (0600) when needed. The command and detail are redacted and
// bounded here, so no caller can forget to.
//
// The line goes out in one write(2) on a descriptor opened with O_APPEND:
// the kernel places each such write at the end of the file whole, so
// concurrent permguard processes never interleave their lines.
//
// Only a log that is the user's alone is written: never through a link,
// never a FIFO (nothing waits for a reader), never a file another user
// owns or can write, in a directory that is the user's alone too (one
// made here is checked once made: another user may have made it first).
func Append(dir string, r Record) error {
	line, err := encode(r)
	if err != nil {
		return err
	}
	if err := safefile.CheckPlace(dir, safefile.LinkedDir); err != nil {
		return err
	}
	path := filepath.Join(dir, FileName)
	f, st, err := openLog(path)
	if errors.Is(err, fs.ErrNotExist) {
		// the first decision ever: the directory is made then
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return fmt.Errorf("failed to create %s: %w", dir, err)
		}
		if err := safefile.CheckPlace(dir, safefile.LinkedDir); err != nil {
			return err
		}
		f, st, err = openLog(path)
	}
	if err != nil {
		return err
	}
	if st.Size()+int64(len(line)) > MaxBytes {
		if f, err = rotate(f, st, path); err != nil {
			return err
		}
	}
	n, err := f.Write(line)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil && n != len(line) {
		err = io.ErrShortWrite
	}
	if err != nil {
		return fmt.Errorf("failed to write %s: %w", path, err)
	}
	return nil
}

// openLog opens the log at path for appending, or makes it (0600), if it
// is the user's alone (see [Append]).
func openLog(path string) (*os.File, fs.FileInfo, error) {
	f, st, err := safefile.OpenAppend(path, 0o600)
	if err == nil {
		if err = safefile.CheckOwned(path, st); err != nil {
			f.Close()
		}
	}
	if err != nil {
		var nr *safefile.NotRegularError
		var ue *safefile.UnsafeError
		if errors.As(err, &nr) || errors.As(err, &ue) {
			return nil, nil, err // says the path already
		}
		return nil, nil, fmt.Errorf("failed to open %s: %w", path, err)
	}
	return f, st, nil
}

// rotate moves the full log f (whose state was st) to path.1 and returns
// the new log. Several processes may find the log full at once: each locks
// the file it holds, and only the one that still finds that file at path
// renames it; the others just open the new one. A line written to the old
// descriptor meanwhile lands in path.1, so nothing is lost.
func rotate(f *os.File, st os.FileInfo, path string) (*os.File, error) {
	lockErr := lockFile(f)
	if cur, err := os.Lstat(path); err == nil && os.SameFile(cur, st) {
		if err := os.Rename(path, path+".1"); err != nil {
			unlockFile(f)
			f.Close()
			return nil, fmt.Errorf("failed to rotate %s: %w", path, err)
		}
	}
	if lockErr == nil {
		unlockFile(f)
	}
	f.Close()
	f, _, err := openLog(path)
	return f, err
}

func encode(r Record) ([]byte, error) {
	r.Command = clip(Redact(r.Command), maxCommandBytes)
	r.Detail = clip(Redact(r.Detail), maxFieldBytes)
	r.Cwd = clip(r.Cwd, maxFieldBytes)
	r.Skill = clip(r.Skill, maxFieldBytes)
	r.Session = clip(r.Session, maxFieldBytes)
	r.Tool = clip(r.Tool, maxFieldBytes)
	r.Time = r.Time.UTC()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(r); err != nil {
		return nil, fmt.Errorf("failed to encode the audit record: %w", err)
	}
	// Encode ends with the newline, and escapes every newline inside a
	// string: the record is exactly one line.
	return b.Bytes(), nil
}

// clip shortens s to at most n bytes without splitting a character.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n - len("…")
	for cut > 0 && s[cut]&0xC0 == 0x80 {
		cut--
	}
	return s[:cut] + "…"
}

// Problem is a line of the log that could not be read.
type Problem struct {
	File string
	Line int
	Err  error
}

func (p Problem) String() string { return fmt.Sprintf("%s:%d: %v", p.File, p.Line, p.Err) }

// maxLineBytes bounds a line when reading: a longer one was not written
// by Append, and is reported rather than read into memory.
const maxLineBytes = 64 << 10

// Read returns every record in dir's log, oldest first: the previous
// generation, then the current file. A damaged line (a crash mid-write on
// a file system without atomic appends, or an edit by hand) is skipped and
// returned as a Problem. A log that does not exist yet is empty. A log
// that is not the user's alone (see [Append]) is an error: what it says
// may not be what permguard decided, and a FIFO there is never waited on.
func Read(dir string) ([]Record, []Problem, error) {
	var recs []Record
	var probs []Problem
	for _, name := range []string{FileName + ".1", FileName} {
		path := filepath.Join(dir, name)
		f, st, err := safefile.Open(path, safefile.NoFollow)
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err == nil {
			if err = safefile.CheckOwned(path, st); err != nil {
				f.Close()
			}
		}
		if err != nil {
			return nil, nil, fmt.Errorf("failed to read the audit log: %w", err)
		}
		recs, probs, err = readFile(f, path, recs, probs)
		f.Close()
		if err != nil {
			return nil, nil, err
		}
	}
	return recs, probs, nil
}

func readFile(r io.Reader, path string, recs []Record, probs []Problem) ([]Record, []Problem, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	for line := 1; ; line++ {
		data, err := readLine(br)
		if err == io.EOF {
			return recs, probs, nil
		}
		if err == errLongLine {
			probs = append(probs, Problem{path, line, err})
			continue
		}
		if err != nil {
			return nil, nil, fmt.Errorf("failed to read %s: %w", path, err)
		}
		if len(bytes.TrimSpace(data)) == 0 {
			continue
		}
		var rec Record
		if err := json.Unmarshal(data, &rec); err != nil {
			probs = append(probs, Problem{path, line, errors.New("not a JSON record")})
			continue
		}
		if rec.Decision == "" || rec.Time.IsZero() {
			probs = append(probs, Problem{path, line, errors.New("the record has no time or decision")})
			continue
		}
		recs = append(recs, rec)
	}
}

var errLongLine = fmt.Errorf("line longer than %d bytes", maxLineBytes)

// readLine returns the next line without its newline; a line over
// maxLineBytes is consumed and reported as errLongLine.
func readLine(br *bufio.Reader) ([]byte, error) {
	var out []byte
	long := false
	for {
		part, err := br.ReadSlice('\n')
		if !long {
			if len(out)+len(part) > maxLineBytes {
				long, out = true, nil
			} else {
				out = append(out, part...)
			}
		}
		switch {
		case err == bufio.ErrBufferFull:
			continue
		case err == io.EOF && (len(out) > 0 || long):
			// a last line without its newline
		case err != nil:
			return nil, err
		}
		if long {
			return nil, errLongLine
		}
		return bytes.TrimSuffix(out, []byte("\n")), nil
	}
}
