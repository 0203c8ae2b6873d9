package classify

import "strings"

// wrappersCases are the expected verdicts for the programs that run their
// arguments as a command (tools_wrappers.go, tools_wrappers_opts.go) and
// for a program not known whose arguments hold one
// (shell_heldcommands.go): issue 27, class 4. Further spellings are in
// wrappers_heldout_test.go.
var wrappersCases = []classifyCase{
	// the isolation and scheduling tools: the command starts where the
	// tool starts it, after the options and their values
	dangerous(`unshare -r rm -rf ~`, "rm-recursive-force"),
	dangerous(`unshare --map-root-user --net rm -rf ~`, "rm-recursive-force"),
	dangerous(`unshare -m -p -f --mount-proc rm -rf ~`, "rm-recursive-force"),
	dangerous(`unshare -S 0 -G 0 -U rm -rf ~`, "rm-recursive-force"),
	dangerous(`unshare -w / rm -rf home`, "rm-recursive-force"),
	dangerous(`firejail --noprofile rm -rf ~`, "rm-recursive-force"),
	dangerous(`firejail --net=none --private rm -rf ~`, "rm-recursive-force"),
	dangerous(`numactl --cpunodebind=0 rm -rf ~`, "rm-recursive-force"),
	dangerous(`numactl -N 0 -m 0 rm -rf ~`, "rm-recursive-force"),
	dangerous(`systemd-run --user --scope rm -rf ~`, "rm-recursive-force"),
	dangerous(`systemd-run -p MemoryMax=1G --scope rm -rf ~`, "rm-recursive-force"),
	dangerous(`chroot / rm -rf ~`, "rm-recursive-force"),
	dangerous(`chroot --userspec=u:u / rm -rf ~`, "rm-recursive-force"),
	dangerous(`prlimit --nofile=100 rm -rf ~`, "rm-recursive-force"),
	dangerous(`prlimit -n100 --cpu 10 rm -rf ~`, "rm-recursive-force"),
	dangerous(`setpriv --nnp --reuid 1000 rm -rf ~`, "rm-recursive-force"),
	dangerous(`choom -n 1000 -- rm -rf ~`, "rm-recursive-force"),
	dangerous(`dbus-run-session -- rm -rf ~`, "rm-recursive-force"),
	dangerous(`cpulimit -l 50 -- rm -rf ~`, "rm-recursive-force"),
	// what the wrapper itself does
	minimal(`unshare -r ls`, "read-only"),
	minimal(`firejail --noprofile ls`, "read-only"),
	minimal(`numactl --hardware`, "wrapper-alone"),
	minimal(`prlimit`, "wrapper-alone"),
	high(`systemd-run --user make`, "detach"),
	high(`systemd-run --on-active=60 --user --scope make`, "detach"),
	high(`cpulimit -b -l 10 make`, "detach"),
	high(`systemd-run -H build@host --scope make`, "run-elsewhere"),
	high(`systemd-run -p ExecStartPre=/usr/bin/make --scope ls`, "unit-property-command"),
	high(`chroot /srv/jail ls`, "other-root"),
	high(`unshare --root=/srv/jail ls`, "other-root"),
	high(`prlimit -p 1 --nofile=10`, "other-process-limits"),
	high(`cpulimit -p 1 -l 10`, "other-process-limits"),
	dangerous(`unshare -r`, "shell-interactive"),
	dangerous(`chroot /srv/jail`, "shell-interactive"),
	dangerous(`systemd-run -S`, "shell-interactive"),
	high(`firejail --frobnicate ls`, "option-unknown"),
	// options after the command are the command's own
	medium(`unshare -r make -p`, "build"),
	// a program not known whose arguments hold a command dangerous on its
	// own; a quoted argument is one word, not a command line
	dangerous(`mystery-wrapper --flag rm -rf ~`, "args-hold-command"),
	dangerous(`mystery-tool run rm -rf ~`, "args-hold-command"),
	dangerous(`mystery-tool -- sudo reboot`, "args-hold-command"),
	dangerous(`mystery -x 1 -y 2 sh -c 'rm -rf ~'`, "args-hold-command"),
	dangerous(`./tools/wrap git reset --hard`, "args-hold-command"),
	high(`mystery-tool -m "rm -rf ~"`, "unknown-program"),
	high(`mystery-tool rm -rf build`, "unknown-program"),
	high(`mystery-tool build`, "unknown-program"),
	// a word that names a program whose name alone is dangerous (a shell,
	// an interpreter, init, script) adds nothing unless its words do
	high(`mystery-setcap cap_setuid+ep /usr/bin/python3`, "unknown-program"),
	high(`mystery-pass init user@example.com`, "unknown-program"),
	high(`mystery-nb --to script notebook.ipynb`, "unknown-program"),
	high(`mystery-tty bash`, "unknown-program"),
	// past maxHeldWords the suffixes are passed over: the program stays
	// high, as one not known is
	high(strings.Repeat("u ls ls ls ls ls ls ls ls; ", 40)+"u rm -rf ~", "unknown-program"),
	dangerous(strings.Repeat("u ls ls ls ls ls ls ls ls; ", 10)+"u rm -rf ~", "args-hold-command"),
	// known programs' arguments are theirs to read
	medium(`git commit -m "rm -rf build"`, "git-local"),
	// known programs whose verb runs their arguments (issue 27, class 4)
	dangerous(`ip netns exec ns1 rm -rf ~`, "rm-recursive-force"),
	dangerous(`ip -all netns exec rm -rf ~`, "rm-recursive-force"),
	dangerous(`direnv exec . rm -rf ~`, "rm-recursive-force"),
	dangerous(`direnv exec /srv/app git push --force origin main`, "git-force-push"),
	high(`ip netns exec ns1 ls`, "netns-exec"),
	high(`direnv exec . make`, "direnv-exec"),
	// a program's name only known at run time may be a wrapper too
	dangerous(`$RUNNER rm -rf ~`, "args-hold-command"),
	dangerous(`"$RUNNER" --flag rm -rf ~`, "args-hold-command"),
	high(`$CC -o out main.c`, "dynamic-command"),
	// one suffix per program name first, then the names met again; past
	// 8 names the program is dangerous
	dangerous(`mystery-wrapper ls ls ls ls ls ls ls ls ls rm -rf ~`, "args-hold-command"),
	dangerous(`mystery-wrapper ls rm -rf ~ ls`, "args-hold-command"),
	dangerous(`mystery-wrapper sh x sh -c 'rm -rf ~'`, "args-hold-command"),
	dangerous(`mystery-wrapper ls cat grep sed awk find sort uniq head rm -rf ~`, "args-hold-commands-past-budget"),
	high(`mystery-wrapper ls cat grep sed awk find sort uniq`, "unknown-program"),
}
