package classify

import "testing"

// TestRunnerDirsHeldOut holds spellings kept out of the tables while a
// runner's directory options were made to move where the files it runs
// are looked for (issue 26, third red team), written after the fix: they
// check that the fix works by mechanism, not by the table's words.
func TestRunnerDirsHeldOut(t *testing.T) {
	for _, tc := range []classifyCase{
		// make: glued, abbreviated, in a cluster, after the target, -f
		// with a glued value relative to -C
		dangerous(`printf 'all:\n\tgit push -f\n' > web/Makefile; make -Cweb`, "git-force-push"),
		dangerous(`printf 'all:\n\tgit push -f\n' > web/Makefile; make --dir=web all`, "git-force-push"),
		dangerous(`printf 'all:\n\tgit push -f\n' > web/Makefile; make -sC web`, "git-force-push"),
		dangerous(`printf 'all:\n\tgit push -f\n' > web/Makefile; gmake all --directory web`, "git-force-push"),
		dangerous(`printf 't:\n\tgit push -f\n' > ci/ci.mk; make -C ci -fci.mk t`, "git-force-push"),
		dangerous(`printf 't:\n\tgit push -f\n' > ci/b.mk; make -f a.mk -C ci --file=b.mk t`, "git-force-push"),
		// the directory as a followed variable, or climbing back
		dangerous(`d=web; printf 'all:\n\tgit push -f\n' > $d/Makefile; make -C "$d"`, "git-force-push"),
		dangerous(`cd web && printf 'all:\n\tgit push -f\n' > ../Makefile && make -C ..`, "git-force-push"),
		// the package managers: = glued, after the script, the last wins
		dangerous(`echo '{"scripts":{"lint":"git push -f"}}' > app/package.json; npm run lint --prefix=app`, "git-force-push"),
		dangerous(`echo '{"scripts":{"lint":"git push -f"}}' > app/package.json; npm --prefix x -C app run lint`, "git-force-push"),
		dangerous(`echo '{"scripts":{"lint":"git push -f"}}' > app/package.json; pnpm -C app lint`, "git-force-push"),
		dangerous(`echo '{"scripts":{"lint":"git push -f"}}' > app/package.json; bun --cwd app run lint`, "git-force-push"),
		// after the script's name, yarn gives --cwd to the script (yarn
		// run's documentation): app/package.json is not what runs
		medium(`echo '{"scripts":{"lint":"git push -f"}}' > app/package.json; yarn lint --cwd app`, "run-script"),
	} {
		checkCase(t, tc, testEnv)
	}
}
