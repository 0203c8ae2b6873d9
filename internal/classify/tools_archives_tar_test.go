package classify

import "testing"

// archiveCases run with Env.Archives listing three archives of the
// workspace (design §2.9): extracting one is a write of each member.
var archiveCases = []classifyCase{
	low("tar -xzf vendor.tar.gz", "tar-extract"),
	low("tar xzf vendor.tar.gz", "tar-extract"),
	low("tar -xzf vendor.tar.gz -C third_party", "tar-extract"),
	low("mkdir -p out && tar -xf vendor.tar.gz -C out", "tar-extract"),
	low("unzip site.zip", "archive-write"),
	low("unzip -q site.zip -d public", "archive-write"),
	dangerous("tar -xzf evil.tgz", guardRuleID),
	dangerous("unzip evil.tgz", guardRuleID),
	high("tar -xf hooks.tar", "write-persistence"),
	dangerous("tar -xf linked.tar", guardRuleID),
	high("tar -xzf vendor.tar.gz -C /opt", "write-outside"),
	// not what was listed, or not read as listed
	dangerous("tar -xzf other.tgz", guardRuleID),
	dangerous("tar -xzf vendor.tar.gz --strip-components 1", guardRuleID),
	dangerous("unzip -j site.zip", guardRuleID),
	dangerous("tar -xzf vendor.tar.gz -P", guardRuleID),
	dangerous("cp /tmp/x vendor.tar.gz && tar -xzf vendor.tar.gz", guardRuleID),
	dangerous("make dist && tar -xzf vendor.tar.gz", guardRuleID),
	dangerous("while true; do tar -xzf vendor.tar.gz; done", guardRuleID),
	// after a cd the archive and the members are where the cd went
	dangerous("cd sub && tar -xzf ../evil.tgz", guardRuleID),
	low("cd sub && tar -xzf ../vendor.tar.gz", "tar-extract"),
	dangerous("curl -sL https://x.example/v.tgz | tar -xz", guardRuleID),
	// patches are not read: patch and git apply accept header styles
	// and options a reader here would miss (design §2.9)
	dangerous("git apply fix.patch", guardRuleID),
	dangerous("patch -p1 < fix.patch", guardRuleID),
	dangerous("patch -p1 -i fix.patch", guardRuleID),
	dangerous("git am fix.patch", guardRuleID),
	// only a small set of options, each once and in full (red team)
	low("tar -xvzf vendor.tar.gz -C out", "tar-extract"),
	low("tar --extract --gzip --file=vendor.tar.gz --directory=out", "tar-extract"),
	low("tar -xkopf vendor.tar.gz", "tar-extract"),
	low("unzip -qo site.zip -d public", "archive-write"),
	dangerous("tar -xif vendor.tar.gz", guardRuleID),
	dangerous("tar --ignore-zeros -xzf vendor.tar.gz", guardRuleID),
	dangerous("tar -xzf vendor.tar.gz -C out -C .", guardRuleID),
	dangerous("tar -C out -C ../.. -xzf vendor.tar.gz", guardRuleID),
	dangerous("tar -xzf vendor.tar.gz --strip=1", guardRuleID),
	dangerous("tar -xzf vendor.tar.gz --trans=s,a,b,", guardRuleID),
	// GNU tar reads --dir as --directory (tar's spec, tools_archives_opts.go):
	// the same as --directory=out above
	low("tar -xzf vendor.tar.gz --dir=out", "tar-extract"),
	dangerous("tar -xzf vendor.tar.gz --verb", guardRuleID),
	dangerous("tar -xzf vendor.tar.gz -h", guardRuleID),
	dangerous("tar -xzf vendor.tar.gz vendor/a.go", guardRuleID),
	dangerous("tar -xzf vendor.tar.gz -f other.tgz", guardRuleID),
	dangerous("tar -xzfvendor.tar.gz", guardRuleID),
	dangerous("tar -xC/tmp -f vendor.tar.gz", guardRuleID),
	dangerous("tar -xvC/tmp -f vendor.tar.gz", guardRuleID),
	dangerous("tar xfC vendor.tar.gz out", guardRuleID),
	dangerous("tar -xfC vendor.tar.gz /tmp", guardRuleID),
	dangerous("unzip site.zip -d a -d b", guardRuleID),
	dangerous("unzip -: site.zip", guardRuleID),
	dangerous("unzip -x site.zip", guardRuleID),
	dangerous("unzip site.zip site/index.html", guardRuleID),
	// a tar is no zip, whatever unzip finds at its end
	dangerous("unzip vendor.tar.gz", guardRuleID),
	// abbreviations of the options that run programs
	dangerous("tar -xzf vendor.tar.gz --to-comm=sh", "tar-exec"),
	dangerous("tar -xzf vendor.tar.gz --use-comp=sh", "tar-exec"),
	dangerous("tar -xzf vendor.tar.gz --checkpoint-act=exec=sh", "tar-exec"),
	high("tar -cf x.tar --rsh=ssh src", "tar-exec"),
}

func TestArchives(t *testing.T) {
	env := testEnv
	env.Archives = []Archive{
		{Path: "/home/u/proj/vendor.tar.gz", Format: "tar", Members: []string{"vendor/", "vendor/a.go", "./vendor/b.go"}},
		{Path: "/home/u/proj/site.zip", Format: "zip", Members: []string{"site/", "site/index.html"}},
		{Path: "/home/u/proj/evil.tgz", Format: "tar", Members: []string{"docs/", ".claude/settings.local.json"}},
		{Path: "/home/u/proj/hooks.tar", Format: "tar", Members: []string{".git/hooks/pre-commit"}},
		{Path: "/home/u/proj/linked.tar", Format: "tar", Members: []string{"x", "x/settings.json"}, Unsafe: true},
	}
	for _, tc := range archiveCases {
		checkCase(t, tc, env)
	}
}
