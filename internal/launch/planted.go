package launch

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/agent-permguard/permguard/internal/audit"
	"github.com/agent-permguard/permguard/internal/guard"
	"github.com/agent-permguard/permguard/internal/sandbox"
)

// maxPlantedWarnings bounds the lines one run prints: a build that
// plants ten thousand repositories gets them all set aside, and the
// audit log says how many.
const maxPlantedWarnings = 10

// errPlanted is exec's refusal after a confined program succeeded: it
// left git footholds, set aside, or the workspace could not all be
// checked for them. The status is 77, so that neither an agent nor a
// script takes the run for a plain success.
var errPlanted = errors.New("the program succeeded")

// checkPlanted looks, once a program confined in the build profile has
// ended (its PID namespace with it, so nothing of it runs any more), for
// git repositories it left in the workspace that could run programs the
// next time git runs there outside the sandbox (design §4, row 4b), sets
// each aside, warns, and writes the audit log. It returns the error for
// the exec to end with: the program's own status when it failed, else
// a refusal (77) when anything was set aside or the check could not
// finish. Symbolic links the run left that lead out of the workspace
// are reported and kept, and change no status.
func (r *Run) checkPlanted(base sandbox.Baseline, code int) error {
	ev, env := r.Ev, r.Env
	budget := sandbox.DefaultBudget
	if r.Budget != nil {
		budget = *r.Budget
	}
	// While a check is incomplete, git is not run unboxed in the
	// workspace unasked (design §4, "Unboxed beside the boxes"): marked
	// before the walk, for a run killed during it, and cleared only by
	// this run's check completing. A mark an earlier run left stays: this
	// check compares the workspace with how this run found it, and does
	// not see what that run planted.
	record := func(f func() error) {
		if err := f(); err != nil {
			warnf(r.ErrOut, "cannot record in the state directory whether the check for planted repositories completed: %s", printable(err.Error()))
		}
	}
	earlier := guard.UncheckedWhy(env, ev.Workspace)
	if earlier == "" {
		record(func() error { return guard.MarkUnchecked(env, ev.Workspace, "the check did not finish") })
	}
	rep := scanWithin(ev.Workspace, base, budget)
	switch {
	case rep.Incomplete != "":
		record(func() error { return guard.MarkUnchecked(env, ev.Workspace, rep.Incomplete) })
	case earlier == "":
		record(func() error { return guard.ClearUnchecked(env, ev.Workspace) })
	}
	if len(rep.Findings) == 0 && rep.Incomplete == "" {
		if len(rep.LinksOut) > 0 {
			done := r.reportLinksOut(rep.LinksOut)
			ev.AuditAfterRun(env, r.Deps, audit.Allow, "after the sandboxed run: "+strings.Join(done, "; "))
		}
		return exitWith(code)
	}
	w := r.ErrOut
	rel := func(p string) string { return printable(relAll(ev.Workspace, []string{p})[0]) }
	stamp := r.Now()
	var done []string // for the audit log
	var failed bool
	moved := map[string]string{}
	for i, f := range rep.Findings {
		if f.Kind == sandbox.RootMoved {
			continue
		}
		to, err := sandbox.Quarantine(f, stamp)
		say := i < maxPlantedWarnings
		what := fmt.Sprintf("the sandboxed run left %s, which would make git run a program of its choosing there (%s)", rel(f.Path), printable(f.Why))
		switch f.Kind {
		case sandbox.RootPart:
			what = fmt.Sprintf("the sandboxed run %s %s, in the workspace's own repository, where it can make git run a program", printable(f.Why), rel(f.Path))
		case sandbox.PythonStart:
			what = fmt.Sprintf("the sandboxed run left %s, which Python runs at every start of that environment", rel(f.Path))
		case sandbox.HoleMade:
			what = fmt.Sprintf("the sandboxed run made %s, one of the files a box keeps read-only (it can run programs or change an agent's settings later)", rel(f.Path))
		}
		if err != nil {
			failed = true
			warnf(w, "%s; it could not be set aside: %s", what, printable(err.Error()))
			fmt.Fprintf(w, "permguard: hint: move it out of git's way before running git there\n")
			done = append(done, fmt.Sprintf("%s (%s) not set aside: %v", rel(f.Path), f.Why, err))
			continue
		}
		moved[f.Path] = to
		done = append(done, fmt.Sprintf("%s (%s) set aside as %s", rel(f.Path), f.Why, rel(to)))
		if say {
			warnf(w, "%s; set aside as %s", what, rel(to))
			fmt.Fprintf(w, "permguard: hint: if it is yours, put it back from the workspace: %s\n", putBack(ev.Workspace, to, f.Path))
		}
	}
	if n := len(rep.Findings) - maxPlantedWarnings; n > 0 {
		warnf(w, "and %d more, set aside the same way (permguard log lists them)", n)
	}
	for _, f := range rep.Findings {
		if f.Kind != sandbox.RootMoved {
			continue
		}
		where := "it is not in the workspace any more"
		if f.Path != "" {
			at := f.Path
			if to, ok := moved[at]; ok {
				at = to
			}
			where = "it is now at " + rel(at)
		}
		warnf(w, "the workspace's own .git was moved or replaced by the sandboxed run; %s", where)
		fmt.Fprintf(w, "permguard: hint: put your repository back in place of %s by hand\n", rel(filepath.Join(ev.Workspace, ".git")))
		done = append(done, "the workspace's .git was moved or replaced; "+where)
	}
	if rep.Incomplete != "" {
		warnf(w, "the sandboxed run's workspace could not all be checked for git repositories it may have planted: %s; one in the part not checked could make git run a program of the run's choosing",
			printable(rep.Incomplete))
		fmt.Fprintf(w, "permguard: hint: run git only where you know what the run wrote, or set \"sandbox\": \"off\" and approve such calls yourself\n")
		if env.StateDirErr == nil {
			fmt.Fprintf(w, "permguard: hint: until you remove %s, git that would run outside the box in this workspace is asked about\n",
				printable(guard.UncheckedPath(env.StateDir, ev.Workspace)))
		}
		done = append(done, "the check is incomplete: "+rep.Incomplete)
	}
	done = append(done, r.reportLinksOut(rep.LinksOut)...)
	ev.AuditAfterRun(env, r.Deps, audit.Block, "after the sandboxed run: "+strings.Join(done, "; "))
	// A program that failed keeps its status when all was set aside; when
	// something may still run, the refusal's status says so whatever the
	// program's was, or a failed test would hide it.
	if code != 0 && !failed && rep.Incomplete == "" {
		return exitWith(code)
	}
	ended := errPlanted
	if code != 0 {
		ended = fmt.Errorf("the program exited %d", code)
	}
	runs := "could make git or Python run programs"
	if slices.ContainsFunc(rep.Findings, func(f sandbox.Finding) bool { return f.Kind == sandbox.HoleMade }) {
		runs = "could run programs or change an agent's settings"
	}
	why := "it left files that " + runs + ", set aside above"
	switch {
	case failed:
		why = "it left files that " + runs + ", not all of which could be set aside"
	case rep.Incomplete != "":
		why = "the workspace could not all be checked for git repositories it may have planted"
	}
	return Refuse(fmt.Errorf("%w, but %s; exit status %d so that this is noticed", ended, why, ExitRefused))
}

// reportLinksOut warns of the symbolic links a sandboxed run left that
// lead out of the workspace (ten at most), and returns what the audit
// log says of each. They are left in place: a virtual environment's
// bin/python is one. What the agent writes through one is judged by
// where it leads, but the person should know it is there.
func (r *Run) reportLinksOut(links []sandbox.LinkOut) []string {
	ev := r.Ev
	w := r.ErrOut
	var done []string
	for i, l := range links {
		rel, to := printable(relAll(ev.Workspace, []string{l.Path})[0]), printable(l.Target)
		leads := "leads out of the workspace to " + to
		if l.Loop {
			leads = fmt.Sprintf("leads out of the workspace through more links than the system follows (%s)", to)
		}
		if i < maxPlantedWarnings {
			warnf(w, "the sandboxed run left %s, a symbolic link that %s; it was left in place", rel, leads)
		}
		done = append(done, fmt.Sprintf("%s (a symbolic link) %s, left in place", rel, leads))
	}
	if n := len(links) - maxPlantedWarnings; n > 0 {
		warnf(w, "and %d more such links, left in place (permguard log lists them)", n)
	}
	if len(links) > 0 {
		fmt.Fprintf(w, "permguard: hint: writing through such a link changes the file it leads to; remove the links the run had no reason to make\n")
	}
	return done
}

// scanWithin is sandbox.ScanPlanted with a deadline of its own, past the
// walk's budget: whatever the run left that could hold the check up
// (a file system that stops answering) ends it as incomplete, never
// holds exec.
func scanWithin(workspace string, base sandbox.Baseline, budget sandbox.Budget) sandbox.PlantedReport {
	done := make(chan sandbox.PlantedReport, 1)
	go func() { done <- sandbox.ScanPlanted(workspace, base, budget) }()
	limit := budget.Time + 5*time.Second
	select {
	case rep := <-done:
		return rep
	case <-time.After(limit):
		return sandbox.PlantedReport{Incomplete: fmt.Sprintf("the check did not end within %v", limit)}
	}
}

// putBack is the command that undoes a quarantine, run in the workspace
// (as the warnings' paths are relative to it).
func putBack(workspace, from, to string) string {
	words := relAll(workspace, []string{from, to})
	for i, w := range words {
		if strings.HasPrefix(w, "-") {
			words[i] = "./" + w
		}
	}
	return guard.CommandLine(append([]string{"mv"}, words...))
}
