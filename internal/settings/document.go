package settings

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"time"

	"github.com/agent-permguard/permguard/internal/safefile"
)

// Document is a JSON object being changed: its keys in file order with
// their values as written, so that changing one setting keeps every other
// key, unknown ones included, as it was. What is not changed is written
// back byte for byte, in the file's own indentation.
type Document struct {
	keys []string
	vals map[string]json.RawMessage
	// indent is the file's indentation unit ("  ", "    ", "\t"); "" for
	// a file written on one line, or new.
	indent string
	// set marks the keys whose values were set, which are rendered anew;
	// subs and lists keep how a value set as a sub-document or a list
	// of raw values is to be rendered.
	set   map[string]bool
	subs  map[string]*Document
	lists map[string][]json.RawMessage
}

// NewDocument returns an empty document.
func NewDocument() *Document { return &Document{vals: map[string]json.RawMessage{}} }

// ParseDocument reads data, which must be one JSON object (or nothing).
func ParseDocument(data []byte) (*Document, error) {
	d := &Document{vals: map[string]json.RawMessage{}, indent: detectIndent(data)}
	if len(bytes.TrimSpace(data)) == 0 {
		return d, nil
	}
	root, err := parseJSON(data)
	if err != nil {
		return nil, err
	}
	if root.kind != kindObject {
		return nil, &SyntaxError{1, 1, fmt.Sprintf("is %s, not an object of settings", root.kind)}
	}
	var vals map[string]json.RawMessage
	if err := json.Unmarshal(data, &vals); err != nil {
		return nil, &SyntaxError{1, 1, err.Error()}
	}
	for _, k := range root.keys {
		if _, dup := d.vals[k.str]; !dup {
			d.keys = append(d.keys, k.str)
			d.vals[k.str] = vals[k.str] // the last of duplicates, as Parse does
		}
	}
	return d, nil
}

// Raw returns the value of key as written.
func (d *Document) Raw(key string) (json.RawMessage, bool) {
	v, ok := d.vals[key]
	return v, ok
}

// detectIndent returns the leading white space of the first indented
// line of data, the unit its nesting is indented by.
func detectIndent(data []byte) string {
	for _, line := range bytes.Split(data, []byte("\n"))[1:] {
		trimmed := bytes.TrimLeft(line, " \t")
		if len(trimmed) == 0 || len(trimmed) == len(line) {
			continue
		}
		return string(line[:len(line)-len(trimmed)])
	}
	return ""
}

// Set sets key to v, keeping its place if it exists. A *Document is
// rendered as a document (its unchanged keys as written), a
// []json.RawMessage as a list whose elements that span lines, as they
// were written in the file, are kept as they are.
func (d *Document) Set(key string, v any) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return err
	}
	if _, ok := d.vals[key]; !ok {
		d.keys = append(d.keys, key)
	}
	d.vals[key] = bytes.TrimSpace(buf.Bytes())
	if d.set == nil {
		d.set, d.subs, d.lists = map[string]bool{}, map[string]*Document{}, map[string][]json.RawMessage{}
	}
	d.set[key] = true
	delete(d.subs, key)
	delete(d.lists, key)
	switch v := v.(type) {
	case *Document:
		d.subs[key] = v
	case []json.RawMessage:
		d.lists[key] = v
	}
	return nil
}

// Delete removes key.
func (d *Document) Delete(key string) {
	if _, ok := d.vals[key]; !ok {
		return
	}
	delete(d.vals, key)
	for i, k := range d.keys {
		if k == key {
			d.keys = append(d.keys[:i], d.keys[i+1:]...)
			break
		}
	}
}

// Keys returns the keys in order.
func (d *Document) Keys() []string { return append([]string(nil), d.keys...) }

// Len returns the number of keys.
func (d *Document) Len() int { return len(d.keys) }

// SetsNothing reports whether d holds no setting: no key, or only
// "$schema", which permguard writes into a file it creates.
func (d *Document) SetsNothing() bool {
	for _, k := range d.keys {
		if k != "$schema" {
			return false
		}
	}
	return true
}

// MarshalJSON renders the document, keys in order, in the file's
// indentation (two spaces for a new file or one written on one line).
// Values not set since the document was read are written as they were.
func (d *Document) MarshalJSON() ([]byte, error) {
	unit := d.indent
	if unit == "" {
		unit = "  "
	}
	var b bytes.Buffer
	if err := d.render(&b, "", unit); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// render writes d at the indentation prefix.
func (d *Document) render(b *bytes.Buffer, prefix, unit string) error {
	if len(d.keys) == 0 {
		b.WriteString("{}")
		return nil
	}
	inner := prefix + unit
	b.WriteString("{\n")
	for i, k := range d.keys {
		name, _ := json.Marshal(k)
		b.WriteString(inner)
		b.Write(name)
		b.WriteString(": ")
		if err := d.renderValue(b, k, inner, unit); err != nil {
			return fmt.Errorf("setting %s: %w", k, err)
		}
		if i < len(d.keys)-1 {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
	}
	b.WriteString(prefix + "}")
	return nil
}

func (d *Document) renderValue(b *bytes.Buffer, k, prefix, unit string) error {
	switch {
	case !d.set[k]:
		b.Write(d.vals[k])
		return nil
	case d.subs[k] != nil:
		return d.subs[k].render(b, prefix, unit)
	case d.lists[k] != nil:
		list := d.lists[k]
		if len(list) == 0 {
			b.WriteString("[]")
			return nil
		}
		b.WriteString("[\n")
		for i, e := range list {
			b.WriteString(prefix + unit)
			if bytes.ContainsRune(e, '\n') {
				b.Write(e) // as written in the file, at this depth
			} else if err := json.Indent(b, e, prefix+unit, unit); err != nil {
				return err
			}
			if i < len(list)-1 {
				b.WriteByte(',')
			}
			b.WriteByte('\n')
		}
		b.WriteString(prefix + "]")
		return nil
	}
	return json.Indent(b, d.vals[k], prefix, unit)
}

// Strings returns the list of strings at key, or under key.sub when sub is
// given ("overrides", "low"). ok is false when the value is there but is
// not a list of strings: a change must not replace what it cannot read.
func (d *Document) Strings(key, sub string) (list []string, ok bool) {
	raw, found := d.vals[key]
	if !found {
		return nil, true
	}
	if sub != "" {
		inner, err := ParseDocument(raw)
		if err != nil {
			return nil, false
		}
		if raw, found = inner.vals[sub]; !found {
			return nil, true
		}
	}
	if err := json.Unmarshal(raw, &list); err != nil {
		return nil, false
	}
	return list, true
}

// SetStrings sets the list at key, or at key.sub, keeping every other key
// of key's object. An empty list removes the entry.
func (d *Document) SetStrings(key, sub string, list []string) error {
	if sub == "" {
		if len(list) == 0 {
			d.Delete(key)
			return nil
		}
		return d.Set(key, list)
	}
	inner := &Document{vals: map[string]json.RawMessage{}}
	if raw, found := d.vals[key]; found {
		var err error
		if inner, err = ParseDocument(raw); err != nil {
			return fmt.Errorf("%s is not an object: %w", key, err)
		}
	}
	if len(list) == 0 {
		inner.Delete(sub)
	} else if err := inner.Set(sub, list); err != nil {
		return err
	}
	if inner.Len() == 0 {
		d.Delete(key)
		return nil
	}
	return d.Set(key, inner)
}

// ErrUnchanged tells [Update] that the change left the file as it was, so
// nothing is written.
var ErrUnchanged = errors.New("unchanged")

// Update changes the settings file at path under its lock, so concurrent
// writers serialize and none loses another's change: it reads the file as
// it is now, calls change, and writes the result atomically. A file that
// is not a valid JSON object is left as it is and nothing is written: the
// error is an [*UnusableError].
func Update(path string, now time.Time, change func(*Document) error) ([]Problem, error) {
	return update(path, now, safefile.Follow, change)
}

// update is [Update]; with NoFollow, for permguard's own files in its
// state directory, path must be the user's alone and never a link.
func update(path string, now time.Time, link safefile.Link, change func(*Document) error) ([]Problem, error) {
	unlock, err := lockFile(path, link)
	if err != nil {
		return nil, err
	}
	defer unlock()
	var problems []Problem
	doc := &Document{vals: map[string]json.RawMessage{}}
	var data []byte
	if link == safefile.NoFollow {
		data, err = readOwn(path)
	} else {
		data, err = readFile(path)
	}
	var unsafe *safefile.UnsafeError
	switch {
	case errors.Is(err, fs.ErrNotExist) && link == safefile.Follow:
		// a settings file permguard creates names its schema, for editors
		if err := doc.Set("$schema", SchemaURL); err != nil {
			return nil, err
		}
	case errors.Is(err, fs.ErrNotExist):
	case errors.Is(err, ErrNotRegular), errors.As(err, &unsafe):
		return nil, fmt.Errorf("%s %v; refusing to replace it", path, err)
	default:
		if err == nil {
			doc, err = ParseDocument(data)
		}
		if err != nil {
			p := fileProblem(path, err, "")
			p.Unusable = true
			return nil, &UnusableError{p}
		}
	}
	if err := change(doc); err != nil {
		if errors.Is(err, ErrUnchanged) {
			return problems, nil
		}
		return problems, err
	}
	out, err := doc.MarshalJSON()
	if err != nil {
		return problems, err
	}
	return problems, writeAtomic(path, append(out, '\n'), link)
}

// UnusableError is what [Update] returns for a file that exists but
// cannot be read as settings. The change is not made: starting afresh
// would lose the file, and moving it aside would lose a half-saved edit
// the user is still making.
type UnusableError struct{ Problem }

func (e *UnusableError) Error() string { return e.Problem.String() }
