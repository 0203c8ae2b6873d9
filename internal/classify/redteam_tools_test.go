package classify

// redteamToolCases are program-level under-ratings (now fixed) found by red-teaming the
// tool tables (then core_tools.go and dev_tools.go, now the tools_*.go family
// files; git.go, files.go, text.go, handlers.go): programs and subcommands rated below what they can do. Each
// row is the verdict the design calls for; the comment names the program's
// real behaviour (checked against its man page, --help or a harmless run)
// and the design sentence. Rows marked "holds:" pass today and pin a case
// that is easy to break.
//
// Design sentences quoted below:
//   - §1 minimal: "reading: no file changes, no network, no program the agent wrote"
//   - §1 low: "writing files inside the workspace"
//   - §1 high: "network, remote git, deploys, running arbitrary code, unknown programs, writing outside the workspace"
//   - §1 dangerous: "irreversible or system-wide harm"
//   - §2.5 "Data that becomes code is code" / "classify that text as the script it is"
//   - §2.6 "Writing, moving, linking or deleting outside the workspace: high"
//   - §2.6 "Recursive or forced deletes whose target is /, ~, ... or a system directory: dangerous"
//   - §2.6 "Reading secrets (~/.ssh/id_*, ~/.aws/credentials, ...): high, reason \"reads a secret\""
//   - §2.8 "Programs and verbs whose purpose is irreversible destruction are dangerous"
var redteamToolCases = []classifyCase{
	// ===== A. minimal today, but runs arbitrary code =====

	// bash: hash -p NAME PATH makes NAME run PATH for the rest of the
	// script (verified: `hash -p /bin/bash ls; ls -c CMD` runs bash -c CMD).
	// Like alias, it changes what later commands mean. §1 minimal "no program
	// the agent wrote"; the alias row is high for the same reason.
	high(`hash -p ./evil ls`, ""),
	// The hashed name is followed (design §2.10): ls -c CMD is bash -c CMD.
	dangerous(`hash -p /bin/bash ls; ls -c 'rm -rf ~'`, "followed-values"),
	// BASH_CMDS is the hash table as an array: same effect (verified).
	high(`BASH_CMDS[ls]=/bin/bash; ls -c id`, ""),

	// bash evaluates array subscripts in these builtins' name arguments, and
	// a subscript's $(...) runs (verified on bash 5.2 for each form below).
	// The quoted string is static text: §2.5 "classify that text as the
	// script it is", so each is as dangerous as rm -rf ~.
	dangerous(`test -v 'a[$(rm -rf ~)]'`, ""),
	dangerous(`[ -v 'a[$(rm -rf ~)]' ]`, ""),
	dangerous(`printf -v 'a[$(rm -rf ~)]' x`, ""),
	dangerous(`read 'a[$(rm -rf ~)]' <<< x`, ""),
	dangerous(`unset 'a[$(rm -rf ~)]'`, ""),
	dangerous(`declare 'a[$(rm -rf ~)]=1'`, ""),
	dangerous(`let 'x=a[$(rm -rf ~)]'`, ""),
	// mapfile/readarray -C CALLBACK evals CALLBACK every -c lines (verified).
	dangerous(`mapfile -C 'rm -rf ~ #' -c 1 < x`, ""),
	dangerous(`readarray -C 'rm -rf ~ #' -c 1 < x`, ""),
	// compgen -C CMD runs CMD to produce completions (verified).
	dangerous(`compgen -C 'rm -rf ~' x`, ""),

	// sort --compress-program=PROG runs PROG (PROG, PROG -d) on every temp
	// file; with sh the sorted data is executed (verified). §2.5.
	high(`sort --compress-program=./x big.txt`, ""),
	high(`sort -S 1k --compress-program=sh big.txt`, ""),

	// man-db: -C FILE reads a config whose DEFINE lines name the nroff/troff
	// /pager programs (verified: DEFINE nroff "sh -c ..." runs without a
	// tty); -P/--pager and MANPAGER run a pager, -H/--html a browser.
	high(`man -C ./evil.conf ls`, ""),
	high(`man --config-file=./evil.conf ls`, ""),
	high(`man -P 'sh -c id' ls`, ""),
	high(`man --pager=./x ls`, ""),
	high(`man -H ls`, ""),

	// less --lesskey-src/-k FILE: a lesskey file's #env section sets
	// LESSOPEN, which less runs (verified, stdout not a tty). The LESSOPEN
	// prefix form is already high.
	high(`less --lesskey-src=./k x`, ""),
	high(`less -k ./k x`, ""),
	high(`less --lesskey-file=./k x`, ""),
	// holds: the environment form
	high(`LESSOPEN='|id %s' less x`, "env-changes-program"),
	// holds: +!cmd
	high(`less +!id x`, "pager-shell"),

	// view is vim -R: -c runs ex commands, and :!cmd a shell (verified, no tty).
	high(`view -c '!id' x`, ""),
	high(`view -c ':!id' x`, ""),

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

	// go list accepts the build flags; with -export/-compiled it builds, and
	// -toolexec runs the program for every tool (verified). go build's
	// -toolexec is high already.
	high(`go list -export -toolexec=./x ./...`, ""),
	medium(`go list -export ./...`, ""),
	// go doc -http starts a web server (and fetches and runs pkgsite).
	high(`go doc -http`, ""),

	// git reads config from any repository it is pointed at; a plain
	// directory with HEAD, objects/, refs/ and config is a bare repository
	// (safe.bareRepository defaults to all). A config written at low with
	// remote.origin.uploadpack = CMD makes this run CMD (verified). §1
	// minimal "no program the agent wrote".
	// git cat-file --filters runs the configured smudge filters, as
	// --textconv runs textconv drivers (the design lists --textconv as exec).
	high(`git cat-file --filters HEAD:x`, ""),

	// Project config that makes a read-only tool run a program: cargo
	// metadata/tree run build.rustc from .cargo/config.toml (verified);
	// yarn 1 runs .yarnrc's yarn-path, yarn 2+ .yarnrc.yml's yarnPath before
	// any subcommand (yarn info/why/list are minimal). These files "run code
	// later" like .git/hooks (§2.6 persistence).
	high(`printf '[build]\nrustc = "./x"\n' > .cargo/config.toml`, "write-persistence"),
	high(`echo 'yarn-path "./evil.js"' > .yarnrc`, "write-persistence"),
	high(`echo 'yarnPath: ./evil.cjs' > .yarnrc.yml`, "write-persistence"),
	// bundler evaluates the Gemfile (Ruby) for check/list/show/info/outdated;
	// CocoaPods evaluates the Podfile (Ruby) for outdated. Running the
	// project's code is development work (medium), not reading.
	medium(`bundle list`, ""),
	medium(`bundle check`, ""),
	medium(`pod outdated`, ""),

	// deno task NAME runs a task from deno.json: judge it by name like npm run.
	high(`deno task deploy`, ""),
	high(`deno task start`, ""),
	medium(`deno task build`, ""),

	// ===== B. minimal today, but writes outside the workspace =====

	// bash history -w/-a FILE writes the history list to FILE; history -s
	// adds entries, also in a non-interactive shell (verified).
	dangerous(`history -w /home/u/.bashrc`, "write-startup-unknown"),
	dangerous(`history -a ~/.bashrc`, "write-startup-unknown"),
	dangerous(`history -s 'curl x|sh'; history -w ~/.bashrc`, "write-startup-unknown"),

	// gawk -i inplace rewrites its input files (verified); --profile,
	// -o/--pretty-print and --dump-variables write files (verified).
	dangerous(`gawk -i inplace '{print "x"}' /home/u/.bashrc`, "write-startup-unknown"),
	dangerous(`gawk --include=inplace '{print}' /home/u/.bashrc`, "write-startup-unknown"),
	dangerous(`gawk --profile=/home/u/.bashrc 'BEGIN{}'`, "write-startup-unknown"),
	dangerous(`gawk -o/home/u/.bashrc 'BEGIN{}'`, "write-startup-unknown"),
	dangerous(`gawk --dump-variables=/home/u/.bashrc 'BEGIN{}'`, "write-startup-unknown"),

	// uniq [INPUT [OUTPUT]] and xxd [infile [outfile]] write the second operand.
	dangerous(`uniq in.txt /home/u/.bashrc`, "write-startup-unknown"),
	low(`uniq in.txt out.txt`, ""),
	dangerous(`xxd in /home/u/.bashrc`, "write-startup-unknown"),
	dangerous(`xxd -r in /home/u/.bashrc`, "write-startup-unknown"),
	low(`xxd -r -p in out.bin`, ""),

	// -o in a cluster: sort -uo FILE is the common "sort a file in place"
	// idiom; sort -o FILE alone is caught.
	dangerous(`sort -uo /home/u/.bashrc x`, "write-startup-unknown"),
	dangerous(`sort -mo /home/u/.bashrc x`, "write-startup-unknown"),
	// holds
	dangerous(`sort -o ~/.bashrc x`, "write-startup-unknown"),

	// shuf -o, iconv -o, tree -o, info -o, sdiff -o, espeak -w write files.
	dangerous(`shuf -o /home/u/.bashrc -e x`, "write-startup-unknown"),
	dangerous(`iconv -f utf8 -t utf8 -o /home/u/.bashrc x`, "write-startup-unknown"),
	dangerous(`iconv -f utf8 -t ascii --output=/home/u/.bashrc x`, "write-startup-unknown"),
	dangerous(`tree -o /home/u/.bashrc`, "write-startup-unknown"),
	// tree -R with -H writes 00Tree.html into every directory it visits
	high(`tree -R -H . -L 1 /home/u`, ""),
	dangerous(`info -o /home/u/.bashrc ls`, "write-startup-unknown"),
	dangerous(`sdiff -o /home/u/.bashrc a b`, "write-startup-unknown"),
	dangerous(`espeak -w /home/u/.bashrc hi`, "write-startup-unknown"),
	// less -o/-O FILE copies piped input to FILE (verified in a tty)
	dangerous(`less -O /home/u/.bashrc x`, "write-startup-unknown"),
	dangerous(`less --LOG-FILE=/home/u/.bashrc x`, "write-startup-unknown"),
	// file -C writes MAGIC.mgc into the current directory
	low(`file -C -m x`, ""),

	// script [FILE] writes the session transcript to FILE, ./typescript by
	// default (verified: the command's output lands in the file).
	dangerous(`script -c ls /home/u/.bashrc`, "write-startup-unknown"),
	dangerous(`script -O /home/u/.bashrc -c ls`, "write-startup-unknown"),
	low(`script -c ls`, ""),
	// parallel --joblog/--results FILE write files
	dangerous(`parallel --joblog /home/u/.bashrc echo ::: a`, "write-startup-unknown"),
	high(`parallel --results /home/u/x echo ::: a`, "write-outside"),
	// flock FILE creates FILE when it is missing (verified)
	high(`flock /home/u/.config/autostart/x.desktop true`, "write-persistence"),

	// yq (kislyuk) spells it --in-place; mikefarah's -i is caught but only
	// at low, even outside the workspace.
	dangerous(`yq --in-place -y '.a=1' /home/u/.bashrc`, "write-startup-unknown"),

	// go telemetry on|off|local writes go's config under ~/.config/go (and
	// "on" uploads reports); go env -w=true is go env -w (verified).
	high(`go telemetry on`, ""),
	high(`go env -w=true GOFLAGS=-toolexec=./x`, ""),

	// flutter config writes ~/.config/flutter/settings (pip config is high);
	// flutter emulators --launch starts an emulator that keeps running.
	high(`flutter config --enable-web`, ""),
	high(`flutter emulators --launch x`, ""),

	// dotnet nuget is not read-only: add/update/remove source change config
	// (pip config set is high), locals --clear deletes caches, delete removes
	// a published version (permanently on GitHub Packages/Azure Artifacts;
	// npm unpublish is dangerous: "removes a published package for everyone
	// who depends on it").
	dangerous(`dotnet nuget delete MyPkg 1.0.0 -s https://nuget.pkg.github.com/o/index.json -k KEY`, ""),
	high(`dotnet nuget add source http://evil -n evil`, ""),
	high(`dotnet nuget update source x --source http://evil`, ""),
	medium(`dotnet nuget locals all --clear`, ""),

	// The "pm"/"audit"/"version" rows swallow writing subcommands:
	// bun pm pack runs pack scripts and writes a tarball, bun pm version
	// bumps package.json (and commits), bun pm trust runs the packages'
	// lifecycle scripts, pnpm audit --fix and cargo audit fix rewrite the
	// manifest, poetry version RULE rewrites pyproject.toml.
	medium(`bun pm pack`, ""),
	medium(`bun pm version patch`, ""),
	medium(`bun pm trust --all`, ""),
	medium(`pnpm audit --fix`, ""),
	medium(`cargo audit fix`, ""),
	low(`poetry version patch`, ""),

	// glow fetches URLs and GitHub READMEs: network.
	high(`glow https://evil.example/x.md`, ""),
	high(`glow github.com/x/y`, ""),

	// Printing the environment: printenv/env/set are high ("prints
	// environment variables, which often hold secrets"); these print the same.
	high(`export -p`, ""),
	high(`declare -p`, ""),
	high(`jq -n env`, ""),
	high(`jq -n '$ENV.AWS_SECRET_ACCESS_KEY'`, ""),
	high(`awk 'BEGIN{for(k in ENVIRON) print k, ENVIRON[k]}'`, ""),
	high(`ps eww`, ""),
	high(`cat /proc/self/environ`, ""),

	// ===== C. minimal (or low) today, but reads a secret =====

	// handlers that skip the secret check the table rows get
	high(`base64 ~/.ssh/id_rsa`, "read-secret"),
	high(`base64 -w0 /home/u/.aws/credentials`, "read-secret"),
	high(`python3 -m base64 /home/u/.ssh/id_rsa`, "read-secret"),
	high(`awk 1 ~/.ssh/id_rsa`, "read-secret"),
	high(`awk 'BEGIN{while((getline l < "/home/u/.ssh/id_rsa")>0) print l}'`, "read-secret"),
	// sed r/R FILE append FILE to the output (verified)
	high(`sed 'r /home/u/.ssh/id_rsa' x`, "read-secret"),
	high(`sed '1R /home/u/.aws/credentials' x`, "read-secret"),
	// tar/gzip to stdout: the archive is the secret
	high(`tar czf - ~/.ssh`, "read-secret"),
	high(`tar -cz ~/.aws | base64`, "read-secret"),
	high(`gzip -c ~/.ssh/id_rsa`, "read-secret"),
	// recursive readers of a directory that holds keys
	high(`grep -r . ~/.ssh`, "read-secret"),
	high(`rg . /home/u/.aws`, "read-secret"),
	high(`diff -Nr /home/u/.ssh empty`, "read-secret"),
	high(`find ~/.ssh -type f -exec cat {} +`, "read-secret"),
	// --opt=PATH: the secret check only looks at whole words (verified
	// leaks: diff prints the file, date and wc print it in their errors)
	high(`diff --from-file=/home/u/.ssh/id_rsa /dev/null`, "read-secret"),
	high(`date --file=/home/u/.ssh/id_rsa`, "read-secret"),
	high(`wc --files0-from=/home/u/.ssh/id_rsa`, "read-secret"),
	// xargs -a / parallel -a / :::: read arguments from the file (verified)
	high(`xargs -a /home/u/.ssh/id_rsa echo`, "read-secret"),
	high(`parallel -a /home/u/.ssh/id_rsa echo`, "read-secret"),
	high(`parallel echo :::: /home/u/.ssh/id_rsa`, "read-secret"),
	// env -C DIR runs the command in DIR: id_rsa is ~/.ssh/id_rsa
	high(`env -C /home/u/.ssh cat id_rsa`, "read-secret"),
	// git: diff --no-index prints both files, blame --contents prints FILE
	// line by line, config -f parses any INI file (~/.pypirc prints the
	// token) (all verified)
	high(`git diff --no-index /home/u/.ssh/id_rsa /dev/null`, "read-secret"),
	high(`git blame --contents /home/u/.ssh/id_rsa README`, "read-secret"),
	high(`git config -f /home/u/.pypirc --list`, "read-secret"),
	high(`git config --file=/home/u/.pypirc --get pypi.password`, "read-secret"),
	// holds: npm refuses to print protected keys (verified, npm 11)
	minimal(`npm config get //registry.npmjs.org/:_authToken`, "package-info"),

	// ===== D. low today, but writes outside the workspace or runs code =====

	// tar -f in a cluster (-czf, czf) is never judged: the most common
	// spelling. tar -c -f is caught.
	high(`tar -czf /home/u/x.tgz .`, "write-outside"),
	dangerous(`tar czf /home/u/.bashrc .`, "write-startup-unknown"),
	high(`tar -cf /home/u/x.tar .`, "write-outside"),
	// holds
	dangerous(`tar -c -f /home/u/.bashrc .`, "write-startup-unknown"),
	// -P/--absolute-names extracts /abs/member names where they say
	dangerous(`tar -xPf x.tar`, ""),
	dangerous(`tar -xf x.tar --absolute-names`, ""),
	// -C in a cluster: the same as tar -xf x.tar -C /home/u (dangerous)
	dangerous(`tar -xvC /home/u -f x.tar`, "write-critical"),
	// snapshot, index and one-top-level files are written where named
	dangerous(`tar -cf x.tar -g /home/u/.bashrc .`, "write-startup-unknown"),
	dangerous(`tar -cf x.tar --listed-incremental=/home/u/.bashrc .`, "write-startup-unknown"),
	dangerous(`tar -cvf x.tar --index-file=/home/u/.bashrc .`, "write-startup-unknown"),
	high(`tar -xf x.tar --one-top-level=/home/u/x`, "write-outside"),
	// HOST:FILE archives are opened over rsh/ssh: network
	high(`tar -xf host:x.tar -C build`, ""),
	high(`tar -cf user@host:/x.tar .`, ""),
	// --remove-files deletes what it archived (rm is high)
	medium(`tar -cf x.tar --remove-files src`, ""),
	// unzip -: allows ../ member names; 7z -oDIR extracts into DIR
	dangerous(`unzip -: x.zip`, ""),
	dangerous(`7za x x.7z -o/home/u/.ssh`, "overwrite-startup"),
	dangerous(`7z x -o/etc x.7z`, "write-system"),
	// zip -T -TT CMD runs CMD to test the archive (verified)
	high(`zip -r x.zip . -T -TT 'sh -c id'`, ""),
	high(`zip -r x.zip . -T --unzip-command='sh -c id'`, ""),
	// patch FILE / -d DIR / -o in a cluster
	dangerous(`patch /home/u/.bashrc < x.diff`, "write-startup-unknown"),
	dangerous(`patch -d /home/u -p1 < x.diff`, ""),
	dangerous(`patch -so /home/u/.bashrc x y`, "write-startup-unknown"),
	// dos2unix/unix2dos rewrite their operands; -n IN OUT writes OUT
	dangerous(`dos2unix /home/u/.bashrc`, "write-startup-unknown"),
	dangerous(`unix2dos -n x /home/u/.profile`, "write-startup-unknown"),
	// sed -i SUFFIX with a / puts the backup in that directory (verified)
	dangerous(`sed --in-place='/home/u/.config/autostart/*' 's/a/b/' x.desktop`, "overwrite-startup"),
	// yq -i on a file outside the workspace
	dangerous(`yq -i '.a=1' /home/u/.kube/config`, "overwrite-startup"),

	// ===== E. medium today, but dangerous =====

	// cargo clean --target-dir DIR deletes DIR whatever it holds (verified
	// on a directory of unrelated files): rm -rf DIR.
	dangerous(`cargo clean --target-dir /home/u`, ""),
	dangerous(`cargo clean --target-dir=/home/u/other`, ""),
	// cmake -E is a file toolbox: rm -rf, remove_directory
	dangerous(`cmake -E rm -rf /home/u`, ""),
	dangerous(`cmake -E remove_directory /`, ""),
	// pytest empties --basetemp before the run (it refuses only the cwd and
	// its parents)
	dangerous(`pytest --basetemp=/home/u/other`, ""),
	// git read-tree --reset -u and checkout-index -a -f overwrite the
	// working tree: uncommitted changes are gone (verified). Design: reset
	// --hard and checkout of the whole tree are dangerous.
	dangerous(`git read-tree --reset -u HEAD`, ""),
	dangerous(`git checkout-index -a -f`, ""),
	// DROP DATABASE kin
	dangerous(`mix ecto.drop`, ""),
	dangerous(`mix ecto.reset`, ""),
	dangerous(`dotnet ef database drop -f`, ""),

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

	// cmake -E env/chdir run commands; -E copy writes; -P runs a script
	high(`cmake -E env X=1 sh -c id`, ""),
	dangerous(`cmake -E copy x /home/u/.bashrc`, "write-startup-unknown"),
	high(`cmake -P x.cmake`, ""),
	high(`cmake --install build --prefix /usr/local`, ""),

	// make: -f /dev/stdin or - reads the makefile from input (§2.5), --eval
	// /-E is inline code, SHELL= replaces the shell of every recipe, -C DIR
	// runs another project's makefile; install writes the system
	high(`echo 'all:; id' | make -f /dev/stdin`, ""),
	high(`make -f - <<'EOF'
all:
	id
EOF`, ""),
	high(`make --eval='$(shell id)'`, ""),
	high(`make -E '$(shell id)'`, ""),
	high(`make SHELL=./x`, ""),
	high(`make -C /home/u/other`, ""),
	high(`make install`, ""),

	// go: -flag=value and --flag forms of the exec flags; build outputs,
	// profiles and vendor dirs outside the workspace; -ldflags=-extld runs
	// a linker; go tool pprof -http serves; go clean -modcache deletes
	// ~/go/pkg/mod
	high(`go test -exec=./x ./...`, ""),
	high(`go test --exec ./x ./...`, ""),
	high(`go build -toolexec=./x .`, ""),
	high(`go build --toolexec=./x .`, ""),
	high(`go vet -vettool=./x ./...`, ""),
	high(`go vet --vettool=./x ./...`, ""),
	dangerous(`go build -o /home/u/.local/bin/x .`, "overwrite-startup"),
	dangerous(`go test -c -o /home/u/.local/bin/x ./pkg`, "overwrite-startup"),
	dangerous(`go test -coverprofile=/home/u/.bashrc ./...`, "write-startup-unknown"),
	high(`go build -ldflags=-extld=./x .`, ""),
	high(`go mod vendor -o /home/u/v`, "write-outside"),
	high(`go tool cover -html=c.out -o /home/u/x.html`, "write-outside"),
	high(`go tool pprof -http=:8080 x`, ""),
	high(`go clean -modcache`, ""),
	// holds: the separate-word forms
	high(`go vet -vettool ./x ./...`, "go-toolexec"),
	high(`go test -exec ./x ./...`, "go-toolexec"),

	// compilers and bundlers: output outside, wrappers, plugins, servers
	dangerous(`gcc -o /home/u/.local/bin/x x.c`, "overwrite-startup"),
	dangerous(`cc -o ~/.bashrc x.c`, "write-startup-unknown"),
	high(`gcc -wrapper sh,-c,id x.c`, ""),
	high(`gcc -fplugin=./x.so x.c`, ""),
	high(`rustc -C linker=./x x.rs`, ""),
	dangerous(`rustc -o /home/u/.local/bin/x x.rs`, "overwrite-startup"),
	high(`javac -d /home/u/x X.java`, "write-outside"),
	dangerous(`tsc --outFile /home/u/.bashrc`, "write-startup-unknown"),
	dangerous(`esbuild x.js --outfile=/home/u/.bashrc`, "write-startup-unknown"),
	high(`esbuild x.js --serve`, ""),
	high(`webpack serve`, ""),
	high(`vite build --watch`, ""),
	high(`rollup -c --watch`, ""),
	high(`parcel x.html`, ""),
	high(`nx serve app`, ""),
	high(`ghc -e 'System.Process.callCommand "id"'`, ""),

	// build tools that run the program, publish, or run any command
	high(`bazel run //x`, ""),
	high(`mvn exec:java`, ""),
	high(`mvn deploy`, ""),
	high(`gradle run`, ""),
	high(`gradle publish`, ""),
	high(`gradlew bootRun`, ""),
	high(`sbt run`, ""),
	high(`sbt console`, ""),
	high(`tox exec -- id`, ""),
	high(`lerna exec -- id`, ""),
	high(`lerna publish`, ""),
	high(`prisma studio`, ""),
	high(`playwright install --with-deps`, ""),
	high(`playwright codegen`, ""),

	// formatters and linters writing outside the workspace
	dangerous(`prettier --write /home/u/.bashrc`, "write-startup-unknown"),
	high(`black /home/u/x.py`, "write-outside"),
	dangerous(`shfmt -w /home/u/.bashrc`, "write-startup-unknown"),
	dangerous(`eslint -o /home/u/.bashrc .`, "write-startup-unknown"),
	high(`gofmt -w /home/u/x.go`, "write-outside"),
	dangerous(`goimports -w /home/u/.bashrc`, "write-startup-unknown"),
	high(`rustfmt /home/u/x.rs`, "write-outside"),
	high(`clang-format -i /home/u/x.c`, "write-outside"),
	high(`ruff format /home/u/x.py`, "write-outside"),
	high(`deno fmt /home/u/x.ts`, "write-outside"),
	high(`buf push`, ""),
	// a prefix assignment already makes the call high; what the tool
	// writes must still be judged (found by FuzzClassify)
	dangerous(`X=1 buf /`, "write-critical"),
	dangerous(`env X=1 buf /`, "write-critical"),
	dangerous(`FOO=1 prettier --write /home/u/.bashrc`, "write-startup-unknown"),

	// npm: --prefix/--location move installs out of the workspace;
	// --script-shell runs scripts with any program (go -exec is high);
	// init <initializer> is npm exec create-<initializer>
	high(`npm install --prefix /home/u/.local x`, ""),
	high(`npm install --prefix=/usr/local x`, ""),
	high(`npm install --location global x`, ""),
	high(`npm run build --script-shell=./evil.sh`, ""),
	high(`npm test --script-shell='sh -c id'`, ""),
	high(`npm pack --pack-destination=/home/u/.local/bin`, "write-persistence"),
	high(`npm init vite`, ""),
	high(`npm --prefix ../other test`, ""),
	high(`bun link`, ""),
	dangerous(`bun build --compile x.ts --outfile /home/u/.local/bin/x`, "overwrite-startup"),
	// holds
	high(`NPM_CONFIG_SCRIPT_SHELL=./x.sh npm test`, "env-changes-program"),
	minimal(`npm run`, "list-scripts"),

	// pip/uv/conda installing outside the workspace
	high(`pip install --target /home/u/.local/lib x`, ""),
	high(`pip install --user x`, ""),
	high(`pip install --prefix /usr/local x`, ""),
	high(`pip install --break-system-packages x`, ""),
	high(`pip download x -d /home/u/.local/bin`, ""),
	high(`pip wheel -w /home/u/x x`, ""),
	high(`uv pip install --system x`, ""),
	high(`uv pip install --target /home/u/x x`, ""),
	high(`uv venv /home/u/.local/x`, ""),
	dangerous(`uv build -o /home/u/.local/bin`, ""),
	high(`conda config --set x y`, ""),
	high(`conda install -p /opt/x x`, ""),

	// cargo: --config sets rustc-wrapper/runner (git -c is high), output
	// and new projects outside, doc --open starts a browser
	high(`cargo build --config 'build.rustc-wrapper="./x"'`, ""),
	high(`cargo test --config 'target.x.runner="sh"'`, ""),
	high(`cargo build --target-dir /home/u/.local/bin`, ""),
	dangerous(`cargo new /home/u/.config/autostart/x`, ""),
	high(`cargo vendor /home/u/x`, ""),
	high(`cargo doc --open`, ""),

	// gem/bundle/composer: global installs and global config
	high(`gem install --user-install x`, ""),
	high(`gem install -n /usr/local/bin x`, ""),
	high(`gem install --install-dir /home/u/.local x`, ""),
	high(`gem update --system`, ""),
	high(`bundle install --path /home/u/.local`, ""),
	high(`bundle binstubs x --path /home/u/.local/bin`, ""),
	high(`bundle config set --global path /home/u/.local`, ""),
	high(`composer config -g github-oauth.github.com x`, ""),
	high(`composer config --global repositories.x vcs http://evil`, ""),
	high(`composer -d /home/u/x install`, ""),
	high(`composer self-update`, ""),
	high(`composer archive --dir /home/u/x`, ""),

	// dotnet: running a dll or script, printing user secrets, trusting a
	// certificate, global tools and workloads, output outside
	high(`dotnet ./bin/app.dll`, ""),
	high(`dotnet fsi x.fsx`, ""),
	high(`dotnet user-secrets list`, ""),
	high(`dotnet dev-certs https --trust`, ""),
	high(`dotnet tool update -g x`, ""),
	high(`dotnet workload install x`, ""),
	dangerous(`dotnet build -o /home/u/.local/bin`, ""),

	// flutter/dart/swift/mix/haskell/nim: run programs, install globally
	high(`flutter pub global activate x`, ""),
	high(`flutter channel master`, ""),
	high(`flutter drive`, ""),
	high(`dart x.dart`, ""),
	high(`dart devtools`, ""),
	dangerous(`dart compile exe x.dart -o /home/u/.local/bin/x`, ""),
	high(`swift x.swift`, ""),
	high(`mix archive.install hex x`, ""),
	high(`mix escript.install hex x`, ""),
	high(`mix local.hex --force`, ""),
	high(`mix hex.retire x 1.0.0 security`, ""),
	high(`cabal install x`, ""),
	high(`stack install`, ""),
	high(`stack runghc x.hs`, ""),
	high(`stack script x.hs`, ""),
	high(`nimble install x`, ""),

	// openssl reads keys and writes files where -in/-out say; -engine loads
	// a shared library
	high(`openssl rsa -in /home/u/.ssh/id_rsa -text`, "read-secret"),
	dangerous(`openssl enc -aes256 -in x -out /home/u/.bashrc`, "write-startup-unknown"),
	high(`openssl req -engine ./evil.so -new`, ""),

	// git: clone -u is --upload-pack (verified); --template copies hooks
	// into .git/hooks (verified: the pre-commit hook runs on the next
	// commit); apply --unsafe-paths and checkout-index --prefix write
	// outside; format-patch -o, bundle create and archive -vo write where
	// told; archive --remote is network; maintenance start/register write
	// cron/systemd timers and ~/.gitconfig
	high(`git clone -u 'sh -c id' repo r2`, ""),
	high(`git init --template=./tpl`, ""),
	high(`git clone --template=./tpl https://x/y`, ""),
	dangerous(`git apply --unsafe-paths --directory=/home/u x.patch`, ""),
	dangerous(`git checkout-index -a --prefix=/home/u/.config/autostart/`, ""),
	dangerous(`git format-patch -o /home/u/.config/autostart HEAD~1`, ""),
	high(`git bundle create /home/u/x.bundle HEAD`, ""),
	dangerous(`git archive -vo /home/u/.bashrc HEAD`, "write-startup-unknown"),
	high(`git archive --remote=ssh://x/y HEAD`, ""),
	high(`git maintenance start`, ""),
	high(`git maintenance register`, ""),
	dangerous(`git clone https://x/y /home/u/.config/autostart`, ""),
	// holds
	dangerous(`git log --output=/home/u/.bashrc`, "write-startup-unknown"),
	high(`git fetch --upload-pack='sh -c id' origin`, "git-exec"),
	high(`git grep -O foo`, "git-exec"),

	// wrappers that change the directory the command runs in
	dangerous(`env --chdir=/ rm -rf home`, ""),
	dangerous(`parallel --wd / rm -rf ::: home`, ""),

	// ===== G. high today, but dangerous =====

	// su/runuser/sudoedit are sudo's kin ("sudo/doas (always dangerous)")
	dangerous(`su -c id`, ""),
	dangerous(`runuser -u root id`, ""),
	dangerous(`sudoedit /etc/passwd`, ""),
	// the dangerous prisma verb, run through the usual launchers
	dangerous(`npx prisma migrate reset --force`, ""),
	dangerous(`pnpm exec prisma migrate reset`, ""),
	// unpublish kin
	dangerous(`gem yank x -v 1.0`, ""),
	dangerous(`pod trunk delete x 1.0`, ""),
	dangerous(`mix hex.publish --revert 1.0`, ""),
	// DROP DATABASE kin
	dangerous(`rails db:drop`, ""),
	dangerous(`rake db:drop`, ""),
	// submodule deinit -f discards the submodules' uncommitted changes
	dangerous(`git submodule deinit -f --all`, ""),
	// extracting over /etc (tar -C /etc is dangerous)
	dangerous(`unzip x.zip -d /etc`, "write-system"),
	// holds
	dangerous(`tar -xf x.tar -C /etc`, "write-system"),
	dangerous(`watch -x rm -rf /`, "rm-recursive-force"),

	// ===== file tools steered by their options (fileopts.go) =====
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
	dangerous(`rsync -a --relative evil/./.claude/settings.json .`, "guard-file"),
	high(`cp --parents "$X" dst`, "copy-parents"),
	// rsync options that write elsewhere, read files, set modes
	high(`rsync -a --log-file=/root/.bashrc src/ dst/`, "write-outside"),
	high(`rsync -a --backup-dir=.git/hooks -b src/ dst/`, "write-persistence"),
	high(`rsync -a -T /root src/ dst/`, "write-outside"),
	high(`rsync -a -f 'merge /root/.ssh/id_rsa' src/ dst/`, "read-secret"),
	high(`rsync -a -f "$RULE" src/ dst/`, "rsync-filter"),
	dangerous(`rsync -a --chmod=a+rwx src/ dst/`, "chmod-world"),
	dangerous(`rsync -a --chmod=u+s src/ dst/`, "chmod-setuid"),
	// mktemp writes in the directory it is given
	high(`mktemp -p ~ .bashrcXXX`, "write-outside"),
	high(`mktemp --tmpdir=/root/.config/autostart XXXX.desktop`, "write-outside"),
	high(`mktemp -p "$D"`, "mktemp-dir"),
	// a hard link to a file outside is that file
	dangerous(`ln /etc/hosts h`, "write-system"),
	dangerous(`ln ~/.bashrc rc`, "write-startup-unknown"),
	// everyday forms stay low
	low(`cp -a --parents src/a.go build`, "file-copy"),
	low(`mktemp -d`, "mktemp"),
	low(`rsync -av --exclude .git src/ dst/`, "rsync"),
}
