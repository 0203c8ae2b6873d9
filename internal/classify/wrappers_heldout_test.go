package classify

import "testing"

// TestWrappersHeldOut holds spellings kept out of the tables while the
// isolation and scheduling wrappers got their option specs and a program
// not known had its arguments judged as a command (issue 27, class 4),
// written after the fixes: they check the mechanism, not the table's
// words.
func TestWrappersHeldOut(t *testing.T) {
	for _, tc := range []classifyCase{
		// abbreviations and glued values read through the specs
		dangerous(`unshare --map-r --ki=KILL rm -rf ~`, "rm-recursive-force"),
		dangerous(`unshare -Ufr --mount-proc=/proc git reset --hard`, "git-reset-hard"),
		dangerous(`systemd-run --scope --slice=x.slice --nice=5 -E A=1 git push --force`, "git-force-push"),
		dangerous(`numactl --interleave=all -- rm -rf /`, "rm-recursive-force"),
		dangerous(`setpriv --reset-env --clear-groups sh -c 'rm -rf ~'`, "rm-recursive-force"),
		dangerous(`chroot --skip-chdir /  find ~ -delete`, ""),
		// wrappers nested
		dangerous(`nice -n 19 unshare -r ionice -c3 rm -rf ~`, "rm-recursive-force"),
		dangerous(`unknown-a unknown-b rm -rf ~`, "args-hold-command"),
		dangerous(`sandbox-exec -p '(allow default)' rm -rf ~`, "args-hold-command"),
		dangerous(`/opt/x/bin/runwith --env prod dd if=/dev/zero of=/dev/sda`, "args-hold-command"),
		// issue 27, class 4: verbs that run their arguments, dynamic
		// names, the budget by name
		dangerous(`sudo ip netns exec blue sh -c 'rm -rf ~'`, "rm-recursive-force"),
		dangerous(`ip netns exec blue env X=1 dd if=/dev/zero of=/dev/sda`, ""),
		dangerous(`direnv exec ~/proj bash -c 'rm -rf ~'`, "rm-recursive-force"),
		dangerous(`${WRAP:?} --quiet git reset --hard`, "args-hold-command"),
		dangerous(`"${tools[0]}" rm -rf /`, "args-hold-command"),
		dangerous(`mystery cat cat cat cat cat cat cat cat cat cat git reset --hard`, "args-hold-command"),
		dangerous(`mystery echo env nice ls cat id date pwd true find / -delete`, "args-hold-commands-past-budget"),
		// one word is no command line; a command that is not dangerous
		// alone adds nothing
		high(`my-notify "rm -rf ~ finished"`, "unknown-program"),
		high(`mystery ls -la ~`, "unknown-program"),
		minimal(`unshare -n ls -la`, "read-only"),
		high(`systemd-run --user --unit=t1 ls`, "detach"),
	} {
		checkCase(t, tc, testEnv)
	}
}
