package guard

import (
	"testing"

	"github.com/agent-permguard/permguard/internal/classify"
	"github.com/agent-permguard/permguard/internal/settings"
)

var (
	yes = func() bool { return true }
	no  = func() bool { return false }
)

// TestDecide reads like design §4: each row of the table, first match
// wins, with the facts that reach it and the facts that do not.
func TestDecide(t *testing.T) {
	tests := []struct {
		name  string
		facts Facts
		want  Action
		row   Row
	}{
		// 1. A deny rule blocks, whatever else holds.
		{"deny rule", Facts{Deny: true}, Block, RowDenyRule},
		{"deny rule even bypassed", Facts{Deny: true, Bypassed: true, Within: true}, Block, RowDenyRule},
		{"deny rule even remembered, with a terminal", Facts{Deny: true, Remembered: true, Terminal: yes, AgentCanAsk: true}, Block, RowDenyRule},
		// 2. Bypassed allows everything else, dangerous included.
		{"bypassed", Facts{Bypassed: true}, Allow, RowBypassed},
		{"bypassed, dangerous", Facts{Bypassed: true, Dangerous: true}, Allow, RowBypassed},
		// 2b. Past a limit (design §7): blocked at every level but
		// bypassed, whatever else holds, and at bypassed too when deny
		// rules could not be checked over all of it.
		{"past a limit", Facts{PastLimit: true}, Block, RowPastLimit},
		{"past a limit, within the level", Facts{PastLimit: true, Within: true}, Block, RowPastLimit},
		{"past a limit, remembered", Facts{PastLimit: true, Remembered: true}, Block, RowPastLimit},
		{"past a limit, sandboxed", Facts{PastLimit: true, Sandboxed: true}, Block, RowPastLimit},
		{"past a limit, a terminal", Facts{PastLimit: true, Terminal: yes}, Block, RowPastLimit},
		{"past a limit, the agent can ask", Facts{PastLimit: true, AgentCanAsk: true}, Block, RowPastLimit},
		{"past a limit, a person allowed it", Facts{PastLimit: true, Answered: true, PersonAllowed: true}, Block, RowPastLimit},
		{"past a limit, bypassed", Facts{PastLimit: true, Bypassed: true}, Allow, RowBypassed},
		{"past a limit, bypassed, deny rules", Facts{PastLimit: true, Bypassed: true, DenyRules: true}, Block, RowPastLimit},
		{"past a limit, a deny rule", Facts{PastLimit: true, Deny: true, Bypassed: true, DenyRules: true}, Block, RowDenyRule},
		{"deny rules within the limits, bypassed", Facts{Bypassed: true, DenyRules: true}, Allow, RowBypassed},
		// 3a. Within the level, in its box where the caller can confine
		// it: before the unboxed allow; after deny rules, bypassed and
		// the limits; never for what is not within the level.
		{"boxed", Facts{Within: true, Boxed: true}, Allow, RowBoxed},
		{"boxed, mode block", Facts{Within: true, Boxed: true, ModeBlock: true}, Allow, RowBoxed},
		{"boxed but a deny rule", Facts{Within: true, Boxed: true, Deny: true}, Block, RowDenyRule},
		{"boxed but past a limit", Facts{Within: true, Boxed: true, PastLimit: true}, Block, RowPastLimit},
		{"boxed but bypassed", Facts{Within: true, Boxed: true, Bypassed: true}, Allow, RowBypassed},
		{"boxed but not within the level", Facts{Boxed: true, AgentCanAsk: true}, Ask, RowAgentAsks},
		// 3b. Within the level in force, no box (sandbox off, a caller
		// that cannot confine, a call the box cannot serve, level high):
		// allowed as it is.
		{"within the level", Facts{Within: true}, Allow, RowWithinLevel},
		{"within the level, mode block", Facts{Within: true, ModeBlock: true}, Allow, RowWithinLevel},
		// 4. Allowed earlier in this session: allowed, unless dangerous.
		{"remembered", Facts{Remembered: true}, Allow, RowRemembered},
		{"remembered, mode block", Facts{Remembered: true, ModeBlock: true}, Allow, RowRemembered},
		{"remembered but dangerous", Facts{Remembered: true, Dangerous: true}, Block, RowNobody},
		// 4b. Sandboxed: above the level only for code nobody has seen,
		// and the caller runs it in the box of the level in force; before mode block and any
		// prompt, after what a person allowed; never dangerous, never
		// past a deny rule.
		{"sandboxed", Facts{Sandboxed: true, Terminal: yes, AgentCanAsk: true}, Allow, RowSandboxed},
		{"sandboxed, mode block", Facts{Sandboxed: true, ModeBlock: true}, Allow, RowSandboxed},
		{"sandboxed but remembered", Facts{Sandboxed: true, Remembered: true}, Allow, RowRemembered},
		{"sandboxed but dangerous", Facts{Sandboxed: true, Dangerous: true, AgentCanAsk: true}, Block, RowNobody},
		{"sandboxed but a deny rule", Facts{Sandboxed: true, Deny: true}, Block, RowDenyRule},
		// 5. Mode block: nobody is asked.
		{"mode block", Facts{ModeBlock: true, Terminal: yes, AgentCanAsk: true}, Block, RowModeBlock},
		{"mode block, dangerous", Facts{ModeBlock: true, Dangerous: true, Terminal: yes}, Block, RowModeBlock},
		// 6. A person answered at the terminal: their answer.
		{"person allowed", Facts{Answered: true, PersonAllowed: true, Terminal: yes}, Allow, RowPersonAllowed},
		{"person denied", Facts{Answered: true, Terminal: yes, AgentCanAsk: true}, Block, RowPersonDenied},
		// 7. A terminal: ask the person there, dangerous or not.
		{"terminal", Facts{Terminal: yes, AgentCanAsk: true}, Prompt, RowTerminal},
		{"terminal, dangerous", Facts{Terminal: yes, Dangerous: true}, Prompt, RowTerminal},
		// 8. An agent that can ask: its own prompt, never for a dangerous call.
		{"agent asks", Facts{Terminal: no, AgentCanAsk: true}, Ask, RowAgentAsks},
		{"agent asks, no terminal at all", Facts{AgentCanAsk: true}, Ask, RowAgentAsks},
		{"agent cannot ask a dangerous call", Facts{Terminal: no, AgentCanAsk: true, Dangerous: true}, Block, RowNobody},
		// 9. Else: blocked.
		{"nobody to ask", Facts{Terminal: no}, Block, RowNobody},
		{"nothing at all", Facts{}, Block, RowNobody},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Decide(tt.facts)
			if got.Action != tt.want || got.Row != tt.row {
				t.Errorf("Decide = %s by %s, want %s by %s", got.Action, got.Row, tt.want, tt.row)
			}
			if got.Why == "" {
				t.Errorf("row %s has no reason", got.Row)
			}
		})
	}
}

// TestDecideOpensTheTerminalLast checks that the terminal is consulted
// only when no earlier row decides: finding out opens /dev/tty.
func TestDecideOpensTheTerminalLast(t *testing.T) {
	for _, f := range []Facts{{Deny: true}, {Bypassed: true}, {PastLimit: true}, {Within: true}, {Remembered: true}, {ModeBlock: true}, {Answered: true}} {
		opened := false
		f.Terminal = func() bool { opened = true; return true }
		if Decide(f); opened {
			t.Errorf("Decide(%+v) opened the terminal", f)
		}
	}
}

// TestTableRows checks every row is reachable and has a distinct id: a
// row that nothing reaches is a rule nobody tested.
func TestTableRows(t *testing.T) {
	seen := map[Row]bool{}
	for _, r := range table {
		if seen[r.id] {
			t.Errorf("row %s twice", r.id)
		}
		seen[r.id] = true
		if r.why == "" {
			t.Errorf("row %s has no reason", r.id)
		}
	}
	if last := table[len(table)-1]; !last.when(Facts{}) || last.action != Block {
		t.Errorf("the last row must always hold and block, got %s", last.id)
	}
}

// TestFacts checks the facts an evaluation gives the table: within the
// level means not dangerous and at most the level in force.
func TestFacts(t *testing.T) {
	levels := classify.Levels()
	for _, eff := range levels {
		for _, lvl := range levels {
			for _, dangerous := range []bool{false, true} {
				e := settings.Defaults()
				e.Level.Value = settings.Permission{Level: eff}
				ev := &Evaluation{Res: settings.Result{Verdict: classify.Verdict{Level: lvl, Dangerous: dangerous}}, Eff: e, Call: nil}
				f := ev.facts(nil)
				if want := !dangerous && lvl <= eff; f.Within != want {
					t.Errorf("%s dangerous=%v at %s: Within = %v, want %v", lvl, dangerous, eff, f.Within, want)
				}
				want := Block
				if !dangerous && lvl <= eff {
					want = Allow
				}
				if got := Decide(f).Action; got != want {
					t.Errorf("%s dangerous=%v at %s: %s, want %s", lvl, dangerous, eff, got, want)
				}
				e.Level.Value = settings.Permission{Bypassed: true}
				if got := Decide(ev.facts(nil)).Action; got != Allow {
					t.Errorf("%s dangerous=%v bypassed: %s, want allow", lvl, dangerous, got)
				}
			}
		}
	}
}
