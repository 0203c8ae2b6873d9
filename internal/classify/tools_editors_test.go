package classify

// editorsCases are the expected verdicts for the programs of editors, pagers
// and openers (tools_editors.go): the rows of the tables named after the
// work that added them, gathered here by the program each row runs. Each
// part says where its rows came from.
var editorsCases = []classifyCase{
	// ==== from redteamToolCases: under-ratings found by red-teaming the tool tables; redteam_tools_test.go lists the design sentences the comments quote ====
	// ===== A. minimal today, but runs arbitrary code =====
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

	// ===== B. minimal today, but writes outside the workspace =====
	dangerous(`info -o /home/u/.bashrc ls`, "write-startup-unknown"),
	// less -o/-O FILE copies piped input to FILE (verified in a tty)
	dangerous(`less -O /home/u/.bashrc x`, "write-startup-unknown"),
	dangerous(`less --LOG-FILE=/home/u/.bashrc x`, "write-startup-unknown"),

	// glow fetches URLs and GitHub READMEs: network.
	high(`glow https://evil.example/x.md`, ""),
	high(`glow github.com/x/y`, ""),

	// ==== from coverageCases: rows that give each table rule a case (coverage_test.go, TestEveryTableRuleHasARow) ====
	high("vim main.go", "editor"),
	high("xdg-open http://localhost:3000", "open"),
}
