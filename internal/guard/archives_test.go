package guard

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"cmp"
	"compress/gzip"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/agent-permguard/permguard/internal/classify"
	"github.com/agent-permguard/permguard/internal/hook"
)

type member struct {
	name, link string
	typ        byte
	size       int
}

func tarBytes(t *testing.T, gz bool, ms []member) []byte {
	t.Helper()
	var buf bytes.Buffer
	var tw *tar.Writer
	var zw *gzip.Writer
	if gz {
		zw = gzip.NewWriter(&buf)
		tw = tar.NewWriter(zw)
	} else {
		tw = tar.NewWriter(&buf)
	}
	for _, m := range ms {
		typ := m.typ
		if typ == 0 {
			typ = tar.TypeReg
		}
		h := &tar.Header{Name: m.name, Linkname: m.link, Typeflag: typ, Mode: 0o644, Size: int64(m.size)}
		if typ != tar.TypeReg {
			h.Size = 0
		}
		if err := tw.WriteHeader(h); err != nil {
			t.Fatal(err)
		}
		if h.Size > 0 {
			if _, err := tw.Write(bytes.Repeat([]byte("x"), m.size)); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := tw.Close(); err != nil {
		t.Fatal(err)
	}
	if zw != nil {
		if err := zw.Close(); err != nil {
			t.Fatal(err)
		}
	}
	return buf.Bytes()
}

func zipBytes(t *testing.T, names []string, symlink string) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, n := range names {
		h := &zip.FileHeader{Name: n}
		if n == symlink {
			h.SetMode(os.ModeSymlink | 0o777)
		}
		w, err := zw.CreateHeader(h)
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(n, "/") {
			continue
		}
		if _, err := w.Write([]byte("x")); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// rawHeader is a ustar (posix) or GNU header built by hand, for the
// headers Go's writer will not make.
func rawHeader(name string, typ byte, size int, gnu bool) []byte {
	b := make([]byte, 512)
	copy(b, name)
	copy(b[100:], "0000644\x00")
	copy(b[124:], fmt.Sprintf("%011o\x00", size))
	b[156] = typ
	if gnu {
		copy(b[257:], "ustar  \x00")
	} else {
		copy(b[257:], "ustar\x0000")
	}
	copy(b[148:], "        ")
	sum := 0
	for _, c := range b {
		sum += int(c)
	}
	copy(b[148:], fmt.Sprintf("%06o\x00 ", sum))
	return b
}

func pad(d []byte) []byte { return append(d, make([]byte, (512-len(d)%512)%512)...) }

func rawFile(name string, data string) []byte {
	return append(rawHeader(name, '0', len(data), false), pad([]byte(data))...)
}

func paxHeader(typ byte, recs ...string) []byte {
	var body []byte
	for _, r := range recs {
		rec := " " + r + "\n"
		n := len(rec) + 1
		for len(strconv.Itoa(n))+len(rec) != n {
			n = len(strconv.Itoa(n)) + len(rec)
		}
		body = append(body, strconv.Itoa(n)+rec...)
	}
	return append(rawHeader("PaxHeader", typ, len(body), false), pad(body)...)
}

func gnuLong(name string) []byte {
	body := []byte(name + "\x00")
	return append(rawHeader("././@LongLink", 'L', len(body), true), pad(body)...)
}

var endBlocks = make([]byte, 1024)

func join(parts ...[]byte) []byte { return bytes.Join(parts, nil) }

func gzipped(t *testing.T, parts ...[]byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	for _, p := range parts {
		zw := gzip.NewWriter(&buf)
		if _, err := zw.Write(p); err != nil {
			t.Fatal(err)
		}
		if err := zw.Close(); err != nil {
			t.Fatal(err)
		}
	}
	return buf.Bytes()
}

// zipWith is one stored entry with the given header fields; edit then
// changes the finished bytes.
func zipWith(t *testing.T, h zip.FileHeader, edit func([]byte) []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	h.Method = zip.Store
	w, err := zw.CreateHeader(&h)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Write([]byte("{}")); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if edit != nil {
		return edit(buf.Bytes())
	}
	return buf.Bytes()
}

func TestListArchive(t *testing.T) {
	many := make([]member, maxMembers+1)
	for i := range many {
		many[i] = member{name: "f" + strings.Repeat("x", i%7) + string(rune('a'+i%26))}
	}
	// header and data of pad.bin fill the byte budget exactly; the guard
	// file follows (red team, finding 1)
	atBudget := join(rawHeader("pad.bin", '0', maxTarBytes-512, false), make([]byte, maxTarBytes-512),
		rawFile(".claude/settings.json", "{}"), endBlocks)
	upath := []byte(".claude/settings.json")
	upField := binary.LittleEndian.AppendUint32([]byte{1}, crc32.ChecksumIEEE([]byte("readme.txt")))
	upField = append(upField, upath...)
	upExtra := binary.LittleEndian.AppendUint16(binary.LittleEndian.AppendUint16(nil, 0x7075), uint16(len(upField)))
	upExtra = append(upExtra, upField...)
	tests := []struct {
		name       string
		data       func(t *testing.T) []byte
		wantNames  string // joined with spaces; "" with wantErr
		wantUnsafe bool
		wantFormat string // "tar" unless set
		wantLinks  string // "name -> target, name => target (hard)"
		wantErr    bool
	}{
		{name: "tar.gz", data: func(t *testing.T) []byte {
			return tarBytes(t, true, []member{{name: "vendor/", typ: tar.TypeDir}, {name: "vendor/lib.go", size: 10}})
		}, wantNames: "vendor/ vendor/lib.go"},
		{name: "plain tar", data: func(t *testing.T) []byte { return tarBytes(t, false, []member{{name: "a.txt", size: 3}}) }, wantNames: "a.txt"},
		{name: "ustar prefix field", data: func(t *testing.T) []byte {
			return tarBytes(t, false, []member{{name: strings.Repeat("d", 120) + "/settings.json", size: 1}})
		}, wantNames: strings.Repeat("d", 120) + "/settings.json"},
		{name: "gnu header", data: func(t *testing.T) []byte {
			return join(rawHeader("src/a.go", '0', 0, true), endBlocks)
		}, wantNames: "src/a.go"},
		{name: "guard file member is listed, not judged here", data: func(t *testing.T) []byte {
			return tarBytes(t, true, []member{{name: ".claude/settings.json", size: 2}})
		}, wantNames: ".claude/settings.json"},
		{name: "dot-dot member", data: func(t *testing.T) []byte { return tarBytes(t, false, []member{{name: "../x", size: 1}}) }, wantNames: "../x", wantUnsafe: true},
		{name: "absolute member", data: func(t *testing.T) []byte { return tarBytes(t, false, []member{{name: "/etc/x", size: 1}}) }, wantNames: "/etc/x", wantUnsafe: true},
		// links are read with their targets (design §2.6), and make the
		// names say too little: a later member may be written through one
		{name: "symlink member, even inside", data: func(t *testing.T) []byte {
			return tarBytes(t, false, []member{{name: "x", link: ".claude", typ: tar.TypeSymlink}, {name: "x/settings.json", size: 1}})
		}, wantNames: "x x/settings.json", wantUnsafe: true, wantLinks: "x -> .claude"},
		{name: "symlink member out", data: func(t *testing.T) []byte {
			return tarBytes(t, false, []member{{name: "notes.json", link: "/home/u/.config/permguard/settings.json", typ: tar.TypeSymlink}})
		}, wantNames: "notes.json", wantUnsafe: true, wantLinks: "notes.json -> /home/u/.config/permguard/settings.json"},
		{name: "hard link member", data: func(t *testing.T) []byte {
			return tarBytes(t, false, []member{{name: "a", size: 1}, {name: "b", link: "a", typ: tar.TypeLink}})
		}, wantNames: "a b", wantUnsafe: true, wantLinks: "b => a"},
		{name: "device member", data: func(t *testing.T) []byte { return tarBytes(t, false, []member{{name: "d", typ: tar.TypeChar}}) }, wantErr: true},
		{name: "past the member budget", data: func(t *testing.T) []byte { return tarBytes(t, false, many) }, wantErr: true},
		{name: "past the byte budget", data: func(t *testing.T) []byte {
			return tarBytes(t, true, []member{{name: "big", size: maxTarBytes}, {name: ".claude/settings.json", size: 1}})
		}, wantErr: true},
		{name: "budget ends on a header boundary", data: func(t *testing.T) []byte { return atBudget }, wantErr: true},
		{name: "budget ends on a header boundary, gzip", data: func(t *testing.T) []byte { return gzipped(t, atBudget) }, wantErr: true},
		{name: "no end blocks", data: func(t *testing.T) []byte { return rawFile("a.txt", "x") }, wantErr: true},
		{name: "members after the end blocks", data: func(t *testing.T) []byte {
			return join(rawFile("readme.txt", "x"), endBlocks, rawFile(".claude/settings.json", "{}"), endBlocks)
		}, wantErr: true},
		{name: "members after the end blocks, second gzip stream", data: func(t *testing.T) []byte {
			return gzipped(t, join(rawFile("readme.txt", "x"), endBlocks), join(rawFile(".claude/settings.json", "{}"), endBlocks))
		}, wantErr: true},
		{name: "record padding after the end", data: func(t *testing.T) []byte {
			return join(rawFile("readme.txt", "x"), endBlocks, make([]byte, 8192))
		}, wantNames: "readme.txt"},
		{name: "gnu long name then pax path", data: func(t *testing.T) []byte {
			return join(gnuLong("readme.txt"), paxHeader('x', "path=.claude/settings.json"), rawFile("file.txt", "{}"), endBlocks)
		}, wantErr: true},
		{name: "pax path then gnu long name", data: func(t *testing.T) []byte {
			return join(paxHeader('x', "path=.claude/settings.json"), gnuLong("readme.txt"), rawFile("file.txt", "{}"), endBlocks)
		}, wantErr: true},
		{name: "pax sparse name without a version", data: func(t *testing.T) []byte {
			return join(paxHeader('x', "GNU.sparse.name=.claude/settings.json"), rawFile("readme.txt", "{}"), endBlocks)
		}, wantErr: true},
		{name: "pax global header", data: func(t *testing.T) []byte {
			return join(paxHeader('g', "path=.claude/settings.json"), rawFile("readme.txt", "{}"), endBlocks)
		}, wantErr: true},
		{name: "pax from go's writer", data: func(t *testing.T) []byte {
			var buf bytes.Buffer
			tw := tar.NewWriter(&buf)
			h := &tar.Header{Name: "a.txt", Mode: 0o644, Format: tar.FormatPAX, PAXRecords: map[string]string{"comment": "x"}}
			if err := tw.WriteHeader(h); err != nil {
				t.Fatal(err)
			}
			if err := tw.Close(); err != nil {
				t.Fatal(err)
			}
			return buf.Bytes()
		}, wantErr: true},
		{name: "gnu long name from go's writer", data: func(t *testing.T) []byte {
			var buf bytes.Buffer
			tw := tar.NewWriter(&buf)
			if err := tw.WriteHeader(&tar.Header{Name: strings.Repeat("n", 200), Mode: 0o644, Format: tar.FormatGNU}); err != nil {
				t.Fatal(err)
			}
			if err := tw.Close(); err != nil {
				t.Fatal(err)
			}
			return buf.Bytes()
		}, wantErr: true},
		{name: "sparse member", data: func(t *testing.T) []byte { return join(rawHeader("s", 'S', 0, true), endBlocks) }, wantErr: true},
		{name: "volume header", data: func(t *testing.T) []byte {
			return join(rawHeader("vol", 'V', 0, true), rawFile("a", "x"), endBlocks)
		}, wantErr: true},
		{name: "bad checksum", data: func(t *testing.T) []byte {
			h := rawHeader("a.txt", '0', 0, false)
			h[0] = 'b'
			return join(h, endBlocks)
		}, wantErr: true},
		{name: "backslash in a tar name", data: func(t *testing.T) []byte { return join(rawFile(`.claude\settings.json`, "x"), endBlocks) }, wantErr: true},
		{name: "zip", data: func(t *testing.T) []byte { return zipBytes(t, []string{"site/", "site/index.html"}, "") }, wantNames: "site/ site/index.html", wantFormat: "zip"},
		{name: "zip with times and owner fields", data: func(t *testing.T) []byte {
			return zipWith(t, zip.FileHeader{Name: "a.txt", Modified: time.Unix(1e9, 0)}, nil)
		}, wantNames: "a.txt", wantFormat: "zip"},
		{name: "zip slip", data: func(t *testing.T) []byte { return zipBytes(t, []string{"../../.bashrc"}, "") }, wantNames: "../../.bashrc", wantUnsafe: true, wantFormat: "zip"},
		{name: "zip symlink", data: func(t *testing.T) []byte { return zipBytes(t, []string{"l"}, "l") }, wantErr: true},
		{name: "zip unicode path field", data: func(t *testing.T) []byte {
			return zipWith(t, zip.FileHeader{Name: "readme.txt", Extra: upExtra}, nil)
		}, wantErr: true},
		{name: "zip nul in the name", data: func(t *testing.T) []byte {
			return zipWith(t, zip.FileHeader{Name: ".claude/settings.json\x00.txt"}, nil)
		}, wantErr: true},
		{name: "zip backslash from a fat host", data: func(t *testing.T) []byte {
			return zipWith(t, zip.FileHeader{Name: `.claude\settings.json`}, nil)
		}, wantErr: true},
		{name: "zip local name differs", data: func(t *testing.T) []byte {
			return zipWith(t, zip.FileHeader{Name: "docs/readme.txt"}, func(b []byte) []byte {
				// the local header's name is the first copy
				i := bytes.Index(b, []byte("docs/readme.txt"))
				copy(b[i:], ".claude/setting")
				return b
			})
		}, wantErr: true},
		{name: "zip with a comment", data: func(t *testing.T) []byte {
			var buf bytes.Buffer
			zw := zip.NewWriter(&buf)
			if err := zw.SetComment("c"); err != nil {
				t.Fatal(err)
			}
			if _, err := zw.Create("a.txt"); err != nil {
				t.Fatal(err)
			}
			if err := zw.Close(); err != nil {
				t.Fatal(err)
			}
			return buf.Bytes()
		}, wantErr: true},
		{name: "zip with data before it", data: func(t *testing.T) []byte {
			return append([]byte("PK\x03\x04junk"), zipBytes(t, []string{"a.txt"}, "")...)
		}, wantErr: true},
		{name: "not an archive", data: func(t *testing.T) []byte { return []byte("hello, this is text and not a tar header at all") }, wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "a.tgz")
			if err := os.WriteFile(p, tt.data(t), 0o644); err != nil {
				t.Fatal(err)
			}
			a, err := listArchive(p, farFuture())
			if (err != nil) != tt.wantErr {
				t.Fatalf("listArchive() = %q, error = %v, want error %v", a.Members, err, tt.wantErr)
			}
			if tt.wantErr {
				return
			}
			wantFormat := cmp.Or(tt.wantFormat, "tar")
			var links []string
			for _, l := range a.Links {
				links = append(links, l.Name+map[bool]string{false: " -> ", true: " => "}[l.Hard]+l.Target)
			}
			if got := strings.Join(links, ", "); got != tt.wantLinks {
				t.Errorf("listArchive() links = %q, want %q", got, tt.wantLinks)
			}
			if got := strings.Join(a.Members, " "); got != tt.wantNames || a.Unsafe != tt.wantUnsafe || a.Format != wantFormat {
				t.Errorf("listArchive() = %q unsafe=%v format=%s, want %q unsafe=%v format=%s",
					got, a.Unsafe, a.Format, tt.wantNames, tt.wantUnsafe, wantFormat)
			}
		})
	}
}

// TestArchivesReachClassify: extracting an archive whose members the
// engine listed is a write of each member; one that holds a guard file
// stays dangerous, as does one the engine could not list.
func TestArchivesReachClassify(t *testing.T) {
	ws := t.TempDir()
	write := func(name string, data []byte) {
		if err := os.WriteFile(filepath.Join(ws, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("vendor.tar.gz", tarBytes(t, true, []member{{name: "vendor/", typ: tar.TypeDir}, {name: "vendor/a.go", size: 1}}))
	write("evil.tar.gz", tarBytes(t, true, []member{{name: "docs/x.md", size: 1}, {name: ".claude/settings.local.json", size: 1}}))
	write("hooks.tar", tarBytes(t, false, []member{{name: ".git/hooks/pre-commit", size: 1}}))
	write("site.zip", zipBytes(t, []string{"site/", "site/index.html"}, ""))
	write("slip.zip", zipBytes(t, []string{"../../.bashrc"}, ""))
	write("fix.patch", []byte("diff --git a/src/main.go b/src/main.go\n--- a/src/main.go\t2026-01-01\n+++ b/src/main.go\n@@ -1 +1 @@\n-x\n+y\n"))
	write("evil.diff", []byte("--- a/docs/x.md\n+++ b/.claude/settings.json\n@@ -1 +1 @@\n-x\n+y\n"))
	write("link.patch", []byte("diff --git a/l b/l\nnew file mode 120000\n--- /dev/null\n+++ b/l\n@@ -0,0 +1 @@\n+/home\n"))
	write("zeros.tar", join(rawFile("readme.txt", "x"), endBlocks, rawFile(".claude/settings.json", "{}"), endBlocks))
	write("ok.tar", join(rawFile("readme.txt", "x"), endBlocks))
	env := ReadEnv(func(string) string { return "" })
	tests := []struct {
		cmd       string
		level     classify.Level
		dangerous bool
	}{
		{cmd: "tar -xzf vendor.tar.gz", level: classify.Low},
		{cmd: "tar xzf vendor.tar.gz -C third_party", level: classify.Low},
		{cmd: "unzip site.zip", level: classify.Low},
		{cmd: "unzip -o site.zip -d public", level: classify.Low},
		{cmd: "tar -xzf evil.tar.gz", level: classify.High, dangerous: true},
		{cmd: "tar -xf hooks.tar", level: classify.High},
		{cmd: "unzip slip.zip", level: classify.High, dangerous: true},
		{cmd: "git apply fix.patch", level: classify.High, dangerous: true},
		{cmd: "patch -p1 < fix.patch", level: classify.High, dangerous: true},
		{cmd: "patch -p1 -i fix.patch", level: classify.High, dangerous: true},
		{cmd: "git apply evil.diff", level: classify.High, dangerous: true},
		{cmd: "patch -p1 < evil.diff", level: classify.High, dangerous: true},
		{cmd: "git apply link.patch", level: classify.High, dangerous: true},
		// patch without -p keeps base names only: not read here
		{cmd: "patch < fix.patch", level: classify.High, dangerous: true},
		{cmd: "tar -xf ok.tar", level: classify.Low},
		{cmd: "tar -xf zeros.tar", level: classify.High, dangerous: true},
		{cmd: "tar -xif ok.tar", level: classify.High, dangerous: true},
		{cmd: "unzip ok.tar", level: classify.High, dangerous: true},
		// not listed: a file that does not exist, one written earlier in
		// the input, renamed members
		{cmd: "tar -xzf missing.tar.gz", level: classify.High, dangerous: true},
		{cmd: "curl -sLo vendor.tar.gz https://example.com/v.tgz && tar -xzf vendor.tar.gz", level: classify.High, dangerous: true},
		{cmd: "cp /tmp/other.tgz vendor.tar.gz; tar -xzf vendor.tar.gz", level: classify.High, dangerous: true},
		{cmd: "tar -xzf vendor.tar.gz --strip-components=1", level: classify.High, dangerous: true},
		{cmd: "for i in 1 2; do tar -xzf vendor.tar.gz; done", level: classify.High, dangerous: true},
	}
	for _, tt := range tests {
		call := &hook.Call{Kind: hook.KindShell, Command: tt.cmd}
		ce, err := classifyEnv(Request{Cwd: ws, Wd: ws}, call, env)
		if err != nil {
			t.Fatal(err)
		}
		v := classify.Classify(tt.cmd, ce)
		if v.Level != tt.level || v.Dangerous != tt.dangerous {
			t.Errorf("Classify(%q) = %v dangerous=%v, want %v dangerous=%v", tt.cmd, v.Level, v.Dangerous, tt.level, tt.dangerous)
		}
	}
}

func farFuture() time.Time { return time.Now().Add(time.Hour) }

// BenchmarkListArchiveWorst reads a gzip-compressed tar up to its byte
// budget: the most an extraction adds to the hook (design §7).
func BenchmarkListArchiveWorst(b *testing.B) {
	t := &testing.T{}
	p := filepath.Join(b.TempDir(), "big.tar.gz")
	if err := os.WriteFile(p, tarBytes(t, true, []member{{name: "big", size: maxTarBytes - 4096}, {name: "small", size: 1}}), 0o644); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := listArchive(p, farFuture()); err != nil {
			b.Fatal(err)
		}
	}
}
