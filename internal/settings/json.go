package settings

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"unicode/utf8"
)

// maxDepth bounds how deep a settings file may nest. The schema needs
// three levels; the bound keeps a hostile file from costing anything.
const maxDepth = 16

// node is a JSON value with the byte offset where it starts, so that every
// warning can name the line and column of the entry it is about.
type node struct {
	kind  nodeKind
	off   int
	end   int         // the offset just past the value
	str   string      // kindString
	num   json.Number // kindNumber
	b     bool        // kindBool
	keys  []*node     // kindObject: the keys, as string nodes, in file order
	vals  []*node     // kindObject: the values, parallel to keys
	elems []*node     // kindArray
}

type nodeKind uint8

const (
	kindNull nodeKind = iota
	kindBool
	kindNumber
	kindString
	kindArray
	kindObject
)

func (k nodeKind) String() string {
	return [...]string{"null", "a boolean", "a number", "a string", "a list", "an object"}[k]
}

// SyntaxError is a settings file that is not valid JSON.
type SyntaxError struct {
	Line, Col int
	Msg       string
}

func (e *SyntaxError) Error() string { return fmt.Sprintf("%d:%d: %s", e.Line, e.Col, e.Msg) }

// fileProblem is the one problem of a file that cannot be used at all: at
// the position of its syntax error when it has one. done says what was
// done about it ("; the file is left as it is, ..."), or is empty.
func fileProblem(path string, err error, done string) Problem {
	var se *SyntaxError
	if errors.As(err, &se) {
		return Problem{File: path, Line: se.Line, Col: se.Col, Msg: "invalid JSON: " + se.Msg + done}
	}
	return Problem{File: path, Msg: err.Error() + done}
}

// parseJSON reads data as exactly one JSON value.
func parseJSON(data []byte) (*node, error) {
	if !utf8.Valid(data) {
		off := 0
		for off < len(data) {
			r, size := utf8.DecodeRune(data[off:])
			if r == utf8.RuneError && size <= 1 {
				break
			}
			off += size
		}
		line, col := lineCol(data, off)
		return nil, &SyntaxError{line, col, "invalid UTF-8"}
	}
	p := &jsonParser{data: data, dec: json.NewDecoder(bytes.NewReader(data))}
	p.dec.UseNumber()
	n, err := p.value(0)
	if err != nil {
		return nil, p.syntaxError(err)
	}
	off := p.skip(int(p.dec.InputOffset()))
	if _, err := p.dec.Token(); err != io.EOF {
		line, col := lineCol(data, off)
		return nil, &SyntaxError{line, col, "more than one JSON value"}
	}
	return n, nil
}

type jsonParser struct {
	data []byte
	dec  *json.Decoder
}

var errTooDeep = errors.New("nested more than 16 levels deep")

func (p *jsonParser) value(depth int) (*node, error) {
	if depth > maxDepth {
		return nil, errTooDeep
	}
	off := p.skip(int(p.dec.InputOffset()))
	tok, err := p.dec.Token()
	if err != nil {
		return nil, err
	}
	n := &node{off: off}
	switch t := tok.(type) {
	case nil:
		n.kind = kindNull
	case bool:
		n.kind, n.b = kindBool, t
	case json.Number:
		n.kind, n.num = kindNumber, t
	case string:
		n.kind, n.str = kindString, t
	case json.Delim:
		switch t {
		case '[':
			n.kind = kindArray
			for p.dec.More() {
				e, err := p.value(depth + 1)
				if err != nil {
					return nil, err
				}
				n.elems = append(n.elems, e)
			}
		case '{':
			n.kind = kindObject
			for p.dec.More() {
				k, err := p.value(depth + 1)
				if err != nil {
					return nil, err
				}
				v, err := p.value(depth + 1)
				if err != nil {
					return nil, err
				}
				n.keys = append(n.keys, k)
				n.vals = append(n.vals, v)
			}
		}
		if _, err := p.dec.Token(); err != nil { // the closing delimiter
			return nil, err
		}
	}
	n.end = int(p.dec.InputOffset())
	return n, nil
}

// skip returns the offset of the next token at or after off, past the
// white space and separators the decoder consumes on its own.
func (p *jsonParser) skip(off int) int {
	for off < len(p.data) {
		switch p.data[off] {
		case ' ', '\t', '\n', '\r', ',', ':':
			off++
		default:
			return off
		}
	}
	return off
}

func (p *jsonParser) syntaxError(err error) *SyntaxError {
	off := int(p.dec.InputOffset())
	var se *json.SyntaxError
	msg := err.Error()
	if errors.As(err, &se) {
		// The token reader's offsets are loose; the whole-value scanner
		// stops exactly on the bad byte.
		var scan *json.SyntaxError
		if errors.As(json.Unmarshal(p.data, new(any)), &scan) {
			se, msg = scan, scan.Error()
		}
	}
	switch {
	case se != nil:
		// The offset is where the scanner stopped; the culprit is the
		// next thing that is not white space.
		off = int(se.Offset)
		if off > 0 && off <= len(p.data) && !isSpace(p.data[off-1]) {
			off--
		}
		for off < len(p.data) && isSpace(p.data[off]) {
			off++
		}
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		off, msg = len(p.data), "unexpected end of file"
	}
	line, col := lineCol(p.data, off)
	return &SyntaxError{line, col, msg}
}

// lineCol turns a byte offset into a 1-based line and column (in
// characters).
func lineCol(data []byte, off int) (line, col int) {
	off = min(max(off, 0), len(data))
	line = 1 + bytes.Count(data[:off], []byte{'\n'})
	start := bytes.LastIndexByte(data[:off], '\n') + 1
	return line, 1 + utf8.RuneCount(data[start:off])
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }
