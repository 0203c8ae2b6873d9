package classify

// filesCases are the expected verdicts for the programs of files
// (tools_files.go and the file handlers: rm, cp, mv, ln, chmod, dd, find,
// sed, awk, ...): the rows of the tables named after the work that added
// them, gathered here by the program each row runs. Each part says where its
// rows came from.
var filesCases = []classifyCase{
	// a destination that ends in a slash is a directory written into: the
	// home directory or a parent of the workspace is judged by what lands
	// there, as it can never be replaced by the file
	high("cp notes.txt /home/u/", "write-outside"),
	high("scp host:notes.txt /home/", "write-outside"),
	high("rsync notes.txt /home/u/", "write-outside"),
	dangerous("cp notes.txt /home/u", "write-critical"),
	dangerous("cp .bashrc /home/u/", "write-startup-unknown"),
	high("rsync -a evil/ .git/", "write-persistence"),
	// ==== from everydayCases: issue 14: everyday development at the least level a person expects, and its neighbours (everyday_cases_test.go) ====
	// ---- class 3: everyday build and test commands ----
	low("chmod +x scripts/x.sh", "chmod-workspace"),
	low("chmod 755 bin/tool", "chmod-workspace"),
	low("chmod u+x ./run.sh build/out.sh", "chmod-workspace"),
	high("chmod +x /usr/local/bin/tool", "chmod"),
	dangerous("chmod 777 scripts/x.sh", "chmod-world"),
	high("chmod +x .git/hooks/pre-commit", ""),
	high("chmod +x $F", "chmod"),

	// ---- class 4: read-only inspectors ----
	minimal("xxd -s 16 -l 32 x.bin", "read-only"),
	minimal("xxd -c 8 -g 1 x.bin", "read-only"),
	dangerous("xxd -r -p hex.txt /etc/passwd", "write-system"),

	// ---- class 6: deletes inside the workspace (design §2.6) ----
	medium("rm -rf build dist", "rm"),
	medium("rm out.txt", "rm"),
	medium("rm -f coverage.xml .coverage", "rm"),
	medium("rm -rf node_modules", "rm"),
	medium("rm -r target/debug", "rm"),
	medium("find . -name '*.pyc' -delete", "find-delete"),
	// a __pycache__ may lie inside .claude/hooks/, where deleting is
	// ordinary (design §2.9): no file that holds an entry is so named
	medium("find . -type d -name __pycache__ -exec rm -rf {} +", "rm"),
	medium("find build -type d -name __pycache__ -exec rm -rf {} +", "rm"),
	medium("cd build && rm -rf *", "rm"),
	medium("cd web && rm -rf dist .next", "rm"),
	medium("rm -rf /tmp/build-123", "delete-temp"),
	dangerous("rm -rf .", "rm-recursive-force"),
	dangerous("rm -rf *", "rm-recursive-force"),
	dangerous("rm -rf ..", "rm-recursive-force"),
	dangerous("rm -rf \"$DIR\"", "rm-recursive-force"),
	dangerous("rm -rf .git", "rm-recursive-force"),
	dangerous("rm -rf ./.git/", "rm-recursive-force"),
	dangerous("rm -rf .git/*", "rm-recursive-force"),
	dangerous("rm -rf .git/objects", "rm-recursive-force"),
	dangerous("rm -rf sub/.git", "rm-recursive-force"),
	dangerous("rm -r .git", "delete-git-dir"),
	dangerous("find . -name .git -exec rm -rf {} +", "rm-recursive-force"),
	high("rm .git/index.lock", "delete-git-internal"),
	dangerous("cd build; rm -rf *", "rm-recursive-force"),
	dangerous("cd build || true; rm -rf *", "rm-recursive-force"),
	dangerous("cd build && ls; rm -rf *", "rm-recursive-force"),
	dangerous("cd / && rm -rf *", "rm-recursive-force"),
	dangerous("cd .. && rm -rf *", "rm-recursive-force"),
	dangerous("cd \"$D\" && rm -rf *", "rm-recursive-force"),
	dangerous("find . -type f -delete", ""),
	dangerous("find . -name '*' -delete", ""),

	// ==== from redteamToolCases: under-ratings found by red-teaming the tool tables; redteam_tools_test.go lists the design sentences the comments quote ====
	// ===== A. minimal today, but runs arbitrary code =====
	// BASH_CMDS is the hash table as an array: same effect (verified).
	high(`BASH_CMDS[ls]=/bin/bash; ls -c id`, ""),

	// fd -x/--exec, -X/--exec-batch run a command per result, like find -exec
	// (§2.4); the results are only known at run time (§2.3).
	dangerous(`fd -x rm -rf {}`, ""),

	// ugrep --filter='EXT:CMD' pipes files through CMD, like rg --pre (high).
	high(`ugrep --filter='*:sh -c id' x .`, ""),

	// gawk: -l/--load loads a shared library; -i/--include and @include pull
	// in awk source; -E/--exec reads the program from a file like -f (which
	// is high); @load loads a library (verified -i, -E, @include run system()).
	high(`gawk -l ./evil.so 'BEGIN{}'`, ""),
	high(`gawk --load=./evil 'BEGIN{}'`, ""),
	high(`gawk -i ./evil.awk 'BEGIN{}'`, ""),
	high(`gawk -E ./prog.awk x`, ""),
	high(`gawk --exec=./prog.awk x`, ""),
	high(`awk '@include "evil.awk"; BEGIN{}'`, ""),
	high(`awk '@load "./evil"; BEGIN{}'`, ""),

	// ===== B. minimal today, but writes outside the workspace =====
	// gawk -i inplace rewrites its input files (verified); --profile,
	// -o/--pretty-print and --dump-variables write files (verified).
	dangerous(`gawk -i inplace '{print "x"}' /home/u/.bashrc`, "write-startup-unknown"),
	dangerous(`gawk --include=inplace '{print}' /home/u/.bashrc`, "write-startup-unknown"),
	dangerous(`gawk --profile=/home/u/.bashrc 'BEGIN{}'`, "write-startup-unknown"),
	dangerous(`gawk -o/home/u/.bashrc 'BEGIN{}'`, "write-startup-unknown"),
	dangerous(`gawk --dump-variables=/home/u/.bashrc 'BEGIN{}'`, "write-startup-unknown"),

	// uniq [INPUT [OUTPUT]] and xxd [infile [outfile]] write the second operand.
	dangerous(`xxd in /home/u/.bashrc`, "write-startup-unknown"),
	dangerous(`xxd -r in /home/u/.bashrc`, "write-startup-unknown"),
	low(`xxd -r -p in out.bin`, ""),

	dangerous(`tree -o /home/u/.bashrc`, "write-startup-unknown"),
	// tree -R with -H writes 00Tree.html into every directory it visits
	high(`tree -R -H . -L 1 /home/u`, ""),
	dangerous(`sdiff -o /home/u/.bashrc a b`, "write-startup-unknown"),
	// file -C writes MAGIC.mgc into the current directory
	low(`file -C -m x`, ""),

	// Printing the environment: printenv/env/set are high ("prints
	// environment variables, which often hold secrets"); these print the same.
	high(`awk 'BEGIN{for(k in ENVIRON) print k, ENVIRON[k]}'`, ""),

	// ===== C. minimal (or low) today, but reads a secret =====
	// handlers that skip the secret check the table rows get
	high(`base64 ~/.ssh/id_rsa`, "read-secret"),
	high(`base64 -w0 /home/u/.aws/credentials`, "read-secret"),
	high(`awk 1 ~/.ssh/id_rsa`, "read-secret"),
	high(`awk 'BEGIN{while((getline l < "/home/u/.ssh/id_rsa")>0) print l}'`, "read-secret"),
	// sed r/R FILE append FILE to the output (verified)
	high(`sed 'r /home/u/.ssh/id_rsa' x`, "read-secret"),
	high(`sed '1R /home/u/.aws/credentials' x`, "read-secret"),
	high(`rg . /home/u/.aws`, "read-secret"),
	high(`diff -Nr /home/u/.ssh empty`, "read-secret"),
	high(`find ~/.ssh -type f -exec cat {} +`, "read-secret"),
	// --opt=PATH: the secret check only looks at whole words (verified
	// leaks: diff prints the file, date and wc print it in their errors)
	high(`diff --from-file=/home/u/.ssh/id_rsa /dev/null`, "read-secret"),
	high(`wc --files0-from=/home/u/.ssh/id_rsa`, "read-secret"),

	// ===== D. low today, but writes outside the workspace or runs code =====
	// patch FILE / -d DIR / -o in a cluster
	dangerous(`patch /home/u/.bashrc < x.diff`, "write-startup-unknown"),
	dangerous(`patch -d /home/u -p1 < x.diff`, ""),
	dangerous(`patch -so /home/u/.bashrc x y`, "write-startup-unknown"),
	// dos2unix/unix2dos rewrite their operands; -n IN OUT writes OUT
	dangerous(`dos2unix /home/u/.bashrc`, "write-startup-unknown"),
	dangerous(`unix2dos -n x /home/u/.profile`, "write-startup-unknown"),
	// sed -i SUFFIX with a / puts the backup in that directory (verified)
	dangerous(`sed --in-place='/home/u/.config/autostart/*' 's/a/b/' x.desktop`, "overwrite-startup"),

	// ===== F. medium today, but high =====
	// cp/install/ln -t DIR: the target directory is never judged (nor in a
	// -rt/-Dt/-st cluster)
	dangerous(`cp -t /home/u/.config/autostart x.desktop`, "overwrite-startup"),
	dangerous(`cp --target-directory=/home/u/.local/bin x`, "overwrite-startup"),
	dangerous(`cp -rt /home/u/.local/bin x`, "overwrite-startup"),
	dangerous(`install -t /home/u/.local/bin x`, "overwrite-startup"),
	dangerous(`install -Dt /home/u/.local/bin x`, "overwrite-startup"),
	dangerous(`ln -s -t /home/u/.config/autostart /home/u/proj/x.desktop`, "overwrite-startup"),
	// copying a key directory into the workspace reads the keys
	high(`cp -r ~/.ssh ./keys`, "read-secret"),
	high(`cp -a /home/u/.aws .`, "read-secret"),
	// a link in the workspace to a secret or startup file: later minimal
	// reads (cat key) and low writes (echo >> x) go through it. §2.6
	// "linking ... outside the workspace: high".
	high(`ln -s /home/u/.ssh/id_rsa key`, ""),
	dangerous(`ln -s /home/u/.bashrc x`, "write-startup-unknown"),

	// wrappers that change the directory the command runs in
	dangerous(`env --chdir=/ rm -rf home`, ""),

	// ===== file tools steered by their options (tools_files_opts.go) =====
	// GNU getopt takes a unique prefix of a long option: --target= is
	// --target-directory=.
	high(`cp evil.sh --targ=.git/hooks`, "write-persistence"),
	// an option permguard does not know is not understood (fail closed)
	high(`cp --frobnicate a b`, "option-unknown"),
	high(`mv --re a b`, "option-unknown"),
	// option values are not operands, and options after operands count
	dangerous(`cp evil ~/.bashrc -S .bak`, "write-startup-unknown"),
	high(`install evil .git/hooks/pre-commit -o root`, "write-persistence"),
	// a value glued inside a cluster
	high(`cp -vt/root x`, "write-outside"),
	// the backup name is a guard file: x + .json
	dangerous(`cp -b -S .json x .claude/settings`, "guard-file"),
	high(`cp -b -S /x a b`, "backup-suffix"),
	// cp --parents and rsync -R keep the source path below the destination
	dangerous(`cd evil && cp --parents .claude/settings.json ..`, "guard-file"),
	high(`cp --parents "$X" dst`, "copy-parents"),
	// mktemp writes in the directory it is given
	high(`mktemp -p ~ .bashrcXXX`, "write-outside"),
	high(`mktemp --tmpdir=/root/.config/autostart XXXX.desktop`, "write-outside"),
	high(`mktemp -p "$D"`, "mktemp-dir"),
	high(`mktemp -t "$NAME.XXXX"`, "mktemp-name"),
	// a hard link to a file outside is that file
	dangerous(`ln /etc/hosts h`, "write-system"),
	dangerous(`ln ~/.bashrc rc`, "write-startup-unknown"),
	// everyday forms stay low
	low(`cp -a --parents src/a.go build`, "file-copy"),
	low(`mktemp -d`, "mktemp"),

	// ==== from coverageCases: rows that give each table rule a case (coverage_test.go, TestEveryTableRuleHasARow) ====
	// design: mktemp creates a file, and minimal means "no file changes"
	// (§1); temporary directories count as the workspace for writes
	// (§2.6), so it is low
	low("mktemp -d", "mktemp"),
	// the trash is a delete, and so is a move by a tool that deletes what
	// it moved (issue 27, class 6)
	dangerous("gio trash ~", "delete-critical"),
	dangerous("trash-put ~", "delete-critical"),
	dangerous("trash ~", "delete-critical"),
	dangerous("trash-put .", "delete-workspace"),
	dangerous("kioclient move ~ trash:/", "delete-critical"),
	dangerous("kioclient5 remove ~", "delete-critical"),
	dangerous("rclone move ~ /tmp/h", "delete-critical"),
	dangerous("gio trash --empty", "trash-empty"),
	dangerous("trash-empty", "trash-empty"),
	medium("trash-put build/out.log", "trash"),
	medium("gio trash old.txt", "trash"),
	medium("gio remove old.txt", "rm"),
	high("gio move a.txt ~/b.txt", "write-outside"),
	high("rclone move remote:dir /tmp/h", "rclone"),
	high("gio open README.md", "open"),
}
