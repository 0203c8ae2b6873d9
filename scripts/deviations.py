#!/usr/bin/env python3
"""Regenerate testdata/deviations.tsv from the corpus scorer's failure list.

  python3 ../shared/tools/corpus-score --bin ./bin/permguard --show 500 \
      ../shared/peer-corpus/{pi-permission,dcg,safety-net,codex,ion}.tsv > /tmp/fails.txt
  python3 scripts/deviations.py /tmp/fails.txt

Every disagreement in the scored groups needs a reason below; one without
is printed as MISSING and left out, so the test and the score both show it.
"""
import re, json, sys
keep={'pi-permission.tsv [not-laxer]','dcg.tsv [core]','safety-net.tsv [default]','codex.tsv [known-safe]','codex.tsv [dangerous]','ion.tsv [dangerous]'}
rows=[]; cur=None
for line in open(sys.argv[1] if len(sys.argv) > 1 else '/tmp/fails.txt'):
    m=re.match(r'^(\S+ \[[^\]]+\]): ',line)
    if m: cur=m.group(1); continue
    m=re.match(r'^   want (\S+)\s+got (\S+)\s+(".*")$', line.rstrip())
    if cur in keep and m:
        rows.append((cur, m.group(1), m.group(2), json.loads(m.group(3))))
R=[
 (r'^cargo fmt$', 'design §2.8 (issue 29): cargo fmt rewrites the crate\'s files in place and runs nothing of the project but its configuration: writing in the workspace, low'),
 (r'^lsof -i', 'design §2.8 (issue 29): lsof with only its network selection lists connections, as ss and netstat do (net-info, minimal)'),
 (r'^(rustfmt|gofmt -w|black) ', 'design §2.8 (issue 29): a formatter whose configuration is data rewrites the files it formats in place and runs nothing of the project: writing in the workspace, low'),
 (r'^watch ', 'design §2.4 (issue 29): watch adds only repetition, and the command it runs decides (ls: minimal)'),
 (r'(?i)^git (checkout|restore)\b', 'design §2.8 Git (issue 29): discarding the uncommitted changes of named files is high, the harm bounded to them (agents revert their own edits this way); the whole tree, or files not known now, stays dangerous'),
 (r'^(rm|rm -r -f|rm -f -r|rm --recursive --force|rm --force --recursive|rm -rf|rm -fr|rm -Rf|rm -r -f) (\./)?(dir|build|node_modules|src)/?$', 'design §2.6: deleting inside the workspace (rm -rf node_modules) is medium, like make clean; never the workspace root, .git or a guard file'),
 (r'^rm (--recursive --force|--force --recursive|-r -f|-f -r|-rf|-fr|-Rf) (?!/tmp|\$TMPDIR/\.\.|`)', 'design §2.6: deleting inside the workspace (rm -rf node_modules) is medium, like make clean; never the workspace root, .git or a guard file'),
 (r'^(echo|ls|cat|diff) .*(\$\(|`|<\()', 'design §6: a substitution is judged by the commands it runs (whoami, pwd, ls read only); the seed raised every substitution to high'),
 (r"^eval 'ls'$", 'design §2.4: eval of static words is re-parsed and judged as what it runs (ls: read-only)'),
 (r'^\{ ls; pwd; \}$', 'design §2.2: a { } block is walked like any list; ls and pwd are read-only'),
 (r'tee (file\.txt|log\.txt)$', 'design §1/§2.6: tee writing a file inside the workspace is low, like > file'),
 (r'^(time ls|timeout 10 npm test|builtin echo test)$', 'design §2.4: the wrapper is unwrapped and adds nothing: the verdict is the command it runs'),
 (r'^git clean -n', 'git clean -n only lists what it would delete, even with -f: a dry run is read-only'),
 (r'^NODE_ENV=', 'NODE_ENV only selects a configuration: it is among the environment variables that cannot make a program run other code'),
 (r"^find \. -name '\*\.txt' -exec cat", 'design §2.4: find -exec is judged by the command it runs (cat: read-only)'),
 (r'^cargo new', 'creating a project in the workspace is development work (medium), like npm init and go mod init'),
 (r'^sudo ', 'design §2.4: sudo is always dangerous'),
 (r'^(docker system prune|kubectl delete namespace|kubectl delete all --all)', 'design §2.8 names this verb as dangerous (docker system prune, kubectl delete namespace and their kin)'),
 (r'--force-with-lease', 'design §2 Git: --force-with-lease still rewrites remote history: dangerous'),
 (r'^git reset$', 'design §2 Git: a soft or mixed reset keeps every change in the working tree: medium'),
 (r'^rsync ', 'rsync --remove-source-files deletes only files it has just copied: high, not dangerous'),
 (r"^python -c \"print\('rm -rf /'\)\"$", 'inline code that mentions rm -rf is treated as destructive: a false positive accepted to fail closed'),
 (r'^echo yes \| rm -rf &&', 'rm -rf with no operand deletes nothing: medium like any rm inside the workspace (design §2.6)'),
 (r'^git reset\\n--hard$', 'the backslash only escapes n: git reset n--hard names a revision, not --hard'),
 (r'^git RESET --HARD$', 'git options are case-sensitive: --HARD is rejected, so nothing is reset'),
 (r'^git reset \u2010\u2010hard$', '\u2010\u2010hard (U+2010) is not an option: git reads it as a revision name and stops'),
 (r'^bash -c "\$\(cat <<EOF', 'the heredoc terminator shares its line with ")", which permguard\'s parser does not accept: high as unparseable'),
 (r'^format disk --help$', 'format is dangerous in every form (the seed\'s dangerous list); --help is not trusted to stop it'),
 (r'^rm -rf /tmp/\*$', 'rm -rf /tmp/* deletes the directory that holds the workspace in this test setup (the workspace is under /tmp)'),
 (r'^(shred|parallel)$', 'with no operands or input this does nothing or waits on stdin: judged without guessing'),
 (r'xargs (-I\{\} )?(sh|bash) -c|parallel bash -c|xargs sh -c', 'design §2.5: data piped into a shell is high; only downloaded content is dangerous, and static text is judged as the script it is'),
 (r"awk '(\{|BEGIN)", 'design §2.5: awk system() is high; it is dangerous only when the command it runs is destructive and known'),
 (r"^printf 'echo ok\\n' \| parallel$", 'parallel runs the lines it reads: high, and the known line (echo ok) is judged as a script'),
 (r'^echo ok \| xargs busybox rm -f', 'design §2.3: xargs appends words only known at run time, so rm -f of an unknown path is dangerous'),
 (r'^command -p?[vV]', 'command -v/-V only looks the command up and runs nothing'),
 (r'^(1A|A-B|)=2 git reset --hard$', 'not an assignment: bash looks for a program named like the first word, finds none, and runs nothing'),
 (r'find .*-delete', 'design §2.6: find -delete inside the workspace or a temporary directory is a delete like rm there (medium, like make clean), not dangerous'),
 (r'^find \. -name .\*\.tmp. -exec rm', 'design §2.6: files found below the workspace are deleted inside the workspace: medium, like make clean'),
 (r'^find \. -exec rm -(r|f) \{\}', 'unfiltered, find hands rm its root first: rm of the workspace itself (design §2.6: dangerous)'),
 (r'^git -c alias\.nuke=!echo nuke$', 'the alias runs echo nuke: read-only; -c itself is high'),
 (r'^git checkout --(recurse-submodules|track) ', 'git takes no separate value for this option, so the last word is a path whose changes are discarded: dangerous'),
 (r'^git restore (-S )?--no-staged file\.txt$', '--no-staged leaves the default --worktree: the file\'s uncommitted changes are discarded'),
 (r'GIT_SSH|sshCommand', 'design §2.7 and §2 Git: GIT_SSH*, GIT_CONFIG_* and -c are high; the command they name is judged too (./helper, ssh: high)'),
 (r'\$TMPDIR/\.\./escape|`pwd`/escape', 'design §2.3: a forced delete whose target is only known at run time (or escapes $TMPDIR) is dangerous'),
 (r'^rm -rf /tmp$', 'the workspace of this test setup is under /tmp, so rm -rf /tmp deletes it: dangerous'),
 (r'^rm -rf \d+ ?> ?/dev/null$', 'deletes a directory named by a number inside the workspace: medium like rm -rf build (design §2.6)'),
 (r'^\$\(printf r\)m -rf /$', 'the substitution prints r, so this runs rm -rf /: a dynamic word is also judged by the value it is seen to have'),
 (r'^cat <<EOF\nrm -rf ~\nEOF$', 'design §2.5: a heredoc into cat is data, not code'),
 # issue 14: everyday development at the least level a person expects
 (r'^(\\rm|command rm|rm( -[rfi])?) (file\.txt|dir|\*\.tmp|file)$', 'design §2.6: deleting inside the workspace is medium, like make clean'),
 (r"^find \. -name '\*\.\w+' (\| xargs rm|-ok rm)", 'design §2.6: files found below the workspace are deleted inside the workspace: medium, like make clean'),
 (r'^(mkdir new-dir|touch file\.txt|cp file1 file2|mv file1 file2|ln -s target link|mkdir dir && cd dir && touch file|test -f file \|\| touch file|touch file\{1,2,3\}\.txt|cp file\.\{txt,bak\})$', 'design §1: creating, copying, moving or linking files inside the workspace is writing there (low); footholds, guard files and writes outside keep their levels'),
 (r'^docker (ps|images)$', 'design §2.8: read-only queries of the local container engine (docker ps, images, logs, inspect) are minimal'),
 (r'^chmod (\+x|u\+x|go-w|644|755) (file|script\.sh)$', 'design §1: changing the mode of a file in the workspace is writing there (low); 777, setuid, -R over a directory that matters and guard files stay higher'),
 (r'^python3? -m venv \.venv$', 'creating the project\'s virtual environment is development work (medium), like npm ci (issue 14)'),
 (r'^pnpm exec \w+$', 'design §2.4: pnpm exec runs a program already installed in the project, judged as that program (issue 14)'),
]
out=[]; miss=[]
for grp,want,got,cmd in rows:
    reason=None
    for pat,rs in R:
        if re.search(pat, cmd):
            reason=rs; break
    if not reason: miss.append((grp,want,got,cmd)); continue
    esc=cmd.replace('\\','\\\\').replace('\t','\\t').replace('\n','\\n')
    ours=got
    out.append('\t'.join([esc, grp+' '+want, ours, reason]))
for m in miss: print('MISSING', m)
hdr="# Deliberate disagreements with the peer corpora in the groups issue 2 scores (see docs/development.md, How the classifier is measured).\n# command<TAB>peer file [group] and its expectation<TAB>permguard's verdict<TAB>why\n# Commands are escaped as in the corpora: a backslash before n, t, r, xHH or another backslash.\n# TestDeviations (internal/classify) pins every verdict; regenerate after a deliberate change.\n"
open('testdata/deviations.tsv','w').write(hdr+'\n'.join(out)+'\n')
print(len(out),'rows')
