package guard

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"io"
	"os"
	"path"
	"path/filepath"
	"strings"
	"time"

	"github.com/agent-permguard/permguard/internal/classify"
	"github.com/agent-permguard/permguard/internal/safefile"
)

// Budgets for listing an archive the command extracts (design §2.9, §7):
// past any of them the members count as not known, and the extraction is
// judged as today (dangerous at the workspace root).
const (
	maxArchives     = 4       // archives read for one command
	maxMembers      = 4096    // members of one archive
	maxZipDirectory = 1 << 20 // bytes of a zip's central directory
	maxTarBytes     = 4 << 20 // bytes of a tar read, after decompression
	archiveTime     = 25 * time.Millisecond
)

// archiveSuffixes are the names read as archives. What a file holds is
// decided by its first bytes, not its name: the name only says which
// words of the command are worth a look.
// Patches are not read: patch and git apply each accept header styles,
// indentation and options the other does not, so a patch's files stay
// not known.
var archiveSuffixes = []string{".tar", ".tar.gz", ".tgz", ".zip"}

var errBudget = errors.New("archive past its budget")

// archivesOf lists the members of the archives src names, relative to dir
// and inside the workspace ws. A word is a candidate only when it ends
// like an archive; which words are really the archive an extraction reads
// is the classifier's to say, from the parsed command. A file read here
// that the command never extracts changes nothing.
func archivesOf(src, dir, ws string) []classify.Archive {
	if dir == "" || ws == "" {
		return nil
	}
	var out []classify.Archive
	deadline := time.Now().Add(archiveTime)
	seen := map[string]bool{}
	for _, word := range strings.Fields(src) {
		word = strings.Trim(word, `"';&|()`)
		if !hasArchiveSuffix(word) || strings.ContainsAny(word, "$`*?[{~\\") {
			continue
		}
		p := word
		if !filepath.IsAbs(p) {
			p = filepath.Join(dir, p)
		}
		p = filepath.Clean(p)
		if seen[p] || !within(ws, p) {
			continue
		}
		seen[p] = true
		if len(seen) > maxArchives {
			break
		}
		a, err := listArchive(p, deadline)
		if err != nil {
			continue
		}
		a.Path = p
		out = append(out, a)
	}
	return out
}

func hasArchiveSuffix(w string) bool {
	lw := strings.ToLower(w)
	for _, s := range archiveSuffixes {
		if strings.HasSuffix(lw, s) && len(lw) > len(s) {
			return true
		}
	}
	return false
}

func within(dir, p string) bool {
	return p == dir || strings.HasPrefix(p, dir+string(filepath.Separator))
}

// listArchive reads the member names of the zip, tar or gzip-compressed
// tar at p, and says which of the two it is. unsafe reports a name that
// leaves the directory it is extracted into. Anything the extractors may
// read otherwise than this reader does is an error: the members are then
// not known, which is the safe side (design §2.9).
//
// Only a regular file is read: a FIFO named like an archive is found by
// the type of the open descriptor, never waited on.
func listArchive(p string, deadline time.Time) (classify.Archive, error) {
	f, st, err := safefile.Open(p, safefile.Follow)
	if err != nil {
		return classify.Archive{}, err
	}
	defer f.Close()
	var magic [4]byte
	if _, err := io.ReadFull(f, magic[:]); err != nil {
		return classify.Archive{}, err
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return classify.Archive{}, err
	}
	var names []string
	var links []classify.ArchiveLink
	format := "tar"
	switch {
	case magic[0] == 'P' && magic[1] == 'K' && magic[2] == 3 && magic[3] == 4:
		format = "zip"
		names, err = listZip(f, st.Size())
	case magic[0] == 0x1f && magic[1] == 0x8b:
		zr, zerr := gzip.NewReader(bufio.NewReader(f))
		if zerr != nil {
			return classify.Archive{}, zerr
		}
		names, links, err = listTar(zr, deadline)
	default:
		names, links, err = listTar(f, deadline)
	}
	if err != nil {
		return classify.Archive{}, err
	}
	// links make the names say too little (a later member may be written
	// through one), but where each leads is judged (design §2.6)
	a := classify.Archive{Members: names, Format: format, Links: links, Unsafe: len(links) > 0}
	for _, n := range names {
		if leaves(n) {
			a.Unsafe = true
		}
	}
	return a, nil
}

// errNotPlain is an archive that holds more than plain names of files and
// directories: a header, field or layout one extractor may read otherwise
// than another, or than this reader.
var errNotPlain = errors.New("archive not plain")

// plainName is a member name every extractor writes as it is: printable
// ASCII, no backslash (Info-ZIP turns it into a slash for some hosts),
// no NUL (C strings end there), not empty.
func plainName(n []byte) bool {
	if len(n) == 0 {
		return false
	}
	for _, b := range n {
		if b < 0x20 || b > 0x7e || b == '\\' {
			return false
		}
	}
	return true
}

// listZip reads the central directory and each local header it points
// to. The layout must be the plain one: no comment, no zip64, no gap or
// data before, between or after the entries, the same name in both
// headers, only extra fields that carry no name, and files and
// directories only. Info-ZIP reads the central directory, libarchive
// (bsdtar) may read the local headers: both then see the same names.
func listZip(f *os.File, size int64) ([]string, error) {
	const eocdLen, cenLen, locLen = 22, 46, 30
	if size < eocdLen {
		return nil, errors.New("too short for a zip")
	}
	var eocd [eocdLen]byte
	if _, err := f.ReadAt(eocd[:], size-eocdLen); err != nil {
		return nil, err
	}
	le := binary.LittleEndian
	if le.Uint32(eocd[0:]) != 0x06054b50 {
		return nil, errNotPlain
	}
	entries := int(le.Uint16(eocd[10:]))
	dirSize := int64(le.Uint32(eocd[12:]))
	dirOff := int64(le.Uint32(eocd[16:]))
	if le.Uint16(eocd[4:]) != 0 || le.Uint16(eocd[6:]) != 0 || int(le.Uint16(eocd[8:])) != entries ||
		le.Uint16(eocd[20:]) != 0 || dirOff+dirSize != size-eocdLen {
		return nil, errNotPlain
	}
	if entries == 0 || entries > maxMembers || dirSize > maxZipDirectory {
		return nil, errBudget
	}
	dir := make([]byte, dirSize)
	if _, err := f.ReadAt(dir, dirOff); err != nil {
		return nil, err
	}
	var names []string
	next := int64(0) // where the next local header must begin
	for range entries {
		if len(dir) < cenLen || le.Uint32(dir) != 0x02014b50 {
			return nil, errNotPlain
		}
		host := dir[5]
		flags := le.Uint16(dir[8:])
		csize := int64(le.Uint32(dir[20:]))
		nameLen, extraLen, commentLen := int(le.Uint16(dir[28:])), int(le.Uint16(dir[30:])), int(le.Uint16(dir[32:]))
		attrs := le.Uint32(dir[38:])
		local := int64(le.Uint32(dir[42:]))
		if cenLen+nameLen+extraLen+commentLen > len(dir) || csize == 0xffffffff || local != next {
			return nil, errNotPlain
		}
		name := dir[cenLen : cenLen+nameLen]
		extra := dir[cenLen+nameLen : cenLen+nameLen+extraLen]
		dir = dir[cenLen+nameLen+extraLen+commentLen:]
		if !plainName(name) || !plainExtra(extra) {
			return nil, errNotPlain
		}
		switch host {
		case 0: // FAT: no links
		case 3: // Unix: the file type is in the high half
			if t := attrs >> 16 & 0xf000; t != 0 && t != 0x8000 && t != 0x4000 {
				return nil, errNotPlain
			}
		default:
			return nil, errNotPlain
		}
		var lh [locLen]byte
		if _, err := f.ReadAt(lh[:], local); err != nil || le.Uint32(lh[:]) != 0x04034b50 {
			return nil, errNotPlain
		}
		lNameLen, lExtraLen := int(le.Uint16(lh[26:])), int(le.Uint16(lh[28:]))
		lvar := make([]byte, lNameLen+lExtraLen)
		if _, err := f.ReadAt(lvar, local+locLen); err != nil {
			return nil, errNotPlain
		}
		if string(lvar[:lNameLen]) != string(name) || !plainExtra(lvar[lNameLen:]) {
			return nil, errNotPlain
		}
		end := local + locLen + int64(lNameLen+lExtraLen) + csize
		if flags&8 != 0 {
			// a data descriptor follows, with or without its signature
			var sig [4]byte
			if _, err := f.ReadAt(sig[:], end); err != nil {
				return nil, errNotPlain
			}
			end += 12
			if le.Uint32(sig[:]) == 0x08074b50 {
				end += 4
			}
		} else if int64(le.Uint32(lh[18:])) != csize {
			return nil, errNotPlain
		}
		next = end
		names = append(names, string(name))
	}
	if len(dir) != 0 || next != dirOff {
		return nil, errNotPlain
	}
	return names, nil
}

// plainExtra reports extra fields that are well formed and all of kinds
// that carry times or owners only. Any other (the Unicode Path field
// 0x7075 above all, which Info-ZIP prefers to the header's name; zip64,
// which changes sizes and offsets) leaves the names not known.
func plainExtra(x []byte) bool {
	for len(x) > 0 {
		if len(x) < 4 {
			return false
		}
		id, n := binary.LittleEndian.Uint16(x), int(binary.LittleEndian.Uint16(x[2:]))
		if 4+n > len(x) {
			return false
		}
		switch id {
		case 0x5455, 0x7875, 0x000a: // extended time, Unix owner, NTFS times
		default:
			return false
		}
		x = x[4+n:]
	}
	return true
}

// listTar reads 512-byte headers in order, skipping contents, and takes
// only plain ustar or GNU headers of regular files, directories and
// links; the links it returns apart, each with its target. PAX records,
// GNU long names, sparse files, volume labels and the like each rename or
// redirect members in ways GNU tar, bsdtar and Go disagree on, so any of
// them leaves the members not known. The archive
// must end with two zero blocks followed by nothing but zeros (tar -i
// reads on past the end), all within the byte budget and the deadline.
func listTar(r io.Reader, deadline time.Time) ([]string, []classify.ArchiveLink, error) {
	lr := &io.LimitedReader{R: r, N: maxTarBytes + 1}
	br := bufio.NewReaderSize(lr, 64<<10)
	var blk [512]byte
	var names []string
	var links []classify.ArchiveLink
	for {
		if time.Now().After(deadline) {
			return nil, nil, errBudget
		}
		if _, err := io.ReadFull(br, blk[:]); err != nil {
			// cut short, or past the byte budget: no end seen
			return nil, nil, errNotPlain
		}
		if allZero(blk[:]) {
			if _, err := io.ReadFull(br, blk[:]); err != nil || !allZero(blk[:]) {
				return nil, nil, errNotPlain
			}
			if err := zerosToEnd(br, deadline); err != nil {
				return nil, nil, err
			}
			if lr.N == 0 {
				return nil, nil, errBudget
			}
			if len(names) == 0 {
				return nil, nil, errors.New("no members")
			}
			return names, links, nil
		}
		h, ok := readHeader(&blk)
		if !ok {
			return nil, nil, errNotPlain
		}
		if len(names) == maxMembers || h.size > maxTarBytes {
			return nil, nil, errBudget
		}
		names = append(names, h.name)
		if h.link != "" {
			links = append(links, classify.ArchiveLink{Name: h.name, Target: h.link, Hard: h.typ == '1'})
		}
		if _, err := io.CopyN(io.Discard, br, (h.size+511)&^511); err != nil {
			return nil, nil, errNotPlain
		}
	}
}

// tarHeader is a plain header: a regular file, a directory, or a link
// (typ '1' hard, '2' symbolic) with its target.
type tarHeader struct {
	name, link string
	typ        byte
	size       int64
}

// readHeader reads a header of a regular file, a directory or a link with
// a valid checksum, an octal size and names of plain characters; the
// ustar prefix field counts only with the POSIX magic (GNU's format keeps
// other fields there).
func readHeader(b *[512]byte) (tarHeader, bool) {
	var h tarHeader
	sum, ok := octal(b[148:156])
	if !ok {
		return h, false
	}
	var got int64
	for i, c := range b {
		if i >= 148 && i < 156 {
			c = ' '
		}
		got += int64(c)
	}
	if got != sum {
		return h, false
	}
	posix := string(b[257:265]) == "ustar\x0000"
	if !posix && string(b[257:265]) != "ustar  \x00" {
		return h, false
	}
	h.typ = b[156]
	link := cstring(b[157:257])
	switch h.typ {
	case '0', 0, '5':
		if len(link) != 0 {
			return h, false
		}
	case '1', '2':
		if !plainName(link) {
			return h, false
		}
		h.link = string(link)
	default:
		return h, false
	}
	h.size, ok = octal(b[124:136])
	if !ok || h.typ != '0' && h.typ != 0 && h.size != 0 {
		return h, false
	}
	n := cstring(b[0:100])
	if posix {
		if p := cstring(b[345:500]); len(p) > 0 {
			n = append(append(append([]byte{}, p...), '/'), n...)
		}
	}
	if !plainName(n) {
		return h, false
	}
	h.name = string(n)
	return h, true
}

// octal reads a numeric header field: optional leading spaces, octal
// digits, then NULs or spaces. Base-256 and anything else is refused.
func octal(f []byte) (int64, bool) {
	s := strings.TrimLeft(string(f), " ")
	s = strings.TrimRight(s, " \x00")
	if s == "" || len(s) > 11 {
		return 0, false
	}
	var n int64
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '7' {
			return 0, false
		}
		n = n*8 + int64(s[i]-'0')
	}
	return n, true
}

func cstring(f []byte) []byte {
	if i := bytes.IndexByte(f, 0); i >= 0 {
		return f[:i]
	}
	return f
}

func allZero(b []byte) bool {
	for _, c := range b {
		if c != 0 {
			return false
		}
	}
	return true
}

// zerosToEnd reads the rest of the stream, which must be zeros only (the
// padding to a record); anything else is data tar -i would read on into.
func zerosToEnd(r io.Reader, deadline time.Time) error {
	buf := make([]byte, 32<<10)
	for {
		n, err := r.Read(buf)
		if !allZero(buf[:n]) {
			return errNotPlain
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if time.Now().After(deadline) {
			return errBudget
		}
	}
}

// leaves reports a member name that is absolute or climbs out of the
// directory it is extracted into.
func leaves(name string) bool {
	if path.IsAbs(name) || strings.HasPrefix(name, "\\") || strings.Contains(name, ":") && len(name) > 1 && name[1] == ':' {
		return true
	}
	c := path.Clean(name)
	return c == ".." || strings.HasPrefix(c, "../")
}

// mayExtract reports a command that names an extractor at all: only then
// are archives read. This decides what is read, never a verdict.
func mayExtract(src string) bool {
	return strings.Contains(src, "tar") || strings.Contains(src, "unzip")
}
